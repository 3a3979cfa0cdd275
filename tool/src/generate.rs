//! Making puzzles of the project's own: random solved grids, from which cells
//! are blanked or givens removed while the solution stays unique, graded by the
//! human techniques they need.
//!
//! **Grading.** A puzzle's level is its place on HoDoKu's ladder as the logic
//! solver rates it ([`crate::logic::rate`]): the hardest technique a person
//! needs, raised when the sum of the steps' scores passes that level's
//! ceiling. (Levels once came from the undos of `most_constrained`; those
//! depend on how the digits happen to be labelled, and hardly tracked human
//! difficulty. The effort is still measured and shown beside the rating.)
//!
//! Everything here is driven by a seeded [`ChaCha8Rng`], whose output is fixed
//! for a given seed across platforms and crate versions, so the files in
//! `puzzles/` can be made again exactly.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::ops::ControlFlow;

use thiserror::Error;

use crate::logic::{self, Level, Rating};
use sudoku37::approaches::{self, bitboard_simd, Approach};
use sudoku37::probe::{self, Effort};
use sudoku37::puzzle::{Cells, Puzzle};
use sudoku37::search::Solutions;

/// A random number generator that gives the same numbers for the same seed on
/// every machine.
pub fn seeded(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A random complete, valid grid.
///
/// The three boxes on the diagonal share no row or column, so each takes the
/// digits 1 to 9 in its own seeded order; the search completes the grid with
/// its guesses chosen as before a two-candidate cell's peers were weighed
/// ([`bitboard_simd::solve_cells_counting_each_peer_once`], so that a seed
/// still gives the grids it gave), and a last seeded digit order relabels
/// it, so that no digit keeps the places the search's own order (lowest
/// digit first) gives it.
pub fn random_solved_grid(rng: &mut impl Rng) -> Cells {
    let mut digit_order = || {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        digits
    };
    let mut cells = [0u8; 81];
    for corner in [0, 30, 60] {
        for (offset, digit) in digit_order().into_iter().enumerate() {
            cells[corner + offset / 3 * 9 + offset % 3] = digit;
        }
    }
    let mut completed = cells;
    let solved = bitboard_simd::solve_cells_counting_each_peer_once(&mut completed);
    assert!(solved, "any three diagonal boxes can be completed");
    let relabel = digit_order();
    completed.map(|digit| relabel[usize::from(digit) - 1])
}

/// A copy of `grid` with the cells for which `blank(row, column)` is true
/// blanked.
pub fn blank_where(grid: &Cells, blank: impl Fn(usize, usize) -> bool) -> Cells {
    let mut cells = *grid;
    for (index, cell) in cells.iter_mut().enumerate() {
        if blank(index / 9, index % 9) {
            *cell = 0;
        }
    }
    cells
}

/// The approach whose search effort each generated puzzle's comment shows,
/// beside its rating, to set backtracking effort against human difficulty.
pub const REFERENCE_APPROACH: &Approach = &approaches::MOST_CONSTRAINED;

/// What to generate: how many puzzles, from which seed, of which level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// How many puzzles.
    pub count: usize,
    /// The seed: the same spec gives the same puzzles.
    pub seed: u64,
    /// Stop removing givens at this many (the puzzle may keep more if no
    /// further given can go without losing uniqueness).
    pub min_givens: usize,
    /// Keep only puzzles of this level.
    pub level: Option<Level>,
    /// Give up after this many candidates, so a rare level cannot loop
    /// forever.
    pub max_attempts: usize,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            count: 1,
            seed: 0,
            min_givens: 17,
            level: None,
            max_attempts: 100_000,
        }
    }
}

/// One generated puzzle with its unique solution and rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Cells,
    pub givens: usize,
    /// The reference approach's effort on it.
    pub effort: Effort,
    /// The logic solver's rating: level, score and techniques.
    pub rating: Rating,
}

/// Why generation stopped short.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "found only {found} of {wanted} {}puzzles in {attempts} attempts",
    level.map_or(String::new(), |level| format!("{level} "))
)]
pub struct GenerateError {
    pub found: usize,
    pub wanted: usize,
    /// The level asked for, if any.
    pub level: Option<Level>,
    pub attempts: usize,
    /// What was found before giving up.
    pub partial: Vec<Generated>,
}

