//! The ladder: the exercises a learner climbs, in order, each with its
//! stub, its reference, its stages, its hints and its note.

use std::fmt;

use crate::judge::Entry;

/// One rung of the ladder.
#[derive(Debug)]
pub struct Exercise {
    /// One word, as in `practice start NAME`; the learner's file is `NAME.rs`.
    pub name: &'static str,
    /// What it asks, in one line.
    pub title: &'static str,
    /// The function the learner writes.
    pub entry: Entry,
    /// The stub, with `// en:` and `// zh:` comment lines (see
    /// [`super::render_stub`]).
    pub(super) stub: &'static str,
    /// The approach whose search the exercise asks for: its paste region is
    /// the reference solution (for the solver rungs), its nodes and time the
    /// yardstick.
    pub reference_approach: &'static str,
    /// Which stages the learner's code must pass, after compiling.
    pub stages: &'static [Stage],
    /// At most this many nodes per puzzle (or twice the reference's, if more),
    /// counted from the learner's `trace_place` calls.
    pub node_budget: Option<u64>,
    /// The note that explains the idea, from the repository's root.
    pub note: &'static str,
    /// The three hints, vaguest first: the concept, the suspicious pattern,
    /// the exact section of the note.
    pub hints: [&'static str; 3],
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

/// The ladder, in learning order.
pub const LADDER: &[Exercise] = &[
    Exercise {
        name: "box_of",
        title: "the box index: which 3x3 box holds (r, c)?",
        entry: Entry::BoxOf,
        stub: include_str!("../../practice/stubs/box_of.rs"),
        reference_approach: "bool_arrays",
        stages: &[Stage::Own],
        node_budget: None,
        note: "notes/practice.md#the-box-index",
        hints: [
            "Rows come in three bands of three, columns in three stacks of three; a box is one band crossed with one stack.",
            "Suspect `r / 3 + c / 3`: it gives 0..=4, and boxes 1 and 3 (top middle, middle left) get the same number.",
            "notes/practice.md#the-box-index: `r / 3 * 3 + c / 3`, the band counts three boxes.",
        ],
    },
    Exercise {
        name: "valid_sudoku",
        title: "can these digits stand together? (LeetCode 36, Valid Sudoku)",
        entry: Entry::IsValidSudoku,
        stub: include_str!("../../practice/stubs/valid_sudoku.rs"),
        reference_approach: "bool_arrays",
        stages: &[Stage::Own],
        node_budget: None,
        note: "notes/practice.md#can-this-digit-go-here",
        hints: [
            "Every digit is checked three times: against its row, its column and its box.",
            "Suspect a missing box check, a wrong box formula, or a blank '.' counted as a digit.",
            "notes/practice.md#can-this-digit-go-here",
        ],
    },
    Exercise {
        name: "one_blank",
        title: "one blank cell: which digit fits?",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/one_blank.rs"),
        reference_approach: "early_exit",
        stages: &[Stage::Own],
        node_budget: None,
        note: "notes/practice.md#can-this-digit-go-here",
        hints: [
            "Only one digit clashes with nothing in the blank's row, column and box.",
            "Suspect `'1'..'9'`, which never tries 9, or a check that forgets the box.",
            "notes/practice.md#can-this-digit-go-here",
        ],
    },
    Exercise {
        name: "one_undo",
        title: "a puzzle that needs exactly one undo",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/one_undo.rs"),
        reference_approach: "early_exit",
        stages: &[Stage::Own],
        node_budget: None,
        note: "notes/practice.md#a-search-that-gives-up",
        hints: [
            "The first digit that fits is not always right: when the next cell has no digit left, go back.",
            "Suspect a missing `board[r][c] = '.'` after a failed recursive call, or a `return false` inside the digit loop.",
            "notes/practice.md#a-search-that-gives-up",
        ],
    },
    Exercise {
        name: "template",
        title: "the solver: the backtracking template's three slots",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/template.rs"),
        reference_approach: "early_exit",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/interview.md#the-solution-to-write",
        hints: [
            "Parameters: what one call needs; end condition: when the board is full; choices: the digits that fit, each undone if it fails.",
            "Suspect the end condition (index == 81) placed after a filled-cell skip that indexes the board, or `return false` inside the loop.",
            "notes/interview.md#common-mistakes",
        ],
    },
    Exercise {
        name: "found_flag",
        title: "the classic shape: a void search and a found flag",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/found_flag.rs"),
        reference_approach: "scan_validate",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/scan_validate.md#pitfalls",
        hints: [
            "Without a return value, the only way to stop is a flag every level checks.",
            "Suspect the flag tested after the cell is blanked: the answer is wiped on the way back up.",
            "notes/scan_validate.md#pitfalls",
        ],
    },
    Exercise {
        name: "early_exit",
        title: "the classic shape: return bool, unwind at the first solution",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/early_exit.rs"),
        reference_approach: "early_exit",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/early_exit.md#pitfalls",
        hints: [
            "`true` travels up and ends every loop on the way; `false` means: undo and try the next digit.",
            "Suspect `return false` inside the digit loop, or a `return true` after it.",
            "notes/early_exit.md#pitfalls",
        ],
    },
    Exercise {
        name: "available_sets",
        title: "the classic shape: sets of free digits per unit",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/available_sets.rs"),
        reference_approach: "available_sets",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/available_sets.md#pitfalls",
        hints: [
            "A blank's choices are the digits free in its row, its column and its box at once.",
            "Suspect a digit taken out of a set and not put back on undo.",
            "notes/available_sets.md#pitfalls",
        ],
    },
    Exercise {
        name: "bool_arrays",
        title: "the classic shape: three used-digit tables",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/bool_arrays.rs"),
        reference_approach: "bool_arrays",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/bool_arrays.md#pitfalls",
        hints: [
            "rows[r][d], columns[c][d], boxes[b][d]: three lookups replace a scan that compares 24 cells.",
            "Suspect a table set on placing but not cleared on undo, or a digit index off by one (d - 1).",
            "notes/bool_arrays.md#pitfalls",
        ],
    },
    Exercise {
        name: "bitmask",
        title: "bitmask: one u16 per row, column and box",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/bitmask.rs"),
        reference_approach: "bitmask",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/bitmask.md#pitfalls",
        hints: [
            "A set of digits fits in nine bits; the free digits of a cell are one OR and one NOT away.",
            "Suspect a missing `& 0b1_1111_1111` after the NOT, or a bit set with `|=` but cleared with `^=` twice.",
            "notes/bitmask.md#pitfalls",
        ],
    },
    Exercise {
        name: "most_constrained",
        title: "the most-constrained cell: at most 1,000 nodes per puzzle",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/most_constrained.rs"),
        reference_approach: "most_constrained",
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        note: "notes/most_constrained.md#the-idea",
        hints: [
            "Branch where you have the fewest choices: a cell with one candidate is no guess at all.",
            "Suspect a search that still walks the blanks in reading order, or that forgets to stop at a cell with no candidate.",
            "notes/most_constrained.md#the-idea",
        ],
    },
    Exercise {
        name: "propagation",
        title: "propagation: naked and hidden singles before each guess",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/propagation.rs"),
        reference_approach: "propagation",
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        note: "notes/propagation.md#the-idea",
        hints: [
            "Fill what is forced first: a cell with one candidate, a digit with one place in a unit.",
            "Suspect a guess made on the shared grid instead of a copy, so a failed guess leaves its deductions behind.",
            "notes/propagation.md#pitfalls",
        ],
    },
    Exercise {
        name: "dancing_links",
        title: "Dancing Links: Knuth's Algorithm X on the exact cover",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../practice/stubs/dancing_links.rs"),
        reference_approach: "dancing_links",
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        note: "notes/dancing_links.md#the-idea",
        hints: [
            "Each cell, and each digit in each row, column and box, must be covered exactly once.",
            "Suspect the order of the uncover calls: the column covered last must be uncovered first (the walk inside uncover may go either way).",
            "notes/dancing_links.md#pitfalls",
        ],
    },
];

/// The exercise named `name`.
pub fn find(name: &str) -> Option<&'static Exercise> {
    LADDER.iter().find(|exercise| exercise.name == name)
}

/// The rung after `name`, if any.
pub fn next_after(name: &str) -> Option<&'static Exercise> {
    let position = LADDER.iter().position(|exercise| exercise.name == name)?;
    LADDER.get(position + 1)
}

/// A name that is no rung of the ladder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no exercise {name:?}: the ladder has {}", ladder_names().join(", "))]
pub struct NoExercise {
    pub name: String,
}

fn ladder_names() -> Vec<&'static str> {
    LADDER.iter().map(|exercise| exercise.name).collect()
}

/// The exercise named `name`, or an error that lists the ladder.
pub fn find_exercise(name: &str) -> Result<&'static Exercise, NoExercise> {
    find(name).ok_or_else(|| NoExercise {
        name: name.to_string(),
    })
}
