//! The local judge behind `sudoku37 judge FILE.rs`: a user's own
//! `solve_sudoku`, written as it would be pasted into LeetCode, compiled with
//! `rustc` and run on many puzzles, with LeetCode's verdicts.
//!
//! This module holds the parts that do not depend on the command line:
//!
//! * [`driver`] writes the driver, a file of its own that includes the
//!   user's file unchanged and adds `struct Solution;` (when missing), the
//!   trace hooks and `main`, so that rustc's diagnostics and panic messages
//!   name only the user's file and lines;
//! * [`parse_reply`] reads the driver's answer for one puzzle into an
//!   [`Outcome`] (compiling and running the program are the command line's
//!   job: `src/cli/judge/program.rs`, through the one process runner);
//! * [`compare_answer`] and [`render_diff`] judge and draw a received board
//!   against the expected one.
//!
//! The driver speaks a small line protocol: it reads 81-character puzzle lines
//! on standard input and answers each with one line starting with [`MARKER`]
//! (the user's own prints, which LeetCode allows, are told apart by it):
//! `MARKER ok NANOS NODES UNDOS BOARD` or `MARKER panic NANOS MESSAGE`. `NANOS`
//! is the time of the call to `solve_sudoku` alone, measured inside the
//! program, so that starting the process does not count; `NODES` and `UNDOS`
//! count the calls of the trace hooks. `BOARD` is the board as the solution
//! left it, whatever its shape: rows separated by `/`, each cell the decimal
//! code of its `char`, separated by `,`.

use std::fmt;
use std::time::Duration;

use crate::board::{self, Board};

/// The start of every line the driver writes for the judge.
pub const MARKER: &str = "@@sudoku37-judge@@";

/// The start of the line of recorded trace events the driver writes before a
/// reply, when run with the environment variable [`RECORD_ENV`].
pub const EVENTS_MARKER: &str = "@@sudoku37-events@@";

/// The environment variable that makes the driver record its trace events.
pub const RECORD_ENV: &str = "SUDOKU37_RECORD";

/// The editions a solution can be compiled under.
pub const EDITIONS: [&str; 2] = ["2021", "2024"];

/// The function of the user's file that the driver calls, with the form of
/// its input line and of its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `solve_sudoku(board: &mut Vec<Vec<char>>)` (LeetCode 37): an
    /// 81-character puzzle in, the board as left out.
    SolveSudoku,
    /// `box_of(r: usize, c: usize) -> usize`: `r c` in, the number out.
    BoxOf,
    /// `is_valid_sudoku(board: Vec<Vec<char>>) -> bool` (LeetCode 36): an
    /// 81-character board in, `true` or `false` out.
    IsValidSudoku,
}

impl Entry {
    /// The driver's code that calls the user's function on `line` and
    /// returns the payload of the reply.
    fn call(self) -> &'static str {
        match self {
            Entry::SolveSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
            let mut board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
            super::Solution::solve_sudoku(&mut board);
            encode(&board)"
            }
            Entry::BoxOf => {
                "let mut numbers = line.split_whitespace().map(|word| word.parse::<usize>().unwrap_or(0));
            let (r, c) = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
            super::Solution::box_of(r, c).to_string()"
            }
            Entry::IsValidSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
            let board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
            super::Solution::is_valid_sudoku(board).to_string()"
            }
        }
    }
}

/// The driver's source: a file of its own that includes the user's file
/// unchanged (`include!`) in a module of its own, so that rustc's
/// diagnostics and panic messages name the user's file and lines and nothing
/// of the driver's, and no name of the user's (`main` included) clashes with
/// the driver's. It adds
/// LeetCode's `struct Solution` unless the user's code declares one, the
/// optional trace hooks `trace_place(r, c, d)` and `trace_undo(r, c)`
/// (whose calls it counts as nodes and undos), and `main`. It uses std only,
/// compiles warning-free under editions 2021 and 2024, and keeps its names
/// inside a module with an unusual name so that they cannot clash with the
/// user's helpers.
///
/// The inner attributes the user's file starts with (`#![allow(dead_code)]`),
/// which `include!` refuses, head the module instead, where they apply to the
/// same code: see [`included_code`].
pub fn driver(entry: Entry, user_file: &str, user_code: &str) -> String {
    let solution = if declares_solution(user_code) {
        ""
    } else {
        "\n/// LeetCode supplies this; your file does not need it.\nstruct Solution;\n"
    };
    let attributes: String = lift_inner_attributes(user_code)
        .attributes
        .iter()
        .map(|attribute| format!("{attribute}\n"))
        .collect();
    DRIVER
        .replace("@ATTRIBUTES@", &attributes)
        .replace("@USER_FILE@", &format!("{user_file:?}"))
        .replace("@SOLUTION@", solution)
        .replace("@CALL@", entry.call())
}

