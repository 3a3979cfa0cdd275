//! tdoku's solver, for benchmarks only: [`solve`] runs
//! `TdokuSolverDpllTriadSimd` on one puzzle, when `build.rs` could build it
//! (see there); otherwise [`unavailable`] says why.

/// What tdoku reports for one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, up to the limit asked for.
    pub solutions: usize,
    /// The solution found, as 81 ASCII digits: written only with `limit = 1`
    /// (tdoku's own rule), and meaningless when none was found.
    pub solution: [u8; 81],
    /// The guesses tdoku made.
    pub guesses: usize,
}

/// Why tdoku is not available in this build, if it is not.
pub fn unavailable() -> Option<&'static str> {
    option_env!("TDOKU_UNAVAILABLE")
}

/// The folder tdoku was built from, if it was.
pub fn built_from() -> Option<&'static str> {
    option_env!("TDOKU_BUILT_FROM")
}

#[cfg(tdoku)]
mod ffi {
    use std::os::raw::c_char;

    extern "C" {
        pub fn TdokuSolverDpllTriadSimd(
            puzzle: *const c_char,
            limit: usize,
            configuration: u32,
            solution: *mut c_char,
            num_guesses: *mut usize,
        ) -> usize;
    }
}

/// Solves `puzzle` (81 ASCII characters, `.` or `0` for a blank), stopping
/// after `limit` solutions: 1 for the first solution, 2 to prove uniqueness.
/// `None` when tdoku is not available.
pub fn solve(puzzle: &[u8; 81], limit: usize) -> Option<Outcome> {
    #[cfg(tdoku)]
    {
        // tdoku reads byte 81 to tell a plain puzzle from a pencil-mark one:
        // it must be a NUL.
        let mut input = [0u8; 82];
        input[..81].copy_from_slice(puzzle);
        let mut solution = [0u8; 81];
        let mut guesses = 0usize;
        // SAFETY: `input` is 82 bytes ending in NUL, `solution` has room for
        // the 81 characters tdoku writes, and `guesses` is a valid out
        // pointer; tdoku keeps none of them after it returns.
        let solutions = unsafe {
            ffi::TdokuSolverDpllTriadSimd(
                input.as_ptr().cast(),
                limit,
                0,
                solution.as_mut_ptr().cast(),
                &mut guesses,
            )
        };
        Some(Outcome {
            solutions,
            solution,
            guesses,
        })
    }
    #[cfg(not(tdoku))]
    {
        let _ = (puzzle, limit);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_leetcode_s_example_when_built() {
        let puzzle: &[u8; 81] =
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        match solve(puzzle, 1) {
            Some(outcome) => {
                assert_eq!(outcome.solutions, 1);
                // Counting to 2 proves the example unique.
                assert_eq!(solve(puzzle, 2).map(|counted| counted.solutions), Some(1));
                assert_eq!(
                    &outcome.solution[..],
                    &b"534678912672195348198342567859761423426853791713924856961537284287419635345286179"[..]
                );
            }
            None => assert!(unavailable().is_some()),
        }
    }
}
