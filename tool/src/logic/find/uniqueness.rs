//! Uniqueness: patterns that would give the puzzle a second solution (BUG+1,
//! Unique Rectangle). Their reasoning holds only for a puzzle with exactly
//! one solution, so the solver uses them only then.

use super::digit_list;
use crate::logic::deduction::candidates_in;
use crate::logic::geometry::{cell_list, cell_name, digits, ROW};
use crate::logic::{Candidates, Deduction, Technique};

/// BUG+1: every empty cell but one has two candidates, and that one has
/// three. Were it either of the two digits that appear twice in its row, the
/// grid would be a "bivalue universal grave", which has two solutions; so it
/// is the digit that appears three times (relies on a unique solution).
pub(crate) fn bug_plus_one(candidates: &Candidates) -> Vec<Deduction> {
    let empty: Vec<usize> = (0..81)
        .filter(|&cell| candidates.value(cell) == 0)
        .collect();
    let odd: Vec<usize> = empty
        .iter()
        .copied()
        .filter(|&cell| candidates.mask(cell).count_ones() != 2)
        .collect();
    let [cell] = odd[..] else { return Vec::new() };
    if candidates.mask(cell).count_ones() != 3 {
        return Vec::new();
    }
    for digit in digits(candidates.mask(cell)) {
        if candidates.places(ROW[cell], digit).count_ones() == 3 {
            let text = format!(
                "BUG+1: every other empty cell has two candidates; {digit} -> {} (it appears three times in row {})",
                cell_name(cell),
                ROW[cell] + 1
            );
            return vec![Deduction::placing(Technique::BugPlusOne, cell, digit, text)
                .with_pattern(candidates_in(candidates, &[cell], 0x1ff))
                .in_units([ROW[cell]])];
        }
    }
    Vec::new()
}

/// Unique Rectangle, type 1: four cells at the corners of a rectangle over
/// two boxes, three of them holding only a and b; were the fourth a or b
/// too, a and b could be swapped and the puzzle would have two solutions, so
/// it loses both (relies on a unique solution).
pub(crate) fn unique_rectangles(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue; // not exactly two boxes
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    if corners.iter().any(|&cell| candidates.value(cell) != 0) {
                        continue;
                    }
                    for &odd in &corners {
                        let others: Vec<usize> = corners
                            .iter()
                            .copied()
                            .filter(|&cell| cell != odd)
                            .collect();
                        let pair = candidates.mask(others[0]);
                        if pair.count_ones() != 2
                            || others.iter().any(|&cell| candidates.mask(cell) != pair)
                            || candidates.mask(odd) & pair != pair
                            || candidates.mask(odd) == pair
                        {
                            continue;
                        }
                        let removed: Vec<(usize, u8)> = digits(pair).map(|d| (odd, d)).collect();
                        let why = format!(
                            "Unique Rectangle (type 1): {} hold only {}, so {}",
                            cell_list(others.iter().copied()),
                            digit_list(pair),
                            cell_name(odd)
                        );
                        deductions.push(
                            Deduction::removing(Technique::UniqueRectangle, removed, why)
                                .with_pattern(candidates_in(candidates, &others, pair)),
                        );
                    }
                }
            }
        }
    }
    deductions
}
