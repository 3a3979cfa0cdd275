//! Running one approach on one puzzle, safely and measurably.
//!
//! The approaches are LeetCode code: they trust their input and report nothing.
//! This is the layer around them that callers outside LeetCode use. It takes a
//! [`Puzzle`], which cannot hold a malformed board or conflicting givens, so a
//! slow approach never begins a hopeless search; [`solve_checked`] builds one
//! from text by the record rules of [`crate::text`]. It measures the time and
//! the nodes, and checks the answer, so that a wrong or missing solution is
//! reported rather than passed on. A panic inside an approach is caught and
//! reported as [`SolveError::Panicked`]. The caller's puzzle is never modified.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::approaches::Approach;
use crate::board::{self, Board};
use crate::grid::SolutionError;
use crate::probe::{self, Effort};
use crate::puzzle::{Cells, Puzzle, PuzzleError};
use crate::search::Solutions;

/// A solved puzzle and what solving it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    pub solution: Cells,
    pub effort: Effort,
    pub elapsed: Duration,
}

/// Why a puzzle did not come back solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The input is not a valid puzzle: malformed, not 9x9, or with
    /// conflicting givens (see [`PuzzleError`]).
    #[error(transparent)]
    Invalid(#[from] PuzzleError),
    #[error("no solution: {approach} searched and left the board as given")]
    NoSolution { approach: &'static str },
    #[error("more than one solution (uniqueness was asked for)")]
    NotUnique,
    #[error("{approach} found no solution but changed the board")]
    BoardChanged { approach: &'static str },
    #[error("{approach} returned a wrong answer: {error}")]
    WrongAnswer {
        approach: &'static str,
        error: SolutionError,
    },
    #[error("{approach} panicked: {message}")]
    Panicked {
        approach: &'static str,
        message: String,
    },
}

/// What an approach left on the board, and what it cost, before judging.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub board: Board,
    pub effort: Effort,
    pub elapsed: Duration,
}

/// Lets `approach` work on a LeetCode copy of `puzzle`, measuring time and
/// nodes. A panic inside the approach is caught and returned as
/// [`SolveError::Panicked`]; [`check_attempt`] says whether the attempt solved it.
pub fn attempt(approach: &Approach, puzzle: &Puzzle) -> Result<Attempt, SolveError> {
    let mut board = puzzle.to_board();
    let started = Instant::now();
    let ((), effort) = catch_panic(approach, || probe::measure(|| (approach.solve)(&mut board)))?;
    let elapsed = started.elapsed();
    Ok(Attempt {
        board,
        effort,
        elapsed,
    })
}

thread_local! {
    static IN_APPROACH: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread is inside an approach called by this module, whose
/// panic will be caught and reported; a panic hook may stay quiet then.
pub fn in_approach() -> bool {
    IN_APPROACH.with(Cell::get)
}

/// Runs `work`, turning a panic into [`SolveError::Panicked`].
fn catch_panic<T>(approach: &Approach, work: impl FnOnce() -> T) -> Result<T, SolveError> {
    IN_APPROACH.with(|flag| flag.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(work));
    IN_APPROACH.with(|flag| flag.set(false));
    result.map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        SolveError::Panicked {
            approach: approach.name,
            message,
        }
    })
}

