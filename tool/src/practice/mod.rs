//! The practice ladder behind `sudoku37 practice`: the exercises a learner
//! climbs, in order, from the box index to Dancing Links, each with a stub to
//! start from, a reference that passes it, the stages that check it, three
//! hints and the note that explains it.
//!
//! The command line parses arguments, reads the learner's file and prints;
//! the rest is here, one file each: `ladder.rs` holds the ladder itself;
//! `stub.rs` renders the stubs and the references, `cases.rs` makes each
//! exercise's own cases, `diagnosis.rs` names the kinds of mistake ([`Id`]),
//! `hints.rs` gives each its hints, `evidence/` decides which one a failure
//! shows from what was recorded, `coach.rs` picks the next hint,
//! `language.rs` is the language of the reports, and `state.rs` keeps the
//! learner's folder and progress file.
//! `check.rs` runs a check whole (compiling and
//! running the learner's code through the judge's driver and the one process
//! runner), `stage.rs` judges what the program answered to each case of a
//! stage, `race.rs` writes the page of `check --html`, and `watch.rs` waits
//! for the learner's next save (`practice watch`).

mod cases;
mod coach;
mod diagnosis;
mod evidence;
mod hints;
mod ladder;
mod language;
mod state;
mod stub;

mod check;
mod error;
mod race;
mod stage;
mod watch;

pub use cases::{find_clash, own_cases, OwnCase, ONE_UNDO_BLANKS};
pub use check::{
    check, CheckOptions, CheckReport, Checked, DiagnosisReport, StageReport,
    DEFAULT_GRADED_PUZZLES, TIME_FACTOR, TIME_FLOOR,
};
pub use coach::{language_of, next_hints, record_check, Hints, DIAGNOSIS_HINTS, EXERCISE_HINTS};
pub use diagnosis::Id;
pub use error::CheckError;
pub use evidence::{
    diagnose_box_of, diagnose_solver, diagnose_valid_sudoku, parse_moves, Diagnosis, Move,
    Observed, OtherRun, SolverCase, ValidCase,
};
pub use ladder::{find, find_exercise, ladder, next_after, Exercise, NoExercise, Stage, Structure};
pub use language::Language;
pub use state::{
    Folder, Found, State, StateError, TargetError, DEFAULT_DIR, DIR_ENV_NAME, STATE_FILE,
};
pub use stub::{reference_code, render_stub};
pub use watch::{Saves, WatchError, SETTLE};
