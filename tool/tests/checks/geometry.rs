//! One geometry: where a cell's box is (and which cells a box holds) is
//! worked out in `src/grid.rs` alone (`BOX`, `UNITS`, `Unit`), and every
//! other file reads it from there: the trace, the coach, the logic, the
//! approaches' tests, the bench. The one exception is the approaches' paste
//! regions (between [`START_MARKER`] and [`END_MARKER`] in `src/approaches/`),
//! which must stand alone on LeetCode with `std` only and so work out the
//! box themselves, and the bench programs that time other write-ups' code as
//! they wrote it ([`REPRODUCTIONS`]): their arithmetic is what is measured.
//!
//! Read from the source text with comments and string and character
//! literals left out ([`strip`], the layers check's), so a formula quoted in
//! a doc comment, a message or a learner's code in a test stays allowed. A
//! box formula is any of `A / 3 * 3`, `(A / 3) * 3`, `3 * (A / 3)` and the
//! band of a cell index `A / 27 * 3`, spaces or not.

use std::fs;

use sudoku37::paste::{END_MARKER, START_MARKER};

use crate::common::{root, rust_files};
use crate::layers::strip;

/// The folders whose `.rs` files are read, from the workspace root.
const FOLDERS: [&str; 6] = ["src", "tool/src", "tool/tests", "tests", "bench", "peers"];

/// The one file that may work the box out.
const GRID: &str = "src/grid.rs";

/// The folder whose files have paste regions.
const APPROACHES: &str = "src/approaches/";

/// Bench programs that reproduce the write-ups' own code to time it: the
/// variants of the classic backtracking (the box checked in one loop with
/// `board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]`, the notes' "variants you
/// will see elsewhere"). A table lookup in their place would time another
/// program.
const REPRODUCTIONS: [&str; 1] = ["bench/examples/classic_variants.rs"];

