// The one drawer of a logic position: an SVG grid with every empty cell's
// candidates, and, for a deduction, its pattern, units, eliminations and
// placements marked. The `explain --html` page, `explain --svg` and the
// technique note's figures all draw through it, so they cannot disagree.

use std::fmt::Write;

use super::geometry::{bit, digits, COL, ROW, UNITS};
use super::{Candidates, Deduction};
use sudoku37::puzzle::Cells;

/// The side of one cell, in SVG units.
const CELL: f64 = 52.0;
/// Room left of and above the grid for the row and column numbers.
const MARGIN: f64 = 22.0;
/// The whole picture: the margin, nine cells and room for the outer line.
const SIZE: f64 = MARGIN + 9.0 * CELL + 3.0;

/// Cell fills, from the least to the most telling: a cell takes the last
/// that applies to it.
const HOUSE_FILL: &str = "#e6eefa";
const LOSES_FILL: &str = "#fbe0e0";
const PATTERN_FILL: &str = "#fff0a0";
const PLACED_FILL: &str = "#c9ecc9";

/// Ink of the digits and of the marks on candidates.
const GIVEN_INK: &str = "#000";
const SOLVED_INK: &str = "#1a5fb4";
const CANDIDATE_INK: &str = "#666";
const PATTERN_MARK: &str = "#f0b400";
const PLACED_MARK: &str = "#26a269";
const REMOVED_INK: &str = "#c01c28";

/// What a picture marks on its position; all empty for a bare position.
#[derive(Default)]
struct Marks {
    units: Vec<usize>,
    pattern: Vec<(usize, u8)>,
    removed: Vec<(usize, u8)>,
    placed: Vec<(usize, u8)>,
    title: String,
}

/// The position before `deduction`, drawn with the deduction marked: its units
/// shaded, its pattern's cells filled yellow and their pattern candidates
/// ringed, the cells losing candidates filled pink with those candidates
/// struck out in red, and the placed digits ringed green in green cells.
/// Givens (the digits of `givens`) are black, digits solved since blue.
pub fn deduction_svg(givens: &Cells, before: &Candidates, deduction: &Deduction) -> String {
    draw(
        givens,
        before,
        &Marks {
            units: deduction.units.clone(),
            pattern: deduction.pattern.clone(),
            removed: deduction.removed.clone(),
            placed: deduction.placed.clone(),
            title: deduction.text.clone(),
        },
    )
}

/// A position with nothing marked, such as where a solve ended.
pub fn position_svg(givens: &Cells, candidates: &Candidates, title: &str) -> String {
    draw(
        givens,
        candidates,
        &Marks {
            title: title.to_string(),
            ..Marks::default()
        },
    )
}

/// The top-left corner of a cell.
fn corner(cell: usize) -> (f64, f64) {
    (
        MARGIN + COL[cell] as f64 * CELL,
        MARGIN + ROW[cell] as f64 * CELL,
    )
}

/// The centre of a candidate's place in its cell: digits 1-9 on a 3 by 3
/// keypad, 1 top left.
fn candidate_centre(cell: usize, digit: u8) -> (f64, f64) {
    let (x, y) = corner(cell);
    let index = f64::from(digit - 1);
    let third = CELL / 3.0;
    (
        x + (index % 3.0 + 0.5) * third,
        y + ((index / 3.0).floor() + 0.5) * third,
    )
}

fn draw(givens: &Cells, candidates: &Candidates, marks: &Marks) -> String {
    let mut fill: [Option<&str>; 81] = [None; 81];
    for &unit in &marks.units {
        for &cell in &UNITS[unit] {
            fill[cell] = Some(HOUSE_FILL);
        }
    }
    for &(cell, _) in &marks.removed {
        fill[cell] = Some(LOSES_FILL);
    }
    for &(cell, _) in &marks.pattern {
        fill[cell] = Some(PATTERN_FILL);
    }
    for &(cell, _) in &marks.placed {
        fill[cell] = Some(PLACED_FILL);
    }
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" font-family="sans-serif"><title>{}</title><rect width="{SIZE}" height="{SIZE}" fill="#fff"/>"##,
        escape(&marks.title)
    );
    for (cell, colour) in fill.iter().enumerate() {
        if let Some(colour) = colour {
            let (x, y) = corner(cell);
            let _ = write!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}"/>"#
            );
        }
    }
    draw_lines(&mut svg);
    draw_numbers(&mut svg);
    draw_digits(&mut svg, givens, candidates);
    draw_candidates(&mut svg, candidates, marks);
    svg.push_str("</svg>\n");
    svg
}

/// Thin lines between cells, thick ones between boxes.
fn draw_lines(svg: &mut String) {
    let end = MARGIN + 9.0 * CELL;
    for thick in [false, true] {
        let (colour, width) = if thick { ("#222", 2.5) } else { ("#aaa", 1.0) };
        let _ = write!(
            svg,
            r#"<g stroke="{colour}" stroke-width="{width}" stroke-linecap="square">"#
        );
        for line in 0..=9 {
            if (line % 3 == 0) != thick {
                continue;
            }
            let at = MARGIN + line as f64 * CELL;
            let _ = write!(
                svg,
                r#"<line x1="{at}" y1="{MARGIN}" x2="{at}" y2="{end}"/><line x1="{MARGIN}" y1="{at}" x2="{end}" y2="{at}"/>"#
            );
        }
        svg.push_str("</g>");
    }
}

