//! The hard public sets, in the default test run, read at run time from
//! `../shared/puzzles` (or `SUDOKU37_DATA`) and never copied into this
//! repository. Each set needs a [`Speed`]; an approach slower than that (its
//! registry entry says) skips the set and says so, never silently. When the
//! folder is absent, every case says so and passes.

use crate::common;

use rstest::rstest;
use sudoku37::approaches::{self, Speed};
use sudoku37::Approach;

/// Runs `approach` on a shared set: the file, how many of its puzzles (`None`
/// for all), and the speed the approach needs to finish them in a test.
fn hard_set(approach: &Approach, file: &str, limit: Option<usize>, needs: Speed) {
    if approach.speed < needs {
        eprintln!(
            "SKIPPED {} on {file}: it is {:?}, the set needs {needs:?} (seconds to minutes per puzzle)",
            approach.name, approach.speed
        );
        return;
    }
    let Some(dir) = common::shared_dir_or_skip(file) else {
        return;
    };
    let puzzles = common::read_shared_set(&dir, file, limit);
    assert!(!puzzles.is_empty());
    for puzzle in &puzzles {
        common::assert_solves(approach, file, puzzle);
    }
}

/// One test per set, in the module of one approach.
macro_rules! every_set {
    ($approach:ident: $($set:ident = ($file:literal, $limit:expr, $needs:ident)),*) => {$(
        #[test]
        fn $set() {
            let approach = approaches::find(stringify!($approach)).expect("registered");
            super::hard_set(approach, $file, $limit, Speed::$needs);
        }
    )*};
}

/// One module per approach: `cargo test --test it hard_sets::propagation::top95`.
macro_rules! hard_sets {
    ($($approach:ident),*) => {$(
        mod $approach {
            use super::*;
            every_set!($approach:
                norvig_hardest = ("norvig_hardest.txt", None, Easy),
                named_hardest = ("named_hardest.txt", None, Hard),
                top95 = ("top95.txt", None, Hard),
                hardest_forum_1106 = ("hardest_forum_1106.txt", None, Hard),
                seventeen_clue_first_1000 = ("17clue.txt", Some(1000), Hard)
            );
        }
    )*};
}

sudoku37::for_each_approach!(hard_sets);

/// The default approach, the fastest, on every shared set in full: all 40,000
/// lines of `17clue.txt`, `top1465.txt`, `hardest_forum_1106.txt`, the named
/// and Norvig sets, `top95.txt` and `easy50.txt`; each result checked.
#[rstest]
fn the_default_approach_solves_every_shared_set_in_full(
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
    let fastest = approaches::default_approach();
    let puzzles = common::read_shared_set(&dir, file, None);
    for puzzle in &puzzles {
        common::assert_solves(fastest, file, puzzle);
    }
}

/// On the shared sets without a unique solution, the default approach agrees
/// with the solution counter and with a second counter built on
/// `propagation`.
#[test]
fn the_default_approach_agrees_with_the_counters_on_unsolvable_and_ambiguous_sets() {
    let Some(dir) = common::shared_dir_or_skip("unsolvable.txt, multiple_solutions.txt") else {
        return;
    };
    let fastest = approaches::default_approach();
    for file in ["unsolvable.txt", "multiple_solutions.txt"] {
        for puzzle in common::read_shared_set(&dir, file, None) {
            let count = puzzle
                .puzzle()
                .map_or(0, |puzzle| sudoku37::count_solutions(&puzzle, 2));
            let mut board = puzzle.board.clone();
            (fastest.solve)(&mut board);
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
