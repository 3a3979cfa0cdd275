//! The judge's program runner: compiles the user's file with `rustc -O -C codegen-units=1` in
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
//! program's word on its time is never asked for. What the program spent
//! waiting for a core while other processes had them (the kernel's count
//! in `/proc/PID/schedstat`, where it keeps one) is not its time: on a busy
//! machine the limit waits as long again, up to [`LOAD_ALLOWANCE`] times
//! the limit, as long as the program's own CPU time stays under it; and
//! that wait is taken off the time it reports.

use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ExitStatus};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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
use super::streams::{Heard, Reader, ReaderEvent};
pub use super::streams::{Printed, LINE_SHOWN, OUTPUT_LIMIT, PRINTED_LINES};
use crate::runner::{self, Child, Jail, Limits, Role};
use sudoku37::board::{self, Board};

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

/// On a busy machine, a puzzle's limit may wait out the time the program
/// was kept waiting for a core, until this many times the limit have
/// passed in all.
pub const LOAD_ALLOWANCE: u32 = 10;

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

/// What the program answered to one input line.
pub enum Exchange {
    /// A reply of the driver: `MARKER ok NANOS NODES UNDOS PAYLOAD` or
    /// `MARKER panic NANOS MESSAGE`, `NANOS` the judge's own measure.
    Reply(String),
    /// No reply: an [`Outcome`] that says why (timed out, died, out of
    /// memory, too much output).
    NoReply(Outcome),
}

struct Running {
    child: Child,
    input: Option<ChildStdin>,
    events: Receiver<ReaderEvent>,
    /// The reader says here when every stream has ended.
    reader_done: Receiver<()>,
    heard: Arc<Mutex<Heard>>,
    /// Whether the driver has said it is ready.
    ready: bool,
    /// What an exchange costs that calls none of the learner's code: the
    /// fastest of [`PINGS`] pings, at most [`MAX_EXCHANGE_COST`].
    exchange_cost: Duration,
    /// The program's own process (under bubblewrap, a grandchild), once it
    /// is ready, where its scheduler statistics can be read.
    process: Option<u32>,
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

