//! What the rebuilt check says, in words: the decision of the learner's code
//! that a right check would not have made, and why the rebuilt code made
//! it: the cells its check read, or the undo its bookkeeping forgot.

use super::decisions::{Decision, Seen};
use super::grid::{cell_name, clash, fitting, kind_words, Cell, Grid};
use super::hypotheses::{id_of, Hypothesis, Reading};
use super::rebuild::{Because, BeforeMove, Fit};
use super::replay::{Diagnosis, Replay};
use crate::practice::diagnosis::Id;
use sudoku37::grid::UnitKind;

/// The plural of a kind of unit, in English.
fn plural(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Row => "rows",
        UnitKind::Column => "columns",
        UnitKind::Box => "boxes",
    }
}

/// "a" or "an" before a digit written as a numeral: "an 8".
pub(super) fn article(digit: u8) -> &'static str {
    if digit == 8 {
        "an"
    } else {
        "a"
    }
}

/// The cells the check of `hypothesis` reads for `cell`, in both languages.
pub(super) fn reads(hypothesis: &Hypothesis, cell: Cell) -> [String; 2] {
    let [kind, kind_zh] = kind_words(hypothesis.kind);
    match hypothesis.reading {
        Reading::Missing => [
            format!("your {kind} check reads nothing"),
            format!("你的{kind_zh}检查什么都没读"),
        ],
        Reading::Window(window) => {
            let [english, chinese] = window.words(cell);
            [
                format!("your {kind} check reads {english} for {}", cell_name(cell)),
                format!("你的{kind_zh}检查对 {} 读的是{chinese}", cell_name(cell)),
            ]
        }
        Reading::Table {
            given,
            placed,
            query,
            ..
        } => {
            let number = query.of(cell);
            if given == placed {
                let [english, chinese] = given.unit_words(number);
                [
                    format!("your {kind} check reads {english} for {}", cell_name(cell)),
                    format!("你的{kind_zh}检查对 {} 读的是{chinese}", cell_name(cell)),
                ]
            } else {
                let [from_givens, from_givens_zh] = given.unit_words(number);
                let [from_places, from_places_zh] = placed.unit_words(number);
                [
                    format!(
                        "the {kind} bookkeeping your check reads for {} holds the givens of {from_givens} and the digits your search placed in {from_places}",
                        cell_name(cell)
                    ),
                    format!(
                        "你的检查对 {} 读的{kind_zh}记录，装的是{from_givens_zh}的已知数和你的搜索在{from_places_zh}放下的数字",
                        cell_name(cell)
                    ),
                ]
            }
        }
    }
}

/// What the decision was, in both languages: what the search did, and the
/// fact on the board that makes it wrong.
fn decision_words(decision: &Decision, grid: &Grid) -> [String; 2] {
    let cell = cell_name(decision.cell);
    let decision = &Decision {
        at: decision.shown_at(),
        ..*decision
    };
    let digit = decision.digit;
    match decision.seen {
        Seen::Accepted => {
            let (kind, other) = clash(grid, decision.cell, digit).unwrap_or((UnitKind::Row, decision.cell));
            let [unit, unit_zh] = kind_words(kind);
            [
                format!(
                    "your step {} placed {digit} at {cell}, though {} {digit} stands at {} in its {unit}",
                    decision.at + 1,
                    article(digit),
                    cell_name(other)
                ),
                format!(
                    "你的第 {} 步把 {digit} 放在 {cell}，而同一{unit_zh}的 {} 已经是 {digit}",
                    decision.at + 1,
                    cell_name(other)
                ),
            ]
        }
        Seen::Refused => [
            format!(
                "at step {} your search skipped {digit} at {cell}, though {digit} clashes with nothing on the board there",
                decision.at + 1
            ),
            format!(
                "第 {} 步你的搜索在 {cell} 跳过了 {digit}，而棋盘上没有任何 {digit} 和它冲突",
                decision.at + 1
            ),
        ],
        Seen::Untried => [
            format!(
                "at step {} your search gave {cell} up without trying {digit}, though {digit} clashes with nothing on the board there",
                decision.at
            ),
            format!(
                "第 {} 步你的搜索放弃了 {cell}，没有试 {digit}，而棋盘上没有任何 {digit} 和它冲突",
                decision.at
            ),
        ],
        Seen::WentBack => [
            format!(
                "after step {} your search went back at once, though every blank still had a digit that fits",
                decision.at
            ),
            format!(
                "第 {} 步之后你的搜索立即退回了，而每个空格都还有放得进的数字",
                decision.at
            ),
        ],
    }
}

