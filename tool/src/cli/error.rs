//! Why a subcommand cannot go on, as one type: every error a subcommand
//! meets before or outside its per-puzzle answers (an unreadable argument,
//! an unknown set, a file it cannot update). Each is said as one `error:`
//! line by [`fail`], which also decides its exit status, so no subcommand
//! picks a status for an error itself. The sources are kept (`#[source]`),
//! not flattened into strings.

use std::io;
use std::process::ExitCode;

use sudoku37::puzzle::PuzzleError;
use sudoku37_tool::compare::block::BlockError;
use sudoku37_tool::compare::render::RenderError;
use thiserror::Error;

use sudoku37_tool::files::{OutputError, ReadError};
use sudoku37_tool::input::InputError;
use sudoku37_tool::judge::JudgeError;
use sudoku37_tool::practice::{NoExercise, StateError, TargetError};

use super::output::Status;

#[derive(Debug, Error)]
pub enum CliError {
    /// An input that cannot be read: a PUZZLE argument, a set, a file of
    /// puzzles, a data folder.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A page or picture that may not be written where it was asked.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// Two outputs of one run that name the same file.
    #[error("{first} and {second} both name {path}: name two files")]
    SameOutput {
        path: String,
        first: &'static str,
        second: &'static str,
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
    /// A file of the user's that cannot be read whole: not a regular file,
    /// too large, not UTF-8.
    #[error("cannot read {path}: {source}")]
    UnreadableFile {
        path: String,
        #[source]
        source: ReadError,
    },
    /// A name that is no exercise of the ladder.
    #[error(transparent)]
    NoExercise(#[from] NoExercise),
    /// A file to check whose exercise cannot be told.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// The learner's progress file.
    #[error(transparent)]
    State(#[from] StateError),
    /// Something the tool ships with is not there: a bug, not bad input.
    #[error("{0} is missing")]
    Missing(String),
    /// The judge stopped before its verdict.
    #[error(transparent)]
    Judge(JudgeError),
    /// Records skipped in an input that must be whole (the judge's sets):
    /// the last of them, the others said before.
    #[error("{0}")]
    Skipped(String),
    /// Sets that hold no puzzle the judge may judge.
    #[error(transparent)]
    NothingToJudge(#[from] sudoku37_tool::judge::NothingToJudge),
    /// A renderer that could not draw the comparison.
    #[error("cannot update {path}: {source}")]
    Render {
        path: String,
        #[source]
        source: RenderError,
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
            CliError::Input(_)
            | CliError::NoPuzzles { .. }
            | CliError::Puzzle(_)
            | CliError::Unwritable { .. }
            | CliError::ExerciseNotStarted { .. }
            | CliError::NoExercise(_)
            | CliError::Target(_)
            | CliError::State(_)
            | CliError::UnreadableFile { .. }
            | CliError::Missing(_)
            | CliError::Output(_)
            | CliError::SameOutput { .. }
            | CliError::Judge(_)
            | CliError::Skipped(_)
            | CliError::NothingToJudge(_)
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

/// [`fail`], but a closed output pipe is a quiet success: the reader has
/// what it wanted.
pub fn fail_or_quiet(error: &CliError) -> ExitCode {
    match error {
        CliError::Unwritable { source, .. } if source.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        _ => fail(error),
    }
}
