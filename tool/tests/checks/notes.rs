//! Every note exists in English (`notes/NAME.md`) and in Chinese
//! (`notes/zh/NAME.md`), and the two agree: the same sections in the same
//! order (headings translated by the fixed table below) and the same figures.

use std::collections::BTreeSet;
use std::path::Path;

use pretty_assertions::assert_eq;
use sudoku37::approaches;

/// English section headings and their Chinese counterparts.
const HEADINGS: &[(&str, &str)] = &[
    ("## The idea", "## 思路"),
    ("## Walking through the code", "## 代码走读"),
    ("## How it maps to the write-up", "## 与题解代码的对应"),
    ("## How it maps to the source", "## 与出处的对应"),
    ("## Complexity", "## 复杂度"),
    (
        "## Against the `sudoku` crate and tdoku",
        "## 与 `sudoku` crate 和 tdoku 的比较",
    ),
    ("## Measured on LeetCode's example", "## 力扣示例上的实测"),
    ("## Pitfalls", "## 易错点"),
    ("## What was tried", "## 试过的做法"),
    ("## A worked trace", "## 一段实际的轨迹"),
    ("## Variants you will see elsewhere", "## 别处常见的变体"),
    ("## What the numbers show", "## 数字说明了什么"),
    ("## Every approach at a glance", "## 所有解法一览"),
];

const NODES_EN: &str = "Nodes on LeetCode's example: **";
const NODES_ZH: &str = "力扣示例上的节点数：**";

pub(crate) fn read(path: &str) -> String {
    let full = crate::common::root().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|error| {
        panic!("cannot read {path}: {error} (step 3 of adding an approach, in src/approaches/mod.rs: its two notes)")
    })
}

/// The heading lines, outside fenced code blocks.
fn headings(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(line.trim_end().to_string());
        }
    }
    found
}

/// Every figure of a note, as its value: numbers of two or more digits, and
/// numbers of any length with a multiplier after them (`k`, `M`, `万`, `亿`,
/// with or without a space), so that `72.2k` and `7.22 万`, or `393M` and
/// `3.93 亿`, are the same figure. Thousands separators are ignored (`4,208`
/// and `4208` are the same). Each value is written exactly, as its significant
/// digits and a power of ten (`722e2`).
pub(crate) fn figures(text: &str) -> BTreeSet<String> {
    let characters: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    let mut index = 0;
    while index < characters.len() {
        if !characters[index].is_ascii_digit() {
            index += 1;
            continue;
        }
        let mut digits = String::new();
        let mut exponent: i64 = 0;
        let mut after_point = false;
        while index < characters.len() {
            let character = characters[index];
            let joins_digits = (character == ',' || character == '.')
                && characters.get(index + 1).is_some_and(char::is_ascii_digit)
                && !digits.is_empty();
            if character.is_ascii_digit() {
                digits.push(character);
                if after_point {
                    exponent -= 1;
                }
            } else if joins_digits {
                if character == '.' {
                    after_point = true;
                }
            } else {
                break;
            }
            index += 1;
        }
        let mut next = index;
        if characters
            .get(next)
            .is_some_and(|after| *after == ' ' || *after == '\n')
        {
            next += 1;
        }
        let word: String = characters[next..].iter().take(8).collect();
        let multiplier = match characters.get(next) {
            _ if word.starts_with("million") => Some(6),
            _ if word.starts_with("thousand") => Some(3),
            Some('k') => Some(3),
            Some('M') => Some(6),
            Some('万') => Some(4),
            Some('亿') => Some(8),
            _ => None,
        };
        // A multiplier letter must end the word: `3 Mb` or `2 kinds` are not
        // figures with a multiplier.
        let multiplier = multiplier.filter(|_| {
            word.starts_with("million")
                || word.starts_with("thousand")
                || !characters
                    .get(next + 1)
                    .is_some_and(|&after| after.is_ascii_alphanumeric())
        });
        if digits.len() < 2 && multiplier.is_none() {
            continue;
        }
        exponent += multiplier.unwrap_or(0);
        found.insert(exact_value(&digits, exponent));
    }
    found
}

/// `digits` times ten to the `exponent`, as significant digits and a power of
/// ten.
fn exact_value(digits: &str, mut exponent: i64) -> String {
    let mut significant = digits.trim_start_matches('0').to_string();
    if significant.is_empty() {
        return "0".to_string();
    }
    while significant.ends_with('0') {
        significant.pop();
        exponent += 1;
    }
    format!("{significant}e{exponent}")
}

fn quoted_nodes<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.strip_prefix(prefix))
        .and_then(|rest| rest.split("**").next())
}

