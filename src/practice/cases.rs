//! Each exercise's own cases, the first stage of a check: small boards
//! made to catch one mistake each, with what a correct answer is.

use super::Exercise;
use crate::board::{self, Board, BLANK};
use crate::grid::{self, Unit};
use crate::judge::Entry;
use crate::sets;

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
    /// The two cells a `valid_sudoku` case or a `box_of` case is about.
    pub cells: Option<[(usize, usize); 2]>,
    /// For a clash: the unit the two cells share.
    pub unit: Option<Unit>,
}

/// The exercise's own cases.
pub fn own_cases(exercise: &Exercise) -> Vec<OwnCase> {
    match (exercise.entry, exercise.name) {
        (Entry::BoxOf, _) => box_of_cases(),
        (Entry::IsValidSudoku, _) => valid_sudoku_cases(),
        (_, "one_blank") => one_blank_cases(),
        (_, "one_undo") => vec![one_undo_case()],
        _ => {
            let mut cases = one_blank_cases();
            cases.truncate(2);
            cases.push(one_undo_case());
            cases
        }
    }
}

fn solver_case(puzzle: &Board, solution: &Board) -> OwnCase {
    OwnCase {
        input: board::to_line(puzzle),
        expected: board::to_line(solution),
        board: puzzle.clone(),
        cells: None,
        unit: None,
    }
}

/// Every cell, each with its box number.
fn box_of_cases() -> Vec<OwnCase> {
    (0..81)
        .map(|index| {
            let (r, c) = (index / 9, index % 9);
            OwnCase {
                input: format!("{r} {c}"),
                expected: (r / 3 * 3 + c / 3).to_string(),
                board: Vec::new(),
                cells: None,
                unit: None,
            }
        })
        .collect()
}

/// LeetCode's example; the solved example with one cell blanked in each box.
fn one_blank_cases() -> Vec<OwnCase> {
    let example = sets::leetcode_example();
    let solution = example.solution.unwrap_or_default();
    // One cell per box, on a diagonal pattern, so that every digit 1-9 and
    // every box is asked for.
    [
        (4, 4),
        (0, 0),
        (2, 7),
        (8, 8),
        (6, 1),
        (3, 5),
        (7, 3),
        (1, 4),
        (5, 6),
    ]
    .iter()
    .map(|&(r, c)| {
        let mut puzzle = solution.clone();
        if let Some(cell) = puzzle.get_mut(r).and_then(|row| row.get_mut(c)) {
            *cell = BLANK;
        }
        solver_case(&puzzle, &solution)
    })
    .collect()
}

/// The solved example with four cells blanked: reading-order backtracking
/// puts the wrong digit into the first blank once and must take it back.
fn one_undo_case() -> OwnCase {
    let example = sets::leetcode_example();
    let solution = example.solution.unwrap_or_default();
    let mut puzzle = solution.clone();
    for &(r, c) in ONE_UNDO_BLANKS {
        puzzle[r][c] = BLANK;
    }
    solver_case(&puzzle, &solution)
}

/// The blanks of `one_undo_case`: 4 and 5 both fit the top left cell at
/// first, and only the cell below its neighbour shows that 4 is wrong.
pub const ONE_UNDO_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 2), (1, 2), (4, 0)];

/// LeetCode 36's two examples, then boards made from the example's solution:
/// valid with blanks, and with one clash in a row only, a column only and a
/// box only.
fn valid_sudoku_cases() -> Vec<OwnCase> {
    let example = sets::leetcode_example();
    let puzzle = example.board.clone();
    let solution = example.solution.unwrap_or_default();
    let mut cases = vec![valid_case(&puzzle, true, None)];
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
    let empty = vec![vec![BLANK; 9]; 9];
    for (unit, first, second) in [
        (Unit::Box(4), (3, 3), (5, 5)),
        (Unit::Row(2), (2, 0), (2, 8)),
        (Unit::Column(6), (0, 6), (8, 6)),
        (Unit::Box(2), (0, 8), (2, 6)),
    ] {
        let mut board = empty.clone();
        board[first.0][first.1] = '7';
        board[second.0][second.1] = '7';
        cases.push(valid_case(&board, false, Some((unit, [first, second]))));
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

fn valid_case(board: &Board, valid: bool, clash: Option<(Unit, [(usize, usize); 2])>) -> OwnCase {
    let clash = clash.or_else(|| find_clash(board));
    OwnCase {
        input: board::to_line(board),
        expected: valid.to_string(),
        board: board.clone(),
        cells: clash.map(|(_, cells)| cells),
        unit: clash.map(|(unit, _)| unit),
    }
}

/// The first two cells (rows, then columns, then boxes) holding the same
/// digit in one unit, with that unit; blanks and anything but digits 1-9 are
/// ignored, so a board of any shape has none beyond its 9x9.
pub fn find_clash(board: &Board) -> Option<(Unit, [(usize, usize); 2])> {
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
    use crate::approaches;

    #[test]
    fn the_one_undo_case_needs_exactly_one_undo_from_reading_order_backtracking() {
        let case = one_undo_case();
        let puzzle = crate::Puzzle::from_board(&case.board).expect("valid");
        let approach = approaches::find("early_exit").expect("registered");
        let solved = crate::solve::run(approach, &puzzle).expect("solved");
        assert_eq!(solved.effort.undos, 1, "{:?}", solved.effort);
    }
}
