//! `sudoku37-bench`: the measurements of the workspace, apart from the study
//! crate so that none of their build scripts (tdoku's, the pasted copies of
//! every approach) and none of their baselines (the `sudoku` crate, tdoku)
//! are built while a learner runs `cargo test -p sudoku37`.
//!
//! - `bench/benches/race.rs`: `bitboard` and `bitboard_simd` against the `sudoku`
//!   crate and tdoku, both modes, alternating rounds
//!   (`cargo bench --bench race`);
//! - `bench/benches/solvers.rs`: criterion benchmarks of every approach;
//! - `examples/`: the programs that measure what the notes quote (the
//!   `*_variants`, `guess_counts`, `worked_traces`, `solve_race` …), each run
//!   with `cargo run --release --example NAME`.
//!
//! The library holds what several of them print about the machine they ran
//! on ([`machine`]), the frame of the blocks they write into the notes
//! ([`generated_block`]), the report of the whole-process race
//! ([`whole_process`], where its tests can reach it) and the puzzles
//! equivalent to a set's own that `guess_counts` measures too
//! ([`equivalent`]); the package exists for its targets.

pub mod whole_process;

pub mod equivalent {
    //! A puzzle the same as another but for its layout: its digits renamed,
    //! its bands and the rows inside each band reordered, its stacks and the
    //! columns inside each stack reordered, and perhaps its rows and columns
    //! swapped. Each keeps every row, column and box a unit, so the puzzle
    //! has as many solutions, and they correspond one to one. A search that
    //! breaks ties by the lowest cell or digit takes a different path through
    //! each, so a choice tuned on a set as it is written may gain less, or
    //! nothing, on the same puzzles laid out otherwise: a quick test of a
    //! change to the guess choice on puzzles it was not tuned on.

    use rand::seq::SliceRandom;
    use rand::Rng;
    use sudoku37_tool::generate::seeded;

    /// One of the layouts of the same puzzle (digits 1 to 9, 0 for a
    /// blank), drawn from `rng`; the order of the nine lines and their
    /// swap are drawn in full, so the same seed draws the same puzzles.
    pub fn shuffled(cells: &[u8; 81], rng: &mut impl Rng) -> [u8; 81] {
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        let rows = line_order(rng);
        let columns = line_order(rng);
        let swap = rng.random_bool(0.5);
        std::array::from_fn(|index| {
            let (row, column) = (rows[index / 9], columns[index % 9]);
            let from = if swap {
                column * 9 + row
            } else {
                row * 9 + column
            };
            match cells[from] {
                0 => 0,
                digit => digits[usize::from(digit) - 1],
            }
        })
    }

    /// `count` other layouts of each of `puzzles` ([`shuffled`]), a puzzle's
    /// all together and in the order of `puzzles`, each drawn from a seed of
    /// its own that a generator seeded with `seed` deals out: the same
    /// arguments give the same puzzles.
    pub fn layouts(puzzles: &[[u8; 81]], count: u32, seed: u64) -> Vec<[u8; 81]> {
        let mut seeds = seeded(seed);
        puzzles
            .iter()
            .flat_map(|puzzle| {
                let draws: Vec<u64> = (0..count).map(|_| seeds.random()).collect();
                draws
                    .into_iter()
                    .map(move |draw| shuffled(puzzle, &mut seeded(draw)))
            })
            .collect()
    }

