//! The finders: each returns every instance of one technique in a position
//! that removes or places something, as steps.

use std::collections::BTreeSet;

use super::chains;
use super::{
    bit, candidates_in, cell_list, cell_name, digits, sees, unit_name, with_digit, Grid, Step,
    Technique, BOX, COL, ROW, UNITS,
};
use crate::puzzle::Cells;

/// Every useful instance of `technique` in `grid`.
pub(crate) fn find(grid: &Grid, technique: Technique) -> Vec<Step> {
    use Technique::*;
    match technique {
        FullHouse => full_houses(grid),
        NakedSingle => naked_singles(grid),
        HiddenSingle => hidden_singles(grid),
        LockedPair => naked_subsets(grid, 2, true),
        LockedTriple => naked_subsets(grid, 3, true),
        Pointing => pointing(grid),
        Claiming => claiming(grid),
        NakedPair => naked_subsets(grid, 2, false),
        NakedTriple => naked_subsets(grid, 3, false),
        NakedQuad => naked_subsets(grid, 4, false),
        HiddenPair => hidden_subsets(grid, 2),
        HiddenTriple => hidden_subsets(grid, 3),
        HiddenQuad => hidden_subsets(grid, 4),
        XWing => fish(grid, 2),
        Swordfish => fish(grid, 3),
        Jellyfish => fish(grid, 4),
        BugPlusOne => bug_plus_one(grid),
        TurbotFish => turbot_fish(grid),
        EmptyRectangle => empty_rectangles(grid),
        UniqueRectangle => unique_rectangles(grid),
        FinnedXWing => finned_fish(grid, 2),
        FinnedSwordfish => finned_fish(grid, 3),
        FinnedJellyfish => finned_fish(grid, 4),
        SimpleColors => simple_colors(grid),
        Skyscraper => skyscrapers(grid),
        TwoStringKite => kites(grid),
        WWing => w_wings(grid),
        XyWing => xy_wings(grid),
        XyzWing => xyz_wings(grid),
        XChain | XyChain | Aic => chains::chains(grid, technique),
        ForcingChain => chains::forcing(grid),
        Guess => Vec::new(),
    }
}

/// Units in the order a person names them: boxes, rows, columns.
const NAMING_ORDER: [usize; 27] = {
    let mut order = [0; 27];
    let mut k = 0;
    while k < 27 {
        order[k] = (k + 18) % 27;
        k += 1;
    }
    order
};

fn empties(grid: &Grid, unit: usize) -> Vec<usize> {
    UNITS[unit]
        .iter()
        .copied()
        .filter(|&cell| grid.value(cell) == 0)
        .collect()
}

fn only_digit(mask: u16) -> Option<u8> {
    (mask.count_ones() == 1).then(|| mask.trailing_zeros() as u8 + 1)
}

fn full_houses(grid: &Grid) -> Vec<Step> {
    let mut done = [false; 81];
    let mut steps = Vec::new();
    for unit in NAMING_ORDER {
        let empty = empties(grid, unit);
        if let [cell] = empty[..] {
            if let (false, Some(digit)) = (done[cell], only_digit(grid.candidates(cell))) {
                done[cell] = true;
                let text = format!(
                    "full house: {digit} in {} -> {}",
                    unit_name(unit),
                    cell_name(cell)
                );
                steps.push(
                    Step::placing(Technique::FullHouse, cell, digit, text)
                        .with_pattern([(cell, digit)])
                        .in_houses([unit]),
                );
            }
        }
    }
    steps
}

fn naked_singles(grid: &Grid) -> Vec<Step> {
    (0..81)
        .filter(|&cell| grid.value(cell) == 0)
        .filter_map(|cell| {
            let digit = only_digit(grid.candidates(cell))?;
            let text = format!(
                "naked single: {digit} -> {} (its only candidate)",
                cell_name(cell)
            );
            Some(
                Step::placing(Technique::NakedSingle, cell, digit, text)
                    .with_pattern([(cell, digit)])
                    .in_houses([ROW[cell], 9 + COL[cell], 18 + BOX[cell]]),
            )
        })
        .collect()
}

fn hidden_singles(grid: &Grid) -> Vec<Step> {
    let mut done = [false; 81];
    let mut steps = Vec::new();
    for unit in NAMING_ORDER {
        for digit in 1..=9 {
            let places = grid.places(unit, digit);
            if places.count_ones() != 1 {
                continue;
            }
            let cell = UNITS[unit][places.trailing_zeros() as usize];
            if done[cell] {
                continue;
            }
            done[cell] = true;
            let text = format!(
                "hidden single: {digit} in {} -> {}",
                unit_name(unit),
                cell_name(cell)
            );
            steps.push(
                Step::placing(Technique::HiddenSingle, cell, digit, text)
                    .with_pattern([(cell, digit)])
                    .in_houses([unit]),
            );
        }
    }
    steps
}

