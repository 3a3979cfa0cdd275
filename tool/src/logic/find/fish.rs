//! Fish: a digit whose places in k base lines lie in k cover lines (X-Wing,
//! Swordfish, Jellyfish), and the finned kind whose extra places all share
//! one box.

use super::combinations;
use crate::logic::deduction::with_digit;
use crate::logic::geometry::{cell_list, BOX, UNITS};
use crate::logic::{Candidates, Deduction, Technique};

/// X-Wing: basic fish on two lines.
pub(crate) fn x_wings(candidates: &Candidates) -> Vec<Deduction> {
    basic_fish(candidates, Technique::XWing, 2)
}

/// Swordfish: basic fish on three lines.
pub(crate) fn swordfish(candidates: &Candidates) -> Vec<Deduction> {
    basic_fish(candidates, Technique::Swordfish, 3)
}

/// Jellyfish: basic fish on four lines.
pub(crate) fn jellyfish(candidates: &Candidates) -> Vec<Deduction> {
    basic_fish(candidates, Technique::Jellyfish, 4)
}

/// Finned X-Wing: finned fish on two lines.
pub(crate) fn finned_x_wings(candidates: &Candidates) -> Vec<Deduction> {
    finned_fish(candidates, Technique::FinnedXWing, 2)
}

/// Finned Swordfish: finned fish on three lines.
pub(crate) fn finned_swordfish(candidates: &Candidates) -> Vec<Deduction> {
    finned_fish(candidates, Technique::FinnedSwordfish, 3)
}

/// Finned Jellyfish: finned fish on four lines.
pub(crate) fn finned_jellyfish(candidates: &Candidates) -> Vec<Deduction> {
    finned_fish(candidates, Technique::FinnedJellyfish, 4)
}

/// Basic fish of size k: a digit whose candidates in k rows lie in only k
/// columns (or the other way round); those columns lose it elsewhere. Its
/// deductions are `technique`'s.
fn basic_fish(candidates: &Candidates, technique: Technique, k: usize) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for digit in 1..=9u8 {
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let lines: Vec<usize> = (0..9)
                .filter(|&line| {
                    let count = candidates.places(base + line, digit).count_ones() as usize;
                    (2..=k).contains(&count)
                })
                .collect();
            for chosen in combinations(&lines, k) {
                let covers = chosen.iter().fold(0u16, |mask, &line| {
                    mask | candidates.places(base + line, digit)
                });
                if covers.count_ones() as usize != k {
                    continue;
                }
                let mut removed = Vec::new();
                for other in (0..9).filter(|other| covers & (1 << other) != 0) {
                    for (k, &cell) in UNITS[cover + other].iter().enumerate() {
                        if !chosen.contains(&k) && candidates.has(cell, digit) {
                            removed.push((cell, digit));
                        }
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                let (base_word, cover_word) = line_words(base);
                let why = format!(
                    "{}: {digit} in {base_word} {}, {cover_word} {}",
                    technique.title(),
                    numbers(chosen.iter().copied()),
                    numbers((0..9).filter(|other| covers & (1 << other) != 0))
                );
                deductions.push(fish_deduction(
                    candidates, technique, removed, why, base, &chosen, digit,
                ));
            }
        }
    }
    deductions
}

/// Finned fish of size k: a digit's candidates in k base lines lie in k
/// cover lines except for some "fins", all in one box. Either the fish
/// holds, or a fin is true; cells of the cover lines outside the base lines
/// that share the fins' box lose the digit either way. Its deductions are
/// `technique`'s.
fn finned_fish(candidates: &Candidates, technique: Technique, k: usize) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for digit in 1..=9u8 {
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let places: [u16; 9] =
                std::array::from_fn(|line| candidates.places(base + line, digit));
            let lines: Vec<usize> = (0..9).filter(|&line| places[line] != 0).collect();
            for chosen in combinations(&lines, k) {
                let union = chosen.iter().fold(0u16, |mask, &line| mask | places[line]);
                if union.count_ones() as usize <= k {
                    continue;
                }
                let columns: Vec<usize> = (0..9).filter(|c| union & (1 << c) != 0).collect();
                for covers in combinations(&columns, k) {
                    let cover_mask = covers.iter().fold(0u16, |mask, &c| mask | 1 << c);
                    // The fins: all in one band of base lines and one stack
                    // of cover positions, that is, in one box.
                    let outside = union & !cover_mask;
                    let stack = outside.trailing_zeros() as usize / 3;
                    if outside & !(0b111 << (stack * 3)) != 0 {
                        continue;
                    }
                    let fin_lines: Vec<usize> = chosen
                        .iter()
                        .copied()
                        .filter(|&line| places[line] & outside != 0)
                        .collect();
                    if fin_lines.iter().any(|&line| line / 3 != fin_lines[0] / 3) {
                        continue;
                    }
                    let fins: Vec<usize> = fin_lines
                        .iter()
                        .flat_map(|&line| {
                            (0..9)
                                .filter(move |k| places[line] & outside & (1 << k) != 0)
                                .map(move |k| UNITS[base + line][k])
                        })
                        .collect();
                    let fin_box = BOX[fins[0]];
                    let mut removed = Vec::new();
                    for &c in &covers {
                        for (k, &cell) in UNITS[cover + c].iter().enumerate() {
                            if !chosen.contains(&k)
                                && BOX[cell] == fin_box
                                && candidates.has(cell, digit)
                            {
                                removed.push((cell, digit));
                            }
                        }
                    }
                    if removed.is_empty() {
                        continue;
                    }
                    let (base_word, cover_word) = line_words(base);
                    let why = format!(
                        "{}: {digit} in {base_word} {}, {cover_word} {}, fins {}",
                        technique.title(),
                        numbers(chosen.iter().copied()),
                        numbers(covers.iter().copied()),
                        cell_list(fins.iter().copied())
                    );
                    deductions.push(fish_deduction(
                        candidates, technique, removed, why, base, &chosen, digit,
                    ));
                }
            }
        }
    }
    deductions
}

/// What the base and cover lines are called: rows and columns when the base
/// lines are rows (`base` 0), the other way round when they are columns.
fn line_words(base: usize) -> (&'static str, &'static str) {
    if base == 0 {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    }
}

/// A fish's deduction: it removes `removed`, its units are the `chosen` base
/// lines, and its pattern is the digit's candidates in them.
fn fish_deduction(
    candidates: &Candidates,
    technique: Technique,
    removed: Vec<(usize, u8)>,
    why: String,
    base: usize,
    chosen: &[usize],
    digit: u8,
) -> Deduction {
    let units: Vec<usize> = chosen.iter().map(|&line| base + line).collect();
    let cells: Vec<usize> = units
        .iter()
        .flat_map(|&unit| UNITS[unit])
        .filter(|&cell| candidates.has(cell, digit))
        .collect();
    Deduction::removing(technique, removed, why)
        .with_pattern(with_digit(&cells, digit))
        .in_units(units)
}

/// `2, 7` from 0-based indices.
fn numbers(indices: impl Iterator<Item = usize>) -> String {
    indices
        .map(|index| (index + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
