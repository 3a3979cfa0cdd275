//! `sudoku37 practice`: the ladder of exercises (`list`), a stub to start
//! from (`start`), a check that runs the stages smallest first and explains
//! the first failure (`check`, or `watch` to check again on every save), and
//! hints one level at a time (`hint`).
//!
//! The learner's files live in a folder git ignores (`practice/mine/` by
//! default, or `$SUDOKU37_PRACTICE_DIR`, or `--dir`), with a small state
//! file beside them. The check itself is the library's
//! ([`sudoku37_tool::practice::check`]); here are the options and the printing.
//!
//! One file per part: `ladder.rs` lists the ladder and starts an exercise,
//! `hints.rs` gives the hints, and `check.rs` finds the file to check and
//! prints the check's report, once or on every save.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use sudoku37_tool::practice::Folder;

mod check;
mod hints;
mod ladder;

/// Options of `practice`.
#[derive(Debug, Clone, Args)]
pub struct PracticeArgs {
    #[command(subcommand)]
    action: Option<PracticeCommand>,
    /// The folder of your exercises and progress (default: $SUDOKU37_PRACTICE_DIR,
    /// or practice/mine, which git ignores).
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Subcommand)]
enum PracticeCommand {
    /// The ladder of exercises, in learning order, with your status (the
    /// default).
    List,
    /// Write the stub of an exercise into your folder (never overwrites).
    Start(ladder::StartArgs),
    /// Check your exercise: compile, then its own cases, LeetCode's example,
    /// graded easy, hard and extreme, stopping at the first failure with a
    /// hint.
    Check(check::CheckArgs),
    /// Check your exercise, then check it again each time you save it
    /// (Ctrl-C ends); the same options as `check`.
    Watch(check::CheckArgs),
    /// The next hint for an exercise: the concept, then the suspicious
    /// pattern, then the note's section.
    Hint(hints::HintArgs),
}

/// Runs `practice`.
pub fn run(arguments: &PracticeArgs) -> ExitCode {
    let folder = Folder::locate(arguments.dir.as_deref());
    match &arguments.action {
        None | Some(PracticeCommand::List) => ladder::list(&folder),
        Some(PracticeCommand::Start(options)) => ladder::start(&folder, options),
        Some(PracticeCommand::Check(options)) => check::check(&folder, options),
        Some(PracticeCommand::Watch(options)) => check::watch(&folder, options),
        Some(PracticeCommand::Hint(options)) => hints::hint(&folder, options),
    }
}
