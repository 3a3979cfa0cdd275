//! The one glossary, `notes/glossary.md`: one English and one Chinese word
//! for every concept, the names the code gives it, and the spellings not to
//! use. Everything here reads that one file: the names it gives exist, every
//! technique of the rater has a row and every word one translation, and no
//! note, README, practice stub or hint, no help text of the command and no
//! public name spells a concept a way the glossary rules out.
//! `cargo test -p sudoku37-tool --test checks glossary::` runs it.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use crate::common::rust_files;
use crate::notes::{read, timed_files};

/// The glossary's file.
const GLOSSARY: &str = "notes/glossary.md";

/// The study crate's `src/`.
fn study_src() -> PathBuf {
    crate::common::root().join("src")
}

/// The tool's `src/`.
fn tool_src() -> PathBuf {
    crate::common::root().join("tool/src")
}

/// One row of the glossary.
struct Row {
    english: String,
    chinese: String,
    /// The paths of the column "in the code".
    names: Vec<String>,
    /// The spellings of the column "not written": in prose, help texts and
    /// code names.
    not_written: Vec<String>,
    /// The spellings in backticks in that column: in code names only.
    not_in_names: Vec<String>,
}

/// The rows of every table of `notes/glossary.md` (six columns: English,
/// Chinese, in the code, not written, meaning, 含义).
fn glossary() -> Vec<Row> {
    let text = read(GLOSSARY);
    let mut rows = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("| ") else {
            continue;
        };
        let cells: Vec<&str> = rest
            .trim_end()
            .trim_end_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells[0] == "English" || cells[0].starts_with("---") {
            continue;
        }
        assert_eq!(cells.len(), 6, "{GLOSSARY}: a row has six columns: {line}");
        let spellings: Vec<&str> = cells[3]
            .split(", ")
            .map(str::trim)
            .filter(|spelling| !spelling.is_empty())
            .collect();
        rows.push(Row {
            english: cells[0].to_string(),
            chinese: cells[1].to_string(),
            names: code_spans(cells[2]),
            not_written: spellings
                .iter()
                .filter(|spelling| !spelling.starts_with('`'))
                .map(|spelling| spelling.to_string())
                .collect(),
            not_in_names: spellings
                .iter()
                .map(|spelling| spelling.trim_matches('`').to_string())
                .collect(),
        });
    }
    rows
}

/// The texts in backticks in `text`.
fn code_spans(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The files of the module at `path` (`["sudoku37_tool", "judge"]` is
/// `tool/src/judge.rs` or everything under `tool/src/judge/`,
/// `["sudoku37", "grid"]` is `src/grid.rs`); a crate root's are all of its
/// `src/`.
fn module_files(path: &[&str]) -> Vec<PathBuf> {
    let (mut base, path) = match path.split_first() {
        Some((&"sudoku37", rest)) => (study_src(), rest),
        Some((&"sudoku37_tool", rest)) => (tool_src(), rest),
        _ => return Vec::new(),
    };
    for segment in path {
        base.push(segment);
    }
    let mut files = Vec::new();
    let file = base.with_extension("rs");
    if file.is_file() {
        files.push(file);
    }
    if base.is_dir() {
        files.extend(rust_files(&base));
    }
    files
}

/// The names that `text` makes public: items, fields and re-exports.
fn public_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("pub ") else {
            continue;
        };
        // `const fn` and `unsafe fn` are functions too.
        let rest = match rest.split_once(' ') {
            Some(("const" | "unsafe", fn_on)) if fn_on.starts_with("fn ") => fn_on,
            _ => rest,
        };
        if let Some(list) = rest.strip_prefix("use ") {
            let list = list.split_once('{').map_or(list, |(_, names)| names);
            for name in list.split([',', '}', ';']) {
                let name = name.rsplit(" as ").next().unwrap_or(name).trim();
                let name = name.rsplit("::").next().unwrap_or(name);
                if !name.is_empty() {
                    names.insert(name.to_string());
                }
            }
            continue;
        }
        let after_keyword = [
            "fn ", "struct ", "enum ", "type ", "const ", "static ", "mod ", "trait ",
        ]
        .iter()
        .find_map(|keyword| rest.strip_prefix(keyword));
        let name: String = after_keyword
            .unwrap_or(rest)
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let is_field = after_keyword.is_none() && rest[name.len()..].starts_with(':');
        if !name.is_empty() && (after_keyword.is_some() || is_field) {
            names.insert(name);
        }
    }
    names
}

