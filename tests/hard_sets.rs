//! The hard public sets, in the default test run, read at run time from
//! `../shared/puzzles` (or `SUDOKU37_DATA`) and never copied into this
//! repository. Which approach runs which set is the table [`PLAN`]: a slow
//! approach is listed as skipping a set it would take minutes on, never
//! dropped silently. When the folder is absent, every case says so and passes.

mod common;

use pretty_assertions::assert_eq;
use rstest::rstest;
use rstest_reuse::{self, apply};
use sudoku37::approaches;

/// Whether an approach runs a set in the default test run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    Run,
    /// Skipped, with the reason printed when the case is run.
    Skip(&'static str),
}

use Plan::{Run, Skip};

const SLOW: Plan = Skip("reading-order backtracking takes seconds to minutes per puzzle here");

/// The sets, in the column order of [`PLAN`]: file name and how many of its
/// puzzles are run (`None` for all).
const SETS: [(&str, Option<usize>); 5] = [
    ("norvig_hardest.txt", None),
    ("named_hardest.txt", None),
    ("top95.txt", None),
    ("hardest_forum_1106.txt", None),
    ("17clue.txt", Some(1000)),
];

/// approach: norvig_hardest, named_hardest, top95, hardest_forum_1106, 17clue (first 1,000)
const PLAN: &[(&str, [Plan; 5])] = &[
    ("scan_validate", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("early_exit", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("available_sets", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("set_intersection", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("bool_arrays", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("bitmask", [Run, SLOW, SLOW, SLOW, SLOW]),
    ("most_constrained", [Run, Run, Run, Run, Run]),
    ("propagation", [Run, Run, Run, Run, Run]),
    ("dancing_links", [Run, Run, Run, Run, Run]),
    // bitboard also runs every shared set in full: see the test below.
    ("bitboard", [Run, Run, Run, Run, Run]),
];

#[apply(common::every_approach)]
fn hard_set(
    approach: &str,
    #[values(
        "norvig_hardest",
        "named_hardest",
        "top95",
        "hardest_forum_1106",
        "17clue"
    )]
    set: &str,
) {
    let set_index = SETS
        .iter()
        .position(|(file, _)| file.strip_suffix(".txt") == Some(set))
        .unwrap_or_else(|| panic!("{set} is missing from SETS"));
    let (file, limit) = SETS[set_index];
    let plan = PLAN
        .iter()
        .find(|(name, _)| *name == approach)
        .map(|(_, plans)| plans[set_index])
        .unwrap_or_else(|| panic!("{approach} is missing from PLAN"));
    if let Skip(reason) = plan {
        eprintln!("SKIPPED {approach} on {file}: {reason}");
        return;
    }
    let Some(dir) = common::shared_dir_or_skip(file) else {
        return;
    };
    let approach = approaches::find(approach).expect("registered approach");
    let puzzles = common::read_shared_set(&dir, file, limit);
    assert!(!puzzles.is_empty());
    for puzzle in &puzzles {
        common::assert_solves(approach, file, puzzle);
    }
}

#[test]
fn plan_covers_every_registered_approach() {
    let planned: Vec<&str> = PLAN.iter().map(|(name, _)| *name).collect();
    assert_eq!(planned, approaches::names());
}

/// `bitboard`, the fastest approach, on every shared set in full: all 40,000
/// lines of `17clue.txt`, `top1465.txt`, `hardest_forum_1106.txt`, the named
/// and Norvig sets, `top95.txt` and `easy50.txt`; each result checked.
#[rstest]
fn bitboard_solves_every_shared_set_in_full(
    #[values(
        "17clue.txt",
        "top1465.txt",
        "hardest_forum_1106.txt",
        "named_hardest.txt",
        "norvig_hardest.txt",
        "top95.txt",
        "easy50.txt"
    )]
    file: &str,
) {
    let Some(dir) = common::shared_dir_or_skip(file) else {
        return;
    };
    let bitboard = approaches::find("bitboard").expect("registered");
    let puzzles = common::read_shared_set(&dir, file, None);
    for puzzle in &puzzles {
        common::assert_solves(bitboard, file, puzzle);
    }
}

/// On the shared sets without a unique solution, `bitboard` agrees with the
/// solution counter and with a second counter built on `propagation`.
#[test]
fn bitboard_agrees_with_the_counters_on_unsolvable_and_ambiguous_sets() {
    let Some(dir) = common::shared_dir_or_skip("unsolvable.txt, multiple_solutions.txt") else {
        return;
    };
    let bitboard = approaches::find("bitboard").expect("registered");
    for file in ["unsolvable.txt", "multiple_solutions.txt"] {
        for puzzle in common::read_shared_set(&dir, file, None) {
            let count = puzzle
                .puzzle()
                .map_or(0, |puzzle| sudoku37::count_solutions(&puzzle, 2));
            let mut board = puzzle.board.clone();
            (bitboard.solve)(&mut board);
            let solved = sudoku37::board::check_solution(&puzzle.board, &board).is_ok();
            assert_eq!(solved, count > 0, "{file} line {}", puzzle.line);
            if !solved {
                assert_eq!(
                    board, puzzle.board,
                    "{file} line {}: board changed",
                    puzzle.line
                );
            }
            // The independent counter, except on Norvig's impossible puzzle,
            // which takes it several seconds.
            if puzzle.line != 8 || file != "unsolvable.txt" {
                let other = sudoku37::approaches::propagation::count_solutions(&puzzle.board, 2);
                assert_eq!(count, other, "{file} line {}", puzzle.line);
            }
        }
    }
}
