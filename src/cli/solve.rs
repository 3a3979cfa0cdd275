//! `sudoku37 solve` and `sudoku37 show`: puzzles in, answers out, one output
//! line per input record in input order (for `solve`), so that answers line up
//! with the puzzles they answer.
//!
//! `solve` streams: records are read one at a time by the record reader
//! ([`sudoku37::text`]), solved in process on `--jobs` threads, and printed
//! in input order as soon as they and every earlier one are answered. A
//! bounded window of records in flight keeps memory flat however long the
//! input is. Only `--time-limit` needs worker processes (`worker.rs`), since a
//! search in process cannot be stopped from outside; each solving thread then
//! owns one.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use clap::Args;
use thiserror::Error;

use sudoku37::approaches::Approach;
use sudoku37::board;
use sudoku37::grid;
use sudoku37::puzzle::{Cells, Puzzle};
use sudoku37::text::{Layout, ParseError, Record, Records};
use sudoku37::wire::Check;
use sudoku37::{count_solutions, solve, SolveError};

use super::output::Status;
use sudoku37::worker::{self, Received, Worker};

/// The record rules, for `solve --help`.
pub const RECORD_RULES: &str = "\
Input records (the same rules everywhere the tool reads puzzles):
  1. A line ends at \\n, \\r\\n or a lone \\r; a UTF-8 byte-order mark at the start is
     ignored; a line that is not UTF-8 is one malformed record.
  2. Blank lines and lines starting with # are not records, however long.
  3. A line of exactly 81 cells (1-9, blanks . 0 _ * -) is one puzzle, even when
     every cell is -. It may be followed by white space and an 81-cell answer,
     which must solve it, or the record is an error.
  4. LeetCode's form [[\"5\",\"3\",...]] is one record, on one line or several
     (at most 200 lines and 64 KiB). Left unclosed, it ends as one malformed
     record at the first line that starts another record (a blank or # line,
     a line starting with [[, an 81-cell line, a grid row).
  5. A grid is a run of lines of nine cells each, with | + - and spaces as
     decoration; decoration-only lines are skipped; a blank line or another
     kind of line ends it, and so does its ninth row. Nine rows are a puzzle;
     fewer are one malformed record.
  6. Any other line is one malformed record.
Output: exactly one line per record, in input order: the answer (a grid's as an
81-character line, LeetCode's form as LeetCode's form), or `error: <why>`; the
same message goes to standard error as `line N: <why>`.
Exit status (the highest that applies): 0 every puzzle solved; 1 some puzzle
not solved (no solution, conflicting givens, not unique with --unique, stopped
by --time-limit); 2 some record malformed, the input unreadable, or the output
unwritable. A closed output pipe is a quiet 0.";

/// Options of `solve`.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The approach to solve with.
    #[arg(long, short, default_value = sudoku37::approaches::DEFAULT_APPROACH,
          value_parser = super::flags::approach_parser())]
    pub approach: &'static Approach,
    /// Instead of solving, print how many solutions each puzzle has: 0, 1,
    /// or 2 meaning two or more (counted by the default approach's machinery).
    #[arg(long, conflicts_with_all = ["unique", "approach", "time_limit"])]
    pub count: bool,
    /// Report a puzzle with more than one solution as an error.
    #[arg(long)]
    pub unique: bool,
    /// Stop a search that takes longer than this many seconds on one puzzle,
    /// and say so. Each solving thread then runs the approach in a worker
    /// process, which can be stopped.
    // `--timeout`, the old name, stays as a hidden alias.
    #[arg(long, alias = "timeout", value_name = "SECONDS", value_parser = super::flags::parse_seconds,
          allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
    /// Solve on this many threads (1 to 1024); answers keep the input order.
    /// The default is the number of available cores.
    #[arg(long, short, value_name = "N", value_parser = super::flags::parse_jobs, allow_negative_numbers = true)]
    pub jobs: Option<NonZeroUsize>,
    /// File of puzzles, or - for standard input.
    #[arg(default_value = "-")]
    pub input: String,
}

