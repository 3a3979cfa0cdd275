//! `sudoku37 practice`: the ladder of exercises (`list`), a stub to start
//! from (`start`), a check that runs the stages smallest first and explains
//! the first failure (`check`), and hints one level at a time (`hint`).
//!
//! The learner's files live in a folder git ignores (`practice/mine/` by
//! default, or `$SUDOKU37_PRACTICE_DIR`, or `--dir`), with a small state
//! file beside them. Compiling and running the learner's code goes through
//! the judge's driver and program runner (`judge/program.rs`, on the one
//! process runner); the reference runs in this process, on the same cases, in
//! the same run, and sets the time and node limits.
//!
//! One file per part: `ladder.rs` lists the ladder and starts a rung,
//! `hints.rs` gives the hints, `check.rs` runs a check stage by stage and
//! writes its report, `case.rs` judges what the program answered to one case,
//! and `race.rs` writes the page of `check --html`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};

use sudoku37::practice::{self, Exercise, State, LADDER};

use super::error::CliError;

mod case;
mod check;
mod hints;
mod ladder;
mod race;

/// The learner's folder when neither `--dir` nor the variable names one.
const DEFAULT_DIR: &str = "practice/mine";

/// The state file in the learner's folder.
const STATE_FILE: &str = "progress.txt";

/// Options of `practice`.
#[derive(Debug, Clone, Args)]
pub struct PracticeArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// The folder of your exercises and progress (default: $SUDOKU37_PRACTICE_DIR,
    /// or practice/mine, which git ignores).
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Subcommand)]
enum Action {
    /// The ladder of exercises, in learning order, with your status (the
    /// default).
    List,
    /// Write the stub of an exercise into your folder (never overwrites).
    Start(ladder::StartArgs),
    /// Check your exercise: compile, then its own cases, LeetCode's example,
    /// graded easy, hard and extreme, stopping at the first failure with a
    /// hint.
    Check(check::CheckArgs),
    /// The next hint for an exercise: the concept, then the suspicious
    /// pattern, then the note's section.
    Hint(hints::HintArgs),
}

/// Runs `practice`.
pub fn run(arguments: &PracticeArgs) -> ExitCode {
    let dir = practice_dir(arguments.dir.as_deref());
    match &arguments.action {
        None | Some(Action::List) => ladder::list(&dir),
        Some(Action::Start(options)) => ladder::start(&dir, options),
        Some(Action::Check(options)) => check::check(&dir, options),
        Some(Action::Hint(options)) => hints::hint(&dir, options),
    }
}

fn practice_dir(given: Option<&Path>) -> PathBuf {
    if let Some(dir) = given {
        return dir.to_path_buf();
    }
    match std::env::var_os(practice::DIR_ENV_NAME) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(DEFAULT_DIR),
    }
}

fn read_state(dir: &Path) -> State {
    std::fs::read_to_string(dir.join(STATE_FILE))
        .map(|text| State::parse(&text))
        .unwrap_or_default()
}

fn write_state(dir: &Path, state: &State) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(dir.join(STATE_FILE), state.to_text()))
        .map_err(|source| CliError::Unwritable {
            path: dir.join(STATE_FILE).display().to_string(),
            source,
        })
}

/// The exercise named `name`, or an error listing the names.
fn exercise_named(name: &str) -> Result<&'static Exercise, CliError> {
    practice::find(name).ok_or_else(|| {
        let names: Vec<&str> = LADDER.iter().map(|exercise| exercise.name).collect();
        CliError::NoExercise {
            name: name.to_string(),
            ladder: names.join(", "),
        }
    })
}
