//! The integration tests, in one binary (one link instead of one per file):
//! each file below is a module; `cargo test --test it NAME::` runs one of them,
//! `cargo test --test it NAME::TEST` one test.

mod common;

mod bounded;
mod cli;
mod coach;
mod compare;
mod figures;
mod hard_sets;
mod hostile;
mod judge;
mod layers;
mod logic;
mod matrix;
mod messages;
mod misbehaving_world;
mod notes;
mod owned_files;
mod paste;
mod practice;
mod properties;
mod prose;
mod reasons;
mod records;
mod registry;
mod sandbox;
mod shared_sets;
mod solve_pipeline;
mod trace;
mod unsolvable;
mod words;
