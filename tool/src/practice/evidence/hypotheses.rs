//! The hypotheses the rebuilt check weighs: each a way one part of a right
//! check reads other cells, or is missing, or one kind of bookkeeping is
//! not put back; and the mistake each names.

use super::grid::{kind_words, missing_check, unit_number, Cell};
use sudoku37::grid::{UnitKind, BOX, UNITS};

/// How a learner's index numbers the unit of a cell (rows and columns from
/// 0): the right numberings, and the wrong ones learners write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Index {
    Row,
    Column,
    Box,
    /// `r / 3 + c / 3`: the band not counted three times.
    Numbered,
    /// `c / 3 * 3 + r / 3`: row and column swapped.
    Transposed,
    /// `r % 3 * 3 + c / 3`: the band read as a remainder.
    BandByRemainder,
    /// `r / 3 * 3 + c % 3`: the stack read as a remainder.
    StackByRemainder,
}

impl Index {
    pub(super) fn of(self, (row, column): Cell) -> usize {
        match self {
            Index::Row => row,
            Index::Column => column,
            Index::Box => BOX[row * 9 + column],
            Index::Numbered => row / 3 + column / 3,
            // The box of the cell with row and column swapped.
            Index::Transposed => BOX[column * 9 + row],
            Index::BandByRemainder => row % 3 * 3 + column / 3,
            // The first box of the cell's band, plus the column's remainder.
            Index::StackByRemainder => BOX[row * 9] + column % 3,
        }
    }

    /// The unit of number `number` in this numbering, in both languages.
    pub(super) fn unit_words(self, number: usize) -> [String; 2] {
        match self {
            Index::Row => [
                format!("row {}", number + 1),
                format!("第 {} 行", number + 1),
            ],
            Index::Column => [
                format!("column {}", number + 1),
                format!("第 {} 列", number + 1),
            ],
            Index::Box => [
                format!("box {}", number + 1),
                format!("第 {} 宫", number + 1),
            ],
            wrong => {
                let formula = wrong.formula();
                [
                    format!("the cells where `{formula}` is {number} (rows and columns from 0)"),
                    format!("`{formula}` 等于 {number} 的格子（行、列从 0 数起）"),
                ]
            }
        }
    }

    fn formula(self) -> &'static str {
        match self {
            Index::Row => "r",
            Index::Column => "c",
            Index::Box => "r / 3 * 3 + c / 3",
            Index::Numbered => "r / 3 + c / 3",
            Index::Transposed => "c / 3 * 3 + r / 3",
            Index::BandByRemainder => "r % 3 * 3 + c / 3",
            Index::StackByRemainder => "r / 3 * 3 + c % 3",
        }
    }

    fn right(kind: UnitKind) -> Index {
        match kind {
            UnitKind::Row => Index::Row,
            UnitKind::Column => Index::Column,
            UnitKind::Box => Index::Box,
        }
    }
}

/// A window of cells a check scans on the board that is no unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Window {
    /// The unit of the kind but its first cell (a loop from 1).
    FirstLeftOut(UnitKind),
    /// The unit of the kind but its last cell (a loop to 8).
    LastLeftOut(UnitKind),
    /// The nine cells from row `r / 3`, column `c / 3`.
    BoxStartedUnscaled,
    /// The box whose stack is taken from the row: rows and columns from
    /// `r / 3 * 3`.
    BoxStackFromRow,
    /// The box whose band is taken from the column: rows and columns from
    /// `c / 3 * 3`.
    BoxBandFromColumn,
    /// A row (`line` Row) or column numbered by the cell's row or column
    /// (`number`), with one cell left out: the one at the cell's row or
    /// column (`skip`), as a loop that leaves out `index == r` or `index
    /// == c` but reads other cells than the unit's leaves it out.
    Line {
        line: UnitKind,
        number: Index,
        skip: Option<Index>,
    },
}

impl Window {
    pub(super) fn cells(self, (row, column): Cell) -> Vec<Cell> {
        let line = |kind: UnitKind, skip: usize| -> Vec<Cell> {
            kind.of(row * 9 + column)
                .cells()
                .into_iter()
                .enumerate()
                .filter(|&(index, _)| index != skip)
                .map(|(_, cell)| (cell / 9, cell % 9))
                .collect()
        };
        let square = |top: usize, left: usize| -> Vec<Cell> {
            (0..9)
                .map(|index| (top + index / 3, left + index % 3))
                .filter(|&(r, c)| r < 9 && c < 9)
                .collect()
        };
        match self {
            Window::FirstLeftOut(kind) => line(kind, 0),
            Window::LastLeftOut(kind) => line(kind, 8),
            Window::BoxStartedUnscaled => square(row / 3, column / 3),
            Window::BoxStackFromRow => {
                let (top, left) = diagonal_corner(row);
                square(top, left)
            }
            Window::BoxBandFromColumn => {
                let (top, left) = diagonal_corner(column);
                square(top, left)
            }
            Window::Line { line, number, skip } => {
                let (n, left_out) = (
                    number.of((row, column)),
                    skip.map(|skip| skip.of((row, column))),
                );
                (0..9)
                    .filter(|&k| Some(k) != left_out)
                    .map(|k| {
                        if line == UnitKind::Row {
                            (n, k)
                        } else {
                            (k, n)
                        }
                    })
                    .collect()
            }
        }
    }

