//! What the unit tests share, written out once, at the bottom of the layers
//! so that the tests of every layer may use it: LeetCode's example and its
//! solution as 81-character lines, read from the built-in set's file
//! (`puzzles/leetcode_example.txt`), and a small random generator. It
//! imports nothing of the crate.
//! Integration tests, benches and examples use `sets::leetcode_example`.

/// The built-in set's file: comment lines, then `PUZZLE SOLUTION`.
const EXAMPLE_FILE: &str = include_str!("../puzzles/leetcode_example.txt");

/// The file's one record, split into its two fields.
fn fields() -> (&'static str, &'static str) {
    let record = EXAMPLE_FILE
        .lines()
        .find(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .expect("the example's file holds its record");
    let mut words = record.split_whitespace();
    let puzzle = words.next().expect("the puzzle");
    let solution = words.next().expect("its solution");
    (puzzle, solution)
}

/// LeetCode's example, as an 81-character line.
pub fn example_line() -> String {
    fields().0.to_string()
}

/// Its one solution, as an 81-character line.
pub fn solution_line() -> String {
    fields().1.to_string()
}

/// LeetCode's example as 81 cells, `0` for a blank.
pub fn example_cells() -> [u8; 81] {
    let mut cells = [0; 81];
    for (cell, character) in cells.iter_mut().zip(fields().0.chars()) {
        *cell = character.to_digit(10).map_or(0, |digit| digit as u8);
    }
    cells
}

/// A small xorshift generator (Marsaglia's 13, 17, 5): a fixed sequence of
/// 32-bit words for tests that want many random choices without a
/// dependency.
pub struct Xorshift(pub u32);

impl Xorshift {
    /// The next word of the sequence.
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// A number below `bound` (which must not be 0).
    pub fn below(&mut self, bound: usize) -> usize {
        self.next() as usize % bound
    }
}
