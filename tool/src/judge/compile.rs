//! Compiling a learner's file: `rustc -O -C codegen-units=1` in a temporary folder, on the
//! driver that includes the file, within the compiler's time and memory
//! limits ([`Sandbox`]), and rustc's diagnostics said in the learner's terms
//! (never the driver's lines).

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::driver::{driver, Entry, Hooks, DRIVER_FILE};
use super::reply::describe_status;
use super::source::included_code;
use crate::files::format_size;
use crate::runner::{self, Jail, Limits, Role, TempFolder};

/// The optimisation the judge compiles with, as rustc's arguments: `-O`, as
/// a release build, in one codegen unit. rustc's default splits even a small
/// crate into up to sixteen units and joins them again with ThinLTO, which
/// spends more CPU than compiling the learner's one small file as a whole.
pub const OPTIMISATION: [&str; 3] = ["-O", "-C", "codegen-units=1"];

/// [`OPTIMISATION`] as a report shows it: `-O -C codegen-units=1`.
pub fn optimisation_shown() -> String {
    OPTIMISATION.join(" ")
}

/// The judge's temporary folder: the source and the compiled program.
pub type Workspace = TempFolder;

/// Makes the judge's temporary folder.
pub fn workspace() -> io::Result<Workspace> {
    TempFolder::new("sudoku37-judge-")
}

/// The limits the compiler and the program run under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sandbox {
    /// The program's memory: its address space, in bytes.
    pub memory: u64,
    /// The compiler's time.
    pub compile_time: Duration,
    /// The compiler's memory: its heap, in bytes.
    pub compile_memory: u64,
    /// Run even where no jail isolates the program (`--weak-sandbox`):
    /// see [`crate::runner::jail`].
    pub weak: bool,
}

impl Default for Sandbox {
    fn default() -> Sandbox {
        Sandbox {
            memory: runner::DEFAULT_MEMORY,
            compile_time: DEFAULT_COMPILE_TIME,
            compile_memory: DEFAULT_COMPILE_MEMORY,
            weak: false,
        }
    }
}

/// How long the compiler may take by default: a solution compiles in a
/// second or two.
pub const DEFAULT_COMPILE_TIME: Duration = Duration::from_secs(60);

/// How much heap the compiler may take by default: it needs a few hundred
/// MiB for a solution.
pub const DEFAULT_COMPILE_MEMORY: u64 = 2048 * 1024 * 1024;

/// How to compile a solution.
#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// The compiler: `$RUSTC`, or `rustc` on the `PATH`.
    pub rustc: PathBuf,
    /// `2021` or `2024`.
    pub edition: String,
    /// Colour rustc's diagnostics.
    pub colour: bool,
    /// The limits of the compiler, and of the program it makes.
    pub sandbox: Sandbox,
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
    /// rustc was stopped at its time limit (the code's fault: a `const`
    /// evaluation that never ends, say).
    #[error(
        "rustc was stopped at its time limit of {} (--compile-time-limit), so the code did not compile",
        crate::measure::format_seconds(*limit)
    )]
    TimeLimit { limit: Duration },
    /// rustc ran out of the memory it is given; what it said.
    #[error(
        "rustc ran out of its memory limit of {} (--compile-memory-limit), so the code did not compile",
        format_size(*limit)
    )]
    MemoryLimit { limit: u64, diagnostics: String },
    /// The compiler failed: it died, or ended with an error and no
    /// diagnostic (not the code's fault, so no Compile Error).
    #[error("the compiler {rustc} failed: it {how}{}", said(diagnostics))]
    CompilerFailed {
        rustc: String,
        how: String,
        diagnostics: String,
    },
    /// No jail isolates a program on this machine, and the user did not
    /// accept the weaker mode.
    #[error("{0}")]
    NoIsolation(String),
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

impl CompileFailure {
    /// The text of a failure that is the code's own, a Compile Error (rustc's
    /// diagnostics, or which limit stopped it); `None` for the others, which
    /// are errors of the tool or the machine.
    pub fn compile_error(&self) -> Option<String> {
        match self {
            CompileFailure::Rejected(diagnostics) => Some(diagnostics.clone()),
            CompileFailure::TimeLimit { .. } => Some(format!("{self}.\n")),
            CompileFailure::MemoryLimit { diagnostics, .. } => {
                Some(format!("{self}; it said:\n\n{diagnostics}"))
            }
            _ => None,
        }
    }
}

