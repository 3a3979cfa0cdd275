//! Every approach's paste region as a module of its own (`pasted::bitboard`,
//! `pasted::dancing_links`, ...), exactly the text `sudoku37 paste NAME`
//! prints, for the benchmarks: see `build.rs`. The paste test proves each of
//! these compiles alone; this crate only lets a benchmark call them.

include!(concat!(env!("OUT_DIR"), "/pasted.rs"));