/// Column numbers above the grid and row numbers left of it, so that `r4c6`
/// can be found at a glance.
fn draw_numbers(svg: &mut String) {
    svg.push_str(
        r##"<g font-size="12" fill="#888" text-anchor="middle" dominant-baseline="central">"##,
    );
    for index in 0..9 {
        let middle = MARGIN + (index as f64 + 0.5) * CELL;
        let half = MARGIN / 2.0;
        let _ = write!(
            svg,
            r#"<text x="{middle}" y="{half}">c{number}</text><text x="{half}" y="{middle}">r{number}</text>"#,
            number = index + 1
        );
    }
    svg.push_str("</g>");
}

/// The digits placed: givens black and bold, the others blue.
fn draw_digits(svg: &mut String, givens: &Cells, candidates: &Candidates) {
    svg.push_str(r#"<g font-size="30" text-anchor="middle" dominant-baseline="central">"#);
    for cell in 0..81 {
        let digit = candidates.value(cell);
        if digit == 0 {
            continue;
        }
        let (x, y) = corner(cell);
        let (ink, weight) = if givens[cell] == digit {
            (GIVEN_INK, "bold")
        } else {
            (SOLVED_INK, "normal")
        };
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" fill="{ink}" font-weight="{weight}">{digit}</text>"#,
            x + CELL / 2.0,
            y + CELL / 2.0
        );
    }
    svg.push_str("</g>");
}

/// Every candidate of the empty cells, small, each marked as the deduction uses
/// it: ringed yellow in the pattern, ringed green where placed, red and
/// struck out where removed.
fn draw_candidates(svg: &mut String, candidates: &Candidates, marks: &Marks) {
    let radius = CELL / 6.0 - 0.8;
    for (marked, colour) in [(&marks.pattern, PATTERN_MARK), (&marks.placed, PLACED_MARK)] {
        for &(cell, digit) in marked.iter() {
            let (x, y) = candidate_centre(cell, digit);
            let _ = write!(
                svg,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{colour}"/>"#
            );
        }
    }
    svg.push_str(r#"<g font-size="13" text-anchor="middle" dominant-baseline="central">"#);
    for cell in (0..81).filter(|&cell| candidates.value(cell) == 0) {
        // A candidate of the deduction is drawn even if the position no longer
        // holds it (an earlier deduction of the same round, found on the same
        // position, took it), so that a picture never hides what its deduction
        // does.
        let mut shown = candidates.mask(cell);
        for &(marked, digit) in marks
            .removed
            .iter()
            .chain(&marks.placed)
            .chain(&marks.pattern)
        {
            if marked == cell {
                shown |= bit(digit);
            }
        }
        for digit in digits(shown) {
            let (x, y) = candidate_centre(cell, digit);
            let removed = marks.removed.contains(&(cell, digit));
            let ink = if removed {
                REMOVED_INK
            } else if marks.placed.contains(&(cell, digit)) {
                "#fff"
            } else if marks.pattern.contains(&(cell, digit)) {
                GIVEN_INK
            } else {
                CANDIDATE_INK
            };
            let weight = if ink == CANDIDATE_INK {
                ""
            } else {
                r#" font-weight="bold""#
            };
            let _ = write!(
                svg,
                r#"<text x="{x:.1}" y="{y:.1}" fill="{ink}"{weight}>{digit}</text>"#
            );
            if removed {
                let half = CELL / 8.0;
                let _ = write!(
                    svg,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{REMOVED_INK}" stroke-width="1.8"/>"#,
                    x - half,
                    y + half,
                    x + half,
                    y - half
                );
            }
        }
    }
    svg.push_str("</g>");
}

/// Text made safe inside XML and HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{walk_through, WhenStuck};
    use sudoku37::sets::leetcode_example;

    #[test]
    fn a_deduction_picture_rings_its_pattern_and_strikes_what_it_removes() {
        let example = leetcode_example();
        let puzzle = example.puzzle().unwrap();
        let walkthrough = walk_through(&puzzle, WhenStuck::Guess);
        let positions = walkthrough.positions(&puzzle);
        let deduction = &walkthrough.deductions[0];
        let svg = deduction_svg(puzzle.cells(), &positions[0], deduction);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(
            svg.matches(PLACED_MARK).count(),
            deduction.placed.len(),
            "one green ring per placed digit"
        );
        assert_eq!(
            svg.matches(&format!("stroke=\"{REMOVED_INK}\"")).count(),
            deduction.removed.len()
        );
        assert!(svg.contains(&escape(&deduction.text)));
    }

    #[test]
    fn a_bare_position_marks_nothing() {
        let example = leetcode_example();
        let puzzle = example.puzzle().unwrap();
        let svg = position_svg(puzzle.cells(), &Candidates::new(&puzzle), "the puzzle");
        for mark in [
            PATTERN_FILL,
            PLACED_FILL,
            LOSES_FILL,
            HOUSE_FILL,
            PATTERN_MARK,
        ] {
            assert!(!svg.contains(mark), "{mark}");
        }
        // One big digit per given.
        let givens = puzzle.cells().iter().filter(|&&digit| digit != 0).count();
        assert_eq!(svg.matches("font-weight=\"bold\">").count(), givens);
    }
}
