//! Writes the project's blanked-grid puzzle sets (`puzzles/blanked_*.txt`).
//!
//! Each puzzle is a random solved grid (fixed seed) with some cells blanked by a
//! pattern: whole rows, whole boxes, cells near the diagonals, or cells picked
//! at random. Where the puzzle's solution is unique (counted), the grid follows
//! the puzzle on its line as its known solution; otherwise the line holds the
//! puzzle alone and any valid completion is accepted.
//!
//! Usage: `cargo run --release --example blank_grids -- rows|boxes|diagonal|random`

use rand::seq::index::sample;
use sudoku37::grid::{line_of, Cells, BOX};
use sudoku37::Solutions;
use sudoku37_tool::generate::{blank_where, random_solved_grid, seeded};

const GRIDS_PER_PATTERN: u64 = 3;

/// A named rule saying which cells to blank, by (row, column).
type Pattern = (&'static str, Box<dyn Fn(usize, usize) -> bool>);

fn main() {
    let kind = std::env::args().nth(1).unwrap_or_default();
    let patterns: Vec<Pattern> = match kind.as_str() {
        "rows" => vec![
            ("row 5", Box::new(|row, _| row == 4)),
            (
                "rows 1, 5, 9 (one per band)",
                Box::new(|row, _| row % 4 == 0),
            ),
            ("rows 1 and 2 (same band)", Box::new(|row, _| row < 2)),
            ("rows 1, 2, 4, 5, 7, 8", Box::new(|row, _| row % 3 != 2)),
        ],
        "boxes" => vec![
            ("box 5", Box::new(|row, column| box_of(row, column) == 4)),
            (
                "boxes 1, 5, 9",
                Box::new(|row, column| box_of(row, column) % 4 == 0),
            ),
            (
                "boxes 1, 3, 5, 7, 9",
                Box::new(|row, column| box_of(row, column) % 2 == 0),
            ),
            (
                "boxes 1 and 2",
                Box::new(|row, column| box_of(row, column) < 2),
            ),
        ],
        "diagonal" => vec![
            ("main diagonal", Box::new(|row, column| row == column)),
            (
                "both diagonals",
                Box::new(|row, column| row == column || row + column == 8),
            ),
            (
                "within 1 of the main diagonal",
                Box::new(|row, column| row.abs_diff(column) <= 1),
            ),
            (
                "within 2 of the main diagonal",
                Box::new(|row, column| row.abs_diff(column) <= 2),
            ),
        ],
        "random" => Vec::new(),
        _ => {
            eprintln!("usage: blank_grids rows|boxes|diagonal|random");
            std::process::exit(2);
        }
    };

    println!("# Blanked grids, kind `{kind}`: random solved grids with cells blanked.");
    println!("# Made by `cargo run --release --example blank_grids -- {kind}`; do not edit.");
    println!("# A line with two fields holds the puzzle and its unique solution; a line");
    println!("# with one field holds a puzzle with several solutions (any is accepted).");
    for grid_index in 0..GRIDS_PER_PATTERN {
        let grid = random_solved_grid(&mut seeded(grid_index));
        if kind == "random" {
            let mut rng = seeded(1000 + grid_index);
            for blanks in [30, 40, 45, 50, 55] {
                let picked: Vec<usize> = sample(&mut rng, 81, blanks).into_vec();
                let puzzle = blank_where(&grid, |row, column| picked.contains(&(row * 9 + column)));
                emit(
                    &format!("grid {grid_index}, {blanks} random cells"),
                    &puzzle,
                    &grid,
                );
            }
        } else {
            for (label, blank) in &patterns {
                let puzzle = blank_where(&grid, blank);
                emit(&format!("grid {grid_index}, {label}"), &puzzle, &grid);
            }
        }
    }
}

fn box_of(row: usize, column: usize) -> usize {
    BOX[row * 9 + column]
}

fn emit(label: &str, puzzle: &Cells, grid: &Cells) {
    let blanks = puzzle.iter().filter(|&&value| value == 0).count();
    let counted = sudoku37::Puzzle::from_cells(*puzzle).map(|puzzle| puzzle.solutions());
    match counted {
        Ok(Solutions::One) => {
            println!("# {label}: {blanks} blanks, unique");
            println!("{} {}", line_of(puzzle), line_of(grid));
        }
        _ => {
            println!("# {label}: {blanks} blanks, several solutions");
            println!("{}", line_of(puzzle));
        }
    }
}
