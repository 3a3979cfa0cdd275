//! Prose that cannot go stale. A sentence that compares speeds
//! lives in the generated block of the command that measured them; both
//! READMEs show the same transcripts; every note opens with its header and
//! ends with its links, in the reading order; the benchmark page has a
//! Chinese twin that links to its one set of tables; and the classic
//! variants' timings are a generated block of the example that measures
//! them.

use sudoku37::sets;

use crate::notes::{names_command_and_machine, read, timed_files, timing_tokens};

/// Lines of `text` that are prose: outside generated blocks (from `<!-- NAME:
/// begin -->` to `<!-- NAME: end -->`, whoever wrote them) and outside
/// fenced code blocks, with their line numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut prose = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let trimmed = lines[index].trim();
        if let Some(name) = trimmed
            .strip_prefix("<!-- ")
            .and_then(|rest| rest.strip_suffix(": begin -->"))
        {
            let end = format!("<!-- {name}: end -->");
            if let Some(length) = lines[index + 1..].iter().position(|l| l.trim() == end) {
                index += length + 2;
                continue;
            }
        }
        if trimmed.starts_with("```") {
            let length = lines[index + 1..]
                .iter()
                .position(|later| later.trim_start().starts_with("```"))
                .unwrap_or(lines.len() - index - 1);
            index += length + 2;
            continue;
        }
        prose.push((index + 1, lines[index]));
        index += 1;
    }
    prose
}

/// The sentences of the prose of `text`, each with the line it starts on:
/// paragraphs (runs of non-blank lines, a table row or a list item on its
/// own) cut after `.`, `;`, `!`, `?`, `。`, `；`, `！` and `？`.
fn sentences(text: &str) -> Vec<(usize, String)> {
    let mut paragraphs: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (number, line) in prose_lines(text) {
        let trimmed = line.trim();
        let starts_item = trimmed.starts_with('|')
            || trimmed.starts_with("- ")
            || trimmed.starts_with("* ")
            || trimmed.starts_with('#');
        if trimmed.is_empty() {
            open = false;
            continue;
        }
        if open && !starts_item {
            let paragraph = &mut paragraphs.last_mut().unwrap().1;
            paragraph.push(' ');
            paragraph.push_str(trimmed);
        } else {
            paragraphs.push((number, trimmed.to_string()));
        }
        open = !trimmed.starts_with('|') && !trimmed.starts_with('#');
    }
    let mut found = Vec::new();
    for (number, paragraph) in paragraphs {
        let mut sentence = String::new();
        let characters: Vec<char> = paragraph.chars().collect();
        for (at, &character) in characters.iter().enumerate() {
            sentence.push(character);
            let ascii_end = matches!(character, '.' | ';' | '!' | '?')
                && characters.get(at + 1).map_or(true, |next| *next == ' ');
            if ascii_end || matches!(character, '。' | '；' | '！' | '？') {
                found.push((number, std::mem::take(&mut sentence)));
            }
        }
        if !sentence.trim().is_empty() {
            found.push((number, sentence));
        }
    }
    found
}

/// Words that compare speeds, in English and Chinese.
const SPEED_WORDS: &[&str] = &[
    "faster",
    "slower",
    "fastest",
    "slowest",
    "quicker",
    "ahead of",
    "behind",
    "speed-up",
    "speedup",
    "per second",
    "更快",
    "更慢",
    "最快",
    "最慢",
    "领先",
    "落后",
    "快了",
    "慢了",
    "每秒",
];

/// The sets a speed comparison names: LeetCode's example, the graded sets
/// and the public ones.
fn set_names() -> Vec<&'static str> {
    sets::COMPARED_SETS
        .into_iter()
        .chain(sets::public::ALL.map(|set| set.name()))
        .collect()
}