/// `, and said: ...` for a compiler's last words, or `, and said nothing`.
fn said(diagnostics: &str) -> String {
    let text = diagnostics.trim();
    if text.is_empty() {
        ", and said nothing".to_string()
    } else {
        let last: Vec<&str> = text.lines().rev().take(5).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        format!(", and said: {}", last.join(" / "))
    }
}

/// Whether an allocation failed in a process that wrote `stderr`: Rust's
/// allocator says so before it aborts, and LLVM says "out of memory".
pub(super) fn ran_out_of_memory(stderr: &str) -> bool {
    (stderr.contains("memory allocation of") && stderr.contains("failed"))
        || stderr.contains("out of memory")
        || stderr.contains("Cannot allocate memory")
}

/// Compiles `user_code` with `rustc -O -C codegen-units=1` in `workspace`: the code (unchanged
/// but for its leading inner attributes, blanked in place: see
/// [`included_code`]) in a file named `file_name` (so that diagnostics name
/// the user's file and lines), included by the driver for `entry` in a file of its own. Returns
/// the path of the program.
pub fn compile(
    user_code: &str,
    file_name: &str,
    entry: Entry,
    hooks: Hooks,
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
    write(DRIVER_FILE, &driver(entry, file_name, user_code, hooks))?;
    let binary = workspace.path().join("solution-program");
    let colour = if options.colour { "always" } else { "never" };
    let rustc = options.rustc.to_string_lossy().into_owned();
    let isolation =
        runner::isolation_for(options.sandbox.weak).map_err(CompileFailure::NoIsolation)?;
    let (compiler, toolchain) =
        jailed_compiler(&options.rustc).map_err(|source| CompileFailure::NoCompiler {
            rustc: rustc.clone(),
            source,
        })?;
    let limits = Limits {
        data: Some(options.sandbox.compile_memory),
        file_size: Some(COMPILED_FILE_SIZE),
        ..Limits::default()
    };
    let jail = Jail {
        role: Role::Compiler,
        folder: workspace.path(),
        read: vec![toolchain],
        env: Vec::new(),
    };
    let arguments: Vec<OsString> = ["--edition", &options.edition]
        .into_iter()
        .chain(OPTIMISATION)
        .chain(["--color", colour, "--crate-name", "solution", "-o"])
        .map(OsString::from)
        .chain([
            binary.clone().into_os_string(),
            // `./-fast.rs`, not `-fast.rs`: a name is never read as an option.
            runner::safe_path_argument(Path::new(DRIVER_FILE)).into_os_string(),
        ])
        .collect();
    let finished = runner::output_within(
        &compiler,
        &arguments,
        &jail,
        isolation,
        limits,
        options.sandbox.compile_time,
        DIAGNOSTICS_KEPT,
    )
    .map_err(|source| CompileFailure::NoCompiler {
        rustc: rustc.clone(),
        source,
    })?;
    let diagnostics = String::from_utf8_lossy(&finished.stderr).into_owned();
    let Some(status) = finished.status else {
        return Err(CompileFailure::TimeLimit {
            limit: options.sandbox.compile_time,
        });
    };
    if status.success() {
        return Ok(binary);
    }
    if ran_out_of_memory(&diagnostics) {
        return Err(CompileFailure::MemoryLimit {
            limit: options.sandbox.compile_memory,
            diagnostics: hide_driver_notes(&diagnostics),
        });
    }
    // rustc ends with status 1 when the code has errors, and says them.
    if status.code() == Some(1) && diagnostics.contains("error") {
        return Err(CompileFailure::Rejected(hide_driver_notes(&diagnostics)));
    }
    Err(CompileFailure::CompilerFailed {
        rustc,
        how: describe_status(&status),
        diagnostics,
    })
}

