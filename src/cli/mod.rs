//! The subcommands of `sudoku37`: `compare.rs` (the default), `solve.rs`
//! (`solve` and `show`), `trace.rs`, and `worker.rs` (the child processes
//! that let a slow search be stopped); the small ones (`list`, `paste`,
//! `generate`) are here, one function each.

mod compare;
mod judge;
mod solve;
mod trace;
mod worker;

use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};

use sudoku37::approaches::{self, Approach, DEFAULT_APPROACH};
use sudoku37::board;
use sudoku37::generate::{self, Difficulty, Request};
use sudoku37::paste;

const EXIT_HELP: &str = "\
Exit status of solve and show (the highest that applies): 0 when every puzzle \
was solved; 1 when some puzzle has no solution, conflicting givens, more than \
one solution (with --unique) or was stopped by --timeout; 2 when some puzzle \
is malformed or the input cannot be read. solve prints one line per input \
puzzle: the answer, or `error: <why>`. Of compare: 0; 1 when some approach \
gave a wrong answer; 2 when some input line is malformed or unreadable.";

/// LeetCode 37 (Sudoku Solver): every approach, side by side.
///
/// With no subcommand, compares every approach on the built-in puzzle sets
/// (the same as `sudoku37 compare`, whose options are accepted here too).
#[derive(Debug, Parser)]
#[command(version, after_help = EXIT_HELP, args_conflicts_with_subcommands = true)]
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
    /// and print one line per puzzle: its solution in its input's form (a
    /// grid's as a line), or `error: <why>`.
    Solve {
        #[arg(long, short, default_value = DEFAULT_APPROACH, value_parser = approach_names())]
        approach: String,
        /// Instead of solving, print how many solutions each puzzle has: 0, 1,
        /// or 2 meaning two or more.
        #[arg(long, conflicts_with = "unique")]
        count: bool,
        /// Report a puzzle with more than one solution as an error.
        #[arg(long)]
        unique: bool,
        /// Stop a search that takes longer than this many seconds on one
        /// puzzle, and say so.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        /// File of puzzles, or - for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// Generate puzzles with exactly one solution, graded by the backtracks
    /// the reference approach (most_constrained) needs: easy 0-9, medium
    /// 10-99, hard 100-999, hardest 1000 or more.
    Generate {
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// The same seed gives the same puzzles.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Stop removing clues at this many; without it, remove clues until no
        /// more can go (a minimal puzzle).
        #[arg(long, default_value_t = 17, value_parser = clap::value_parser!(u8).range(17..=81))]
        min_clues: u8,
        /// Keep only puzzles of this grade.
        #[arg(long)]
        difficulty: Option<Difficulty>,
        /// Give up after this many candidate puzzles.
        #[arg(long, default_value_t = 100_000)]
        max_attempts: usize,
    },
    /// Print the code of one approach, ready to paste into LeetCode.
    Paste {
        #[arg(value_parser = approach_names())]
        name: String,
    },
    /// Show each puzzle and its solution as grids side by side, with the nodes
    /// visited.
    Show {
        #[arg(long, short, default_value = DEFAULT_APPROACH, value_parser = approach_names())]
        approach: String,
        /// File of puzzles, or - for standard input.
        #[arg(default_value = "-")]
        input: String,
    },
    /// Watch one search step by step: the board redrawn in a terminal, one
    /// event per line when piped, or an HTML page that plays it back.
    Trace(trace::TraceArgs),
    /// Judge your own solution as LeetCode would: compile FILE.rs (pasted-form
    /// `impl Solution`) and run it on many puzzles, with a time limit each.
    Judge(judge::JudgeArgs),
    /// Internal: solve puzzles from standard input for `compare`, one record
    /// line per puzzle.
    #[command(hide = true)]
    Worker {
        #[arg(long, value_parser = approach_names())]
        approach: String,
    },
}

