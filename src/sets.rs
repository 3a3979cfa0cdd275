//! Puzzle sets: files of puzzles, the project's own built-in ones, and the
//! public sets read at run time from a data folder.
//!
//! A set file is read by the record rules of [`crate::text`], like any other
//! input: typically one puzzle per line as 81 characters, optionally followed
//! by white space and its known unique solution. Blank lines and lines
//! starting with `#` are ignored, so files can say where they came from.
//!
//! The public sets (17-clue, top95, ...) are third-party data and are never
//! part of this repository: [`shared_data_dir`] finds them at run time.

use std::path::PathBuf;

use thiserror::Error;

use crate::board::{self, Board};
use crate::puzzle::{Cells, Puzzle, PuzzleError};
use crate::text::{self, ParseError};

/// One entry of a set: a puzzle's cells, the line they came from and the
/// solution written after them, if any. The cells are well-formed (81
/// digits and blanks) but the givens may conflict, as in sets made to test
/// that case: [`SetEntry::puzzle`] makes the validated [`Puzzle`], or says
/// why it cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetEntry {
    /// 1-based line number in the set's file.
    pub line: usize,
    /// The puzzle's cells (`0` for a blank).
    pub cells: Cells,
    /// The puzzle's solution, where it is known to be unique.
    pub solution: Option<Cells>,
}

impl SetEntry {
    /// The puzzle in LeetCode's form, as `solve_sudoku` takes it.
    pub fn board(&self) -> Board {
        board::from_cells(&self.cells)
    }

    /// The solution in LeetCode's form, where it is known.
    pub fn solution_board(&self) -> Option<Board> {
        self.solution.as_ref().map(board::from_cells)
    }

    /// The board as a validated [`Puzzle`], or why its givens conflict.
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        Puzzle::from_cells(self.cells)
    }
}

/// A record of a set file that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}")]
pub struct LineError {
    pub line: usize,
    pub problem: ParseError,
}

/// A named list of puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleSet {
    pub name: String,
    pub puzzles: Vec<SetEntry>,
}

/// Reads a set file's text. Good records become puzzles; each bad one is
/// reported with its line number, and the rest are still read.
pub fn parse_set(text: &str) -> (Vec<SetEntry>, Vec<LineError>) {
    read_set(text.as_bytes())
}

/// [`parse_set`] on a stream of bytes (a file need not be UTF-8 throughout:
/// a line that is not is one bad record).
pub fn read_set(reader: impl std::io::BufRead) -> (Vec<SetEntry>, Vec<LineError>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for record in text::Records::new(reader) {
        match record.parsed {
            Ok(parsed) => puzzles.push(SetEntry {
                line: record.line,
                cells: parsed.cells,
                solution: parsed.solution,
            }),
            Err(problem) => errors.push(LineError {
                line: record.line,
                problem,
            }),
        }
    }
    (puzzles, errors)
}

/// The project's own sets, compiled into the binary so it runs from any folder.
/// Each file's header says how it was made.
const BUILTIN: &[(&str, &str)] = &[
    (
        "leetcode_example",
        include_str!("../puzzles/leetcode_example.txt"),
    ),
    (
        "one_empty_cell",
        include_str!("../puzzles/one_empty_cell.txt"),
    ),
    (
        "already_solved",
        include_str!("../puzzles/already_solved.txt"),
    ),
    ("blanked_rows", include_str!("../puzzles/blanked_rows.txt")),
    (
        "blanked_boxes",
        include_str!("../puzzles/blanked_boxes.txt"),
    ),
    (
        "blanked_diagonal",
        include_str!("../puzzles/blanked_diagonal.txt"),
    ),
    (
        "blanked_random",
        include_str!("../puzzles/blanked_random.txt"),
    ),
    ("graded_easy", include_str!("../puzzles/graded_easy.txt")),
    (
        "graded_medium",
        include_str!("../puzzles/graded_medium.txt"),
    ),
    ("graded_hard", include_str!("../puzzles/graded_hard.txt")),
    (
        "graded_unfair",
        include_str!("../puzzles/graded_unfair.txt"),
    ),
    (
        "graded_extreme",
        include_str!("../puzzles/graded_extreme.txt"),
    ),
];

/// LeetCode's example, the set every judge run starts with.
pub const LEETCODE_EXAMPLE: &str = "leetcode_example";

/// The built-in graded sets, easiest first: what `judge` runs on by default,
/// and, after LeetCode's example, what `compare` runs on.
pub const GRADED_SETS: [&str; 5] = [
    "graded_easy",
    "graded_medium",
    "graded_hard",
    "graded_unfair",
    "graded_extreme",
];

/// What `compare` runs on by default, and the benches: LeetCode's example,
/// then the [`GRADED_SETS`].
pub const COMPARED_SETS: [&str; 6] = {
    let mut names = [LEETCODE_EXAMPLE; 6];
    let mut index = 0;
    while index < GRADED_SETS.len() {
        names[index + 1] = GRADED_SETS[index];
        index += 1;
    }
    names
};

/// Names of the built-in sets, in order.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(name, _)| *name).collect()
}

