//! # sudoku37-tool
//!
//! The `sudoku37` command and everything it does beyond solving, on top of
//! the study crate [`sudoku37`] (the approaches, the board, the one search):
//! comparing approaches side by side ([`compare`]), solving files of puzzles
//! as a stream ([`stream`]), recording a search step by step ([`trace`]),
//! judging a learner's own program ([`judge`]) and coaching them up the
//! ladder of exercises ([`practice`]), rating and explaining a puzzle as a
//! person solves it ([`logic`]), and making new puzzles ([`generate`]).
//! Each feature is whole in this library; the binary (`src/main.rs` and
//! `src/cli/`) parses arguments and prints.
//!
//! The modules are layers, each using only the layers before it; the one map
//! of the crates and their layers is the "Layout" section of the README
//! (`README.md`), and `cargo test -p sudoku37-tool --test checks layers`
//! holds the code to it.
//!
//! ## Words
//!
//! One word per concept, in the code, the notes and the tool's output.
//! `tests/checks/words.rs` holds this table to the code: every name in the third
//! column exists, and no public name in `src/` or `tool/src/` outside the approaches (whose
//! write-ups keep their own words) is made with a word of the last column.
//!
//! | Word | Means | In the code | Not |
//! |---|---|---|---|
//! | cells | the 81 values row by row, `0` for a blank | [`sudoku37::grid::Cells`] | |
//! | board | LeetCode's `Vec<Vec<char>>`: only at the approaches' signature and in what a learner's program returns | [`sudoku37::Board`] | |
//! | puzzle | cells whose givens are known not to conflict, checked once | [`sudoku37::Puzzle`], [`sudoku37::puzzle::PuzzleError`] | |
//! | given | a digit a puzzle starts with (the command line keeps the puzzle world's "clue": `generate --min-clues`, the 17-clue set) | [`generate::Generated::givens`] | |
//! | solution | a full grid that completes a puzzle's givens | [`sudoku37::Puzzle::first_solution`], [`sudoku37::sets::SetEntry::solution`], [`judge::Case::solution`] | known |
//! | answer | what an approach or a learner's program leaves in the board, right or wrong (the judge shows the solution as LeetCode's "expected") | [`judge::compare_answer`] | |
//! | submission | a learner's file of code, given to the judge | [`judge::Submission`] | |
//! | unit | a row, a column or a box: 27 in all | [`sudoku37::grid::Unit`], [`sudoku37::grid::UNITS`] | house |
//! | box | one of the nine 3x3 squares (a "block" is a generated part of a note, [`compare::block`]) | [`sudoku37::grid::BOX`] | nonet, region |
//! | level | how hard a puzzle is for a person, on HoDoKu's ladder (a built-in `graded_` set holds puzzles of one level) | [`logic::Level`] | grade, difficulty |
//! | rating | a puzzle's level and score, from the techniques its walk-through needs | [`logic::Rating`] | |
//! | step | one deduction of the logic solver | [`logic::Step`] | |
//! | node, undo | a digit a search placed in an empty cell; one it took off again | [`sudoku37::probe::Effort`] | backtracks |
//! | event | one thing a search did, as a trace records it | [`sudoku37::probe::Event`], [`trace::CountedEvent`] | |
//! | the search | the one search behind every first solution, count and uniqueness check | [`sudoku37::search`], [`sudoku37::Solutions`], [`sudoku37::NotUnique`] | |
//! | the harness | runs an approach safely, checks and measures it | [`sudoku37::harness`], [`sudoku37::harness::run`], [`sudoku37::Solved`] | |
//! | request, reply | one JSON line to, and from, a worker process | [`wire::Request`], [`wire::Reply`] | |
//! | driver reply | the line the judge's driver sends for one puzzle, on its channel (descriptor 3, never the program's output) after the run's secret | [`judge::DriverReply`], [`judge::program::CHANNEL_FD`] | |
//! | jail, isolation | where a learner's program and its compiler run; which kind this machine gives (bubblewrap, landlock, or the weak mode a user accepts) | [`runner::Jail`], [`runner::Isolation`] | |
//! | verdict | the judge's outcome, LeetCode's words (Accepted, Wrong Answer, …) | [`judge::Verdict`] | |
//! | set | a named list of puzzles, built in or read from a file | [`sudoku37::sets::PuzzleSet`], [`sudoku37::sets::SetEntry`] | |
//! | approach | one module behind LeetCode's signature, and its registry entry | [`sudoku37::Approach`], [`sudoku37::APPROACHES`] | |
//! | exercise, stage | a rung of the practice ladder; one checked part of it | [`practice::Exercise`], [`practice::Stage`] | |

pub mod compare;
pub mod files;
pub mod generate;
pub mod input;
pub mod judge;
pub mod logic;
pub mod measure;
pub mod practice;
pub mod progress;
pub mod runner;
pub mod stream;
pub mod trace;
pub mod wire;
pub mod worker;
