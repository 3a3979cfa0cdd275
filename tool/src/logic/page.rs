// The page of `sudoku37 explain --html`: a logic solve played deduction by deduction
// in a browser, each deduction drawn by `picture::deduction_svg` beside its sentence.

use std::fmt::Write;

use super::picture::{self, escape};
use super::Walkthrough;
use sudoku37::puzzle::Puzzle;

/// A self-contained HTML page (no network, no other files) that plays the
/// walkthrough of `puzzle`: one `<section data-step="N">` per deduction, in the
/// order `explain` prints them, holding the picture of the position before
/// the deduction and the deduction's sentence; then a last section, without
/// `data-step`, with the position where the solve ended and `explain`'s end
/// line. Arrow keys, Home and End move between them.
///
/// Query parameter for automation: `?press=End,ArrowLeft` presses those keys
/// once the page has loaded.
pub fn render_page(puzzle: &Puzzle, walkthrough: &Walkthrough) -> String {
    let positions = walkthrough.positions(puzzle);
    let count = walkthrough.deductions.len();
    let mut sections = String::new();
    for (index, (deduction, before)) in walkthrough.deductions.iter().zip(&positions).enumerate() {
        let number = index + 1;
        let _ = write!(
            sections,
            "<section class=\"step\" data-step=\"{number}\" data-technique=\"{}\">\n\
             <div class=\"picture\">{}</div>\n\
             <div class=\"words\"><p class=\"where\">step {number} of {count}: {}</p>\n\
             <p class=\"sentence\">{}</p></div>\n</section>\n",
            deduction.technique.id(),
            picture::deduction_svg(puzzle.cells(), before, deduction),
            escape(deduction.technique.title()),
            escape(&deduction.text)
        );
    }
    let end = walkthrough.end_line();
    let _ = write!(
        sections,
        "<section class=\"end\">\n<div class=\"picture\">{}</div>\n\
         <div class=\"words\"><p class=\"where\">the end</p>\n\
         <p class=\"sentence\">{}</p></div>\n</section>\n",
        picture::position_svg(puzzle.cells(), &walkthrough.candidates, &end),
        escape(&end)
    );
    PAGE_TEMPLATE
        .replace("__PUZZLE__", &puzzle.to_line())
        .replace(
            "__SUMMARY__",
            &escape(&format!("{}.", end.trim_end_matches(':'))),
        )
        .replace("__STEPS__", &sections)
}

const PAGE_TEMPLATE: &str = include_str!("page.html");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{walk_through, WhenStuck};
    use sudoku37::sets::leetcode_example;

    #[test]
    fn the_page_has_one_data_deduction_per_deduction_and_is_self_contained() {
        let puzzle = leetcode_example().puzzle().unwrap();
        let walkthrough = walk_through(&puzzle, WhenStuck::Guess);
        let page = render_page(&puzzle, &walkthrough);
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert_eq!(
            page.matches(" data-step=\"").count(),
            walkthrough.deductions.len()
        );
        assert!(!page.contains("__"), "a placeholder was left in the page");
        for external in ["http://", "https://", "src=", "<link"] {
            let outside_svg = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
            assert!(
                !outside_svg.contains(external),
                "the page refers to {external}"
            );
        }
    }
}
