//! `bitboard` against the two outside baselines, in both modes that matter,
//! by wall clock in one process on one core, in alternating rounds:
//!
//! ```sh
//! cargo bench --bench race                 # 7 rounds
//! cargo bench --bench race -- --rounds 15
//! cargo bench --bench race -- --file PATH [--file PATH ...]
//! RUSTFLAGS="-C target-cpu=native" cargo bench --bench race -- --rounds 15
//! cargo bench --bench race -- --rounds 5 --write-into notes/benchmarks.md
//! cargo bench --bench race -- --seed 1001 --set easy
//! ```
//!
//! Run them from the workspace's root; a relative `--file` or `--write-into`
//! path is read from there (cargo runs a bench in its package's folder).
//!
//! With `--write-into FILE`, the report also replaces what lies between the
//! lines `<!-- race: begin -->` and `<!-- race: end -->` of FILE (the
//! benchmark page, `notes/benchmarks.md`), as `sudoku37 compare
//! --write-into` does for its own block; a file without both lines is left
//! as it was, and the race exits 2.
//!
//! tdoku is built as its authors build it, for this machine's CPU
//! (`-march=native`). Without `RUSTFLAGS`, the Rust side (`bitboard` and the
//! `sudoku` crate alike) gets the baseline x86-64 instruction set, which has
//! no `POPCNT`: every `count_ones` becomes a dozen instructions. The last
//! command above builds both for this CPU too, like for like with tdoku; the
//! first line of the output says which build it is.
//!
//! - **First solution** (what LeetCode asks for): `bitboard` through
//!   LeetCode's signature (`solve_sudoku` on `Vec<Vec<char>>`), `bitboard` on
//!   parsed cells (`solve_cells`), the same from the library, the `sudoku`
//!   crate's `some_solution` on a parsed `Sudoku`, and tdoku with
//!   `limit = 1`.
//! - **Count to 2** (proving a puzzle unique): `count_solutions_cells(.., 2)`,
//!   the crate's `solutions_count_up_to(2)`, and tdoku with `limit = 2`.
//!
//! `bitboard_simd cells` and `bitboard_simd count` are the same search in
//! `bitboard_simd`, which also compiles it for `POPCNT`, BMI and AVX2 and
//! picks that copy at run time; ratios stay against `bitboard`.
//!
//! `bitboard pasted` (and `bitboard_simd pasted`, the same for
//! `bitboard_simd`), `bitboard cells` and `bitboard count` time the code a
//! user pastes: the `pasted` crate (`peers/pasted`) builds it from the paste
//! region with the same cut as `sudoku37 paste bitboard`, so the `probe::`
//! lines that count guesses for `compare` and `trace` are not in it.
//! `bitboard library` and `bitboard_simd library` are the library's
//! instrumented `solve_cells`, the code `compare`, `solve` and `trace` run,
//! to show what the probes cost. On a CPU with AVX-512, where the library
//! (not the paste) runs a third copy compiled for it, three more rows show
//! whether that copy wins: `bitboard_simd library count`, and
//! `bitboard_simd library AVX2` and `bitboard_simd library count AVX2`, the
//! same with the AVX2 copy. The race records one trace with each before
//! it starts, as `sudoku37 trace` does: in a program that never records,
//! whole-program optimisation deletes the hooks' recording branches, and
//! these rows would time the pasted code instead.
//!
//! Each round times one pass of every contender over the set, in turn, and
//! the table shows the median pass, with the lowest and highest of the
//! rounds' own ratios: on a shared machine the ratio between two solvers
//! moves from one minute to the next, and the range shows by how much.
//! Guesses per puzzle are `bitboard`'s node
//! count (its nodes are guesses, counted with the library's instrumented
//! copy of the same search) beside tdoku's own `num_guesses`. On the
//! unsolvable set it also gives the single puzzle on which each counter
//! (`bitboard`'s and `bitboard_simd`'s) does worst against the crate: the
//! highest ratio of its time to the crate's, not the slowest puzzle.
//! Beside the shared sets, it counts to 2 on puzzles with many solutions
//! made at run time: the first 10,000 17-clue puzzles, each less its first
//! given (no 16-given puzzle is unique). It also races, in both modes, two
//! sets of random givens made at run time from the project's own solved
//! grids (`sudoku37_tool::generate::random_solved_grid`, seed [`RANDOM_SEED`]):
//! [`RANDOM_PUZZLES`] grids each keeping 22 to 27 random cells, and as many
//! keeping 28 to 36. Every one has a solution, and most have several (the
//! set's name says how many are unique): counting to 2 on them is what
//! checking a random puzzle for uniqueness costs. A last set made the same
//! way holds easy puzzles: the first [`UNIQUE_PUZZLES`] unique ones among
//! grids keeping 38 to 45 random cells (see [`unique_givens`]). And the
//! forum's hardest is raced a second time laid out [`OTHER_LAYOUTS`] other
//! ways each (`sudoku37_bench::equivalent::layouts`, the same seed): the
//! same searches with other ties to break.
//!
//! `--seed N` makes the sets built at run time from another seed than
//! [`RANDOM_SEED`], to confirm a change on puzzles it was not tuned on, and
//! `--set TEXT` (repeatable) races only the sets whose name holds `TEXT`.
//!
//! The table gives each contender's ratio to `bitboard` and to
//! `bitboard_simd` (the project's fastest): above 1, ours is faster.
//!
//! The block `--write-into` replaces depends on the build, so the page can
//! hold one of each: `<!-- race: begin -->` for the default build, `<!--
//! race native: begin -->` for a build with `RUSTFLAGS="-C
//! target-cpu=native"` (any build whose target has `POPCNT`); the block's
//! first line gives the command, `RUSTFLAGS` included, that makes it again.
//!
//! The public sets are read at run time from `../shared/puzzles` (or
//! `SUDOKU37_DATA`). With `--file`, only the files named are raced, each in
//! both modes: for example the larger sets of tdoku's `data.zip` (see the
//! README), such as its forum-hardest and multiple-solution files, in the
//! same plain format (a malformed line is reported with its number and
//! skipped). A large file takes a while: every contender goes through it
//! once per round. tdoku is built from `../shared/peers/tdoku` (or
//! `TDOKU_SRC`) with clang++ when both are there, and skipped with a notice
//! otherwise. The `sudoku` crate is AGPL-3.0 and tdoku BSD 2-Clause: both are
//! used here only as measuring sticks, and no code of either is copied.

