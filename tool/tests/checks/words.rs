//! The glossary at the top of `tool/src/lib.rs` ("Words") kept in step with
//! the code: every name it gives for a word exists (a path that starts
//! `sudoku37::` in the study crate, any other in the tool), and no public
//! name of either crate outside the approaches is made with a word it says
//! not to use.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use crate::common::rust_files;

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
    word: String,
    /// The paths in the "In the code" column, as written in the links.
    names: Vec<String>,
    /// The words of the "Not" column.
    not: Vec<String>,
}

fn glossary() -> Vec<Row> {
    let lib = fs::read_to_string(tool_src().join("lib.rs")).expect("tool/src/lib.rs");
    let docs: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(str::trim)
        .collect();
    let start = docs
        .iter()
        .position(|line| *line == "## Words")
        .expect("tool/src/lib.rs has a \"## Words\" section");
    docs[start..]
        .iter()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2) // the header and its rule
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 4, "a glossary row has four columns: {line}");
            Row {
                word: cells[0].to_string(),
                names: links(cells[2]),
                not: cells[3]
                    .split(',')
                    .map(str::trim)
                    .filter(|word| !word.is_empty())
                    .map(str::to_string)
                    .collect(),
            }
        })
        .collect()
}

/// The targets of the intra-doc links (`` [`path`] ``) in `text`.
fn links(text: &str) -> Vec<String> {
    text.split("[`")
        .skip(1)
        .filter_map(|rest| rest.split_once("`]").map(|(path, _)| path.to_string()))
        .collect()
}

/// The files of the module at `path` (`["judge"]` is `tool/src/judge.rs` or
/// everything under `tool/src/judge/`, `["sudoku37", "grid"]` is
/// `src/grid.rs`); a crate root's are all of its `src/`.
fn module_files(path: &[&str]) -> Vec<PathBuf> {
    let (mut base, path) = match path.split_first() {
        Some((&"sudoku37", rest)) => (study_src(), rest),
        _ => (tool_src(), path),
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

#[test]
fn every_name_the_glossary_gives_exists() {
    let rows = glossary();
    assert!(rows.len() >= 20, "the glossary has {} rows", rows.len());
    let mut missing = Vec::new();
    for row in &rows {
        assert!(!row.names.is_empty(), "{}: no name in the code", row.word);
        for path in &row.names {
            let segments: Vec<&str> = path.split("::").collect();
            // The modules are the leading lower-case segments; after them
            // come an item and, perhaps, one of its members.
            let modules = segments
                .iter()
                .take_while(|segment| segment.starts_with(|c: char| c.is_lowercase()))
                .count()
                .min(segments.len() - 1);
            let files = module_files(&segments[..modules]);
            let is_module = segments.len() == 1 && !module_files(&segments).is_empty();
            let defined = public_names_in(&files);
            let found = is_module
                || segments[modules..]
                    .iter()
                    .all(|name| defined.contains(*name));
            if files.is_empty() || !found {
                missing.push(format!("{} ({})", path, row.word));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named in the glossary but not in src/ or tool/src/: {missing:?}"
    );
}

#[test]
fn no_public_name_uses_a_word_the_glossary_rules_out() {
    let rows = glossary();
    let ruled_out: Vec<(&str, &str)> = rows
        .iter()
        .flat_map(|row| {
            row.not
                .iter()
                .map(move |not| (not.as_str(), row.word.as_str()))
        })
        .collect();
    assert!(ruled_out.iter().any(|(not, _)| *not == "house"));
    let mut files = rust_files(&study_src());
    files.retain(|file| !file.starts_with(study_src().join("approaches")));
    files.extend(rust_files(&tool_src()));
    let mut offending = Vec::new();
    for file in &files {
        for name in public_names(&fs::read_to_string(file).expect("a readable source file")) {
            for word in words_of(&name) {
                let singular = |word: &str| word.strip_suffix('s').unwrap_or(word).to_string();
                if let Some((not, instead)) = ruled_out
                    .iter()
                    .find(|(not, _)| singular(not) == singular(&word))
                {
                    offending.push(format!(
                        "{}: {name} says {not:?}; the word is {instead:?}",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(offending.is_empty(), "{offending:#?}");
}
