//! The ladder: the exercises a learner climbs, in order, each with its
//! stub, its reference, its stages, its hints and its note. What it says
//! (titles, notes, hints, in English and Chinese) is data, in
//! `practice/ladder.toml`; what it runs (the stub, the reference, the
//! stages) is here.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use serde::Deserialize;

use super::Language;
use crate::judge::Entry;
use sudoku37::approaches::{self, Approach};

/// The state an exercise's search keeps, which its hints speak of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Structure {
    /// The board itself, scanned for each digit.
    Scan,
    /// A set of free digits per row, column and box.
    Sets,
    /// A table of used digits per row, column and box.
    Tables,
    /// A mask of used digits per row, column and box.
    Masks,
    /// A grid of candidate masks, each guess made on a copy.
    Candidates,
    /// Dancing Links: columns and rows of an exact cover.
    Links,
    /// No search: a formula or a validity check.
    Formula,
}

/// One exercise of the ladder.
#[derive(Debug)]
pub struct Exercise {
    /// One word, as in `practice start NAME`; the learner's file is `NAME.rs`.
    pub name: &'static str,
    /// What it asks, in one line: in English, and in Chinese.
    pub title: &'static str,
    title_zh: &'static str,
    /// The function the learner writes.
    pub entry: Entry,
    /// The stub, with `// en:` and `// zh:` comment lines, one of which a
    /// rendered stub keeps.
    pub(super) stub: &'static str,
    /// The approach whose search the exercise asks for: its paste region is
    /// the reference solution (for the solver exercises), its nodes and time the
    /// yardstick.
    pub reference: &'static Approach,
    /// Which stages the learner's code must pass, after compiling.
    pub stages: &'static [Stage],
    /// At most this many nodes per puzzle (or twice the reference's, if more),
    /// counted from the learner's `trace_place` calls.
    pub node_budget: Option<u64>,
    /// Whether the stub asks for the trace hooks, `trace_place` and
    /// `trace_undo`: the checker then reads the search they record.
    pub hooks: bool,
    /// The state its search keeps, which its hints speak of.
    pub structure: Structure,
    /// The note that explains the idea, from the repository's root: the
    /// English one, and the Chinese.
    pub note: &'static str,
    note_zh: &'static str,
    /// The three hints before any check, vaguest first: the concept, the
    /// suspicious pattern, the exact section of the note; in English and in
    /// Chinese. After a check, the hints are its diagnosis's.
    pub hints: [&'static str; 3],
    hints_zh: [&'static str; 3],
}

impl Exercise {
    /// Its title in `language`.
    pub fn title_in(&self, language: Language) -> &'static str {
        match language {
            Language::English => self.title,
            Language::Chinese => self.title_zh,
        }
    }

    /// Its note in `language`.
    pub fn note_in(&self, language: Language) -> &'static str {
        match language {
            Language::English => self.note,
            Language::Chinese => self.note_zh,
        }
    }

    /// Its hints before any check, in `language`.
    pub fn hints_in(&self, language: Language) -> [&'static str; 3] {
        match language {
            Language::English => self.hints,
            Language::Chinese => self.hints_zh,
        }
    }

    /// Whether its search tries the digits of one cell in a loop: not
    /// propagation (forced digits, guesses on copies) nor Dancing Links
    /// (the rows of a column).
    pub fn digit_loop(&self) -> bool {
        !matches!(self.structure, Structure::Candidates | Structure::Links)
    }

    /// Its number: its place on the ladder, from 1.
    pub fn number(&self) -> usize {
        ladder()
            .iter()
            .position(|exercise| exercise.name == self.name)
            .map_or(0, |index| index + 1)
    }
}

/// A stage of `practice check`, smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The exercise's own small cases.
    Own,
    /// LeetCode's example.
    Example,
    /// A built-in graded set (its first puzzles).
    Graded(&'static str),
}

impl fmt::Display for Stage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Own => formatter.write_str("own cases"),
            Stage::Example => formatter.write_str("leetcode_example"),
            Stage::Graded(name) => formatter.write_str(name),
        }
    }
}

const SOLVER_STAGES: &[Stage] = &[
    Stage::Own,
    Stage::Example,
    Stage::Graded("graded_easy"),
    Stage::Graded("graded_hard"),
    Stage::Graded("graded_extreme"),
];

/// What an exercise runs: everything but its words.
struct Facts {
    name: &'static str,
    entry: Entry,
    stub: &'static str,
    reference: &'static Approach,
    stages: &'static [Stage],
    node_budget: Option<u64>,
    hooks: bool,
}

