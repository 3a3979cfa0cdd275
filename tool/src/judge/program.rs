//! The judge's program runner: compiles the user's file with `rustc -O` in
//! a temporary folder, then runs the program one puzzle at a time. Both are
//! untrusted and run jailed through the one process runner
//! ([`crate::runner`]), each within its limits ([`Sandbox`]):
//!
//! * the compiler within a time and a memory limit, each said by name when
//!   it is hit; a compiler that dies is said to have failed, never taken for
//!   a Compile Error;
//! * the program within a memory limit (Memory Limit Exceeded), a time limit
//!   per puzzle (Time Limit Exceeded, whatever it does to its own
//!   descriptors: the judge never waits for its pipes past the limit) and an
//!   output limit per puzzle (Output Limit Exceeded); it starts no process,
//!   and it dies with the judge, however the judge ends. The temporary
//!   folder goes on SIGINT and SIGTERM as well as on a normal exit.
//!
//! The program answers on a channel of its own, descriptor 3, never on its
//! standard output or error, which are the solution's own prints; each
//! reply starts with a secret the judge makes for the run and gives the
//! driver on the first line of its input, before any of the learner's code
//! is called, so that a print of the solution's is never taken for an
//! answer. The time of a puzzle is the judge's own, measured from the
//! moment the input is written to the moment the reply has arrived: the
//! program's word on its time is never asked for.

use std::io::{self, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ExitStatus};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use super::compile::{
    compile, workspace, CompileFailure, CompileOptions, Sandbox, Workspace, DEFAULT_COMPILE_MEMORY,
    DEFAULT_COMPILE_TIME,
};

use super::compile::ran_out_of_memory;
use super::driver::MARKER;
use super::reply::{describe_status, parse_reply, Outcome, Stream};
use crate::runner::{self, Child, Jail, Limits, Role};
use sudoku37::board::{self, Board};

/// What a program may print on one input, standard output and standard
/// error together, before it is stopped: Output Limit Exceeded. A reply
/// longer than this is the same verdict.
pub const OUTPUT_LIMIT: u64 = 16 * 1024 * 1024;

/// How much of the program's standard error on one input is kept: its
/// first and its last this many bytes.
const STDERR_KEPT: usize = 16 * 1024;

/// The longest printed line kept to show; a longer one is cut there.
pub const LINE_SHOWN: usize = 400;

/// The most of a recorded search kept: 200,000 events of at most 16 bytes.
const MAX_EVENTS_BYTES: usize = 4 * 1024 * 1024;

/// How long the judge waits for the program's pipes to close once it has
/// ended: never longer, whatever holds them.
const PIPE_GRACE: Duration = Duration::from_secs(1);

/// How long a program may take to start and say it is ready, on top of the
/// time limit of its first input.
const STARTUP: Duration = Duration::from_secs(2);

/// How many pings measure the cost of an exchange, and the most of it
/// that is taken off a puzzle's time.
const PINGS: usize = 3;
const MAX_EXCHANGE_COST: Duration = Duration::from_millis(1);

/// The descriptor the driver replies on.
pub const CHANNEL_FD: i32 = 3;

/// A compiled solution, started on demand.
pub struct Program {
    binary: PathBuf,
    sandbox: Sandbox,
    /// Whether the driver records the trace hooks' events.
    recording: bool,
    running: Option<Running>,
    /// What the solution printed while it worked on the last input.
    printed: Printed,
    /// The trace events of the last input.
    events: String,
}

/// What a solution printed itself while it worked on one input: the first
/// lines of its standard output and of its standard error (each cut at
/// [`LINE_SHOWN`] characters), and how many bytes it printed in all on both.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
    pub bytes: u64,
}

/// How many lines of each stream [`Printed`] keeps.
pub const PRINTED_LINES: usize = 10;

