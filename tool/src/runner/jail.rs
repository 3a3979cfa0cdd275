//! The jail an untrusted command runs in: the learner's program, and the
//! compiler that builds it. The program sees its input, writes its answer,
//! and touches nothing else. The work is done by maintained components, not
//! by hand:
//!
//! * **bubblewrap** (`bwrap`), where it is installed and the kernel lets it
//!   make namespaces: new user, PID, mount, IPC, network, UTS and cgroup
//!   namespaces, a new session (no controlling terminal), a private `/proc`
//!   and `/dev`, the system folders read-only, a private size-limited
//!   `/tmp` as the program's working folder (and `/dev/shm`), nothing else
//!   writable, and a cleared environment. When it ends, the kernel ends
//!   everything in its PID namespace.
//! * **landlock**, where bubblewrap is missing or refused (no namespaces):
//!   the same cleared environment and new session, and a landlock domain in
//!   which the command reads only the system folders and the judge's
//!   temporary folder, writes only its own working folder, and can neither
//!   signal nor reach (by abstract sockets) any process outside its domain:
//!   not the judge, not the user's shell.
//! * **seccomp** (the `seccompiler` crate) in both: the program may start
//!   threads but no process (`fork`, `vfork` and `clone` without
//!   `CLONE_THREAD` fail; `clone3` says it does not exist, so that threads
//!   are made with `clone`), and may not push characters into a terminal
//!   (`TIOCSTI`), open sockets, trace other processes or make anonymous
//!   files in memory. With no process of its own, its memory limit
//!   (`RLIMIT_AS`) is the limit of everything it runs.
//!
//! Where neither bubblewrap nor landlock works, the judge refuses to run a
//! program, unless the user accepts the weaker mode (`--weak-sandbox`):
//! resource limits, a new session, seccomp, a cleared environment and the
//! working folder, but the program can read and write what the user can.
//!
//! `SUDOKU37_SANDBOX` (`bubblewrap`, `landlock` or `none`) chooses the mode
//! by hand instead of the first that works, so that tests can run each.

use std::ffi::{OsStr, OsString};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Which isolation the jail gives on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// bubblewrap's namespaces, seccomp and resource limits.
    Bubblewrap,
    /// A landlock domain, seccomp and resource limits.
    Landlock,
    /// Resource limits, a new session and seccomp only: accepted by the user
    /// (`--weak-sandbox`), never chosen by itself.
    Weak,
}

impl Isolation {
    /// How it is said in messages and the README.
    pub fn describe(self) -> &'static str {
        match self {
            Isolation::Bubblewrap => {
                "bubblewrap: its own namespaces, a private /proc and /tmp, no terminal, nothing of yours visible"
            }
            Isolation::Landlock => {
                "landlock: no terminal, reads only the system folders, writes only its working folder, signals nothing outside"
            }
            Isolation::Weak => {
                "weak (--weak-sandbox): limits, no terminal and no new processes, but it can read and write what you can"
            }
        }
    }
}

/// The variable that chooses the mode by hand: `bubblewrap`, `landlock` or
/// `none`.
pub const SANDBOX_ENV: &str = "SUDOKU37_SANDBOX";

/// The message when no mode isolates the program and the user did not
/// accept the weaker one.
pub const NO_ISOLATION: &str = "this machine offers no way to isolate the program: bubblewrap (bwrap) is missing or cannot make namespaces here, and the kernel has no landlock (version 6 or later, Linux 6.12); install bubblewrap, or run with --weak-sandbox to accept a program that can read and write what you can";

/// The isolation of this machine, found once: the mode [`SANDBOX_ENV`]
/// names, or the first of bubblewrap and landlock that works; `None` when
/// neither does.
pub fn isolation() -> Option<Isolation> {
    static FOUND: OnceLock<Option<Isolation>> = OnceLock::new();
    *FOUND.get_or_init(|| {
        let chosen = std::env::var(SANDBOX_ENV).unwrap_or_default();
        match chosen.as_str() {
            "none" => None,
            "landlock" => landlock_works().then_some(Isolation::Landlock),
            "bubblewrap" => bubblewrap().map(|_| Isolation::Bubblewrap),
            _ => bubblewrap()
                .map(|_| Isolation::Bubblewrap)
                .or_else(|| landlock_works().then_some(Isolation::Landlock)),
        }
    })
}

/// The isolation a run gets: this machine's, or the weak mode when the user
/// accepts it (`weak`); an error naming what is missing otherwise.
pub fn isolation_for(weak: bool) -> Result<Isolation, String> {
    match isolation() {
        Some(found) => Ok(found),
        None if weak => Ok(Isolation::Weak),
        None => Err(NO_ISOLATION.to_string()),
    }
}

