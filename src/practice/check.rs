//! `practice check`, whole but for reading the file and printing: compile
//! the learner's file with the judge's driver, run the stages smallest first
//! on the compiled program, and write the report, which explains the first
//! failure with a hint.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::error::CheckError;
use super::race::race_page;
use super::stage::{box_clash, judge_case, stage_cases, FailedCase, Failure};
use super::{next_after, Exercise, Hint};
use crate::board;
use crate::judge::program::{self, CompileFailure, CompileOptions, Exchange, Program};
use crate::judge::{self as judging, Entry, Reply, Verdict};
use crate::sets;

/// How many puzzles of each graded set a check takes by default.
pub const DEFAULT_GRADED_PUZZLES: u64 = 20;

/// A learner's solution may take this many times the reference's time on a
/// puzzle, and never less than [`TIME_FLOOR`].
const TIME_FACTOR: u32 = 100;
const TIME_FLOOR: Duration = Duration::from_millis(500);

/// Added to the first case's limit: the time the program takes to start.
const STARTUP: Duration = Duration::from_secs(1);

/// How to check an exercise.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// How to compile the learner's file.
    pub compile: CompileOptions,
    /// Seconds one case may take, instead of the limit set by the reference.
    pub time_limit: Option<Duration>,
    /// Write the race page of the learner's search beside the reference's
    /// here.
    pub html: Option<PathBuf>,
    /// At most this many puzzles of each set.
    pub limit: usize,
}

/// What a check gave: its report, and whether every stage passed.
#[derive(Debug)]
pub struct Checked {
    /// The report, as far as the check got.
    pub report: String,
    /// `Ok(true)` when every stage passed, `Ok(false)` at a failure (the
    /// report explains it), or why the check stopped.
    pub outcome: Result<bool, CheckError>,
}

/// Checks the learner's `code` (read from `path`) as `exercise`.
pub fn check(
    exercise: &'static Exercise,
    path: &Path,
    code: &str,
    options: &CheckOptions,
) -> Checked {
    let mut report = Report {
        text: String::new(),
    };
    report.line(&format!("{}: {}", exercise.name, exercise.title));
    let outcome = match run_check(exercise, path, code, options, &mut report) {
        Ok(None) => {
            report.line(&format!("\nPassed: every stage of {}.", exercise.name));
            match next_after(exercise.name) {
                Some(next) => report.line(&format!(
                    "Next rung: {} ({}): sudoku37 practice start {}; the idea: {}",
                    next.name, next.title, next.name, next.note
                )),
                None => report.line("That was the last rung."),
            }
            report.line("Before pasting into LeetCode, delete the trace_place / trace_undo calls.");
            Ok(true)
        }
        Ok(Some(failure)) => {
            report.failure(exercise, &failure);
            Ok(false)
        }
        Err(error) => Err(error),
    };
    Checked {
        report: report.text,
        outcome,
    }
}

/// The check's report, written as it goes.
struct Report {
    text: String,
}

impl Report {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
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
    options: &CheckOptions,
    report: &mut Report,
) -> Result<Option<Failure>, CheckError> {
    let compile_options = &options.compile;
    let file_name = match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    };
    let workspace = program::workspace().map_err(CheckError::TempFolder)?;
    let binary = match program::compile(
        code,
        &file_name,
        exercise.entry,
        compile_options,
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
        Err(failure) => return Err(CheckError::Compile(failure)),
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
    options: &CheckOptions,
    report: &mut Report,
) -> Result<Option<Failure>, CheckError> {
    let mut program = Program::new(binary.to_path_buf());
    let mut first = true;
    for &stage in exercise.stages {
        let cases = stage_cases(exercise, stage, options.limit)?;
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
                    .map_err(|source| CheckError::Program {
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
            crate::measure::format_duration(total)
        ));
    }
    Ok(None)
}
