//! Puzzles without a solution, and puzzles with several: every approach that
//! searches one out must hand the board back exactly as it was given, the
//! solution counter must agree, and conflicting givens must stop everything
//! before a search starts.
//!
//! Which approach runs which case is in the registry: a search that cannot
//! prove a case impossible within seconds (it would have to exhaust a huge
//! tree first) lists the case in its `slow_to_refute`, and skips it here,
//! saying so.

use crate::common;

use pretty_assertions::assert_eq;
use sudoku37::approaches::Family;
use sudoku37::board::{self, Board};
use sudoku37::probe;
use sudoku37::puzzle::PuzzleError;
use sudoku37::sets::{self, public, SetEntry};
use sudoku37::{approaches, harness, Approach, SolveError, Solved};

/// Counts a board's solutions; one whose givens conflict has none.
fn count(board: &Board, limit: u64) -> u64 {
    sudoku37::Puzzle::from_board(board).map_or(0, |puzzle| puzzle.count_solutions(limit))
}

/// Solves a board through the safety layer, which refuses conflicting givens.
fn run(approach: &Approach, board: &Board) -> Result<Solved, SolveError> {
    let puzzle = sudoku37::Puzzle::from_board(board)?;
    harness::run(approach, &puzzle)
}

fn own_set(file: &str) -> Vec<SetEntry> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the project's own test data");
    let (puzzles, errors) = sets::parse_set(&text);
    assert_eq!(errors, vec![], "{file}");
    puzzles
}

/// The consistent unsolvable cases, own then shared, labelled as the
/// registry's `slow_to_refute` names them: the four consistent cases of
/// `puzzles/unsolvable.txt` (a cell with no candidate; a row, a column, a box
/// that cannot hold a 1), then lines 4-8 of the shared `unsolvable.txt`
/// (square, box, column, row, Norvig's impossible puzzle), only when the
/// public sets are present.
fn consistent_cases() -> Vec<(String, Board)> {
    let mut cases: Vec<(String, Board)> = own_set("unsolvable.txt")
        .into_iter()
        .filter(|puzzle| sudoku37::grid::find_conflict(&puzzle.cells).is_none())
        .map(|puzzle| {
            (
                format!("puzzles/unsolvable.txt line {}", puzzle.line),
                puzzle.board(),
            )
        })
        .collect();
    assert_eq!(cases.len(), 4);
    if let Some(dir) = common::shared_dir_or_skip("shared unsolvable.txt") {
        let shared = common::read_shared_set(&dir, public::UNSOLVABLE, None);
        for puzzle in shared.into_iter().skip(3) {
            cases.push((
                format!("shared unsolvable.txt line {}", puzzle.line),
                puzzle.board(),
            ));
        }
    }
    cases
}

fn unsolvable_boards_come_back_as_given(approach: &Approach) {
    let name = approach.name;
    for (label, puzzle) in consistent_cases() {
        if approach.slow_to_refute.contains(&label.as_str()) {
            eprintln!("SKIPPED {name} on {label}: it cannot prove this impossible quickly");
            continue;
        }
        assert_eq!(count(&puzzle, 1), 0, "{label} has a solution");
        // One search, read twice: the board and the effort it left, then the
        // safety layer's verdict on that same attempt.
        let given = sudoku37::Puzzle::from_board(&puzzle).expect("consistent givens");
        let attempt = harness::attempt(approach, &given).expect("no panic");
        assert_eq!(
            board::format_grid(&attempt.board),
            board::format_grid(&puzzle),
            "{name} changed the board of {label}"
        );
        assert_eq!(
            attempt.effort.nodes, attempt.effort.undos,
            "{name} on {label}: every placement undone"
        );
        assert_eq!(
            harness::check_attempt(approach, &given, attempt)
                .unwrap_err()
                .to_string(),
            format!("no solution: {name} searched and left the board as given")
        );
    }
}

/// One test per approach: `cargo test --test it unsolvable::bitmask`.
macro_rules! per_approach {
    ($($approach:ident),*) => {$(
        #[test]
        fn $approach() {
            unsolvable_boards_come_back_as_given(
                approaches::find(stringify!($approach)).expect("registered"),
            );
        }
    )*};
}

mod come_back_as_given {
    use super::*;
    sudoku37::for_each_approach!(per_approach);
}

#[test]
fn slow_to_refute_names_only_known_cases() {
    let own: Vec<String> = consistent_cases()
        .into_iter()
        .map(|(label, _)| label)
        .collect();
    for approach in approaches::APPROACHES {
        for label in approach.slow_to_refute {
            let known = own.iter().any(|case| case == label)
                // The shared cases exist only when the public sets do.
                || (label.starts_with("shared unsolvable.txt line ")
                    && common::shared_dir_or_skip("shared unsolvable.txt").is_none());
            assert!(
                known,
                "{}: slow_to_refute names no test case {label:?}",
                approach.name
            );
        }
    }
}

#[test]
fn conflicting_givens_are_reported_before_any_search() {
    let clashing: Vec<SetEntry> = own_set("unsolvable.txt")
        .into_iter()
        .filter(|puzzle| sudoku37::grid::find_conflict(&puzzle.cells).is_some())
        .collect();
    let messages: Vec<String> = clashing
        .iter()
        .map(|puzzle| {
            sudoku37::grid::find_conflict(&puzzle.cells)
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        messages,
        vec![
            "digit 5 appears twice in row 1",
            "digit 3 appears twice in column 2",
            "digit 5 appears twice in box 1"
        ]
    );
    for approach in approaches::APPROACHES {
        for puzzle in &clashing {
            let (result, effort) = probe::measure(|| run(approach, &puzzle.board()));
            assert!(
                matches!(result, Err(SolveError::Invalid(PuzzleError::Conflict(_)))),
                "{}",
                approach.name
            );
            assert_eq!(effort.nodes, 0, "{} searched anyway", approach.name);
            assert_eq!(count(&puzzle.board(), 2), 0);
        }
    }
}

#[test]
fn the_counter_sees_no_solution_and_several_solutions() {
    for puzzle in own_set("unsolvable.txt") {
        assert_eq!(
            count(&puzzle.board(), 2),
            0,
            "unsolvable.txt line {}",
            puzzle.line
        );
    }
    let ambiguous = own_set("ambiguous.txt");
    assert_eq!(ambiguous.len(), 3);
    for puzzle in &ambiguous {
        assert_eq!(
            count(&puzzle.board(), 2),
            2,
            "ambiguous.txt line {}",
            puzzle.line
        );
        // Every approach that chooses where to branch still returns some
        // valid completion.
        for approach in approaches::of_family(Family::Constrained) {
            let solved = run(approach, &puzzle.board()).expect("some solution");
            assert_eq!(
                sudoku37::grid::check_cells(&puzzle.cells, &solved.solution),
                Ok(())
            );
        }
        let unique = sudoku37::solve_checked(
            &board::to_line(&puzzle.board()),
            approaches::default_approach(),
            sudoku37::Uniqueness::Required,
        );
        assert_eq!(unique.unwrap_err(), SolveError::NotUnique);
    }
}
