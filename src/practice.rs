//! The practice ladder behind `sudoku37 practice`: the exercises a learner
//! climbs, in order, from the box index to Dancing Links, each with a stub to
//! start from, a reference that passes it, the stages that check it, three
//! hints and the note that explains it.
//!
//! This module holds what does not depend on the command line: the
//! [`LADDER`], rendering a stub in English or Chinese, each exercise's own
//! cases, [`classify`]ing a wrong answer into a [`Hint`] that says *why* it
//! is wrong, and the learner's small [`State`] file. Compiling and running the
//! learner's code is the command line's job (`src/cli/practice.rs`, through
//! the judge's driver and the one process runner).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::approaches;
use crate::board::{self, Board, BLANK};
use crate::grid::{self, Unit};
use crate::judge::Entry;
use crate::paste;
use crate::sets;

/// The environment variable naming the learner's folder (by default
/// `practice/mine`, which git ignores).
pub const DIR_ENV_NAME: &str = "SUDOKU37_PRACTICE_DIR";

/// One rung of the ladder.
#[derive(Debug)]
pub struct Exercise {
    /// One word, as in `practice start NAME`; the learner's file is `NAME.rs`.
    pub name: &'static str,
    /// What it asks, in one line.
    pub title: &'static str,
    /// The function the learner writes.
    pub entry: Entry,
    /// The stub, with `// en:` and `// zh:` comment lines (see [`render_stub`]).
    stub: &'static str,
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
        stub: include_str!("../practice/stubs/box_of.rs"),
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
        stub: include_str!("../practice/stubs/valid_sudoku.rs"),
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
        stub: include_str!("../practice/stubs/one_blank.rs"),
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
        stub: include_str!("../practice/stubs/one_undo.rs"),
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
        stub: include_str!("../practice/stubs/template.rs"),
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
        stub: include_str!("../practice/stubs/found_flag.rs"),
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
        stub: include_str!("../practice/stubs/early_exit.rs"),
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
        stub: include_str!("../practice/stubs/available_sets.rs"),
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
        stub: include_str!("../practice/stubs/bool_arrays.rs"),
        reference_approach: "bool_arrays",
        stages: SOLVER_STAGES,
        node_budget: None,
        note: "notes/bool_arrays.md#pitfalls",
        hints: [
            "rows[r][d], columns[c][d], boxes[b][d]: three lookups replace a scan of 27 cells.",
            "Suspect a table set on placing but not cleared on undo, or a digit index off by one (d - 1).",
            "notes/bool_arrays.md#pitfalls",
        ],
    },
    Exercise {
        name: "bitmask",
        title: "bitmask: one u16 per row, column and box",
        entry: Entry::SolveSudoku,
        stub: include_str!("../practice/stubs/bitmask.rs"),
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
        stub: include_str!("../practice/stubs/most_constrained.rs"),
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
        stub: include_str!("../practice/stubs/propagation.rs"),
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
        stub: include_str!("../practice/stubs/dancing_links.rs"),
        reference_approach: "dancing_links",
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        note: "notes/dancing_links.md#the-idea",
        hints: [
            "Each cell, and each digit in each row, column and box, must be covered exactly once.",
            "Suspect uncover not walking in exactly the reverse order of cover.",
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

/// The rung that teaches the approach `approach`, or the rung after it when
/// the approach is not a rung of its own: what to try after a solution like
/// it is accepted.
pub fn next_for_approach(approach: &str) -> Option<&'static Exercise> {
    let position = LADDER
        .iter()
        .rposition(|exercise| exercise.reference_approach == approach)?;
    LADDER.get(position + 1)
}

/// The idea that makes a search like `approach`'s faster, and its note: what
/// to try when a solution like it is too slow, or after it is accepted.
pub fn faster_idea(approach: &str) -> (&'static str, &'static str) {
    match approach {
        "most_constrained" => (
            "fill the forced digits before each guess (propagation)",
            "notes/propagation.md#the-idea",
        ),
        "propagation" | "dancing_links" | "bitboard" | "bitboard_simd" => (
            "one bit per digit and cell, with band deductions (bitboard)",
            "notes/bitboard.md#the-idea",
        ),
        _ => (
            "branch on the most-constrained cell (most_constrained)",
            "notes/most_constrained.md#the-idea",
        ),
    }
}

/// The comment language of a stub.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}

/// The stub of `exercise` with its comments in `language`: a line whose
/// comment starts `en:` or `zh:` is kept, without the tag, in its own
/// language and dropped in the other.
pub fn render_stub(exercise: &Exercise, language: Language) -> String {
    let (keep, drop) = match language {
        Language::English => ("en: ", "zh: "),
        Language::Chinese => ("zh: ", "en: "),
    };
    let mut text = format!(
        "// sudoku37 practice: {} ({})\n// Check it with `sudoku37 practice check {}`; `sudoku37 practice hint {}` when stuck.\n",
        exercise.name, exercise.title, exercise.name, exercise.name
    );
    for line in exercise.stub.lines() {
        let trimmed = line.trim_start();
        let comment = ["/// ", "// "]
            .into_iter()
            .find(|start| trimmed.starts_with(start));
        match comment {
            Some(start) if trimmed[start.len()..].starts_with(drop) => continue,
            Some(start) if trimmed[start.len()..].starts_with(keep) => {
                let indent = &line[..line.len() - trimmed.len()];
                text.push_str(&format!(
                    "{indent}{start}{}\n",
                    &trimmed[start.len() + keep.len()..]
                ));
            }
            _ => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

/// The reference solution of `exercise`, in the form a learner writes it:
/// for the solver rungs, the paste region of its approach with the node hook
/// turned into the driver's trace hooks.
pub fn reference_code(exercise: &Exercise) -> String {
    match exercise.entry {
        Entry::BoxOf => "impl Solution {\n    pub fn box_of(r: usize, c: usize) -> usize {\n        r / 3 * 3 + c / 3\n    }\n}\n".to_string(),
        Entry::IsValidSudoku => VALID_SUDOKU_REFERENCE.to_string(),
        Entry::SolveSudoku => {
            let approach = approaches::find(exercise.reference_approach)
                .unwrap_or(&approaches::APPROACHES[0]);
            traced_paste(approach.code)
        }
    }
}

const VALID_SUDOKU_REFERENCE: &str = "impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        let mut seen = [[[false; 9]; 9]; 3];
        for r in 0..9 {
            for c in 0..9 {
                let Some(d) = board[r][c].to_digit(10) else { continue };
                let d = d as usize - 1;
                let units = [r, c, r / 3 * 3 + c / 3];
                for (kind, &unit) in units.iter().enumerate() {
                    if seen[kind][unit][d] {
                        return false;
                    }
                    seen[kind][unit][d] = true;
                }
            }
        }
        true
    }
}
";

/// An approach's paste region with `probe::place(` and `probe::clear(` lines
/// turned into `trace_place(` and `trace_undo(`, and other hook lines dropped.
fn traced_paste(source: &str) -> String {
    let mut region = String::new();
    let mut inside = false;
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed == paste::START_MARKER {
            inside = true;
            continue;
        }
        if trimmed == paste::END_MARKER {
            break;
        }
        if !inside {
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        if let Some(rest) = trimmed.strip_prefix("probe::place(") {
            region.push_str(&format!("{indent}trace_place({rest}\n"));
        } else if let Some(rest) = trimmed.strip_prefix("probe::clear(") {
            region.push_str(&format!("{indent}trace_undo({rest}\n"));
        } else if !paste::is_hook_line(line) {
            region.push_str(line);
            region.push('\n');
        }
    }
    region
}

/// One case of an exercise's own stage.
#[derive(Debug, Clone)]
pub struct OwnCase {
    /// The input line the driver reads.
    pub input: String,
    /// What a correct answer is: the solved board, a box number, or a
    /// verdict.
    pub expected: String,
    /// The board the case is about (for drawing).
    pub board: Board,
    /// The two cells a `valid_sudoku` case or a `box_of` case is about.
    pub cells: Option<[(usize, usize); 2]>,
    /// For a clash: the unit the two cells share.
    pub unit: Option<Unit>,
}

/// The exercise's own cases.
pub fn own_cases(exercise: &Exercise) -> Vec<OwnCase> {
    match (exercise.entry, exercise.name) {
        (Entry::BoxOf, _) => box_of_cases(),
        (Entry::IsValidSudoku, _) => valid_sudoku_cases(),
        (_, "one_blank") => one_blank_cases(),
        (_, "one_undo") => vec![one_undo_case()],
        _ => {
            let mut cases = one_blank_cases();
            cases.truncate(2);
            cases.push(one_undo_case());
            cases
        }
    }
}

fn solver_case(puzzle: &Board, solution: &Board) -> OwnCase {
    OwnCase {
        input: board::to_line(puzzle),
        expected: board::to_line(solution),
        board: puzzle.clone(),
        cells: None,
        unit: None,
    }
}

/// Every cell, each with its box number.
fn box_of_cases() -> Vec<OwnCase> {
    (0..81)
        .map(|index| {
            let (r, c) = (index / 9, index % 9);
            OwnCase {
                input: format!("{r} {c}"),
                expected: (r / 3 * 3 + c / 3).to_string(),
                board: Vec::new(),
                cells: None,
                unit: None,
            }
        })
        .collect()
}

/// LeetCode's example; the solved example with one cell blanked in each box.
fn one_blank_cases() -> Vec<OwnCase> {
    let example = sets::leetcode_example();
    let solution = example.solution.unwrap_or_default();
    // One cell per box, on a diagonal pattern, so that every digit 1-9 and
    // every box is asked for.
    [
        (4, 4),
        (0, 0),
        (2, 7),
        (8, 8),
        (6, 1),
        (3, 5),
        (7, 3),
        (1, 4),
        (5, 6),
    ]
    .iter()
    .map(|&(r, c)| {
        let mut puzzle = solution.clone();
        if let Some(cell) = puzzle.get_mut(r).and_then(|row| row.get_mut(c)) {
            *cell = BLANK;
        }
        solver_case(&puzzle, &solution)
    })
    .collect()
}

/// The solved example with four cells blanked: reading-order backtracking
/// puts the wrong digit into the first blank once and must take it back.
fn one_undo_case() -> OwnCase {
    let example = sets::leetcode_example();
    let solution = example.solution.unwrap_or_default();
    let mut puzzle = solution.clone();
    for &(r, c) in ONE_UNDO_BLANKS {
        puzzle[r][c] = BLANK;
    }
    solver_case(&puzzle, &solution)
}

/// The blanks of [`one_undo_case`]: 4 and 5 both fit the top left cell at
/// first, and only the cell below its neighbour shows that 4 is wrong.
pub const ONE_UNDO_BLANKS: &[(usize, usize)] = &[(0, 0), (0, 2), (1, 2), (4, 0)];

/// LeetCode 36's two examples, then boards made from the example's solution:
/// valid with blanks, and with one clash in a row only, a column only and a
/// box only.
fn valid_sudoku_cases() -> Vec<OwnCase> {
    let example = sets::leetcode_example();
    let puzzle = example.board.clone();
    let solution = example.solution.unwrap_or_default();
    let mut cases = vec![valid_case(&puzzle, true, None)];
    // LeetCode 36's second example: the first 5 made an 8, which clashes
    // with the 8 below it in column 1 and in box 1.
    let mut second = puzzle.clone();
    second[0][0] = '8';
    cases.push(valid_case(&second, false, None));
    let mut sparse = solution.clone();
    for (index, row) in sparse.iter_mut().enumerate() {
        for (column, cell) in row.iter_mut().enumerate() {
            if (index * 9 + column) % 3 != 0 {
                *cell = BLANK;
            }
        }
    }
    cases.push(valid_case(&sparse, true, None));
    // Clashes that only one of the three checks sees, on an almost empty
    // board: two equal digits in one unit that share no other unit.
    let empty = vec![vec![BLANK; 9]; 9];
    for (unit, first, second) in [
        (Unit::Box(4), (3, 3), (5, 5)),
        (Unit::Row(2), (2, 0), (2, 8)),
        (Unit::Column(6), (0, 6), (8, 6)),
        (Unit::Box(2), (0, 8), (2, 6)),
    ] {
        let mut board = empty.clone();
        board[first.0][first.1] = '7';
        board[second.0][second.1] = '7';
        cases.push(valid_case(&board, false, Some((unit, [first, second]))));
    }
    // The same digit in different boxes of one band, and of one stack: valid.
    let mut board = empty.clone();
    board[0][0] = '4';
    board[4][4] = '4';
    board[8][8] = '4';
    cases.push(valid_case(&board, true, None));
    let mut board = empty;
    board[0][2] = '3';
    board[1][4] = '3';
    cases.push(valid_case(&board, true, None));
    cases
}

fn valid_case(board: &Board, valid: bool, clash: Option<(Unit, [(usize, usize); 2])>) -> OwnCase {
    let clash = clash.or_else(|| find_clash(board));
    OwnCase {
        input: board::to_line(board),
        expected: valid.to_string(),
        board: board.clone(),
        cells: clash.map(|(_, cells)| cells),
        unit: clash.map(|(unit, _)| unit),
    }
}

/// The first two cells (rows, then columns, then boxes) holding the same
/// digit in one unit, with that unit; blanks and anything but digits 1-9 are
/// ignored, so a board of any shape has none beyond its 9x9.
pub fn find_clash(board: &Board) -> Option<(Unit, [(usize, usize); 2])> {
    let digit = |(r, c): (usize, usize)| {
        board
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .filter(|cell| ('1'..='9').contains(cell))
    };
    for (unit, cells) in grid::units() {
        for (k, &first) in cells.iter().enumerate() {
            let Some(value) = digit(first) else { continue };
            if let Some(&second) = cells[k + 1..]
                .iter()
                .find(|&&other| digit(other) == Some(value))
            {
                return Some((unit, [first, second]));
            }
        }
    }
    None
}

/// Why an answer is wrong, as a learner needs to hear it: each kind points at
/// the idea to look at again and the section of a note that explains it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// rustc rejected the code.
    CompileError,
    /// A `todo!()` is still in the code.
    Unfinished,
    /// An index ran past 8.
    OutOfRange,
    /// A stack overflow, or a crash without a panic.
    EndlessRecursion,
    /// A full board with a digit twice in a box, rows and columns fine.
    BoxFormula,
    /// A full board with a digit twice in a row or a column.
    RowOrColumn,
    /// Consistent, but blanks left: the search gave up.
    GaveUp,
    /// A given was overwritten.
    GivensChanged,
    /// Something that is not a digit in a cell, or a misshapen board.
    NotADigit,
    /// `box_of` gave a wrong number.
    WrongBox,
    /// `is_valid_sudoku` missed a clash in a box.
    MissedBoxClash,
    /// `is_valid_sudoku` missed a clash in a row or a column.
    MissedLineClash,
    /// `is_valid_sudoku` called a valid board invalid.
    FalseClash,
    /// Correct so far, but over the time limit.
    TooSlow,
    /// Correct, but over the node budget.
    OverNodeBudget,
    /// The node budget needs `trace_place` calls, and there were none.
    NotTraced,
}

impl Hint {
    /// Why it happens and what to look at, in two or three sentences.
    pub fn why(self) -> &'static str {
        match self {
            Hint::CompileError => "rustc's first error is the one to read: the later ones often follow from it. The line numbers are your file's own.",
            Hint::Unfinished => "a todo!() is still in your code: replace it with the step its comment describes.",
            Hint::OutOfRange => "an index reached 9: `0..=9` or `for d in 0..10` used as a cell index runs one past the last row, column or digit. Rows, columns and boxes are 0..9; digits are '1'..='9'.",
            Hint::EndlessRecursion => "the search does not end on a small case: a call that skips a filled cell must move on to the next one (`index + 1`), and each call must fill a cell or stop. (Deep recursion overflows the stack; a call in tail position can also become an endless loop.)",
            Hint::BoxFormula => "the board is full and every row and column is fine, but a box holds a digit twice: the box check looks at the wrong cells. The box of (r, c) is `r / 3 * 3 + c / 3`, and its cells start at row `r / 3 * 3`, column `c / 3 * 3`.",
            Hint::RowOrColumn => "a row or a column holds a digit twice: the check that a digit can go here misses that line, or compares the wrong cells.",
            Hint::GaveUp => "the board is consistent but blanks are left: the search gave up on a solvable puzzle. Check the undo (`board[r][c] = '.'` after a failed call), the digit range (`'1'..='9'`, not `'1'..'9'`), and that `return false` comes after the digit loop, not inside it.",
            Hint::GivensChanged => "a given digit was overwritten: the search must skip filled cells and only write into blanks ('.').",
            Hint::NotADigit => "a cell holds something other than '1'-'9': write digits as chars, e.g. `(b'0' + d) as char` or `char::from_digit(d, 10)`.",
            Hint::WrongBox => "two cells that lie in different boxes got the same number: the row's band counts three boxes, the column's stack one, so `r / 3 * 3 + c / 3`.",
            Hint::MissedBoxClash => "the two marked cells share only a box, and your function said the board is valid: the box check is missing or looks at the wrong box.",
            Hint::MissedLineClash => "the two marked cells share a row or a column, and your function said the board is valid: that line's check is missing.",
            Hint::FalseClash => "your function called a valid board invalid: skip the blanks ('.'), and never compare a cell with itself.",
            Hint::TooSlow => "the answers are right but too slow for this stage: the search visits too many nodes. The idea below makes the search smaller; the ladder gets there rung by rung.",
            Hint::OverNodeBudget => "the answers are right but the search visits too many nodes: branch on the blank with the fewest candidates, and a cell with none means undo at once.",
            Hint::NotTraced => "this rung is judged by its node count, taken from `trace_place(r, c, d)` calls: call it where your search places a digit (and delete the calls before pasting into LeetCode).",
        }
    }

    /// The section of a note that explains it.
    pub fn section(self, exercise: &Exercise) -> &'static str {
        match self {
            Hint::CompileError => "notes/practice.md#compile-errors",
            Hint::Unfinished => "notes/practice.md#the-stub",
            Hint::OutOfRange => "notes/practice.md#ranges",
            Hint::EndlessRecursion => "notes/practice.md#a-search-that-never-ends",
            Hint::BoxFormula | Hint::WrongBox | Hint::MissedBoxClash => {
                "notes/practice.md#the-box-index"
            }
            Hint::RowOrColumn | Hint::MissedLineClash | Hint::FalseClash => {
                "notes/practice.md#can-this-digit-go-here"
            }
            Hint::GaveUp => "notes/practice.md#a-search-that-gives-up",
            Hint::GivensChanged => "notes/practice.md#givens-stay",
            Hint::NotADigit => "notes/practice.md#digits-are-chars",
            Hint::TooSlow => faster_idea(exercise.reference_approach).1,
            Hint::OverNodeBudget => exercise.note,
            Hint::NotTraced => "notes/practice.md#trace-hooks",
        }
    }
}