/// The diagnosis of a hypothesis that accounts for every decision.
pub(super) fn explained(fit: &Fit, replay: &Replay) -> Option<Diagnosis> {
    let (decision, grid, because) = fit.first?;
    let hypothesis = fit.hypothesis;
    let id = id_of(&hypothesis);
    let [english, chinese] = decision_words(&decision, &grid);
    // The cell and digit the reason is about: for a search that went back,
    // the first blank whose every digit the rebuilt code refuses.
    let (cell, digit, because) = match decision.seen {
        Seen::WentBack => {
            let state = BeforeMove::at(replay, hypothesis, decision.at);
            let blank = (0..81)
                .map(|index| (index / 9, index % 9))
                .find(|&(r, c)| {
                    grid[r][c] == 0
                        && !fitting(&grid, (r, c)).is_empty()
                        && (1..=9).all(|digit| state.refuses((r, c), digit).is_some())
                })?;
            let digit = fitting(&grid, blank)[0];
            (blank, digit, state.refuses(blank, digit))
        }
        _ => (decision.cell, decision.digit, because),
    };
    let [kind, kind_zh] = kind_words(hypothesis.kind);
    let name = cell_name(cell);
    let (reason, reason_zh, marks) = match because {
        Some(Because::Forgot { cell: other, step }) => (
            format!(
                "{digit} was placed at {} and undone at step {step}, and your {kind} bookkeeping still held it: the board forgot it, your bookkeeping of {} did not",
                cell_name(other),
                plural(hypothesis.kind)
            ),
            format!(
                "{digit} 曾放在 {}，在第 {step} 步撤销，而你的{kind_zh}记录仍然留着它：棋盘忘了它，你对{kind_zh}的记录却没忘",
                cell_name(other)
            ),
            vec![cell, other],
        ),
        Some(Because::Holds(other)) => {
            let [read, read_zh] = reads(&hypothesis, cell);
            (
                format!(
                    "{read}, and {} {digit} stands at {} there: the {kind} check looks at other cells than the {kind}'s",
                    article(digit),
                    cell_name(other)
                ),
                format!(
                    "{read_zh}，而那里的 {} 是 {digit}：{kind_zh}的检查看的不是这个{kind_zh}的格子",
                    cell_name(other)
                ),
                vec![cell, other],
            )
        }
        None => {
            let [read, read_zh] = reads(&hypothesis, cell);
            let tail = if id == Id::DigitRange {
                [
                    format!("its loop stops one short of the {kind}'s nine cells"),
                    format!("它的循环少走了{kind_zh}的一个格子"),
                ]
            } else {
                [
                    format!("the {kind}'s own cells go unread"),
                    format!("这个{kind_zh}自己的格子没有被读到"),
                ]
            };
            (
                format!("{read}: {}", tail[0]),
                format!("{read_zh}：{}", tail[1]),
                vec![cell],
            )
        }
    };
    let mut marks = marks;
    if decision.seen == Seen::Accepted {
        if let Some((_, other)) = clash(&grid, decision.cell, decision.digit) {
            marks.push(other);
        }
    }
    let lead = match decision.seen {
        Seen::WentBack => [
            format!("; at {name}, {digit} fits, but "),
            format!("；{name} 放得进 {digit}，但"),
        ],
        _ => ["; ".to_string(), "；".to_string()],
    };
    Some(
        Diagnosis::new(
            id,
            format!("{english}{}{reason}", lead[0]),
            format!("{chinese}{}{reason_zh}", lead[1]),
        )
        .marked(&marks),
    )
}

/// A loop that stopped early: a right check accounts for every digit the
/// search placed or skipped, and nothing it placed or undid refused the
/// digit it left untried.
pub(super) fn loop_stopped(decision: &Decision, grid: &Grid) -> Diagnosis {
    let [english, chinese] = decision_words(decision, grid);
    let (cell, digits) = match decision.seen {
        Seen::WentBack => {
            let blank = (0..81)
                .map(|index| (index / 9, index % 9))
                .find(|&(r, c)| grid[r][c] == 0)
                .unwrap_or(decision.cell);
            (blank, fitting(grid, blank))
        }
        _ => (decision.cell, vec![decision.digit]),
    };
    let listed = super::grid::digits_text(&digits);
    // A search that went back names the blank; a cell given up is named.
    let [at, at_zh] = if decision.seen == Seen::WentBack {
        [
            format!(" ({listed} at {})", cell_name(cell)),
            format!("（{} 的 {listed}）", cell_name(cell)),
        ]
    } else {
        [String::new(), String::new()]
    };
    Diagnosis::new(
        Id::ReturnInLoop,
        format!(
            "{english}{at}; the digits your search placed and skipped fit a right check, and nothing it placed or took back refused {listed} there: the loop over the choices ended before trying them"
        ),
        format!(
            "{chinese}{at_zh}；你的搜索放下和跳过的数字都符合正确的检查，放下或撤销的数字也都没有挡住那里的 {listed}：选择的循环没试它们就结束了"
        ),
    )
    .marked(&[cell])
}