    /// The cells it reads for `cell`, in both languages.
    pub(super) fn words(self, cell: Cell) -> [String; 2] {
        let (row, column) = (cell.0 + 1, cell.1 + 1);
        let square = |top: usize, left: usize| {
            [
                format!(
                    "rows {}-{}, columns {}-{}",
                    top + 1,
                    top + 3,
                    left + 1,
                    left + 3
                ),
                format!(
                    "第 {}-{} 行、第 {}-{} 列",
                    top + 1,
                    top + 3,
                    left + 1,
                    left + 3
                ),
            ]
        };
        match self {
            Window::FirstLeftOut(UnitKind::Row) | Window::LastLeftOut(UnitKind::Row) => {
                let left = if matches!(self, Window::FirstLeftOut(_)) {
                    1
                } else {
                    9
                };
                [
                    format!("row {row} without column {left}"),
                    format!("第 {row} 行，但不含第 {left} 列"),
                ]
            }
            Window::FirstLeftOut(UnitKind::Column) | Window::LastLeftOut(UnitKind::Column) => {
                let left = if matches!(self, Window::FirstLeftOut(_)) {
                    1
                } else {
                    9
                };
                [
                    format!("column {column} without row {left}"),
                    format!("第 {column} 列，但不含第 {left} 行"),
                ]
            }
            Window::FirstLeftOut(UnitKind::Box) | Window::LastLeftOut(UnitKind::Box) => {
                let which = if matches!(self, Window::FirstLeftOut(_)) {
                    ["first", "第一个"]
                } else {
                    ["last", "最后一个"]
                };
                let number = unit_number(UnitKind::Box, cell);
                [
                    format!("box {number} without its {} cell", which[0]),
                    format!("第 {number} 宫，但不含它的{}格子", which[1]),
                ]
            }
            Window::BoxStartedUnscaled => square(cell.0 / 3, cell.1 / 3),
            Window::BoxStackFromRow => {
                let (top, left) = diagonal_corner(cell.0);
                square(top, left)
            }
            Window::BoxBandFromColumn => {
                let (top, left) = diagonal_corner(cell.1);
                square(top, left)
            }
            Window::Line { line, number, skip } => {
                let n = number.of(cell) + 1;
                let [name, name_zh] = kind_words(line);
                let [along, along_zh] = if line == UnitKind::Row {
                    kind_words(UnitKind::Column)
                } else {
                    kind_words(UnitKind::Row)
                };
                match skip {
                    None => [format!("{name} {n}"), format!("第 {n} {name_zh}")],
                    Some(skip) => {
                        let k = skip.of(cell) + 1;
                        [
                            format!("{name} {n} without its {along} {k}"),
                            format!("第 {n} {name_zh}（不含第 {k} {along_zh}）"),
                        ]
                    }
                }
            }
        }
    }
}

/// The top-left corner of the box on the diagonal that `line` (a row or a
/// column) crosses: rows and columns from `line / 3 * 3`, where a check that
/// takes both the band and the stack from one of them starts.
fn diagonal_corner(line: usize) -> Cell {
    let corner = UNITS[18 + BOX[line * 9 + line]][0];
    (corner / 9, corner % 9)
}

/// How one kind of check reads, in a hypothesis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// It reads nothing.
    Missing,
    /// A table per unit (or the board itself, when all four indices agree):
    /// the givens entered at `given`, a placed digit at `placed`, cleared on
    /// undo at `undone` (never, when `None`), read at `query`.
    Table {
        given: Index,
        placed: Index,
        undone: Option<Index>,
        query: Index,
        /// A bit flipped on each place and undo (`^=`), rather than set and
        /// cleared: a flip left out on undo is undone by the next place.
        toggle: bool,
    },
    /// A window scanned on the board.
    Window(Window),
}

/// One hypothesis: the check of `kind` reads as `reading`, the other two
/// are right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Hypothesis {
    pub(super) kind: UnitKind,
    pub(super) reading: Reading,
}

impl Hypothesis {
    pub(super) fn right(kind: UnitKind) -> Hypothesis {
        let index = Index::right(kind);
        Hypothesis {
            kind,
            reading: Reading::Table {
                given: index,
                placed: index,
                undone: Some(index),
                query: index,
                toggle: false,
            },
        }
    }

