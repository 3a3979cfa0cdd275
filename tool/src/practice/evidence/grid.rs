//! The board as the evidence reads it: digits on a 9 by 9 grid, the units
//! of a cell, what clashes and what fits, and cells written `r4c1`.

use crate::practice::diagnosis::Id;
use sudoku37::board::Board;

/// A cell as the messages write it: `r4c1`, counted from 1.
pub fn cell_name((row, column): (usize, usize)) -> String {
    format!("r{}c{}", row + 1, column + 1)
}

/// The three kinds of unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    Row,
    Column,
    Box,
}

impl Kind {
    pub(super) fn words(self) -> [&'static str; 2] {
        match self {
            Kind::Row => ["row", "行"],
            Kind::Column => ["column", "列"],
            Kind::Box => ["box", "宫"],
        }
    }

    pub(super) fn number(self, (row, column): (usize, usize)) -> usize {
        match self {
            Kind::Row => row + 1,
            Kind::Column => column + 1,
            Kind::Box => row / 3 * 3 + column / 3 + 1,
        }
    }

    pub(super) fn id(self) -> Id {
        match self {
            Kind::Row => Id::MissingRowCheck,
            Kind::Column => Id::MissingColumnCheck,
            Kind::Box => Id::MissingBoxCheck,
        }
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

/// The cells that share a unit of `kind` with `cell`, itself left out.
pub(super) fn peers(kind: Kind, (row, column): (usize, usize)) -> Vec<(usize, usize)> {
    (0..9)
        .map(|index| match kind {
            Kind::Row => (row, index),
            Kind::Column => (index, column),
            Kind::Box => (row / 3 * 3 + index / 3, column / 3 * 3 + index % 3),
        })
        .filter(|&other| other != (row, column))
        .collect()
}

/// Where `digit` already stands in a unit of `cell` on `grid`: the kind of
/// unit and the cell, rows first, then columns, then boxes.
pub(super) fn clash(
    grid: &Grid,
    cell: (usize, usize),
    digit: u8,
) -> Option<(Kind, (usize, usize))> {
    [Kind::Row, Kind::Column, Kind::Box]
        .into_iter()
        .find_map(|kind| {
            peers(kind, cell)
                .into_iter()
                .find(|&(row, column)| grid[row][column] == digit)
                .map(|other| (kind, other))
        })
}

/// Every clash of `digit` at `cell` on `grid`, one per kind of unit.
pub(super) fn clashes(grid: &Grid, cell: (usize, usize), digit: u8) -> Vec<(Kind, (usize, usize))> {
    [Kind::Row, Kind::Column, Kind::Box]
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
