//! `sudoku37 trace`: watch one search, step by step.
//!
//! In a terminal the board is redrawn in place after every step, the cell of
//! the step highlighted, and why under it; otherwise each step is printed as
//! one line (`step action row column digit depth reason`), to pipe, diff or
//! test. `--html` writes a page that plays the search back in a browser.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use sudoku37::approaches::{self, Approach};
use sudoku37::board;
use sudoku37::grid::{self, Cells};
use sudoku37::probe::Action;
use sudoku37::sets;
use sudoku37::Puzzle;
use sudoku37_tool::files::{self, FileKind};
use sudoku37_tool::trace::reason::Reason;
use sudoku37_tool::trace::{self, CountedEvent, Trace};

use super::error::CliError;
use super::output::Status;

/// The longest `--delay`, in milliseconds (a minute).
const MAX_DELAY_MS: u64 = 60_000;

/// Options of `trace`.
#[derive(Debug, Clone, Args)]
#[command(after_help = TRACE_HELP)]
pub struct TraceArgs {
    /// The approach to watch (by default the registry's TRACE_APPROACH, a
    /// classic search worth watching). Repeat it with --html for a race page:
    /// one board per approach, played side by side.
    #[arg(long, short, default_value = approaches::TRACE_APPROACH,
          value_parser = super::flags::approach_parser())]
    approach: Vec<&'static Approach>,
    /// A puzzle (81 characters), a file of puzzles (the first is traced), or
    /// - for standard input. Without it, LeetCode's example.
    puzzle: Option<String>,
    /// Milliseconds between steps in a terminal (0 to 60000).
    #[arg(long, default_value_t = 25, value_name = "MS", allow_negative_numbers = true,
          value_parser = super::flags::whole_number::<u64>(0, MAX_DELAY_MS))]
    delay: u64,
    /// Wait for Enter before each step instead of a delay.
    #[arg(long)]
    step: bool,
    /// Show at most this many steps (1 or more).
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = super::flags::whole_number::<usize>(1, usize::MAX as u64))]
    max_steps: Option<usize>,
    /// Start showing at this step (1 or more; the steps before it are applied
    /// silently).
    #[arg(long, default_value_t = 1, value_name = "STEP", allow_negative_numbers = true,
          value_parser = super::flags::whole_number::<usize>(1, usize::MAX as u64))]
    from: usize,
    /// Stop the search after this many steps (1 to 10000000). Each recorded
    /// step costs up to 48 bytes of memory and 2 bytes of HTML page: the
    /// default 200000 is at most 10 MB and a 400 KB page, the most 480 MB and
    /// a 20 MB page.
    // `--limit`, the old name, stays as a hidden alias.
    #[arg(long, alias = "limit", default_value_t = trace::DEFAULT_LIMIT, value_name = "N", allow_negative_numbers = true,
          value_parser = super::flags::whole_number::<usize>(1, trace::MAX_LIMIT as u64))]
    stop_after: usize,
    /// Stop the search after this many seconds (more than 0, at most 1e6;
    /// fractions allowed). Without it only --stop-after bounds the search.
    // `--timeout`, the old name, stays as a hidden alias.
    #[arg(long, alias = "timeout", value_name = "SECONDS", value_parser = super::flags::parse_seconds,
          allow_negative_numbers = true)]
    time_limit: Option<Duration>,
    /// Write a self-contained HTML page that plays the search back, instead
    /// of showing it here.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Write the search tree as an SVG picture: every guess a box, the ones
    /// taken back red, the path to the solution green. One row per dead end,
    /// so keep it to small searches.
    #[arg(long, value_name = "FILE.svg")]
    tree: Option<PathBuf>,
}

const TRACE_HELP: &str = "\
Output: in a terminal the board is redrawn after each step, with why under \
it. Otherwise one line per step, after a # header: step action row column \
digit depth reason (rows and columns from 1); the reason is the rest of the \
line. A place or force gives the cell's candidates on the board before it \
(\"candidates 2 6\"), and for a reading-order scan each smaller digit and \
why it was refused (\"1 clashes with r1c3\", \"8 failed below\"); an undo \
says what failed below it (\"r1c9 has no digit left: 1 2 3 in row 1, 6 in \
column 9\", \"3 has no place left in row 8\"); where the evidence fits no \
pattern it says \"no known pattern\". Lines starting with # are comments. \
The page of --html shows the same reasons beside each board.