use std::collections::HashMap;

use std::hint::black_box;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;
use sudoku::Sudoku;
use sudoku37::approaches::bitboard_simd::SearchCopy;
use sudoku37::approaches::{bitboard, bitboard_simd};
use sudoku37::sets::public;
use sudoku37::{board, grid, probe, sets};
use sudoku37_bench::{equivalent, generated_block, machine};
use sudoku37_tool::compare::block;
use sudoku37_tool::generate::{random_solved_grid, seeded};

/// The blocks computed from the two race blocks (`cargo run --release
/// --example race_builds`): the builds side by side, and `bitboard_simd`'s
/// margins; written again after this race writes its own.
#[path = "../examples/race_builds.rs"]
mod race_builds;

/// One puzzle in every form the contenders take.
struct Puzzle {
    /// The line of the set file it came from.
    line_number: usize,
    cells: [u8; 81],
    line: [u8; 81],
    sudoku: Option<Sudoku>,
}

impl Puzzle {
    fn new(line_number: usize, cells: [u8; 81]) -> Puzzle {
        Puzzle {
            line_number,
            cells,
            line: grid::line_bytes(&cells),
            // The crate's byte form is ours: 0 for a blank.
            sudoku: Sudoku::from_bytes(cells).ok(),
        }
    }
}

/// Where a set's puzzles come from.
enum Source {
    /// A set file, in the plain format.
    File(PathBuf),
    /// Made at run time by [`random_givens`], keeping this many cells.
    RandomGivens(RangeInclusive<usize>),
    /// Made at run time by [`unique_givens`]: unique puzzles keeping this
    /// many cells.
    UniqueGivens(RangeInclusive<usize>),
    /// Made at run time by [`gathered_blanks`].
    GatheredBlanks,
}

/// What the race does with a set.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SetKind {
    /// Both modes: the first solution and counting to 2.
    BothModes,
    /// Counting to 2 only: puzzles with several solutions.
    CountOnly,
    /// Counting to 2 on the first [`SIXTEEN_CLUES_PUZZLES`] of the file,
    /// each less its first given (see [`without_first_given`]).
    LessFirstGiven,
    /// Both modes on [`OTHER_LAYOUTS`] other layouts of each puzzle of the
    /// file (see [`other_layouts`]).
    OtherLayouts,
    /// Counting to 2, and the puzzle with the worst ratio to the crate:
    /// puzzles without a solution.
    Unsolvable,
}

/// The least time one timed pass of a contender takes (see [`race`]).
const MIN_PASS: Duration = Duration::from_millis(40);

/// The least time one timed run of a single puzzle takes (see
/// [`worst_single`]).
const MIN_SINGLE: Duration = Duration::from_millis(1);

/// The median of some rounds (there is always at least one).
fn median(times: Vec<Duration>) -> Duration {
    sudoku37_tool::measure::median(&times).unwrap_or_default()
}

/// Times `pass` over the set `rounds` times, interleaved with the others by
/// the caller; returns the duration of one pass.
fn time(pass: &mut dyn FnMut()) -> Duration {
    let started = Instant::now();
    pass();
    started.elapsed()
}

/// How many runs of something that took `once` last about `target`: at
/// least 1, at most `most`.
fn repeats_for(target: Duration, once: Duration, most: u32) -> u32 {
    let repeats = (target.as_secs_f64() / once.as_secs_f64().max(1e-9)).ceil();
    (repeats as u32).clamp(1, most)
}

/// The time of one run of `run`, from `repeats` runs in a row.
fn time_each(run: &mut dyn FnMut(), repeats: u32) -> Duration {
    time(&mut || {
        for _ in 0..repeats {
            run();
        }
    }) / repeats
}

struct Contender<'a> {
    name: &'static str,
    pass: Box<dyn FnMut() + 'a>,
    times: Vec<Duration>,
}

impl<'a> Contender<'a> {
    fn new(name: &'static str, pass: impl FnMut() + 'a) -> Contender<'a> {
        Contender {
            name,
            pass: Box::new(pass),
            times: Vec::new(),
        }
    }
}

