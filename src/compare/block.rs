//! Generated blocks in Markdown files: the part of a note or README between
//! two marker lines, each alone on its line, that a command writes anew
//! (`compare --write-into`, `cargo bench --bench race -- --write-into`).
//! Everything outside the block is left as it was.

use std::io;
use std::path::Path;

use thiserror::Error;

/// Why a generated block could not be written; the file is left as it was.
#[derive(Debug, Error)]
pub enum BlockError {
    #[error("{0}")]
    Read(#[source] io::Error),
    #[error(
        "it has no block to replace: a line {begin} and, after it, a line {end}, each alone on \
         its line; the file is left as it was"
    )]
    NoBlock { begin: String, end: String },
    #[error("{0}")]
    Write(#[source] io::Error),
}

/// Where the block is in `text`: from the start of the line that is exactly
/// `begin` (white space around it allowed) to the end of the first later line
/// that is exactly `end` (before its line break). A marker inside a sentence
/// does not count. `None` when either line is missing.
pub fn find(text: &str, begin: &str, end: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        match start {
            None if content.trim() == begin => start = Some(offset),
            Some(from) if content.trim() == end => return Some((from, offset + content.len())),
            _ => {}
        }
        offset += line.len();
    }
    None
}

/// Replaces the block of the file at `path` with `block` (which holds the two
/// marker lines itself). Fails, leaving the file as it was, when the file
/// cannot be read or has no block; a failed write says so.
pub fn replace_in_file(path: &Path, begin: &str, end: &str, block: &str) -> Result<(), BlockError> {
    let text = std::fs::read_to_string(path).map_err(BlockError::Read)?;
    let (from, to) = find(&text, begin, end).ok_or_else(|| BlockError::NoBlock {
        begin: begin.to_string(),
        end: end.to_string(),
    })?;
    let updated = format!("{}{block}{}", &text[..from], &text[to..]);
    std::fs::write(path, updated).map_err(BlockError::Write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_count_only_alone_on_their_lines() {
        let text = "a <!-- b --> c\n<!-- b -->\nold\n  <!-- e -->\ntail\n";
        let (from, to) = find(text, "<!-- b -->", "<!-- e -->").expect("a block");
        assert_eq!(&text[from..to], "<!-- b -->\nold\n  <!-- e -->");
        assert_eq!(
            find("<!-- e -->\n<!-- b -->\n", "<!-- b -->", "<!-- e -->"),
            None
        );
    }
}
