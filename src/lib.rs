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
//! use sudoku37::{approaches, count_solutions, solve, Puzzle};
//!
//! let text = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle: Puzzle = text.parse()?;
//! assert_eq!(count_solutions(&puzzle, 2), 1); // 0, 1, or 2 meaning "two or more"
//!
//! let bitmask = approaches::find("bitmask").expect("registered");
//! let solved = solve::run(bitmask, &puzzle)?;
//! assert_eq!(solved.solution[0].iter().collect::<String>(), "534678912");
//! assert!(solved.effort.nodes > 0); // the search effort it reported
//!
//! // Conflicting givens never make a `Puzzle`: the error says where.
//! let clash = format!("55{}", &text[2..]);
//! assert!(clash.parse::<Puzzle>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules are layers; each uses only the layers before it, so the
//! import graph has no cycle (`tests/it/layers.rs` checks it):
//!
//! 1. [`grid`]: 81 cells, the 27 units, a conflict, whether a grid solves a
//!    puzzle. It depends on nothing.
//! 2. [`text`]: the record reader, with every rule of `sudoku37 solve
//!    --help`, and why text is not a puzzle ([`text::ParseError`]).
//! 3. [`board`]: LeetCode's `Vec<Vec<char>>` to and from cells, and the one
//!    grid drawer.
//! 4. [`puzzle`]: [`Puzzle`], a board validated once, and [`puzzle::PuzzleError`].
//! 5. [`approaches`], one module per approach and the registry of them all
//!    (the one source of facts about approaches), with [`probe`], the hook
//!    through which they report their search effort, and [`paste`], which
//!    cuts out the code to paste.
//! 6. [`solve`]: runs an approach safely and measures it, and holds the one
//!    search behind every first solution, solution count and uniqueness check;
//!    [`measure`]: medians, percentiles and durations written for people.
//! 7. Features: [`sets`] (puzzle files and the built-in sets), [`generate`]
//!    (random grids and graded unique puzzles), [`logic`] (human techniques:
//!    rate and explain), [`trace`] (a search step by step), [`judge`] (a
//!    user's own solution, compiled and judged), [`practice`] (the ladder of
//!    exercises), [`compare`] (the side-by-side comparison and its
//!    renderers) and [`wire`] (the JSON lines between the tool and its worker processes).
//! 8. The command line, in the binary (`src/cli/`), on top of them all.

// LeetCode fixes the signature `&mut Vec<Vec<char>>`, and the classic
// approaches keep their write-ups' index loops on purpose.
#[allow(clippy::ptr_arg, clippy::needless_range_loop)]
pub mod approaches;
pub mod board;
pub mod compare;
pub mod files;
pub mod generate;
pub mod grid;
pub mod input;
pub mod judge;
pub mod logic;
pub mod measure;
pub mod paste;
pub mod practice;
pub mod probe;
pub mod progress;
pub mod puzzle;
#[cfg(feature = "process")]
pub mod runner;

pub mod search;
pub mod sets;
pub mod solve;
pub mod stream;
pub mod text;
pub mod trace;
pub mod wire;
#[cfg(feature = "process")]
pub mod worker;

#[cfg(test)]
mod fixtures;

pub use approaches::{Approach, APPROACHES};
pub use board::Board;
pub use puzzle::Puzzle;
pub use search::count_solutions;
pub use solve::{solve_checked, SolveError, Solved, Uniqueness};
