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
//! The library itself is empty: the package exists for its targets.
