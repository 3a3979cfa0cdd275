//! Why a subcommand cannot go on, as one type: every error a subcommand
//! meets before or outside its per-puzzle answers (an unreadable argument,
//! an unknown set, a file it cannot update). Each is said as one `error:`
//! line by [`fail`], which also decides its exit status, so no subcommand
//! picks a status for an error itself. The sources are kept (`#[source]`),
//! not flattened into strings.

use std::io;
use std::process::ExitCode;

use sudoku37::compare::block::BlockError;
use sudoku37::compare::render::RenderError;
use sudoku37::puzzle::PuzzleError;
use sudoku37::text::ParseError;
use thiserror::Error;

use super::Status;

#[derive(Debug, Error)]
pub enum CliError {
    /// A path that exists but cannot be opened or read.
    #[error("cannot read {path}: {source}")]
    Unreadable {
        path: String,
        #[source]
        source: io::Error,
    },
    /// A folder named where a file of puzzles was expected.
    #[error("cannot read {path}: it is a folder")]
    Folder { path: String },
    /// A PUZZLE argument that is neither a readable path nor puzzle text:
    /// the message says both.
    #[error("{unreadable}; and it is no puzzle either: {why}")]
    NeitherPathNorPuzzle {
        unreadable: Box<CliError>,
        why: NotPuzzleText,
    },
    /// The `--data` folder cannot be listed.
    #[error("cannot read the data folder {path}: {source}")]
    DataFolder {
        path: String,
        #[source]
        source: io::Error,
    },
    /// A `--set` name that is neither built in nor found as a public set.
    #[error(
        "unknown set {name:?}; known sets: {known} (public sets are also found by name in \
         --data, ../shared/puzzles or ${env})",
        env = sudoku37::sets::DATA_ENV
    )]
    UnknownSet { name: String, known: String },
    /// An input with no record at all.
    #[error("no puzzle in {input}")]
    NoPuzzle { input: String },
    /// The one record read from an input is malformed.
    #[error("{input}, line {line}: {source}")]
    BadRecord {
        input: String,
        line: usize,
        #[source]
        source: ParseError,
    },
    /// A generated block that could not be drawn or written into a file.
    #[error("cannot update {path}: {source}")]
    Block {
        path: String,
        #[source]
        source: BlockError,
    },
    /// Every chosen set turned out empty.
    #[error("no puzzles to {purpose}")]
    NoPuzzles { purpose: &'static str },
    /// A board that is not a puzzle: misshapen, or its givens conflict.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
    /// A renderer that could not draw the comparison.
    #[error("cannot update {path}: {source}")]
    Render {
        path: String,
        #[source]
        source: RenderError,
    },
}

/// Why an argument is not puzzle text.
#[derive(Debug, Error)]
pub enum NotPuzzleText {
    #[error("it holds no puzzle")]
    Empty,
    #[error("line {line}: {source}")]
    BadRecord {
        line: usize,
        #[source]
        source: ParseError,
    },
}

impl CliError {
    /// The exit status that goes with it: 1 for givens that conflict (a
    /// puzzle with no solution), 2 for bad input or an unwritable file.
    pub fn status(&self) -> Status {
        match self {
            CliError::Puzzle(PuzzleError::Conflict(_)) => Status::Failed,
            CliError::Unreadable { .. }
            | CliError::Folder { .. }
            | CliError::NeitherPathNorPuzzle { .. }
            | CliError::DataFolder { .. }
            | CliError::UnknownSet { .. }
            | CliError::NoPuzzle { .. }
            | CliError::BadRecord { .. }
            | CliError::NoPuzzles { .. }
            | CliError::Puzzle(_)
            | CliError::Block { .. }
            | CliError::Render { .. } => Status::BadInput,
        }
    }
}

/// Says `error` as one `error:` line and gives its exit status.
pub fn fail(error: &CliError) -> ExitCode {
    say!("error: {error}");
    error.status().exit_code()
}
