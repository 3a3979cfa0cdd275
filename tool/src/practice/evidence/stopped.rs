//! A search that did not answer: a panic, a death, or the time limit.

use std::time::Duration;

use super::budget::over_budget;
use super::checks::unchecked_places;
use super::grid::cell_name;
use super::replay::{Diagnosis, Move, Replay, SolverCase};
use crate::practice::diagnosis::Id;

pub(super) fn panicked(message: &str, replay: &Replay) -> Diagnosis {
    let quoted = crate::files::escape_controls(message);
    if message.contains("not yet implemented") {
        return Diagnosis::new(
            Id::Unfinished,
            format!("a todo!() ran: {quoted}"),
            format!("执行到了 todo!()：{quoted}"),
        );
    }
    if message.contains("index out of bounds") {
        let index = message
            .split("the index is ")
            .nth(1)
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|digits| digits.parse::<usize>().ok());
        let full = replay.first_full().is_some()
            || (replay.places() > 0
                && replay
                    .givens
                    .iter()
                    .flatten()
                    .filter(|&&digit| digit == 0)
                    .count()
                    <= replay.places() - replay.undos().min(replay.places()));
        if full {
            return Diagnosis::new(
                Id::EndTestOrder,
                format!(
                    "it panicked with every cell filled ({quoted}): the search read one cell past the last before testing whether it was done"
                ),
                format!("所有格子都填满之后它 panic 了（{quoted}）：搜索在判断是否结束之前，多读了最后一个格子之后的格子"),
            );
        }
        if matches!(index, Some(9) | Some(10)) {
            return Diagnosis::new(
                Id::DigitRange,
                format!("an index ran one past the last of nine: {quoted}"),
                format!("下标越过了九个中的最后一个：{quoted}"),
            );
        }
    }
    Diagnosis::new(
        Id::PanicOther,
        format!("it panicked: {quoted}"),
        format!("它 panic 了：{quoted}"),
    )
}

pub(super) fn died(status: &str, tail: &str, replay: &Replay) -> Diagnosis {
    if tail.contains("overflowed its stack") || status.contains("SIGSEGV") {
        return Diagnosis::new(
            Id::EndlessSearch,
            format!(
                "the recursion never ended: the stack overflowed after {} placements",
                replay.places()
            ),
            format!("递归停不下来：放了 {} 次数字之后栈溢出了", replay.places()),
        );
    }
    let last = crate::files::escape_controls(tail.trim().lines().last().unwrap_or(""));
    Diagnosis::new(
        Id::PanicOther,
        format!("the program {status}; its last words: {last}"),
        format!("程序{status}；最后的输出：{last}"),
    )
}

/// Printing this much on one case, with no answer in time, is where the
/// time went: the reference prints nothing.
pub(super) const MUCH_PRINTED: u64 = 1024 * 1024;

