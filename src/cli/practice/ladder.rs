//! `practice list` and `practice start`: the ladder with the learner's
//! status on each rung, and the stub of a rung written into their folder.

use std::path::Path;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use sudoku37::practice::{self, Language, LADDER};

use super::{exercise_named, read_state};
use crate::cli::error::{fail, CliError};
use crate::cli::{finish, Output, Status};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Lang {
    En,
    Zh,
}

#[derive(Debug, Clone, Args)]
pub(super) struct StartArgs {
    /// The exercise (see `sudoku37 practice list`).
    name: String,
    /// The language of the stub's comments.
    #[arg(long, value_enum, default_value = "en")]
    lang: Lang,
}

pub(super) fn list(dir: &Path) -> ExitCode {
    let state = read_state(dir);
    let width = LADDER
        .iter()
        .map(|exercise| exercise.name.len())
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "The practice ladder, in learning order (your files: {}):\n\n",
        dir.display()
    );
    let mut next = None;
    for (number, exercise) in LADDER.iter().enumerate() {
        let started = dir.join(format!("{}.rs", exercise.name)).exists();
        let status = if state.passed.contains(exercise.name) {
            "passed"
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
            dir.join(format!("{}.rs", exercise.name)).display(),
            exercise.name
        )),
        None => text.push_str("Every rung passed. Try them in LeetCode: sudoku37 paste NAME shows the repository's own.\n"),
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}

pub(super) fn start(dir: &Path, options: &StartArgs) -> ExitCode {
    let exercise = match exercise_named(&options.name) {
        Ok(exercise) => exercise,
        Err(error) => return fail(&error),
    };
    let path = dir.join(format!("{}.rs", exercise.name));
    if path.exists() {
        return fail(&CliError::ExerciseExists {
            path: path.display().to_string(),
            name: exercise.name,
        });
    }
    let language = match options.lang {
        Lang::En => Language::English,
        Lang::Zh => Language::Chinese,
    };
    let written = std::fs::create_dir_all(dir).and_then(|()| {
        // `create_new`: a file made between the test above and now is kept.
        use std::io::Write;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| {
                file.write_all(practice::render_stub(exercise, language).as_bytes())
            })
    });
    if let Err(source) = written {
        return fail(&CliError::Unwritable {
            path: path.display().to_string(),
            source,
        });
    }
    let mut out = Output::stdout();
    let text = format!(
        "Wrote {}: {}.\nFill in the todo!()s, then: sudoku37 practice check {}\nStuck? sudoku37 practice hint {}   (the idea: {})\n",
        path.display(),
        exercise.title,
        exercise.name,
        exercise.name,
        exercise.note
    );
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}
