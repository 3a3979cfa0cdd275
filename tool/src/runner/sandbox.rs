//! What keeps an untrusted program (a learner's solution, and the compiler
//! that builds it) within its limits, on Linux:
//!
//! * **Resource limits**, set between fork and exec: the address space
//!   (`RLIMIT_AS`: an allocation past it fails, and Rust's allocator aborts
//!   with "memory allocation of N bytes failed"), the heap and other private
//!   writable memory (`RLIMIT_DATA`, for the compiler, whose address space
//!   holds large reservations it never touches), the size of a file it
//!   writes (`RLIMIT_FSIZE`), and no core file.
//! * **A PID namespace of its own**, where the kernel allows one (as root,
//!   or through a user namespace): the program runs under a tiny init
//!   process of ours, and when that init ends, however it ends, the kernel
//!   kills every process left in the namespace: a grandchild that left the
//!   process group with `setsid`, a daemon, a fork bomb. The init relays the
//!   program's exit status (or its signal) to the child the runner knows, so
//!   the program ends as if it had been started directly.
//! * **Adoption**, where there is no namespace: this process becomes the
//!   reaper of its orphaned descendants, and [`end_adopted`] kills and reaps
//!   every process it adopted once a sandboxed child has ended.

use std::process::Command;
use std::time::{Duration, Instant};

/// The limits a sandboxed child runs under; `None` leaves one as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// The most address space, in bytes (`RLIMIT_AS`).
    pub address_space: Option<u64>,
    /// The most heap and private writable memory, in bytes (`RLIMIT_DATA`).
    pub data: Option<u64>,
    /// The largest file it may write, in bytes (`RLIMIT_FSIZE`).
    pub file_size: Option<u64>,
}

/// Sets up `command` to run sandboxed under `limits` (see the module's
/// documentation); `parent` is this process's id, to die with it.
#[cfg(target_os = "linux")]
pub(super) fn prepare(command: &mut Command, limits: Limits, parent: u32) {
    use std::os::unix::process::CommandExt;
    become_subreaper();
    // SAFETY: between fork and exec the closure calls only async-signal-safe
    // functions (setrlimit, prctl, getppid, unshare, fork, pipe2, close,
    // read, write, waitpid, sigaction, kill, getpid, _exit) and allocates
    // nothing.
    unsafe {
        command.pre_exec(move || {
            set_limits(limits);
            if libc::getppid() as u32 != parent {
                libc::_exit(3);
            }
            enter_namespace();
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn prepare(_command: &mut Command, _limits: Limits, _parent: u32) {}

/// Applies `limits` to this process (between fork and exec).
#[cfg(target_os = "linux")]
unsafe fn set_limits(limits: Limits) {
    let set = |resource, value: Option<u64>| {
        if let Some(value) = value {
            let limit = libc::rlimit {
                rlim_cur: value as libc::rlim_t,
                rlim_max: value as libc::rlim_t,
            };
            // SAFETY: setrlimit reads the struct it is given.
            unsafe {
                libc::setrlimit(resource, &limit);
            }
        }
    };
    set(libc::RLIMIT_AS, limits.address_space);
    set(libc::RLIMIT_DATA, limits.data);
    set(libc::RLIMIT_FSIZE, limits.file_size);
    set(libc::RLIMIT_CORE, Some(0));
}

/// Between fork and exec: moves what is about to be exec'd into a new PID
/// namespace, under an init of ours, and returns in that process (which
/// then execs); this process and the init stay behind to relay its end. If
/// the kernel allows no namespace, returns at once and nothing changes.
#[cfg(target_os = "linux")]
unsafe fn enter_namespace() {
    // SAFETY (all of this function): async-signal-safe calls only, on
    // memory of this stack frame.
    unsafe {
        if libc::unshare(libc::CLONE_NEWPID) != 0
            && libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) != 0
        {
            return;
        }
        // The init writes the program's wait status here, for the relay.
        let mut pipe = [0 as libc::c_int; 2];
        if libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            libc::_exit(3);
        }
        let init = libc::fork();
        if init < 0 {
            libc::_exit(3);
        }
        if init > 0 {
            // The relay, the child the runner knows: it waits for the init's
            // word on how the program ended, and ends the same way.
            close_all_but(pipe[0]);
            let mut status: libc::c_int = 0;
            let mut bytes = [0u8; 4];
            let mut got = 0;
            while got < 4 {
                let read = libc::read(pipe[0], bytes.as_mut_ptr().add(got).cast(), 4 - got);
                if read > 0 {
                    got += read as usize;
                } else if read == 0 || *libc::__errno_location() != libc::EINTR {
                    break;
                }
            }
            libc::waitpid(init, &mut status, 0);
            if got == 4 {
                end_as(libc::c_int::from_ne_bytes(bytes));
            }
            // The init was killed before it could say: so was the program.
            end_as_signal(libc::SIGKILL);
        }
        // The init: PID 1 of the new namespace.
        // (Its parent is outside the namespace, so it cannot look for it as
        // the relay looked for ours; the relay's death kills it.)
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        let program = libc::fork();
        if program < 0 {
            libc::_exit(3);
        }
        if program == 0 {
            // The program: it keeps the command's pipes and is exec'd next
            // (the relay's pipe closes on exec).
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            return;
        }
        // The init holds nothing of the program's: not its pipes, not the
        // runner's pipe that tells a failed exec.
        close_all_but(pipe[1]);
        loop {
            let mut status: libc::c_int = 0;
            let ended = libc::waitpid(-1, &mut status, 0);
            if ended == program {
                let bytes = status.to_ne_bytes();
                libc::write(pipe[1], bytes.as_ptr().cast(), 4);
                // Leaving kills whatever the program left in the namespace.
                libc::_exit(0);
            }
            if ended < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(3);
            }
        }
    }
}

/// Closes every file descriptor but `kept` (the command's own pipes among
/// them: the program keeps its copies).
#[cfg(target_os = "linux")]
unsafe fn close_all_but(kept: libc::c_int) {
    // SAFETY: close on descriptors this process may or may not have.
    unsafe {
        for descriptor in 0..4096 {
            if descriptor != kept {
                libc::close(descriptor);
            }
        }
    }
}

/// Ends this process as a wait `status` says another ended: with its exit
/// code, or by its signal.
#[cfg(target_os = "linux")]
unsafe fn end_as(status: libc::c_int) -> ! {
    if libc::WIFEXITED(status) {
        // SAFETY: _exit ends the process.
        unsafe { libc::_exit(libc::WEXITSTATUS(status)) }
    }
    if libc::WIFSIGNALED(status) {
        // SAFETY: see end_as_signal.
        unsafe { end_as_signal(libc::WTERMSIG(status)) }
    }
    // SAFETY: _exit ends the process.
    unsafe { libc::_exit(3) }
}

/// Ends this process by `signal`, its default action restored.
#[cfg(target_os = "linux")]
unsafe fn end_as_signal(signal: libc::c_int) -> ! {
    // SAFETY: async-signal-safe calls on this frame's memory.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = libc::SIG_DFL;
        libc::sigaction(signal, &action, std::ptr::null_mut());
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(libc::getpid(), signal);
        libc::_exit(128 + signal)
    }
}