/// What the program answered to one input line.
pub enum Exchange {
    /// A reply of the driver: `MARKER ok NANOS NODES UNDOS PAYLOAD` or
    /// `MARKER panic NANOS MESSAGE`, `NANOS` the judge's own measure.
    Reply(String),
    /// No reply: an [`Outcome`] that says why (timed out, died, out of
    /// memory, too much output).
    NoReply(Outcome),
}

/// What the program's reader tells the judge.
enum Event {
    /// The driver is ready for its first input.
    Ready,
    /// The driver's answer to a ping, and when it arrived.
    Pong(Instant),
    /// A reply (after the secret: `ok ...` or `panic ...`), when it had
    /// arrived, and what the solution printed on this input.
    Reply(String, Instant, Heard),
    /// The program printed (or answered) more than [`OUTPUT_LIMIT`] on this
    /// input.
    TooMuchOutput,
}

/// What the program said on one input, as the reader kept it.
#[derive(Debug, Default)]
struct Heard {
    stdout: Vec<String>,
    /// The line of standard output being printed (its first bytes), and
    /// its length so far.
    stdout_line: Vec<u8>,
    stdout_line_bytes: usize,
    stderr_head: Vec<u8>,
    stderr_tail: Vec<u8>,
    bytes: u64,
    over: bool,
    events: String,
}

impl Heard {
    fn printed(&self) -> Printed {
        let mut stdout = self.stdout.clone();
        if !self.stdout_line.is_empty() && stdout.len() < PRINTED_LINES {
            stdout.push(shown_line(&self.stdout_line, self.stdout_line_bytes));
        }
        let stderr = String::from_utf8_lossy(&self.stderr_head)
            .lines()
            .filter(|line| !line.trim().is_empty())
            .take(PRINTED_LINES)
            .map(|line| shown_line(line.as_bytes(), line.len()))
            .collect();
        Printed {
            stdout,
            stderr,
            bytes: self.bytes,
        }
    }

    /// The end of its standard error, as text.
    fn tail(&self) -> String {
        let kept = if self.stderr_tail.is_empty() {
            &self.stderr_head
        } else {
            &self.stderr_tail
        };
        String::from_utf8_lossy(kept).into_owned()
    }
}

/// A printed line as it is kept: cut at [`LINE_SHOWN`] characters, with the
/// size of the whole (`length` bytes) said.
fn shown_line(bytes: &[u8], length: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_end();
    if text.chars().count() <= LINE_SHOWN && length <= bytes.len() {
        return text.to_string();
    }
    let cut: String = text.chars().take(LINE_SHOWN).collect();
    format!("{cut}... (cut: a line of {length} bytes)")
}

struct Running {
    child: Child,
    input: Option<ChildStdin>,
    events: Receiver<Event>,
    /// The reader says here when every stream has ended.
    reader_done: Receiver<()>,
    heard: Arc<Mutex<Heard>>,
    secret: String,
    /// Whether the driver has said it is ready.
    ready: bool,
    /// What an exchange costs that calls none of the learner's code: the
    /// fastest of [`PINGS`] pings, at most [`MAX_EXCHANGE_COST`].
    exchange_cost: Duration,
}

impl Program {
    /// A handle on the program at `binary`, to run within `sandbox`;
    /// nothing runs yet.
    pub fn new(binary: PathBuf, sandbox: Sandbox) -> Program {
        Program {
            binary,
            sandbox,
            recording: false,
            running: None,
            printed: Printed::default(),
            events: String::new(),
        }
    }

    /// A handle on the program at `binary` whose driver records the trace
    /// hooks' events (see [`Program::events`]).
    pub fn recording(binary: PathBuf, sandbox: Sandbox) -> Program {
        let mut program = Program::new(binary, sandbox);
        program.recording = true;
        program
    }

    /// The trace events of the last input, as far as the driver recorded
    /// them (all of them for an answer; up to the moment it was stopped for
    /// a program stopped at its time limit): `p,ROW,COLUMN,DIGIT;` and
    /// `u,ROW,COLUMN;`.
    pub fn events(&self) -> String {
        self.events.clone()
    }

