//! Subsets: k cells of a unit holding only k digits between them (naked),
//! or k digits of a unit fitting only in k cells (hidden); locked pairs and
//! triples are naked subsets that lie in a box and a line at once.

use std::collections::BTreeSet;

use super::{combinations, digit_list, empties, lines_through};
use crate::logic::deduction::candidates_in;
use crate::logic::geometry::{bit, cell_list, digits, Unit, BOX, UNITS};
use crate::logic::{Candidates, Deduction, Technique};
use sudoku37::grid::UNITS_BOXES_FIRST;

/// Locked pairs: two cells of a box and a line holding only two digits.
pub(crate) fn locked_pairs(candidates: &Candidates) -> Vec<Deduction> {
    naked_subsets(candidates, Technique::LockedPair, 2, true)
}

/// Locked triples: three cells of a box and a line holding only three digits.
pub(crate) fn locked_triples(candidates: &Candidates) -> Vec<Deduction> {
    naked_subsets(candidates, Technique::LockedTriple, 3, true)
}

/// Naked pairs: two cells of a unit holding only two digits.
pub(crate) fn naked_pairs(candidates: &Candidates) -> Vec<Deduction> {
    naked_subsets(candidates, Technique::NakedPair, 2, false)
}

/// Naked triples: three cells of a unit holding only three digits.
pub(crate) fn naked_triples(candidates: &Candidates) -> Vec<Deduction> {
    naked_subsets(candidates, Technique::NakedTriple, 3, false)
}

/// Naked quads: four cells of a unit holding only four digits.
pub(crate) fn naked_quads(candidates: &Candidates) -> Vec<Deduction> {
    naked_subsets(candidates, Technique::NakedQuad, 4, false)
}

/// Hidden pairs: two digits of a unit fitting only in two cells.
pub(crate) fn hidden_pairs(candidates: &Candidates) -> Vec<Deduction> {
    hidden_subsets(candidates, Technique::HiddenPair, 2)
}

/// Hidden triples: three digits of a unit fitting only in three cells.
pub(crate) fn hidden_triples(candidates: &Candidates) -> Vec<Deduction> {
    hidden_subsets(candidates, Technique::HiddenTriple, 3)
}

/// Hidden quads: four digits of a unit fitting only in four cells.
pub(crate) fn hidden_quads(candidates: &Candidates) -> Vec<Deduction> {
    hidden_subsets(candidates, Technique::HiddenQuad, 4)
}

/// Naked subsets: k cells of a unit whose candidates together are k digits;
/// the rest of the unit loses those digits. `locked` keeps only the subsets
/// of two or three cells that lie in one box and one line (locked pairs and
/// triples), which clear both units; otherwise every naked subset counts,
/// clearing the unit it was found in. Its deductions are `technique`'s.
fn naked_subsets(
    candidates: &Candidates,
    technique: Technique,
    k: usize,
    locked: bool,
) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let mut seen = BTreeSet::new();
    for unit in UNITS_BOXES_FIRST {
        let empty: Vec<usize> = empties(candidates, unit)
            .into_iter()
            .filter(|&cell| candidates.mask(cell).count_ones() as usize <= k)
            .collect();
        for cells in combinations(&empty, k) {
            let mask = cells
                .iter()
                .fold(0u16, |mask, &cell| mask | candidates.mask(cell));
            if mask.count_ones() as usize != k {
                continue;
            }
            let in_box_and_line = cells.iter().all(|&cell| BOX[cell] == BOX[cells[0]])
                && !lines_through(&cells).is_empty();
            let clears: Vec<usize> = if locked {
                if !in_box_and_line {
                    continue;
                }
                let mut units = lines_through(&cells);
                units.push(18 + BOX[cells[0]]);
                units
            } else {
                vec![unit]
            };
            if !seen.insert((cells.clone(), clears.clone())) {
                continue;
            }
            let mut removed = Vec::new();
            for &clear in &clears {
                for &cell in &UNITS[clear] {
                    if cells.contains(&cell) {
                        continue;
                    }
                    for digit in digits(candidates.mask(cell) & mask) {
                        if !removed.contains(&(cell, digit)) {
                            removed.push((cell, digit));
                        }
                    }
                }
            }
            if !removed.is_empty() {
                let why = format!(
                    "{}: {} in {} ({}),",
                    technique.title(),
                    digit_list(mask),
                    cell_list(cells.iter().copied()),
                    clears
                        .iter()
                        .map(|&unit| Unit::of_index(unit).to_string())
                        .collect::<Vec<_>>()
                        .join(" and ")
                );
                deductions.push(
                    Deduction::removing(technique, removed, why)
                        .with_pattern(candidates_in(candidates, &cells, mask))
                        .in_units(clears),
                );
            }
        }
    }
    deductions
}

/// Hidden subsets: k digits that, within a unit, fit only in the same k
/// cells; those cells lose every other candidate. Its deductions are
/// `technique`'s.
fn hidden_subsets(candidates: &Candidates, technique: Technique, k: usize) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let mut seen = BTreeSet::new();
    for unit in UNITS_BOXES_FIRST {
        let open: Vec<usize> = (1..=9usize)
            .filter(|&digit| {
                let count = candidates.places(unit, digit as u8).count_ones() as usize;
                (1..=k).contains(&count)
            })
            .collect();
        for chosen in combinations(&open, k) {
            let places = chosen.iter().fold(0u16, |mask, &digit| {
                mask | candidates.places(unit, digit as u8)
            });
            if places.count_ones() as usize != k {
                continue;
            }
            let mask = chosen
                .iter()
                .fold(0u16, |mask, &digit| mask | bit(digit as u8));
            let cells: Vec<usize> = (0..9)
                .filter(|&k| places & (1 << k) != 0)
                .map(|k| UNITS[unit][k])
                .collect();
            if !seen.insert(cells.clone()) {
                continue;
            }
            let removed: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&cell| digits(candidates.mask(cell) & !mask).map(move |d| (cell, d)))
                .collect();
            if !removed.is_empty() {
                let why = format!(
                    "{}: {} in {} only in {},",
                    technique.title(),
                    digit_list(mask),
                    Unit::of_index(unit),
                    cell_list(cells.iter().copied())
                );
                deductions.push(
                    Deduction::removing(technique, removed, why)
                        .with_pattern(candidates_in(candidates, &cells, mask))
                        .in_units([unit]),
                );
            }
        }
    }
    deductions
}
