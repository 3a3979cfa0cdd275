//! The cases of a stage of `practice check`, with the reference's time and
//! nodes on each, measured in this run; what the learner's program did with
//! one case, observed; and a failure, with its verdict and diagnosis.

use std::time::{Duration, Instant};

use super::error::CheckError;
use super::evidence::{Diagnosis, Observed};
use super::{own_cases, Exercise, OwnCase, Stage};
use crate::judge::program::Exchange;
use crate::judge::{self as judging, DriverReply, Entry, Outcome, Verdict};
use sudoku37::board::{self, Board};
use sudoku37::puzzle::Puzzle;
use sudoku37::{harness, sets};

/// One case of a stage, ready to run.
pub struct StageCase {
    /// Where it comes from, for messages: `graded_easy line 7`.
    pub place: String,
    pub own: OwnCase,
    /// The reference's time and nodes on it.
    pub reference_time: Duration,
    pub reference_nodes: u64,
}

/// How a check went wrong: the verdict, the diagnosis, and the case with
/// the board to draw.
pub struct CheckFailure {
    pub verdict: Verdict,
    pub diagnosis: Diagnosis,
    /// The case (none for a compile error).
    pub case: Option<StageCase>,
    /// The board to draw: the one returned, or the input.
    pub drawn: Board,
    /// The learner's nodes on the case.
    pub nodes: Option<u64>,
    /// What the program printed on the case.
    pub printed: Vec<String>,
}

/// The cases of one stage, each with the reference's time and nodes on it,
/// measured now, in this run.
pub fn stage_cases(
    exercise: &Exercise,
    stage: Stage,
    limit: usize,
) -> Result<Vec<StageCase>, CheckError> {
    let owns: Vec<(String, OwnCase)> = match stage {
        Stage::Own => own_cases(exercise)
            .into_iter()
            .enumerate()
            .map(|(index, own)| (format!("own case {}", index + 1), own))
            .collect(),
        Stage::Example | Stage::Graded(_) => {
            let name = match stage {
                Stage::Graded(name) => name,
                _ => "leetcode_example",
            };
            let set = sets::builtin(name)
                .ok_or_else(|| CheckError::Missing(format!("the built-in set {name}")))?;
            set.puzzles
                .into_iter()
                .take(limit)
                .filter_map(|puzzle| {
                    let solution = puzzle.solution_board()?;
                    Some((
                        format!("{name} line {}", puzzle.line),
                        OwnCase {
                            input: board::to_line(&puzzle.board()),
                            expected: board::to_line(&solution),
                            board: puzzle.board(),
                            clash: None,
                        },
                    ))
                })
                .collect()
        }
    };
    let approach = exercise.reference;
    Ok(owns
        .into_iter()
        .map(|(place, own)| {
            let (reference_time, reference_nodes) = match exercise.entry {
                Entry::SolveSudoku => Puzzle::from_board(&own.board)
                    .ok()
                    .and_then(|puzzle| {
                        let started = Instant::now();
                        let solved = harness::run(approach, &puzzle).ok()?;
                        Some((started.elapsed(), solved.effort.nodes))
                    })
                    .unwrap_or_default(),
                _ => (Duration::ZERO, 0),
            };
            StageCase {
                place,
                own,
                reference_time,
                reference_nodes,
            }
        })
        .collect())
}

/// What the program did with one case, as the evidence reads it; with the
/// reply's payload and nodes when it answered.
pub fn observe(
    exchange: Exchange,
    limit: Duration,
    printed: u64,
) -> (Observed, Option<(String, u64, Duration)>) {
    let line = match exchange {
        Exchange::Reply(line) => line,
        Exchange::NoReply(Outcome::TimedOut { .. }) => {
            return (Observed::TimedOut { limit, printed }, None)
        }
        Exchange::NoReply(Outcome::Died { status, tail, .. }) => {
            return (Observed::Died { status, tail }, None)
        }
        Exchange::NoReply(Outcome::OutOfMemory { limit, .. }) => {
            return (Observed::OutOfMemory { limit }, None)
        }
        Exchange::NoReply(Outcome::OutputLimit { limit }) => {
            return (Observed::OutputLimit { limit }, None)
        }
        Exchange::NoReply(other) => {
            return (
                Observed::Unreadable {
                    line: format!("{other:?}"),
                },
                None,
            )
        }
    };
    match judging::parse_raw_reply(&line) {
        Some(DriverReply::Ok {
            elapsed,
            trace,
            payload,
        }) => {
            let board = judging::decode_board(&payload).unwrap_or_default();
            (
                Observed::Returned { board },
                Some((payload, trace.nodes, elapsed)),
            )
        }
        Some(DriverReply::Panicked { message }) => (Observed::Panicked { message }, None),
        None => (Observed::Unreadable { line }, None),
    }
}

/// The verdict that goes with what was observed, for a case that failed.
pub fn verdict_of(observed: &Observed, diagnosis: &Diagnosis) -> Verdict {
    use super::diagnosis::Id;
    match observed {
        Observed::Returned { .. } => match diagnosis.id {
            Id::NotCounted => Verdict::NotCounted,
            Id::OverNodeBudget => Verdict::OverNodeBudget,
            _ => Verdict::WrongAnswer,
        },
        Observed::TimedOut { .. } => Verdict::TimeLimitExceeded,
        Observed::OutOfMemory { .. } => Verdict::MemoryLimitExceeded,
        Observed::OutputLimit { .. } => Verdict::OutputLimitExceeded,
        Observed::Panicked { .. } | Observed::Died { .. } | Observed::Unreadable { .. } => {
            Verdict::RuntimeError
        }
    }
}

/// The answers of `box_of`, all 81, read from the replies in order.
pub fn box_answer(payload: &str) -> Option<usize> {
    payload.trim().parse().ok()
}

/// The answer of `is_valid_sudoku`.
pub fn valid_answer(payload: &str) -> Option<bool> {
    payload.trim().parse().ok()
}