/// The name the driver's file gets beside the user's.
pub const DRIVER_FILE: &str = "__sudoku37_driver.rs";

const DRIVER: &str = r#"// Written by `sudoku37`: the driver that feeds inputs to your code and
// reports what it returns.
fn main() {
    __sudoku37_user::__sudoku37_judge::serve();
}

// Your file, included unchanged, in a module of its own: its names cannot
// clash with the driver's, and a `fn main` of yours is just a function.
mod __sudoku37_user {
@ATTRIBUTES@include!(@USER_FILE@);
@SOLUTION@
/// Counts one node: call it where your search places a digit (row and
/// column 0-8 as any integer, the digit as a char or an integer 1-9). Delete
/// the calls before pasting into LeetCode.
#[allow(dead_code)]
fn trace_place<R, C, D>(row: R, column: C, digit: D)
where
    R: __sudoku37_judge::TraceNumber,
    C: __sudoku37_judge::TraceNumber,
    D: __sudoku37_judge::TraceNumber,
{
    __sudoku37_judge::count(&__sudoku37_judge::NODES);
    __sudoku37_judge::record('p', row.number(), column.number(), digit.number());
}

/// Counts one undo: call it where your search takes a digit off again.
#[allow(dead_code)]
fn trace_undo<R, C>(row: R, column: C)
where
    R: __sudoku37_judge::TraceNumber,
    C: __sudoku37_judge::TraceNumber,
{
    __sudoku37_judge::count(&__sudoku37_judge::UNDOS);
    __sudoku37_judge::record('u', row.number(), column.number(), 0);
}

pub(crate) mod __sudoku37_judge {
    use std::io::{BufRead, Write};
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Mutex;
    use std::time::Instant;

    const MARKER: &str = "@@sudoku37-judge@@";
    const EVENTS_MARKER: &str = "@@sudoku37-events@@";

    pub static NODES: AtomicU64 = AtomicU64::new(0);
    pub static UNDOS: AtomicU64 = AtomicU64::new(0);

    /// The message of the last panic, kept by the panic hook.
    static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// What the trace hooks take: a row, a column or a digit.
    pub trait TraceNumber {
        fn number(self) -> u64;
    }

    macro_rules! trace_numbers {
        ($($integer:ty),*) => {$(
            impl TraceNumber for $integer {
                fn number(self) -> u64 {
                    self as u64
                }
            }
        )*};
    }
    trace_numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

    impl TraceNumber for char {
        fn number(self) -> u64 {
            u64::from(self.to_digit(10).unwrap_or(0))
        }
    }

    /// Whether the hooks' events are kept and written before each reply
    /// (set by the environment variable SUDOKU37_RECORD).
    static RECORDING: AtomicBool = AtomicBool::new(false);
    /// The events of the current input, `p,ROW,COLUMN,DIGIT` or `u,ROW,COLUMN`.
    static EVENTS: Mutex<String> = Mutex::new(String::new());
    static EVENT_COUNT: AtomicU64 = AtomicU64::new(0);
    const MAX_EVENTS: u64 = 200_000;

    pub fn record(action: char, row: u64, column: u64, digit: u64) {
        if !RECORDING.load(Ordering::Relaxed)
            || EVENT_COUNT.fetch_add(1, Ordering::Relaxed) >= MAX_EVENTS
        {
            return;
        }
        if let Ok(mut events) = EVENTS.lock() {
            if action == 'p' {
                events.push_str(&format!("p,{},{},{};", row, column, digit));
            } else {
                events.push_str(&format!("u,{},{};", row, column));
            }
        }
    }

