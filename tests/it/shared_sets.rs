//! The public puzzle sets, read at run time from `../shared/puzzles` (or the
//! folder named by `SUDOKU37_DATA`); never copied into this repository. When
//! the folder is absent these tests say so on stderr and pass.

use crate::common;

use sudoku37::approaches;
use sudoku37::sets::public;

fn solves_easy50(approach: &str) {
    let Some(dir) = common::shared_dir_or_skip(public::EASY50.name()) else {
        return;
    };
    let approach = approaches::find(approach).expect("registered approach");
    let puzzles = common::read_shared_set(&dir, public::EASY50, None);
    assert_eq!(puzzles.len(), 50);
    for puzzle in &puzzles {
        common::assert_solves(approach, "easy50", puzzle);
    }
}

/// Every approach, the slowest too: `cargo test --test it shared_sets::easy50::NAME`.
macro_rules! per_approach {
    ($($approach:ident),*) => {$(
        #[test]
        fn $approach() {
            super::solves_easy50(stringify!($approach));
        }
    )*};
}

mod easy50 {
    sudoku37::for_each_approach!(per_approach);
}

#[test]
fn count_solutions_on_the_shared_unsolvable_and_ambiguous_sets() {
    let Some(dir) = common::shared_dir_or_skip("unsolvable.txt, multiple_solutions.txt") else {
        return;
    };
    let unsolvable = common::read_shared_set(&dir, public::UNSOLVABLE, None);
    assert_eq!(unsolvable.len(), 8);
    for puzzle in &unsolvable {
        assert_eq!(
            puzzle
                .puzzle()
                .map_or(0, |puzzle| puzzle.solutions().capped_at_two()),
            0,
            "unsolvable.txt line {}",
            puzzle.line
        );
    }
    let ambiguous = common::read_shared_set(&dir, public::MULTIPLE_SOLUTIONS, None);
    assert_eq!(ambiguous.len(), 3);
    for puzzle in &ambiguous {
        assert_eq!(
            puzzle
                .puzzle()
                .map_or(0, |puzzle| puzzle.solutions().capped_at_two()),
            2,
            "multiple_solutions.txt line {}",
            puzzle.line
        );
    }
}

/// `sets::public` names the sets of the data folder: each constant has its
/// file there, and, in the shared folder (the one with `SOURCES.md`), each
/// set file has its constant.
#[test]
fn the_public_set_constants_are_the_data_folder_s_sets() {
    let Some(dir) = common::shared_dir_or_skip("the data folder's listing") else {
        return;
    };
    for set in public::ALL {
        assert!(
            set.path_in(&dir).is_file(),
            "{} is not in {}",
            set.file_name(),
            dir.display()
        );
    }
    if !dir.join("SOURCES.md").is_file() {
        return;
    }
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("the data folder")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    files.sort();
    let mut named: Vec<String> = public::ALL.iter().map(|set| set.file_name()).collect();
    named.sort();
    assert_eq!(files, named);
}
