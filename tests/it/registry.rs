//! The registry is the single list of approaches: every file in
//! `src/approaches/` must be in it and follow the approach contract. When a
//! test here fails, its message names the step of "Adding an approach" (the
//! header of `src/approaches/mod.rs`) that is missing. (That the notes, the
//! README and the generated blocks agree with the registry is a check of the
//! house, in `tool/tests/checks/registry.rs`.)

use std::collections::BTreeSet;
use std::path::Path;

use pretty_assertions::assert_eq;
use sudoku37::approaches;
use sudoku37::paste::{END_MARKER, START_MARKER};

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
