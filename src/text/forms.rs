//! The three text forms of a puzzle, their blank and decoration characters,
//! and why a piece of text is not one ([`ParseError`]). The forms are read
//! straight to [`Cells`]; LeetCode's `Vec<Vec<char>>` is the board layer's
//! business.

use thiserror::Error;

use crate::grid::Cells;

/// Which text form a puzzle came in, so that its answer can be written back in
/// the same form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// 81 characters on one line.
    Line,
    /// LeetCode's `[["5","3",".",...],...]`.
    LeetCode,
    /// Nine lines of nine cells, with optional `|`, `+`, `-` decoration.
    /// Answers to it are written as an 81-character line.
    Grid,
}

/// Characters that stand for a blank in an 81-character line.
pub const LINE_BLANKS: [char; 5] = ['.', '0', '_', '*', '-'];
/// Characters that stand for a blank in a grid (`-` is decoration there).
pub const GRID_BLANKS: [char; 4] = ['.', '0', '_', '*'];
/// Decoration ignored in a grid.
pub const GRID_DECORATION: [char; 5] = ['|', '+', '-', ' ', '\t'];

/// Why a piece of text is not a board. Positions are 1-based, as a person
/// counts them.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("expected 81 cells, found {found} characters")]
    WrongLength { found: usize },
    #[error("bad character {found:?} at row {row}, column {column} (expected 1-9 or a blank: . 0 _ * -)")]
    BadCharacter {
        row: usize,
        column: usize,
        found: char,
    },
    #[error("not LeetCode's board form: {reason}")]
    NotLeetCodeForm { reason: String },
    #[error("expected 9 rows, found {found}")]
    WrongRowCount { found: usize },
    #[error("row {row} has {found} cells, expected 9")]
    WrongRowLength { row: usize, found: usize },
    #[error("bad cell {found:?} at row {row}, column {column} (expected \"1\"-\"9\" or \".\")")]
    BadCell {
        row: usize,
        column: usize,
        found: String,
    },
    #[error("no puzzle in the input")]
    Empty,
    #[error("the line is not valid UTF-8")]
    NotUtf8,
    #[error("the line is longer than {limit} bytes")]
    LineTooLong { limit: usize },
    #[error("cannot read the input: {reason}")]
    Unreadable { reason: String },
    #[error("the second field is not a solution of the first")]
    NotASolution,
    #[error("expected a puzzle and at most its solution, found {found} fields")]
    TooManyFields { found: usize },
    #[error("expected one puzzle, found a second at line {second}")]
    SeveralRecords { second: usize },
    #[error("not a puzzle: neither 81 cells, LeetCode's form, nor a grid row")]
    NotARecord,
    #[error("a grid row needs 9 cells, found {found}")]
    GridRowLength { found: usize },
    #[error("bad character {found:?} in a grid row (expected 1-9 or a blank: . 0 _ *)")]
    BadGridCharacter { found: char },
}

/// Reads an 81-character line: `1`-`9` for givens, any of `.` `0` `_` `*`
/// `-` for blanks; surrounding white space is ignored.
pub fn line_cells(line: &str) -> Result<Cells, ParseError> {
    let line = line.trim();
    let found = line.chars().count();
    if found != 81 {
        return Err(ParseError::WrongLength { found });
    }
    let mut cells = [0u8; 81];
    for (index, character) in line.chars().enumerate() {
        cells[index] = match character {
            '1'..='9' => character as u8 - b'0',
            _ if LINE_BLANKS.contains(&character) => 0,
            _ => {
                return Err(ParseError::BadCharacter {
                    row: index / 9 + 1,
                    column: index % 9 + 1,
                    found: character,
                })
            }
        };
    }
    Ok(cells)
}

/// Reads LeetCode's form, `[["5","3",".",...],...]`, as JSON, straight to
/// cells.
pub fn leetcode_cells(text: &str) -> Result<Cells, ParseError> {
    let rows: Vec<Vec<String>> =
        serde_json::from_str(text).map_err(|error| ParseError::NotLeetCodeForm {
            reason: error.to_string(),
        })?;
    if rows.len() != 9 {
        return Err(ParseError::WrongRowCount { found: rows.len() });
    }
    let mut cells = [0u8; 81];
    for (row_index, row) in rows.iter().enumerate() {
        if row.len() != 9 {
            return Err(ParseError::WrongRowLength {
                row: row_index + 1,
                found: row.len(),
            });
        }
        for (column_index, cell) in row.iter().enumerate() {
            cells[row_index * 9 + column_index] = match cell.as_str() {
                "." => 0,
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => cell.as_bytes()[0] - b'0',
                _ => {
                    return Err(ParseError::BadCell {
                        row: row_index + 1,
                        column: column_index + 1,
                        found: cell.clone(),
                    })
                }
            };
        }
    }
    Ok(cells)
}
