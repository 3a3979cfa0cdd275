//! One case of `practice check`: the cases of a stage with the reference's
//! time and nodes on each, measured in this run, and what the learner's
//! program answered judged into a [`Failure`] with its hint, or passed.

use std::time::{Duration, Instant};

use super::error::CheckError;
use super::{classify, classify_panic, own_cases, Exercise, Hint, OwnCase, Stage};
use crate::approaches;
use crate::board::{self, Board};
use crate::grid::Unit;
use crate::judge::program::Exchange;
use crate::judge::{self as judging, Entry, Outcome, Reply, Verdict};
use crate::puzzle::Puzzle;
use crate::{sets, solve};

/// One case of a stage, ready to run.
pub struct Case {
    /// Where it comes from, for messages: `graded_easy line 7`.
    pub place: String,
    pub own: OwnCase,
    /// The reference's time and nodes on it.
    pub reference_time: Duration,
    pub reference_nodes: u64,
}

/// The case a check failed on, with what to draw.
pub struct FailedCase {
    pub case: Case,
    /// The two cells to mark (a clash), if any.
    pub marks: Option<[(usize, usize); 2]>,
    /// The board to draw: the received one, or the input.
    pub drawn: Board,
}

/// How a check went wrong.
pub struct Failure {
    pub verdict: Verdict,
    pub hint: Hint,
    /// What went wrong, in a sentence.
    pub reason: String,
    /// The case, its cells to mark, and the board to draw them on.
    pub case: Option<FailedCase>,
    /// The learner's nodes on the case.
    pub nodes: Option<u64>,
}

/// The cases of one stage, each with the reference's time and nodes on it,
/// measured now, in this run.
pub fn stage_cases(
    exercise: &Exercise,
    stage: Stage,
    limit: usize,
) -> Result<Vec<Case>, CheckError> {
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
                    let solution = puzzle.solution.clone()?;
                    Some((
                        format!("{name} line {}", puzzle.line),
                        OwnCase {
                            input: board::to_line(&puzzle.board),
                            expected: board::to_line(&solution),
                            board: puzzle.board,
                            cells: None,
                            unit: None,
                        },
                    ))
                })
                .collect()
        }
    };
    let approach = approaches::find(exercise.reference_approach).ok_or_else(|| {
        CheckError::Missing(format!("the approach {}", exercise.reference_approach))
    })?;
    Ok(owns
        .into_iter()
        .map(|(place, own)| {
            let (reference_time, reference_nodes) = match exercise.entry {
                Entry::SolveSudoku => Puzzle::from_board(&own.board)
                    .ok()
                    .and_then(|puzzle| {
                        let started = Instant::now();
                        let solved = solve::run(approach, &puzzle).ok()?;
                        Some((started.elapsed(), solved.effort.nodes))
                    })
                    .unwrap_or_default(),
                _ => (Duration::ZERO, 0),
            };
            Case {
                place,
                own,
                reference_time,
                reference_nodes,
            }
        })
        .collect())
}

