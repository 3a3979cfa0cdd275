//! `practice check` and `practice watch`: which exercise a file is, and the
//! check's report printed, once or on every save (the check itself is
//! [`sudoku37_tool::practice::check`], the waiting [`sudoku37_tool::practice::Saves`]).

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};

use sudoku37_tool::files::{self, ReadError};
use sudoku37_tool::judge::{self as judging};
use sudoku37_tool::practice::{
    self, CheckOptions, Exercise, Folder, Saves, DEFAULT_GRADED_PUZZLES,
};

use crate::cli::error::{fail, CliError};
use crate::cli::flags::{CompileArgs, Lang};
use crate::cli::output::{finish, Output, Status};

#[derive(Debug, Clone, Args)]
pub(super) struct CheckArgs {
    /// The exercise's name (your file in the practice folder), or a path to a
    /// file (its name, or its first line, says the exercise).
    target: String,
    /// The exercise, when the file's name does not say it.
    #[arg(long, value_name = "NAME")]
    exercise: Option<String>,
    #[command(flatten)]
    compile: CompileArgs,
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
    /// The language of the report (remembered for the next commands).
    #[arg(long, value_enum)]
    lang: Option<Lang>,
    /// How to print the report: for people, or one JSON object (the
    /// exercise, each stage, and the diagnosis of a failure) for editors and
    /// scripts.
    #[arg(long, value_enum, default_value = "text")]
    format: ReportFormat,
    /// Take at most this many puzzles from each set (the first ones).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GRADED_PUZZLES,
          value_parser = crate::cli::flags::whole_number::<u64>(1, 1000), allow_negative_numbers = true)]
    limit: u64,
}

/// How `practice check` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReportFormat {
    /// For people.
    Text,
    /// One JSON object.
    Json,
}

pub(super) fn check(folder: &Folder, options: &CheckArgs) -> ExitCode {
    let (exercise, path) = match folder.target(&options.target, options.exercise.as_deref()) {
        Ok(found) => found,
        Err(error) => return fail_as(options, None, &error.into()),
    };
    let (status, written) = match check_once(folder, options, exercise, &path) {
        Ok(done) => done,
        Err(error) => return fail_as(options, Some(exercise.name), &error),
    };
    finish(status, written)
}

/// Fails with `error`: the `error:` line, and with `--format json` one JSON
/// object on standard output as well, so that an editor always has one to
/// read.
fn fail_as(options: &CheckArgs, exercise: Option<&str>, error: &CliError) -> ExitCode {
    if let ReportFormat::Json = options.format {
        let object = serde_json::json!({
            "exercise": exercise,
            "passed": false,
            "error": error.to_string(),
        });
        let mut out = Output::stdout();
        let _ = out
            .write_str(&format!("{object}\n"))
            .and_then(|()| out.flush());
    }
    fail(error)
}

/// `practice watch`: checks the file, then again each time it is saved,
/// until Ctrl-C (which the runner turns into a clean end: no compiler or
/// program of yours left running, no temporary folder left behind).
pub(super) fn watch(folder: &Folder, options: &CheckArgs) -> ExitCode {
    let (exercise, path) = match folder.target(&options.target, options.exercise.as_deref()) {
        Ok(found) => found,
        Err(error) => return fail(&error.into()),
    };
    // Watching starts first, so that a save during the first check is not
    // missed.
    let mut saves = match Saves::new(&path) {
        Ok(saves) => saves,
        Err(error) => {
            say!("error: {error}");
            return Status::BadInput.exit_code();
        }
    };
    let mut first = true;
    loop {
        match check_once(folder, options, exercise, &path) {
            Ok((_, Ok(()))) => {}
            Ok((status, written)) => return finish(status, written),
            // The file is missing or unreadable between two saves (an
            // editor may delete it before writing it again): said, and the
            // watch goes on, except at the start.
            Err(error) if first => return fail(&error),
            Err(error) => say!("error: {error}"),
        }
        first = false;
        say!(
            "watching {}: save it to check again (Ctrl-C ends)",
            path.display()
        );
        if let Err(error) = saves.wait() {
            say!("error: {error}");
            return Status::BadInput.exit_code();
        }
        say!("\n{} saved: checking again", path.display());
    }
}

/// Reads the file, checks it, prints the report and records the outcome:
/// the status it earns and whether the report could be written.
fn check_once(
    folder: &Folder,
    options: &CheckArgs,
    exercise: &'static Exercise,
    path: &Path,
) -> Result<(Status, io::Result<()>), CliError> {
    let code = match files::read_text(path, judging::MAX_SOURCE_BYTES) {
        Ok(code) => code,
        Err(ReadError::Missing(source)) => {
            return Err(CliError::ExerciseNotStarted {
                path: path.display().to_string(),
                name: exercise.name,
                source,
            })
        }
        Err(source) => {
            return Err(CliError::UnreadableFile {
                path: path.display().to_string(),
                source,
            })
        }
    };
    let given = options.lang.map(Lang::language);
    let language = practice::language_of(given, &folder.read_state()?);
    let check_options = CheckOptions {
        compile: options.compile.options(),
        time_limit: options.time_limit,
        html: options.html.clone(),
        limit: options.limit as usize,
        language,
    };
    let checked = practice::check(exercise, path, &code, &check_options);
    let mut status = match &checked.outcome {
        Ok(true) => Status::Ok,
        Ok(false) => Status::Failed,
        Err(_) => Status::BadInput,
    };
    let printed = match options.format {
        ReportFormat::Text => checked.text.clone(),
        ReportFormat::Json => serde_json::to_string(&checked.report).unwrap_or_default() + "\n",
    };
    let mut out = Output::stdout();
    let written = out.write_str(&printed).and_then(|()| out.flush());
    match &checked.outcome {
        Ok(passed) => {
            // What the check found is remembered: a pass, or the diagnosis
            // the hints go on from. One that cannot be is said, and is no
            // success.
            let diagnosis = checked.diagnosis();
            if let Err(error) = folder.update_state(|state| {
                practice::record_check(state, exercise, diagnosis, *passed, given);
            }) {
                let error = CliError::from(error);
                say!("error: {error} (the result is not recorded)");
                status = status.max(error.status());
            }
        }
        Err(error) => say!("error: {error}"),
    }
    Ok((status, written))
}
