//! `sudoku37 judge FILE.rs`: LeetCode's verdict on your own `solve_sudoku`,
//! offline, on far more puzzles than LeetCode's few.
//!
//! The file is compiled with `rustc -O` (see [`sudoku37::judge`] for how it is
//! wrapped and run), then run on LeetCode's example and on the chosen sets,
//! one puzzle at a time under a time limit. The run stops at the first failure,
//! as LeetCode does, unless `--all` is given. An accepted solution is also set
//! beside the repository's approaches, from a quick run of them in worker
//! processes that the comparison budget stops.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::builder::PossibleValuesParser;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use sudoku37::approaches::{self, Approach, APPROACHES};
use sudoku37::board::{self, Board};
use sudoku37::judge::{self, Outcome, Stream, Verdict};
use sudoku37::practice;
use sudoku37::record::Verdict as WorkerVerdict;
use sudoku37::sets::{self, PuzzleSet};
use sudoku37::{count_solutions, solve, Puzzle};

use super::input::{self, Defaults, SetRequest};
use super::worker::{self, Received, Worker};
use super::Status;

pub(super) mod program;

use program::{CompileFailure, CompileOptions, Program};

/// The sets judged when none is named, after LeetCode's example.
const DEFAULT_SETS: [&str; 5] = [
    "graded_easy",
    "graded_medium",
    "graded_hard",
    "graded_unfair",
    "graded_extreme",
];

/// The set every run starts with, as LeetCode's tests do.
const EXAMPLE_SET: &str = "leetcode_example";

/// Seconds a puzzle may take by default: far more than any of the
/// repository's approaches needs on the graded sets, small enough not to wait
/// long for a search that never ends.
const DEFAULT_TIME_LIMIT: &str = "5";

/// The longest time limit accepted, in seconds.
const MAX_TIME_LIMIT: f64 = 3600.0;

/// The longest comparison budget accepted, in seconds per approach.
const MAX_COMPARE_BUDGET: f64 = 60.0;

/// How many failures `--all` draws in full; the rest get one line each.
const FAILURES_SHOWN: usize = 3;

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

/// One puzzle to judge, with the solution it must come back as.
struct Case {
    line: usize,
    puzzle: Board,
    /// The same puzzle, validated, for the repository's approaches.
    valid: Puzzle,
    expected: Board,
}

/// A set ready to judge.
struct JudgedSet {
    name: String,
    cases: Vec<Case>,
}

/// How one set went.
struct SetReport {
    name: String,
    size: usize,
    passed: usize,
    /// The times of the passed puzzles, as measured inside the program.
    times: Vec<Duration>,
    /// How many of its puzzles were run.
    ran: usize,
}

/// What went wrong on one puzzle.
enum Problem {
    Wrong {
        received: Board,
        mismatch: judge::Mismatch,
    },
    TimedOut {
        waited: Duration,
    },
    Panicked {
        message: String,
    },
    Died {
        status: String,
        stream: Stream,
        tail: String,
    },
}

struct Failure {
    /// What the solution printed itself on this puzzle.
    printed: program::Printed,
    set: String,
    line: usize,
    index: usize,
    set_size: usize,
    puzzle: Board,
    expected: Board,
    problem: Problem,
}

impl Failure {
    fn verdict(&self) -> Verdict {
        match self.problem {
            Problem::Wrong { .. } => Verdict::WrongAnswer,
            Problem::TimedOut { .. } => Verdict::TimeLimitExceeded,
            Problem::Panicked { .. } | Problem::Died { .. } => Verdict::RuntimeError,
        }
    }

    fn place(&self) -> String {
        format!(
            "{} line {} (puzzle {} of {})",
            self.set, self.line, self.index, self.set_size
        )
    }
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
    }
}