/// Why `sentence` reads as a run-specific comparison of speeds: it has a
/// word that compares speeds ("faster", "快") beside a percentage, a
/// timing or a ratio (see [`timing_tokens`]), "N times", a set's name, or
/// "in this run"; `None` when it does not.
fn speed_comparison(sentence: &str) -> Option<String> {
    let lower = sentence.to_lowercase();
    let word = SPEED_WORDS
        .iter()
        .find(|word| {
            (word.is_ascii() && has_word(&lower, word))
                || (!word.is_ascii() && lower.contains(*word))
        })
        .or_else(|| {
            // `快 12%`, `*慢* 35 %`: a bare 快 or 慢 before a number.
            ["快", "慢"].iter().find(|word| {
                lower.match_indices(*word).any(|(at, _)| {
                    lower[at + word.len()..]
                        .chars()
                        .find(|next| !matches!(next, ' ' | '*'))
                        .is_some_and(|next| next.is_ascii_digit())
                })
            })
        })?;
    let characters: Vec<char> = lower.chars().collect();
    let percentage = characters
        .windows(2)
        .any(|pair| pair[0].is_ascii_digit() && pair[1] == '%')
        || characters
            .windows(3)
            .any(|triple| triple[0].is_ascii_digit() && triple[1] == ' ' && triple[2] == '%');
    let times = lower
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|pair| pair[0].chars().all(|c| c.is_ascii_digit() || c == '.') && pair[1] == "times");
    let evidence = if percentage {
        Some("a percentage".to_string())
    } else if let Some(token) = timing_tokens(sentence).into_iter().next() {
        Some(format!("the timing {token}"))
    } else if times {
        Some("N times".to_string())
    } else if let Some(set) = set_names().into_iter().find(|set| lower.contains(*set)) {
        Some(format!("the set {set}"))
    } else if lower.contains("in this run") || lower.contains("这次运行") {
        Some("\"in this run\"".to_string())
    } else {
        None
    }?;
    Some(format!("{word:?} with {evidence}"))
}

/// Whether `word` stands in `text` as a word (not inside a longer one).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

#[test]
fn speed_comparisons_are_found_in_sentences() {
    let found = |text: &str| -> Vec<String> {
        sentences(text)
            .into_iter()
            .filter_map(|(_, sentence)| speed_comparison(&sentence))
            .collect()
    };
    assert_eq!(
        found("It is 12 to 14 % faster here; the tree is the same.").len(),
        1
    );
    assert_eq!(
        found("In this run it is ahead of `bitboard` on ten sets.").len(),
        1
    );
    assert_eq!(found("这里快 12 到 14 %；树不变。").len(), 1);
    assert_eq!(found("一个循环比三个循环*慢* 35 到 36 %。").len(), 1);
    assert_eq!(
        found("它在每个题集上都比 `bitboard` 快 12% 到 31%。").len(),
        1
    );
    assert_eq!(
        found("`bitmask` solves more puzzles per second than `bool_arrays` on `graded_easy`.")
            .len(),
        1
    );
    // Ideas, and speeds inside a generated block or a code block, are not.
    assert_eq!(
        found("How the fastest solvers work. A node costs more, but there are fewer.").len(),
        0
    );
    assert_eq!(
        found(
            "<!-- x: begin -->\n12% faster on top95\n<!-- x: end -->\n```text\n3 ms faster\n```\n"
        )
        .len(),
        0
    );
}

