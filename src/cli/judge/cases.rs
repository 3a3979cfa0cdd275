//! The sets `judge` runs on, LeetCode's example first, and their cases: the
//! puzzles with exactly one solution, as LeetCode promises, each with the
//! solution it must come back as.

use sudoku37::approaches::{self, APPROACHES};
use sudoku37::board::Board;
use sudoku37::sets::{self, PuzzleSet};
use sudoku37::{count_solutions, solve, Puzzle};

use super::{JudgeArgs, Stop};
use crate::cli::error::CliError;
use crate::cli::input::{self, Defaults, SetRequest};

/// The sets judged when none is named, after LeetCode's example.
const DEFAULT_SETS: [&str; 5] = [
    "graded_easy",
    "graded_medium",
    "graded_hard",
    "graded_unfair",
    "graded_extreme",
];

/// The set every run starts with, as LeetCode's tests do.
pub(super) const EXAMPLE_SET: &str = "leetcode_example";

/// One puzzle to judge, with the solution it must come back as.
pub(super) struct Case {
    pub(super) line: usize,
    pub(super) puzzle: Board,
    /// The same puzzle, validated, for the repository's approaches.
    pub(super) valid: Puzzle,
    pub(super) expected: Board,
}

/// A set ready to judge.
pub(super) struct JudgedSet {
    pub(super) name: String,
    pub(super) cases: Vec<Case>,
}

/// LeetCode's example, then the sets asked for (by the rules of the one
/// input door, `input.rs`, as in `compare`), or else the graded ones. Bad
/// records are listed on stderr, and then nothing is judged.
pub(super) fn choose_sets(arguments: &JudgeArgs) -> Result<Vec<PuzzleSet>, Stop> {
    let request = SetRequest {
        sets: &arguments.sets,
        files: &arguments.files,
        data: arguments.data.as_deref(),
    };
    let read = input::choose_sets(&request, Defaults::BuiltinOrData(&DEFAULT_SETS))?;
    // A judge's input must be whole: each problem is one `error:` line, and
    // nothing is judged.
    if let Some((last, before)) = read.problems.split_last() {
        for problem in before {
            say!("error: {problem}");
        }
        return Err(Stop::Error(last.clone()));
    }
    let sets = read.sets;
    let example = sets::builtin(EXAMPLE_SET)
        .ok_or_else(|| CliError::Missing(format!("the built-in set {EXAMPLE_SET}")))?;
    let mut chosen = vec![example];
    chosen.extend(sets.into_iter().filter(|set| set.name != EXAMPLE_SET));
    Ok(chosen)
}

/// Takes the first `limit` puzzles of a set with exactly one solution, as
/// LeetCode promises, and finds the solutions not written in the file. Other
/// puzzles are left out, and the count of them said on stderr.
pub(super) fn prepare(set: PuzzleSet, limit: Option<usize>) -> JudgedSet {
    let limit = limit.unwrap_or(usize::MAX);
    let reference = approaches::find(approaches::DEFAULT_APPROACH).unwrap_or(&APPROACHES[0]);
    let mut cases = Vec::new();
    let mut left_out = 0;
    for puzzle in set.puzzles {
        if cases.len() == limit {
            break;
        }
        // Conflicting givens: no solution at all.
        let Ok(valid) = puzzle.puzzle() else {
            left_out += 1;
            continue;
        };
        let expected = match puzzle.solution {
            Some(solution) => Some(solution),
            None if count_solutions(&valid, 2) == 1 => solve::run(reference, &valid)
                .ok()
                .map(|solved| solved.solution),
            None => None,
        };
        match expected {
            Some(expected) => cases.push(Case {
                line: puzzle.line,
                puzzle: puzzle.board,
                valid,
                expected,
            }),
            None => left_out += 1,
        }
    }
    if left_out > 0 {
        say!(
            "note: {left_out} puzzle(s) of {} left out: not exactly one solution, which LeetCode \
             guarantees",
            set.name
        );
    }
    JudgedSet {
        name: set.name,
        cases,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::board;

    #[test]
    fn only_puzzles_with_exactly_one_solution_are_judged_and_missing_solutions_are_found() {
        let example = sets::leetcode_example();
        let puzzle = board::to_line(&example.board);
        let solution = board::to_line(example.solution.as_ref().expect("known"));
        let conflicting = format!("55{}", &puzzle[2..]);
        let empty = ".".repeat(81);
        let text = format!("{puzzle}\n{conflicting}\n{empty}\n{puzzle} {solution}\n");
        let (puzzles, errors) = sets::parse_set(&text);
        assert!(errors.is_empty());
        let set = PuzzleSet {
            name: "mixed".to_string(),
            puzzles,
        };
        let judged = prepare(set.clone(), None);
        let lines: Vec<usize> = judged.cases.iter().map(|case| case.line).collect();
        assert_eq!(lines, vec![1, 4]);
        for case in &judged.cases {
            assert_eq!(Some(&case.expected), example.solution.as_ref());
        }
        assert_eq!(prepare(set, Some(1)).cases.len(), 1);
    }
}