/// The compiler to run in the jail, and the folder it reads its toolchain
/// from. A rustup proxy (`rustc` in `~/.cargo/bin`) needs the user's home
/// and environment, which the jail does not give: the toolchain's own
/// `rustc` is run instead, found from `--print sysroot` (asked outside the
/// jail: it reads none of the learner's code). A compiler that cannot say
/// its sysroot is run as it is, reading its own folder.
fn jailed_compiler(rustc: &Path) -> io::Result<(PathBuf, PathBuf)> {
    let found = if rustc.components().count() > 1 {
        rustc.to_path_buf()
    } else {
        runner::jail::find_on_path(&rustc.to_string_lossy())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not found on the PATH"))?
    };
    let found = std::path::absolute(&found)?;
    if !found.is_file() {
        return Err(io::Error::new(io::ErrorKind::NotFound, "no such file"));
    }
    static SYSROOTS: std::sync::Mutex<Vec<(PathBuf, Option<PathBuf>)>> =
        std::sync::Mutex::new(Vec::new());
    let known = SYSROOTS
        .lock()
        .ok()
        .and_then(|known| known.iter().find(|(path, _)| *path == found).cloned());
    let sysroot = match known {
        Some((_, sysroot)) => sysroot,
        None => {
            let sysroot = runner::output_of_trusted(&found, &["--print", "sysroot"])
                .map(|text| PathBuf::from(text.trim()))
                .filter(|sysroot| sysroot.is_absolute() && sysroot.join("bin/rustc").is_file());
            if let Ok(mut known) = SYSROOTS.lock() {
                known.push((found.clone(), sysroot.clone()));
            }
            sysroot
        }
    };
    Ok(match sysroot {
        Some(sysroot) => (sysroot.join("bin/rustc"), sysroot),
        None => {
            let folder = found
                .parent()
                .map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
            (found, folder)
        }
    })
}

/// The most of rustc's diagnostics kept.
const DIAGNOSTICS_KEPT: usize = 1024 * 1024;

/// The largest file the compiler may write: the program is a few MiB.
const COMPILED_FILE_SIZE: u64 = 512 * 1024 * 1024;

/// rustc's diagnostics in the user's terms: every line names the user's
/// file, never the driver's. An error whose place is in the driver (it
/// calls a function the file does not define) is said as what the file
/// lacks; notes that point into the driver (such as "`fil` not found for
/// this struct" at the `struct Solution;` it adds) are left out.
fn hide_driver_notes(diagnostics: &str) -> String {
    let mut text = String::new();
    for block in diagnostic_blocks(diagnostics) {
        let plain = strip_colour(block);
        let at_driver = plain
            .lines()
            .find(|line| line.trim_start().starts_with("-->"))
            .is_some_and(|line| line.contains(DRIVER_FILE));
        if at_driver {
            text.push_str(&said_in_the_user_s_terms(&plain));
        } else {
            text.push_str(&without_driver_notes(block));
        }
    }
    text
}

/// The diagnostics cut before each line that starts a message (`error`,
/// `warning`, at the start of a line), each piece with its line breaks.
fn diagnostic_blocks(diagnostics: &str) -> Vec<&str> {
    let mut blocks = Vec::new();
    let mut start = 0;
    let mut offset = 0;
    for line in diagnostics.split_inclusive('\n') {
        let plain = strip_colour(line);
        if offset > start && (plain.starts_with("error") || plain.starts_with("warning")) {
            blocks.push(&diagnostics[start..offset]);
            start = offset;
        }
        offset += line.len();
    }
    if start < diagnostics.len() {
        blocks.push(&diagnostics[start..]);
    }
    blocks
}

/// `text` without its colour sequences (`ESC [ ... m`).
fn strip_colour(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut characters = text.chars().peekable();
    while let Some(character) = characters.next() {
        if character == '\u{1b}' && characters.peek() == Some(&'[') {
            for next in characters.by_ref() {
                if next.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(character);
        }
    }
    plain
}

/// An error rustc placed in the driver, said as what the user's file lacks.
fn said_in_the_user_s_terms(block: &str) -> String {
    let first = block.lines().next().unwrap_or("").trim();
    let missing = first
        .split_once("no function or associated item named `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(name, _)| name);
    let mut text = match missing {
        Some(name) => format!(
            "error: your file has no `pub fn {name}` inside `impl Solution`: the judge calls \
             `Solution::{name}`, as LeetCode does\n"
        ),
        None => format!(
            "{first}\n  (rustc found this where the judge calls your code: your file lacks \
             what LeetCode's template has)\n"
        ),
    };
    // rustc's hint of a near name: a typo, most likely.
    if let Some(similar) = block
        .lines()
        .find_map(|line| line.split_once("there is an associated function `"))
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(name, _)| name)
    {
        text.push_str(&format!(
            "  note: your file has `{similar}`, a similar name: a typo?\n"
        ));
    }
    text.push('\n');
    text
}

/// One diagnostic without the notes that point into the driver's file: a
/// `::: DRIVER_FILE` block and its source lines.
fn without_driver_notes(diagnostics: &str) -> String {
    let mut kept = Vec::new();
    let mut skipping = false;
    for line in diagnostics.lines() {
        let plain = strip_colour(line);
        let trimmed = plain.trim();
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
            if trimmed == "|"
                && kept
                    .last()
                    .is_some_and(|last: &String| strip_colour(last).trim() == "|")
            {
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