    /// What the solution printed while it worked on the last input.
    pub fn printed(&self) -> &Printed {
        &self.printed
    }

    /// Gives `puzzle` to the program (starting it if need be) and waits at
    /// most `limit` for its answer. On a timeout the program is killed and
    /// waited for; the next call starts it again.
    pub fn solve(&mut self, puzzle: &Board, limit: Duration) -> io::Result<Outcome> {
        Ok(match self.exchange(&board::to_line(puzzle), limit)? {
            Exchange::Reply(line) => parse_reply(&line),
            Exchange::NoReply(outcome) => outcome,
        })
    }

    /// Gives one input line to the program (starting it if need be) and waits
    /// at most `limit` for the driver's reply, whatever the program does with
    /// its own descriptors. Without a reply the program is stopped and waited
    /// for; the next call starts it again.
    pub fn exchange(&mut self, input: &str, limit: Duration) -> io::Result<Exchange> {
        if self.running.is_none() {
            self.running = Some(Running::start(&self.binary, self.sandbox, self.recording)?);
        }
        let Some(running) = self.running.as_mut() else {
            return Err(io::Error::other("the program is not running"));
        };
        let mut sent = Instant::now();
        let mut event = Ok(Event::Ready);
        if !running.ready {
            event = running.events.recv_timeout(limit + STARTUP);
            running.ready = matches!(event, Ok(Event::Ready));
            if running.ready {
                running.exchange_cost = running.pings();
            }
        }
        if running.ready {
            if let Ok(mut heard) = running.heard.lock() {
                *heard = Heard::default();
            }
            let written = match running.input.as_mut() {
                Some(pipe) => writeln!(pipe, "{input}").and_then(|()| pipe.flush()),
                None => Err(io::ErrorKind::BrokenPipe.into()),
            };
            sent = Instant::now();
            event = match written {
                // A broken pipe: the program has already ended, or closed its
                // input; say how below.
                Err(_) => Err(RecvTimeoutError::Disconnected),
                Ok(()) => running.events.recv_timeout(limit),
            };
        }
        let deadline = sent + limit;
        match event {
            Ok(Event::Reply(reply, at, heard)) => {
                self.printed = heard.printed();
                self.events = heard.events;
                let nanos = at
                    .saturating_duration_since(sent)
                    .saturating_sub(running.exchange_cost)
                    .as_nanos();
                let line = match reply.split_once(' ') {
                    Some((kind, rest)) => format!("{MARKER} {kind} {nanos} {rest}"),
                    None => format!("{MARKER} {reply} {nanos}"),
                };
                Ok(Exchange::Reply(line))
            }
            Ok(Event::TooMuchOutput) => {
                self.keep_heard();
                self.stop();
                Ok(Exchange::NoReply(Outcome::OutputLimit {
                    limit: OUTPUT_LIMIT,
                }))
            }
            Ok(Event::Ready | Event::Pong(_)) | Err(RecvTimeoutError::Timeout) => {
                let waited = sent.elapsed();
                self.keep_heard();
                self.stop();
                Ok(Exchange::NoReply(Outcome::TimedOut { waited }))
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Its channel ended: it died, or closed it. It may go on
                // running only until the time limit.
                let Some(mut running) = self.running.take() else {
                    return Err(io::Error::other("the program is not running"));
                };
                running.input = None;
                let Some(status) = running.child.wait_until(deadline)? else {
                    let waited = sent.elapsed();
                    let _ = running.child.stop();
                    running.finish();
                    self.keep(&running);
                    return Ok(Exchange::NoReply(Outcome::TimedOut { waited }));
                };
                running.finish();
                self.keep(&running);
                let tail = running
                    .heard
                    .lock()
                    .map(|heard| heard.tail())
                    .unwrap_or_default();
                Ok(Exchange::NoReply(ended(&status, tail, self.sandbox.memory)))
            }
        }
    }

