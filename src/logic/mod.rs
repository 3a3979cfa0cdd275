//! A logic solver: the techniques a person uses, simplest first, every step
//! recorded, and a rating on HoDoKu's public ladder.
//!
//! This is a study aid beside the approaches, not a LeetCode submission: it
//! explains *why* each digit goes where it goes, and rates a puzzle by the
//! hardest technique a person needs and by the sum of the steps' scores.
//!
//! **The loop.** The techniques are tried in [`Technique::ORDER`] (HoDoKu's
//! order). The first one that applies is applied with *every* instance it has
//! in the current position, then the search starts again from the simplest.
//! Applying all instances at once, rather than the first one found in reading
//! order, makes the path depend only on the position, not on how its digits
//! are labelled or its rows and columns ordered: a puzzle and any symmetric
//! copy of it get the same level and score.
//!
//! **Scores and levels.** Each technique has HoDoKu's base score and level
//! (from `Options.solverSteps` in HoDoKu's source, as transcribed in the
//! hodoku-py package's `hodoku/core/scoring.py`); see [`Technique::score`].
//! A step scores its technique's base score; chain techniques (X-Chain,
//! XY-Chain, AIC), which find the eliminations of all the shortest chains in
//! one search, score once per round, as does a guess. The level is the
//! highest level of any technique used, raised while the score is above that
//! level's ceiling ([`Level::ceiling`]).
//!
//! **Pictures.** Every step names the candidates of its pattern and the
//! units it reasons in ([`Step::pattern`], [`Step::houses`]), so that
//! [`picture`] can draw it on its position and [`page`] can play a whole
//! solve (`sudoku37 explain --svg` and `--html`).

// Units, rows and columns are numbered, and the numbers name them in the
// steps' text, so index loops read best here.
#![allow(clippy::needless_range_loop)]

mod chains;
mod find;
pub mod page;
pub mod picture;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::puzzle::{Cells, Puzzle};

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

/// A position: the digits placed and the candidates left in every empty cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grid {
    values: [u8; 81],
    /// Candidates of each empty cell (bit `d - 1` for digit `d`); 0 for a
    /// filled cell.
    cands: [u16; 81],
}

