//! Each technique on a position that needs exactly it. The positions are
//! built as candidate grids: every cell starts open (all nine candidates),
//! and the test takes away what the pattern needs. Each test checks that no
//! simpler technique applies, and that the technique removes (or places)
//! exactly what it should.

use super::find;
use crate::logic::geometry::{bit, UNITS};
use crate::logic::*;

/// The cell at 1-based row and column.
fn rc(row: usize, column: usize) -> usize {
    (row - 1) * 9 + column - 1
}

fn mask(digits: &[u8]) -> u16 {
    digits.iter().fold(0, |mask, &digit| mask | bit(digit))
}

struct Position {
    values: [u8; 81],
    cands: [u16; 81],
}

impl Position {
    fn open() -> Position {
        Position {
            values: [0; 81],
            cands: [0x1ff; 81],
        }
    }

    /// Sets a cell's candidates.
    fn set(&mut self, cell: usize, digits: &[u8]) -> &mut Position {
        self.cands[cell] = mask(digits);
        self
    }

    /// Keeps `digit` in `unit` only in `keep`.
    fn only(&mut self, unit: usize, digit: u8, keep: &[usize]) -> &mut Position {
        for cell in UNITS[unit] {
            if !keep.contains(&cell) {
                self.cands[cell] &= !bit(digit);
            }
        }
        self
    }

    fn candidates(&self) -> Candidates {
        Candidates::from_masks(self.values, self.cands)
    }
}

fn row(n: usize) -> usize {
    n - 1
}
fn column(n: usize) -> usize {
    8 + n
}
fn box_unit(n: usize) -> usize {
    17 + n
}

fn sorted(mut items: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    items.sort_unstable();
    items.dedup();
    items
}

/// Checks that no technique before `technique` applies, and returns what
/// `technique` places and removes.
/// (cell, digit) pairs.
type Changes = Vec<(usize, u8)>;

fn first(candidates: &Candidates, technique: Technique) -> (Changes, Changes) {
    for earlier in Technique::ORDER
        .into_iter()
        .take_while(|&earlier| earlier != technique)
    {
        let deductions = find(candidates, earlier);
        assert!(
            deductions.is_empty(),
            "{earlier} applies before {technique}: {:?}",
            deductions
                .iter()
                .map(|deduction| &deduction.text)
                .collect::<Vec<_>>()
        );
    }
    let deductions = find(candidates, technique);
    assert!(!deductions.is_empty(), "{technique} does not apply");
    for deduction in &deductions {
        assert_eq!(deduction.technique, technique);
        assert!(
            deduction.text.starts_with(technique.title()),
            "{}",
            deduction.text
        );
    }
    let placed = sorted(
        deductions
            .iter()
            .flat_map(|deduction| deduction.placed.clone())
            .collect(),
    );
    let removed = sorted(
        deductions
            .iter()
            .flat_map(|deduction| deduction.removed.clone())
            .collect(),
    );
    (placed, removed)
}

fn removes(candidates: &Candidates, technique: Technique, expected: Vec<(usize, u8)>) {
    let (placed, removed) = first(candidates, technique);
    assert!(placed.is_empty());
    assert_eq!(removed, sorted(expected));
}

/// `digits` removed from every cell of `unit` except `except`.
fn from_unit(unit: usize, digits: &[u8], except: &[usize]) -> Vec<(usize, u8)> {
    UNITS[unit]
        .iter()
        .filter(|cell| !except.contains(cell))
        .flat_map(|&cell| digits.iter().map(move |&digit| (cell, digit)))
        .collect()
}

#[test]
fn full_house() {
    let mut position = Position::open();
    for column in 1..=8 {
        position.values[rc(1, column)] = column as u8;
    }
    position.set(rc(1, 9), &[9]);
    let (placed, removed) = first(&position.candidates(), Technique::FullHouse);
    assert_eq!(placed, vec![(rc(1, 9), 9)]);
    assert!(removed.is_empty());
    let deductions = find(&position.candidates(), Technique::FullHouse);
    assert_eq!(deductions[0].text, "full house: 9 in row 1 -> r1c9");
}

#[test]
fn naked_single() {
    let mut position = Position::open();
    position.set(rc(5, 5), &[5]);
    let (placed, _) = first(&position.candidates(), Technique::NakedSingle);
    assert_eq!(placed, vec![(rc(5, 5), 5)]);
}

