//! The text layer: the record reader, how every part of the project turns input bytes into
//! puzzles. `sudoku37 solve`, `show`, `trace`, `compare`, `--data` sets and
//! [`crate::solve_checked`] all read through [`Records`], so they accept and
//! reject exactly the same text.
//!
//! Input is read as a stream, record by record: memory does not grow with the
//! input, and the first answer can be printed before the rest has been read.
//!
//! # Record rules
//!
//! 1. **Lines.** A line ends at `\n`, `\r\n` or a lone `\r`. A UTF-8
//!    byte-order mark at the very start is ignored. A line that is not valid
//!    UTF-8 is one malformed record, and reading goes on.
//! 2. **Not records.** Blank lines, and lines that start with `#`, of any
//!    length (a long one is skipped in bounded memory).
//! 3. **81-cell lines.** A line of exactly 81 cell characters is one puzzle.
//!    Cell characters are `1`-`9` and the blanks `.` `0` `_` `*` `-`;
//!    surrounding white space is allowed. This holds even when every cell is
//!    `-`. The line may go on with white space and a second field of 81
//!    characters, the puzzle's solution, which must solve it; if it does not,
//!    the record is an error.
//! 4. **LeetCode's form.** It starts at `[` and ends at the matching `]`.
//!    It is one record, on one line or spread over several (at most
//!    [`MAX_LEETCODE_LINES`] lines and [`MAX_LEETCODE_BYTES`] bytes). A form
//!    left unclosed ends, as one malformed record, at the first line that
//!    starts another record: a blank line, a `#` line, a line starting with
//!    `[[`, an 81-cell line or a grid row; that line is then read as usual.
//! 5. **Grids.** A run of consecutive lines each holding nine cells, with `|`,
//!    `+`, `-` and spaces as decoration (`-` is not a blank here). Lines of
//!    decoration only, such as `+-------+`, are skipped. The run ends at a
//!    blank line, at a line of another kind, or after its ninth row. Nine rows
//!    make one puzzle; fewer make one malformed record. An 81-cell line is
//!    never read as decoration or as a grid row.
//! 6. **Anything else** is one malformed record.
//!
//! Every record carries the number of the line it starts on.

mod forms;
mod lines;

use std::io::BufRead;

pub use forms::{
    leetcode_cells, line_cells, Layout, ParseError, GRID_BLANKS, GRID_DECORATION, LINE_BLANKS,
};

use crate::grid::{self, Cells};
pub use lines::MAX_LINE;
use lines::{Line, LineKind, Lines};

/// The most lines LeetCode's form may be spread over: room for a board
/// printed one cell a line, as `json.dumps(board, indent=2)` does (101
/// lines), twice over.
pub const MAX_LEETCODE_LINES: usize = 200;
/// The most bytes LeetCode's form may take, over all its lines.
pub const MAX_LEETCODE_BYTES: usize = 64 * 1024;

/// One record of the input: a parsed puzzle, or why the text there is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The 1-based line the record starts on.
    pub line: usize,
    pub parsed: Result<Parsed, ParseError>,
}

/// A record that reads as a board. Its cells are not checked for conflicting
/// givens yet: that is [`crate::Puzzle::from_cells`]'s job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    pub cells: Cells,
    /// The form it came in, so that its answer can be written in the same form.
    pub layout: Layout,
    /// The solution given after an 81-cell line; it solves `cells`.
    pub solution: Option<Cells>,
}

/// Reads `bytes` as records; for text already in memory.
pub fn records(bytes: &[u8]) -> Records<&[u8]> {
    Records::new(bytes)
}

/// Reads exactly one record from `text`: an error if it holds none, more
/// than one, or a malformed one.
pub fn single_record(text: &str) -> Result<Parsed, ParseError> {
    let mut records = records(text.as_bytes());
    let first = records.next().ok_or(ParseError::Empty)?;
    if let Some(second) = records.next() {
        return Err(ParseError::SeveralRecords {
            second: second.line,
        });
    }
    first.parsed
}

/// Splits `text` into records, in input order.
pub fn split_puzzles(text: &str) -> Vec<Record> {
    records(text.as_bytes()).collect()
}

/// An iterator over the records of a byte stream (see the module docs for the
/// rules). A read error ends the stream with one malformed record saying so.
pub struct Records<R> {
    lines: Lines<R>,
    /// The current line is to be classified again: a grid or LeetCode's form
    /// ended on it without taking it.
    replay: bool,
}

