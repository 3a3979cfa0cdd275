//! Counting solutions, up to a limit.
//!
//! The approaches stop at the first solution, as LeetCode asks; to know whether
//! a puzzle has exactly one, the search has to go on looking for a second.
//! [`count_solutions`] does that with a compact solver of its own: one bit
//! per digit for every row, column and box, branching on the empty cell with
//! the fewest candidates.

use crate::board::Board;

const ALL_DIGITS: u16 = 0b1_1111_1111;

/// Counts the solutions of `board`, stopping once `limit` are found.
///
/// `count_solutions(&board, 2)` answers 0 (no solution), 1 (unique) or 2 (two
/// or more). A board whose givens conflict has 0; a board that is not 9x9 of
/// digits and blanks also counts as having none.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    let Some(mut grid) = Grid::from_board(board) else {
        return 0;
    };
    let mut found = 0;
    grid.count(limit, &mut found);
    found
}

/// Digits as bit masks: bit `d - 1` set means digit `d` is used.
struct Grid {
    cells: [u8; 81],
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}

impl Grid {
    fn from_board(board: &Board) -> Option<Grid> {
        if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
            return None;
        }
        let mut grid = Grid {
            cells: [0; 81],
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for (row, cells) in board.iter().enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                match cell {
                    '.' => {}
                    '1'..='9' => {
                        let digit = cell as u8 - b'0';
                        let bit = 1 << (digit - 1);
                        let index = row * 9 + column;
                        if grid.used(index) & bit != 0 {
                            return None;
                        }
                        grid.set(index, digit);
                    }
                    _ => return None,
                }
            }
        }
        Some(grid)
    }

    fn used(&self, index: usize) -> u16 {
        let (row, column) = (index / 9, index % 9);
        self.rows[row] | self.columns[column] | self.boxes[row / 3 * 3 + column / 3]
    }

    fn set(&mut self, index: usize, digit: u8) {
        self.toggle(index, digit);
        self.cells[index] = digit;
    }

    fn unset(&mut self, index: usize, digit: u8) {
        self.toggle(index, digit);
        self.cells[index] = 0;
    }

    fn toggle(&mut self, index: usize, digit: u8) {
        let (row, column) = (index / 9, index % 9);
        let bit = 1 << (digit - 1);
        self.rows[row] ^= bit;
        self.columns[column] ^= bit;
        self.boxes[row / 3 * 3 + column / 3] ^= bit;
    }

    fn count(&mut self, limit: u64, found: &mut u64) {
        // The empty cell with the fewest candidates; none left means solved.
        let mut best: Option<(usize, u16)> = None;
        for index in 0..81 {
            if self.cells[index] != 0 {
                continue;
            }
            let candidates = !self.used(index) & ALL_DIGITS;
            let fewer = match best {
                None => true,
                Some((_, best_candidates)) => {
                    candidates.count_ones() < best_candidates.count_ones()
                }
            };
            if fewer {
                best = Some((index, candidates));
                if candidates.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((index, mut candidates)) = best else {
            *found += 1;
            return;
        };
        while candidates != 0 && *found < limit {
            let digit = candidates.trailing_zeros() as u8 + 1;
            candidates &= candidates - 1;
            self.set(index, digit);
            self.count(limit, found);
            self.unset(index, digit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_line;
    use crate::sets::leetcode_example;

    #[test]
    fn the_example_is_unique() {
        assert_eq!(count_solutions(&leetcode_example().board, 2), 1);
    }

    #[test]
    fn the_empty_grid_has_many() {
        let empty = parse_line(&".".repeat(81)).unwrap();
        assert_eq!(count_solutions(&empty, 2), 2);
        assert_eq!(count_solutions(&empty, 1000), 1000);
    }

    #[test]
    fn conflicting_givens_have_none() {
        let mut board = leetcode_example().board;
        board[0][2] = '5';
        assert_eq!(count_solutions(&board, 2), 0);
    }

    #[test]
    fn a_cell_without_candidates_has_none() {
        // Row 1 holds 1-8 and column 9 holds a 9: cell (1, 9) has no candidate.
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(8));
        line.push('9');
        line.push_str(&".".repeat(81 - 18));
        assert_eq!(count_solutions(&parse_line(&line).unwrap(), 2), 0);
    }

    #[test]
    fn removing_a_clue_from_a_solved_grid_keeps_it_unique() {
        let mut board = leetcode_example().solution.unwrap();
        board[4][4] = '.';
        assert_eq!(count_solutions(&board, 2), 1);
    }
}
