//! Child processes that run one approach, so that a slow search can be
//! stopped: the hidden `sudoku37 worker --approach NAME` subcommand, and the
//! parent's handle on it.
//!
//! Protocol: the parent writes puzzle lines (a puzzle, optionally followed by
//! its known solution); the worker answers each with one record line (see
//! [`PuzzleRecord::to_line`]), flushed at once. The parent waits for a record
//! as long as it likes and kills the child when its time is up.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use sudoku37::approaches::Approach;
use sudoku37::board::{self, Board};
use sudoku37::compare::{PuzzleRecord, Verdict};
use sudoku37::{sets, solve, SolveError};

/// What waiting for the next record gave.
pub enum Received {
    Record(PuzzleRecord),
    /// The time given ran out first.
    TimedOut,
    /// The worker ended without answering (it crashed).
    Ended,
}

/// A running worker process.
pub struct Worker {
    child: Child,
    input: Option<ChildStdin>,
    records: Receiver<String>,
    reader: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts a worker for `approach`.
    pub fn start(approach: &Approach) -> io::Result<Worker> {
        let mut child = Command::new(std::env::current_exe()?)
            .args(["worker", "--approach", approach.name])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take();
        let output = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no worker output"))?;
        let (sender, records) = mpsc::channel();
        let reader = thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker {
            child,
            input,
            records,
            reader: Some(reader),
        })
    }

    /// Sends one puzzle line.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| io::Error::other("input closed"))?;
        writeln!(input, "{line}")?;
        input.flush()
    }

    /// Sends all these lines from a thread of their own, then closes the
    /// input (the worker may fill its output pipe before it has read them all).
    pub fn send_all(&mut self, lines: String) -> JoinHandle<()> {
        let input = self.input.take();
        thread::spawn(move || {
            if let Some(mut input) = input {
                let _ = input.write_all(lines.as_bytes());
            }
        })
    }

    /// Waits for the next record, for at most `timeout` (or for ever).
    pub fn receive(&self, timeout: Option<Duration>) -> Received {
        let line = match timeout {
            Some(timeout) => match self.records.recv_timeout(timeout) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Received::TimedOut,
                Err(RecvTimeoutError::Disconnected) => return Received::Ended,
            },
            None => match self.records.recv() {
                Ok(line) => line,
                Err(_) => return Received::Ended,
            },
        };
        Received::Record(PuzzleRecord::from_line(&line).unwrap_or_else(|| {
            PuzzleRecord::without_search(Verdict::Wrong(format!(
                "unreadable worker output {line:?}"
            )))
        }))
    }

    /// Stops the worker, whatever it is doing.
    pub fn stop(mut self) {
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// The line the worker reads for a puzzle.
pub fn puzzle_line(puzzle: &Board, known: Option<&Board>) -> String {
    match known {
        Some(solution) => format!("{} {}", board::to_line(puzzle), board::to_line(solution)),
        None => board::to_line(puzzle),
    }
}

/// The hidden `worker` subcommand: solves the puzzles on standard input with
/// one approach and prints one record line per puzzle, flushed at once so the
/// parent sees progress even if it has to stop us.
pub fn serve(approach: &'static Approach) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let record = match sets::parse_set_line(line.trim()) {
            Ok((puzzle, solution)) => judge_one(approach, &puzzle, solution.as_ref()),
            Err(problem) => {
                PuzzleRecord::without_search(Verdict::Wrong(format!("bad puzzle line: {problem}")))
            }
        };
        if writeln!(out, "{}", record.to_line())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

fn judge_one(approach: &'static Approach, puzzle: &Board, known: Option<&Board>) -> PuzzleRecord {
    let attempt = match solve::attempt(approach, puzzle) {
        Ok(attempt) => attempt,
        // Conflicting givens: no search runs, and there is rightly no solution.
        Err(_) => return PuzzleRecord::without_search(Verdict::NoSolution),
    };
    let (elapsed, nodes) = (attempt.elapsed, attempt.effort.nodes);
    let (verdict, answer) = match solve::judge(approach, puzzle, attempt) {
        Ok(solved) => match known {
            Some(known) if *known != solved.solution => (
                Verdict::Wrong("a valid answer, but not the known unique solution".to_string()),
                None,
            ),
            _ => (Verdict::Solved, Some(board::to_line(&solved.solution))),
        },
        // Whether there really is none is for the parent to check, outside
        // the time this search is given.
        Err(SolveError::NoSolution { .. }) => (Verdict::NoSolution, None),
        Err(error) => (Verdict::Wrong(error.to_string()), None),
    };
    PuzzleRecord {
        elapsed,
        nodes,
        verdict,
        answer,
    }
}
