//! The hard public sets, in the default test run, read at run time from
//! `../shared/puzzles` (or `SUDOKU37_DATA`) and never copied into this
//! repository. Each set needs a [`Speed`]; an approach slower than that (its
//! registry entry says) skips the set and says so, never silently. When the
//! folder is absent, every case says so and passes.

use crate::common;

use rstest::rstest;
use sudoku37::approaches::{self, Speed};
use sudoku37::sets::public::{self, PublicSet};
use sudoku37::Approach;

/// Runs `approach` on a shared set: the set, how many of its puzzles (`None`
/// for all), and the speed the approach needs to finish them in a test.
fn hard_set(approach: &Approach, set: PublicSet, limit: Option<usize>, needs: Speed) {
    let file = set.file_name();
    if approach.speed < needs {
        eprintln!(
            "SKIPPED {} on {file}: it is {:?}, the set needs {needs:?} (seconds to minutes per puzzle)",
            approach.name, approach.speed
        );
        return;
    }
    let Some(dir) = common::shared_dir_or_skip(&file) else {
        return;
    };
    let puzzles = common::read_shared_set(&dir, set, limit);
    assert!(!puzzles.is_empty());
    for puzzle in &puzzles {
        common::assert_solves(approach, &file, puzzle);
    }
}

/// One test per set, in the module of one approach.
macro_rules! every_set {
    ($approach:ident: $($set:ident = ($file:expr, $limit:expr, $needs:ident)),*) => {$(
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
                norvig_hardest = (public::NORVIG_HARDEST, None, Easy),
                named_hardest = (public::NAMED_HARDEST, None, Hard),
                top95 = (public::TOP95, None, Hard),
                hardest_forum_1106 = (public::HARDEST_FORUM_1106, None, Hard),
                seventeen_clue_first_300 = (public::SEVENTEEN_CLUE, Some(300), Hard)
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
        public::SEVENTEEN_CLUE,
        public::TOP1465,
        public::HARDEST_FORUM_1106,
        public::NAMED_HARDEST,
        public::NORVIG_HARDEST,
        public::TOP95,
        public::EASY50
    )]
    set: PublicSet,
) {
    let file = set.file_name();
    let Some(dir) = common::shared_dir_or_skip(&file) else {
        return;
    };
    let fastest = approaches::default_approach();
    let puzzles = common::read_shared_set(&dir, set, None);
    for puzzle in &puzzles {
        common::assert_solves(fastest, &file, puzzle);
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
    for set in [public::UNSOLVABLE, public::MULTIPLE_SOLUTIONS] {
        let file = set.file_name();
        for puzzle in common::read_shared_set(&dir, set, None) {
            let count = puzzle
                .puzzle()
                .map_or(0, |puzzle| puzzle.solutions().capped_at_two());
            let mut board = puzzle.board();
            (fastest.solve)(&mut board);
            let solved = sudoku37::board::check_solution(&puzzle.board(), &board).is_ok();
            assert_eq!(solved, count > 0, "{file} line {}", puzzle.line);
            if !solved {
                assert_eq!(
                    board,
                    puzzle.board(),
                    "{file} line {}: board changed",
                    puzzle.line
                );
            }
            // The independent counter, except on Norvig's impossible puzzle,
            // which takes it several seconds.
            if puzzle.line != 8 || set != public::UNSOLVABLE {
                let other = sudoku37::approaches::propagation::count_solutions(&puzzle.board(), 2);
                assert_eq!(count, other, "{file} line {}", puzzle.line);
            }
        }
    }
}
