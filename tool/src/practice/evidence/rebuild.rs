//! The learner's check and bookkeeping, rebuilt from the search it
//! recorded. Every place the trace shows is a digit the learner's code
//! accepted at a cell; a smaller digit skipped on the way (when the search
//! tries digits in increasing order) is one it refused there; a cell given
//! up with digits still untried, and a search that went back at once, show
//! digits refused or a loop that stopped early. Each of these decisions is
//! replayed against every way one part of a correct check can go wrong: a
//! row, column or box check that reads other cells (an index transposed, a
//! loop one short, a wrong box formula), or is missing; and bookkeeping of
//! one kind of unit that is not put back on undo, or put back at the wrong
//! index. A hypothesis is kept when no decision contradicts it; the one that
//! also explains every refusal names the mistake, with the cells its check
//! read or the undo its bookkeeping forgot, exactly as the replay has them.

use super::grid::{Cell, Grid, Kind};
use super::replay::{Move, Replay};

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
            Index::Box => row / 3 * 3 + column / 3,
            Index::Numbered => row / 3 + column / 3,
            Index::Transposed => column / 3 * 3 + row / 3,
            Index::BandByRemainder => row % 3 * 3 + column / 3,
            Index::StackByRemainder => row / 3 * 3 + column % 3,
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

    fn right(kind: Kind) -> Index {
        match kind {
            Kind::Row => Index::Row,
            Kind::Column => Index::Column,
            Kind::Box => Index::Box,
        }
    }
}

/// A window of cells a check scans on the board that is no unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Window {
    /// The unit of the kind but its first cell (a loop from 1).
    FirstLeftOut(Kind),
    /// The unit of the kind but its last cell (a loop to 8).
    LastLeftOut(Kind),
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
        line: Kind,
        number: Index,
        skip: Option<Index>,
    },
}