/// Each contender's name and its time for one pass in every round, in
/// round order.
fn race(puzzles: &[Puzzle], rounds: usize, counting: bool) -> Vec<(&'static str, Vec<Duration>)> {
    let boards: Vec<Vec<Vec<char>>> = puzzles
        .iter()
        .map(|puzzle| board::from_cells(&puzzle.cells))
        .collect();
    let tdoku = tdoku_peer::unavailable().is_none();
    let mut contenders: Vec<Contender> = Vec::new();
    if counting {
        contenders.push(Contender::new("bitboard count", || {
            for puzzle in puzzles {
                black_box(pasted::bitboard::count_solutions_cells(&puzzle.cells, 2));
            }
        }));
        contenders.push(Contender::new("bitboard_simd count", || {
            for puzzle in puzzles {
                black_box(pasted::bitboard_simd::count_solutions_cells(
                    &puzzle.cells,
                    2,
                ));
            }
        }));
        if SearchCopy::Avx512.runs_here() {
            // Only on a CPU with AVX-512: the library's counter, which runs
            // the AVX-512 copy there, beside the same with the AVX2 copy, to
            // show whether the third copy wins on this machine.
            contenders.push(Contender::new("bitboard_simd library count", || {
                for puzzle in puzzles {
                    black_box(bitboard_simd::count_solutions_cells(&puzzle.cells, 2));
                }
            }));
            contenders.push(Contender::new("bitboard_simd library count AVX2", || {
                for puzzle in puzzles {
                    black_box(bitboard_simd::count_solutions_cells_in(
                        SearchCopy::Avx2,
                        &puzzle.cells,
                        2,
                    ));
                }
            }));
        }
        contenders.push(Contender::new("sudoku crate count", || {
            for sudoku in puzzles.iter().filter_map(|puzzle| puzzle.sudoku) {
                black_box(sudoku.solutions_count_up_to(2));
            }
        }));
        if tdoku {
            contenders.push(Contender::new("tdoku limit 2", || {
                for puzzle in puzzles {
                    black_box(tdoku_peer::solve(&puzzle.line, 2));
                }
            }));
        }
    } else {
        // The pasted contenders solve copies of the boards, written over
        // the same buffers each pass (`clone_from` reuses every row's
        // allocation): the copy is timed separately below and subtracted.
        let originals = &boards;
        let mut copies = boards.clone();
        contenders.push(Contender::new("bitboard pasted", move || {
            copies.clone_from(originals);
            for board in &mut copies {
                pasted::bitboard::Solution::solve_sudoku(board);
            }
            black_box(&mut copies);
        }));
        let mut copies = boards.clone();
        contenders.push(Contender::new("bitboard_simd pasted", move || {
            copies.clone_from(originals);
            for board in &mut copies {
                pasted::bitboard_simd::Solution::solve_sudoku(board);
            }
            black_box(&mut copies);
        }));
        contenders.push(Contender::new("bitboard cells", || {
            for puzzle in puzzles {
                let mut cells = puzzle.cells;
                black_box(pasted::bitboard::solve_cells(&mut cells));
            }
        }));
        contenders.push(Contender::new("bitboard_simd cells", || {
            for puzzle in puzzles {
                let mut cells = puzzle.cells;
                black_box(pasted::bitboard_simd::solve_cells(&mut cells));
            }
        }));
        contenders.push(Contender::new("bitboard library", || {
            // The library's copy, with its `probe::` calls: what
            // `compare`, `solve` and `trace` run.
            for puzzle in puzzles {
                let mut cells = puzzle.cells;
                black_box(bitboard::solve_cells(&mut cells));
            }
        }));
        contenders.push(Contender::new("bitboard_simd library", || {
            // The same for `bitboard_simd`, the default approach: what
            // `solve` runs.
            for puzzle in puzzles {
                let mut cells = puzzle.cells;
                black_box(bitboard_simd::solve_cells(&mut cells));
            }
        }));
        if SearchCopy::Avx512.runs_here() {
            // Only on a CPU with AVX-512, as for counting.
            contenders.push(Contender::new("bitboard_simd library AVX2", || {
                for puzzle in puzzles {
                    let mut cells = puzzle.cells;
                    black_box(bitboard_simd::solve_cells_in(SearchCopy::Avx2, &mut cells));
                }
            }));
        }
        contenders.push(Contender::new("sudoku crate", || {
            for sudoku in puzzles.iter().filter_map(|puzzle| puzzle.sudoku) {
                black_box(sudoku.some_solution());
            }
        }));
        if tdoku {
            contenders.push(Contender::new("tdoku limit 1", || {
                for puzzle in puzzles {
                    black_box(tdoku_peer::solve(&puzzle.line, 1));
                }
            }));
        }
    }
    // The cost of copying the LeetCode boards, which the pasted contenders
    // pay inside their passes, measured the same way and taken off.
    let mut copies = boards.clone();
    let mut copying = Vec::new();
    // One warm-up pass each, then the rounds. A pass over a small set is
    // over in microseconds, where the clock and the machine's hiccups would
    // decide the ratio: such a set is gone through several times per pass,
    // the same number for every contender, so the slowest pass of the
    // warm-up lasts about `MIN_PASS`. Times are per single pass.
    let mut slowest = Duration::ZERO;
    for contender in &mut contenders {
        slowest = slowest.max(time(&mut *contender.pass));
    }
    let repeats = repeats_for(MIN_PASS, slowest, 100_000);
    for _ in 0..rounds {
        copying.push(time_each(
            &mut || {
                copies.clone_from(&boards);
                black_box(&mut copies);
            },
            repeats,
        ));
        for contender in &mut contenders {
            let elapsed = time_each(&mut *contender.pass, repeats);
            contender.times.push(elapsed);
        }
    }
    contenders
        .into_iter()
        .map(|mut contender| {
            if contender.name.ends_with(" pasted") {
                for (elapsed, copy) in contender.times.iter_mut().zip(&copying) {
                    *elapsed = elapsed.saturating_sub(*copy);
                }
            }
            (contender.name, contender.times)
        })
        .collect()
}

