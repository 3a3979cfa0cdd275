//! # `scan_validate`: row-major backtracking that validates by scanning
//!
//! **Idea.** Walk the cells in reading order. At an empty cell, write each digit
//! 1..=9 in turn and ask "is the board still legal?" by scanning the cell's
//! row, column and 3x3 box for the same character. If it is, move on to the next
//! cell. An `is_over` flag, set when the walk falls off the last row, is checked
//! after *every* trial so the search stops instead of wiping its own answer.
//!
//! **Reproduces** Version 1 of the C++ write-up ("77ms"):
//! the same `dfs(board, i, j, n)` that moves right along a row and wraps with
//! `j >= n`, the same `isValid` that compares the new character with every
//! other cell of its row, column and box, and the same `isOver` member that
//! the loop checks after each trial before it blanks the cell again.
//!
//! **State.** Only the board itself, plus one `bool`: nothing remembers which
//! digits a row, column or box already holds, so every trial costs 24 cell
//! reads (8 in the row, 8 in the column, 8 in the box).
//!
//! **Complexity.** Worst case O(9^m) trials for m blanks, each O(27) to scan.
//! The recursion is one frame per cell visited (at most 91 deep:
//! 81 cells, 9 row wraps and the frame that notices the end).
//!
//! **Pitfalls.** Without the flag, the loop goes on after a solution was
//! found, blanks the cell and keeps searching, so the board ends wrong (the
//! write-up's main point). The box scan must skip the cell itself, or every
//! digit fails against its own copy; the write-up insists on
//! `x != i || y != j`, though `&&` would also work here, since the box cells
//! it would skip were already scanned as part of the row and the column.
//!
//! **Nodes** (see [`crate::probe`]): a digit that passed `is_valid` and was
//! descended on. Digits written and rejected by the scan are not nodes.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        if board.is_empty() || board[0].is_empty() {
            return;
        }
        let mut is_over = false;
        depth_first_search(board, 0, 0, 9, &mut is_over);
    }
}

/// Fills the cells from (`i`, `j`) on in reading order; sets `is_over` once
/// the walk passes the last row.
fn depth_first_search(board: &mut [Vec<char>], i: usize, j: usize, n: usize, is_over: &mut bool) {
    if j >= n {
        depth_first_search(board, i + 1, 0, n, is_over);
    } else if i == n {
        *is_over = true;
    } else if board[i][j] != '.' {
        depth_first_search(board, i, j + 1, n, is_over);
    } else {
        for k in 1..=n {
            let digit = char::from(b'0' + k as u8);
            board[i][j] = digit;
            if is_valid(board, i, j, n) {
                probe::place(i, j, digit);
                depth_first_search(board, i, j + 1, n, is_over);
            }
            // Checked after every trial, valid or not: once a solution is on
            // the board, blanking this cell would destroy it.
            if *is_over {
                return;
            }
            board[i][j] = '.';
            probe::clear(i, j);
        }
    }
}

/// Is the digit at (`i`, `j`) the only one of its kind in its row, column and
/// box?
fn is_valid(board: &[Vec<char>], i: usize, j: usize, n: usize) -> bool {
    for index in 0..n {
        if index != j && board[i][index] == board[i][j] {
            return false;
        }
    }
    for index in 0..n {
        if index != i && board[index][j] == board[i][j] {
            return false;
        }
    }
    let (box_row, box_column) = (i / 3, j / 3);
    for x in box_row * 3..box_row * 3 + 3 {
        for y in box_column * 3..box_column * 3 + 3 {
            // Skip the cell itself: it always equals its own digit.
            if (x != i || y != j) && board[x][y] == board[i][j] {
                return false;
            }
        }
    }
    true
}

// submission codes end
