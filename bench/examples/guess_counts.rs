//! Mean guesses per puzzle of `bitboard`, in both modes: the first solution
//! (`solve_cells`) and counting to 2 (`count_solutions_cells`). Guesses are
//! exact and repeat from run to run, unlike seconds, so this is the quick
//! measure when tuning the guess choice.
//!
//! ```sh
//! cargo run --release --example guess_counts -- FILE...
//! cargo run --release --example guess_counts -- --variants 10 FILE...
//! cargo run --release --example guess_counts -- --variants 10 --write OUT FILE
//! ```
//!
//! With `--variants N` (1 to 1000), each file gets a second row: the same
//! puzzles laid out `N` other ways each (`sudoku37_bench::equivalent`,
//! drawn from `--seed S`, 37 unless given). A change to the guess choice
//! that only suits how a set happens to be written gains on the first row
//! and not on the second. `--write OUT` also writes those puzzles, one
//! 81-character line each, into the new file `OUT` (an existing file is
//! left alone, and the run refused), for the race's `--file`.

use sudoku37::approaches::bitboard;
use sudoku37::{grid, probe, sets};
use sudoku37_bench::equivalent;
use sudoku37_tool::files;

const USAGE: &str = "usage: guess_counts [--variants N [--write OUT]] [--seed S] FILE...";

fn main() {
    let mut files = Vec::new();
    let (mut variants, mut seed) = (0u32, 37u64);
    let mut write: Option<std::path::PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--variants" => {
                variants = match args.next().and_then(|value| value.parse().ok()) {
                    Some(count @ 1..=1000) => count,
                    _ => fail("--variants takes a whole number from 1 to 1000"),
                }
            }
            "--seed" => {
                seed = match args.next().and_then(|value| value.parse().ok()) {
                    Some(seed) => seed,
                    None => fail("--seed takes a whole number from 0 to 2^64 - 1"),
                }
            }
            "--write" => match args.next() {
                Some(path) => write = Some(path.into()),
                None => fail("--write takes the name of a file to make"),
            },
            _ if arg.starts_with("--") => fail(&format!("unknown option {arg}")),
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        fail(USAGE);
    }
    if write.is_some() && variants == 0 {
        fail("--write writes the other layouts: give --variants N too");
    }
    let mut written = String::new();
    println!("| file | puzzles | first solution | count to 2 |");
    println!("|---|---:|---:|---:|");
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            eprintln!("cannot read {file}");
            continue;
        };
        let (entries, _errors) = sets::parse_set(&text);
        let puzzles: Vec<[u8; 81]> = entries.iter().map(|entry| entry.cells).collect();
        row(&file, &puzzles);
        if variants > 0 {
            let shuffled = equivalent::layouts(&puzzles, variants, seed);
            row(
                &format!("{file}, {variants} other layouts of each (seed {seed})"),
                &shuffled,
            );
            if write.is_some() {
                for puzzle in &shuffled {
                    written.push_str(&grid::line_of(puzzle));
                    written.push('\n');
                }
            }
        }
    }
    if let Some(path) = write {
        if let Err(error) = files::write_new(&path, written.as_bytes()) {
            fail(&format!("cannot write {}: {error}", path.display()));
        }
    }
}

/// One row of the table: `puzzles`' mean guesses in both modes.
fn row(name: &str, puzzles: &[[u8; 81]]) {
    let (mut first, mut counting) = (0u64, 0u64);
    for puzzle in puzzles {
        let mut cells = *puzzle;
        first += probe::measure(|| bitboard::solve_cells(&mut cells)).1.nodes;
        counting += probe::measure(|| bitboard::count_solutions_cells(puzzle, 2))
            .1
            .nodes;
    }
    let count = puzzles.len().max(1) as f64;
    println!(
        "| {name} | {} | {:.2} | {:.2} |",
        puzzles.len(),
        first as f64 / count,
        counting as f64 / count
    );
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(2);
}