/// Why the judge stopped before a verdict.
enum Stop {
    /// Standard output was closed: nobody is reading, so stop quietly.
    Quiet,
    /// Bad input or an I/O error, with its message.
    Error(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

/// Reads the sets, compiles the solution, runs it and prints the report;
/// returns the verdict.
fn judge_solution(arguments: &JudgeArgs) -> Result<Verdict, Stop> {
    let time_limit = arguments.time_limit;
    let compare_budget = arguments.compare_budget;
    let code = std::fs::read_to_string(&arguments.solution)
        .map_err(|error| format!("cannot read {}: {error}", arguments.solution.display()))?;
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
        return Err(Stop::Error(
            "nothing to judge: the sets asked for hold no puzzle with exactly one solution"
                .to_string(),
        ));
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
        Err(CompileFailure::Io(message)) => return Err(Stop::Error(message)),
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
            paint("Accepted", GREEN, colour)
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

/// What running the program on the sets gave.
struct Run {
    reports: Vec<SetReport>,
    failures: Vec<Failure>,
    /// The time of each passed puzzle, in the order run.
    user_times: Vec<Duration>,
}

/// Runs the program on every case of every set, in order, stopping at the
/// first failure unless `all`.
fn run_sets(
    program: &mut Program,
    judged_sets: &[JudgedSet],
    time_limit: Duration,
    all: bool,
) -> Result<Run, String> {
    let total: usize = judged_sets.iter().map(|set| set.cases.len()).sum();
    let progress = ProgressBar::new(total as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut reports = Vec::new();
    let mut failures = Vec::new();
    let mut user_times = Vec::new();
    for set in judged_sets {
        let mut report = SetReport {
            name: set.name.clone(),
            size: set.cases.len(),
            passed: 0,
            times: Vec::new(),
            ran: 0,
        };
        let stopping = !all && !failures.is_empty();
        if !stopping {
            progress.set_message(set.name.clone());
            for (index, case) in set.cases.iter().enumerate() {
                let outcome = program.solve(&case.puzzle, time_limit).map_err(|error| {
                    progress.finish_and_clear();
                    format!("cannot run the compiled solution: {error}")
                })?;
                progress.inc(1);
                report.ran += 1;
                match judge_outcome(case, outcome) {
                    Ok(elapsed) => {
                        report.passed += 1;
                        report.times.push(elapsed);
                        user_times.push(elapsed);
                    }
                    Err(problem) => failures.push(Failure {
                        printed: program.printed().clone(),
                        set: set.name.clone(),
                        line: case.line,
                        index: index + 1,
                        set_size: set.cases.len(),
                        puzzle: case.puzzle.clone(),
                        expected: case.expected.clone(),
                        problem,
                    }),
                }
                if !all && !failures.is_empty() {
                    break;
                }
            }
        }
        reports.push(report);
    }
    progress.finish_and_clear();
    Ok(Run {
        reports,
        failures,
        user_times,
    })
}

/// The name the source gets in the temporary folder: the user's own, so that
/// diagnostics and panic messages name it.
fn source_file_name(path: &Path) -> String {
    match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    }
}

/// LeetCode's example, then the sets asked for (by the rules of the one
/// input door, `input.rs`, as in `compare`), or else the graded ones. Bad
/// records are listed on stderr, and then nothing is judged.
fn choose_sets(arguments: &JudgeArgs) -> Result<Vec<PuzzleSet>, String> {
    let request = SetRequest {
        sets: &arguments.sets,
        files: &arguments.files,
        data: arguments.data.as_deref(),
    };
    let read = input::choose_sets(&request, Defaults::BuiltinOrData(&DEFAULT_SETS))
        .map_err(|error| error.to_string())?;
    // A judge's input must be whole: each problem is one `error:` line, and
    // nothing is judged.
    if let Some((last, before)) = read.problems.split_last() {
        for problem in before {
            say!("error: {problem}");
        }
        return Err(last.clone());
    }
    let sets = read.sets;
    let example = sets::builtin(EXAMPLE_SET)
        .ok_or_else(|| format!("the built-in set {EXAMPLE_SET} is missing"))?;
    let mut chosen = vec![example];
    chosen.extend(sets.into_iter().filter(|set| set.name != EXAMPLE_SET));
    Ok(chosen)
}

/// Takes the first `limit` puzzles of a set with exactly one solution, as
/// LeetCode promises, and finds the solutions not written in the file. Other
/// puzzles are left out, and the count of them said on stderr.
fn prepare(set: PuzzleSet, limit: Option<usize>) -> JudgedSet {
    let limit = limit.unwrap_or(usize::MAX);
    let reference = approaches::find(approaches::DEFAULT_APPROACH).unwrap_or(&APPROACHES[0]);
    let mut cases = Vec::new();
    let mut left_out = 0;
    for puzzle in set.puzzles {
        if cases.len() == limit {
            break;
        }
        // Conflicting givens: no solution at all.
        let Ok(valid) = puzzle.puzzle() else {
            left_out += 1;
            continue;
        };
        let expected = match puzzle.solution {
            Some(solution) => Some(solution),
            None if count_solutions(&valid, 2) == 1 => solve::run(reference, &valid)
                .ok()
                .map(|solved| solved.solution),
            None => None,
        };
        match expected {
            Some(expected) => cases.push(Case {
                line: puzzle.line,
                puzzle: puzzle.board,
                valid,
                expected,
            }),
            None => left_out += 1,
        }
    }
    if left_out > 0 {
        say!(
            "note: {left_out} puzzle(s) of {} left out: not exactly one solution, which LeetCode \
             guarantees",
            set.name
        );
    }
    JudgedSet {
        name: set.name,
        cases,
    }
}

/// Judges what the program did with one case: its time if it returned the
/// expected board.
fn judge_outcome(case: &Case, outcome: Outcome) -> Result<Duration, Problem> {
    match outcome {
        Outcome::Returned { board, elapsed, .. } => {
            match judge::compare_answer(&case.puzzle, &case.expected, &board) {
                Ok(()) => Ok(elapsed),
                Err(mismatch) => Err(Problem::Wrong {
                    received: board,
                    mismatch,
                }),
            }
        }
        Outcome::TimedOut { waited } => Err(Problem::TimedOut { waited }),
        Outcome::Panicked { message } => Err(Problem::Panicked { message }),
        Outcome::Died {
            status,
            stream,
            tail,
        } => Err(Problem::Died {
            status,
            stream,
            tail,
        }),
    }
}

/// One line on what went wrong.
fn summary(failure: &Failure, time_limit: Duration) -> String {
    match &failure.problem {
        Problem::Wrong { mismatch, .. } => mismatch.reason.clone(),
        Problem::TimedOut { waited } => format!(
            "no answer within the time limit of {}; stopped after {}",
            format_seconds(time_limit),
            format_seconds(*waited)
        ),
        Problem::Panicked { message } => message.clone(),
        Problem::Died { status, .. } => format!("the program {status}"),
    }
}

/// A failure in full: what went wrong and the puzzle it went wrong on.
fn describe_failure(failure: &Failure, time_limit: Duration, titled: bool, colour: bool) -> String {
    let mut text = String::new();
    if titled {
        let verdict = paint(&failure.verdict().to_string(), RED, colour);
        text.push_str(&format!("{verdict} on {}\n", failure.place()));
    }
    text.push_str(&format!("  {}\n", summary(failure, time_limit)));
    match &failure.problem {
        Problem::Wrong { received, mismatch } => {
            let (row, column) = mismatch.first;
            let shown = |board: &Board| {
                board
                    .get(row)
                    .and_then(|cells| cells.get(column))
                    .map_or_else(|| "nothing".to_string(), |cell| format!("{cell:?}"))
            };
            text.push_str(&format!(
                "  first difference, marked [ ]: row {}, column {}: expected {}, received {}\n\n",
                row + 1,
                column + 1,
                shown(&failure.expected),
                shown(received)
            ));
            text.push_str(&judge::render_diff(
                &failure.puzzle,
                &failure.expected,
                received,
                mismatch.first,
                colour,
            ));
            text.push_str(&format!(
                "input:    {}\nexpected: {}\nreceived: {}\n",
                board::to_line(&failure.puzzle),
                board::to_line(&failure.expected),
                judge::board_line(received)
            ));
            text.push_str(&leetcode_input(failure));
        }
        Problem::Died { stream, tail, .. } => {
            let tail = tail.trim();
            if !tail.is_empty() {
                text.push_str(&format!("  its {} ended with:\n", stream.name()));
                let lines: Vec<&str> = tail.lines().collect();
                for line in &lines[lines.len().saturating_sub(10)..] {
                    text.push_str(&format!("    {}\n", judge::escape_controls(line)));
                }
            }
            text.push_str(&last_input(failure));
        }
        Problem::TimedOut { .. } | Problem::Panicked { .. } => {
            text.push_str(&last_input(failure));
        }
    }
    text.push_str(&printed_output(&failure.printed));
    text
}

fn last_input(failure: &Failure) -> String {
    format!(
        "\nlast executed input:\n{}{}\n{}",
        board::format_grid(&failure.puzzle),
        board::to_line(&failure.puzzle),
        leetcode_input(failure)
    )
}

/// The failing puzzle in LeetCode's input form, ready for its test box.
fn leetcode_input(failure: &Failure) -> String {
    format!(
        "in LeetCode's form (for its test box):\n{}\n",
        board::to_leetcode(&failure.puzzle)
    )
}

/// What the solution printed itself on the failing puzzle, its first lines,
/// as LeetCode shows "Stdout".
fn printed_output(printed: &program::Printed) -> String {
    let mut text = String::new();
    for (name, lines) in [("stdout", &printed.stdout), ("stderr", &printed.stderr)] {
        if lines.is_empty() {
            continue;
        }
        text.push_str(&format!(
            "\nyour code's {name} on this puzzle (the first {} lines at most):\n",
            program::PRINTED_LINES
        ));
        for line in lines {
            text.push_str(&format!("  {}\n", judge::escape_controls(line)));
        }
    }
    text
}

/// The table of sets: puzzles passed, median and maximum time per puzzle.
fn render_reports(reports: &[SetReport]) -> String {
    let width = reports
        .iter()
        .map(|report| report.name.len())
        .chain([3])
        .max()
        .unwrap_or(3);
    let mut text = format!(
        "{:<width$}  {:>11}  {:>10}  {:>10}\n",
        "set", "passed", "median", "max"
    );
    for report in reports {
        let passed = format!("{}/{}", report.passed, report.size);
        let (median, max) = match median_and_max(&report.times) {
            Some((median, max)) => (format_duration(median), format_duration(max)),
            None => ("-".to_string(), "-".to_string()),
        };
        let note = if report.ran == report.size {
            ""
        } else if report.ran == 0 {
            "  (not run: stopped at the first failure)"
        } else {
            "  (stopped at the first failure)"
        };
        text.push_str(&format!(
            "{:<width$}  {passed:>11}  {median:>10}  {max:>10}{note}\n",
            report.name
        ));
    }
    let times: Vec<Duration> = reports
        .iter()
        .flat_map(|report| report.times.iter().copied())
        .collect();
    let total: Duration = times.iter().sum();
    text.push_str(&format!(
        "Total time over the {} puzzles passed: {} (LeetCode limits the total of all its tests).\n",
        times.len(),
        format_duration(total)
    ));
    text.push_str("Times are of the call to solve_sudoku alone, measured inside the program.\n");
    text
}

/// After Accepted: the next idea to try, chosen by how yours compares with
/// the repository's most-constrained and propagation approaches on the same
/// puzzles (run here, in this process), and the practice ladder.
fn suggest_next(cases: &[&Case], user_times: &[Duration]) -> String {
    let yours: Duration = user_times.iter().sum();
    let time_of = |name: &str| -> Duration {
        let Some(approach) = approaches::find(name) else {
            return Duration::ZERO;
        };
        let started = Instant::now();
        for case in cases {
            let _ = solve::run(approach, &case.valid);
        }
        started.elapsed()
    };
    // Within three times an approach's time counts as its league.
    let league = if yours > time_of("most_constrained") * 3 {
        "bool_arrays"
    } else if yours > time_of("propagation") * 3 {
        "most_constrained"
    } else {
        "propagation"
    };
    let (idea, note) = practice::faster_idea(league);
    format!(
        "\nNext: try to {idea}: {note}\n\
         (practise it rung by rung with `sudoku37 practice`; `--compare` sets yours beside every approach)\n"
    )
}

fn median_and_max(times: &[Duration]) -> Option<(Duration, Duration)> {
    let mut sorted = times.to_vec();
    sorted.sort();
    let max = *sorted.last()?;
    let middle = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[middle]
    } else {
        (sorted[middle - 1] + sorted[middle]) / 2
    };
    Some((median, max))
}

/// Times one approach on the cases, in order, in a worker process that is
/// stopped when `budget` is spent, even in the middle of a search: the time
/// of the puzzles it solved, and how many those are.
fn time_in_worker(approach: &Approach, cases: &[&Case], budget: Duration) -> (Duration, usize) {
    let mut theirs = Duration::ZERO;
    let mut done = 0;
    let Ok(mut running) = Worker::start(approach) else {
        return (theirs, done);
    };
    let started = Instant::now();
    for case in cases {
        let left = budget.saturating_sub(started.elapsed());
        if left.is_zero()
            || running
                .send(&worker::puzzle_line(case.valid.cells()))
                .is_err()
        {
            break;
        }
        match running.receive(Some(left)) {
            Received::Record(record) if record.verdict == WorkerVerdict::Solved => {
                theirs += record.elapsed;
                done += 1;
            }
            _ => break,
        }
    }
    running.stop();
    (theirs, done)
}

/// Runs each of the repository's approaches in a worker process on the same
/// puzzles, in the same order, until it has spent `budget`, and says how the
/// user's times compare on the puzzles it finished.
fn compare_with_approaches(cases: &[&Case], user_times: &[Duration], budget: Duration) -> String {
    let progress = ProgressBar::new(APPROACHES.len() as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} approaches  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut text = format!(
        "\nBeside the repository's approaches on the same puzzles (a quick run in worker processes,\n\
         each approach stopped when it has spent {}: a rough guide; `sudoku37 compare` and\n\
         `cargo bench` measure with care):\n",
        format_seconds(budget)
    );
    if cfg!(debug_assertions) {
        text.push_str(
            "(this sudoku37 is a debug build, whose approaches run many times slower than in a \
             release build)\n",
        );
    }
    let width = APPROACHES
        .iter()
        .map(|approach| approach.name.len())
        .max()
        .unwrap_or(0);
    text.push_str(&format!(
        "  {:<width$}  {:>15}  {:>10}  {:>10}  puzzles\n",
        "approach", "yours is", "yours", "its"
    ));
    for approach in APPROACHES {
        progress.set_message(approach.name);
        let (theirs, done) = time_in_worker(approach, cases, budget);
        progress.inc(1);
        let yours: Duration = user_times[..done].iter().sum();
        let coverage = if done == cases.len() {
            format!("all {done}")
        } else {
            format!(
                "the first {done} of {} (its {} ran out)",
                cases.len(),
                format_seconds(budget)
            )
        };
        let ratio = if done == 0 || yours.is_zero() || theirs.is_zero() {
            "-".to_string()
        } else {
            let ratio = theirs.as_secs_f64() / yours.as_secs_f64();
            if ratio >= 1.0 {
                format!("{ratio:.1}x faster")
            } else {
                format!("{:.1}x slower", 1.0 / ratio)
            }
        };
        text.push_str(&format!(
            "  {:<width$}  {ratio:>15}  {:>10}  {:>10}  {coverage}\n",
            approach.name,
            format_duration(yours),
            format_duration(theirs)
        ));
    }
    progress.finish_and_clear();
    text
}

const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[1;32m";

fn paint(text: &str, colour_code: &str, colour: bool) -> String {
    if colour {
        format!("{colour_code}{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

fn format_duration(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.2} ms", micros / 1000.0)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

fn format_seconds(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds.fract() == 0.0 {
        format!("{seconds} s")
    } else {
        format!("{seconds:.2} s")
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
        Err(error) => Err(Stop::Error(format!("cannot write the report: {error}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_puzzles_with_exactly_one_solution_are_judged_and_missing_solutions_are_found() {
        let example = sets::leetcode_example();
        let puzzle = board::to_line(&example.board);
        let solution = board::to_line(example.solution.as_ref().expect("known"));
        let conflicting = format!("55{}", &puzzle[2..]);
        let empty = ".".repeat(81);
        let text = format!("{puzzle}\n{conflicting}\n{empty}\n{puzzle} {solution}\n");
        let (puzzles, errors) = sets::parse_set(&text);
        assert!(errors.is_empty());
        let set = PuzzleSet {
            name: "mixed".to_string(),
            puzzles,
        };
        let judged = prepare(set.clone(), None);
        let lines: Vec<usize> = judged.cases.iter().map(|case| case.line).collect();
        assert_eq!(lines, vec![1, 4]);
        for case in &judged.cases {
            assert_eq!(Some(&case.expected), example.solution.as_ref());
        }
        assert_eq!(prepare(set, Some(1)).cases.len(), 1);
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let times = |millis: &[u64]| -> Vec<Duration> {
            millis.iter().map(|&ms| Duration::from_millis(ms)).collect()
        };
        assert_eq!(median_and_max(&[]), None);
        assert_eq!(
            median_and_max(&times(&[9, 1, 5])),
            Some((Duration::from_millis(5), Duration::from_millis(9)))
        );
        assert_eq!(
            median_and_max(&times(&[4, 1, 2, 8])),
            Some((Duration::from_millis(3), Duration::from_millis(8)))
        );
    }
}
