//! `practice hint`: one more hint each time, the concept, then the
//! suspicious pattern, then the note's section; the level is remembered in
//! the state file.

use std::path::Path;
use std::process::ExitCode;

use clap::Args;

use super::{exercise_named, read_state, write_state};
use crate::cli::error::fail;
use crate::cli::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct HintArgs {
    /// The exercise.
    name: String,
}

pub(super) fn hint(dir: &Path, options: &HintArgs) -> ExitCode {
    let exercise = match exercise_named(&options.name) {
        Ok(exercise) => exercise,
        Err(error) => return fail(&error),
    };
    let mut state = read_state(dir);
    let level = state
        .hints
        .get(exercise.name)
        .copied()
        .unwrap_or(0)
        .saturating_add(1)
        .min(3);
    state.hints.insert(exercise.name.to_string(), level);
    let labels = ["the concept", "the suspicious pattern", "the note"];
    let mut text = format!("Hints for {} ({} of 3):\n", exercise.name, level);
    for (index, hint) in exercise.hints.iter().enumerate().take(usize::from(level)) {
        text.push_str(&format!("  {}. {}: {hint}\n", index + 1, labels[index]));
    }
    if level < 3 {
        text.push_str(&format!(
            "Run `sudoku37 practice hint {}` again for the next one.\n",
            exercise.name
        ));
    }
    if let Err(error) = write_state(dir, &state) {
        say!("note: {error}");
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}
