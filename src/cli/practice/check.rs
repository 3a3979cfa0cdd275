//! `practice check`: which exercise a file is, compiling it with the
//! judge's driver, running the stages smallest first on the compiled
//! program, and the report, which explains the first failure with a hint.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::Args;

use sudoku37::board;
use sudoku37::judge::{self as judging, Entry, Reply, Verdict};
use sudoku37::practice::{self, Exercise, Hint};
use sudoku37::sets;

use super::case::{box_clash, judge_case, stage_cases, FailedCase, Failure};
use super::race::race_page;
use super::{exercise_named, read_state, write_state};
use crate::cli::error::{fail, CliError};
use crate::cli::judge::program::{self, CompileFailure, CompileOptions, Exchange, Program};
use crate::cli::{finish, Output, Status};

/// How many puzzles of each graded set a check takes by default.
const DEFAULT_GRADED_PUZZLES: u64 = 20;

/// A learner's solution may take this many times the reference's time on a
/// puzzle, and never less than [`TIME_FLOOR`].
const TIME_FACTOR: u32 = 100;
const TIME_FLOOR: Duration = Duration::from_millis(500);

/// Added to the first case's limit: the time the program takes to start.
const STARTUP: Duration = Duration::from_secs(1);

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
          value_parser = crate::cli::seconds_up_to(3600.0, false), allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// Write a page that plays your search beside the reference's on the
    /// failing puzzle (or LeetCode's example), marking the step where they first part;
    /// your search is recorded from its trace_place / trace_undo calls.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Take at most this many puzzles from each set (the first ones).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GRADED_PUZZLES,
          value_parser = crate::cli::whole_number::<u64>(1, 1000), allow_negative_numbers = true)]
    limit: u64,
}

/// Which exercise a check target is, and the file: a name is the learner's
/// file in the folder; a path says its exercise by its name or first line.
fn resolve(dir: &Path, options: &CheckArgs) -> Result<(&'static Exercise, PathBuf), CliError> {
    let target = &options.target;
    let as_name = practice::find(target);
    let path = match as_name {
        Some(exercise) if !Path::new(target).exists() => dir.join(format!("{}.rs", exercise.name)),
        _ => PathBuf::from(target),
    };
    if let Some(name) = &options.exercise {
        return Ok((exercise_named(name)?, path));
    }
    if let Some(exercise) = as_name {
        return Ok((exercise, path));
    }
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("");
    if let Some(exercise) = practice::find(stem) {
        return Ok((exercise, path));
    }
    let first_line = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| text.lines().next().map(str::to_string))
        .unwrap_or_default();
    let named = first_line
        .strip_prefix("// sudoku37 practice: ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(practice::find);
    match named {
        Some(exercise) => Ok((exercise, path)),
        None => Err(CliError::WhichExercise {
            path: path.display().to_string(),
        }),
    }
}

pub(super) fn check(dir: &Path, options: &CheckArgs) -> ExitCode {
    let (exercise, path) = match resolve(dir, options) {
        Ok(found) => found,
        Err(error) => return fail(&error),
    };
    let code = match std::fs::read_to_string(&path) {
        Ok(code) => code,
        Err(source) if source.kind() == std::io::ErrorKind::NotFound => {
            return fail(&CliError::ExerciseNotStarted {
                path: path.display().to_string(),
                name: exercise.name,
                source,
            })
        }
        Err(source) => {
            return fail(&CliError::Unreadable {
                path: path.display().to_string(),
                source,
            })
        }
    };
    let mut out = Output::stdout();
    let mut report = Report {
        out: &mut out,
        text: String::new(),
    };
    report.line(&format!("{}: {}", exercise.name, exercise.title));
    let outcome = run_check(exercise, &path, &code, options, &mut report);
    let status = match outcome {
        Ok(None) => {
            let mut state = read_state(dir);
            state.passed.insert(exercise.name.to_string());
            if let Err(error) = write_state(dir, &state) {
                say!("note: {error}");
            }
            report.line(&format!("\nPassed: every stage of {}.", exercise.name));
            match practice::next_after(exercise.name) {
                Some(next) => report.line(&format!(
                    "Next rung: {} ({}): sudoku37 practice start {}; the idea: {}",
                    next.name, next.title, next.name, next.note
                )),
                None => report.line("That was the last rung."),
            }
            report.line("Before pasting into LeetCode, delete the trace_place / trace_undo calls.");
            Status::Ok
        }
        Ok(Some(failure)) => {
            report.failure(exercise, &failure);
            Status::Failed
        }
        Err(error) => {
            let written = report.flush();
            say!("error: {error}");
            return finish(error.status(), written);
        }
    };
    let written = report.flush();
    finish(status, written)
}

