//! The one input door ([`sudoku37_tool::input`]) with what the command line says
//! on the way: that it waits for puzzles typed at a terminal, and the notes
//! of reading sets.

pub use sudoku37_tool::input::{ChosenSets, Defaults, SetRequest, Source};

use sudoku37::text::Parsed;

use super::error::CliError;

/// [`sudoku37_tool::input::open`], saying so when it waits for a terminal.
pub fn open(argument: &str) -> Result<Source, CliError> {
    let source = sudoku37_tool::input::open(argument)?;
    if source.interactive {
        say!("reading puzzles from standard input (Ctrl-D to end)");
    }
    Ok(source)
}

/// [`sudoku37_tool::input::open_or_example`], saying what it read when no
/// argument was given.
pub fn open_or_example(argument: Option<&str>) -> Result<Source, CliError> {
    match argument {
        Some(argument) => open(argument),
        None => {
            let source = sudoku37_tool::input::open_or_example(None)?;
            if source.set_name == sudoku37::sets::LEETCODE_EXAMPLE {
                say!(
                    "no puzzle given: {} (give a puzzle, a file, or - to type one)",
                    source.name
                );
            }
            Ok(source)
        }
    }
}

/// [`sudoku37_tool::input::first_puzzle`], saying so when it waits for a
/// terminal.
pub fn first_puzzle(argument: &str) -> Result<(usize, Parsed), CliError> {
    if argument == "-" && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        say!("reading puzzles from standard input (Ctrl-D to end)");
    }
    Ok(sudoku37_tool::input::first_puzzle(argument)?)
}

/// [`sudoku37_tool::input::choose_sets`], its notes said.
pub fn choose_sets(
    request: &SetRequest<'_>,
    defaults: Defaults<'_>,
) -> Result<ChosenSets, CliError> {
    let chosen = sudoku37_tool::input::choose_sets(request, defaults)?;
    for note in &chosen.notes {
        say!("note: {note}");
    }
    Ok(chosen)
}
