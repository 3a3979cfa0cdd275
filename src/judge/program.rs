//! The judge's program runner: compiles the user's file with `rustc -O` in
//! a temporary folder, then runs the program one puzzle at a time under a
//! time limit. Both go through the one process runner (`runner.rs`): the
//! program leads a process group of its own, which is killed at a time limit
//! (so nothing it started can stretch the limit), and it dies with the judge,
//! however the judge ends; the temporary folder goes on SIGINT and SIGTERM as
//! well as on a normal exit.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::driver::{driver, included_code, Entry, DRIVER_FILE, EVENTS_MARKER, MARKER, RECORD_ENV};
use super::reply::{describe_status, parse_reply, Outcome, Stream};
use crate::board::{self, Board};
use crate::runner::{self, Child, TempFolder};

/// The judge's temporary folder: the source and the compiled program.
pub type Workspace = TempFolder;

/// Makes the judge's temporary folder.
pub fn workspace() -> io::Result<Workspace> {
    TempFolder::new("sudoku37-judge-")
}

/// How to compile a solution.
#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// The compiler: `$RUSTC`, or `rustc` on the `PATH`.
    pub rustc: PathBuf,
    /// `2021` or `2024`.
    pub edition: String,
    /// Colour rustc's diagnostics.
    pub colour: bool,
}

impl CompileOptions {
    /// The compiler named by `$RUSTC`, or `rustc`.
    pub fn rustc_from_env() -> PathBuf {
        std::env::var_os("RUSTC")
            .filter(|name| !name.is_empty())
            .map_or_else(|| PathBuf::from("rustc"), PathBuf::from)
    }
}

/// Why there is no program to run.
#[derive(Debug, thiserror::Error)]
pub enum CompileFailure {
    /// rustc rejected the code; its diagnostics, which name the user's file
    /// and lines.
    #[error("rustc rejected the code")]
    Rejected(String),
    /// A file of the program could not be written.
    #[error("cannot write {path}: {source}")]
    Unwritable {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// rustc could not be run.
    #[error("cannot run {rustc}: {source}")]
    NoCompiler {
        rustc: String,
        #[source]
        source: std::io::Error,
    },
}

/// Compiles `user_code` with `rustc -O` in `workspace`: the code (unchanged
/// but for its leading inner attributes, blanked in place: see
/// [`included_code`]) in a file named `file_name` (so that diagnostics name
/// the user's file and lines), included by the driver for `entry` in a file of its own. Returns
/// the path of the program.
pub fn compile(
    user_code: &str,
    file_name: &str,
    entry: Entry,
    options: &CompileOptions,
    workspace: &Workspace,
) -> Result<PathBuf, CompileFailure> {
    let file_name = if file_name == DRIVER_FILE {
        "solution.rs"
    } else {
        file_name
    };
    let write = |name: &str, text: &str| {
        let path = workspace.path().join(name);
        std::fs::write(&path, text).map_err(|source| CompileFailure::Unwritable {
            path: path.display().to_string(),
            source,
        })
    };
    write(file_name, &included_code(user_code))?;
    write(DRIVER_FILE, &driver(entry, file_name, user_code))?;
    let binary = workspace.path().join("solution-program");
    let colour = if options.colour { "always" } else { "never" };
    // `./-fast.rs`, not `-fast.rs`: a name is never read as an option.
    let output = runner::output(
        Command::new(&options.rustc)
            .current_dir(workspace.path())
            .args(["--edition", &options.edition, "-O", "--color", colour])
            .args(["--crate-name", "solution", "-o"])
            .arg(&binary)
            .arg(runner::safe_path_argument(Path::new(DRIVER_FILE))),
    )
    .map_err(|source| CompileFailure::NoCompiler {
        rustc: options.rustc.to_string_lossy().into_owned(),
        source,
    })?;
    if output.status.success() {
        Ok(binary)
    } else {
        Err(CompileFailure::Rejected(hide_driver_notes(
            &String::from_utf8_lossy(&output.stderr),
        )))
    }
}

/// rustc's diagnostics without the notes that point into the driver's file
/// (such as "`fil` not found for this struct" at the `struct Solution;` the
/// driver added): a `::: DRIVER_FILE` block and its source lines.
fn hide_driver_notes(diagnostics: &str) -> String {
    let mut kept = Vec::new();
    let mut skipping = false;
    for line in diagnostics.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with(":::") && trimmed.contains(DRIVER_FILE) {
            skipping = true;
            continue;
        }
        if skipping {
            let source_line = trimmed.starts_with('|')
                || trimmed
                    .split_once('|')
                    .is_some_and(|(number, _)| number.trim().chars().all(|c| c.is_ascii_digit()));
            if source_line && trimmed != "|" {
                continue;
            }
            if trimmed == "|" && kept.last().is_some_and(|last: &String| last.trim() == "|") {
                continue;
            }
            skipping = false;
        }
        kept.push(line.to_string());
    }
    let mut text = kept.join("\n");
    if diagnostics.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// How much of the program's standard error is kept (the end of it).
const STDERR_KEPT: usize = 16 * 1024;

/// The longest line of standard output kept while waiting for its end; a
/// reply is far shorter (about 650 bytes for a 9x9 board).
const LINE_KEPT: usize = 4 * 1024 * 1024;

/// A compiled solution, started on demand.
pub struct Program {
    binary: PathBuf,
    /// Whether the driver records the trace hooks' events.
    record: bool,
    running: Option<Running>,
    /// What the solution printed while it worked on the last input.
    printed: Printed,
}

/// What a solution printed itself while it worked on one input: the first
/// lines of its standard output and of its standard error.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
}

