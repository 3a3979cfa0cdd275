//! A consistent board with blanks left: where the replayed search shows
//! what made it give up.

use super::early_end::{
    first_failure_kept, placed_twice, stopped_a_line_early, told_by_another_case,
    went_back_yet_failed,
};
use super::grid::{cell_name, clash, fitting, grid_of, Cell, Grid};
use super::hypotheses::id_of;
use super::rebuild::{reading_of_blanks, Rebuilt};
use super::refusal::{loop_stopped, reads};
use super::replay::{Diagnosis, Move, Replay, SolverCase};
use crate::practice::diagnosis::Id;
use sudoku37::board::Board;

/// A consistent board with blanks left: the search gave up. What the
/// replayed search shows, pattern by pattern.
pub(super) fn gave_up(
    case: &SolverCase<'_>,
    got: &Grid,
    given: &Grid,
    replay: &Replay,
    rebuilt: &Rebuilt,
) -> Option<Diagnosis> {
    let solution = grid_of(case.solution);
    let unchanged = got == given;
    let blanks_left = got.iter().flatten().filter(|&&digit| digit == 0).count();
    let cells = || (0..81).map(|index| (index / 9, index % 9));
    // The board was full, then undone.
    if let Some(step) = replay.first_full() {
        let undone = replay.moves[step..]
            .iter()
            .find_map(|movement| match movement {
                Move::Undo { row, column } => Some((*row, *column)),
                Move::Place { .. } => None,
            });
        if undone.is_none() {
            let [returned, returned_zh] = if unchanged {
                [
                    "the board returned is the one given".to_string(),
                    "返回的棋盘和给定的一样".to_string(),
                ]
            } else {
                [
                    format!("the board returned still has {blanks_left} blanks"),
                    format!("返回的棋盘还有 {blanks_left} 个空格"),
                ]
            };
            return Some(Diagnosis::new(
                Id::SolvedACopy,
                format!(
                    "your search filled every cell (step {step}) and took nothing back after, but {returned}: it worked on a copy"
                ),
                format!("你的搜索在第 {step} 步填满了所有格子，之后什么也没撤销，但{returned_zh}：它解的是一个副本"),
            ));
        }
        if let Some(cell) = undone {
            return Some(
                Diagnosis::new(
                    Id::AnswerErased,
                    format!(
                        "your search filled every cell at step {step}, then undid {} after the board was full: the answer was erased on the way back up",
                        cell_name(cell)
                    ),
                    format!(
                        "你的搜索在第 {step} 步填满了棋盘，之后又撤销了 {}：答案在返回的路上被擦掉了",
                        cell_name(cell)
                    ),
                )
                .marked(&[cell]),
            );
        }
    }
    // A cell placed twice with no undo anywhere: nothing was taken back.
    if replay.places() > 0 && replay.undos() == 0 && case.digit_loop {
        if let Some((step, cell, first, second)) = placed_twice(replay) {
            return Some(
                Diagnosis::new(
                    Id::NoUndo,
                    format!(
                        "your search placed {first} at {}, and at step {step} placed {second} there with no undo in between: what the first digit led to was never taken back",
                        cell_name(cell)
                    ),
                    format!(
                        "你的搜索先在 {} 放了 {first}，第 {step} 步又在那里放了 {second}，中间没有撤销：第一个数字带来的改动从没有撤销",
                        cell_name(cell)
                    ),
                )
                .marked(&[cell]),
            );
        }
    }
    // '1'..'9': the first cell left blank needs a 9, and no 9 was ever placed.
    let first_blank = cells().find(|&(row, column)| got[row][column] == 0);
    let placed_nine = replay.ever_placed(9)
        || cells().any(|(row, column)| given[row][column] == 0 && got[row][column] == 9);
    if let Some(cell) = first_blank.filter(|&(row, column)| solution[row][column] == 9) {
        if !placed_nine {
            return Some(
                Diagnosis::new(
                    Id::DigitRange,
                    format!(
                        "no 9 was ever placed, and {} needs one: the digits tried stop at 8 (`'1'..'9'` leaves out 9)",
                        cell_name(cell)
                    ),
                    format!(
                        "从来没有放过 9，而 {} 需要 9：试的数字到 8 就停了（`'1'..'9'` 不包含 9）",
                        cell_name(cell)
                    ),
                )
                .marked(&[cell]),
            );
        }
    }
    if let Rebuilt::LoopStopped(decision, grid) = rebuilt {
        return Some(loop_stopped(decision, grid));
    }
    if let Some(diagnosis) = first_failure_kept(case, got, replay) {
        return Some(diagnosis);
    }
    if let Some(diagnosis) = went_back_yet_failed(case, replay) {
        return Some(diagnosis);
    }
    if let Some(diagnosis) = stopped_a_line_early(got, given, replay) {
        return Some(diagnosis);
    }
    if !matches!(rebuilt, Rebuilt::Explained(_)) {
        if let Some(diagnosis) = given_not_skipped(replay) {
            return Some(diagnosis);
        }
    }
    // With no trace to read: every blank left whose answer fits the board
    // there has that digit in the same wrong box.
    let open: Vec<(usize, usize)> = cells()
        .filter(|&(row, column)| {
            got[row][column] == 0 && clash(got, (row, column), solution[row][column]).is_none()
        })
        .collect();
    let answers: Vec<(Cell, u8)> = open
        .iter()
        .map(|&(row, column)| ((row, column), solution[row][column]))
        .collect();
    // Where the code calls the hooks, another case whose trace shows the
    // search at work is better evidence than a board alone.
    if unchanged && replay.moves.is_empty() && case.calls_hooks {
        if let Some(diagnosis) = told_by_another_case(case, first_blank) {
            return Some(diagnosis);
        }
    }
    // A board alone is read only where the code reports no move at all: when
    // it calls the hooks and placed nothing on any case, a reading that
    // refuses the answers of the few blanks of a small case fits by chance
    // (a check that refuses every digit, the cell compared with itself, or
    // a loop that stops after its first digit leave the same board), so the
    // report below says what was seen instead.
    let no_trace_anywhere = !case.calls_hooks;
    if let (true, true, Some((hypothesis, cell, other))) = (
        replay.moves.is_empty(),
        no_trace_anywhere,
        reading_of_blanks(got, &answers),
    ) {
        let answer = solution[cell.0][cell.1];
        let [read, read_zh] = reads(&hypothesis, cell);
        return Some(
            Diagnosis::new(
                id_of(&hypothesis),
                format!(
                    "{} was left blank, though {answer} clashes with nothing in its row, column and box; {read}, and a {answer} stands at {} there; so it is for each of the {} blanks left whose answer fits",
                    cell_name(cell),
                    cell_name(other),
                    open.len()
                ),
                format!(
                    "{} 被留空了，而 {answer} 在它的行、列、宫里都不冲突；{read_zh}，那里的 {} 是 {answer}；留下的 {} 个放得进答案的空格都是这样",
                    cell_name(cell),
                    cell_name(other),
                    open.len()
                ),
            )
            .marked(&[cell, other]),
        );
    }
    if unchanged && replay.moves.is_empty() {
        let cell = first_blank.unwrap_or((0, 0));
        let answer = solution[cell.0][cell.1];
        let name = cell_name(cell);
        let diagnosis = if case.calls_hooks {
            // The hooks are in the code, and none was reached.
            Diagnosis::new(
                Id::NoKnownPattern,
                format!(
                    "no known pattern: your code calls trace_place, but no call was made: nothing was placed, though {name} is blank and {answer} fits there. Either every digit was refused at the first cell the search came to (a check that meets the digit itself refuses them all: the cell compared with itself, or the digit written into the board before it is checked), or the search never came to a blank (does it walk the cells that are '.'?)"
                ),
                format!(
                    "没有已知的模式：你的代码调用了 trace_place，但一次也没有执行：什么都没放，而 {name} 是空格，{answer} 放得进去。要么搜索来到的第一个格子上每个数字都被拒绝了（检查碰到数字自己就会全部拒绝：格子和自己比较，或者先把数字写进棋盘再检查），要么搜索从没来到空格（它走的是 '.' 的格子吗？）"
                ),
            )
            .marked(&[cell])
        } else if case.hooks {
            Diagnosis::new(
                Id::NoKnownPattern,
                "no known pattern: the board came back as given, and your code calls no trace hook, so the checker cannot see what it did (call trace_place where it places a digit and trace_undo where it takes one back)".to_string(),
                "没有已知的模式：棋盘原样返回，而你的代码没有调用跟踪钩子，检查器看不到它做了什么（在放数字的地方调用 trace_place，在撤销的地方调用 trace_undo）".to_string(),
            )
        } else {
            Diagnosis::new(
                Id::NoKnownPattern,
                format!(
                    "no known pattern: the board came back as given, though {name} is blank and {answer} fits there. Either nothing was written (on a copy of the board, it must be written back), or every digit written was taken back: a check that meets the digit itself refuses them all (the cell compared with itself, or the digit written into the board before it is checked)"
                ),
                format!(
                    "没有已知的模式：棋盘原样返回，而 {name} 是空格，{answer} 放得进去。要么什么都没写（在副本上算的话，最后要写回棋盘），要么写下的每个数字都被撤销了：检查碰到数字自己就会全部拒绝（格子和自己比较，或者先把数字写进棋盘再检查）"
                ),
            )
            .marked(&[cell])
        };
        return Some(diagnosis);
    }
    // Places and no undo at all, and blanks left: the search never went
    // back (a cell placed twice was a missing undo, above).
    if replay.places() > 0 && replay.undos() == 0 && blanks_left > 0 {
        let open: Vec<(usize, usize)> = cells()
            .filter(|&(row, column)| got[row][column] == 0)
            .collect();
        let places = replay.places();
        let diagnosis = match open.iter().find(|&&cell| fitting(got, cell).is_empty()) {
            Some(&dead) => Diagnosis::new(
                Id::NoSearch,
                format!(
                    "your code placed {places} digits, never took one back, and stopped with {blanks_left} blanks, where {} has no digit left: a digit that led there was never undone and the next one tried",
                    cell_name(dead)
                ),
                format!(
                    "你的代码放了 {places} 个数字，一个都没撤销，停下时还有 {blanks_left} 个空格，其中 {} 已经没有能放的数字：走到这一步的数字从没撤销，也没有试下一个",
                    cell_name(dead)
                ),
            )
            .marked(&[dead]),
            None => Diagnosis::new(
                Id::NoSearch,
                format!(
                    "your code placed {places} digits and stopped with {blanks_left} blanks, each with a digit that fits: it never guessed"
                ),
                format!(
                    "你的代码放了 {places} 个数字，停下时还有 {blanks_left} 个空格，每个都有能放的数字：它从来没有猜过"
                ),
            ),
        };
        return Some(diagnosis);
    }
    Some(match first_blank {
        Some(cell) => Diagnosis::new(
            Id::NoKnownPattern,
            format!(
                "no known pattern: the board came back consistent with {blanks_left} blanks, the first at {} (its answer is {}); your search placed {} digits and undid {}",
                cell_name(cell),
                solution[cell.0][cell.1],
                replay.places(),
                replay.undos()
            ),
            format!(
                "没有已知的模式：返回的棋盘没有冲突，但还有 {blanks_left} 个空格，第一个是 {}（答案是 {}）；你的搜索放了 {} 次数字，撤销 {} 次",
                cell_name(cell),
                solution[cell.0][cell.1],
                replay.places(),
                replay.undos()
            ),
        )
        .marked(&[cell]),
        None => Diagnosis::new(
            Id::NoKnownPattern,
            "no known pattern: a full, valid board, but not the puzzle's one solution".to_string(),
            "没有已知的模式：棋盘填满且没有冲突，但不是这道题唯一的解".to_string(),
        ),
    })
}