/// Pointing: a digit's candidates in a box all lie in one row or column, so
/// the rest of that line loses it.
fn pointing(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for block in 18..27 {
        for digit in 1..=9 {
            let cells: Vec<usize> = UNITS[block]
                .iter()
                .copied()
                .filter(|&cell| grid.has(cell, digit))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for line in lines_through(&cells) {
                let removed: Vec<(usize, u8)> = UNITS[line]
                    .iter()
                    .copied()
                    .filter(|&cell| BOX[cell] != block - 18 && grid.has(cell, digit))
                    .map(|cell| (cell, digit))
                    .collect();
                if !removed.is_empty() {
                    let why = format!(
                        "locked candidates (pointing): {digit} in {} lies in {},",
                        unit_name(block),
                        unit_name(line)
                    );
                    steps.push(
                        Step::removing(Technique::Pointing, removed, why)
                            .with_pattern(with_digit(&cells, digit))
                            .in_houses([block, line]),
                    );
                }
            }
        }
    }
    steps
}

/// The row and column units all of `cells` share.
fn lines_through(cells: &[usize]) -> Vec<usize> {
    let mut lines = Vec::new();
    if cells.iter().all(|&cell| ROW[cell] == ROW[cells[0]]) {
        lines.push(ROW[cells[0]]);
    }
    if cells.iter().all(|&cell| COL[cell] == COL[cells[0]]) {
        lines.push(9 + COL[cells[0]]);
    }
    lines
}

/// Claiming: a digit's candidates in a row or column all lie in one box, so
/// the rest of that box loses it.
fn claiming(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for line in 0..18 {
        for digit in 1..=9 {
            let cells: Vec<usize> = UNITS[line]
                .iter()
                .copied()
                .filter(|&cell| grid.has(cell, digit))
                .collect();
            if cells.len() < 2 || cells.iter().any(|&cell| BOX[cell] != BOX[cells[0]]) {
                continue;
            }
            let block = 18 + BOX[cells[0]];
            let removed: Vec<(usize, u8)> = UNITS[block]
                .iter()
                .copied()
                .filter(|&cell| !UNITS[line].contains(&cell) && grid.has(cell, digit))
                .map(|cell| (cell, digit))
                .collect();
            if !removed.is_empty() {
                let why = format!(
                    "locked candidates (claiming): {digit} in {} lies in {},",
                    unit_name(line),
                    unit_name(block)
                );
                steps.push(
                    Step::removing(Technique::Claiming, removed, why)
                        .with_pattern(with_digit(&cells, digit))
                        .in_houses([line, block]),
                );
            }
        }
    }
    steps
}

