//! Why each step of a trace happened, read from the evidence: the board
//! before the step, the steps before it and, for a reading-order search, the
//! order of its blanks ([`Order`](sudoku37::approaches::Order), from the
//! registry). Nothing is taken from inside the approach, and nothing is
//! guessed: where the evidence fits none of the patterns below, the reason
//! says so (`no known pattern`).
//!
//! The steps are read as a tree: each `place` or `force` is a child of the
//! deepest digit standing (the search's path), each `undo` of the deepest
//! digit takes it back and records it as a failed child of the one below.
//!
//! * A digit written into an empty cell (`place`, `force`) shows the cell's
//!   candidates on the board before it: the digits none of its peers holds.
//!   A reading-order scan tries the digits in ascending order, so each
//!   smaller one was refused, and the reason says why: a peer holds it (the
//!   first one, row, then column, then box, as the scans check: `1 clashes
//!   with r1c3`), or it was placed here and failed below (a failed child of
//!   the same parent: `8 failed below`). For the other approaches, the digits
//!   that failed below in this cell are named, and a unit in which the cell
//!   is the only place left for its digit.
//! * An `undo` says what failed below it. Right after a placement, a
//!   reading-order scan's next blank (in the registry's order) has no digit
//!   left: each digit is in its row, column or box (`r1c9 has no digit left:
//!   1 2 3 4 5 7 8 9 in row 1, 6 in column 9`). After the next blank is
//!   undone in turn, that blank has no digit left: each digit is in a unit,
//!   or failed below. The other approaches: after an undo of a child, the
//!   failed children are the digits of one cell, which then has no digit
//!   left, or one digit in the cells of one unit, which then has no place
//!   left for it (`3 has no place left in row 1: r1c4 failed below`, a
//!   Dancing Links column); right after a placement, the board has an empty
//!   cell with no candidate or a unit with no place left for a digit it
//!   lacks. A run of undos that takes off the last digits of the path out of
//!   order (a saved state restored, as `propagation` does) says so after its
//!   first undo (`taken off with every digit placed since step 20, after the
//!   dead end at step 23`).
//! * An `unforce` is taken off with the guess that is undone next.
//!
//! Where a pattern is checked and fails, or none applies, the reason is `no
//! known pattern`, with what was seen when there is something to say (`r1c9
//! can still take 6`). `bitboard`'s contradictions often come from band
//! deductions no board pattern shows: those undos say `no known pattern:
//! every empty cell has a candidate and every unit a place for each digit it
//! lacks`.
//!
//! The page of `trace --html` reads the same reasons in its script, from the
//! same evidence (`page.html`, between `// reasons: begin` and `// reasons:
//! end`); a test runs that script and compares.

mod read;
mod text;

pub use read::{order_of, reasons, Reasons};
pub use text::{Cause, Digits, Oddity, Reason};