#[test]
fn hidden_single() {
    let mut position = Position::open();
    position.only(box_unit(1), 3, &[rc(2, 2)]);
    let (placed, _) = first(&position.candidates(), Technique::HiddenSingle);
    assert_eq!(placed, vec![(rc(2, 2), 3)]);
    let deductions = find(&position.candidates(), Technique::HiddenSingle);
    assert_eq!(deductions[0].text, "hidden single: 3 in box 1 -> r2c2");
}

#[test]
fn pointing() {
    let mut position = Position::open();
    position.only(box_unit(1), 4, &[rc(1, 1), rc(1, 2), rc(1, 3)]);
    let expected = from_unit(row(1), &[4], &[rc(1, 1), rc(1, 2), rc(1, 3)]);
    removes(&position.candidates(), Technique::Pointing, expected);
}

#[test]
fn claiming() {
    let mut position = Position::open();
    position.only(row(1), 4, &[rc(1, 1), rc(1, 2)]);
    let expected = from_unit(box_unit(1), &[4], &[rc(1, 1), rc(1, 2), rc(1, 3)]);
    removes(&position.candidates(), Technique::Claiming, expected);
}

#[test]
fn locked_pair() {
    let mut position = Position::open();
    position.set(rc(1, 1), &[1, 2]).set(rc(1, 2), &[1, 2]);
    let mut expected = from_unit(row(1), &[1, 2], &[rc(1, 1), rc(1, 2)]);
    expected.extend(from_unit(box_unit(1), &[1, 2], &[rc(1, 1), rc(1, 2)]));
    removes(&position.candidates(), Technique::LockedPair, expected);
}

#[test]
fn naked_pair() {
    let mut position = Position::open();
    position.set(rc(1, 1), &[1, 2]).set(rc(1, 5), &[1, 2]);
    let expected = from_unit(row(1), &[1, 2], &[rc(1, 1), rc(1, 5)]);
    removes(&position.candidates(), Technique::NakedPair, expected);
}

#[test]
fn naked_triple() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(1, 5), &[2, 3])
        .set(rc(1, 9), &[1, 3]);
    let expected = from_unit(row(1), &[1, 2, 3], &[rc(1, 1), rc(1, 5), rc(1, 9)]);
    removes(&position.candidates(), Technique::NakedTriple, expected);
}

/// Four cells of row 1 holding 1-4 as a cycle: 1 in c1, c4; 2 in c4, c2;
/// 3 in c2, c7; 4 in c7, c1. No smaller subset hides in it.
const QUAD: [(usize, [u8; 2]); 4] = [(1, [1, 4]), (2, [2, 3]), (4, [1, 2]), (7, [3, 4])];

#[test]
fn naked_quad() {
    let mut position = Position::open();
    for (column, digits) in QUAD {
        position.set(rc(1, column), &digits);
    }
    let cells: Vec<usize> = QUAD.iter().map(|&(column, _)| rc(1, column)).collect();
    let expected = from_unit(row(1), &[1, 2, 3, 4], &cells);
    removes(&position.candidates(), Technique::NakedQuad, expected);
}

#[test]
fn hidden_pair() {
    let mut position = Position::open();
    for digit in [1, 2] {
        position.only(row(1), digit, &[rc(1, 1), rc(1, 5)]);
    }
    let expected: Vec<(usize, u8)> = [rc(1, 1), rc(1, 5)]
        .into_iter()
        .flat_map(|cell| (3..=9).map(move |digit| (cell, digit)))
        .collect();
    removes(&position.candidates(), Technique::HiddenPair, expected);
}

#[test]
fn hidden_triple() {
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 1), rc(1, 9)])
        .only(row(1), 2, &[rc(1, 1), rc(1, 5)])
        .only(row(1), 3, &[rc(1, 5), rc(1, 9)]);
    let expected: Vec<(usize, u8)> = [rc(1, 1), rc(1, 5), rc(1, 9)]
        .into_iter()
        .flat_map(|cell| (4..=9).map(move |digit| (cell, digit)))
        .collect();
    removes(&position.candidates(), Technique::HiddenTriple, expected);
}