impl<R: BufRead> Records<R> {
    /// Reads records from `reader`.
    pub fn new(reader: R) -> Records<R> {
        Records {
            lines: Lines::new(reader),
            replay: false,
        }
    }

    fn advance(&mut self) -> Option<Line> {
        if self.replay {
            self.replay = false;
            return Some(self.lines.current());
        }
        self.lines.next()
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            let line = self.advance()?;
            let number = line.number;
            let kind = match line.kind {
                LineKind::Text => classify(self.lines.text()),
                LineKind::NotUtf8 => LineClass::Bad(ParseError::NotUtf8),
                LineKind::TooLong => LineClass::Bad(ParseError::LineTooLong { limit: MAX_LINE }),
                LineKind::Unreadable(reason) => LineClass::Bad(ParseError::Unreadable { reason }),
            };
            let parsed = match kind {
                LineClass::Skip | LineClass::Decoration => continue,
                LineClass::Bad(error) => Err(error),
                LineClass::Cells(parsed) => parsed,
                LineClass::GridRow(row) => self.grid(row),
                LineClass::LeetCodeStart => self.leetcode(),
            };
            return Some(Record {
                line: number,
                parsed,
            });
        }
    }
}

impl<R: BufRead> Records<R> {
    /// Reads the rest of a grid whose first row is `first`.
    fn grid(&mut self, first: [u8; 9]) -> Result<Parsed, ParseError> {
        let mut rows = vec![first];
        while rows.len() < 9 {
            let Some(line) = self.lines.next() else { break };
            let kind = match line.kind {
                LineKind::Text => classify(self.lines.text()),
                _ => LineClass::Skip,
            };
            match kind {
                LineClass::Decoration => continue,
                LineClass::GridRow(row) => rows.push(row),
                _ => {
                    self.replay = true;
                    break;
                }
            }
        }
        if rows.len() != 9 {
            return Err(ParseError::WrongRowCount { found: rows.len() });
        }
        let mut cells = [0u8; 81];
        for (values, row) in cells.chunks_exact_mut(9).zip(&rows) {
            values.copy_from_slice(row);
        }
        Ok(Parsed {
            cells,
            layout: Layout::Grid,
            solution: None,
        })
    }

    /// Reads LeetCode's form from the current line on, until its brackets
    /// close.
    fn leetcode(&mut self) -> Result<Parsed, ParseError> {
        let mut text = String::new();
        let mut depth = Brackets::default();
        let mut lines = 0;
        loop {
            text.push_str(self.lines.text());
            text.push('\n');
            lines += 1;
            depth.scan(self.lines.text());
            if depth.closed() {
                break;
            }
            if lines == MAX_LEETCODE_LINES || text.len() > MAX_LEETCODE_BYTES {
                return Err(ParseError::NotLeetCodeForm {
                    reason: format!(
                        "its brackets are not closed within {MAX_LEETCODE_LINES} lines \
                         and {} KiB",
                        MAX_LEETCODE_BYTES / 1024
                    ),
                });
            }
            let Some(line) = self.lines.next() else {
                return Err(ParseError::NotLeetCodeForm {
                    reason: "the input ends before its brackets close".to_string(),
                });
            };
            let continues = line.kind == LineKind::Text && !starts_a_record(self.lines.text());
            if !continues {
                self.replay = true;
                return Err(ParseError::NotLeetCodeForm {
                    reason: "its brackets are not closed".to_string(),
                });
            }
        }
        let cells = leetcode_cells(text.trim())?;
        Ok(Parsed {
            cells,
            layout: Layout::LeetCode,
            solution: None,
        })
    }
}

/// Whether a line inside an unclosed LeetCode form starts something else:
/// a blank or `#` line, a new LeetCode form (`[[`), an 81-cell line or a
/// grid row.
fn starts_a_record(raw: &str) -> bool {
    let line = raw.trim();
    line.is_empty()
        || line.starts_with('#')
        || line.starts_with("[[")
        || cells_line(line).is_some()
        || matches!(classify(line), LineClass::GridRow(_))
}

/// What one line is, by the record rules.
enum LineClass {
    Skip,
    Decoration,
    Cells(Result<Parsed, ParseError>),
    /// A grid row's nine cells, `0` for a blank.
    GridRow([u8; 9]),
    LeetCodeStart,
    Bad(ParseError),
}

