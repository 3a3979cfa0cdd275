//! A solver's case, decided: by how it ended, then by the board it
//! returned, pattern by pattern, the first that the evidence fits.

use super::budget::node_count;
use super::checks::unchecked_places;
use super::gave_up::{gave_up, kept_after_undo};
use super::grid::{
    cell_name, clashes, grid_of, kind_words, missing_check, unit_number, Cell, Grid,
};
use super::rebuild::{rebuild, Rebuilt};
use super::refusal::explained;
use super::replay::{Diagnosis, Move, Observed, Replay, SolverCase};
use super::stopped::{died, panicked, timed_out};
use crate::practice::diagnosis::Id;
use sudoku37::board::{Board, BLANK};
use sudoku37::grid::UnitKind;

/// Why a solver's answer on a case is wrong, or `None` when it passed.
pub fn diagnose_solver(
    case: &SolverCase<'_>,
    observed: &Observed,
    moves: &[Move],
    nodes: u64,
) -> Option<Diagnosis> {
    let replay = Replay::new(case, moves);
    match observed {
        Observed::Returned { board } => returned(case, board, &replay, nodes),
        Observed::Panicked { message } => Some(panicked(message, &replay)),
        Observed::TimedOut { limit, printed } => Some(timed_out(case, *limit, *printed, &replay)),
        Observed::Died { status, tail } => Some(died(status, tail, &replay)),
        Observed::OutOfMemory { limit } => Some(Diagnosis::new(
            Id::MemoryLimit,
            format!(
                "an allocation failed past the memory limit of {}",
                crate::files::format_size(*limit)
            ),
            format!(
                "申请内存超过了 {} 的上限",
                crate::files::format_size(*limit)
            ),
        )),
        Observed::OutputLimit { limit } => Some(Diagnosis::new(
            Id::OutputLimit,
            format!(
                "it printed more than {} on this case",
                crate::files::format_size(*limit)
            ),
            format!(
                "在这个用例上打印了超过 {} 的内容",
                crate::files::format_size(*limit)
            ),
        )),
        Observed::Unreadable { line } => Some(Diagnosis::new(
            Id::NoKnownPattern,
            format!(
                "its answer cannot be read: {}",
                crate::files::escape_controls(line)
            ),
            format!("无法读取它的回答：{}", crate::files::escape_controls(line)),
        )),
    }
}

