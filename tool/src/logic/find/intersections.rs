//! Intersections (locked candidates): where a box meets a row or column, a
//! digit confined to the meeting cells in one unit leaves the other.

use super::lines_through;
use crate::logic::deduction::with_digit;
use crate::logic::geometry::{Unit, BOX, UNITS};
use crate::logic::{Candidates, Deduction, Technique};

/// Pointing: a digit's candidates in a box all lie in one row or column, so
/// the rest of that line loses it.
pub(crate) fn pointing(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for block in 18..27 {
        for digit in 1..=9 {
            let cells: Vec<usize> = UNITS[block]
                .iter()
                .copied()
                .filter(|&cell| candidates.has(cell, digit))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for line in lines_through(&cells) {
                let removed: Vec<(usize, u8)> = UNITS[line]
                    .iter()
                    .copied()
                    .filter(|&cell| BOX[cell] != block - 18 && candidates.has(cell, digit))
                    .map(|cell| (cell, digit))
                    .collect();
                if !removed.is_empty() {
                    let why = format!(
                        "locked candidates (pointing): {digit} in {} lies in {},",
                        Unit::of_index(block),
                        Unit::of_index(line)
                    );
                    deductions.push(
                        Deduction::removing(Technique::Pointing, removed, why)
                            .with_pattern(with_digit(&cells, digit))
                            .in_units([block, line]),
                    );
                }
            }
        }
    }
    deductions
}

/// Claiming: a digit's candidates in a row or column all lie in one box, so
/// the rest of that box loses it.
pub(crate) fn claiming(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for line in 0..18 {
        for digit in 1..=9 {
            let cells: Vec<usize> = UNITS[line]
                .iter()
                .copied()
                .filter(|&cell| candidates.has(cell, digit))
                .collect();
            if cells.len() < 2 || cells.iter().any(|&cell| BOX[cell] != BOX[cells[0]]) {
                continue;
            }
            let block = 18 + BOX[cells[0]];
            let removed: Vec<(usize, u8)> = UNITS[block]
                .iter()
                .copied()
                .filter(|&cell| !UNITS[line].contains(&cell) && candidates.has(cell, digit))
                .map(|cell| (cell, digit))
                .collect();
            if !removed.is_empty() {
                let why = format!(
                    "locked candidates (claiming): {digit} in {} lies in {},",
                    Unit::of_index(line),
                    Unit::of_index(block)
                );
                deductions.push(
                    Deduction::removing(Technique::Claiming, removed, why)
                        .with_pattern(with_digit(&cells, digit))
                        .in_units([line, block]),
                );
            }
        }
    }
    deductions
}
