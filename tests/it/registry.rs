//! The registry is the single list of approaches: every file in
//! `src/approaches/` must be in it, follow the approach contract, and have its
//! note, and the README and notes must agree with it. When a test here fails,
//! its message names the step of "Adding an approach" (the header of
//! `src/approaches/mod.rs`) that is missing.

use std::collections::BTreeSet;
use std::path::Path;

use pretty_assertions::assert_eq;
use sudoku37::paste::{END_MARKER, START_MARKER};
use sudoku37::{approaches, harness, sets};

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
    assert_eq!(
        approach_files(),
        registered,
        "steps 1 and 2 of adding an approach (src/approaches/mod.rs): every file in \
         src/approaches/ needs `pub mod NAME;` and one registry entry in APPROACHES, under its \
         module name"
    );
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
            "step 2 of adding an approach: {}'s registry entry must include_str! its own file",
            approach.name
        );
        assert!(
            text.starts_with("//! "),
            "step 1 of adding an approach (the file): {} starts with a //! header",
            approach.name
        );
        let start = text.find(START_MARKER).unwrap_or_else(|| {
            panic!(
                "step 1 of adding an approach (the file): {} has no line {START_MARKER:?}",
                approach.name
            )
        });
        let end = text.find(END_MARKER).unwrap_or_else(|| {
            panic!(
                "step 1 of adding an approach (the file): {} has no line {END_MARKER:?}",
                approach.name
            )
        });
        assert!(start < end, "{}: markers in order", approach.name);
        let (before, region) = (&text[..start], &text[start..end]);
        assert!(
            before.contains("pub struct Solution;"),
            "step 1 of adding an approach (the file): {} defines `pub struct Solution;` above the paste region",
            approach.name
        );
        assert!(
            !region.contains("struct Solution"),
            "step 1 of adding an approach (the file): {}'s paste region must not define Solution (the judge does)",
            approach.name
        );
        assert!(
            region.contains("pub fn solve_sudoku(board: &mut Vec<Vec<char>>)"),
            "step 1 of adding an approach (the file): {}'s paste region has LeetCode's entry point",
            approach.name
        );
        assert!(
            !approach.title.is_empty() && !approach.source.is_empty(),
            "step 2 of adding an approach: {}'s registry entry needs a title and a source",
            approach.name
        );
    }
}

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
    for dir in ["src", "tests", "benches", "examples"] {
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
