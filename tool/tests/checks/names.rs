//! One name per concept in the code: every type the study crate and the
//! tool define (a struct, an enum, a trait, a union, or a type alias written
//! at the top of a module) has a name no other type of either library has,
//! so that a name in a message, a note or a review means one thing. The
//! approaches are left out: each stands alone, as LeetCode wants it, and
//! each defines its own `Solution`.

use std::collections::BTreeMap;

/// The types `text` defines, with their lines (from 1). Lines inside a raw
/// string (the code the judge hands a learner's program) are not code of
/// ours; associated types (`type Err = ...`, indented inside an `impl`) are
/// not definitions.
fn definitions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_raw_string = false;
    for (index, line) in text.lines().enumerate() {
        if in_raw_string {
            in_raw_string = !line.contains("\"#");
            continue;
        }
        if let Some(at) = line.find("r#\"") {
            in_raw_string = !line[at + 3..].contains("\"#");
            continue;
        }
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
    let root = crate::common::root();
    let approaches = root.join("src/approaches");
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let files = crate::common::rust_files(&root.join("src"))
        .into_iter()
        .chain(crate::common::rust_files(&root.join("tool/src")))
        .filter(|path| !path.starts_with(&approaches));
    let mut read = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (line, name) in definitions(&text) {
            places
                .entry(name)
                .or_default()
                .push(format!("{shown}:{line}"));
        }
        read += 1;
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
