//! The board as LeetCode hands it over (`Vec<Vec<char>>`): to and from
//! [`Cells`], read from and written to text, checked as a candidate solution,
//! and drawn as a boxed grid (the one drawer, [`draw`]).
//!
//! These helpers live here, not in the approach files, so that every approach
//! stays a self-contained block of code that can be pasted into a judge.
//!
//! The text forms and their rules are the text layer's ([`crate::text`]);
//! the functions here read them to cells and turn the cells into a board.

use thiserror::Error;

pub use crate::grid::BLANK;
use crate::grid::{self, Cells, SolutionError};
use crate::text::{self, Layout, ParseError};

/// A Sudoku board in LeetCode's representation: nine rows of nine cells, each
/// `'1'..='9'` or `'.'` for a blank.
pub type Board = Vec<Vec<char>>;

/// Why a LeetCode board is not nine rows of nine digits and blanks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// The board is not nine rows of nine cells.
    #[error("the board is not 9 rows of 9 cells")]
    NotNineByNine,
    /// A cell holds something other than a digit or a blank.
    #[error("row {row}, column {column} holds {found:?}, expected 1-9 or '.'")]
    BadCell {
        row: usize,
        column: usize,
        found: char,
    },
}

/// The one conversion from LeetCode's board to cells, and the one place that
/// checks a board is 9x9 of digits and `'.'`.
pub fn to_cells(board: &Board) -> Result<Cells, ShapeError> {
    if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
        return Err(ShapeError::NotNineByNine);
    }
    let mut cells = [0u8; 81];
    for (index, (cell, &symbol)) in cells.iter_mut().zip(board.iter().flatten()).enumerate() {
        *cell = match symbol {
            BLANK => 0,
            '1'..='9' => symbol as u8 - b'0',
            _ => {
                return Err(ShapeError::BadCell {
                    row: index / 9 + 1,
                    column: index % 9 + 1,
                    found: symbol,
                })
            }
        };
    }
    Ok(cells)
}

/// Cells back to LeetCode's board.
pub fn from_cells(cells: &Cells) -> Board {
    cells
        .chunks_exact(9)
        .map(|row| row.iter().map(|&value| grid::symbol(value)).collect())
        .collect()
}

/// Parses an 81-character line: `1`-`9` for givens, any of `.` `0` `_` `*`
/// `-` for blanks.
pub fn parse_line(line: &str) -> Result<Board, ParseError> {
    text::line_cells(line).map(|cells| from_cells(&cells))
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

/// An answer written in the form its puzzle came in, on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// An 81-character line, kept as bytes: the common case needs no string.
    Line([u8; 81]),
    /// LeetCode's form.
    LeetCode(String),
}

impl Written {
    /// The answer's bytes, without a line break.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Written::Line(bytes) => bytes,
            Written::LeetCode(text) => text.as_bytes(),
        }
    }
}

/// Writes an answer in the given form, on one line (a grid's answer is
/// written as an 81-character line, so that every answer takes one line):
/// the one answer writer, which `solve` uses.
pub fn write(cells: &Cells, layout: Layout) -> Written {
    match layout {
        Layout::Line | Layout::Grid => Written::Line(grid::line_bytes(cells)),
        Layout::LeetCode => Written::LeetCode(to_leetcode(&from_cells(cells))),
    }
}

/// Checks that `candidate` solves `givens`: it is 9x9 and complete, every row,
/// column and box holds each digit once, and every given of `givens` is kept.
///
/// Any valid completion passes, so this also judges puzzles with more than one
/// solution.
pub fn check_solution(givens: &Board, candidate: &Board) -> Result<(), SolutionError> {
    let given = to_cells(givens).map_err(|_| SolutionError::WrongShape)?;
    solution_cells(&given, candidate).map(drop)
}

/// [`check_solution`] for a givens already in cells, reading `candidate` once:
/// its cells when it solves `givens`.
pub fn solution_cells(givens: &Cells, candidate: &Board) -> Result<Cells, SolutionError> {
    let found = match to_cells(candidate) {
        Ok(cells) => cells,
        Err(ShapeError::BadCell { row, column, found }) => {
            return Err(SolutionError::NotADigit { row, column, found })
        }
        Err(ShapeError::NotNineByNine) => return Err(SolutionError::WrongShape),
    };
    grid::check_cells(givens, &found).map(|()| found)
}