Exit status: 0 when the puzzle was solved; 1 when it has no solution, its \
givens conflict, or the search was stopped by --stop-after or --time-limit before it \
finished (the message says so); 2 when the puzzle or file cannot be read, an \
option is out of range, or the output cannot be written. A closed pipe ends \
the listing quietly (exit 0).";

/// Runs `trace`. Exit status: see [`TRACE_HELP`].
pub fn run(arguments: &TraceArgs) -> ExitCode {
    let mut chosen: Vec<&'static Approach> = Vec::new();
    for &approach in &arguments.approach {
        if !chosen.iter().any(|known| known.name == approach.name) {
            chosen.push(approach);
        }
    }
    if chosen.len() > 1 && arguments.tree.is_some() {
        say!("error: --tree draws one approach's search: give one --approach");
        return Status::BadInput.exit_code();
    }
    if chosen.len() > 1 && arguments.html.is_none() {
        say!("error: several approaches race only on a page: add --html FILE.html");
        return Status::BadInput.exit_code();
    }
    if arguments.step && arguments.puzzle.as_deref() == Some("-") {
        say!("error: --step reads Enter from standard input, so the puzzle cannot come from there");
        return Status::BadInput.exit_code();
    }
    // The outputs are checked before the search: never the puzzle's own
    // file, never a file of the user's.
    let input: Vec<&Path> = arguments.puzzle.iter().map(Path::new).collect();
    for path in [&arguments.html, &arguments.tree].into_iter().flatten() {
        if let Err(error) = files::check_output(path, &input) {
            return super::error::fail(&error.into());
        }
    }
    if let (Some(html), Some(tree)) = (&arguments.html, &arguments.tree) {
        if html == tree || files::same_file(html, tree) {
            return super::error::fail(&CliError::SameOutput {
                path: html.display().to_string(),
                first: "--html",
                second: "--tree",
            });
        }
    }
    let cells = match read_puzzle(arguments.puzzle.as_deref()) {
        Ok(cells) => cells,
        Err(error) => return super::error::fail(&error),
    };
    // Conflicting givens are refused before any search.
    let puzzle = match Puzzle::from_cells(cells) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            say!("error: {error}");
            return Status::Failed.exit_code();
        }
    };
    // On a race page the steps are shared: the page's bound holds however
    // many approaches race.
    let stop_after = (arguments.stop_after / chosen.len()).max(1);
    let mut traces = Vec::new();
    for approach in &chosen {
        traces.push(trace::record(
            approach,
            &puzzle,
            stop_after,
            arguments.time_limit,
        ));
    }
    let mut tree_written = Ok(());
    if let Some(path) = &arguments.tree {
        if let Some(guesses) = trace::tree::too_many_guesses(&traces[0]) {
            say!(
                "error: the search made {guesses} guesses, and --tree draws at most {} (a picture \
                 of about 15 MB): trace a smaller search, or stop it sooner with --stop-after",
                trace::tree::MAX_GUESSES
            );
            return Status::BadInput.exit_code();
        }
        let drawn = trace::tree::tree_svg(&traces[0]);
        if let Err(error) = files::write_output(path, FileKind::Svg, &drawn, &input) {
            return super::error::fail(&error.into());
        }
        let mut out = io::stdout().lock();
        tree_written = writeln!(
            out,
            "wrote {} ({}: {} nodes, {} undone)",
            files::shown(path),
            traces[0].approach,
            traces[0].effort.nodes,
            traces[0].effort.undos
        )
        .and_then(|()| out.flush());
    }
    let written = if tree_written.is_err() {
        tree_written
    } else if let Some(path) = &arguments.html {
        let page = trace::render_race(&traces);
        if let Err(error) = files::write_output(path, FileKind::Html, &page, &input) {
            return super::error::fail(&error.into());
        }
        let summary: Vec<String> = traces
            .iter()
            .map(|recorded| format!("{}: {} steps", recorded.approach, recorded.events.len()))
            .collect();
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "wrote {} ({}); open it in a browser",
            files::shown(path),
            summary.join(", ")
        )
        .and_then(|()| out.flush())
    } else if arguments.tree.is_some() {
        Ok(())
    } else if io::stdout().is_terminal() && !dumb_terminal() {
        let screen = Screen {
            colour: super::flags::colour(),
            keys: &mut io::stdin().lock(),
        };
        animate(chosen[0], &traces[0], arguments, &mut io::stdout(), screen)
    } else {
        print_lines(&traces[0], arguments)
    };
    if written.is_err() {
        return super::output::finish(Status::Ok, written);
    }
    let mut status = Status::Ok;
    for recorded in &traces {
        if let Some(note) = recorded.cut_note() {
            say!("{note}: no answer yet");
            status = Status::Failed;
        } else if recorded.solution.is_none() {
            say!(
                "no solution: {} searched and left the board as given",
                recorded.approach
            );
            status = Status::Failed;
        }
    }
    status.exit_code()
}

