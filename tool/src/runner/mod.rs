//! The one runner for child processes: `solve --time-limit`'s and `compare`'s
//! workers, the judge's compiler and the judge's compiled program all start
//! here, so that they all end the same way.
//!
//! * **Its own process group.** A child leads a new process group, and
//!   stopping it kills the whole group: a solution that starts `sleep 30`
//!   cannot stretch a one-second time limit by holding its output pipe open.
//! * **It dies with its parent.** On Linux the kernel sends the child SIGKILL
//!   when the thread that started it ends, however the parent died (SIGKILL
//!   and crashes included); a child whose parent is already gone by the time
//!   it starts exits at once.
//! * **SIGINT, SIGTERM and SIGHUP clean up.** The first time a child or a
//!   temporary folder is made, a thread starts that waits for these signals;
//!   on one, it kills every live child's group, removes every live temporary
//!   folder, then lets the signal end the process as it would have.
//! * **Always reaped.** [`Child`] kills and waits for its process when
//!   dropped, and nothing waits past a deadline: [`Child::wait_until`]
//!   gives up at its deadline, and [`output_within`] stops a command at its
//!   time limit.
//! * **Untrusted programs are jailed** ([`spawn_jailed`], see `jail.rs`
//!   and `sandbox.rs`): bubblewrap or landlock, seccomp, resource limits and
//!   a session of their own; every descendant the compiler leaves behind is
//!   adopted and ended. Nothing such a program starts outlives it or holds
//!   its pipes past its end.
//!
//! To adopt them, the process that runs a jailed child becomes its
//! descendants' reaper, and when such a child ends it kills and reaps every
//! child of the process that this runner did not start. The `sudoku37`
//! command has no others; a program that embeds the library beside children
//! of its own would lose them (the tool's tests run the judge's exchanges in
//! a process of their own for this reason).

pub mod jail;
mod sandbox;

use std::ffi::OsString;
use std::io::{self, Read};
use std::os::fd::{OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::{self, Command, ExitStatus};
use std::sync::mpsc;
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

pub use jail::{isolation_for, pipe, Isolation, Jail, Role};
pub use sandbox::{Limits, DEFAULT_MEMORY, FILE_SIZE};

/// The children alive now, by process id (which is also their group's id).
static CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());
/// The temporary folders alive now.
static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static CLEANUP: Once = Once::new();
/// Set when SIGINT, SIGTERM or SIGHUP arrived: the children die because this
/// process is ending, and no thread may take that death for a verdict.
static INTERRUPTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A running child process, in a process group of its own.
pub struct Child {
    inner: process::Child,
    reaped: bool,
    /// Started by [`spawn_jailed`]: what it left behind is ended when it
    /// ends.
    sandboxed: bool,
    /// It is bubblewrap, which says a signal that ended its command as the
    /// exit status 128 + the signal's number.
    bubblewrap: bool,
}

/// Starts `command` as a child in its own process group, set to die with
/// this process.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    start(command)
}

/// Starts the untrusted `program` with `args` in `jail` under `isolation`
/// and `limits`, all three of its standard streams piped; `pass` gives it
/// descriptors under the numbers paired with them. See `jail.rs`.
pub fn spawn_jailed(
    program: &Path,
    args: &[OsString],
    jail: &Jail<'_>,
    isolation: Isolation,
    limits: Limits,
    pass: Vec<(OwnedFd, RawFd)>,
) -> io::Result<Child> {
    watch_signals();
    let prepared = jail::prepare(isolation, program, args, jail)?;
    let jail::Prepared {
        mut command,
        landlock,
        filters,
        mut keep,
        bubblewrap,
    } = prepared;
    keep.extend(pass);
    command
        .stdin(process::Stdio::piped())
        .stdout(process::Stdio::piped())
        .stderr(process::Stdio::piped());
    sandbox::prepare(&mut command, limits, process::id(), keep, landlock, filters);
    // Registered while the list is locked, so that a signal arriving now
    // either sees the child or comes before it exists.
    let mut children = lock(&CHILDREN);
    let inner = command.spawn()?;
    children.push(inner.id());
    Ok(Child {
        inner,
        reaped: false,
        sandboxed: true,
        bubblewrap,
    })
}

