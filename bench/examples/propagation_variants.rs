//! `propagation` with hidden singles switched off, measured: what naked
//! singles alone add to branching on the tightest cell. The propagation
//! note's table of mean nodes (with and without hidden singles, and
//! `most_constrained` beside them) comes from here.
//!
//! Usage: `cargo run --release --example propagation_variants`
//!
//! Sets: the project's `graded_extreme`, and `top95`, `hardest_forum_1106`
//! and the first 1000 puzzles of `17clue` from the public sets when they are
//! present (`../shared/puzzles` or `SUDOKU37_DATA`). The search below is the
//! approach's search with one switch; with hidden singles on it must place
//! exactly the digits the approach places, and this program checks that
//! before reporting anything.

// Cell-index loops, as in the approach this measures.
#![allow(clippy::needless_range_loop)]

use sudoku37::approaches;
use sudoku37::board::{self, Board};
use sudoku37::grid::{sees, UNITS};
use sudoku37::harness;
use sudoku37::sets::{public, SetEntry};
use sudoku37_tool::input;

const ALL_DIGITS: u16 = 0x1ff;

/// The 27 units (rows, columns, boxes) and each cell's 20 peers.
pub(crate) struct Geometry {
    units: Vec<[usize; 9]>,
    peers: Vec<Vec<usize>>,
}

impl Geometry {
    pub(crate) fn new() -> Geometry {
        let units = UNITS.to_vec();
        let peers = (0..81)
            .map(|cell: usize| (0..81).filter(|&other| sees(cell, other)).collect())
            .collect();
        Geometry { units, peers }
    }
}

#[derive(Clone, Copy)]
struct Grid {
    candidates: [u16; 81],
    cells: [u8; 81],
}

struct Search<'a> {
    geometry: &'a Geometry,
    hidden_singles: bool,
    nodes: u64,
}

impl Search<'_> {
    fn fill(&self, grid: &mut Grid, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        grid.cells[cell] = digit;
        grid.candidates[cell] = bit;
        for &peer in &self.geometry.peers[cell] {
            if grid.cells[peer] == 0 {
                grid.candidates[peer] &= !bit;
            }
        }
    }

    /// Naked singles, then (if switched on) hidden singles, until a sweep of
    /// both fills nothing; `false` on a dead end.
    fn propagate(&mut self, grid: &mut Grid) -> bool {
        loop {
            let mut filled = false;
            for cell in 0..81 {
                if grid.cells[cell] != 0 {
                    continue;
                }
                let candidates = grid.candidates[cell];
                if candidates == 0 {
                    return false;
                }
                if candidates.count_ones() == 1 {
                    self.fill(grid, cell, candidates.trailing_zeros() as u8 + 1);
                    self.nodes += 1;
                    filled = true;
                }
            }
            if self.hidden_singles {
                for unit in &self.geometry.units {
                    let (mut placed, mut once, mut twice) = (0, 0, 0);
                    for &cell in unit {
                        if grid.cells[cell] != 0 {
                            placed |= grid.candidates[cell];
                        } else {
                            twice |= once & grid.candidates[cell];
                            once |= grid.candidates[cell];
                        }
                    }
                    if placed | once != ALL_DIGITS {
                        return false;
                    }
                    let mut singles = once & !twice;
                    while singles != 0 {
                        let bit = singles & singles.wrapping_neg();
                        singles ^= bit;
                        let Some(&cell) = unit.iter().find(|&&cell| {
                            grid.cells[cell] == 0 && grid.candidates[cell] & bit != 0
                        }) else {
                            return false;
                        };
                        self.fill(grid, cell, bit.trailing_zeros() as u8 + 1);
                        self.nodes += 1;
                        filled = true;
                    }
                }
            }
            if !filled {
                return true;
            }
        }
    }

    fn solve(&mut self, grid: &mut Grid) -> bool {
        if !self.propagate(grid) {
            return false;
        }
        let Some(cell) = (0..81)
            .filter(|&cell| grid.cells[cell] == 0)
            .min_by_key(|&cell| grid.candidates[cell].count_ones())
        else {
            return true;
        };
        let mut options = grid.candidates[cell];
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options ^= bit;
            let mut attempt = *grid;
            self.fill(&mut attempt, cell, bit.trailing_zeros() as u8 + 1);
            self.nodes += 1;
            if self.solve(&mut attempt) {
                *grid = attempt;
                return true;
            }
        }
        false
    }
}

/// The variant's nodes on one puzzle, and whether it solved it.
pub(crate) fn run(geometry: &Geometry, hidden_singles: bool, puzzle: &Board) -> (u64, bool) {
    let mut search = Search {
        geometry,
        hidden_singles,
        nodes: 0,
    };
    let mut grid = Grid {
        candidates: [ALL_DIGITS; 81],
        cells: [0; 81],
    };
    for (cell, symbol) in puzzle.iter().flatten().enumerate() {
        if let Some(digit) = symbol.to_digit(10) {
            search.fill(&mut grid, cell, digit as u8);
        }
    }
    let solved = search.solve(&mut grid);
    let answer: Board = grid
        .cells
        .chunks(9)
        .map(|row| row.iter().map(|&value| char::from(b'0' + value)).collect())
        .collect();
    (
        search.nodes,
        solved && board::check_solution(puzzle, &answer).is_ok(),
    )
}

/// A set by name, as `--set NAME` finds it (`None` when it is not there):
/// at most `limit` of its puzzles.
pub(crate) fn read_set(name: &str, limit: usize) -> Option<Vec<SetEntry>> {
    let (set, _skipped) = input::named_set(name).ok()?;
    Some(set.puzzles.into_iter().take(limit).collect())
}

fn main() {
    let geometry = Geometry::new();
    let approach = &approaches::PROPAGATION;
    let most_constrained = &approaches::MOST_CONSTRAINED;
    for (name, limit) in [
        ("graded_extreme", usize::MAX),
        (public::TOP95.name(), usize::MAX),
        (public::HARDEST_FORUM_1106.name(), usize::MAX),
        (public::SEVENTEEN_CLUE.name(), 1000),
    ] {
        let Some(puzzles) = read_set(name, limit) else {
            println!("{name}: not found (the public sets are not here), skipped");
            continue;
        };
        let count = puzzles.len() as f64;
        let (mut on, mut off, mut solved_off, mut most, mut tightest) = (0, 0, 0, 0, 0);
        for puzzle in &puzzles {
            let (nodes, solved) = run(&geometry, true, &puzzle.board());
            let real = harness::run(approach, &puzzle.puzzle().expect("a valid puzzle"))
                .expect("solvable")
                .effort;
            assert!(solved && nodes == real.nodes, "{name} line {}", puzzle.line);
            on += nodes;
            most = most.max(nodes);
            let (nodes, solved) = run(&geometry, false, &puzzle.board());
            off += nodes;
            solved_off += usize::from(solved);
            tightest += harness::run(most_constrained, &puzzle.puzzle().expect("a valid puzzle"))
                .expect("solvable")
                .effort
                .nodes;
        }
        println!(
            "{name} ({} puzzles): mean nodes {:.1} with hidden singles (as the approach, \
             at most {most}), {:.1} without ({solved_off} solved); most_constrained {:.1}",
            puzzles.len(),
            on as f64 / count,
            off as f64 / count,
            tightest as f64 / count
        );
    }
}