/// A cell of the board returned that holds a digit the trace does not
/// account for: the search's last move on it was an undo (`trace_undo`
/// was called, the cell not blanked), or it last placed another digit
/// there (a digit written, refused, and never taken back).
pub(super) fn kept_after_undo(
    board: &Board,
    got: &Grid,
    given: &Grid,
    replay: &Replay,
) -> Option<Diagnosis> {
    let mut last_undo: Vec<Option<usize>> = vec![None; 81];
    let mut last_place: Vec<Option<(usize, u8)>> = vec![None; 81];
    for (index, movement) in replay.moves.iter().enumerate() {
        match *movement {
            Move::Undo { row, column } => last_undo[row * 9 + column] = Some(index + 1),
            Move::Place { row, column, digit } => {
                last_undo[row * 9 + column] = None;
                last_place[row * 9 + column] = Some((index + 1, digit));
            }
        }
    }
    let open = |index: usize| given[index / 9][index % 9] == 0 && got[index / 9][index % 9] != 0;
    if let Some((index, (step, placed))) = (0..81).find_map(|index| {
        let (step, placed) = last_place[index]?;
        (open(index) && last_undo[index].is_none() && placed != got[index / 9][index % 9])
            .then_some((index, (step, placed)))
    }) {
        let cell = (index / 9, index % 9);
        return Some(
            Diagnosis::new(
                Id::NoUndo,
                format!(
                    "the board returned holds {:?} at {}, but the last digit your search placed there was {placed} (step {step}): a digit was written there after it and never taken back",
                    board[cell.0][cell.1],
                    cell_name(cell)
                ),
                format!(
                    "返回的棋盘在 {} 是 {:?}，但你的搜索最后放在那里的是 {placed}（第 {step} 步）：之后又写进了一个数字，一直没有撤销",
                    cell_name(cell),
                    board[cell.0][cell.1]
                ),
            )
            .marked(&[cell]),
        );
    }
    let (cell, step) = (0..81).find_map(|index| {
        let step = last_undo[index]?;
        open(index).then_some(((index / 9, index % 9), step))
    })?;
    Some(
        Diagnosis::new(
            Id::NoUndo,
            format!(
                "your search last undid {} at step {step}, but the board returned holds {:?} there: the undo did not blank the cell, or a digit written there after it was never taken back",
                cell_name(cell),
                board[cell.0][cell.1]
            ),
            format!(
                "你的搜索最后一次撤销 {} 是在第 {step} 步，但返回的棋盘那里是 {:?}：撤销没有清空格子，或者之后写进去的数字一直没有撤销",
                cell_name(cell),
                board[cell.0][cell.1]
            ),
        )
        .marked(&[cell]),
    )
}

