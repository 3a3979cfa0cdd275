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

use crate::board::{self, Board, ShapeError};
pub use crate::grid::Cells;
use crate::grid::{self, Conflict};
use crate::text::{self, ParseError};

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
    /// The board is not nine rows of nine cells of digits and blanks.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Two givens with the same digit share a unit.
    #[error("the givens conflict: {0}")]
    Conflict(Conflict),
}

impl Puzzle {
    /// Checks `cells` (`0` blank, `1..=9` digits) and wraps them.
    pub fn from_cells(cells: Cells) -> Result<Puzzle, PuzzleError> {
        let (highest, repeated) = grid::scan(&cells);
        if highest > 9 {
            let index = cells.iter().position(|&value| value > 9).unwrap_or(0);
            return Err(PuzzleError::Shape(ShapeError::BadCell {
                row: index / 9 + 1,
                column: index % 9 + 1,
                found: char::from_digit(u32::from(cells[index]), 36).unwrap_or('?'),
            }));
        }
        match repeated.then(|| grid::find_conflict(&cells)).flatten() {
            Some(conflict) => Err(PuzzleError::Conflict(conflict)),
            None => Ok(Puzzle { cells }),
        }
    }

    /// Checks a LeetCode board (`'1'..='9'` and `'.'`) and wraps it.
    pub fn from_board(board: &Board) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_cells(board::to_cells(board)?)
    }

    /// The 81 cells, row by row, `0` for a blank.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The board in LeetCode's form, for handing to an approach.
    pub fn to_board(&self) -> Board {
        board::from_cells(&self.cells)
    }

    /// The 81-character line, blanks as `.`.
    pub fn to_line(&self) -> String {
        grid::line_of(&self.cells)
    }

    /// How many cells are blank.
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|&&value| value == 0).count()
    }

    /// Whether `candidate` solves this puzzle: complete, every unit a
    /// permutation of 1-9, every given kept.
    pub fn is_solved_by(&self, candidate: &Cells) -> bool {
        grid::solves(&self.cells, candidate)
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

    /// Reads exactly one record by the record rules of [`crate::text`]
    /// (an 81-cell line, LeetCode's form, or a grid); anything else, and a
    /// second record, is an error.
    fn from_str(text: &str) -> Result<Puzzle, PuzzleError> {
        let record = text::single_record(text)?;
        Puzzle::from_cells(record.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{example_line, solution_line};

    #[test]
    fn a_puzzle_round_trips_through_text_and_board() {
        let puzzle: Puzzle = example_line().parse().unwrap();
        assert_eq!(puzzle.to_line(), example_line());
        assert_eq!(Puzzle::from_board(&puzzle.to_board()), Ok(puzzle));
        assert_eq!(puzzle.blanks(), 51);
    }

    #[test]
    fn conflicts_are_refused_with_the_first_unit() {
        let mut cells = *example_line().parse::<Puzzle>().unwrap().cells();
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
        let mut board = example_line().parse::<Puzzle>().unwrap().to_board();
        board[3][4] = 'x';
        assert_eq!(
            Puzzle::from_board(&board),
            Err(PuzzleError::Shape(ShapeError::BadCell {
                row: 4,
                column: 5,
                found: 'x'
            }))
        );
        board.pop();
        assert_eq!(
            Puzzle::from_board(&board),
            Err(PuzzleError::Shape(ShapeError::NotNineByNine))
        );
        let mut cells = [0u8; 81];
        cells[80] = 10;
        assert!(matches!(
            Puzzle::from_cells(cells),
            Err(PuzzleError::Shape(ShapeError::BadCell {
                row: 9,
                column: 9,
                ..
            }))
        ));
    }

    #[test]
    fn only_a_complete_valid_grid_keeping_the_givens_solves() {
        let puzzle: Puzzle = example_line().parse().unwrap();
        let solved = *solution_line().parse::<Puzzle>().unwrap().cells();
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