/// Generates puzzles with exactly one solution, as the spec asks.
///
/// Each candidate is a random solved grid from which givens are removed in a
/// random order, each removal kept only if the solution stays unique, until
/// `min_givens` remain or no given can go (a minimal puzzle). It is then rated
/// and kept if it has the level asked for.
pub fn generate(spec: &Spec) -> Result<Vec<Generated>, GenerateError> {
    let mut found = Vec::new();
    match generate_each(spec, |generated| {
        found.push(generated);
        ControlFlow::Continue(())
    }) {
        Ok(_) => Ok(found),
        Err(error) => Err(GenerateError {
            partial: found,
            ..error
        }),
    }
}

/// Generates puzzles as [`generate`] does, handing each to `each` as soon as
/// it is found, so that nothing is kept; `each` may stop early with
/// [`ControlFlow::Break`]. Returns how many were handed over; the error's
/// `partial` is empty.
pub fn generate_each(
    spec: &Spec,
    mut each: impl FnMut(Generated) -> ControlFlow<()>,
) -> Result<usize, GenerateError> {
    let mut rng = seeded(spec.seed);
    let mut found = 0;
    let mut attempts = 0;
    while found < spec.count {
        if attempts == spec.max_attempts {
            return Err(GenerateError {
                found,
                wanted: spec.count,
                level: spec.level,
                attempts,
                partial: Vec::new(),
            });
        }
        attempts += 1;
        let Some(candidate) = one_puzzle(&mut rng, spec.min_givens, spec.level) else {
            continue;
        };
        if spec.level.is_none() || spec.level == Some(candidate.rating.level) {
            found += 1;
            if each(candidate).is_break() {
                break;
            }
        }
    }
    Ok(found)
}

/// Whether cells taken from a valid grid have exactly one solution.
fn is_unique(cells: &Cells) -> bool {
    Puzzle::from_cells(*cells).is_ok_and(|puzzle| puzzle.solutions() == Solutions::One)
}

/// One minimal puzzle and its rating; `None` when it is found to be harder
/// than `wanted` (the rating then stops early, as harder techniques are
/// never tried).
fn one_puzzle(rng: &mut impl Rng, min_givens: usize, wanted: Option<Level>) -> Option<Generated> {
    let solution = random_solved_grid(rng);
    let mut puzzle = solution;
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let mut givens = 81;
    for index in order {
        if givens <= min_givens {
            break;
        }
        let digit = puzzle[index];
        puzzle[index] = 0;
        if is_unique(&puzzle) {
            givens -= 1;
        } else {
            puzzle[index] = digit;
        }
    }
    let valid = Puzzle::from_cells(puzzle).expect("a generated puzzle is valid");
    let rating = match wanted {
        Some(level) if level < Level::Extreme => {
            let walkthrough = logic::walk_through_up_to(&valid, level, logic::WhenStuck::Stop);
            if walkthrough.end != logic::End::Solved {
                return None;
            }
            walkthrough.rating()
        }
        _ => logic::rate(&valid).expect("a generated puzzle has exactly one solution"),
    };
    Some(Generated {
        rating,
        effort: reference_effort(&valid),
        puzzle: valid,
        solution,
        givens,
    })
}