impl Grid {
    /// The position of a puzzle: its givens, and every digit no given rules
    /// out as a candidate.
    pub fn new(puzzle: &Puzzle) -> Grid {
        let mut grid = Grid {
            values: [0; 81],
            cands: [0x1ff; 81],
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                grid.place(cell, digit);
            }
        }
        grid
    }

    /// A position from its placed digits and the candidate digits of each
    /// empty cell (for worked examples and tests). Candidates of filled cells
    /// are ignored.
    pub fn from_candidates(values: Cells, candidates: [u16; 81]) -> Grid {
        let mut cands = candidates;
        for cell in 0..81 {
            if values[cell] != 0 {
                cands[cell] = 0;
            }
        }
        Grid { values, cands }
    }

    /// The digit in a cell, 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidate mask of a cell (0 for a filled cell).
    pub fn candidates(&self, cell: usize) -> u16 {
        self.cands[cell]
    }

    /// The placed digits, 0 for empty cells.
    pub fn values(&self) -> Cells {
        self.values
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell] & bit(digit) != 0
    }

    fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for other in 0..81 {
            if sees(cell, other) {
                self.cands[other] &= !bit(digit);
            }
        }
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&digit| digit != 0)
    }

    /// Whether the position is impossible: an empty cell without candidates,
    /// or a digit with no place left in some unit.
    pub fn is_broken(&self) -> bool {
        if (0..81).any(|cell| self.values[cell] == 0 && self.cands[cell] == 0) {
            return true;
        }
        UNITS.iter().any(|unit| {
            let mut seen = 0u16;
            for &cell in unit {
                seen |= self.cands[cell];
                if self.values[cell] != 0 {
                    seen |= bit(self.values[cell]);
                }
            }
            seen != 0x1ff
        })
    }

    /// The positions (0-8 within the unit) of `digit`'s candidates in a unit.
    pub(crate) fn places(&self, unit: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (k, &cell) in UNITS[unit].iter().enumerate() {
            if self.has(cell, digit) {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// Applies a step's placements and eliminations; false if one of them
    /// does not fit the position (a contradiction).
    fn apply(&mut self, step: &Step) -> bool {
        for &(cell, digit) in &step.removed {
            self.cands[cell] &= !bit(digit);
        }
        for &(cell, digit) in &step.placed {
            if self.values[cell] != 0 || !self.has(cell, digit) {
                return false;
            }
            self.place(cell, digit);
        }
        true
    }

    /// The position drawn like [`crate::board::format_grid`], each empty
    /// cell showing its candidates.
    pub fn candidate_grid(&self) -> String {
        let cell_text = |cell: usize| -> String {
            match self.values[cell] {
                0 => digits(self.cands[cell])
                    .map(|digit| char::from(b'0' + digit))
                    .collect(),
                digit => digit.to_string(),
            }
        };
        let widths: Vec<usize> = (0..9)
            .map(|column| {
                (0..9)
                    .map(|row| cell_text(row * 9 + column).len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let mut rule = String::from("+");
        for stack in 0..3 {
            let width: usize = (0..3).map(|k| widths[stack * 3 + k] + 1).sum::<usize>() + 1;
            rule.push_str(&"-".repeat(width));
            rule.push('+');
        }
        let mut text = String::new();
        for row in 0..9 {
            if row % 3 == 0 {
                text.push_str(&rule);
                text.push('\n');
            }
            for column in 0..9 {
                if column % 3 == 0 {
                    text.push_str("| ");
                }
                let cell = cell_text(row * 9 + column);
                text.push_str(&format!("{cell:<width$} ", width = widths[column]));
            }
            text.push_str("|\n");
        }
        text.push_str(&rule);
        text.push('\n');
        text
    }
}

/// HoDoKu's difficulty levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest score a puzzle of this level may have; above it, the
    /// puzzle moves up a level (HoDoKu's default difficulty levels).
    pub fn ceiling(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text)
            .ok_or_else(|| format!("unknown level {text:?}: easy, medium, hard, unfair or extreme"))
    }
}

/// A human technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    LockedPair,
    LockedTriple,
    Pointing,
    Claiming,
    NakedPair,
    NakedTriple,
    HiddenPair,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    BugPlusOne,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    WWing,
    XyWing,
    XyzWing,
    UniqueRectangle,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SimpleColors,
    XChain,
    XyChain,
    Aic,
    ForcingChain,
    Guess,
}

impl Technique {
    /// Every technique in the order they are tried: HoDoKu's order.
    pub const ORDER: [Technique; 34] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::SimpleColors,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::ForcingChain,
        Technique::Guess,
    ];

    /// The name used in `rate`'s output and JSON: lower case, no spaces.
    pub fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::LockedPair => "locked-pair",
            Technique::LockedTriple => "locked-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenPair => "hidden-pair",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::BugPlusOne => "bug-plus-1",
            Technique::TurbotFish => "turbot-fish",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::FinnedJellyfish => "finned-jellyfish",
            Technique::SimpleColors => "simple-colors",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string-kite",
            Technique::WWing => "w-wing",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::ForcingChain => "forcing-chain",
            Technique::Guess => "guess",
        }
    }

    /// The name people use, as `explain` writes it.
    pub fn title(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::LockedPair => "locked pair",
            Technique::LockedTriple => "locked triple",
            Technique::Pointing => "locked candidates (pointing)",
            Technique::Claiming => "locked candidates (claiming)",
            Technique::NakedPair => "naked pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenPair => "hidden pair",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::BugPlusOne => "BUG+1",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::UniqueRectangle => "Unique Rectangle (type 1)",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SimpleColors => "Simple Colors",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::WWing => "W-Wing",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "AIC",
            Technique::ForcingChain => "forcing chain",
            Technique::Guess => "guess",
        }
    }

    /// HoDoKu's base score for one step of this technique.
    pub fn score(self) -> u32 {
        match self {
            Technique::FullHouse | Technique::NakedSingle => 4,
            Technique::HiddenSingle => 14,
            Technique::LockedPair => 40,
            Technique::LockedTriple => 60,
            Technique::Pointing | Technique::Claiming => 50,
            Technique::NakedPair => 60,
            Technique::NakedTriple => 80,
            Technique::HiddenPair => 70,
            Technique::HiddenTriple => 100,
            Technique::NakedQuad => 120,
            Technique::HiddenQuad => 150,
            Technique::XWing => 140,
            Technique::Swordfish => 150,
            Technique::Jellyfish => 160,
            Technique::BugPlusOne | Technique::UniqueRectangle => 100,
            Technique::TurbotFish | Technique::EmptyRectangle => 120,
            Technique::FinnedXWing => 130,
            Technique::FinnedSwordfish => 200,
            Technique::FinnedJellyfish => 250,
            Technique::SimpleColors => 150,
            Technique::Skyscraper => 130,
            Technique::TwoStringKite => 150,
            Technique::WWing => 150,
            Technique::XyWing => 160,
            Technique::XyzWing => 180,
            Technique::XChain | Technique::XyChain => 260,
            Technique::Aic => 280,
            Technique::ForcingChain => 500,
            Technique::Guess => 10000,
        }
    }

    /// HoDoKu's level of this technique.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | NakedSingle | HiddenSingle => Level::Easy,
            LockedPair | LockedTriple | Pointing | Claiming | NakedPair | NakedTriple
            | HiddenPair | HiddenTriple => Level::Medium,
            NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | Skyscraper | TwoStringKite
            | WWing | XyWing | XyzWing | BugPlusOne | TurbotFish | EmptyRectangle
            | UniqueRectangle | FinnedXWing | SimpleColors => Level::Hard,
            FinnedSwordfish | FinnedJellyfish | XChain | XyChain | Aic => Level::Unfair,
            ForcingChain | Guess => Level::Extreme,
        }
    }

    /// Whether the technique relies on the puzzle having exactly one
    /// solution (it is used only when it does).
    pub fn needs_uniqueness(self) -> bool {
        matches!(self, Technique::BugPlusOne | Technique::UniqueRectangle)
    }

    /// Whether one search finds all of the technique's eliminations at once,
    /// so that a round scores once rather than once per instance.
    fn scores_per_round(self) -> bool {
        matches!(
            self,
            Technique::XChain | Technique::XyChain | Technique::Aic | Technique::Guess
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.title())
    }
}