#[test]
fn hidden_quad() {
    let mut position = Position::open();
    for digit in 1..=4u8 {
        let keep: Vec<usize> = QUAD
            .iter()
            .filter(|(_, digits)| digits.contains(&digit))
            .map(|&(column, _)| rc(1, column))
            .collect();
        position.only(row(1), digit, &keep);
    }
    let expected: Vec<(usize, u8)> = QUAD
        .iter()
        .flat_map(|&(column, _)| (5..=9).map(move |digit| (rc(1, column), digit)))
        .collect();
    removes(&position.candidates(), Technique::HiddenQuad, expected);
}

/// A fish on digit 1: `rows[k]` keeps 1 only in the given columns; the
/// expected eliminations are 1 in those columns outside those rows.
fn fish_position(rows: &[(usize, [usize; 2])]) -> (Candidates, Vec<(usize, u8)>) {
    let mut position = Position::open();
    let mut columns = Vec::new();
    for &(r, cs) in rows {
        position.only(row(r), 1, &[rc(r, cs[0]), rc(r, cs[1])]);
        columns.extend(cs);
    }
    columns.sort_unstable();
    columns.dedup();
    let mut expected = Vec::new();
    for &c in &columns {
        for r in (1..=9).filter(|r| rows.iter().all(|&(base, _)| base != *r)) {
            expected.push((rc(r, c), 1));
        }
    }
    (position.candidates(), expected)
}

#[test]
fn x_wing() {
    let (candidates, expected) = fish_position(&[(2, [3, 8]), (6, [3, 8])]);
    removes(&candidates, Technique::XWing, expected);
    let deductions = find(&candidates, Technique::XWing);
    assert!(deductions[0]
        .text
        .starts_with("X-Wing: 1 in rows 2, 6, columns 3, 8 removes 1 from r1c3, r1c8"));
}

#[test]
fn swordfish() {
    let (candidates, expected) = fish_position(&[(1, [1, 4]), (4, [4, 7]), (7, [1, 7])]);
    removes(&candidates, Technique::Swordfish, expected);
}

#[test]
fn jellyfish() {
    let (candidates, expected) =
        fish_position(&[(1, [1, 4]), (4, [2, 4]), (6, [2, 7]), (8, [1, 7])]);
    removes(&candidates, Technique::Jellyfish, expected);
}

#[test]
fn skyscraper() {
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 1), rc(1, 5)])
        .only(row(5), 1, &[rc(5, 1), rc(5, 6)]);
    let expected = vec![(rc(2, 6), 1), (rc(3, 6), 1), (rc(4, 5), 1), (rc(6, 5), 1)];
    removes(&position.candidates(), Technique::Skyscraper, expected);
}

#[test]
fn two_string_kite() {
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 2), rc(1, 7)])
        .only(column(1), 1, &[rc(3, 1), rc(8, 1)]);
    removes(
        &position.candidates(),
        Technique::TwoStringKite,
        vec![(rc(8, 7), 1)],
    );
}

#[test]
fn w_wing() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(5, 5), &[1, 2])
        .only(row(9), 1, &[rc(9, 1), rc(9, 5)]);
    removes(
        &position.candidates(),
        Technique::WWing,
        vec![(rc(1, 5), 2), (rc(5, 1), 2)],
    );
}

#[test]
fn xy_wing() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(1, 5), &[1, 3])
        .set(rc(5, 1), &[2, 3]);
    removes(
        &position.candidates(),
        Technique::XyWing,
        vec![(rc(5, 5), 3)],
    );
}

#[test]
fn xyz_wing() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2, 3])
        .set(rc(1, 2), &[1, 3])
        .set(rc(5, 1), &[2, 3]);
    removes(
        &position.candidates(),
        Technique::XyzWing,
        vec![(rc(2, 1), 3), (rc(3, 1), 3)],
    );
}

#[test]
fn x_chain() {
    // (1)r1c1 = (1)r1c5 - (1)r4c5 = (1)r6c6 - (1)r8c6 = (1)r8c2, with the
    // shorter chains' targets already gone.
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 1), rc(1, 5)])
        .only(box_unit(5), 1, &[rc(4, 5), rc(6, 6)])
        .only(row(8), 1, &[rc(8, 6), rc(8, 2)]);
    position.cands[rc(6, 1)] &= !bit(1);
    position.cands[rc(4, 2)] &= !bit(1);
    removes(
        &position.candidates(),
        Technique::XChain,
        vec![(rc(7, 1), 1), (rc(9, 1), 1), (rc(2, 2), 1), (rc(3, 2), 1)],
    );
}

