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
//! `bitboard_cells` is `bitboard` through its internal entry on a flat
//! `[u8; 81]`, so the cost of LeetCode's `Vec<Vec<char>>` signature shows
//! beside it.
//!
//! The built-in sets always run; the public sets run when `../shared/puzzles`
//! (or `SUDOKU37_DATA`) is present. An approach that would take seconds per
//! pass over a set is left out of that set's group, per [`finishes_quickly`].
//!
//! The `sudoku` crate is AGPL-3.0: it is used here only as a benchmark
//! baseline, through its public API, and none of its code is copied.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use sudoku::Sudoku;
use sudoku37::approaches::bitboard;
use sudoku37::board::{self, Board};
use sudoku37::sets;
use sudoku37::APPROACHES;

/// The slow reading-order approaches: fine on easy sets, seconds per pass on
/// hard ones.
const READING_ORDER: &[&str] = &[
    "scan_validate",
    "early_exit",
    "available_sets",
    "set_intersection",
    "bool_arrays",
    "bitmask",
];

/// Whether an approach gets through one pass over a set in well under a second
/// on this project's machines (measured with `sudoku37 solve`).
fn finishes_quickly(approach: &str, set: &str) -> bool {
    match set {
        "leetcode_example" | "easy50" => true,
        "graded_easy" | "graded_medium" | "graded_hard" | "graded_unfair" | "graded_extreme" => {
            !READING_ORDER.contains(&approach) || ["bool_arrays", "bitmask"].contains(&approach)
        }
        "17clue_1000" | "top1465" => {
            !READING_ORDER.contains(&approach) && approach != "most_constrained"
        }
        _ => !READING_ORDER.contains(&approach),
    }
}

/// The sets to measure: the built-in ones, and the public ones when present.
fn puzzle_sets() -> Vec<(String, Vec<Board>)> {
    let mut chosen: Vec<(String, Vec<Board>)> = [
        "leetcode_example",
        "graded_easy",
        "graded_medium",
        "graded_hard",
        "graded_unfair",
        "graded_extreme",
    ]
    .iter()
    .filter_map(|name| sets::builtin(name))
    .map(|set| {
        (
            set.name,
            set.puzzles.into_iter().map(|puzzle| puzzle.board).collect(),
        )
    })
    .collect();
    match sets::shared_data_dir() {
        Some(dir) => {
            for (name, file, limit) in [
                ("easy50", "easy50.txt", usize::MAX),
                ("top95", "top95.txt", usize::MAX),
                ("17clue_1000", "17clue.txt", 1000),
                ("top1465", "top1465.txt", usize::MAX),
                ("hardest_forum_1106", "hardest_forum_1106.txt", usize::MAX),
            ] {
                let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
                    eprintln!("skipping {name}: cannot read {file}");
                    continue;
                };
                let (puzzles, errors) = sets::parse_set(&text);
                for error in errors {
                    eprintln!("{file}: {error}");
                }
                let boards = puzzles.into_iter().take(limit).map(|puzzle| puzzle.board);
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
    for (set, boards) in puzzle_sets() {
        let mut group = criterion.benchmark_group(&set);
        // The public sets decide how `bitboard` stands against the baseline:
        // more samples there, since this machine's timings swing by 10%.
        let public = !set.starts_with("graded") && set != "leetcode_example";
        group
            .throughput(Throughput::Elements(boards.len() as u64))
            .sample_size(if public { 30 } else { 10 })
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(if public { 4 } else { 2 }));
        for approach in APPROACHES
            .iter()
            .filter(|approach| finishes_quickly(approach.name, &set))
        {
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
            .filter_map(|board| sudoku37::puzzle::to_cells(board).ok())
            .collect();
        group.bench_function("bitboard_cells", |bencher| {
            bencher.iter_batched(
                || flat.clone(),
                |mut grids| {
                    for cells in &mut grids {
                        black_box(bitboard::solve_cells(cells));
                    }
                    grids
                },
                BatchSize::LargeInput,
            )
        });
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
        group.finish();
    }
}

criterion_group!(benches, solvers);
criterion_main!(benches);
