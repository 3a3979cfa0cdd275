//! Where cells lie: the row, column and box of each cell, the 27 units, which
//! cells see each other; candidate masks; and the names people write for
//! cells and units (`r4c6`, `box 5`).

/// The row of each cell.
pub(crate) const ROW: [usize; 81] = table(0);
/// The column of each cell.
pub(crate) const COL: [usize; 81] = table(1);
/// The box of each cell.
pub(crate) const BOX: [usize; 81] = table(2);

const fn table(kind: usize) -> [usize; 81] {
    let mut out = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        out[cell] = match kind {
            0 => row,
            1 => column,
            _ => row / 3 * 3 + column / 3,
        };
        cell += 1;
    }
    out
}

/// The 27 units: rows 0-8, columns 9-17, boxes 18-26; each its nine cells in
/// reading order.
pub(crate) const UNITS: [[usize; 9]; 27] = units();

const fn units() -> [[usize; 9]; 27] {
    let mut out = [[0; 9]; 27];
    let mut index = 0;
    while index < 9 {
        let mut k = 0;
        while k < 9 {
            out[index][k] = index * 9 + k;
            out[9 + index][k] = k * 9 + index;
            out[18 + index][k] = (index / 3 * 3 + k / 3) * 9 + index % 3 * 3 + k % 3;
            k += 1;
        }
        index += 1;
    }
    out
}

/// Whether two different cells share a row, column or box.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (ROW[a] == ROW[b] || COL[a] == COL[b] || BOX[a] == BOX[b])
}

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
