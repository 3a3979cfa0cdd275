//! The one search, as methods of [`Puzzle`]: the first solution, whether it
//! has none, one or several ([`Solutions`]), the unique one, and a count up to
//! a limit.
//! The tool, the generator, the logic solver and the judge's expected answers
//! all ask these, and all go through the fastest approach's machinery,
//! `bitboard_simd` (its run-time dispatch picks the AVX2 copy where the CPU has
//! it, else its portable copy). The tests check the counter against a second,
//! independent one built on `propagation`.

use thiserror::Error;

use crate::approaches::bitboard_simd;
use crate::puzzle::{Cells, Puzzle};

/// How many solutions a puzzle has, counted only as far as the question
/// "is it a proper puzzle?" needs: none, exactly one, or more than one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solutions {
    /// No grid completes the givens.
    None,
    /// Exactly one does: a proper puzzle.
    One,
    /// At least two do (the search stopped at the second).
    Several,
}

impl Solutions {
    /// As a number capped at two, several counting as 2: what `sudoku37
    /// solve --count` prints.
    pub fn capped_at_two(self) -> u64 {
        match self {
            Solutions::None => 0,
            Solutions::One => 1,
            Solutions::Several => 2,
        }
    }
}

/// Why a puzzle has no unique solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum NotUnique {
    /// It has no solution at all.
    #[error("no solution")]
    NoSolution,
    /// It has two or more.
    #[error("more than one solution")]
    Several,
}

/// The one search, as methods of the validated puzzle. A board whose givens
/// conflict is not a [`Puzzle`], so it never gets here: it has no solution,
/// and [`Puzzle::from_board`] says why.
impl Puzzle {
    /// The first solution the search finds, or `None` when there is none.
    pub fn first_solution(&self) -> Option<Cells> {
        let mut cells = *self.cells();
        bitboard_simd::solve_cells(&mut cells).then_some(cells)
    }

    /// None, one or several: the search stops at the second solution.
    pub fn solutions(&self) -> Solutions {
        match self.count_solutions(2) {
            0 => Solutions::None,
            1 => Solutions::One,
            _ => Solutions::Several,
        }
    }

    /// The solution when it is the only one, else whether there is none or
    /// several.
    pub fn unique_solution(&self) -> Result<Cells, NotUnique> {
        match self.solutions() {
            Solutions::None => Err(NotUnique::NoSolution),
            Solutions::One => self.first_solution().ok_or(NotUnique::NoSolution),
            Solutions::Several => Err(NotUnique::Several),
        }
    }

    /// The number of solutions, counting stops at `limit`: a result equal
    /// to `limit` means "at least `limit`".
    pub fn count_solutions(&self, limit: u64) -> u64 {
        bitboard_simd::count_solutions_cells(self.cells(), limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_line, Board};
    use crate::sets::leetcode_example;
    /// Counts a LeetCode board's solutions; one that is not a puzzle has none.
    fn count(board: &Board, limit: u64) -> u64 {
        Puzzle::from_board(board).map_or(0, |puzzle| puzzle.count_solutions(limit))
    }

    #[test]
    fn the_example_is_unique() {
        assert_eq!(count(&leetcode_example().board(), 2), 1);
    }

    #[test]
    fn the_empty_grid_has_many() {
        let empty = parse_line(&".".repeat(81)).unwrap();
        assert_eq!(count(&empty, 2), 2);
        assert_eq!(count(&empty, 1000), 1000);
    }

    #[test]
    fn conflicting_givens_have_none() {
        let mut board = leetcode_example().board();
        board[0][2] = '5';
        assert_eq!(count(&board, 2), 0);
    }

    #[test]
    fn a_cell_without_candidates_has_none() {
        // Row 1 holds 1-8 and column 9 holds a 9: cell (1, 9) has no candidate.
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(8));
        line.push('9');
        line.push_str(&".".repeat(81 - 18));
        assert_eq!(count(&parse_line(&line).unwrap(), 2), 0);
    }

    #[test]
    fn a_minimal_puzzle_with_a_given_removed_has_several() {
        let puzzle = crate::sets::builtin("graded_hard").unwrap().puzzles[0]
            .board()
            .clone();
        assert_eq!(count(&puzzle, 2), 1);
        let mut fewer = puzzle;
        let (row, column) = (0..81)
            .map(|index| (index / 9, index % 9))
            .find(|&(row, column)| fewer[row][column] != '.')
            .unwrap();
        fewer[row][column] = '.';
        assert_eq!(count(&fewer, 2), 2);
        assert!(count(&fewer, 50) > 2);
    }

    #[test]
    fn malformed_boards_have_none() {
        let mut board = leetcode_example().board();
        board[3][3] = 'x';
        assert_eq!(count(&board, 2), 0);
        board.pop();
        assert_eq!(count(&board, 2), 0);
    }

    #[test]
    fn agrees_with_the_propagation_counter_on_generated_and_blanked_puzzles() {
        use crate::approaches::propagation;
        for set in crate::sets::builtin_sets() {
            for puzzle in &set.puzzles {
                for limit in [1, 2, 4, 5] {
                    assert_eq!(
                        count(&puzzle.board(), limit),
                        propagation::count_solutions(&puzzle.board(), limit),
                        "{} line {} limit {limit}",
                        set.name,
                        puzzle.line
                    );
                }
            }
        }
    }

    #[test]
    fn removing_a_given_from_a_solved_grid_keeps_it_unique() {
        let mut board = leetcode_example().solution_board().unwrap();
        board[4][4] = '.';
        assert_eq!(count(&board, 2), 1);
    }

    #[test]
    fn the_unique_solution_is_the_first_and_only_one() {
        let puzzle = Puzzle::from_board(&leetcode_example().board()).unwrap();
        assert_eq!(puzzle.solutions(), Solutions::One);
        let solution = puzzle.unique_solution().unwrap();
        assert_eq!(Some(solution), puzzle.first_solution());
        assert!(puzzle.is_solved_by(&solution));
        let empty = Puzzle::from_cells([0; 81]).unwrap();
        assert_eq!(empty.solutions(), Solutions::Several);
        assert_eq!(empty.unique_solution(), Err(NotUnique::Several));
    }

    #[test]
    fn a_puzzle_without_a_solution_says_so() {
        // Row 1 holds 1-8 and column 9 holds a 9: cell (1, 9) has no candidate.
        let mut cells = [0; 81];
        cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[17] = 9;
        let puzzle = Puzzle::from_cells(cells).unwrap();
        assert_eq!(puzzle.solutions(), Solutions::None);
        assert_eq!(puzzle.first_solution(), None);
        assert_eq!(puzzle.unique_solution(), Err(NotUnique::NoSolution));
        assert_eq!(Solutions::None.capped_at_two(), 0);
        assert_eq!(Solutions::Several.capped_at_two(), 2);
    }
}
