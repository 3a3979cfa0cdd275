//! The decisions a recorded search shows: digits accepted, digits skipped
//! on the way to a larger one, cells given up with digits untried, searches
//! that went back at once.

use super::grid::{Cell, Grid};
use super::replay::{Move, Replay};

/// What the trace shows the learner's code decided at a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Seen {
    /// It placed the digit and went on from it.
    Accepted,
    /// It skipped the digit on the way to a larger one.
    Refused,
    /// It gave the cell up without trying the digit: refused, or a loop
    /// that stopped early.
    Untried,
    /// It went back at once after a place: some blank had every digit
    /// refused, or the loop below stopped early.
    WentBack,
}

/// One decision: before move `at` (the board as the moves before it left
/// it), at `cell`, of `digit`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Decision {
    pub(super) at: usize,
    /// The move that began the visit of the cell: code that works out a
    /// cell's choices once, when it comes to it, decided then. (When the
    /// decision is weighed there, `at` and `entry` trade places: the later
    /// of the two is always the move the trace shows it at.)
    pub(super) entry: usize,
    pub(super) cell: Cell,
    pub(super) digit: u8,
    pub(super) seen: Seen,
}

impl Decision {
    /// The move the trace shows the decision at.
    pub(super) fn shown_at(&self) -> usize {
        self.at.max(self.entry)
    }
}

/// At most this many decisions are weighed: enough to tell the hypotheses
/// apart, and bounded on a long replay.
pub(super) const MOST_DECISIONS: usize = 20_000;

/// At most this many decisions of each other case: they tell the
/// hypotheses apart, the failing case's are the ones quoted.
pub(super) const MOST_OTHER_DECISIONS: usize = 3000;

/// At most this many searches that went back at once are weighed: each
/// asks every blank for every digit.
const MOST_WENT_BACK: usize = 50;

/// The decisions the replay shows. `digit_loop`: the search tries digits at
/// one cell at a time (not propagation's forced digits, nor an exact cover's
/// rows), so a cell given up shows digits untried.
pub(super) fn decisions(replay: &Replay, digit_loop: bool, most: usize) -> Vec<Decision> {
    let moves = &replay.moves;
    let mut grid = replay.givens;
    // Whether each visit's digits rise: then a digit skipped was refused.
    let mut rising = digit_loop;
    let mut seen_rise = false;
    let mut last_at = [[0u8; 9]; 9];
    let (mut clashes, mut clashes_undone_at_once) = (0, true);
    for (index, movement) in moves.iter().enumerate() {
        if let Move::Place { row, column, digit } = *movement {
            let again = index > 0 && moves[index - 1] == Move::Undo { row, column };
            if again && digit <= last_at[row][column] {
                rising = false;
            }
            seen_rise |= again && digit > last_at[row][column];
            last_at[row][column] = digit;
            // Clashes each taken back at once: the digits were traced
            // before they were checked.
            if super::grid::clash(&grid, (row, column), digit).is_some() {
                let undone_at_once = moves.get(index + 1) == Some(&Move::Undo { row, column });
                clashes_undone_at_once &= undone_at_once;
                clashes += 1;
            }
        }
        apply(&mut grid, &replay.givens, movement);
    }
    // (Such a search shows a clash at most of its tries; a wrong check, at a
    // few.)
    let places = moves
        .iter()
        .filter(|movement| matches!(movement, Move::Place { .. }))
        .count();
    let before_check = clashes > 0 && clashes_undone_at_once && clashes * 2 >= places;
    // Rising is shown, not assumed: a search that never tries a second digit
    // at a cell may walk them in any order.
    let rising = rising && seen_rise;
    let mut found = Vec::new();
    let mut went_back = 0;
    let mut tried = [[0u16; 9]; 9];
    let mut last = [[0u8; 9]; 9];
    let mut entry = [[0usize; 9]; 9];
    for (index, movement) in moves.iter().enumerate() {
        if found.len() >= most {
            break;
        }
        match *movement {
            Move::Place { row, column, digit } => {
                let cell = (row, column);
                let again = index > 0 && moves[index - 1] == Move::Undo { row, column };
                if !again {
                    tried[row][column] = 0;
                    last[row][column] = 0;
                    entry[row][column] = index;
                }
                let entry = entry[row][column];
                if !(1..=9).contains(&digit) {
                    continue;
                }
                if rising {
                    for skipped in last[row][column] + 1..digit {
                        found.push(Decision {
                            at: index,
                            entry,
                            cell,
                            digit: skipped,
                            seen: Seen::Refused,
                        });
                    }
                }
                tried[row][column] |= 1 << digit;
                last[row][column] = digit;
                let undone_at_once = moves.get(index + 1) == Some(&Move::Undo { row, column });
                if !(undone_at_once && before_check) {
                    found.push(Decision {
                        at: index,
                        entry,
                        cell,
                        digit,
                        seen: Seen::Accepted,
                    });
                }
                if undone_at_once && !before_check && digit_loop && went_back < MOST_WENT_BACK {
                    went_back += 1;
                    found.push(Decision {
                        at: index + 1,
                        entry: index + 1,
                        cell,
                        digit,
                        seen: Seen::WentBack,
                    });
                }
            }
            Move::Undo { row, column } => {
                let gave_up = !matches!(
                    moves.get(index + 1),
                    Some(&Move::Place { row: r, column: c, .. }) if (r, c) == (row, column)
                );
                if !(gave_up && digit_loop) {
                    continue;
                }
                let from = if rising { last[row][column] + 1 } else { 1 };
                for digit in from..=9 {
                    if tried[row][column] & 1 << digit == 0 {
                        found.push(Decision {
                            at: index + 1,
                            entry: index + 1,
                            cell: (row, column),
                            digit,
                            seen: Seen::Untried,
                        });
                    }
                }
            }
        }
    }
    found
}

pub(super) fn apply(grid: &mut Grid, givens: &Grid, movement: &Move) {
    match *movement {
        Move::Place { row, column, digit } => grid[row][column] = digit,
        Move::Undo { row, column } => {
            if givens[row][column] == 0 {
                grid[row][column] = 0;
            }
        }
    }
}
