//! A logic solver: the techniques a person uses, simplest first, every deduction
//! recorded, and a rating on HoDoKu's public ladder.
//!
//! This is a study aid beside the approaches, not a LeetCode submission: it
//! explains *why* each digit goes where it goes, and rates a puzzle by the
//! hardest technique a person needs and by the sum of the deductions' scores.
//!
//! **The loop.** The techniques are tried in the order of [`TECHNIQUES`]
//! (HoDoKu's order). The first one that applies is applied with *every*
//! instance it has in the current position, then the search starts again
//! from the simplest. Applying all instances at once, rather than the first
//! one found in reading order, makes the walkthrough depend only on the
//! position, not on how its digits are labelled or its rows and columns
//! ordered: a puzzle and any symmetric copy of it get the same level and
//! score.
//!
//! **Scores and levels.** Each technique has HoDoKu's base score and level
//! (from `Options.solverSteps` in HoDoKu's source, as transcribed in the
//! hodoku-py package's `hodoku/core/scoring.py`), in its row of
//! [`TECHNIQUES`]. A deduction scores its technique's base score; chain
//! techniques (X-Chain, XY-Chain, AIC), which find the eliminations of all
//! the shortest chains in one search, score once per round, as does a guess
//! ([`Scoring`]). The level is the highest level of any technique used,
//! raised while the score is above that level's ceiling ([`Level::ceiling`]).
//!
//! **Pictures.** Every deduction names the candidates of its pattern and the
//! units it reasons in ([`Deduction::pattern`], [`Deduction::units`]), so that
//! [`picture`] can draw it on its position and [`page`] can play a whole
//! walkthrough (`sudoku37 explain --svg` and `--html`).
//!
//! **Files.** `technique.rs` holds the table of techniques; `find/` their
//! finders, one file per family; `candidates.rs` the position they read;
//! `deduction.rs` what they return; `geometry.rs` cells, units and their names.
//! This file holds the loop and the rating.

// Units, rows and columns are numbered, and the numbers name them in the
// deductions' text, so index loops read best here.
#![allow(clippy::needless_range_loop)]

mod candidates;
mod deduction;
pub mod export;
mod find;
mod geometry;
pub mod page;
pub mod picture;
mod technique;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use sudoku37::puzzle::{Cells, Puzzle};
use sudoku37::search::NotUnique;

pub use candidates::Candidates;
pub use deduction::Deduction;
pub use technique::{Finder, Level, Scoring, Technique, TechniqueRow, TECHNIQUES};

/// Whether the solver may guess when no technique applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenStuck {
    /// Place the solution's digit in every cell with the fewest candidates
    /// (HoDoKu's "brute force" deduction), and go on.
    Guess,
    /// Stop and report where logic ran out.
    Stop,
}

/// How a logic solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Solved,
    /// No technique applied and guessing was not allowed.
    Stuck,
    /// The puzzle has no solution: a deduction broke the position, or a guess
    /// was due and there was no solution to take it from.
    NoSolution,
    /// The puzzle has more than one solution, so a guess cannot be taken
    /// from "the" solution.
    NotUnique,
}

/// The walkthrough of a puzzle: every deduction of its logic solve, and how the
/// solve ended.
#[derive(Debug, Clone)]
pub struct Walkthrough {
    pub deductions: Vec<Deduction>,
    /// How many rounds (batches) of each technique were applied.
    pub rounds: BTreeMap<Technique, u32>,
    pub end: End,
    /// The position where the solve ended.
    pub candidates: Candidates,
}

/// Solves a puzzle by logic, simplest technique first, recording each deduction.
pub fn walk_through(puzzle: &Puzzle, when_stuck: WhenStuck) -> Walkthrough {
    walk_through_up_to(puzzle, Level::Extreme, when_stuck)
}