impl Window {
    fn cells(self, (row, column): Cell) -> Vec<Cell> {
        let line = |kind: Kind, skip: usize| -> Vec<Cell> {
            (0..9)
                .filter(|&index| index != skip)
                .map(|index| match kind {
                    Kind::Row => (row, index),
                    Kind::Column => (index, column),
                    Kind::Box => (row / 3 * 3 + index / 3, column / 3 * 3 + index % 3),
                })
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
            Window::BoxStackFromRow => square(row / 3 * 3, row / 3 * 3),
            Window::BoxBandFromColumn => square(column / 3 * 3, column / 3 * 3),
            Window::Line { line, number, skip } => {
                let (n, left_out) = (
                    number.of((row, column)),
                    skip.map(|skip| skip.of((row, column))),
                );
                (0..9)
                    .filter(|&k| Some(k) != left_out)
                    .map(|k| if line == Kind::Row { (n, k) } else { (k, n) })
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
            Window::FirstLeftOut(Kind::Row) | Window::LastLeftOut(Kind::Row) => {
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
            Window::FirstLeftOut(Kind::Column) | Window::LastLeftOut(Kind::Column) => {
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
            Window::FirstLeftOut(Kind::Box) | Window::LastLeftOut(Kind::Box) => {
                let which = if matches!(self, Window::FirstLeftOut(_)) {
                    ["first", "第一个"]
                } else {
                    ["last", "最后一个"]
                };
                let number = Kind::Box.number(cell);
                [
                    format!("box {number} without its {} cell", which[0]),
                    format!("第 {number} 宫，但不含它的{}格子", which[1]),
                ]
            }
            Window::BoxStartedUnscaled => square(cell.0 / 3, cell.1 / 3),
            Window::BoxStackFromRow => square(cell.0 / 3 * 3, cell.0 / 3 * 3),
            Window::BoxBandFromColumn => square(cell.1 / 3 * 3, cell.1 / 3 * 3),
            Window::Line { line, number, skip } => {
                let n = number.of(cell) + 1;
                let [name, name_zh] = line.words();
                let [along, along_zh] = if line == Kind::Row {
                    Kind::Column.words()
                } else {
                    Kind::Row.words()
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
    pub(super) kind: Kind,
    pub(super) reading: Reading,
}

impl Hypothesis {
    fn right(kind: Kind) -> Hypothesis {
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
fn hypotheses() -> Vec<Hypothesis> {
    let mut all = Vec::new();
    for kind in [Kind::Row, Kind::Column, Kind::Box] {
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
                Kind::Row => vec![Index::Column],
                Kind::Column => vec![Index::Row],
                Kind::Box => vec![Index::Numbered, Index::Transposed],
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
            Kind::Row => &[Index::Column],
            Kind::Column => &[Index::Row],
            Kind::Box => &[
                Index::Numbered,
                Index::Transposed,
                Index::BandByRemainder,
                Index::StackByRemainder,
            ],
        };
        let lines: &[Index] = match kind {
            Kind::Box => &[],
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
        if kind != Kind::Box {
            // The other line, numbered by this cell's row or column.
            let other = if kind == Kind::Row {
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
        if kind != Kind::Box {
            // Lines read with a row and a column index swapped, the loop
            // leaving out one cell by its own index.
            for line in [Kind::Row, Kind::Column] {
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
        if kind == Kind::Box {
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
const MOST_DECISIONS: usize = 20_000;

/// At most this many searches that went back at once are weighed: each
/// asks every blank for every digit.
const MOST_WENT_BACK: usize = 50;

/// The decisions the replay shows. `digit_loop`: the search tries digits at
/// one cell at a time (not propagation's forced digits, nor an exact cover's
/// rows), so a cell given up shows digits untried.
pub(super) fn decisions(replay: &Replay, digit_loop: bool) -> Vec<Decision> {
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
        if found.len() >= MOST_DECISIONS {
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

fn apply(grid: &mut Grid, givens: &Grid, movement: &Move) {
    match *movement {
        Move::Place { row, column, digit } => grid[row][column] = digit,
        Move::Undo { row, column } => {
            if givens[row][column] == 0 {
                grid[row][column] = 0;
            }
        }
    }
}

/// Why a hypothesis says a digit is used at a cell: the cell holding it (a
/// given or a placed digit its reading meets), or the undo its bookkeeping
/// forgot (the cell, and the step of the undo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Because {
    Holds(Cell),
    Forgot { cell: Cell, step: usize },
}

/// How many hold a digit in a unit's table, and the last cell that entered
/// it (with the step of the undo it forgot, or 0).
type Entry = (u8, Option<(Cell, usize)>);

/// A hypothesis as the replay goes: its table (when it keeps one) and the
/// board.
struct Simulation {
    hypothesis: Hypothesis,
    /// For each unit number and digit: how many hold it, and the last cell
    /// that entered it (and, for a forgotten undo, the step of that undo).
    table: [[Entry; 10]; 9],
    counting: bool,
}

impl Simulation {
    fn new(hypothesis: Hypothesis, givens: &Grid) -> Simulation {
        let mut simulation = Simulation {
            hypothesis,
            table: [[(0, None); 10]; 9],
            counting: false,
        };
        if let Reading::Table {
            given,
            placed,
            undone,
            ..
        } = hypothesis.reading
        {
            simulation.counting = given == placed && undone == Some(placed);
            for (index, &digit) in givens.iter().flatten().enumerate() {
                if digit != 0 {
                    let cell = (index / 9, index % 9);
                    let entry = &mut simulation.table[given.of(cell)][usize::from(digit)];
                    entry.0 = entry.0.saturating_add(1);
                    entry.1 = Some((cell, 0));
                }
            }
        }
        simulation
    }

    fn step(&mut self, movement: &Move, placed_digit: &[[u8; 9]; 9], step: usize) {
        let Reading::Table {
            placed,
            undone,
            toggle,
            ..
        } = self.hypothesis.reading
        else {
            return;
        };
        if toggle {
            match *movement {
                Move::Place { row, column, digit } if (1..=9).contains(&digit) => {
                    let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                    entry.0 ^= 1;
                    entry.1 = Some(((row, column), 0));
                }
                Move::Undo { row, column } => {
                    let digit = placed_digit[row][column];
                    if (1..=9).contains(&digit) {
                        if let Some(index) = undone {
                            self.table[index.of((row, column))][usize::from(digit)].0 ^= 1;
                        }
                        let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                        if entry.0 > 0 {
                            entry.1 = Some(((row, column), step));
                        }
                    }
                }
                Move::Place { .. } => {}
            }
            return;
        }
        match *movement {
            Move::Place { row, column, digit } if (1..=9).contains(&digit) => {
                let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                entry.0 = if self.counting {
                    entry.0.saturating_add(1)
                } else {
                    1
                };
                entry.1 = Some(((row, column), 0));
            }
            Move::Place { .. } => {}
            Move::Undo { row, column } => {
                let digit = placed_digit[row][column];
                if !(1..=9).contains(&digit) {
                    return;
                }
                match undone {
                    Some(index) => {
                        let entry = &mut self.table[index.of((row, column))][usize::from(digit)];
                        entry.0 = if self.counting {
                            entry.0.saturating_sub(1)
                        } else {
                            0
                        };
                    }
                    None => {
                        let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                        entry.1 = Some(((row, column), step));
                    }
                }
                // A stale entry remembers the undo it forgot.
                if undone.is_some_and(|index| index != placed) {
                    let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                    if entry.0 > 0 {
                        entry.1 = Some(((row, column), step));
                    }
                }
            }
        }
    }

    /// Whether the learner's code, so rebuilt, refuses `digit` at `cell` on
    /// `grid`, and why.
    fn refuses(&self, grid: &Grid, cell: Cell, digit: u8) -> Option<Because> {
        for kind in [Kind::Row, Kind::Column, Kind::Box] {
            if kind == self.hypothesis.kind {
                continue;
            }
            if let Some(other) = super::grid::peers(kind, cell)
                .into_iter()
                .find(|&(r, c)| grid[r][c] == digit)
            {
                return Some(Because::Holds(other));
            }
        }
        match self.hypothesis.reading {
            Reading::Missing => None,
            Reading::Window(window) => window
                .cells(cell)
                .into_iter()
                .find(|&(r, c)| (r, c) != cell && grid[r][c] == digit)
                .map(Because::Holds),
            Reading::Table { query, .. } => {
                let (count, origin) = self.table[query.of(cell)][usize::from(digit)];
                if count == 0 {
                    return None;
                }
                match origin {
                    Some((other, 0)) => Some(Because::Holds(other)),
                    Some((other, step)) => Some(Because::Forgot { cell: other, step }),
                    None => Some(Because::Holds(cell)),
                }
            }
        }
    }
}

/// The rebuilt code of `hypothesis` and the board just before move `at`.
pub(super) struct State {
    simulation: Simulation,
    pub(super) grid: Grid,
}

impl State {
    pub(super) fn at(replay: &Replay, hypothesis: Hypothesis, at: usize) -> State {
        let mut simulation = Simulation::new(hypothesis, &replay.givens);
        let mut grid = replay.givens;
        let mut placed_digit = [[0u8; 9]; 9];
        for (index, movement) in replay.moves.iter().enumerate().take(at) {
            simulation.step(movement, &placed_digit, index + 1);
            if let Move::Place { row, column, digit } = *movement {
                placed_digit[row][column] = digit;
            }
            apply(&mut grid, &replay.givens, movement);
        }
        State { simulation, grid }
    }

    /// Whether the rebuilt code refuses `digit` at `cell`, and why.
    pub(super) fn refuses(&self, cell: Cell, digit: u8) -> Option<Because> {
        self.simulation.refuses(&self.grid, cell, digit)
    }
}

/// How a hypothesis fares against the decisions.
#[derive(Debug, Clone)]
pub(super) struct Fit {
    pub(super) hypothesis: Hypothesis,
    /// Decisions it contradicts: a digit accepted that it refuses, or
    /// refused that it accepts.
    pub(super) contradicted: usize,
    /// Digits untried, or went-back searches, it does not account for.
    pub(super) unexplained: usize,
    /// The first decision it explains that a right check does not, with
    /// the board then and why it refuses.
    pub(super) first: Option<(Decision, Grid, Option<Because>)>,
}

/// Replays `hypothesis` over the moves, weighing each decision; `right`:
/// the right check's verdict on each decision, to find the first where this
/// hypothesis differs.
fn fit(
    replay: &Replay,
    decisions: &[Decision],
    hypothesis: Hypothesis,
    right: Option<&[bool]>,
) -> (Fit, Vec<bool>) {
    let mut simulation = Simulation::new(hypothesis, &replay.givens);
    let mut grid = replay.givens;
    let mut placed_digit = [[0u8; 9]; 9];
    let mut result = Fit {
        hypothesis,
        contradicted: 0,
        unexplained: 0,
        first: None,
    };
    let mut verdicts = Vec::with_capacity(decisions.len());
    let mut next = 0;
    for at in 0..=replay.moves.len() {
        while next < decisions.len() && decisions[next].at == at {
            let decision = decisions[next];
            let (ok, because) = match decision.seen {
                Seen::Accepted => {
                    let because = simulation.refuses(&grid, decision.cell, decision.digit);
                    (because.is_none(), because)
                }
                Seen::Refused | Seen::Untried => {
                    let because = simulation.refuses(&grid, decision.cell, decision.digit);
                    (because.is_some(), because)
                }
                Seen::WentBack => {
                    // Some blank had every digit refused.
                    let dead = (0..81).map(|index| (index / 9, index % 9)).find(|&(r, c)| {
                        grid[r][c] == 0
                            && (1..=9)
                                .all(|digit| simulation.refuses(&grid, (r, c), digit).is_some())
                    });
                    (dead.is_some(), None)
                }
            };
            if !ok {
                match decision.seen {
                    Seen::Accepted | Seen::Refused => result.contradicted += 1,
                    Seen::Untried | Seen::WentBack => result.unexplained += 1,
                }
            }
            if let Some(right) = right {
                if ok && !right[next] && result.first.is_none() {
                    result.first = Some((decision, grid, because));
                }
            }
            verdicts.push(ok);
            next += 1;
        }
        let Some(movement) = replay.moves.get(at) else {
            break;
        };
        simulation.step(movement, &placed_digit, at + 1);
        if let Move::Place { row, column, digit } = *movement {
            placed_digit[row][column] = digit;
        }
        apply(&mut grid, &replay.givens, movement);
    }
    (result, verdicts)
}

/// What the rebuilt check concludes.
#[derive(Debug, Clone)]
pub(super) enum Rebuilt {
    /// A right check and bookkeeping account for every decision, or there
    /// is none to weigh.
    Right,
    /// One kind of mistake accounts for every decision a right check does
    /// not: the fit of its first hypothesis.
    Explained(Fit),
    /// A right check accounts for every digit placed or skipped, and no
    /// hypothesis for the digits left untried: the loop stopped early. The
    /// first decision left unexplained.
    LoopStopped(Decision, Grid),
    /// Hypotheses of different kinds fit, or none does.
    Unexplained,
}

/// Weighs every hypothesis against the decisions of `replays`: the
/// failing case's first, then other cases the same code ran, whose
/// decisions tell the hypotheses apart (the first decision quoted is the
/// failing case's).
pub(super) fn rebuild(replays: &[Replay], digit_loop: bool) -> Rebuilt {
    let Some(primary) = replays.first() else {
        return Rebuilt::Right;
    };
    let decided: Vec<Vec<Decision>> = replays
        .iter()
        .map(|replay| decisions(replay, digit_loop))
        .collect();
    let right: Vec<(Fit, Vec<bool>)> = replays
        .iter()
        .zip(&decided)
        .map(|(replay, decisions)| fit(replay, decisions, Hypothesis::right(Kind::Row), None))
        .collect();
    if right[0].0.contradicted == 0 && right[0].0.unexplained == 0 {
        return Rebuilt::Right;
    }
    let right_contradicted: usize = right.iter().map(|(fit, _)| fit.contradicted).sum();
    let right_unexplained: usize = right.iter().map(|(fit, _)| fit.unexplained).sum();
    // Code that works out a cell's choices when it comes to the cell
    // decides them all then: the same decisions, weighed at the visit's
    // first move.
    let at_entry: Vec<Vec<Decision>> = decided
        .iter()
        .map(|decisions| {
            let mut moved: Vec<Decision> = decisions
                .iter()
                .map(|decision| Decision {
                    at: decision.entry,
                    entry: decision.at,
                    ..*decision
                })
                .collect();
            moved.sort_by_key(|decision| decision.at);
            moved
        })
        .collect();
    let right_at_entry: Vec<bool> =
        fit(primary, &at_entry[0], Hypothesis::right(Kind::Row), None).1;
    // Each hypothesis over every replay, both ways: its first differing
    // decision is the failing case's.
    let fits: Vec<Fit> = hypotheses()
        .into_iter()
        .flat_map(|hypothesis| {
            [(&decided, &right[0].1), (&at_entry, &right_at_entry)].map(|(lists, verdicts)| {
                let mut total = fit(primary, &lists[0], hypothesis, Some(verdicts)).0;
                for (index, replay) in replays.iter().enumerate().skip(1) {
                    let (other, _) = fit(replay, &lists[index], hypothesis, None);
                    total.contradicted += other.contradicted;
                    total.unexplained += other.unexplained;
                }
                total
            })
        })
        .filter(|fit| fit.contradicted == 0 && fit.first.is_some())
        .collect();
    let least = fits.iter().map(|fit| fit.unexplained).min();
    let better = right_unexplained + usize::from(right_contradicted > 0);
    let best: Vec<&Fit> = fits
        .iter()
        .filter(|fit| Some(fit.unexplained) == least && fit.unexplained < better)
        .collect();
    let explains_all = best.first().is_some_and(|fit| fit.unexplained == 0);
    // A loop that never once went on to another choice after a failure, on
    // any case, ended early: bookkeeping left stale would still let it try
    // the choices the stale entries do not cover.
    let went_on = replays.iter().any(|replay| {
        replay.moves.windows(2).any(|pair| {
            matches!(pair, [Move::Undo { row, column }, Move::Place { row: r, column: c, .. }] if (row, column) == (r, c))
        })
    });
    let stale_only = !best.is_empty() && best.iter().all(|fit| fit.hypothesis.stale());
    let never_went_on = !went_on && right_unexplained >= 2 && stale_only;
    if right_contradicted == 0 && (!explains_all || never_went_on) {
        // Only untried digits are left unexplained: the loop stopped.
        let (decisions, verdicts) = (&decided[0], &right[0].1);
        let mut grid = primary.givens;
        let mut next = 0;
        for at in 0..=primary.moves.len() {
            while next < decisions.len() && decisions[next].at == at {
                if !verdicts[next] {
                    return Rebuilt::LoopStopped(decisions[next], grid);
                }
                next += 1;
            }
            if let Some(movement) = primary.moves.get(at) {
                apply(&mut grid, &primary.givens, movement);
            }
        }
        return Rebuilt::Unexplained;
    }
    let Some(first) = best.first() else {
        return Rebuilt::Unexplained;
    };
    let same_id = best
        .iter()
        .all(|fit| id_of(&fit.hypothesis) == id_of(&first.hypothesis));
    if same_id {
        Rebuilt::Explained((*first).clone())
    } else {
        Rebuilt::Unexplained
    }
}

/// The mistake a hypothesis names.
pub(super) fn id_of(hypothesis: &Hypothesis) -> crate::practice::diagnosis::Id {
    use crate::practice::diagnosis::Id;
    if hypothesis.stale() {
        return Id::StateNotUndone;
    }
    match (hypothesis.kind, hypothesis.reading) {
        (_, Reading::Window(Window::FirstLeftOut(_) | Window::LastLeftOut(_))) => Id::DigitRange,
        (Kind::Box, Reading::Missing) => Id::MissingBoxCheck,
        (Kind::Box, _) => Id::WrongBoxIndex,
        (kind, _) => kind.id(),
    }
}

/// With no trace to read, the board returned alone: the one reading (of
/// every kind of check) that refuses the answer at every blank left whose
/// answer fits the board, with the first such blank and the cell its
/// reading holds the answer at; `None` when no reading or readings of
/// different mistakes do.
pub(super) fn reading_of_blanks(
    got: &Grid,
    open: &[(Cell, u8)],
) -> Option<(Hypothesis, Cell, Cell)> {
    let board = Replay {
        givens: *got,
        moves: Vec::new(),
        truncated: false,
    };
    let &(first, answer) = open.first()?;
    let found: Vec<(Hypothesis, Cell)> = hypotheses()
        .into_iter()
        .filter(|hypothesis| !hypothesis.stale() && hypothesis.reading != Reading::Missing)
        .filter_map(|hypothesis| {
            let state = State::at(&board, hypothesis, 0);
            let all = open
                .iter()
                .all(|&(cell, digit)| state.refuses(cell, digit).is_some());
            match state.refuses(first, answer) {
                Some(Because::Holds(other)) if all => Some((hypothesis, other)),
                _ => None,
            }
        })
        .collect();
    let (hypothesis, other) = *found.first()?;
    found
        .iter()
        .all(|(each, _)| id_of(each) == id_of(&hypothesis))
        .then_some((hypothesis, first, other))
}
