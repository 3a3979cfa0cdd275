//! The variants of `most_constrained` that its note talks about, measured:
//! the scan without its early stop at a one-candidate cell, the same with
//! ties going to the last cell (`<=`), and the bug of skipping a cell with no
//! candidate. Also the cells read per node, how many candidates the branch
//! cells had, and the time per node against `bitmask`.
//!
//! Usage: `cargo run --release --example most_constrained_variants`
//!
//! Sets: the project's `graded_extreme`, and `top95` from the public sets
//! when they are present (`../shared/puzzles` or `SUDOKU37_DATA`). The
//! variant search below is the approach's search with switches; with the
//! switches as the approach has them it must place exactly the digits the
//! approach places, and this program checks that before reporting anything.

// Cell-index loops, as in the approach this measures.
#![allow(clippy::needless_range_loop)]

use std::time::Duration;

use sudoku37::approaches;
use sudoku37::board::{self, Board};
use sudoku37::grid::BOX;
use sudoku37::harness;
use sudoku37::sets::{public, SetEntry};
use sudoku37_tool::input;

#[derive(Clone, Copy)]
pub(crate) struct Switches {
    /// Stop the scan at the first cell with one candidate.
    pub(crate) early_stop: bool,
    /// On a tie, keep the last cell (`<=`) instead of the first (`<`).
    pub(crate) ties_last: bool,
    /// The bug: skip a cell with no candidate instead of failing.
    pub(crate) skip_dead: bool,
}

pub(crate) const STOCK: Switches = Switches {
    early_stop: true,
    ties_last: false,
    skip_dead: false,
};

#[derive(Default)]
pub(crate) struct Counts {
    pub(crate) nodes: u64,
    pub(crate) cells_read: u64,
    pub(crate) scans: u64,
    /// Branch cells by candidates: 1, 2, 3 or more.
    pub(crate) branching: [u64; 3],
}

struct Search {
    switches: Switches,
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
    counts: Counts,
}

impl Search {
    fn toggle(&mut self, cell: usize, bit: u16) {
        let (row, column) = (cell / 9, cell % 9);
        self.rows[row] ^= bit;
        self.columns[column] ^= bit;
        self.boxes[BOX[cell]] ^= bit;
    }

    fn candidates(&self, cell: usize) -> u16 {
        let (row, column) = (cell / 9, cell % 9);
        !(self.rows[row] | self.columns[column] | self.boxes[BOX[cell]]) & 0x1ff
    }

    /// `Ok(None)`: solved; `Err(())`: a dead end; `Ok(Some(cell))`: branch.
    fn tightest(&mut self, cells: &[u8; 81]) -> Result<Option<usize>, ()> {
        self.counts.scans += 1;
        let mut best = None;
        let mut fewest = u32::MAX;
        for cell in 0..81 {
            if cells[cell] != 0 {
                continue;
            }
            self.counts.cells_read += 1;
            let count = self.candidates(cell).count_ones();
            if count == 0 {
                if self.switches.skip_dead {
                    continue;
                }
                return Err(());
            }
            let better = if self.switches.ties_last {
                count <= fewest
            } else {
                count < fewest
            };
            if better {
                fewest = count;
                best = Some(cell);
                if count == 1 && self.switches.early_stop {
                    return Ok(best);
                }
            }
        }
        Ok(best)
    }

    fn search(&mut self, cells: &mut [u8; 81]) -> bool {
        let cell = match self.tightest(cells) {
            Err(()) => return false,
            Ok(None) => return true,
            Ok(Some(cell)) => cell,
        };
        let mut candidates = self.candidates(cell);
        self.counts.branching[(candidates.count_ones() as usize).clamp(1, 3) - 1] += 1;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            cells[cell] = bit.trailing_zeros() as u8 + 1;
            self.counts.nodes += 1;
            self.toggle(cell, bit);
            if self.search(cells) {
                return true;
            }
            self.toggle(cell, bit);
            cells[cell] = 0;
        }
        false
    }
}