/// One step: the technique, what it places and removes, and a sentence
/// saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// (cell, digit) placed.
    pub placed: Vec<(usize, u8)>,
    /// (cell, digit) candidates removed.
    pub removed: Vec<(usize, u8)>,
    /// (cell, digit) candidates that make the pattern: the pair of a naked
    /// pair, the corners of an X-Wing, the nodes of a chain. A picture of the
    /// step highlights them. Empty for a guess.
    pub pattern: Vec<(usize, u8)>,
    /// The units the step reasons in (rows 0-8, columns 9-17, boxes 18-26):
    /// the box of a hidden single, the base lines of a fish. A picture shades
    /// them.
    pub houses: Vec<usize>,
    /// E.g. `hidden single: 7 in box 5 -> r4c6`.
    pub text: String,
}

impl Step {
    pub(crate) fn placing(technique: Technique, cell: usize, digit: u8, text: String) -> Step {
        Step {
            technique,
            placed: vec![(cell, digit)],
            removed: Vec::new(),
            pattern: Vec::new(),
            houses: Vec::new(),
            text,
        }
    }

    pub(crate) fn removing(technique: Technique, removed: Vec<(usize, u8)>, why: String) -> Step {
        let text = format!("{why} removes {}", removals(&removed));
        Step {
            technique,
            placed: Vec::new(),
            removed,
            pattern: Vec::new(),
            houses: Vec::new(),
            text,
        }
    }

    /// The step with the candidates of its pattern (see [`Step::pattern`]).
    pub(crate) fn with_pattern(mut self, pattern: impl IntoIterator<Item = (usize, u8)>) -> Step {
        self.pattern = pattern.into_iter().collect();
        self
    }

    /// The step with the units it reasons in (see [`Step::houses`]).
    pub(crate) fn in_houses(mut self, houses: impl IntoIterator<Item = usize>) -> Step {
        self.houses = houses.into_iter().collect();
        self
    }
}

/// Every candidate of `digit`'s in `cells`, as pattern candidates.
pub(crate) fn with_digit(cells: &[usize], digit: u8) -> Vec<(usize, u8)> {
    cells.iter().map(|&cell| (cell, digit)).collect()
}

/// Every candidate of `cells` in `grid` whose digit is in `mask`, as pattern
/// candidates.
pub(crate) fn candidates_in(grid: &Grid, cells: &[usize], mask: u16) -> Vec<(usize, u8)> {
    cells
        .iter()
        .flat_map(|&cell| digits(grid.candidates(cell) & mask).map(move |digit| (cell, digit)))
        .collect()
}