/// Walks through a puzzle as [`walk_through`] does with only the techniques of `hardest`
/// level or below (a guess is of extreme level).
pub fn walk_through_up_to(puzzle: &Puzzle, hardest: Level, when_stuck: WhenStuck) -> Walkthrough {
    let mut candidates = Candidates::new(puzzle);
    let mut deductions = Vec::new();
    let mut rounds = BTreeMap::new();
    let mut solution: Option<Result<Cells, NotUnique>> = None;
    let end = 'solve: loop {
        if candidates.is_solved() {
            break End::Solved;
        }
        let mut found = Vec::new();
        for row in &TECHNIQUES {
            if row.level > hardest {
                break;
            }
            found = match row.finder {
                Finder::Logic(find) => find(&candidates),
                Finder::AssumesUnique(find) => {
                    if solution
                        .get_or_insert_with(|| puzzle.unique_solution())
                        .is_err()
                    {
                        continue;
                    }
                    find(&candidates)
                }
                Finder::FromSolution(find) => {
                    if when_stuck == WhenStuck::Stop {
                        break;
                    }
                    match *solution.get_or_insert_with(|| puzzle.unique_solution()) {
                        Ok(cells) => find(&candidates, &cells),
                        Err(NotUnique::NoSolution) => break 'solve End::NoSolution,
                        Err(NotUnique::Several) => break 'solve End::NotUnique,
                    }
                }
            };
            if !found.is_empty() {
                break;
            }
        }
        if found.is_empty() {
            break End::Stuck;
        }
        let technique = found[0].technique;
        *rounds.entry(technique).or_insert(0) += 1;
        for deduction in found {
            let fits = candidates.apply(&deduction);
            deductions.push(deduction);
            if !fits || candidates.is_broken() {
                // Only a puzzle without a solution gets here.
                break 'solve End::NoSolution;
            }
        }
    };
    Walkthrough {
        deductions,
        rounds,
        end,
        candidates,
    }
}

impl Walkthrough {
    /// The line `explain` writes after the deductions: how the solve ended (a
    /// solved puzzle's rating, or why it stopped).
    pub fn end_line(&self) -> String {
        match self.end {
            End::Solved => {
                let rating = self.rating();
                format!(
                    "solved: {} {} ({} steps)",
                    rating.level,
                    rating.score,
                    self.deductions.len()
                )
            }
            End::Stuck => format!(
                "logic ran out with {} cells empty; the candidates left:",
                self.candidates.values().iter().filter(|&&digit| digit == 0).count()
            ),
            End::NoSolution => {
                "stopped: the puzzle has no solution; the position reached:".to_string()
            }
            End::NotUnique => "logic ran out, and the puzzle has more than one solution, so no guess is made; the candidates left:".to_string(),
        }
    }

    /// The position before each deduction, replayed from the puzzle.
    pub fn positions(&self, puzzle: &Puzzle) -> Vec<Candidates> {
        let mut candidates = Candidates::new(puzzle);
        self.deductions
            .iter()
            .map(|deduction| {
                let before = candidates;
                candidates.apply(deduction);
                before
            })
            .collect()
    }

    /// The rating of this solve: the sum of the deductions' scores, and the level
    /// of the hardest technique, raised while the score passes its ceiling.
    pub fn rating(&self) -> Rating {
        let mut counts = BTreeMap::new();
        for deduction in &self.deductions {
            if !deduction.technique.scores_per_round() {
                *counts.entry(deduction.technique).or_insert(0) += 1;
            }
        }
        for (&technique, &rounds) in &self.rounds {
            if technique.scores_per_round() {
                counts.insert(technique, rounds);
            }
        }
        let score = counts
            .iter()
            .map(|(technique, count)| technique.score() * count)
            .sum();
        let mut level = counts
            .keys()
            .map(|technique| technique.level())
            .max()
            .unwrap_or(Level::Easy);
        while score > level.ceiling() {
            level = level.next();
        }
        Rating {
            level,
            score,
            counts,
        }
    }
}

/// A puzzle's rating: its level, score and the techniques it needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub level: Level,
    pub score: u32,
    /// How many scored deductions of each technique.
    pub counts: BTreeMap<Technique, u32>,
}

/// Why a puzzle cannot be rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("no solution")]
    NoSolution,
    #[error("more than one solution: a rating needs a unique one")]
    NotUnique,
}

/// Rates a puzzle: it must have exactly one solution.
pub fn rate(puzzle: &Puzzle) -> Result<Rating, RateError> {
    let walkthrough = walk_through(puzzle, WhenStuck::Guess);
    match walkthrough.end {
        End::Solved => Ok(walkthrough.rating()),
        End::NoSolution => Err(RateError::NoSolution),
        End::NotUnique | End::Stuck => Err(RateError::NotUnique),
    }
}
