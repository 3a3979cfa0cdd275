// sudoku37 practice: propagation (a mutant: the search solves its copy, and the copy is never written back)
// expect: solved_a_copy
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let Some(givens) = Grid::from_board(board) else {
            // Clashing givens or a malformed board: there is nothing to solve.
            return;
        };
        // The search works on a copy; `givens` keeps the state before it.
        let mut grid = givens;
        if grid.search(1) == 0 {
            // No solution: the board stays as given.
            return;
        }
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
            trace_place(cell / 9, cell % 9, char::from(b'0' + digit));
            found += attempt.search(limit - found);
            if found == limit {
                *self = attempt;
                return found;
            }
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
                trace_place(cell / 9, cell % 9, char::from(b'0' + digit));
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
                trace_place(cell / 9, cell % 9, char::from(b'0' + digit));
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

