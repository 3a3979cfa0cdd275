//! Why an answer is wrong, as a learner needs to hear it: a wrong board,
//! or a panic, classified into a [`Hint`] that names the idea to look at
//! again and the section of the note that explains it.

use super::{find_clash, Exercise};
use crate::approaches::faster_idea;
use crate::board::{Board, BLANK};
use crate::grid::Unit;

/// Why an answer is wrong, as a learner needs to hear it: each kind points at
/// the idea to look at again and the section of a note that explains it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// rustc rejected the code.
    CompileError,
    /// A `todo!()` is still in the code.
    Unfinished,
    /// An index ran past 8.
    OutOfRange,
    /// A stack overflow, or a crash without a panic.
    EndlessRecursion,
    /// A full board with a digit twice in a box, rows and columns fine.
    BoxFormula,
    /// A full board with a digit twice in a row or a column.
    RowOrColumn,
    /// Consistent, but blanks left: the search gave up.
    GaveUp,
    /// A given was overwritten.
    GivensChanged,
    /// Something that is not a digit in a cell, or a misshapen board.
    NotADigit,
    /// `box_of` gave a wrong number.
    WrongBox,
    /// `is_valid_sudoku` missed a clash in a box.
    MissedBoxClash,
    /// `is_valid_sudoku` missed a clash in a row or a column.
    MissedLineClash,
    /// `is_valid_sudoku` called a valid board invalid.
    FalseClash,
    /// Correct so far, but over the time limit.
    TooSlow,
    /// Correct, but over the node budget.
    OverNodeBudget,
    /// The node budget needs `trace_place` calls, and there were none.
    NotTraced,
}

impl Hint {
    /// Why it happens and what to look at, in two or three sentences.
    pub fn why(self) -> &'static str {
        match self {
            Hint::CompileError => "rustc's first error is the one to read: the later ones often follow from it. The line numbers are your file's own.",
            Hint::Unfinished => "a todo!() is still in your code: replace it with the step its comment describes.",
            Hint::OutOfRange => "an index reached 9: `0..=9` or `for d in 0..10` used as a cell index runs one past the last row, column or digit. Rows, columns and boxes are 0..9; digits are '1'..='9'.",
            Hint::EndlessRecursion => "the search does not end on a small case: a call that skips a filled cell must move on to the next one (`index + 1`), and each call must fill a cell or stop. (Deep recursion overflows the stack; or the optimiser may turn a call in tail position into a loop, which then runs forever: Rust guarantees neither.)",
            Hint::BoxFormula => "the board is full and every row and column is fine, but a box holds a digit twice: the box check looks at the wrong cells. The box of (r, c) is `r / 3 * 3 + c / 3`, and its cells start at row `r / 3 * 3`, column `c / 3 * 3`.",
            Hint::RowOrColumn => "a row or a column holds a digit twice: the check that a digit can go here misses that line, or compares the wrong cells.",
            Hint::GaveUp => "the board is consistent but blanks are left: the search gave up on a solvable puzzle. Check the undo (`board[r][c] = '.'` after a failed call), the digit range (`'1'..='9'`, not `'1'..'9'`), and that `return false` comes after the digit loop, not inside it.",
            Hint::GivensChanged => "a given digit was overwritten: the search must skip filled cells and only write into blanks ('.').",
            Hint::NotADigit => "a cell holds something other than '1'-'9': write digits as chars, e.g. `(b'0' + d) as char` or `char::from_digit(d, 10).unwrap()` (it returns an `Option`).",
            Hint::WrongBox => "two cells that lie in different boxes got the same number: the row's band counts three boxes, the column's stack one, so `r / 3 * 3 + c / 3`.",
            Hint::MissedBoxClash => "the two marked cells share only a box, and your function said the board is valid: the box check is missing or looks at the wrong box.",
            Hint::MissedLineClash => "the two marked cells share a row or a column, and your function said the board is valid: that line's check is missing.",
            Hint::FalseClash => "your function called a valid board invalid: skip the blanks ('.'), and never compare a cell with itself.",
            Hint::TooSlow => "the answers are right but too slow for this stage: the search visits too many nodes. The idea below makes the search smaller; the ladder gets there rung by rung.",
            Hint::OverNodeBudget => "the answers are right but the search visits too many nodes: branch on the blank with the fewest candidates, and a cell with none means undo at once.",
            Hint::NotTraced => "this rung is judged by its node count, taken from `trace_place(r, c, d)` calls: call it where your search places a digit (and delete the calls before pasting into LeetCode).",
        }
    }

    /// The section of a note that explains it.
    pub fn section(self, exercise: &Exercise) -> &'static str {
        match self {
            Hint::CompileError => "notes/practice.md#compile-errors",
            Hint::Unfinished => "notes/practice.md#the-stub",
            Hint::OutOfRange => "notes/practice.md#ranges",
            Hint::EndlessRecursion => "notes/practice.md#a-search-that-never-ends",
            Hint::BoxFormula | Hint::WrongBox | Hint::MissedBoxClash => {
                "notes/practice.md#the-box-index"
            }
            Hint::RowOrColumn | Hint::MissedLineClash | Hint::FalseClash => {
                "notes/practice.md#can-this-digit-go-here"
            }
            Hint::GaveUp => "notes/practice.md#a-search-that-gives-up",
            Hint::GivensChanged => "notes/practice.md#givens-stay",
            Hint::NotADigit => "notes/practice.md#digits-are-chars",
            Hint::TooSlow => faster_idea(exercise.reference_approach).1,
            Hint::OverNodeBudget => exercise.note,
            Hint::NotTraced => "notes/practice.md#trace-hooks",
        }
    }
}