/// What a wrong board says about the code that left it: the hint, and the
/// two cells to mark (the clash), if any.
pub fn classify(puzzle: &Board, received: &Board) -> (Hint, Option<[(usize, usize); 2]>) {
    let well_formed = received.len() == 9 && received.iter().all(|row| row.len() == 9);
    if !well_formed
        || received
            .iter()
            .flatten()
            .any(|&cell| cell != BLANK && !('1'..='9').contains(&cell))
    {
        return (Hint::NotADigit, None);
    }
    let changed = (0..81)
        .map(|index| (index / 9, index % 9))
        .find(|&(r, c)| puzzle[r][c] != BLANK && received[r][c] != puzzle[r][c]);
    if let Some(cell) = changed {
        return (Hint::GivensChanged, Some([cell, cell]));
    }
    if let Some((unit, cells)) = find_clash(received) {
        let hint = match unit {
            Unit::Box(_) => Hint::BoxFormula,
            Unit::Row(_) | Unit::Column(_) => Hint::RowOrColumn,
        };
        return (hint, Some(cells));
    }
    // Well formed, givens kept, no clash: what is wrong is the blanks left
    // (a full board here would be a solution, never classified).
    (Hint::GaveUp, None)
}

/// What a panic message says about the code.
pub fn classify_panic(message: &str) -> Hint {
    if message.contains("not yet implemented") {
        Hint::Unfinished
    } else if message.contains("index out of bounds") || message.contains("overflow") {
        Hint::OutOfRange
    } else {
        Hint::EndlessRecursion
    }
}

