//! The judge's program runner: compiles the user's file with `rustc -O` in
//! a temporary folder, then runs the program one puzzle at a time. Both are
//! untrusted and run sandboxed through the one process runner
//! ([`crate::runner`]), each within its limits ([`Sandbox`]):
//!
//! * the compiler within a time and a memory limit, each said by name when
//!   it is hit; a compiler that dies is said to have failed, never taken for
//!   a Compile Error;
//! * the program within a memory limit (Memory Limit Exceeded), a time limit
//!   per puzzle (Time Limit Exceeded, whatever it does to its own
//!   descriptors: the judge never waits for its pipes past the limit) and an
//!   output limit per puzzle (Output Limit Exceeded); everything it starts
//!   dies with it, and it dies with the judge, however the judge ends. The
//!   temporary folder goes on SIGINT and SIGTERM as well as on a normal
//!   exit.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use super::compile::{
    compile, workspace, CompileFailure, CompileOptions, Sandbox, Workspace, DEFAULT_COMPILE_MEMORY,
    DEFAULT_COMPILE_TIME,
};

use super::compile::ran_out_of_memory;
use super::driver::{EVENTS_ENV, MARKER};
use super::reply::{describe_status, parse_reply, Outcome, Stream};
use crate::runner::{self, Child, Limits};
use sudoku37::board::{self, Board};

/// What a program may print on one input, standard output and standard
/// error together, before it is stopped: Output Limit Exceeded.
pub const OUTPUT_LIMIT: u64 = 16 * 1024 * 1024;

/// How much of the program's standard error is kept (the end of it).
const STDERR_KEPT: usize = 16 * 1024;

/// The longest line of standard output kept while waiting for its end; a
/// reply is far shorter (about 650 bytes for a 9x9 board).
const LINE_KEPT: usize = 4 * 1024 * 1024;

/// The most of a recorded search read back: 200,000 events of at most 16
/// bytes.
const MAX_EVENTS_BYTES: u64 = 4 * 1024 * 1024;

/// How long the judge waits for the program's pipes to close once it has
/// ended: never longer, whatever holds them.
const PIPE_GRACE: Duration = Duration::from_secs(1);

/// A compiled solution, started on demand.
pub struct Program {
    binary: PathBuf,
    /// Its memory limit, in bytes.
    memory: u64,
    /// Where the driver records the trace hooks' events, if it does.
    events_file: Option<PathBuf>,
    running: Option<Running>,
    /// What the solution printed while it worked on the last input.
    printed: Printed,
}

/// What a solution printed itself while it worked on one input: the first
/// lines of its standard output and of its standard error, and how many
/// bytes it printed in all on both.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
    pub bytes: u64,
}

/// How long to wait for the end of an input's standard error.
const STDERR_WAIT: Duration = Duration::from_millis(500);

/// How many lines of each stream [`Printed`] keeps.
pub const PRINTED_LINES: usize = 10;

/// What the program answered to one input line.
pub enum Exchange {
    /// A reply line of the driver.
    Reply(String),
    /// No reply: an [`Outcome`] that says why (timed out, died, out of
    /// memory, too much output).
    NoReply(Outcome),
}

/// What the program's readers tell the judge.
enum Event {
    /// A reply, with the lines the solution printed before it.
    Reply(String, Vec<String>),
    /// The program printed more than [`OUTPUT_LIMIT`] on this input.
    TooMuchOutput,
}

struct Running {
    child: Child,
    input: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Each reader says here when its stream has ended.
    readers_done: Receiver<()>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// How much of the standard error earlier inputs took, their end
    /// markers included.
    stderr_taken: usize,
    /// End markers of earlier inputs that were given up waiting for: the
    /// next input's text starts after them, whenever they come.
    late_markers: usize,
    /// What the program printed on the current input, both streams.
    printed_bytes: Arc<AtomicU64>,
    /// Whether [`Event::TooMuchOutput`] was sent for the current input.
    over_limit: Arc<AtomicBool>,
}

impl Program {
    /// A handle on the program at `binary`, to run with `memory` bytes of
    /// address space; nothing runs yet.
    pub fn new(binary: PathBuf, memory: u64) -> Program {
        Program {
            binary,
            memory,
            events_file: None,
            running: None,
            printed: Printed::default(),
        }
    }

