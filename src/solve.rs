//! Running one approach on one puzzle, safely and measurably.
//!
//! The approaches are LeetCode code: they trust their input and report nothing.
//! [`run`] is the layer around them that callers outside LeetCode use: it
//! rejects malformed boards and conflicting givens before any search starts,
//! measures the time and the nodes, and checks the answer, so that a wrong or
//! missing solution is reported rather than passed on.

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::approaches::Approach;
use crate::board::{self, Board, CheckError, Conflict, BLANK};
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
