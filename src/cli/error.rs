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
use sudoku37::SolveError;
use thiserror::Error;

use super::judge::program::CompileFailure;
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
    /// A file the command could not write.
    #[error("cannot write {path}: {source}")]
    Unwritable {
        path: String,
        #[source]
        source: io::Error,
    },
    /// An exercise file that is there already: `practice start` never
    /// overwrites one.
    #[error(
        "{path} exists already and is never overwritten: check it with \
         `sudoku37 practice check {name}`, or delete it to start again"
    )]
    ExerciseExists { path: String, name: &'static str },
    /// An exercise file not started yet.
    #[error("cannot read {path}: {source} (start it with `sudoku37 practice start {name}`)")]
    ExerciseNotStarted {
        path: String,
        name: &'static str,
        #[source]
        source: io::Error,
    },
    /// A name that is no rung of the ladder.
    #[error("no exercise {name:?}: the ladder has {ladder}")]
    NoExercise { name: String, ladder: String },
    /// A file to check that says nothing of its exercise.
    #[error(
        "which exercise is {path}? Name the file NAME.rs or give --exercise NAME (see \
         `sudoku37 practice list`)"
    )]
    WhichExercise { path: String },
    /// Something the tool ships with is not there: a bug, not bad input.
    #[error("{0} is missing")]
    Missing(String),
    /// The temporary folder of a compiled program.
    #[error("cannot make a temporary folder: {0}")]
    TempFolder(#[source] io::Error),
    /// The user's code could not be compiled for a reason other than its
    /// own errors (those are a verdict, not an error).
    #[error(transparent)]
    Compile(CompileFailure),
    /// The compiled program (`what`: the solution, the exercise) could not
    /// be started or spoken to.
    #[error("cannot run the compiled {what}: {source}")]
    Program {
        what: &'static str,
        #[source]
        source: io::Error,
    },
    /// Sets that hold no puzzle the judge may judge.
    #[error("nothing to judge: the sets asked for hold no puzzle with exactly one solution")]
    NothingToJudge,
    /// The reference's search could not be recorded.
    #[error("cannot record the reference: {0}")]
    Reference(#[source] SolveError),
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
            CliError::Puzzle(PuzzleError::Conflict(_)) | CliError::ExerciseExists { .. } => {
                Status::Failed
            }
            CliError::Unreadable { .. }
            | CliError::Folder { .. }
            | CliError::NeitherPathNorPuzzle { .. }
            | CliError::DataFolder { .. }
            | CliError::UnknownSet { .. }
            | CliError::NoPuzzle { .. }
            | CliError::BadRecord { .. }
            | CliError::NoPuzzles { .. }
            | CliError::Puzzle(_)
            | CliError::Unwritable { .. }
            | CliError::ExerciseNotStarted { .. }
            | CliError::NoExercise { .. }
            | CliError::WhichExercise { .. }
            | CliError::Missing(_)
            | CliError::TempFolder(_)
            | CliError::Compile(_)
            | CliError::Program { .. }
            | CliError::NothingToJudge
            | CliError::Reference(_)
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
