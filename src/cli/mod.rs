//! The subcommands of `sudoku37`: `compare.rs` (the default), `solve.rs`
//! (`solve` and `show`), `trace.rs`, and `worker.rs` (the child processes
//! that let a slow search be stopped); the small ones (`list`, `paste`,
//! `generate`) are here, one function each.

/// Writes one line to standard error, like `eprintln!`, but never panics: a
/// closed or full standard error is ignored, so that a failing diagnostic
/// channel can neither end a run nor keep an answer from standard output.
macro_rules! say {
    ($($argument:tt)*) => {
        $crate::cli::say(format_args!($($argument)*))
    };
}

mod compare;
mod error;
mod input;
mod judge;
mod logic;
mod practice;
mod runner;
mod show;
mod solve;
mod trace;
mod worker;

use std::io::{self, BufWriter, Stdout, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};

use sudoku37::approaches::{self, Approach};
use sudoku37::board;
use sudoku37::generate::{self, Difficulty, Request};
use sudoku37::paste;

const EXIT_HELP: &str = "\
Exit status, the same in every subcommand (the highest that applies): 0 when \
all went well; 1 when some puzzle was not solved (no solution, conflicting \
givens, more than one with --unique, stopped by a time limit) or some approach \
gave a wrong answer, or a request could not be met in full; 2 when some input \
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
    /// Internal: solve puzzles from standard input for `compare`, one record
    /// line per puzzle.
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
    /// Stop removing clues at this many; without it, remove clues until no
    /// more can go (a minimal puzzle).
    #[arg(long, default_value_t = 17, value_parser = whole_number::<u8>(17, 81),
          allow_negative_numbers = true)]
    min_clues: u8,
    /// Keep only puzzles of this grade.
    #[arg(long)]
    difficulty: Option<Difficulty>,
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

/// How a subcommand went; the worst outcome decides the exit status, with
/// the same meaning in every subcommand (see [`EXIT_HELP`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    /// Some puzzle was not solved, or some answer was wrong.
    Failed = 1,
    /// Some input was malformed or unreadable, or the output unwritable.
    BadInput = 2,
}

impl Status {
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// The exit status of a subcommand that wrote its output with `written`: a
/// closed pipe is a quiet success (the reader has what it wanted), any other
/// write error a message and status 2.
pub fn finish(status: Status, written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => status.exit_code(),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            say!("error: cannot write the output: {error}");
            Status::BadInput.exit_code()
        }
    }
}

/// The function behind [`say!`]: one line to standard error, whose write
/// errors are ignored.
pub fn say(message: std::fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_fmt(message)
        .and_then(|()| stderr.write_all(b"\n"));
}

/// Buffered standard output whose errors are returned, never panicked on.
pub struct Output {
    out: BufWriter<Stdout>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            out: BufWriter::new(io::stdout()),
        }
    }

    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Keeps a panic inside an approach from printing the default panic message:
/// it is caught and reported as that puzzle's error instead. Any other panic
/// is still printed.
pub fn guard_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !sudoku37::solve::in_approach() {
            default(info);
        }
    }));
}

/// The longest duration any flag takes, in seconds (about 11.6 days).
pub const MAX_SECONDS: f64 = 1e6;

/// Parses a positive number of seconds, at most [`MAX_SECONDS`], into a
/// [`Duration`].
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    seconds(text, MAX_SECONDS, false)
}

/// A value parser for a number of seconds (fractions allowed) up to
/// `maximum`, above 0, or from 0 when `zero_allowed`, whose error says that
/// range.
pub(crate) fn seconds_up_to(
    maximum: f64,
    zero_allowed: bool,
) -> impl Fn(&str) -> Result<Duration, String> + Clone + Send + Sync + 'static {
    move |text: &str| seconds(text, maximum, zero_allowed)
}