/// `text` without its generated blocks (from a line `<!-- NAME: begin -->`
/// to the line `<!-- NAME: end -->`): what a command writes is compared by
/// the command, not by hand, and the benchmark page's Chinese twin links to
/// the English page's blocks instead of copying them.
fn without_generated_blocks(text: &str) -> String {
    let mut kept = String::new();
    let mut inside: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        match &inside {
            Some(end) if trimmed == end => inside = None,
            Some(_) => {}
            None => {
                if let Some(name) = trimmed
                    .strip_prefix("<!-- ")
                    .and_then(|rest| rest.strip_suffix(": begin -->"))
                {
                    inside = Some(format!("<!-- {name}: end -->"));
                } else {
                    kept.push_str(line);
                    kept.push('\n');
                }
            }
        }
    }
    kept
}

fn assert_pair_agrees(name: &str) {
    let english = without_generated_blocks(&read(&format!("notes/{name}.md")));
    let chinese = without_generated_blocks(&read(&format!("notes/zh/{name}.md")));
    let (english_headings, chinese_headings) = (headings(&english), headings(&chinese));
    assert_eq!(
        english_headings.len(),
        chinese_headings.len(),
        "step 3 of adding an approach (its two notes): {name}'s English and Chinese notes have different sections\n{english_headings:#?}\n{chinese_headings:#?}"
    );
    for (en, zh) in english_headings.iter().zip(&chinese_headings) {
        let level = |heading: &str| {
            heading
                .chars()
                .take_while(|&character| character == '#')
                .count()
        };
        assert_eq!(level(en), level(zh), "{name}: {en:?} against {zh:?}");
        if let Some((_, expected)) = HEADINGS.iter().find(|(known, _)| known == en) {
            assert_eq!(zh, expected, "{name}: the Chinese for {en:?}");
        } else if level(en) == 1 {
            let word = en
                .trim_start_matches("# ")
                .split([':', ' '])
                .next()
                .unwrap_or("");
            assert!(zh.starts_with(&format!("# {word}")), "{name}: title {zh:?}");
        }
    }
    assert_eq!(
        quoted_nodes(&english, NODES_EN),
        quoted_nodes(&chinese, NODES_ZH),
        "step 3 of adding an approach (its two notes): {name}'s notes quote different nodes on the example"
    );
    assert_eq!(
        figures(&english),
        figures(&chinese),
        "step 3 of adding an approach (its two notes): {name}'s English and Chinese figures differ"
    );
}

#[test]
fn every_approach_has_both_notes_and_they_agree() {
    for name in approaches::names() {
        assert_pair_agrees(name);
    }
}

#[test]
fn the_overview_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("overview");
}

#[test]
fn figures_are_compared_without_thousands_separators() {
    assert_eq!(
        figures("4,208 nodes, 74,347.9 mean, 7 cells, line 12"),
        ["4208e0", "743479e-1", "12e0"]
            .into_iter()
            .map(String::from)
            .collect()
    );
}

#[test]
fn figures_are_compared_by_value_across_number_words() {
    assert_eq!(figures("393M digits"), figures("3.93 亿个数字"));
    assert_eq!(figures("393 million digits"), figures("3.93 亿个数字"));
    assert_eq!(figures("72.2k nodes"), figures("7.22 万个节点"));
    assert_eq!(figures("431.6M nodes"), figures("4.316 亿个节点"));
    assert_ne!(figures("393M digits"), figures("393 百万（million）个数字"));
    assert_eq!(figures("2 kinds of 9"), BTreeSet::new());
}

#[test]
fn the_interview_note_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("interview");
    assert_eq!(
        interview_code("notes/interview.md"),
        interview_code("notes/zh/interview.md")
    );
}

/// The Rust code between the interview note's markers.
fn interview_code(path: &str) -> String {
    let text = read(path);
    let start = text
        .find("<!-- interview solution: begin -->")
        .expect("the begin marker");
    let end = text
        .find("<!-- interview solution: end -->")
        .expect("the end marker");
    let block = &text[start..end];
    let code_start = block.find("```rust\n").expect("a rust block") + "```rust\n".len();
    let code_end = block.rfind("```").expect("the end of the block");
    block[code_start..code_end].to_string()
}

