//! Running one approach on one puzzle, safely and measurably.
//!
//! The approaches are LeetCode code: they trust their input and report nothing.
//! This is the layer around them that callers outside LeetCode use:
//! [`solve_checked`] takes text in any form [`board::parse_puzzle`] reads,
//! [`run`] takes a board. Both reject malformed boards and conflicting givens
//! before any search starts (so a slow approach never begins a hopeless
//! search), measure the time and the nodes, and check the answer, so that a
//! wrong or missing solution is reported rather than passed on. The caller's
//! board is never modified.

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::approaches::Approach;
use crate::board::{self, Board, CheckError, Conflict, ParseError, BLANK};
use crate::count::count_solutions;
use crate::probe::{self, Effort};

/// A solved puzzle and what solving it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    pub solution: Board,
    pub effort: Effort,
    pub elapsed: Duration,
}

/// Why a puzzle did not come back solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("{0}")]
    Parse(#[from] ParseError),
    #[error("the board is not 9 rows of 9 cells")]
    NotNineByNine,
    #[error("row {row}, column {column} holds {found:?}, expected 1-9 or '.'")]
    BadCell {
        row: usize,
        column: usize,
        found: char,
    },
    #[error("the givens conflict: {0}")]
    Conflict(Conflict),
    #[error("no solution: {approach} searched and left the board as given")]
    NoSolution { approach: &'static str },
    #[error("more than one solution (uniqueness was asked for)")]
    NotUnique,
    #[error("{approach} found no solution but changed the board")]
    BoardChanged { approach: &'static str },
    #[error("{approach} returned a wrong answer: {error}")]
    WrongAnswer {
        approach: &'static str,
        error: CheckError,
    },
}

/// Checks that a board is 9x9 and holds only digits and blanks.
pub fn validate(puzzle: &Board) -> Result<(), SolveError> {
    if puzzle.len() != 9 || puzzle.iter().any(|row| row.len() != 9) {
        return Err(SolveError::NotNineByNine);
    }
    for (row, cells) in puzzle.iter().enumerate() {
        for (column, &cell) in cells.iter().enumerate() {
            if cell != BLANK && !('1'..='9').contains(&cell) {
                return Err(SolveError::BadCell {
                    row: row + 1,
                    column: column + 1,
                    found: cell,
                });
            }
        }
    }
    match board::find_conflict(puzzle) {
        Some(conflict) => Err(SolveError::Conflict(conflict)),
        None => Ok(()),
    }
}

/// What an approach left on the board, and what it cost, before judging.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub board: Board,
    pub effort: Effort,
    pub elapsed: Duration,
}

/// Validates `puzzle`, then lets `approach` work on a copy of it, measuring
/// time and nodes. Only validation errors are returned here; [`judge`] says
/// whether the attempt solved the puzzle.
pub fn attempt(approach: &Approach, puzzle: &Board) -> Result<Attempt, SolveError> {
    validate(puzzle)?;
    let mut board = puzzle.clone();
    let started = Instant::now();
    let ((), effort) = probe::measure(|| (approach.solve)(&mut board));
    let elapsed = started.elapsed();
    Ok(Attempt {
        board,
        effort,
        elapsed,
    })
}

/// Checks an attempt: a valid completion of `puzzle`, or the board left
/// exactly as given (no solution found), or else a wrong answer.
pub fn judge(approach: &Approach, puzzle: &Board, attempt: Attempt) -> Result<Solved, SolveError> {
    match board::check_solution(puzzle, &attempt.board) {
        Ok(()) => Ok(Solved {
            solution: attempt.board,
            effort: attempt.effort,
            elapsed: attempt.elapsed,
        }),
        Err(_) if attempt.board == *puzzle => Err(SolveError::NoSolution {
            approach: approach.name,
        }),
        Err(CheckError::Incomplete { .. }) => Err(SolveError::BoardChanged {
            approach: approach.name,
        }),
        Err(error) => Err(SolveError::WrongAnswer {
            approach: approach.name,
            error,
        }),
    }
}

/// Solves `puzzle` with `approach`, measuring time and nodes, and checks the
/// answer.
///
/// The puzzle itself is never modified. A puzzle with no solution gives
/// [`SolveError::NoSolution`] once the approach has searched it out (which a
/// slow approach may take long to do on a hard case).
pub fn run(approach: &Approach, puzzle: &Board) -> Result<Solved, SolveError> {
    let attempt = attempt(approach, puzzle)?;
    judge(approach, puzzle, attempt)
}

/// Whether [`solve_checked`] should insist on a unique solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    /// Any solution will do, as on LeetCode.
    Any,
    /// A puzzle with two or more solutions is an error.
    Required,
}

/// Parses `input` (an 81-character line, LeetCode's form or a 9-line grid)
/// and solves it with `approach`, checking everything on the way.
///
/// Errors say where and what: the shape or the character that is off,
/// the digit and unit of conflicting givens, no solution, or, with
/// [`Uniqueness::Required`], more than one solution (decided by
/// [`count_solutions`] before the approach runs).
pub fn solve_checked(
    input: &str,
    approach: &Approach,
    uniqueness: Uniqueness,
) -> Result<Solved, SolveError> {
    let (puzzle, _format) = board::parse_puzzle(input)?;
    validate(&puzzle)?;
    if uniqueness == Uniqueness::Required && count_solutions(&puzzle, 2) > 1 {
        return Err(SolveError::NotUnique);
    }
    run(approach, &puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approaches;
    use crate::sets::leetcode_example;

    fn approach(name: &str) -> &'static Approach {
        approaches::find(name).expect("registered")
    }

    #[test]
    fn solves_every_input_form() {
        let example = leetcode_example();
        for input in [
            board::to_line(&example.board),
            board::to_leetcode(&example.board),
            board::format_grid(&example.board),
        ] {
            let solved =
                solve_checked(&input, approach("propagation"), Uniqueness::Required).unwrap();
            assert_eq!(Some(solved.solution), example.solution);
        }
    }

    #[test]
    fn errors_say_where_and_what() {
        let line = board::to_line(&leetcode_example().board);
        let cases = [
            (
                line[..80].to_string(),
                "expected 81 cells, found 80 characters",
            ),
            (
                line.replacen('5', "x", 1),
                "bad character 'x' at row 1, column 1 (expected 1-9 or a blank: . 0 _ * -)",
            ),
            (
                line.replacen('.', "5", 1),
                "the givens conflict: digit 5 appears twice in row 1",
            ),
            (
                format!("{}3{}", &line[..46], &line[47..]),
                "the givens conflict: digit 3 appears twice in column 2",
            ),
            (
                format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)),
                "no solution: bool_arrays searched and left the board as given",
            ),
            (
                ".".repeat(81),
                "more than one solution (uniqueness was asked for)",
            ),
        ];
        for (input, message) in cases {
            let error =
                solve_checked(&input, approach("bool_arrays"), Uniqueness::Required).unwrap_err();
            assert_eq!(error.to_string(), message, "{input}");
        }
        // Without the uniqueness requirement, any solution of the empty grid
        // will do.
        assert!(solve_checked(&".".repeat(81), approach("propagation"), Uniqueness::Any).is_ok());
    }

    #[test]
    fn conflicting_givens_stop_before_any_search() {
        let mut puzzle = leetcode_example().board;
        puzzle[0][2] = '5';
        let ((), effort) = probe::measure(|| {
            assert!(matches!(
                run(approach("scan_validate"), &puzzle),
                Err(SolveError::Conflict(_))
            ));
        });
        assert_eq!(effort.nodes, 0);
    }
}
