//! The grid itself, before any text or LeetCode board: 81 cells, the 27
//! units they form, a conflict between two givens, and whether a filled grid
//! solves a puzzle. Everything else in the crate builds on this module; it
//! depends on nothing.

use std::fmt;

use thiserror::Error;

/// A board as 81 cells, row by row: `0` for a blank, `1..=9` for a digit.
pub type Cells = [u8; 81];

/// The character LeetCode (and every text form this project writes) uses for
/// an empty cell.
pub const BLANK: char = '.';

/// The 81-character line of some cells, blanks as `.`.
pub fn line_of(cells: &Cells) -> String {
    let mut line = String::with_capacity(81);
    line.extend(cells.iter().map(|&value| symbol(value)));
    line
}

/// The 81 bytes of [`line_of`], without building a string.
pub fn line_bytes(cells: &Cells) -> [u8; 81] {
    cells.map(|value| {
        if (1..=9).contains(&value) {
            b'0' + value
        } else {
            b'.'
        }
    })
}

/// The character of one cell value: its digit, or [`BLANK`].
pub fn symbol(value: u8) -> char {
    match value {
        1..=9 => char::from(b'0' + value),
        _ => BLANK,
    }
}

/// A cell as people write it: `r4c6`, its row and column counted from 1.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", ROW[cell] + 1, COL[cell] + 1)
}

/// The three kinds of unit a digit must appear in exactly once, each with
/// which one it is (rows, columns and boxes counted from 0; boxes in reading
/// order). Written as people write it: `row 4`, `column 6`, `box 5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Box(usize),
}

/// A kind of unit, without saying which one: what [`Unit`] is apart from
/// its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitKind {
    Row,
    Column,
    Box,
}

impl UnitKind {
    /// The three kinds in the order of [`UNITS`]: rows, columns, boxes.
    pub const ALL: [UnitKind; 3] = [UnitKind::Row, UnitKind::Column, UnitKind::Box];

    /// The unit of this kind that holds `cell`.
    pub fn of(self, cell: usize) -> Unit {
        match self {
            UnitKind::Row => Unit::Row(ROW[cell]),
            UnitKind::Column => Unit::Column(COL[cell]),
            UnitKind::Box => Unit::Box(BOX[cell]),
        }
    }

    /// The word for it: `row`, `column`, `box`.
    pub fn word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        }
    }
}

impl Unit {
    /// The unit of a kind and which one it is, from 0.
    pub fn new(kind: UnitKind, nth: usize) -> Unit {
        match kind {
            UnitKind::Row => Unit::Row(nth),
            UnitKind::Column => Unit::Column(nth),
            UnitKind::Box => Unit::Box(nth),
        }
    }

    /// The unit at `index` of [`UNITS`] (rows 0-8, columns 9-17, boxes
    /// 18-26); [`Unit::index`] the other way.
    pub fn of_index(index: usize) -> Unit {
        let kind = match index / 9 {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit::new(kind, index % 9)
    }

    /// Its index in [`UNITS`]: rows 0-8, columns 9-17, boxes 18-26.
    pub fn index(self) -> usize {
        match self {
            Unit::Row(nth) => nth,
            Unit::Column(nth) => 9 + nth,
            Unit::Box(nth) => 18 + nth,
        }
    }

    /// Whether it is a row, a column or a box.
    pub fn kind(self) -> UnitKind {
        match self {
            Unit::Row(_) => UnitKind::Row,
            Unit::Column(_) => UnitKind::Column,
            Unit::Box(_) => UnitKind::Box,
        }
    }

    /// Which row, column or box it is, from 0.
    pub fn nth(self) -> usize {
        match self {
            Unit::Row(nth) | Unit::Column(nth) | Unit::Box(nth) => nth,
        }
    }

    /// Which row, column or box it is, counted from 1 as people write it
    /// (`box 5` is the middle box).
    pub fn number(self) -> usize {
        self.nth() + 1
    }

    /// Its nine cells (`row * 9 + column`) in reading order: its row of
    /// [`UNITS`].
    pub fn cells(self) -> [usize; 9] {
        UNITS[self.index()]
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.kind().word(), self.number())
    }
}

