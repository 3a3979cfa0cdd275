//! `practice check`, whole but for reading the file and printing: compile
//! the learner's file with the judge's driver, run the stages smallest first
//! on the compiled program (recording its search through the trace hooks),
//! and at the first failure name one diagnosis from the evidence, with the
//! concept behind it. The report comes as text, in English or Chinese, and
//! as the JSON object `--format json` prints.

use std::path::{Path, PathBuf};
use std::time::Duration;

mod evidence_runs;
mod non_solver_stages;
mod report;

pub use report::{CheckReport, Checked, DiagnosisReport, StageReport};

use crate::files;
use crate::judge::program::{self, CompileOptions, Exchange, Program};
use crate::judge::{Entry, Hooks, Verdict};
use crate::practice::error::CheckError;
use crate::practice::evidence::{
    self, diagnose_compile_error, diagnose_solver, parse_moves, Observed, SolverCase,
};
use crate::practice::race::{race_page, Learner};
use crate::practice::stage::{observe, stage_cases, verdict_of, CheckFailure, StageCase};
use crate::practice::{next_after, Exercise, Language, Stage};
use sudoku37::board;
use sudoku37::sets;

/// How many puzzles of each graded set a check takes by default.
pub const DEFAULT_GRADED_PUZZLES: u64 = 20;

/// A learner's solution may take this many times the reference's time on a
/// puzzle, and never less than [`TIME_FLOOR`].
pub const TIME_FACTOR: u32 = 100;
pub const TIME_FLOOR: Duration = Duration::from_millis(500);

/// Added to the first case's limit: the time the program takes to start.
const STARTUP: Duration = Duration::from_secs(1);

/// Gives `case`'s input to the learner's program and waits at most `wait`
/// for what it does with it.
fn ask(program: &mut Program, case: &StageCase, wait: Duration) -> Result<Exchange, CheckError> {
    program
        .exchange(&case.own.input, wait)
        .map_err(|source| CheckError::Program {
            what: "exercise",
            source,
        })
}

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
    /// The language of the report.
    pub language: Language,
}

/// Checks the learner's `code` (read from `path`) as `exercise`.
pub fn check(
    exercise: &'static Exercise,
    path: &Path,
    code: &str,
    options: &CheckOptions,
) -> Checked {
    let language = options.language;
    let mut run = Checking {
        text: String::new(),
        report: CheckReport {
            exercise: exercise.name,
            passed: false,
            stages: Vec::new(),
            diagnosis: None,
        },
        language,
        calls_hooks: calls_hooks(code),
        defines_hooks: defines_hooks(code),
        time_limit: options.time_limit,
    };
    run.line(&format!(
        "{}: {}",
        exercise.name,
        exercise.title_in(language)
    ));
    // The page is checked before the work: never the learner's file, never
    // a file of theirs.
    let checked_page = match &options.html {
        Some(page) => files::check_output(page, &[path]).map_err(CheckError::Page),
        None => Ok(()),
    };
    let outcome = match checked_page.and_then(|()| run.check(exercise, path, code, options)) {
        Ok(None) => {
            run.report.passed = true;
            run.passed(exercise, code);
            Ok(true)
        }
        Ok(Some(failure)) => {
            run.failure(exercise, &failure);
            Ok(false)
        }
        Err(error) => Err(error),
    };
    Checked {
        text: run.text,
        report: run.report,
        outcome,
    }
}

/// A check as it goes: the report written so far.
struct Checking {
    text: String,
    report: CheckReport,
    language: Language,
    /// Whether the learner's code calls the trace hooks anywhere.
    calls_hooks: bool,
    /// Whether it defines functions of the hooks' names itself.
    defines_hooks: bool,
    /// The time limit asked for, if any.
    time_limit: Option<Duration>,
}

/// A phrase in the report's language.
fn say(language: Language, english: &str, chinese: &str) -> String {
    match language {
        Language::English => english.to_string(),
        Language::Chinese => chinese.to_string(),
    }
}

impl Checking {
    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn stage(
        &mut self,
        stage: &str,
        passed: bool,
        nodes: Option<(u64, u64)>,
        time: Duration,
        reference: &str,
    ) {
        let language = self.language;
        let label = Language::Chinese.stage_name(stage);
        let line = if passed {
            let node_note = nodes.map_or_else(String::new, |(yours, theirs)| {
                say(
                    language,
                    &format!("; nodes: yours {yours}, the reference ({reference}) {theirs}"),
                    &format!("；节点数：你的 {yours}，参考解（{reference}）{theirs}"),
                )
            });
            say(
                language,
                &format!(
                    "stage {stage}: passed in {}{node_note}",
                    crate::measure::format_duration(time)
                ),
                &format!(
                    "阶段 {label}：通过，用时 {}{node_note}",
                    crate::measure::format_duration(time)
                ),
            )
        } else {
            say(
                language,
                &format!("stage {stage}: failed"),
                &format!("阶段 {label}：未通过"),
            )
        };
        self.line(&line);
        self.report.stages.push(StageReport {
            name: stage.to_string(),
            passed,
            nodes: nodes.map(|(yours, _)| yours),
            reference_nodes: nodes.map(|(_, theirs)| theirs),
            time_ms: time.as_secs_f64() * 1e3,
        });
    }

