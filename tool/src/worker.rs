//! Child processes that run one approach, so that a slow search can be
//! stopped: [`serve`], what the hidden `sudoku37 worker --approach NAME`
//! subcommand runs, and [`Worker`], the parent's handle on it. A worker is
//! this same program started again ([`std::env::current_exe`]), so only a
//! program whose `worker` subcommand calls [`serve`] can start workers.
//!
//! Protocol: the worker first writes the line `ready`, so that starting it
//! never counts against a puzzle's time. Then the parent writes puzzle lines
//! (a [`Request`]: a puzzle, its solution if the set gives one, how long to repeat
//! it); the worker answers each with one reply line (a [`Reply`]),
//! flushed at once. Both are JSON lines, see [`crate::wire`].
//! The parent waits for a reply as long as it likes and kills the child when
//! its time is up; a worker that ended by itself is waited for all the same,
//! so none is left a zombie.
//!
//! A worker never outlives its parent: it is started by the one process
//! runner ([`crate::runner`]), whose children die with their parent, and as a
//! second guard a thread of the worker's own watches the parent's process id
//! and ends the worker within [`PARENT_CHECK`] of the parent's death, however
//! it died (SIGKILL included), even in the middle of a search.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::wire::{Check, Reply, Request};
use sudoku37::approaches::Approach;
use sudoku37::grid;
use sudoku37::harness::{self, SolveError};
use sudoku37::puzzle::{Cells, Puzzle};
use sudoku37::text::{self, ParseError};

use crate::runner::{self, Child};

/// How often a worker checks that its parent is still alive.
pub const PARENT_CHECK: Duration = Duration::from_millis(200);
/// How long the parent waits for a new worker to say it is ready.
const START_LIMIT: Duration = Duration::from_secs(30);
/// The worker's first line.
const READY: &str = "ready";

/// What waiting for the next record gave.
pub enum Received {
    Reply(Reply),
    /// The time given ran out first.
    TimedOut,
    /// The worker ended without answering (it crashed).
    Ended,
}