/// The puzzle to trace: LeetCode's example, or the first record of the
/// PUZZLE argument (see `input.rs`), read as soon as it arrives.
fn read_puzzle(argument: Option<&str>) -> Result<Cells, super::error::CliError> {
    let Some(argument) = argument else {
        return Ok(sets::leetcode_example().cells);
    };
    let (_, parsed) = super::input::first_puzzle(argument)?;
    Ok(parsed.cells)
}

/// The steps to show: from `--from`, at most `--max-steps`.
fn shown(events: &[sudoku37::probe::Event], arguments: &TraceArgs) -> (usize, usize) {
    let start = arguments.from.saturating_sub(1).min(events.len());
    let end = arguments.max_steps.map_or(events.len(), |most| {
        start.saturating_add(most).min(events.len())
    });
    (start, end)
}

fn print_lines(recorded: &Trace, arguments: &TraceArgs) -> io::Result<()> {
    let (start, end) = shown(&recorded.events, arguments);
    let mut out = io::BufWriter::new(io::stdout().lock());
    trace::write_lines(&mut out, recorded, start, end)?;
    out.flush()
}

/// The terminal a search is played on: whether it shows colour, and where
/// `--step`'s Enter comes from.
struct Screen<'a> {
    colour: bool,
    keys: &'a mut dyn BufRead,
}

