//! # `propagation`: candidate masks, naked and hidden singles to a fixpoint, then guess
//!
//! **Idea.** Let the rules of the puzzle fill in what they force before
//! guessing anything. Every cell keeps the set of digits it may still take.
//! Two rules are applied over and over until neither changes the grid:
//!
//! - a *naked single*: an empty cell with exactly one candidate gets it;
//! - a *hidden single*: a digit that has exactly one possible cell in some row,
//!   column or box goes into that cell, however many candidates the cell has.
//!
//! Filling a cell strikes its digit from its 20 peers, which may create new
//! singles, so one placement can set off a chain of them. A dead end shows up
//! as an empty cell with no candidate, or a digit that has no possible cell in
//! a unit that still lacks it. Only when the rules are stuck does the search
//! guess: on the empty cell with the fewest candidates, digits ascending, each
//! guess followed by the same propagation.
//!
//! **Source.** Peter Norvig, "Solving Every Sudoku Puzzle" (norvig.com/sudoku.html):
//! his two strategies, "if a square has only one possible value, then eliminate
//! that value from the square's peers" and "if a unit has only one possible place
//! for a value, then put the value there", followed by a depth-first search on
//! the square with the fewest possibilities that copies the whole state for
//! every guess. Not taken from any of the seed write-ups. Norvig propagates
//! eagerly, from inside every elimination, on strings in a dictionary; this
//! version keeps bit masks in arrays and sweeps all cells and units until a
//! sweep changes nothing, which reaches the same fixpoint.
//!
//! **State.** For each of the 81 cells (index `row * 9 + column`) a `u16`
//! candidate mask, bit `d - 1` for digit `d`, and the digit itself (`0` for
//! empty): 243 bytes, cheap enough to copy at every guess. A filled cell's mask
//! is its own digit's bit. Two tables are built at compile time: the 27 units
//! and the 20 peers of each cell.
//!
//! ```text
//! bit:    8 7 6 5 4 3 2 1 0
//! digit:  9 8 7 6 5 4 3 2 1      candidates[c] = 0b0_0100_0110  -> cell c may take 2, 3 or 7
//! ```
//!
//! **Complexity.** Still exponential in the worst case, and a few puzzles do
//! blow up (Norvig's `hard1`, which has many solutions, and his impossible
//! puzzle take millions of placements here as they took minutes there). On
//! published hard sets the tree is small: hundreds to a few thousand
//! placements per puzzle where branching on the tightest cell alone needs tens
//! of thousands. Each sweep costs 81 cell checks plus 27 units of 9 cells; a
//! placement touches 20 peers; a guess copies the 243-byte state.
//!
//! **Pitfalls.** A failed guess must take back everything that happened after
//! it, including the digits propagation forced: restoring only the guessed
//! cell would leave forced digits on a dead branch. Copying the state makes
//! that automatic. Within one unit, two digits may each have a single place
//! that is the *same* cell; after the first is filled the second has none, so
//! its cell is looked up again, and not finding it is a dead end. Counting
//! "seen once" in a unit must skip filled cells, or every placed digit would
//! look like a hidden single. Two clashing givens are caught when the second
//! is placed (its digit is no longer a candidate there); nothing is written to
//! the board until a solution is found, so a board without one stays as given.
//!
//! **Nodes** (see [`crate::probe`]): a digit written into an empty cell, whether
//! propagation forced it or the search guessed it. A failed guess reports every
//! cell its branch filled as undone, by comparing the dead-end state with the
//! state before the guess. When there is no solution at all, the digits the
//! first propagation forced are reported as undone too, so nodes minus undos is
//! always the number of digits left on the board.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let Some(givens) = Grid::from_board(board) else {
            // Clashing givens or a malformed board: there is nothing to solve.
            return;
        };
        // The search works on a copy; `givens` keeps the state before it.
        let mut grid = givens;
        if grid.search(1) == 0 {
            probe::clear_filled(&givens.cells, &grid.cells);
            // No solution: the board stays as given.
            return;
        }
        grid.write_to(board);
    }
}

/// Bits 0..=8 stand for the digits 1..=9.
const ALL_DIGITS: u16 = 0b1_1111_1111;
/// Nine rows, nine columns, nine boxes.
const UNIT_COUNT: usize = 27;
/// 8 other cells in a cell's row, 8 in its column, 4 more in its box.
const PEER_COUNT: usize = 20;

/// The cells of every unit: rows are units 0..9, columns 9..18, boxes 18..27.
static UNITS: [[usize; 9]; UNIT_COUNT] = build_units();
/// For every cell, the cells that may not hold the same digit.
static PEERS: [[usize; PEER_COUNT]; 81] = build_peers();

/// The whole search state, small enough to copy for every guess.
#[derive(Clone, Copy)]
struct Grid {
    /// The digits each cell may still take; a filled cell keeps only its own.
    candidates: [u16; 81],
    /// The digit in each cell, `0` when the cell is empty.
    cells: [u8; 81],
}

