//! The tool's features, run as a user runs them, in one binary (one link
//! instead of one per file): each file below is a module, named for the
//! feature it holds. `cargo test -p sudoku37-tool --test it NAME::` runs one
//! of them, `cargo test -p sudoku37-tool --test it NAME::TEST` one test.

#[path = "../common/mod.rs"]
mod common;

mod bounded;
mod cli;
mod coach;
mod compare;
mod flags;
mod input;
mod judge;
mod logic;
mod messages;
mod owned_files;
mod practice;
mod protocol;
mod reasons;
mod sandbox;
mod solve_pipeline;
mod trace;
mod write_errors;
