//! The board as LeetCode hands it over (`Vec<Vec<char>>`), and everything the
//! project does with one outside the approaches: parse it from text, write it
//! back, check a candidate solution, and draw it as a boxed grid.
//!
//! These helpers live here, not in the approach files, so that every approach
//! stays a self-contained block of code that can be pasted into a judge.
//!
//! Three text forms are understood:
//! * an 81-character line, row by row, with `1`-`9` for givens and any of
//!   `.` `0` `_` `*` `-` for blanks (surrounding whitespace is ignored);
//! * LeetCode's form, `[["5","3",".",...],...]`: nine rows of nine one-character
//!   strings;
//! * a grid of nine lines of nine cells, blanks as `.` `0` `_` `*`, with `|`,
//!   `+`, `-` and spaces as decoration that is ignored.

use std::fmt;

use thiserror::Error;

/// A Sudoku board in LeetCode's representation: nine rows of nine cells, each
/// `'1'..='9'` or `'.'` for a blank.
pub type Board = Vec<Vec<char>>;

/// The character LeetCode uses for an empty cell.
pub const BLANK: char = '.';

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
    #[error("not a grid of nine rows of nine cells")]
    NotAGrid,
    #[error("a grid row needs 9 cells, found {found}")]
    GridRowLength { found: usize },
    #[error("bad character {found:?} in a grid row (expected 1-9 or a blank: . 0 _ *)")]
    BadGridCharacter { found: char },
}

/// Parses one puzzle in any of the three text forms, telling which one it
/// was, by the record rules of [`crate::input`]. Text holding no record, or
/// more than one, is an error.
pub fn parse_puzzle(text: &str) -> Result<(Board, Layout), ParseError> {
    let parsed = crate::input::single_record(text)?;
    Ok((crate::puzzle::to_board(&parsed.cells), parsed.layout))
}

/// Parses a grid: nine lines of nine cells (`1`-`9`, or `.` `0` `_` `*` for a
/// blank). `|`, `+`, `-` and spaces are decoration; lines of decoration only,
/// and blank lines, are skipped.
pub fn parse_grid(text: &str) -> Result<Board, ParseError> {
    let parsed = crate::input::single_record(text)?;
    if parsed.layout != Layout::Grid {
        return Err(ParseError::NotAGrid);
    }
    Ok(crate::puzzle::to_board(&parsed.cells))
}

/// The cells of one grid line: everything but the decoration.
pub fn grid_cells(line: &str) -> Vec<char> {
    line.chars()
        .filter(|character| !GRID_DECORATION.contains(character))
        .collect()
}

/// Parses an 81-character line: `1`-`9` for givens, any of `.` `0` `_` `*`
/// `-` for blanks.
pub fn parse_line(line: &str) -> Result<Board, ParseError> {
    let line = line.trim();
    let found = line.chars().count();
    if found != 81 {
        return Err(ParseError::WrongLength { found });
    }
    let mut board = vec![vec![BLANK; 9]; 9];
    for (index, character) in line.chars().enumerate() {
        let (row, column) = (index / 9, index % 9);
        board[row][column] = match character {
            '1'..='9' => character,
            _ if LINE_BLANKS.contains(&character) => BLANK,
            _ => {
                return Err(ParseError::BadCharacter {
                    row: row + 1,
                    column: column + 1,
                    found: character,
                })
            }
        };
    }
    Ok(board)
}