pub(super) fn returned(
    case: &SolverCase<'_>,
    board: &Board,
    replay: &Replay,
    nodes: u64,
) -> Option<Diagnosis> {
    // A misshapen board, or a cell that is no digit.
    if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
        let rows: Vec<String> = board.iter().map(|row| row.len().to_string()).collect();
        return Some(Diagnosis::new(
            Id::NotADigit,
            format!(
                "the board came back with {} rows (of {} cells): it must stay 9 by 9",
                board.len(),
                rows.join(", ")
            ),
            format!(
                "返回的棋盘有 {} 行（每行 {} 格）：它必须保持 9 行 9 列",
                board.len(),
                rows.join("、")
            ),
        ));
    }
    for (row, cells) in board.iter().enumerate() {
        for (column, &cell) in cells.iter().enumerate() {
            if cell == BLANK || ('1'..='9').contains(&cell) {
                continue;
            }
            let name = cell_name((row, column));
            if cell == '0' || cell == ':' {
                return Some(
                    Diagnosis::new(
                        Id::DigitRange,
                        format!("{name} holds {cell:?}, one past the digits '1' to '9'"),
                        format!("{name} 里是 {cell:?}，超出了数字 '1' 到 '9' 的范围"),
                    )
                    .marked(&[(row, column)]),
                );
            }
            let code = cell as u32;
            let (english, chinese) = if (1..=9).contains(&code) {
                (
                    format!("{name} holds the character of code {code}, the number {code} and not the character '{code}'"),
                    format!("{name} 里是编码为 {code} 的字符，也就是数字 {code}，而不是字符 '{code}'"),
                )
            } else {
                let shown = crate::files::escape_controls(&format!("{cell:?}"));
                (
                    format!("{name} holds {shown} (code {code}), not a digit"),
                    format!("{name} 里是 {shown}（编码 {code}），不是数字"),
                )
            };
            return Some(Diagnosis::new(Id::NotADigit, english, chinese).marked(&[(row, column)]));
        }
    }
    let given = grid_of(case.board);
    let got = grid_of(board);
    // A given overwritten.
    for row in 0..9 {
        for column in 0..9 {
            if given[row][column] != 0 && got[row][column] != given[row][column] {
                let name = cell_name((row, column));
                let now = board[row][column];
                return Some(
                    Diagnosis::new(
                        Id::GivensChanged,
                        format!(
                            "the given {} at {name} came back as {now:?}",
                            given[row][column]
                        ),
                        format!("{name} 的已知数 {} 变成了 {now:?}", given[row][column]),
                    )
                    .marked(&[(row, column)]),
                );
            }
        }
    }
    let right = board == case.solution;
    // Places that clash with a given are no accident, right answer or not.
    let unchecked = unchecked_places(replay, right);
    // The learner's check and bookkeeping, rebuilt from every decision the
    // trace shows: one mistake that accounts for them all names itself.
    let rebuilt = if right && unchecked.is_none() {
        Rebuilt::Right
    } else {
        let mut replays = vec![replay.clone()];
        replays.extend(case.others.iter().map(|other| other.replay(case)));
        rebuild(&replays, case.digit_loop)
    };
    if let Rebuilt::Explained(fit) = &rebuilt {
        if let Some(diagnosis) = explained(fit, replay) {
            return Some(diagnosis);
        }
    }
    if let Some(diagnosis) = unchecked {
        return Some(diagnosis);
    }
    if right {
        return node_count(case, replay, nodes);
    }
    // A digit on the board returned that the trace took back, or never put.
    if let Some(diagnosis) = kept_after_undo(board, &got, &given, replay) {
        return Some(diagnosis);
    }
    // Two equal digits in a unit of the board returned.
    if let Some(diagnosis) = clash_in_answer(&got, &given) {
        return Some(diagnosis);
    }
    gave_up(case, &got, &given, replay, &rebuilt)
}

/// A board with a digit twice in a unit: the kinds of unit that clash.
pub(super) fn clash_in_answer(got: &Grid, given: &Grid) -> Option<Diagnosis> {
    let mut found: Vec<(UnitKind, Cell, Cell)> = Vec::new();
    for row in 0..9 {
        for column in 0..9 {
            let digit = got[row][column];
            if digit == 0 || given[row][column] != 0 {
                continue;
            }
            for (kind, other) in clashes(got, (row, column), digit) {
                if !found.iter().any(|(known, _, _)| *known == kind) {
                    found.push((kind, (row, column), other));
                }
            }
        }
    }
    let &(kind, cell, other) = found.first()?;
    let digit = got[cell.0][cell.1];
    let [english_kind, chinese_kind] = kind_words(kind);
    let number = unit_number(kind, cell);
    if found.len() >= 2 {
        let words: Vec<&str> = found
            .iter()
            .map(|&(kind, _, _)| kind_words(kind)[0])
            .collect();
        let words_zh: Vec<&str> = found
            .iter()
            .map(|&(kind, _, _)| kind_words(kind)[1])
            .collect();
        return Some(
            Diagnosis::new(
                Id::NoPruning,
                format!(
                    "the board returned holds a digit twice in a {}: nothing is checked before a digit is placed ({digit} at {} and {})",
                    words.join(", a "),
                    cell_name(cell),
                    cell_name(other)
                ),
                format!(
                    "返回的棋盘在{}里都有重复的数字：放数字之前什么都没检查（{} 和 {} 都是 {digit}）",
                    words_zh.join("、"),
                    cell_name(cell),
                    cell_name(other)
                ),
            )
            .marked(&[cell, other]),
        );
    }
    let id = missing_check(kind);
    let (english, chinese) = (
        format!(
            "{digit} stands twice in {english_kind} {number} ({} and {}): the check misses the {english_kind}",
            cell_name(cell),
            cell_name(other)
        ),
        format!(
            "第 {number} {chinese_kind}里有两个 {digit}（{} 和 {}）：检查漏掉了{chinese_kind}",
            cell_name(cell),
            cell_name(other)
        ),
    );
    Some(Diagnosis::new(id, english, chinese).marked(&[cell, other]))
}
