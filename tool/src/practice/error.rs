//! Why `practice check` stopped before its verdict.

use crate::judge::program::CompileFailure;
use sudoku37::harness::SolveError;

/// Why a check stopped before its verdict.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error("cannot make a temporary folder: {0}")]
    TempFolder(#[source] std::io::Error),
    /// The code could not be compiled for a reason other than its own errors
    /// (those are a verdict, Compile Error).
    #[error(transparent)]
    Compile(CompileFailure),
    /// The compiled program (`what`: the exercise) could not be started or
    /// spoken to.
    #[error("cannot run the compiled {what}: {source}")]
    Program {
        what: &'static str,
        #[source]
        source: std::io::Error,
    },
    /// Something the tool ships with is not there: a bug, not bad input.
    #[error("{0} is missing")]
    Missing(String),
    /// The reference's search could not be recorded.
    #[error("cannot record the reference: {0}")]
    Reference(#[source] SolveError),
    /// The race page may not, or could not, be written.
    #[error(transparent)]
    Page(#[from] crate::files::OutputError),
}
