//! The subcommands of `sudoku37`, one function each.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};

use sudoku37::approaches::{self, Approach, DEFAULT_APPROACH};
use sudoku37::board::{self, Board};
use sudoku37::{paste, sets, solve};

const EXIT_HELP: &str = "\
Exit status of solve and show: 0 when every puzzle was solved, 1 when some \
puzzle has no solution (or its givens conflict), 2 when some input line is \
malformed or the input cannot be read.";

/// LeetCode 37 (Sudoku Solver): every classic approach, side by side.
///
/// With no subcommand, every approach solves LeetCode's example and reports
/// its nodes and time.
#[derive(Debug, Parser)]
#[command(version, after_help = EXIT_HELP)]
pub struct Arguments {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every approach: name, title, source.
    List,
    /// Solve puzzles, one per line (81 characters or LeetCode's form), and
    /// print each solution in its input's form.
    Solve {
        #[arg(long, short, default_value = DEFAULT_APPROACH, value_parser = approach_names())]
        approach: String,
        /// File of puzzles, or - for standard input.
        #[arg(default_value = "-")]
        input: String,
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
}

fn approach_names() -> PossibleValuesParser {
    PossibleValuesParser::new(approaches::names())
}

/// Runs the parsed command line.
pub fn run(arguments: Arguments) -> ExitCode {
    match arguments.command {
        None => solve_example(),
        Some(Command::List) => list(),
        Some(Command::Paste { name }) => print_paste(&name),
        Some(Command::Solve { approach, input }) => solve_lines(lookup(&approach), &input, false),
        Some(Command::Show { approach, input }) => solve_lines(lookup(&approach), &input, true),
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

/// Every approach on LeetCode's example: one line each with nodes and time.
fn solve_example() -> ExitCode {
    let example = sets::leetcode_example();
    println!("LeetCode 37's example, solved by every approach:\n");
    println!("{}", board::format_grid(&example.board));
    println!("{:<18} {:>8} {:>12}  result", "approach", "nodes", "time");
    let mut all_right = true;
    for approach in approaches::APPROACHES {
        match solve::run(approach, &example.board) {
            Ok(solved) => {
                let right = Some(&solved.solution) == example.solution.as_ref();
                all_right &= right;
                println!(
                    "{:<18} {:>8} {:>12}  {}",
                    approach.name,
                    solved.effort.nodes,
                    format_duration(solved.elapsed),
                    if right {
                        "ok"
                    } else {
                        "WRONG: not the known solution"
                    }
                );
            }
            Err(error) => {
                all_right = false;
                println!(
                    "{:<18} {:>8} {:>12}  FAILED: {error}",
                    approach.name, "-", "-"
                );
            }
        }
    }
    println!("\nA node is one digit placed into an empty cell by the search.");
    println!("Try `sudoku37 list`, `sudoku37 show`, `sudoku37 paste NAME`, or --help.");
    if all_right {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn format_duration(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.1} µs")
    } else {
        format!("{:.2} ms", micros / 1000.0)
    }
}

/// How a run of `solve` or `show` went, worst outcome wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    AllSolved = 0,
    SomeUnsolved = 1,
    Malformed = 2,
}

fn solve_lines(approach: &'static Approach, input: &str, show: bool) -> ExitCode {
    let reader: Box<dyn Read> = if input == "-" {
        Box::new(io::stdin())
    } else {
        match std::fs::File::open(input) {
            Ok(file) => Box::new(file),
            Err(error) => {
                eprintln!("error: cannot read {input}: {error}");
                return ExitCode::from(Outcome::Malformed as u8);
            }
        }
    };
    let mut outcome = Outcome::AllSolved;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (index, line) in BufReader::new(reader).lines().enumerate() {
        let number = index + 1;
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("line {number}: cannot be read: {error}");
                outcome = outcome.max(Outcome::Malformed);
                break;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (puzzle, format) = match board::parse_puzzle(text) {
            Ok(parsed) => parsed,
            Err(error) => {
                eprintln!("line {number}: {error}");
                outcome = outcome.max(Outcome::Malformed);
                continue;
            }
        };
        let written = match solve::run(approach, &puzzle) {
            Ok(solved) if show => writeln!(out, "{}", describe(number, approach, &puzzle, &solved)),
            Ok(solved) => writeln!(out, "{}", board::write(&solved.solution, format)),
            Err(error) => {
                eprintln!("line {number}: {error}");
                outcome = outcome.max(Outcome::SomeUnsolved);
                Ok(())
            }
        };
        if written.is_err() {
            // The reader of our output has gone (a closed pipe): stop quietly.
            break;
        }
    }
    ExitCode::from(outcome as u8)
}

fn describe(number: usize, approach: &Approach, puzzle: &Board, solved: &solve::Solved) -> String {
    format!(
        "line {number}: {} nodes, {} undos, {} with {}\n{}",
        solved.effort.nodes,
        solved.effort.undos,
        format_duration(solved.elapsed),
        approach.name,
        board::format_side_by_side("puzzle", puzzle, "solution", &solved.solution)
    )
}