/// Runs the variant on one puzzle: its counts and whether the answer is the
/// puzzle's solution.
pub(crate) fn run(switches: Switches, puzzle: &Board) -> (Counts, bool) {
    let mut cells = [0u8; 81];
    let mut search = Search {
        switches,
        rows: [0; 9],
        columns: [0; 9],
        boxes: [0; 9],
        counts: Counts::default(),
    };
    for (cell, symbol) in puzzle.iter().flatten().enumerate() {
        if let Some(digit) = symbol.to_digit(10) {
            cells[cell] = digit as u8;
            search.toggle(cell, 1 << (digit - 1));
        }
    }
    search.search(&mut cells);
    let answer: Board = cells
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&value| {
                    if value == 0 {
                        '.'
                    } else {
                        char::from(b'0' + value)
                    }
                })
                .collect()
        })
        .collect();
    let valid = board::check_solution(puzzle, &answer).is_ok();
    (search.counts, valid)
}

/// A set by name, as `--set NAME` finds it (`None` when it is not there).
pub(crate) fn read_set(name: &str) -> Option<Vec<SetEntry>> {
    let (set, _skipped) = input::named_set(name).ok()?;
    Some(set.puzzles)
}

fn main() {
    let approach = &approaches::MOST_CONSTRAINED;
    let bitmask = &approaches::BITMASK;
    for name in ["graded_extreme", public::TOP95.name()] {
        let Some(puzzles) = read_set(name) else {
            println!("{name}: not found (the public sets are not here), skipped");
            continue;
        };
        let count = puzzles.len() as f64;
        println!("{name} ({} puzzles)", puzzles.len());
        // The stock switches must give the approach's own node counts.
        let mut stock = Counts::default();
        for puzzle in &puzzles {
            let (counts, valid) = run(STOCK, &puzzle.board());
            let real = harness::run(approach, &puzzle.puzzle().expect("a valid puzzle"))
                .expect("solvable")
                .effort;
            assert!(valid && counts.nodes == real.nodes, "line {}", puzzle.line);
            stock.nodes += counts.nodes;
            stock.cells_read += counts.cells_read;
            stock.scans += counts.scans;
            for (total, part) in stock.branching.iter_mut().zip(counts.branching) {
                *total += part;
            }
        }
        println!(
            "  as the approach (<, early stop): mean nodes {:.1}; empty cells read per scan {:.1}; \
             branch cells with 1 / 2 / 3+ candidates: {} / {} / {}",
            stock.nodes as f64 / count,
            stock.cells_read as f64 / stock.scans as f64,
            stock.branching[0],
            stock.branching[1],
            stock.branching[2]
        );
        for (label, switches) in [
            (
                "without the early stop (<)",
                Switches {
                    early_stop: false,
                    ..STOCK
                },
            ),
            (
                "without the early stop, ties to the last cell (<=)",
                Switches {
                    early_stop: false,
                    ties_last: true,
                    ..STOCK
                },
            ),
            (
                "the bug: a cell with no candidate skipped",
                Switches {
                    skip_dead: true,
                    ..STOCK
                },
            ),
        ] {
            let (mut nodes, mut valid) = (0, 0);
            for puzzle in &puzzles {
                let (counts, ok) = run(switches, &puzzle.board());
                nodes += counts.nodes;
                valid += usize::from(ok);
            }
            println!(
                "  {label}: mean nodes {:.1}; valid answers {valid} of {}",
                nodes as f64 / count,
                puzzles.len()
            );
        }
        // Time per node through the library, as `compare` measures it.
        for each in [approach, bitmask] {
            let (mut elapsed, mut nodes) = (Duration::ZERO, 0);
            for puzzle in &puzzles {
                let solved = harness::run(each, &puzzle.puzzle().expect("a valid puzzle"))
                    .expect("solvable");
                elapsed += solved.elapsed;
                nodes += solved.effort.nodes;
            }
            println!(
                "  {}: {:.2} s for the set, {:.1} ns per node",
                each.name,
                elapsed.as_secs_f64(),
                elapsed.as_nanos() as f64 / nodes as f64
            );
        }
    }
}