    /// A handle on the program at `binary` whose driver records the trace
    /// hooks' events into `events_file` (see [`Program::events`]).
    pub fn recording(binary: PathBuf, memory: u64, events_file: PathBuf) -> Program {
        let mut program = Program::new(binary, memory);
        program.events_file = Some(events_file);
        program
    }

    /// The trace events of the last input, as far as the driver recorded
    /// them (all of them for an answer; up to the moment it was stopped for
    /// a program stopped at its time limit): `p,ROW,COLUMN,DIGIT;` and
    /// `u,ROW,COLUMN;`.
    pub fn events(&self) -> String {
        self.events_file
            .as_deref()
            .and_then(|file| crate::files::read_text(file, MAX_EVENTS_BYTES).ok())
            .unwrap_or_default()
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
            self.running = Some(Running::start(
                &self.binary,
                self.events_file.as_deref(),
                self.memory,
            )?);
        }
        let Some(running) = self.running.as_mut() else {
            return Err(io::Error::other("the program is not running"));
        };
        let stderr_before = running.stderr_taken;
        running.printed_bytes.store(0, Ordering::Relaxed);
        running.over_limit.store(false, Ordering::Relaxed);
        let started = Instant::now();
        let deadline = started + limit;
        let sent = match running.input.as_mut() {
            Some(input_pipe) => writeln!(input_pipe, "{input}").and_then(|()| input_pipe.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        let event = match sent {
            // A broken pipe: the program has already ended, or closed its
            // input; say how below.
            Err(_) => Err(RecvTimeoutError::Disconnected),
            Ok(()) => running.events.recv_timeout(limit),
        };
        match event {
            Ok(Event::Reply(line, stdout)) => {
                self.printed = Printed {
                    stdout,
                    stderr: running.stderr_of_input(stderr_before),
                    bytes: running.printed_bytes.load(Ordering::Relaxed),
                };
                Ok(Exchange::Reply(line))
            }
            Ok(Event::TooMuchOutput) => {
                self.printed = Printed::default();
                self.stop();
                Ok(Exchange::NoReply(Outcome::OutputLimit {
                    limit: OUTPUT_LIMIT,
                }))
            }
            Err(RecvTimeoutError::Timeout) => {
                let waited = started.elapsed();
                self.printed = Printed {
                    stdout: Vec::new(),
                    stderr: running.stderr_of_input(stderr_before),
                    bytes: running.printed_bytes.load(Ordering::Relaxed),
                };
                self.stop();
                Ok(Exchange::NoReply(Outcome::TimedOut { waited }))
            }
            Err(RecvTimeoutError::Disconnected) => {
                // Its standard output ended: it died, or closed it. It may go
                // on running only until the time limit.
                let Some(mut running) = self.running.take() else {
                    return Err(io::Error::other("the program is not running"));
                };
                self.printed = Printed::default();
                running.input = None;
                let Some(status) = running.child.wait_until(deadline)? else {
                    let waited = started.elapsed();
                    let _ = running.child.stop();
                    running.finish();
                    return Ok(Exchange::NoReply(Outcome::TimedOut { waited }));
                };
                let stderr = running.finish();
                Ok(Exchange::NoReply(ended(&status, stderr, self.memory)))
            }
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
/// died (`stderr`: the end of what it wrote there).
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

impl Running {
    /// The first lines of standard error of the input whose text starts at
    /// byte `from`: up to the driver's end marker, which is never shown, and
    /// which this input's text is taken up to, whole, so that the next input
    /// starts after it.
    fn stderr_of_input(&mut self, from: usize) -> Vec<String> {
        // The reader thread may still be on its way to the marker.
        let waited = Instant::now();
        loop {
            let cut = match self.stderr.lock() {
                Ok(kept) => cut_stderr(
                    &kept,
                    from,
                    self.late_markers,
                    waited.elapsed() > STDERR_WAIT,
                ),
                Err(_) => return Vec::new(),
            };
            if let Some(cut) = cut {
                self.stderr_taken = cut.taken;
                self.late_markers = cut.late_markers;
                return cut.lines;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    fn start(binary: &Path, events_file: Option<&Path>, memory: u64) -> io::Result<Running> {
        let mut command = Command::new(binary);
        if let Some(file) = events_file {
            command.env(EVENTS_ENV, file);
        }
        let limits = Limits {
            address_space: Some(memory),
            file_size: Some(runner::FILE_SIZE),
            ..Limits::default()
        };
        let mut child = runner::spawn_sandboxed(
            command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
            limits,
        )?;
        let pipes = child.pipes();
        let (Some(input), Some(output), Some(errors)) =
            (pipes.stdin.take(), pipes.stdout.take(), pipes.stderr.take())
        else {
            let _ = child.stop();
            return Err(io::Error::other("the program's pipes could not be opened"));
        };
        let (sender, events) = mpsc::channel();
        let (done, readers_done) = mpsc::channel();
        let printed_bytes = Arc::new(AtomicU64::new(0));
        let over_limit = Arc::new(AtomicBool::new(false));
        let counter = OutputCounter {
            printed: Arc::clone(&printed_bytes),
            over: Arc::clone(&over_limit),
            sender: sender.clone(),
        };
        let stdout_done = done.clone();
        let stdout_counter = counter.clone();
        thread::spawn(move || {
            read_output(output, &sender, &stdout_counter);
            let _ = stdout_done.send(());
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut errors = errors;
            let mut buffer = [0u8; 4096];
            loop {
                match errors.read(&mut buffer) {
                    Ok(0) => break,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                    Ok(count) => {
                        counter.add(count);
                        if let Ok(mut kept) = kept.lock() {
                            kept.extend_from_slice(&buffer[..count]);
                            if kept.len() > 2 * STDERR_KEPT {
                                let excess = kept.len() - STDERR_KEPT;
                                kept.drain(..excess);
                            }
                        }
                    }
                }
            }
            let _ = done.send(());
        });
        Ok(Running {
            child,
            input: Some(input),
            events,
            readers_done,
            stderr,
            stderr_taken: 0,
            late_markers: 0,
            printed_bytes,
            over_limit,
        })
    }

    /// Once the program has ended (or been stopped): waits at most
    /// [`PIPE_GRACE`] for its streams to close, and returns the end of its
    /// standard error.
    fn finish(mut self) -> String {
        self.input = None;
        let grace = Instant::now() + PIPE_GRACE;
        for _ in 0..2 {
            if self
                .readers_done
                .recv_timeout(grace.saturating_duration_since(Instant::now()))
                .is_err()
            {
                break;
            }
        }
        match self.stderr.lock() {
            Ok(kept) => {
                let start = kept.len().saturating_sub(STDERR_KEPT);
                String::from_utf8_lossy(&kept[start..])
                    .lines()
                    .filter(|line| !line.contains(MARKER))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            Err(_) => String::new(),
        }
    }
}

/// One input's share of standard error: the lines shown, where the next
/// input's starts, and how many end markers are still to come.
#[derive(Debug, PartialEq, Eq)]
struct StderrCut {
    lines: Vec<String>,
    taken: usize,
    late_markers: usize,
}

/// Cuts one input's share out of everything the program wrote on standard
/// error (`kept`), from byte `from`: first past the `late` end markers that
/// belong to earlier inputs, then up to this input's own marker. `None`
/// while the marker has not come; once `given_up`, what has come so far in
/// whole lines, and this input's marker counted as late. No line holding the
/// marker is ever shown: the driver writes it in one `write` to the pipe, so
/// it arrives whole.
fn cut_stderr(kept: &[u8], from: usize, late: usize, given_up: bool) -> Option<StderrCut> {
    let end_line = format!("{MARKER} end\n");
    let end_line = end_line.as_bytes();
    let find = |bytes: &[u8]| {
        bytes
            .windows(end_line.len())
            .position(|window| window == end_line)
    };
    let mut start = from.min(kept.len());
    let mut late_left = late;
    while late_left > 0 {
        match find(&kept[start..]) {
            Some(at) => {
                start += at + end_line.len();
                late_left -= 1;
            }
            None => break,
        }
    }
    let shown = |body: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(body)
            .lines()
            .filter(|line| !line.contains(MARKER) && !line.trim().is_empty())
            .take(PRINTED_LINES)
            .map(str::to_string)
            .collect()
    };
    if late_left == 0 {
        if let Some(at) = find(&kept[start..]) {
            return Some(StderrCut {
                lines: shown(&kept[start..start + at]),
                taken: start + at + end_line.len(),
                late_markers: 0,
            });
        }
    }
    if !given_up {
        return None;
    }
    // Given up: whole lines only, so that a marker half read now is found
    // whole by the next input. What came before a late marker may be an
    // earlier input's, so nothing is shown while one is still to come.
    let whole = kept[start..]
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |at| at + 1);
    Some(StderrCut {
        lines: if late_left == 0 {
            shown(&kept[start..start + whole])
        } else {
            Vec::new()
        },
        taken: if late_left == 0 { start + whole } else { start },
        late_markers: late_left + 1,
    })
}

/// Counts what a program prints on one input, and says once when it is
/// past [`OUTPUT_LIMIT`].
#[derive(Clone)]
struct OutputCounter {
    printed: Arc<AtomicU64>,
    over: Arc<AtomicBool>,
    sender: Sender<Event>,
}

impl OutputCounter {
    fn add(&self, bytes: usize) {
        let total = self.printed.fetch_add(bytes as u64, Ordering::Relaxed) + bytes as u64;
        if total > OUTPUT_LIMIT && !self.over.swap(true, Ordering::Relaxed) {
            let _ = self.sender.send(Event::TooMuchOutput);
        }
    }
}

/// Reads the program's standard output: the driver's replies (sent as
/// events) and the solution's own prints (counted, the first lines of each
/// input kept).
fn read_output(output: std::process::ChildStdout, sender: &Sender<Event>, counter: &OutputCounter) {
    let mut output = BufReader::new(output);
    let mut line = Vec::new();
    let mut printed = Vec::new();
    loop {
        let available = match output.fill_buf() {
            Ok([]) => break,
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let (taken, complete) = match available.iter().position(|&byte| byte == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        line.extend_from_slice(&available[..taken]);
        output.consume(taken);
        if complete {
            // The user's own prints are skipped; the driver starts each
            // reply on a line of its own.
            let text = String::from_utf8_lossy(&line);
            if let Some(start) = text.find(MARKER) {
                let reply = text[start..].trim_end().to_string();
                if sender
                    .send(Event::Reply(reply, std::mem::take(&mut printed)))
                    .is_err()
                {
                    break;
                }
            } else {
                counter.add(line.len());
                if !text.trim().is_empty() && printed.len() < PRINTED_LINES {
                    printed.push(text.trim_end().to_string());
                }
            }
            line.clear();
        } else if line.len() > LINE_KEPT {
            // A long print of the user's own with no newline yet: not a
            // reply, and not worth the memory.
            counter.add(line.len());
            line.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marker() -> String {
        format!("\n{MARKER} end\n")
    }

    #[test]
    fn an_input_s_lines_end_at_its_marker_which_is_never_shown() {
        let kept = format!("first\n{}second\n{}", marker(), marker());
        let cut = cut_stderr(kept.as_bytes(), 0, 0, false).expect("the marker is there");
        assert_eq!(cut.lines, ["first"]);
        let next = cut_stderr(kept.as_bytes(), cut.taken, 0, false).expect("the second marker");
        assert_eq!(next.lines, ["second"]);
        assert_eq!(next.taken, kept.len());
        // No marker yet: wait.
        assert_eq!(cut_stderr(b"third\n", 0, 0, false), None);
    }

    #[test]
    fn a_marker_that_comes_late_is_skipped_by_the_next_input_and_never_shown() {
        // The first input's marker had not come when the judge gave up
        // waiting: its lines so far are shown, and its marker is owed.
        let early = b"first\nhalf a li";
        let cut = cut_stderr(early, 0, 0, true).expect("given up");
        assert_eq!(cut.lines, ["first"]);
        assert_eq!(cut.late_markers, 1);
        // The rest arrives after the next input's text began: the late
        // marker and what came before it are the first input's.
        let kept = format!("first\nhalf a line\n{}second\n{}", marker(), marker());
        let next =
            cut_stderr(kept.as_bytes(), cut.taken, cut.late_markers, false).expect("both markers");
        assert_eq!(next.lines, ["second"]);
        assert_eq!(next.late_markers, 0);
        assert_eq!(next.taken, kept.len());
        // Given up while a late marker is still owed: nothing is shown, as
        // nothing is known to be this input's.
        let owed = cut_stderr(b"first\nmore\n", 6, 1, true).expect("given up");
        assert_eq!(owed.lines, Vec::<String>::new());
        assert_eq!(owed.late_markers, 2);
    }
}
