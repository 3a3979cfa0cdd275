//! The position the finders work on: the digits placed and the candidates
//! (pencil marks) left in every empty cell.

use super::deduction::Deduction;
use super::geometry::{bit, digits, sees, UNITS};
use sudoku37::puzzle::{Cells, Puzzle};

/// A position as the finders see it: the digits placed and the candidates
/// (pencil marks) left in every empty cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Candidates {
    values: [u8; 81],
    /// Candidates of each empty cell (bit `d - 1` for digit `d`); 0 for a
    /// filled cell.
    cands: [u16; 81],
}

impl Candidates {
    /// The position of a puzzle: its givens, and every digit no given rules
    /// out as a candidate.
    pub fn new(puzzle: &Puzzle) -> Candidates {
        let mut candidates = Candidates {
            values: [0; 81],
            cands: [0x1ff; 81],
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                candidates.place(cell, digit);
            }
        }
        candidates
    }

    /// A position from its placed digits and the candidate digits of each
    /// empty cell (for worked examples and tests). Candidates of filled cells
    /// are ignored.
    pub fn from_masks(values: Cells, masks: [u16; 81]) -> Candidates {
        let mut cands = masks;
        for cell in 0..81 {
            if values[cell] != 0 {
                cands[cell] = 0;
            }
        }
        Candidates { values, cands }
    }

    /// The digit in a cell, 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidate mask of a cell (0 for a filled cell).
    pub fn mask(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// The placed digits, 0 for empty cells.
    pub fn values(&self) -> Cells {
        self.values
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & bit(digit) != 0
    }

    pub(super) fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for other in 0..81 {
            if sees(cell, other) {
                self.cands[other] &= !bit(digit);
            }
        }
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&digit| digit != 0)
    }

    /// Whether the position is impossible: an empty cell without candidates,
    /// or a digit with no place left in some unit.
    pub fn is_broken(&self) -> bool {
        if (0..81).any(|cell| self.values[cell] == 0 && self.cands[cell] == 0) {
            return true;
        }
        UNITS.iter().any(|unit| {
            let mut seen = 0u16;
            for &cell in unit {
                seen |= self.cands[cell];
                if self.values[cell] != 0 {
                    seen |= bit(self.values[cell]);
                }
            }
            seen != 0x1ff
        })
    }

    /// The positions (0-8 within the unit) of `digit`'s candidates in a unit.
    pub(crate) fn places(&self, unit: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (k, &cell) in UNITS[unit].iter().enumerate() {
            if self.has(cell, digit) {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// Applies a deduction's placements and eliminations; false if one of them
    /// does not fit the position (a contradiction).
    pub(super) fn apply(&mut self, deduction: &Deduction) -> bool {
        for &(cell, digit) in &deduction.removed {
            self.cands[cell] &= !bit(digit);
        }
        for &(cell, digit) in &deduction.placed {
            if self.values[cell] != 0 || !self.has(cell, digit) {
                return false;
            }
            self.place(cell, digit);
        }
        true
    }

    /// The position drawn like [`sudoku37::board::format_grid`], each empty
    /// cell showing its candidates.
    pub fn candidate_grid(&self) -> String {
        let cell_text = |cell: usize| -> String {
            match self.values[cell] {
                0 => digits(self.cands[cell])
                    .map(|digit| char::from(b'0' + digit))
                    .collect(),
                digit => digit.to_string(),
            }
        };
        let widths: Vec<usize> = (0..9)
            .map(|column| {
                (0..9)
                    .map(|row| cell_text(row * 9 + column).len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let mut rule = String::from("+");
        for stack in 0..3 {
            let width: usize = (0..3).map(|k| widths[stack * 3 + k] + 1).sum::<usize>() + 1;
            rule.push_str(&"-".repeat(width));
            rule.push('+');
        }
        let mut text = String::new();
        for row in 0..9 {
            if row % 3 == 0 {
                text.push_str(&rule);
                text.push('\n');
            }
            for column in 0..9 {
                if column % 3 == 0 {
                    text.push_str("| ");
                }
                let cell = cell_text(row * 9 + column);
                text.push_str(&format!("{cell:<width$} ", width = widths[column]));
            }
            text.push_str("|\n");
        }
        text.push_str(&rule);
        text.push('\n');
        text
    }
}
