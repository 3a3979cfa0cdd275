//! What keeps an untrusted program (a learner's solution, and the compiler
//! that builds it) within its limits, on Linux, besides its jail
//! (`jail.rs`):
//!
//! * **Resource limits**, set between fork and exec: the address space
//!   (`RLIMIT_AS`: an allocation past it fails, and Rust's allocator aborts
//!   with "memory allocation of N bytes failed"), the heap and other private
//!   writable memory (`RLIMIT_DATA`, for the compiler, whose address space
//!   holds large reservations it never touches), the size of a file it
//!   writes (`RLIMIT_FSIZE`), and no core file.
//! * **A session of its own**, so no controlling terminal, and death with
//!   this process (the parent-death signal).
//! * **Adoption**: this process is the reaper of its orphaned descendants
//!   (the linker the compiler starts), and [`end_adopted`] kills and reaps
//!   every process it adopted once a sandboxed child has ended.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
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

/// Sets up `command` to run under `limits`, in a session of its own (no
/// controlling terminal), dying with this process (`parent`, its id); the
/// descriptors in `keep` are given to it under their new numbers, then it
/// enters the landlock domain `landlock` and loads the seccomp `filters`.
#[cfg(target_os = "linux")]
pub(super) fn prepare(
    command: &mut Command,
    limits: Limits,
    parent: u32,
    keep: Vec<(OwnedFd, RawFd)>,
    landlock: Option<OwnedFd>,
    filters: Vec<seccompiler::BpfProgram>,
) {
    use std::os::unix::process::CommandExt;
    become_subreaper();
    // SAFETY: between fork and exec the closure calls only async-signal-safe
    // functions (setsid, setrlimit, prctl, getppid, fcntl, dup2, the
    // landlock and seccomp system calls) and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            libc::setsid();
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            if libc::getppid() as u32 != parent {
                libc::_exit(3);
            }
            set_limits(limits);
            // First out of the way (a source may sit on a target's number),
            // then in place; dup2 leaves the new descriptor open on exec.
            let mut moved = [0 as libc::c_int; 8];
            for (index, (descriptor, _)) in keep.iter().enumerate().take(moved.len()) {
                moved[index] = libc::fcntl(descriptor.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 64);
                if moved[index] < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            for (index, (_, target)) in keep.iter().enumerate().take(moved.len()) {
                if libc::dup2(moved[index], *target) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if let Some(ruleset) = &landlock {
                if !super::jail::enter_landlock(ruleset.as_raw_fd()) {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if !super::jail::load_filters(&filters) {
                return Err(std::io::Error::other(
                    "the seccomp filter could not be loaded",
                ));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn prepare(
    _command: &mut Command,
    _limits: Limits,
    _parent: u32,
    _keep: Vec<(OwnedFd, RawFd)>,
    _landlock: Option<OwnedFd>,
    _filters: Vec<seccompiler::BpfProgram>,
) {
}

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