/// `3 from r5c4, r8c9` (grouped by digit).
pub(crate) fn removals(removed: &[(usize, u8)]) -> String {
    let mut by_digit: BTreeMap<u8, Vec<usize>> = BTreeMap::new();
    for &(cell, digit) in removed {
        by_digit.entry(digit).or_default().push(cell);
    }
    by_digit
        .into_iter()
        .map(|(digit, mut cells)| {
            cells.sort_unstable();
            cells.dedup();
            format!("{digit} from {}", cell_list(cells))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Whether the solver may guess when no technique applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhenStuck {
    /// Place the solution's digit in every cell with the fewest candidates
    /// (HoDoKu's "brute force" step), and go on.
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
    /// The puzzle has no solution, or more than one, so guesses cannot be
    /// made from "the" solution.
    NotUnique {
        solutions: usize,
    },
}

/// The whole logic solve of a puzzle.
#[derive(Debug, Clone)]
pub struct Path {
    pub steps: Vec<Step>,
    /// How many rounds (batches) of each technique were applied.
    pub rounds: BTreeMap<Technique, u32>,
    pub end: End,
    /// The position where the solve ended.
    pub grid: Grid,
}

/// The unique solution, or how many there are (0 or 2, meaning "two or
/// more"): the one search of [`crate::solve`].
pub use crate::solve::unique_solution;

/// Solves a puzzle by logic, simplest technique first, recording each step.
pub fn solve(puzzle: &Puzzle, when_stuck: WhenStuck) -> Path {
    solve_up_to(puzzle, Level::Extreme, when_stuck)
}

/// Solves a puzzle as [`solve`] does with only the techniques of `hardest`
/// level or below (a guess is of extreme level).
pub fn solve_up_to(puzzle: &Puzzle, hardest: Level, when_stuck: WhenStuck) -> Path {
    let mut grid = Grid::new(puzzle);
    let mut steps = Vec::new();
    let mut rounds = BTreeMap::new();
    let mut solution: Option<Result<Cells, usize>> = None;
    loop {
        if grid.is_solved() {
            return Path {
                steps,
                rounds,
                end: End::Solved,
                grid,
            };
        }
        let mut found = Vec::new();
        for technique in Technique::ORDER {
            if technique.level() > hardest {
                break;
            }
            if technique.needs_uniqueness()
                && solution
                    .get_or_insert_with(|| unique_solution(puzzle))
                    .is_err()
            {
                continue;
            }
            if technique == Technique::Guess {
                if when_stuck == WhenStuck::Stop {
                    break;
                }
                let known = *solution.get_or_insert_with(|| unique_solution(puzzle));
                match known {
                    Ok(cells) => found = find::guess(&grid, &cells),
                    Err(solutions) => {
                        return Path {
                            steps,
                            rounds,
                            end: End::NotUnique { solutions },
                            grid,
                        }
                    }
                }
            } else {
                found = find::find(&grid, technique);
            }
            if !found.is_empty() {
                break;
            }
        }
        if found.is_empty() {
            return Path {
                steps,
                rounds,
                end: End::Stuck,
                grid,
            };
        }
        let technique = found[0].technique;
        *rounds.entry(technique).or_insert(0) += 1;
        for step in found {
            let fits = grid.apply(&step);
            steps.push(step);
            if !fits || grid.is_broken() {
                // Only a puzzle without a solution gets here.
                return Path {
                    steps,
                    rounds,
                    end: End::NotUnique { solutions: 0 },
                    grid,
                };
            }
        }
    }
}

impl Path {
    /// The line `explain` writes after the steps: how the solve ended (a
    /// solved puzzle's rating, or why it stopped).
    pub fn end_line(&self) -> String {
        match self.end {
            End::Solved => {
                let rating = self.rating();
                format!(
                    "solved: {} {} ({} steps)",
                    rating.level,
                    rating.score,
                    self.steps.len()
                )
            }
            End::Stuck => format!(
                "logic ran out with {} cells empty; the candidates left:",
                self.grid.values().iter().filter(|&&digit| digit == 0).count()
            ),
            End::NotUnique { solutions: 0 } => {
                "stopped: the puzzle has no solution; the position reached:".to_string()
            }
            End::NotUnique { .. } => "logic ran out, and the puzzle has more than one solution, so no guess is made; the candidates left:".to_string(),
        }
    }

    /// The position before each step, replayed from the puzzle.
    pub fn positions(&self, puzzle: &Puzzle) -> Vec<Grid> {
        let mut grid = Grid::new(puzzle);
        self.steps
            .iter()
            .map(|step| {
                let before = grid;
                grid.apply(step);
                before
            })
            .collect()
    }
}

/// A puzzle's rating: its level, score and the techniques it needed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub level: Level,
    pub score: u32,
    /// How many scored steps of each technique.
    pub counts: BTreeMap<Technique, u32>,
}

impl Path {
    /// The rating of this solve: the sum of the steps' scores, and the level
    /// of the hardest technique, raised while the score passes its ceiling.
    pub fn rating(&self) -> Rating {
        let mut counts = BTreeMap::new();
        for step in &self.steps {
            if !step.technique.scores_per_round() {
                *counts.entry(step.technique).or_insert(0) += 1;
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
    let path = solve(puzzle, WhenStuck::Guess);
    match path.end {
        End::Solved => Ok(path.rating()),
        End::NotUnique { solutions: 0 } => Err(RateError::NoSolution),
        End::NotUnique { .. } | End::Stuck => Err(RateError::NotUnique),
    }
}
