//! `sudoku37 solve` and `sudoku37 show`: puzzles in, answers out, one output
//! line per input record in input order (for `solve`), so that answers line up
//! with the puzzles they answer.
//!
//! `solve` streams ([`sudoku37_tool::stream`]): records are solved in process on
//! `--jobs` threads and printed in input order as soon as they and every
//! earlier one are answered, in bounded memory. Only `--time-limit` needs
//! worker processes ([`sudoku37_tool::worker`]), since a search in process cannot
//! be stopped from outside; each solving thread then owns one.

use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::thread;
use std::time::Duration;

use clap::Args;

use sudoku37::approaches::Approach;
use sudoku37::board;
use sudoku37::puzzle::Puzzle;
use sudoku37::text::Record;
use sudoku37::{harness, Solutions, SolveError};
use sudoku37_tool::stream;
use sudoku37_tool::worker::{self, Worker};

use super::output::Status;

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
    let mut printer = Printer {
        out: BufWriter::new(io::stdout()),
        status: Status::Ok,
    };
    let written = stream::answer_in_order(
        source,
        jobs,
        move |worker: &mut Option<Worker>, record| answer(task, record, worker),
        &mut printer,
    );
    super::output::finish(printer.status, written)
}

/// Standard output, taking the answers in input order, and the worst
/// status among them.
struct Printer {
    out: BufWriter<io::Stdout>,
    status: Status,
}

impl stream::Sink<Answer> for Printer {
    fn write(&mut self, answer: &Answer) -> io::Result<()> {
        self.status = self.status.max(answer.status);
        answer.write(&mut self.out)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
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
    /// A solution, as the library writes it.
    Written(board::Written),
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
            Text::Written(written) => out.write_all(written.as_bytes())?,
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
        let count = puzzle.solutions();
        return if count == Solutions::None {
            Answer::counted(line, 0, Status::Failed, Some("no solution".to_string()))
        } else {
            Answer::counted(line, count.capped_at_two(), Status::Ok, None)
        };
    }
    if task.unique {
        match puzzle.solutions() {
            Solutions::None => {
                return Answer::error(
                    line,
                    "no solution (the solution count found none)".to_string(),
                    Status::Failed,
                )
            }
            Solutions::One => {}
            Solutions::Several => {
                return Answer::error(line, SolveError::NotUnique.to_string(), Status::Failed)
            }
        }
    }
    let solved = match task.timeout {
        None => harness::unmeasured(task.approach, &puzzle).map_err(|error| error.to_string()),
        Some(timeout) => worker::solve_within(task.approach, &puzzle, timeout, worker)
            .map_err(|error| error.to_string()),
    };
    match solved {
        Ok(cells) => Answer::ok(line, Text::Written(board::write(&cells, parsed.layout))),
        Err(message) => Answer::error(line, message, Status::Failed),
    }
}
