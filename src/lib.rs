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
//! 6. [`search`]: the one search behind every first solution, solution count
//!    and uniqueness check, as methods of [`Puzzle`] with typed answers
//!    ([`Solutions`], [`NotUnique`]); [`harness`]: the harness that runs an
//!    approach safely and measures it; [`measure`]: medians, percentiles and
//!    durations written for people; [`stream`]: answers kept in input order.
//! 7. Features: [`sets`] (puzzle files and the built-in sets), [`generate`]
//!    (random grids and graded unique puzzles), [`logic`] (human techniques:
//!    rate and explain), [`trace`] (a search step by step), [`judge`] (a
//!    user's own solution, compiled and judged), [`practice`] (the ladder of
//!    exercises), [`compare`] (the side-by-side comparison and its
//!    renderers) and [`wire`] (the JSON lines between the tool and its worker processes).
//! 8. The command line, in the binary (`src/cli/`), on top of them all.
//!
//! ## Words
//!
//! One word per concept, in the code, the notes and the tool's output.
//! `tests/it/words.rs` holds this table to the code: every name in the third
//! column exists, and no public name in `src/` outside the approaches (whose
//! write-ups keep their own words) is made with a word of the last column.
//!
//! | Word | Means | In the code | Not |
//! |---|---|---|---|
//! | cells | the 81 values row by row, `0` for a blank | [`grid::Cells`] | |
//! | board | LeetCode's `Vec<Vec<char>>`: only at the approaches' signature and in what a learner's program returns | [`Board`] | |
//! | puzzle | cells whose givens are known not to conflict, checked once | [`Puzzle`], [`puzzle::PuzzleError`] | |
//! | given | a digit a puzzle starts with (the command line keeps the puzzle world's "clue": `generate --min-clues`, the 17-clue set) | [`generate::Generated::givens`] | |
//! | solution | a full grid that completes a puzzle's givens | [`Puzzle::first_solution`], [`sets::SetEntry::solution`], [`judge::Case::solution`] | known |
//! | answer | what an approach or a learner's program leaves in the board, right or wrong (the judge shows the solution as LeetCode's "expected") | [`judge::compare_answer`] | |
//! | submission | a learner's file of code, given to the judge | [`judge::Submission`] | |
//! | unit | a row, a column or a box: 27 in all | [`grid::Unit`], [`grid::UNITS`] | house |
//! | box | one of the nine 3x3 squares (a "block" is a generated part of a note, [`compare::block`]) | [`grid::BOX`] | nonet, region |
//! | level | how hard a puzzle is for a person, on HoDoKu's ladder (a built-in `graded_` set holds puzzles of one level) | [`logic::Level`] | grade, difficulty |
//! | rating | a puzzle's level and score, from the techniques its walk-through needs | [`logic::Rating`] | |
//! | step | one deduction of the logic solver | [`logic::Step`] | |
//! | node, undo | a digit a search placed in an empty cell; one it took off again | [`probe::Effort`] | backtracks |
//! | event | one thing a search did, as a trace records it | [`probe::Event`], [`trace::CountedEvent`] | |
//! | the search | the one search behind every first solution, count and uniqueness check | [`search`], [`Solutions`], [`NotUnique`] | |
//! | the harness | runs an approach safely, checks and measures it | [`harness`], [`harness::run`], [`Solved`] | |
//! | request, reply | one JSON line to, and from, a worker process | [`wire::Request`], [`wire::Reply`] | |
//! | driver reply | the line the judge's driver prints for one puzzle | [`judge::DriverReply`] | |
//! | verdict | the judge's outcome, LeetCode's words (Accepted, Wrong Answer, …) | [`judge::Verdict`] | |
//! | set | a named list of puzzles, built in or read from a file | [`sets::PuzzleSet`], [`sets::SetEntry`] | |
//! | approach | one module behind LeetCode's signature, and its registry entry | [`Approach`], [`APPROACHES`] | |
//! | exercise, stage | a rung of the practice ladder; one checked part of it | [`practice::Exercise`], [`practice::Stage`] | |

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

pub mod harness;
pub mod search;
pub mod sets;
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
pub use harness::{solve_checked, SolveError, Solved, Uniqueness};
pub use puzzle::Puzzle;
pub use search::{NotUnique, Solutions};