/// How long to wait for the end of an input's standard error.
const STDERR_WAIT: Duration = Duration::from_millis(500);

/// How many lines of each stream [`Printed`] keeps.
pub const PRINTED_LINES: usize = 10;

/// What the program answered to one input line.
pub enum Exchange {
    /// A reply line of the driver.
    Reply(String),
    /// An [`Outcome::TimedOut`] or [`Outcome::Died`]: no reply.
    NoReply(Outcome),
}

struct Running {
    child: Child,
    input: ChildStdin,
    /// Each reply, with the lines the solution printed before it.
    replies: Receiver<(String, Vec<String>)>,
    readers: Vec<JoinHandle<()>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// The last line of recorded events.
    events: Arc<Mutex<String>>,
}

impl Program {
    /// A handle on the program at `binary`; nothing runs yet.
    pub fn new(binary: PathBuf) -> Program {
        Program {
            binary,
            record: false,
            running: None,
            printed: Printed::default(),
        }
    }

    /// A handle on the program at `binary` whose driver records the trace
    /// hooks' events (see [`Program::events`]).
    pub fn recording(binary: PathBuf) -> Program {
        let mut program = Program::new(binary);
        program.record = true;
        program
    }

    /// The trace events recorded on the last input, as the driver wrote them.
    pub fn events(&self) -> String {
        self.running
            .as_ref()
            .and_then(|running| running.events.lock().ok().map(|events| events.clone()))
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
    /// at most `limit` for the driver's reply. On a timeout the program is
    /// killed and waited for; the next call starts it again.
    pub fn exchange(&mut self, input: &str, limit: Duration) -> io::Result<Exchange> {
        if self.running.is_none() {
            self.running = Some(Running::start(&self.binary, self.record)?);
        }
        let Some(running) = self.running.as_mut() else {
            return Err(io::Error::other("the program is not running"));
        };
        let stderr_before = running.stderr_length();
        let started = Instant::now();
        let sent = writeln!(running.input, "{input}").and_then(|()| running.input.flush());
        let reply = match sent {
            // A broken pipe: the program has already ended; say how below.
            Err(_) => Err(RecvTimeoutError::Disconnected),
            Ok(()) => running.replies.recv_timeout(limit),
        };
        match reply {
            Ok((line, stdout)) => {
                self.printed = Printed {
                    stdout,
                    stderr: running.stderr_since(stderr_before),
                };
                Ok(Exchange::Reply(line))
            }
            Err(RecvTimeoutError::Timeout) => {
                let waited = started.elapsed();
                self.printed = Printed {
                    stdout: Vec::new(),
                    stderr: running.stderr_since(stderr_before),
                };
                self.stop();
                Ok(Exchange::NoReply(Outcome::TimedOut { waited }))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let Some(running) = self.running.take() else {
                    return Err(io::Error::other("the program is not running"));
                };
                self.printed = Printed::default();
                let (status, stderr) = running.finish()?;
                Ok(Exchange::NoReply(Outcome::Died {
                    status,
                    stream: Stream::Error,
                    tail: stderr,
                }))
            }
        }
    }

    /// Stops the program if it runs, and waits for it.
    pub fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.stop();
            let _ = running.finish();
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Running {
    /// How many bytes of standard error were kept so far, in all.
    fn stderr_length(&self) -> usize {
        self.stderr.lock().map_or(0, |kept| kept.len())
    }

    /// The first lines of standard error written after `before` bytes.
    fn stderr_since(&self, before: usize) -> Vec<String> {
        // The driver ends each input's standard error with a marker line;
        // the reader thread may still be on its way to it.
        let waited = Instant::now();
        loop {
            let text = match self.stderr.lock() {
                Ok(kept) => String::from_utf8_lossy(&kept[before.min(kept.len())..]).into_owned(),
                Err(_) => return Vec::new(),
            };
            if text.contains(MARKER) || waited.elapsed() > STDERR_WAIT {
                return text
                    .lines()
                    .take_while(|line| !line.contains(MARKER))
                    .filter(|line| !line.trim().is_empty())
                    .take(PRINTED_LINES)
                    .map(str::to_string)
                    .collect();
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    fn start(binary: &Path, record: bool) -> io::Result<Running> {
        let mut command = Command::new(binary);
        if record {
            command.env(RECORD_ENV, "1");
        }
        let mut child = runner::spawn(
            command
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped()),
        )?;
        let pipes = child.pipes();
        let (Some(input), Some(output), Some(errors)) =
            (pipes.stdin.take(), pipes.stdout.take(), pipes.stderr.take())
        else {
            let _ = child.stop();
            return Err(io::Error::other("the program's pipes could not be opened"));
        };
        let (sender, replies) = mpsc::channel();
        let events = Arc::new(Mutex::new(String::new()));
        let recorded = Arc::clone(&events);
        let stdout_reader = thread::spawn(move || {
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
                    // The user's own prints are skipped; the driver starts
                    // each reply on a line of its own.
                    let text = String::from_utf8_lossy(&line);
                    if let Some(start) = text.find(MARKER) {
                        let reply = text[start..].trim_end().to_string();
                        if sender.send((reply, std::mem::take(&mut printed))).is_err() {
                            break;
                        }
                    } else if let Some(start) = text.find(EVENTS_MARKER) {
                        if let Ok(mut kept) = recorded.lock() {
                            *kept = text[start + EVENTS_MARKER.len()..].trim().to_string();
                        }
                    } else if !text.trim().is_empty() && printed.len() < PRINTED_LINES {
                        printed.push(text.trim_end().to_string());
                    }
                    line.clear();
                } else if line.len() > LINE_KEPT {
                    // A long print of the user's own with no newline yet:
                    // not a reply, and not worth the memory.
                    line.clear();
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&stderr);
        let stderr_reader = thread::spawn(move || {
            let mut errors = errors;
            let mut buffer = [0u8; 4096];
            loop {
                match errors.read(&mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(count) => {
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
        });
        Ok(Running {
            child,
            input,
            replies,
            readers: vec![stdout_reader, stderr_reader],
            stderr,
            events,
        })
    }

    /// Closes the input, waits for the program to end and for the readers to
    /// drain its output; returns how it ended and the end of its stderr.
    fn finish(mut self) -> io::Result<(String, String)> {
        drop(self.input);
        // Waiting kills the program's group afterwards, so that nothing it
        // started keeps its output pipes, and the readers, open.
        let status = self.child.wait()?;
        for reader in self.readers.drain(..) {
            let _ = reader.join();
        }
        let stderr = match self.stderr.lock() {
            Ok(kept) => {
                let start = kept.len().saturating_sub(STDERR_KEPT);
                String::from_utf8_lossy(&kept[start..])
                    .lines()
                    .filter(|line| !line.contains(MARKER))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            Err(_) => String::new(),
        };
        Ok((
            format!("{} without answering", describe_status(&status)),
            stderr,
        ))
    }
}
