//! `sudoku37 practice`: the ladder of exercises (`list`), a stub to start
//! from (`start`), a check that runs the stages smallest first and explains
//! the first failure (`check`), and hints one level at a time (`hint`).
//!
//! The learner's files live in a folder git ignores (`practice/mine/` by
//! default, or `$SUDOKU37_PRACTICE_DIR`, or `--dir`), with a small state
//! file beside them. Compiling and running the learner's code goes through
//! the judge's driver and program runner (`judge/program.rs`, on the one
//! process runner); the reference runs in this process, on the same cases, in
//! the same run, and sets the time and node limits.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand, ValueEnum};

use sudoku37::approaches;
use sudoku37::board::{self, Board, Unit};
use sudoku37::judge::{self as judging, Entry, Outcome, Reply};
use sudoku37::practice::{self, Exercise, Hint, Language, OwnCase, Stage, State, LADDER};
use sudoku37::trace::{self, Trace};
use sudoku37::{probe, sets, solve, Puzzle};

use super::judge::program::{self, CompileFailure, CompileOptions, Exchange, Program};
use super::{finish, Output, Status};

/// The learner's folder when neither `--dir` nor the variable names one.
const DEFAULT_DIR: &str = "practice/mine";

/// The state file in the learner's folder.
const STATE_FILE: &str = "progress.txt";

/// How many puzzles of each graded set a check takes by default.
const DEFAULT_GRADED_PUZZLES: u64 = 20;

/// A learner's solution may take this many times the reference's time on a
/// puzzle, and never less than [`TIME_FLOOR`].
const TIME_FACTOR: u32 = 100;
const TIME_FLOOR: Duration = Duration::from_millis(500);

/// Added to the first case's limit: the time the program takes to start.
const STARTUP: Duration = Duration::from_secs(1);

/// Options of `practice`.
#[derive(Debug, Clone, Args)]
pub struct PracticeArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// The folder of your exercises and progress (default: $SUDOKU37_PRACTICE_DIR,
    /// or practice/mine, which git ignores).
    #[arg(long, global = true, value_name = "DIR")]
    dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Subcommand)]
enum Action {
    /// The ladder of exercises, in learning order, with your status (the
    /// default).
    List,
    /// Write the stub of an exercise into your folder (never overwrites).
    Start(StartArgs),
    /// Check your exercise: compile, then its own cases, LeetCode's example,
    /// graded easy, hard and extreme, stopping at the first failure with a
    /// hint.
    Check(CheckArgs),
    /// The next hint for an exercise: the concept, then the suspicious
    /// pattern, then the note's section.
    Hint(HintArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Lang {
    En,
    Zh,
}

#[derive(Debug, Clone, Args)]
struct StartArgs {
    /// The exercise (see `sudoku37 practice list`).
    name: String,
    /// The language of the stub's comments.
    #[arg(long, value_enum, default_value = "en")]
    lang: Lang,
}

#[derive(Debug, Clone, Args)]
struct CheckArgs {
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
          value_parser = super::seconds_up_to(3600.0, false), allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// Write a page that plays your search beside the reference's on the
    /// failing puzzle (or LeetCode's example), with where they first part;
    /// your search is recorded from its trace_place / trace_undo calls.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Puzzles taken from each graded set (the first ones).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GRADED_PUZZLES,
          value_parser = super::whole_number::<u64>(1, 1000), allow_negative_numbers = true)]
    limit: u64,
}

#[derive(Debug, Clone, Args)]
struct HintArgs {
    /// The exercise.
    name: String,
}

/// Runs `practice`.
pub fn run(arguments: &PracticeArgs) -> ExitCode {
    let dir = practice_dir(arguments.dir.as_deref());
    match &arguments.action {
        None | Some(Action::List) => list(&dir),
        Some(Action::Start(options)) => start(&dir, options),
        Some(Action::Check(options)) => check(&dir, options),
        Some(Action::Hint(options)) => hint(&dir, options),
    }
}

