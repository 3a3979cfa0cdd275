//! Candidate masks, and lists of cell names. Where cells lie (the row,
//! column and box of each cell, the 27 units, which cells see each other)
//! and how cells and units are named (`r4c6`, `box 5`) is
//! [`sudoku37::grid`]'s, the one geometry of the crate, re-exported here for
//! the finders.

pub(crate) use sudoku37::grid::{cell_name, sees, Unit, BOX, COL, ROW, UNITS};

/// The bit of a digit 1-9 in a candidate mask.
pub(crate) fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&digit| mask & bit(digit) != 0)
}

/// A list of cells: `r1c2, r3c4`.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = usize>) -> String {
    cells
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join(", ")
}