    fn answer(line: &str) -> String {
        @CALL@
    }

    pub fn serve() {
        RECORDING.store(std::env::var_os("SUDOKU37_RECORD").is_some(), Ordering::Relaxed);
        std::panic::set_hook(Box::new(|info| {
            let payload = info.payload();
            let message = if let Some(text) = payload.downcast_ref::<&str>() {
                text.to_string()
            } else if let Some(text) = payload.downcast_ref::<String>() {
                text.clone()
            } else {
                String::from("(a panic without a message)")
            };
            let place = match info.location() {
                Some(place) => format!("{}:{}:{}", place.file(), place.line(), place.column()),
                None => String::from("an unknown place"),
            };
            if let Ok(mut last) = LAST_PANIC.lock() {
                *last = Some(format!("panicked at {place}: {message}"));
            }
        }));
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        for line in stdin.lock().lines() {
            let line = match line {
                Ok(line) => line,
                Err(_) => break,
            };
            NODES.store(0, Ordering::Relaxed);
            UNDOS.store(0, Ordering::Relaxed);
            EVENT_COUNT.store(0, Ordering::Relaxed);
            let started = Instant::now();
            let result = std::panic::catch_unwind(|| answer(&line));
            let nanos = started.elapsed().as_nanos();
            let reply = match result {
                Ok(payload) => format!(
                    "{} ok {} {} {} {}",
                    MARKER,
                    nanos,
                    NODES.load(Ordering::Relaxed),
                    UNDOS.load(Ordering::Relaxed),
                    payload
                ),
                Err(_) => {
                    let message = match LAST_PANIC.lock() {
                        Ok(mut last) => last.take().unwrap_or_default(),
                        Err(_) => String::new(),
                    };
                    format!("{} panic {} {}", MARKER, nanos, escape(&message))
                }
            };
            // The end of this input's standard error, for the judge.
            let _ = writeln!(std::io::stderr(), "\n{} end", MARKER);
            let mut out = stdout.lock();
            if RECORDING.load(Ordering::Relaxed) {
                let events = match EVENTS.lock() {
                    Ok(mut events) => std::mem::take(&mut *events),
                    Err(_) => String::new(),
                };
                if writeln!(out, "\n{} {}", EVENTS_MARKER, events).is_err() {
                    break;
                }
            }
            if writeln!(out, "\n{}", reply).and_then(|()| out.flush()).is_err() {
                break;
            }
        }
    }

    #[allow(dead_code)]
    fn encode(board: &[Vec<char>]) -> String {
        let rows: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&cell| (cell as u32).to_string()).collect();
                cells.join(",")
            })
            .collect();
        rows.join("/")
    }

    fn escape(text: &str) -> String {
        text.replace('\\', "\\\\").replace('\n', "\\n").replace('\r', "\\r")
    }
}
}
"#;

/// The user's file as the driver includes it: the file unchanged, but for
/// the inner attributes it starts with, which `include!` refuses. Those are
/// blanked with spaces (the driver puts them at the head of the module that
/// includes the file), and inner doc comments (`//!`, `/*!`) become plain
/// comments, so that every line and column keeps its place and rustc's
/// messages still point at the user's own lines.
pub fn included_code(user_code: &str) -> String {
    lift_inner_attributes(user_code).code
}

/// A user's file split for the driver: see [`included_code`].
struct Lifted {
    /// The file with its leading inner attributes blanked.
    code: String,
    /// The attributes, `#![...]` each, in order.
    attributes: Vec<String>,
}

