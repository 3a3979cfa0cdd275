//! The test matrix: every approach on every built-in puzzle set, each pair its
//! own named test (`cargo test bool_arrays`, `cargo test blanked_random`).

mod common;

use pretty_assertions::assert_eq;
use rstest::rstest;
use rstest_reuse::{self, apply};
use sudoku37::approaches::{self, Nodes};
use sudoku37::sets;

#[apply(common::every_approach)]
fn solves(
    approach: &str,
    #[values(
        "leetcode_example",
        "one_empty_cell",
        "already_solved",
        "blanked_rows",
        "blanked_boxes",
        "blanked_diagonal",
        "blanked_random",
        "graded_easy",
        "graded_medium",
        "graded_hard",
        "graded_unfair",
        "graded_extreme"
    )]
    set: &str,
) {
    let approach = approaches::find(approach).expect("registered approach");
    let puzzles = sets::builtin(set).expect("built-in set").puzzles;
    assert!(!puzzles.is_empty());
    for puzzle in &puzzles {
        common::assert_solves(approach, set, puzzle);
    }
}

#[test]
fn matrix_runs_every_builtin_set() {
    let in_matrix = [
        "leetcode_example",
        "one_empty_cell",
        "already_solved",
        "blanked_rows",
        "blanked_boxes",
        "blanked_diagonal",
        "blanked_random",
        "graded_easy",
        "graded_medium",
        "graded_hard",
        "graded_unfair",
        "graded_extreme",
    ];
    assert_eq!(in_matrix.to_vec(), sets::builtin_names());
}

#[test]
fn an_already_solved_board_takes_no_nodes() {
    let puzzle = &sets::builtin("already_solved").unwrap().puzzles[0];
    for approach in approaches::APPROACHES {
        let effort = common::assert_solves(approach, "already_solved", puzzle);
        assert_eq!(effort.nodes, 0, "{}", approach.name);
    }
}

#[test]
fn one_empty_cell_takes_one_placement_and_no_guess() {
    let puzzle = &sets::builtin("one_empty_cell").unwrap().puzzles[0];
    for approach in approaches::APPROACHES {
        let effort = common::assert_solves(approach, "one_empty_cell", puzzle);
        let expected = match approach.nodes {
            Nodes::Placements => 1,
            Nodes::Guesses => 0,
        };
        assert_eq!(effort.nodes, expected, "{}", approach.name);
    }
}

/// Asserts that two approaches do exactly the same work (nodes and undos) on
/// every built-in puzzle.
fn assert_same_search(first: &str, second: &str) {
    let first = approaches::find(first).unwrap();
    let second = approaches::find(second).unwrap();
    for set in sets::builtin_sets() {
        for puzzle in &set.puzzles {
            assert_eq!(
                common::assert_solves(first, &set.name, puzzle),
                common::assert_solves(second, &set.name, puzzle),
                "{} against {} on {} line {}",
                first.name,
                second.name,
                set.name,
                puzzle.line
            );
        }
    }
}

#[test]
fn the_two_scanning_versions_search_the_same_tree() {
    // Version 2 of write-up 003 only changes how the search stops, so it must
    // place exactly the digits Version 1 places.
    assert_same_search("scan_validate", "early_exit");
}

#[test]
fn bitmask_visits_exactly_the_nodes_of_bool_arrays() {
    // Same cells, same digit order: only the representation differs.
    assert_same_search("bool_arrays", "bitmask");
}