    /// Keeps what the running program printed on this input.
    fn keep_heard(&mut self) {
        if let Some(running) = self.running.take() {
            self.keep(&running);
            self.running = Some(running);
        }
    }

    fn keep(&mut self, running: &Running) {
        if let Ok(mut heard) = running.heard.lock() {
            self.printed = heard.printed();
            self.events = std::mem::take(&mut heard.events);
        }
    }

    /// Stops the program if it runs, and waits for it.
    pub fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.stop();
            running.finish();
        }
    }
}

/// What a program that ended without answering did: ran out of memory, or
/// died (`stderr`: the end of what it wrote there on this input).
fn ended(status: &ExitStatus, stderr: String, memory: u64) -> Outcome {
    if ran_out_of_memory(&stderr) {
        return Outcome::OutOfMemory {
            limit: memory,
            tail: stderr,
        };
    }
    Outcome::Died {
        status: format!("{} without answering", describe_status(status)),
        stream: Stream::Error,
        tail: stderr,
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A secret for one run of a program: 128 random bits, in hexadecimal.
fn secret() -> String {
    use rand::Rng;
    let bits: u128 = rand::rng().random();
    format!("{bits:032x}")
}

impl Running {
    fn start(binary: &Path, sandbox: Sandbox, recording: bool) -> io::Result<Running> {
        let isolation = runner::isolation_for(sandbox.weak).map_err(io::Error::other)?;
        let folder = binary
            .parent()
            .ok_or_else(|| io::Error::other("the program has no folder"))?;
        let jail = Jail {
            role: Role::Program,
            folder,
            read: Vec::new(),
            env: Vec::new(),
        };
        let limits = Limits {
            address_space: Some(sandbox.memory),
            file_size: Some(runner::FILE_SIZE),
            ..Limits::default()
        };
        let (channel, channel_end) = io::pipe()?;
        let mut child = runner::spawn_jailed(
            binary,
            &[],
            &jail,
            isolation,
            limits,
            vec![(OwnedFd::from(channel_end), CHANNEL_FD)],
        )?;
        let pipes = child.pipes();
        let (Some(mut input), Some(output), Some(errors)) =
            (pipes.stdin.take(), pipes.stdout.take(), pipes.stderr.take())
        else {
            let _ = child.stop();
            return Err(io::Error::other("the program's pipes could not be opened"));
        };
        let secret = secret();
        // The secret first: the driver reads it before it calls any code of
        // the learner's. A program that died at once is found out below.
        let _ = writeln!(input, "{secret}{}", if recording { " record" } else { "" })
            .and_then(|()| input.flush());
        let (sender, events) = mpsc::channel();
        let (done, reader_done) = mpsc::channel();
        let heard = Arc::new(Mutex::new(Heard::default()));
        let reader = Reader {
            secret: format!("{secret} "),
            heard: Arc::clone(&heard),
            sender,
        };
        let streams = [
            OwnedFd::from(output),
            OwnedFd::from(errors),
            OwnedFd::from(channel),
        ];
        thread::spawn(move || {
            reader.read(streams);
            let _ = done.send(());
        });
        Ok(Running {
            child,
            input: Some(input),
            events,
            reader_done,
            heard,
            secret,
            ready: false,
            exchange_cost: Duration::ZERO,
        })
    }

    /// The cost of an exchange, from [`PINGS`] empty lines the driver
    /// answers at once; none when the pings go unanswered.
    fn pings(&mut self) -> Duration {
        let mut fastest = MAX_EXCHANGE_COST;
        for _ in 0..PINGS {
            let Some(input) = self.input.as_mut() else {
                break;
            };
            if writeln!(input).and_then(|()| input.flush()).is_err() {
                break;
            }
            let sent = Instant::now();
            match self.events.recv_timeout(MAX_EXCHANGE_COST * 100) {
                Ok(Event::Pong(at)) => fastest = fastest.min(at.saturating_duration_since(sent)),
                _ => return Duration::ZERO,
            }
        }
        fastest
    }

    /// Once the program has ended (or been stopped): waits at most
    /// [`PIPE_GRACE`] for its streams to close.
    fn finish(&mut self) {
        self.input = None;
        let _ = self.reader_done.recv_timeout(PIPE_GRACE);
        let _ = &self.secret;
    }
}

/// Reads the program's three streams: its standard output and error (the
/// solution's own prints, counted and kept in part) and the driver's
/// channel (the replies, told by the secret).
struct Reader {
    /// The secret and a space: how every line of the driver's starts.
    secret: String,
    heard: Arc<Mutex<Heard>>,
    sender: Sender<Event>,
}

/// Which stream a descriptor is.
const STDOUT: usize = 0;
const STDERR: usize = 1;
const CHANNEL: usize = 2;

impl Reader {
    fn read(&self, streams: [OwnedFd; 3]) {
        let mut open = [true; 3];
        let mut line = Vec::new();
        let mut line_over = false;
        let mut buffer = vec![0u8; 64 * 1024];
        let mut spare = vec![0u8; 64 * 1024];
        for stream in &streams {
            // SAFETY: fcntl on a descriptor this thread owns.
            unsafe {
                let flags = libc::fcntl(stream.as_raw_fd(), libc::F_GETFL);
                libc::fcntl(stream.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
        }
        while open.iter().any(|&is_open| is_open) {
            let mut polled: Vec<libc::pollfd> = streams
                .iter()
                .zip(open)
                .map(|(stream, is_open)| libc::pollfd {
                    fd: if is_open { stream.as_raw_fd() } else { -1 },
                    events: libc::POLLIN,
                    revents: 0,
                })
                .collect();
            // SAFETY: poll reads and writes the array it is given.
            let ready =
                unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, -1) };
            if ready < 0 {
                if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return;
            }
            for index in [STDOUT, STDERR] {
                if polled[index].revents != 0 {
                    open[index] = self.drain(&streams[index], index, &mut buffer);
                }
            }
            if polled[CHANNEL].revents == 0 {
                continue;
            }
            loop {
                let count = read_some(&streams[CHANNEL], &mut buffer);
                let Some(count) = count else {
                    break;
                };
                if count == 0 {
                    open[CHANNEL] = false;
                    // No more replies: the judge learns it when the sender
                    // goes; the prints are still read to their end.
                    break;
                }
                let mut rest = &buffer[..count];
                while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
                    if !line_over {
                        line.extend_from_slice(&rest[..end]);
                    }
                    let at = Instant::now();
                    // What the program printed before its reply is in its
                    // pipes by now: read it, so that it counts for this
                    // input.
                    for index in [STDOUT, STDERR] {
                        if open[index] {
                            open[index] = self.drain(&streams[index], index, &mut spare);
                        }
                    }
                    let over = std::mem::replace(&mut line_over, false);
                    let text = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    rest = &rest[end + 1..];
                    if over {
                        if text.starts_with(&self.secret) {
                            let _ = self.sender.send(Event::TooMuchOutput);
                        }
                        continue;
                    }
                    if self.heard_line(&text, at).is_err() {
                        return;
                    }
                }
                if !line_over {
                    line.extend_from_slice(rest);
                    if line.len() as u64 > OUTPUT_LIMIT {
                        line.clear();
                        line_over = true;
                    }
                }
            }
        }
    }

    /// One whole line of the channel: a reply, a piece of the search, or
    /// the driver's word that it is ready; a line without the secret is
    /// not the driver's, and is left.
    fn heard_line(&self, text: &str, at: Instant) -> Result<(), ()> {
        let Some(said) = text.strip_prefix(&self.secret) else {
            return Ok(());
        };
        if said == "ready" {
            return self.sender.send(Event::Ready).map_err(|_| ());
        }
        if said == "pong" {
            return self.sender.send(Event::Pong(at)).map_err(|_| ());
        }
        if let Some(chunk) = said.strip_prefix("events ") {
            if let Ok(mut heard) = self.heard.lock() {
                if heard.events.len() + chunk.len() <= MAX_EVENTS_BYTES {
                    heard.events.push_str(chunk);
                }
            }
            return Ok(());
        }
        let heard = match self.heard.lock() {
            Ok(mut heard) => std::mem::take(&mut *heard),
            Err(_) => Heard::default(),
        };
        self.sender
            .send(Event::Reply(said.to_string(), at, heard))
            .map_err(|_| ())
    }

    /// Reads what `stream` holds now; false once it has ended.
    fn drain(&self, stream: &OwnedFd, index: usize, buffer: &mut [u8]) -> bool {
        loop {
            match read_some(stream, buffer) {
                None => return true,
                Some(0) => return false,
                Some(count) => self.printed(index, &buffer[..count]),
            }
        }
    }

    /// Counts and keeps what the solution printed on `index`.
    fn printed(&self, index: usize, bytes: &[u8]) {
        let Ok(mut heard) = self.heard.lock() else {
            return;
        };
        heard.bytes += bytes.len() as u64;
        if heard.bytes > OUTPUT_LIMIT && !heard.over {
            heard.over = true;
            let _ = self.sender.send(Event::TooMuchOutput);
        }
        if index == STDOUT {
            for piece in bytes.split_inclusive(|&byte| byte == b'\n') {
                if heard.stdout.len() >= PRINTED_LINES {
                    break;
                }
                let room = (LINE_SHOWN * 4).saturating_sub(heard.stdout_line.len());
                heard
                    .stdout_line
                    .extend_from_slice(&piece[..piece.len().min(room)]);
                heard.stdout_line_bytes += piece.len();
                if piece.ends_with(b"\n") {
                    let line = std::mem::take(&mut heard.stdout_line);
                    let length = std::mem::take(&mut heard.stdout_line_bytes);
                    if !String::from_utf8_lossy(&line).trim().is_empty() {
                        let shown = shown_line(&line, length);
                        heard.stdout.push(shown);
                    }
                }
            }
        } else {
            let room = STDERR_KEPT.saturating_sub(heard.stderr_head.len());
            let (head, tail) = bytes.split_at(bytes.len().min(room));
            heard.stderr_head.extend_from_slice(head);
            heard.stderr_tail.extend_from_slice(tail);
            if heard.stderr_tail.len() > 2 * STDERR_KEPT {
                let excess = heard.stderr_tail.len() - STDERR_KEPT;
                heard.stderr_tail.drain(..excess);
            }
        }
    }
}

/// One non-blocking read: `None` when nothing is there now (or it failed
/// otherwise than by its end), `Some(0)` at its end.
fn read_some(stream: &OwnedFd, buffer: &mut [u8]) -> Option<usize> {
    loop {
        // SAFETY: read into a buffer of the length given.
        let count =
            unsafe { libc::read(stream.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if count >= 0 {
            return Some(count as usize);
        }
        match io::Error::last_os_error().kind() {
            io::ErrorKind::Interrupted => continue,
            io::ErrorKind::WouldBlock => return None,
            _ => return Some(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_printed_line_is_cut_and_says_how_long_it_was() {
        let line = "a".repeat(5000);
        let shown = shown_line(line.as_bytes(), 5000);
        assert!(shown.starts_with(&"a".repeat(LINE_SHOWN)));
        assert!(
            shown.ends_with("... (cut: a line of 5000 bytes)"),
            "{shown}"
        );
        assert_eq!(shown_line(b"short\n", 6), "short");
        // Only its start was kept: the whole length is said.
        let shown = shown_line(&line.as_bytes()[..100], 9000);
        assert!(
            shown.ends_with("... (cut: a line of 9000 bytes)"),
            "{shown}"
        );
    }
}