/// The exercises' code, in learning order; their words are `practice/ladder.toml`'s.
const FACTS: &[Facts] = &[
    Facts {
        name: "box_of",
        entry: Entry::BoxOf,
        stub: include_str!("../../../practice/stubs/box_of.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
    },
    Facts {
        name: "valid_sudoku",
        entry: Entry::IsValidSudoku,
        stub: include_str!("../../../practice/stubs/valid_sudoku.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
    },
    Facts {
        name: "one_blank",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/one_blank.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
    },
    Facts {
        name: "one_undo",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/one_undo.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: "template",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/template.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: "found_flag",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/found_flag.rs"),
        reference: &approaches::SCAN_VALIDATE,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: approaches::EARLY_EXIT.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/early_exit.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: approaches::AVAILABLE_SETS.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/available_sets.rs"),
        reference: &approaches::AVAILABLE_SETS,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: approaches::BOOL_ARRAYS.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/bool_arrays.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: approaches::BITMASK.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/bitmask.rs"),
        reference: &approaches::BITMASK,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
    },
    Facts {
        name: approaches::MOST_CONSTRAINED.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/most_constrained.rs"),
        reference: &approaches::MOST_CONSTRAINED,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
    },
    Facts {
        name: approaches::PROPAGATION.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/propagation.rs"),
        reference: &approaches::PROPAGATION,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
    },
    Facts {
        name: approaches::DANCING_LINKS.name,
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/dancing_links.rs"),
        reference: &approaches::DANCING_LINKS,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
    },
];

/// `practice/ladder.toml`, as read.
#[derive(Debug, Deserialize)]
pub(super) struct Words {
    exercise: Vec<ExerciseWords>,
    pub(super) hint: Vec<HintWords>,
    /// For each structure, words that belong to its code alone: a hint
    /// shown on an exercise holds none of another structure's (a test holds the
    /// hints to them).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) words: BTreeMap<String, Vec<String>>,
}

/// One exercise's words: English first, then Chinese.
#[derive(Debug, Deserialize)]
struct ExerciseWords {
    name: String,
    structure: Structure,
    title: [String; 2],
    note: [String; 2],
    hints: [[String; 2]; 3],
}

/// The hints of one diagnosis, for the structures listed (every one, when
/// none is): English first, then Chinese.
#[derive(Debug, Deserialize)]
pub(super) struct HintWords {
    pub(super) id: String,
    #[serde(default)]
    pub(super) structures: Vec<Structure>,
    pub(super) concept: [String; 2],
    pub(super) pattern: [String; 2],
    pub(super) section: [String; 2],
    pub(super) code: [String; 2],
}

/// The ladder's words, read from `practice/ladder.toml` (part of the
/// program: a file that does not parse fails the tests, not a learner).
pub(super) fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        toml::from_str(include_str!("../../../practice/ladder.toml"))
            .unwrap_or_else(|error| panic!("practice/ladder.toml: {error}"))
    })
}

/// The ladder, in learning order: each exercise's code with its words.
pub fn ladder() -> &'static [Exercise] {
    static LADDER: OnceLock<Vec<Exercise>> = OnceLock::new();
    LADDER.get_or_init(|| {
        let words = words();
        FACTS
            .iter()
            .map(|facts| {
                let said = words
                    .exercise
                    .iter()
                    .find(|exercise| exercise.name == facts.name)
                    .unwrap_or_else(|| {
                        panic!("practice/ladder.toml has no exercise {}", facts.name)
                    });
                Exercise {
                    name: facts.name,
                    title: &said.title[0],
                    title_zh: &said.title[1],
                    entry: facts.entry,
                    stub: facts.stub,
                    reference: facts.reference,
                    stages: facts.stages,
                    node_budget: facts.node_budget,
                    hooks: facts.hooks,
                    structure: said.structure,
                    note: &said.note[0],
                    note_zh: &said.note[1],
                    hints: [&said.hints[0][0], &said.hints[1][0], &said.hints[2][0]],
                    hints_zh: [&said.hints[0][1], &said.hints[1][1], &said.hints[2][1]],
                }
            })
            .collect()
    })
}

/// The exercise named `name`.
pub fn find(name: &str) -> Option<&'static Exercise> {
    ladder().iter().find(|exercise| exercise.name == name)
}

/// The exercise after `name`, if any.
pub fn next_after(name: &str) -> Option<&'static Exercise> {
    let position = ladder().iter().position(|exercise| exercise.name == name)?;
    ladder().get(position + 1)
}

/// A name that is no exercise of the ladder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no exercise {name:?}: the ladder has {}", ladder_names().join(", "))]
pub struct NoExercise {
    pub name: String,
}

fn ladder_names() -> Vec<&'static str> {
    ladder().iter().map(|exercise| exercise.name).collect()
}

/// The exercise named `name`, or an error that lists the ladder.
pub fn find_exercise(name: &str) -> Result<&'static Exercise, NoExercise> {
    find(name).ok_or_else(|| NoExercise {
        name: name.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_names_the_exercises_of_the_code_in_their_order() {
        let named: Vec<&str> = words()
            .exercise
            .iter()
            .map(|exercise| exercise.name.as_str())
            .collect();
        let coded: Vec<&str> = FACTS.iter().map(|facts| facts.name).collect();
        assert_eq!(named, coded);
        assert_eq!(ladder().len(), FACTS.len());
    }
}
