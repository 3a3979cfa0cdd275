//! Wings: two bivalue cells that, through a pivot cell (XY-Wing, XYZ-Wing) or
//! a strong link (W-Wing), cannot both miss a digit.

use super::{conjugate_pairs, digit_list, only_digit, seeing_both};
use crate::logic::deduction::{candidates_in, with_digit};
use crate::logic::geometry::{bit, cell_name, digits, sees, Unit};
use crate::logic::{Candidates, Deduction, Technique};

/// W-Wing: two cells with the same two candidates x, y, and a strong link on
/// x whose ends see one cell each: one of the two cells is y.
pub(crate) fn w_wings(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let cells = bivalue_cells(candidates);
    let mut pairs = Vec::new();
    for digit in 1..=9u8 {
        pairs.extend(
            conjugate_pairs(candidates, digit, 0..27)
                .into_iter()
                .map(|(unit, a, b)| (digit, unit, a, b)),
        );
    }
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let mask = candidates.mask(a);
            if candidates.mask(b) != mask || sees(a, b) {
                continue;
            }
            for &(x, unit, end1, end2) in &pairs {
                if mask & bit(x) == 0 {
                    continue;
                }
                let y = digits(mask & !bit(x)).next().unwrap_or(x);
                for (near_a, near_b) in [(end1, end2), (end2, end1)] {
                    if [a, b].contains(&near_a) || [a, b].contains(&near_b) {
                        continue;
                    }
                    if !sees(near_a, a) || !sees(near_b, b) {
                        continue;
                    }
                    let removed = seeing_both(candidates, a, b, y, &[a, b]);
                    if !removed.is_empty() {
                        let why = format!(
                            "W-Wing: {} and {} hold {x}{y}, joined by {x} in {} ({} = {}),",
                            cell_name(a),
                            cell_name(b),
                            Unit::of_index(unit),
                            cell_name(near_a),
                            cell_name(near_b)
                        );
                        let mut pattern = candidates_in(candidates, &[a, b], mask);
                        pattern.extend(with_digit(&[near_a, near_b], x));
                        deductions.push(
                            Deduction::removing(Technique::WWing, removed, why)
                                .with_pattern(pattern)
                                .in_units([unit]),
                        );
                    }
                }
            }
        }
    }
    deductions
}

/// XY-Wing: a pivot xy sees pincers xz and yz; whichever the pivot is, one
/// pincer is z, so cells seeing both pincers lose z.
pub(crate) fn xy_wings(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let cells = bivalue_cells(candidates);
    for &pivot in &cells {
        let pm = candidates.mask(pivot);
        let wings: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&cell| sees(cell, pivot) && (candidates.mask(cell) & pm).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (am, bm) = (candidates.mask(a), candidates.mask(b));
                let z = am & !pm;
                if am & pm == bm & pm || bm & !pm != z {
                    continue;
                }
                let Some(z) = only_digit(z) else { continue };
                let removed = seeing_both(candidates, a, b, z, &[a, b, pivot]);
                if !removed.is_empty() {
                    let why = format!(
                        "XY-Wing: pivot {} ({}) with {} ({}) and {} ({}),",
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm)
                    );
                    deductions.push(
                        Deduction::removing(Technique::XyWing, removed, why)
                            .with_pattern(candidates_in(candidates, &[pivot, a, b], 0x1ff)),
                    );
                }
            }
        }
    }
    deductions
}

/// XYZ-Wing: a pivot xyz sees pincers xz and yz; cells seeing all three lose
/// z.
pub(crate) fn xyz_wings(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    let cells = bivalue_cells(candidates);
    for pivot in (0..81).filter(|&cell| candidates.mask(cell).count_ones() == 3) {
        let pm = candidates.mask(pivot);
        let wings: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&cell| sees(cell, pivot) && candidates.mask(cell) & !pm == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (am, bm) = (candidates.mask(a), candidates.mask(b));
                if am == bm {
                    continue;
                }
                let Some(z) = only_digit(am & bm) else {
                    continue;
                };
                let removed: Vec<(usize, u8)> = seeing_both(candidates, a, b, z, &[a, b, pivot])
                    .into_iter()
                    .filter(|&(cell, _)| sees(cell, pivot))
                    .collect();
                if !removed.is_empty() {
                    let why = format!(
                        "XYZ-Wing: pivot {} ({}) with {} ({}) and {} ({}),",
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm)
                    );
                    deductions.push(
                        Deduction::removing(Technique::XyzWing, removed, why)
                            .with_pattern(candidates_in(candidates, &[pivot, a, b], 0x1ff)),
                    );
                }
            }
        }
    }
    deductions
}

fn bivalue_cells(candidates: &Candidates) -> Vec<usize> {
    (0..81)
        .filter(|&cell| candidates.mask(cell).count_ones() == 2)
        .collect()
}