/// The reference approach's effort on a puzzle.
fn reference_effort(puzzle: &Puzzle) -> Effort {
    let mut working = puzzle.to_board();
    let ((), effort) = probe::measure(|| (REFERENCE_APPROACH.solve)(&mut working));
    effort
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::grid::check_cells;

    #[test]
    fn solved_grids_are_valid_and_repeat_for_a_seed() {
        let first = random_solved_grid(&mut seeded(7));
        assert_eq!(check_cells(&[0; 81], &first), Ok(()));
        assert_eq!(random_solved_grid(&mut seeded(7)), first);
        assert_ne!(random_solved_grid(&mut seeded(8)), first);
    }

    #[test]
    fn solved_grids_differ_and_spread_every_digit_over_every_cell() {
        let grids: Vec<Cells> = (0..900)
            .map(|seed| random_solved_grid(&mut seeded(seed)))
            .collect();
        let mut distinct = grids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), grids.len());
        // Each cell holds each digit about 100 times in 900 grids. Without
        // the last relabelling, the search's lowest-digit-first order shows:
        // some cell then holds some digit 146 times, another only 59.
        let mut times = [[0u32; 9]; 81];
        for grid in &grids {
            assert_eq!(check_cells(&[0; 81], grid), Ok(()));
            for (cell, &digit) in grid.iter().enumerate() {
                times[cell][usize::from(digit) - 1] += 1;
            }
        }
        for (cell, times) in times.iter().enumerate() {
            for (digit, &count) in (1..).zip(times) {
                assert!(
                    (65..=135).contains(&count),
                    "cell {cell} held {digit} {count} times"
                );
            }
        }
    }

    #[test]
    fn generated_puzzles_are_unique_graded_and_repeat_for_a_seed() {
        let spec = Spec {
            count: 5,
            seed: 42,
            ..Spec::default()
        };
        let puzzles = generate(&spec).unwrap();
        assert_eq!(puzzles.len(), 5);
        for generated in &puzzles {
            let cells = generated.puzzle.cells();
            assert!(is_unique(cells));
            assert_eq!(check_cells(cells, &generated.solution), Ok(()));
            assert_eq!(generated.puzzle.blanks(), 81 - generated.givens);
            let rating = logic::rate(&generated.puzzle).unwrap();
            assert_eq!(generated.rating, rating);
            // Minimal: no given can go without losing uniqueness.
            for index in 0..81 {
                if cells[index] != 0 {
                    let mut fewer = *cells;
                    fewer[index] = 0;
                    assert!(!is_unique(&fewer));
                }
            }
        }
        assert_eq!(generate(&spec).unwrap(), puzzles);
        let other = generate(&Spec { seed: 43, ..spec }).unwrap();
        assert_ne!(other, puzzles);
    }

    #[test]
    fn min_clues_stops_removal_and_the_level_filters() {
        let spec = Spec {
            count: 3,
            seed: 1,
            min_givens: 40,
            level: Some(Level::Easy),
            ..Spec::default()
        };
        for generated in generate(&spec).unwrap() {
            assert_eq!(generated.givens, 40);
            assert_eq!(generated.rating.level, Level::Easy);
            assert!(is_unique(generated.puzzle.cells()));
        }
    }

    #[test]
    fn a_rare_level_gives_up_after_max_attempts() {
        let spec = Spec {
            count: 1,
            min_givens: 80,
            level: Some(Level::Extreme),
            max_attempts: 3,
            ..Spec::default()
        };
        let error = generate(&spec).unwrap_err();
        assert_eq!(error.attempts, 3);
        assert_eq!(
            error.to_string(),
            "found only 0 of 1 extreme puzzles in 3 attempts"
        );
    }

    #[test]
    fn the_message_names_a_level_only_when_one_was_asked_for() {
        let spec = Spec {
            count: 3,
            max_attempts: 2,
            ..Spec::default()
        };
        let error = generate(&spec).unwrap_err();
        assert_eq!(error.to_string(), "found only 2 of 3 puzzles in 2 attempts");
        assert_eq!(error.partial.len(), 2);
    }

    #[test]
    fn puzzles_are_handed_over_one_by_one_and_can_be_stopped() {
        let spec = Spec {
            count: usize::MAX,
            min_givens: 60,
            ..Spec::default()
        };
        let mut seen = 0;
        let found = generate_each(&spec, |_| {
            seen += 1;
            if seen == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(found, Ok(2));
    }

    #[test]
    fn levels_parse_by_their_names() {
        assert_eq!("unfair".parse(), Ok(Level::Unfair));
        assert!("hardest".parse::<Level>().is_err());
        assert_eq!(Level::ALL.len(), 5);
    }

    #[test]
    fn blanking_keeps_the_rest() {
        let grid = random_solved_grid(&mut seeded(1));
        let puzzle = blank_where(&grid, |row, _| row == 0);
        assert!(puzzle[..9].iter().all(|&cell| cell == 0));
        assert_eq!(puzzle[9..], grid[9..]);
    }
}
