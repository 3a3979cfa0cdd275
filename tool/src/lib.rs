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
//! One word per concept, in the code, the notes and the tool's output: the
//! one glossary is `notes/glossary.md` (code names and prose words, English
//! and Chinese, and the spellings not to use), and
//! `cargo test -p sudoku37-tool --test checks glossary::` holds the code's
//! public names, the help texts and the notes to it.

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
