//! What the checker recorded and what it concludes: the learner's moves,
//! what the program did with a case, the case, the replayed search, and a
//! diagnosis with its evidence.

use std::time::Duration;

use super::grid::{clashes, grid_of, Grid};
use crate::judge::MAX_TRACE_EVENTS;
use crate::practice::diagnosis::Id;
use crate::practice::Language;
use sudoku37::board::Board;
use sudoku37::grid::UnitKind;

/// What one event of the learner's trace hooks did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// `trace_place(r, c, d)`: `digit` 1-9, or 0 for anything else.
    Place {
        row: usize,
        column: usize,
        digit: u8,
    },
    /// `trace_undo(r, c)`.
    Undo { row: usize, column: usize },
}

/// Reads the driver's record of the hooks' calls: `p,ROW,COLUMN,DIGIT;` and
/// `u,ROW,COLUMN;`. A call with a row or column outside 0-8 is left out.
pub fn parse_moves(text: &str) -> Vec<Move> {
    text.split(';')
        .filter_map(|item| {
            let fields: Vec<&str> = item.trim().split(',').collect();
            let number = |index: usize| fields.get(index)?.parse::<u64>().ok();
            let (row, column) = (number(1)?, number(2)?);
            if row > 8 || column > 8 {
                return None;
            }
            let (row, column) = (row as usize, column as usize);
            match fields.first() {
                Some(&"p") => {
                    let digit = number(3)
                        .filter(|digit| (1..=9).contains(digit))
                        .unwrap_or(0);
                    Some(Move::Place {
                        row,
                        column,
                        digit: digit as u8,
                    })
                }
                Some(&"u") => Some(Move::Undo { row, column }),
                _ => None,
            }
        })
        .collect()
}

/// What the learner's program did with one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Observed {
    /// `solve_sudoku` returned this board.
    Returned { board: Board },
    /// It panicked: Rust's message, `panicked at FILE:LINE:COLUMN: why`.
    Panicked { message: String },
    /// No answer within `limit`, after printing `printed` bytes.
    TimedOut { limit: Duration, printed: u64 },
    /// It died without answering: how, and the end of its standard error.
    Died { status: String, tail: String },
    /// An allocation failed past the memory limit.
    OutOfMemory { limit: u64 },
    /// It printed more than the limit.
    OutputLimit { limit: u64 },
    /// What it answered cannot be read.
    Unreadable { line: String },
}

/// A diagnosis: what went wrong, and the evidence, in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnosis {
    pub id: Id,
    /// The evidence, in English and in Chinese.
    pub evidence: [String; 2],
    /// Cells to mark on the board drawn beside it (0-based).
    pub marks: Vec<(usize, usize)>,
}

impl Diagnosis {
    pub(super) fn new(id: Id, english: String, chinese: String) -> Diagnosis {
        Diagnosis {
            id,
            evidence: [english, chinese],
            marks: Vec::new(),
        }
    }

    pub(super) fn marked(mut self, cells: &[(usize, usize)]) -> Diagnosis {
        self.marks.extend_from_slice(cells);
        self
    }

    /// The evidence, a sentence or two quoting what was recorded.
    pub fn evidence(&self, language: Language) -> &str {
        match language {
            Language::English => &self.evidence[0],
            Language::Chinese => &self.evidence[1],
        }
    }
}

/// One case of a solver exercise, as the evidence needs it.
#[derive(Debug, Clone, Copy)]
pub struct SolverCase<'a> {
    /// The puzzle given.
    pub board: &'a Board,
    /// Its one solution.
    pub solution: &'a Board,
    /// The reference's nodes on it.
    pub reference_nodes: u64,
    /// At most this many nodes, for the exercises judged by a node budget.
    pub node_budget: Option<u64>,
    /// Whether the exercise's stub asks for the trace hooks (so that no call of
    /// them is itself evidence).
    pub hooks: bool,
    /// Whether the learner's code calls `trace_place` or `trace_undo`
    /// anywhere (so that a trace with no call means none was reached).
    pub calls_hooks: bool,
    /// Whether it defines functions of the hooks' names itself (then its
    /// calls never reach the checker).
    pub defines_hooks: bool,
    /// Whether the exercise's search tries the digits of one cell in a loop (not
    /// propagation's forced digits, nor an exact cover's rows): a cell given
    /// up then shows the digits it did not try.
    pub digit_loop: bool,
    /// The same code's searches on other cases of the check, whose
    /// decisions the rebuilt check weighs too.
    pub others: &'a [OtherRun],
    /// A small case (the exercise's own, LeetCode's example): a search that
    /// does not end on it is stuck, not only slow.
    pub small: bool,
}

