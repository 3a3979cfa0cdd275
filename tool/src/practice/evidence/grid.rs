//! The board as the evidence reads it: digits on a 9 by 9 grid, the units
//! of a cell, what clashes and what fits, and cells written `r4c1`.

use crate::practice::diagnosis::Id;
use sudoku37::board::Board;
use sudoku37::grid::{self, UnitKind};

/// A cell as the messages write it: `r4c1`, counted from 1
/// ([`grid::cell_name`], for a (row, column) pair).
pub(crate) fn cell_name((row, column): Cell) -> String {
    grid::cell_name(row * 9 + column)
}

/// The words for a kind of unit, in English and in Chinese.
pub(super) fn kind_words(kind: UnitKind) -> [&'static str; 2] {
    let chinese = match kind {
        UnitKind::Row => "行",
        UnitKind::Column => "列",
        UnitKind::Box => "宫",
    };
    [kind.word(), chinese]
}

/// The number (from 1) of the unit of `kind` that holds `cell`.
pub(super) fn unit_number(kind: UnitKind, (row, column): Cell) -> usize {
    kind.of(row * 9 + column).number()
}

/// The mistake of a check of `kind` that is missing.
pub(super) fn missing_check(kind: UnitKind) -> Id {
    match kind {
        UnitKind::Row => Id::MissingRowCheck,
        UnitKind::Column => Id::MissingColumnCheck,
        UnitKind::Box => Id::MissingBoxCheck,
    }
}

/// A board of digits, 0 for a blank: what the replay works on.
pub(super) type Grid = [[u8; 9]; 9];

/// A cell as (row, column), both from 0.
pub(super) type Cell = (usize, usize);

pub(super) fn grid_of(board: &Board) -> Grid {
    let mut grid = [[0u8; 9]; 9];
    for (row, cells) in board.iter().enumerate().take(9) {
        for (column, cell) in cells.iter().enumerate().take(9) {
            grid[row][column] = cell.to_digit(10).map_or(0, |digit| digit as u8);
        }
    }
    grid
}

/// The cells that share a unit of `kind` with `cell`, itself left out, in
/// the unit's order (reading order).
pub(super) fn peers(kind: UnitKind, (row, column): Cell) -> Vec<Cell> {
    let cell = row * 9 + column;
    kind.of(cell)
        .cells()
        .into_iter()
        .filter(|&other| other != cell)
        .map(|other| (other / 9, other % 9))
        .collect()
}

/// Where `digit` already stands in a unit of `cell` on `grid`: the kind of
/// unit and the cell, rows first, then columns, then boxes.
pub(super) fn clash(grid: &Grid, cell: (usize, usize), digit: u8) -> Option<(UnitKind, Cell)> {
    UnitKind::ALL.into_iter().find_map(|kind| {
        peers(kind, cell)
            .into_iter()
            .find(|&(row, column)| grid[row][column] == digit)
            .map(|other| (kind, other))
    })
}

/// Every clash of `digit` at `cell` on `grid`, one per kind of unit.
pub(super) fn clashes(grid: &Grid, cell: (usize, usize), digit: u8) -> Vec<(UnitKind, Cell)> {
    UnitKind::ALL
        .into_iter()
        .filter_map(|kind| {
            peers(kind, cell)
                .into_iter()
                .find(|&(row, column)| grid[row][column] == digit)
                .map(|other| (kind, other))
        })
        .collect()
}

/// The digits that fit `cell` on `grid`.
pub(super) fn fitting(grid: &Grid, cell: (usize, usize)) -> Vec<u8> {
    (1..=9)
        .filter(|&digit| clash(grid, cell, digit).is_none())
        .collect()
}

pub(super) fn digits_text(digits: &[u8]) -> String {
    digits
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