/// Who runs in the jail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The compiler: it reads its toolchain, runs the linker, and writes
    /// the program into the judge's temporary folder.
    Compiler,
    /// The learner's program: it reads its own file, writes only its
    /// working folder, and starts no process.
    Program,
}

/// A command to run jailed.
pub struct Jail<'a> {
    pub role: Role,
    /// The judge's temporary folder: the compiler's working folder, or where
    /// the program lies.
    pub folder: &'a Path,
    /// More folders the command reads (the compiler's toolchain).
    pub read: Vec<PathBuf>,
    /// The variables it gets (besides `PATH`); nothing else of the
    /// environment reaches it.
    pub env: Vec<(OsString, OsString)>,
}

/// The size of the program's private `/tmp` under bubblewrap (its working
/// folder), and of its `/dev/shm`, which no solution needs.
pub const PRIVATE_TMP_SIZE: u64 = 64 * 1024 * 1024;
pub const PRIVATE_SHM_SIZE: u64 = 1024 * 1024;

/// The name of the program's working folder inside the judge's temporary
/// folder, under landlock and in the weak mode.
pub const WORKING_FOLDER: &str = "run";

/// The system folders a jailed command reads (each where it exists).
const SYSTEM: [&str; 9] = [
    "/usr",
    "/lib",
    "/lib64",
    "/lib32",
    "/libx32",
    "/bin",
    "/sbin",
    "/etc/ld.so.cache",
    "/etc/alternatives",
];

const PATH_VALUE: &str = "/usr/local/bin:/usr/bin:/bin";

/// What the jail hands to the runner: the command to spawn, and what its
/// child does between fork and exec.
pub struct Prepared {
    pub command: Command,
    /// The landlock domain to enter (landlock mode).
    pub landlock: Option<OwnedFd>,
    /// The seccomp filters to load (landlock and weak modes; bubblewrap
    /// loads them itself from `keep`).
    pub filters: Vec<seccompiler::BpfProgram>,
    /// Descriptors the child keeps as they are numbered here: (descriptor
    /// now, descriptor in the child).
    pub keep: Vec<(OwnedFd, RawFd)>,
    /// Whether the command is bubblewrap, whose exit status says a signal
    /// as 128 + its number.
    pub bubblewrap: bool,
}

/// The descriptors bubblewrap reads the seccomp filters from.
const FILTER_FDS: [RawFd; 2] = [4, 5];

/// Builds the jailed form of `program args` for `jail` under `isolation`.
pub fn prepare(
    isolation: Isolation,
    program: &Path,
    args: &[OsString],
    jail: &Jail<'_>,
) -> std::io::Result<Prepared> {
    let filters = match jail.role {
        Role::Program => filters()?,
        Role::Compiler => Vec::new(),
    };
    let working = match jail.role {
        Role::Compiler => jail.folder.to_path_buf(),
        Role::Program => jail.folder.join(WORKING_FOLDER),
    };
    if isolation == Isolation::Bubblewrap {
        let Some(bwrap) = bubblewrap() else {
            return Err(std::io::Error::other(NO_ISOLATION));
        };
        let mut command = Command::new(bwrap);
        command.args(bubblewrap_arguments(jail));
        let mut keep = Vec::new();
        for (filter, &descriptor) in filters.iter().zip(&FILTER_FDS) {
            keep.push((filter_pipe(filter)?, descriptor));
            command.arg("--add-seccomp-fd").arg(descriptor.to_string());
        }
        command.arg("--").arg(program).args(args);
        command.env_clear();
        return Ok(Prepared {
            command,
            landlock: None,
            filters: Vec::new(),
            keep,
            bubblewrap: true,
        });
    }
    std::fs::create_dir_all(&working)?;
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(&working)
        .env_clear()
        .env("PATH", PATH_VALUE)
        .envs(jail.env.iter().map(|(name, value)| (name, value)));
    if jail.role == Role::Compiler {
        command.env("TMPDIR", &working);
    }
    let landlock = match isolation {
        Isolation::Landlock => Some(landlock_domain(jail, &working)?),
        _ => None,
    };
    Ok(Prepared {
        command,
        landlock,
        filters,
        keep: Vec::new(),
        bubblewrap: false,
    })
}

