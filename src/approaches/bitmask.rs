//! # `bitmask`: the `bool_arrays` search with one `u16` per row, column and box
//!
//! **Idea.** Keep exactly the search of [`bool_arrays`](super::bool_arrays):
//! cells in reading order, digits in ascending order, stop at the first
//! solution. Change only the representation: each row, column and box keeps a
//! 9-bit mask of the digits it already holds, so the candidates of a cell are
//! one expression, `!(rows[r] | columns[c] | boxes[b]) & ALL_DIGITS`, and they
//! are visited lowest bit first.
//!
//! ```text
//! bit:    8 7 6 5 4 3 2 1 0
//! digit:  9 8 7 6 5 4 3 2 1      rows[4] = 0b1_0010_0101  -> row 5 holds 1, 3, 6, 9
//! ```
//!
//! **Source.** The standard bit trick of fast Sudoku solvers, applied to the
//! the Java write-up that `bool_arrays` reproduces. The search
//! returns `bool` and unwinds at once instead of using a `finished` flag.
//!
//! **State.** 27 `u16` masks (54 bytes) instead of 243 booleans. Placing a
//! digit flips its bit in three masks (`^=`), and undoing flips it back; the
//! givens are marked with `|=`.
//!
//! **Complexity.** The same tree as `bool_arrays` (the tests check that the
//! node counts are identical on every puzzle), so the same worst case,
//! O(9^m) for m blanks. What changes is the cost per node: no loop over nine
//! digits testing three tables each, only the set bits are visited.
//!
//! **Pitfalls.** `!mask` sets the seven unused high bits too; masking with
//! `ALL_DIGITS` keeps them out of the candidates. `candidates & candidates.wrapping_neg()`
//! isolates the lowest set bit (`-x` in two's complement), and
//! `trailing_zeros` turns it into a digit index.
//!
//! **Nodes** (see [`crate::probe`]): a digit written into an empty cell and
//! descended on.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

/// Bits 0..=8 stand for the digits 1..=9.
const ALL_DIGITS: u16 = 0b1_1111_1111;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut used = UsedMasks {
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for row in 0..9 {
            for column in 0..9 {
                if let Some(digit) = board[row][column].to_digit(10) {
                    // `|=`, not a toggle: a digit given twice must stay used.
                    let bit = 1 << (digit - 1);
                    used.rows[row] |= bit;
                    used.columns[column] |= bit;
                    used.boxes[row / 3 * 3 + column / 3] |= bit;
                }
            }
        }
        used.fill(board, 0);
    }
}

/// The digits each row, column and box already holds, one bit per digit.
struct UsedMasks {
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}

impl UsedMasks {
    /// Flips `bit` in the masks of the row, column and box of a cell: marks
    /// a digit used, or, applied again, free.
    fn toggle(&mut self, row: usize, column: usize, bit: u16) {
        self.rows[row] ^= bit;
        self.columns[column] ^= bit;
        self.boxes[row / 3 * 3 + column / 3] ^= bit;
    }

    /// Fills the cells from `index` (0..81, reading order) on; returns `true`
    /// with the board solved, or `false` with the cells from `index` on as
    /// they were.
    fn fill(&mut self, board: &mut [Vec<char>], index: usize) -> bool {
        if index == 81 {
            return true;
        }
        let (row, column) = (index / 9, index % 9);
        if board[row][column] != '.' {
            return self.fill(board, index + 1);
        }
        let used = self.rows[row] | self.columns[column] | self.boxes[row / 3 * 3 + column / 3];
        let mut candidates = !used & ALL_DIGITS;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            board[row][column] = char::from(b'1' + bit.trailing_zeros() as u8);
            probe::place(row, column, board[row][column]);
            self.toggle(row, column, bit);
            if self.fill(board, index + 1) {
                return true;
            }
            self.toggle(row, column, bit);
            board[row][column] = '.';
            probe::clear(row, column);
        }
        false
    }
}

// submission codes end

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_line;
    use crate::fixtures::{example_line, solution_line};
    use crate::grid::BOX;

    /// `UsedMasks::fill` whose undo blanks the cell and, in `undo`, does
    /// what it does to the masks.
    fn fill_with(
        undo: fn(&mut UsedMasks, usize, usize, u16),
        used: &mut UsedMasks,
        board: &mut [Vec<char>],
        index: usize,
    ) -> bool {
        if index == 81 {
            return true;
        }
        let (row, column) = (index / 9, index % 9);
        if board[row][column] != '.' {
            return fill_with(undo, used, board, index + 1);
        }
        let taken = used.rows[row] | used.columns[column] | used.boxes[BOX[row * 9 + column]];
        let mut candidates = !taken & ALL_DIGITS;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            board[row][column] = char::from(b'1' + bit.trailing_zeros() as u8);
            used.toggle(row, column, bit);
            if fill_with(undo, used, board, index + 1) {
                return true;
            }
            undo(used, row, column, bit);
            board[row][column] = '.';
        }
        false
    }

    fn run(undo: fn(&mut UsedMasks, usize, usize, u16)) -> (bool, Vec<Vec<char>>) {
        let mut board = parse_line(&example_line()).unwrap();
        let mut used = UsedMasks {
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for row in 0..9 {
            for column in 0..9 {
                if let Some(digit) = board[row][column].to_digit(10) {
                    let bit = 1 << (digit - 1);
                    used.rows[row] |= bit;
                    used.columns[column] |= bit;
                    used.boxes[BOX[row * 9 + column]] |= bit;
                }
            }
        }
        let solved = fill_with(undo, &mut used, &mut board, 0);
        (solved, board)
    }

    /// "The undo clears what the place set": undone with `^=` (the toggle),
    /// the search solves LeetCode's example; undone with `|=`, copied from a
    /// place step, the digit stays used in its row, column and box, free
    /// digits are refused, and the search gives up with blanks left.
    #[test]
    fn an_undo_that_sets_the_bit_again_refuses_free_digits() {
        let (solved, board) = run(|used, row, column, bit| used.toggle(row, column, bit));
        assert!(solved);
        assert_eq!(board, parse_line(&solution_line()).unwrap());
        let (solved, board) = run(|used, row, column, bit| {
            used.rows[row] |= bit;
            used.columns[column] |= bit;
            used.boxes[BOX[row * 9 + column]] |= bit;
        });
        assert!(!solved);
        assert!(board.iter().flatten().any(|&cell| cell == '.'));
    }

    /// "`!` flips all sixteen bits": without `& ALL_DIGITS` the candidates of
    /// a cell include the seven bits above the ninth, which the loop would
    /// turn into the characters after `'9'`.
    #[test]
    fn candidates_without_the_mask_reach_past_nine() {
        let used: u16 = 0b1_1111_0100;
        assert_eq!(!used & ALL_DIGITS, 0b0_0000_1011);
        let unmasked = !used;
        assert_eq!(unmasked.count_ones(), 3 + 7);
        let highest = 15 - unmasked.leading_zeros();
        assert_eq!(char::from(b'1' + 9), ':');
        assert_eq!(char::from(b'1' + highest as u8), '@');
    }
}