/// Finds the inner attributes and inner doc comments before the first item of
/// `code` (between blank lines and comments) and takes them out: see
/// [`included_code`].
fn lift_inner_attributes(code: &str) -> Lifted {
    let mut characters: Vec<char> = code.chars().collect();
    let mut attributes = Vec::new();
    let mut index = 0;
    let at = |characters: &[char], index: usize, text: &str| {
        text.chars()
            .enumerate()
            .all(|(offset, wanted)| characters.get(index + offset) == Some(&wanted))
    };
    loop {
        while characters
            .get(index)
            .is_some_and(|character| character.is_whitespace() || *character == '\u{feff}')
        {
            index += 1;
        }
        if at(&characters, index, "//") {
            if at(&characters, index, "//!") {
                characters[index + 2] = ' ';
            }
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if at(&characters, index, "/*") {
            if at(&characters, index, "/*!") {
                characters[index + 2] = ' ';
            }
            index = block_comment_end(&characters, index);
        } else if let Some(end) = inner_attribute_end(&characters, index) {
            attributes.push(characters[index..end].iter().collect());
            for character in &mut characters[index..end] {
                if *character != '\n' {
                    *character = ' ';
                }
            }
            index = end;
        } else {
            break;
        }
    }
    Lifted {
        code: characters.into_iter().collect(),
        attributes,
    }
}

/// The index after the block comment starting at `start` (nested comments
/// included), or the end of the text.
fn block_comment_end(characters: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut index = start;
    while index < characters.len() {
        if characters[index] == '/' && characters.get(index + 1) == Some(&'*') {
            depth += 1;
            index += 2;
        } else if characters[index] == '*' && characters.get(index + 1) == Some(&'/') {
            depth -= 1;
            index += 2;
            if depth == 0 {
                return index;
            }
        } else {
            index += 1;
        }
    }
    characters.len()
}

/// The index after the inner attribute `#![...]` starting at `start` (spaces
/// allowed between `#`, `!` and `[`; brackets in strings do not count), if
/// one starts there and ends.
fn inner_attribute_end(characters: &[char], start: usize) -> Option<usize> {
    let skip_spaces = |mut index: usize| {
        while characters.get(index).is_some_and(|c| c.is_whitespace()) {
            index += 1;
        }
        index
    };
    if characters.get(start) != Some(&'#') {
        return None;
    }
    let bang = skip_spaces(start + 1);
    if characters.get(bang) != Some(&'!') {
        return None;
    }
    let mut index = skip_spaces(bang + 1);
    if characters.get(index) != Some(&'[') {
        return None;
    }
    let mut depth = 0;
    while index < characters.len() {
        match characters[index] {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index + 1);
                }
            }
            '"' => {
                index += 1;
                while index < characters.len() && characters[index] != '"' {
                    if characters[index] == '\\' {
                        index += 1;
                    }
                    index += 1;
                }
            }
            _ => {}
        }
        index += 1;
    }
    None
}

/// Does the code declare `struct Solution` itself (which LeetCode's template
/// leaves out, but a file copied from elsewhere may have)? Any form counts,
/// `#[derive(Debug)] struct Solution;` or `pub(crate) struct Solution {}`
/// included; one in a comment or a string does not.
pub fn declares_solution(code: &str) -> bool {
    let code = strip_comments_and_strings(code);
    let words: Vec<&str> = code
        .split(|character: char| !(character.is_alphanumeric() || character == '_'))
        .filter(|word| !word.is_empty())
        .collect();
    words
        .windows(2)
        .any(|pair| pair[0] == "struct" && pair[1] == "Solution")
}

/// `code` with its comments (line, block, nested block) and the contents of
/// its string and character literals replaced by spaces.
fn strip_comments_and_strings(code: &str) -> String {
    let characters: Vec<char> = code.chars().collect();
    let mut kept = String::with_capacity(code.len());
    let mut index = 0;
    while index < characters.len() {
        let here = characters[index];
        let next = characters.get(index + 1).copied();
        if here == '/' && next == Some('/') {
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if here == '/' && next == Some('*') {
            let mut depth = 0;
            while index < characters.len() {
                if characters[index] == '/' && characters.get(index + 1) == Some(&'*') {
                    depth += 1;
                    index += 2;
                } else if characters[index] == '*' && characters.get(index + 1) == Some(&'/') {
                    depth -= 1;
                    index += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    index += 1;
                }
            }
            kept.push(' ');
        } else if here == '"' {
            index += 1;
            while index < characters.len() && characters[index] != '"' {
                if characters[index] == '\\' {
                    index += 1;
                }
                index += 1;
            }
            index += 1;
            kept.push(' ');
        } else {
            kept.push(here);
            index += 1;
        }
    }
    kept
}

/// What one puzzle gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// `solve_sudoku` returned; the board as it left it, the time the call
    /// took, and the calls of the trace hooks it made.
    Returned {
        board: Board,
        elapsed: Duration,
        trace: Traced,
    },
    /// `solve_sudoku` panicked: where and why, as Rust says it.
    Panicked { message: String },
    /// No answer within the time limit; the program was killed.
    TimedOut { waited: Duration },
    /// The program ended without answering (a stack overflow, an abort, a
    /// signal or `process::exit`), or answered what cannot be read: how
    /// (`was killed by signal 6 (SIGABRT) without answering`), and the end of
    /// what it wrote on `stream`.
    Died {
        status: String,
        stream: Stream,
        tail: String,
    },
}