/// A sentence that compares speeds, names a percentage of
/// one, or says which approach is ahead on which set belongs to the
/// generated block of the command that measured it (`compare
/// --write-into`, `cargo bench --bench race -- --write-into`, `cargo run
/// --example classic_variants -- --write-into`), or it goes: such a
/// sentence went stale every time the table beside it was regenerated.
#[test]
fn speed_comparisons_live_only_in_generated_blocks() {
    let mut found = Vec::new();
    for file in timed_files() {
        for (line, sentence) in sentences(&read(&file)) {
            if let Some(why) = speed_comparison(&sentence) {
                found.push(format!("{file}:{line}: {why}: {}", sentence.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "sentences comparing speeds outside generated blocks: have the command that measures them \
         write them into its block, or keep to ideas and exact counts\n{}",
        found.join("\n")
    );
}

/// The transcripts of a README: each fenced block whose first line is a
/// command (`$ ...`), as the command without its trailing `#` comment and
/// the lines it printed.
fn transcripts(text: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        if lines[index].starts_with("```")
            && lines
                .get(index + 1)
                .is_some_and(|first| first.starts_with("$ "))
        {
            let length = lines[index + 1..]
                .iter()
                .position(|later| later.starts_with("```"))
                .expect("a closed block");
            let command = lines[index + 1]
                .split(" #")
                .next()
                .unwrap()
                .trim()
                .to_string();
            let output = lines[index + 2..index + 1 + length]
                .iter()
                .map(|line| line.to_string())
                .collect();
            found.push((command, output));
            index += length + 2;
        } else {
            index += 1;
        }
    }
    found
}

/// The Chinese README had cut the practice ladder to five exercises
/// and left out the `practice check` transcript. Both READMEs show the same
/// commands and the same output (the tools print English), in the same
/// order; only the comments after `#` are translated.
#[test]
fn both_readmes_show_the_same_transcripts() {
    let english = transcripts(&read("README.md"));
    let chinese = transcripts(&read("README.zh-CN.md"));
    let commands = |all: &[(String, Vec<String>)]| -> Vec<String> {
        all.iter().map(|(command, _)| command.clone()).collect()
    };
    pretty_assertions::assert_eq!(commands(&english), commands(&chinese));
    for ((command, en), (_, zh)) in english.iter().zip(&chinese) {
        pretty_assertions::assert_eq!(en, zh, "the output of {command}");
    }
    assert!(english.len() >= 8, "{} transcripts", english.len());
}

/// Whether `line` reads as `shown`, where `...` or `…` in `shown` stands for
/// any text (a shortened board, a time that changes from run to run).
fn reads_as(shown: &str, line: &str) -> bool {
    let pieces: Vec<&str> = shown
        .split(['…'])
        .flat_map(|piece| piece.split("..."))
        .collect();
    let Some((first, rest)) = pieces.split_first() else {
        return line.is_empty();
    };
    let Some(mut left) = line.strip_prefix(first) else {
        return false;
    };
    for (index, piece) in rest.iter().enumerate() {
        if index + 1 == rest.len() {
            return left.ends_with(piece);
        }
        match left.find(piece) {
            Some(at) => left = &left[at + piece.len()..],
            None => return false,
        }
    }
    left.is_empty()
}

/// Whether `printed` reads as a README transcript `shown`: line by line,
/// where a line `...` alone stands for any number of lines.
fn transcript_matches(shown: &[String], printed: &[&str]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=printed.len()).any(|skip| transcript_matches(rest, &printed[skip..]))
        }
        Some((first, rest)) => printed
            .split_first()
            .is_some_and(|(line, later)| reads_as(first, line) && transcript_matches(rest, later)),
    }
}