/// Plays the search in the terminal. A terminal that goes away ends it with
/// the write error, never a panic.
fn animate(
    approach: &Approach,
    recorded: &Trace,
    arguments: &TraceArgs,
    out: &mut dyn Write,
    screen: Screen<'_>,
) -> io::Result<()> {
    let (start, end) = shown(&recorded.events, arguments);
    let mut current = trace::cells_after(recorded.puzzle.cells(), &recorded.events[..start]);
    let total = recorded.events.len();
    let steps = trace::counted_events(&recorded.events).zip(recorded.reasons());
    for (step, reason) in steps.take(end).skip(start) {
        trace::apply(&mut current, &step.event);
        let shown = Shown {
            step: &step,
            reason: &reason,
            total,
        };
        let frame = draw(approach, recorded, &current, &shown, screen.colour);
        write!(out, "\x1b[H\x1b[2J{frame}")?;
        out.flush()?;
        if arguments.step {
            writeln!(out, "Enter: next step, q then Enter: stop")?;
            out.flush()?;
            // One line, however long what stands on standard input is.
            let mut answer = String::new();
            if (&mut *screen.keys)
                .take(ANSWER_BYTES)
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
    if let Some(note) = recorded.cut_note() {
        writeln!(out, "({note})")?;
    }
    out.flush()
}

/// The most of a line read for `--step`'s Enter.
const ANSWER_BYTES: u64 = 4096;

/// A terminal that cannot redraw in place (`TERM=dumb`): it gets the steps
/// line by line, as a pipe does.
fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

/// The step a frame shows, its reason, and how many steps there are.
struct Shown<'a> {
    step: &'a CountedEvent,
    reason: &'a Reason,
    total: usize,
}

/// One frame: the board with the step's cell highlighted (green for a
/// placement, red for an undo; in brackets without colour, with
/// `NO_COLOR`), givens in bold, the counts, and why under them.
fn draw(
    approach: &Approach,
    recorded: &Trace,
    current: &Cells,
    shown_step: &Shown<'_>,
    colour: bool,
) -> String {
    let (step, total) = (shown_step.step, shown_step.total);
    let mut frame = format!("sudoku37 trace: {} (Ctrl-C stops)\n\n", approach.name);
    let shown = |row: usize, column: usize| {
        let cell = grid::symbol(current[row * 9 + column]);
        if step.event.row == row && step.event.column == column {
            let symbol = if cell == grid::BLANK {
                step.event.digit
            } else {
                cell
            };
            if !colour {
                return symbol.to_string();
            }
            match step.event.action {
                Action::Place => format!("\x1b[30;42m{symbol}\x1b[0m"),
                Action::Force => format!("\x1b[30;46m{symbol}\x1b[0m"),
                Action::Undo | Action::Unforce => format!("\x1b[30;41m{symbol}\x1b[0m"),
            }
        } else if recorded.puzzle.cells()[row * 9 + column] != 0 && colour {
            format!("\x1b[1m{cell}\x1b[0m")
        } else {
            cell.to_string()
        }
    };
    // Without colour, the step's cell is marked as a clash is: in brackets.
    let marked =
        |row: usize, column: usize| !colour && step.event.row == row && step.event.column == column;
    frame.push_str(&board::draw(shown, marked).join("\n"));
    frame.push_str("\n\n");
    let kind = match step.event.action {
        Action::Place => "a node",
        Action::Undo => "a node taken back",
        Action::Force => "forced by deduction, not a node",
        Action::Unforce => "a forced digit taken off with its guess",
    };
    frame.push_str(&format!(
        "step {}/{total}: {} {} at row {}, column {} ({kind})\nnodes {}  undos {}  depth {}  forced {}\nwhy: {}\n",
        step.number,
        step.event.action.word(),
        step.event.digit,
        step.event.row + 1,
        step.event.column + 1,
        step.nodes,
        step.undos,
        step.depth,
        step.forced,
        shown_step.reason
    ));
    frame
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        trace: TraceArgs,
    }

    /// The help's figures for a recorded step are the library's.
    #[test]
    fn the_help_states_the_cost_of_a_step_the_library_has() {
        use clap::CommandFactory;
        let help = Wrapper::command().render_long_help().to_string();
        let claim = format!(
            "Each recorded step costs up to {} bytes of memory and {} bytes of HTML page",
            trace::BYTES_PER_EVENT,
            trace::PAGE_BYTES_PER_EVENT
        );
        assert!(
            help.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&claim),
            "{help}"
        );
    }

    /// A terminal that has gone away.
    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(5))
        }

        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from_raw_os_error(5))
        }
    }

    #[test]
    fn a_terminal_that_goes_away_ends_the_animation_with_an_error_not_a_panic() {
        let arguments = Wrapper::parse_from(["trace", "--delay", "0"]).trace;
        let approach = arguments.approach[0];
        let puzzle = sets::leetcode_example().puzzle().expect("a puzzle");
        let recorded = trace::record(approach, &puzzle, 1000, None);
        let screen = Screen {
            colour: true,
            keys: &mut io::empty(),
        };
        let shown = animate(approach, &recorded, &arguments, &mut Gone, screen);
        assert_eq!(shown.map_err(|error| error.raw_os_error()), Err(Some(5)));
    }

    #[test]
    fn endless_input_for_enter_is_read_a_bounded_line_at_a_time() {
        let arguments = Wrapper::parse_from(["trace", "--step", "--max-steps", "3"]).trace;
        let approach = arguments.approach[0];
        let puzzle = sets::leetcode_example().puzzle().expect("a puzzle");
        let recorded = trace::record(approach, &puzzle, 1000, None);
        // /dev/zero as standard input: no line break, ever.
        let mut zeros = io::BufReader::new(io::repeat(0));
        let screen = Screen {
            colour: false,
            keys: &mut zeros,
        };
        let mut frames = Vec::new();
        animate(approach, &recorded, &arguments, &mut frames, screen).expect("played");
        assert_eq!(
            String::from_utf8_lossy(&frames)
                .matches("Enter: next step")
                .count(),
            3
        );
    }

    #[test]
    fn without_colour_the_step_s_cell_is_bracketed_and_no_escape_is_written() {
        let arguments = Wrapper::parse_from(["trace"]).trace;
        let approach = arguments.approach[0];
        let puzzle = sets::leetcode_example().puzzle().expect("a puzzle");
        let recorded = trace::record(approach, &puzzle, 10, None);
        let step = trace::counted_events(&recorded.events)
            .next()
            .expect("a step");
        let reason = recorded.reasons().next().expect("a reason");
        let mut current = *puzzle.cells();
        trace::apply(&mut current, &step.event);
        let shown = Shown {
            step: &step,
            reason: &reason,
            total: 10,
        };
        let plain = draw(approach, &recorded, &current, &shown, false);
        assert!(!plain.contains('\x1b'), "{plain}");
        assert!(plain.ends_with(&format!("\nwhy: {reason}\n")), "{plain}");
        assert!(
            plain.contains(&format!("[{}]", step.event.digit)),
            "{plain}"
        );
        let coloured = draw(approach, &recorded, &current, &shown, true);
        assert!(coloured.contains("\x1b[30;42m"), "{coloured}");
    }
}
