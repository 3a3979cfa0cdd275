//! Places made with no check: digits put where a given of the same unit
//! stands.

use super::grid::{cell_name, kind_words, missing_check, unit_number};
use super::replay::{Diagnosis, Replay};
use crate::practice::diagnosis::Id;
use sudoku37::grid::UnitKind;

/// Places that put a digit where a given of the same unit stands. Clashes
/// of one kind of unit only, even if each was taken back at once, show that
/// kind's check missing (a search that checks after writing would clash in
/// all three); clashes of several kinds that the search went on from, at
/// two places or more, show no check at all. When the answer is `right`,
/// only the clashes the search went on from count: a search that traces a
/// digit before it checks it takes each one back at once.
pub(super) fn unchecked_places(replay: &Replay, right: bool) -> Option<Diagnosis> {
    let mut clashes = replay.clashes_with_givens();
    if right {
        clashes.retain(|(_, _, _, _, went_on)| *went_on);
    }
    let kinds = |descended_only: bool| {
        let mut kinds: Vec<UnitKind> = clashes
            .iter()
            .filter(|(_, _, _, _, descended)| *descended || !descended_only)
            .flat_map(|(_, _, _, found, _)| found.iter().map(|(kind, _)| *kind))
            .collect();
        kinds.sort();
        kinds.dedup();
        kinds
    };
    let (all, descended) = (kinds(false), kinds(true));
    let went_on_from = clashes
        .iter()
        .filter(|(_, _, _, _, went_on)| *went_on)
        .count();
    let none_checked = descended.len() >= 2 && went_on_from >= 2;
    let kind = if none_checked {
        None
    } else if all.len() == 1 {
        Some(all[0])
    } else if descended.len() == 1 {
        Some(descended[0])
    } else {
        return None;
    };
    let (step, cell, digit, found, _) =
        clashes
            .iter()
            .find(|(_, _, _, found, descended)| match kind {
                None => *descended,
                Some(kind) => found.iter().any(|(other, _)| *other == kind),
            })?;
    let (kind, other) = match kind {
        None => found[0],
        Some(kind) => *found.iter().find(|(other, _)| *other == kind)?,
    };
    let (step, cell, digit) = (*step, *cell, *digit);
    let [english_kind, chinese_kind] = kind_words(kind);
    let number = unit_number(kind, cell);
    let place = format!(
        "your step {step} placed {digit} at {}, where the given {digit} at {} stands in {english_kind} {number}",
        cell_name(cell),
        cell_name(other)
    );
    let place_zh = format!(
        "你的第 {step} 步把 {digit} 放在 {}，而第 {number} {chinese_kind}的 {} 已经是已知数 {digit}",
        cell_name(cell),
        cell_name(other)
    );
    if none_checked {
        let words: Vec<&str> = descended.iter().map(|&kind| kind_words(kind)[0]).collect();
        let words_zh: Vec<&str> = descended.iter().map(|&kind| kind_words(kind)[1]).collect();
        return Some(
            Diagnosis::new(
                Id::NoPruning,
                format!(
                    "{place}; its places clash with givens in {}: nothing is checked before a digit is placed ({} places in all)",
                    words.join(", "),
                    replay.places()
                ),
                format!(
                    "{place_zh}；它放下的数字在{}上都和已知数冲突：放数字之前什么都没检查（共放了 {} 次）",
                    words_zh.join("、"),
                    replay.places()
                ),
            )
            .marked(&[cell, other]),
        );
    }
    Some(
        Diagnosis::new(
            missing_check(kind),
            format!("{place}: the check misses the {english_kind}"),
            format!("{place_zh}：检查漏掉了{chinese_kind}"),
        )
        .marked(&[cell, other]),
    )
}
