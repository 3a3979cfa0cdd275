//! Prints how generated minimal puzzles spread over the reference approach's
//! backtracks and over the rater's levels (the grades), to choose how many
//! puzzles of each level the graded sets can hold.
//!
//! Usage: `cargo run --release --example grade_distribution -- [COUNT] [SEED]`

use sudoku37_tool::generate::{generate, Spec};
use sudoku37_tool::logic::Level;

fn main() {
    let mut arguments = std::env::args().skip(1);
    let count = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(500);
    let seed = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0);
    let spec = Spec {
        count,
        seed,
        ..Spec::default()
    };
    let puzzles = match generate(&spec) {
        Ok(puzzles) => puzzles,
        Err(error) => error.partial,
    };
    let mut undos: Vec<u64> = puzzles
        .iter()
        .map(|generated| generated.effort.undos)
        .collect();
    undos.sort_unstable();
    let percentile = |fraction: f64| undos[((undos.len() - 1) as f64 * fraction) as usize];
    println!("{} minimal puzzles, seed {seed}", undos.len());
    for fraction in [0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0] {
        println!(
            "  {:>5.1}% of them need at most {} undos",
            fraction * 100.0,
            percentile(fraction)
        );
    }
    for grade in Level::ALL {
        let share = puzzles
            .iter()
            .filter(|generated| generated.rating.level == grade)
            .count();
        println!("  {grade:<8} {share}");
    }
}