/// The one boxed-grid drawer: nine text rows of cells between `+-------+`
/// separators, without newlines. `cell(row, column)` is what a cell shows (one
/// visible character, perhaps wrapped in terminal colour codes); a cell for
/// which `marked(row, column)` holds is put in brackets, `[5]`. A bracket
/// takes the place of the space beside the cell, so the grid keeps its width
/// (two marked neighbours share the bracket between them).
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// ...
/// ```
pub fn draw(
    cell: impl Fn(usize, usize) -> String,
    marked: impl Fn(usize, usize) -> bool,
) -> Vec<String> {
    let separator = "+-------+-------+-------+";
    let mut lines = vec![separator.to_string()];
    for row in 0..9 {
        let mut line = String::from("|");
        for column in 0..9 {
            let before = if marked(row, column) {
                '['
            } else if column % 3 != 0 && marked(row, column - 1) {
                ']'
            } else {
                ' '
            };
            line.push(before);
            line.push_str(&cell(row, column));
            if column % 3 == 2 {
                line.push(if marked(row, column) { ']' } else { ' ' });
                line.push('|');
            }
        }
        lines.push(line);
        if row % 3 == 2 {
            lines.push(separator.to_string());
        }
    }
    lines
}

/// What a board shows at one cell in a drawing: the cell, or a space where a
/// misshapen board has none or holds something unprintable.
fn shown(board: &Board, row: usize, column: usize) -> String {
    board
        .get(row)
        .and_then(|cells| cells.get(column))
        .copied()
        .filter(|cell| !cell.is_control() && !cell.is_whitespace())
        .unwrap_or(' ')
        .to_string()
}

/// Draws a board as a boxed 9x9 grid, one line per text row, with a trailing
/// newline.
pub fn format_grid(board: &Board) -> String {
    format_grid_marked(board, &[])
}

/// Draws a board as [`format_grid`] does, with each cell of `marks` in
/// brackets: the two cells of a clash, for instance.
pub fn format_grid_marked(board: &Board, marks: &[(usize, usize)]) -> String {
    let lines = draw(
        |row, column| shown(board, row, column),
        |row, column| marks.contains(&(row, column)),
    );
    lines.join("\n") + "\n"
}

