//! What the unit tests share, written out once: LeetCode's example and its
//! solution as 81-character lines, taken from the built-in set
//! (`puzzles/leetcode_example.txt` through [`crate::sets::leetcode_example`]).
//! Integration tests, benches and examples call that function directly.

use crate::{board, sets};

/// LeetCode's example, as an 81-character line.
pub fn example_line() -> String {
    board::to_line(&sets::leetcode_example().board)
}

/// Its one solution, as an 81-character line.
pub fn solution_line() -> String {
    let solution = sets::leetcode_example().solution;
    board::to_line(&solution.expect("the built-in example carries its solution"))
}
