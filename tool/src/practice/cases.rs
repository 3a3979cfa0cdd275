//! Each exercise's own cases, the first stage of a check: small boards,
//! each made so that one of the exercise's own mistakes fails on it (the
//! mutation test in `tool/tests/it/coach.rs` holds every exercise to that),
//! with what a correct answer is.
//!
//! The solver cases are LeetCode's example's solution with a few cells
//! blanked. Each check case blanks a cell `X` and the cells that would give
//! a smaller digit away in two of `X`'s units, so that without the third
//! check that smaller digit goes in first.

use super::Exercise;
use crate::judge::Entry;
use sudoku37::board::{self, Board, BLANK};
use sudoku37::grid;
use sudoku37::sets;

/// One case of an exercise's own stage.
#[derive(Debug, Clone)]
pub struct OwnCase {
    /// The input line the driver reads.
    pub input: String,
    /// What a correct answer is: the solved board, a box number, or a
    /// verdict.
    pub expected: String,
    /// The board the case is about (for drawing).
    pub board: Board,
    /// For a `valid_sudoku` case with a clash: the unit's kind (`row`,
    /// `column`, `box`) and the two cells.
    pub clash: Option<(&'static str, [(usize, usize); 2])>,
}

/// The exercise's own cases.
pub fn own_cases(exercise: &Exercise) -> Vec<OwnCase> {
    match (exercise.entry, exercise.name) {
        (Entry::BoxOf, _) => box_of_cases(),
        (Entry::IsValidSudoku, _) => valid_sudoku_cases(),
        (_, "one_blank") => {
            let mut cases = check_cases();
            cases.push(blanked(NINE_BLANKS));
            cases.push(blanked(BOX_FIVE_BLANKS));
            cases
        }
        (_, "one_undo") => vec![blanked(ONE_UNDO_BLANKS)],
        _ => {
            let mut cases = check_cases();
            cases.push(blanked(ONE_UNDO_BLANKS));
            cases.push(blanked(NINE_BLANKS));
            cases.extend([ROW_SWAP_BLANKS, COLUMN_SWAP_BLANKS, BOX_SWAP_BLANKS].map(blanked));
            cases
        }
    }
}

/// The solved example with `blanks` blanked, and its solution.
fn blanked(blanks: &[(usize, usize)]) -> OwnCase {
    let solution = sets::leetcode_example()
        .solution_board()
        .unwrap_or_default();
    let mut puzzle = solution.clone();
    for &(row, column) in blanks {
        if let Some(cell) = puzzle.get_mut(row).and_then(|cells| cells.get_mut(column)) {
            *cell = BLANK;
        }
    }
    OwnCase {
        input: board::to_line(&puzzle),
        expected: board::to_line(&solution),
        board: puzzle,
        clash: None,
    }
}

/// r1c1's answer is 5; each case blanks it and the two cells that hold a
/// smaller digit in two of its units, so that the smaller digit fits those
/// two and only the third unit refuses it.
const ROW_ONLY_BLANKS: &[(usize, usize)] = &[(0, 0), (2, 0)];
const COLUMN_ONLY_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 8), (1, 2)];
const BOX_ONLY_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 8), (7, 0)];

/// For the searching exercises: r1c1 and two or three more cells blanked, so
/// that a reading-order search that leaves out one unit's check places a
/// smaller digit at r1c1 that only that unit refuses, fills the other blanks
/// around it, and returns a full board with two equal digits in that unit:
/// the case fails on the board, whether the trace hooks are called or not.
/// The row case ends with two 1s in row 1, the column case with two 3s in
/// column 1, the box case with two 2s in box 1.
const ROW_SWAP_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 7), (2, 0)];
const COLUMN_SWAP_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 1), (1, 5)];
const BOX_SWAP_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 8), (7, 0), (7, 8)];

/// The three cases that need all three checks, one each.
fn check_cases() -> Vec<OwnCase> {
    [ROW_ONLY_BLANKS, COLUMN_ONLY_BLANKS, BOX_ONLY_BLANKS]
        .into_iter()
        .map(blanked)
        .collect()
}

/// One blank whose answer is 9: `'1'..'9'` never tries it.
const NINE_BLANKS: &[(usize, usize)] = &[(0, 6)];

