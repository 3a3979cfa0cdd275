//! The notes, the READMEs and the generated blocks agree with the registry
//! of approaches (`src/approaches/mod.rs`), and code names approaches through
//! it. When a test here fails, its message names the step of "Adding an
//! approach" (the header of `src/approaches/mod.rs`) that is missing.

use std::collections::BTreeSet;

use pretty_assertions::assert_eq;
use sudoku37::{approaches, harness, sets};

use crate::common::root;

#[test]
fn every_approach_has_a_note() {
    for approach in approaches::APPROACHES {
        let note = root().join(format!("notes/{}.md", approach.name));
        assert!(
            note.is_file(),
            "step 3 of adding an approach (its notes): missing {}",
            note.display()
        );
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
            .unwrap_or_else(|_| {
                panic!(
                    "step 3 of adding an approach (its notes): notes/{}.md is missing",
                    approach.name
                )
            });
        let quoted = note
            .lines()
            .find_map(|line| line.strip_prefix("Nodes on LeetCode's example: **"))
            .and_then(|rest| rest.split("**").next())
            .unwrap_or_else(|| {
                panic!(
                    "step 3 of adding an approach (its notes): notes/{}.md needs a line \
                     \"Nodes on LeetCode's example: **N**\"",
                    approach.name
                )
            });
        let measured =
            harness::run(approach, &example.puzzle().unwrap()).expect("solves the example");
        assert_eq!(
            quoted,
            measured.effort.nodes.to_string(),
            "step 3 of adding an approach (its notes): notes/{}.md quotes a stale node count",
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
        "step 3 of adding an approach: README.md's approach table must list every registered approach"
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
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    for file in ["README.md", "notes/overview.md"] {
        assert_eq!(
            approaches_in_generated_block(file),
            registered,
            "step 4 of adding an approach (the generated blocks): regenerate {file}'s block \
             with the command named at its top"
        );
    }
}

/// Code names an approach through the registry (`approaches::BITMASK`, or
/// its `.name`), so that a typo does not compile. What is left as a string
/// literal outside `src/approaches` is what must be text: a test's fixed
/// table, an attribute's arguments, an exercise name, a bench's row label.
/// At most 30 of them.
#[test]
fn approach_names_are_rarely_spelled_out() {
    let names: Vec<String> = approaches::APPROACHES
        .iter()
        .map(|approach| approach.name.to_string())
        .collect();
    let mut found = Vec::new();
    for dir in [
        "src",
        "tests",
        "tool/src",
        "tool/tests",
        "bench/benches",
        "bench/examples",
    ] {
        let dir = root().join(dir);
        if !dir.is_dir() {
            continue;
        }
        for path in crate::common::rust_files(&dir) {
            if path.starts_with(root().join("src/approaches")) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            for (index, line) in text.lines().enumerate() {
                for name in &names {
                    if line.contains(&format!("\"{name}\"")) {
                        found.push(format!("{}:{}", path.display(), index + 1));
                    }
                }
            }
        }
    }
    assert!(
        !found.is_empty(),
        "the count sees the exercise names, at least"
    );
    assert!(
        found.len() <= 30,
        "{} approach names spelled out as strings:\n{}",
        found.len(),
        found.join("\n")
    );
}
