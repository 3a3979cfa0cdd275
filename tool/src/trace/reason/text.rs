//! The reasons of a trace's steps as values, and as the text the trace
//! prints ([`Reason`]'s `Display`). Where cells lie and how they are named
//! is [`sudoku37::grid`]'s.

use std::fmt;

use sudoku37::grid::{cell_name, Unit, UnitKind};

/// A set of digits: bit `d - 1` for the digit `d`.
pub type Digits = u16;

/// Why a digit is not free in a cell, or was not kept there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// A peer in the cell's row holds it.
    Row,
    /// A peer in the cell's column holds it.
    Column,
    /// A peer in the cell's box holds it.
    Box,
    /// It was placed in the cell and undone since the search came to it.
    FailedBelow,
}

/// What the evidence says when it fits none of the patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Oddity {
    /// Nothing more to say.
    Nothing,
    /// The digit written clashes with the cell at this index.
    Clash { digit: u8, with: u8 },
    /// A reading-order scan skipped these smaller digits, though they fit
    /// and had not failed.
    Skipped { digits: Digits },
    /// The cell that should have had no digit left can still take these.
    StillFits { cell: u8, digits: Digits },
    /// No empty cell lacks a candidate and no unit a place for a digit.
    NoDeadEnd,
}

/// The reason of one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A digit written into an empty cell (`place`, `force`).
    Fill {
        cell: u8,
        digit: u8,
        /// The cell's candidates on the board before the step.
        candidates: Digits,
        /// The digits placed in this cell and undone since the search last
        /// came to it.
        failed: Digits,
        /// For a reading-order scan: for each smaller digit (index `d - 1`)
        /// that clashes, the cell it clashes with, plus one; 0 otherwise.
        /// `None` for the other approaches.
        clashes: Option<[u8; 9]>,
        /// Otherwise, a unit in which the cell is the only place left for
        /// the digit, when the cell has other candidates.
        only_place: Option<Cause>,
    },
    /// An `undo` after which a cell has no digit left.
    DeadCell { cell: u8, causes: [Cause; 9] },
    /// An `undo` after which a digit has no place left in a unit: the
    /// unit's kind and index (0-based), and the positions in it (bit `k`
    /// for its cell `k`) where the digit failed below.
    NoPlace {
        digit: u8,
        unit: Cause,
        index: u8,
        failed: u16,
    },
    /// An `undo` in a run that takes off every digit placed since a step
    /// (1-based), the run's first undo at `dead_end`.
    Restore { since: usize, dead_end: usize },
    /// An `unforce`: taken off with the guess undone at `step` (1-based).
    WithGuess { cell: u8, digit: u8, step: usize },
    /// The evidence fits none of the patterns.
    Unknown(Oddity),
}

pub(super) fn bit(digit: u8) -> Digits {
    1 << (digit - 1)
}

/// The kind of unit a cause names: its row, column or box (a digit that
/// failed below names none; the box stands in for it, never written).
pub(super) fn unit_kind(cause: Cause) -> UnitKind {
    match cause {
        Cause::Row => UnitKind::Row,
        Cause::Column => UnitKind::Column,
        _ => UnitKind::Box,
    }
}

/// The digits of a set, ascending, separated by spaces.
struct List(Digits);

impl fmt::Display for List {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut separator = "";
        for digit in (1..=9u8).filter(|&digit| self.0 & bit(digit) != 0) {
            write!(formatter, "{separator}{digit}")?;
            separator = " ";
        }
        Ok(())
    }
}

/// The unit of a cell a cause names: `row 1`, `column 9`, `box 3`.
struct UnitName(usize, Cause);

impl fmt::Display for UnitName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Cause::FailedBelow => formatter.write_str("failed below"),
            cause => write!(formatter, "{}", unit_kind(cause).of(self.0)),
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::Fill {
                cell,
                digit: placed,
                candidates,
                failed,
                clashes,
                only_place,
            } => {
                write!(formatter, "candidates {}", List(candidates))?;
                let mut separator = "; ";
                for digit in 1..=9u8 {
                    let with = clashes.map_or(0, |clashes| clashes[usize::from(digit) - 1]);
                    if failed & bit(digit) != 0 {
                        write!(formatter, "{separator}{digit} failed below")?;
                    } else if with > 0 {
                        let with = cell_name(usize::from(with) - 1);
                        write!(formatter, "{separator}{digit} clashes with {with}")?;
                    } else {
                        continue;
                    }
                    separator = ", ";
                }
                match only_place {
                    Some(cause) => write!(
                        formatter,
                        "; the only place for {placed} in {}",
                        UnitName(usize::from(cell), cause)
                    ),
                    None => Ok(()),
                }
            }
            Reason::DeadCell { cell, causes } => {
                let cell = usize::from(cell);
                write!(formatter, "{} has no digit left: ", cell_name(cell))?;
                // The digits grouped by cause, in the order of each
                // cause's smallest digit.
                let mut shown = [false; 4];
                let mut separator = "";
                for &cause in &causes {
                    let slot = cause as usize;
                    if shown[slot] {
                        continue;
                    }
                    shown[slot] = true;
                    let digits = (1..=9u8)
                        .filter(|&digit| causes[usize::from(digit) - 1] == cause)
                        .fold(0, |digits, digit| digits | bit(digit));
                    match cause {
                        Cause::FailedBelow => {
                            write!(formatter, "{separator}{} failed below", List(digits))?
                        }
                        _ => write!(
                            formatter,
                            "{separator}{} in {}",
                            List(digits),
                            UnitName(cell, cause)
                        )?,
                    }
                    separator = ", ";
                }
                Ok(())
            }
            Reason::NoPlace {
                digit,
                unit,
                index,
                failed,
            } => {
                let cells = Unit::new(unit_kind(unit), usize::from(index)).cells();
                write!(
                    formatter,
                    "{digit} has no place left in {}",
                    UnitName(cells[0], unit)
                )?;
                let mut separator = ": ";
                for position in (0..9).filter(|position| failed & (1 << position) != 0) {
                    write!(formatter, "{separator}{}", cell_name(cells[position]))?;
                    separator = " ";
                }
                if failed != 0 {
                    formatter.write_str(" failed below")?;
                }
                Ok(())
            }
            Reason::Restore { since, dead_end } => write!(
                formatter,
                "taken off with every digit placed since step {since}, after the dead end at step {dead_end}"
            ),
            Reason::WithGuess { cell, digit, step } => write!(
                formatter,
                "taken off with the guess {}={digit}, undone at step {step}",
                cell_name(usize::from(cell))
            ),
            Reason::Unknown(oddity) => {
                formatter.write_str("no known pattern")?;
                match oddity {
                    Oddity::Nothing => Ok(()),
                    Oddity::Clash { digit, with } => write!(
                        formatter,
                        ": {digit} clashes with {}",
                        cell_name(usize::from(with))
                    ),
                    Oddity::Skipped { digits } if digits.count_ones() == 1 => {
                        write!(formatter, ": {} fits but was not tried", List(digits))
                    }
                    Oddity::Skipped { digits } => {
                        write!(formatter, ": {} fit but were not tried", List(digits))
                    }
                    Oddity::StillFits { cell, digits } => write!(
                        formatter,
                        ": {} can still take {}",
                        cell_name(usize::from(cell)),
                        List(digits)
                    ),
                    Oddity::NoDeadEnd => formatter.write_str(
                        ": every empty cell has a candidate and every unit a place for each digit it lacks",
                    ),
                }
            }
        }
    }
}
