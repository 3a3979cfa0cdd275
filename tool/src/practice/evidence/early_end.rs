//! A search that ended before its answer, judged by how it went back: a
//! guess never taken back nor followed by another choice, choices taken
//! back and never another tried, other choices tried from a state the
//! failed ones had changed, a search that ends a line early, and a case
//! where the code placed nothing, told by another case where it did.

use super::grid::{cell_name, clash, digits_text, fitting, peers, Cell, Grid};
use super::rebuild::{rebuild, Rebuilt};
use super::refusal::{explained, loop_stopped};
use super::replay::{Diagnosis, Move, Replay, SolverCase};
use crate::practice::diagnosis::Id;
use sudoku37::grid::UnitKind;

/// A search that never took a digit back and never placed twice at a
/// cell, stopped with blanks left, after a guess: a place at a cell where
/// more than one digit fit. The guess led nowhere, and no other digit was
/// tried there: the loop over the choices ended after its first failure
/// (on a copy-based search, the copy of the failed guess was dropped).
pub(super) fn first_failure_kept(
    case: &SolverCase<'_>,
    got: &Grid,
    replay: &Replay,
) -> Option<Diagnosis> {
    if replay.places() == 0 || replay.undos() > 0 || replay.truncated {
        return None;
    }
    if placed_twice(replay).is_some() || got.iter().flatten().all(|&digit| digit != 0) {
        return None;
    }
    let mut grid = replay.givens;
    let mut guess = None;
    for (index, movement) in replay.moves.iter().enumerate() {
        if let Move::Place { row, column, digit } = *movement {
            let fits = fitting(&grid, (row, column));
            // A hidden single is forced too: the digit's one place in a unit.
            let hidden = UnitKind::ALL.into_iter().any(|kind| {
                peers(kind, (row, column))
                    .into_iter()
                    .all(|(r, c)| grid[r][c] != 0 || !fitting(&grid, (r, c)).contains(&digit))
            });
            if guess.is_none() && fits.len() >= 2 && fits.contains(&digit) && !hidden {
                guess = Some((index + 1, (row, column), digit, fits));
            }
            grid[row][column] = digit;
        }
    }
    let (step, cell, digit, fits) = guess?;
    let others: Vec<u8> = fits.into_iter().filter(|&other| other != digit).collect();
    let blanks = got.iter().flatten().filter(|&&digit| digit == 0).count();
    let _ = case;
    Some(
        Diagnosis::new(
            Id::ReturnInLoop,
            format!(
                "at step {step} your search guessed {digit} at {}, where {} fit too; it never took a digit back nor tried another there, and stopped with {blanks} blanks: the loop over the choices ended after its first failure",
                cell_name(cell),
                digits_text(&others)
            ),
            format!(
                "第 {step} 步你的搜索在 {} 猜了 {digit}，而 {} 也放得进；它从没撤销过数字，也没在那里试别的，停下时还有 {blanks} 个空格：选择的循环在第一次失败后就结束了",
                cell_name(cell),
                digits_text(&others)
            ),
        )
        .marked(&[cell]),
    )
}

/// A search that placed nothing on this case, told by another case where
/// the same code did place digits: the first other case whose decisions
/// name one mistake.
pub(super) fn told_by_another_case(
    case: &SolverCase<'_>,
    first_blank: Option<Cell>,
) -> Option<Diagnosis> {
    let replays: Vec<(String, Replay)> = case
        .others
        .iter()
        .filter(|other| !other.moves.is_empty())
        .map(|other| (other.place.clone(), other.replay(case)))
        .collect();
    for (at, (place, replay)) in replays.iter().enumerate() {
        let mut ordered = vec![replay.clone()];
        ordered.extend(
            replays
                .iter()
                .enumerate()
                .filter(|(index, _)| *index != at)
                .map(|(_, (_, other))| other.clone()),
        );
        let told = match rebuild(&ordered, case.digit_loop) {
            Rebuilt::Explained(fit) => explained(&fit, replay),
            Rebuilt::LoopStopped(decision, grid) => Some(loop_stopped(&decision, &grid)),
            _ => None,
        };
        if let Some(told) = told {
            let blank = first_blank.map(cell_name).unwrap_or_default();
            let [english, chinese] = &told.evidence;
            return Some(Diagnosis::new(
                told.id,
                format!("your code calls trace_place but placed nothing on this case, though {blank} is blank; on {place} it did: {english}"),
                format!(
                    "你的代码调用了 trace_place，但在这个用例上什么都没放，而 {blank} 还空着；在{}上它放了：{chinese}",
                    crate::practice::Language::Chinese.place(place)
                ),
            ));
        }
    }
    None
}

