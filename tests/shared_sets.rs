//! The public puzzle sets, read at run time from `../shared/puzzles` (or the
//! folder named by `SUDOKU37_DATA`); never copied into this repository. When
//! the folder is absent these tests say so on stderr and pass.

mod common;

use rstest::rstest;
use sudoku37::approaches;

#[rstest]
fn classic_approaches_solve_easy50(
    #[values(
        "scan_validate",
        "early_exit",
        "available_sets",
        "set_intersection",
        "bool_arrays"
    )]
    approach: &str,
) {
    let Some(dir) = common::shared_dir_or_skip("easy50.txt") else {
        return;
    };
    let approach = approaches::find(approach).expect("registered approach");
    let puzzles = common::read_shared_set(&dir, "easy50.txt", None);
    assert_eq!(puzzles.len(), 50);
    for puzzle in &puzzles {
        common::assert_solves(approach, "easy50", puzzle);
    }
}