fn practice_dir(given: Option<&Path>) -> PathBuf {
    if let Some(dir) = given {
        return dir.to_path_buf();
    }
    match std::env::var_os(practice::DIR_ENV_NAME) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(DEFAULT_DIR),
    }
}

fn read_state(dir: &Path) -> State {
    std::fs::read_to_string(dir.join(STATE_FILE))
        .map(|text| State::parse(&text))
        .unwrap_or_default()
}

fn write_state(dir: &Path, state: &State) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(dir.join(STATE_FILE), state.to_text()))
        .map_err(|error| format!("cannot write {}: {error}", dir.join(STATE_FILE).display()))
}

/// The exercise named `name`, or an error listing the names.
fn exercise_named(name: &str) -> Result<&'static Exercise, String> {
    practice::find(name).ok_or_else(|| {
        let names: Vec<&str> = LADDER.iter().map(|exercise| exercise.name).collect();
        format!("no exercise {name:?}: the ladder has {}", names.join(", "))
    })
}

fn list(dir: &Path) -> ExitCode {
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

fn start(dir: &Path, options: &StartArgs) -> ExitCode {
    let exercise = match exercise_named(&options.name) {
        Ok(exercise) => exercise,
        Err(message) => return fail(&message, Status::BadInput),
    };
    let path = dir.join(format!("{}.rs", exercise.name));
    if path.exists() {
        return fail(
            &format!(
                "{} exists already and is never overwritten: check it with `sudoku37 practice check {}`, or delete it to start again",
                path.display(),
                exercise.name
            ),
            Status::Failed,
        );
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
    if let Err(error) = written {
        return fail(
            &format!("cannot write {}: {error}", path.display()),
            Status::BadInput,
        );
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

fn hint(dir: &Path, options: &HintArgs) -> ExitCode {
    let exercise = match exercise_named(&options.name) {
        Ok(exercise) => exercise,
        Err(message) => return fail(&message, Status::BadInput),
    };
    let mut state = read_state(dir);
    let level = state
        .hints
        .get(exercise.name)
        .copied()
        .unwrap_or(0)
        .saturating_add(1)
        .min(3);
    state.hints.insert(exercise.name.to_string(), level);
    let labels = ["the concept", "the suspicious pattern", "the note"];
    let mut text = format!("Hints for {} ({} of 3):\n", exercise.name, level);
    for (index, hint) in exercise.hints.iter().enumerate().take(usize::from(level)) {
        text.push_str(&format!("  {}. {}: {hint}\n", index + 1, labels[index]));
    }
    if level < 3 {
        text.push_str(&format!(
            "Run `sudoku37 practice hint {}` again for the next one.\n",
            exercise.name
        ));
    }
    if let Err(message) = write_state(dir, &state) {
        say!("note: {message}");
    }
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    finish(Status::Ok, written)
}

fn fail(message: &str, status: Status) -> ExitCode {
    say!("error: {message}");
    status.exit_code()
}

/// Which exercise a check target is, and the file: a name is the learner's
/// file in the folder; a path says its exercise by its name or first line.
fn resolve(dir: &Path, options: &CheckArgs) -> Result<(&'static Exercise, PathBuf), String> {
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
        None => Err(format!(
            "which exercise is {}? Name the file NAME.rs or give --exercise NAME (see `sudoku37 practice list`)",
            path.display()
        )),
    }
}

/// One case of a stage, ready to run.
struct Case {
    /// Where it comes from, for messages: `graded_easy line 7`.
    place: String,
    own: OwnCase,
    /// The reference's time and nodes on it.
    reference_time: Duration,
    reference_nodes: u64,
}

/// The case a check failed on, with what to draw.
struct FailedCase {
    case: Case,
    /// The two cells to mark (a clash), if any.
    marks: Option<[(usize, usize); 2]>,
    /// The board to draw: the received one, or the input.
    drawn: Board,
}

/// How a check went wrong.
struct Failure {
    verdict: &'static str,
    hint: Hint,
    /// What went wrong, in a sentence.
    reason: String,
    /// The case, its cells to mark, and the board to draw them on.
    case: Option<FailedCase>,
    /// The learner's nodes on the case.
    nodes: Option<u64>,
}

fn check(dir: &Path, options: &CheckArgs) -> ExitCode {
    let (exercise, path) = match resolve(dir, options) {
        Ok(found) => found,
        Err(message) => return fail(&message, Status::BadInput),
    };
    let code = match std::fs::read_to_string(&path) {
        Ok(code) => code,
        Err(error) => {
            let advice = if error.kind() == std::io::ErrorKind::NotFound {
                format!(
                    " (start it with `sudoku37 practice start {}`)",
                    exercise.name
                )
            } else {
                String::new()
            };
            return fail(
                &format!("cannot read {}: {error}{advice}", path.display()),
                Status::BadInput,
            );
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
            if let Err(message) = write_state(dir, &state) {
                say!("note: {message}");
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
        Err(message) => {
            let written = report.flush();
            say!("error: {message}");
            return finish(Status::BadInput, written);
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
) -> Result<Option<Failure>, String> {
    let compile_options = CompileOptions {
        rustc: CompileOptions::rustc_from_env(),
        edition: options.edition.clone(),
        colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let file_name = match path.file_name().and_then(|name| name.to_str()) {
        Some(name) if name.ends_with(".rs") => name.to_string(),
        _ => "solution.rs".to_string(),
    };
    let workspace =
        program::workspace().map_err(|error| format!("cannot make a temporary folder: {error}"))?;
    let binary = match program::compile(
        code,
        &file_name,
        exercise.entry,
        &compile_options,
        &workspace,
    ) {
        Ok(binary) => binary,
        Err(CompileFailure::Io(message)) => return Err(message),
        Err(CompileFailure::Rejected(diagnostics)) => {
            report.line("stage compile: failed\n");
            report.text.push_str(&diagnostics);
            return Ok(Some(Failure {
                verdict: "Compile Error",
                hint: Hint::CompileError,
                reason: "rustc rejected the code (its messages are above)".to_string(),
                case: None,
                nodes: None,
            }));
        }
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
) -> Result<Option<Failure>, String> {
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
            let exchange = program
                .exchange(&case.own.input, limit)
                .map_err(|error| format!("cannot run the compiled exercise: {error}"))?;
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
            super::format_duration(total)
        ));
    }
    Ok(None)
}

/// The cases of one stage, each with the reference's time and nodes on it,
/// measured now, in this run.
fn stage_cases(exercise: &Exercise, stage: Stage, limit: usize) -> Result<Vec<Case>, String> {
    let owns: Vec<(String, OwnCase)> = match stage {
        Stage::Own => practice::own_cases(exercise)
            .into_iter()
            .enumerate()
            .map(|(index, own)| (format!("own case {}", index + 1), own))
            .collect(),
        Stage::Example | Stage::Graded(_) => {
            let name = match stage {
                Stage::Graded(name) => name,
                _ => "leetcode_example",
            };
            let set =
                sets::builtin(name).ok_or_else(|| format!("the built-in set {name} is missing"))?;
            set.puzzles
                .into_iter()
                .take(limit)
                .filter_map(|puzzle| {
                    let solution = puzzle.solution.clone()?;
                    Some((
                        format!("{name} line {}", puzzle.line),
                        OwnCase {
                            input: board::to_line(&puzzle.board),
                            expected: board::to_line(&solution),
                            board: puzzle.board,
                            cells: None,
                            unit: None,
                        },
                    ))
                })
                .collect()
        }
    };
    let approach = approaches::find(exercise.reference_approach)
        .ok_or_else(|| format!("the approach {} is missing", exercise.reference_approach))?;
    Ok(owns
        .into_iter()
        .map(|(place, own)| {
            let (reference_time, reference_nodes) = match exercise.entry {
                Entry::SolveSudoku => Puzzle::from_board(&own.board)
                    .ok()
                    .and_then(|puzzle| {
                        let started = Instant::now();
                        let solved = solve::run(approach, &puzzle).ok()?;
                        Some((started.elapsed(), solved.effort.nodes))
                    })
                    .unwrap_or_default(),
                _ => (Duration::ZERO, 0),
            };
            Case {
                place,
                own,
                reference_time,
                reference_nodes,
            }
        })
        .collect())
}

/// Judges one case: its time and the nodes (the learner's, the reference's),
/// or what went wrong.
fn judge_case(
    exercise: &Exercise,
    stage: Stage,
    case: Case,
    exchange: Exchange,
    limit: Duration,
) -> Result<(Duration, u64, u64), Box<Failure>> {
    let failure = |verdict, hint, reason: String, case: Case, marks, drawn: Board, nodes| Failure {
        verdict,
        hint,
        reason,
        case: Some(FailedCase { case, marks, drawn }),
        nodes,
    };
    let line = match exchange {
        Exchange::Reply(line) => line,
        Exchange::NoReply(Outcome::TimedOut { .. }) => {
            let hint = if stage == Stage::Own || stage == Stage::Example {
                Hint::EndlessRecursion
            } else {
                Hint::TooSlow
            };
            let reason = format!(
                "no answer within {:.3} s (the reference took {}); {}",
                limit.as_secs_f64(),
                super::format_duration(case.reference_time),
                if hint == Hint::TooSlow {
                    "earlier stages passed, so the answers are right: the search is too big"
                } else {
                    "on a case this small, a search that does not end"
                }
            );
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                "Time Limit Exceeded",
                hint,
                reason,
                case,
                None,
                drawn,
                None,
            )));
        }
        Exchange::NoReply(Outcome::Died { status, tail, .. }) => {
            let last: Vec<&str> = tail.trim().lines().rev().take(3).collect();
            let hint = if tail.contains("overflow")
                || status.contains("SIGSEGV")
                || status.contains("SIGABRT")
            {
                Hint::EndlessRecursion
            } else {
                Hint::OutOfRange
            };
            let reason = format!(
                "the program {status}; its last words: {}",
                last.into_iter().rev().collect::<Vec<_>>().join(" / ")
            );
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                "Runtime Error",
                hint,
                reason,
                case,
                None,
                drawn,
                None,
            )));
        }
        Exchange::NoReply(other) => {
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                "Runtime Error",
                Hint::EndlessRecursion,
                format!("{other:?}"),
                case,
                None,
                drawn,
                None,
            )));
        }
    };
    let (elapsed, trace, payload) = match judging::parse_raw_reply(&line) {
        Some(Reply::Ok {
            elapsed,
            trace,
            payload,
        }) => (elapsed, trace, payload),
        Some(Reply::Panicked { message }) => {
            let hint = practice::classify_panic(&message);
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                "Runtime Error",
                hint,
                message,
                case,
                None,
                drawn,
                None,
            )));
        }
        None => {
            let drawn = case.own.board.clone();
            return Err(Box::new(failure(
                "Runtime Error",
                Hint::NotADigit,
                format!("an answer that cannot be read: {line}"),
                case,
                None,
                drawn,
                None,
            )));
        }
    };
    match exercise.entry {
        Entry::BoxOf => {
            if payload == case.own.expected {
                return Ok((elapsed, 0, 0));
            }
            let reason = format!(
                "box_of({}) returned {payload}, expected {}",
                case.own.input.replace(' ', ", "),
                case.own.expected
            );
            Err(Box::new(failure(
                "Wrong Answer",
                Hint::WrongBox,
                reason,
                case,
                None,
                Vec::new(),
                None,
            )))
        }
        Entry::IsValidSudoku => {
            if payload == case.own.expected {
                return Ok((elapsed, 0, 0));
            }
            let hint = match (case.own.expected.as_str(), case.own.unit) {
                ("true", _) => Hint::FalseClash,
                (_, Some(Unit::Box(_))) => Hint::MissedBoxClash,
                _ => Hint::MissedLineClash,
            };
            let unit = case.own.unit.map_or_else(String::new, |unit| {
                format!(" (the marked cells clash in {unit})")
            });
            let reason = format!(
                "is_valid_sudoku returned {payload}, expected {}{unit}",
                case.own.expected
            );
            let marks = case.own.cells;
            let drawn = case.own.board.clone();
            Err(Box::new(failure(
                "Wrong Answer",
                hint,
                reason,
                case,
                marks,
                drawn,
                None,
            )))
        }
        Entry::SolveSudoku => {
            let received = judging::decode_board(&payload).unwrap_or_default();
            let puzzle = case.own.board.clone();
            let correct = board::check_solution(&puzzle, &received).is_ok();
            if !correct {
                let (hint, marks) = practice::classify(&puzzle, &received);
                let reason = match board::check_solution(&puzzle, &received) {
                    Err(error) => error.to_string(),
                    Ok(()) => String::new(),
                };
                let reason = match (hint, marks) {
                    (Hint::GivensChanged, Some([(r, c), _])) => format!(
                        "the given {} at row {}, column {} was changed to {:?}",
                        puzzle[r][c],
                        r + 1,
                        c + 1,
                        received[r][c]
                    ),
                    (Hint::BoxFormula | Hint::RowOrColumn, Some([a, b])) => format!(
                        "{reason}: row {}, column {} and row {}, column {}",
                        a.0 + 1,
                        a.1 + 1,
                        b.0 + 1,
                        b.1 + 1
                    ),
                    _ => reason,
                };
                return Err(Box::new(failure(
                    "Wrong Answer",
                    hint,
                    reason,
                    case,
                    marks,
                    received,
                    Some(trace.nodes),
                )));
            }
            if let Some(budget) = exercise.node_budget {
                let allowed = budget.max(2 * case.reference_nodes);
                let blanks = board::count_blanks(&puzzle) as u64;
                if trace.nodes == 0 && blanks > 0 {
                    let reason = "right answers, but no trace_place calls: the node budget cannot be checked".to_string();
                    return Err(Box::new(failure(
                        "Not Counted",
                        Hint::NotTraced,
                        reason,
                        case,
                        None,
                        puzzle,
                        Some(0),
                    )));
                }
                if trace.nodes > allowed {
                    let reason = format!(
                        "right answer, but {} nodes: over the budget of {allowed} for this puzzle",
                        trace.nodes
                    );
                    return Err(Box::new(failure(
                        "Over the Node Budget",
                        Hint::OverNodeBudget,
                        reason,
                        case,
                        None,
                        puzzle,
                        Some(trace.nodes),
                    )));
                }
            }
            let reference = case.reference_nodes;
            Ok((elapsed, trace.nodes, reference))
        }
    }
}

