//! Single-digit patterns: two strong links of one digit joined so that their
//! far ends cannot both be false (Skyscraper, 2-String Kite, Turbot Fish),
//! and the Empty Rectangle, a box's cross joined to a strong link.

use std::collections::BTreeSet;

use super::{conjugate_pairs, lines_through, seeing_both};
use crate::logic::deduction::with_digit;
use crate::logic::geometry::{cell_name, sees, Unit, BOX, COL, ROW, UNITS};
use crate::logic::{Candidates, Deduction, Technique};

/// Skyscraper: two rows (or columns) where a digit has two places each, one
/// end of each in the same column (row); the other two ends cannot both be
/// false, so cells seeing both lose the digit.
pub(crate) fn skyscrapers(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for digit in 1..=9u8 {
        for (lines, across) in [(0..9, &COL), (9..18, &ROW)] {
            let pairs = conjugate_pairs(candidates, digit, lines);
            for (i, &(unit_a, a1, a2)) in pairs.iter().enumerate() {
                for &(unit_b, b1, b2) in &pairs[i + 1..] {
                    for (base_a, top_a) in [(a1, a2), (a2, a1)] {
                        for (base_b, top_b) in [(b1, b2), (b2, b1)] {
                            if across[base_a] != across[base_b] || across[top_a] == across[top_b] {
                                continue;
                            }
                            let removed =
                                seeing_both(candidates, top_a, top_b, digit, &[a1, a2, b1, b2]);
                            if !removed.is_empty() {
                                let why = format!(
                                    "Skyscraper: {digit} in {} and {}, joined at {} and {},",
                                    Unit::of_index(unit_a),
                                    Unit::of_index(unit_b),
                                    cell_name(base_a),
                                    cell_name(base_b)
                                );
                                deductions.push(
                                    Deduction::removing(Technique::Skyscraper, removed, why)
                                        .with_pattern(with_digit(&[a1, a2, b1, b2], digit))
                                        .in_units([unit_a, unit_b]),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    deductions
}

/// 2-String Kite: a row pair and a column pair of a digit with one end of
/// each in the same box; the far ends cannot both be false.
pub(crate) fn two_string_kites(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for digit in 1..=9u8 {
        let rows = conjugate_pairs(candidates, digit, 0..9);
        let columns = conjugate_pairs(candidates, digit, 9..18);
        for &(row, r1, r2) in &rows {
            for &(column, c1, c2) in &columns {
                for (near_r, far_r) in [(r1, r2), (r2, r1)] {
                    for (near_c, far_c) in [(c1, c2), (c2, c1)] {
                        let cells = [near_r, far_r, near_c, far_c];
                        let distinct = (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]));
                        if !distinct || BOX[near_r] != BOX[near_c] || BOX[far_r] == BOX[far_c] {
                            continue;
                        }
                        let removed = seeing_both(candidates, far_r, far_c, digit, &cells);
                        if !removed.is_empty() {
                            let why = format!(
                                "2-String Kite: {digit} in {} and {}, joined in box {},",
                                Unit::of_index(row),
                                Unit::of_index(column),
                                BOX[near_r] + 1
                            );
                            deductions.push(
                                Deduction::removing(Technique::TwoStringKite, removed, why)
                                    .with_pattern(with_digit(&cells, digit))
                                    .in_units([row, column]),
                            );
                        }
                    }
                }
            }
        }
    }
    deductions
}

/// Turbot Fish: two strong links on a digit, in any units, with an end of
/// one seeing an end of the other; the far ends cannot both be false.
pub(crate) fn turbot_fish(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let mut seen = BTreeSet::new();
    for digit in 1..=9u8 {
        let pairs = conjugate_pairs(candidates, digit, 0..27);
        for (i, &(unit_a, a1, a2)) in pairs.iter().enumerate() {
            for &(unit_b, b1, b2) in &pairs[i + 1..] {
                for (near_a, far_a) in [(a1, a2), (a2, a1)] {
                    for (near_b, far_b) in [(b1, b2), (b2, b1)] {
                        let cells = [near_a, far_a, near_b, far_b];
                        let distinct = (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]));
                        if !distinct || !sees(near_a, near_b) {
                            continue;
                        }
                        let ends = (digit, far_a.min(far_b), far_a.max(far_b));
                        let removed = seeing_both(candidates, far_a, far_b, digit, &cells);
                        if removed.is_empty() || !seen.insert(ends) {
                            continue;
                        }
                        let why = format!(
                            "Turbot Fish: {digit} in {} and {}: (){} = {} - {} = {},",
                            Unit::of_index(unit_a),
                            Unit::of_index(unit_b),
                            cell_name(far_a),
                            cell_name(near_a),
                            cell_name(near_b),
                            cell_name(far_b)
                        )
                        .replace("()", "");
                        deductions.push(
                            Deduction::removing(Technique::TurbotFish, removed, why)
                                .with_pattern(with_digit(&cells, digit))
                                .in_units([unit_a, unit_b]),
                        );
                    }
                }
            }
        }
    }
    deductions
}

/// Empty Rectangle: a digit's candidates in a box lie in one row and one
/// column of it (a cross), and a strong link in a line outside the box has
/// one end on the cross's row (or column); the cell where the other end's
/// line meets the cross's column (row) loses the digit.
pub(crate) fn empty_rectangles(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for block in 0..9 {
        let (band, stack) = (block / 3, block % 3);
        for digit in 1..=9u8 {
            let cells: Vec<usize> = UNITS[18 + block]
                .iter()
                .copied()
                .filter(|&cell| candidates.has(cell, digit))
                .collect();
            if cells.len() < 2 || !lines_through(&cells).is_empty() {
                continue;
            }
            for row in band * 3..band * 3 + 3 {
                for column in stack * 3..stack * 3 + 3 {
                    if !cells
                        .iter()
                        .all(|&cell| ROW[cell] == row || COL[cell] == column)
                    {
                        continue;
                    }
                    // A strong link in a column outside the stack, one end on the row.
                    for (unit, p, q) in conjugate_pairs(candidates, digit, 9..18) {
                        for (on, off) in [(p, q), (q, p)] {
                            if COL[on] / 3 == stack || ROW[on] != row || ROW[off] / 3 == band {
                                continue;
                            }
                            let target = ROW[off] * 9 + column;
                            if candidates.has(target, digit) {
                                let why = format!(
                                    "Empty Rectangle: {digit} in box {} (row {}, column {}) with {} ({} = {}),",
                                    block + 1, row + 1, column + 1,
                                    Unit::of_index(unit), cell_name(on), cell_name(off)
                                );
                                let mut pattern = with_digit(&cells, digit);
                                pattern.extend(with_digit(&[on, off], digit));
                                deductions.push(
                                    Deduction::removing(
                                        Technique::EmptyRectangle,
                                        vec![(target, digit)],
                                        why,
                                    )
                                    .with_pattern(pattern)
                                    .in_units([18 + block, unit]),
                                );
                            }
                        }
                    }
                    // A strong link in a row outside the band, one end on the column.
                    for (unit, p, q) in conjugate_pairs(candidates, digit, 0..9) {
                        for (on, off) in [(p, q), (q, p)] {
                            if ROW[on] / 3 == band || COL[on] != column || COL[off] / 3 == stack {
                                continue;
                            }
                            let target = row * 9 + COL[off];
                            if candidates.has(target, digit) {
                                let why = format!(
                                    "Empty Rectangle: {digit} in box {} (row {}, column {}) with {} ({} = {}),",
                                    block + 1, row + 1, column + 1,
                                    Unit::of_index(unit), cell_name(on), cell_name(off)
                                );
                                let mut pattern = with_digit(&cells, digit);
                                pattern.extend(with_digit(&[on, off], digit));
                                deductions.push(
                                    Deduction::removing(
                                        Technique::EmptyRectangle,
                                        vec![(target, digit)],
                                        why,
                                    )
                                    .with_pattern(pattern)
                                    .in_units([18 + block, unit]),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    deductions
}