/// Propagation found that the current state cannot be completed.
struct DeadEnd;

/// The digit (1..=9) that a single-bit mask stands for.
fn digit_of(bit: u16) -> u8 {
    bit.trailing_zeros() as u8 + 1
}

impl Grid {
    /// The state with only the givens placed. Returns `None` when the board is
    /// not 9 rows of 9 `'1'..='9'` or `'.'`, or when two givens clash.
    fn from_board(board: &[Vec<char>]) -> Option<Grid> {
        if board.len() != 9 || board.iter().any(|line| line.len() != 9) {
            return None;
        }
        let mut grid = Grid {
            candidates: [ALL_DIGITS; 81],
            cells: [0; 81],
        };
        for (row, line) in board.iter().enumerate() {
            for (column, &symbol) in line.iter().enumerate() {
                if symbol == '.' {
                    continue;
                }
                let digit = symbol.to_digit(10).filter(|digit| *digit >= 1)? as u8;
                let cell = row * 9 + column;
                // A peer given with the same digit has already struck it here.
                if grid.candidates[cell] & (1 << (digit - 1)) == 0 {
                    return None;
                }
                grid.fill(cell, digit);
            }
        }
        Some(grid)
    }

    /// Copies the digits onto the board.
    fn write_to(&self, board: &mut [Vec<char>]) {
        for (row, line) in board.iter_mut().enumerate() {
            for (column, symbol) in line.iter_mut().enumerate() {
                *symbol = char::from(b'0' + self.cells[row * 9 + column]);
            }
        }
    }

    /// Writes `digit` into the empty `cell` and strikes it from the candidates
    /// of every empty peer.
    fn fill(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.cells[cell] = digit;
        self.candidates[cell] = bit;
        for &peer in &PEERS[cell] {
            // Filled peers keep their own bit: the unit checks read it.
            if self.cells[peer] == 0 {
                self.candidates[peer] &= !bit;
            }
        }
    }

    /// Searches from this state until `limit` solutions (at least 1) are
    /// found or the tree is exhausted, and returns how many it found. On
    /// reaching the limit `self` is the last solution found; otherwise it is
    /// left in a state the caller throws away (it still shows what was filled
    /// on the way). Solving is a search with limit 1.
    fn search(&mut self, limit: u64) -> u64 {
        if self.propagate().is_err() {
            return 0;
        }
        let Some(cell) = self.most_constrained_cell() else {
            return 1;
        };
        let mut found = 0;
        let mut options = self.candidates[cell];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options ^= bit;
            let digit = digit_of(bit);
            // Guess on a copy: if the guess fails, `self` is still the state
            // before it, with none of the digits the guess led to.
            let mut attempt = *self;
            attempt.fill(cell, digit);
            probe::place(cell / 9, cell % 9, char::from(b'0' + digit));
            found += attempt.search(limit - found);
            if found == limit {
                *self = attempt;
                return found;
            }
            probe::clear_filled(&self.cells, &attempt.cells);
        }
        found
    }

    /// Applies naked and hidden singles until a full sweep of both fills no
    /// cell. Fails as soon as the state is seen to have no completion.
    fn propagate(&mut self) -> Result<(), DeadEnd> {
        loop {
            let filled_naked = self.fill_naked_singles()?;
            let filled_hidden = self.fill_hidden_singles()?;
            if !filled_naked && !filled_hidden {
                return Ok(());
            }
        }
    }

    /// Fills every empty cell that has exactly one candidate. Returns whether
    /// it filled any; fails on an empty cell with no candidate.
    fn fill_naked_singles(&mut self) -> Result<bool, DeadEnd> {
        let mut filled_any = false;
        for cell in 0..81 {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates[cell];
            if candidates == 0 {
                return Err(DeadEnd);
            }
            if candidates.count_ones() == 1 {
                let digit = digit_of(candidates);
                self.fill(cell, digit);
                probe::place(cell / 9, cell % 9, char::from(b'0' + digit));
                filled_any = true;
            }
        }
        Ok(filled_any)
    }

    /// In every unit, puts each digit that has exactly one possible cell into
    /// that cell. Returns whether it filled any; fails when a digit the unit
    /// still lacks has no possible cell.
    fn fill_hidden_singles(&mut self) -> Result<bool, DeadEnd> {
        let mut filled_any = false;
        for unit in &UNITS {
            let mut placed = 0;
            // Digits that are a candidate in at least one, and in at least
            // two, of the unit's empty cells.
            let mut seen_once = 0;
            let mut seen_twice = 0;
            for &cell in unit {
                if self.cells[cell] != 0 {
                    placed |= self.candidates[cell];
                } else {
                    seen_twice |= seen_once & self.candidates[cell];
                    seen_once |= self.candidates[cell];
                }
            }
            if placed | seen_once != ALL_DIGITS {
                return Err(DeadEnd);
            }
            let mut singles = seen_once & !seen_twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // Look the cell up now: an earlier single of this unit may have
                // taken it, and then this digit has no place left.
                let Some(&cell) = unit
                    .iter()
                    .find(|&&cell| self.cells[cell] == 0 && self.candidates[cell] & bit != 0)
                else {
                    return Err(DeadEnd);
                };
                let digit = digit_of(bit);
                self.fill(cell, digit);
                probe::place(cell / 9, cell % 9, char::from(b'0' + digit));
                filled_any = true;
            }
        }
        Ok(filled_any)
    }

    /// The empty cell with the fewest candidates, the first in reading order
    /// on a tie; `None` when every cell is filled.
    fn most_constrained_cell(&self) -> Option<usize> {
        // `min_by_key` keeps the first of equal minima.
        (0..81)
            .filter(|&cell| self.cells[cell] == 0)
            .min_by_key(|&cell| self.candidates[cell].count_ones())
    }
}