/// Judges one case: its time and the nodes (the learner's, the reference's),
/// or what went wrong.
pub fn judge_case(
    exercise: &Exercise,
    stage: Stage,
    case: Case,
    exchange: Exchange,
    limit: Duration,
) -> Result<(Duration, u64, u64), Box<Failure>> {
    let failure = |verdict, hint, reason: String, case: Case, marks, drawn: Board, nodes| Failure {
        verdict,
        hint,
        reason,
        case: Some(FailedCase { case, marks, drawn }),
        nodes,
    };
    let line = match exchange {
        Exchange::Reply(line) => line,
        Exchange::NoReply(Outcome::TimedOut { .. }) => {
            let hint = if stage == Stage::Own || stage == Stage::Example {
                Hint::EndlessRecursion
            } else {
                Hint::TooSlow
            };
            let reason = format!(
                "no answer within {:.3} s (the reference took {}); {}",
                limit.as_secs_f64(),
                crate::measure::format_duration(case.reference_time),
                if hint == Hint::TooSlow {
                    "earlier stages passed, so the answers are right: the search is too big"
                } else {
                    "on a case this small, a search that does not end"
                }
            );
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                Verdict::TimeLimitExceeded,
                hint,
                reason,
                case,
                None,
                drawn,
                None,
            )));
        }
        Exchange::NoReply(Outcome::Died { status, tail, .. }) => {
            let last: Vec<&str> = tail.trim().lines().rev().take(3).collect();
            let hint = if tail.contains("overflow")
                || status.contains("SIGSEGV")
                || status.contains("SIGABRT")
            {
                Hint::EndlessRecursion
            } else {
                Hint::OutOfRange
            };
            let reason = format!(
                "the program {status}; its last words: {}",
                last.into_iter().rev().collect::<Vec<_>>().join(" / ")
            );
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                Verdict::RuntimeError,
                hint,
                reason,
                case,
                None,
                drawn,
                None,
            )));
        }
        Exchange::NoReply(other) => {
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                Verdict::RuntimeError,
                Hint::EndlessRecursion,
                format!("{other:?}"),
                case,
                None,
                drawn,
                None,
            )));
        }
    };
    let (elapsed, trace, payload) = match judging::parse_raw_reply(&line) {
        Some(Reply::Ok {
            elapsed,
            trace,
            payload,
        }) => (elapsed, trace, payload),
        Some(Reply::Panicked { message }) => {
            let hint = classify_panic(&message);
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                Verdict::RuntimeError,
                hint,
                message,
                case,
                None,
                drawn,
                None,
            )));
        }
        None => {
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                Verdict::RuntimeError,
                Hint::NotADigit,
                format!("an answer that cannot be read: {line}"),
                case,
                None,
                drawn,
                None,
            )));
        }
    };
    match exercise.entry {
        Entry::BoxOf => {
            if payload == case.own.expected {
                return Ok((elapsed, 0, 0));
            }
            let reason = format!(
                "box_of({}) returned {payload}, expected {}",
                case.own.input.replace(' ', ", "),
                case.own.expected
            );
            Err(Box::new(failure(
                Verdict::WrongAnswer,
                Hint::WrongBox,
                reason,
                case,
                None,
                Vec::new(),
                None,
            )))
        }
        Entry::IsValidSudoku => {
            if payload == case.own.expected {
                return Ok((elapsed, 0, 0));
            }
            let hint = match (case.own.expected.as_str(), case.own.unit) {
                ("true", _) => Hint::FalseClash,
                (_, Some(Unit::Box(_))) => Hint::MissedBoxClash,
                _ => Hint::MissedLineClash,
            };
            let unit = case.own.unit.map_or_else(String::new, |unit| {
                format!(" (the marked cells clash in {unit})")
            });
            let reason = format!(
                "is_valid_sudoku returned {payload}, expected {}{unit}",
                case.own.expected
            );
            let marks = case.own.cells;
            let drawn = case.own.board.clone();
            Err(Box::new(failure(
                Verdict::WrongAnswer,
                hint,
                reason,
                case,
                marks,
                drawn,
                None,
            )))
        }
        Entry::SolveSudoku => {
            let received = judging::decode_board(&payload).unwrap_or_default();
            let puzzle = case.own.board.clone();
            let correct = board::check_solution(&puzzle, &received).is_ok();
            if !correct {
                let (hint, marks) = classify(&puzzle, &received);
                let reason = match board::check_solution(&puzzle, &received) {
                    Err(error) => error.to_string(),
                    Ok(()) => String::new(),
                };
                let reason = match (hint, marks) {
                    (Hint::GivensChanged, Some([(r, c), _])) => format!(
                        "the given {} at row {}, column {} was changed to {:?}",
                        puzzle[r][c],
                        r + 1,
                        c + 1,
                        received[r][c]
                    ),
                    (Hint::BoxFormula | Hint::RowOrColumn, Some([a, b])) => format!(
                        "{reason}: row {}, column {} and row {}, column {}",
                        a.0 + 1,
                        a.1 + 1,
                        b.0 + 1,
                        b.1 + 1
                    ),
                    _ => reason,
                };
                return Err(Box::new(failure(
                    Verdict::WrongAnswer,
                    hint,
                    reason,
                    case,
                    marks,
                    received,
                    Some(trace.nodes),
                )));
            }
            if let Some(budget) = exercise.node_budget {
                let allowed = budget.max(2 * case.reference_nodes);
                let blanks = board::count_blanks(&puzzle) as u64;
                if trace.nodes == 0 && blanks > 0 {
                    let reason = "right answers, but no trace_place calls: the node budget cannot be checked".to_string();
                    return Err(Box::new(failure(
                        Verdict::NotCounted,
                        Hint::NotTraced,
                        reason,
                        case,
                        None,
                        puzzle,
                        Some(0),
                    )));
                }
                if trace.nodes > allowed {
                    let reason = format!(
                        "right answer, but {} nodes: over the budget of {allowed} for this puzzle",
                        trace.nodes
                    );
                    return Err(Box::new(failure(
                        Verdict::OverNodeBudget,
                        Hint::OverNodeBudget,
                        reason,
                        case,
                        None,
                        puzzle,
                        Some(trace.nodes),
                    )));
                }
            }
            let reference = case.reference_nodes;
            Ok((elapsed, trace.nodes, reference))
        }
    }
}

/// A cell whose box number clashes with that of `cell` in the learner's
/// answers: in another box with the same number, or in the same box with
/// another number.
pub fn box_clash(answers: &Board, cell: (usize, usize)) -> Option<(usize, usize)> {
    let box_of = |(r, c): (usize, usize)| r / 3 * 3 + c / 3;
    let answer = |(r, c): (usize, usize)| answers[r][c];
    let cells = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&other| other != cell);
    let mut candidates = cells
        .clone()
        .filter(|&other| box_of(other) != box_of(cell) && answer(other) == answer(cell));
    candidates.next().or_else(|| {
        cells
            .clone()
            .find(|&other| box_of(other) == box_of(cell) && answer(other) != answer(cell))
    })
}
