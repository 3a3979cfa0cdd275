//! Throughput of every approach, set by set, beside the crates.io `sudoku`
//! crate as the outside baseline, all in one run so every ratio compares like
//! with like: `cargo bench --bench solvers`.
//!
//! One benchmark group per puzzle set; each entry solves the whole set once per
//! iteration and criterion reports puzzles per second (`elem/s`). Copying the
//! boards is setup and is not timed, for our approaches and the baseline alike.
//! Our approaches run as registered, so their node-counting hook calls are
//! timed too; the code `sudoku37 paste` prints has none.
//!
//! `NAME_cells` is each approach with a flat entry point (`solve_cells` in
//! the registry) through it on a `[u8; 81]`, so the cost of LeetCode's
//! `Vec<Vec<char>>` signature shows beside it.
//!
//! The built-in sets always run; the public sets run when `../shared/puzzles`
//! (or `SUDOKU37_DATA`) is present. An approach that would take seconds per
//! pass over a set is left out of that set's group: each set [`needs`] a
//! speed, and the registry gives each approach's.
//!
//! `tdoku` is Tom Dillon's solver with `limit = 1`, built from
//! `../shared/peers/tdoku` (or `TDOKU_SRC`) with clang++ by
//! `peers/tdoku-peer`, and skipped with a notice when either is missing. The
//! `count2_*` entries count solutions up to 2 (proving uniqueness): bitboard's
//! counter, the crate's `solutions_count_up_to(2)` and tdoku with
//! `limit = 2`. For alternating rounds in one process and guesses per puzzle
//! beside tdoku's, see `cargo bench --bench race`.
//!
//! The `sudoku` crate is AGPL-3.0 and tdoku BSD 2-Clause: both are used here
//! only as benchmark baselines, through their public entry points, and none
//! of their code is copied.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use sudoku::Sudoku;
use sudoku37::approaches::{self, Speed};
use sudoku37::board::{self, Board};
use sudoku37::sets::{self, public};

/// The speed an approach needs (its registry entry says which it has) to get
/// through one pass over a set in well under a second on this project's
/// machines (measured with `sudoku37 solve`).
fn needs(set: &str) -> Speed {
    if set == sets::LEETCODE_EXAMPLE || set == public::EASY50.name() {
        Speed::Easy
    } else if sets::GRADED_SETS.contains(&set) {
        Speed::Graded
    } else if set == FIRST_17_CLUE || set == public::TOP1465.name() {
        Speed::Bulk
    } else {
        Speed::Hard
    }
}

/// The first 1,000 of the 17-clue set, the part measured here.
const FIRST_17_CLUE: &str = "17clue_1000";

/// The sets to measure: the built-in ones, and the public ones when present.
fn puzzle_sets() -> Vec<(String, Vec<Board>)> {
    let mut chosen: Vec<(String, Vec<Board>)> = sets::COMPARED_SETS
        .iter()
        .filter_map(|name| sets::builtin(name))
        .map(|set| {
            (
                set.name,
                set.puzzles
                    .into_iter()
                    .map(|puzzle| puzzle.board())
                    .collect(),
            )
        })
        .collect();
    match sets::shared_data_dir() {
        Some(dir) => {
            for (name, set, limit) in [
                (public::EASY50.name(), public::EASY50, usize::MAX),
                (public::TOP95.name(), public::TOP95, usize::MAX),
                (FIRST_17_CLUE, public::SEVENTEEN_CLUE, 1000),
                (public::TOP1465.name(), public::TOP1465, usize::MAX),
                (
                    public::HARDEST_FORUM_1106.name(),
                    public::HARDEST_FORUM_1106,
                    usize::MAX,
                ),
            ] {
                let file = set.file_name();
                let Ok(text) = std::fs::read_to_string(set.path_in(&dir)) else {
                    eprintln!("skipping {name}: cannot read {file}");
                    continue;
                };
                let (puzzles, errors) = sets::parse_set(&text);
                for error in errors {
                    eprintln!("{file}: {error}");
                }
                let boards = puzzles.into_iter().take(limit).map(|puzzle| puzzle.board());
                chosen.push((name.to_string(), boards.collect()));
            }
        }
        None => eprintln!(
            "public puzzle sets not found (set {} or place them in ../shared/puzzles): built-in sets only",
            sets::DATA_ENV
        ),
    }
    chosen
}