fn classify(raw: &str) -> LineClass {
    let line = raw.trim();
    if line.is_empty() || line.starts_with('#') {
        return LineClass::Skip;
    }
    if let Some(cells) = cells_line(line) {
        return LineClass::Cells(with_solution(line, cells));
    }
    if line.starts_with('[') {
        return LineClass::LeetCodeStart;
    }
    if line
        .chars()
        .all(|character| GRID_DECORATION.contains(&character))
    {
        return LineClass::Decoration;
    }
    let mut row = ['.'; 9];
    let mut found = 0;
    for character in line.chars().filter(|c| !GRID_DECORATION.contains(c)) {
        if found < 9 {
            row[found] = character;
        }
        found += 1;
    }
    if found == 9 {
        // A row of nine cells; nine other characters are no row at all.
        return match row
            .iter()
            .find(|cell| !matches!(cell, '1'..='9') && !GRID_BLANKS.contains(cell))
        {
            // Digits as values, blanks as 0.
            None => {
                LineClass::GridRow(row.map(|cell| cell.to_digit(10).map_or(0, |digit| digit as u8)))
            }
            Some(&bad) => LineClass::Bad(ParseError::BadGridCharacter { found: bad }),
        };
    }
    // Anything else: say what is off, as for a grid row when it has a grid's
    // decoration, else as for a line meant to be 81 cells.
    if line.contains('|') {
        return LineClass::Bad(ParseError::GridRowLength { found });
    }
    LineClass::Bad(match line_cells(line) {
        Err(error) => error,
        Ok(_) => ParseError::NotARecord,
    })
}

/// The cells of a line whose first field is exactly 81 cell characters.
fn cells_line(line: &str) -> Option<Cells> {
    if line.len() == 81 {
        // The common case: the line is the field.
        return cells_field(line);
    }
    let first = line.split_ascii_whitespace().next()?;
    cells_field(first)
}

/// The values of an 81-cell field (`1`-`9` for a digit, `0` for one of
/// [`LINE_BLANKS`]), or `None` if it has any other byte. Each byte is read
/// by comparisons alone, with no branch and no table, so the loop runs on
/// sixteen bytes at a time.
fn cells_field(field: &str) -> Option<Cells> {
    let bytes: &[u8; 81] = field.as_bytes().try_into().ok()?;
    let mut cells = [0; 81];
    let mut bad = false;
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        let digit = byte.wrapping_sub(b'0');
        // '1'..='9': '0' wraps to 255 here.
        let is_digit = digit.wrapping_sub(1) < 9;
        let is_blank = LINE_BLANKS.iter().fold(false, |blank, &mark| {
            blank | (u32::from(byte) == u32::from(mark))
        });
        *cell = if is_digit { digit } else { 0 };
        bad |= !(is_digit | is_blank);
    }
    (!bad).then_some(cells)
}

/// An 81-cell line, with the solution that may follow it checked.
fn with_solution(line: &str, cells: Cells) -> Result<Parsed, ParseError> {
    if line.len() == 81 {
        return Ok(Parsed {
            cells,
            layout: Layout::Line,
            solution: None,
        });
    }
    let mut fields = line.split_ascii_whitespace().skip(1);
    let solution = match (fields.next(), fields.next()) {
        (None, _) => None,
        (Some(answer), None) => match cells_field(answer) {
            Some(answer) if grid::solves(&cells, &answer) => Some(answer),
            _ => return Err(ParseError::NotASolution),
        },
        (Some(_), Some(_)) => {
            return Err(ParseError::TooManyFields {
                found: line.split_whitespace().count(),
            })
        }
    };
    Ok(Parsed {
        cells,
        layout: Layout::Line,
        solution,
    })
}

/// Bracket depth over LeetCode's form, outside its strings.
#[derive(Default)]
struct Brackets {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl Brackets {
    fn scan(&mut self, text: &str) {
        for character in text.chars() {
            if self.opened && self.depth == 0 {
                return;
            }
            if self.in_string {
                match character {
                    _ if self.escaped => self.escaped = false,
                    '\\' => self.escaped = true,
                    '"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match character {
                '"' => self.in_string = true,
                '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                ']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
    }

    fn closed(&self) -> bool {
        self.opened && self.depth == 0
    }
}

#[cfg(test)]
mod tests;
