//! The subcommands of `sudoku37`, which parse arguments and print: one file
//! or folder each, `compare.rs` (the default), `solve.rs` (`solve`, and
//! `show`'s solving), `show.rs`, `trace.rs`, `logic.rs` (`rate` and `explain`), `judge.rs` and
//! `practice/`; the small ones (`list`, `paste`, `generate`, and the hidden
//! `worker`, which serves [`sudoku37_tool::worker`]) are here, one function each.
//! Shared by all: `flags.rs` (flags and their ranges), `input.rs` (the one
//! door for input), `output.rs` (exit status, standard output and error),
//! `progress.rs` (the progress bar) and `error.rs` (the errors they print).

/// Writes one line to standard error, like `eprintln!`, but never panics: a
/// closed or full standard error is ignored, so that a failing diagnostic
/// channel can neither end a run nor keep an answer from standard output.
macro_rules! say {
    ($($argument:tt)*) => {
        $crate::cli::output::say(format_args!($($argument)*))
    };
}

mod compare;
mod error;
mod flags;
mod input;
mod judge;
mod logic;
mod output;
mod practice;
mod progress;
mod show;
mod solve;
mod trace;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use sudoku37::approaches::{self, Approach};
use sudoku37::paste;
use sudoku37_tool::generate::{self, Spec};

use flags::{approach_parser, whole_number};
use output::{finish, Output, Status};

const EXIT_HELP: &str = "\
Exit status, the same in every subcommand (the highest that applies): 0 when \
all went well; 1 when some puzzle was not solved (no solution, conflicting \
givens, more than one with --unique, stopped by a time limit) or some approach \
gave a wrong answer, or a generate batch could not be made in full; 2 when some input \
is malformed or cannot be read, nothing was given to work on, a flag value is \
out of range, or the output cannot be written. A closed output pipe ends any \
subcommand quietly with 0. One exception: compare measures, so puzzles without \
a solution and budgets that ran out are results, not failures; compare exits 1 \
only when some approach gave a wrong answer. solve prints one line per input \
record: the answer, or `error: <why>`.";

/// LeetCode 37 (Sudoku Solver): every approach, side by side.
///
/// With no subcommand, compares every approach on the built-in puzzle sets
/// (the same as `sudoku37 compare`, whose options are accepted here too).
/// The top-level help: the subcommands first; the options of `compare`,
/// which the bare command also takes, stay on `compare --help`.
const TOP_HELP: &str = "\
{about-with-newline}
{usage-heading} {usage}

Commands:
{subcommands}

With no command, sudoku37 runs `compare` and takes its options (--set, --data,
--approach, --format, ...): see `sudoku37 compare --help`.

Options:
  -h, --help     Print help
  -V, --version  Print version
{after-help}";

