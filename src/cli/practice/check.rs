//! `practice check`: which exercise a file is, and the check's report
//! printed (the check itself is [`sudoku37::practice::check`]).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::Args;

use sudoku37::files::{self, ReadError};
use sudoku37::judge::program::CompileOptions;
use sudoku37::judge::{self as judging};
use sudoku37::practice::{self, CheckOptions, Folder, DEFAULT_GRADED_PUZZLES};

use crate::cli::error::{fail, CliError};
use crate::cli::output::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct CheckArgs {
    /// The exercise's name (your file in the practice folder), or a path to a
    /// file (its name, or its first line, says the exercise).
    target: String,
    /// The exercise, when the file's name does not say it.
    #[arg(long, value_name = "NAME")]
    exercise: Option<String>,
    /// The Rust edition to compile it under.
    #[arg(long, default_value = "2021", value_parser = PossibleValuesParser::new(judging::EDITIONS))]
    edition: String,
    /// Seconds one case may take, instead of the limit set by the reference
    /// (100 times its time, at least 0.5 s).
    #[arg(long, value_name = "SECONDS",
          value_parser = crate::cli::flags::seconds_up_to(3600.0, false), allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// Write a page that plays your search beside the reference's on the
    /// failing puzzle (or LeetCode's example), marking the step where they first part;
    /// your search is recorded from its trace_place / trace_undo calls.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Take at most this many puzzles from each set (the first ones).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GRADED_PUZZLES,
          value_parser = crate::cli::flags::whole_number::<u64>(1, 1000), allow_negative_numbers = true)]
    limit: u64,
}

pub(super) fn check(folder: &Folder, options: &CheckArgs) -> ExitCode {
    let (exercise, path) = match folder.target(&options.target, options.exercise.as_deref()) {
        Ok(found) => found,
        Err(error) => return fail(&error.into()),
    };
    let code = match files::read_text(&path, judging::MAX_SOURCE_BYTES) {
        Ok(code) => code,
        Err(ReadError::Missing(source)) => {
            return fail(&CliError::ExerciseNotStarted {
                path: path.display().to_string(),
                name: exercise.name,
                source,
            })
        }
        Err(source) => {
            return fail(&CliError::UnreadableFile {
                path: path.display().to_string(),
                source,
            })
        }
    };
    let check_options = CheckOptions {
        compile: CompileOptions {
            rustc: CompileOptions::rustc_from_env(),
            edition: options.edition.clone(),
            colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        },
        time_limit: options.time_limit,
        html: options.html.clone(),
        limit: options.limit as usize,
    };
    let checked = practice::check(exercise, &path, &code, &check_options);
    let mut status = match &checked.outcome {
        Ok(true) => Status::Ok,
        Ok(false) => Status::Failed,
        Err(_) => Status::BadInput,
    };
    let mut out = Output::stdout();
    let written = out.write_str(&checked.report).and_then(|()| out.flush());
    match checked.outcome {
        Ok(true) => {
            // A pass that cannot be recorded is said, and is no success.
            if let Err(error) = folder.update_state(|state| {
                state.passed.insert(exercise.name.to_string());
            }) {
                let error = CliError::from(error);
                say!("error: {error} (the pass is not recorded)");
                status = status.max(error.status());
            }
        }
        Ok(false) => {}
        Err(error) => say!("error: {}", CliError::Check(error)),
    }
    finish(status, written)
}
