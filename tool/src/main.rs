//! The `sudoku37` command: a thin dispatcher over the library; the arguments
//! and each subcommand live in `src/cli/` (`mod.rs` dispatches, one file per
//! larger subcommand).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::parse() {
        Ok(arguments) => cli::run(arguments),
        Err(exit) => exit,
    }
}
