//! # `set_intersection`: recurse over (i, j) on the intersection of three sets
//!
//! **Idea.** The same "available digits" bookkeeping as
//! [`available_sets`](super::available_sets), written more directly: walk the
//! cells in reading order by (row, column), and at an empty cell compute the
//! candidates as *row ∩ column ∩ box*. An empty intersection means an earlier
//! choice was wrong, so return `false` at once.
//!
//! **Reproduces** the review solution of the Python write-up
//! (Python, "复习时新写的"): `bkt(i, j)` that moves right and wraps to
//! `(i + 1, 0)`, three dictionaries of integer sets keyed by index, the box key
//! `get_pat_idx(i, j) = i // 3 * 3 + j // 3 + 1` (boxes numbered 1 to 9, not 0
//! to 8), and `common = row & col & pat` with an early `return False` when it is
//! empty.
//!
//! **State.** Three maps from index to the set of digits (as numbers 1..=9)
//! still free in that row, column or box. The board holds the rest.
//!
//! **Complexity.** O(9^m) placements in the worst case for m blanks; each cell
//! visit builds one intersection, O(9).
//!
//! **Where Rust differs.** Python does not define the order in which a set is
//! iterated, and CPython's is not ascending: an integer hashes to itself, so
//! in a small set of eight slots 8 and 9 sit in slots 0 and 1 and can come
//! out before smaller digits. Run as printed, the review solution places
//! 4,409 digits on LeetCode's example under every `PYTHONHASHSEED` from 0 to
//! 199, and 4,208 with `sorted(common)` (`cargo run --release --example
//! python_hash_seeds`). We use `BTreeSet`, so the candidates are tried in
//! ascending order on every run: 4,208 nodes. The dictionaries become
//! `HashMap`s with the same keys, including the 1-based box numbers.
//!
//! **Pitfalls.** The intersection and its early `return false` belong to blank
//! cells only: at a given in an otherwise complete row the intersection is
//! empty, so computing it there would report failure just as the search
//! succeeds (and the loop would overwrite the given). The write-up only
//! computes `common` for blank cells, and so do we.
//!
//! **Nodes** (see [`crate::probe`]): a digit written into an empty cell and
//! descended on.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

use std::collections::{BTreeSet, HashMap};

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let backup: BTreeSet<u8> = (1..=9).collect();
        let mut free = FreeDigits {
            row_dict: HashMap::new(),
            col_dict: HashMap::new(),
            pat_dict: HashMap::new(),
        };
        for i in 0..board.len() {
            free.row_dict.insert(i, backup.clone());
            for j in 0..board[0].len() {
                free.col_dict.entry(j).or_insert_with(|| backup.clone());
                let pat_idx = get_pat_idx(i, j);
                free.pat_dict
                    .entry(pat_idx)
                    .or_insert_with(|| backup.clone());
                if board[i][j] != '.' {
                    let digit = board[i][j] as u8 - b'0';
                    free.row_dict.entry(i).or_default().remove(&digit);
                    free.col_dict.entry(j).or_default().remove(&digit);
                    free.pat_dict.entry(pat_idx).or_default().remove(&digit);
                }
            }
        }
        free.bkt(board, 0, 0);
    }
}

/// Boxes are numbered 1 to 9, row by row, as in the write-up.
fn get_pat_idx(i: usize, j: usize) -> usize {
    i / 3 * 3 + j / 3 + 1
}

/// The digits each row, column and box can still take, keyed by index.
struct FreeDigits {
    row_dict: HashMap<usize, BTreeSet<u8>>,
    col_dict: HashMap<usize, BTreeSet<u8>>,
    pat_dict: HashMap<usize, BTreeSet<u8>>,
}

impl FreeDigits {
    /// Fills the cells from (`i`, `j`) on in reading order; returns `true` once
    /// the board is full.
    fn bkt(&mut self, board: &mut [Vec<char>], i: usize, j: usize) -> bool {
        if i == board.len() {
            return true;
        }
        let (next_i, next_j) = if j + 1 < board[0].len() {
            (i, j + 1)
        } else {
            (i + 1, 0)
        };
        if board[i][j] == '.' {
            let pat_idx = get_pat_idx(i, j);
            let common: BTreeSet<u8> = self.row_dict[&i]
                .intersection(&self.col_dict[&j])
                .filter(|digit| self.pat_dict[&pat_idx].contains(digit))
                .copied()
                .collect();
            if common.is_empty() {
                return false;
            }
            for val in common {
                let digit = char::from(b'0' + val);
                board[i][j] = digit;
                probe::place(i, j, digit);
                self.row_dict.entry(i).or_default().remove(&val);
                self.col_dict.entry(j).or_default().remove(&val);
                self.pat_dict.entry(pat_idx).or_default().remove(&val);
                if self.bkt(board, next_i, next_j) {
                    return true;
                }
                board[i][j] = '.';
                probe::clear(i, j);
                self.row_dict.entry(i).or_default().insert(val);
                self.col_dict.entry(j).or_default().insert(val);
                self.pat_dict.entry(pat_idx).or_default().insert(val);
            }
        } else if self.bkt(board, next_i, next_j) {
            return true;
        }
        false
    }
}

// submission codes end