/// `sudoku37 solve`.
pub fn run(arguments: &SolveArgs) -> ExitCode {
    let source = match super::input::open(&arguments.input) {
        Ok(source) => source.reader,
        Err(error) => return super::error::fail(&error),
    };
    let jobs = arguments
        .jobs
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let task = Task {
        approach: arguments.approach,
        count: arguments.count,
        unique: arguments.unique,
        timeout: arguments.time_limit,
    };
    super::output::guard_panics();
    let (status, written) = if jobs == 1 {
        solve_in_order(task, source)
    } else {
        solve_in_parallel(task, source, jobs)
    };
    super::output::finish(status, written)
}

/// What to do with each puzzle.
#[derive(Debug, Clone, Copy)]
struct Task {
    approach: &'static Approach,
    count: bool,
    unique: bool,
    timeout: Option<Duration>,
}

/// The output for one record.
struct Answer {
    line: usize,
    text: Text,
    /// What to say on standard error (`line N: ...`), printed with the answer
    /// so that the messages keep the input order whatever thread answered.
    error: Option<String>,
    status: Status,
}

/// An output line, without its line break.
enum Text {
    /// A solution as an 81-character line, kept as bytes: the common case
    /// needs no string at all.
    Line([u8; 81]),
    Other(String),
}

impl Answer {
    fn ok(line: usize, text: Text) -> Answer {
        Answer {
            line,
            text,
            error: None,
            status: Status::Ok,
        }
    }

    fn counted(line: usize, count: u64, status: Status, why: Option<String>) -> Answer {
        Answer {
            line,
            text: Text::Other(count.to_string()),
            error: why,
            status,
        }
    }

    fn error(line: usize, message: String, status: Status) -> Answer {
        Answer {
            line,
            text: Text::Other(format!("error: {message}")),
            error: Some(message),
            status,
        }
    }

    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        // Standard error may be closed or full: that must not cost an answer.
        if let Some(message) = &self.error {
            say!("line {}: {message}", self.line);
        }
        match &self.text {
            Text::Line(bytes) => out.write_all(bytes)?,
            Text::Other(text) => out.write_all(text.as_bytes())?,
        }
        out.write_all(b"\n")
    }
}

/// Answers one record; `worker` is this thread's worker process, if any.
fn answer(task: Task, record: Record, worker: &mut Option<Worker>) -> Answer {
    let line = record.line;
    let parsed = match record.parsed {
        Ok(parsed) => parsed,
        Err(error) => return Answer::error(line, error.to_string(), Status::BadInput),
    };
    let puzzle = match Puzzle::from_cells(parsed.cells) {
        Ok(puzzle) => puzzle,
        Err(error) if task.count => {
            // A count is still an answer: none. Standard error says why.
            return Answer::counted(line, 0, Status::Failed, Some(error.to_string()));
        }
        Err(error) => {
            return Answer::error(line, error.to_string(), super::output::status_of(&error))
        }
    };
    if task.count {
        let count = count_solutions(&puzzle, 2);
        return if count == 0 {
            Answer::counted(line, count, Status::Failed, Some("no solution".to_string()))
        } else {
            Answer::counted(line, count, Status::Ok, None)
        };
    }
    if task.unique {
        match count_solutions(&puzzle, 2) {
            0 => {
                return Answer::error(
                    line,
                    "no solution (the solution count found none)".to_string(),
                    Status::Failed,
                )
            }
            1 => {}
            _ => return Answer::error(line, SolveError::NotUnique.to_string(), Status::Failed),
        }
    }
    let solved = match task.timeout {
        None => solve::solve_fast(task.approach, &puzzle).map_err(|error| error.to_string()),
        Some(timeout) => search_in_worker(task.approach, &puzzle, timeout, worker)
            .map_err(|error| error.to_string()),
    };
    match solved {
        Ok(cells) => Answer::ok(line, write_cells(&cells, parsed.layout)),
        Err(message) => Answer::error(line, message, Status::Failed),
    }
}