    fn passed(&mut self, exercise: &Exercise, code: &str) {
        let language = self.language;
        self.line(&say(
            language,
            &format!("\nPassed: every stage of {}.", exercise.name),
            &format!("\n通过：{} 的每个阶段都通过了。", exercise.name),
        ));
        match next_after(exercise.name) {
            Some(next) => self.line(&say(
                language,
                &format!(
                    "Next exercise: {} ({}): sudoku37 practice start {}; the idea: {}",
                    next.name,
                    next.title,
                    next.name,
                    next.note_in(language)
                ),
                &format!(
                    "下一个练习：{}（{}）：sudoku37 practice start {} --lang zh；思路：{}",
                    next.name,
                    next.title_in(language),
                    next.name,
                    next.note_in(language)
                ),
            )),
            None => self.line(&say(
                language,
                "That was the last exercise.",
                "这是最后一个练习。",
            )),
        }
        if calls_hooks(code) {
            self.line(&say(
                language,
                "Before pasting into LeetCode, delete the trace_place / trace_undo calls.",
                "粘贴到力扣之前，删掉 trace_place / trace_undo 的调用。",
            ));
        }
    }

    fn failure(&mut self, exercise: &Exercise, failure: &CheckFailure) {
        let language = self.language;
        let place = failure.case.as_ref().map(|case| case.place.clone());
        let verdict = failure.verdict.to_string();
        let on = place.as_ref().map_or_else(String::new, |place| {
            say(
                language,
                &format!(" on {place}"),
                &format!("（{}）", Language::Chinese.place(place)),
            )
        });
        self.line(&format!("\n{}{on}", language.verdict(&verdict)));
        let diagnosis = &failure.diagnosis;
        self.line(&say(
            language,
            &format!(
                "  diagnosis ({}): {}",
                diagnosis.id,
                diagnosis.evidence(language)
            ),
            &format!(
                "  诊断（{}）：{}",
                diagnosis.id,
                diagnosis.evidence(language)
            ),
        ));
        if let Some(case) = &failure.case {
            if !case.own.board.is_empty() {
                self.line(&say(
                    language,
                    "\ninput, in LeetCode's form (paste it into LeetCode's test box):",
                    "\n输入，力扣的格式（可以直接粘贴到力扣的测试框）：",
                ));
                self.line(&board::to_leetcode(&case.own.board));
            }
        }
        if !failure.drawn.is_empty() {
            let mut marks = diagnosis.marks.clone();
            marks.dedup();
            let title = if marks.is_empty() {
                say(language, "\nthe board:", "\n棋盘：")
            } else {
                let cells: Vec<String> = marks
                    .iter()
                    .map(|&cell| evidence::cell_name(cell))
                    .collect();
                say(
                    language,
                    &format!("\nthe board, marked [ ]: {}", cells.join(" and ")),
                    &format!("\n棋盘，[ ] 标出：{}", cells.join("、")),
                )
            };
            self.line(&title);
            self.text
                .push_str(&board::format_grid_marked(&failure.drawn, &marks));
        }
        if let (Some(case), Entry::SolveSudoku) = (&failure.case, exercise.entry) {
            // Every case has blanks: no node means no trace_place call.
            let [yours, yours_zh] = match failure.nodes {
                Some(0) => ["not counted".to_string(), "未计数".to_string()],
                Some(nodes) => [nodes.to_string(), nodes.to_string()],
                None => ["-".to_string(), "-".to_string()],
            };
            self.line(&say(
                language,
                &format!(
                    "nodes on this case: yours {yours}, the reference ({}) {}",
                    exercise.reference.name, case.reference_nodes
                ),
                &format!(
                    "这个用例的节点数：你的 {yours_zh}，参考解（{}）{}",
                    exercise.reference.name, case.reference_nodes
                ),
            ));
        }
        if !failure.printed.is_empty() {
            self.line(&say(
                language,
                "\nyour code printed on this case:",
                "\n你的代码在这个用例上打印了：",
            ));
            for line in &failure.printed {
                self.line(&format!("  {}", files::escape_controls(line)));
            }
        }
        self.line(&format!(
            "\n{}: {}",
            say(language, "hint", "提示"),
            diagnosis.id.concept(exercise, language)
        ));
        self.line(&say(
            language,
            &format!(
                "  more: sudoku37 practice hint {} (the pattern to look for, then the note's section, then the code)",
                exercise.name
            ),
            &format!(
                "  更多：sudoku37 practice hint {}（先是代码里该找什么，然后是笔记的章节，最后是代码）",
                exercise.name
            ),
        ));
        self.report.diagnosis = Some(DiagnosisReport {
            id: diagnosis.id,
            evidence: diagnosis.evidence(language).to_string(),
            verdict,
            case: place,
        });
    }