/// Every unit in a fixed order (rows, then columns, then boxes), with the
/// (row, column) of its nine cells: [`UNITS`], named.
pub fn units() -> impl Iterator<Item = (Unit, [(usize, usize); 9])> {
    UNITS.iter().enumerate().map(|(index, cells)| {
        (
            Unit::of_index(index),
            cells.map(|cell| (cell / 9, cell % 9)),
        )
    })
}

/// The row of each cell.
pub const ROW: [usize; 81] = table(0);
/// The column of each cell.
pub const COL: [usize; 81] = table(1);
/// The box of each cell.
pub const BOX: [usize; 81] = table(2);

const fn table(kind: usize) -> [usize; 81] {
    let mut out = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        out[cell] = match kind {
            0 => row,
            1 => column,
            _ => row / 3 * 3 + column / 3,
        };
        cell += 1;
    }
    out
}

/// The 27 units: rows 0-8, columns 9-17, boxes 18-26; each its nine cells
/// (`row * 9 + column`) in reading order. [`units`] is the same, as (row,
/// column) pairs.
pub const UNITS: [[usize; 9]; 27] = unit_cells();

const fn unit_cells() -> [[usize; 9]; 27] {
    let mut out = [[0; 9]; 27];
    let mut index = 0;
    while index < 9 {
        let mut k = 0;
        while k < 9 {
            out[index][k] = index * 9 + k;
            out[9 + index][k] = k * 9 + index;
            out[18 + index][k] = (index / 3 * 3 + k / 3) * 9 + index % 3 * 3 + k % 3;
            k += 1;
        }
        index += 1;
    }
    out
}

/// The indices of [`UNITS`] in the order a person looks through them: the
/// nine boxes, then the rows, then the columns (units 18-26, 0-8, 9-17).
pub const UNITS_BOXES_FIRST: [usize; 27] = {
    let mut order = [0; 27];
    let mut k = 0;
    while k < 27 {
        order[k] = (k + 18) % 27;
        k += 1;
    }
    order
};

/// Whether two different cells share a row, column or box.
pub fn sees(a: usize, b: usize) -> bool {
    a != b && (ROW[a] == ROW[b] || COL[a] == COL[b] || BOX[a] == BOX[b])
}

/// Two givens with the same digit in one unit: the puzzle cannot be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("digit {digit} appears twice in {unit}")]
pub struct Conflict {
    pub digit: char,
    pub unit: Unit,
}

/// The first unit (rows, then columns, then boxes, each in order) holding
/// some digit twice, and the first digit repeated in it.
pub fn find_conflict(cells: &Cells) -> Option<Conflict> {
    // A quick pass over all units at once; most boards have no conflict.
    if !scan(cells).1 {
        return None;
    }
    // Then the units one by one, to name the first.
    units().find_map(|(unit, members)| {
        let mut seen = 0u16;
        members.iter().find_map(|&(row, column)| {
            let value = cells[row * 9 + column];
            if value == 0 || value > 9 {
                return None;
            }
            let bit = 1u16 << value;
            let twice = seen & bit != 0;
            seen |= bit;
            twice.then_some(Conflict {
                digit: symbol(value),
                unit,
            })
        })
    })
}

/// One pass over the cells: the highest value, and whether some digit
/// repeats in a unit (values above 9 are ignored).
pub(crate) fn scan(cells: &Cells) -> (u8, bool) {
    let highest = cells.iter().copied().fold(0, u8::max);
    // A count of 2 or more sets one of the upper three bits of its nibble.
    let repeated = UnitCounts::of(cells).any_unit(|counts| counts & TWICE_OR_MORE != 0);
    (highest, repeated)
}

