//! `sudoku37 judge FILE.rs`: LeetCode's verdict on your own `solve_sudoku`,
//! offline, on far more puzzles than LeetCode's few.
//!
//! The file is compiled with `rustc -O` (see [`sudoku37::judge`] for how it is
//! wrapped and run), then run on LeetCode's example and on the chosen sets,
//! one puzzle at a time under a time limit. The run stops at the first failure,
//! as LeetCode does, unless `--all` is given. An accepted solution is also set
//! beside the repository's approaches, from a quick run of them in worker
//! processes that the comparison budget stops.

//!
//! One file per part: `cases.rs` chooses the sets and prepares their cases,
//! `program.rs` compiles and runs the user's program, `run.rs` runs it on
//! every case and judges each outcome, `report.rs` draws the report, and
//! `comparison.rs` sets an accepted solution beside the repository's
//! approaches.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::Args;
use indicatif::ProgressBar;

use sudoku37::judge::{self, Verdict};

use super::error::CliError;
use super::Status;

mod cases;
mod comparison;
pub(super) mod program;
mod report;
mod run;

use cases::{choose_sets, prepare, Case, EXAMPLE_SET};
use comparison::{compare_with_approaches, suggest_next};
use program::{CompileFailure, CompileOptions, Program};
use report::{
    describe_failure, format_seconds, paint, render_reports, summary, FAILURES_SHOWN, GREEN, RED,
};
use run::{run_sets, Run};

/// Seconds a puzzle may take by default: far more than any of the
/// repository's approaches needs on the graded sets, small enough not to wait
/// long for a search that never ends.
const DEFAULT_TIME_LIMIT: &str = "5";

/// The longest time limit accepted, in seconds.
const MAX_TIME_LIMIT: f64 = 3600.0;

/// The longest comparison budget accepted, in seconds per approach.
const MAX_COMPARE_BUDGET: f64 = 60.0;

/// What `judge --help` ends with.
const AFTER_HELP: &str = "\
Verdicts, as LeetCode gives them: Accepted, Wrong Answer, Time Limit Exceeded, \
Runtime Error, Compile Error. Exit status: 0 Accepted; 1 Wrong Answer, Time \
Limit Exceeded or Runtime Error; 2 Compile Error or bad input.";

/// Options of `judge`.
#[derive(Debug, Clone, Args)]
#[command(after_help = AFTER_HELP)]
pub struct JudgeArgs {
    /// Your solution, written exactly as you would paste it into LeetCode:
    /// `impl Solution { pub fn solve_sudoku(board: &mut Vec<Vec<char>>) { .. } }`
    /// and any helpers, without `struct Solution`.
    #[arg(value_name = "FILE.rs")]
    solution: PathBuf,
    /// The Rust edition to compile it under.
    #[arg(long, default_value = "2021", value_parser = PossibleValuesParser::new(judge::EDITIONS))]
    edition: String,
    /// Seconds one puzzle may take (more than 0, at most 3600; fractions
    /// allowed); a solution still running then is stopped (Time Limit
    /// Exceeded).
    #[arg(long, default_value = DEFAULT_TIME_LIMIT, value_name = "SECONDS",
          value_parser = super::seconds_up_to(MAX_TIME_LIMIT, false), allow_negative_numbers = true)]
    time_limit: Duration,
    /// Judge on this set (built-in, in --data, or a public set in
    /// ../shared/puzzles or $SUDOKU37_DATA) instead of the graded sets;
    /// repeatable. LeetCode's example always comes first.
    #[arg(long = "set", value_name = "NAME")]
    sets: Vec<String>,
    /// Judge on this file of puzzles (one per line, optionally followed by its
    /// solution; - for standard input) instead of the graded sets;
    /// repeatable.
    #[arg(long = "file", value_name = "PATH")]
    files: Vec<String>,
    /// Judge on every set in this folder (`NAME.txt` and files without an
    /// extension, as `compare --data` reads them) instead of the graded sets.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Take at most this many puzzles from each set (the first ones).
    #[arg(long, value_name = "N", value_parser = super::whole_number::<u64>(1, u64::MAX),
          allow_negative_numbers = true)]
    limit: Option<u64>,
    /// Go on after a failure and report every failing puzzle (LeetCode stops
    /// at the first).
    #[arg(long)]
    all: bool,
    /// After Accepted, time each of the repository's approaches on the same
    /// puzzles beside yours (a rough guide; `sudoku37 compare` measures with
    /// care).
    #[arg(long)]
    compare: bool,
    /// With --compare, seconds each of the repository's approaches may spend
    /// in all on the same puzzles (0 to 60); 0 leaves the comparison out.
    #[arg(long, default_value = "1", value_name = "SECONDS",
          value_parser = super::seconds_up_to(MAX_COMPARE_BUDGET, true), allow_negative_numbers = true)]
    compare_budget: Duration,
}

/// Runs the judge and prints its report. Exit status: 0 Accepted; 1 Wrong
/// Answer, Time Limit Exceeded or Runtime Error; 2 Compile Error or bad input.
pub fn run(arguments: &JudgeArgs) -> ExitCode {
    match judge_solution(arguments) {
        Ok(verdict) => match verdict.exit_status() {
            0 => Status::Ok,
            1 => Status::Failed,
            _ => Status::BadInput,
        }
        .exit_code(),
        Err(Stop::Quiet) => Status::Ok.exit_code(),
        Err(Stop::Error(message)) => {
            say!("error: {message}");
            Status::BadInput.exit_code()
        }
        Err(Stop::Cli(error)) => super::error::fail(&error),
    }
}

