//! `sudoku37 trace`: watch one search, step by step.
//!
//! In a terminal the board is redrawn in place after every step, the cell of
//! the step highlighted; otherwise each step is printed as one line
//! (`step action row column digit depth`), to pipe, diff or test. `--html`
//! writes a page that plays the search back in a browser.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use sudoku37::approaches::{self, Approach};
use sudoku37::board::{self, Board};
use sudoku37::input;
use sudoku37::probe::Action;
use sudoku37::sets;
use sudoku37::trace::{self, Step, Trace};

/// Options of `trace`.
#[derive(Debug, Clone, Args)]
pub struct TraceArgs {
    /// The approach to watch (the classic `bool_arrays` by default: its
    /// search is the one worth watching).
    #[arg(long, short, default_value = "bool_arrays", value_parser = super::approach_names())]
    approach: String,
    /// A puzzle (81 characters), a file of puzzles (the first is traced), or
    /// - for standard input. Without it, LeetCode's example.
    puzzle: Option<String>,
    /// Milliseconds between steps in a terminal.
    #[arg(long, default_value_t = 25, value_name = "MS")]
    delay: u64,
    /// Wait for Enter before each step instead of a delay.
    #[arg(long)]
    step: bool,
    /// Show at most this many steps.
    #[arg(long, value_name = "N")]
    max_steps: Option<usize>,
    /// Start showing at this step (the steps before it are applied silently).
    #[arg(long, default_value_t = 1, value_name = "STEP")]
    from: usize,
    /// Record at most this many steps (a longer search is cut there).
    #[arg(long, default_value_t = trace::DEFAULT_LIMIT, value_name = "N")]
    limit: usize,
    /// Write a self-contained HTML page that plays the search back, instead
    /// of showing it here.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
}

/// Runs `trace`. Exit status: 0; 1 when the puzzle has no solution or its
/// givens conflict; 2 when the puzzle cannot be read.
pub fn run(arguments: &TraceArgs) -> ExitCode {
    let approach = approaches::find(&arguments.approach)
        .expect("clap accepts only registered names (value_parser = approach_names())");
    if arguments.step && arguments.puzzle.as_deref() == Some("-") {
        eprintln!(
            "error: --step reads Enter from standard input, so the puzzle cannot come from there"
        );
        return ExitCode::from(2);
    }
    let puzzle = match read_puzzle(arguments.puzzle.as_deref()) {
        Ok(puzzle) => puzzle,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let recorded = match trace::record(approach, &puzzle, arguments.limit) {
        Ok(recorded) => recorded,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &arguments.html {
        if let Err(error) = std::fs::write(path, trace::render_html(&recorded)) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return ExitCode::from(2);
        }
        println!(
            "wrote {} ({} steps{}); open it in a browser",
            path.display(),
            recorded.events.len(),
            if recorded.is_cut() {
                ", cut at the limit"
            } else {
                ""
            }
        );
    } else if io::stdout().is_terminal() {
        animate(approach, &recorded, arguments);
    } else {
        print_lines(&recorded, arguments);
    }
    if recorded.solution.is_some() {
        ExitCode::SUCCESS
    } else {
        if !recorded.is_cut() {
            eprintln!(
                "no solution: {} searched and left the board as given",
                approach.name
            );
        }
        ExitCode::FAILURE
    }
}

fn read_puzzle(argument: Option<&str>) -> Result<Board, String> {
    let text = match argument {
        None => return Ok(sets::leetcode_example().board),
        Some(argument) if argument == "-" || std::path::Path::new(argument).is_file() => {
            super::read_text(argument)?
        }
        Some(argument) => argument.to_string(),
    };
    let first = input::split_puzzles(&text)
        .into_iter()
        .next()
        .ok_or("no puzzle in the input")?;
    first
        .parsed
        .map(|parsed| sudoku37::puzzle::to_board(&parsed.cells))
        .map_err(|error| format!("line {}: {error}", first.line))
}

/// The steps to show: from `--from`, at most `--max-steps`.
fn shown<'a>(steps: &'a [Step], arguments: &TraceArgs) -> &'a [Step] {
    let start = arguments.from.saturating_sub(1).min(steps.len());
    let end = arguments
        .max_steps
        .map_or(steps.len(), |most| (start + most).min(steps.len()));
    &steps[start..end]
}

fn print_lines(recorded: &Trace, arguments: &TraceArgs) {
    let steps = trace::steps(&recorded.events);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{}", trace::EVENT_HEADER);
    for step in shown(&steps, arguments) {
        if writeln!(out, "{}", trace::event_line(step)).is_err() {
            return;
        }
    }
    if recorded.is_cut() {
        let _ = writeln!(out, "# cut at {} steps (--limit)", recorded.events.len());
    }
}

fn animate(approach: &Approach, recorded: &Trace, arguments: &TraceArgs) {
    let steps = trace::steps(&recorded.events);
    let shown = shown(&steps, arguments);
    let first = shown.first().map_or(steps.len(), |step| step.number - 1);
    let mut current = trace::board_after(&recorded.puzzle, &recorded.events[..first]);
    let stdin = io::stdin();
    for step in shown {
        trace::apply(&mut current, &step.event);
        let frame = draw(approach, recorded, &current, step, steps.len());
        print!("\x1b[H\x1b[2J{frame}");
        let _ = io::stdout().flush();
        if arguments.step {
            println!("Enter: next step, q then Enter: stop");
            let mut answer = String::new();
            if stdin
                .lock()
                .read_line(&mut answer)
                .map_or(true, |read| read == 0)
                || answer.trim() == "q"
            {
                break;
            }
        } else {
            std::thread::sleep(Duration::from_millis(arguments.delay));
        }
    }
    if recorded.is_cut() {
        println!(
            "(the search was cut at {} steps: --limit)",
            recorded.events.len()
        );
    }
}

/// One frame: the board with the step's cell highlighted (green for a
/// placement, red for an undo), givens in bold, and the counts.
fn draw(
    approach: &Approach,
    recorded: &Trace,
    current: &Board,
    step: &Step,
    total: usize,
) -> String {
    let mut frame = format!("sudoku37 trace: {} (Ctrl-C stops)\n\n", approach.name);
    for (row, cells) in current.iter().enumerate() {
        if row % 3 == 0 {
            frame.push_str("+-------+-------+-------+\n");
        }
        for (column, &cell) in cells.iter().enumerate() {
            if column % 3 == 0 {
                frame.push_str("| ");
            }
            let here = step.event.row == row && step.event.column == column;
            let shown = if here {
                let symbol = if cell == board::BLANK {
                    step.event.digit
                } else {
                    cell
                };
                match step.event.action {
                    Action::Place => format!("\x1b[30;42m{symbol}\x1b[0m"),
                    Action::Undo => format!("\x1b[30;41m{symbol}\x1b[0m"),
                }
            } else if recorded.puzzle[row][column] != board::BLANK {
                format!("\x1b[1m{cell}\x1b[0m")
            } else {
                cell.to_string()
            };
            frame.push_str(&shown);
            frame.push(' ');
        }
        frame.push_str("|\n");
    }
    frame.push_str("+-------+-------+-------+\n\n");
    let action = match step.event.action {
        Action::Place => "place",
        Action::Undo => "undo ",
    };
    frame.push_str(&format!(
        "step {}/{total}: {action} {} at row {}, column {}\nnodes {}  backtracks {}  depth {}\n",
        step.number,
        step.event.digit,
        step.event.row + 1,
        step.event.column + 1,
        step.nodes,
        step.backtracks,
        step.depth
    ));
    frame
}