/// `theirs / ours` for each round, as (lowest, highest): how far the ratio
/// moved from round to round.
fn ratio_range(ours: &[Duration], theirs: &[Duration]) -> (f64, f64) {
    ours.iter()
        .zip(theirs)
        .map(|(ours, theirs)| theirs.as_secs_f64() / ours.as_secs_f64().max(1e-12))
        .fold((f64::INFINITY, 0.0), |(low, high), ratio| {
            (low.min(ratio), high.max(ratio))
        })
}

/// Mean guesses per puzzle: bitboard's (its nodes) and tdoku's.
fn guesses(puzzles: &[Puzzle], limit: u64) -> (f64, Option<f64>) {
    let mut ours = 0u64;
    let mut theirs = 0usize;
    let mut tdoku = tdoku_peer::unavailable().is_none();
    for puzzle in puzzles {
        let (_, effort) = probe::measure(|| {
            if limit == 1 {
                let mut cells = puzzle.cells;
                bitboard::solve_cells(&mut cells);
            } else {
                bitboard::count_solutions_cells(&puzzle.cells, limit);
            }
        });
        ours += effort.nodes;
        match tdoku_peer::solve(&puzzle.line, limit as usize) {
            Some(outcome) => theirs += outcome.guesses,
            None => tdoku = false,
        }
    }
    let count = puzzles.len().max(1) as f64;
    (ours as f64 / count, tdoku.then(|| theirs as f64 / count))
}

/// A counter of solutions up to a limit, as each approach pastes it.
type Counter = fn(&[u8; 81], u64) -> u64;

/// The single puzzle on which `count` (a pasted counter) does worst against
/// the crate: the highest ratio of its time to the crate's on the same
/// puzzle, each time the best of `rounds` runs. A run
/// repeats the puzzle for about [`MIN_SINGLE`], so that a puzzle done in a
/// fraction of a microsecond is not timed at the clock's own resolution.
fn worst_single(
    puzzles: &[Puzzle],
    rounds: usize,
    count: Counter,
) -> Option<(usize, Duration, Duration)> {
    let best = |run: &mut dyn FnMut()| {
        let repeats = repeats_for(MIN_SINGLE, time(run), 1_000_000);
        (0..rounds.max(1))
            .map(|_| time_each(run, repeats))
            .min()
            .unwrap_or_default()
    };
    puzzles
        .iter()
        .filter_map(|puzzle| {
            let sudoku = puzzle.sudoku?;
            let ours = best(&mut || {
                black_box(count(&puzzle.cells, 2));
            });
            let theirs = best(&mut || {
                black_box(sudoku.solutions_count_up_to(2));
            });
            Some((puzzle.line_number, ours, theirs))
        })
        .max_by(|a, b| {
            let ratio = |(_, ours, theirs): &(usize, Duration, Duration)| {
                ours.as_secs_f64() / theirs.as_secs_f64().max(1e-9)
            };
            ratio(a).total_cmp(&ratio(b))
        })
}

/// How many 17-clue puzzles [`SetKind::LessFirstGiven`] takes, from the top.
const SIXTEEN_CLUES_PUZZLES: usize = 10_000;

/// A set with many solutions per puzzle, made at run time (and never saved)
/// from the shared 17-clue set: the first [`SIXTEEN_CLUES_PUZZLES`] of
/// `puzzles`, each with its first given blanked. No puzzle with 16 givens
/// has a unique solution, so each of these has several.
fn without_first_given(puzzles: &[Puzzle]) -> Vec<Puzzle> {
    puzzles
        .iter()
        .take(SIXTEEN_CLUES_PUZZLES)
        .map(|puzzle| {
            let mut cells = puzzle.cells;
            if let Some(first) = cells.iter().position(|&value| value != 0) {
                cells[first] = 0;
            }
            Puzzle::new(puzzle.line_number, cells)
        })
        .collect()
}