    /// The nine lines of one direction in an order that keeps each group of
    /// three (a band or a stack) together: the groups shuffled, then the
    /// lines inside each.
    fn line_order(rng: &mut impl Rng) -> [usize; 9] {
        let mut groups = [0, 1, 2];
        groups.shuffle(rng);
        let mut order = [0; 9];
        for (slot, group) in groups.into_iter().enumerate() {
            let mut lines = [0, 1, 2];
            lines.shuffle(rng);
            for (offset, line) in lines.into_iter().enumerate() {
                order[slot * 3 + offset] = group * 3 + line;
            }
        }
        order
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use sudoku37::approaches::bitboard;
        use sudoku37::grid;

        fn givens(cells: &[u8; 81]) -> usize {
            cells.iter().filter(|&&cell| cell != 0).count()
        }

        #[test]
        fn a_shuffled_puzzle_keeps_its_givens_and_its_solutions_shuffled_alike() {
            let mut rng = seeded(5);
            let mut layouts = std::collections::HashSet::new();
            for set in sudoku37::sets::builtin_sets() {
                for entry in set.puzzles.iter().take(20) {
                    let puzzle = entry.cells;
                    // The same draws for the puzzle and for its solution.
                    let draw = rng.random::<u64>();
                    let variant = shuffled(&puzzle, &mut seeded(draw));
                    layouts.insert(variant);
                    assert_eq!(
                        givens(&variant),
                        givens(&puzzle),
                        "{} line {}",
                        set.name,
                        entry.line
                    );
                    assert_eq!(
                        bitboard::count_solutions_cells(&variant, 2),
                        bitboard::count_solutions_cells(&puzzle, 2),
                        "{} line {}",
                        set.name,
                        entry.line
                    );
                    let mut solution = puzzle;
                    if bitboard::solve_cells(&mut solution)
                        && bitboard::count_solutions_cells(&puzzle, 2) == 1
                    {
                        let moved = shuffled(&solution, &mut seeded(draw));
                        assert!(
                            grid::solves(&variant, &moved),
                            "{} line {}",
                            set.name,
                            entry.line
                        );
                        let mut found = variant;
                        assert!(bitboard::solve_cells(&mut found));
                        assert_eq!(found, moved, "{} line {}", set.name, entry.line);
                    }
                }
            }
            assert!(layouts.len() > 20, "the draws give different layouts");
        }

        #[test]
        fn the_same_seed_lays_out_the_same_puzzles_a_puzzle_s_together() {
            let puzzles: Vec<[u8; 81]> = sudoku37::sets::builtin_sets()
                .iter()
                .flat_map(|set| set.puzzles.iter().take(3).map(|entry| entry.cells))
                .collect();
            let once = layouts(&puzzles, 4, 37);
            assert_eq!(once.len(), puzzles.len() * 4);
            assert_eq!(once, layouts(&puzzles, 4, 37));
            assert_ne!(once, layouts(&puzzles, 4, 38));
            for (index, layout) in once.iter().enumerate() {
                assert_eq!(
                    givens(layout),
                    givens(&puzzles[index / 4]),
                    "layout {index}"
                );
            }
        }
    }
}

/// `report` as a generated block, between the lines `begin` and `end`, for
/// `sudoku37_tool::compare::block::replace_in_file`; the report's first
/// lines name the command that made it.
pub fn generated_block(begin: &str, end: &str, report: &str) -> String {
    format!(
        "{begin}\n\n_Generated by the command below; do not edit by hand._\n\n{}\n{end}",
        report.trim_end()
    )
}

pub mod machine {
    //! The machine a measurement ran on, for the first lines of its report:
    //! ratios between solvers move from one CPU to another, and with the
    //! load on a shared machine.

    /// The CPU as Linux reports it (model name, family and model numbers), and
    /// on x86-64 whether it has AVX-512, which tdoku's `-march=native` build uses
    /// when it is there: ratios between solvers move from one CPU to another, so
    /// every table says which one it was measured on.
    pub fn cpu_name() -> String {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let field = |key: &str| {
            info.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                (name.trim() == key).then(|| value.trim().to_string())
            })
        };
        #[allow(unused_mut)]
        let mut name = match (field("model name"), field("cpu family"), field("model")) {
            (Some(name), Some(family), Some(model)) => {
                format!("{name} (cpu family {family}, model {model})")
            }
            (Some(name), _, _) => name,
            _ => "model unknown (no /proc/cpuinfo)".to_string(),
        };
        #[cfg(target_arch = "x86_64")]
        name.push_str(if std::is_x86_feature_detected!("avx512f") {
            ", with AVX-512"
        } else {
            ", without AVX-512"
        });
        name
    }

    /// How busy the machine was as a measurement began: the one-minute load average
    /// (`/proc/loadavg`) beside the number of cores, and this process's nice
    /// value (`/proc/self/stat`), so that a table made on a shared machine says
    /// so. Empty where Linux's `/proc` is missing.
    pub fn load(cores: usize) -> String {
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|text| text.split_whitespace().next().map(str::to_string));
        // The fields after the command name, which is in parentheses and may
        // hold spaces; nice is the 19th field of the line, the 17th after it.
        let nice = std::fs::read_to_string("/proc/self/stat")
            .ok()
            .and_then(|text| {
                let (_, after) = text.rsplit_once(')')?;
                after.split_whitespace().nth(16).map(str::to_string)
            });
        match (load, nice) {
            (Some(load), Some(nice)) => {
                format!(" Load average {load} on {cores} cores as it began; run at nice {nice}.")
            }
            _ => String::new(),
        }
    }
}
