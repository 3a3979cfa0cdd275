//! # `interview`: the solution to write at a whiteboard
//!
//! **Idea.** The search of [`bitmask`](super::bitmask), written as short as
//! it stays clear: three arrays of `u16` masks say which digits each row,
//! column and box holds (bit `d` for digit `d`, bit 0 unused), a list of the
//! blanks made once says where the search goes next, and the search returns
//! `bool`, so it stops at the first solution. Cells in reading order, digits
//! in ascending order: the same tree as `bool_arrays` and `bitmask`, node for
//! node.
//!
//! ```text
//! bit:    9 8 7 6 5 4 3 2 1 0
//! digit:  9 8 7 6 5 4 3 2 1 -      rows[4] = 0b10_0100_1010  -> row 5 holds 1, 3, 6, 9
//! ```
//!
//! **Source.** `notes/interview.md`, "The solution to write": the code there
//! is this module's paste region without the node hooks (a unit test keeps
//! them equal), and its notes explain it in 60 seconds, its complexity and
//! the follow-ups.
//!
//! **State.** 27 `u16` masks and the list of blanks; the slice `&blanks[1..]`
//! is the search's position, so no index is passed.
//!
//! **Complexity.** O(9^m) for m blanks in the worst case, like every
//! reading-order search; O(1) work per candidate digit, and O(81) memory
//! besides the recursion, which is at most m deep.
//!
//! **Pitfalls.** The board is never reset to `'.'`: the masks are the truth,
//! and every blank is written again before the search can reach a full
//! board. On a puzzle without a solution the board therefore keeps stale
//! digits (LeetCode guarantees a solution); the registry calls it through
//! [`solve_or_leave`], which puts such a board back as given, so that the
//! project's harness reads "no solution". Undo with `^=` only bits set by
//! the search: a given's bit set twice by `|=` stays set.
//!
//! **Nodes** (see [`crate::probe`]): a digit written into an empty cell and
//! descended on.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

/// [`Solution::solve_sudoku`], with the board put back as given when the
/// search finds no solution (it leaves stale digits in the blanks then).
pub fn solve_or_leave(board: &mut Vec<Vec<char>>) {
    let given = board.clone();
    Solution::solve_sudoku(board);
    let complete = board.iter().flatten().all(|cell| cell.is_ascii_digit());
    if !complete || crate::board::check_solution(&given, board).is_err() {
        *board = given;
    }
}

// submission codes start here

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut blanks = Vec::new();
        for r in 0..9 {
            for c in 0..9 {
                match board[r][c].to_digit(10) {
                    Some(d) => {
                        rows[r] |= 1 << d;
                        cols[c] |= 1 << d;
                        boxes[r / 3 * 3 + c / 3] |= 1 << d;
                    }
                    None => blanks.push((r, c)),
                }
            }
        }
        Self::fill(board, &blanks, &mut rows, &mut cols, &mut boxes);
    }

    fn fill(board: &mut Vec<Vec<char>>, blanks: &[(usize, usize)], rows: &mut [u16; 9],
            cols: &mut [u16; 9], boxes: &mut [u16; 9]) -> bool {
        let Some(&(r, c)) = blanks.first() else { return true };
        let b = r / 3 * 3 + c / 3;
        for d in 1..=9u32 {
            let bit = 1u16 << d;
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                continue;
            }
            board[r][c] = char::from_digit(d, 10).unwrap();
            rows[r] |= bit; cols[c] |= bit; boxes[b] |= bit;
            probe::place(r, c, board[r][c]);
            if Self::fill(board, &blanks[1..], rows, cols, boxes) {
                return true;
            }
            rows[r] ^= bit; cols[c] ^= bit; boxes[b] ^= bit;
            probe::clear(r, c);
        }
        false
    }
}

// submission codes end

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paste;
    use crate::sets::leetcode_example;

    #[test]
    fn the_paste_region_is_the_interview_note_s_code() {
        let note = include_str!("../../notes/interview.md");
        let start = note
            .find("<!-- interview solution: begin -->\n```rust\n")
            .expect("the begin marker")
            + "<!-- interview solution: begin -->\n```rust\n".len();
        let end = note
            .find("```\n<!-- interview solution: end -->")
            .expect("the end marker");
        let pasted = paste::extract(include_str!("interview.rs")).expect("a paste region");
        assert_eq!(pasted, &note[start..end]);
    }

    #[test]
    fn it_solves_the_example_in_the_nodes_of_bitmask() {
        let example = leetcode_example();
        let mut board = example.board();
        let ((), effort) = probe::measure(|| Solution::solve_sudoku(&mut board));
        assert_eq!(Some(board), example.solution_board());
        assert_eq!(effort.nodes, 4208);
    }

    #[test]
    fn a_puzzle_without_a_solution_comes_back_as_given() {
        let mut board = leetcode_example().board();
        // A second 5 in the first row's last cell: no solution.
        board[0][8] = '5';
        let given = board.clone();
        solve_or_leave(&mut board);
        assert_eq!(board, given);
    }
}
