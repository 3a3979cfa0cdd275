//! The cases `judge` runs on: the puzzles of a set with exactly one
//! solution, as LeetCode promises, each with the solution it must come back
//! as.

use crate::approaches::{self, APPROACHES};
use crate::board::Board;
use crate::puzzle::Puzzle;
use crate::sets::PuzzleSet;
use crate::solve::{self, count_solutions};

/// The set every run starts with, as LeetCode's tests do.
pub const EXAMPLE_SET: &str = crate::sets::LEETCODE_EXAMPLE;

/// One puzzle to judge, with the solution it must come back as.
pub struct Case {
    pub line: usize,
    pub puzzle: Board,
    /// The same puzzle, validated, for the repository's approaches.
    pub valid: Puzzle,
    pub expected: Board,
}

/// A set ready to judge.
pub struct JudgedSet {
    pub name: String,
    pub cases: Vec<Case>,
    /// The puzzles of the set left out: conflicting givens, or not exactly
    /// one solution.
    pub left_out: usize,
}

/// Takes the first `limit` puzzles of a set with exactly one solution, as
/// LeetCode promises, and finds the solutions not written in the file. Other
/// puzzles are left out: [`JudgedSet::left_out`] counts them.
pub fn prepare(set: PuzzleSet, limit: Option<usize>) -> JudgedSet {
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
        let expected = match puzzle.solution_board() {
            Some(solution) => Some(solution),
            None if count_solutions(&valid, 2) == 1 => solve::run(reference, &valid)
                .ok()
                .map(|solved| solved.solution),
            None => None,
        };
        match expected {
            Some(expected) => cases.push(Case {
                line: puzzle.line,
                puzzle: puzzle.board(),
                valid,
                expected,
            }),
            None => left_out += 1,
        }
    }
    JudgedSet {
        name: set.name,
        cases,
        left_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board;
    use crate::sets;

    #[test]
    fn only_puzzles_with_exactly_one_solution_are_judged_and_missing_solutions_are_found() {
        let example = sets::leetcode_example();
        let puzzle = board::to_line(&example.board());
        let solution = board::to_line(&example.solution_board().expect("known"));
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
            assert_eq!(Some(&case.expected), example.solution_board().as_ref());
        }
        assert_eq!(prepare(set, Some(1)).cases.len(), 1);
    }
}