/// The check's report, written as it goes.
struct Report<'a> {
    out: &'a mut Output,
    text: String,
}

impl Report<'_> {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let text = std::mem::take(&mut self.text);
        self.out.write_str(&text).and_then(|()| self.out.flush())
    }

    fn failure(&mut self, exercise: &Exercise, failure: &Failure) {
        self.line(&format!("\n{}: {}", failure.verdict, failure.reason));
        if let Some(FailedCase { case, marks, drawn }) = &failure.case {
            self.line(&format!("  on {}", case.place));
            if !case.own.board.is_empty() {
                self.line("\ninput, in LeetCode's form (paste it into LeetCode's test box):");
                self.line(&board::to_leetcode(&case.own.board));
            }
            let mut marked: Vec<(usize, usize)> =
                marks.map(|cells| cells.to_vec()).unwrap_or_default();
            marked.dedup();
            if !drawn.is_empty() {
                let title = if marked.is_empty() {
                    "\nthe board:".to_string()
                } else {
                    let cells: Vec<String> = marked
                        .iter()
                        .map(|(r, c)| format!("row {}, column {}", r + 1, c + 1))
                        .collect();
                    format!("\nthe board, marked [ ]: {}", cells.join(" and "))
                };
                self.line(&title);
                self.text
                    .push_str(&board::format_grid_marked(drawn, &marked));
            }
            if exercise.entry == Entry::SolveSudoku {
                let yours = failure
                    .nodes
                    .map_or_else(|| "-".to_string(), |nodes| nodes.to_string());
                self.line(&format!(
                    "nodes on this puzzle: yours {yours}, the reference ({}) {}{}",
                    exercise.reference_approach,
                    case.reference_nodes,
                    if failure.nodes == Some(0) {
                        "  (yours count trace_place calls)"
                    } else {
                        ""
                    }
                ));
            }
        }
        self.line(&format!("\nhint: {}", failure.hint.why()));
        self.line(&format!("  read: {}", failure.hint.section(exercise)));
        self.line(&format!("  more: sudoku37 practice hint {}", exercise.name));
    }
}

/// Compiles and runs the stages; `Ok(None)` when every stage passed.
fn run_check(
    exercise: &'static Exercise,
    path: &Path,
    code: &str,
    options: &CheckArgs,
    report: &mut Report<'_>,
) -> Result<Option<Failure>, CliError> {
    let compile_options = CompileOptions {
        rustc: CompileOptions::rustc_from_env(),
        edition: options.edition.clone(),
        colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let file_name = match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    };
    let workspace = program::workspace().map_err(CliError::TempFolder)?;
    let binary = match program::compile(
        code,
        &file_name,
        exercise.entry,
        &compile_options,
        &workspace,
    ) {
        Ok(binary) => binary,
        Err(CompileFailure::Rejected(diagnostics)) => {
            report.line("stage compile: failed\n");
            report.text.push_str(&diagnostics);
            return Ok(Some(Failure {
                verdict: Verdict::CompileError,
                hint: Hint::CompileError,
                reason: "rustc rejected the code (its messages are above)".to_string(),
                case: None,
                nodes: None,
            }));
        }
        Err(failure) => return Err(CliError::Compile(failure)),
    };
    report.line("stage compile: passed");
    let outcome = run_stages(exercise, &binary, options, report)?;
    if let Some(page) = &options.html {
        if exercise.entry == Entry::SolveSudoku {
            let puzzle = outcome
                .as_ref()
                .and_then(|failure| failure.case.as_ref())
                .map_or_else(
                    || sets::leetcode_example().board,
                    |failed| failed.case.own.board.clone(),
                );
            report.line(&race_page(exercise, &binary, &puzzle, page)?);
        } else {
            report.line("(--html: only the solver rungs search, so there is no page to draw)");
        }
    }
    Ok(outcome)
}