/// Parses LeetCode's form, `[["5","3",".",...],...]`, as JSON.
pub fn parse_leetcode(text: &str) -> Result<Board, ParseError> {
    let rows: Vec<Vec<String>> =
        serde_json::from_str(text).map_err(|error| ParseError::NotLeetCodeForm {
            reason: error.to_string(),
        })?;
    if rows.len() != 9 {
        return Err(ParseError::WrongRowCount { found: rows.len() });
    }
    let mut board = Vec::with_capacity(9);
    for (row_index, row) in rows.iter().enumerate() {
        if row.len() != 9 {
            return Err(ParseError::WrongRowLength {
                row: row_index + 1,
                found: row.len(),
            });
        }
        let mut cells = Vec::with_capacity(9);
        for (column_index, cell) in row.iter().enumerate() {
            match cell.as_str() {
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "." => {
                    cells.extend(cell.chars());
                }
                _ => {
                    return Err(ParseError::BadCell {
                        row: row_index + 1,
                        column: column_index + 1,
                        found: cell.clone(),
                    })
                }
            }
        }
        board.push(cells);
    }
    Ok(board)
}

/// Writes a board as an 81-character line, blanks as `.`.
pub fn to_line(board: &Board) -> String {
    board.iter().flatten().collect()
}

/// Writes a board in LeetCode's form, on one line.
pub fn to_leetcode(board: &Board) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|cell| format!("\"{cell}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// Writes a board in the given form, on one line (a grid's answer is written
/// as an 81-character line, so that every answer takes one line).
pub fn write(board: &Board, layout: Layout) -> String {
    match layout {
        Layout::Line | Layout::Grid => to_line(board),
        Layout::LeetCode => to_leetcode(board),
    }
}

/// Counts the blank cells of a board.
pub fn count_blanks(board: &Board) -> usize {
    board
        .iter()
        .flatten()
        .filter(|&&cell| cell == BLANK)
        .count()
}

/// The three kinds of unit a digit must appear in exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(index) => write!(formatter, "row {}", index + 1),
            Unit::Column(index) => write!(formatter, "column {}", index + 1),
            Unit::Box(index) => write!(formatter, "box {}", index + 1),
        }
    }
}

/// Every unit in a fixed order (rows, then columns, then boxes), with the
/// (row, column) of its nine cells.
pub fn units() -> impl Iterator<Item = (Unit, [(usize, usize); 9])> {
    let rows = (0..9).map(|row| (Unit::Row(row), std::array::from_fn(|k| (row, k))));
    let columns = (0..9).map(|column| (Unit::Column(column), std::array::from_fn(|k| (k, column))));
    let boxes = (0..9).map(|index| {
        let (top, left) = (index / 3 * 3, index % 3 * 3);
        (
            Unit::Box(index),
            std::array::from_fn(|k| (top + k / 3, left + k % 3)),
        )
    });
    rows.chain(columns).chain(boxes)
}

/// Two givens with the same digit in one unit: the puzzle cannot be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("digit {digit} appears twice in {unit}")]
pub struct Conflict {
    pub digit: char,
    pub unit: Unit,
}

/// Finds the first unit (rows, then columns, then boxes) that holds some digit
/// twice, if any; a board that is not 9x9 of digits and blanks has none.
pub fn find_conflict(board: &Board) -> Option<Conflict> {
    let cells = crate::puzzle::to_cells(board).ok()?;
    crate::puzzle::find_conflict(&cells)
}

/// Why a candidate is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    #[error("the board is not 9x9")]
    WrongShape,
    #[error("row {row}, column {column} is still blank")]
    Incomplete { row: usize, column: usize },
    #[error("row {row}, column {column} holds {found:?}, not a digit 1-9")]
    NotADigit {
        row: usize,
        column: usize,
        found: char,
    },
    #[error("the given {given} at row {row}, column {column} was changed to {found}")]
    GivenChanged {
        row: usize,
        column: usize,
        given: char,
        found: char,
    },
    #[error("{0}")]
    Repeated(Conflict),
}

/// Checks that `candidate` solves `puzzle`: it is 9x9 and complete, every row,
/// column and box holds each digit once, and every given of `puzzle` is kept.
///
/// Any valid completion passes, so this also judges puzzles with more than one
/// solution.
pub fn check_solution(puzzle: &Board, candidate: &Board) -> Result<(), CheckError> {
    use crate::puzzle::{to_cells, PuzzleError};
    let given = to_cells(puzzle).map_err(|_| CheckError::WrongShape)?;
    let found = match to_cells(candidate) {
        Ok(cells) => cells,
        Err(PuzzleError::BadCell { row, column, found }) => {
            return Err(CheckError::NotADigit { row, column, found })
        }
        Err(_) => return Err(CheckError::WrongShape),
    };
    check_cells(&given, &found)
}

