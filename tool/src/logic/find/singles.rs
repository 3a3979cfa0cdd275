//! Singles: a digit that has one place left, in a unit (full house, hidden
//! single) or in a cell (naked single).

use super::{empties, only_digit};
use crate::logic::geometry::{cell_name, Unit, BOX, COL, ROW, UNITS};
use crate::logic::{Candidates, Deduction, Technique};
use sudoku37::grid::UNITS_BOXES_FIRST;

pub(crate) fn full_houses(candidates: &Candidates) -> Vec<Deduction> {
    let mut done = [false; 81];
    let mut deductions = Vec::new();
    for unit in UNITS_BOXES_FIRST {
        let empty = empties(candidates, unit);
        if let [cell] = empty[..] {
            if let (false, Some(digit)) = (done[cell], only_digit(candidates.mask(cell))) {
                done[cell] = true;
                let text = format!(
                    "full house: {digit} in {} -> {}",
                    Unit::of_index(unit),
                    cell_name(cell)
                );
                deductions.push(
                    Deduction::placing(Technique::FullHouse, cell, digit, text)
                        .with_pattern([(cell, digit)])
                        .in_units([unit]),
                );
            }
        }
    }
    deductions
}

pub(crate) fn naked_singles(candidates: &Candidates) -> Vec<Deduction> {
    (0..81)
        .filter(|&cell| candidates.value(cell) == 0)
        .filter_map(|cell| {
            let digit = only_digit(candidates.mask(cell))?;
            let text = format!(
                "naked single: {digit} -> {} (its only candidate)",
                cell_name(cell)
            );
            Some(
                Deduction::placing(Technique::NakedSingle, cell, digit, text)
                    .with_pattern([(cell, digit)])
                    .in_units([ROW[cell], 9 + COL[cell], 18 + BOX[cell]]),
            )
        })
        .collect()
}

pub(crate) fn hidden_singles(candidates: &Candidates) -> Vec<Deduction> {
    let mut done = [false; 81];
    let mut deductions = Vec::new();
    for unit in UNITS_BOXES_FIRST {
        for digit in 1..=9 {
            let places = candidates.places(unit, digit);
            if places.count_ones() != 1 {
                continue;
            }
            let cell = UNITS[unit][places.trailing_zeros() as usize];
            if done[cell] {
                continue;
            }
            done[cell] = true;
            let text = format!(
                "hidden single: {digit} in {} -> {}",
                Unit::of_index(unit),
                cell_name(cell)
            );
            deductions.push(
                Deduction::placing(Technique::HiddenSingle, cell, digit, text)
                    .with_pattern([(cell, digit)])
                    .in_units([unit]),
            );
        }
    }
    deductions
}