/// The interview solution passes the paste test as an approach does: alone,
/// plus only the judge's `struct Solution;` and a `main`, it compiles under
/// editions 2021 and 2024 with warnings denied and solves LeetCode's example
/// and the project's hardest puzzles. Counting its placements (a counter is
/// added after the line that writes a digit) shows it searches `bitmask`'s
/// tree: the same nodes, puzzle by puzzle.
#[rstest::rstest]
fn the_interview_solution_compiles_alone_and_solves(#[values("2021", "2024")] edition: &str) {
    use std::process::Command;
    use sudoku37::{board, harness, sets};

    let code = interview_code("notes/interview.md");
    let lines = code.lines().count();
    assert!(
        (25..=40).contains(&lines),
        "{lines} lines: about 30 were asked for"
    );
    let placing = "board[r][c] = char::from_digit(d, 10).unwrap();";
    assert_eq!(code.matches(placing).count(), 1);
    let counted = code.replace(
        placing,
        &format!("{placing} NODES.with(|nodes| nodes.set(nodes.get() + 1));"),
    );
    let text = read("puzzles/graded_extreme.txt");
    let (hardest, errors) = sets::parse_set(&text);
    assert!(errors.is_empty());
    let mut puzzles = vec![sets::leetcode_example()];
    puzzles.extend(hardest.into_iter().take(5));
    let lines: Vec<String> = puzzles
        .iter()
        .map(|puzzle| format!("{:?}", board::to_line(&puzzle.board())))
        .collect();
    let program = format!(
        r#"{code}
struct Solution;

fn main() {{
    for line in [{lines}] {{
        let cells: Vec<char> = line.chars().collect();
        let mut board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
        Solution::solve_sudoku(&mut board);
        let solved: String = board.iter().flatten().collect();
        println!("{{solved}} {{}}", NODES.with(|nodes| nodes.get()));
        NODES.with(|nodes| nodes.set(0));
    }}
}}

thread_local! {{
    static NODES: std::cell::Cell<u64> = const {{ std::cell::Cell::new(0) }};
}}
"#,
        code = counted,
        lines = lines.join(", ")
    );
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("main.rs");
    let binary = dir.path().join("main");
    std::fs::write(&source, program).unwrap();
    let compiled = crate::common::rustc_alone(&source, edition, &[], &binary);
    assert!(
        compiled.status.success(),
        "the interview solution does not compile alone under edition {edition}:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let ran = Command::new(&binary).output().expect("run the program");
    assert!(ran.status.success());
    let output = String::from_utf8_lossy(&ran.stdout).into_owned();
    let bitmask = &approaches::BITMASK;
    for (puzzle, line) in puzzles.iter().zip(output.lines()) {
        let (solved, nodes) = line.split_once(' ').unwrap();
        assert_eq!(
            solved,
            board::to_line(puzzle.solution_board().as_ref().unwrap())
        );
        let effort = harness::run(bitmask, &puzzle.puzzle().unwrap())
            .unwrap()
            .effort;
        assert_eq!(nodes, effort.nodes.to_string(), "nodes against bitmask's");
    }
    assert_eq!(output.lines().count(), puzzles.len());
}

#[test]
fn both_readmes_list_every_approach_and_link_each_other() {
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    for (file, notes) in [("README.md", "notes/"), ("README.zh-CN.md", "notes/zh/")] {
        let text = read(file);
        let listed: BTreeSet<String> = text
            .lines()
            .filter_map(|line| line.strip_prefix("| [`"))
            .filter(|rest| rest.contains(&format!("]({notes}")))
            .filter_map(|rest| rest.split('`').next())
            .map(String::from)
            .collect();
        assert_eq!(
            listed, registered,
            "step 3 of adding an approach: {file}'s approach table must list and link every registered approach"
        );
    }
    assert!(read("README.md").contains("(README.zh-CN.md)"));
    assert!(read("README.zh-CN.md").contains("(README.md)"));
}

/// The overview's summary table names every approach once, and its last
/// column is each approach's node count on LeetCode's example, as run now.
#[test]
fn the_overview_summary_lists_every_approach_with_its_nodes_on_the_example() {
    use sudoku37::{harness, sets};
    let example = sets::leetcode_example();
    for path in ["notes/overview.md", "notes/zh/overview.md"] {
        let text = read(path);
        let start = text
            .find("<!-- summary: begin -->")
            .expect("the begin marker");
        let end = text.find("<!-- summary: end -->").expect("the end marker");
        let mut listed = Vec::new();
        for line in text[start..end].lines() {
            let Some(rest) = line.strip_prefix("| `") else {
                continue;
            };
            let name = rest.split('`').next().unwrap();
            let nodes = line
                .trim_end_matches('|')
                .rsplit('|')
                .next()
                .unwrap()
                .trim();
            let approach = approaches::find(name)
                .unwrap_or_else(|| panic!("{path}: {name} is not an approach"));
            let counted = harness::run(approach, &example.puzzle().unwrap())
                .unwrap()
                .effort
                .nodes;
            assert_eq!(nodes, counted.to_string(), "{path}: {name}");
            listed.push(name.to_string());
        }
        assert_eq!(
            listed,
            approaches::names(),
            "{path}: the approaches, in order"
        );
    }
}

/// The mean nodes per puzzle of `approach` on one of the project's own sets.
pub(crate) fn mean_nodes(approach: &str, set: &str) -> f64 {
    let approach = approaches::find(approach).expect("an approach");
    let efforts = crate::common::efforts_on_builtin(approach, set);
    let total: u64 = efforts.iter().map(|effort| effort.nodes).sum();
    total as f64 / efforts.len() as f64
}

/// Checks the mean-node cells of the Markdown tables in `path`, on the rows
/// of the project's own sets (`graded_*`, `leetcode_example`): a column whose
/// header names an approach in backticks, or is exactly `plain` (standing for
/// `plain_approach`), must hold that approach's mean nodes on the row's set,
/// to the decimals shown. Returns how many cells were checked.
fn check_node_tables(path: &str, plain: &str, plain_approach: &str) -> usize {
    let text = read(path);
    let cells = |line: &str| -> Vec<String> {
        line.trim()
            .trim_matches('|')
            .split('|')
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let mut checked = 0;
    let mut header: Vec<String> = Vec::new();
    for line in text.lines() {
        if !line.starts_with('|') {
            header.clear();
            continue;
        }
        if header.is_empty() {
            header = cells(line);
            continue;
        }
        let row = cells(line);
        let set = row[0].trim_matches('`').trim_end_matches(".txt");
        if !(set.starts_with("graded_") || set == "leetcode_example") {
            continue;
        }
        for (column, title) in header.iter().enumerate().skip(1) {
            let approach = if title == plain {
                Some(plain_approach)
            } else {
                approaches::names().into_iter().find(|name| {
                    title == &format!("`{name}`")
                        || title == &format!("`{name}` mean nodes")
                        || title == &format!("`{name}` 平均节点数")
                })
            };
            let Some(approach) = approach else {
                continue;
            };
            let shown = row[column].replace(',', "");
            let decimals = shown.split_once('.').map_or(0, |(_, after)| after.len());
            let expected = format!("{:.*}", decimals, mean_nodes(approach, set));
            assert_eq!(shown, expected, "{path}: {approach} on {set}");
            checked += 1;
        }
    }
    checked
}

/// The node tables measured on the project's own sets are cheap to measure
/// again: they are, here, so a change to an approach that changes its tree
/// shows up as a stale table.
#[test]
fn node_tables_on_the_projects_own_sets_are_current() {
    for (path, plain, plain_approach, at_least) in [
        ("notes/bitmask.md", "", "", 16),
        ("notes/zh/bitmask.md", "", "", 16),
        ("notes/most_constrained.md", "", "", 16),
        ("notes/zh/most_constrained.md", "", "", 16),
        ("notes/propagation.md", "", "", 2),
        ("notes/zh/propagation.md", "", "", 2),
        ("notes/interview.md", "mean nodes", "bitmask", 5),
        ("notes/zh/interview.md", "平均节点数", "bitmask", 5),
    ] {
        let checked = check_node_tables(path, plain, plain_approach);
        assert!(checked >= at_least, "{path}: only {checked} cells checked");
    }
}

/// The benchmark page had no Chinese twin. It has one now, with
/// the same sections and the same figures; its tables are the English
/// page's blocks, linked (`prose::the_benchmark_page_has_a_chinese_twin_that_links_its_tables`).
#[test]
fn the_benchmark_page_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("benchmarks");
}

/// The practice note, in both languages, with the same sections and figures.
#[test]
fn the_practice_note_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("practice");
}

