//! Running the compiled program on every case of every set, in order,
//! stopping at the first failure as LeetCode does (unless `--all`), and
//! judging what it did with each.

use std::time::Duration;

use super::cases::{Case, JudgedSet};
use super::program::{self, Program};
use super::{Mismatch, Outcome, Stream, Verdict};
use crate::progress::Progress;
use sudoku37::board::Board;

/// How one set went.
pub struct SetReport {
    pub name: String,
    pub size: usize,
    pub passed: usize,
    /// The times of the passed puzzles, as the judge measured them.
    pub times: Vec<Duration>,
    /// How many of its puzzles were run.
    pub ran: usize,
}

/// What went wrong on one puzzle.
pub enum Problem {
    Wrong {
        received: Board,
        mismatch: Mismatch,
    },
    TimedOut {
        waited: Duration,
        queued: Duration,
    },
    OutOfMemory {
        limit: u64,
        tail: String,
    },
    OutputLimit {
        limit: u64,
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

pub struct Failure {
    /// What the solution printed itself on this puzzle.
    pub printed: program::Printed,
    pub set: String,
    pub line: usize,
    pub index: usize,
    pub set_size: usize,
    /// The puzzle, as LeetCode's board.
    pub board: Board,
    /// The puzzle's one solution (shown as "expected").
    pub solution: Board,
    pub problem: Problem,
}

impl Failure {
    pub fn verdict(&self) -> Verdict {
        match self.problem {
            Problem::Wrong { .. } => Verdict::WrongAnswer,
            Problem::TimedOut { .. } => Verdict::TimeLimitExceeded,
            Problem::OutOfMemory { .. } => Verdict::MemoryLimitExceeded,
            Problem::OutputLimit { .. } => Verdict::OutputLimitExceeded,
            Problem::Panicked { .. } | Problem::Died { .. } => Verdict::RuntimeError,
        }
    }

    pub fn place(&self) -> String {
        format!(
            "{} line {} (puzzle {} of {})",
            self.set, self.line, self.index, self.set_size
        )
    }
}

/// What running the program on the sets gave.
pub struct Run {
    pub reports: Vec<SetReport>,
    pub failures: Vec<Failure>,
    /// The time of each passed puzzle, in the order run.
    pub user_times: Vec<Duration>,
}

/// Runs the program on every case of every set, in order, stopping at the
/// first failure unless `all`. An error is the program's: it could not be
/// started or spoken to.
pub fn run_sets(
    program: &mut Program,
    judged_sets: &[JudgedSet],
    time_limit: Duration,
    all: bool,
    progress: &mut dyn Progress,
) -> std::io::Result<Run> {
    let total: usize = judged_sets.iter().map(|set| set.cases.len()).sum();
    progress.start(total as u64, "puzzles");
    let mut reports = Vec::new();
    let mut failures = Vec::new();
    let mut user_times = Vec::new();
    for set in judged_sets {
        // A set's name may come from a file's: shown escaped, so that it
        // cannot drive the terminal.
        let name = crate::files::escape_controls(&set.name);
        let mut report = SetReport {
            name: name.clone(),
            size: set.cases.len(),
            passed: 0,
            times: Vec::new(),
            ran: 0,
        };
        let stopping = !all && !failures.is_empty();
        if !stopping {
            progress.message(&name);
            for (index, case) in set.cases.iter().enumerate() {
                let outcome = match program.solve(&case.board, time_limit) {
                    Ok(outcome) => outcome,
                    Err(error) => {
                        progress.finish();
                        return Err(error);
                    }
                };
                progress.advance(1);
                report.ran += 1;
                match judge_outcome(case, outcome) {
                    Ok(elapsed) => {
                        report.passed += 1;
                        report.times.push(elapsed);
                        user_times.push(elapsed);
                    }
                    Err(problem) => failures.push(Failure {
                        printed: program.printed().clone(),
                        set: name.clone(),
                        line: case.line,
                        index: index + 1,
                        set_size: set.cases.len(),
                        board: case.board.clone(),
                        solution: case.solution.clone(),
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
    progress.finish();
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
            match super::compare_answer(&case.board, &case.solution, &board) {
                Ok(()) => Ok(elapsed),
                Err(mismatch) => Err(Problem::Wrong {
                    received: board,
                    mismatch,
                }),
            }
        }
        Outcome::TimedOut { waited, queued } => Err(Problem::TimedOut { waited, queued }),
        Outcome::OutOfMemory { limit, tail } => Err(Problem::OutOfMemory { limit, tail }),
        Outcome::OutputLimit { limit } => Err(Problem::OutputLimit { limit }),
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
