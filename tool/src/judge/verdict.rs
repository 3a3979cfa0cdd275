//! LeetCode's verdicts, and a wrong answer judged and drawn: the first cell
//! that differs, why the board is not a solution, and the three boards side
//! by side.

use std::fmt;

use crate::files::{escape_controls, unsafe_for_terminal};
use sudoku37::board::{self, Board};
use sudoku37::grid;

/// LeetCode's verdicts, and the two `practice check` adds for the exercises with
/// a node budget: the one verdict type of `judge` and `practice`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    RuntimeError,
    CompileError,
    /// Practice only: right answers, but no calls of the trace hooks, so the
    /// nodes cannot be counted against the budget.
    NotCounted,
    /// Practice only: a right answer, but more nodes than the budget allows.
    OverNodeBudget,
}

impl Verdict {
    /// The exit status that goes with it: 0 accepted, 1 a puzzle (or a
    /// case) failed, 2 the code does not compile.
    pub fn exit_status(self) -> u8 {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer
            | Verdict::TimeLimitExceeded
            | Verdict::MemoryLimitExceeded
            | Verdict::OutputLimitExceeded
            | Verdict::RuntimeError
            | Verdict::NotCounted
            | Verdict::OverNodeBudget => 1,
            Verdict::CompileError => 2,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Verdict::Accepted => "Accepted",
            Verdict::WrongAnswer => "Wrong Answer",
            Verdict::TimeLimitExceeded => "Time Limit Exceeded",
            Verdict::MemoryLimitExceeded => "Memory Limit Exceeded",
            Verdict::OutputLimitExceeded => "Output Limit Exceeded",
            Verdict::RuntimeError => "Runtime Error",
            Verdict::CompileError => "Compile Error",
            Verdict::NotCounted => "Not Counted",
            Verdict::OverNodeBudget => "Over the Node Budget",
        })
    }
}

/// A received board that is not the expected one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The first cell, in reading order, that differs (0-based row and
    /// column); a cell missing from a misshapen board counts as differing.
    /// `None` when all 81 are right and only the shape is wrong (a tenth
    /// row, a tenth cell in a row).
    pub first: Option<(usize, usize)>,
    /// Why the board is not a solution, as the checker says it.
    pub reason: String,
}

/// Compares the board a solution left with the board's unique solution.
pub fn compare_answer(board: &Board, expected: &Board, received: &Board) -> Result<(), Mismatch> {
    if received == expected {
        return Ok(());
    }
    let first = (0..9)
        .flat_map(|row| (0..9).map(move |column| (row, column)))
        .find(|&(row, column)| cell(received, row, column) != cell(expected, row, column));
    let reason = match board::check_solution(board, received) {
        Err(grid::SolutionError::WrongShape) => {
            // The first rows' lengths; a board of a million rows is said in
            // a line all the same.
            let mut rows: Vec<String> = received
                .iter()
                .take(12)
                .map(|row| row.len().to_string())
                .collect();
            if received.len() > rows.len() {
                rows.push("...".to_string());
            }
            format!(
                "the board is not 9x9: {} rows, of {} cells",
                received.len(),
                rows.join(", ")
            )
        }
        Err(error) => error.to_string(),
        Ok(()) => "a valid solution, but not the board's unique one".to_string(),
    };
    Err(Mismatch { first, reason })
}

fn cell(board: &Board, row: usize, column: usize) -> Option<char> {
    board.get(row).and_then(|cells| cells.get(column)).copied()
}

const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0m";

/// Draws the board, the expected and the received board as boxed grids side
/// by side. The first differing cell is bracketed, `[4]`, in the expected
/// and the received grid; with `colour`, every received cell that differs is
/// red and the expected digits there green.
pub fn render_diff(
    board: &Board,
    expected: &Board,
    received: &Board,
    first: Option<(usize, usize)>,
    colour: bool,
) -> String {
    let differs =
        |row: usize, column: usize| cell(received, row, column) != cell(expected, row, column);
    let puzzle_lines = grid_lines(board, None, &|_, _| None);
    let expected_lines = grid_lines(expected, first, &|row, column| {
        (colour && differs(row, column)).then_some(GREEN)
    });
    let received_lines = grid_lines(received, first, &|row, column| {
        (colour && differs(row, column)).then_some(RED)
    });
    let mut text = format!("{:<25}    {:<25}    received\n", "board", "expected");
    for ((left, middle), right) in puzzle_lines
        .iter()
        .zip(&expected_lines)
        .zip(&received_lines)
    {
        text.push_str(&format!("{left}    {middle}    {right}\n"));
    }
    text
}

/// One boxed grid, 13 lines of 25 columns. Cells missing from a misshapen
/// board are drawn as spaces, cells beyond the ninth are not drawn, and
/// characters that would upset the layout as `?`.
fn grid_lines(
    board: &Board,
    mark: Option<(usize, usize)>,
    paint: &dyn Fn(usize, usize) -> Option<&'static str>,
) -> Vec<String> {
    let separator = "+-------+-------+-------+".to_string();
    let mut lines = vec![separator.clone()];
    for row in 0..9 {
        // Each cell is a space and a character; a box ends with " |". The
        // space before a marked cell becomes `[`, the one after it `]`.
        let mut line = String::from("|");
        for column in 0..9 {
            let shown = match cell(board, row, column) {
                None => ' ',
                Some(character) if unsafe_for_terminal(character) || character.is_whitespace() => {
                    '?'
                }
                Some(character) => character,
            };
            let marked = mark == Some((row, column));
            // After the last cell of a box, the `]` has gone before the `|`.
            let marked_before = column % 3 != 0 && mark == Some((row, column - 1));
            line.push(if marked {
                '['
            } else if marked_before {
                ']'
            } else {
                ' '
            });
            match paint(row, column) {
                Some(code) => line.push_str(&format!("{code}{shown}{RESET}")),
                None => line.push(shown),
            }
            if column % 3 == 2 {
                line.push(if marked { ']' } else { ' ' });
                line.push('|');
            }
        }
        lines.push(line);
        if row % 3 == 2 {
            lines.push(separator.clone());
        }
    }
    lines
}

