//! What the bitboard twins' tests share.
//!
//! `bitboard_simd` is `bitboard`'s search made generic over an instruction
//! set, with a run-time choice of the copy to run; it repeats `bitboard`'s
//! code by hand so that each file stays a standalone paste for LeetCode.
//! (That the two paste regions stay one search is a check of the house,
//! `tool/tests/checks/twins.rs`.) The helpers here are what both files' unit
//! tests use: the hard grids, the solved grid, the xorshift generator, the
//! check that a guess reaches the state that placing its digit reaches, and
//! random solved grids with a plain search for a rectangle of open cells in
//! them (what a count to 2 looks for at its first solution).

use crate::grid::{BOX, COL, ROW};
use crate::sets;

/// The digit of `cell` (row by row) in one solved grid, from a formula:
/// each row is the one above shifted by three, and by one more at the top
/// of each band.
pub(crate) fn solved_digit(cell: usize) -> u8 {
    let (row, column) = (cell / 9, cell % 9);
    ((row * 3 + row / 3 + column) % 9 + 1) as u8
}

/// Every puzzle of the project's own hardest grade, the empty grid, and a
/// puzzle with many givens (36) and many solutions: the solved grid of
/// [`solved_digit`] with its top band and left stack blank.
pub(crate) fn hard_grids() -> Vec<[u8; 81]> {
    let mut grids: Vec<[u8; 81]> = sets::builtin("graded_extreme")
        .expect("a built-in set")
        .puzzles
        .iter()
        .map(|puzzle| puzzle.cells)
        .collect();
    grids.push([0; 81]);
    grids.push(std::array::from_fn(|cell| {
        let (row, column) = (cell / 9, cell % 9);
        if row >= 3 && column >= 3 {
            solved_digit(cell)
        } else {
            0
        }
    }));
    grids
}

pub(crate) use crate::fixtures::Xorshift;

/// One twin's search state, as [`compare_guesses_with_placements`] drives
/// it: each twin's tests implement it on a unit type that names the copy.
pub(crate) trait Twin {
    /// The search state, copied for every guess.
    type State: Copy;
    /// The state with the givens of `grid` placed, before any deduction.
    fn start(grid: &[u8; 81]) -> Self::State;
    /// Every deduction, the stack sweep included; each cell's number of
    /// candidates, or `None` at a dead end.
    fn propagate(state: &mut Self::State) -> Option<[[u32; 4]; 3]>;
    /// The digits (bit `digit`, 0-based) still possible in `cell`.
    fn digits_of(state: &Self::State, cell: usize) -> u32;
    /// Fixes `digit` in `cell` as a forced move does.
    fn place(state: &mut Self::State, cell: usize, digit: usize);
    /// Fixes `digit` in `cell` as a guess does.
    fn place_guess(state: &mut Self::State, cell: usize, digit: usize);
    /// The candidate masks and the unsolved cells.
    fn masks(state: &Self::State) -> ([u32; 27], [u32; 3]);
}

/// After the root's deductions on each of [`hard_grids`], every candidate
/// of every unsolved cell, guessed and placed, must propagate alike: the
/// guess's shortcut (fewer masks marked pending) must not lose a deduction.
/// Returns how many guesses were compared.
pub(crate) fn compare_guesses_with_placements<T: Twin>() -> usize {
    let mut compared = 0;
    for grid in hard_grids() {
        let mut root = T::start(&grid);
        if T::propagate(&mut root).is_none() {
            continue;
        }
        let (_, unsolved) = T::masks(&root);
        for cell in 0..81 {
            if unsolved[cell / 27] >> (cell % 27) & 1 == 0 {
                continue;
            }
            let mut digits = T::digits_of(&root, cell);
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut placed = root;
                T::place(&mut placed, cell, digit);
                let mut guessed = root;
                T::place_guess(&mut guessed, cell, digit);
                let placed_result = T::propagate(&mut placed);
                let guessed_result = T::propagate(&mut guessed);
                assert_eq!(placed_result, guessed_result, "cell {cell}, digit {digit}");
                if placed_result.is_some() {
                    assert_eq!(T::masks(&placed), T::masks(&guessed));
                }
                compared += 1;
            }
        }
    }
    compared
}

/// Solved grids, each with cells marked open (blank in a puzzle) at random,
/// about one in two, from a fixed xorshift sequence. Each grid is filled
/// cell by cell, trying the digits from a random one on and backtracking on
/// a clash:
/// plain code of its own, so that the twins' tests do not check the twins
/// with themselves. Open cells are one word per band, as the twins'
/// searches keep them.
pub(crate) fn solved_grids_with_open_cells(count: usize) -> Vec<([u8; 81], [u32; 3])> {
    /// Fills `grid` from `cell` on; `taken[unit]` holds the digits (bit
    /// `digit`) of each row, column and box so far.
    fn fill(
        grid: &mut [u8; 81],
        cell: usize,
        taken: &mut [u16; 27],
        random: &mut Xorshift,
    ) -> bool {
        if cell == 81 {
            return true;
        }
        let units = [ROW[cell], 9 + COL[cell], 18 + BOX[cell]];
        let start = random.below(9);
        for step in 0..9 {
            let digit = (start + step) % 9;
            if units.iter().any(|&unit| taken[unit] >> digit & 1 == 1) {
                continue;
            }
            units.iter().for_each(|&unit| taken[unit] |= 1 << digit);
            grid[cell] = digit as u8 + 1;
            if fill(grid, cell + 1, taken, random) {
                return true;
            }
            units.iter().for_each(|&unit| taken[unit] &= !(1 << digit));
        }
        false
    }
    let mut random = Xorshift(0x2545_f491);
    (0..count)
        .map(|_| {
            let mut grid = [0; 81];
            assert!(
                fill(&mut grid, 0, &mut [0; 27], &mut random),
                "an empty grid has a solution"
            );
            let open = std::array::from_fn(|_| {
                (0..27).fold(0, |open, bit| open | u32::from(random.below(2) == 0) << bit)
            });
            (grid, open)
        })
        .collect()
}

/// The corners of a rectangle in the solved `grid` whose four cells are all
/// `open` (one word per band) and lie in two boxes, one digit at two
/// opposite corners and another at the other two: found by trying every
/// pair of rows and every pair of columns. `None` when there is none.
pub(crate) fn open_rectangle(grid: &[u8; 81], open: &[u32; 3]) -> Option<[usize; 4]> {
    let is_open = |cell: usize| open[cell / 27] >> (cell % 27) & 1 == 1;
    for top in 0..9 {
        for bottom in top + 1..9 {
            for left in 0..9 {
                for right in left + 1..9 {
                    // Two boxes: the same band and two stacks, or the other
                    // way round.
                    if (top / 3 == bottom / 3) == (left / 3 == right / 3) {
                        continue;
                    }
                    let corners = [
                        top * 9 + left,
                        top * 9 + right,
                        bottom * 9 + left,
                        bottom * 9 + right,
                    ];
                    let [top_left, top_right, bottom_left, bottom_right] =
                        corners.map(|cell| grid[cell]);
                    if top_left == bottom_right
                        && top_right == bottom_left
                        && corners.iter().all(|&cell| is_open(cell))
                    {
                        return Some(corners);
                    }
                }
            }
        }
    }
    None
}
