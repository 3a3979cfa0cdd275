//! `sudoku37 solve` and `sudoku37 show`: puzzles in, answers out, one output
//! line per input puzzle in input order (for `solve`), so that answers line up
//! with the puzzles they answer.
//!
//! `solve` runs the approach in a worker process (`worker.rs`), so that
//! `--timeout` can stop a search that will not finish; `show` runs it in
//! process, since it prints the effort beside the grids.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use sudoku37::approaches::Approach;
use sudoku37::board::{self, Board};
use sudoku37::compare::Verdict;
use sudoku37::input::{self, Entry};
use sudoku37::{count_solutions, solve};

use super::worker::{self, Received, Worker};

/// What `solve` was asked to do with each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Print the number of solutions (0, 1, or 2 for "two or more") instead.
    pub count: bool,
    /// Report a puzzle with several solutions as an error.
    pub unique: bool,
    /// Stop a search that runs longer than this.
    pub timeout: Option<Duration>,
}

/// How a run went; the worst outcome decides the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    AllSolved = 0,
    /// Some puzzle has no solution, conflicting givens, several solutions
    /// (with `--unique`), or was stopped by `--timeout`.
    SomeUnsolved = 1,
    /// Some puzzle is malformed, or the input cannot be read.
    Malformed = 2,
}

impl Outcome {
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// `sudoku37 solve`.
pub fn run(approach: &'static Approach, input: &str, options: Options) -> ExitCode {
    let text = match super::read_text(input) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return Outcome::Malformed.exit_code();
        }
    };
    let mut outcome = Outcome::AllSolved;
    let mut worker: Option<Worker> = None;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for entry in input::split_puzzles(&text) {
        let (answer, this_outcome) = answer_one(approach, &entry, options, &mut worker);
        if let Err(message) = &answer {
            eprintln!("line {}: {message}", entry.line);
        }
        outcome = outcome.max(this_outcome);
        let line = match answer {
            Ok(answer) => answer,
            Err(message) => format!("error: {message}"),
        };
        if writeln!(out, "{line}").is_err() {
            // The reader of our output has gone (a closed pipe): stop quietly.
            break;
        }
    }
    if let Some(worker) = worker {
        worker.stop();
    }
    outcome.exit_code()
}

/// The output line for one input puzzle, and how it went.
fn answer_one(
    approach: &'static Approach,
    entry: &Entry,
    options: Options,
    worker: &mut Option<Worker>,
) -> (Result<String, String>, Outcome) {
    let (puzzle, format) = match &entry.parsed {
        Ok(parsed) => parsed,
        Err(error) => return (Err(error.to_string()), Outcome::Malformed),
    };
    if options.count {
        return (
            Ok(count_solutions(puzzle, 2).to_string()),
            Outcome::AllSolved,
        );
    }
    // Checked here, before any search starts.
    if let Err(error) = solve::validate(puzzle) {
        return (Err(error.to_string()), Outcome::SomeUnsolved);
    }
    if options.unique && count_solutions(puzzle, 2) > 1 {
        return (
            Err(solve::SolveError::NotUnique.to_string()),
            Outcome::SomeUnsolved,
        );
    }
    match search_in_worker(approach, puzzle, options.timeout, worker) {
        Ok(solution) => (Ok(board::write(&solution, *format)), Outcome::AllSolved),
        Err(message) => (Err(message), Outcome::SomeUnsolved),
    }
}

/// Solves one puzzle in the worker, starting one if needed; a worker that
/// runs out of time is stopped, and the next puzzle gets a fresh one.
fn search_in_worker(
    approach: &'static Approach,
    puzzle: &Board,
    timeout: Option<Duration>,
    worker: &mut Option<Worker>,
) -> Result<Board, String> {
    if worker.is_none() {
        *worker = Some(
            Worker::start(approach).map_err(|error| format!("cannot start a worker: {error}"))?,
        );
    }
    let running = worker.as_mut().ok_or("no worker")?;
    running
        .send(&worker::puzzle_line(puzzle, None))
        .map_err(|error| format!("cannot reach the worker: {error}"))?;
    match running.receive(timeout) {
        Received::Record(record) => match (record.verdict, record.answer) {
            (Verdict::Solved, Some(answer)) => {
                board::parse_line(&answer).map_err(|error| error.to_string())
            }
            (Verdict::Solved, None) => Err("the worker sent no answer".to_string()),
            (Verdict::NoSolution, _) => Err(format!(
                "no solution: {} searched and left the board as given",
                approach.name
            )),
            (Verdict::Wrong(detail), _) => Err(detail),
        },
        Received::TimedOut => {
            if let Some(stuck) = worker.take() {
                stuck.stop();
            }
            let seconds = timeout.map_or(0.0, |timeout| timeout.as_secs_f64());
            Err(format!(
                "stopped after {seconds} s (--timeout): {} did not finish this puzzle",
                approach.name
            ))
        }
        Received::Ended => {
            *worker = None;
            Err(format!("{} crashed on this puzzle", approach.name))
        }
    }
}

/// `sudoku37 show`: each puzzle and its solution as grids side by side, with
/// the nodes and undos it took.
pub fn show(approach: &'static Approach, input: &str) -> ExitCode {
    let text = match super::read_text(input) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return Outcome::Malformed.exit_code();
        }
    };
    let mut outcome = Outcome::AllSolved;
    for entry in input::split_puzzles(&text) {
        let number = entry.line;
        let puzzle: &Board = match &entry.parsed {
            Ok((puzzle, _)) => puzzle,
            Err(error) => {
                println!("line {number}: error: {error}\n");
                outcome = outcome.max(Outcome::Malformed);
                continue;
            }
        };
        match solve::run(approach, puzzle) {
            Ok(solved) => println!(
                "line {number}: {} nodes, {} undos, {} with {}\n{}",
                solved.effort.nodes,
                solved.effort.undos,
                super::format_duration(solved.elapsed),
                approach.name,
                board::format_side_by_side("puzzle", puzzle, "solution", &solved.solution)
            ),
            Err(error) => {
                println!(
                    "line {number}: error: {error}\n{}",
                    board::format_grid(puzzle)
                );
                outcome = outcome.max(Outcome::SomeUnsolved);
            }
        }
    }
    outcome.exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_outcome_wins() {
        assert!(Outcome::Malformed > Outcome::SomeUnsolved);
        assert!(Outcome::SomeUnsolved > Outcome::AllSolved);
        assert_eq!(
            Outcome::AllSolved.max(Outcome::Malformed),
            Outcome::Malformed
        );
    }
}
