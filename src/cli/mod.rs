//! The subcommands of `sudoku37`: the comparison in `compare.rs`, the small
//! ones here, one function each.

mod compare;

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};

use sudoku37::approaches::{self, Approach, DEFAULT_APPROACH};
use sudoku37::board::{self, Board};
use sudoku37::generate::{self, Difficulty, Request};
use sudoku37::{count_solutions, paste, solve};

const EXIT_HELP: &str = "\
Exit status of solve and show: 0 when every puzzle was solved, 1 when some \
puzzle has no solution (or its givens conflict), 2 when some input line is \
malformed or the input cannot be read. Of compare: 0, 1 when some approach \
gave a wrong answer, 2 when some input line is malformed or unreadable.";

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
    /// Solve puzzles, one per line (81 characters or LeetCode's form), and
    /// print each solution in its input's form.
    Solve {
        #[arg(long, short, default_value = DEFAULT_APPROACH, value_parser = approach_names())]
        approach: String,
        /// Instead of solving, print how many solutions each puzzle has: 0, 1,
        /// or 2 meaning two or more.
        #[arg(long)]
        count: bool,
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
    /// Internal: solve puzzles from standard input for `compare`, one record
    /// line per puzzle.
    #[command(hide = true)]
    Worker {
        #[arg(long, value_parser = approach_names())]
        approach: String,
    },
}

pub(crate) fn approach_names() -> PossibleValuesParser {
    PossibleValuesParser::new(approaches::names())
}

/// Runs the parsed command line.
pub fn run(arguments: Arguments) -> ExitCode {
    match arguments.command {
        None => compare::run(&arguments.compare),
        Some(Command::Compare(options)) => compare::run(&options),
        Some(Command::Worker { approach }) => compare::worker(lookup(&approach)),
        Some(Command::List) => list(),
        Some(Command::Paste { name }) => print_paste(&name),
        Some(Command::Solve {
            approach,
            count,
            input,
        }) => {
            let mode = if count { Mode::Count } else { Mode::Solve };
            solve_lines(lookup(&approach), &input, mode)
        }
        Some(Command::Show { approach, input }) => {
            solve_lines(lookup(&approach), &input, Mode::Show)
        }
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

/// What `solve_lines` does with each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Solve,
    Show,
    Count,
}

fn solve_lines(approach: &'static Approach, input: &str, mode: Mode) -> ExitCode {
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
        // A line of a set file may carry the puzzle's known solution after it;
        // the puzzle is the first field.
        let text = match text.split_whitespace().collect::<Vec<_>>()[..] {
            [puzzle, solution] if !text.starts_with('[') && solution.len() == 81 => puzzle,
            _ => text,
        };
        let (puzzle, format) = match board::parse_puzzle(text) {
            Ok(parsed) => parsed,
            Err(error) => {
                eprintln!("line {number}: {error}");
                outcome = outcome.max(Outcome::Malformed);
                continue;
            }
        };
        if mode == Mode::Count {
            if writeln!(out, "{}", count_solutions(&puzzle, 2)).is_err() {
                break;
            }
            continue;
        }
        let written = match solve::run(approach, &puzzle) {
            Ok(solved) if mode == Mode::Show => {
                writeln!(out, "{}", describe(number, approach, &puzzle, &solved))
            }
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