/// Checks an attempt: a valid completion of `puzzle`, or the board left
/// exactly as given (no solution found), or else a wrong answer.
pub fn check_attempt(
    approach: &Approach,
    puzzle: &Puzzle,
    attempt: Attempt,
) -> Result<Solved, SolveError> {
    match board::solution_cells(puzzle.cells(), &attempt.board) {
        Ok(solution) => Ok(Solved {
            solution,
            effort: attempt.effort,
            elapsed: attempt.elapsed,
        }),
        Err(_) if attempt.board == puzzle.to_board() => Err(SolveError::NoSolution {
            approach: approach.name,
        }),
        Err(SolutionError::Incomplete { .. }) => Err(SolveError::BoardChanged {
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
/// A puzzle with no solution gives [`SolveError::NoSolution`] once the
/// approach has searched it out (which a slow approach may take long to do on
/// a hard case).
pub fn run(approach: &Approach, puzzle: &Puzzle) -> Result<Solved, SolveError> {
    let attempt = attempt(approach, puzzle)?;
    check_attempt(approach, puzzle, attempt)
}

/// Solves `puzzle` with `approach` as fast as the approach allows, without
/// measuring: through its flat entry point where the registry lists one, else
/// through LeetCode's signature. The answer is checked all the same.
pub fn unmeasured(approach: &Approach, puzzle: &Puzzle) -> Result<Cells, SolveError> {
    let Some(solve_cells) = approach.solve_cells else {
        return run(approach, puzzle).map(|solved| solved.solution);
    };
    let mut cells = *puzzle.cells();
    let found = catch_panic(approach, || solve_cells(&mut cells))?;
    if puzzle.is_solved_by(&cells) {
        Ok(cells)
    } else if !found && cells == *puzzle.cells() {
        Err(SolveError::NoSolution {
            approach: approach.name,
        })
    } else {
        let error = crate::grid::check_cells(puzzle.cells(), &cells)
            .err()
            .unwrap_or(SolutionError::WrongShape);
        Err(SolveError::WrongAnswer {
            approach: approach.name,
            error,
        })
    }
}

/// Whether [`solve_checked`] should insist on a unique solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    /// Any solution will do, as on LeetCode.
    Any,
    /// A puzzle with two or more solutions is an error.
    Required,
}

/// Reads one puzzle from `input` (by the record rules of [`crate::text`],
/// exactly as `sudoku37 solve` reads each record) and solves it with
/// `approach`, checking everything on the way.
///
/// Errors say where and what: the shape or the character that is off,
/// the digit and unit of conflicting givens, no solution, or, with
/// [`Uniqueness::Required`], more than one solution (decided by
/// [`Puzzle::solutions`] before the approach runs).
pub fn solve_checked(
    input: &str,
    approach: &Approach,
    uniqueness: Uniqueness,
) -> Result<Solved, SolveError> {
    let puzzle: Puzzle = input.parse()?;
    if uniqueness == Uniqueness::Required && puzzle.solutions() == Solutions::Several {
        return Err(SolveError::NotUnique);
    }
    run(approach, &puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approaches;
    use crate::board;
    use crate::sets::leetcode_example;

    #[test]
    fn solves_every_input_form() {
        let example = leetcode_example();
        for input in [
            board::to_line(&example.board()),
            board::to_leetcode(&example.board()),
            board::format_grid(&example.board()),
        ] {
            let solved =
                solve_checked(&input, approaches::default_approach(), Uniqueness::Required)
                    .unwrap();
            assert_eq!(Some(solved.solution), example.solution);
        }
    }

    #[test]
    fn errors_say_where_and_what() {
        let line = board::to_line(&leetcode_example().board());
        let approach = approaches::default_approach();
        let no_solution = format!(
            "no solution: {} searched and left the board as given",
            approach.name
        );
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
                &no_solution,
            ),
            (
                ".".repeat(81),
                "more than one solution (uniqueness was asked for)",
            ),
        ];
        for (input, message) in cases {
            let error = solve_checked(&input, approach, Uniqueness::Required).unwrap_err();
            assert_eq!(error.to_string(), message, "{input}");
        }
        // Without the uniqueness requirement, any solution of the empty grid
        // will do.
        assert!(solve_checked(&".".repeat(81), approach, Uniqueness::Any).is_ok());
    }

    #[test]
    fn a_panic_inside_an_approach_is_an_error_not_a_crash() {
        fn explode(_: &mut Vec<Vec<char>>) {
            panic!("boom");
        }
        let exploding = Approach {
            name: "exploding",
            title: "panics on every board",
            source: "this test",
            solve: explode,
            solve_cells: None,
            ..*approaches::default_approach()
        };
        let puzzle = leetcode_example().puzzle().unwrap();
        assert_eq!(
            run(&exploding, &puzzle).unwrap_err().to_string(),
            "exploding panicked: boom"
        );
        assert!(!in_approach());
        assert!(matches!(
            unmeasured(&exploding, &puzzle),
            Err(SolveError::Panicked { .. })
        ));
    }
}
