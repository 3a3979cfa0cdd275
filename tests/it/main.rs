//! The tests that say whether an approach is right, in one binary (one link
//! instead of one per file): the matrix of every approach on every built-in
//! set, the public sets, puzzles without a solution or with several, the
//! paste test, the registry's contract, the record rules and the property
//! tests. `cargo test -p sudoku37 NAME` runs every test of one approach;
//! `cargo test -p sudoku37 --test it matrix::` one file of them.

mod common;

mod hard_sets;
mod matrix;
mod paste;
mod properties;
mod records;
mod registry;
mod shared_sets;
mod unsolvable;