#[derive(Debug, Parser)]
#[command(
    version,
    about = "LeetCode 37 (Sudoku Solver): every approach, side by side.",
    after_help = EXIT_HELP,
    args_conflicts_with_subcommands = true,
    help_template = TOP_HELP
)]
pub struct Arguments {
    #[command(flatten)]
    compare: compare::CompareArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compare approaches on puzzle sets: time, nodes and correctness, side
    /// by side (the default command).
    #[command(after_help = compare::AFTER_HELP)]
    Compare(compare::CompareArgs),
    /// List every approach: name, title, source.
    List,
    /// Solve puzzles (81-character lines, LeetCode's form, or 9-line grids)
    /// and print one line per record: its solution, or `error: <why>`.
    #[command(after_help = solve::RECORD_RULES)]
    Solve(solve::SolveArgs),
    /// Generate puzzles with exactly one solution, graded by the human
    /// techniques they need (`rate`): easy, medium, hard, unfair, extreme.
    Generate(GenerateArgs),
    /// Print the code of one approach, ready to paste into LeetCode.
    Paste(PasteArgs),
    /// Show each puzzle and its solution as grids side by side, with the nodes
    /// visited.
    Show(show::ShowArgs),
    /// Watch one search step by step: the board redrawn in a terminal, one
    /// event per line when piped, or an HTML page that plays it back.
    Trace(trace::TraceArgs),
    /// Judge your own solution as LeetCode would: compile FILE.rs (pasted-form
    /// `impl Solution`) and run it on many puzzles, with a time limit each.
    Judge(judge::JudgeArgs),
    /// Learn by writing it: a ladder of exercises from the box index to
    /// Dancing Links, each started from a stub and checked stage by stage
    /// with hints (`practice list|start|check|hint`).
    Practice(practice::PracticeArgs),
    /// Rate puzzles by the human techniques they need (HoDoKu's ladder): one
    /// line per record, `LEVEL SCORE technique,technique,...`.
    #[command(after_help = solve::RECORD_RULES)]
    Rate(logic::RateArgs),
    /// Explain one puzzle step by step, as a person would solve it.
    Explain(logic::ExplainArgs),
    /// Internal: the child process that solves puzzles from standard input
    /// with one approach, one JSON reply line per puzzle, so that a slow
    /// search can be stopped (`compare`, `solve`, `judge --compare`).
    #[command(hide = true)]
    Worker(WorkerArgs),
}

/// Options of `generate`.
#[derive(Debug, Clone, Args)]
struct GenerateArgs {
    /// How many puzzles (at least 1); each is printed as soon as it is found.
    #[arg(long, default_value_t = 1, value_parser = whole_number::<u64>(1, u64::MAX),
          allow_negative_numbers = true)]
    count: u64,
    /// The same seed gives the same puzzles (0 to 2^64 - 1). Without it, a
    /// random seed is picked, and printed in the header comment, so that the
    /// puzzles can be made again.
    #[arg(long, value_parser = whole_number::<u64>(0, u64::MAX),
          allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Stop removing givens at this many; without it, remove them
    /// until no more can go (a minimal puzzle).
    #[arg(long, default_value_t = 17, value_parser = whole_number::<u8>(17, 81),
          allow_negative_numbers = true)]
    min_clues: u8,
    /// Keep only puzzles of this level on HoDoKu's ladder, as `rate` gives
    /// it: easy, medium, hard, unfair or extreme.
    #[arg(long, alias = "difficulty")]
    level: Option<sudoku37_tool::logic::Level>,
    /// Give up after this many candidate puzzles (at least 1).
    #[arg(long, default_value_t = 100_000, value_parser = whole_number::<u64>(1, u64::MAX),
          allow_negative_numbers = true)]
    max_attempts: u64,
}

/// Options of `paste`.
#[derive(Debug, Clone, Args)]
struct PasteArgs {
    /// The approach whose code to print.
    #[arg(value_parser = approach_parser())]
    approach: &'static Approach,
}

/// Options of the hidden `worker`.
#[derive(Debug, Clone, Args)]
struct WorkerArgs {
    #[arg(long, value_parser = approach_parser())]
    approach: &'static Approach,
}

/// Parses the command line. `--help`, `--version` and usage errors are
/// printed here, and their exit status returned: 0 for help and version, 2
/// for a usage error, and 2 when the help cannot be written (a closed pipe
/// is still a quiet 0).
pub fn parse() -> Result<Arguments, ExitCode> {
    let error = match Arguments::try_parse() {
        Ok(arguments) => return Ok(arguments),
        Err(error) => error,
    };
    let wanted = error.exit_code();
    // clap writes help and version to standard output and flushes it.
    let printed = error.print().and_then(|()| io::stdout().flush());
    Err(match printed {
        Err(failure) if failure.kind() != io::ErrorKind::BrokenPipe && wanted == 0 => {
            say!("error: cannot write the output: {failure}");
            Status::BadInput.exit_code()
        }
        Err(failure) if failure.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        _ => ExitCode::from(u8::try_from(wanted).unwrap_or(2)),
    })
}

