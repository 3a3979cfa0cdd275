//! The `sudoku37` command: a thin dispatcher over the library; the arguments
//! and each subcommand live in `src/cli/` (`mod.rs` dispatches, one file per
//! larger subcommand).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let arguments = cli::Arguments::parse();
    cli::run(arguments)
}