/// Whether the code of one line (comments and literals gone) works out a
/// box: `/ 3 * 3`, `/ 3) * 3`, `/ 27 * 3`, or `3 * (... / 3)`.
fn has_box_formula(code: &str) -> bool {
    let compact: Vec<char> = code.chars().filter(|c| !c.is_whitespace()).collect();
    let text: String = compact.iter().collect();
    // A number ends where no digit, point or letter follows, and starts
    // where none comes before.
    let part_of_number = |c: &char| c.is_alphanumeric() || *c == '_' || *c == '.';
    let ends = |at: usize| !compact.get(at).is_some_and(part_of_number);
    let starts = |at: usize| at == 0 || !part_of_number(&compact[at - 1]);
    for pattern in ["/3*3", "/3)*3", "/27*3"] {
        let mut from = 0;
        while let Some(found) = text[from..].find(pattern) {
            let at = from + found;
            if ends(at + pattern.len()) {
                return true;
            }
            from = at + 1;
        }
    }
    // `3 * (A / 3)`: the parenthesis closes right after a division by 3.
    let mut from = 0;
    while let Some(found) = text[from..].find("3*(") {
        let at = from + found;
        from = at + 1;
        if !starts(at) {
            continue;
        }
        let mut depth = 0;
        for (index, &c) in compact.iter().enumerate().skip(at + 2) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        if text[..index].ends_with("/3") {
                            return true;
                        }
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    false
}

/// The lines (counted from 1) of a file's text that work out a box,
/// outside its paste regions when `paste_regions` (an approach's file); an
/// unclosed paste region is a finding too.
fn box_formulas(text: &str, paste_regions: bool) -> Vec<(usize, String)> {
    let stripped = strip(text);
    let mut found = Vec::new();
    let mut inside = None;
    for (index, (line, code)) in text.lines().zip(stripped.lines()).enumerate() {
        let number = index + 1;
        if paste_regions && line.trim() == START_MARKER {
            inside = Some(number);
        } else if paste_regions && line.trim() == END_MARKER {
            inside = None;
        } else if inside.is_none() && has_box_formula(code) {
            found.push((number, line.trim().to_string()));
        }
    }
    if let Some(start) = inside {
        found.push((
            start,
            format!("`{START_MARKER}` with no `{END_MARKER}` after it"),
        ));
    }
    found
}

#[test]
fn the_box_formula_lives_only_in_the_grid_and_the_paste_regions() {
    let root = root();
    let mut findings = Vec::new();
    let mut read = 0;
    for folder in FOLDERS {
        let dir = root.join(folder);
        if !dir.is_dir() {
            continue;
        }
        for path in rust_files(&dir) {
            let relative = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            if relative == GRID
                || REPRODUCTIONS.contains(&relative.as_str())
                || relative.split('/').any(|part| part == "target")
            {
                continue;
            }
            let text =
                fs::read_to_string(&path).unwrap_or_else(|error| panic!("{relative}: {error}"));
            read += 1;
            for (line, code) in box_formulas(&text, relative.starts_with(APPROACHES)) {
                findings.push(format!("{relative}:{line}: {code}"));
            }
        }
    }
    assert!(read > 100, "only {read} files read: are the folders right?");
    assert!(
        findings.is_empty(),
        "the box is worked out outside {GRID} and the approaches' paste regions; \
         read it from sudoku37::grid (BOX[row * 9 + column], UNITS[18 + b], Unit, UnitKind):\n{}",
        findings.join("\n")
    );
}

#[test]
fn the_grid_and_the_paste_regions_that_are_let_off_do_work_the_box_out() {
    // Without the exceptions, the grid and the approaches' pasted code are
    // caught: the scanner sees the formula where it really is.
    let approaches = root().join(APPROACHES);
    let caught: usize = rust_files(&approaches)
        .iter()
        .map(|path| box_formulas(&fs::read_to_string(path).expect("readable"), false).len())
        .sum();
    assert!(
        caught > 0,
        "no box formula in the approaches' paste regions"
    );
    for file in std::iter::once(GRID).chain(REPRODUCTIONS) {
        let text = fs::read_to_string(root().join(file)).expect("readable");
        assert!(
            !box_formulas(&text, false).is_empty(),
            "{file} works the box out"
        );
    }
}

#[test]
fn the_scanner_catches_each_form_of_the_box_formula_but_not_in_comments_or_strings() {
    let caught = [
        "let b = r / 3 * 3 + c / 3;",
        "let b = row/3*3 + column/3;",
        "let b = (r / 3) * 3 + c / 3;",
        "let b = 3 * (r / 3) + c / 3;",
        "let top = cell.0 / 3 * 3;",
        "let b = board[i][j] / 3 * 3;",
        "let b = 3 * (cell % 9 / 3);",
        "let band = cell / 27 * 3;",
        "let x = f(r / 3 * 3);",
    ];
    for code in caught {
        assert_eq!(box_formulas(code, false).len(), 1, "{code}");
    }
    let let_off = [
        "// let b = r / 3 * 3 + c / 3;",
        "/// `r / 3 * 3 + c / 3`",
        "let x = 1; /* r / 3 * 3 */",
        "let s = \"r / 3 * 3 + c / 3\";",
        "let s = r\"r / 3 * 3\";",
        "let s = r#\"board[r / 3 * 3 + i / 3]\"#;",
        "let b = BOX[r * 9 + c];",
        "let x = r / 3 * 30;",
        "let x = r / 3 * 3.5;",
        "let x = 3 * (r + 1);",
        "let x = 13 * (r / 3);",
        "let b = r % 3 * 3 + c / 3;",
        "let b = r / 3 + c / 3;",
    ];
    for code in let_off {
        assert!(box_formulas(code, false).is_empty(), "{code}");
    }
    // Across lines: a string that spans lines hides what it holds.
    let spanning = "let s = \"first\n r / 3 * 3\n\";\nlet b = r / 3 * 3;\n";
    assert_eq!(
        box_formulas(spanning, false),
        [(4, "let b = r / 3 * 3;".to_string())]
    );
}

#[test]
fn in_an_approach_only_the_paste_region_may_work_the_box_out() {
    let file = format!(
        "fn before() -> usize {{ 4 / 3 * 3 }}\n{START_MARKER}\nfn inside(r: usize) -> usize {{ r / 3 * 3 }}\n{END_MARKER}\nfn after(r: usize) -> usize {{ 3 * (r / 3) }}\n"
    );
    let lines: Vec<usize> = box_formulas(&file, true)
        .iter()
        .map(|(line, _)| *line)
        .collect();
    assert_eq!(lines, [1, 5]);
    // Elsewhere the markers let nothing off.
    assert_eq!(box_formulas(&file, false).len(), 3);
    // A region never closed is a finding.
    let open = format!("{START_MARKER}\nfn inside(r: usize) -> usize {{ r / 3 * 3 }}\n");
    assert_eq!(box_formulas(&open, true).len(), 1);
    assert!(box_formulas(&open, true)[0].1.contains("no `"));
}
