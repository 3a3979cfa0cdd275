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
//!   dropped.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{self, Command, ExitStatus};
use std::sync::{Mutex, Once};

/// The children alive now, by process id (which is also their group's id).
static CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());
/// The temporary folders alive now.
static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static CLEANUP: Once = Once::new();

/// A running child process, in a process group of its own.
pub struct Child {
    inner: process::Child,
    reaped: bool,
}

/// Starts `command` as a child in its own process group, set to die with
/// this process.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    watch_signals();
    prepare(command);
    // Registered while the list is locked, so that a signal arriving now
    // either sees the child or comes before it exists.
    let mut children = lock(&CHILDREN);
    let inner = command.spawn()?;
    children.push(inner.id());
    Ok(Child {
        inner,
        reaped: false,
    })
}

/// Runs `command` to its end through [`spawn`], collecting its output (its
/// standard input is empty).
pub fn output(command: &mut Command) -> io::Result<process::Output> {
    command
        .stdin(process::Stdio::null())
        .stdout(process::Stdio::piped())
        .stderr(process::Stdio::piped());
    let mut child = spawn(command)?;
    let mut stdout = child.inner.stdout.take();
    let stderr = child.inner.stderr.take();
    let errors = std::thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut stderr) = stderr {
            let _ = io::Read::read_to_end(&mut stderr, &mut text);
        }
        text
    });
    let mut text = Vec::new();
    if let Some(stdout) = stdout.as_mut() {
        io::Read::read_to_end(stdout, &mut text)?;
    }
    let status = child.wait()?;
    Ok(process::Output {
        status,
        stdout: text,
        stderr: errors.join().unwrap_or_default(),
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

    /// Waits for the child to end by itself; its group is killed afterwards,
    /// so that nothing it started outlives it.
    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        let status = self.inner.wait();
        if !self.reaped {
            kill_group(self.inner.id());
            self.reaped = true;
            forget(self.inner.id());
        }
        status
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

/// Kills every live child's group and removes every live temporary folder.
fn clean_up() {
    for &child in lock(&CHILDREN).iter() {
        kill_group(child);
    }
    for folder in lock(&FOLDERS).iter() {
        let _ = std::fs::remove_dir_all(folder);
    }
}