fn start(command: &mut Command) -> io::Result<Child> {
    watch_signals();
    prepare(command);
    let mut children = lock(&CHILDREN);
    let inner = command.spawn()?;
    children.push(inner.id());
    Ok(Child {
        inner,
        reaped: false,
        sandboxed: false,
        bubblewrap: false,
    })
}

/// What a trusted `program` (the user's own compiler, asked where its
/// toolchain is) prints with `args`, if it ends well within ten seconds.
pub fn output_of_trusted(program: &Path, args: &[&str]) -> Option<String> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(process::Stdio::null())
        .stdout(process::Stdio::piped())
        .stderr(process::Stdio::null());
    let mut child = spawn(&mut command).ok()?;
    let mut stdout = child.inner.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.by_ref().take(64 * 1024).read_to_string(&mut text);
        text
    });
    let status = child
        .wait_until(Instant::now() + Duration::from_secs(10))
        .ok()??;
    let text = reader.join().ok()?;
    status.success().then_some(text)
}

/// How a command run by [`output_within`] ended, and what it wrote.
#[derive(Debug)]
pub struct Finished {
    /// How it ended; `None` when it was stopped at its time limit.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Runs the untrusted `program` with `args` to its end, in `jail` under
/// `isolation` and `limits`, for at most `time_limit`, collecting its output
/// (at most `kept` bytes of each stream; its standard input is empty). Past
/// the limit it is stopped, with everything it started.
pub fn output_within(
    program: &Path,
    args: &[OsString],
    jail: &Jail<'_>,
    isolation: Isolation,
    limits: Limits,
    time_limit: Duration,
    kept: usize,
) -> io::Result<Finished> {
    let deadline = Instant::now() + time_limit;
    let mut child = spawn_jailed(program, args, jail, isolation, limits, Vec::new())?;
    drop(child.inner.stdin.take());
    let (sender, streams) = mpsc::channel();
    for (index, stream) in [
        child
            .inner
            .stdout
            .take()
            .map(|out| Box::new(out) as Box<dyn Read + Send>),
        child
            .inner
            .stderr
            .take()
            .map(|err| Box::new(err) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .enumerate()
    {
        let sender = sender.clone();
        std::thread::spawn(move || {
            let mut text = Vec::new();
            if let Some(stream) = stream {
                let mut buffer = [0u8; 8192];
                let mut stream = stream;
                while let Ok(count @ 1..) = stream.read(&mut buffer) {
                    let room = kept.saturating_sub(text.len());
                    text.extend_from_slice(&buffer[..count.min(room)]);
                }
            }
            let _ = sender.send((index, text));
        });
    }
    drop(sender);
    let status = match child.wait_until(deadline)? {
        Some(status) => Some(status),
        None => {
            child.stop()?;
            None
        }
    };
    // The streams close when the command and all it started are gone; a
    // second is ample, and nothing waits longer.
    let mut texts = [Vec::new(), Vec::new()];
    let grace = Instant::now() + Duration::from_secs(1);
    for _ in 0..2 {
        match streams.recv_timeout(grace.saturating_duration_since(Instant::now())) {
            Ok((index, text)) => texts[index] = text,
            Err(_) => break,
        }
    }
    let [stdout, stderr] = texts;
    Ok(Finished {
        status,
        stdout,
        stderr,
    })
}

impl Child {
    /// The child's pipes and handle, to take its standard streams.
    pub fn pipes(&mut self) -> &mut process::Child {
        &mut self.inner
    }

    /// Kills the child's whole process group and waits for the child.
    pub fn stop(&mut self) -> io::Result<ExitStatus> {
        kill_group(self.inner.id());
        let _ = self.inner.kill();
        self.wait()
    }

    /// How the command ended, as it would say had it been started directly:
    /// bubblewrap says a signal as 128 + its number.
    fn as_started(&self, status: ExitStatus) -> ExitStatus {
        #[cfg(unix)]
        if self.bubblewrap {
            use std::os::unix::process::ExitStatusExt;
            if let Some(code @ 129..=192) = status.code() {
                return ExitStatus::from_raw(code - 128);
            }
        }
        status
    }

    /// Waits for the child to end by itself; its group is killed afterwards,
    /// so that nothing it started outlives it.
    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        let status = self.inner.wait();
        self.ended();
        status.map(|status| self.as_started(status))
    }

    /// Waits for the child to end by itself until `deadline`: `None` if it
    /// is still running then (it is left running).
    pub fn wait_until(&mut self, deadline: Instant) -> io::Result<Option<ExitStatus>> {
        let mut pause = Duration::from_micros(200);
        loop {
            if let Some(status) = self.inner.try_wait()? {
                self.ended();
                return Ok(Some(self.as_started(status)));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            std::thread::sleep(pause.min(left));
            pause = (pause * 2).min(Duration::from_millis(10));
        }
    }

    /// Once the child is reaped: its group killed, and, for a sandboxed
    /// child, whatever it left behind ended.
    fn ended(&mut self) {
        // The child was killed because this process is ending on a signal:
        // this thread waits for that end instead of reporting the death.
        while INTERRUPTED.load(std::sync::atomic::Ordering::SeqCst) {
            std::thread::park();
        }
        if !self.reaped {
            kill_group(self.inner.id());
            self.reaped = true;
            forget(self.inner.id());
            if self.sandboxed {
                let ours = lock(&CHILDREN).clone();
                sandbox::end_adopted(&ours);
            }
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.stop();
        }
    }
}

/// A temporary folder, removed when dropped and on SIGINT, SIGTERM and
/// SIGHUP.
pub struct TempFolder {
    folder: Option<tempfile::TempDir>,
}

impl TempFolder {
    /// Makes a new, empty folder under the system's temporary folder, its
    /// name starting with `prefix`.
    pub fn new(prefix: &str) -> io::Result<TempFolder> {
        watch_signals();
        let mut folders = lock(&FOLDERS);
        let folder = tempfile::Builder::new().prefix(prefix).tempdir()?;
        folders.push(folder.path().to_path_buf());
        Ok(TempFolder {
            folder: Some(folder),
        })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        self.folder
            .as_ref()
            .map_or_else(|| Path::new(""), |folder| folder.path())
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        if let Some(folder) = self.folder.take() {
            let path = folder.path().to_path_buf();
            let _ = folder.close();
            lock(&FOLDERS).retain(|kept| kept != &path);
        }
    }
}

/// A path argument that a program cannot take for an option: `-fast.rs`
/// becomes `./-fast.rs`.
pub fn safe_path_argument(path: &Path) -> PathBuf {
    let starts_with_dash = path
        .as_os_str()
        .to_str()
        .is_some_and(|text| text.starts_with('-'));
    if starts_with_dash {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn forget(id: u32) {
    lock(&CHILDREN).retain(|&child| child != id);
}

#[cfg(unix)]
fn prepare(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    let parent = process::id();
    // SAFETY: between fork and exec the closure calls only async-signal-safe
    // functions (prctl, getppid, _exit) and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            #[cfg(any(target_os = "linux", target_os = "android"))]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            }
            // The parent died before the line above took effect.
            if libc::getppid() as u32 != parent {
                libc::_exit(3);
            }
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn prepare(_command: &mut Command) {}

#[cfg(unix)]
fn kill_group(id: u32) {
    if let Ok(group) = libc::pid_t::try_from(id) {
        if group > 0 {
            // SAFETY: kill(2) with a negative id signals that process group;
            // it has no memory effects.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_id: u32) {}

/// Starts, once, the thread that cleans up on SIGINT, SIGTERM and SIGHUP.
fn watch_signals() {
    #[cfg(unix)]
    CLEANUP.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                clean_up();
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                process::exit(128 + signal);
            }
        });
    });
    #[cfg(not(unix))]
    CLEANUP.call_once(|| {});
}

/// Kills every live child's group (and what a sandboxed one left behind)
/// and removes every live temporary folder.
fn clean_up() {
    INTERRUPTED.store(true, std::sync::atomic::Ordering::SeqCst);
    let ours = lock(&CHILDREN).clone();
    for &child in &ours {
        kill_group(child);
    }
    sandbox::end_adopted(&ours);
    for folder in lock(&FOLDERS).iter() {
        let _ = std::fs::remove_dir_all(folder);
    }
}
