//! The `sudoku37` command: a thin dispatcher over the library; each subcommand
//! lives in `cli.rs`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let arguments = cli::Arguments::parse();
    cli::run(arguments)
}
