//! The local judge behind `sudoku37 judge FILE.rs`: a user's own
//! `solve_sudoku`, written as it would be pasted into LeetCode, compiled with
//! `rustc` and run on many puzzles, with LeetCode's verdicts.
//!
//! The command line chooses the sets and prints; everything else is here,
//! one file each:
//!
//! * `driver.rs`: [`driver`] writes the driver, a file of its own that
//!   includes the user's file and adds `struct Solution;` (when missing), the
//!   trace hooks and `main`, so that rustc's diagnostics and panic messages
//!   name only the user's file and lines;
//! * `source.rs`: [`included_code`] and [`declares_solution`], the user's
//!   file read as the driver needs it;
//! * `reply.rs`: [`parse_reply`] reads the driver's answer for one puzzle
//!   into an [`Outcome`];
//! * `verdict.rs`: LeetCode's [`Verdict`]s, the one verdict type of `judge`
//!   and `practice`, and [`compare_answer`] and [`render_diff`], which judge
//!   and draw a received board against the expected one;
//! * `cases.rs`: a set's cases, the puzzles with exactly one solution;
//!
//! and, starting child processes through the one runner, [`crate::runner`]:
//!
//! * `compile.rs`: compiling the user's file within the compiler's limits,
//!   its diagnostics in the user's terms;
//! * `program.rs`: running the program, one input at a time, under its
//!   limits, and `streams.rs`: reading its three streams;
//! * `run.rs`: running the program on every case and judging each outcome;
//! * `report.rs`: the report, each failure drawn and the table of sets;
//! * `comparison.rs`: after Accepted, the next idea and the user's times
//!   beside the repository's approaches;
//! * `session.rs`: [`judge`], one run of the judge, whole.
//!
//! The driver speaks a small line protocol. The judge's first line on its
//! standard input is a secret made for the run (and `record` when the trace
//! hooks' events are wanted); then each line is one input. The driver
//! answers on its own channel, descriptor 3, never on standard output or
//! error (the user's own prints, which LeetCode allows): `SECRET ready` once,
//! then for each input `SECRET ok NODES UNDOS BOARD` or `SECRET panic
//! MESSAGE`, after any `SECRET events ...` lines of the search. The judge
//! measures each input's time itself, from writing the input to the reply's
//! arrival, and hands the reply on as `MARKER ok NANOS NODES UNDOS BOARD` or
//! `MARKER panic NANOS MESSAGE` ([`program::Exchange`]). `NODES` and `UNDOS`
//! count the calls of the trace hooks, which the learner's code makes: they
//! show a search, they prove nothing. `BOARD` is the board as the solution
//! left it, whatever its shape: rows separated by `/`, each cell the decimal
//! code of its `char`, separated by `,`.

mod cases;
mod driver;
mod reply;
mod verdict;

mod comparison;
mod compile;
pub mod program;
mod report;
mod run;
mod session;
mod source;
mod streams;

pub use cases::{plan, Case, JudgedSet, NothingToJudge, Plan, EXAMPLE_SET};
pub use session::{judge, source_file_name, JudgeError, Options, Submission};

pub use crate::files::escape_controls;
pub use driver::{driver, Entry, Hooks, DRIVER_FILE, MARKER, MAX_PANIC_MESSAGE, MAX_TRACE_EVENTS};
pub use reply::{
    decode_board, describe_status, parse_raw_reply, parse_reply, DriverReply, Outcome, Stream,
    Traced,
};
pub use source::{declares_solution, included_code};
pub use verdict::{board_line, compare_answer, render_diff, Mismatch, Verdict};

/// The largest source file the judge and `practice check` read: far more
/// than any solution needs.
pub const MAX_SOURCE_BYTES: u64 = 1024 * 1024;

/// The editions a solution can be compiled under.
pub const EDITIONS: [&str; 2] = ["2021", "2024"];
