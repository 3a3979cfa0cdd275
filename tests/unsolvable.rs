//! Puzzles without a solution, and puzzles with several: every approach that
//! searches one out must hand the board back exactly as it was given, the
//! solution counter must agree, and conflicting givens must stop everything
//! before a search starts.
//!
//! Which approach runs which case is the explicit table [`PLAN`]: a
//! reading-order search that cannot prove a case impossible within seconds
//! (it would have to exhaust a huge tree first) is listed as skipping it.

mod common;

use pretty_assertions::assert_eq;
use rstest::rstest;
use rstest_reuse::{self, apply};
use sudoku37::board::{self, Board};
use sudoku37::probe;
use sudoku37::sets::{self, SetPuzzle as Puzzle};
use sudoku37::{approaches, count_solutions, solve, Approach, SolveError, Solved};

/// Counts a board's solutions; one whose givens conflict has none.
fn count(board: &Board, limit: u64) -> u64 {
    sudoku37::Puzzle::from_board(board).map_or(0, |puzzle| count_solutions(&puzzle, limit))
}

/// Solves a board through the safety layer, which refuses conflicting givens.
fn run(approach: &Approach, board: &Board) -> Result<Solved, SolveError> {
    let puzzle = sudoku37::Puzzle::from_board(board)?;
    solve::run(approach, &puzzle)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    Run,
    Skip,
}

use Plan::{Run, Skip};

/// Columns: the four consistent cases of `puzzles/unsolvable.txt` (a cell
/// with no candidate; a row, a column, a box that cannot hold a 1), then lines
/// 4-8 of the shared `unsolvable.txt` (square, box, column, row, Norvig's
/// impossible puzzle). `Skip`: the search would take far longer than a test
/// should (measured with `sudoku37 solve --timeout 2`).
const PLAN: &[(&str, [Plan; 9])] = &[
    (
        "scan_validate",
        [Run, Run, Skip, Run, Run, Run, Run, Run, Skip],
    ),
    (
        "early_exit",
        [Run, Run, Skip, Run, Run, Run, Run, Run, Skip],
    ),
    (
        "available_sets",
        [Skip, Skip, Run, Run, Run, Run, Run, Run, Skip],
    ),
    (
        "set_intersection",
        [Run, Run, Skip, Skip, Run, Run, Skip, Run, Skip],
    ),
    (
        "bool_arrays",
        [Run, Run, Skip, Run, Run, Run, Run, Run, Skip],
    ),
    ("bitmask", [Run, Run, Skip, Run, Run, Run, Run, Run, Skip]),
    (
        "most_constrained",
        [Run, Run, Run, Run, Run, Run, Run, Run, Skip],
    ),
    (
        "propagation",
        [Run, Run, Run, Run, Run, Run, Run, Run, Skip],
    ),
    (
        "dancing_links",
        [Run, Run, Run, Run, Run, Run, Run, Run, Run],
    ),
    ("bitboard", [Run, Run, Run, Run, Run, Run, Run, Run, Run]),
];

fn own_set(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the project's own test data");
    let (puzzles, errors) = sets::parse_set(&text);
    assert_eq!(errors, vec![], "{file}");
    puzzles
}

/// The consistent unsolvable cases, own then shared, in [`PLAN`]'s order; the
/// shared ones only when the public sets are present.
fn consistent_cases() -> Vec<(String, Board)> {
    let mut cases: Vec<(String, Board)> = own_set("unsolvable.txt")
        .into_iter()
        .filter(|puzzle| board::find_conflict(&puzzle.board).is_none())
        .map(|puzzle| {
            (
                format!("puzzles/unsolvable.txt line {}", puzzle.line),
                puzzle.board,
            )
        })
        .collect();
    assert_eq!(cases.len(), 4);
    if let Some(dir) = common::shared_dir_or_skip("shared unsolvable.txt") {
        let shared = common::read_shared_set(&dir, "unsolvable.txt", None);
        for puzzle in shared.into_iter().skip(3) {
            cases.push((
                format!("shared unsolvable.txt line {}", puzzle.line),
                puzzle.board,
            ));
        }
    }
    cases
}

#[apply(common::every_approach)]
fn unsolvable_boards_come_back_as_given(approach: &str) {
    let name = approach;
    let approach = approaches::find(name).expect("registered");
    let plan = PLAN
        .iter()
        .find(|(planned, _)| *planned == name)
        .map(|(_, plan)| plan)
        .unwrap_or_else(|| panic!("{name} is missing from PLAN"));
    for (index, (label, puzzle)) in consistent_cases().iter().enumerate() {
        if plan[index] == Skip {
            eprintln!("SKIPPED {name} on {label}: it cannot prove this impossible quickly");
            continue;
        }
        assert_eq!(count(puzzle, 1), 0, "{label} has a solution");
        let mut working = puzzle.clone();
        let ((), effort) = probe::measure(|| (approach.solve)(&mut working));
        assert_eq!(
            board::format_grid(&working),
            board::format_grid(puzzle),
            "{name} changed the board of {label}"
        );
        assert_eq!(
            effort.nodes, effort.undos,
            "{name} on {label}: every placement undone"
        );
        assert_eq!(
            run(approach, puzzle).unwrap_err().to_string(),
            format!("no solution: {name} searched and left the board as given")
        );
    }
}

#[test]
fn plan_covers_every_registered_approach() {
    let planned: Vec<&str> = PLAN.iter().map(|(name, _)| *name).collect();
    assert_eq!(planned, approaches::names());
}

#[test]
fn conflicting_givens_are_reported_before_any_search() {
    let clashing: Vec<Puzzle> = own_set("unsolvable.txt")
        .into_iter()
        .filter(|puzzle| board::find_conflict(&puzzle.board).is_some())
        .collect();
    let messages: Vec<String> = clashing
        .iter()
        .map(|puzzle| board::find_conflict(&puzzle.board).unwrap().to_string())
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
            let (result, effort) = probe::measure(|| run(approach, &puzzle.board));
            assert!(
                matches!(result, Err(SolveError::Conflict(_))),
                "{}",
                approach.name
            );
            assert_eq!(effort.nodes, 0, "{} searched anyway", approach.name);
            assert_eq!(count(&puzzle.board, 2), 0);
        }
    }
}

#[test]
fn the_counter_sees_no_solution_and_several_solutions() {
    for puzzle in own_set("unsolvable.txt") {
        assert_eq!(
            count(&puzzle.board, 2),
            0,
            "unsolvable.txt line {}",
            puzzle.line
        );
    }
    let ambiguous = own_set("ambiguous.txt");
    assert_eq!(ambiguous.len(), 3);
    for puzzle in &ambiguous {
        assert_eq!(
            count(&puzzle.board, 2),
            2,
            "ambiguous.txt line {}",
            puzzle.line
        );
        // Every fast approach still returns some valid completion.
        for name in [
            "most_constrained",
            "propagation",
            "dancing_links",
            "bitboard",
        ] {
            let approach = approaches::find(name).unwrap();
            let solved = run(approach, &puzzle.board).expect("some solution");
            assert_eq!(
                board::check_solution(&puzzle.board, &solved.solution),
                Ok(())
            );
        }
        let unique = sudoku37::solve_checked(
            &board::to_line(&puzzle.board),
            approaches::find("propagation").unwrap(),
            sudoku37::Uniqueness::Required,
        );
        assert_eq!(unique.unwrap_err(), SolveError::NotUnique);
    }
}