/// How often the solution called the driver's trace hooks on one input.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traced {
    /// Calls of `trace_place`: the nodes.
    pub nodes: u64,
    /// Calls of `trace_undo`.
    pub undos: u64,
}

/// One of the program's output streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Output,
    Error,
}

impl Stream {
    /// Its name in a sentence: `standard output` or `standard error`.
    pub fn name(self) -> &'static str {
        match self {
            Stream::Output => "standard output",
            Stream::Error => "standard error",
        }
    }
}

pub fn describe_status(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => status.to_string(),
    }
}

/// One reply of the driver, whatever the entry: `ok` with the time, the trace
/// counts and the payload, or `panic` with the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Ok {
        elapsed: Duration,
        trace: Traced,
        payload: String,
    },
    Panicked {
        message: String,
    },
}

/// Reads one reply line of the driver (starting with [`MARKER`]); `None`
/// when it cannot be read.
pub fn parse_raw_reply(line: &str) -> Option<Reply> {
    let rest = line.strip_prefix(MARKER).unwrap_or(line).trim_start();
    let (kind, rest) = rest.split_once(' ')?;
    let (nanos, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let elapsed = Duration::from_nanos(nanos.parse::<u64>().ok()?);
    match kind {
        "ok" => {
            let mut fields = rest.splitn(3, ' ');
            let nodes = fields.next()?.parse().ok()?;
            let undos = fields.next()?.parse().ok()?;
            Some(Reply::Ok {
                elapsed,
                trace: Traced { nodes, undos },
                payload: fields.next().unwrap_or("").to_string(),
            })
        }
        "panic" => Some(Reply::Panicked {
            message: unescape(rest),
        }),
        _ => None,
    }
}

/// Reads one reply line of `solve_sudoku`'s driver (starting with
/// [`MARKER`]).
pub fn parse_reply(line: &str) -> Outcome {
    let malformed = || Outcome::Died {
        status: "gave an answer the judge cannot read".to_string(),
        stream: Stream::Output,
        tail: line.to_string(),
    };
    match parse_raw_reply(line) {
        Some(Reply::Ok {
            elapsed,
            trace,
            payload,
        }) => match decode_board(&payload) {
            Some(board) => Outcome::Returned {
                board,
                elapsed,
                trace,
            },
            None => malformed(),
        },
        Some(Reply::Panicked { message }) => Outcome::Panicked { message },
        None => malformed(),
    }
}

/// Reads the driver's encoding of a board (see the module's documentation).
pub fn decode_board(text: &str) -> Option<Board> {
    let text = text.trim();
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split('/')
        .map(|row| {
            if row.is_empty() {
                return Some(Vec::new());
            }
            row.split(',')
                .map(|code| code.parse::<u32>().ok().and_then(char::from_u32))
                .collect()
        })
        .collect()
}

/// Undoes the driver's `escape`: `\\`, `\n` and `\r`.
fn unescape(text: &str) -> String {
    let mut result = String::with_capacity(text.len());
    let mut characters = text.chars();
    while let Some(character) = characters.next() {
        if character != '\\' {
            result.push(character);
            continue;
        }
        match characters.next() {
            Some('n') => result.push('\n'),
            Some('r') => result.push('\r'),
            Some(other) => result.push(other),
            None => result.push('\\'),
        }
    }
    result
}

/// LeetCode's verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    TimeLimitExceeded,
    RuntimeError,
    CompileError,
}