/// Every k-element subset of `items`.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    fn walk(
        items: &[usize],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for index in start..items.len() {
            if items.len() - index < k - chosen.len() {
                break;
            }
            chosen.push(items[index]);
            walk(items, k, index + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    walk(items, k, 0, &mut Vec::new(), &mut out);
    out
}

fn digit_list(mask: u16) -> String {
    digits(mask)
        .map(|digit| digit.to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// Naked subsets: k cells of a unit whose candidates together are k digits;
/// the rest of the unit loses those digits. `locked` keeps only the subsets
/// of two or three cells that lie in one box and one line (locked pairs and
/// triples), which clear both units; otherwise every naked subset counts,
/// clearing the unit it was found in.
fn naked_subsets(grid: &Grid, k: usize, locked: bool) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut seen = BTreeSet::new();
    let technique = match (k, locked) {
        (2, true) => Technique::LockedPair,
        (3, true) => Technique::LockedTriple,
        (2, false) => Technique::NakedPair,
        (3, false) => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for unit in NAMING_ORDER {
        let empty: Vec<usize> = empties(grid, unit)
            .into_iter()
            .filter(|&cell| grid.candidates(cell).count_ones() as usize <= k)
            .collect();
        for cells in subsets(&empty, k) {
            let mask = cells
                .iter()
                .fold(0u16, |mask, &cell| mask | grid.candidates(cell));
            if mask.count_ones() as usize != k {
                continue;
            }
            let in_box_and_line = cells.iter().all(|&cell| BOX[cell] == BOX[cells[0]])
                && !lines_through(&cells).is_empty();
            let clears: Vec<usize> = if locked {
                if !in_box_and_line {
                    continue;
                }
                let mut units = lines_through(&cells);
                units.push(18 + BOX[cells[0]]);
                units
            } else {
                vec![unit]
            };
            if !seen.insert((cells.clone(), clears.clone())) {
                continue;
            }
            let mut removed = Vec::new();
            for &clear in &clears {
                for &cell in &UNITS[clear] {
                    if cells.contains(&cell) {
                        continue;
                    }
                    for digit in digits(grid.candidates(cell) & mask) {
                        if !removed.contains(&(cell, digit)) {
                            removed.push((cell, digit));
                        }
                    }
                }
            }
            if !removed.is_empty() {
                let why = format!(
                    "{}: {} in {} ({}),",
                    technique.title(),
                    digit_list(mask),
                    cell_list(cells.iter().copied()),
                    clears
                        .iter()
                        .map(|&unit| unit_name(unit))
                        .collect::<Vec<_>>()
                        .join(" and ")
                );
                steps.push(
                    Step::removing(technique, removed, why)
                        .with_pattern(candidates_in(grid, &cells, mask))
                        .in_houses(clears),
                );
            }
        }
    }
    steps
}

/// Hidden subsets: k digits that, within a unit, fit only in the same k
/// cells; those cells lose every other candidate.
fn hidden_subsets(grid: &Grid, k: usize) -> Vec<Step> {
    let technique = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let mut steps = Vec::new();
    let mut seen = BTreeSet::new();
    for unit in NAMING_ORDER {
        let open: Vec<usize> = (1..=9usize)
            .filter(|&digit| {
                let count = grid.places(unit, digit as u8).count_ones() as usize;
                (1..=k).contains(&count)
            })
            .collect();
        for chosen in subsets(&open, k) {
            let places = chosen
                .iter()
                .fold(0u16, |mask, &digit| mask | grid.places(unit, digit as u8));
            if places.count_ones() as usize != k {
                continue;
            }
            let mask = chosen
                .iter()
                .fold(0u16, |mask, &digit| mask | bit(digit as u8));
            let cells: Vec<usize> = (0..9)
                .filter(|&k| places & (1 << k) != 0)
                .map(|k| UNITS[unit][k])
                .collect();
            if !seen.insert(cells.clone()) {
                continue;
            }
            let removed: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&cell| digits(grid.candidates(cell) & !mask).map(move |d| (cell, d)))
                .collect();
            if !removed.is_empty() {
                let why = format!(
                    "{}: {} in {} only in {},",
                    technique.title(),
                    digit_list(mask),
                    unit_name(unit),
                    cell_list(cells.iter().copied())
                );
                steps.push(
                    Step::removing(technique, removed, why)
                        .with_pattern(candidates_in(grid, &cells, mask))
                        .in_houses([unit]),
                );
            }
        }
    }
    steps
}

/// Basic fish of size k: a digit whose candidates in k rows lie in only k
/// columns (or the other way round); those columns lose it elsewhere.
fn fish(grid: &Grid, k: usize) -> Vec<Step> {
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut steps = Vec::new();
    for digit in 1..=9u8 {
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let lines: Vec<usize> = (0..9)
                .filter(|&line| {
                    let count = grid.places(base + line, digit).count_ones() as usize;
                    (2..=k).contains(&count)
                })
                .collect();
            for chosen in subsets(&lines, k) {
                let covers = chosen
                    .iter()
                    .fold(0u16, |mask, &line| mask | grid.places(base + line, digit));
                if covers.count_ones() as usize != k {
                    continue;
                }
                let mut removed = Vec::new();
                for other in (0..9).filter(|other| covers & (1 << other) != 0) {
                    for (k, &cell) in UNITS[cover + other].iter().enumerate() {
                        if !chosen.contains(&k) && grid.has(cell, digit) {
                            removed.push((cell, digit));
                        }
                    }
                }
                if removed.is_empty() {
                    continue;
                }
                let (base_word, cover_word) = if base == 0 {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                let why = format!(
                    "{}: {digit} in {base_word} {}, {cover_word} {}",
                    technique.title(),
                    numbers(chosen.iter().copied()),
                    numbers((0..9).filter(|other| covers & (1 << other) != 0))
                );
                let houses: Vec<usize> = chosen.iter().map(|&line| base + line).collect();
                let cells: Vec<usize> = houses
                    .iter()
                    .flat_map(|&unit| UNITS[unit])
                    .filter(|&cell| grid.has(cell, digit))
                    .collect();
                steps.push(
                    Step::removing(technique, removed, why)
                        .with_pattern(with_digit(&cells, digit))
                        .in_houses(houses),
                );
            }
        }
    }
    steps
}

/// `2, 7` from 0-based indices.
fn numbers(indices: impl Iterator<Item = usize>) -> String {
    indices
        .map(|index| (index + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Conjugate pairs of a digit: units where it has exactly two places, as
/// (unit, first cell, second cell).
fn conjugate_pairs(
    grid: &Grid,
    digit: u8,
    units: std::ops::Range<usize>,
) -> Vec<(usize, usize, usize)> {
    units
        .filter_map(|unit| {
            let places = grid.places(unit, digit);
            if places.count_ones() != 2 {
                return None;
            }
            let first = places.trailing_zeros() as usize;
            let second = 15 - places.leading_zeros() as usize;
            Some((unit, UNITS[unit][first], UNITS[unit][second]))
        })
        .collect()
}

/// Cells other than `excluded` that see both `a` and `b` and hold `digit`.
fn seeing_both(grid: &Grid, a: usize, b: usize, digit: u8, excluded: &[usize]) -> Vec<(usize, u8)> {
    (0..81)
        .filter(|&cell| {
            !excluded.contains(&cell) && grid.has(cell, digit) && sees(cell, a) && sees(cell, b)
        })
        .map(|cell| (cell, digit))
        .collect()
}

/// Skyscraper: two rows (or columns) where a digit has two places each, one
/// end of each in the same column (row); the other two ends cannot both be
/// false, so cells seeing both lose the digit.
fn skyscrapers(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for digit in 1..=9u8 {
        for (lines, across) in [(0..9, &COL), (9..18, &ROW)] {
            let pairs = conjugate_pairs(grid, digit, lines);
            for (i, &(unit_a, a1, a2)) in pairs.iter().enumerate() {
                for &(unit_b, b1, b2) in &pairs[i + 1..] {
                    for (base_a, top_a) in [(a1, a2), (a2, a1)] {
                        for (base_b, top_b) in [(b1, b2), (b2, b1)] {
                            if across[base_a] != across[base_b] || across[top_a] == across[top_b] {
                                continue;
                            }
                            let removed = seeing_both(grid, top_a, top_b, digit, &[a1, a2, b1, b2]);
                            if !removed.is_empty() {
                                let why = format!(
                                    "Skyscraper: {digit} in {} and {}, joined at {} and {},",
                                    unit_name(unit_a),
                                    unit_name(unit_b),
                                    cell_name(base_a),
                                    cell_name(base_b)
                                );
                                steps.push(
                                    Step::removing(Technique::Skyscraper, removed, why)
                                        .with_pattern(with_digit(&[a1, a2, b1, b2], digit))
                                        .in_houses([unit_a, unit_b]),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    steps
}

/// 2-String Kite: a row pair and a column pair of a digit with one end of
/// each in the same box; the far ends cannot both be false.
fn kites(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for digit in 1..=9u8 {
        let rows = conjugate_pairs(grid, digit, 0..9);
        let columns = conjugate_pairs(grid, digit, 9..18);
        for &(row, r1, r2) in &rows {
            for &(column, c1, c2) in &columns {
                for (near_r, far_r) in [(r1, r2), (r2, r1)] {
                    for (near_c, far_c) in [(c1, c2), (c2, c1)] {
                        let cells = [near_r, far_r, near_c, far_c];
                        let distinct = (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]));
                        if !distinct || BOX[near_r] != BOX[near_c] || BOX[far_r] == BOX[far_c] {
                            continue;
                        }
                        let removed = seeing_both(grid, far_r, far_c, digit, &cells);
                        if !removed.is_empty() {
                            let why = format!(
                                "2-String Kite: {digit} in {} and {}, joined in box {},",
                                unit_name(row),
                                unit_name(column),
                                BOX[near_r] + 1
                            );
                            steps.push(
                                Step::removing(Technique::TwoStringKite, removed, why)
                                    .with_pattern(with_digit(&cells, digit))
                                    .in_houses([row, column]),
                            );
                        }
                    }
                }
            }
        }
    }
    steps
}

fn bivalue_cells(grid: &Grid) -> Vec<usize> {
    (0..81)
        .filter(|&cell| grid.candidates(cell).count_ones() == 2)
        .collect()
}

/// W-Wing: two cells with the same two candidates x, y, and a strong link on
/// x whose ends see one cell each: one of the two cells is y.
fn w_wings(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let cells = bivalue_cells(grid);
    let mut pairs = Vec::new();
    for digit in 1..=9u8 {
        pairs.extend(
            conjugate_pairs(grid, digit, 0..27)
                .into_iter()
                .map(|(unit, a, b)| (digit, unit, a, b)),
        );
    }
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let mask = grid.candidates(a);
            if grid.candidates(b) != mask || sees(a, b) {
                continue;
            }
            for &(x, unit, end1, end2) in &pairs {
                if mask & bit(x) == 0 {
                    continue;
                }
                let y = digits(mask & !bit(x)).next().unwrap_or(x);
                for (near_a, near_b) in [(end1, end2), (end2, end1)] {
                    if [a, b].contains(&near_a) || [a, b].contains(&near_b) {
                        continue;
                    }
                    if !sees(near_a, a) || !sees(near_b, b) {
                        continue;
                    }
                    let removed = seeing_both(grid, a, b, y, &[a, b]);
                    if !removed.is_empty() {
                        let why = format!(
                            "W-Wing: {} and {} hold {x}{y}, joined by {x} in {} ({} = {}),",
                            cell_name(a),
                            cell_name(b),
                            unit_name(unit),
                            cell_name(near_a),
                            cell_name(near_b)
                        );
                        let mut pattern = candidates_in(grid, &[a, b], mask);
                        pattern.extend(with_digit(&[near_a, near_b], x));
                        steps.push(
                            Step::removing(Technique::WWing, removed, why)
                                .with_pattern(pattern)
                                .in_houses([unit]),
                        );
                    }
                }
            }
        }
    }
    steps
}

/// XY-Wing: a pivot xy sees pincers xz and yz; whichever the pivot is, one
/// pincer is z, so cells seeing both pincers lose z.
fn xy_wings(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let cells = bivalue_cells(grid);
    for &pivot in &cells {
        let pm = grid.candidates(pivot);
        let wings: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&cell| sees(cell, pivot) && (grid.candidates(cell) & pm).count_ones() == 1)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (am, bm) = (grid.candidates(a), grid.candidates(b));
                let z = am & !pm;
                if am & pm == bm & pm || bm & !pm != z {
                    continue;
                }
                let Some(z) = only_digit(z) else { continue };
                let removed = seeing_both(grid, a, b, z, &[a, b, pivot]);
                if !removed.is_empty() {
                    let why = format!(
                        "XY-Wing: pivot {} ({}) with {} ({}) and {} ({}),",
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm)
                    );
                    steps.push(
                        Step::removing(Technique::XyWing, removed, why)
                            .with_pattern(candidates_in(grid, &[pivot, a, b], 0x1ff)),
                    );
                }
            }
        }
    }
    steps
}

/// XYZ-Wing: a pivot xyz sees pincers xz and yz; cells seeing all three lose
/// z.
fn xyz_wings(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let cells = bivalue_cells(grid);
    for pivot in (0..81).filter(|&cell| grid.candidates(cell).count_ones() == 3) {
        let pm = grid.candidates(pivot);
        let wings: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&cell| sees(cell, pivot) && grid.candidates(cell) & !pm == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (am, bm) = (grid.candidates(a), grid.candidates(b));
                if am == bm {
                    continue;
                }
                let Some(z) = only_digit(am & bm) else {
                    continue;
                };
                let removed: Vec<(usize, u8)> = seeing_both(grid, a, b, z, &[a, b, pivot])
                    .into_iter()
                    .filter(|&(cell, _)| sees(cell, pivot))
                    .collect();
                if !removed.is_empty() {
                    let why = format!(
                        "XYZ-Wing: pivot {} ({}) with {} ({}) and {} ({}),",
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm)
                    );
                    steps.push(
                        Step::removing(Technique::XyzWing, removed, why)
                            .with_pattern(candidates_in(grid, &[pivot, a, b], 0x1ff)),
                    );
                }
            }
        }
    }
    steps
}

/// BUG+1: every empty cell but one has two candidates, and that one has
/// three. Were it either of the two digits that appear twice in its row, the
/// grid would be a "bivalue universal grave", which has two solutions; so it
/// is the digit that appears three times (relies on a unique solution).
fn bug_plus_one(grid: &Grid) -> Vec<Step> {
    let empty: Vec<usize> = (0..81).filter(|&cell| grid.value(cell) == 0).collect();
    let odd: Vec<usize> = empty
        .iter()
        .copied()
        .filter(|&cell| grid.candidates(cell).count_ones() != 2)
        .collect();
    let [cell] = odd[..] else { return Vec::new() };
    if grid.candidates(cell).count_ones() != 3 {
        return Vec::new();
    }
    for digit in digits(grid.candidates(cell)) {
        if grid.places(ROW[cell], digit).count_ones() == 3 {
            let text = format!(
                "BUG+1: every other empty cell has two candidates; {digit} -> {} (it appears three times in row {})",
                cell_name(cell),
                ROW[cell] + 1
            );
            return vec![Step::placing(Technique::BugPlusOne, cell, digit, text)
                .with_pattern(candidates_in(grid, &[cell], 0x1ff))
                .in_houses([ROW[cell]])];
        }
    }
    Vec::new()
}

/// Turbot Fish: two strong links on a digit, in any units, with an end of
/// one seeing an end of the other; the far ends cannot both be false.
fn turbot_fish(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut seen = BTreeSet::new();
    for digit in 1..=9u8 {
        let pairs = conjugate_pairs(grid, digit, 0..27);
        for (i, &(unit_a, a1, a2)) in pairs.iter().enumerate() {
            for &(unit_b, b1, b2) in &pairs[i + 1..] {
                for (near_a, far_a) in [(a1, a2), (a2, a1)] {
                    for (near_b, far_b) in [(b1, b2), (b2, b1)] {
                        let cells = [near_a, far_a, near_b, far_b];
                        let distinct = (0..4).all(|i| (i + 1..4).all(|j| cells[i] != cells[j]));
                        if !distinct || !sees(near_a, near_b) {
                            continue;
                        }
                        let ends = (digit, far_a.min(far_b), far_a.max(far_b));
                        let removed = seeing_both(grid, far_a, far_b, digit, &cells);
                        if removed.is_empty() || !seen.insert(ends) {
                            continue;
                        }
                        let why = format!(
                            "Turbot Fish: {digit} in {} and {}: (){} = {} - {} = {},",
                            unit_name(unit_a),
                            unit_name(unit_b),
                            cell_name(far_a),
                            cell_name(near_a),
                            cell_name(near_b),
                            cell_name(far_b)
                        )
                        .replace("()", "");
                        steps.push(
                            Step::removing(Technique::TurbotFish, removed, why)
                                .with_pattern(with_digit(&cells, digit))
                                .in_houses([unit_a, unit_b]),
                        );
                    }
                }
            }
        }
    }
    steps
}

/// Empty Rectangle: a digit's candidates in a box lie in one row and one
/// column of it (a cross), and a strong link in a line outside the box has
/// one end on the cross's row (or column); the cell where the other end's
/// line meets the cross's column (row) loses the digit.
fn empty_rectangles(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for block in 0..9 {
        let (band, stack) = (block / 3, block % 3);
        for digit in 1..=9u8 {
            let cells: Vec<usize> = UNITS[18 + block]
                .iter()
                .copied()
                .filter(|&cell| grid.has(cell, digit))
                .collect();
            if cells.len() < 2 || !lines_through(&cells).is_empty() {
                continue;
            }
            for row in band * 3..band * 3 + 3 {
                for column in stack * 3..stack * 3 + 3 {
                    if !cells
                        .iter()
                        .all(|&cell| ROW[cell] == row || COL[cell] == column)
                    {
                        continue;
                    }
                    // A strong link in a column outside the stack, one end on the row.
                    for (unit, p, q) in conjugate_pairs(grid, digit, 9..18) {
                        for (on, off) in [(p, q), (q, p)] {
                            if COL[on] / 3 == stack || ROW[on] != row || ROW[off] / 3 == band {
                                continue;
                            }
                            let target = ROW[off] * 9 + column;
                            if grid.has(target, digit) {
                                let why = format!(
                                    "Empty Rectangle: {digit} in box {} (row {}, column {}) with {} ({} = {}),",
                                    block + 1, row + 1, column + 1,
                                    unit_name(unit), cell_name(on), cell_name(off)
                                );
                                let mut pattern = with_digit(&cells, digit);
                                pattern.extend(with_digit(&[on, off], digit));
                                steps.push(
                                    Step::removing(
                                        Technique::EmptyRectangle,
                                        vec![(target, digit)],
                                        why,
                                    )
                                    .with_pattern(pattern)
                                    .in_houses([18 + block, unit]),
                                );
                            }
                        }
                    }
                    // A strong link in a row outside the band, one end on the column.
                    for (unit, p, q) in conjugate_pairs(grid, digit, 0..9) {
                        for (on, off) in [(p, q), (q, p)] {
                            if ROW[on] / 3 == band || COL[on] != column || COL[off] / 3 == stack {
                                continue;
                            }
                            let target = row * 9 + COL[off];
                            if grid.has(target, digit) {
                                let why = format!(
                                    "Empty Rectangle: {digit} in box {} (row {}, column {}) with {} ({} = {}),",
                                    block + 1, row + 1, column + 1,
                                    unit_name(unit), cell_name(on), cell_name(off)
                                );
                                let mut pattern = with_digit(&cells, digit);
                                pattern.extend(with_digit(&[on, off], digit));
                                steps.push(
                                    Step::removing(
                                        Technique::EmptyRectangle,
                                        vec![(target, digit)],
                                        why,
                                    )
                                    .with_pattern(pattern)
                                    .in_houses([18 + block, unit]),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    steps
}

/// Unique Rectangle, type 1: four cells at the corners of a rectangle over
/// two boxes, three of them holding only a and b; were the fourth a or b
/// too, a and b could be swapped and the puzzle would have two solutions, so
/// it loses both (relies on a unique solution).
fn unique_rectangles(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue; // not exactly two boxes
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    if corners.iter().any(|&cell| grid.value(cell) != 0) {
                        continue;
                    }
                    for &odd in &corners {
                        let others: Vec<usize> = corners
                            .iter()
                            .copied()
                            .filter(|&cell| cell != odd)
                            .collect();
                        let pair = grid.candidates(others[0]);
                        if pair.count_ones() != 2
                            || others.iter().any(|&cell| grid.candidates(cell) != pair)
                            || grid.candidates(odd) & pair != pair
                            || grid.candidates(odd) == pair
                        {
                            continue;
                        }
                        let removed: Vec<(usize, u8)> = digits(pair).map(|d| (odd, d)).collect();
                        let why = format!(
                            "Unique Rectangle (type 1): {} hold only {}, so {}",
                            cell_list(others.iter().copied()),
                            digit_list(pair),
                            cell_name(odd)
                        );
                        steps.push(
                            Step::removing(Technique::UniqueRectangle, removed, why)
                                .with_pattern(candidates_in(grid, &others, pair)),
                        );
                    }
                }
            }
        }
    }
    steps
}

/// Finned fish of size k: a digit's candidates in k base lines lie in k
/// cover lines except for some "fins", all in one box. Either the fish
/// holds, or a fin is true; cells of the cover lines outside the base lines
/// that share the fins' box lose the digit either way.
fn finned_fish(grid: &Grid, k: usize) -> Vec<Step> {
    let technique = match k {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    let mut steps = Vec::new();
    for digit in 1..=9u8 {
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let places: [u16; 9] = std::array::from_fn(|line| grid.places(base + line, digit));
            let lines: Vec<usize> = (0..9).filter(|&line| places[line] != 0).collect();
            for chosen in subsets(&lines, k) {
                let union = chosen.iter().fold(0u16, |mask, &line| mask | places[line]);
                if union.count_ones() as usize <= k {
                    continue;
                }
                let columns: Vec<usize> = (0..9).filter(|c| union & (1 << c) != 0).collect();
                for covers in subsets(&columns, k) {
                    let cover_mask = covers.iter().fold(0u16, |mask, &c| mask | 1 << c);
                    // The fins: all in one band of base lines and one stack
                    // of cover positions, that is, in one box.
                    let outside = union & !cover_mask;
                    let stack = outside.trailing_zeros() as usize / 3;
                    if outside & !(0b111 << (stack * 3)) != 0 {
                        continue;
                    }
                    let fin_lines: Vec<usize> = chosen
                        .iter()
                        .copied()
                        .filter(|&line| places[line] & outside != 0)
                        .collect();
                    if fin_lines.iter().any(|&line| line / 3 != fin_lines[0] / 3) {
                        continue;
                    }
                    let fins: Vec<usize> = fin_lines
                        .iter()
                        .flat_map(|&line| {
                            (0..9)
                                .filter(move |k| places[line] & outside & (1 << k) != 0)
                                .map(move |k| UNITS[base + line][k])
                        })
                        .collect();
                    let fin_box = BOX[fins[0]];
                    let mut removed = Vec::new();
                    for &c in &covers {
                        for (k, &cell) in UNITS[cover + c].iter().enumerate() {
                            if !chosen.contains(&k) && BOX[cell] == fin_box && grid.has(cell, digit)
                            {
                                removed.push((cell, digit));
                            }
                        }
                    }
                    if removed.is_empty() {
                        continue;
                    }
                    let (base_word, cover_word) = if base == 0 {
                        ("rows", "columns")
                    } else {
                        ("columns", "rows")
                    };
                    let why = format!(
                        "{}: {digit} in {base_word} {}, {cover_word} {}, fins {}",
                        technique.title(),
                        numbers(chosen.iter().copied()),
                        numbers(covers.iter().copied()),
                        cell_list(fins.iter().copied())
                    );
                    let houses: Vec<usize> = chosen.iter().map(|&line| base + line).collect();
                    let cells: Vec<usize> = houses
                        .iter()
                        .flat_map(|&unit| UNITS[unit])
                        .filter(|&cell| grid.has(cell, digit))
                        .collect();
                    steps.push(
                        Step::removing(technique, removed, why)
                            .with_pattern(with_digit(&cells, digit))
                            .in_houses(houses),
                    );
                }
            }
        }
    }
    steps
}

/// Simple Colors: the strong links of one digit joined into chains, each
/// cell coloured so that linked cells differ. One colour is all true. A
/// cell seeing both colours loses the digit (trap); a colour with two cells
/// in one unit is false everywhere (wrap).
fn simple_colors(grid: &Grid) -> Vec<Step> {
    let mut steps = Vec::new();
    for digit in 1..=9u8 {
        let pairs = conjugate_pairs(grid, digit, 0..27);
        let mut color = [u8::MAX; 81];
        let mut component_of = [usize::MAX; 81];
        let mut components: Vec<Vec<usize>> = Vec::new();
        for &(_, start, _) in &pairs {
            if color[start] != u8::MAX {
                continue;
            }
            let index = components.len();
            let mut members = vec![start];
            color[start] = 0;
            component_of[start] = index;
            let mut next = 0;
            while next < members.len() {
                let here = members[next];
                next += 1;
                for &(_, a, b) in &pairs {
                    let other = if a == here {
                        b
                    } else if b == here {
                        a
                    } else {
                        continue;
                    };
                    if color[other] == u8::MAX {
                        color[other] = 1 - color[here];
                        component_of[other] = index;
                        members.push(other);
                    }
                }
            }
            components.push(members);
        }
        for (index, members) in components.iter().enumerate() {
            if members.len() < 3 {
                continue;
            }
            let mut removed = Vec::new();
            let mut kind = "trap";
            for wrong in 0..2u8 {
                let same: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&cell| color[cell] == wrong)
                    .collect();
                if same.iter().any(|&a| same.iter().any(|&b| sees(a, b))) {
                    kind = "wrap";
                    removed = same.iter().map(|&cell| (cell, digit)).collect();
                    break;
                }
            }
            if removed.is_empty() {
                for cell in
                    (0..81).filter(|&cell| grid.has(cell, digit) && component_of[cell] != index)
                {
                    let sees_color = |c: u8| {
                        members
                            .iter()
                            .any(|&member| color[member] == c && sees(cell, member))
                    };
                    if sees_color(0) && sees_color(1) {
                        removed.push((cell, digit));
                    }
                }
            }
            if !removed.is_empty() {
                let mut sorted = members.clone();
                sorted.sort_unstable();
                let why = format!(
                    "Simple Colors ({kind}): {digit} coloured in {},",
                    cell_list(sorted.iter().copied())
                );
                steps.push(
                    Step::removing(Technique::SimpleColors, removed, why)
                        .with_pattern(with_digit(&sorted, digit)),
                );
            }
        }
    }
    steps
}

/// When nothing else applies: the solution's digit in every empty cell with
/// the fewest candidates (all of them, so that no cell is preferred for its
/// position), as one guess.
pub(crate) fn guess(grid: &Grid, solution: &Cells) -> Vec<Step> {
    let empty: Vec<usize> = (0..81).filter(|&cell| grid.value(cell) == 0).collect();
    let Some(fewest) = empty
        .iter()
        .map(|&cell| grid.candidates(cell).count_ones())
        .min()
    else {
        return Vec::new();
    };
    let placed: Vec<(usize, u8)> = empty
        .into_iter()
        .filter(|&cell| grid.candidates(cell).count_ones() == fewest)
        .map(|cell| (cell, solution[cell]))
        .collect();
    let text = format!(
        "guess (logic ran out; digits taken from the solution): {}",
        placed
            .iter()
            .map(|&(cell, digit)| format!("{}={digit}", cell_name(cell)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    vec![Step {
        technique: Technique::Guess,
        placed,
        removed: Vec::new(),
        pattern: Vec::new(),
        houses: Vec::new(),
        text,
    }]
}