pub(super) fn timed_out(
    case: &SolverCase<'_>,
    limit: Duration,
    printed: u64,
    replay: &Replay,
) -> Diagnosis {
    let seconds = crate::measure::format_seconds(limit);
    if printed >= MUCH_PRINTED {
        let size = crate::files::format_size(printed);
        return Diagnosis::new(
            Id::OutputLimit,
            format!("no answer within {seconds}, and by then it had printed {size}: the printing is where the time went"),
            format!("{seconds} 内没有回答，而到那时它已经打印了 {size}：时间都花在了打印上"),
        );
    }
    if let Some(diagnosis) = unchecked_places(replay, false) {
        if diagnosis.id == Id::NoPruning {
            return diagnosis;
        }
    }
    let places = replay.places();
    // `at least` when the driver cut the trace.
    let [at_least, at_least_zh] = if replay.truncated {
        ["at least ", "至少 "]
    } else {
        ["", ""]
    };
    if places == 0 && case.calls_hooks {
        return Diagnosis::new(
            Id::EndlessSearch,
            format!("your code calls trace_place, but no digit was placed in {seconds}: the search goes round without moving on"),
            format!("你的代码调用了 trace_place，但 {seconds} 内一个数字都没有放：搜索在原地打转，没有往前走"),
        );
    }
    if places == 0 && case.small {
        let blanks = replay
            .givens
            .iter()
            .flatten()
            .filter(|&&digit| digit == 0)
            .count();
        return Diagnosis::new(
            Id::EndlessSearch,
            format!("no answer within {seconds} on a case with {blanks} blanks, where the reference needs {} nodes: the search goes round without moving on", case.reference_nodes),
            format!("在只有 {blanks} 个空格、参考解只要 {} 个节点的用例上，{seconds} 内没有回答：搜索在原地打转，没有往前走", case.reference_nodes),
        );
    }
    // Digits placed where the same digit already stands: nothing changes,
    // and a search that does so over and over goes nowhere.
    let again = replay.placed_where_it_stands();
    if again * 2 > places && places >= 1000 {
        return Diagnosis::new(
            Id::EndlessSearch,
            format!("no answer within {seconds}; of the {at_least}{places} digits your search placed, {at_least}{again} went where the same digit already stood: it goes round without moving on"),
            format!("{seconds} 内没有回答；你的搜索放的 {at_least_zh}{places} 个数字里，有 {at_least_zh}{again} 个放在本来就是这个数字的格子上：它在原地打转，没有往前走"),
        );
    }
    // The same place again and again, never deeper.
    if let Some((cell, digit, times)) = repeated_place(replay) {
        return Diagnosis::new(
            Id::EndlessSearch,
            format!(
                "your search placed {digit} at {} {at_least}{times} times in {seconds} and got no further: it repeats itself",
                cell_name(cell)
            ),
            format!(
                "{seconds} 内你的搜索在 {} 放了 {at_least_zh}{times} 次 {digit}，却没有更进一步：它在重复自己",
                cell_name(cell)
            ),
        );
    }
    if let Some(diagnosis) = unchecked_places(replay, false) {
        return diagnosis;
    }
    if limit >= SHORTEST_TELLING_LIMIT && (1..few_places(limit)).contains(&places) {
        return Diagnosis::new(
            Id::EndlessSearch,
            format!(
                "in {seconds} your search placed only {places} digits: it spends its time where it places nothing, a loop or a call that does not move on"
            ),
            format!("{seconds} 内你的搜索只放了 {places} 次数字：时间都花在了不放数字的地方，一个不往前走的循环或调用"),
        );
    }
    if let Some(budget) = case.node_budget {
        if let Some(diagnosis) = over_budget(case, budget, places as u64, replay, Some(&seconds)) {
            return diagnosis;
        }
    }
    if places == 0 {
        return Diagnosis::new(
            Id::NoKnownPattern,
            format!("no known pattern: no answer within {seconds}, and no trace_place call shows how far the search got"),
            format!("没有已知的模式：{seconds} 内没有回答，也没有 trace_place 调用能说明搜索走到了哪里"),
        );
    }
    Diagnosis::new(
        Id::TooSlow,
        format!(
            "no answer within {seconds}; your search had placed {at_least}{places} digits by then, the reference places {} on this case",
            case.reference_nodes
        ),
        format!(
            "{seconds} 内没有回答；到那时你的搜索已经放了 {at_least_zh}{places} 次数字，参考解在这个用例上只放 {} 次",
            case.reference_nodes
        ),
    )
}

/// A limit shorter than this says nothing of a search's pace: a busy
/// machine can hold a process that long before it runs at all (a plain
/// search stopped by `--time-limit 0.02` after 3 places on a case whose
/// run waited behind a dozen others).
pub(super) const SHORTEST_TELLING_LIMIT: Duration = Duration::from_millis(100);

/// Fewer places than this in each second of the time limit: the search is
/// not moving on. Even a slow search, one that scans the board for every
/// digit it tries, places many times more in that time.
pub(super) const FEW_PLACES_PER_SECOND: f64 = 20_000.0;

