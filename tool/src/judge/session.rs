//! One run of the judge, whole: compile the user's file, run it on every
//! case of every set, stop at the first failure as LeetCode does (unless
//! `all`), and write the report; after Accepted, the next idea to try and,
//! if asked, the user's times beside the repository's approaches.
//!
//! The caller chooses the sets and prints: [`judge`] writes the report
//! through a sink, piece by piece (the comparison that follows it takes a
//! while), and tells its progress to a [`Progress`].

use std::io;
use std::path::Path;
use std::time::Duration;

use super::cases::{Case, JudgedSet};
use super::comparison::{compare_with_approaches, suggest_next};
use super::compile::optimisation_shown;
use super::driver::{Entry, Hooks};
use super::program::{self, CompileFailure, CompileOptions, Program};
use super::report::{describe_failure, paint, render_reports, summary, FAILURES_SHOWN, GREEN, RED};
use super::run::{run_sets, Run};
use super::verdict::Verdict;
use crate::measure::format_seconds;
use crate::progress::Progress;

/// How to judge a solution.
#[derive(Debug, Clone)]
pub struct Options {
    /// How to compile it.
    pub compile: CompileOptions,
    /// The longest one puzzle may take.
    pub time_limit: Duration,
    /// Go on after a failure and report every failing puzzle.
    pub all: bool,
    /// After Accepted, time each of the repository's approaches on the same
    /// puzzles for at most this long each, beside the user's.
    pub compare_budget: Option<Duration>,
}

/// The user's file, submitted to the judge (LeetCode's word).
#[derive(Debug, Clone)]
pub struct Submission<'a> {
    /// Where it was read from, as the report names it.
    pub path: &'a Path,
    /// Its text.
    pub code: &'a str,
}

/// Why the judge stopped before a verdict.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    #[error("cannot make a temporary folder: {0}")]
    TempFolder(#[source] io::Error),
    /// The code could not be compiled for a reason other than its own errors
    /// (those are a verdict, Compile Error).
    #[error(transparent)]
    Compile(CompileFailure),
    #[error("cannot run the compiled solution: {0}")]
    Program(#[source] io::Error),
    /// The sink refused the report.
    #[error("cannot write the report: {0}")]
    Output(#[source] io::Error),
}

/// Judges `submission` on `sets`, in order, writing the report to `out` as it
/// goes; returns the verdict.
pub fn judge(
    submission: &Submission<'_>,
    sets: &[JudgedSet],
    options: &Options,
    progress: &mut dyn Progress,
    out: &mut dyn FnMut(&str) -> io::Result<()>,
) -> Result<Verdict, JudgeError> {
    let mut emit = |text: &str| out(text).map_err(JudgeError::Output);
    let compile = &options.compile;
    let colour = compile.colour;
    let file_name = source_file_name(submission.path);
    let workspace = program::workspace().map_err(JudgeError::TempFolder)?;
    progress.spin(&format!(
        "compiling {file_name} with {} -O --edition {}",
        compile.rustc.display(),
        compile.edition
    ));
    let compiled = program::compile(
        submission.code,
        &file_name,
        Entry::SolveSudoku,
        Hooks::None,
        compile,
        &workspace,
    );
    progress.finish();
    let binary = match compiled {
        Ok(binary) => binary,
        Err(failure) => {
            let Some(text) = failure.compile_error() else {
                return Err(JudgeError::Compile(failure));
            };
            let verdict = Verdict::CompileError;
            let said = match failure {
                CompileFailure::Rejected(_) => {
                    format!(
                        "rustc {} --edition {} said:\n\n",
                        optimisation_shown(),
                        compile.edition
                    )
                }
                _ => String::new(),
            };
            emit(&format!(
                "{}\n\n{said}{text}{}",
                paint(&verdict.to_string(), RED, colour),
                hooks_note(&text),
            ))?;
            return Ok(verdict);
        }
    };

    let mut program = Program::new(binary, compile.sandbox);
    let Run {
        reports,
        failures,
        user_times,
    } = run_sets(
        &mut program,
        sets,
        options.time_limit,
        options.all,
        progress,
    )
    .map_err(JudgeError::Program)?;
    program.stop();
    drop(workspace);

    let total: usize = sets.iter().map(|set| set.cases.len()).sum();
    let passed: usize = reports.iter().map(|report| report.passed).sum();
    let verdict = failures
        .first()
        .map_or(Verdict::Accepted, |failure| failure.verdict());
    let time_limit = options.time_limit;
    let mut text = String::new();
    let headline = match failures.first() {
        None => format!(
            "{}: {passed} of {total} puzzles solved",
            paint(&Verdict::Accepted.to_string(), GREEN, colour)
        ),
        Some(first) if options.all => format!(
            "{}: {} of {total} puzzles failed, the first on {}",
            paint(&verdict.to_string(), RED, colour),
            failures.len(),
            first.place()
        ),
        Some(first) => format!(
            "{} on {}; {passed} of {total} puzzles passed before it",
            paint(&verdict.to_string(), RED, colour),
            first.place()
        ),
    };
    text.push_str(&format!(
        "{headline}\n({}, compiled with rustc {} --edition {}; time limit {} per puzzle)\n",
        crate::files::shown(submission.path),
        optimisation_shown(),
        compile.edition,
        format_seconds(time_limit)
    ));
    for (number, failure) in failures.iter().enumerate() {
        text.push('\n');
        if number < FAILURES_SHOWN {
            text.push_str(&describe_failure(failure, time_limit, options.all, colour));
        } else {
            text.push_str(&format!(
                "{} on {}: {}\n",
                failure.verdict(),
                failure.place(),
                summary(failure, time_limit)
            ));
        }
    }
    text.push('\n');
    text.push_str(&render_reports(&reports));
    emit(&text)?;

    if verdict == Verdict::Accepted {
        let all_cases: Vec<&Case> = sets.iter().flat_map(|set| &set.cases).collect();
        emit(&suggest_next(&all_cases, &user_times))?;
        if let Some(budget) = options.compare_budget.filter(|budget| !budget.is_zero()) {
            let comparison = compare_with_approaches(&all_cases, &user_times, budget, progress);
            emit(&comparison)?;
        }
    }
    Ok(verdict)
}

/// The name the source gets in the temporary folder: the user's own, so that
/// diagnostics and panic messages name it.
pub fn source_file_name(path: &Path) -> String {
    match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    }
}

/// What a compile error about the trace hooks means here: they are
/// `practice check`'s, and LeetCode has none either.
fn hooks_note(diagnostics: &str) -> &'static str {
    let missing =
        |name: &str| diagnostics.contains(&format!("cannot find function `{name}` in this scope"));
    if missing("trace_place") || missing("trace_undo") {
        "\nnote: trace_place and trace_undo are practice check's hooks, for counting and recording your search; \
         LeetCode has no such functions, so it rejects this file as the judge does: delete the calls before pasting it there.\n"
    } else {
        ""
    }
}
