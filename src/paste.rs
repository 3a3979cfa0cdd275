//! Cutting the paste-ready code out of an approach's source.
//!
//! The part between [`START_MARKER`] and [`END_MARKER`] is what a user pastes
//! into LeetCode. Inside it, calls to the search-effort hook sit alone on lines
//! that start with `probe::`; those lines are dropped here, so the judge sees
//! plain `std` Rust with no instrumentation. So are the lines from
//! [`LIBRARY_ONLY_START`] to [`LIBRARY_ONLY_END`]: what the library runs but a
//! paste cannot carry, such as code that needs a newer compiler than the
//! judge's (`bitboard_simd`'s AVX-512 copy).

use thiserror::Error;

/// The line that opens the paste-ready part of an approach file.
pub const START_MARKER: &str = "// submission codes start here";
/// The line that closes it.
pub const END_MARKER: &str = "// submission codes end";
/// Inside the region, the line that opens lines the library runs but a
/// paste leaves out (markers included).
pub const LIBRARY_ONLY_START: &str = "// library only: start";
/// The line that closes them.
pub const LIBRARY_ONLY_END: &str = "// library only: end";

/// Why no paste-ready code could be cut from a source text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PasteError {
    #[error("the line `{START_MARKER}` is missing")]
    MissingStart,
    #[error("the line `{END_MARKER}` is missing after the start marker")]
    MissingEnd,
    #[error("line {0}: `{LIBRARY_ONLY_START}` or `{LIBRARY_ONLY_END}` out of turn")]
    LibraryOnlyOutOfTurn(usize),
}

/// Returns the code between the markers, without the hook lines, without
/// the library-only lines and without leading or trailing blank lines,
/// ending in one newline. A library-only marker that does not open or close
/// a block (nested, unclosed, or a stray end) is an error naming its line.
pub fn extract(source: &str) -> Result<String, PasteError> {
    let mut lines = source.lines().enumerate();
    lines
        .by_ref()
        .find(|(_, line)| line.trim() == START_MARKER)
        .ok_or(PasteError::MissingStart)?;
    let mut region = Vec::new();
    let mut closed = false;
    let mut library_only = None;
    for (index, line) in lines {
        let trimmed = line.trim();
        if trimmed == END_MARKER {
            closed = true;
            break;
        }
        match (trimmed, library_only) {
            (LIBRARY_ONLY_START, None) => library_only = Some(index + 1),
            (LIBRARY_ONLY_END, Some(_)) => library_only = None,
            (LIBRARY_ONLY_START | LIBRARY_ONLY_END, _) => {
                return Err(PasteError::LibraryOnlyOutOfTurn(index + 1));
            }
            _ if library_only.is_none() && !is_hook_line(line) => region.push(line),
            _ => {}
        }
    }
    if !closed {
        return Err(PasteError::MissingEnd);
    }
    if let Some(line) = library_only {
        return Err(PasteError::LibraryOnlyOutOfTurn(line));
    }
    let text = region.join("\n");
    Ok(format!("{}\n", text.trim_matches('\n')))
}

/// Is this line a call to the search-effort hook, to be left out of a paste?
pub fn is_hook_line(line: &str) -> bool {
    line.trim_start().starts_with("probe::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_region_and_drops_hook_lines() {
        let source = "use crate::probe;\n\
                      // submission codes start here\n\
                      \n\
                      fn f() {\n    probe::place(0, 0, '1');\n    g();\n}\n\
                      \n\
                      // submission codes end\n\
                      fn after() {}\n";
        assert_eq!(extract(source).unwrap(), "fn f() {\n    g();\n}\n");
    }

    #[test]
    fn drops_the_library_only_lines_with_their_markers() {
        let source = "// submission codes start here\n\
                      fn f() {\n\
                      \x20   // library only: start\n\
                      \x20   wide();\n\
                      \x20   // library only: end\n\
                      \x20   g();\n\
                      }\n\
                      // submission codes end\n";
        assert_eq!(extract(source).unwrap(), "fn f() {\n    g();\n}\n");
    }

    #[test]
    fn library_only_markers_out_of_turn_are_errors_naming_the_line() {
        let cases = [
            ("// library only: start\nf();\n", 2),
            ("// library only: end\n", 2),
            ("// library only: start\n// library only: start\n", 3),
        ];
        for (body, line) in cases {
            let source = format!("// submission codes start here\n{body}// submission codes end\n");
            assert_eq!(
                extract(&source),
                Err(PasteError::LibraryOnlyOutOfTurn(line)),
                "{body:?}"
            );
        }
    }

    #[test]
    fn missing_markers_are_errors() {
        assert_eq!(extract("fn f() {}"), Err(PasteError::MissingStart));
        assert_eq!(
            extract("// submission codes start here\nfn f() {}\n"),
            Err(PasteError::MissingEnd)
        );
    }
}