fn solvers(criterion: &mut Criterion) {
    if let Some(reason) = tdoku_peer::unavailable() {
        eprintln!("tdoku skipped: {reason}");
    }
    for (set, boards) in puzzle_sets() {
        let mut group = criterion.benchmark_group(&set);
        // The public sets decide how the fastest approach stands against the baseline:
        // more samples there, since this machine's timings swing by 10%.
        let public = !sets::COMPARED_SETS.contains(&set.as_str());
        group
            .throughput(Throughput::Elements(boards.len() as u64))
            .sample_size(if public { 30 } else { 10 })
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(if public { 4 } else { 2 }));
        for approach in approaches::at_least(needs(&set)) {
            group.bench_function(approach.name, |bencher| {
                bencher.iter_batched(
                    || boards.clone(),
                    |mut boards| {
                        for board in &mut boards {
                            (approach.solve)(board);
                        }
                        boards
                    },
                    BatchSize::LargeInput,
                )
            });
        }
        let flat: Vec<[u8; 81]> = boards
            .iter()
            .filter_map(|board| sudoku37::board::to_cells(board).ok())
            .collect();
        for approach in approaches::at_least(needs(&set)) {
            let Some(solve_cells) = approach.solve_cells else {
                continue;
            };
            group.bench_function(format!("{}_cells", approach.name), |bencher| {
                bencher.iter_batched(
                    || flat.clone(),
                    |mut grids| {
                        for cells in &mut grids {
                            black_box(solve_cells(cells));
                        }
                        grids
                    },
                    BatchSize::LargeInput,
                )
            });
        }
        let baseline: Vec<Sudoku> = boards
            .iter()
            .filter_map(|puzzle| Sudoku::from_str_line(&board::to_line(puzzle)).ok())
            .collect();
        group.bench_function("sudoku_crate", |bencher| {
            bencher.iter_batched(
                || baseline.clone(),
                |sudokus| {
                    for sudoku in sudokus {
                        black_box(sudoku.some_solution());
                    }
                },
                BatchSize::LargeInput,
            )
        });
        // tdoku, when it could be built (see peers/tdoku-peer): the first
        // solution (limit 1), as LeetCode asks.
        if tdoku_peer::unavailable().is_none() {
            let lines: Vec<[u8; 81]> = flat.iter().map(sudoku37::grid::line_bytes).collect();
            group.bench_function("tdoku", |bencher| {
                bencher.iter(|| {
                    for line in &lines {
                        black_box(tdoku_peer::solve(line, 1));
                    }
                })
            });
        }
        // Counting to 2, to prove uniqueness: bitboard's counter, the
        // crate's, and tdoku's with limit 2.
        group.bench_function("count2_bitboard", |bencher| {
            bencher.iter(|| {
                for cells in &flat {
                    black_box(sudoku37::approaches::bitboard::count_solutions_cells(
                        cells, 2,
                    ));
                }
            })
        });
        group.bench_function("count2_sudoku_crate", |bencher| {
            bencher.iter(|| {
                for sudoku in &baseline {
                    black_box(sudoku.solutions_count_up_to(2));
                }
            })
        });
        if tdoku_peer::unavailable().is_none() {
            let lines: Vec<[u8; 81]> = flat.iter().map(sudoku37::grid::line_bytes).collect();
            group.bench_function("count2_tdoku", |bencher| {
                bencher.iter(|| {
                    for line in &lines {
                        black_box(tdoku_peer::solve(line, 2));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