/// The learner's search on another case: its puzzle and its moves.
#[derive(Debug, Clone)]
pub struct OtherRun {
    /// Where the case comes from, as messages name it: `own case 2`.
    pub place: String,
    pub board: Board,
    pub moves: Vec<Move>,
}

impl OtherRun {
    pub(super) fn replay(&self, case: &SolverCase<'_>) -> Replay {
        Replay::new(
            &SolverCase {
                board: &self.board,
                ..*case
            },
            &self.moves,
        )
    }
}

/// The replayed search: the board after each move, from the puzzle.
#[derive(Clone)]
pub(super) struct Replay {
    pub(super) givens: Grid,
    pub(super) moves: Vec<Move>,
    /// The driver cut the trace at [`MAX_TRACE_EVENTS`]: the search went on
    /// past its last move, and counts of moves are at least counts.
    pub(super) truncated: bool,
}

impl Replay {
    /// The replay of `moves` on the case's puzzle. An undo of a cell that
    /// holds no placed digit (a search that calls `trace_undo` for every
    /// digit it tries, placed or not) changes nothing, and is left out.
    pub(super) fn new(case: &SolverCase<'_>, moves: &[Move]) -> Replay {
        let givens = grid_of(case.board);
        let mut placed = [[false; 9]; 9];
        let mut kept = Vec::with_capacity(moves.len());
        for &movement in moves {
            match movement {
                Move::Place { row, column, .. } => {
                    placed[row][column] = givens[row][column] == 0;
                    kept.push(movement);
                }
                Move::Undo { row, column } => {
                    if std::mem::take(&mut placed[row][column]) {
                        kept.push(movement);
                    }
                }
            }
        }
        Replay {
            givens,
            moves: kept,
            truncated: moves.len() >= MAX_TRACE_EVENTS,
        }
    }

    pub(super) fn places(&self) -> usize {
        self.moves
            .iter()
            .filter(|step| matches!(step, Move::Place { .. }))
            .count()
    }

    pub(super) fn undos(&self) -> usize {
        self.moves.len() - self.places()
    }

    /// How many places put a digit where the same digit already stood.
    pub(super) fn placed_where_it_stands(&self) -> usize {
        let mut grid = self.givens;
        let mut count = 0;
        for movement in &self.moves {
            match *movement {
                Move::Place { row, column, digit } => {
                    count += usize::from(grid[row][column] == digit);
                    grid[row][column] = digit;
                }
                Move::Undo { row, column } => {
                    if self.givens[row][column] == 0 {
                        grid[row][column] = 0;
                    }
                }
            }
        }
        count
    }

    /// The places that put a digit where a given of the same unit stands:
    /// each with its step, cell, digit, the clashes, and whether the search
    /// went on from it (a digit written and taken back at once may only have
    /// been tried, by a search that checks after it writes).
    #[allow(clippy::type_complexity)]
    pub(super) fn clashes_with_givens(
        &self,
    ) -> Vec<(
        usize,
        (usize, usize),
        u8,
        Vec<(UnitKind, (usize, usize))>,
        bool,
    )> {
        let mut found = Vec::new();
        for (index, movement) in self.moves.iter().enumerate() {
            let Move::Place { row, column, digit } = *movement else {
                continue;
            };
            if digit == 0 {
                continue;
            }
            // The search went on from it: its next move places a digit at
            // another cell (an undo of it, or the end of the trace, says
            // nothing of the sort).
            let went_on = matches!(
                self.moves.get(index + 1),
                Some(Move::Place { row: r, column: c, .. }) if (*r, *c) != (row, column)
            );
            let clashes = clashes(&self.givens, (row, column), digit);
            if !clashes.is_empty() {
                found.push((index + 1, (row, column), digit, clashes, went_on));
            }
        }
        found
    }

    /// The first step after which every cell holds a digit.
    pub(super) fn first_full(&self) -> Option<usize> {
        let mut found = None;
        let mut grid = self.givens;
        for (index, movement) in self.moves.iter().enumerate() {
            match *movement {
                Move::Place { row, column, digit } => grid[row][column] = digit,
                Move::Undo { row, column } => {
                    if self.givens[row][column] == 0 {
                        grid[row][column] = 0;
                    }
                }
            }
            if grid.iter().flatten().all(|&digit| digit != 0) {
                found = Some(index + 1);
                break;
            }
        }
        found
    }

    /// Whether any place put a 9.
    pub(super) fn ever_placed(&self, wanted: u8) -> bool {
        self.moves
            .iter()
            .any(|movement| matches!(movement, Move::Place { digit, .. } if *digit == wanted))
    }
}
