//! The variants of the classic backtracking that other write-ups use,
//! measured against the plain form in one run: a list of the blanks made once
//! instead of walking every cell; no board restore when the tables, not the
//! board, say which digits are used; and validity checked in one loop over
//! `i` with `board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]` for the box instead
//! of three loops. The "Variants you will see elsewhere" of the scan_validate
//! and bool_arrays notes come from here.
//!
//! Usage: `cargo run --release --example classic_variants -- [PASSES]`
//!
//! Every variant searches the same tree (same cell order, same digit order),
//! which this program checks by counting placements; the times are the best
//! of PASSES (5 by default) passes over each set, on LeetCode's signature.

// The write-ups' index loops and LeetCode's `&mut Vec<Vec<char>>`, on purpose.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

use std::time::{Duration, Instant};

use sudoku37::board::Board;
use sudoku37::sets::{self, SetPuzzle as Puzzle};

type Solver = fn(&mut Vec<Vec<char>>) -> u64;

/// bool_arrays' tables; the search walks every cell in reading order,
/// restores the board on the way back, and returns at the first solution.
mod tables {
    pub struct Used {
        pub rows: [[bool; 9]; 9],
        pub columns: [[bool; 9]; 9],
        pub boxes: [[bool; 9]; 9],
        pub nodes: u64,
    }

    impl Used {
        pub fn new(board: &[Vec<char>]) -> Used {
            let mut used = Used {
                rows: [[false; 9]; 9],
                columns: [[false; 9]; 9],
                boxes: [[false; 9]; 9],
                nodes: 0,
            };
            for r in 0..9 {
                for c in 0..9 {
                    if let Some(d) = board[r][c].to_digit(10) {
                        used.set(r, c, d as usize - 1, true);
                    }
                }
            }
            used
        }

        pub fn free(&self, r: usize, c: usize, d: usize) -> bool {
            !self.rows[r][d] && !self.columns[c][d] && !self.boxes[r / 3 * 3 + c / 3][d]
        }

        pub fn set(&mut self, r: usize, c: usize, d: usize, value: bool) {
            self.rows[r][d] = value;
            self.columns[c][d] = value;
            self.boxes[r / 3 * 3 + c / 3][d] = value;
        }
    }
}

fn walk_cells(board: &mut Vec<Vec<char>>) -> u64 {
    fn go(board: &mut Vec<Vec<char>>, used: &mut tables::Used, index: usize) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return go(board, used, index + 1);
        }
        for d in 0..9 {
            if used.free(r, c, d) {
                board[r][c] = char::from(b'1' + d as u8);
                used.set(r, c, d, true);
                used.nodes += 1;
                if go(board, used, index + 1) {
                    return true;
                }
                used.set(r, c, d, false);
                board[r][c] = '.';
            }
        }
        false
    }
    let mut used = tables::Used::new(board);
    go(board, &mut used, 0);
    used.nodes
}

fn blank_list(board: &mut Vec<Vec<char>>, restore: bool) -> u64 {
    fn go(
        board: &mut Vec<Vec<char>>,
        used: &mut tables::Used,
        blanks: &[(usize, usize)],
        restore: bool,
    ) -> bool {
        let Some(&(r, c)) = blanks.first() else {
            return true;
        };
        for d in 0..9 {
            if used.free(r, c, d) {
                board[r][c] = char::from(b'1' + d as u8);
                used.set(r, c, d, true);
                used.nodes += 1;
                if go(board, used, &blanks[1..], restore) {
                    return true;
                }
                used.set(r, c, d, false);
                if restore {
                    board[r][c] = '.';
                }
            }
        }
        false
    }
    let mut used = tables::Used::new(board);
    let blanks: Vec<(usize, usize)> = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&(r, c)| board[r][c] == '.')
        .collect();
    go(board, &mut used, &blanks, restore);
    used.nodes
}

fn blank_list_restore(board: &mut Vec<Vec<char>>) -> u64 {
    blank_list(board, true)
}

fn blank_list_no_restore(board: &mut Vec<Vec<char>>) -> u64 {
    blank_list(board, false)
}

