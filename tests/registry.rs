//! The registry is the single list of approaches: every file in
//! `src/approaches/` must be in it, follow the approach contract, and have its
//! note, and the README and notes must agree with it.

use std::collections::BTreeSet;
use std::path::Path;

use pretty_assertions::assert_eq;
use sudoku37::paste::{END_MARKER, START_MARKER};
use sudoku37::{approaches, sets, solve};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn approach_files() -> BTreeSet<String> {
    std::fs::read_dir(root().join("src/approaches"))
        .expect("src/approaches exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|path| {
            path.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
        })
        .filter(|stem| stem != "mod")
        .collect()
}

#[test]
fn every_approach_file_is_registered_under_its_module_name() {
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    assert_eq!(approach_files(), registered);
    assert_eq!(
        registered.len(),
        approaches::APPROACHES.len(),
        "names are unique"
    );
}

#[test]
fn every_approach_follows_the_contract() {
    for approach in approaches::APPROACHES {
        let file = root().join(format!("src/approaches/{}.rs", approach.name));
        let text = std::fs::read_to_string(&file).expect("approach file");
        assert_eq!(
            text, approach.code,
            "{}: registry code is its own file",
            approach.name
        );
        assert!(
            text.starts_with("//! "),
            "{}: starts with a //! header",
            approach.name
        );
        let start = text
            .find(START_MARKER)
            .unwrap_or_else(|| panic!("{}: no start marker", approach.name));
        let end = text
            .find(END_MARKER)
            .unwrap_or_else(|| panic!("{}: no end marker", approach.name));
        assert!(start < end, "{}: markers in order", approach.name);
        let (before, region) = (&text[..start], &text[start..end]);
        assert!(
            before.contains("pub struct Solution;"),
            "{}: defines Solution above the region",
            approach.name
        );
        assert!(
            !region.contains("struct Solution"),
            "{}: the judge supplies struct Solution",
            approach.name
        );
        assert!(
            region.contains("pub fn solve_sudoku(board: &mut Vec<Vec<char>>)"),
            "{}",
            approach.name
        );
        assert!(!approach.title.is_empty() && !approach.source.is_empty());
    }
}

#[test]
fn every_approach_has_a_note() {
    for approach in approaches::APPROACHES {
        let note = root().join(format!("notes/{}.md", approach.name));
        assert!(note.is_file(), "missing {}", note.display());
    }
}

/// Each note states the nodes its approach visits on LeetCode's example in a
/// line `Nodes on LeetCode's example: **N**`; the figure must be what the
/// project measures now.
#[test]
fn notes_quote_the_measured_nodes_on_the_example() {
    let example = sets::leetcode_example();
    for approach in approaches::APPROACHES {
        let note = std::fs::read_to_string(root().join(format!("notes/{}.md", approach.name)))
            .expect("note exists");
        let quoted = note
            .lines()
            .find_map(|line| line.strip_prefix("Nodes on LeetCode's example: **"))
            .and_then(|rest| rest.split("**").next())
            .unwrap_or_else(|| panic!("notes/{}.md quotes no node count", approach.name));
        let measured =
            solve::run(approach, &example.puzzle().unwrap()).expect("solves the example");
        assert_eq!(
            quoted,
            measured.effort.nodes.to_string(),
            "notes/{}.md quotes a stale node count",
            approach.name
        );
    }
}

#[test]
fn readme_lists_every_approach() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let listed: BTreeSet<String> = readme
        .lines()
        .filter_map(|line| line.strip_prefix("| [`"))
        .filter_map(|rest| rest.split('`').next())
        .map(String::from)
        .collect();
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    assert_eq!(
        listed, registered,
        "README's approach table against the registry"
    );
}

/// The approaches named in the generated comparison block of a Markdown file
/// (rows of its matrix, `` | `name` | ``).
fn approaches_in_generated_block(file: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join(file)).expect("the file exists");
    let begin = text
        .find("<!-- sudoku37 compare: begin -->")
        .expect("begin marker");
    let end = text
        .find("<!-- sudoku37 compare: end -->")
        .expect("end marker");
    text[begin..end]
        .lines()
        .take_while(|line| !line.starts_with("<details>"))
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .map(String::from)
        .collect()
}

#[test]
fn generated_comparisons_cover_every_approach() {
    // When this fails, regenerate with the command named in the file.
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    for file in ["README.md", "notes/overview.md"] {
        assert_eq!(approaches_in_generated_block(file), registered, "{file}");
    }
}

#[test]
fn the_test_template_runs_every_registered_approach() {
    // `tests/common/mod.rs` lists the approaches for `#[apply(common::every_approach)]`.
    let template = include_str!("common/mod.rs");
    let values = template
        .split("pub fn every_approach(")
        .nth(1)
        .and_then(|rest| rest.split(")]").next())
        .expect("the every_approach template");
    let listed: Vec<&str> = values.split('"').skip(1).step_by(2).collect();
    assert_eq!(listed, approaches::names());
}
