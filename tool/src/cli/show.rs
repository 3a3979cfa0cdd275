//! `sudoku37 show`: each puzzle and its solution as grids side by side, with
//! the search effort, for reading one search's result at a glance.

use std::process::ExitCode;

use clap::Args;
use sudoku37::approaches::Approach;
use sudoku37::board;
use sudoku37::harness;
use sudoku37::puzzle::{Puzzle, PuzzleError};

use super::output::{Output, Status};

/// `sudoku37 show`: each puzzle and its solution as grids side by side, with
/// the nodes and undos it took, and the time of that one cold run (which
/// ranks approaches less reliably than `compare`, which times many).
#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The approach to solve with (by default the registry's
    /// TRACE_APPROACH, a classic search whose nodes a learner recognises).
    #[arg(long, short, default_value = sudoku37::approaches::TRACE_APPROACH,
          value_parser = super::flags::approach_parser())]
    pub approach: &'static Approach,
    /// File of puzzles, or - for standard input. Without it, standard
    /// input when that is not a terminal, and LeetCode's example when it is.
    pub input: Option<String>,
}

/// `sudoku37 show`.
pub fn show(arguments: &ShowArgs) -> ExitCode {
    let source = match super::input::open_or_example(arguments.input.as_deref()) {
        Ok(source) => source,
        Err(error) => return super::error::fail(&error),
    };
    super::output::guard_panics();
    let approach = arguments.approach;
    let mut out = Output::stdout();
    let mut status = Status::Ok;
    for record in source.records() {
        let number = record.line;
        let text = match record
            .parsed
            .map_err(PuzzleError::from)
            .and_then(|parsed| Puzzle::from_cells(parsed.cells))
        {
            Err(error) => {
                status = status.max(super::output::status_of(&error));
                format!("line {number}: error: {error}\n\n")
            }
            Ok(puzzle) => match harness::run(approach, &puzzle) {
                Ok(solved) => format!(
                    "line {number}: {} nodes, {} undos with {}; one cold run: {} \
                     (compare times many runs)\n{}\n",
                    solved.effort.nodes,
                    solved.effort.undos,
                    approach.name,
                    sudoku37_tool::measure::format_duration(solved.elapsed),
                    board::format_side_by_side(
                        "puzzle",
                        &puzzle.to_board(),
                        "solution",
                        &board::from_cells(&solved.solution)
                    )
                ),
                Err(error) => {
                    status = status.max(Status::Failed);
                    format!(
                        "line {number}: error: {error}\n{}\n",
                        board::format_grid(&puzzle.to_board())
                    )
                }
            },
        };
        // Each grid reaches the reader as soon as it is drawn.
        if let Err(error) = out.write_str(&text).and_then(|()| out.flush()) {
            return super::output::finish(status, Err(error));
        }
    }
    super::output::finish(status, out.flush())
}
