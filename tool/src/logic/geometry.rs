//! Candidate masks, and the names people write for cells and units (`r4c6`,
//! `box 5`). Where cells lie (the row, column and box of each cell, the 27
//! units, which cells see each other) is [`sudoku37::grid`]'s.

// Where cells lie is the grid's, the one geometry of the crate.
pub(crate) use sudoku37::grid::{sees, BOX, COL, ROW, UNITS};

/// The bit of a digit 1-9 in a candidate mask.
pub(crate) fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a mask, smallest first.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&digit| mask & bit(digit) != 0)
}

/// A cell as people write it: `r4c6`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", ROW[cell] + 1, COL[cell] + 1)
}

/// A unit as people write it: `row 4`, `column 6`, `box 5`.
pub fn unit_name(unit: usize) -> String {
    match unit {
        0..=8 => format!("row {}", unit + 1),
        9..=17 => format!("column {}", unit - 8),
        _ => format!("box {}", unit - 17),
    }
}

/// A list of cells: `r1c2, r3c4`.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = usize>) -> String {
    cells
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join(", ")
}