/// A running worker process.
pub struct Worker {
    child: Child,
    input: Option<ChildStdin>,
    replies: Receiver<String>,
    reader: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts a worker for `approach` and waits until it is ready.
    pub fn start(approach: &Approach) -> io::Result<Worker> {
        let mut child = runner::spawn(
            Command::new(std::env::current_exe()?)
                .args(["worker", "--approach", approach.name])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )?;
        let input = child.pipes().stdin.take();
        let output = child
            .pipes()
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no worker output"))?;
        let (sender, replies) = mpsc::channel();
        let reader = thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let worker = Worker {
            child,
            input,
            replies,
            reader: Some(reader),
        };
        match worker.replies.recv_timeout(START_LIMIT) {
            Ok(line) if line == READY => Ok(worker),
            _ => {
                worker.stop();
                Err(io::Error::other("the worker did not start"))
            }
        }
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
            Some(timeout) => match self.replies.recv_timeout(timeout) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Received::TimedOut,
                Err(RecvTimeoutError::Disconnected) => return Received::Ended,
            },
            None => match self.replies.recv() {
                Ok(line) => line,
                Err(_) => return Received::Ended,
            },
        };
        Received::Reply(Reply::from_line(&line).unwrap_or_else(|| {
            Reply::without_search(Check::Wrong(format!("unreadable worker output {line:?}")))
        }))
    }

    /// Stops the worker, whatever it is doing.
    pub fn stop(mut self) {
        self.input = None;
        let _ = self.child.stop();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

/// The line the worker reads for the puzzle in `cells`, solved once.
pub fn puzzle_line(cells: &Cells) -> String {
    Request {
        puzzle: grid::line_of(cells),
        solution: None,
        repeat_for_ns: 0,
    }
    .to_line()
}

/// Solves one puzzle in a worker process within `timeout`, starting one if
/// needed (`solve --time-limit`); a worker
/// that runs out of time or ends is stopped and waited for, and the next
/// puzzle gets a fresh one.
pub fn solve_within(
    approach: &'static Approach,
    puzzle: &Puzzle,
    timeout: Duration,
    worker: &mut Option<Worker>,
) -> Result<Cells, Unanswered> {
    if worker.is_none() {
        *worker = Some(Worker::start(approach).map_err(Unanswered::NoWorker)?);
    }
    let Some(running) = worker.as_mut() else {
        return Err(Unanswered::NoWorker(io::ErrorKind::NotFound.into()));
    };
    running
        .send(&puzzle_line(puzzle.cells()))
        .map_err(Unanswered::Unreachable)?;
    match running.receive(Some(timeout)) {
        Received::Reply(reply) => match (reply.check, reply.answer) {
            (Check::Solved, Some(answer)) => {
                let parsed = text::single_record(&answer).map_err(Unanswered::BadAnswer)?;
                if puzzle.is_solved_by(&parsed.cells) {
                    Ok(parsed.cells)
                } else {
                    Err(Unanswered::WrongAnswer)
                }
            }
            (Check::Solved, None) => Err(Unanswered::NoAnswer),
            (Check::NoSolutionClaimed | Check::NoSolutionVerified, _) => {
                Err(Unanswered::NoSolution {
                    approach: approach.name,
                })
            }
            (Check::Wrong(detail), _) => Err(Unanswered::Wrong(detail)),
        },
        Received::TimedOut => {
            if let Some(stuck) = worker.take() {
                stuck.stop();
            }
            Err(Unanswered::TimedOut {
                seconds: timeout.as_secs_f64(),
                approach: approach.name,
            })
        }
        Received::Ended => {
            if let Some(ended) = worker.take() {
                ended.stop();
            }
            Err(Unanswered::Crashed {
                approach: approach.name,
            })
        }
    }
}

/// Why a search in a worker gave no answer to print.
#[derive(Debug, thiserror::Error)]
pub enum Unanswered {
    #[error("cannot start a worker: {0}")]
    NoWorker(#[source] io::Error),
    #[error("cannot reach the worker: {0}")]
    Unreachable(#[source] io::Error),
    #[error("the worker sent a bad answer: {0}")]
    BadAnswer(#[source] ParseError),
    #[error("the worker sent a wrong answer")]
    WrongAnswer,
    #[error("the worker sent no answer")]
    NoAnswer,
    #[error("no solution: {approach} searched and left the board as given")]
    NoSolution { approach: &'static str },
    /// The worker's own account of a wrong answer or a panic.
    #[error("{0}")]
    Wrong(String),
    #[error("stopped after {seconds} s (--time-limit): {approach} did not finish this puzzle")]
    TimedOut {
        seconds: f64,
        approach: &'static str,
    },
    #[error("{approach} crashed on this puzzle")]
    Crashed { approach: &'static str },
}

/// Ends this process soon after its parent dies.
fn watch_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        thread::spawn(move || loop {
            thread::sleep(PARENT_CHECK);
            // An orphan is adopted by another process: the id changes.
            if std::os::unix::process::parent_id() != parent {
                std::process::exit(3);
            }
        });
    }
}

/// The hidden `worker` subcommand: solves the puzzles on standard input with
/// one approach and prints one reply line per puzzle, flushed at once so the
/// parent sees progress even if it has to stop us.
pub fn serve(approach: &'static Approach) {
    watch_parent();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if writeln!(out, "{READY}").and_then(|()| out.flush()).is_err() {
        return;
    }
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = match Request::from_line(&line) {
            Ok(request) => answer(approach, &request),
            Err(error) => Reply::without_search(Check::Wrong(format!("bad request: {error}"))),
        };
        if writeln!(out, "{}", reply.to_line())
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
}

/// Solves one requested puzzle, as many times as asked, and judges it.
fn answer(approach: &'static Approach, request: &Request) -> Reply {
    let parsed = match text::single_record(&request.puzzle) {
        Ok(parsed) => parsed,
        Err(error) => return Reply::without_search(Check::Wrong(format!("bad puzzle: {error}"))),
    };
    let solution = match request.solution.as_deref().map(text::single_record) {
        None => None,
        Some(Ok(record)) => Some(record.cells),
        Some(Err(error)) => {
            return Reply::without_search(Check::Wrong(format!("bad solution: {error}")))
        }
    };
    match Puzzle::from_cells(parsed.cells) {
        Ok(puzzle) => check_one(approach, &puzzle, solution.as_ref(), request.repeat_for_ns),
        // Conflicting givens: no search runs, and there is rightly no solution.
        Err(_) => Reply::without_search(Check::NoSolutionVerified),
    }
}

fn check_one(
    approach: &'static Approach,
    puzzle: &Puzzle,
    solution: Option<&Cells>,
    repeat_for_ns: u64,
) -> Reply {
    let attempt = match harness::attempt(approach, puzzle) {
        Ok(attempt) => attempt,
        Err(error) => return Reply::without_search(Check::Wrong(error.to_string())),
    };
    // Repeat the same search until enough time is spent, and keep the
    // median: a single cold run of a small set is noise.
    let mut times = vec![attempt.elapsed];
    let mut spent = attempt.elapsed;
    while u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX) < repeat_for_ns {
        match harness::attempt(approach, puzzle) {
            Ok(again) => {
                spent += again.elapsed;
                times.push(again.elapsed);
            }
            Err(_) => break,
        }
    }
    let elapsed = crate::measure::median(&times).unwrap_or(attempt.elapsed);
    let repeats = times.len() as u64;
    let nodes = attempt.effort.nodes;
    let (verdict, answer) = match harness::check_attempt(approach, puzzle, attempt) {
        Ok(solved) => {
            let line = sudoku37::grid::line_of(&solved.solution);
            match solution {
                Some(unique) if grid::line_of(unique) != line => (
                    Check::Wrong("a valid answer, but not the known unique solution".to_string()),
                    None,
                ),
                _ => (Check::Solved, Some(line)),
            }
        }
        // Whether there really is none is for the parent to check, outside
        // the time this search is given.
        Err(SolveError::NoSolution { .. }) => (Check::NoSolutionClaimed, None),
        Err(error) => (Check::Wrong(error.to_string()), None),
    };
    Reply {
        elapsed,
        repeats,
        nodes,
        check: verdict,
        answer,
    }
}