/// A cell whose box number clashes with that of `cell` in the learner's
/// answers: in another box with the same number, or in the same box with
/// another number.
fn box_clash(answers: &Board, cell: (usize, usize)) -> Option<(usize, usize)> {
    let box_of = |(r, c): (usize, usize)| r / 3 * 3 + c / 3;
    let answer = |(r, c): (usize, usize)| answers[r][c];
    let cells = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&other| other != cell);
    let mut candidates = cells
        .clone()
        .filter(|&other| box_of(other) != box_of(cell) && answer(other) == answer(cell));
    candidates.next().or_else(|| {
        cells
            .clone()
            .find(|&other| box_of(other) == box_of(cell) && answer(other) != answer(cell))
    })
}

/// Records the learner's search on `puzzle` (from its trace hooks) and the
/// reference's, writes the race page to `page`, and says where the two
/// searches first part.
fn race_page(
    exercise: &Exercise,
    binary: &Path,
    puzzle: &Board,
    page: &Path,
) -> Result<String, String> {
    let approach = approaches::find(exercise.reference_approach)
        .ok_or_else(|| format!("the approach {} is missing", exercise.reference_approach))?;
    let reference = trace::record(approach, puzzle, trace::DEFAULT_LIMIT, Some(RECORD_TIME))
        .map_err(|error| format!("cannot record the reference: {error}"))?;
    let mut recorder = Program::recording(binary.to_path_buf());
    let exchange = recorder
        .exchange(&board::to_line(puzzle), RECORD_TIME)
        .map_err(|error| format!("cannot run the compiled exercise: {error}"))?;
    let events = parse_events(&recorder.events());
    let (solution, stopped) = match &exchange {
        Exchange::Reply(line) => match judging::parse_raw_reply(line) {
            Some(Reply::Ok { payload, .. }) => {
                let board = judging::decode_board(&payload).unwrap_or_default();
                (
                    board::check_solution(puzzle, &board)
                        .is_ok()
                        .then_some(board),
                    None,
                )
            }
            _ => (None, None),
        },
        Exchange::NoReply(_) => (None, Some(probe::Stop::Deadline)),
    };
    let stopped = stopped.or((events.len() >= trace::DEFAULT_LIMIT).then_some(probe::Stop::Limit));
    let nodes = events
        .iter()
        .filter(|event| event.action == probe::Action::Place)
        .count() as u64;
    let undos = events
        .iter()
        .filter(|event| event.action == probe::Action::Undo)
        .count() as u64;
    let yours = Trace {
        approach: "yours",
        puzzle: puzzle.clone(),
        solution,
        effort: probe::Effort { nodes, undos },
        events,
        limit: trace::DEFAULT_LIMIT,
        stopped,
    };
    let describe = |event: &probe::Event| {
        format!(
            "{} row {}, column {}{}",
            event.action.word(),
            event.row + 1,
            event.column + 1,
            if event.action.fills() {
                format!(", digit {}", event.digit)
            } else {
                String::new()
            }
        )
    };
    let parting = trace::first_parting(&yours.events, &reference.events);
    let parted_at = |step: usize| {
        format!(
            "at step {step}: yours: {}; the reference's: {}",
            describe(&yours.events[step - 1]),
            describe(&reference.events[step - 1])
        )
    };
    let marked = parting.map(|step| trace::Parting {
        step,
        note: format!("The searches first part {}.", parted_at(step)),
    });
    std::fs::write(
        page,
        trace::render_race_parted(&[yours.clone(), reference.clone()], marked.as_ref()),
    )
    .map_err(|error| format!("cannot write {}: {error}", page.display()))?;
    let note = match parting {
        _ if yours.events.is_empty() => {
            "your code made no trace_place / trace_undo calls, so the page shows only the reference's search".to_string()
        }
        Some(step) => format!("the searches first part {}", parted_at(step)),
        None if yours.events.len() == reference.events.len() => {
            "the two searches are the same, step for step".to_string()
        }
        None => format!(
            "the searches agree for {} steps, then one of them stops",
            yours.events.len().min(reference.events.len())
        ),
    };
    Ok(format!(
        "\nWrote {}: your search ({} steps) beside {}'s ({} steps); {note}.",
        page.display(),
        yours.events.len(),
        approach.name,
        reference.events.len()
    ))
}