impl Verdict {
    /// The exit status that goes with it: 0 accepted, 1 a puzzle failed,
    /// 2 the code does not compile.
    pub fn exit_status(self) -> u8 {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer | Verdict::TimeLimitExceeded | Verdict::RuntimeError => 1,
            Verdict::CompileError => 2,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Verdict::Accepted => "Accepted",
            Verdict::WrongAnswer => "Wrong Answer",
            Verdict::TimeLimitExceeded => "Time Limit Exceeded",
            Verdict::RuntimeError => "Runtime Error",
            Verdict::CompileError => "Compile Error",
        })
    }
}

/// A received board that is not the expected one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The first cell, in reading order, that differs (0-based row and
    /// column); a cell missing from a misshapen board counts as differing.
    pub first: (usize, usize),
    /// Why the board is not a solution, as the checker says it.
    pub reason: String,
}

/// Compares the board a solution left with the puzzle's unique solution.
pub fn compare_answer(puzzle: &Board, expected: &Board, received: &Board) -> Result<(), Mismatch> {
    if received == expected {
        return Ok(());
    }
    let first = (0..9)
        .flat_map(|row| (0..9).map(move |column| (row, column)))
        .find(|&(row, column)| cell(received, row, column) != cell(expected, row, column))
        .unwrap_or((0, 0));
    let reason = match board::check_solution(puzzle, received) {
        Err(board::CheckError::WrongShape) => {
            let rows: Vec<String> = received.iter().map(|row| row.len().to_string()).collect();
            format!(
                "the board is not 9x9: {} rows, of {} cells",
                received.len(),
                rows.join(", ")
            )
        }
        Err(error) => error.to_string(),
        Ok(()) => "a valid solution, but not the puzzle's unique one".to_string(),
    };
    Err(Mismatch { first, reason })
}

fn cell(board: &Board, row: usize, column: usize) -> Option<char> {
    board.get(row).and_then(|cells| cells.get(column)).copied()
}

const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0m";

/// Draws the puzzle, the expected and the received board as boxed grids side
/// by side. The first differing cell is bracketed, `[4]`, in the expected
/// and the received grid; with `colour`, every received cell that differs is
/// red and the expected digits there green.
pub fn render_diff(
    puzzle: &Board,
    expected: &Board,
    received: &Board,
    first: (usize, usize),
    colour: bool,
) -> String {
    let differs =
        |row: usize, column: usize| cell(received, row, column) != cell(expected, row, column);
    let puzzle_lines = grid_lines(puzzle, None, &|_, _| None);
    let expected_lines = grid_lines(expected, Some(first), &|row, column| {
        (colour && differs(row, column)).then_some(GREEN)
    });
    let received_lines = grid_lines(received, Some(first), &|row, column| {
        (colour && differs(row, column)).then_some(RED)
    });
    let mut text = format!("{:<25}    {:<25}    received\n", "puzzle", "expected");
    for ((left, middle), right) in puzzle_lines
        .iter()
        .zip(&expected_lines)
        .zip(&received_lines)
    {
        text.push_str(&format!("{left}    {middle}    {right}\n"));
    }
    text
}

/// One boxed grid, 13 lines of 25 columns. Cells missing from a misshapen
/// board are drawn as spaces, cells beyond the ninth are not drawn, and
/// characters that would upset the layout as `?`.
fn grid_lines(
    board: &Board,
    mark: Option<(usize, usize)>,
    paint: &dyn Fn(usize, usize) -> Option<&'static str>,
) -> Vec<String> {
    let separator = "+-------+-------+-------+".to_string();
    let mut lines = vec![separator.clone()];
    for row in 0..9 {
        // Each cell is a space and a character; a box ends with " |". The
        // space before a marked cell becomes `[`, the one after it `]`.
        let mut line = String::from("|");
        for column in 0..9 {
            let shown = match cell(board, row, column) {
                None => ' ',
                Some(character) if character.is_control() || character.is_whitespace() => '?',
                Some(character) => character,
            };
            let marked = mark == Some((row, column));
            // After the last cell of a box, the `]` has gone before the `|`.
            let marked_before = column % 3 != 0 && mark == Some((row, column - 1));
            line.push(if marked {
                '['
            } else if marked_before {
                ']'
            } else {
                ' '
            });
            match paint(row, column) {
                Some(code) => line.push_str(&format!("{code}{shown}{RESET}")),
                None => line.push(shown),
            }
            if column % 3 == 2 {
                line.push(if marked { ']' } else { ' ' });
                line.push('|');
            }
        }
        lines.push(line);
        if row % 3 == 2 {
            lines.push(separator.clone());
        }
    }
    lines
}