#[test]
fn transcripts_read_with_their_shortenings() {
    let shown = |lines: &[&str]| {
        lines
            .iter()
            .map(|line| line.to_string())
            .collect::<Vec<_>>()
    };
    assert!(reads_as("passed in … µs", "passed in 12.5 µs"));
    assert!(!reads_as("passed in … µs", "failed in 12.5 µs"));
    assert!(reads_as("[[\"5\",...]", "[[\"5\",\"3\"]]"));
    assert!(transcript_matches(
        &shown(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(!transcript_matches(
        &shown(&["a", "...", "d"]),
        &["a", "b", "c"]
    ));
    assert!(!transcript_matches(&shown(&["a", "b"]), &["a", "c"]));
}

/// The `practice` transcripts of the READMEs are what the commands print
/// now: the ladder of a fresh folder, and the check of the fixture the
/// command's comment names ("practice/fixtures/X.rs pasted in").
#[test]
fn the_readme_s_practice_transcripts_are_what_the_commands_print() {
    let readme = read("README.md");
    let mut checked = 0;
    for line in readme
        .lines()
        .filter(|line| line.starts_with("$ sudoku37 practice"))
    {
        let command = line.split(" #").next().unwrap().trim();
        let (_, shown) = transcripts(&readme)
            .into_iter()
            .find(|(found, _)| found == command)
            .expect("the transcript");
        let dir = tempfile::tempdir().expect("a folder");
        let arguments: Vec<&str> = command.split_whitespace().skip(2).collect();
        if let Some(fixture) = line
            .split(" # ")
            .nth(1)
            .and_then(|comment| comment.strip_suffix(" pasted in"))
        {
            let name = arguments.last().expect("the exercise");
            std::fs::copy(
                crate::common::root().join(fixture),
                dir.path().join(format!("{name}.rs")),
            )
            .expect("the fixture");
        }
        let output = crate::common::command()
            .args(&arguments)
            .env("SUDOKU37_PRACTICE_DIR", dir.path())
            .output()
            .expect("run sudoku37");
        let printed = String::from_utf8_lossy(&output.stdout);
        let printed: Vec<&str> = printed.lines().collect();
        // The folder is a temporary one; the README shows the default.
        let shown: Vec<String> = shown
            .iter()
            .map(|line| line.replace("practice/mine", "…"))
            .collect();
        assert!(
            transcript_matches(&shown, &printed),
            "the README's `{command}` is stale: paste what it prints now\n{}",
            printed.join("\n")
        );
        checked += 1;
    }
    assert!(checked >= 2, "{checked} practice transcripts");
}

/// The reading order of `notes/README.md` ("The order to read"): the notes
/// it links, in order, from the interview note to the overview.
fn reading_order() -> Vec<String> {
    let text = read("notes/README.md");
    let start = text.find("## The order to read").expect("the section");
    let end = start + text[start..].find("\n## ").unwrap_or(text.len() - start);
    let mut order = Vec::new();
    for line in text[start..end].lines() {
        let trimmed = line.trim_start();
        let numbered = trimmed
            .split_once(". ")
            .is_some_and(|(number, _)| number.parse::<u32>().is_ok());
        let continued = !order.is_empty() && line.starts_with("   ");
        if !(numbered || continued) {
            continue;
        }
        for (at, _) in line.match_indices("](") {
            let target = line[at + 2..].split(')').next().unwrap();
            if let Some(name) = target.strip_suffix(".md") {
                order.push(name.to_string());
            }
        }
    }
    order
}

/// One note's header and footer: the language link, the reading time, and
/// the line of links that opens the note after them and closes it.
struct Frame<'a> {
    other_language: &'a str,
    reading_time: &'a str,
    links: &'a str,
}

fn frame(text: &str) -> Option<Frame<'_>> {
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let links = *lines.get(3)?;
    (lines.last() == Some(&links)).then_some(Frame {
        other_language: lines.get(1)?,
        reading_time: lines.get(2)?,
        links,
    })
}

/// Practice.md and benchmarks.md lacked the header every note
/// promises, and practice's footer pointed back to the interview note as
/// though it came after it. Every note in both languages opens with its
/// title, a link to the other language, its reading time and interview
/// value, and a line of links that it closes with too; a note in the
/// reading order links the notes before and after it there, and a page
/// outside it links back to the start.
#[test]
fn every_note_opens_with_its_header_and_ends_with_its_links_in_the_reading_order() {
    let order = reading_order();
    assert_eq!(order.first().map(String::as_str), Some("interview"));
    assert_eq!(order.last().map(String::as_str), Some("overview"));
    assert!(order.len() >= 14, "{order:?}");
    let notes = crate::common::root().join("notes");
    let mut names: Vec<String> = std::fs::read_dir(&notes)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md") && name != "README.md" && name != "glossary.md")
        .map(|name| name.trim_end_matches(".md").to_string())
        .collect();
    names.sort();
    for name in &names {
        for (path, other, time, start, prev, next) in [
            (
                format!("notes/{name}.md"),
                format!("[中文](zh/{name}.md)"),
                "*Reading time: about ",
                "[Notes: start here](README.md)",
                "← Prev: ",
                "Next: ",
            ),
            (
                format!("notes/zh/{name}.md"),
                format!("[English](../{name}.md)"),
                "*阅读时间：约 ",
                "[笔记首页](README.md)",
                "← 上一篇：",
                "下一篇：",
            ),
        ] {
            let text = read(&path);
            let frame = frame(&text)
                .unwrap_or_else(|| panic!("{path}: its links line must open and close it"));
            assert!(
                frame.other_language.starts_with(&other),
                "{path}: {}",
                frame.other_language
            );
            assert!(
                frame.reading_time.starts_with(time),
                "{path}: {}",
                frame.reading_time
            );
            assert!(frame.links.contains(start), "{path}: {}", frame.links);
            let link = |note: &str| {
                if note == "README" {
                    start.to_string()
                } else {
                    format!("]({note}.md)")
                }
            };
            match order.iter().position(|note| note == name) {
                Some(at) => {
                    let before = if at == 0 { "README" } else { &order[at - 1] };
                    let after = order.get(at + 1).map_or("README", String::as_str);
                    let prev_part = frame.links.split(" · ").next().unwrap();
                    let next_part = frame.links.rsplit(" · ").next().unwrap();
                    assert!(
                        prev_part.starts_with(prev) && prev_part.contains(&link(before)),
                        "{path}: the note before it is {before}: {}",
                        frame.links
                    );
                    assert!(
                        next_part.starts_with(next) && next_part.contains(&link(after)),
                        "{path}: the note after it is {after}: {}",
                        frame.links
                    );
                }
                None => assert!(
                    frame.links.starts_with(&format!("↑ {start}")) && !frame.links.contains(prev),
                    "{path}: outside the reading order, it links back to the start only: {}",
                    frame.links
                ),
            }
        }
    }
    assert!(names.contains(&"practice".to_string()) && names.contains(&"benchmarks".to_string()));
}

/// The benchmark page has a Chinese twin. The tables are one set,
/// on the English page (the race writes them there); the twin says the same
/// in Chinese, names the same commands and links to both blocks.
#[test]
fn the_benchmark_page_has_a_chinese_twin_that_links_its_tables() {
    let english = read("notes/benchmarks.md");
    let chinese = read("notes/zh/benchmarks.md");
    for anchor in ["#the-default-build", "#built-for-this-machines-cpu"] {
        assert!(
            chinese.contains(&format!("(../benchmarks.md{anchor})")),
            "notes/zh/benchmarks.md links the block under {anchor}"
        );
    }
    assert!(
        english.contains("### The default build")
            && english.contains("### Built for this machine's CPU")
    );
    for command in [
        "`cargo bench --bench race -- --rounds 7 --write-into notes/benchmarks.md`",
        "`RUSTFLAGS=\"-C target-cpu=native\" cargo bench --bench race -- --rounds 7 --write-into notes/benchmarks.md`",
    ] {
        assert!(english.contains(command) && chinese.contains(command), "{command}");
    }
    assert!(
        !chinese.contains("<!-- race"),
        "the tables are not copied: the Chinese page links to them"
    );
}

/// The classic variants' timing tables sat outside generated
/// blocks and no longer reproduced. They are one generated block, in all
/// four notes, written by one run of the example that measures them, which
/// names its command and machine; each language's block in its language.
#[test]
fn the_classic_variants_tables_are_generated_by_their_example() {
    let command =
        "cargo run --release --example classic_variants -- --write-into notes/scan_validate.md \
                   --write-into notes/zh/scan_validate.md --write-into notes/bool_arrays.md \
                   --write-into notes/zh/bool_arrays.md";
    let mut tables = Vec::new();
    for (path, language_word) in [
        ("notes/scan_validate.md", "Generated by"),
        ("notes/bool_arrays.md", "Generated by"),
        ("notes/zh/scan_validate.md", "请勿手工修改"),
        ("notes/zh/bool_arrays.md", "请勿手工修改"),
    ] {
        let text = read(path);
        let start = text
            .find("<!-- classic variants: begin -->")
            .unwrap_or_else(|| panic!("{path}: the classic variants block"));
        let end = text
            .find("<!-- classic variants: end -->")
            .expect("its end");
        let block: Vec<&str> = text[start..end].lines().collect();
        assert!(
            names_command_and_machine(&block),
            "{path}: command and machine"
        );
        assert!(
            text[start..end].contains(command),
            "{path}: made by {command}"
        );
        assert!(
            text[start..end].contains(language_word),
            "{path}: in its language"
        );
        let rows: Vec<&str> = block
            .iter()
            .copied()
            .filter(|line| line.starts_with("| "))
            .collect();
        assert_eq!(rows.len(), 6, "{path}: the header and five variants");
        // The same figures in every note: one run wrote them all.
        let figures: Vec<String> = rows[1..]
            .iter()
            .map(|row| {
                let cells: Vec<&str> = row
                    .trim()
                    .trim_matches('|')
                    .split('|')
                    .map(str::trim)
                    .collect();
                cells[1..].join(" ")
            })
            .collect();
        tables.push(figures);
        let before = &text[..start];
        let section = before.rfind("\n## ").expect("a section");
        assert!(
            before[section..].contains("classic_variants"),
            "{path}: the section names the example"
        );
    }
    assert!(
        tables.windows(2).all(|pair| pair[0] == pair[1]),
        "{tables:#?}"
    );
}