/// A search that went back at once after a place, though every blank still
/// had a digit that fits, each time with a given next in one reading order
/// (rows or columns), and no place ever past a given in that order: the
/// given was not skipped, and every digit clashes there, with the given
/// itself first.
pub(super) fn given_not_skipped(replay: &Replay) -> Option<Diagnosis> {
    let mut grid = replay.givens;
    let mut backs: Vec<(usize, (usize, usize), u8)> = Vec::new();
    for (index, &movement) in replay.moves.iter().enumerate() {
        if let (Move::Place { row, column, digit }, Some(Move::Undo { row: r, column: c })) =
            (movement, replay.moves.get(index + 1))
        {
            let mut after = grid;
            after[row][column] = digit;
            let blanks_fit = (0..81)
                .map(|index| (index / 9, index % 9))
                .filter(|&(r, c)| after[r][c] == 0)
                .all(|blank| !fitting(&after, blank).is_empty());
            if (*r, *c) == (row, column) && blanks_fit {
                backs.push((index + 1, (row, column), digit));
            }
        }
        match movement {
            Move::Place { row, column, digit } => grid[row][column] = digit,
            Move::Undo { row, column } => {
                if replay.givens[row][column] == 0 {
                    grid[row][column] = 0;
                }
            }
        }
    }
    let given = |cell: Option<(usize, usize)>| {
        cell.filter(|&(row, column)| replay.givens[row][column] != 0)
    };
    let orders: [fn(Cell) -> Option<Cell>; 2] = [
        |(row, column)| {
            (row * 9 + column + 1 < 81)
                .then(|| ((row * 9 + column + 1) / 9, (row * 9 + column + 1) % 9))
        },
        |(row, column)| {
            (column * 9 + row + 1 < 81)
                .then(|| ((column * 9 + row + 1) % 9, (column * 9 + row + 1) / 9))
        },
    ];
    let &(step, cell, digit) = backs.first()?;
    // A search that does not skip the givens never gets past one: no place
    // follows a given in its order.
    let past_a_given = |next: fn(Cell) -> Option<Cell>| {
        replay.moves.iter().any(|movement| match *movement {
            Move::Place { row, column, .. } => (0..81)
                .map(|index| (index / 9, index % 9))
                .any(|cell| given(Some(cell)).is_some() && next(cell) == Some((row, column))),
            Move::Undo { .. } => false,
        })
    };
    let next = orders.into_iter().find(|&next| {
        backs
            .iter()
            .all(|&(_, cell, _)| given(next(cell)).is_some())
            && !past_a_given(next)
    })?;
    let following = next(cell)?;
    let value = replay.givens[following.0][following.1];
    Some(
        Diagnosis::new(
            Id::GivensChanged,
            format!(
                "at step {step} your search placed {digit} at {} and went back at once, though every blank still had a digit that fits; the cell after it, {}, is the given {value}, and so it was each time your search went back at once: a given not skipped, where no digit can go, since the cell is not blank",
                cell_name(cell),
                cell_name(following)
            ),
            format!(
                "第 {step} 步你的搜索在 {} 放了 {digit}，随即退回，而每个空格都还有放得进的数字；它后面的格子 {} 是已知数 {value}，每次立即退回都是这样：没有跳过已知数：那个格子不是空格，什么数字都放不进去",
                cell_name(cell),
                cell_name(following)
            ),
        )
        .marked(&[cell, following]),
    )
}