/// [`check_solution`] on cells (`0` for a blank).
pub fn check_cells(
    puzzle: &crate::puzzle::Cells,
    candidate: &crate::puzzle::Cells,
) -> Result<(), CheckError> {
    for (index, (&given, &found)) in puzzle.iter().zip(candidate).enumerate() {
        let (row, column) = (index / 9 + 1, index % 9 + 1);
        if found == 0 {
            return Err(CheckError::Incomplete { row, column });
        }
        if given != 0 && given != found {
            return Err(CheckError::GivenChanged {
                row,
                column,
                given: char::from(b'0' + given),
                found: char::from(b'0' + found),
            });
        }
    }
    // A complete board with no digit twice in any unit has every unit a
    // permutation of 1-9: nine cells, nine distinct digits.
    match crate::puzzle::find_conflict(candidate) {
        Some(conflict) => Err(CheckError::Repeated(conflict)),
        None => Ok(()),
    }
}

/// Draws a board as a boxed 9x9 grid, one line per text row, with a trailing
/// newline.
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// ...
/// ```
pub fn format_grid(board: &Board) -> String {
    grid_lines(board).join("\n") + "\n"
}

/// Draws a board as [`format_grid`] does, with each cell of `marks` in
/// brackets, `[5]`: the two cells of a clash, for instance. A bracket takes
/// the place of the space beside the cell, so the grid keeps its width (two
/// marked neighbours share the bracket between them). Cells missing from a
/// misshapen board are drawn as spaces.
pub fn format_grid_marked(board: &Board, marks: &[(usize, usize)]) -> String {
    let separator = "+-------+-------+-------+";
    let mut text = format!("{separator}\n");
    for row in 0..9 {
        let marked = |column: usize| marks.contains(&(row, column));
        let mut line = String::from("|");
        for column in 0..9 {
            let cell = board
                .get(row)
                .and_then(|cells| cells.get(column))
                .copied()
                .filter(|cell| !cell.is_control() && !cell.is_whitespace())
                .unwrap_or(' ');
            let before = if marked(column) {
                '['
            } else if column % 3 != 0 && marked(column - 1) {
                ']'
            } else {
                ' '
            };
            line.push(before);
            line.push(cell);
            if column % 3 == 2 {
                line.push(if marked(column) { ']' } else { ' ' });
                line.push('|');
            }
        }
        text.push_str(&line);
        text.push('\n');
        if row % 3 == 2 {
            text.push_str(separator);
            text.push('\n');
        }
    }
    text
}

/// Draws two boards side by side, each under its own title.
pub fn format_side_by_side(
    left_title: &str,
    left: &Board,
    right_title: &str,
    right: &Board,
) -> String {
    let left_lines = grid_lines(left);
    let right_lines = grid_lines(right);
    let width = left_lines[0].chars().count();
    let mut text = format!("{left_title:<width$}    {right_title}\n");
    for (left_line, right_line) in left_lines.iter().zip(&right_lines) {
        text.push_str(&format!("{left_line}    {right_line}\n"));
    }
    text
}

