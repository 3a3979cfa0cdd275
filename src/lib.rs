//! # sudoku37
//!
//! LeetCode 37, "Sudoku Solver" (解数独), studied in Rust: every classic
//! approach reproduced from its write-up, each behind LeetCode's signature
//! `impl Solution { pub fn solve_sudoku(board: &mut Vec<Vec<char>>) }`, measured
//! side by side, and each ready to paste into a judge.
//!
//! From text to an answer: parse and validate once into a
//! [`Puzzle`] (which cannot hold conflicting givens), then solve it with any
//! approach of the registry, or count its solutions:
//!
//! ```
//! use sudoku37::{approaches, harness, Puzzle, Solutions};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle: Puzzle = text.parse()?;
//! assert_eq!(puzzle.solutions(), Solutions::One); // none, one or several
//!
//! let bitmask = approaches::find("bitmask").expect("registered");
//! let solved = harness::run(bitmask, &puzzle)?;
//! assert_eq!(solved.solution[..9], [5, 3, 4, 6, 7, 8, 9, 1, 2]);
//! assert!(solved.effort.nodes > 0); // the search effort it reported
//!
//! // Conflicting givens never make a `Puzzle`: the error says where.
//! let clash = format!("55{}", &text[2..]);
//! assert!(clash.parse::<Puzzle>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate is what a learner studies: the approaches and the model they
//! need, with the tests that say whether an approach is right
//! (`cargo test -p sudoku37`, or `cargo test -p sudoku37 NAME` for one
//! approach). The `sudoku37` command, with everything it does beyond solving
//! (compare, trace, judge, practice, rate and explain), is the workspace
//! member `sudoku37-tool` (`tool/`); benchmarks and the measuring programs
//! behind the notes are `sudoku37-bench` (`bench/`).
//!
//! The modules are layers, each using only the layers before it, from
//! [`grid`] to [`harness`]. The one map of the crates and of their layers is
//! the "Layout" section of the README (`README.md`); a test of the tool
//! (`cargo test -p sudoku37-tool --test checks layers`) holds the code and
//! `Cargo.toml` to it. The words the code and the notes use (cells, board,
//! puzzle, given, unit, box, node, ...) are defined once, in the glossary
//! `notes/glossary.md`, which `cargo test -p sudoku37-tool --test checks
//! glossary::` holds the public names to.

// LeetCode fixes the signature `&mut Vec<Vec<char>>`, and the classic
// approaches keep their write-ups' index loops on purpose.
#[allow(clippy::ptr_arg, clippy::needless_range_loop)]
pub mod approaches;
pub mod board;
pub mod grid;
pub mod harness;
pub mod paste;
pub mod probe;
pub mod puzzle;
pub mod search;
pub mod sets;
pub mod text;

#[cfg(test)]
mod fixtures;

pub use approaches::{Approach, APPROACHES};
pub use board::Board;
pub use harness::{solve_checked, SolveError, Solved, Uniqueness};
pub use puzzle::Puzzle;
pub use search::{NotUnique, Solutions};