/// Makes this process the reaper of its orphaned descendants, once.
#[cfg(target_os = "linux")]
fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER changes only this
        // process's reaping.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Kills and reaps every process this one adopted: a child of this process
/// that none of `ours` is (the runner's own children). Killing one orphans
/// its children, which are adopted in turn, so it looks again until none is
/// left, for at most two seconds.
pub(super) fn end_adopted(ours: &[u32]) {
    #[cfg(target_os = "linux")]
    {
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let adopted = adopted(ours);
            if adopted.is_empty() || Instant::now() > deadline {
                break;
            }
            for pid in adopted {
                // SAFETY: kill and waitpid on a process that is our child.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                    libc::waitpid(pid, std::ptr::null_mut(), 0);
                }
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ours, Duration::ZERO, Instant::now());
}

/// The children of this process that none of `ours` is, from `/proc`.
#[cfg(target_os = "linux")]
fn adopted(ours: &[u32]) -> Vec<libc::pid_t> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| !ours.contains(pid))
        .filter(|pid| parent_of(*pid) == Some(me))
        .filter_map(|pid| libc::pid_t::try_from(pid).ok())
        .collect()
}

/// The parent of process `pid`, from `/proc/PID/stat` (its fourth field,
/// after the name in parentheses, which may hold spaces).
#[cfg(target_os = "linux")]
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

/// How much memory a program has: 512 MiB, LeetCode's memory limit being of
/// that order.
pub const DEFAULT_MEMORY: u64 = 512 * 1024 * 1024;

/// What a program may write into one file: 64 MiB.
pub const FILE_SIZE: u64 = 64 * 1024 * 1024;

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn the_parent_of_a_process_is_read_past_a_name_with_spaces() {
        assert_eq!(
            parent_of(std::process::id()),
            Some(std::os::unix::process::parent_id())
        );
    }
}