    /// Compiles and runs the stages; `Ok(None)` when every stage passed.
    fn check(
        &mut self,
        exercise: &'static Exercise,
        path: &Path,
        code: &str,
        options: &CheckOptions,
    ) -> Result<Option<CheckFailure>, CheckError> {
        let language = self.language;
        let file_name = match path.file_name().and_then(|name| name.to_str()) {
            Some(name) if name.ends_with(".rs") => name.to_string(),
            _ => "solution.rs".to_string(),
        };
        let workspace = program::workspace().map_err(CheckError::TempFolder)?;
        let compiled = program::compile(
            code,
            &file_name,
            exercise.entry,
            Hooks::Supplied,
            &options.compile,
            &workspace,
        );
        let binary = match compiled {
            Ok(binary) => binary,
            Err(failure) => {
                let Some(text) = failure.compile_error() else {
                    return Err(CheckError::Compile(failure));
                };
                self.line(&say(
                    language,
                    "stage compile: failed\n",
                    "阶段 编译：未通过\n",
                ));
                self.text.push_str(&text);
                self.report.stages.push(StageReport {
                    name: "compile".to_string(),
                    passed: false,
                    nodes: None,
                    reference_nodes: None,
                    time_ms: 0.0,
                });
                return Ok(Some(CheckFailure {
                    verdict: Verdict::CompileError,
                    diagnosis: diagnose_compile_error(&text),
                    case: None,
                    drawn: Vec::new(),
                    nodes: None,
                    printed: Vec::new(),
                }));
            }
        };
        self.line(&say(language, "stage compile: passed", "阶段 编译：通过"));
        if self.defines_hooks && exercise.hooks {
            self.line(&say(
                language,
                "note: your file defines trace_place / trace_undo itself, so its calls go to your own functions and the checker neither counts nor records your search: delete the definitions here (keep them only where your project needs them)",
                "注意：你的文件自己定义了 trace_place / trace_undo，所以调用都进了你自己的函数，检查器既数不到也记不下你的搜索：在这里删掉这些定义（只在你自己的项目里需要时保留）",
            ));
        }
        self.report.stages.push(StageReport {
            name: "compile".to_string(),
            passed: true,
            nodes: None,
            reference_nodes: None,
            time_ms: 0.0,
        });
        let mut program = Program::recording(binary.clone(), options.compile.sandbox);
        let outcome = self.stages(exercise, &mut program, options)?;
        program.stop();
        if let Some(page) = &options.html {
            if exercise.entry == Entry::SolveSudoku {
                let puzzle = outcome
                    .as_ref()
                    .and_then(|failure| failure.case.as_ref())
                    .map_or_else(
                        || sets::leetcode_example().board(),
                        |case| case.own.board.clone(),
                    );
                let learner = Learner {
                    binary: &binary,
                    sandbox: options.compile.sandbox,
                };
                let line = race_page(exercise, &learner, &puzzle, page, &[path], self.language)?;
                self.line(&line);
            } else {
                self.line(
                    "(--html: only the solver exercises search, so there is no page to draw)",
                );
            }
        }
        Ok(outcome)
    }

    /// Runs the stages, smallest first; `Ok(None)` when every one passed.
    fn stages(
        &mut self,
        exercise: &'static Exercise,
        program: &mut Program,
        options: &CheckOptions,
    ) -> Result<Option<CheckFailure>, CheckError> {
        let mut first = true;
        for &stage in exercise.stages {
            let cases = stage_cases(exercise, stage, options.limit)?;
            // How long a case may take (what messages say), and how long to
            // wait for it: the first case also waits for the program to start.
            let mut limit_of = |case: &StageCase| {
                let limit = options
                    .time_limit
                    .unwrap_or_else(|| (case.reference_time * TIME_FACTOR).max(TIME_FLOOR));
                let wait = if first { limit + STARTUP } else { limit };
                first = false;
                (wait, limit)
            };
            let failure = match exercise.entry {
                Entry::SolveSudoku => {
                    self.solver_stage(exercise, stage, cases, program, &mut limit_of)?
                }
                Entry::BoxOf => self.box_of_stage(stage, cases, program, &mut limit_of)?,
                Entry::IsValidSudoku => self.valid_stage(stage, cases, program, &mut limit_of)?,
            };
            if failure.is_some() {
                return Ok(failure);
            }
        }
        Ok(None)
    }

