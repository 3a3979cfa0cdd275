//! The record reader: how every part of the project turns input bytes into
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
//!    characters, a known answer, which must solve the puzzle; if it does not,
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

use std::io::{self, BufRead};

use crate::board::{self, Layout, ParseError, GRID_BLANKS, GRID_DECORATION, LINE_BLANKS};
use crate::puzzle::{self, Cells};

/// The longest line kept, in bytes; a longer one is a malformed record, and
/// its bytes past this are dropped as they are read.
pub const MAX_LINE: usize = 64 * 1024;
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
    /// The known answer given after an 81-cell line; it solves `cells`.
    pub known: Option<Cells>,
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
                LineKind::NotUtf8 => Kind::Bad(ParseError::NotUtf8),
                LineKind::TooLong => Kind::Bad(ParseError::LineTooLong { limit: MAX_LINE }),
                LineKind::Unreadable(reason) => Kind::Bad(ParseError::Unreadable { reason }),
            };
            let parsed = match kind {
                Kind::Skip | Kind::Decoration => continue,
                Kind::Bad(error) => Err(error),
                Kind::Cells(parsed) => parsed,
                Kind::GridRow(row) => self.grid(row),
                Kind::LeetCodeStart => self.leetcode(),
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
                _ => Kind::Skip,
            };
            match kind {
                Kind::Decoration => continue,
                Kind::GridRow(row) => rows.push(row),
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
            known: None,
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
        let board = board::parse_leetcode(text.trim())?;
        // `parse_leetcode` has checked the shape and the cells already.
        let cells = puzzle::to_cells(&board).map_err(|error| ParseError::NotLeetCodeForm {
            reason: error.to_string(),
        })?;
        Ok(Parsed {
            cells,
            layout: Layout::LeetCode,
            known: None,
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
        || matches!(classify(line), Kind::GridRow(_))
}

/// What one line is, by the record rules.
enum Kind {
    Skip,
    Decoration,
    Cells(Result<Parsed, ParseError>),
    /// A grid row's nine cells, `0` for a blank.
    GridRow([u8; 9]),
    LeetCodeStart,
    Bad(ParseError),
}

fn classify(raw: &str) -> Kind {
    let line = raw.trim();
    if line.is_empty() || line.starts_with('#') {
        return Kind::Skip;
    }
    if let Some(cells) = cells_line(line) {
        return Kind::Cells(with_known_answer(line, cells));
    }
    if line.starts_with('[') {
        return Kind::LeetCodeStart;
    }
    if line
        .chars()
        .all(|character| GRID_DECORATION.contains(&character))
    {
        return Kind::Decoration;
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
            None => Kind::GridRow(row.map(|cell| cell.to_digit(10).map_or(0, |digit| digit as u8))),
            Some(&bad) => Kind::Bad(ParseError::BadGridCharacter { found: bad }),
        };
    }
    // Anything else: say what is off, as for a grid row when it has a grid's
    // decoration, else as for a line meant to be 81 cells.
    if line.contains('|') {
        return Kind::Bad(ParseError::GridRowLength { found });
    }
    Kind::Bad(match board::parse_line(line) {
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

/// What each byte means in an 81-cell field: its value, or [`NOT_A_CELL`].
const CELL_VALUES: [u8; 256] = cell_values();
const NOT_A_CELL: u8 = 0xFF;

const fn cell_values() -> [u8; 256] {
    let mut table = [NOT_A_CELL; 256];
    let mut digit = 1;
    while digit <= 9 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    let mut blank = 0;
    while blank < LINE_BLANKS.len() {
        table[LINE_BLANKS[blank] as usize] = 0;
        blank += 1;
    }
    table
}

fn cells_field(field: &str) -> Option<Cells> {
    let bytes: &[u8; 81] = field.as_bytes().try_into().ok()?;
    let cells = bytes.map(|byte| CELL_VALUES[usize::from(byte)]);
    // One check after the loop, not a branch per cell.
    let bad = cells.iter().fold(0, |any, &value| any | (value & 0x80));
    (bad == 0).then_some(cells)
}

/// An 81-cell line, with the answer that may follow it checked.
fn with_known_answer(line: &str, cells: Cells) -> Result<Parsed, ParseError> {
    if line.len() == 81 {
        return Ok(Parsed {
            cells,
            layout: Layout::Line,
            known: None,
        });
    }
    let mut fields = line.split_ascii_whitespace().skip(1);
    let known = match (fields.next(), fields.next()) {
        (None, _) => None,
        (Some(answer), None) => match cells_field(answer) {
            Some(answer) if puzzle::solves(&cells, &answer) => Some(answer),
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
        known,
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

/// How a raw line came out of the byte stream.
#[derive(Debug, Clone, PartialEq, Eq)]
enum LineKind {
    Text,
    NotUtf8,
    TooLong,
    Unreadable(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Line {
    number: usize,
    kind: LineKind,
}

/// Splits a byte stream into lines at `\n`, `\r\n` or a lone `\r`, keeping
/// one line's bytes at a time.
struct Lines<R> {
    reader: R,
    bytes: Vec<u8>,
    number: usize,
    last: Option<Line>,
    /// The previous line ended at `\r`: a `\n` right after it belongs to it.
    after_cr: bool,
    finished: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            bytes: Vec::new(),
            number: 0,
            last: None,
            after_cr: false,
            finished: false,
        }
    }

    /// The text of the current line (empty unless it is valid UTF-8).
    fn text(&self) -> &str {
        match self.last {
            Some(Line {
                kind: LineKind::Text,
                ..
            }) => std::str::from_utf8(&self.bytes).unwrap_or(""),
            _ => "",
        }
    }

    fn current(&self) -> Line {
        self.last.clone().unwrap_or(Line {
            number: self.number,
            kind: LineKind::Text,
        })
    }

    fn next(&mut self) -> Option<Line> {
        if self.finished {
            return None;
        }
        self.bytes.clear();
        let mut too_long = false;
        let mut seen_any = false;
        // The line's first byte that is not white space, over all its bytes,
        // kept ones and dropped ones: a long blank or `#` line is skipped.
        let mut leading: Option<u8> = None;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.finished = true;
                    self.number += 1;
                    let line = Line {
                        number: self.number,
                        kind: LineKind::Unreadable(error.to_string()),
                    };
                    self.last = Some(line.clone());
                    return Some(line);
                }
            };
            if available.is_empty() {
                self.finished = true;
                if !seen_any {
                    return None;
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if available[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            seen_any = true;
            let end = memchr::memchr2(b'\n', b'\r', available);
            let taken = end.unwrap_or(available.len());
            if leading.is_none() {
                leading = available[..taken]
                    .iter()
                    .copied()
                    .find(|byte| !byte.is_ascii_whitespace());
            }
            let room = MAX_LINE.saturating_sub(self.bytes.len());
            if taken > room {
                too_long = true;
            }
            self.bytes.extend_from_slice(&available[..taken.min(room)]);
            match end {
                Some(at) => {
                    self.after_cr = available[at] == b'\r';
                    self.reader.consume(at + 1);
                    break;
                }
                None => {
                    let length = available.len();
                    self.reader.consume(length);
                }
            }
        }
        self.number += 1;
        if self.number == 1 && self.bytes.starts_with(b"\xEF\xBB\xBF") {
            self.bytes.drain(..3);
        }
        if too_long {
            // Too long to keep, but a blank or comment line all the same.
            match leading {
                None => {
                    self.bytes.clear();
                    too_long = false;
                }
                Some(b'#') => {
                    self.bytes.clear();
                    self.bytes.push(b'#');
                    too_long = false;
                }
                Some(_) => {}
            }
        }
        let kind = if too_long {
            LineKind::TooLong
        } else if std::str::from_utf8(&self.bytes).is_err() {
            LineKind::NotUtf8
        } else {
            LineKind::Text
        };
        let line = Line {
            number: self.number,
            kind,
        };
        self.last = Some(line.clone());
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::leetcode_example;

    fn summary(text: &[u8]) -> Vec<(usize, Result<Layout, ParseError>)> {
        records(text)
            .map(|record| (record.line, record.parsed.map(|parsed| parsed.layout)))
            .collect()
    }

    fn example_line() -> String {
        board::to_line(&leetcode_example().board)
    }

    #[test]
    fn mixed_forms_are_split_with_their_line_numbers() {
        let example = leetcode_example();
        let line = example_line();
        let solution = board::to_line(example.solution.as_ref().unwrap());
        let text = format!(
            "# mixed\n{line}\n\n{}\n{}{line} {solution}\n12345\n",
            board::to_leetcode(&example.board),
            board::format_grid(&example.board),
        );
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (2, Ok(Layout::Line)),
                (4, Ok(Layout::LeetCode)),
                (6, Ok(Layout::Grid)),
                (18, Ok(Layout::Line)),
                (19, Err(ParseError::WrongLength { found: 5 })),
            ]
        );
        for record in records(text.as_bytes()).take(4) {
            let cells = record.parsed.unwrap().cells;
            assert_eq!(puzzle::to_board(&cells), example.board);
        }
    }

    #[test]
    fn a_grid_cut_short_is_an_error_at_its_first_line() {
        let grid = board::format_grid(&leetcode_example().board);
        let cut: Vec<&str> = grid.lines().take(6).collect();
        let text = format!("{}\n{}\n", cut.join("\n"), example_line());
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (2, Err(ParseError::WrongRowCount { found: 4 })),
                (7, Ok(Layout::Line))
            ]
        );
    }

    #[test]
    fn stray_whitespace_and_blank_symbols_are_accepted() {
        let line = example_line().replace('.', "_");
        let parsed = single_record(&format!("   {line}\t\r\n")).unwrap();
        assert_eq!(puzzle::to_board(&parsed.cells), leetcode_example().board);
    }

    #[test]
    fn lines_end_at_lf_crlf_or_a_lone_cr() {
        let line = example_line();
        let text = format!("{line}\r{line}\r\n{line}\n\r\r{line}");
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (1, Ok(Layout::Line)),
                (2, Ok(Layout::Line)),
                (3, Ok(Layout::Line)),
                (6, Ok(Layout::Line))
            ]
        );
    }

    #[test]
    fn a_line_of_dashes_is_the_empty_board_not_decoration() {
        let parsed = single_record(&"-".repeat(81)).unwrap();
        assert_eq!(parsed.cells, [0; 81]);
        let spread =
            "1---------2---------3---------4---------5---------6---------7---------8---------9";
        let parsed = single_record(spread).unwrap();
        assert_eq!(parsed.layout, Layout::Line);
        assert_eq!(parsed.cells[0], 1);
        assert_eq!(parsed.cells[80], 9);
    }

    #[test]
    fn a_line_that_is_not_utf8_is_one_record_and_reading_goes_on() {
        let line = example_line();
        let mut text = format!("{line}\n").into_bytes();
        text.extend_from_slice(b"\xff\xfe junk\n");
        text.extend_from_slice(format!("{line}\n").as_bytes());
        assert_eq!(
            summary(&text),
            vec![
                (1, Ok(Layout::Line)),
                (2, Err(ParseError::NotUtf8)),
                (3, Ok(Layout::Line))
            ]
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_ignored() {
        let example = leetcode_example();
        for text in [
            example_line(),
            format!("# comment\n{}", example_line()),
            board::to_leetcode(&example.board),
            board::format_grid(&example.board),
        ] {
            let with_mark = format!("\u{feff}{text}");
            let found = summary(with_mark.as_bytes());
            assert_eq!(found.len(), 1, "{text}");
            assert!(found[0].1.is_ok(), "{text}: {found:?}");
        }
    }

    #[test]
    fn leetcode_form_may_spread_over_lines() {
        let example = leetcode_example();
        let one_line = board::to_leetcode(&example.board);
        let spread = one_line.replace("],[", "],\n[");
        assert_eq!(spread.lines().count(), 9);
        let text = format!("{spread}\n{}\n", example_line());
        assert_eq!(
            summary(text.as_bytes()),
            vec![(1, Ok(Layout::LeetCode)), (10, Ok(Layout::Line))]
        );
        // Unclosed, it is one error and the next puzzle is still read.
        let cut: Vec<&str> = spread.lines().take(4).collect();
        let text = format!("{}\n\n{}\n", cut.join("\n"), example_line());
        let found = summary(text.as_bytes());
        assert_eq!(found.len(), 2);
        assert!(matches!(
            found[0],
            (1, Err(ParseError::NotLeetCodeForm { .. }))
        ));
        assert_eq!(found[1], (6, Ok(Layout::Line)));
    }

    #[test]
    fn an_eight_row_grid_then_a_nine_row_grid() {
        let grid = board::format_grid(&leetcode_example().board);
        let rows: Vec<&str> = grid.lines().filter(|line| line.contains('.')).collect();
        let text = format!("{}\n\n{}\n", rows[..8].join("\n"), rows.join("\n"));
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (1, Err(ParseError::WrongRowCount { found: 8 })),
                (10, Ok(Layout::Grid))
            ]
        );
    }

    #[test]
    fn a_second_field_must_solve_the_first() {
        let line = example_line();
        assert_eq!(
            single_record(&format!("{line} {line}")),
            Err(ParseError::NotASolution)
        );
        let solution = board::to_line(leetcode_example().solution.as_ref().unwrap());
        let parsed = single_record(&format!("{line}   {solution}")).unwrap();
        assert!(parsed.known.is_some());
    }

    #[test]
    fn a_long_line_is_one_error_and_memory_stays_bounded() {
        let mut text = vec![b'x'; MAX_LINE * 3];
        text.push(b'\n');
        text.extend_from_slice(example_line().as_bytes());
        assert_eq!(
            summary(&text),
            vec![
                (1, Err(ParseError::LineTooLong { limit: MAX_LINE })),
                (2, Ok(Layout::Line))
            ]
        );
    }

    #[test]
    fn nine_letters_are_no_grid_row() {
        let grid = board::format_grid(&leetcode_example().board);
        let text = format!("aaaa aaaaa\n{grid}");
        assert_eq!(
            summary(text.as_bytes()),
            vec![
                (1, Err(ParseError::BadGridCharacter { found: 'a' })),
                // A grid's record starts at its first row.
                (3, Ok(Layout::Grid))
            ]
        );
    }

    #[test]
    fn an_unclosed_leetcode_record_ends_at_the_next_record_and_swallows_nothing() {
        let one_line = board::to_leetcode(&leetcode_example().board);
        let cut = &one_line[..one_line.find("\"7\"").unwrap() + 3];
        assert_eq!(cut, "[[\"5\",\"3\",\".\",\".\",\"7\"");
        let mut text = format!("{cut}\n");
        for _ in 0..20 {
            text.push_str(&one_line);
            text.push('\n');
        }
        let found = summary(text.as_bytes());
        assert_eq!(found.len(), 21, "{found:?}");
        assert!(matches!(
            found[0],
            (1, Err(ParseError::NotLeetCodeForm { .. }))
        ));
        for (index, record) in found[1..].iter().enumerate() {
            assert_eq!(*record, (index + 2, Ok(Layout::LeetCode)));
        }
        // An 81-cell line and a grid row end it too, and are read as usual.
        let grid = board::format_grid(&leetcode_example().board);
        let text = format!("{cut}\n{}\n{cut}\n{grid}", example_line());
        let found = summary(text.as_bytes());
        let layouts: Vec<_> = found
            .iter()
            .map(|(line, parsed)| (*line, parsed.is_ok()))
            .collect();
        assert_eq!(layouts, vec![(1, false), (2, true), (3, false), (5, true)]);
    }

    /// LeetCode's form as Python's `json.dumps(board, indent=2)` prints it:
    /// one cell a line, 101 lines.
    fn indented_json(board: &crate::board::Board) -> String {
        let rows: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|cell| format!("    \"{cell}\"")).collect();
                format!("  [\n{}\n  ]", cells.join(",\n"))
            })
            .collect();
        format!("[\n{}\n]", rows.join(",\n"))
    }

    #[test]
    fn leetcode_form_printed_one_cell_a_line_is_one_record() {
        let example = leetcode_example();
        let text = indented_json(&example.board);
        assert_eq!(text.lines().count(), 101);
        let parsed = single_record(&text).expect("one record");
        assert_eq!(parsed.layout, Layout::LeetCode);
        assert_eq!(puzzle::to_board(&parsed.cells), example.board);
        // The limit is stated: past 200 lines an unclosed form is one error.
        let endless = format!("[\n{}", "  [\n".repeat(MAX_LEETCODE_LINES + 50));
        let found = summary(endless.as_bytes());
        assert!(matches!(
            found[0],
            (1, Err(ParseError::NotLeetCodeForm { .. }))
        ));
    }

    #[test]
    fn comment_and_blank_lines_of_any_length_are_skipped() {
        for long in [
            format!("# {}", "x".repeat(MAX_LINE * 3)),
            format!("   {}", "#".repeat(MAX_LINE * 2)),
            " ".repeat(MAX_LINE * 3),
            "\t ".repeat(MAX_LINE * 2),
        ] {
            let text = format!("{long}\n{}\n", example_line());
            assert_eq!(summary(text.as_bytes()), vec![(2, Ok(Layout::Line))]);
        }
        // A long line of anything else is still one malformed record.
        let text = format!("  x{}\n", " ".repeat(MAX_LINE * 2));
        assert_eq!(
            summary(text.as_bytes()),
            vec![(1, Err(ParseError::LineTooLong { limit: MAX_LINE }))]
        );
    }

    #[test]
    fn single_record_wants_exactly_one() {
        assert_eq!(single_record("  \n# c\n"), Err(ParseError::Empty));
        let line = example_line();
        assert_eq!(
            single_record(&format!("{line}\n{line}")),
            Err(ParseError::SeveralRecords { second: 2 })
        );
    }
}