/// Draws two boards side by side, each under its own title.
pub fn format_side_by_side(
    left_title: &str,
    left: &Board,
    right_title: &str,
    right: &Board,
) -> String {
    let unmarked = |_, _| false;
    let left_lines = draw(|row, column| shown(left, row, column), unmarked);
    let right_lines = draw(|row, column| shown(right, row, column), unmarked);
    let width = left_lines[0].chars().count();
    let mut text = format!("{left_title:<width$}    {right_title}\n");
    for (left_line, right_line) in left_lines.iter().zip(&right_lines) {
        text.push_str(&format!("{left_line}    {right_line}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{example_line, solution_line};
    use crate::grid::{Conflict, Unit};
    use crate::text::LINE_BLANKS;
    use pretty_assertions::assert_eq;

    /// One record's board and form, read as every subcommand reads it.
    fn read(text: &str) -> Result<(Board, Layout), ParseError> {
        crate::text::single_record(text).map(|parsed| (from_cells(&parsed.cells), parsed.layout))
    }

    fn read_leetcode(text: &str) -> Result<Board, ParseError> {
        crate::text::leetcode_cells(text).map(|cells| from_cells(&cells))
    }

    #[test]
    fn an_answer_is_written_in_its_puzzle_s_form_on_one_line() {
        let cells = to_cells(&parse_line(&solution_line()).unwrap()).unwrap();
        let line = write(&cells, Layout::Line);
        assert_eq!(line.as_bytes(), solution_line().as_bytes());
        // A grid's answer takes one line too.
        assert_eq!(write(&cells, Layout::Grid), line);
        let leetcode = write(&cells, Layout::LeetCode);
        let text = std::str::from_utf8(leetcode.as_bytes()).unwrap();
        assert!(text.starts_with(r#"[["5","3","4","#), "{text}");
        assert!(!text.contains('\n'));
    }

    #[test]
    fn line_round_trips() {
        let board = parse_line(&example_line()).unwrap();
        assert_eq!(board[0], vec!['5', '3', '.', '.', '7', '.', '.', '.', '.']);
        assert_eq!(to_line(&board), example_line());
    }

    #[test]
    fn zero_is_a_blank_and_whitespace_is_ignored() {
        let with_zeros = format!("  {}\n", example_line().replace('.', "0"));
        assert_eq!(
            parse_line(&with_zeros).unwrap(),
            parse_line(&example_line()).unwrap()
        );
    }

    #[test]
    fn leetcode_form_round_trips() {
        let board = parse_line(&example_line()).unwrap();
        let text = to_leetcode(&board);
        assert!(text.starts_with(r#"[["5","3",".",".","7""#));
        assert_eq!(read_leetcode(&text).unwrap(), board);
        assert_eq!(read(&text).unwrap(), (board, Layout::LeetCode));
    }

    #[test]
    fn every_blank_symbol_is_a_blank_in_a_line() {
        for blank in LINE_BLANKS {
            let text = example_line().replace('.', &blank.to_string());
            assert_eq!(
                parse_line(&text).unwrap(),
                parse_line(&example_line()).unwrap(),
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
            read(grid),
            Ok((parse_line(&example_line()).unwrap(), Layout::Grid))
        );
        // The boxed drawing this module prints reads back as the same board.
        let board = parse_line(&example_line()).unwrap();
        assert_eq!(read(&format_grid(&board)), Ok((board, Layout::Grid)));
        let plain: String = example_line()
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
            .collect();
        assert_eq!(read(&plain).unwrap().1, Layout::Grid);
    }

    #[test]
    fn a_bad_grid_says_what_is_off() {
        let board = parse_line(&example_line()).unwrap();
        let grid = format_grid(&board);
        let eight_rows: String = grid
            .lines()
            .skip(1)
            .take(10)
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(
            read(&eight_rows),
            Err(ParseError::WrongRowCount { found: 8 })
        );
        // A short row is a bad line of its own, which ends the grid.
        let short_row = grid.replacen("| 5 3 . |", "| 5 3 |", 1);
        assert!(read(&short_row).is_err());
        let first = crate::text::split_puzzles(&short_row).remove(0);
        assert_eq!(
            (first.line, first.parsed),
            (2, Err(ParseError::GridRowLength { found: 8 }))
        );
        let bad = grid.replacen("| 5 3 . |", "| 5 3 x |", 1);
        assert!(read(&bad).is_err());
        let first = crate::text::split_puzzles(&bad).remove(0);
        assert_eq!(
            (first.line, first.parsed),
            (2, Err(ParseError::BadGridCharacter { found: 'x' }))
        );
    }

    #[test]
    fn wrong_length_says_how_long() {
        assert_eq!(parse_line("123"), Err(ParseError::WrongLength { found: 3 }));
        let long = format!("{}1", example_line());
        assert_eq!(
            parse_line(&long),
            Err(ParseError::WrongLength { found: 82 })
        );
    }

    #[test]
    fn bad_character_says_where() {
        let mut text = example_line();
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
        let board = parse_line(&example_line()).unwrap();
        let text = to_leetcode(&board).replacen(r#"".","7","#, r#""7","#, 1);
        assert_eq!(
            read_leetcode(&text),
            Err(ParseError::WrongRowLength { row: 1, found: 8 })
        );
    }

    #[test]
    fn leetcode_form_rejects_bad_cells_rows_and_syntax() {
        let board = parse_line(&example_line()).unwrap();
        let text = to_leetcode(&board).replacen(r#""5""#, r#""55""#, 1);
        assert_eq!(
            read_leetcode(&text),
            Err(ParseError::BadCell {
                row: 1,
                column: 1,
                found: "55".into()
            })
        );
        assert_eq!(
            read_leetcode(r#"[["1"]]"#),
            Err(ParseError::WrongRowCount { found: 1 })
        );
        assert!(matches!(
            read_leetcode(r#"[["1","2""#),
            Err(ParseError::NotLeetCodeForm { .. })
        ));
        assert_eq!(read("   "), Err(ParseError::Empty));
    }

    #[test]
    fn checker_accepts_the_known_solution() {
        let puzzle = parse_line(&example_line()).unwrap();
        let solved = parse_line(&solution_line()).unwrap();
        assert_eq!(check_solution(&puzzle, &solved), Ok(()));
    }

    #[test]
    fn checker_rejects_blanks_changed_givens_and_repeats() {
        let puzzle = parse_line(&example_line()).unwrap();
        let solved = parse_line(&solution_line()).unwrap();

        assert_eq!(
            check_solution(&puzzle, &puzzle),
            Err(SolutionError::Incomplete { row: 1, column: 3 })
        );

        let mut changed = solved.clone();
        changed[0][0] = '1';
        assert_eq!(
            check_solution(&puzzle, &changed),
            Err(SolutionError::GivenChanged {
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
        assert_eq!(
            check_solution(&puzzle, &short),
            Err(SolutionError::WrongShape)
        );
    }

    #[test]
    fn conflicts_name_digit_and_unit() {
        let find_conflict = |board: &Board| grid::find_conflict(&to_cells(board).unwrap());
        let mut board = parse_line(&example_line()).unwrap();
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
        let board = parse_line(&example_line()).unwrap();
        let grid = format_grid(&board);
        let lines: Vec<&str> = grid.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[1], "| 5 3 . | . 7 . | . . . |");
        assert_eq!(lines[4], "+-------+-------+-------+");
    }
}
