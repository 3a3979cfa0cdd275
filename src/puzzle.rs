//! [`Puzzle`]: a board checked once, at the boundary, and trusted after.
//!
//! Text and LeetCode boards come from outside and may be anything. A `Puzzle`
//! is built from them once (by [`Puzzle::from_board`], [`Puzzle::from_cells`]
//! or [`str::parse`]); once built it is known to be 9x9, to hold only digits
//! and blanks, and to have no two equal givens in a row, column or box. Every
//! layer after that (solving, counting, comparing, tracing) takes a `&Puzzle`
//! and checks nothing again. It becomes LeetCode's `Vec<Vec<char>>` only when
//! an approach is called ([`Puzzle::to_board`]), and is `[u8; 81]` inside
//! ([`Puzzle::cells`]), which is what the solution counter works on.
//!
//! The model is the `sudoku` crate's `Sudoku` type: one validated value, many
//! trusting users.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{self, Board, Conflict, ParseError};

/// A board as 81 cells, row by row: `0` for a blank, `1..=9` for a digit.
pub type Cells = [u8; 81];

/// A 9x9 board of digits and blanks whose givens do not conflict.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Puzzle {
    cells: Cells,
}

/// Why a board is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The text is not a board at all.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The board is not nine rows of nine cells.
    #[error("the board is not 9 rows of 9 cells")]
    NotNineByNine,
    /// A cell holds something other than a digit or a blank.
    #[error("row {row}, column {column} holds {found:?}, expected 1-9 or '.'")]
    BadCell {
        row: usize,
        column: usize,
        found: char,
    },
    /// Two givens with the same digit share a unit.
    #[error("the givens conflict: {0}")]
    Conflict(Conflict),
}

impl Puzzle {
    /// Checks `cells` (`0` blank, `1..=9` digits) and wraps them.
    pub fn from_cells(cells: Cells) -> Result<Puzzle, PuzzleError> {
        let (highest, repeated) = scan(&cells);
        if highest > 9 {
            let index = cells.iter().position(|&value| value > 9).unwrap_or(0);
            return Err(PuzzleError::BadCell {
                row: index / 9 + 1,
                column: index % 9 + 1,
                found: char::from_digit(u32::from(cells[index]), 36).unwrap_or('?'),
            });
        }
        match repeated.then(|| find_conflict(&cells)).flatten() {
            Some(conflict) => Err(PuzzleError::Conflict(conflict)),
            None => Ok(Puzzle { cells }),
        }
    }

    /// Checks a LeetCode board (`'1'..='9'` and `'.'`) and wraps it.
    pub fn from_board(board: &Board) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_cells(to_cells(board)?)
    }

    /// The 81 cells, row by row, `0` for a blank.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The board in LeetCode's form, for handing to an approach.
    pub fn to_board(&self) -> Board {
        to_board(&self.cells)
    }

    /// The 81-character line, blanks as `.`.
    pub fn to_line(&self) -> String {
        line_of(&self.cells)
    }

    /// How many cells are blank.
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|&&value| value == 0).count()
    }

    /// Whether `candidate` solves this puzzle: complete, every unit a
    /// permutation of 1-9, every given kept.
    pub fn is_solved_by(&self, candidate: &Cells) -> bool {
        solves(&self.cells, candidate)
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Puzzle({})", self.to_line())
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.to_line())
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    /// Reads exactly one record by the record rules of [`crate::input`]
    /// (an 81-cell line, LeetCode's form, or a grid); anything else, and a
    /// second record, is an error.
    fn from_str(text: &str) -> Result<Puzzle, PuzzleError> {
        let record = crate::input::single_record(text)?;
        Puzzle::from_cells(record.cells)
    }
}

/// The one conversion from LeetCode's board to cells, and the one place that
/// checks a board is 9x9 of digits and `'.'`.
pub fn to_cells(board: &Board) -> Result<Cells, PuzzleError> {
    if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
        return Err(PuzzleError::NotNineByNine);
    }
    let mut cells = [0u8; 81];
    for (index, (cell, &symbol)) in cells.iter_mut().zip(board.iter().flatten()).enumerate() {
        *cell = match symbol {
            board::BLANK => 0,
            '1'..='9' => symbol as u8 - b'0',
            _ => {
                return Err(PuzzleError::BadCell {
                    row: index / 9 + 1,
                    column: index % 9 + 1,
                    found: symbol,
                })
            }
        };
    }
    Ok(cells)
}

/// Cells back to LeetCode's board.
pub fn to_board(cells: &Cells) -> Board {
    cells
        .chunks_exact(9)
        .map(|row| row.iter().map(|&value| symbol(value)).collect())
        .collect()
}

/// The 81-character line of some cells, blanks as `.`.
pub fn line_of(cells: &Cells) -> String {
    let mut line = String::with_capacity(81);
    line.extend(cells.iter().map(|&value| symbol(value)));
    line
}

/// The 81 bytes of [`line_of`], without building a string.
pub fn line_bytes(cells: &Cells) -> [u8; 81] {
    cells.map(|value| {
        if (1..=9).contains(&value) {
            b'0' + value
        } else {
            b'.'
        }
    })
}

fn symbol(value: u8) -> char {
    match value {
        1..=9 => char::from(b'0' + value),
        _ => board::BLANK,
    }
}