    fn solver_stage(
        &mut self,
        exercise: &'static Exercise,
        stage: Stage,
        cases: Vec<StageCase>,
        program: &mut Program,
        limit_of: &mut dyn FnMut(&StageCase) -> (Duration, Duration),
    ) -> Result<Option<CheckFailure>, CheckError> {
        let (mut nodes, mut reference, mut total) = (0u64, 0u64, Duration::ZERO);
        for case in cases {
            let (wait, limit) = limit_of(&case);
            let exchange = ask(program, &case, wait)?;
            let moves = parse_moves(&program.events());
            let (observed, answered) = observe(exchange, limit, program.printed().bytes);
            let yours = answered
                .as_ref()
                .map_or(moves_placed(&moves), |(_, nodes, _)| *nodes);
            let solution = board::parse_line(&case.own.expected).unwrap_or_default();
            let evidence_case = SolverCase {
                board: &case.own.board,
                solution: &solution,
                reference_nodes: case.reference_nodes,
                node_budget: exercise.node_budget,
                hooks: exercise.hooks,
                calls_hooks: self.calls_hooks,
                defines_hooks: self.defines_hooks,
                digit_loop: exercise.digit_loop(),
                others: &[],
                small: matches!(stage, Stage::Own | Stage::Example),
            };
            match diagnose_solver(&evidence_case, &observed, &moves, yours) {
                None => {
                    nodes += yours;
                    reference += case.reference_nodes;
                    total += answered.map_or(Duration::ZERO, |(_, _, elapsed)| elapsed);
                }
                Some(diagnosis) => {
                    let printed = printed_lines(program);
                    // The other small cases tell the kinds of mistake apart;
                    // the failing case again says whether the verdict holds.
                    // (Only a board returned is weighed against them: a search
                    // stopped by its limit would only wait out theirs.)
                    let answered = matches!(observed, Observed::Returned { .. });
                    let others = if answered {
                        self.other_runs(exercise, program, &case.own.input, self.time_limit)?
                    } else {
                        Vec::new()
                    };
                    let evidence_case = SolverCase {
                        others: &others,
                        ..evidence_case
                    };
                    let diagnosis = diagnose_solver(&evidence_case, &observed, &moves, yours)
                        .unwrap_or(diagnosis);
                    let diagnosis = if answered {
                        self.held_on_every_run(
                            program,
                            &case,
                            &evidence_case,
                            diagnosis,
                            &moves,
                            limit,
                        )?
                    } else {
                        diagnosis
                    };
                    self.stage(
                        &stage.to_string(),
                        false,
                        None,
                        total,
                        exercise.reference.name,
                    );
                    let drawn = match &observed {
                        Observed::Returned { board } if !board.is_empty() => board.clone(),
                        _ => case.own.board.clone(),
                    };
                    return Ok(Some(CheckFailure {
                        verdict: verdict_of(&observed, &diagnosis),
                        diagnosis,
                        drawn,
                        nodes: Some(yours),
                        case: Some(case),
                        printed,
                    }));
                }
            }
        }
        self.stage(
            &stage.to_string(),
            true,
            Some((nodes, reference)),
            total,
            exercise.reference.name,
        );
        Ok(None)
    }
}

/// The places among `moves`: the nodes of a search that gave no answer.
fn moves_placed(moves: &[evidence::Move]) -> u64 {
    moves
        .iter()
        .filter(|movement| matches!(movement, evidence::Move::Place { .. }))
        .count() as u64
}

/// What the program printed on the last case, both streams, the first
/// lines of each.
fn printed_lines(program: &Program) -> Vec<String> {
    let printed = program.printed();
    printed
        .stdout
        .iter()
        .map(|line| format!("stdout: {line}"))
        .chain(printed.stderr.iter().map(|line| format!("stderr: {line}")))
        .collect()
}

/// Whether `code` defines functions named as the trace hooks (outside
/// comments): stubs of its own, so that it builds in the learner's project.
fn defines_hooks(code: &str) -> bool {
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .any(|line| line.contains("fn trace_place") || line.contains("fn trace_undo"))
}

/// Whether `code` calls the trace hooks (outside comments).
fn calls_hooks(code: &str) -> bool {
    code.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .any(|line| line.contains("trace_place(") || line.contains("trace_undo("))
}
