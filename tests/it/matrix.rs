//! The test matrix: every approach on every built-in puzzle set, each pair its
//! own named test (`cargo test bool_arrays`, `cargo test blanked_random`).

use crate::common;

use pretty_assertions::assert_eq;
use sudoku37::approaches::{self, Approach, Nodes};
use sudoku37::sets;

/// Solves every puzzle of built-in `set` with `approach`, checking each answer.
fn solves(approach: &str, set: &str) {
    let approach = approaches::find(approach).expect("registered approach");
    common::efforts_on_builtin(approach, set);
}

/// One test per built-in set, in the module of one approach.
macro_rules! every_set {
    ($approach:ident: $($set:ident),*) => {$(
        #[test]
        fn $set() {
            super::solves(stringify!($approach), stringify!($set));
        }
    )*};
}

/// One module per approach: `cargo test bool_arrays`, `cargo test graded_hard`.
macro_rules! matrix {
    ($($approach:ident),*) => {$(
        mod $approach {
            every_set!($approach:
                leetcode_example,
                one_empty_cell,
                already_solved,
                blanked_rows,
                blanked_boxes,
                blanked_diagonal,
                blanked_random,
                graded_easy,
                graded_medium,
                graded_hard,
                graded_unfair,
                graded_extreme
            );
        }
    )*};
}

sudoku37::for_each_approach!(matrix);

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
fn assert_same_search(first: &Approach, second: &Approach) {
    // The efforts the matrix measured (each answer checked), puzzle by puzzle.
    for set in sets::builtin_sets() {
        let firsts = common::efforts_on_builtin(first, &set.name);
        let seconds = common::efforts_on_builtin(second, &set.name);
        for ((one, other), puzzle) in firsts.iter().zip(seconds.iter()).zip(&set.puzzles) {
            assert_eq!(
                one, other,
                "{} against {} on {} line {}",
                first.name, second.name, set.name, puzzle.line
            );
        }
    }
}

/// Version 2 of the C++ write-up only changes how the search stops, and
/// `bitmask` only the representation of `bool_arrays`: the registry's
/// `same_search_as` pairs must place exactly the same digits.
#[test]
fn same_search_pairs_search_the_same_tree() {
    let pairs: Vec<(&Approach, &Approach)> = approaches::APPROACHES
        .iter()
        .filter_map(|approach| {
            let other = approach.same_search_as?;
            Some((approaches::find(other).expect("registered"), approach))
        })
        .collect();
    assert!(pairs.len() >= 2, "the registry names the same-search pairs");
    for (first, second) in pairs {
        assert_same_search(first, second);
    }
}
