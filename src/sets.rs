//! Puzzle sets: files of one puzzle per line, the project's own built-in ones,
//! and the public sets read at run time from a data folder.
//!
//! A set file holds one puzzle per line as 81 characters (`.` or `0` for a
//! blank), optionally followed by white space and its known unique solution.
//! Blank lines and lines starting with `#` are ignored, so files can say where
//! they came from.
//!
//! The public sets (17-clue, top95, ...) are third-party data and are never
//! part of this repository: [`shared_data_dir`] finds them at run time.

use std::path::PathBuf;

use thiserror::Error;

use crate::board::{self, Board, CheckError, ParseError};

/// One puzzle of a set, with the line it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// 1-based line number in the set's file.
    pub line: usize,
    pub board: Board,
    /// The puzzle's solution, where it is known to be unique.
    pub solution: Option<Board>,
}

/// A line of a set file that is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {problem}")]
pub struct LineError {
    pub line: usize,
    pub problem: LineProblem,
}

/// What is wrong with a line of a set file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineProblem {
    #[error("{0}")]
    Puzzle(ParseError),
    #[error("the solution: {0}")]
    Solution(ParseError),
    #[error("the solution does not solve the puzzle: {0}")]
    WrongSolution(CheckError),
    #[error("expected a puzzle and at most a solution, found {found} fields")]
    TooManyFields { found: usize },
}

/// A named list of puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleSet {
    pub name: String,
    pub puzzles: Vec<Puzzle>,
}

/// Reads a set file's text. Good lines become puzzles; each bad line is
/// reported with its number, and the rest are still read.
pub fn parse_set(text: &str) -> (Vec<Puzzle>, Vec<LineError>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let line = index + 1;
        match parse_set_line(trimmed) {
            Ok((board, solution)) => puzzles.push(Puzzle {
                line,
                board,
                solution,
            }),
            Err(problem) => errors.push(LineError { line, problem }),
        }
    }
    (puzzles, errors)
}

/// Reads one line of a set file (not a comment): a puzzle, optionally
/// followed by its known solution.
pub fn parse_set_line(text: &str) -> Result<(Board, Option<Board>), LineProblem> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let puzzle = board::parse_line(fields[0]).map_err(LineProblem::Puzzle)?;
    match fields.len() {
        1 => Ok((puzzle, None)),
        2 => {
            let solution = board::parse_line(fields[1]).map_err(LineProblem::Solution)?;
            board::check_solution(&puzzle, &solution).map_err(LineProblem::WrongSolution)?;
            Ok((puzzle, Some(solution)))
        }
        found => Err(LineProblem::TooManyFields { found }),
    }
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
        "graded_hardest",
        include_str!("../puzzles/graded_hardest.txt"),
    ),
];

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
pub fn leetcode_example() -> Puzzle {
    builtin("leetcode_example")
        .and_then(|set| set.puzzles.into_iter().next())
        .expect("the built-in LeetCode example is present and well-formed")
}

/// The environment variable that names a folder of public puzzle sets.
pub const DATA_ENV: &str = "SUDOKU37_DATA";

/// Where the public puzzle sets are: the folder named by `SUDOKU37_DATA`, or
/// else `../shared/puzzles` beside this checkout, if it exists.
pub fn shared_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_ENV) {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    beside.is_dir().then_some(beside)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_puzzles_with_and_without_solutions_and_reports_bad_lines() {
        let example = leetcode_example();
        let puzzle = board::to_line(&example.board);
        let solution = board::to_line(example.solution.as_ref().unwrap());
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
                "line 6: the solution does not solve the puzzle: row 1, column 3 is still blank",
                "line 7: expected a puzzle and at most a solution, found 3 fields",
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
