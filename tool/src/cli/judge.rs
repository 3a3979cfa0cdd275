//! `sudoku37 judge FILE.rs`: LeetCode's verdict on your own `solve_sudoku`,
//! offline, on far more puzzles than LeetCode's few.
//!
//! The file is compiled with `rustc -O -C codegen-units=1`, then run on LeetCode's example and
//! on the chosen sets, one puzzle at a time under a time limit; the run stops
//! at the first failure, as LeetCode does, unless `--all` is given (see
//! [`sudoku37_tool::judge`], which does all of it). Here: the options, the sets
//! (through the one input door), and printing.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use sudoku37::sets::{self, PuzzleSet, GRADED_SETS};
use sudoku37_tool::files;
use sudoku37_tool::judge::{self, JudgeError, Submission, Verdict, EXAMPLE_SET};

use super::error::CliError;
use super::flags::{CompileArgs, SetArgs};
use super::input::{self, Defaults};
use super::output::Status;
use super::progress::Bar;

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
Sets: LeetCode's example always comes first; then the sets named with --set \
and --file, or else every set of --data, or else the graded sets. \
Verdicts, as LeetCode gives them: Accepted, Wrong Answer, Time Limit Exceeded, \
Memory Limit Exceeded, Output Limit Exceeded, Runtime Error, Compile Error. \
Exit status: 0 Accepted; 1 Wrong Answer, Time Limit Exceeded, Memory Limit \
Exceeded, Output Limit Exceeded or Runtime Error; 2 Compile Error or bad \
input (`practice check` says a Compile Error with 1, as any failed stage). \
The program runs jailed: see the README's \"The judge's jail\".";

/// Options of `judge`.
#[derive(Debug, Clone, Args)]
#[command(after_help = AFTER_HELP)]
pub struct JudgeArgs {
    /// Your solution, written exactly as you would paste it into LeetCode:
    /// `impl Solution { pub fn solve_sudoku(board: &mut Vec<Vec<char>>) { .. } }`
    /// and any helpers, without `struct Solution`.
    #[arg(value_name = "FILE.rs")]
    solution: PathBuf,
    #[command(flatten)]
    compile: CompileArgs,
    /// Seconds one puzzle may take (more than 0, at most 3600; fractions
    /// allowed); a solution still running then is stopped (Time Limit
    /// Exceeded).
    #[arg(long, default_value = DEFAULT_TIME_LIMIT, value_name = "SECONDS",
          value_parser = super::flags::seconds_up_to(MAX_TIME_LIMIT, false), allow_negative_numbers = true)]
    time_limit: Duration,
    #[command(flatten)]
    sets: SetArgs,
    /// Take at most this many puzzles from each set (the first ones).
    #[arg(long, value_name = "N", value_parser = super::flags::whole_number::<u64>(1, u64::MAX),
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
          value_parser = super::flags::seconds_up_to(MAX_COMPARE_BUDGET, true), allow_negative_numbers = true)]
    compare_budget: Duration,
}

/// Runs the judge and prints its report. Exit status: 0 Accepted; 1 Wrong
/// Answer, Time, Memory or Output Limit Exceeded or Runtime Error; 2 Compile
/// Error or bad input.
pub fn run(arguments: &JudgeArgs) -> ExitCode {
    let status = match judge_solution(arguments) {
        Ok(verdict) => match verdict.exit_status() {
            0 => Status::Ok,
            1 => Status::Failed,
            _ => Status::BadInput,
        },
        Err(error) => return super::error::fail_or_quiet(&error),
    };
    status.exit_code()
}

/// Reads the sets and the solution, then judges it, printing the report as
/// it goes; returns the verdict.
fn judge_solution(arguments: &JudgeArgs) -> Result<Verdict, CliError> {
    let code =
        files::read_text(&arguments.solution, judge::MAX_SOURCE_BYTES).map_err(|source| {
            CliError::UnreadableFile {
                path: arguments.solution.display().to_string(),
                source,
            }
        })?;
    let limit = arguments.limit.map(|limit| limit as usize);
    let (example, chosen) = choose_sets(arguments)?;
    // LeetCode's example is always judged; it counts as asked for only when
    // named.
    let example_asked = arguments.sets.sets.iter().any(|name| name == EXAMPLE_SET);
    let plan = judge::plan(example, chosen, example_asked, limit);
    for (name, left_out) in &plan.left_out {
        say!(
            "note: {left_out} puzzle(s) of {name} left out: not exactly one solution, which \
             LeetCode guarantees"
        );
    }
    let judged_sets = plan.into_sets()?;
    let options = judge::Options {
        compile: arguments.compile.options(),
        time_limit: arguments.time_limit,
        all: arguments.all,
        compare_budget: arguments.compare.then_some(arguments.compare_budget),
    };
    let submission = Submission {
        path: &arguments.solution,
        code: &code,
    };
    let stdout = io::stdout();
    let mut emit = |text: &str| {
        let mut out = stdout.lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    };
    judge::judge(
        &submission,
        &judged_sets,
        &options,
        &mut Bar::default(),
        &mut emit,
    )
    .map_err(|error| match error {
        JudgeError::Output(source) => CliError::Unwritable {
            path: "the report".to_string(),
            source,
        },
        other => CliError::Judge(other),
    })
}

/// LeetCode's example, and the sets asked for (by the rules of the one
/// input door, `input.rs`, as in `compare`), or else the graded ones. Bad
/// records are listed on stderr, and then nothing is judged.
fn choose_sets(arguments: &JudgeArgs) -> Result<(PuzzleSet, Vec<PuzzleSet>), CliError> {
    let request = arguments.sets.request(arguments.sets.data.as_deref());
    let read = input::choose_sets(&request, Defaults::BuiltinOrData(&GRADED_SETS))?;
    // A judge's input must be whole: each problem is one `error:` line, and
    // nothing is judged.
    if let Some((last, before)) = read.problems.split_last() {
        for problem in before {
            say!("error: {problem}");
        }
        return Err(CliError::Skipped(last.clone()));
    }
    let example = sets::builtin(EXAMPLE_SET)
        .ok_or_else(|| CliError::Missing(format!("the built-in set {EXAMPLE_SET}")))?;
    Ok((example, read.sets))
}