/// Why the judge stopped before a verdict.
enum Stop {
    /// Standard output was closed: nobody is reading, so stop quietly.
    Quiet,
    /// Bad input or an I/O error, with its message.
    Error(String),
    /// An input the judge could not read, as every subcommand says it.
    Cli(CliError),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

impl From<CliError> for Stop {
    fn from(error: CliError) -> Stop {
        Stop::Cli(error)
    }
}

/// Reads the sets, compiles the solution, runs it and prints the report;
/// returns the verdict.
fn judge_solution(arguments: &JudgeArgs) -> Result<Verdict, Stop> {
    let time_limit = arguments.time_limit;
    let compare_budget = arguments.compare_budget;
    let code =
        std::fs::read_to_string(&arguments.solution).map_err(|source| CliError::Unreadable {
            path: arguments.solution.display().to_string(),
            source,
        })?;
    let limit = arguments.limit.map(|limit| limit as usize);
    let judged_sets = choose_sets(arguments)?
        .into_iter()
        .map(|set| prepare(set, limit))
        .filter(|set| !set.cases.is_empty())
        .collect::<Vec<_>>();
    let total: usize = judged_sets.iter().map(|set| set.cases.len()).sum();
    // LeetCode's example is always judged; it counts as asked for only when
    // named.
    let asked_example = arguments.sets.iter().any(|name| name == EXAMPLE_SET);
    let asked: usize = judged_sets
        .iter()
        .filter(|set| set.name != EXAMPLE_SET || asked_example)
        .map(|set| set.cases.len())
        .sum();
    if asked == 0 {
        return Err(Stop::Cli(CliError::NothingToJudge));
    }

    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let options = CompileOptions {
        rustc: CompileOptions::rustc_from_env(),
        edition: arguments.edition.clone(),
        colour,
    };
    let file_name = source_file_name(&arguments.solution);
    let workspace =
        program::workspace().map_err(|error| format!("cannot make a temporary folder: {error}"))?;
    let spinner = ProgressBar::new_spinner();
    spinner.set_message(format!(
        "compiling {file_name} with {} -O --edition {}",
        options.rustc.display(),
        options.edition
    ));
    spinner.enable_steady_tick(Duration::from_millis(100));
    let compiled = program::compile(
        &code,
        &file_name,
        judge::Entry::SolveSudoku,
        &options,
        &workspace,
    );
    spinner.finish_and_clear();
    let binary = match compiled {
        Ok(binary) => binary,
        Err(CompileFailure::Rejected(diagnostics)) => {
            let verdict = Verdict::CompileError;
            let text = format!(
                "{}\n\nrustc -O --edition {} said:\n\n{diagnostics}",
                paint(&verdict.to_string(), RED, colour),
                options.edition
            );
            emit(&text)?;
            return Ok(verdict);
        }
        Err(failure) => return Err(Stop::Cli(CliError::Compile(failure))),
    };

    let mut program = Program::new(binary);
    let Run {
        reports,
        failures,
        user_times,
    } = run_sets(&mut program, &judged_sets, time_limit, arguments.all)?;
    program.stop();
    drop(workspace);

    let passed: usize = reports.iter().map(|report| report.passed).sum();
    let verdict = failures
        .first()
        .map_or(Verdict::Accepted, |failure| failure.verdict());
    let mut text = String::new();
    let headline = match failures.first() {
        None => format!(
            "{}: {passed} of {total} puzzles solved",
            paint(&Verdict::Accepted.to_string(), GREEN, colour)
        ),
        Some(first) if arguments.all => format!(
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
        "{headline}\n({}, compiled with rustc -O --edition {}; time limit {} per puzzle)\n",
        arguments.solution.display(),
        options.edition,
        format_seconds(time_limit)
    ));
    for (number, failure) in failures.iter().enumerate() {
        text.push('\n');
        if number < FAILURES_SHOWN {
            text.push_str(&describe_failure(
                failure,
                time_limit,
                arguments.all,
                colour,
            ));
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
        let all_cases: Vec<&Case> = judged_sets.iter().flat_map(|set| &set.cases).collect();
        emit(&suggest_next(&all_cases, &user_times))?;
    }
    if verdict == Verdict::Accepted && arguments.compare && !compare_budget.is_zero() {
        let all_cases: Vec<&Case> = judged_sets.iter().flat_map(|set| &set.cases).collect();
        let comparison = compare_with_approaches(&all_cases, &user_times, compare_budget);
        emit(&comparison)?;
    }
    Ok(verdict)
}

/// The name the source gets in the temporary folder: the user's own, so that
/// diagnostics and panic messages name it.
fn source_file_name(path: &Path) -> String {
    match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    }
}

/// Writes to standard output: a closed pipe stops quietly, any other error is
/// reported.
fn emit(text: &str) -> Result<(), Stop> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Err(Stop::Quiet),
        Err(source) => Err(Stop::Cli(CliError::Unwritable {
            path: "the report".to_string(),
            source,
        })),
    }
}