fn grid_lines(board: &Board) -> Vec<String> {
    let separator = "+-------+-------+-------+".to_string();
    let mut lines = vec![separator.clone()];
    for (row_index, row) in board.iter().enumerate() {
        let mut line = String::from("|");
        for (column_index, cell) in row.iter().enumerate() {
            line.push(' ');
            line.push(*cell);
            if column_index % 3 == 2 {
                line.push_str(" |");
            }
        }
        lines.push(line);
        if row_index % 3 == 2 {
            lines.push(separator.clone());
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const EXAMPLE_SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn line_round_trips() {
        let board = parse_line(EXAMPLE).unwrap();
        assert_eq!(board[0], vec!['5', '3', '.', '.', '7', '.', '.', '.', '.']);
        assert_eq!(to_line(&board), EXAMPLE);
    }

    #[test]
    fn zero_is_a_blank_and_whitespace_is_ignored() {
        let with_zeros = format!("  {}\n", EXAMPLE.replace('.', "0"));
        assert_eq!(
            parse_line(&with_zeros).unwrap(),
            parse_line(EXAMPLE).unwrap()
        );
    }

    #[test]
    fn leetcode_form_round_trips() {
        let board = parse_line(EXAMPLE).unwrap();
        let text = to_leetcode(&board);
        assert!(text.starts_with(r#"[["5","3",".",".","7""#));
        assert_eq!(parse_leetcode(&text).unwrap(), board);
        assert_eq!(parse_puzzle(&text).unwrap(), (board, Layout::LeetCode));
    }

    #[test]
    fn every_blank_symbol_is_a_blank_in_a_line() {
        for blank in LINE_BLANKS {
            let text = EXAMPLE.replace('.', &blank.to_string());
            assert_eq!(
                parse_line(&text).unwrap(),
                parse_line(EXAMPLE).unwrap(),
                "{blank}"
            );
        }
    }

    #[test]
    fn a_decorated_grid_is_read() {
        let grid = "\
            +-------+-------+-------+\n\
            | 5 3 _ | _ 7 _ | _ _ _ |\n\
            | 6 * * | 1 9 5 | 0 0 0 |\n\
            | . 9 8 | . . . | . 6 . |\n\
            +-------+-------+-------+\n\
            | 8 . . | . 6 . | . . 3 |\n\
            | 4 . . | 8 . 3 | . . 1 |\n\
            | 7 . . | . 2 . | . . 6 |\n\
            +-------+-------+-------+\n\
            | . 6 . | . . . | 2 8 . |\n\
            | . . . | 4 1 9 | . . 5 |\n\
            | . . . | . 8 . | . 7 9 |\n\
            +-------+-------+-------+\n";
        assert_eq!(
            parse_puzzle(grid),
            Ok((parse_line(EXAMPLE).unwrap(), Layout::Grid))
        );
        // The boxed drawing this module prints reads back as the same board.
        let board = parse_line(EXAMPLE).unwrap();
        assert_eq!(parse_grid(&format_grid(&board)), Ok(board));
        let plain: String = EXAMPLE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        assert_eq!(parse_puzzle(&plain).unwrap().1, Layout::Grid);
    }

    #[test]
    fn a_bad_grid_says_what_is_off() {
        let board = parse_line(EXAMPLE).unwrap();
        let grid = format_grid(&board);
        let eight_rows: String = grid
            .lines()
            .skip(1)
            .take(10)
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(
            parse_grid(&eight_rows),
            Err(ParseError::WrongRowCount { found: 8 })
        );
        // A short row is a bad line of its own, which ends the grid.
        let short_row = grid.replacen("| 5 3 . |", "| 5 3 |", 1);
        assert!(parse_grid(&short_row).is_err());
        let first = crate::input::split_puzzles(&short_row).remove(0);
        assert_eq!(
            (first.line, first.parsed),
            (2, Err(ParseError::GridRowLength { found: 8 }))
        );
        let bad = grid.replacen("| 5 3 . |", "| 5 3 x |", 1);
        assert!(parse_grid(&bad).is_err());
        let first = crate::input::split_puzzles(&bad).remove(0);
        assert_eq!(
            (first.line, first.parsed),
            (2, Err(ParseError::BadGridCharacter { found: 'x' }))
        );
    }

    #[test]
    fn wrong_length_says_how_long() {
        assert_eq!(parse_line("123"), Err(ParseError::WrongLength { found: 3 }));
        let long = format!("{EXAMPLE}1");
        assert_eq!(
            parse_line(&long),
            Err(ParseError::WrongLength { found: 82 })
        );
    }

    #[test]
    fn bad_character_says_where() {
        let mut text = EXAMPLE.to_string();
        text.replace_range(10..11, "x");
        let error = parse_line(&text).unwrap_err();
        assert_eq!(
            error,
            ParseError::BadCharacter {
                row: 2,
                column: 2,
                found: 'x'
            }
        );
        assert_eq!(
            error.to_string(),
            "bad character 'x' at row 2, column 2 (expected 1-9 or a blank: . 0 _ * -)"
        );
    }

    #[test]
    fn short_leetcode_row_says_which() {
        let board = parse_line(EXAMPLE).unwrap();
        let text = to_leetcode(&board).replacen(r#"".","7","#, r#""7","#, 1);
        assert_eq!(
            parse_leetcode(&text),
            Err(ParseError::WrongRowLength { row: 1, found: 8 })
        );
    }

    #[test]
    fn leetcode_form_rejects_bad_cells_rows_and_syntax() {
        let board = parse_line(EXAMPLE).unwrap();
        let text = to_leetcode(&board).replacen(r#""5""#, r#""55""#, 1);
        assert_eq!(
            parse_leetcode(&text),
            Err(ParseError::BadCell {
                row: 1,
                column: 1,
                found: "55".into()
            })
        );
        assert_eq!(
            parse_leetcode(r#"[["1"]]"#),
            Err(ParseError::WrongRowCount { found: 1 })
        );
        assert!(matches!(
            parse_leetcode(r#"[["1","2""#),
            Err(ParseError::NotLeetCodeForm { .. })
        ));
        assert_eq!(parse_puzzle("   "), Err(ParseError::Empty));
    }

    #[test]
    fn checker_accepts_the_known_solution() {
        let puzzle = parse_line(EXAMPLE).unwrap();
        let solved = parse_line(EXAMPLE_SOLVED).unwrap();
        assert_eq!(check_solution(&puzzle, &solved), Ok(()));
    }

    #[test]
    fn checker_rejects_blanks_changed_givens_and_repeats() {
        let puzzle = parse_line(EXAMPLE).unwrap();
        let solved = parse_line(EXAMPLE_SOLVED).unwrap();

        assert_eq!(
            check_solution(&puzzle, &puzzle),
            Err(CheckError::Incomplete { row: 1, column: 3 })
        );

        let mut changed = solved.clone();
        changed[0][0] = '1';
        assert_eq!(
            check_solution(&puzzle, &changed),
            Err(CheckError::GivenChanged {
                row: 1,
                column: 1,
                given: '5',
                found: '1'
            })
        );

        // Swapping two cells of a row keeps the row valid but breaks columns.
        let mut swapped = solved.clone();
        swapped[0].swap(2, 3);
        let error = check_solution(&puzzle, &swapped).unwrap_err();
        assert_eq!(error.to_string(), "digit 6 appears twice in column 3");

        let mut short = solved;
        short[8].pop();
        assert_eq!(check_solution(&puzzle, &short), Err(CheckError::WrongShape));
    }

    #[test]
    fn conflicts_name_digit_and_unit() {
        let mut board = parse_line(EXAMPLE).unwrap();
        assert_eq!(find_conflict(&board), None);
        board[0][2] = '5';
        assert_eq!(
            find_conflict(&board),
            Some(Conflict {
                digit: '5',
                unit: Unit::Row(0)
            })
        );
        board[0][2] = '.';
        board[2][2] = '5';
        assert_eq!(
            find_conflict(&board).unwrap().to_string(),
            "digit 5 appears twice in box 1"
        );
    }

    #[test]
    fn grid_is_boxed() {
        let board = parse_line(EXAMPLE).unwrap();
        let grid = format_grid(&board);
        let lines: Vec<&str> = grid.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[1], "| 5 3 . | . 7 . | . . . |");
        assert_eq!(lines[4], "+-------+-------+-------+");
    }
}