    /// Whether it is bookkeeping not put back (rather than a check reading
    /// other cells).
    pub(super) fn stale(&self) -> bool {
        matches!(self.reading, Reading::Table { undone, placed, .. } if undone != Some(placed))
    }
}

/// Every hypothesis weighed, the simplest of each kind first.
pub(super) fn hypotheses() -> Vec<Hypothesis> {
    let mut all = Vec::new();
    for kind in UnitKind::ALL {
        let right = Index::right(kind);
        let push = |all: &mut Vec<Hypothesis>, reading| all.push(Hypothesis { kind, reading });
        push(&mut all, Reading::Missing);
        // Bookkeeping not put back, or put back at another unit's index.
        push(
            &mut all,
            Reading::Table {
                given: right,
                placed: right,
                undone: None,
                query: right,
                toggle: false,
            },
        );
        // The same, kept as bits flipped with `^=`.
        for undone in [None].into_iter().chain(
            match kind {
                UnitKind::Row => vec![Index::Column],
                UnitKind::Column => vec![Index::Row],
                UnitKind::Box => vec![Index::Numbered, Index::Transposed],
            }
            .into_iter()
            .map(Some),
        ) {
            push(
                &mut all,
                Reading::Table {
                    given: right,
                    placed: right,
                    undone,
                    query: right,
                    toggle: true,
                },
            );
        }
        let others: &[Index] = match kind {
            UnitKind::Row => &[Index::Column],
            UnitKind::Column => &[Index::Row],
            UnitKind::Box => &[
                Index::Numbered,
                Index::Transposed,
                Index::BandByRemainder,
                Index::StackByRemainder,
            ],
        };
        let lines: &[Index] = match kind {
            UnitKind::Box => &[],
            _ => &[Index::Row, Index::Column],
        };
        for &wrong in others.iter().chain(lines) {
            if wrong == right {
                continue;
            }
            push(
                &mut all,
                Reading::Table {
                    given: right,
                    placed: right,
                    undone: Some(wrong),
                    query: right,
                    toggle: false,
                },
            );
        }
        // Indices that read other cells: the board (or a table) read at a
        // wrong index, written at one, or both.
        for &wrong in others {
            for (given, placed, query) in [
                (wrong, wrong, wrong),
                (right, right, wrong),
                (right, wrong, wrong),
                (right, wrong, right),
            ] {
                // Masks flipped with `^=` differ from set-and-clear once a
                // wrong read lets a digit in twice.
                for toggle in [false, true] {
                    if toggle && (given, placed) != (right, right) {
                        continue;
                    }
                    push(
                        &mut all,
                        Reading::Table {
                            given,
                            placed,
                            undone: Some(placed),
                            query,
                            toggle,
                        },
                    );
                }
            }
        }
        if kind != UnitKind::Box {
            // The other line, numbered by this cell's row or column.
            let other = if kind == UnitKind::Row {
                Index::Column
            } else {
                Index::Row
            };
            push(
                &mut all,
                Reading::Table {
                    given: other,
                    placed: other,
                    undone: Some(other),
                    query: right,
                    toggle: false,
                },
            );
        }
        for window in [Window::FirstLeftOut(kind), Window::LastLeftOut(kind)] {
            push(&mut all, Reading::Window(window));
        }
        if kind != UnitKind::Box {
            // Lines read with a row and a column index swapped, the loop
            // leaving out one cell by its own index.
            for line in [UnitKind::Row, UnitKind::Column] {
                for number in [Index::Row, Index::Column] {
                    for skip in [Some(Index::Row), Some(Index::Column)] {
                        let own = line == kind && number == Index::right(kind);
                        if !own {
                            push(
                                &mut all,
                                Reading::Window(Window::Line { line, number, skip }),
                            );
                        }
                    }
                }
            }
        }
        if kind == UnitKind::Box {
            for window in [
                Window::BoxStartedUnscaled,
                Window::BoxStackFromRow,
                Window::BoxBandFromColumn,
            ] {
                push(&mut all, Reading::Window(window));
            }
        }
    }
    all
}

/// The mistake a hypothesis names.
pub(super) fn id_of(hypothesis: &Hypothesis) -> crate::practice::diagnosis::Id {
    use crate::practice::diagnosis::Id;
    if hypothesis.stale() {
        return Id::StateNotUndone;
    }
    match (hypothesis.kind, hypothesis.reading) {
        (_, Reading::Window(Window::FirstLeftOut(_) | Window::LastLeftOut(_))) => Id::DigitRange,
        (UnitKind::Box, Reading::Missing) => Id::MissingBoxCheck,
        (UnitKind::Box, _) => Id::WrongBoxIndex,
        (kind, _) => missing_check(kind),
    }
}