/// r5c5 (answer 5, in box 5) with the row's and the column's 1 blanked: a
/// box check that starts at row `r / 3` (not `r / 3 * 3`) looks at other
/// cells, where a 5 and a 1 stand.
const BOX_FIVE_BLANKS: &[(usize, usize)] = &[(4, 4), (4, 8), (7, 4)];

/// Seven blanks on which reading-order backtracking places a wrong first
/// digit (3 at r1c1), goes two cells deeper, and must take all of it back:
/// a search without the undo, with a table not put back on undo, or with
/// a `return false` inside the digit loop fails it, each in its own way.
pub const ONE_UNDO_BLANKS: &[(usize, usize)] =
    &[(0, 0), (0, 1), (3, 0), (3, 1), (4, 6), (7, 4), (8, 0)];

/// Every cell, each with its box number.
fn box_of_cases() -> Vec<OwnCase> {
    (0..81)
        .map(|index| {
            let (r, c) = (index / 9, index % 9);
            OwnCase {
                input: format!("{r} {c}"),
                expected: grid::BOX[index].to_string(),
                board: Vec::new(),
                clash: None,
            }
        })
        .collect()
}

/// An empty board, a board of one digit, and equal digits in boxes that a
/// wrong formula mixes up (all valid); LeetCode 36's two examples; a valid
/// board with blanks; and clashes that only one of the three checks sees.
fn valid_sudoku_cases() -> Vec<OwnCase> {
    let example = sets::leetcode_example();
    let puzzle = example.board();
    let solution = example.solution_board().unwrap_or_default();
    let empty = vec![vec![BLANK; 9]; 9];
    let mut cases = vec![valid_case(&empty, true, None)];
    let mut single = empty.clone();
    single[4][4] = '7';
    cases.push(valid_case(&single, true, None));
    // Boxes 2 and 4 (top middle, middle left): `r / 3 + c / 3` gives both 1.
    let mut mixed = empty.clone();
    mixed[0][4] = '4';
    mixed[4][1] = '4';
    cases.push(valid_case(&mixed, true, None));
    cases.push(valid_case(&puzzle, true, None));
    // LeetCode 36's second example: the first 5 made an 8, which clashes
    // with the 8 below it in column 1 and in box 1.
    let mut second = puzzle.clone();
    second[0][0] = '8';
    cases.push(valid_case(&second, false, None));
    let mut sparse = solution.clone();
    for (index, row) in sparse.iter_mut().enumerate() {
        for (column, cell) in row.iter_mut().enumerate() {
            if (index * 9 + column) % 3 != 0 {
                *cell = BLANK;
            }
        }
    }
    cases.push(valid_case(&sparse, true, None));
    // Clashes that only one of the three checks sees, on an almost empty
    // board: two equal digits in one unit that share no other unit.
    for (kind, first, second) in [
        ("box", (3, 3), (5, 5)),
        ("row", (2, 0), (2, 8)),
        ("column", (0, 6), (8, 6)),
        ("box", (0, 8), (2, 6)),
    ] {
        let mut board = empty.clone();
        board[first.0][first.1] = '7';
        board[second.0][second.1] = '7';
        cases.push(valid_case(&board, false, Some((kind, [first, second]))));
    }
    // The same digit in different boxes of one band, and of one stack: valid.
    let mut board = empty.clone();
    board[0][0] = '4';
    board[4][4] = '4';
    board[8][8] = '4';
    cases.push(valid_case(&board, true, None));
    let mut board = empty;
    board[0][2] = '3';
    board[1][4] = '3';
    cases.push(valid_case(&board, true, None));
    cases
}