/// [`OTHER_LAYOUTS`] other layouts of each of `puzzles`
/// (`sudoku37_bench::equivalent::layouts`, from `seed`), each with the line
/// number of the puzzle it lays out.
fn other_layouts(puzzles: &[Puzzle], seed: u64) -> Vec<Puzzle> {
    let cells: Vec<[u8; 81]> = puzzles.iter().map(|puzzle| puzzle.cells).collect();
    let lines = puzzles
        .iter()
        .flat_map(|puzzle| std::iter::repeat(puzzle.line_number).take(OTHER_LAYOUTS as usize));
    equivalent::layouts(&cells, OTHER_LAYOUTS, seed)
        .into_iter()
        .zip(lines)
        .map(|(cells, line_number)| Puzzle::new(line_number, cells))
        .collect()
}

/// The seed of the sets made at run time, unless `--seed` names another:
/// the same puzzles on every run.
const RANDOM_SEED: u64 = 37;

/// How many other layouts of each of the forum's hardest the race makes:
/// the same puzzles with other ties for a search to break, so that a
/// change tuned to how the set is written shows (see the engineering log,
/// "Issue 52, fourth round").
const OTHER_LAYOUTS: u32 = 10;

/// How many puzzles each random-givens set holds.
const RANDOM_PUZZLES: usize = 3_000;

/// How many puzzles the unique-givens set holds.
const UNIQUE_PUZZLES: usize = 5_000;

/// A random solved grid with a number of random cells drawn from `kept`
/// kept and the others blank.
fn random_puzzle(rng: &mut impl Rng, kept: &RangeInclusive<usize>) -> [u8; 81] {
    let solved = random_solved_grid(rng);
    let mut order: Vec<usize> = (0..81).collect();
    order.shuffle(rng);
    let keep = rng.random_range(kept.clone());
    let mut cells = [0u8; 81];
    for &cell in &order[..keep] {
        cells[cell] = solved[cell];
    }
    cells
}

/// A set made at run time (and never saved): [`RANDOM_PUZZLES`] random
/// puzzles (see [`random_puzzle`]), all from one generator seeded with
/// `seed` and `kept`'s first value. Every puzzle has a solution; most have
/// several.
fn random_givens(kept: &RangeInclusive<usize>, seed: u64) -> Vec<Puzzle> {
    let mut rng = seeded(seed ^ *kept.start() as u64);
    (1..=RANDOM_PUZZLES)
        .map(|number| Puzzle::new(number, random_puzzle(&mut rng, kept)))
        .collect()
}

/// A set made at run time (and never saved): the first [`UNIQUE_PUZZLES`]
/// random puzzles (see [`random_puzzle`]) with one solution, from one
/// generator seeded with `seed` and `kept`'s first value; the others are
/// drawn and dropped. With 38 to 45 givens these are easy puzzles, most of
/// them solved by singles alone: the bulk of a puzzle book, a generator's
/// output or a judge's tests. Uniqueness is the `sudoku` crate's count, so
/// the set does not depend on the code it measures. Each puzzle's number is
/// its draw's.
fn unique_givens(kept: &RangeInclusive<usize>, seed: u64) -> Vec<Puzzle> {
    let mut rng = seeded(seed ^ *kept.start() as u64);
    (1..)
        .map(|number| Puzzle::new(number, random_puzzle(&mut rng, kept)))
        .filter(|puzzle| {
            puzzle
                .sudoku
                .is_some_and(|sudoku| sudoku.solutions_count_up_to(2) == 1)
        })
        .take(UNIQUE_PUZZLES)
        .collect()
}

/// How many of a [`gathered_blanks`] puzzle's blanks lie in its top band
/// and the left stack below it (45 cells in all).
const GATHERED_BLANKS: usize = 38;

/// A set made at run time (and never saved): [`RANDOM_PUZZLES`] puzzles with
/// 34 or 35 givens whose blanks are gathered, [`GATHERED_BLANKS`] of them in
/// the top band and the left stack below it and the rest anywhere else, from
/// random solved grids of one generator seeded with `seed`. The shape is
/// that of Serg's benchmark in tdoku's `data.zip` as the engineering log
/// describes it (not in the shared sets): puzzles with many givens and
/// mostly several solutions, searched with a few guesses, hardly any of which
/// fail, where the cost of setting up and of each forced digit counts most.
fn gathered_blanks(seed: u64) -> Vec<Puzzle> {
    let mut rng = seeded(seed ^ GATHERED_BLANKS as u64);
    (1..=RANDOM_PUZZLES)
        .map(|number| {
            let mut cells = random_solved_grid(&mut rng);
            let (mut corner, mut rest): (Vec<usize>, Vec<usize>) =
                (0..81).partition(|&cell| cell / 9 < 3 || cell % 9 < 3);
            corner.shuffle(&mut rng);
            rest.shuffle(&mut rng);
            let blanks = rng.random_range(46..=47);
            for &cell in corner[..GATHERED_BLANKS]
                .iter()
                .chain(&rest[..blanks - GATHERED_BLANKS])
            {
                cells[cell] = 0;
            }
            Puzzle::new(number, cells)
        })
        .collect()
}

/// How many of a made set's `puzzles` are unique, as its name says it:
/// `, 188 unique`.
fn unique_count(puzzles: &[Puzzle]) -> String {
    let unique = puzzles
        .iter()
        .filter(|puzzle| pasted::bitboard_simd::count_solutions_cells(&puzzle.cells, 2) == 1)
        .count();
    format!(", {unique} unique")
}