/// The longest a recorded run may take, for the page.
const RECORD_TIME: Duration = Duration::from_secs(10);

/// The driver's recorded events: `p,ROW,COLUMN,DIGIT` and `u,ROW,COLUMN`,
/// separated by `;`. Anything else is skipped.
fn parse_events(text: &str) -> Vec<probe::Event> {
    // An undo takes off the digit last placed in its cell, as the probe's
    // events say it.
    let mut placed = [['.'; 9]; 9];
    text.split(';')
        .filter_map(|item| {
            let fields: Vec<&str> = item.trim().split(',').collect();
            let number = |index: usize| {
                fields
                    .get(index)
                    .and_then(|field| field.parse::<usize>().ok())
            };
            let (row, column) = (number(1)?, number(2)?);
            if row > 8 || column > 8 {
                return None;
            }
            match fields.first() {
                Some(&"p") => {
                    let digit = u32::try_from(number(3)?)
                        .ok()
                        .filter(|d| (1..=9).contains(d))?;
                    let digit = char::from_digit(digit, 10)?;
                    placed[row][column] = digit;
                    Some(probe::Event {
                        action: probe::Action::Place,
                        row,
                        column,
                        digit,
                    })
                }
                Some(&"u") => Some(probe::Event {
                    action: probe::Action::Undo,
                    row,
                    column,
                    digit: std::mem::replace(&mut placed[row][column], '.'),
                }),
                _ => None,
            }
        })
        .collect()
}