/// Reads all of `input`: a file, or `-` for standard input.
pub(crate) fn read_text(input: &str) -> Result<String, String> {
    if input == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map(|_| text)
            .map_err(|error| format!("cannot read standard input: {error}"))
    } else {
        std::fs::read_to_string(input).map_err(|error| format!("cannot read {input}: {error}"))
    }
}

pub(crate) fn approach_names() -> PossibleValuesParser {
    PossibleValuesParser::new(approaches::names())
}

/// Runs the parsed command line.
pub fn run(arguments: Arguments) -> ExitCode {
    match arguments.command {
        None => compare::run(&arguments.compare),
        Some(Command::Compare(options)) => compare::run(&options),
        Some(Command::Trace(options)) => trace::run(&options),
        Some(Command::Judge(options)) => judge::run(&options),
        Some(Command::Worker { approach }) => worker::serve(lookup(&approach)),
        Some(Command::List) => list(),
        Some(Command::Paste { name }) => print_paste(&name),
        Some(Command::Solve {
            approach,
            count,
            unique,
            timeout,
            input,
        }) => {
            let timeout = match timeout.map(Duration::try_from_secs_f64) {
                None => None,
                Some(Ok(timeout)) if !timeout.is_zero() => Some(timeout),
                Some(_) => {
                    eprintln!("error: --timeout must be a positive number of seconds");
                    return ExitCode::from(2);
                }
            };
            let options = solve::Options {
                count,
                unique,
                timeout,
            };
            solve::run(lookup(&approach), &input, options)
        }
        Some(Command::Show { approach, input }) => solve::show(lookup(&approach), &input),
        Some(Command::Generate {
            count,
            seed,
            min_clues,
            difficulty,
            max_attempts,
        }) => print_generated(&Request {
            count,
            seed,
            min_clues: usize::from(min_clues),
            difficulty,
            max_attempts,
        }),
    }
}

fn lookup(name: &str) -> &'static Approach {
    // clap has already checked the name against the registry.
    approaches::find(name).unwrap_or(&approaches::APPROACHES[0])
}

fn list() -> ExitCode {
    let width = approaches::names()
        .iter()
        .map(|name| name.len())
        .max()
        .unwrap_or(0);
    for approach in approaches::APPROACHES {
        println!("{:<width$}  {}", approach.name, approach.title);
        println!("{:<width$}  source: {}", "", approach.source);
    }
    ExitCode::SUCCESS
}

fn print_paste(name: &str) -> ExitCode {
    match paste::extract(lookup(name).code) {
        Ok(code) => {
            print!("{code}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: approach {name}: {error}");
            ExitCode::FAILURE
        }
    }
}

pub(crate) fn format_duration(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else {
        format!("{:.2} ms", micros / 1000.0)
    }
}

fn print_generated(request: &Request) -> ExitCode {
    let (puzzles, outcome) = match generate::generate(request) {
        Ok(puzzles) => (puzzles, ExitCode::SUCCESS),
        Err(error) => {
            eprintln!("error: {error}");
            (error.partial, ExitCode::FAILURE)
        }
    };
    let mut command = format!(
        "sudoku37 generate --count {} --seed {} --min-clues {}",
        request.count, request.seed, request.min_clues
    );
    if let Some(difficulty) = request.difficulty {
        command.push_str(&format!(" --difficulty {difficulty}"));
    }
    println!("# Made by `{command}`; do not edit.");
    println!(
        "# Each puzzle has exactly one solution, written after it. Its comment line gives its clues and"
    );
    println!(
        "# grade: the digits {} placed and undid (grades by undos: easy 0-9, medium 10-99,",
        generate::REFERENCE_APPROACH
    );
    println!("# hard 100-999, hardest 1000 or more).");
    for generated in &puzzles {
        println!(
            "# {} clues, {}: {} placed, {} undone",
            generated.clues, generated.difficulty, generated.effort.nodes, generated.effort.undos
        );
        println!(
            "{} {}",
            board::to_line(&generated.puzzle),
            board::to_line(&generated.solution)
        );
    }
    outcome
}