/// bubblewrap's arguments for `jail`, up to the command.
fn bubblewrap_arguments(jail: &Jail<'_>) -> Vec<OsString> {
    let mut words: Vec<OsString> = Vec::new();
    let mut push = |items: &[&OsStr]| words.extend(items.iter().map(|item| item.to_os_string()));
    push(&[
        "--unshare-all".as_ref(),
        "--die-with-parent".as_ref(),
        "--new-session".as_ref(),
    ]);
    for system in SYSTEM {
        let path = Path::new(system);
        match std::fs::symlink_metadata(path) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(path) {
                    push(&["--symlink".as_ref(), target.as_os_str(), path.as_os_str()]);
                }
            }
            Ok(_) => push(&["--ro-bind".as_ref(), path.as_os_str(), path.as_os_str()]),
            Err(_) => {}
        }
    }
    push(&[
        "--proc".as_ref(),
        "/proc".as_ref(),
        "--dev".as_ref(),
        "/dev".as_ref(),
    ]);
    for (tmp, size) in [("/tmp", PRIVATE_TMP_SIZE), ("/dev/shm", PRIVATE_SHM_SIZE)] {
        let size = size.to_string();
        push(&[
            "--size".as_ref(),
            size.as_ref(),
            "--tmpfs".as_ref(),
            tmp.as_ref(),
        ]);
    }
    for folder in &jail.read {
        push(&["--ro-bind".as_ref(), folder.as_os_str(), folder.as_os_str()]);
    }
    let folder = jail.folder.as_os_str();
    match jail.role {
        Role::Compiler => push(&[
            "--bind".as_ref(),
            folder,
            folder,
            "--chdir".as_ref(),
            folder,
            "--setenv".as_ref(),
            "TMPDIR".as_ref(),
            "/tmp".as_ref(),
        ]),
        Role::Program => push(&[
            "--ro-bind".as_ref(),
            folder,
            folder,
            "--chdir".as_ref(),
            "/tmp".as_ref(),
        ]),
    }
    push(&[
        "--clearenv".as_ref(),
        "--setenv".as_ref(),
        "PATH".as_ref(),
        PATH_VALUE.as_ref(),
    ]);
    for (name, value) in &jail.env {
        push(&["--setenv".as_ref(), name, value]);
    }
    words
}

/// bubblewrap, if it is on the `PATH` and makes a jail here (tried once).
fn bubblewrap() -> Option<&'static Path> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let bwrap = find_on_path("bwrap")?;
            let truth = ["/usr/bin/true", "/bin/true"]
                .into_iter()
                .find(|path| Path::new(path).is_file())?;
            let jail = Jail {
                role: Role::Program,
                folder: Path::new("/"),
                read: Vec::new(),
                env: Vec::new(),
            };
            let works = Command::new(&bwrap)
                .args(bubblewrap_arguments(&jail))
                .arg("--")
                .arg(truth)
                .env_clear()
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|status| status.success());
            works.then_some(bwrap)
        })
        .as_deref()
}

/// `name` found in a folder of the `PATH`.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether this kernel has landlock with its scopes (signals and abstract
/// sockets confined to the domain: ABI 6).
fn landlock_works() -> bool {
    use landlock::{Access, AccessFs, Compatible, Ruleset, RulesetAttr, Scope, ABI};
    Ruleset::default()
        .set_compatibility(landlock::CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V1))
        .and_then(|ruleset| ruleset.scope(Scope::Signal | Scope::AbstractUnixSocket))
        .and_then(|ruleset| ruleset.create())
        .is_ok()
}

/// The landlock domain of `jail`, as a ruleset descriptor to enter between
/// fork and exec: reading (and running) the system folders, the extra
/// folders and the judge's folder; writing only `working`; no TCP; no
/// signal or abstract socket outside the domain.
fn landlock_domain(jail: &Jail<'_>, working: &Path) -> std::io::Result<OwnedFd> {
    use landlock::{
        path_beneath_rules, Access, AccessFs, AccessNet, Compatible, Ruleset, RulesetAttr,
        RulesetCreatedAttr, Scope, ABI,
    };
    let abi = ABI::V6;
    let failed = |error: landlock::RulesetError| std::io::Error::other(error.to_string());
    let read = AccessFs::from_read(abi);
    let mut readable: Vec<PathBuf> = SYSTEM
        .iter()
        .map(PathBuf::from)
        .filter(|path| path.exists())
        .collect();
    readable.extend(jail.read.iter().cloned());
    readable.push(jail.folder.to_path_buf());
    let mut writable = vec![working.to_path_buf()];
    if jail.role == Role::Compiler {
        // The linker and the compiler write their scratch files to
        // /dev/null.
        writable.push(PathBuf::from("/dev/null"));
    }
    let ruleset = Ruleset::default()
        .set_compatibility(landlock::CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(abi))
        .and_then(|ruleset| ruleset.handle_access(AccessNet::from_all(abi)))
        .and_then(|ruleset| ruleset.scope(Scope::Signal | Scope::AbstractUnixSocket))
        .and_then(|ruleset| ruleset.create())
        .and_then(|ruleset| ruleset.add_rules(path_beneath_rules(&readable, read)))
        .and_then(|ruleset| {
            ruleset.add_rules(path_beneath_rules(&writable, AccessFs::from_all(abi)))
        })
        .map_err(failed)?;
    let descriptor: Option<OwnedFd> = ruleset.into();
    descriptor.ok_or_else(|| std::io::Error::other("landlock is not supported here"))
}

