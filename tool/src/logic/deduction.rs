//! A deduction of a logic solve: the technique, what it places and removes, the
//! pattern it reads and a sentence saying why; and the helpers finders use to
//! write them.

use std::collections::BTreeMap;

use super::candidates::Candidates;
use super::geometry::{cell_list, digits};
use super::technique::Technique;

/// One deduction: the technique, what it places and removes, and a sentence
/// saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deduction {
    pub technique: Technique,
    /// (cell, digit) placed.
    pub placed: Vec<(usize, u8)>,
    /// (cell, digit) candidates removed.
    pub removed: Vec<(usize, u8)>,
    /// (cell, digit) candidates that make the pattern: the pair of a naked
    /// pair, the corners of an X-Wing, the nodes of a chain. A picture of the
    /// deduction highlights them. Empty for a guess.
    pub pattern: Vec<(usize, u8)>,
    /// The units the deduction reasons in (rows 0-8, columns 9-17, boxes 18-26):
    /// the box of a hidden single, the base lines of a fish. A picture shades
    /// them.
    pub units: Vec<usize>,
    /// E.g. `hidden single: 7 in box 5 -> r4c6`.
    pub text: String,
}

impl Deduction {
    pub(crate) fn placing(technique: Technique, cell: usize, digit: u8, text: String) -> Deduction {
        Deduction {
            technique,
            placed: vec![(cell, digit)],
            removed: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            text,
        }
    }

    pub(crate) fn removing(
        technique: Technique,
        removed: Vec<(usize, u8)>,
        why: String,
    ) -> Deduction {
        let text = format!("{why} removes {}", removals(&removed));
        Deduction {
            technique,
            placed: Vec::new(),
            removed,
            pattern: Vec::new(),
            units: Vec::new(),
            text,
        }
    }

    /// The deduction with the candidates of its pattern (see [`Deduction::pattern`]).
    pub(crate) fn with_pattern(
        mut self,
        pattern: impl IntoIterator<Item = (usize, u8)>,
    ) -> Deduction {
        self.pattern = pattern.into_iter().collect();
        self
    }

    /// The deduction with the units it reasons in (see [`Deduction::units`]).
    pub(crate) fn in_units(mut self, units: impl IntoIterator<Item = usize>) -> Deduction {
        self.units = units.into_iter().collect();
        self
    }
}

/// Every candidate of `digit`'s in `cells`, as pattern candidates.
pub(crate) fn with_digit(cells: &[usize], digit: u8) -> Vec<(usize, u8)> {
    cells.iter().map(|&cell| (cell, digit)).collect()
}

/// Every candidate of `cells` in `candidates` whose digit is in `mask`, as pattern
/// candidates.
pub(crate) fn candidates_in(
    candidates: &Candidates,
    cells: &[usize],
    mask: u16,
) -> Vec<(usize, u8)> {
    cells
        .iter()
        .flat_map(|&cell| digits(candidates.mask(cell) & mask).map(move |digit| (cell, digit)))
        .collect()
}

/// `3 from r5c4, r8c9` (grouped by digit).
pub(crate) fn removals(removed: &[(usize, u8)]) -> String {
    let mut by_digit: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
    for &(cell, digit) in removed {
        by_digit.entry(digit).or_default().push(cell);
    }
    by_digit
        .into_iter()
        .map(|(digit, mut cells)| {
            cells.sort_unstable();
            cells.dedup();
            format!("{digit} from {}", cell_list(cells))
        })
        .collect::<Vec<_>>()
        .join("; ")
}
