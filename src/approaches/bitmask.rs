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