/// Whether `candidate` is a complete, valid grid that keeps every given of
/// `givens`.
pub fn solves(givens: &Cells, candidate: &Cells) -> bool {
    // No early exit, so the loops stay free of unpredictable branches.
    let kept = givens
        .iter()
        .zip(candidate)
        .fold(true, |kept, (&given, &value)| {
            kept & (given == 0 || given == value)
        });
    // A blank or a value above 9 counts as no digit, so its units come out
    // short.
    kept && !UnitCounts::of(candidate).any_unit(|counts| counts != EACH_ONCE)
}

/// How many times each digit appears in each unit: a 4-bit count per digit,
/// digit `d` in bits `4d..4d + 4` ([`digit_count`]). Nine cells hold a digit
/// at most nine times, so adding up a unit's cells never carries from one
/// count into the next, and one sum per unit tells both whether a digit
/// repeats and whether all nine are there.
struct UnitCounts {
    rows: [u64; 9],
    columns: [u64; 9],
    boxes: [u64; 9],
}

/// Each of the digits 1-9 once: the counts of a unit of a solved grid.
const EACH_ONCE: u64 = 0x11_1111_1110;
/// The upper three bits of each digit's count: one is set where a digit
/// appears twice or more.
const TWICE_OR_MORE: u64 = 0xEE_EEEE_EEE0;

impl UnitCounts {
    fn of(cells: &Cells) -> UnitCounts {
        let mut units = UnitCounts {
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for (row, line) in cells.chunks_exact(9).enumerate() {
            let counts: [u64; 9] = std::array::from_fn(|column| digit_count(line[column]));
            for (column, &count) in counts.iter().enumerate() {
                units.columns[column] += count;
            }
            for stack in 0..3 {
                let in_box = counts[3 * stack] + counts[3 * stack + 1] + counts[3 * stack + 2];
                units.rows[row] += in_box;
                units.boxes[row / 3 * 3 + stack] += in_box;
            }
        }
        units
    }

    /// Whether `test` holds for the counts of some unit; every unit is
    /// tested, with no early exit.
    fn any_unit(&self, test: impl Fn(u64) -> bool) -> bool {
        self.rows
            .iter()
            .chain(&self.columns)
            .chain(&self.boxes)
            .fold(false, |found, &counts| found | test(counts))
    }
}

/// A count of one for a digit 1-9 (bit `4 * value`, see [`UnitCounts`]);
/// nothing for a blank or anything above 9.
fn digit_count(value: u8) -> u64 {
    DIGIT_COUNTS[usize::from(value)]
}

/// [`digit_count`] of every byte: one load per cell where the shift by a
/// variable amount, with its bounds, took several instructions.
const DIGIT_COUNTS: [u64; 256] = {
    let mut table = [0; 256];
    let mut digit = 1;
    while digit <= 9 {
        table[digit] = 1 << (4 * digit);
        digit += 1;
    }
    table
};

/// Why a candidate is not a solution of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolutionError {
    #[error("the board is not 9x9")]
    WrongShape,
    #[error("row {row}, column {column} is still blank")]
    Incomplete { row: usize, column: usize },
    #[error("row {row}, column {column} holds {found:?}, not a digit 1-9")]
    NotADigit {
        row: usize,
        column: usize,
        found: char,
    },
    #[error("the given {given} at row {row}, column {column} was changed to {found}")]
    GivenChanged {
        row: usize,
        column: usize,
        given: char,
        found: char,
    },
    #[error("{0}")]
    Repeated(Conflict),
}

