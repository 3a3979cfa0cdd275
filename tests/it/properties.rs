//! Property tests: random solved grids, randomly blanked, for every fast
//! approach; random text and byte soup for the parsers. Plus, marked
//! `#[ignore]`, a long fuzzing run over parse + check + solve (the toolchain
//! here is stable, so cargo-fuzz is not available):
//!
//! ```sh
//! PROPTEST_CASES=200000 cargo test -p sudoku37 --test it properties:: -- --ignored
//! ```

use proptest::prelude::*;
use sudoku37::approaches::Speed;
use sudoku37::board::{self, Board, BLANK};
use sudoku37::sets;
use sudoku37::text;
use sudoku37::{
    approaches, harness, probe, solve_checked, Puzzle, Solutions, SolveError, Uniqueness,
};

/// A random solved grid: the three boxes of the main diagonal, which share
/// no unit, filled with random orders of the digits, and the rest completed
/// by the one search (as `sudoku37 generate` fills its grids).
fn solved_grid() -> impl Strategy<Value = Board> {
    let digits = || Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle();
    (digits(), digits(), digits()).prop_map(|(first, second, third)| {
        let mut cells = [0u8; 81];
        for (band, digits) in [first, second, third].into_iter().enumerate() {
            for (index, digit) in digits.into_iter().enumerate() {
                let (row, column) = (band * 3 + index / 3, band * 3 + index % 3);
                cells[row * 9 + column] = digit;
            }
        }
        let puzzle = Puzzle::from_cells(cells).expect("the diagonal boxes share no unit");
        board::from_cells(
            &puzzle
                .first_solution()
                .expect("any filling of them completes"),
        )
    })
}

/// A random solved grid and a puzzle made from it by blanking each cell with
/// probability `blank_percent` %.
fn blanked_grid() -> impl Strategy<Value = (Board, Board)> {
    (
        solved_grid(),
        0u32..=80,
        proptest::collection::vec(0u32..100, 81),
    )
        .prop_map(|(grid, blank_percent, rolls)| {
            let mut puzzle = grid.clone();
            for (index, roll) in rolls.into_iter().enumerate() {
                if roll < blank_percent {
                    puzzle[index / 9][index % 9] = BLANK;
                }
            }
            (grid, puzzle)
        })
}

/// Events (digits written, and the like) an approach may make on one random
/// puzzle. Plain backtracking, even on the most constrained cell, meets a
/// rare random puzzle (about one in two thousand; those looked at were about
/// three quarters blank, with more than one solution) that takes it millions
/// of nodes, and once in a while minutes: such a case is left out for that
/// approach. The approaches built for bulk work must finish every case well
/// within it.
const EVENT_BUDGET: usize = 200_000;

