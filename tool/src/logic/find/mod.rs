//! The finders, one file per family of techniques: each finder returns every
//! instance of its technique in a position that removes or places
//! something, as deductions. [`crate::logic::TECHNIQUES`] says which finder is
//! which technique's; this file holds the helpers the families share.

pub(super) mod chains;
pub(super) mod coloring;
pub(super) mod fish;
pub(super) mod guess;
pub(super) mod intersections;
pub(super) mod single_digit;
pub(super) mod singles;
pub(super) mod subsets;
pub(super) mod uniqueness;
pub(super) mod wings;

use crate::logic::geometry::{digits, sees, COL, ROW, UNITS};
use crate::logic::Candidates;

/// The empty cells of a unit, in its order.
fn empties(candidates: &Candidates, unit: usize) -> Vec<usize> {
    UNITS[unit]
        .iter()
        .copied()
        .filter(|&cell| candidates.value(cell) == 0)
        .collect()
}

/// The digit of a mask that holds exactly one.
fn only_digit(mask: u16) -> Option<u8> {
    (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8 + 1)
}

/// The row and column units all of `cells` share.
fn lines_through(cells: &[usize]) -> Vec<usize> {
    let mut lines = Vec::new();
    if cells.iter().all(|&cell| ROW[cell] == ROW[cells[0]]) {
        lines.push(ROW[cells[0]]);
    }
    if cells.iter().all(|&cell| COL[cell] == COL[cells[0]]) {
        lines.push(9 + COL[cells[0]]);
    }
    lines
}

/// Every k-element subset of `items`, in lexicographic order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn walk(
        items: &[usize],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for index in start..items.len() {
            if items.len() - index < k - chosen.len() {
                break;
            }
            chosen.push(items[index]);
            walk(items, k, index + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    walk(items, k, 0, &mut Vec::new(), &mut out);
    out
}

/// The digits of a mask written together: `36`.
fn digit_list(mask: u16) -> String {
    digits(mask)
        .map(|digit| digit.to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// Conjugate pairs of a digit: units where it has exactly two places, as
/// (unit, first cell, second cell).
fn conjugate_pairs(
    candidates: &Candidates,
    digit: u8,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    units
        .filter_map(|unit| {
            let places = candidates.places(unit, digit);
            if places.count_ones() != 2 {
                return None;
            }
            let first = places.trailing_zeros() as usize;
            let second = 15 - places.leading_zeros() as usize;
            Some((unit, UNITS[unit][first], UNITS[unit][second]))
        })
        .collect()
}

/// Cells other than `excluded` that see both `a` and `b` and hold `digit`.
fn seeing_both(
    candidates: &Candidates,
    a: usize,
    b: usize,
    digit: u8,
    excluded: &[usize],
) -> Vec<(usize, u8)> {
    (0..81)
        .filter(|&cell| {
            !excluded.contains(&cell)
                && candidates.has(cell, digit)
                && sees(cell, a)
                && sees(cell, b)
        })
        .map(|cell| (cell, digit))
        .collect()
}
