//! Every approach's paste region as a module of its own (`pasted::bitboard`,
//! `pasted::dancing_links`, ...), exactly the text `sudoku37 paste NAME`
//! prints, for the benchmarks: see `build.rs`. The paste test proves each of
//! these compiles alone; this crate only lets a benchmark call them.

// The code is the approaches' own, linted where it is written
// (`src/approaches/`, whose module allows what LeetCode's signature and the
// write-ups' index loops need); a copy is not linted twice.
#![allow(clippy::all)]

include!(concat!(env!("OUT_DIR"), "/pasted.rs"));
