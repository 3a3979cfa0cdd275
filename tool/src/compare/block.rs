//! Generated blocks in Markdown files: the part of a note or README between
//! two marker lines, each alone on its line, that a command writes anew
//! (`compare --write-into`, `cargo bench --bench race -- --write-into`).
//! Everything outside the block is left as it was, its line endings too,
//! and the file is written whole through a temporary file renamed over it:
//! a full disk leaves it as it was.

use std::io;
use std::path::Path;

use thiserror::Error;

use crate::files::{self, ReadError};

/// The largest Markdown file a block is written into.
pub const MAX_FILE: u64 = 16 * 1024 * 1024;

/// Why a generated block could not be written; the file is left as it was.
#[derive(Debug, Error)]
pub enum BlockError {
    #[error("{0}")]
    Read(#[source] ReadError),
    #[error(
        "it has no block to replace: a line {begin} and, after it, a line {end}, each alone on \
         its line; the file is left as it was"
    )]
    NoBlock { begin: String, end: String },
    #[error(
        "it has {count} blocks between lines {begin} and {end}, and only one can be \
         written; keep one (the file is left as it was)"
    )]
    SeveralBlocks {
        count: usize,
        begin: String,
        end: String,
    },
    #[error("{0}; the file is left as it was")]
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

/// Whether the file at `path` can take a block: readable, with exactly one
/// block. Checked before the work starts, so that a bad path is said at once.
pub fn check(path: &Path, begin: &str, end: &str) -> Result<(), BlockError> {
    let text = files::read_text(path, MAX_FILE).map_err(BlockError::Read)?;
    find(&text, begin, end).ok_or_else(|| BlockError::NoBlock {
        begin: begin.to_string(),
        end: end.to_string(),
    })?;
    let count = count_blocks(&text, begin);
    if count > 1 {
        return Err(BlockError::SeveralBlocks {
            count,
            begin: begin.to_string(),
            end: end.to_string(),
        });
    }
    Ok(())
}

fn count_blocks(text: &str, begin: &str) -> usize {
    text.lines()
        .filter(|line| line.trim_end_matches('\r').trim() == begin)
        .count()
}

/// Replaces the block of the file at `path` with `block` (which holds the two
/// marker lines itself), written with the file's own line endings. Fails,
/// leaving the file as it was, when the file cannot be read, has no block or
/// more than one, or cannot be written.
pub fn replace_in_file(path: &Path, begin: &str, end: &str, block: &str) -> Result<(), BlockError> {
    let text = files::read_text(path, MAX_FILE).map_err(BlockError::Read)?;
    let (from, to) = find(&text, begin, end).ok_or_else(|| BlockError::NoBlock {
        begin: begin.to_string(),
        end: end.to_string(),
    })?;
    let count = count_blocks(&text, begin);
    if count > 1 {
        return Err(BlockError::SeveralBlocks {
            count,
            begin: begin.to_string(),
            end: end.to_string(),
        });
    }
    let block = if text.contains("\r\n") {
        block.replace("\r\n", "\n").replace('\n', "\r\n")
    } else {
        block.to_string()
    };
    let updated = format!("{}{block}{}", &text[..from], &text[to..]);
    files::write_replacing(path, updated.as_bytes()).map_err(BlockError::Write)
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

    #[test]
    fn a_block_keeps_the_file_s_line_endings_and_two_blocks_are_refused() {
        let folder = tempfile::tempdir().expect("a folder");
        let path = folder.path().join("note.md");
        std::fs::write(
            &path,
            "title\r\n<!-- b -->\r\nold\r\n<!-- e -->\r\ntail\r\n",
        )
        .expect("written");
        replace_in_file(
            &path,
            "<!-- b -->",
            "<!-- e -->",
            "<!-- b -->\nnew\n<!-- e -->",
        )
        .expect("replaced");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "title\r\n<!-- b -->\r\nnew\r\n<!-- e -->\r\ntail\r\n"
        );
        let twice = "<!-- b -->\na\n<!-- e -->\n<!-- b -->\nb\n<!-- e -->\n";
        std::fs::write(&path, twice).expect("written");
        let error = replace_in_file(&path, "<!-- b -->", "<!-- e -->", "<!-- b -->\n<!-- e -->")
            .expect_err("two blocks");
        assert!(
            matches!(error, BlockError::SeveralBlocks { count: 2, .. }),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&path).expect("read"), twice);
    }
}