proptest! {
    #[test]
    fn fast_approaches_complete_blanked_grids_and_agree_with_the_counter((grid, board) in blanked_grid()) {
        let puzzle = Puzzle::from_board(&board).unwrap();
        let solutions = puzzle.solutions();
        prop_assert!(solutions != Solutions::None, "a blanked grid always has its grid as a solution");
        // The approaches fast enough for the public hard sets.
        for approach in approaches::at_least(Speed::Hard) {
            let name = approach.name;
            let mut solution = puzzle.to_board();
            let (finished, _, _) =
                probe::record_until(EVENT_BUDGET, None, || (approach.solve)(&mut solution));
            if finished.is_err() {
                prop_assert!(
                    approach.speed < Speed::Bulk,
                    "{} made more than {} events",
                    name,
                    EVENT_BUDGET
                );
                continue;
            }
            prop_assert_eq!(board::check_solution(&board, &solution), Ok(()));
            if solutions == Solutions::One {
                prop_assert_eq!(&solution, &grid, "{} found another solution of a unique puzzle", name);
            }
        }
        // Two independent counters agree.
        prop_assert_eq!(approaches::propagation::count_solutions(&board, 2), solutions.capped_at_two());
        let unique = solve_checked(&board::to_line(&board), approaches::default_approach(), Uniqueness::Required);
        prop_assert_eq!(unique.is_err(), solutions == Solutions::Several);
        if solutions == Solutions::Several {
            prop_assert_eq!(unique.unwrap_err(), SolveError::NotUnique);
        }
    }

    /// Every public parsing function of the library returns, whatever text
    /// it is handed.
    #[test]
    fn parsers_never_panic_on_random_text(text in "\\PC{0,300}") {
        let _ = board::parse_line(&text);
        let _ = text::leetcode_cells(&text);
        let _ = text::split_puzzles(&text);
        let _ = text::single_record(&text);
        let _ = sets::parse_set(&text);
        let _ = text.parse::<Puzzle>();
        let _ = solve_checked(&text, approaches::default_approach(), Uniqueness::Required);
    }

    #[test]
    fn parsers_never_panic_on_byte_soup(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = text::single_record(&text);
        let _ = text::split_puzzles(&text);
        let _ = sets::parse_set(&text);
        let _ = text.parse::<Puzzle>();
        // The reader takes raw bytes too: invalid UTF-8 is a record error.
        let _ = text::records(&bytes).count();
        let _ = sets::read_set(&bytes[..]);
    }

    /// Any 81 values make a puzzle or an error, never a panic, and a puzzle
    /// made from them keeps them.
    #[test]
    fn any_cells_make_a_puzzle_or_an_error(cells in proptest::collection::vec(any::<u8>(), 81)) {
        let cells: [u8; 81] = cells.try_into().unwrap();
        if let Ok(puzzle) = Puzzle::from_cells(cells) {
            prop_assert_eq!(puzzle.cells(), &cells);
        }
    }

    #[test]
    fn puzzle_shaped_text_is_parsed_or_rejected_never_misread(cells in "[0-9._*x -]{75,90}") {
        match board::parse_line(&cells) {
            Ok(parsed) => {
                prop_assert_eq!(cells.trim().chars().count(), 81);
                // Writing it back gives the same cells, blanks normalised.
                let normalised: String = cells
                    .trim()
                    .chars()
                    .map(|cell| if text::LINE_BLANKS.contains(&cell) { BLANK } else { cell })
                    .collect();
                prop_assert_eq!(board::to_line(&parsed), normalised);
            }
            Err(_) => {
                let bad = cells.trim().chars().count() != 81
                    || cells.trim().chars().any(|cell| !cell.is_ascii_digit() && !text::LINE_BLANKS.contains(&cell));
                prop_assert!(bad, "rejected a good line: {:?}", cells);
            }
        }
    }
}

/// Text that is close to a puzzle: digits, blanks, separators, brackets,
/// quotes and line breaks, so that the fuzzing reaches every parser's deeper
/// branches and, often, the solvers.
fn puzzle_like_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[1-9.]{81}",
        "[1-9._0*-]{70,90}",
        "[1-9.| +\\-\n]{100,260}",
        "\\[(\\[(\"[1-9.]\",?){8,10}\\],?){8,10}\\]",
        "[\\[\\]\",1-9. \n#0x]{0,200}",
    ]
}

proptest! {
    // 20,000 cases unless PROPTEST_CASES says otherwise.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(20_000),
        ..ProptestConfig::default()
    })]

    /// The long fuzzing run: whatever the text, parse + check + solve never
    /// panics, and whatever comes back solved is a valid completion.
    #[test]
    #[ignore = "long-running fuzzing; see the module docs for the command"]
    fn fuzz_parse_check_solve(text in puzzle_like_text()) {
        let solver = approaches::default_approach();
        for entry in text::split_puzzles(&text) {
            let Ok(parsed) = entry.parsed else { continue };
            let Ok(puzzle) = Puzzle::from_cells(parsed.cells) else { continue };
            let count = puzzle.solutions();
            match harness::run(solver, &puzzle) {
                Ok(solved) => {
                    prop_assert!(count != Solutions::None);
                    prop_assert!(puzzle.is_solved_by(&solved.solution));
                }
                Err(SolveError::NoSolution { .. }) => prop_assert_eq!(count, Solutions::None),
                Err(error) => prop_assert!(false, "unexpected error {}", error),
            }
        }
        let _ = solve_checked(&text, solver, Uniqueness::Required);
    }
}