/// Runs the parsed command line.
pub fn run(arguments: Arguments) -> ExitCode {
    match arguments.command {
        None => compare::run(&arguments.compare),
        Some(Command::Compare(options)) => compare::run(&options),
        Some(Command::Trace(options)) => trace::run(&options),
        Some(Command::Judge(options)) => judge::run(&options),
        Some(Command::Practice(options)) => practice::run(&options),
        Some(Command::Rate(options)) => logic::rate(&options),
        Some(Command::Explain(options)) => logic::explain(&options),
        Some(Command::Worker(options)) => {
            sudoku37_tool::worker::serve(options.approach);
            ExitCode::SUCCESS
        }
        Some(Command::List) => list(),
        Some(Command::Paste(options)) => print_paste(options.approach),
        Some(Command::Solve(options)) => solve::run(&options),
        Some(Command::Show(options)) => show::show(&options),
        Some(Command::Generate(options)) => print_generated(&options),
    }
}

fn list() -> ExitCode {
    let width = approaches::names()
        .iter()
        .map(|name| name.len())
        .max()
        .unwrap_or(0);
    let mut out = Output::stdout();
    let written = approaches::APPROACHES.iter().try_for_each(|approach| {
        out.line(&format!("{:<width$}  {}", approach.name, approach.title))?;
        out.line(&format!("{:<width$}  source: {}", "", approach.source))
    });
    finish(Status::Ok, written.and_then(|()| out.flush()))
}

fn print_paste(approach: &Approach) -> ExitCode {
    match paste::extract(approach.code) {
        Ok(code) => {
            let mut out = Output::stdout();
            let written = out.write_str(&code).and_then(|()| out.flush());
            finish(Status::Ok, written)
        }
        Err(error) => {
            say!("error: approach {}: {error}", approach.name);
            Status::Failed.exit_code()
        }
    }
}

fn print_generated(options: &GenerateArgs) -> ExitCode {
    let spec = Spec {
        count: usize::try_from(options.count).unwrap_or(usize::MAX),
        seed: options.seed.unwrap_or_else(rand::random),
        min_givens: usize::from(options.min_clues),
        level: options.level,
        max_attempts: usize::try_from(options.max_attempts).unwrap_or(usize::MAX),
    };
    let mut command = format!(
        "sudoku37 generate --count {} --seed {} --min-clues {}",
        spec.count, spec.seed, spec.min_givens
    );
    if let Some(level) = spec.level {
        command.push_str(&format!(" --level {level}"));
    }
    let mut out = Output::stdout();
    let header = format!(
        "# Made by `{command}`; do not edit.\n\
         # Each puzzle has exactly one solution, written after it. Its comment line gives its clues,\n\
         # its level and score from `sudoku37 rate` (HoDoKu's ladder: easy, medium, hard, unfair,\n\
         # extreme) and, for contrast, the digits {} placed and undid.\n",
        generate::REFERENCE_APPROACH.name
    );
    if let Err(error) = out.write_str(&header) {
        return finish(Status::Ok, Err(error));
    }
    let mut written = Ok(());
    let generated = generate::generate_each(&spec, |generated| {
        written = out
            .line(&format!(
                "# {} clues, {}: score {}; {} placed, {} undone",
                generated.givens,
                generated.rating.level,
                generated.rating.score,
                generated.effort.nodes,
                generated.effort.undos
            ))
            .and_then(|()| {
                out.line(&format!(
                    "{} {}",
                    generated.puzzle.to_line(),
                    sudoku37::grid::line_of(&generated.solution)
                ))
            })
            // Each puzzle reaches the reader as soon as it is found.
            .and_then(|()| out.flush());
        if written.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let status = match generated {
        Ok(_) => Status::Ok,
        Err(error) => {
            say!("error: {error}");
            Status::Failed
        }
    };
    finish(status, written.and_then(|()| out.flush()))
}
