//! The practice ladder behind `sudoku37 practice`: the exercises a learner
//! climbs, in order, from the box index to Dancing Links, each with a stub to
//! start from, a reference that passes it, the stages that check it, three
//! hints and the note that explains it.
//!
//! The command line parses arguments, reads the learner's file and prints;
//! the rest is here, one file each: `ladder.rs` holds the ladder itself;
//! `stub.rs` renders the stubs and the references, `cases.rs` makes each
//! exercise's own cases, `hint.rs` classifies a wrong answer or a panic into
//! a [`Hint`] that says *why* it is wrong, and `state.rs` keeps the learner's
//! folder and progress file.
//! With the `process` feature, `check.rs` runs a check whole (compiling and
//! running the learner's code through the judge's driver and the one process
//! runner), `stage.rs` judges what the program answered to each case of a
//! stage, and `race.rs` writes the page of `check --html`.

mod cases;
mod hint;
mod ladder;
mod state;
mod stub;

#[cfg(feature = "process")]
mod check;
#[cfg(feature = "process")]
mod error;
#[cfg(feature = "process")]
mod race;
#[cfg(feature = "process")]
mod stage;

pub use cases::{find_clash, own_cases, OwnCase, ONE_UNDO_BLANKS};
#[cfg(feature = "process")]
pub use check::{check, CheckOptions, Checked, DEFAULT_GRADED_PUZZLES};
#[cfg(feature = "process")]
pub use error::CheckError;
pub use hint::{classify, classify_panic, Hint};
pub use ladder::{find, find_exercise, next_after, Exercise, NoExercise, Stage, LADDER};
pub use state::{
    Folder, Found, State, StateError, TargetError, DEFAULT_DIR, DIR_ENV_NAME, STATE_FILE,
};
pub use stub::{reference_code, render_stub, Language};
