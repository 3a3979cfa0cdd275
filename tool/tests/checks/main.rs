//! The checks of the house, apart from the study loop: prose and figures in
//! the notes, the one glossary (`notes/glossary.md`), the layers and the quotas, the registry's
//! agreement with the notes, and the bitboard twins. A failure here never
//! means an approach is wrong (that is `cargo test -p sudoku37`); it means a
//! note, a figure or the shape of the code moved. CI runs them with the rest
//! of the workspace; `cargo test -p sudoku37-tool --test checks` runs them
//! alone.

#[path = "../common/mod.rs"]
mod common;

mod comparisons;
mod evidence;
mod figures;
mod geometry;
mod glossary;
mod layers;
mod names;
mod notes;
mod prose;
mod registry;
mod twins;
