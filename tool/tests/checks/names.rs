//! One name per concept in the code: every type the study crate and the
//! tool define (a struct, an enum, a trait, a union, or a type alias written
//! at the top of a module) has a name no other type of either library has,
//! so that a name in a message, a note or a review means one thing. The
//! approaches are left out: each stands alone, as LeetCode wants it, and
//! each defines its own `Solution`. And a field or parameter named `puzzle`
//! holds a [`sudoku37::Puzzle`], never a board or bare cells.

use std::collections::BTreeMap;

use crate::layers::strip;

/// The types `text` defines, with their lines (from 1). Comments and the
/// insides of literals (the code the judge hands a learner's program, in a
/// raw string) are left out by the layers check's [`strip`]; associated
/// types (`type Err = ...`, indented inside an `impl`) are not definitions.
fn definitions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in strip(text).lines().enumerate() {
        let code = line.trim_start();
        let indented = code.len() != line.len();
        let mut rest = code;
        if let Some(after) = rest.strip_prefix("pub") {
            rest = match after.strip_prefix('(') {
                Some(scope) => scope.split_once(") ").map_or("", |(_, rest)| rest),
                None => after.strip_prefix(' ').unwrap_or(""),
            };
        }
        for keyword in ["struct ", "enum ", "trait ", "union ", "type "] {
            let Some(after) = rest.strip_prefix(keyword) else {
                continue;
            };
            if keyword == "type " && indented {
                break;
            }
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                found.push((index + 1, name));
            }
        }
    }
    found
}

/// Every source file of the two libraries but the approaches', as its path
/// from the workspace root and its text.
fn library_files() -> Vec<(String, String)> {
    let root = crate::common::root();
    let approaches = root.join("src/approaches");
    crate::common::rust_files(&root.join("src"))
        .into_iter()
        .chain(crate::common::rust_files(&root.join("tool/src")))
        .filter(|path| !path.starts_with(&approaches))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a source file");
            let shown = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            (shown, text)
        })
        .collect()
}

#[test]
fn the_reader_finds_definitions_and_skips_associated_types_and_raw_strings() {
    let text = "pub struct Case {\n}\n\
                pub(super) enum Kind {\n}\n\
                type Entry = u8;\n\
                impl FromStr for Case {\n    type Err = String;\n}\n\
                const CODE: &str = r#\"\nstruct Solution;\n\"#;\n\
                mod tests {\n    struct Case;\n    pub(crate) trait Shape {}\n}\n\
                // struct InAComment;\n";
    let names: Vec<(usize, String)> = definitions(text);
    let expected: Vec<(usize, String)> = [
        (1, "Case"),
        (3, "Kind"),
        (5, "Entry"),
        (13, "Case"),
        (14, "Shape"),
    ]
    .into_iter()
    .map(|(line, name)| (line, name.to_string()))
    .collect();
    assert_eq!(names, expected);
}

#[test]
fn every_type_name_is_defined_once_in_the_two_libraries() {
    let files = library_files();
    let read = files.len();
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (shown, text) in &files {
        for (line, name) in definitions(text) {
            places
                .entry(name)
                .or_default()
                .push(format!("{shown}:{line}"));
        }
    }
    assert!(read > 100, "only {read} files read");
    assert!(places.contains_key("Puzzle") && places.contains_key("Exercise"));
    let twice: Vec<String> = places
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "a type name defined more than once (rename one after what it holds):\n{}",
        twice.join("\n")
    );
}

/// The fields and parameters named `puzzle` in `text` whose type is a board
/// or bare cells, with their lines: a puzzle in the code is a
/// [`sudoku37::Puzzle`] (givens checked once), and a board or cells holding
/// a puzzle's givens is named for its form (`board`, `givens`, `cells`).
fn puzzles_of_another_type(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, (line, code)) in text.lines().zip(strip(text).lines()).enumerate() {
        let mut rest = code;
        while let Some(at) = rest.find("puzzle: ") {
            let before = rest[..at].chars().last();
            let typed = rest[at + "puzzle: ".len()..]
                .trim_start_matches('&')
                .trim_start_matches("'a ")
                .trim_start_matches("mut ");
            let word_start = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
            if word_start
                && ["Board", "Cells", "[u8; 81]"]
                    .iter()
                    .any(|t| typed.starts_with(t))
            {
                found.push((index + 1, line.trim().to_string()));
            }
            rest = &rest[at + 1..];
        }
    }
    found
}

#[test]
fn the_reader_finds_a_puzzle_named_for_another_type() {
    let text =
        "fn a(puzzle: &Board) {}\nfn b(puzzle: &Puzzle) {}\nstruct C { pub puzzle: Cells }\n\
                fn d(a_puzzle: &Board) {}\nstruct E<'a> { puzzle: &'a Board }\n";
    let lines: Vec<usize> = puzzles_of_another_type(text)
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    assert_eq!(lines, vec![1, 3, 5]);
}

#[test]
fn a_field_or_parameter_named_puzzle_is_a_puzzle() {
    let mut wrong = Vec::new();
    for (shown, text) in library_files() {
        for (line, code) in puzzles_of_another_type(&text) {
            wrong.push(format!("{shown}:{line}: {code}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "`puzzle` names a sudoku37::Puzzle; name a board or cells for its form (board, givens, cells):\n{}",
        wrong.join("\n")
    );
}