/// The text of a board for a message: its 81 cells on one line, blanks as
/// `.`; a misshapen board row by row, separated by `/`.
/// Control characters are escaped (`\u{1b}`), so that a received board
/// cannot drive the terminal.
pub fn board_line(board: &Board) -> String {
    let text = if board.len() == 9 && board.iter().all(|row| row.len() == 9) {
        board::to_line(board)
    } else {
        let rows: Vec<String> = board.iter().map(|row| row.iter().collect()).collect();
        rows.join("/")
    };
    // A misshapen board may hold millions of cells: its start is enough.
    let cells: usize = board.iter().map(Vec::len).sum();
    if text.chars().count() > BOARD_SHOWN {
        let start: String = text.chars().take(BOARD_SHOWN).collect();
        return format!("{}... (cut: {cells} cells in all)", escape_controls(&start));
    }
    escape_controls(&text)
}

/// The most characters of a misshapen board a message shows.
const BOARD_SHOWN: usize = 200;

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use sudoku37::sets::leetcode_example;

    #[test]
    fn a_board_with_blanks_left_differs_at_its_first_blank() {
        let example = leetcode_example();
        let expected = example.solution_board().unwrap();
        let mismatch = compare_answer(&example.board(), &expected, &example.board()).unwrap_err();
        assert_eq!(mismatch.first, Some((0, 2)));
        assert_eq!(mismatch.reason, "row 1, column 3 is still blank");
        assert_eq!(
            compare_answer(&example.board(), &expected, &expected),
            Ok(())
        );
    }

    #[test]
    fn a_changed_given_and_a_misshapen_board_are_wrong_answers() {
        let example = leetcode_example();
        let expected = example.solution_board().unwrap();
        let mut changed = expected.clone();
        changed[0][0] = '1';
        let mismatch = compare_answer(&example.board(), &expected, &changed).unwrap_err();
        assert_eq!(mismatch.first, Some((0, 0)));
        assert_eq!(
            mismatch.reason,
            "the given 5 at row 1, column 1 was changed to 1"
        );
        let mut short = expected.clone();
        short[3].pop();
        let mismatch = compare_answer(&example.board(), &expected, &short).unwrap_err();
        assert_eq!(mismatch.first, Some((3, 8)));
        assert!(mismatch.reason.starts_with("the board is not 9x9: 9 rows"));
        // A tenth row after 81 right cells: no cell differs.
        let mut long = expected.clone();
        long.push(expected[0].clone());
        let mismatch = compare_answer(&example.board(), &expected, &long).unwrap_err();
        assert_eq!(mismatch.first, None);
        assert!(
            mismatch.reason.starts_with("the board is not 9x9: 10 rows"),
            "{}",
            mismatch.reason
        );
    }

    #[test]
    fn the_diff_brackets_the_first_differing_cell() {
        let example = leetcode_example();
        let expected = example.solution_board().unwrap();
        let mut received = expected.clone();
        received[0][2] = '1';
        received[0][8] = '1';
        let text = render_diff(&example.board(), &expected, &received, Some((0, 2)), false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 14);
        assert_eq!(
            lines[2],
            "| 5 3 . | . 7 . | . . . |    | 5 3[4]| 6 7 8 | 9 1 2 |    | 5 3[1]| 6 7 8 | 9 1 1 |"
        );
        // The bracket after a cell that is not last in its box replaces the
        // next cell's leading space.
        let text = render_diff(&example.board(), &expected, &received, Some((0, 0)), false);
        assert!(text.contains("|[5]3 4 | 6 7 8 |"));
    }

    #[test]
    fn with_colour_only_the_differing_cells_are_painted() {
        let example = leetcode_example();
        let expected = example.solution_board().unwrap();
        let mut received = expected.clone();
        received[4][4] = '1';
        let plain = render_diff(&example.board(), &expected, &received, Some((4, 4)), false);
        assert!(!plain.contains('\x1b'));
        let coloured = render_diff(&example.board(), &expected, &received, Some((4, 4)), true);
        assert_eq!(coloured.matches(RED).count(), 1);
        assert_eq!(coloured.matches(GREEN).count(), 1);
        assert!(coloured.contains(&format!("[{RED}1{RESET}]")));
        assert!(coloured.contains(&format!("[{GREEN}5{RESET}]")));
    }

    #[test]
    fn a_misshapen_board_is_drawn_without_panicking() {
        let example = leetcode_example();
        let expected = example.solution_board().unwrap();
        let received: Board = vec![vec!['1'; 12]; 3];
        let text = render_diff(&example.board(), &expected, &received, Some((0, 0)), true);
        assert_eq!(text.lines().count(), 14);
        assert_eq!(board_line(&received).split('/').count(), 3);
    }
}
