//! Helpers shared by the study crate's integration tests: finding puzzle
//! sets and judging an approach's answer with a readable board diff.

#![allow(dead_code, unused_macros)] // each test file uses its own part of this module

use std::path::PathBuf;

use pretty_assertions::assert_eq;
use sudoku37::approaches::Nodes;
use sudoku37::board::{self, Board};
use sudoku37::probe::{self, Effort};
use sudoku37::sets::{self, SetEntry};
use sudoku37::Approach;

/// Solves `puzzle` with `approach`'s LeetCode entry point (no safety layer) and
/// asserts that the answer is complete, valid, keeps every given and, where
/// the solution is known to be unique, equals it. Returns the effort reported.
pub fn assert_solves(approach: &Approach, set: &str, puzzle: &SetEntry) -> Effort {
    let mut working = puzzle.board();
    let ((), effort) = probe::measure(|| (approach.solve)(&mut working));
    let place = format!("{} on {set} line {}", approach.name, puzzle.line);
    if let Some(known) = &puzzle.solution_board() {
        assert_eq!(
            board::format_grid(&working),
            board::format_grid(known),
            "{place}: not the known solution"
        );
    }
    if let Err(error) = board::check_solution(&puzzle.board(), &working) {
        panic!(
            "{place}: not a solution ({error})\n{}",
            board::format_side_by_side("puzzle", &puzzle.board(), "returned", &working)
        );
    }
    let blanks = puzzle.cells.iter().filter(|&&value| value == 0).count() as u64;
    assert!(
        effort.undos <= effort.nodes,
        "{place}: more undos than nodes"
    );
    match approach.nodes {
        Nodes::Placements => assert_eq!(
            effort.nodes - effort.undos,
            blanks,
            "{place}: every placement not undone must fill a blank"
        ),
        // Forced moves are not counted: the guesses that stand fill some of
        // the blanks, never more.
        Nodes::Guesses => assert!(
            effort.nodes - effort.undos <= blanks,
            "{place}: more standing guesses than blanks"
        ),
    }
    effort
}

/// The effort of `approach` on each puzzle of the built-in set `set`, every
/// answer checked by [`assert_solves`]; measured once per run of the tests
/// and shared (the matrix and the notes' figures need the same counts).
pub fn efforts_on_builtin(approach: &Approach, set: &str) -> std::sync::Arc<Vec<Effort>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Measured = Arc<OnceLock<Arc<Vec<Effort>>>>;
    static MEASURED: OnceLock<Mutex<HashMap<(String, String), Measured>>> = OnceLock::new();
    let slot = MEASURED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry((approach.name.to_string(), set.to_string()))
        .or_default()
        .clone();
    // Measured outside the map's lock: a second caller of the same pair
    // waits for the first, callers of other pairs do not.
    slot.get_or_init(|| {
        let puzzles = sets::builtin(set)
            .unwrap_or_else(|| panic!("no built-in set {set}"))
            .puzzles;
        assert!(!puzzles.is_empty(), "{set} is empty");
        Arc::new(
            puzzles
                .iter()
                .map(|puzzle| assert_solves(approach, set, puzzle))
                .collect(),
        )
    })
    .clone()
}

/// The folder of public puzzle sets, or `None` after saying on stderr that
/// the tests which need it are skipped.
pub fn shared_dir_or_skip(what: &str) -> Option<PathBuf> {
    let dir = sets::shared_data_dir();
    if dir.is_none() {
        eprintln!(
            "SKIPPED {what}: no public puzzle sets (set {} or place them in ../shared/puzzles)",
            sets::DATA_ENV
        );
    }
    dir
}

/// Reads a public set file, all of it or its first `limit` puzzles; fails the
/// test on a malformed line.
pub fn read_shared_set(
    dir: &std::path::Path,
    set: sets::public::PublicSet,
    limit: Option<usize>,
) -> Vec<SetEntry> {
    let path = set.path_in(dir);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let (mut puzzles, errors) = sets::parse_set(&text);
    assert_eq!(errors, vec![], "{}", path.display());
    if let Some(limit) = limit {
        puzzles.truncate(limit);
    }
    puzzles
}

/// A board from an 81-character line, for tests.
pub fn board(line: &str) -> Board {
    board::parse_line(line).expect("test boards are well-formed")
}
