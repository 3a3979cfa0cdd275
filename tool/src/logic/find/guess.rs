//! The guess, for when nothing else applies: digits taken from the
//! solution.

use crate::logic::geometry::cell_name;
use crate::logic::{Candidates, Deduction, Technique};
use sudoku37::puzzle::Cells;

/// When nothing else applies: the solution's digit in every empty cell with
/// the fewest candidates (all of them, so that no cell is preferred for its
/// position), as one guess.
pub(crate) fn guess(candidates: &Candidates, solution: &Cells) -> Vec<Deduction> {
    let empty: Vec<usize> = (0..81)
        .filter(|&cell| candidates.value(cell) == 0)
        .collect();
    let Some(fewest) = empty
        .iter()
        .map(|&cell| candidates.mask(cell).count_ones())
        .min()
    else {
        return Vec::new();
    };
    let placed: Vec<(usize, u8)> = empty
        .into_iter()
        .filter(|&cell| candidates.mask(cell).count_ones() == fewest)
        .map(|cell| (cell, solution[cell]))
        .collect();
    let text = format!(
        "guess (logic ran out; digits taken from the solution): {}",
        placed
            .iter()
            .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    vec![Deduction {
        technique: Technique::Guess,
        placed,
        removed: Vec::new(),
        pattern: Vec::new(),
        units: Vec::new(),
        text,
    }]
}
