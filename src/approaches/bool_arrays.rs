//! # `bool_arrays`: three 9x9 tables of used digits and a `finished` flag
//!
//! **Idea.** Solve the way a person fills a grid row by row: remember, for every
//! row, column and 3x3 block, which digits are already used. At an empty cell
//! try the digits 1..=9 that are unused in all three, mark them used, go on to
//! the next cell; when the row runs out continue on the next row; after the
//! last row the puzzle is solved. A choice that leads nowhere is erased and its
//! marks cleared, unless the search has already finished.
//!
//! **Reproduces** the Java write-up ("思路一：回溯法"):
//! the fields `boolean[][] rows, cols, blocks = new boolean[9][9]` and
//! `boolean finished`, a `void dfs(board, row, col)` that sets `finished` when
//! `row == 9`, the block index `row / 3 * 3 + col / 3`, and the undo guarded by
//! `if (!finished)`.
//!
//! **State.** `rows[r][d]`, `cols[c][d]`, `blocks[b][d]`: is digit `d + 1` used
//! in row `r`, column `c`, block `b`? Plus the `finished` flag. Checking a digit
//! is three array reads instead of a 24-cell scan.
//!
//! **Complexity.** O(9^m) placements in the worst case for m blanks, O(1) per
//! candidate test; 243 booleans of state.
//!
//! **Pitfalls.** The search returns nothing, so the only thing that keeps the
//! solution on the board is the `!finished` guard around the undo. The loop is
//! not broken after a solution either: it goes on over the remaining digits,
//! which all fail the "unused" test on a full board, so it costs a few checks
//! and changes nothing. We keep that, as the write-up has it.
//!
//! **Nodes** (see [`crate::probe`]): a digit written into an empty cell and
//! descended on.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut search = UsedDigits {
            rows: [[false; 9]; 9],
            cols: [[false; 9]; 9],
            blocks: [[false; 9]; 9],
            finished: false,
        };
        for row in 0..9 {
            for col in 0..9 {
                if board[row][col] != '.' {
                    let digit = (board[row][col] as u8 - b'1') as usize;
                    search.rows[row][digit] = true;
                    search.cols[col][digit] = true;
                    search.blocks[row / 3 * 3 + col / 3][digit] = true;
                }
            }
        }
        search.dfs(board, 0, 0);
    }
}

/// Which digits each row, column and block already holds, and whether the
/// search has filled the whole board.
struct UsedDigits {
    rows: [[bool; 9]; 9],
    cols: [[bool; 9]; 9],
    blocks: [[bool; 9]; 9],
    finished: bool,
}

impl UsedDigits {
    /// Fills the cells from (`row`, `col`) on in reading order; sets `finished`
    /// once every row is filled.
    fn dfs(&mut self, board: &mut [Vec<char>], row: usize, col: usize) {
        if row == 9 {
            self.finished = true;
            return;
        }
        if board[row][col] != '.' {
            if col == 8 {
                self.dfs(board, row + 1, 0);
            } else {
                self.dfs(board, row, col + 1);
            }
        } else {
            let block = row / 3 * 3 + col / 3;
            for i in 0..9 {
                if !self.rows[row][i] && !self.cols[col][i] && !self.blocks[block][i] {
                    let digit = char::from(b'1' + i as u8);
                    board[row][col] = digit;
                    probe::place(row, col, digit);
                    self.rows[row][i] = true;
                    self.cols[col][i] = true;
                    self.blocks[block][i] = true;
                    if col == 8 {
                        self.dfs(board, row + 1, 0);
                    } else {
                        self.dfs(board, row, col + 1);
                    }
                    // Without this guard the unwinding would erase the answer.
                    if !self.finished {
                        board[row][col] = '.';
                        probe::clear(row, col);
                        self.rows[row][i] = false;
                        self.cols[col][i] = false;
                        self.blocks[block][i] = false;
                    }
                }
            }
        }
    }
}

// submission codes end

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{check_solution, parse_line};
    use crate::fixtures::{example_line, solution_line};
    use crate::grid::BOX;

    /// The undo, and how the pitfalls get it wrong.
    #[derive(Clone, Copy, PartialEq)]
    enum Undo {
        /// As written: board and tables, unless the search is finished.
        Guarded,
        /// Board and tables, finished or not.
        Always,
        /// The board only, unless finished; the tables keep the digit.
        BoardOnly,
        /// The tables only, unless finished; the board keeps the digit.
        TablesOnly,
    }

    /// `UsedDigits::dfs` with the undo of `undo`.
    fn search_with(
        undo: Undo,
        used: &mut UsedDigits,
        board: &mut [Vec<char>],
        row: usize,
        col: usize,
    ) {
        if row == 9 {
            used.finished = true;
            return;
        }
        let (next_row, next_col) = if col == 8 {
            (row + 1, 0)
        } else {
            (row, col + 1)
        };
        if board[row][col] != '.' {
            search_with(undo, used, board, next_row, next_col);
            return;
        }
        let block = BOX[row * 9 + col];
        for i in 0..9 {
            if used.rows[row][i] || used.cols[col][i] || used.blocks[block][i] {
                continue;
            }
            board[row][col] = char::from(b'1' + i as u8);
            used.rows[row][i] = true;
            used.cols[col][i] = true;
            used.blocks[block][i] = true;
            search_with(undo, used, board, next_row, next_col);
            if undo == Undo::Always || !used.finished {
                if undo != Undo::TablesOnly {
                    board[row][col] = '.';
                }
                if undo != Undo::BoardOnly {
                    used.rows[row][i] = false;
                    used.cols[col][i] = false;
                    used.blocks[block][i] = false;
                }
            }
        }
    }

    fn run(undo: Undo) -> Vec<Vec<char>> {
        let mut board = parse_line(&example_line()).unwrap();
        let mut used = UsedDigits {
            rows: [[false; 9]; 9],
            cols: [[false; 9]; 9],
            blocks: [[false; 9]; 9],
            finished: false,
        };
        for row in 0..9 {
            for col in 0..9 {
                if board[row][col] != '.' {
                    let digit = (board[row][col] as u8 - b'1') as usize;
                    used.rows[row][digit] = true;
                    used.cols[col][digit] = true;
                    used.blocks[BOX[row * 9 + col]][digit] = true;
                }
            }
        }
        search_with(undo, &mut used, &mut board, 0, 0);
        board
    }

    /// "Erasing the answer": a `void` search that undoes whether or not it
    /// has finished erases the solution on the way back up, and LeetCode's
    /// example (one solution) comes back exactly as given. The
    /// `!finished` guard keeps it.
    #[test]
    fn without_the_finished_guard_the_answer_is_erased() {
        assert_eq!(run(Undo::Guarded), parse_line(&solution_line()).unwrap());
        assert_eq!(run(Undo::Always), parse_line(&example_line()).unwrap());
    }

    /// "Keeping the marks in step": an undo that clears the board but not
    /// the tables refuses digits that are free, and the example comes back
    /// with blanks; one that clears the tables but not the board leaves a
    /// digit the next visit takes for a given, and the example comes back
    /// full and wrong.
    #[test]
    fn an_undo_that_clears_the_board_or_the_tables_alone_fails() {
        let given = parse_line(&example_line()).unwrap();
        let board = run(Undo::BoardOnly);
        assert!(
            board.iter().flatten().any(|&cell| cell == '.'),
            "blanks left"
        );
        let board = run(Undo::TablesOnly);
        assert!(board.iter().flatten().all(|&cell| cell != '.'), "full");
        assert!(check_solution(&given, &board).is_err(), "and wrong");
    }
}
