//! Unit tests of the logic solver: each technique on a position made for it
//! (`techniques.rs`), and the loop and the rating on whole puzzles (here).

use std::collections::BTreeSet;

use super::geometry::cell_name;
use super::*;

mod techniques;

/// Every instance of `technique` in `candidates`, as the solver's loop finds it;
/// nothing for a guess, which needs the solution.
fn find(candidates: &Candidates, technique: Technique) -> Vec<Deduction> {
    match technique.row().finder {
        Finder::Logic(find) | Finder::AssumesUnique(find) => find(candidates),
        Finder::FromSolution(_) => Vec::new(),
    }
}

#[test]
fn levels_rise_with_the_score() {
    let walkthrough = Walkthrough {
        deductions: (0..60)
            .map(|k| Deduction::placing(Technique::HiddenSingle, k, 1, String::new()))
            .collect(),
        rounds: BTreeMap::new(),
        end: End::Solved,
        candidates: Candidates::from_masks([0; 81], [0x1ff; 81]),
    };
    // 60 hidden singles score 840, past easy's ceiling of 800.
    let rating = walkthrough.rating();
    assert_eq!(rating.score, 840);
    assert_eq!(rating.level, Level::Medium);
    assert_eq!(rating.counts[&Technique::HiddenSingle], 60);
}

#[test]
fn an_easy_puzzle_is_rated_easy_and_solved() {
    let example = sudoku37::sets::leetcode_example();
    let puzzle = example.puzzle().unwrap();
    let walkthrough = walk_through(&puzzle, WhenStuck::Stop);
    assert_eq!(walkthrough.end, End::Solved);
    let solution = example.solution.unwrap();
    assert_eq!(walkthrough.candidates.values(), solution);
    let rating = walkthrough.rating();
    assert_eq!(rating.level, Level::Easy);
    assert!(rating
        .counts
        .keys()
        .all(|technique| technique.level() == Level::Easy));
}

#[test]
fn levels_and_techniques_parse_and_order() {
    assert_eq!("unfair".parse(), Ok(Level::Unfair));
    assert!("hardest".parse::<Level>().is_err());
    let mut sorted = Technique::ORDER;
    sorted.sort();
    assert_eq!(sorted, Technique::ORDER);
    for technique in Technique::ORDER {
        assert!(!technique.id().contains(' '));
    }
}

/// On the graded sets, every round uses the simplest technique that
/// applies: at the position before it, no earlier technique finds anything,
/// and the round is everything its technique finds there.
#[test]
fn every_round_is_the_simplest_technique_that_applies() {
    for name in sudoku37::sets::builtin_names()
        .into_iter()
        .filter(|name| name.starts_with("graded_"))
    {
        for entry in sudoku37::sets::builtin(name)
            .unwrap()
            .puzzles
            .iter()
            .take(6)
        {
            let puzzle = entry.puzzle().unwrap();
            let walkthrough = walk_through(&puzzle, WhenStuck::Guess);
            let positions = walkthrough.positions(&puzzle);
            let mut index = 0;
            while index < walkthrough.deductions.len() {
                let technique = walkthrough.deductions[index].technique;
                let candidates = positions[index];
                for earlier in Technique::ORDER
                    .into_iter()
                    .take_while(|&earlier| earlier != technique)
                {
                    assert!(
                        find(&candidates, earlier).is_empty(),
                        "{name} line {}: {earlier} applies before {technique}",
                        entry.line
                    );
                }
                let round = if technique == Technique::Guess {
                    1
                } else {
                    find(&candidates, technique).len()
                };
                assert!(walkthrough.deductions[index..index + round]
                    .iter()
                    .all(|deduction| deduction.technique == technique));
                index += round;
            }
        }
    }
}

/// Every deduction but a guess names its pattern, and the pattern is made of
/// candidates held where the deduction was found: at the start of its round (a
/// round's deductions are all found on one position, then applied in turn). Its
/// units are among the 27.
#[test]
fn every_deduction_names_a_pattern_the_position_holds() {
    let mut seen = BTreeSet::new();
    for name in [
        "graded_easy",
        "graded_hard",
        "graded_unfair",
        "graded_extreme",
    ] {
        for entry in sudoku37::sets::builtin(name)
            .unwrap()
            .puzzles
            .iter()
            .take(15)
        {
            let puzzle = entry.puzzle().unwrap();
            let walkthrough = walk_through(&puzzle, WhenStuck::Guess);
            let positions = walkthrough.positions(&puzzle);
            let mut round_start = positions[0];
            for (index, deduction) in walkthrough.deductions.iter().enumerate() {
                if index == 0 || walkthrough.deductions[index - 1].technique != deduction.technique
                {
                    round_start = positions[index];
                }
                seen.insert(deduction.technique);
                assert!(
                    deduction.units.iter().all(|&unit| unit < 27),
                    "{}",
                    deduction.text
                );
                if deduction.technique == Technique::Guess {
                    continue;
                }
                assert!(!deduction.pattern.is_empty(), "{}", deduction.text);
                for &(cell, digit) in &deduction.pattern {
                    assert!(
                        round_start.has(cell, digit),
                        "{}: ({digit}){}",
                        deduction.text,
                        cell_name(cell)
                    );
                }
            }
        }
    }
    assert!(seen.len() > 10, "only {seen:?}");
}
