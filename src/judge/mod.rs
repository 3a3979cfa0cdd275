//! The local judge behind `sudoku37 judge FILE.rs`: a user's own
//! `solve_sudoku`, written as it would be pasted into LeetCode, compiled with
//! `rustc` and run on many puzzles, with LeetCode's verdicts.
//!
//! This module holds the parts that do not depend on the command line, one
//! file each:
//!
//! * `driver.rs`: [`driver`] writes the driver, a file of its own that
//!   includes the user's file and adds `struct Solution;` (when missing), the
//!   trace hooks and `main`, so that rustc's diagnostics and panic messages
//!   name only the user's file and lines;
//! * `reply.rs`: [`parse_reply`] reads the driver's answer for one puzzle
//!   into an [`Outcome`] (compiling and running the program are the command
//!   line's job: `src/cli/judge/program.rs`, through the one process runner);
//! * `verdict.rs`: LeetCode's [`Verdict`]s, the one verdict type of `judge`
//!   and `practice`, and [`compare_answer`] and [`render_diff`], which judge
//!   and draw a received board against the expected one.
//!
//! The driver speaks a small line protocol: it reads 81-character puzzle lines
//! on standard input and answers each with one line starting with [`MARKER`]
//! (the user's own prints, which LeetCode allows, are told apart by it):
//! `MARKER ok NANOS NODES UNDOS BOARD` or `MARKER panic NANOS MESSAGE`. `NANOS`
//! is the time of the call to `solve_sudoku` alone, measured inside the
//! program, so that starting the process does not count; `NODES` and `UNDOS`
//! count the calls of the trace hooks. `BOARD` is the board as the solution
//! left it, whatever its shape: rows separated by `/`, each cell the decimal
//! code of its `char`, separated by `,`.

mod driver;
mod reply;
mod verdict;

pub use driver::{declares_solution, driver, included_code, Entry, DRIVER_FILE};
pub use reply::{
    decode_board, describe_status, parse_raw_reply, parse_reply, Outcome, Reply, Stream, Traced,
};
pub use verdict::{board_line, compare_answer, escape_controls, render_diff, Mismatch, Verdict};

/// The start of every line the driver writes for the judge.
pub const MARKER: &str = "@@sudoku37-judge@@";

/// The start of the line of recorded trace events the driver writes before a
/// reply, when run with the environment variable [`RECORD_ENV`].
pub const EVENTS_MARKER: &str = "@@sudoku37-events@@";

/// The environment variable that makes the driver record its trace events.
pub const RECORD_ENV: &str = "SUDOKU37_RECORD";

/// The editions a solution can be compiled under.
pub const EDITIONS: [&str; 2] = ["2021", "2024"];
