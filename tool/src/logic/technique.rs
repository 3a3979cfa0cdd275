//! The techniques, one row each in [`TECHNIQUES`]: the name `rate` writes,
//! the name people use, HoDoKu's score and level, and the finder that looks
//! for it. Adding a technique is writing its finder and adding its row.
//!
//! Scores and levels are HoDoKu's (`Options.solverSteps` in HoDoKu's source,
//! as transcribed in the hodoku-py package's `hodoku/core/scoring.py`).

use std::fmt;
use std::str::FromStr;

use super::candidates::Candidates;
use super::deduction::Deduction;
use super::find::{
    chains, coloring, fish, guess, intersections, single_digit, singles, subsets, uniqueness, wings,
};
use sudoku37::puzzle::Cells;

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

    pub(super) fn next(self) -> Level {
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

/// A human technique: the key of its row in [`TECHNIQUES`].
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

/// How many techniques there are: the guess is the last resort, so it is the
/// last variant, and the table below has one row per variant in order (the
/// check after it fails the build otherwise).
const COUNT: usize = Technique::Guess as usize + 1;

/// Everything the solver knows about one technique.
#[derive(Debug)]
pub struct TechniqueRow {
    pub technique: Technique,
    /// The name used in `rate`'s output and JSON: lower case, no spaces.
    pub id: &'static str,
    /// The name people use, as `explain` writes it.
    pub title: &'static str,
    /// HoDoKu's base score for one deduction (or one round, see [`Scoring`]).
    pub score: u32,
    /// HoDoKu's level of the technique.
    pub level: Level,
    pub scoring: Scoring,
    pub finder: Finder,
}

/// What a technique's score is counted for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Every deduction scores.
    PerStep,
    /// One search finds all of the technique's eliminations at once, so a
    /// round (the deductions found together) scores once.
    PerRound,
}

/// A technique's finder: every instance of the technique in a position that
/// places or removes something, as deductions.
#[derive(Debug, Clone, Copy)]
pub enum Finder {
    /// Reads the position alone.
    Logic(fn(&Candidates) -> Vec<Deduction>),
    /// Reads the position, but its reasoning holds only when the puzzle has
    /// exactly one solution (BUG+1, Unique Rectangle); used only then.
    AssumesUnique(fn(&Candidates) -> Vec<Deduction>),
    /// Takes digits from the puzzle's unique solution: a guess, made only
    /// when the solver may guess.
    FromSolution(fn(&Candidates, &Cells) -> Vec<Deduction>),
}

/// Every technique, one row each, in the order the solver tries them:
/// HoDoKu's order, which is also the order of [`Technique`]'s variants.
pub static TECHNIQUES: [TechniqueRow; COUNT] = TABLE;

