//! `practice list` and `practice start`: the ladder with the learner's
//! status on each exercise, and the stub of an exercise written into their
//! folder.

use std::process::ExitCode;

use clap::Args;

use sudoku37_tool::files;
use sudoku37_tool::practice::{self, ladder, Folder, Found};

use crate::cli::error::{fail, CliError};
use crate::cli::flags::Lang;
use crate::cli::output::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct StartArgs {
    /// The exercise (see `sudoku37 practice list`).
    name: String,
    /// The language of the stub's comments (remembered for the next
    /// commands; without it, the one remembered, or English).
    #[arg(long, value_enum)]
    lang: Option<Lang>,
}

pub(super) fn list(folder: &Folder) -> ExitCode {
    let state = match folder.read_state() {
        Ok(state) => state,
        Err(error) => return fail(&error.into()),
    };
    let width = ladder()
        .iter()
        .map(|exercise| exercise.name.len())
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "The practice ladder, in learning order (your files: {}{}):\n\n",
        folder,
        where_found(folder)
    );
    let mut next = None;
    for (number, exercise) in ladder().iter().enumerate() {
        let file = folder.exercise_file(exercise);
        let started = file.exists();
        let status = if state.passed.contains(exercise.name) {
            "passed"
        } else if started && !matches!(files::not_regular(&file), Ok(None)) {
            "not a regular file"
        } else if started {
            "started"
        } else {
            "-"
        };
        if next.is_none() && status != "passed" {
            next = Some((exercise, started));
        }
        text.push_str(&format!(
            "{:>3}. {:<width$}  {status:<7}  {}\n",
            number + 1,
            exercise.name,
            exercise.title
        ));
    }
    text.push('\n');
    match next {
        Some((exercise, false)) => text.push_str(&format!(
            "Next: sudoku37 practice start {} (add --lang zh for Chinese comments)\n",
            exercise.name
        )),
        Some((exercise, true)) => text.push_str(&format!(
            "Next: edit {}, then sudoku37 practice check {}\n",
            files::shown(&folder.exercise_file(exercise)),
            exercise.name
        )),
        None => text.push_str("Every exercise passed. Try them in LeetCode: sudoku37 paste NAME shows the repository's own.\n"),
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}

pub(super) fn start(folder: &Folder, options: &StartArgs) -> ExitCode {
    let exercise = match practice::find_exercise(&options.name) {
        Ok(exercise) => exercise,
        Err(error) => return fail(&error.into()),
    };
    let path = folder.exercise_file(exercise);
    if path.exists() {
        return fail(&CliError::ExerciseExists {
            path: path.display().to_string(),
            name: exercise.name,
        });
    }
    let given = options.lang.map(Lang::language);
    let language = match folder.read_state() {
        Ok(state) => practice::language_of(given, &state),
        Err(error) => return fail(&error.into()),
    };
    // Whole or not at all, and a file made since the test above is kept.
    let written = std::fs::create_dir_all(&folder.path).and_then(|()| {
        files::write_new(&path, practice::render_stub(exercise, language).as_bytes())
    });
    if let Err(source) = written {
        return fail(&CliError::Unwritable {
            path: path.display().to_string(),
            source,
        });
    }
    if let Some(language) = given {
        if let Err(error) = folder.update_state(|state| {
            state.lang = Some(language.code().to_string());
        }) {
            say!("note: {}", CliError::from(error));
        }
    }
    let mut out = Output::stdout();
    let text = format!(
        "Wrote {}{}: {}.\nFill in the todo!()s, then: sudoku37 practice check {}\nStuck? sudoku37 practice hint {}   (the idea: {})\n",
        files::shown(&path),
        where_found(folder),
        exercise.title,
        exercise.name,
        exercise.name,
        exercise.note
    );
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}

/// How the folder was found, when that is worth a word: outside a checkout
/// of this repository, the notes the hints name are not beside it.
fn where_found(folder: &Folder) -> &'static str {
    match folder.found {
        Found::Here => {
            " (no checkout of sudoku37 holds this folder, so the notes the hints name are not here; \
             give --dir or run it inside the checkout)"
        }
        _ => "",
    }
}