/// An answer in the form its puzzle came in, on one line.
fn write_cells(cells: &Cells, layout: Layout) -> Text {
    match layout {
        Layout::Line | Layout::Grid => Text::Line(grid::line_bytes(cells)),
        Layout::LeetCode => Text::Other(board::to_leetcode(&board::from_cells(cells))),
    }
}

/// Solves one puzzle in a worker process, starting one if needed; a worker
/// that runs out of time or ends is stopped and waited for, and the next
/// puzzle gets a fresh one.
fn search_in_worker(
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
        .send(&worker::puzzle_line(puzzle.cells()))
        .map_err(Unanswered::Unreachable)?;
    match running.receive(Some(timeout)) {
        Received::Reply(reply) => match (reply.check, reply.answer) {
            (Check::Solved, Some(answer)) => {
                let parsed =
                    sudoku37::text::single_record(&answer).map_err(Unanswered::BadAnswer)?;
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
#[derive(Debug, Error)]
enum Unanswered {
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

/// One thread: read, solve and print each record before the next. The output
/// is flushed whenever the input has nothing buffered, so that an answer is
/// printed before the program waits for more input.
fn solve_in_order(task: Task, source: Box<dyn Read + Send>) -> (Status, io::Result<()>) {
    let out = Rc::new(RefCell::new(BufWriter::new(io::stdout())));
    let flushed_out = Rc::clone(&out);
    let reader = BeforeWaiting::new(source, move || {
        // A failed flush shows again on the next write.
        let _ = flushed_out.borrow_mut().flush();
    });
    let mut status = Status::Ok;
    let mut worker = None;
    let mut written = Ok(());
    for record in Records::new(reader) {
        let answer = answer(task, record, &mut worker);
        status = status.max(answer.status);
        if let Err(error) = answer.write(&mut *out.borrow_mut()) {
            written = Err(error);
            break;
        }
    }
    if let Some(worker) = worker {
        worker.stop();
    }
    let flushed = out.borrow_mut().flush();
    (status, written.and(flushed))
}

/// A buffered reader that calls `before_waiting` when its buffer is empty,
/// just before it reads more (and so may wait for input).
struct BeforeWaiting<R, F> {
    reader: BufReader<R>,
    before_waiting: F,
}

impl<R: Read, F: FnMut()> BeforeWaiting<R, F> {
    fn new(source: R, before_waiting: F) -> BeforeWaiting<R, F> {
        BeforeWaiting {
            reader: BufReader::with_capacity(64 * 1024, source),
            before_waiting,
        }
    }
}

impl<R: Read, F: FnMut()> Read for BeforeWaiting<R, F> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.reader.buffer().is_empty() {
            (self.before_waiting)();
        }
        self.reader.read(buffer)
    }
}

impl<R: Read, F: FnMut()> BufRead for BeforeWaiting<R, F> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.reader.buffer().is_empty() {
            (self.before_waiting)();
        }
        self.reader.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.reader.consume(amount);
    }
}

/// Records handed to a solving thread at once: few channel operations per
/// record, and still a fair share for each thread.
const BATCH: usize = 32;
/// Batches in flight per solving thread.
const BATCHES_PER_JOB: usize = 8;

/// Consecutive records, numbered from `first`.
struct Batch<T> {
    first: u64,
    items: Vec<T>,
}

/// `jobs` threads: a reader thread groups the records into numbered batches,
/// the solving threads take batches as they come, and this thread prints the
/// answers back in order. A batch is sent only when a ticket is free, and a
/// ticket comes back only when its answers are printed, so at most
/// `jobs * BATCHES_PER_JOB` batches are held at once. The reader sends a
/// batch early when it would otherwise wait for input, so that a pipe stays
/// interactive.
fn solve_in_parallel(
    task: Task,
    source: Box<dyn Read + Send>,
    jobs: usize,
) -> (Status, io::Result<()>) {
    let window = jobs.saturating_mul(BATCHES_PER_JOB);
    let (ticket_sender, tickets) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        let _ = ticket_sender.send(());
    }
    let (batch_sender, batches) = mpsc::sync_channel::<Batch<Record>>(window);
    let batches = Arc::new(Mutex::new(batches));
    let (answer_sender, answers) = mpsc::channel::<Batch<Answer>>();

    // The threads are not joined: when the output is closed this thread
    // returns at once, and the process ends with them, even if the reader is
    // waiting on a terminal.
    thread::spawn(move || read_batches(source, tickets, batch_sender));
    for _ in 0..jobs {
        let batches = Arc::clone(&batches);
        let answer_sender = answer_sender.clone();
        thread::spawn(move || solve_batches(task, &batches, &answer_sender));
    }
    drop(answer_sender);
    print_in_order(&answers, &ticket_sender)
}