/// Enters the landlock domain `ruleset` (between fork and exec; raw calls
/// only).
///
/// # Safety
/// Async-signal-safe: two system calls on a descriptor.
pub unsafe fn enter_landlock(ruleset: RawFd) -> bool {
    // SAFETY: prctl and the landlock system call read only their arguments.
    unsafe {
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
            && libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0) == 0
    }
}

/// The seccomp filters of a program: the refused calls fail with `EPERM`,
/// and `clone3` with `ENOSYS` (so that the C library makes threads with
/// `clone`, whose flags the first filter can read).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn filters() -> std::io::Result<Vec<seccompiler::BpfProgram>> {
    use seccompiler::{
        SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
    };
    use std::collections::BTreeMap;
    let failed = |error: seccompiler::BackendError| std::io::Error::other(error.to_string());
    let arch = std::env::consts::ARCH
        .try_into()
        .map_err(|_| std::io::Error::other("no seccomp filter for this architecture"))?;
    let when = |argument: u8, mask: u64, value: u64| {
        SeccompCondition::new(
            argument,
            SeccompCmpArgLen::Qword,
            SeccompCmpOp::MaskedEq(mask),
            value,
        )
        .and_then(|condition| SeccompRule::new(vec![condition]))
    };
    let mut refused: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    // A clone without CLONE_THREAD makes a process.
    refused.insert(
        libc::SYS_clone,
        vec![when(0, libc::CLONE_THREAD as u64, 0).map_err(failed)?],
    );
    refused.insert(
        libc::SYS_ioctl,
        vec![
            when(1, 0xffff_ffff, libc::TIOCSTI).map_err(failed)?,
            when(1, 0xffff_ffff, libc::TIOCLINUX).map_err(failed)?,
        ],
    );
    #[cfg(target_arch = "x86_64")]
    for call in [libc::SYS_fork, libc::SYS_vfork] {
        refused.insert(call, Vec::new());
    }
    for call in [
        libc::SYS_ptrace,
        libc::SYS_process_vm_writev,
        libc::SYS_process_vm_readv,
        libc::SYS_socket,
        libc::SYS_socketpair,
        libc::SYS_memfd_create,
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_userfaultfd,
        libc::SYS_io_uring_setup,
    ] {
        refused.insert(call, Vec::new());
    }
    let refuse = SeccompFilter::new(
        refused,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(failed)?;
    let absent = SeccompFilter::new(
        [(libc::SYS_clone3, Vec::new())].into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .map_err(failed)?;
    let compile = |filter: SeccompFilter| {
        seccompiler::BpfProgram::try_from(filter)
            .map_err(|error| std::io::Error::other(error.to_string()))
    };
    Ok(vec![compile(refuse)?, compile(absent)?])
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn filters() -> std::io::Result<Vec<seccompiler::BpfProgram>> {
    Err(std::io::Error::other(
        "the judge has no seccomp filter for this architecture",
    ))
}

/// A pipe holding `filter`'s instructions, its reading end returned (for
/// bubblewrap's `--add-seccomp-fd`).
fn filter_pipe(filter: &seccompiler::BpfProgram) -> std::io::Result<OwnedFd> {
    use std::io::Write;
    let bytes: Vec<u8> = filter
        .iter()
        .flat_map(|instruction| {
            let mut bytes = Vec::with_capacity(8);
            bytes.extend_from_slice(&instruction.code.to_ne_bytes());
            bytes.push(instruction.jt);
            bytes.push(instruction.jf);
            bytes.extend_from_slice(&instruction.k.to_ne_bytes());
            bytes
        })
        .collect();
    let (reader, writer) = pipe()?;
    // A filter is a few hundred bytes: far less than a pipe holds.
    let mut writer = std::fs::File::from(writer);
    writer.write_all(&bytes)?;
    drop(writer);
    Ok(reader)
}

/// A pipe, both ends closed on exec: (the end to read, the end to write).
pub fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    use std::os::fd::FromRawFd;
    let mut ends = [0 as libc::c_int; 2];
    // SAFETY: pipe2 writes two descriptors into the array it is given.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and owned by nothing else.
    Ok(unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) })
}

/// Loads the seccomp `filters` (between fork and exec).
pub fn load_filters(filters: &[seccompiler::BpfProgram]) -> bool {
    filters
        .iter()
        .all(|filter| seccompiler::apply_filter(filter).is_ok())
}

/// The raw descriptor of an owned one.
pub fn raw(descriptor: &OwnedFd) -> RawFd {
    descriptor.as_raw_fd()
}
