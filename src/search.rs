//! The one search: the first solution, a count up to a limit, and uniqueness.
//! The tool, the generator, the logic solver and the judge's expected answers
//! all ask these, and all go through the fastest approach's machinery,
//! `bitboard_simd` (its run-time dispatch picks the AVX2 copy where the CPU has
//! it, else its portable copy). The tests check the counter against a second,
//! independent one built on `propagation`.

use crate::approaches::bitboard_simd;
use crate::puzzle::{Cells, Puzzle};

/// The first solution of `puzzle` that the search finds, or `None` when it
/// has none.
pub fn first_solution(puzzle: &Puzzle) -> Option<Cells> {
    let mut cells = *puzzle.cells();
    bitboard_simd::solve_cells(&mut cells).then_some(cells)
}

/// Counts the solutions of `puzzle`, stopping once `limit` are found.
///
/// `count_solutions(&puzzle, 2)` answers 0 (no solution), 1 (unique) or 2 (two
/// or more). A board whose givens conflict is not a [`Puzzle`]: it has none,
/// and [`Puzzle::from_board`] says why.
pub fn count_solutions(puzzle: &Puzzle, limit: u64) -> u64 {
    bitboard_simd::count_solutions_cells(puzzle.cells(), limit)
}

/// The unique solution of `puzzle`, or how many it has: 0, or 2 meaning "two
/// or more".
pub fn unique_solution(puzzle: &Puzzle) -> Result<Cells, usize> {
    match count_solutions(puzzle, 2) {
        1 => first_solution(puzzle).ok_or(0),
        count => Err(count as usize),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{parse_line, Board};
    use crate::sets::leetcode_example;
    /// Counts a LeetCode board's solutions; one that is not a puzzle has none.
    fn count(board: &Board, limit: u64) -> u64 {
        Puzzle::from_board(board).map_or(0, |puzzle| count_solutions(&puzzle, limit))
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
    fn a_minimal_puzzle_with_a_clue_removed_has_several() {
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
    fn removing_a_clue_from_a_solved_grid_keeps_it_unique() {
        let mut board = leetcode_example().solution_board().unwrap();
        board[4][4] = '.';
        assert_eq!(count(&board, 2), 1);
    }

    #[test]
    fn the_unique_solution_is_the_first_and_only_one() {
        let puzzle = Puzzle::from_board(&leetcode_example().board()).unwrap();
        let solution = unique_solution(&puzzle).unwrap();
        assert_eq!(Some(solution), first_solution(&puzzle));
        assert!(puzzle.is_solved_by(&solution));
        let empty = Puzzle::from_cells([0; 81]).unwrap();
        assert_eq!(unique_solution(&empty), Err(2));
    }
}
