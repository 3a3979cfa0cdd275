//! Mean guesses per puzzle of `bitboard`, in both modes: the first solution
//! (`solve_cells`) and counting to 2 (`count_solutions_cells`). Guesses are
//! exact and repeat from run to run, unlike seconds, so this is the quick
//! measure when tuning the guess choice.
//!
//! ```sh
//! cargo run --release --example guess_counts -- FILE...
//! ```

use sudoku37::approaches::bitboard;
use sudoku37::{probe, sets};

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: guess_counts FILE...");
        std::process::exit(2);
    }
    println!("| file | puzzles | first solution | count to 2 |");
    println!("|---|---:|---:|---:|");
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            eprintln!("cannot read {file}");
            continue;
        };
        let (puzzles, _errors) = sets::parse_set(&text);
        let (mut first, mut counting) = (0u64, 0u64);
        for puzzle in &puzzles {
            let mut cells = puzzle.cells;
            first += probe::measure(|| bitboard::solve_cells(&mut cells)).1.nodes;
            counting += probe::measure(|| bitboard::count_solutions_cells(&puzzle.cells, 2))
                .1
                .nodes;
        }
        let count = puzzles.len().max(1) as f64;
        println!(
            "| {file} | {} | {:.2} | {:.2} |",
            puzzles.len(),
            first as f64 / count,
            counting as f64 / count
        );
    }
}
