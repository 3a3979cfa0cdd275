//! Running the compiled program on every case of every set, in order,
//! stopping at the first failure as LeetCode does (unless `--all`), and
//! judging what it did with each.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use sudoku37::board::Board;
use sudoku37::judge::{self, Outcome, Stream, Verdict};

use super::cases::{Case, JudgedSet};
use super::program::{self, Program};
use super::report::SetReport;
use crate::cli::error::CliError;

/// What went wrong on one puzzle.
pub(super) enum Problem {
    Wrong {
        received: Board,
        mismatch: judge::Mismatch,
    },
    TimedOut {
        waited: Duration,
    },
    Panicked {
        message: String,
    },
    Died {
        status: String,
        stream: Stream,
        tail: String,
    },
}

pub(super) struct Failure {
    /// What the solution printed itself on this puzzle.
    pub(super) printed: program::Printed,
    pub(super) set: String,
    pub(super) line: usize,
    pub(super) index: usize,
    pub(super) set_size: usize,
    pub(super) puzzle: Board,
    pub(super) expected: Board,
    pub(super) problem: Problem,
}

impl Failure {
    pub(super) fn verdict(&self) -> Verdict {
        match self.problem {
            Problem::Wrong { .. } => Verdict::WrongAnswer,
            Problem::TimedOut { .. } => Verdict::TimeLimitExceeded,
            Problem::Panicked { .. } | Problem::Died { .. } => Verdict::RuntimeError,
        }
    }

    pub(super) fn place(&self) -> String {
        format!(
            "{} line {} (puzzle {} of {})",
            self.set, self.line, self.index, self.set_size
        )
    }
}

/// What running the program on the sets gave.
pub(super) struct Run {
    pub(super) reports: Vec<SetReport>,
    pub(super) failures: Vec<Failure>,
    /// The time of each passed puzzle, in the order run.
    pub(super) user_times: Vec<Duration>,
}

/// Runs the program on every case of every set, in order, stopping at the
/// first failure unless `all`.
pub(super) fn run_sets(
    program: &mut Program,
    judged_sets: &[JudgedSet],
    time_limit: Duration,
    all: bool,
) -> Result<Run, CliError> {
    let total: usize = judged_sets.iter().map(|set| set.cases.len()).sum();
    let progress = ProgressBar::new(total as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut reports = Vec::new();
    let mut failures = Vec::new();
    let mut user_times = Vec::new();
    for set in judged_sets {
        let mut report = SetReport {
            name: set.name.clone(),
            size: set.cases.len(),
            passed: 0,
            times: Vec::new(),
            ran: 0,
        };
        let stopping = !all && !failures.is_empty();
        if !stopping {
            progress.set_message(set.name.clone());
            for (index, case) in set.cases.iter().enumerate() {
                let outcome = program.solve(&case.puzzle, time_limit).map_err(|source| {
                    progress.finish_and_clear();
                    CliError::Program {
                        what: "solution",
                        source,
                    }
                })?;
                progress.inc(1);
                report.ran += 1;
                match judge_outcome(case, outcome) {
                    Ok(elapsed) => {
                        report.passed += 1;
                        report.times.push(elapsed);
                        user_times.push(elapsed);
                    }
                    Err(problem) => failures.push(Failure {
                        printed: program.printed().clone(),
                        set: set.name.clone(),
                        line: case.line,
                        index: index + 1,
                        set_size: set.cases.len(),
                        puzzle: case.puzzle.clone(),
                        expected: case.expected.clone(),
                        problem,
                    }),
                }
                if !all && !failures.is_empty() {
                    break;
                }
            }
        }
        reports.push(report);
    }
    progress.finish_and_clear();
    Ok(Run {
        reports,
        failures,
        user_times,
    })
}

/// Judges what the program did with one case: its time if it returned the
/// expected board.
fn judge_outcome(case: &Case, outcome: Outcome) -> Result<Duration, Problem> {
    match outcome {
        Outcome::Returned { board, elapsed, .. } => {
            match judge::compare_answer(&case.puzzle, &case.expected, &board) {
                Ok(()) => Ok(elapsed),
                Err(mismatch) => Err(Problem::Wrong {
                    received: board,
                    mismatch,
                }),
            }
        }
        Outcome::TimedOut { waited } => Err(Problem::TimedOut { waited }),
        Outcome::Panicked { message } => Err(Problem::Panicked { message }),
        Outcome::Died {
            status,
            stream,
            tail,
        } => Err(Problem::Died {
            status,
            stream,
            tail,
        }),
    }
}