/// The puzzles of the set file at `path`, or `None` when it cannot be read.
/// A malformed record is reported on standard error with its line number
/// and left out.
fn load(path: &Path) -> Option<Vec<Puzzle>> {
    let text = std::fs::read(path).ok()?;
    let (puzzles, errors) = sets::read_set(text.as_slice());
    for error in errors {
        eprintln!(
            "error: {}: line {}: {}",
            path.display(),
            error.line,
            error.problem
        );
    }
    Some(
        puzzles
            .into_iter()
            .map(|puzzle| Puzzle::new(puzzle.line, puzzle.cells))
            .collect(),
    )
}

/// Whether the Rust code was built for this machine's CPU rather than for
/// the baseline target: with `RUSTFLAGS="-C target-cpu=native"` on any
/// x86-64 CPU of the last decade, `POPCNT` is among the target's features.
const NATIVE_BUILD: bool = cfg!(target_feature = "popcnt");

/// The first and last lines of the generated block that `--write-into`
/// replaces: one block for each build, so the page can hold both.
const BLOCK_MARKERS: (&str, &str) = if NATIVE_BUILD {
    ("<!-- race native: begin -->", "<!-- race native: end -->")
} else {
    ("<!-- race: begin -->", "<!-- race: end -->")
};

/// What this build is, for the first lines of the report: the `RUSTFLAGS`
/// that make it again, as words to follow the command (empty for the
/// default build), and the instruction set extensions the compiler could
/// use everywhere.
fn build_description() -> (&'static str, String) {
    let features: Vec<&str> = [
        ("POPCNT", cfg!(target_feature = "popcnt")),
        ("BMI2", cfg!(target_feature = "bmi2")),
        ("AVX2", cfg!(target_feature = "avx2")),
        ("AVX-512F", cfg!(target_feature = "avx512f")),
    ]
    .into_iter()
    .filter_map(|(name, enabled)| enabled.then_some(name))
    .collect();
    if NATIVE_BUILD {
        (
            " with `RUSTFLAGS=\"-C target-cpu=native\"`",
            format!(
                "for this CPU (RUSTFLAGS=\"-C target-cpu=native\": {} enabled throughout)",
                features.join(", ")
            ),
        )
    } else {
        (
            "",
            "for the baseline x86-64 target (the default build: no POPCNT; bitboard_simd \
             picks its AVX2 copy at run time)"
                .to_string(),
        )
    }
}

/// Replaces this build's block in the file at `path` with `report` between
/// the two marker lines. Fails, leaving the file as it was, when it cannot
/// be read or has no such block.
fn write_block(path: &Path, report: &str) -> Result<(), block::BlockError> {
    let (begin, end) = BLOCK_MARKERS;
    block::replace_in_file(path, begin, end, &generated_block(begin, end, report))
}

fn per_second(count: usize, elapsed: Duration) -> String {
    let rate = count as f64 / elapsed.as_secs_f64().max(1e-12);
    if rate >= 1e6 {
        format!("{:.2}M/s", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1}k/s", rate / 1e3)
    } else {
        format!("{rate:.1}/s")
    }
}

/// Records one trace with each library copy, so that the library's rows
/// time what `sudoku37` runs. The race is built with whole-program
/// optimisation: in a program that never records, the compiler proves the
/// hooks' recording branches dead and deletes them, and the library's copy
/// would be timed as the pasted one. `sudoku37` records (`trace`), so its
/// searches keep the branches and pay for them.
fn keep_the_hooks_live() {
    let mut cells = [0; 81];
    let (_, _, events) = probe::record(|| bitboard::solve_cells(&mut cells));
    let mut cells = [0; 81];
    let (_, _, simd_events) = probe::record(|| bitboard_simd::solve_cells(&mut cells));
    black_box((events.len(), simd_events.len()));
}

