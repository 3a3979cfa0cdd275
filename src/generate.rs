//! Making puzzles of the project's own: random solved grids, from which cells
//! are blanked.
//!
//! Everything here is driven by a seeded [`ChaCha8Rng`], whose output is fixed
//! for a given seed across platforms and crate versions, so the files in
//! `puzzles/` can be made again exactly.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, BLANK};

/// A random number generator that gives the same numbers for the same seed on
/// every machine.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random complete, valid grid.
///
/// It fills the cells in reading order, trying the digits in a fresh random
/// order at each cell and backtracking on a dead end.
pub fn random_solved_grid(rng: &mut impl Rng) -> Board {
    let mut cells = [0u8; 81];
    let mut used = Used::default();
    let filled = fill(0, &mut cells, &mut used, rng);
    debug_assert!(filled, "an empty grid always has a completion");
    cells
        .chunks(9)
        .map(|row| row.iter().map(|&digit| char::from(b'0' + digit)).collect())
        .collect()
}

#[derive(Default)]
struct Used {
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}

fn fill(index: usize, cells: &mut [u8; 81], used: &mut Used, rng: &mut impl Rng) -> bool {
    if index == 81 {
        return true;
    }
    let (row, column) = (index / 9, index % 9);
    let block = row / 3 * 3 + column / 3;
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    for digit in digits {
        let bit = 1u16 << (digit - 1);
        if (used.rows[row] | used.columns[column] | used.boxes[block]) & bit != 0 {
            continue;
        }
        used.rows[row] |= bit;
        used.columns[column] |= bit;
        used.boxes[block] |= bit;
        cells[index] = digit;
        if fill(index + 1, cells, used, rng) {
            return true;
        }
        used.rows[row] &= !bit;
        used.columns[column] &= !bit;
        used.boxes[block] &= !bit;
    }
    cells[index] = 0;
    false
}

/// A copy of `grid` with the cells for which `blank(row, column)` is true
/// blanked.
pub fn blank_where(grid: &Board, blank: impl Fn(usize, usize) -> bool) -> Board {
    let mut puzzle = grid.clone();
    for (row, cells) in puzzle.iter_mut().enumerate() {
        for (column, cell) in cells.iter_mut().enumerate() {
            if blank(row, column) {
                *cell = BLANK;
            }
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::check_solution;

    #[test]
    fn solved_grids_are_valid_and_repeat_for_a_seed() {
        let empty = vec![vec![BLANK; 9]; 9];
        let first = random_solved_grid(&mut seeded(7));
        assert_eq!(check_solution(&empty, &first), Ok(()));
        assert_eq!(random_solved_grid(&mut seeded(7)), first);
        assert_ne!(random_solved_grid(&mut seeded(8)), first);
    }

    #[test]
    fn blanking_keeps_the_rest() {
        let grid = random_solved_grid(&mut seeded(1));
        let puzzle = blank_where(&grid, |row, _| row == 0);
        assert!(puzzle[0].iter().all(|&cell| cell == BLANK));
        assert_eq!(puzzle[1..], grid[1..]);
    }
}