/// A search whose choices are not a digit loop at a cell (propagation's
/// guesses on copies, an exact cover's rows), judged by how it went back.
/// One that never tried another choice after a failure (every undo followed
/// by another, or the end) ended its loop early. One that did go back and
/// try others, every place of it fitting the board, and still gave up on a
/// puzzle that has a solution, went on from a state the failed choices had
/// changed: what its undo (or its copy) puts back is wrong.
pub(super) fn went_back_yet_failed(case: &SolverCase<'_>, replay: &Replay) -> Option<Diagnosis> {
    if case.digit_loop || replay.places() == 0 || replay.truncated {
        return None;
    }
    let moves = &replay.moves;
    let undos = replay.undos();
    let went_on = moves
        .windows(2)
        .filter(|pair| matches!(pair, [Move::Undo { .. }, Move::Place { .. }]))
        .count();
    if undos > 0 && went_on == 0 {
        let (step, cell) =
            moves
                .iter()
                .enumerate()
                .find_map(|(index, movement)| match *movement {
                    Move::Undo { row, column } => Some((index + 1, (row, column))),
                    Move::Place { .. } => None,
                })?;
        return Some(
            Diagnosis::new(
                Id::ReturnInLoop,
                format!(
                    "your search took back {undos} choices, the first at {} (step {step}), and never tried another after any of them: each undo was followed by another undo or the end, so the loop over the choices ends after its first failure",
                    cell_name(cell)
                ),
                format!(
                    "你的搜索撤销了 {undos} 次选择，第一次在 {}（第 {step} 步），之后一次也没有试别的选择：每次撤销之后紧跟的都是另一次撤销或结束，所以选择的循环在第一次失败后就结束了",
                    cell_name(cell)
                ),
            )
            .marked(&[cell]),
        );
    }
    // Went back: an undo and another place, or, on copies, a second place
    // at a cell. Replayed with copies put back: a second place at a cell
    // drops every place made since the first.
    let mut grid = replay.givens;
    let mut stack: Vec<(Cell, u8)> = Vec::new();
    let mut second = None;
    for (index, movement) in moves.iter().enumerate() {
        match *movement {
            Move::Place { row, column, digit } => {
                if let Some(at) = stack.iter().position(|(cell, _)| *cell == (row, column)) {
                    second.get_or_insert((index + 1, (row, column), stack[at].1, digit));
                    for ((r, c), _) in stack.drain(at..) {
                        grid[r][c] = replay.givens[r][c];
                    }
                }
                if clash(&grid, (row, column), digit).is_some() {
                    return None;
                }
                grid[row][column] = digit;
                stack.push(((row, column), digit));
            }
            Move::Undo { row, column } => {
                if let Some(at) = stack.iter().position(|(cell, _)| *cell == (row, column)) {
                    for ((r, c), _) in stack.drain(at..) {
                        grid[r][c] = replay.givens[r][c];
                    }
                }
            }
        }
    }
    let tried_again = went_on > 0 || second.is_some();
    if !tried_again {
        return None;
    }
    let [first, first_zh] = match second {
        Some((step, cell, before, after)) if undos == 0 => [
            format!("after the guess {before} at {} failed, your search tried {after} there (step {step})", cell_name(cell)),
            format!("在 {} 猜的 {before} 失败之后，你的搜索在那里试了 {after}（第 {step} 步）", cell_name(cell)),
        ],
        _ => [
            format!("your search took back {undos} choices and tried another after {went_on} of them"),
            format!("你的搜索撤销了 {undos} 次选择，其中 {went_on} 次之后试了别的选择"),
        ],
    };
    Some(Diagnosis::new(
        Id::StateNotUndone,
        format!(
            "{first}; every digit it placed fits the board as the earlier choices left it, yet it gave up on a puzzle that has a solution: it went on from a state the failed choices had changed (what the undo, or the copy, puts back)"
        ),
        format!(
            "{first_zh}；它放下的每个数字都符合之前的选择留下的棋盘，可它还是在一道有解的题上放弃了：它是从被失败的选择改过的状态继续的（撤销或副本没有恢复原样）"
        ),
    ))
}

/// A search that stopped with every blank left in the last row (or the
/// last column) of the puzzle untouched: it never placed a digit there,
/// and took nothing back after its last place, so it ended as if done:
/// its end test comes one line early.
pub(super) fn stopped_a_line_early(got: &Grid, given: &Grid, replay: &Replay) -> Option<Diagnosis> {
    if replay.places() == 0 || !matches!(replay.moves.last(), Some(Move::Place { .. })) {
        return None;
    }
    let blanks: Vec<Cell> = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&(row, column)| got[row][column] == 0)
        .collect();
    let placed_in = |inside: &dyn Fn(Cell) -> bool| {
        replay.moves.iter().any(|movement| {
            matches!(*movement, Move::Place { row, column, .. } if inside((row, column)))
        })
    };
    for (line, words) in [
        (
            &(|(row, _): Cell| row == 8) as &dyn Fn(Cell) -> bool,
            ["row 9", "第 9 行"],
        ),
        (
            &(|(_, column): Cell| column == 8) as &dyn Fn(Cell) -> bool,
            ["column 9", "第 9 列"],
        ),
    ] {
        let puzzle_blanks = (0..81)
            .map(|index| (index / 9, index % 9))
            .filter(|&(row, column)| given[row][column] == 0 && line((row, column)))
            .count();
        if !blanks.is_empty()
            && blanks.iter().all(|&cell| line(cell))
            && blanks.len() == puzzle_blanks
            && !placed_in(line)
        {
            let [name, name_zh] = words;
            return Some(
                Diagnosis::new(
                    Id::DigitRange,
                    format!(
                        "your search stopped as if done, with the {} blanks of {name} untouched (the first at {}): it placed every other digit, never one in {name}, and took nothing back at the end: its end test comes one line early",
                        blanks.len(),
                        cell_name(blanks[0])
                    ),
                    format!(
                        "你的搜索像已经完成一样停下了，{name_zh}的 {} 个空格一个都没碰（第一个是 {}）：其余的数字都放了，{name_zh}一个也没放，最后也没有撤销：它的终止条件早了一行",
                        blanks.len(),
                        cell_name(blanks[0])
                    ),
                )
                .marked(&blanks),
            );
        }
    }
    None
}

/// The first cell placed twice: the step of the second place, the cell and
/// both digits.
pub(super) fn placed_twice(replay: &Replay) -> Option<(usize, (usize, usize), u8, u8)> {
    let mut placed: Vec<Option<u8>> = vec![None; 81];
    for (index, movement) in replay.moves.iter().enumerate() {
        if let Move::Place { row, column, digit } = *movement {
            if let Some(first) = placed[row * 9 + column] {
                return Some((index + 1, (row, column), first, digit));
            }
            placed[row * 9 + column] = Some(digit);
        }
    }
    None
}