/// Fewer places than this in the whole time `limit` is not moving on: a
/// limit of a hundredth of a second (`--time-limit 0.01`) is too short for
/// the 4,208 places of a plain search on LeetCode's example, and that is
/// slowness, not a search that goes round.
fn few_places(limit: Duration) -> usize {
    (FEW_PLACES_PER_SECOND * limit.as_secs_f64()) as usize
}

/// A (cell, digit) placed over and over, far more often than a search that
/// moves on places anything: the cell, the digit and how often.
pub(super) fn repeated_place(replay: &Replay) -> Option<((usize, usize), u8, usize)> {
    if replay.places() < 1000 {
        return None;
    }
    let mut counts = std::collections::HashMap::new();
    for movement in &replay.moves {
        if let Move::Place { row, column, digit } = *movement {
            *counts.entry((row, column, digit)).or_insert(0usize) += 1;
        }
    }
    let distinct = counts.len();
    let (&(row, column, digit), &times) = counts.iter().max_by_key(|(_, times)| **times)?;
    // A search that moves on places many distinct (cell, digit) pairs.
    (distinct <= 20 && times * 2 > replay.places()).then_some(((row, column), digit, times))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::probe::{self, Action};
    use sudoku37::{approaches, board, sets};

    /// The places and undos of `early_exit`'s search on LeetCode's example
    /// (plain backtracking: 4,208 places), as the trace hooks report them.
    fn plain_search() -> (board::Board, board::Board, Vec<Move>) {
        let example = sets::leetcode_example();
        let mut working = example.board();
        let ((), _, events) = probe::record(|| (approaches::EARLY_EXIT.solve)(&mut working));
        let moves = events
            .iter()
            .filter_map(|event| match event.action {
                Action::Place => Some(Move::Place {
                    row: event.row,
                    column: event.column,
                    digit: event.digit.to_digit(10)? as u8,
                }),
                Action::Undo => Some(Move::Undo {
                    row: event.row,
                    column: event.column,
                }),
                Action::Force | Action::Unforce => None,
            })
            .collect();
        (
            example.board(),
            example.solution_board().expect("known"),
            moves,
        )
    }

    /// The verdict on a plain search stopped at `limit` after its first
    /// `kept` moves (all of them when `None`).
    fn diagnosed(limit: Duration, kept: Option<usize>) -> Diagnosis {
        let (puzzle, solution, moves) = plain_search();
        let case = SolverCase {
            board: &puzzle,
            solution: &solution,
            reference_nodes: 4208,
            node_budget: None,
            hooks: true,
            calls_hooks: true,
            defines_hooks: false,
            digit_loop: true,
            others: &[],
            small: true,
        };
        let moves = &moves[..kept.unwrap_or(moves.len())];
        timed_out(&case, limit, 0, &Replay::new(&case, moves))
    }

    /// A whole plain search cut short by a very short limit is slow, not a
    /// search that goes round: the count of places it made is weighed
    /// against the limit it had (a run on a busy machine was called
    /// `endless_search` when the threshold ignored the limit).
    #[test]
    fn a_moving_search_stopped_by_a_short_limit_is_too_slow_not_endless() {
        let (_, _, moves) = plain_search();
        assert_eq!(
            moves
                .iter()
                .filter(|m| matches!(m, Move::Place { .. }))
                .count(),
            4208
        );
        assert_eq!(diagnosed(Duration::from_millis(20), None).id, Id::TooSlow);
        // In a whole second, the same few places are a search stuck
        // somewhere that places nothing.
        assert_eq!(
            diagnosed(Duration::from_secs(1), None).id,
            Id::EndlessSearch
        );
    }

    /// A search held back by a busy machine for a very short limit placed
    /// only a few digits: that says nothing of its pace, and it is not
    /// called endless (a 0.02 s limit once stopped a plain search after 3
    /// places on a loaded machine).
    #[test]
    fn a_few_places_within_a_very_short_limit_are_not_taken_for_a_search_that_goes_round() {
        assert_eq!(
            diagnosed(Duration::from_millis(20), Some(3)).id,
            Id::TooSlow
        );
        assert_eq!(
            diagnosed(Duration::from_secs(1), Some(3)).id,
            Id::EndlessSearch
        );
    }
}