fn main() {
    let arguments: Vec<String> = std::env::args().collect();
    // Everything the race reports, kept for `--write-into` as it is printed.
    let mut report = String::new();
    macro_rules! say {
        ($($format:tt)*) => {{
            let line = format!($($format)*);
            println!("{line}");
            report.push_str(&line);
            report.push('\n');
        }};
    }
    if arguments.iter().any(|argument| argument == "--list") {
        return;
    }
    // Each value given to `option`, which must be followed by one.
    let values = |option: &str| -> Vec<&String> {
        arguments
            .iter()
            .enumerate()
            .filter(|(_, argument)| *argument == option)
            .map(|(at, _)| match arguments.get(at + 1) {
                Some(value) if !value.starts_with("--") => value,
                _ => {
                    eprintln!("error: {option} needs a value");
                    std::process::exit(2);
                }
            })
            .collect()
    };
    let rounds = match values("--rounds").last() {
        None => 7,
        Some(rounds) => match rounds.parse::<usize>() {
            Ok(rounds @ 1..=1000) => rounds,
            _ => {
                eprintln!("error: --rounds must be a whole number from 1 to 1000, not {rounds}");
                std::process::exit(2);
            }
        },
    };
    keep_the_hooks_live();
    // `--seed N`: make the random sets from another seed (to confirm on
    // puzzles that were not tuned on).
    let seed = match values("--seed").last() {
        None => RANDOM_SEED,
        Some(seed) => seed.parse::<u64>().unwrap_or_else(|_| {
            eprintln!("error: --seed must be a whole number, not {seed}");
            std::process::exit(2);
        }),
    };
    let seed_argument = if seed == RANDOM_SEED {
        String::new()
    } else {
        format!(" --seed {seed}")
    };
    // `--file PATH`, repeatable: race these files instead of the shared sets.
    let files: Vec<&String> = values("--file");
    let file_arguments: String = files.iter().map(|path| format!(" --file {path}")).collect();
    let files: Vec<PathBuf> = files.iter().map(|path| from_root(path)).collect();
    // `--write-into FILE`: the report also goes into FILE's race block.
    let write_into: Option<&String> = values("--write-into").last().copied();
    let write_argument = write_into
        .as_ref()
        .map(|path| format!(" --write-into {path}"))
        .unwrap_or_default();
    let write_into: Option<PathBuf> = write_into.map(|path| from_root(path));
    if let Some(path) = &write_into {
        let (begin, end) = BLOCK_MARKERS;
        let readable = std::fs::read_to_string(path).map_err(|error| error.to_string());
        if let Err(problem) = readable.and_then(|text| {
            block::find(&text, begin, end)
                .map(|_| ())
                .ok_or_else(|| format!("no {begin} … {end} block"))
        }) {
            eprintln!("error: cannot update {}: {problem}", path.display());
            std::process::exit(2);
        }
    }
    if let Some(reason) = tdoku_peer::unavailable() {
        say!("tdoku skipped: {reason}");
    }
    let entries: Vec<(String, Source, SetKind)> = if files.is_empty() {
        let Some(dir) = sets::shared_data_dir() else {
            println!(
                "race skipped: no public puzzle sets (set {} or place them in ../shared/puzzles)",
                sets::DATA_ENV
            );
            return;
        };
        [
            (
                public::SEVENTEEN_CLUE.name(),
                public::SEVENTEEN_CLUE,
                SetKind::BothModes,
            ),
            (public::TOP1465.name(), public::TOP1465, SetKind::BothModes),
            (
                public::HARDEST_FORUM_1106.name(),
                public::HARDEST_FORUM_1106,
                SetKind::BothModes,
            ),
            (
                public::MULTIPLE_SOLUTIONS.name(),
                public::MULTIPLE_SOLUTIONS,
                SetKind::CountOnly,
            ),
            (
                "17clue less its first given",
                public::SEVENTEEN_CLUE,
                SetKind::LessFirstGiven,
            ),
            (
                public::UNSOLVABLE.name(),
                public::UNSOLVABLE,
                SetKind::Unsolvable,
            ),
            (
                &format!(
                    "{}, {OTHER_LAYOUTS} other layouts of each",
                    public::HARDEST_FORUM_1106.name()
                ),
                public::HARDEST_FORUM_1106,
                SetKind::OtherLayouts,
            ),
        ]
        .into_iter()
        .map(|(name, set, kind)| (name.to_string(), Source::File(set.path_in(&dir)), kind))
        .chain([22..=27, 28..=36].map(|kept| {
            (
                format!("random givens, {} to {} kept", kept.start(), kept.end()),
                Source::RandomGivens(kept),
                SetKind::BothModes,
            )
        }))
        .chain([38..=45].map(|kept| {
            (
                format!("easy: unique, {} to {} givens", kept.start(), kept.end()),
                Source::UniqueGivens(kept),
                SetKind::BothModes,
            )
        }))
        .chain([(
            "blanks gathered in a band and a stack, 34 or 35 givens".to_string(),
            Source::GatheredBlanks,
            SetKind::BothModes,
        )])
        .collect()
    } else {
        files
            .into_iter()
            .map(|path| {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                );
                (name, Source::File(path), SetKind::BothModes)
            })
            .collect()
    };
    // `--set TEXT`, repeatable: race only the sets whose name holds one.
    let wanted: Vec<&String> = values("--set");
    let set_arguments: String = wanted
        .iter()
        .map(|text| format!(" --set {text:?}"))
        .collect();
    let entries: Vec<(String, Source, SetKind)> = entries
        .into_iter()
        .filter(|(name, _, _)| {
            wanted.is_empty() || wanted.iter().any(|text| name.contains(text.as_str()))
        })
        .collect();
    let cores = std::thread::available_parallelism().map_or(0, |cores| cores.get());
    let (rustflags, build) = build_description();
    // A block made without tdoku says so, rather than how it would be built.
    let tdoku_build = match tdoku_peer::unavailable() {
        None => "tdoku built with -march=native",
        Some(_) => "tdoku not raced (it was not built)",
    };
    say!(
        "`cargo bench --bench race -- --rounds {rounds}{seed_argument}{set_arguments}{file_arguments}{write_argument}`{rustflags}: median pass over {rounds} \
         alternating rounds, one core; ratio = other's time / ours (bitboard's, then \
         bitboard_simd's: above 1, ours is faster).\n\n\
         CPU: {}; {cores} logical cores.{} Rust code built {build}; {tdoku_build}.\n",
        machine::cpu_name(),
        machine::load(cores),
    );
    say!(
        "| set | mode | contender | puzzles/s | bitboard's ratio to it | range over the rounds | bitboard_simd's ratio to it | range over the rounds | guesses/puzzle |"
    );
    say!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    // Each file is read once, though two sets may come from it.
    let mut read: HashMap<&Path, Option<Vec<Puzzle>>> = HashMap::new();
    for (name, source, kind) in &entries {
        let mut name = name.clone();
        let made;
        let puzzles = match source {
            Source::File(path) => {
                let Some(puzzles) = read.entry(path).or_insert_with(|| load(path)) else {
                    say!(
                        "| {name} | skipped: cannot read {} | | | | | | | |",
                        path.display()
                    );
                    continue;
                };
                puzzles
            }
            Source::UniqueGivens(kept) => {
                made = unique_givens(kept, seed);
                &made
            }
            Source::RandomGivens(kept) => {
                made = random_givens(kept, seed);
                name.push_str(&unique_count(&made));
                &made
            }
            Source::GatheredBlanks => {
                made = gathered_blanks(seed);
                name.push_str(&unique_count(&made));
                &made
            }
        };
        let derived;
        let puzzles = match kind {
            SetKind::LessFirstGiven => {
                derived = without_first_given(puzzles);
                &derived
            }
            SetKind::OtherLayouts => {
                derived = other_layouts(puzzles, seed);
                &derived
            }
            _ => puzzles,
        };
        let modes: &[bool] = if matches!(kind, SetKind::BothModes | SetKind::OtherLayouts) {
            &[false, true]
        } else {
            &[true]
        };
        for &counting in modes {
            let results = race(puzzles, rounds, counting);
            let rounds_of = |wanted: &str| {
                results
                    .iter()
                    .find(|(contender, _)| *contender == wanted)
                    .map(|(_, times)| times.clone())
                    .unwrap_or_default()
            };
            let (our_rounds, simd_rounds) = if counting {
                (
                    rounds_of("bitboard count"),
                    rounds_of("bitboard_simd count"),
                )
            } else {
                (
                    rounds_of("bitboard cells"),
                    rounds_of("bitboard_simd cells"),
                )
            };
            let ours = median(our_rounds.clone());
            let simd = median(simd_rounds.clone());
            let limit = if counting { 2 } else { 1 };
            let (our_guesses, tdoku_guesses) = guesses(puzzles, limit);
            for (contender, times) in &results {
                let elapsed = median(times.clone());
                let ratio = elapsed.as_secs_f64() / ours.as_secs_f64().max(1e-12);
                let (lowest, highest) = ratio_range(&our_rounds, times);
                let simd_ratio = elapsed.as_secs_f64() / simd.as_secs_f64().max(1e-12);
                let (simd_lowest, simd_highest) = ratio_range(&simd_rounds, times);
                let guessed = match *contender {
                    name if name.starts_with("bitboard") => format!("{our_guesses:.2}"),
                    name if name.starts_with("tdoku") => {
                        tdoku_guesses.map_or("-".to_string(), |guesses| format!("{guesses:.2}"))
                    }
                    _ => "-".to_string(),
                };
                say!(
                    "| {name} ({}) | {} | {contender} | {} | {ratio:.3}x | {lowest:.2}–{highest:.2} | {simd_ratio:.3}x | {simd_lowest:.2}–{simd_highest:.2} | {guessed} |",
                    puzzles.len(),
                    if counting {
                        "count to 2"
                    } else {
                        "first solution"
                    },
                    per_second(puzzles.len(), elapsed),
                );
            }
        }
        if *kind == SetKind::Unsolvable {
            let counters: [(&str, Counter); 2] = [
                ("bitboard", pasted::bitboard::count_solutions_cells),
                (
                    "bitboard_simd",
                    pasted::bitboard_simd::count_solutions_cells,
                ),
            ];
            for (counter, count) in counters {
                if let Some((line, ours, theirs)) = worst_single(puzzles, rounds, count) {
                    say!(
                        "| {name} | worst ratio to the crate (line {line}) | {counter} {:.2} µs, crate {:.2} µs | | {:.3}x | | | | |",
                        ours.as_secs_f64() * 1e6,
                        theirs.as_secs_f64() * 1e6,
                        theirs.as_secs_f64() / ours.as_secs_f64().max(1e-12),
                    );
                }
            }
        }
    }
    if let Some(path) = write_into {
        if let Err(problem) = write_block(&path, &report) {
            eprintln!("error: cannot update {}: {problem}", path.display());
            std::process::exit(2);
        }
        println!("wrote the race block of {}", path.display());
        // The two builds side by side and the margins, made again from the
        // blocks as they now are, where the page has those blocks.
        match race_builds::write_into(&path) {
            Ok(()) => println!(
                "wrote the computed blocks (race builds, race margins) of {}",
                path.display()
            ),
            Err(problem) => eprintln!(
                "note: the computed blocks of {} were not written: {problem}",
                path.display()
            ),
        }
    }
}

/// `path` as the user wrote it, from the workspace's root when relative:
/// `cargo bench` runs this program in `bench/`, the package's folder, while
/// the commands above are given from the root (`--write-into
/// notes/benchmarks.md`).
fn from_root(path: &str) -> PathBuf {
    let path = PathBuf::from(path);
    if path.is_relative() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
    } else {
        path
    }
}