/// Checks that `candidate` solves `givens`, saying why not: complete, every
/// given kept, no digit twice in a unit (`0` for a blank). Any valid
/// completion passes. [`crate::board::check_solution`] does the same for
/// LeetCode boards.
pub fn check_cells(givens: &Cells, candidate: &Cells) -> Result<(), SolutionError> {
    for (index, (&given, &found)) in givens.iter().zip(candidate).enumerate() {
        let (row, column) = (index / 9 + 1, index % 9 + 1);
        if found == 0 {
            return Err(SolutionError::Incomplete { row, column });
        }
        if given != 0 && given != found {
            return Err(SolutionError::GivenChanged {
                row,
                column,
                given: char::from(b'0' + given),
                found: char::from(b'0' + found),
            });
        }
    }
    // A complete board with no digit twice in any unit has every unit a
    // permutation of 1-9: nine cells, nine distinct digits.
    match find_conflict(candidate) {
        Some(conflict) => Err(SolutionError::Repeated(conflict)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{self, Xorshift};

    /// `scan` and `solves` read the units as digit counts packed in words;
    /// here they are read one cell at a time, the plain way, on grids near a solution:
    /// some cells blank, some changed to another digit or to a value above
    /// 9, some givens changed.
    #[test]
    fn the_packed_digit_counts_find_what_a_plain_reading_of_the_units_finds() {
        let solution: Cells =
            std::array::from_fn(|cell| fixtures::solution_line().as_bytes()[cell] - b'0');
        let mut random = Xorshift(0x5eed_1234);
        let (mut repeats, mut solutions) = (0, 0);
        let (mut only_in_a_box, mut only_in_a_column) = (0, 0);
        for round in 0..4000 {
            // Half the rounds: a few givens anywhere, whose repeats fall in
            // one unit as often as in several.
            let mut cells = if round % 2 == 0 { solution } else { [0; 81] };
            let changes = if round % 2 == 0 {
                random.below(4)
            } else {
                8 + random.below(10)
            };
            if round % 4 == 2 {
                // Two cells of a row trade places: every row stays full.
                let row = random.below(9);
                cells.swap(row * 9 + random.below(9), row * 9 + random.below(9));
            }
            for _ in 0..changes {
                let cell = random.below(81);
                cells[cell] = match random.below(8) {
                    0 => 0,
                    1 => 10 + random.below(246) as u8,
                    _ => 1 + random.below(9) as u8,
                };
            }
            let repeats_in = |kind: UnitKind| {
                units().any(|(unit, members)| {
                    unit.kind() == kind && {
                        let mut values: Vec<u8> = members
                            .iter()
                            .map(|&(row, column)| cells[row * 9 + column])
                            .filter(|value| (1..=9).contains(value))
                            .collect();
                        let count = values.len();
                        values.sort_unstable();
                        values.dedup();
                        values.len() < count
                    }
                })
            };
            let [row, column, square] = UnitKind::ALL.map(repeats_in);
            let plain_repeat = row || column || square;
            only_in_a_box += usize::from(square && !row && !column);
            only_in_a_column += usize::from(column && !row && !square);
            let highest = *cells.iter().max().unwrap_or(&0);
            assert_eq!(scan(&cells), (highest, plain_repeat), "round {round}");
            repeats += usize::from(plain_repeat);
            // As givens: the solution's cells, with a few blank and, in some
            // rounds, one changed.
            let mut givens = solution;
            for _ in 0..random.below(40) {
                givens[random.below(81)] = 0;
            }
            if round % 5 == 0 {
                givens[random.below(81)] = 1 + random.below(9) as u8;
            }
            let kept = givens
                .iter()
                .zip(&cells)
                .all(|(&given, &value)| given == 0 || given == value);
            let plain_solves =
                kept && !plain_repeat && cells.iter().all(|value| (1..=9).contains(value));
            assert_eq!(solves(&givens, &cells), plain_solves, "round {round}");
            solutions += usize::from(plain_solves);
        }
        // Both answers came up often.
        assert!(
            (1000..3000).contains(&repeats),
            "{repeats} grids with a repeat"
        );
        assert!(only_in_a_box > 50 && only_in_a_column > 50);
        assert!((200..3000).contains(&solutions), "{solutions} solutions");
    }

    #[test]
    fn boxes_first_lists_every_unit_once_boxes_then_rows_then_columns() {
        let kinds: Vec<&str> = UNITS_BOXES_FIRST
            .iter()
            .map(|&unit| match unit / 9 {
                0 => "row",
                1 => "column",
                _ => "box",
            })
            .collect();
        assert_eq!(kinds[..9], ["box"; 9]);
        assert_eq!(kinds[9..18], ["row"; 9]);
        assert_eq!(kinds[18..], ["column"; 9]);
        let mut sorted = UNITS_BOXES_FIRST;
        sorted.sort_unstable();
        assert_eq!(sorted, std::array::from_fn(|unit| unit));
    }

    #[test]
    fn every_unit_holds_nine_different_cells_that_share_its_row_column_or_box() {
        let mut seen = [0; 81];
        for (unit, cells) in units() {
            let mut indices: Vec<usize> = cells
                .iter()
                .map(|&(row, column)| row * 9 + column)
                .collect();
            for &cell in &indices {
                seen[cell] += 1;
                let (row, column) = (cell / 9, cell % 9);
                let kept = match unit {
                    Unit::Row(index) => ROW[cell] == index && row == index,
                    Unit::Column(index) => COL[cell] == index && column == index,
                    Unit::Box(index) => BOX[cell] == index && row / 3 * 3 + column / 3 == index,
                };
                assert!(kept, "{unit} holds r{}c{}", row + 1, column + 1);
            }
            indices.dedup();
            assert_eq!(indices.len(), 9, "{unit}");
        }
        // Each cell is in one row, one column and one box.
        assert_eq!(seen, [3; 81]);
        assert_eq!(UNITS[18 + 4][0], 3 * 9 + 3);
        assert!(sees(0, 80 - 8) && sees(0, 20) && !sees(0, 21) && !sees(5, 5));
    }

    #[test]
    fn a_cell_is_named_by_its_row_and_column_counted_from_one() {
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(3 * 9 + 5), "r4c6");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(cell_name(9), "r2c1");
    }

    #[test]
    fn a_unit_and_its_index_in_units_go_both_ways_and_name_the_same_cells() {
        for (index, cells) in UNITS.iter().enumerate() {
            let unit = Unit::of_index(index);
            assert_eq!(unit.index(), index);
            assert_eq!(Unit::new(unit.kind(), unit.nth()), unit);
            assert_eq!(&unit.cells(), cells);
            // The unit of its kind holding any of its cells is itself.
            for cell in unit.cells() {
                assert_eq!(unit.kind().of(cell), unit, "{}", cell_name(cell));
            }
        }
        assert_eq!(Unit::of_index(3).to_string(), "row 4");
        assert_eq!(Unit::of_index(9 + 5).to_string(), "column 6");
        assert_eq!(Unit::of_index(18 + 4).to_string(), "box 5");
        assert_eq!(Unit::Box(4).number(), 5);
    }

    #[test]
    fn the_unit_of_a_kind_holding_a_cell_is_its_row_its_column_and_its_box() {
        // r4c8: row 4, column 8, and the right box of the middle band.
        let cell = 3 * 9 + 7;
        let found = UnitKind::ALL.map(|kind| kind.of(cell));
        assert_eq!(found, [Unit::Row(3), Unit::Column(7), Unit::Box(5)]);
        assert_eq!(found.map(|unit| unit.kind()), UnitKind::ALL);
        assert_eq!(
            found.map(|unit| unit.to_string()),
            ["row 4", "column 8", "box 6"]
        );
        // Boxes in reading order: the top-left cell of each.
        let corners: Vec<usize> = (0..9).map(|nth| Unit::Box(nth).cells()[0]).collect();
        assert_eq!(corners, [0, 3, 6, 27, 30, 33, 54, 57, 60]);
        assert_eq!(UnitKind::Box.of(80), Unit::Box(8));
        assert_eq!(UnitKind::Box.word(), "box");
    }
}