#[test]
fn xy_chain() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(1, 5), &[2, 3])
        .set(rc(5, 5), &[3, 4])
        .set(rc(5, 9), &[1, 4]);
    removes(
        &position.candidates(),
        Technique::XyChain,
        vec![(rc(1, 9), 1), (rc(5, 1), 1)],
    );
}

#[test]
fn aic() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .only(column(6), 2, &[rc(1, 6), rc(5, 6)])
        .only(row(5), 1, &[rc(5, 6), rc(5, 2)]);
    removes(
        &position.candidates(),
        Technique::Aic,
        vec![
            (rc(1, 2), 1),
            (rc(2, 2), 1),
            (rc(3, 2), 1),
            (rc(4, 1), 1),
            (rc(6, 1), 1),
        ],
    );
}

#[test]
fn turbot_fish() {
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 2), rc(1, 7)])
        .only(box_unit(4), 1, &[rc(5, 2), rc(6, 3)]);
    removes(
        &position.candidates(),
        Technique::TurbotFish,
        vec![(rc(6, 7), 1)],
    );
}

#[test]
fn empty_rectangle() {
    let mut position = Position::open();
    position.only(row(1), 1, &[rc(1, 3), rc(1, 7)]).only(
        box_unit(4),
        1,
        &[rc(4, 3), rc(5, 1), rc(5, 2), rc(5, 3), rc(6, 3)],
    );
    removes(
        &position.candidates(),
        Technique::EmptyRectangle,
        vec![(rc(5, 7), 1)],
    );
}

#[test]
fn unique_rectangle() {
    let mut position = Position::open();
    let corners = [rc(1, 1), rc(1, 2), rc(5, 1), rc(5, 2)];
    for digit in [1, 2] {
        position
            .only(row(1), digit, &corners)
            .only(box_unit(1), digit, &corners)
            .only(column(1), digit, &corners);
    }
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(1, 2), &[1, 2])
        .set(rc(5, 1), &[1, 2])
        .set(rc(5, 2), &[1, 2, 3]);
    removes(
        &position.candidates(),
        Technique::UniqueRectangle,
        vec![(rc(5, 2), 1), (rc(5, 2), 2)],
    );
}

#[test]
fn finned_x_wing() {
    let mut position = Position::open();
    position.only(row(2), 1, &[rc(2, 2), rc(2, 8)]).only(
        row(6),
        1,
        &[rc(6, 2), rc(6, 8), rc(6, 9)],
    );
    removes(
        &position.candidates(),
        Technique::FinnedXWing,
        vec![(rc(4, 8), 1), (rc(5, 8), 1)],
    );
}

#[test]
fn simple_colors() {
    // 1 coloured along r1c1 = r1c5 = r3c6 = r7c6 = r9c4 = r9c2; the targets
    // of the shorter patterns (r7c1, r3c2) are already gone.
    let mut position = Position::open();
    position
        .only(row(1), 1, &[rc(1, 1), rc(1, 5)])
        .only(box_unit(2), 1, &[rc(1, 5), rc(3, 6)])
        .only(column(6), 1, &[rc(3, 6), rc(7, 6)])
        .only(box_unit(8), 1, &[rc(7, 6), rc(9, 4)])
        .only(row(9), 1, &[rc(9, 4), rc(9, 2)]);
    position.cands[rc(7, 1)] &= !bit(1);
    position.cands[rc(3, 2)] &= !bit(1);
    removes(
        &position.candidates(),
        Technique::SimpleColors,
        vec![(rc(8, 1), 1), (rc(2, 2), 1)],
    );
}

#[test]
fn locked_triple() {
    let mut position = Position::open();
    position
        .set(rc(1, 1), &[1, 2])
        .set(rc(1, 2), &[2, 3])
        .set(rc(1, 3), &[1, 3]);
    let cells = [rc(1, 1), rc(1, 2), rc(1, 3)];
    let mut expected = from_unit(row(1), &[1, 2, 3], &cells);
    expected.extend(from_unit(box_unit(1), &[1, 2, 3], &cells));
    removes(&position.candidates(), Technique::LockedTriple, expected);
}