/// The text of a board for a message: its 81 cells on one line, blanks as
/// `.`; a misshapen board row by row, separated by `/`.
/// Control characters are escaped (`\u{1b}`), so that a received board
/// cannot drive the terminal.
pub fn board_line(board: &Board) -> String {
    let text = if board.len() == 9 && board.iter().all(|row| row.len() == 9) {
        board::to_line(board)
    } else {
        let rows: Vec<String> = board.iter().map(|row| row.iter().collect()).collect();
        rows.join("/")
    };
    escape_controls(&text)
}

/// `text` with every control character written as its escape, `\u{1b}`.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|character| {
            if character.is_control() {
                character.escape_unicode().to_string()
            } else {
                character.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::leetcode_example;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_driver_includes_the_user_file_and_adds_what_is_missing() {
        let code = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {}\n}";
        let program = driver(Entry::SolveSudoku, "mine.rs", code);
        assert!(program.contains("include!(\"mine.rs\");"));
        assert!(program.contains("\nstruct Solution;\n"));
        assert!(program.contains("fn main()"));
        assert!(program.contains("fn trace_place"));
        assert!(!program.contains("@CALL@") && !program.contains("@USER_FILE@"));
    }

    #[test]
    fn leading_inner_attributes_head_the_module_and_keep_every_line_in_place() {
        let code = "\u{feff}// mine\n//! docs\n#![allow(dead_code)]\n/*! more */ # ! [doc = \"a ] b\"]\n\n#![allow(\n    unused\n)]\nimpl Solution {}\n#![not_leading]\n";
        let included = included_code(code);
        assert_eq!(
            included,
            format!(
                "\u{feff}// mine\n//  docs\n{}\n/*  more */{}\n\n{}\n{}\n  \nimpl Solution {{}}\n#![not_leading]\n",
                " ".repeat(20),
                " ".repeat(20),
                " ".repeat(9),
                " ".repeat(10)
            )
        );
        assert_eq!(included.lines().count(), code.lines().count());
        let program = driver(Entry::SolveSudoku, "mine.rs", code);
        assert!(program.contains(
            "mod __sudoku37_user {\n#![allow(dead_code)]\n# ! [doc = \"a ] b\"]\n#![allow(\n    unused\n)]\ninclude!(\"mine.rs\");"
        ));
        // A file without them is included as it is.
        let plain = "// mine\nimpl Solution {}\n";
        assert_eq!(included_code(plain), plain);
        assert!(driver(Entry::SolveSudoku, "a.rs", plain).contains("{\ninclude!("));
    }

    #[test]
    fn struct_solution_in_any_form_counts_and_one_in_a_comment_does_not() {
        for declaration in [
            "struct Solution;",
            "pub struct Solution;",
            "  struct Solution {}",
            "#[derive(Debug)] struct Solution;",
            "pub(crate) struct Solution;",
            "pub struct Solution<T>(T);",
        ] {
            assert!(declares_solution(declaration), "{declaration}");
            assert!(
                !driver(Entry::SolveSudoku, "a.rs", declaration).contains("\nstruct Solution;\n")
            );
        }
        for not_one in [
            "struct SolutionHelper;",
            "// no struct here",
            "// struct Solution;",
            "/* struct Solution; */",
            "/* /* nested */ struct Solution; */",
            "const S: &str = \"struct Solution;\";",
        ] {
            assert!(!declares_solution(not_one), "{not_one}");
        }
    }

    #[test]
    fn replies_are_read_back() {
        let board = leetcode_example().board;
        let encoded: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&c| (c as u32).to_string()).collect();
                cells.join(",")
            })
            .collect();
        let line = format!("{MARKER} ok 1500 42 7 {}", encoded.join("/"));
        assert_eq!(
            parse_reply(&line),
            Outcome::Returned {
                board,
                elapsed: Duration::from_nanos(1500),
                trace: Traced {
                    nodes: 42,
                    undos: 7
                }
            }
        );
        assert_eq!(
            parse_reply(&format!(
                "{MARKER} panic 7 panicked at a.rs:1:2: two\\nlines \\\\n"
            )),
            Outcome::Panicked {
                message: "panicked at a.rs:1:2: two\nlines \\n".to_string()
            }
        );
        assert_eq!(
            parse_reply(&format!("{MARKER} ok 3 0 0 ")),
            Outcome::Returned {
                board: Vec::new(),
                elapsed: Duration::from_nanos(3),
                trace: Traced::default()
            }
        );
        assert!(matches!(
            parse_reply(&format!("{MARKER} ok x 1 0 0")),
            Outcome::Died { .. }
        ));
    }

    #[test]
    fn a_board_with_blanks_left_differs_at_its_first_blank() {
        let example = leetcode_example();
        let expected = example.solution.unwrap();
        let mismatch = compare_answer(&example.board, &expected, &example.board).unwrap_err();
        assert_eq!(mismatch.first, (0, 2));
        assert_eq!(mismatch.reason, "row 1, column 3 is still blank");
        assert_eq!(compare_answer(&example.board, &expected, &expected), Ok(()));
    }

    #[test]
    fn a_changed_given_and_a_misshapen_board_are_wrong_answers() {
        let example = leetcode_example();
        let expected = example.solution.unwrap();
        let mut changed = expected.clone();
        changed[0][0] = '1';
        let mismatch = compare_answer(&example.board, &expected, &changed).unwrap_err();
        assert_eq!(mismatch.first, (0, 0));
        assert_eq!(
            mismatch.reason,
            "the given 5 at row 1, column 1 was changed to 1"
        );
        let mut short = expected.clone();
        short[3].pop();
        let mismatch = compare_answer(&example.board, &expected, &short).unwrap_err();
        assert_eq!(mismatch.first, (3, 8));
        assert!(mismatch.reason.starts_with("the board is not 9x9: 9 rows"));
    }

    #[test]
    fn the_diff_brackets_the_first_differing_cell() {
        let example = leetcode_example();
        let expected = example.solution.unwrap();
        let mut received = expected.clone();
        received[0][2] = '1';
        received[0][8] = '1';
        let text = render_diff(&example.board, &expected, &received, (0, 2), false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 14);
        assert_eq!(
            lines[2],
            "| 5 3 . | . 7 . | . . . |    | 5 3[4]| 6 7 8 | 9 1 2 |    | 5 3[1]| 6 7 8 | 9 1 1 |"
        );
        // The bracket after a cell that is not last in its box replaces the
        // next cell's leading space.
        let text = render_diff(&example.board, &expected, &received, (0, 0), false);
        assert!(text.contains("|[5]3 4 | 6 7 8 |"));
    }

    #[test]
    fn with_colour_only_the_differing_cells_are_painted() {
        let example = leetcode_example();
        let expected = example.solution.unwrap();
        let mut received = expected.clone();
        received[4][4] = '1';
        let plain = render_diff(&example.board, &expected, &received, (4, 4), false);
        assert!(!plain.contains('\x1b'));
        let coloured = render_diff(&example.board, &expected, &received, (4, 4), true);
        assert_eq!(coloured.matches(RED).count(), 1);
        assert_eq!(coloured.matches(GREEN).count(), 1);
        assert!(coloured.contains(&format!("[{RED}1{RESET}]")));
        assert!(coloured.contains(&format!("[{GREEN}5{RESET}]")));
    }

    #[test]
    fn a_misshapen_board_is_drawn_without_panicking() {
        let example = leetcode_example();
        let expected = example.solution.unwrap();
        let received: Board = vec![vec!['1'; 12]; 3];
        let text = render_diff(&example.board, &expected, &received, (0, 0), true);
        assert_eq!(text.lines().count(), 14);
        assert_eq!(board_line(&received).split('/').count(), 3);
    }
}