/// The learner's progress, kept in a small text file beside their exercises:
/// `passed NAME` and `hint NAME LEVEL` lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct State {
    pub passed: BTreeSet<String>,
    pub hints: BTreeMap<String, u8>,
}

impl State {
    /// Reads the state file's text; lines it does not know are ignored.
    pub fn parse(text: &str) -> State {
        let mut state = State::default();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["passed", name] => {
                    state.passed.insert((*name).to_string());
                }
                ["hint", name, level] => {
                    if let Ok(level) = level.parse::<u8>() {
                        state.hints.insert((*name).to_string(), level.min(3));
                    }
                }
                _ => {}
            }
        }
        state
    }

    /// The state file's text.
    pub fn to_text(&self) -> String {
        let mut text =
            String::from("# sudoku37 practice: your progress (passed exercises, hint levels)\n");
        for name in &self.passed {
            text.push_str(&format!("passed {name}\n"));
        }
        for (name, level) in &self.hints {
            text.push_str(&format!("hint {name} {level}\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rung_has_a_unique_name_a_stub_and_a_known_approach() {
        let mut names = BTreeSet::new();
        for exercise in LADDER {
            assert!(names.insert(exercise.name), "{} twice", exercise.name);
            assert!(approaches::find(exercise.reference_approach).is_some());
            for language in [Language::English, Language::Chinese] {
                let stub = render_stub(exercise, language);
                assert!(stub.contains("todo!("), "{}", exercise.name);
                assert!(
                    !stub.contains("// en: ") && !stub.contains("// zh: "),
                    "{stub}"
                );
            }
        }
    }

    #[test]
    fn both_languages_give_the_same_code() {
        let code = |text: String| -> Vec<String> {
            text.lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(str::to_string)
                .collect()
        };
        for exercise in LADDER {
            assert_eq!(
                code(render_stub(exercise, Language::English)),
                code(render_stub(exercise, Language::Chinese)),
                "{}",
                exercise.name
            );
        }
    }

    #[test]
    fn the_references_call_the_trace_hooks_instead_of_the_probe() {
        let code = reference_code(find("most_constrained").expect("a rung"));
        assert!(code.contains("trace_place(") && code.contains("trace_undo("));
        assert!(!code.contains("probe::"));
    }

    #[test]
    fn a_full_board_with_a_repeated_digit_in_a_box_points_to_the_box_formula() {
        let example = sets::leetcode_example();
        let mut received = example.solution.expect("known");
        // Swap two cells of row 1 that lie in different boxes: rows stay
        // permutations, columns and boxes do not.
        received[0].swap(0, 3);
        let (hint, cells) = classify(&example.board, &received);
        assert_eq!(hint, Hint::GivensChanged, "{cells:?}");
        let solution = sets::leetcode_example().solution.expect("known");
        let mut wrong = solution.clone();
        // 5 3 4 | 6 7 8 | 9 1 2 and 6 7 2 | ... : swapping (1,0) with (2,0)
        // keeps column 1 a permutation and the box too; swapping within a
        // row across boxes breaks boxes and columns.
        wrong[2][2] = solution[2][5];
        wrong[2][5] = solution[2][2];
        let puzzle = vec![vec![BLANK; 9]; 9];
        let (hint, cells) = classify(&puzzle, &wrong);
        assert!(matches!(hint, Hint::RowOrColumn | Hint::BoxFormula));
        assert!(cells.is_some());
    }

    #[test]
    fn the_one_undo_case_needs_exactly_one_undo_from_reading_order_backtracking() {
        let case = one_undo_case();
        let puzzle = crate::Puzzle::from_board(&case.board).expect("valid");
        let approach = approaches::find("early_exit").expect("registered");
        let solved = crate::solve::run(approach, &puzzle).expect("solved");
        assert_eq!(solved.effort.undos, 1, "{:?}", solved.effort);
    }

    #[test]
    fn the_state_file_reads_back() {
        let mut state = State::default();
        state.passed.insert("box_of".to_string());
        state.hints.insert("template".to_string(), 2);
        assert_eq!(State::parse(&state.to_text()), state);
        assert_eq!(State::parse("nonsense\nhint x 9\n").hints["x"], 3);
    }
}