const fn build_units() -> [[usize; 9]; UNIT_COUNT] {
    let mut units = [[0; 9]; UNIT_COUNT];
    let mut unit = 0;
    while unit < 9 {
        let mut position = 0;
        while position < 9 {
            units[unit][position] = unit * 9 + position;
            units[9 + unit][position] = position * 9 + unit;
            // Box `unit` starts at row `unit / 3 * 3`, column `unit % 3 * 3`.
            let row = unit / 3 * 3 + position / 3;
            let column = unit % 3 * 3 + position % 3;
            units[18 + unit][position] = row * 9 + column;
            position += 1;
        }
        unit += 1;
    }
    units
}

const fn build_peers() -> [[usize; PEER_COUNT]; 81] {
    let mut peers = [[0; PEER_COUNT]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut found = 0;
        let mut other = 0;
        while other < 81 {
            let same_row = other / 9 == cell / 9;
            let same_column = other % 9 == cell % 9;
            // `/ 27` is the band of three rows, `% 9 / 3` the stack of three columns.
            let same_box = other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3;
            if other != cell && (same_row || same_column || same_box) {
                peers[cell][found] = other;
                found += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

// submission codes end

/// Counts the solutions of `board`, stopping once `limit` are found: the same
/// search as [`Solution::solve_sudoku`], with a higher limit. Clashing givens
/// or a malformed board count as no solution. The tests use it as a second
/// counter, independent of [`crate::Puzzle::count_solutions`].
pub fn count_solutions(board: &[Vec<char>], limit: u64) -> u64 {
    match Grid::from_board(board) {
        Some(mut grid) if limit > 0 => grid.search(limit),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::parse_line;

    #[test]
    fn a_hidden_single_is_filled_although_its_cell_has_nine_candidates() {
        // Four 1s, none of them a peer of the top-left cell: rows 2 and 3 and
        // columns 2 and 3 shut 1 out of the rest of the top-left box.
        let mut puzzle = vec!['.'; 81];
        for cell in [13, 25, 37, 65] {
            puzzle[cell] = '1';
        }
        let board: Vec<Vec<char>> = puzzle.chunks(9).map(|row| row.to_vec()).collect();
        let mut grid = Grid::from_board(&board).expect("the givens do not clash");
        assert_eq!(grid.candidates[0], ALL_DIGITS);
        assert!(grid.propagate().is_ok());
        assert_eq!(grid.cells[0], 1);
    }

    /// "Two hidden singles, one cell": in the top row, 4 and 7 both have the
    /// top-left cell as their only place. Looking the cell up again before
    /// each fill makes the second a dead end; looked up once, before any
    /// fill, both would go into that cell, the second over the first.
    #[test]
    fn two_hidden_singles_in_one_cell_are_a_dead_end() {
        let (four, seven) = (1 << 3, 1 << 6);
        let mut grid = Grid {
            candidates: [ALL_DIGITS; 81],
            cells: [0; 81],
        };
        for cell in 1..9 {
            grid.candidates[cell] &= !(four | seven);
        }
        // Looked up once, before any fill: the same cell for both.
        let places: Vec<usize> = [four, seven]
            .iter()
            .map(|&bit| {
                (0..9)
                    .find(|&cell| grid.candidates[cell] & bit != 0)
                    .unwrap()
            })
            .collect();
        assert_eq!(places, [0, 0]);
        assert!(
            grid.fill_hidden_singles().is_err(),
            "the second digit has no place"
        );
        assert_eq!(grid.cells[0], 4, "the first one stays, not overwritten");
    }

    #[test]
    fn boards_without_a_solution_stay_as_given() {
        for line in [
            // Two 5s in the top row.
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            // No clash, but the top row needs its 9 in the last column, which
            // already has one.
            "12345678.........9...............................................................",
        ] {
            let mut board = parse_line(line).unwrap();
            Solution::solve_sudoku(&mut board);
            assert_eq!(board, parse_line(line).unwrap());
            assert_eq!(count_solutions(&board, 2), 0);
        }
    }
}
