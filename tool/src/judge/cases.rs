//! The cases `judge` runs on: the puzzles of a set with exactly one
//! solution, as LeetCode promises, each with the solution it must come back
//! as.

use thiserror::Error;

use sudoku37::approaches;
use sudoku37::board::Board;
use sudoku37::harness;
use sudoku37::puzzle::Puzzle;
use sudoku37::search::Solutions;
use sudoku37::sets::PuzzleSet;

/// The set every run starts with, as LeetCode's tests do.
pub const EXAMPLE_SET: &str = sudoku37::sets::LEETCODE_EXAMPLE;

/// One puzzle to judge, with the solution it must come back as.
pub struct Case {
    pub line: usize,
    /// The puzzle as LeetCode's board, as the program is given it.
    pub board: Board,
    /// The same puzzle, validated, for the repository's approaches.
    pub puzzle: Puzzle,
    /// Its one solution, which the answer must equal (LeetCode's "expected").
    pub solution: Board,
}

/// A set ready to judge.
pub struct JudgedSet {
    pub name: String,
    pub cases: Vec<Case>,
    /// The puzzles of the set left out: conflicting givens, or not exactly
    /// one solution.
    pub left_out: usize,
}

/// The sets of a judge run, ready: LeetCode's example first, then the other
/// sets chosen, each cut to the puzzles with exactly one solution, their
/// solutions found.
pub struct Plan {
    /// The sets with at least one case, in order.
    sets: Vec<JudgedSet>,
    /// Each set that lost puzzles (conflicting givens, or not exactly one
    /// solution), with how many, in order
    /// (sets left with no case at all among them): worth saying whether or
    /// not anything is judged.
    pub left_out: Vec<(String, usize)>,
    /// The cases of the sets asked for.
    asked: usize,
}

impl Plan {
    /// The sets to judge, or [`NothingToJudge`] when the sets asked for
    /// hold no case.
    pub fn into_sets(self) -> Result<Vec<JudgedSet>, NothingToJudge> {
        if self.asked == 0 {
            return Err(NothingToJudge);
        }
        Ok(self.sets)
    }
}

/// A run in which nothing asked for can be judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("nothing to judge: the sets asked for hold no puzzle with exactly one solution")]
pub struct NothingToJudge;

/// Plans a judge run, as LeetCode runs its tests: `example` (LeetCode's
/// example, which every run starts with) and then `chosen`, leaving out of
/// `chosen` a second copy of the example; at most `limit` puzzles of each.
/// The example counts as asked for only when `example_asked` (it was named):
/// a run whose asked-for sets hold no case has nothing to judge
/// ([`Plan::into_sets`]).
pub fn plan(
    example: PuzzleSet,
    chosen: Vec<PuzzleSet>,
    example_asked: bool,
    limit: Option<usize>,
) -> Plan {
    let mut plan = Plan {
        sets: Vec::new(),
        left_out: Vec::new(),
        asked: 0,
    };
    let example_name = example.name.clone();
    let others = chosen.into_iter().filter(|set| set.name != example_name);
    for (index, set) in std::iter::once(example).chain(others).enumerate() {
        let prepared = prepare(set, limit);
        if prepared.left_out > 0 {
            plan.left_out
                .push((prepared.name.clone(), prepared.left_out));
        }
        if index > 0 || example_asked {
            plan.asked += prepared.cases.len();
        }
        if !prepared.cases.is_empty() {
            plan.sets.push(prepared);
        }
    }
    plan
}

/// Takes the first `limit` puzzles of a set with exactly one solution, as
/// LeetCode promises, and finds the solutions not written in the file. Other
/// puzzles are left out: [`JudgedSet::left_out`] counts them.
fn prepare(set: PuzzleSet, limit: Option<usize>) -> JudgedSet {
    let limit = limit.unwrap_or(usize::MAX);
    let reference = approaches::default_approach();
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
        let solution = match puzzle.solution_board() {
            Some(solution) => Some(solution),
            None if valid.solutions() == Solutions::One => harness::run(reference, &valid)
                .ok()
                .map(|solved| sudoku37::board::from_cells(&solved.solution)),
            None => None,
        };
        match solution {
            Some(solution) => cases.push(Case {
                line: puzzle.line,
                board: puzzle.board(),
                puzzle: valid,
                solution,
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
    use sudoku37::board;
    use sudoku37::sets;

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
            assert_eq!(Some(&case.solution), example.solution_board().as_ref());
        }
        assert_eq!(prepare(set, Some(1)).cases.len(), 1);
    }

    #[test]
    fn a_plan_starts_with_the_example_once_and_needs_a_case_asked_for() {
        let example = sets::builtin(EXAMPLE_SET).expect("built in");
        let graded = sets::builtin(sets::GRADED_SETS[0]).expect("built in");
        let empty = PuzzleSet {
            name: "ambiguous".to_string(),
            puzzles: sets::parse_set(&format!("{}\n", ".".repeat(81))).0,
        };
        let planned = plan(
            example.clone(),
            vec![example.clone(), graded.clone(), empty.clone()],
            false,
            Some(2),
        );
        assert_eq!(planned.left_out, [("ambiguous".to_string(), 1)]);
        let sets = planned.into_sets().expect("the graded set is asked for");
        let names: Vec<&str> = sets.iter().map(|set| set.name.as_str()).collect();
        assert_eq!(names, [EXAMPLE_SET, sets::GRADED_SETS[0]]);
        assert_eq!(sets[1].cases.len(), 2);
        // Only the example, not named: nothing asked for is judged, and what
        // was left out is still known, to be said.
        let nothing = plan(example.clone(), vec![empty.clone()], false, None);
        assert_eq!(nothing.left_out, [("ambiguous".to_string(), 1)]);
        assert!(nothing.into_sets().is_err());
        assert!(plan(example.clone(), vec![], false, None)
            .into_sets()
            .is_err());
        // Named, the example is enough.
        assert!(plan(example, vec![], true, None).into_sets().is_ok());
    }
}