/// The first unit (rows, then columns, then boxes, each in order) holding
/// some digit twice, and the first digit repeated in it.
pub fn find_conflict(cells: &Cells) -> Option<Conflict> {
    // A quick pass over all units at once; most boards have no conflict.
    if !scan(cells).1 {
        return None;
    }
    // Then the units one by one, to name the first.
    board::units().find_map(|(unit, members)| {
        let mut seen = 0u16;
        members.iter().find_map(|&(row, column)| {
            let value = cells[row * 9 + column];
            if value == 0 || value > 9 {
                return None;
            }
            let bit = 1u16 << value;
            let twice = seen & bit != 0;
            seen |= bit;
            twice.then_some(Conflict {
                digit: symbol(value),
                unit,
            })
        })
    })
}

/// One pass over the cells: the highest value, and whether some digit
/// repeats in a unit (values above 9 are ignored).
fn scan(cells: &Cells) -> (u8, bool) {
    // Row by row, with the nine column masks and the band's three box masks
    // in fixed-size arrays indexed by constants once the loops unroll: they
    // stay in registers, with no store and reload per cell.
    let mut columns = [0u16; 9];
    let mut repeated = 0u16;
    let mut highest = 0;
    for band in 0..3 {
        let mut boxes = [0u16; 3];
        for row in 0..3 {
            let values: &[u8; 9] = cells[band * 27 + row * 9..][..9]
                .try_into()
                .unwrap_or(&[0; 9]);
            let mut seen = 0u16;
            for column in 0..9 {
                let value = values[column];
                highest = highest.max(value);
                let bit = digit_bit(value);
                repeated |= (seen | columns[column] | boxes[column / 3]) & bit;
                seen |= bit;
                columns[column] |= bit;
                boxes[column / 3] |= bit;
            }
        }
    }
    (highest, repeated != 0)
}

/// Bit `value` for a digit 1-9; no bit for a blank or anything above 9.
fn digit_bit(value: u8) -> u16 {
    let bit = if value <= 9 { 1u16 << value } else { 0 };
    bit & 0x3FE
}

/// Whether `candidate` is a complete, valid grid that keeps every given of
/// `puzzle`.
pub fn solves(puzzle: &Cells, candidate: &Cells) -> bool {
    const ALL: u16 = 0b11_1111_1110;
    // The loop of `scan`: units in registers, and no early exit, so the loop
    // stays free of unpredictable branches. A blank or a value above 9 sets
    // no bit, so its units come out short.
    let mut columns = [0u16; 9];
    let mut full = true;
    let mut kept = true;
    for (band, givens) in candidate.chunks_exact(27).zip(puzzle.chunks_exact(27)) {
        let mut boxes = [0u16; 3];
        for (row, row_givens) in band.chunks_exact(9).zip(givens.chunks_exact(9)) {
            let mut seen = 0u16;
            for (column, (&value, &given)) in row.iter().zip(row_givens).enumerate() {
                kept &= given == 0 || given == value;
                let bit = digit_bit(value);
                seen |= bit;
                columns[column] |= bit;
                boxes[column / 3] |= bit;
            }
            full &= seen == ALL;
        }
        full &= boxes.iter().all(|&square| square == ALL);
    }
    // 81 digits with every unit holding all nine: each exactly once.
    kept && full && columns.iter().all(|&column| column == ALL)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn a_puzzle_round_trips_through_text_and_board() {
        let puzzle: Puzzle = EXAMPLE.parse().unwrap();
        assert_eq!(puzzle.to_line(), EXAMPLE);
        assert_eq!(Puzzle::from_board(&puzzle.to_board()), Ok(puzzle));
        assert_eq!(puzzle.blanks(), 51);
    }

    #[test]
    fn conflicts_are_refused_with_the_first_unit() {
        let mut cells = *EXAMPLE.parse::<Puzzle>().unwrap().cells();
        cells[2] = 5;
        assert_eq!(
            Puzzle::from_cells(cells).unwrap_err().to_string(),
            "the givens conflict: digit 5 appears twice in row 1"
        );
        cells[2] = 0;
        cells[20] = 5;
        assert_eq!(
            Puzzle::from_cells(cells).unwrap_err().to_string(),
            "the givens conflict: digit 5 appears twice in box 1"
        );
    }

    #[test]
    fn bad_shapes_and_cells_are_refused() {
        let mut board = EXAMPLE.parse::<Puzzle>().unwrap().to_board();
        board[3][4] = 'x';
        assert_eq!(
            Puzzle::from_board(&board),
            Err(PuzzleError::BadCell {
                row: 4,
                column: 5,
                found: 'x'
            })
        );
        board.pop();
        assert_eq!(Puzzle::from_board(&board), Err(PuzzleError::NotNineByNine));
        let mut cells = [0u8; 81];
        cells[80] = 10;
        assert!(matches!(
            Puzzle::from_cells(cells),
            Err(PuzzleError::BadCell {
                row: 9,
                column: 9,
                ..
            })
        ));
    }

    #[test]
    fn only_a_complete_valid_grid_keeping_the_givens_solves() {
        let puzzle: Puzzle = EXAMPLE.parse().unwrap();
        let solved = *SOLVED.parse::<Puzzle>().unwrap().cells();
        assert!(puzzle.is_solved_by(&solved));
        let mut swapped = solved;
        swapped.swap(2, 3);
        assert!(!puzzle.is_solved_by(&swapped));
        let mut blank = solved;
        blank[2] = 0;
        assert!(!puzzle.is_solved_by(&blank));
        // A valid grid that changes a given does not solve it.
        let other: Vec<u8> = solved.iter().map(|&value| value % 9 + 1).collect();
        assert!(!puzzle.is_solved_by(&other.try_into().unwrap()));
    }
}