/// Groups the records into batches and sends each when it is full, or when
/// reading on would wait for input.
fn read_batches(
    source: Box<dyn Read + Send>,
    tickets: Receiver<()>,
    sender: SyncSender<Batch<Record>>,
) {
    struct Pending {
        batch: Batch<Record>,
        tickets: Receiver<()>,
        sender: SyncSender<Batch<Record>>,
        closed: bool,
    }
    impl Pending {
        fn send(&mut self) {
            if self.batch.items.is_empty() || self.closed {
                return;
            }
            let next = self.batch.first + self.batch.items.len() as u64;
            let full = std::mem::replace(
                &mut self.batch,
                Batch {
                    first: next,
                    items: Vec::with_capacity(BATCH),
                },
            );
            self.closed = self.tickets.recv().is_err() || self.sender.send(full).is_err();
        }
    }
    let pending = Rc::new(RefCell::new(Pending {
        batch: Batch {
            first: 0,
            items: Vec::with_capacity(BATCH),
        },
        tickets,
        sender,
        closed: false,
    }));
    let before_waiting = Rc::clone(&pending);
    let reader = BeforeWaiting::new(source, move || before_waiting.borrow_mut().send());
    for record in Records::new(reader) {
        let mut pending = pending.borrow_mut();
        pending.batch.items.push(record);
        if pending.batch.items.len() == BATCH {
            pending.send();
        }
        if pending.closed {
            return;
        }
    }
    pending.borrow_mut().send();
}

fn solve_batches(
    task: Task,
    batches: &Mutex<Receiver<Batch<Record>>>,
    answers: &mpsc::Sender<Batch<Answer>>,
) {
    let mut worker = None;
    loop {
        // The lock is held only while taking one batch.
        let next = match batches.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => break,
        };
        let Ok(batch) = next else { break };
        let answered = Batch {
            first: batch.first,
            items: batch
                .items
                .into_iter()
                .map(|record| answer(task, record, &mut worker))
                .collect(),
        };
        if answers.send(answered).is_err() {
            break;
        }
    }
    if let Some(worker) = worker {
        worker.stop();
    }
}

fn print_in_order(
    answers: &Receiver<Batch<Answer>>,
    tickets: &SyncSender<()>,
) -> (Status, io::Result<()>) {
    let mut out = BufWriter::new(io::stdout());
    let mut waiting: BTreeMap<u64, Vec<Answer>> = BTreeMap::new();
    let mut next = 0u64;
    let mut status = Status::Ok;
    loop {
        let received = match answers.try_recv() {
            Ok(received) => received,
            Err(TryRecvError::Empty) => {
                // Nothing ready: show what is printed so far, then wait.
                if let Err(error) = out.flush() {
                    return (status, Err(error));
                }
                match answers.recv() {
                    Ok(received) => received,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        waiting.insert(received.first, received.items);
        while let Some(batch) = waiting.remove(&next) {
            next += batch.len() as u64;
            for answer in &batch {
                status = status.max(answer.status);
                if let Err(error) = answer.write(&mut out) {
                    return (status, Err(error));
                }
            }
            let _ = tickets.send(());
        }
    }
    (status, out.flush())
}