fn public_names_in(files: &[PathBuf]) -> BTreeSet<String> {
    files
        .iter()
        .flat_map(|file| public_names(&fs::read_to_string(file).expect("a readable source file")))
        .collect()
}

/// The words an identifier is made of, lower case: `count_solutions` and
/// `CountSolutions` are both `count`, `solutions`.
fn words_of(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if (c == '_' || (c.is_uppercase() && previous_lower)) && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c != '_' {
            word.extend(c.to_lowercase());
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn identifiers_split_into_their_words() {
    assert_eq!(words_of("count_solutions"), ["count", "solutions"]);
    assert_eq!(words_of("CountedEvent"), ["counted", "event"]);
    assert_eq!(words_of("UNITS_BOXES_FIRST"), ["units", "boxes", "first"]);
    assert_eq!(words_of("r1c9"), ["r1c9"]);
}

#[test]
fn public_names_are_items_fields_and_reexports() {
    let text = "pub struct SetEntry {\n    pub solution: Option<Cells>,\n    line: usize,\n}\n\
                pub const fn table(kind: usize) {}\npub use step::{Step, Verdict as Outcome};\n\
                pub(crate) fn hidden() {}\n";
    let names: Vec<String> = public_names(text).into_iter().collect();
    assert_eq!(names, ["Outcome", "SetEntry", "Step", "solution", "table"]);
}

/// Whether a character belongs to an English word: letters, digits, `_`
/// and `-` (so that `17-clue` and `--min-clues` are words of their own).
fn word_character(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The lines of `text` where `spelling` stands, leaving out the places where
/// it is part of one of the glossary's own words (`提示数` inside
/// `17 提示数`). An English spelling (ASCII) stands as a whole word, as
/// written or with a capital first letter; a Chinese one wherever it is.
fn misspelled_at(text: &str, spelling: &str, names: &[&str]) -> Vec<usize> {
    let holders: Vec<&&str> = names
        .iter()
        .filter(|name| name.len() > spelling.len() && name.contains(spelling))
        .collect();
    let mut forms = vec![spelling.to_string()];
    if spelling.is_ascii() {
        let mut capital = spelling.to_string();
        capital[..1].make_ascii_uppercase();
        if capital != spelling {
            forms.push(capital);
        }
    }
    let mut lines = Vec::new();
    for form in &forms {
        for (at, _) in text.match_indices(form.as_str()) {
            if spelling.is_ascii() {
                let before = text[..at].chars().next_back();
                let after = text[at + form.len()..].chars().next();
                if before.is_some_and(word_character) || after.is_some_and(word_character) {
                    continue;
                }
            }
            let held = holders.iter().any(|holder| {
                let offset = holder.find(spelling).unwrap();
                at >= offset
                    && text
                        .get(at - offset..)
                        .is_some_and(|from| from.starts_with(**holder))
            });
            if !held {
                lines.push(text[..at].lines().count().max(1));
            }
        }
    }
    lines.sort_unstable();
    lines
}

#[test]
fn a_spelling_counts_as_a_whole_word_and_not_inside_a_glossary_word() {
    let names = ["17 提示数", "隐性唯一", "17-clue"];
    assert_eq!(
        misspelled_at("17 提示数题目\n去掉提示数", "提示数", &names),
        vec![2]
    );
    assert_eq!(
        misspelled_at("隐性唯一候选数", "唯一候选数", &names),
        vec![1]
    );
    assert_eq!(
        misspelled_at(
            "the 17-clue set, --min-clues, 17clue\nremove clues\nClue: x",
            "clues",
            &names
        ),
        vec![2]
    );
    assert_eq!(misspelled_at("Clue: x, clueless", "clue", &names), vec![1]);
    assert_eq!(
        misspelled_at("X-Wing", "X-wing", &names),
        Vec::<usize>::new()
    );
}

/// The files the glossary's words are held to: every note in both
/// languages but the glossary itself, both READMEs, the practice stubs
/// (their `zh:` comments) and the practice hints and ladder
/// (`tool/src/practice/` and its folders, `tool/src/cli/practice/`,
/// `practice/ladder.toml`), and the mutants' README.
fn worded_files() -> Vec<String> {
    let mut files = timed_files();
    files.retain(|file| file != GLOSSARY);
    let mut dirs = vec![
        "practice/stubs".to_string(),
        "tool/src/practice".to_string(),
        "tool/src/cli/practice".to_string(),
    ];
    while let Some(dir) = dirs.pop() {
        let full = crate::common::root().join(&dir);
        let mut names: Vec<(String, bool)> = fs::read_dir(&full)
            .unwrap_or_else(|error| panic!("cannot list {dir}: {error}"))
            .map(|entry| {
                let entry = entry.unwrap();
                let is_dir = entry.file_type().is_ok_and(|kind| kind.is_dir());
                (entry.file_name().to_string_lossy().into_owned(), is_dir)
            })
            .collect();
        names.sort();
        for (name, is_dir) in names {
            if is_dir {
                dirs.push(format!("{dir}/{name}"));
            } else if name.ends_with(".rs") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    // The ladder's words: titles, notes and hints.
    files.push("practice/ladder.toml".to_string());
    files.push("practice/mutants/README.md".to_string());
    files
}

/// Every help text of the command, as the binary prints it: `sudoku37
/// --help`, and `--help` of every subcommand it lists, and of theirs.
fn help_texts() -> Vec<(String, String)> {
    let mut texts = Vec::new();
    let mut open: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(path) = open.pop() {
        let mut arguments = path.clone();
        arguments.push("--help".to_string());
        let output = crate::common::command()
            .args(&arguments)
            .output()
            .expect("run sudoku37 --help");
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success() && !text.is_empty(),
            "sudoku37 {}",
            arguments.join(" ")
        );
        let commands = text
            .split("\nCommands:\n")
            .nth(1)
            .map(|rest| rest.split("\n\n").next().unwrap_or(""))
            .unwrap_or("");
        for line in commands.lines() {
            let Some(name) = line.split_whitespace().next() else {
                continue;
            };
            if name != "help" {
                let mut deeper = path.clone();
                deeper.push(name.to_string());
                open.push(deeper);
            }
        }
        texts.push((format!("sudoku37 {}", arguments.join(" ")), text));
    }
    texts
}

/// Public names that are the name of a glossary word made with a word it
/// rules out elsewhere: the public set 17-clue keeps the puzzle world's
/// "clue" in its name.
const NAMES_OF_GLOSSARY_WORDS: &[&str] = &["SEVENTEEN_CLUE"];

/// Every name the glossary gives in its column "in the code" exists: a path
/// that starts `sudoku37::` in the study crate, one that starts
/// `sudoku37_tool::` in the tool.
#[test]
fn every_name_the_glossary_gives_exists() {
    let rows = glossary();
    let named: Vec<(&Row, &String)> = rows
        .iter()
        .flat_map(|row| row.names.iter().map(move |name| (row, name)))
        .collect();
    assert!(
        named.len() >= 30,
        "the glossary gives {} names",
        named.len()
    );
    let mut missing = Vec::new();
    for (row, path) in named {
        let segments: Vec<&str> = path.split("::").collect();
        // The modules are the leading lower-case segments; after them come
        // an item and, perhaps, one of its members.
        let modules = segments
            .iter()
            .take_while(|segment| segment.starts_with(|c: char| c.is_lowercase()))
            .count()
            .min(segments.len() - 1);
        let files = module_files(&segments[..modules]);
        let is_module = !module_files(&segments).is_empty();
        let defined = public_names_in(&files);
        let found = is_module
            || segments[modules..]
                .iter()
                .all(|name| defined.contains(*name));
        if files.is_empty() || !found {
            missing.push(format!("{} ({})", path, row.english));
        }
    }
    assert!(
        missing.is_empty(),
        "named in {GLOSSARY} but not in src/ or tool/src/: {missing:?}"
    );
}

/// Every technique the rater knows has a row, by the name `explain` prints;
/// no English word has two Chinese ones; and no ruled-out spelling is a
/// word of the glossary.
#[test]
fn every_technique_has_a_row_and_every_word_one_translation() {
    let rows = glossary();
    assert!(rows.len() >= 70, "{} rows", rows.len());
    for technique in sudoku37_tool::logic::TECHNIQUES.iter() {
        assert!(
            rows.iter()
                .any(|row| row.english.eq_ignore_ascii_case(technique.title)),
            "{GLOSSARY} has no row for the technique {:?}",
            technique.title
        );
    }
    for row in &rows {
        for other in &rows {
            if row.english == other.english {
                assert_eq!(
                    row.chinese, other.chinese,
                    "{} has two Chinese words",
                    row.english
                );
            }
        }
        for spelling in &row.not_in_names {
            assert!(
                !rows
                    .iter()
                    .any(|other| &other.english == spelling || &other.chinese == spelling),
                "{spelling:?} is ruled out for {} but is another row's word",
                row.english
            );
        }
    }
}

/// One word per concept. No note, README, practice stub or hint, no help
/// text of `sudoku37` or its subcommands, and no public name of the study
/// crate or the tool outside the approaches spells a concept a way the
/// glossary rules out: naked single as 唯一候选数, hidden single as 摒除 or
/// 排除法, peer as 相关格, 邻居 or neighbours, undo as 撤回, dead end as
/// 死局, given as clue or (outside the set's name) 提示数, harness as
/// 测试框架, settle and pending as 已处理 and 待处理, level as grade, a unit
/// as a house in a name, ... The errata of `notes/README.md`, which quote
/// what they corrected, are left out.
#[test]
fn no_note_readme_help_text_or_public_name_spells_a_word_the_glossary_rules_out() {
    let rows = glossary();
    let names: Vec<&str> = rows
        .iter()
        .flat_map(|row| [row.english.as_str(), row.chinese.as_str()])
        .collect();
    for listed in [
        "相关格",
        "邻居",
        "neighbours",
        "撤回",
        "死局",
        "摒除",
        "排除法",
        "测试框架",
        "待处理",
        "clue",
    ] {
        assert!(
            rows.iter()
                .any(|row| row.not_written.iter().any(|spelling| spelling == listed)),
            "{GLOSSARY} rules out {listed:?}"
        );
    }
    let mut found = Vec::new();
    // Prose: the notes, the READMEs, the practice stubs and hints.
    // The errata of `notes/README.md` quote the spellings they corrected.
    let mut texts: Vec<(String, String)> = worded_files()
        .into_iter()
        .map(|file| {
            let mut text = read(&file);
            for errata in ["\n## Errata\n", "\n## 勘误\n"] {
                if let Some(at) = text.find(errata) {
                    text.truncate(at);
                }
            }
            (file, text)
        })
        .collect();
    // What the command says about itself.
    let helps = help_texts();
    assert!(helps.len() >= 15, "{} help texts", helps.len());
    texts.extend(helps);
    for (file, text) in &texts {
        for row in &rows {
            for spelling in &row.not_written {
                let lines = misspelled_at(text, spelling, &names);
                if lines.is_empty() {
                    continue;
                }
                found.push(format!(
                    "{file}:{}: {spelling:?}, where the glossary says {:?} / {:?}",
                    lines[0], row.english, row.chinese
                ));
            }
        }
    }
    // Code: the public names of both crates, outside the approaches.
    let ruled_out: Vec<(&str, &str)> = rows
        .iter()
        .flat_map(|row| {
            row.not_in_names
                .iter()
                .filter(|spelling| spelling.is_ascii() && !spelling.contains(' '))
                .map(move |spelling| (spelling.as_str(), row.english.as_str()))
        })
        .collect();
    assert!(ruled_out.iter().any(|(not, _)| *not == "house"));
    let mut files = rust_files(&study_src());
    files.retain(|file| !file.starts_with(study_src().join("approaches")));
    files.extend(rust_files(&tool_src()));
    let singular = |word: &str| word.strip_suffix('s').unwrap_or(word).to_lowercase();
    for file in &files {
        for name in public_names(&fs::read_to_string(file).expect("a readable source file")) {
            if NAMES_OF_GLOSSARY_WORDS.contains(&name.as_str()) {
                continue;
            }
            for word in words_of(&name) {
                if let Some((not, instead)) = ruled_out
                    .iter()
                    .find(|(not, _)| singular(not) == singular(&word))
                {
                    found.push(format!(
                        "{}: {name} says {not:?}; the word is {instead:?}",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "spellings {GLOSSARY} rules out:\n{}",
        found.join("\n")
    );
}

/// The glossary had named `cargo test -p sudoku37-tool --test checks
/// notes::`, which runs other tests than its own. It names the command that
/// runs this module, and so do the two `lib.rs` that point to it.
#[test]
fn the_glossary_names_the_command_that_runs_its_test() {
    let module = module_path!().rsplit("::").next().unwrap();
    let command = format!("cargo test -p sudoku37-tool --test checks {module}::");
    for file in [GLOSSARY, "src/lib.rs", "tool/src/lib.rs", "notes/README.md"] {
        let text = read(file)
            .lines()
            .map(|line| line.trim_start_matches("//!").trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(&command), "{file} names `{command}`");
        assert!(
            text.contains("notes/glossary.md") || file == GLOSSARY || file == "notes/README.md"
        );
    }
}