/// One built-in set by name. The built-in files are checked by the tests, so
/// a bad line in them is a bug; it is left out here rather than panicking.
pub fn builtin(name: &str) -> Option<PuzzleSet> {
    let (name, text) = BUILTIN.iter().find(|(set, _)| *set == name)?;
    let (puzzles, _errors) = parse_set(text);
    Some(PuzzleSet {
        name: name.to_string(),
        puzzles,
    })
}

/// Every built-in set, in order.
pub fn builtin_sets() -> Vec<PuzzleSet> {
    builtin_names().into_iter().filter_map(builtin).collect()
}

/// LeetCode's example puzzle and its solution.
pub fn leetcode_example() -> SetEntry {
    builtin(LEETCODE_EXAMPLE)
        .and_then(|set| set.puzzles.into_iter().next())
        .expect("the built-in LeetCode example is present and well-formed")
}

/// The public puzzle sets, by name: third-party data, read at run time from
/// the folder [`shared_data_dir`] finds and never part of this repository
/// (`../shared/puzzles/SOURCES.md` says where each comes from). Code names a
/// public set through these constants, so a misspelt name does not compile.
pub mod public {
    use std::path::{Path, PathBuf};

    /// One public set: its name, and its file `NAME.txt` in a data folder.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PublicSet {
        name: &'static str,
    }

    impl PublicSet {
        /// The set's name, as `--set` takes it: `top95`.
        pub const fn name(self) -> &'static str {
            self.name
        }

        /// Its file's name in a data folder: `top95.txt`.
        pub fn file_name(self) -> String {
            format!("{}.txt", self.name)
        }

        /// Its file in the data folder `dir`.
        pub fn path_in(self, dir: &Path) -> PathBuf {
            dir.join(self.file_name())
        }
    }

    /// The first 40,000 of all 17-clue puzzles.
    pub const SEVENTEEN_CLUE: PublicSet = PublicSet { name: "17clue" };
    /// Project Euler's 50 easy puzzles, as Norvig used them.
    pub const EASY50: PublicSet = PublicSet { name: "easy50" };
    /// The Enjoy Sudoku forum's hardest puzzles, 375 of them.
    pub const HARDEST_FORUM_1106: PublicSet = PublicSet {
        name: "hardest_forum_1106",
    };
    /// Three puzzles with two solutions or more.
    pub const MULTIPLE_SOLUTIONS: PublicSet = PublicSet {
        name: "multiple_solutions",
    };
    /// Nine famous hard puzzles, named.
    pub const NAMED_HARDEST: PublicSet = PublicSet {
        name: "named_hardest",
    };
    /// Norvig's 11 "hardest".
    pub const NORVIG_HARDEST: PublicSet = PublicSet {
        name: "norvig_hardest",
    };
    /// Magictour's top 1465.
    pub const TOP1465: PublicSet = PublicSet { name: "top1465" };
    /// Norvig's top 95.
    pub const TOP95: PublicSet = PublicSet { name: "top95" };
    /// Eight puzzles without a solution.
    pub const UNSOLVABLE: PublicSet = PublicSet { name: "unsolvable" };

    /// Every public set, in name order.
    pub const ALL: [PublicSet; 9] = [
        SEVENTEEN_CLUE,
        EASY50,
        HARDEST_FORUM_1106,
        MULTIPLE_SOLUTIONS,
        NAMED_HARDEST,
        NORVIG_HARDEST,
        TOP1465,
        TOP95,
        UNSOLVABLE,
    ];
}

/// The environment variable that names a folder of public puzzle sets.
pub const DATA_ENV: &str = "SUDOKU37_DATA";

/// The folder `SUDOKU37_DATA` names, if it is set and not empty (an empty
/// value counts as unset).
pub fn data_env_dir() -> Option<PathBuf> {
    std::env::var_os(DATA_ENV)
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
}

/// Where the public puzzle sets are: the folder named by `SUDOKU37_DATA`, or
/// else `../shared/puzzles` beside this checkout, if it exists.
pub fn shared_data_dir() -> Option<PathBuf> {
    if let Some(dir) = data_env_dir() {
        return dir.is_dir().then_some(dir);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    beside.is_dir().then_some(beside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board;

    #[test]
    fn reads_puzzles_with_and_without_solutions_and_reports_bad_lines() {
        let example = leetcode_example();
        let puzzle = board::to_line(&example.board());
        let solution = board::to_line(&example.solution_board().unwrap());
        let text = format!(
            "# a comment\n\n{puzzle}\n{puzzle} {solution}\n12345\n{puzzle} {puzzle}\n{puzzle} a b\n"
        );
        let (puzzles, errors) = parse_set(&text);
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[0].line, 3);
        assert_eq!(puzzles[0].solution, None);
        assert_eq!(puzzles[1].solution, example.solution);
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            vec![
                "line 5: expected 81 cells, found 5 characters",
                "line 6: the second field is not a solution of the first",
                "line 7: expected a puzzle and at most its solution, found 3 fields",
            ]
        );
    }

    #[test]
    fn every_builtin_set_is_well_formed_and_not_empty() {
        for (name, text) in BUILTIN {
            let (puzzles, errors) = parse_set(text);
            assert_eq!(errors, vec![], "built-in set {name}");
            assert!(!puzzles.is_empty(), "built-in set {name} is empty");
        }
    }
}
