//! Why each step of a trace happened, read from the evidence: the board
//! before the step, the steps before it and, for a reading-order search, the
//! order of its blanks ([`Order`], from the registry). Nothing is taken from
//! inside the approach, and nothing is guessed: where the evidence fits none
//! of the patterns below, the reason says so (`no known pattern`).
//!
//! * A digit written into an empty cell (`place`, `force`) shows the cell's
//!   candidates on the board before it: the digits none of its peers holds.
//!   A reading-order scan tries the digits in ascending order, so each
//!   smaller one was refused, and the reason says why: it clashes with a
//!   peer (the first one holding it, row, then column, then box, as the
//!   scans check), or it was placed here and failed below (it was undone
//!   since the search last came to this cell). For the other approaches, the
//!   digits that failed below are named, and a unit in which the cell is the
//!   only place left for its digit.
//! * An `undo` says what failed below it. Right after a placement, a
//!   reading-order scan's next blank has no digit left: each digit is in its
//!   row, column or box. After an undo of the next blank, that blank has no
//!   digit left: each is in its row, column or box, or failed below. For the
//!   other approaches, right after a placement, the board has an empty cell
//!   with no candidate, or a unit with no place left for a digit it lacks.
//! * An `unforce` is taken off with the guess that is undone next.
//!
//! The page of `trace --html` reads the same reasons in its script, from the
//! same evidence (`page.html`, between `// reasons: begin` and `// reasons:
//! end`); a test runs that script and compares.

mod read;
mod text;

pub use read::{order_of, reasons, Reasons};
pub use text::{Cause, Digits, Oddity, Reason};