/// [`seconds_up_to`]'s parser: `text` as a number of seconds from 0 (or
/// above 0) to `maximum`.
fn seconds(text: &str, maximum: f64, zero_allowed: bool) -> Result<Duration, String> {
    // A large maximum reads better in exponent form: 1e6, not 1000000.
    let shown = if maximum >= 1e5 {
        format!("{maximum:e}")
    } else {
        maximum.to_string()
    };
    let (low, too_low) = if zero_allowed {
        ("at least 0", "is negative")
    } else {
        ("greater than 0", "is not positive")
    };
    let range = format!("a number of seconds {low} and at most {shown}");
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number: expected {range}"))?;
    // NaN fails both comparisons.
    let low_ok = if zero_allowed {
        seconds >= 0.0
    } else {
        seconds > 0.0
    };
    if !low_ok {
        return Err(format!("{text} {too_low}: expected {range}"));
    }
    if seconds > maximum {
        return Err(format!("{text} is too large: expected {range}"));
    }
    // No clock here keeps a shorter time, and a tinier one reads back as 0 s.
    if seconds > 0.0 && seconds < 1e-6 {
        return Err(format!(
            "{text} is under a microsecond: expected {range}, and at least 0.000001 unless 0 is allowed"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|error| format!("{text}: {error}"))
}

/// A value parser for a whole number from `min` to `max`, whose error says
/// that range for anything else: a negative number, a word, or a number
/// out of range. (clap's own ranged parser for unsigned numbers answers a
/// negative one with "invalid digit found in string".)
pub(crate) fn whole_number<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|value| (min..=max).contains(value))
            .and_then(|value| T::try_from(value).ok())
            .ok_or_else(|| format!("{text:?}: expected a whole number from {min} to {max}"))
    }
}

/// The most threads `--jobs` takes.
pub const MAX_JOBS: usize = 1024;

/// Parses `--jobs`: 1 to [`MAX_JOBS`].
pub fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|jobs| (1..=MAX_JOBS).contains(jobs))
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| format!("{text:?}: expected a number of threads from 1 to {MAX_JOBS}"))
}

/// A value parser that returns the registry entry of a named approach.
pub(crate) fn approach_parser() -> impl TypedValueParser<Value = &'static Approach> {
    PossibleValuesParser::new(approaches::names())
        .try_map(|name| approaches::find(&name).ok_or_else(|| format!("unknown approach {name:?}")))
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
        Some(Command::Worker(options)) => worker::serve(options.approach),
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
    let request = Request {
        count: usize::try_from(options.count).unwrap_or(usize::MAX),
        seed: options.seed.unwrap_or_else(rand::random),
        min_clues: usize::from(options.min_clues),
        difficulty: options.difficulty,
        max_attempts: usize::try_from(options.max_attempts).unwrap_or(usize::MAX),
    };
    let mut command = format!(
        "sudoku37 generate --count {} --seed {} --min-clues {}",
        request.count, request.seed, request.min_clues
    );
    if let Some(difficulty) = request.difficulty {
        command.push_str(&format!(" --difficulty {difficulty}"));
    }
    let mut out = Output::stdout();
    let header = format!(
        "# Made by `{command}`; do not edit.\n\
         # Each puzzle has exactly one solution, written after it. Its comment line gives its clues,\n\
         # its grade and score from `sudoku37 rate` (HoDoKu's ladder: easy, medium, hard, unfair,\n\
         # extreme) and, for contrast, the digits {} placed and undid.\n",
        generate::REFERENCE_APPROACH
    );
    if let Err(error) = out.write_str(&header) {
        return finish(Status::Ok, Err(error));
    }
    let mut written = Ok(());
    let generated = generate::generate_each(&request, |generated| {
        written = out
            .line(&format!(
                "# {} clues, {}: score {}; {} placed, {} undone",
                generated.clues,
                generated.difficulty,
                generated.rating.score,
                generated.effort.nodes,
                generated.effort.undos
            ))
            .and_then(|()| {
                out.line(&format!(
                    "{} {}",
                    board::to_line(&generated.puzzle),
                    board::to_line(&generated.solution)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_out_of_range_are_refused_with_their_range() {
        assert_eq!(seconds("0.5", 10.0, false), Ok(Duration::from_millis(500)));
        assert_eq!(seconds("0", 10.0, true), Ok(Duration::ZERO));
        for (text, zero_allowed) in [
            ("0", false),
            ("-1", true),
            ("11", true),
            ("NaN", true),
            ("inf", false),
            ("soon", false),
        ] {
            let error = seconds(text, 10.0, zero_allowed).expect_err(text);
            assert!(error.contains("and at most 10"), "{text}: {error}");
        }
        assert!(parse_seconds("0")
            .expect_err("zero")
            .contains("greater than 0 and at most 1e6"));
    }

    #[test]
    fn whole_numbers_out_of_range_are_refused_with_their_range() {
        let parse = whole_number::<u8>(17, 81);
        assert_eq!(parse("17"), Ok(17));
        for text in ["16", "82", "-3", "many", "1e3"] {
            let error = parse(text).expect_err(text);
            assert!(error.contains("from 17 to 81"), "{text}: {error}");
        }
    }
}
