//! `practice hint`: one more hint each time, the concept, then the
//! suspicious pattern, then the note's section; the level is remembered in
//! the state file.

use std::process::ExitCode;

use clap::Args;

use sudoku37::practice::{self, Folder, State};

use crate::cli::error::{fail, CliError};
use crate::cli::output::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct HintArgs {
    /// The exercise.
    name: String,
}

pub(super) fn hint(folder: &Folder, options: &HintArgs) -> ExitCode {
    let exercise = match practice::find_exercise(&options.name) {
        Ok(exercise) => exercise,
        Err(error) => return fail(&error.into()),
    };
    let next_level = |state: &State| {
        state
            .hints
            .get(exercise.name)
            .copied()
            .unwrap_or(0)
            .saturating_add(1)
            .min(3)
    };
    // The level is kept only if the progress file takes it; otherwise the
    // next run shows the same hint again, and this one says so.
    let (level, kept) = match folder.update_state(|state| {
        let level = next_level(state);
        state.hints.insert(exercise.name.to_string(), level);
    }) {
        Ok(state) => (state.hints.get(exercise.name).copied().unwrap_or(1), Ok(())),
        Err(error) => match folder.read_state() {
            Ok(state) => (next_level(&state), Err(error)),
            Err(_) => return fail(&error.into()),
        },
    };
    let labels = ["the concept", "the suspicious pattern", "the note"];
    let mut text = format!("Hints for {} ({} of 3):\n", exercise.name, level);
    for (index, hint) in exercise.hints.iter().enumerate().take(usize::from(level)) {
        text.push_str(&format!("  {}. {}: {hint}\n", index + 1, labels[index]));
    }
    if level < 3 && kept.is_ok() {
        text.push_str(&format!(
            "Run `sudoku37 practice hint {}` again for the next one.\n",
            exercise.name
        ));
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    match kept {
        Ok(()) => finish(Status::Ok, written),
        Err(error) => {
            let error = CliError::from(error);
            say!("error: {error} (so the next hint cannot be shown next time)");
            finish(error.status(), written)
        }
    }
}