/// Runs the stages of `exercise` on the compiled `binary`, smallest first;
/// `Ok(None)` when every stage passed.
fn run_stages(
    exercise: &'static Exercise,
    binary: &Path,
    options: &CheckArgs,
    report: &mut Report<'_>,
) -> Result<Option<Failure>, CliError> {
    let mut program = Program::new(binary.to_path_buf());
    let mut first = true;
    for &stage in exercise.stages {
        let cases = stage_cases(exercise, stage, options.limit as usize)?;
        let mut nodes = (0u64, 0u64);
        let mut total = Duration::ZERO;
        // box_of's answers, all 81 of them, to draw beside a wrong one.
        let mut boxes = vec![vec![' '; 9]; 9];
        let mut first_wrong: Option<Failure> = None;
        for case in cases {
            let mut limit = options
                .time_limit
                .unwrap_or_else(|| (case.reference_time * TIME_FACTOR).max(TIME_FLOOR));
            // The first case also waits for the program to start.
            if first {
                limit += STARTUP;
                first = false;
            }
            let exchange =
                program
                    .exchange(&case.own.input, limit)
                    .map_err(|source| CliError::Program {
                        what: "exercise",
                        source,
                    })?;
            if exercise.entry == Entry::BoxOf {
                if let Exchange::Reply(line) = &exchange {
                    if let Some(Reply::Ok { payload, .. }) = judging::parse_raw_reply(line) {
                        let index = boxes.iter().flatten().filter(|&&cell| cell != ' ').count();
                        let shown = payload
                            .trim()
                            .chars()
                            .next()
                            .filter(|_| payload.trim().len() == 1)
                            .unwrap_or('?');
                        boxes[index / 9][index % 9] = shown;
                    }
                }
            }
            match judge_case(exercise, stage, case, exchange, limit) {
                Err(failure)
                    if exercise.entry == Entry::BoxOf && failure.hint == Hint::WrongBox =>
                {
                    first_wrong.get_or_insert(*failure);
                }
                Ok((elapsed, yours, reference)) => {
                    total += elapsed;
                    nodes.0 += yours;
                    nodes.1 += reference;
                }
                Err(mut failure) => {
                    report.line(&format!("stage {stage}: failed"));
                    let printed = program.printed();
                    if !printed.stdout.is_empty() || !printed.stderr.is_empty() {
                        failure
                            .reason
                            .push_str("\n\nyour code printed on this case:");
                        for line in &printed.stdout {
                            failure.reason.push_str(&format!(
                                "\n  stdout: {}",
                                judging::escape_controls(line)
                            ));
                        }
                        for line in &printed.stderr {
                            failure.reason.push_str(&format!(
                                "\n  stderr: {}",
                                judging::escape_controls(line)
                            ));
                        }
                    }
                    return Ok(Some(*failure));
                }
            }
        }
        if let Some(mut failure) = first_wrong {
            report.line(&format!("stage {stage}: failed"));
            if let Some(FailedCase { case, marks, drawn }) = failure.case.as_mut() {
                let index = case
                    .own
                    .input
                    .split_whitespace()
                    .filter_map(|word| word.parse::<usize>().ok())
                    .collect::<Vec<_>>();
                if let [r, c] = index[..] {
                    *marks = box_clash(&boxes, (r, c)).map(|other| [(r, c), other]);
                    *drawn = boxes.clone();
                    failure.reason.push_str("\n  the grid below shows the number your box_of gives every cell; the two marked cells lie in different boxes but got the same number, or in one box but got different numbers");
                }
            }
            return Ok(Some(failure));
        }
        let node_note = if exercise.entry == Entry::SolveSudoku {
            format!(
                "; nodes: yours {}, the reference ({}) {}",
                nodes.0, exercise.reference_approach, nodes.1
            )
        } else {
            String::new()
        };
        report.line(&format!(
            "stage {stage}: passed in {}{node_note}",
            sudoku37::measure::format_duration(total)
        ));
    }
    Ok(None)
}