#[test]
fn the_human_techniques_note_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("human_techniques");
}

/// The pictures a note shows (`![..](path)` and `<img src="path">`), as
/// paths from the repository's root.
fn pictures(path: &str) -> Vec<String> {
    let text = read(path);
    let folder = Path::new(path).parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    for (opening, closing) in [("](", ")"), ("<img src=\"", "\"")] {
        for (at, _) in text.match_indices(opening) {
            let start = at + opening.len();
            let Some(length) = text[start..].find(closing) else {
                continue;
            };
            let target = &text[start..start + length];
            let is_picture = [".svg", ".png"].iter().any(|end| target.ends_with(end));
            if is_picture && (opening != "](" || text[..at].rfind("![") > text[..at].rfind(']')) {
                let mut resolved = folder.to_path_buf();
                for part in target.split('/') {
                    if part == ".." {
                        resolved.pop();
                    } else {
                        resolved.push(part);
                    }
                }
                found.push(resolved.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

/// Both languages show the same pictures (the technique
/// note's worked examples, the search tree), and every picture exists.
#[test]
fn both_languages_show_the_same_pictures_and_they_exist() {
    let notes = crate::common::root().join("notes");
    let mut shown = 0;
    for entry in std::fs::read_dir(&notes).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !name.ends_with(".md") || !notes.join("zh").join(&name).is_file() {
            continue;
        }
        let english = pictures(&format!("notes/{name}"));
        let chinese = pictures(&format!("notes/zh/{name}"));
        assert_eq!(english, chinese, "{name}: the two languages' pictures");
        for picture in &english {
            assert!(
                crate::common::root().join(picture).is_file(),
                "{name} shows {picture}, which does not exist"
            );
        }
        shown += english.len();
    }
    assert!(shown >= 32, "only {shown} pictures in the notes");
}

/// The files where run-specific timings are rationed: every note in both
/// languages and both READMEs.
pub(crate) fn timed_files() -> Vec<String> {
    let mut files = Vec::new();
    for dir in ["notes", "notes/zh"] {
        let full = crate::common::root().join(dir);
        let mut names: Vec<String> = std::fs::read_dir(&full)
            .unwrap_or_else(|error| panic!("cannot list {dir}: {error}"))
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .collect();
        names.sort();
        files.extend(names.into_iter().map(|name| format!("{dir}/{name}")));
    }
    files.extend(["README.md".to_string(), "README.zh-CN.md".to_string()]);
    files
}

/// The run-specific timings in `line`: a number followed by a unit of time,
/// a rate or a ratio. As a regular expression (`\d` an ASCII digit, `\w` an
/// ASCII letter, digit or `_`), the three alternatives are
///
/// ```text
/// (?<![\w.])\d+(,\d+)*(\.\d+)? ?(puzzles/s|[kM]?/s|[µunm]s|(micro|milli)?seconds?|微秒|毫秒|纳秒|秒|倍)(?![A-Za-z0-9])
/// (?<![\w.])\d+(,\d+)*(\.\d+)? s(?![A-Za-z0-9/])
/// (?<![\w.])\d+(,\d+)*(\.\d+)? ?[×x](?! ?\d)(?![A-Za-z0-9])
/// ```
///
/// so `0.12 µs`, `77ms`, `2 s`, `281.0k/s`, `1.23×`, `1.085x` and `48 倍` are
/// timings, while `9×9`, `3 × 512`, `0x3FE`, `the 1s`, `2 solutions` and
/// `4,208 nodes` are not. A bare `s` needs the space, so that `1s` (ones)
/// is not a second. Budgets and limits written as times (`2 s` budget) are
/// counted too: the count errs on the side of counting.
pub(crate) fn timing_tokens(line: &str) -> Vec<String> {
    let characters: Vec<char> = line.chars().collect();
    let word = |at: usize| {
        characters
            .get(at)
            .is_some_and(|character| character.is_ascii_alphanumeric() || *character == '_')
    };
    let alphanumeric = |at: usize| {
        characters
            .get(at)
            .is_some_and(|character| character.is_ascii_alphanumeric())
    };
    let digit = |at: usize| characters.get(at).is_some_and(char::is_ascii_digit);
    let mut found = Vec::new();
    let mut index = 0;
    while index < characters.len() {
        let starts =
            digit(index) && (index == 0 || !(word(index - 1) || characters[index - 1] == '.'));
        if !starts {
            index += 1;
            continue;
        }
        let start = index;
        while digit(index)
            || (characters.get(index) == Some(&',') && digit(index + 1) && index > start)
        {
            index += 1;
        }
        if characters.get(index) == Some(&'.') && digit(index + 1) {
            index += 1;
            while digit(index) {
                index += 1;
            }
        }
        let number_end = index;
        let spaced = characters.get(index) == Some(&' ');
        let unit_start = if spaced { index + 1 } else { index };
        let rest: String = characters[unit_start.min(characters.len())..]
            .iter()
            .take(14)
            .collect();
        let mut unit = None;
        for candidate in [
            "puzzles/s",
            "microseconds",
            "milliseconds",
            "microsecond",
            "millisecond",
            "seconds",
            "second",
            "k/s",
            "M/s",
            "/s",
            "µs",
            "us",
            "ms",
            "ns",
            "微秒",
            "毫秒",
            "纳秒",
            "秒",
            "倍",
        ] {
            let after = unit_start + candidate.chars().count();
            if rest.starts_with(candidate) && !alphanumeric(after) {
                unit = Some(after);
                break;
            }
        }
        if unit.is_none() && spaced && rest.starts_with('s') {
            let after = unit_start + 1;
            if !alphanumeric(after) && characters.get(after) != Some(&'/') {
                unit = Some(after);
            }
        }
        if unit.is_none() && (rest.starts_with('×') || rest.starts_with('x')) {
            let after = unit_start + 1;
            let product = digit(after) || (characters.get(after) == Some(&' ') && digit(after + 1));
            if !product && !alphanumeric(after) {
                unit = Some(after);
            }
        }
        if let Some(end) = unit {
            found.push(characters[start..end].iter().collect());
            index = end;
        } else {
            index = number_end.max(start + 1);
        }
    }
    found
}

/// Whether a generated block's lines name the command that wrote them (in
/// backticks, `cargo …` or `sudoku37 …`) and the machine it ran on (its CPU,
/// its cores, or "machine").
pub(crate) fn names_command_and_machine(block: &[&str]) -> bool {
    let text = block.join("\n");
    let command = text.contains("`cargo ") || text.contains("`sudoku37 ");
    let machine = ["CPU", "cores", "machine", "机器"]
        .iter()
        .any(|word| text.contains(word));
    command && machine
}

/// The run-specific timings of `text` outside generated blocks, with their
/// line numbers. Skipped:
///
/// - a generated block: from a line `<!-- NAME: begin -->` to the line
///   `<!-- NAME: end -->`, when it names its command and its machine (see
///   [`names_command_and_machine`]); a block that does not is counted;
/// - a fenced transcript: a fenced code block whose first line starts with
///   `$ `, the command that printed it. It is that command's output,
///   verbatim (the README's judge samples, whose verdicts `tool/tests/it/judge.rs`
///   checks), not prose: the times in it are shown as what one run printed,
///   beside the command that printed them, just as a generated block shows
///   them. Every other fenced block is counted like prose.
fn timings_outside_generated_blocks(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let trimmed = line.trim();
        if let Some(name) = trimmed
            .strip_prefix("<!-- ")
            .and_then(|rest| rest.strip_suffix(": begin -->"))
        {
            let end_marker = format!("<!-- {name}: end -->");
            if let Some(length) = lines[index + 1..]
                .iter()
                .position(|later| later.trim() == end_marker)
            {
                let block = &lines[index + 1..index + 1 + length];
                if names_command_and_machine(block) {
                    index += length + 2;
                    continue;
                }
            }
        }
        if trimmed.starts_with("```")
            && lines
                .get(index + 1)
                .is_some_and(|first| first.starts_with("$ "))
        {
            let length = lines[index + 1..]
                .iter()
                .position(|later| later.trim_start().starts_with("```"))
                .unwrap_or(lines.len() - index - 1);
            index += length + 2;
            continue;
        }
        for token in timing_tokens(line) {
            found.push((index + 1, token));
        }
        index += 1;
    }
    found
}

#[test]
fn timing_tokens_are_numbers_with_a_unit_of_time_rate_or_ratio() {
    let tokens = |line: &str| timing_tokens(line);
    assert_eq!(
        tokens("0.12 µs, 77ms, 2 s, 281.0k/s, 1.23×, 1.085x and 48 倍, 3 秒"),
        ["0.12 µs", "77ms", "2 s", "281.0k/s", "1.23×", "1.085x", "48 倍", "3 秒"]
    );
    assert_eq!(
        tokens("9×9, 3 × 512, 0x3FE, the 1s, 2 solutions, 4,208 nodes, r4c6, line 12"),
        Vec::<String>::new()
    );
    assert_eq!(
        tokens("12,345 puzzles/s in 1.5 seconds"),
        ["12,345 puzzles/s", "1.5 seconds"]
    );
}

#[test]
fn generated_blocks_that_name_command_and_machine_and_transcripts_are_skipped() {
    let text = "a 2 s budget\n<!-- race: begin -->\n`cargo bench --bench race` CPU: x\n| 1.5x |\n<!-- race: end -->\n\
                <!-- other: begin -->\n3 ms\n<!-- other: end -->\n```text\n$ sudoku37 judge x\n5 ms\n```\n```text\n7 ms\n```\n";
    let found: Vec<String> = timings_outside_generated_blocks(text)
        .into_iter()
        .map(|(_, token)| token)
        .collect();
    assert_eq!(found, ["2 s", "3 ms", "7 ms"]);
}

/// At most this many run-specific timings may stand outside generated blocks
/// in the notes and the READMEs, both languages together (issue 29).
const TIMINGS_OUTSIDE_GENERATED_BLOCKS: usize = 40;

/// Run-specific timings go stale with every change to the code or the
/// machine, so they live in generated blocks that name their command and
/// machine. To see the count and every timing left:
/// `cargo test -p sudoku37-tool --test checks notes::timings_outside -- --nocapture`.
#[test]
fn timings_outside_generated_blocks_are_rationed() {
    let mut total = 0;
    let mut listing = String::new();
    for file in timed_files() {
        let found = timings_outside_generated_blocks(&read(&file));
        total += found.len();
        for (line, token) in &found {
            listing.push_str(&format!("{file}:{line}: {token}\n"));
        }
        if !found.is_empty() {
            println!("{:4} {file}", found.len());
        }
    }
    println!("{total:4} in all (at most {TIMINGS_OUTSIDE_GENERATED_BLOCKS})\n{listing}");
    assert!(
        total <= TIMINGS_OUTSIDE_GENERATED_BLOCKS,
        "{total} run-specific timings outside generated blocks, at most \
         {TIMINGS_OUTSIDE_GENERATED_BLOCKS} allowed: move them into a generated block \
         (notes/benchmarks.md) or state exact counts instead\n{listing}"
    );
}

/// The race tables live on one generated page, and both languages' notes of
/// the bitboard approaches link to it instead of carrying them.
#[test]
fn the_race_tables_live_on_the_benchmark_page() {
    let page = read("notes/benchmarks.md");
    let start = page.find("<!-- race: begin -->").expect("the begin marker");
    let end = page.find("<!-- race: end -->").expect("the end marker");
    let block: Vec<&str> = page[start..end].lines().collect();
    assert!(
        names_command_and_machine(&block) && page[start..end].contains("--write-into"),
        "notes/benchmarks.md: write its block with `cargo bench --bench race -- --write-into notes/benchmarks.md`"
    );
    for note in [
        "notes/bitboard.md",
        "notes/bitboard_simd.md",
        "notes/zh/bitboard.md",
        "notes/zh/bitboard_simd.md",
    ] {
        let text = read(note);
        assert!(
            text.contains("benchmarks.md)"),
            "{note} links the benchmark page"
        );
        assert!(
            !text.contains("| contender |") && !text.contains("puzzles/s"),
            "{note} carries a race table: it belongs on notes/benchmarks.md"
        );
    }
}

/// `bitboard`'s note is a learner's page: the representation, the rules, the
/// guess. Measurements and the log of what was tried live elsewhere.
#[test]
fn the_bitboard_note_is_at_most_400_lines() {
    for note in ["notes/bitboard.md", "notes/zh/bitboard.md"] {
        let lines = read(note).lines().count();
        assert!(lines <= 400, "{note}: {lines} lines, at most 400");
    }
}

/// A note's command that reads the public sets says how
/// a fresh clone, which has no `../shared/puzzles`, gets them or runs
/// without them; and without them (the public set left out) it runs on the
/// built-in sets alone. Checked with a tiny budget, in a folder with no
/// `../shared/puzzles` beside it.
#[test]
fn the_reproduce_commands_work_on_a_fresh_clone_or_say_how() {
    let cases = [
        (
            "notes/bitmask.md",
            "../README.md#where-the-public-sets-come-from",
        ),
        (
            "notes/most_constrained.md",
            "../README.md#where-the-public-sets-come-from",
        ),
        (
            "notes/zh/bitmask.md",
            "../../README.zh-CN.md#公开题集从哪里来",
        ),
        (
            "notes/zh/most_constrained.md",
            "../../README.zh-CN.md#公开题集从哪里来",
        ),
    ];
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (note, link) in cases {
        let text = read(note);
        let command = text
            .lines()
            .find(|line| {
                line.starts_with("cargo run --release -- compare --data ../shared/puzzles")
            })
            .unwrap_or_else(|| panic!("{note}: no compare command"));
        let after = &text[text.find(command).unwrap()..];
        let said = after[..after.find("\n|").unwrap_or(after.len())]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let leave_out = [
            "leave out `--data ../shared/puzzles` and `--set top95`",
            "去掉 `--data ../shared/puzzles` 和 `--set top95`",
        ];
        assert!(
            said.contains(link) && leave_out.iter().any(|words| said.contains(words)),
            "{note}: the command needs ../shared/puzzles; say how to get the sets ({link}) \
             and what to leave out without them"
        );
        let mut arguments: Vec<&str> = command
            .trim_start_matches("cargo run --release -- ")
            .split_whitespace()
            .collect();
        for public in [["--data", "../shared/puzzles"], ["--set", "top95"]] {
            let at = arguments
                .windows(2)
                .position(|pair| pair == public)
                .unwrap_or_else(|| panic!("{note}: {public:?} not in the command"));
            arguments.drain(at..at + 2);
        }
        let budget = arguments
            .iter()
            .position(|&word| word == "--budget")
            .expect("a budget");
        arguments[budget + 1] = "0.01";
        let output = crate::common::command()
            .args(&arguments)
            .current_dir(dir.path())
            .env_remove("SUDOKU37_DATA")
            .output()
            .expect("run sudoku37");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{note}: {arguments:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        for set in sudoku37::sets::GRADED_SETS {
            assert!(
                stdout.contains(&format!(",{set},")),
                "{note}: no {set} row:\n{stdout}"
            );
        }
    }
}

/// Prose as the parity checks read it: fenced code, generated blocks, inline
/// code and HTML tags left out (they are the same in both languages, or in
/// English in both), white space collapsed.
fn plain_prose(text: &str) -> String {
    let mut kept = String::new();
    let mut in_code = false;
    for line in without_generated_blocks(text).lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if !in_code {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    let mut plain = String::new();
    let mut skipping: Option<char> = None;
    for character in kept.chars() {
        match (skipping, character) {
            (None, '`') => skipping = Some('`'),
            (None, '<') => skipping = Some('>'),
            (Some(end), found) if found == end => skipping = None,
            (None, other) => plain.push(other),
            _ => {}
        }
    }
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How often `english` (a lower-case word pair, also written with a hyphen,
/// singular or plural) stands in `text`, lower-cased; "naked and hidden
/// singles" counts once for each.
fn english_mentions(text: &str, first: &str, second: &str) -> usize {
    let text = text.to_lowercase();
    let mut count = 0;
    for joint in [" ", "-"] {
        let term = format!("{first}{joint}{second}");
        count += text
            .match_indices(&term)
            .filter(|(at, _)| {
                !text[..*at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
            })
            .count();
    }
    if first == "naked" {
        count += text.matches("naked and hidden single").count();
    }
    count
}

/// An earlier hidden single had been translated as a naked one
/// (唯一余数, the glossary's word for a naked single) in the Chinese
/// propagation note. Section by section, every note names naked and hidden
/// singles as often in Chinese as in English: a sentence that speaks of one
/// kind in one language speaks of it in the other.
#[test]
fn each_section_names_naked_and_hidden_singles_as_often_in_both_languages() {
    let mut names: Vec<String> = approaches::names().into_iter().map(String::from).collect();
    names.extend(
        [
            "overview",
            "interview",
            "human_techniques",
            "practice",
            "README",
        ]
        .map(String::from),
    );
    let mut differ = Vec::new();
    for name in &names {
        let english = read(&format!("notes/{name}.md"));
        let chinese = read(&format!("notes/zh/{name}.md"));
        let sections = |text: &str| -> Vec<String> {
            let mut found = vec![String::new()];
            for line in text.lines() {
                if line.starts_with("## ") {
                    found.push(String::new());
                }
                let last = found.last_mut().unwrap();
                last.push_str(line);
                last.push('\n');
            }
            found
        };
        let (english, chinese) = (sections(&english), sections(&chinese));
        assert_eq!(english.len(), chinese.len(), "{name}: sections");
        for (en, zh) in english.iter().zip(&chinese) {
            let (en_plain, zh_plain) = (plain_prose(en), plain_prose(zh));
            let heading = en.lines().next().unwrap_or("");
            for (first, second, chinese_word) in [
                ("naked", "single", "唯一余数"),
                ("hidden", "single", "隐性唯一"),
            ] {
                let (in_english, in_chinese) = (
                    english_mentions(&en_plain, first, second),
                    zh_plain.matches(chinese_word).count(),
                );
                if in_english != in_chinese {
                    differ.push(format!(
                        "{name}, {heading}: {first} {second} {in_english} times, {chinese_word} {in_chinese}"
                    ));
                }
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

/// README.zh-CN's definition of a node had dropped the exception the
/// English makes for `bitboard` and `bitboard_simd` (a node is a guess
/// there). Both READMEs define a node naming the same code.
#[test]
fn both_readmes_define_a_node_with_the_same_exceptions() {
    let definition = |path: &str, start: &str, end: &str| -> Vec<String> {
        let text = read(path);
        let from = text
            .find(start)
            .unwrap_or_else(|| panic!("{path}: {start:?}"));
        let to = from + text[from..].find(end).expect("the end of the definition");
        let mut spans: Vec<String> = text[from..to]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect();
        spans.sort();
        spans
    };
    let english = definition("README.md", "A *node* is", "The first five");
    let chinese = definition("README.zh-CN.md", "*节点*指", "前五种");
    assert!(
        english.iter().any(|span| span == "bitboard_simd"),
        "{english:?}"
    );
    assert_eq!(english, chinese);
}