    /// Gives `board` to the program (starting it if need be) and waits at
    /// most `limit` for its answer. On a timeout the program is killed and
    /// waited for; the next call starts it again.
    pub fn solve(&mut self, board: &Board, limit: Duration) -> io::Result<Outcome> {
        Ok(match self.exchange(&board::to_line(board), limit)? {
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
        let mut event = Ok(ReaderEvent::Ready);
        if !running.ready {
            event = running.events.recv_timeout(limit + STARTUP);
            running.ready = matches!(event, Ok(ReaderEvent::Ready));
            if running.ready {
                running.exchange_cost = running.pings();
                running.process = program_process(running.child.pipes().id(), &self.binary);
            }
        }
        let before = running.process.and_then(Schedule::read);
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
            if let (Err(RecvTimeoutError::Timeout), Some(before)) = (&event, before) {
                event = running.wait_out_the_queue(sent, limit, before);
            }
        }
        let deadline = sent + limit;
        match event {
            Ok(ReaderEvent::Reply(reply, at, heard)) => {
                self.printed = heard.printed();
                self.events = heard.events;
                let queued = queued_since(running.process, before);
                let nanos = at
                    .saturating_duration_since(sent)
                    .saturating_sub(running.exchange_cost)
                    .saturating_sub(queued)
                    .as_nanos();
                let line = match reply.split_once(' ') {
                    Some((kind, rest)) => format!("{MARKER} {kind} {nanos} {rest}"),
                    None => format!("{MARKER} {reply} {nanos}"),
                };
                Ok(Exchange::Reply(line))
            }
            Ok(ReaderEvent::TooMuchOutput) => {
                self.stop_keeping();
                Ok(Exchange::NoReply(Outcome::OutputLimit {
                    limit: OUTPUT_LIMIT,
                }))
            }
            Ok(ReaderEvent::Ready | ReaderEvent::Pong(_)) | Err(RecvTimeoutError::Timeout) => {
                let waited = sent.elapsed();
                let queued = queued_since(running.process, before);
                self.stop_keeping();
                Ok(Exchange::NoReply(Outcome::TimedOut { waited, queued }))
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
                    let queued = queued_since(running.process, before);
                    let _ = running.child.stop();
                    running.finish();
                    self.keep(&running);
                    return Ok(Exchange::NoReply(Outcome::TimedOut { waited, queued }));
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

    /// Stops the program, reads what it had sent by then (the search up to
    /// that moment among it), and keeps what it printed on this input.
    fn stop_keeping(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.stop();
            running.finish();
            self.keep(&running);
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
        let (channel, channel_end) = runner::pipe()?;
        let mut child = runner::spawn_jailed(
            binary,
            &[],
            &jail,
            isolation,
            limits,
            vec![(channel_end, CHANNEL_FD)],
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
        let streams = [OwnedFd::from(output), OwnedFd::from(errors), channel];
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
            ready: false,
            exchange_cost: Duration::ZERO,
            process: None,
        })
    }

    /// After the limit has passed without a reply: waits on as long as the
    /// program was kept waiting for a core since `before` (read as the input
    /// was sent at `sent`), while its CPU time since then stays under
    /// `limit`, and never past [`LOAD_ALLOWANCE`] times `limit` in all.
    /// Returns what it heard, or a timeout.
    fn wait_out_the_queue(
        &self,
        sent: Instant,
        limit: Duration,
        before: Schedule,
    ) -> Result<ReaderEvent, RecvTimeoutError> {
        let cap = sent + limit * LOAD_ALLOWANCE;
        loop {
            let Some(now) = self.process.and_then(Schedule::read) else {
                return Err(RecvTimeoutError::Timeout);
            };
            if now.cpu.saturating_sub(before.cpu) >= limit {
                return Err(RecvTimeoutError::Timeout);
            }
            let deadline = (sent + limit + now.queued.saturating_sub(before.queued)).min(cap);
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(RecvTimeoutError::Timeout);
            }
            match self.events.recv_timeout(left) {
                Err(RecvTimeoutError::Timeout) => continue,
                heard => return heard,
            }
        }
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
                Ok(ReaderEvent::Pong(at)) => {
                    fastest = fastest.min(at.saturating_duration_since(sent))
                }
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
    }
}

/// What the kernel counts of the program's process: the CPU time of all
/// its threads, and how long its main thread, ready to run, waited for a
/// core.
#[derive(Debug, Clone, Copy)]
struct Schedule {
    cpu: Duration,
    queued: Duration,
}

impl Schedule {
    /// Reads `/proc/PID/schedstat` (nanoseconds on a core, nanoseconds
    /// waiting for one, time slices) and the CPU time of `/proc/PID/stat`;
    /// `None` where the kernel keeps no such count or the process is gone.
    fn read(process: u32) -> Option<Schedule> {
        let queued = Schedule::queued(process)?;
        let stat = std::fs::read_to_string(format!("/proc/{process}/stat")).ok()?;
        // The fields after the command name, which ends at the last ')':
        // state is field 3; utime and stime are fields 14 and 15.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        // SAFETY: sysconf only reads a configuration value.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        let per_second = u64::try_from(per_second).ok().filter(|&hz| hz > 0)?;
        Some(Schedule {
            cpu: Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second),
            queued,
        })
    }

    /// How long the main thread of `process` has waited for a core, from
    /// `/proc/PID/schedstat` alone.
    fn queued(process: u32) -> Option<Duration> {
        let schedstat = std::fs::read_to_string(format!("/proc/{process}/schedstat")).ok()?;
        let nanos: u64 = schedstat.split_whitespace().nth(1)?.parse().ok()?;
        Some(Duration::from_nanos(nanos))
    }
}

/// How long `process` waited for a core since `before` was read; nothing
/// where the kernel does not say.
fn queued_since(process: Option<u32>, before: Option<Schedule>) -> Duration {
    match (before, process.and_then(Schedule::queued)) {
        (Some(before), Some(now)) => now.saturating_sub(before.queued),
        _ => Duration::ZERO,
    }
}

/// The process running `binary` among `child` and its descendants (under
/// bubblewrap the program is a grandchild of the judge), found through
/// `/proc`; `None` where `/proc` does not say.
fn program_process(child: u32, binary: &Path) -> Option<u32> {
    let resolved = binary.canonicalize().ok();
    let mut looking = vec![child];
    // The jail's processes are few: bubblewrap, its init, the program.
    for _ in 0..16 {
        let process = looking.pop()?;
        if std::fs::read_link(format!("/proc/{process}/exe"))
            .is_ok_and(|exe| exe == binary || Some(&exe) == resolved.as_ref())
        {
            return Some(process);
        }
        let children =
            std::fs::read_to_string(format!("/proc/{process}/task/{process}/children")).ok()?;
        looking.extend(
            children
                .split_whitespace()
                .filter_map(|pid| pid.parse::<u32>().ok()),
        );
    }
    None
}