fn valid_case(
    board: &Board,
    valid: bool,
    clash: Option<(&'static str, [(usize, usize); 2])>,
) -> OwnCase {
    let clash =
        clash.or_else(|| find_clash(board).map(|(unit, cells)| (unit.kind().word(), cells)));
    OwnCase {
        input: board::to_line(board),
        expected: valid.to_string(),
        board: board.clone(),
        clash,
    }
}

/// The first two cells (rows, then columns, then boxes) holding the same
/// digit in one unit, with that unit; blanks and anything but digits 1-9 are
/// ignored, so a board of any shape has none beyond its 9x9.
pub fn find_clash(board: &Board) -> Option<(grid::Unit, [(usize, usize); 2])> {
    let digit = |(r, c): (usize, usize)| {
        board
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .filter(|cell| ('1'..='9').contains(cell))
    };
    for (unit, cells) in grid::units() {
        for (k, &first) in cells.iter().enumerate() {
            let Some(value) = digit(first) else { continue };
            if let Some(&second) = cells[k + 1..]
                .iter()
                .find(|&&other| digit(other) == Some(value))
            {
                return Some((unit, [first, second]));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::approaches;

    #[test]
    fn the_one_undo_case_takes_a_wrong_first_digit_back_with_what_it_led_to() {
        let case = blanked(ONE_UNDO_BLANKS);
        let puzzle = sudoku37::Puzzle::from_board(&case.board).expect("valid");
        let solved = sudoku37::harness::run(&approaches::EARLY_EXIT, &puzzle).expect("solved");
        // r1c1 takes 3 first, and two more digits go down with it.
        assert_eq!(solved.effort.undos, 4, "{:?}", solved.effort);
        assert_eq!(solved.effort.nodes, 11, "{:?}", solved.effort);
    }

    #[test]
    fn each_check_case_has_a_smaller_digit_that_only_one_unit_refuses() {
        let solution = sets::leetcode_example().solution_board().expect("known");
        for (blanks, refusing) in [
            (ROW_ONLY_BLANKS, "row"),
            (COLUMN_ONLY_BLANKS, "column"),
            (BOX_ONLY_BLANKS, "box"),
        ] {
            let case = blanked(blanks);
            let board = &case.board;
            let answer = solution[0][0];
            // The smallest digit that two units allow at r1c1 is smaller
            // than its answer, and the third unit holds it.
            let in_row = |d: char| board[0].contains(&d);
            let in_column = |d: char| (0..9).any(|r| board[r][0] == d);
            let in_box = |d: char| (0..9).any(|i| board[i / 3][i % 3] == d);
            let smaller = ('1'..answer)
                .find(|&d| {
                    let hits = [in_row(d), in_column(d), in_box(d)];
                    hits.iter().filter(|&&hit| hit).count() == 1
                })
                .expect("a smaller digit refused by one unit only");
            let only = if in_row(smaller) {
                "row"
            } else if in_column(smaller) {
                "column"
            } else {
                "box"
            };
            assert_eq!(only, refusing, "{blanks:?}");
        }
    }

    /// A reading-order search with ascending digits that checks only the
    /// units in `checks` (row, column, box): the board it returns.
    fn search_without(board: &mut Vec<Vec<char>>, checks: [bool; 3]) -> bool {
        let Some(index) = (0..81).find(|&i| board[i / 9][i % 9] == BLANK) else {
            return true;
        };
        let (r, c) = (index / 9, index % 9);
        let square = grid::UNITS[18 + grid::BOX[index]];
        for d in '1'..='9' {
            let clash = (0..9).any(|i| {
                (checks[0] && board[r][i] == d)
                    || (checks[1] && board[i][c] == d)
                    || (checks[2] && board[square[i] / 9][square[i] % 9] == d)
            });
            if !clash {
                board[r][c] = d;
                if search_without(board, checks) {
                    return true;
                }
                board[r][c] = BLANK;
            }
        }
        false
    }

    #[test]
    fn without_a_unit_s_check_the_search_returns_a_full_board_that_clashes_in_it() {
        for (blanks, left_out) in [
            (ROW_SWAP_BLANKS, 0),
            (COLUMN_SWAP_BLANKS, 1),
            (BOX_SWAP_BLANKS, 2),
        ] {
            let case = blanked(blanks);
            let mut checks = [true; 3];
            checks[left_out] = false;
            let mut board = case.board.clone();
            assert!(search_without(&mut board, checks), "{blanks:?}");
            let (unit, _) = find_clash(&board).expect("a clash");
            assert_eq!(
                unit.kind(),
                grid::UnitKind::ALL[left_out],
                "{blanks:?}: {unit}"
            );
            // With every check, the one solution.
            let mut board = case.board.clone();
            assert!(search_without(&mut board, [true; 3]));
            assert_eq!(
                sudoku37::board::to_line(&board),
                case.expected,
                "{blanks:?}"
            );
        }
    }
}