/// scan_validate's search (write, then check the board), with the check as
/// three loops or as one.
fn scan(board: &mut Vec<Vec<char>>, one_loop: bool) -> u64 {
    fn valid_three_loops(board: &[Vec<char>], r: usize, c: usize) -> bool {
        let digit = board[r][c];
        for i in 0..9 {
            if i != c && board[r][i] == digit {
                return false;
            }
        }
        for i in 0..9 {
            if i != r && board[i][c] == digit {
                return false;
            }
        }
        let (top, left) = (r / 3 * 3, c / 3 * 3);
        for i in top..top + 3 {
            for j in left..left + 3 {
                if (i, j) != (r, c) && board[i][j] == digit {
                    return false;
                }
            }
        }
        true
    }
    fn valid_one_loop(board: &[Vec<char>], r: usize, c: usize) -> bool {
        let digit = board[r][c];
        for i in 0..9 {
            let (box_r, box_c) = (r / 3 * 3 + i / 3, c / 3 * 3 + i % 3);
            if (i != c && board[r][i] == digit)
                || (i != r && board[i][c] == digit)
                || ((box_r, box_c) != (r, c) && board[box_r][box_c] == digit)
            {
                return false;
            }
        }
        true
    }
    fn go(board: &mut Vec<Vec<char>>, index: usize, one_loop: bool, nodes: &mut u64) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return go(board, index + 1, one_loop, nodes);
        }
        for digit in '1'..='9' {
            board[r][c] = digit;
            let valid = if one_loop {
                valid_one_loop(board, r, c)
            } else {
                valid_three_loops(board, r, c)
            };
            if valid {
                *nodes += 1;
                if go(board, index + 1, one_loop, nodes) {
                    return true;
                }
            }
            board[r][c] = '.';
        }
        false
    }
    let mut nodes = 0;
    go(board, 0, one_loop, &mut nodes);
    nodes
}

fn scan_three_loops(board: &mut Vec<Vec<char>>) -> u64 {
    scan(board, false)
}

fn scan_one_loop(board: &mut Vec<Vec<char>>) -> u64 {
    scan(board, true)
}

fn read_set(name: &str) -> Vec<Puzzle> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(format!("{name}.txt"));
    let text = std::fs::read_to_string(path).expect("the project's own set");
    sets::parse_set(&text).0
}

/// The best time of `passes` passes over `puzzles`, and the nodes of one.
fn measure(solver: Solver, puzzles: &[Puzzle], passes: usize) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..passes {
        let mut boards: Vec<Board> = puzzles.iter().map(|puzzle| puzzle.board.clone()).collect();
        let start = Instant::now();
        nodes = boards.iter_mut().map(solver).sum();
        best = best.min(start.elapsed());
        for (board, puzzle) in boards.iter().zip(puzzles) {
            assert_eq!(
                Some(board),
                puzzle.solution.as_ref(),
                "line {}",
                puzzle.line
            );
        }
    }
    (best, nodes)
}

fn main() {
    let passes = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(5);
    let groups: [(&str, &[(&str, Solver)]); 2] = [
        (
            "tables (bool_arrays)",
            &[
                ("walk every cell, restore the board", walk_cells),
                ("list of blanks, restore the board", blank_list_restore),
                ("list of blanks, no board restore", blank_list_no_restore),
            ],
        ),
        (
            "scan (scan_validate)",
            &[
                ("three loops", scan_three_loops),
                (
                    "one loop, box as board[r/3*3 + i/3][c/3*3 + i%3]",
                    scan_one_loop,
                ),
            ],
        ),
    ];
    for set in ["graded_easy", "graded_extreme"] {
        let puzzles = read_set(set);
        println!("{set} ({} puzzles), best of {passes} passes", puzzles.len());
        for (group, variants) in groups {
            let mut first: Option<(Duration, u64)> = None;
            for (label, solver) in variants {
                let (time, nodes) = measure(*solver, &puzzles, passes);
                let (base_time, base_nodes) = *first.get_or_insert((time, nodes));
                assert_eq!(nodes, base_nodes, "{label}: a different tree");
                println!(
                    "  {group}, {label}: {:.1} ms, {:.2}x the first; {nodes} nodes",
                    time.as_secs_f64() * 1e3,
                    time.as_secs_f64() / base_time.as_secs_f64()
                );
            }
        }
    }
}
