//! Unit tests of the logic solver: each technique on a position made for it
//! (`techniques.rs`), and the loop and the rating on whole puzzles (here).

use std::collections::BTreeSet;

use super::geometry::cell_name;
use super::*;

mod techniques;

/// Every instance of `technique` in `candidates`, as the solver's loop finds it;
/// nothing for a guess, which needs the solution.
fn find(candidates: &Candidates, technique: Technique) -> Vec<Step> {
    match technique.row().finder {
        Finder::Logic(find) | Finder::AssumesUnique(find) => find(candidates),
        Finder::FromSolution(_) => Vec::new(),
    }
}

#[test]
fn levels_rise_with_the_score() {
    let walkthrough = Walkthrough {
        steps: (0..60)
            .map(|k| Step::placing(Technique::HiddenSingle, k, 1, String::new()))
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
            while index < walkthrough.steps.len() {
                let technique = walkthrough.steps[index].technique;
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
                assert!(walkthrough.steps[index..index + round]
                    .iter()
                    .all(|step| step.technique == technique));
                index += round;
            }
        }
    }
}

/// Every step but a guess names its pattern, and the pattern is made of
/// candidates held where the step was found: at the start of its round (a
/// round's steps are all found on one position, then applied in turn). Its
/// units are among the 27.
#[test]
fn every_step_names_a_pattern_the_position_holds() {
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
            for (index, step) in walkthrough.steps.iter().enumerate() {
                if index == 0 || walkthrough.steps[index - 1].technique != step.technique {
                    round_start = positions[index];
                }
                seen.insert(step.technique);
                assert!(step.units.iter().all(|&unit| unit < 27), "{}", step.text);
                if step.technique == Technique::Guess {
                    continue;
                }
                assert!(!step.pattern.is_empty(), "{}", step.text);
                for &(cell, digit) in &step.pattern {
                    assert!(
                        round_start.has(cell, digit),
                        "{}: ({digit}){}",
                        step.text,
                        cell_name(cell)
                    );
                }
            }
        }
    }
    assert!(seen.len() > 10, "only {seen:?}");
}