/// What a wrong board says about the code that left it: the hint, and the
/// two cells to mark (the clash), if any.
pub fn classify(puzzle: &Board, received: &Board) -> (Hint, Option<[(usize, usize); 2]>) {
    let well_formed = received.len() == 9 && received.iter().all(|row| row.len() == 9);
    if !well_formed
        || received
            .iter()
            .flatten()
            .any(|&cell| cell != BLANK && !('1'..='9').contains(&cell))
    {
        return (Hint::NotADigit, None);
    }
    let changed = (0..81)
        .map(|index| (index / 9, index % 9))
        .find(|&(r, c)| puzzle[r][c] != BLANK && received[r][c] != puzzle[r][c]);
    if let Some(cell) = changed {
        return (Hint::GivensChanged, Some([cell, cell]));
    }
    if let Some((unit, cells)) = find_clash(received) {
        let hint = match unit {
            Unit::Box(_) => Hint::BoxFormula,
            Unit::Row(_) | Unit::Column(_) => Hint::RowOrColumn,
        };
        return (hint, Some(cells));
    }
    // Well formed, givens kept, no clash: what is wrong is the blanks left
    // (a full board here would be a solution, never classified).
    (Hint::GaveUp, None)
}

/// What a panic message says about the code.
pub fn classify_panic(message: &str) -> Hint {
    if message.contains("not yet implemented") {
        Hint::Unfinished
    } else if message.contains("index out of bounds") || message.contains("overflow") {
        Hint::OutOfRange
    } else {
        Hint::EndlessRecursion
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets;

    #[test]
    fn a_full_board_with_a_repeated_digit_in_a_box_points_to_the_box_formula() {
        let example = sets::leetcode_example();
        let mut received = example.solution.expect("known");
        // Swap two cells of row 1 that lie in different boxes: rows stay
        // permutations, columns and boxes do not.
        received[0].swap(0, 3);
        let (hint, cells) = classify(&example.board, &received);
        assert_eq!(hint, Hint::GivensChanged, "{cells:?}");
        let solution = sets::leetcode_example().solution.expect("known");
        let mut wrong = solution.clone();
        // 5 3 4 | 6 7 8 | 9 1 2 and 6 7 2 | ... : swapping (1,0) with (2,0)
        // keeps column 1 a permutation and the box too; swapping within a
        // row across boxes breaks boxes and columns.
        wrong[2][2] = solution[2][5];
        wrong[2][5] = solution[2][2];
        let puzzle = vec![vec![BLANK; 9]; 9];
        let (hint, cells) = classify(&puzzle, &wrong);
        assert!(matches!(hint, Hint::RowOrColumn | Hint::BoxFormula));
        assert!(cells.is_some());
    }
}