// The table is written as a `const` so that `Technique::ORDER` and the check
// below can read it at compile time (a `const` may not read a `static` before
// Rust 1.83); `TECHNIQUES` above is the one copy the program uses.
#[rustfmt::skip]
const TABLE: [TechniqueRow; COUNT] = {
    use Finder::{AssumesUnique, FromSolution, Logic};
    use Level::{Easy, Extreme, Hard, Medium, Unfair};
    use Scoring::{PerRound, PerStep};
    use Technique::*;
    [
        //  technique        id                  title                           score  level    scoring   finder
        row(FullHouse,       "full-house",       "full house",                        4, Easy,    PerStep,  Logic(singles::full_houses)),
        row(NakedSingle,     "naked-single",     "naked single",                      4, Easy,    PerStep,  Logic(singles::naked_singles)),
        row(HiddenSingle,    "hidden-single",    "hidden single",                    14, Easy,    PerStep,  Logic(singles::hidden_singles)),
        row(LockedPair,      "locked-pair",      "locked pair",                      40, Medium,  PerStep,  Logic(subsets::locked_pairs)),
        row(LockedTriple,    "locked-triple",    "locked triple",                    60, Medium,  PerStep,  Logic(subsets::locked_triples)),
        row(Pointing,        "pointing",         "locked candidates (pointing)",     50, Medium,  PerStep,  Logic(intersections::pointing)),
        row(Claiming,        "claiming",         "locked candidates (claiming)",     50, Medium,  PerStep,  Logic(intersections::claiming)),
        row(NakedPair,       "naked-pair",       "naked pair",                       60, Medium,  PerStep,  Logic(subsets::naked_pairs)),
        row(NakedTriple,     "naked-triple",     "naked triple",                     80, Medium,  PerStep,  Logic(subsets::naked_triples)),
        row(HiddenPair,      "hidden-pair",      "hidden pair",                      70, Medium,  PerStep,  Logic(subsets::hidden_pairs)),
        row(HiddenTriple,    "hidden-triple",    "hidden triple",                   100, Medium,  PerStep,  Logic(subsets::hidden_triples)),
        row(NakedQuad,       "naked-quad",       "naked quad",                      120, Hard,    PerStep,  Logic(subsets::naked_quads)),
        row(HiddenQuad,      "hidden-quad",      "hidden quad",                     150, Hard,    PerStep,  Logic(subsets::hidden_quads)),
        row(XWing,           "x-wing",           "X-Wing",                          140, Hard,    PerStep,  Logic(fish::x_wings)),
        row(Swordfish,       "swordfish",        "Swordfish",                       150, Hard,    PerStep,  Logic(fish::swordfish)),
        row(Jellyfish,       "jellyfish",        "Jellyfish",                       160, Hard,    PerStep,  Logic(fish::jellyfish)),
        row(BugPlusOne,      "bug-plus-1",       "BUG+1",                           100, Hard,    PerStep,  AssumesUnique(uniqueness::bug_plus_one)),
        row(Skyscraper,      "skyscraper",       "Skyscraper",                      130, Hard,    PerStep,  Logic(single_digit::skyscrapers)),
        row(TwoStringKite,   "2-string-kite",    "2-String Kite",                   150, Hard,    PerStep,  Logic(single_digit::two_string_kites)),
        row(TurbotFish,      "turbot-fish",      "Turbot Fish",                     120, Hard,    PerStep,  Logic(single_digit::turbot_fish)),
        row(EmptyRectangle,  "empty-rectangle",  "Empty Rectangle",                 120, Hard,    PerStep,  Logic(single_digit::empty_rectangles)),
        row(WWing,           "w-wing",           "W-Wing",                          150, Hard,    PerStep,  Logic(wings::w_wings)),
        row(XyWing,          "xy-wing",          "XY-Wing",                         160, Hard,    PerStep,  Logic(wings::xy_wings)),
        row(XyzWing,         "xyz-wing",         "XYZ-Wing",                        180, Hard,    PerStep,  Logic(wings::xyz_wings)),
        row(UniqueRectangle, "unique-rectangle", "Unique Rectangle (type 1)",       100, Hard,    PerStep,  AssumesUnique(uniqueness::unique_rectangles)),
        row(FinnedXWing,     "finned-x-wing",    "Finned X-Wing",                   130, Hard,    PerStep,  Logic(fish::finned_x_wings)),
        row(FinnedSwordfish, "finned-swordfish", "Finned Swordfish",                200, Unfair,  PerStep,  Logic(fish::finned_swordfish)),
        row(FinnedJellyfish, "finned-jellyfish", "Finned Jellyfish",                250, Unfair,  PerStep,  Logic(fish::finned_jellyfish)),
        row(SimpleColors,    "simple-colors",    "Simple Colors",                   150, Hard,    PerStep,  Logic(coloring::simple_colors)),
        row(XChain,          "x-chain",          "X-Chain",                         260, Unfair,  PerRound, Logic(chains::x_chains)),
        row(XyChain,         "xy-chain",         "XY-Chain",                        260, Unfair,  PerRound, Logic(chains::xy_chains)),
        row(Aic,             "aic",              "AIC",                             280, Unfair,  PerRound, Logic(chains::aics)),
        row(ForcingChain,    "forcing-chain",    "forcing chain",                   500, Extreme, PerStep,  Logic(chains::forcing_chains)),
        row(Guess,           "guess",            "guess",                         10000, Extreme, PerRound, FromSolution(guess::guess)),
    ]
};

const fn row(
    technique: Technique,
    id: &'static str,
    title: &'static str,
    score: u32,
    level: Level,
    scoring: Scoring,
    finder: Finder,
) -> TechniqueRow {
    TechniqueRow {
        technique,
        id,
        title,
        score,
        level,
        scoring,
        finder,
    }
}

// Row `k` of the table is the row of the technique whose variant is `k`.
const _: () = {
    let mut index = 0;
    while index < COUNT {
        assert!(TABLE[index].technique as usize == index);
        index += 1;
    }
};

impl Technique {
    /// Every technique in the order they are tried: HoDoKu's order.
    pub const ORDER: [Technique; COUNT] = {
        let mut order = [Technique::FullHouse; COUNT];
        let mut index = 0;
        while index < COUNT {
            order[index] = TABLE[index].technique;
            index += 1;
        }
        order
    };

    /// The technique's row in [`TECHNIQUES`].
    pub fn row(self) -> &'static TechniqueRow {
        &TECHNIQUES[self as usize]
    }

    /// The name used in `rate`'s output and JSON: lower case, no spaces.
    pub fn id(self) -> &'static str {
        self.row().id
    }

    /// The name people use, as `explain` writes it.
    pub fn title(self) -> &'static str {
        self.row().title
    }

    /// HoDoKu's base score for one deduction (or one round) of this technique.
    pub fn score(self) -> u32 {
        self.row().score
    }

    /// HoDoKu's level of this technique.
    pub fn level(self) -> Level {
        self.row().level
    }

    /// Whether a round of this technique scores once rather than once per
    /// deduction.
    pub(crate) fn scores_per_round(self) -> bool {
        self.row().scoring == Scoring::PerRound
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.title())
    }
}
