//! Cutting the paste-ready code out of an approach's source.
//!
//! The part between [`START_MARKER`] and [`END_MARKER`] is what a user pastes
//! into LeetCode. Inside it, calls to the search-effort hook sit alone on lines
//! that start with `probe::`; those lines are dropped here, so the judge sees
//! plain `std` Rust with no instrumentation.

use thiserror::Error;

/// The line that opens the paste-ready part of an approach file.
pub const START_MARKER: &str = "// submission codes start here";
/// The line that closes it.
pub const END_MARKER: &str = "// submission codes end";

/// Why no paste-ready code could be cut from a source text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PasteError {
    #[error("the line `{START_MARKER}` is missing")]
    MissingStart,
    #[error("the line `{END_MARKER}` is missing after the start marker")]
    MissingEnd,
}

/// Returns the code between the markers, without the hook lines and without
/// leading or trailing blank lines, ending in one newline.
pub fn extract(source: &str) -> Result<String, PasteError> {
    let mut lines = source.lines();
    lines
        .by_ref()
        .find(|line| line.trim() == START_MARKER)
        .ok_or(PasteError::MissingStart)?;
    let mut region = Vec::new();
    let mut closed = false;
    for line in lines {
        if line.trim() == END_MARKER {
            closed = true;
            break;
        }
        if !is_hook_line(line) {
            region.push(line);
        }
    }
    if !closed {
        return Err(PasteError::MissingEnd);
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
    fn missing_markers_are_errors() {
        assert_eq!(extract("fn f() {}"), Err(PasteError::MissingStart));
        assert_eq!(
            extract("// submission codes start here\nfn f() {}\n"),
            Err(PasteError::MissingEnd)
        );
    }
}
