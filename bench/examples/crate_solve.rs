//! The baseline for `bench/examples/solve_race.rs`: a minimal whole-process solver
//! around the crates.io `sudoku` crate (AGPL-3.0, a dev-dependency used only
//! as a measuring stick). It reads one 81-character puzzle per line on
//! standard input and prints the first solution found, or `error`, per line.
//!
//! Usage: `cargo run --release --example crate_solve < puzzles.txt`

use std::io::{self, BufRead, BufWriter, Write};

use sudoku::Sudoku;

fn main() {
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = line.split_whitespace().next().unwrap_or(line);
        let answer = Sudoku::from_str_line(puzzle)
            .ok()
            .and_then(|sudoku| sudoku.some_solution());
        let written = match answer {
            Some(solution) => writeln!(out, "{}", solution.to_str_line()),
            None => writeln!(out, "error"),
        };
        if written.is_err() {
            return;
        }
    }
    let _ = out.flush();
}
