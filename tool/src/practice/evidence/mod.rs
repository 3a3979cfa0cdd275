//! Deciding what went wrong from what the checker recorded: the learner's
//! search (the trace hooks' places and undos, replayed on the puzzle), the
//! board returned against the board given, the nodes against the
//! reference's, the panic's message and place, and how far a stopped search
//! got. Plain functions over that evidence, tested without a process: each
//! names one [`Id`](crate::practice::diagnosis::Id) and quotes the evidence in a sentence, in both
//! languages. Where the evidence fits no known pattern, it says so and what
//! differs ([`Id::NoKnownPattern`](crate::practice::diagnosis::Id::NoKnownPattern)), rather than guess.
//!
//! Cells are written `r4c1`, rows and columns counted from 1.

mod budget;
mod checks;
mod decisions;
mod early_end;
mod gave_up;
mod grid;
mod hypotheses;
mod non_solvers;
mod rebuild;
mod refusal;
mod replay;
mod solver;
mod stopped;

pub(crate) use grid::cell_name;
pub use non_solvers::{diagnose_box_of, diagnose_compile_error, diagnose_valid_sudoku, ValidCase};
pub use replay::{parse_moves, Diagnosis, Move, Observed, OtherRun, SolverCase};
pub use solver::diagnose_solver;
