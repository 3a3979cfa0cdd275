//! Digits refused although they fit the board: bookkeeping not put back,
//! or a wrong box, each tested against the whole replay.

use super::grid::{cell_name, clash, fitting, Cell, Grid, Kind};
use super::replay::{Diagnosis, Move, Replay};
use crate::practice::diagnosis::Id;

/// A usual wrong formula for the box of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum WrongBox {
    /// The box numbered `r / 3 + c / 3`: every cell whose `r / 3 + c / 3`
    /// is the same.
    Numbered,
    /// The nine cells from row `r / 3`, column `c / 3`.
    Started,
    /// Tables filled from the givens with the right box numbers, then read
    /// and written by the search at `r / 3 + c / 3`: the givens of the box
    /// of that number, and the digits the search placed in cells of the
    /// same `r / 3 + c / 3`.
    Mixed,
}

impl WrongBox {
    /// How the messages name the wrong box, in both languages.
    pub(super) fn words(self) -> [&'static str; 2] {
        match self {
            WrongBox::Numbered => [
                "the box numbered `r / 3 + c / 3`",
                "编号为 `r / 3 + c / 3` 的宫",
            ],
            WrongBox::Started => [
                "the box started at row `r / 3`, column `c / 3`",
                "从第 `r / 3` 行、第 `c / 3` 列起算的宫",
            ],
            WrongBox::Mixed => [
                "box `r / 3 + c / 3` of tables filled from the givens by the right number",
                "按已知数以正确编号填好、却用 `r / 3 + c / 3` 去查的宫",
            ],
        }
    }

    /// Every formula the evidence is weighed against.
    /// The narrowest first: when the evidence fits several, the one whose
    /// cells are fewest is the least likely to fit by chance.
    pub(super) const ALL: [WrongBox; 3] = [WrongBox::Started, WrongBox::Mixed, WrongBox::Numbered];

    /// Where `digit` stands in this wrong box of `cell` on `grid`, the cell
    /// left out (`givens`: the puzzle, for [`WrongBox::Mixed`]).
    pub(super) fn holder(
        self,
        grid: &Grid,
        givens: &Grid,
        (row, column): (usize, usize),
        digit: u8,
    ) -> Option<(usize, usize)> {
        let numbered = row / 3 + column / 3;
        let everywhere = || (0..81).map(|index| (index / 9, index % 9));
        let holds = |&(r, c): &(usize, usize)| grid[r][c] == digit && (r, c) != (row, column);
        match self {
            WrongBox::Numbered => everywhere()
                .filter(|&(r, c)| r / 3 + c / 3 == numbered)
                .find(holds),
            WrongBox::Started => (0..9)
                .map(|index| (row / 3 + index / 3, column / 3 + index % 3))
                .find(holds),
            WrongBox::Mixed => everywhere()
                .filter(|&(r, c)| {
                    if givens[r][c] != 0 {
                        r / 3 * 3 + c / 3 == numbered
                    } else {
                        r / 3 + c / 3 == numbered
                    }
                })
                .find(holds),
        }
    }
}

/// The kinds of unit, in the order the evidence lists them.
const KINDS: [Kind; 3] = [Kind::Row, Kind::Column, Kind::Box];

/// What the replay shows of digits refused although they fit the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refusals {
    /// None was refused.
    None,
    /// One explanation accounts for all of them.
    Explained(Skipping),
    /// Both explanations do: the replay cannot tell them apart.
    Ambiguous,
    /// Neither does.
    Unexplained,
}

/// What refused the digits a search skipped although they fit the board:
/// the one explanation that accounts for every such skip in the replay and
/// that no place of the replay contradicts. `went_back`: the first refusal
/// is a search that went back at once after `step`, with `digit` fitting
/// the blank `cell`; otherwise `digit` was skipped at `cell` on `step`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Skipping {
    /// Bookkeeping not put back on undo: `digit`, refused at `cell` on
    /// `step`, was placed at `other` (a cell of a unit of `cell`) and undone
    /// at step `when`, and the search never chose a digit again in a unit
    /// of `kind` it was undone from (`None` when more than one kind of unit
    /// fits the evidence).
    Stale {
        step: usize,
        cell: (usize, usize),
        digit: u8,
        undone: [Option<((usize, usize), usize)>; 3],
        kind: Option<Kind>,
        went_back: bool,
    },
    /// A wrong box: `digit`, refused at `cell` on `step`, stands at `other`,
    /// in the box a wrong formula gives, and no place put a digit where that
    /// wrong box already held it.
    WrongBox {
        step: usize,
        cell: (usize, usize),
        digit: u8,
        other: (usize, usize),
        formula: WrongBox,
        went_back: bool,
    },
}

/// What each explanation says of one digit refused at a cell: the last
/// undo of the digit in each kind of unit of the cell (cell, step), and
/// where each wrong box of the cell holds it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refused {
    pub(super) digit: u8,
    pub(super) stale: [Option<((usize, usize), usize)>; 3],
    pub(super) boxed: [Option<(usize, usize)>; 3],
}

/// A refusal the search shows: a digit skipped at a cell (a larger one
/// placed while it fitted and had not been tried there), or a search that
/// went back at once although every blank still had a digit that fits: one
/// of those blanks had all of them refused.
#[derive(Debug, Clone)]
pub(super) enum Refusal {
    Skip {
        step: usize,
        cell: (usize, usize),
        refused: Refused,
    },
    Empty {
        step: usize,
        blanks: Vec<((usize, usize), Vec<Refused>)>,
    },
}

/// At most this many refusals are weighed: enough to tell the explanations
/// apart, and bounded on a long replay.
pub(super) const MOST_REFUSALS: usize = 200;

/// For each kind of unit, unit and digit: the cell and step of the last undo
/// of that digit there.
type LastUndo = [[[Option<(Cell, usize)>; 10]; 9]; 3];

/// Tests both explanations of refused digits against the whole replay.
/// Bookkeeping of a kind of unit (rows, columns or boxes) not put back
/// keeps refusing a digit in a unit where it was undone: it explains a
/// refusal by such an undo, and the search never again chooses that digit
/// in that unit (the digits of a cell are taken as chosen when the search
/// comes to it). A wrong box formula explains a refusal by the digit
/// standing in that wrong box, and no place puts a digit where its wrong box
/// holds it.
pub(super) fn explain_skips(replay: &Replay) -> Refusals {
    let unit = |kind: Kind, cell: (usize, usize)| kind.number(cell) - 1;
    let mut grid = replay.givens;
    let mut placed_digit = [[0u8; 9]; 9];
    let mut tried = [[0u16; 9]; 9];
    let mut entry = [[0usize; 9]; 9];
    // For each kind, unit and digit: the first and the last undo there.
    let mut first_undo = [[[usize::MAX; 10]; 9]; 3];
    let mut last_undo: LastUndo = [[[None; 10]; 9]; 3];
    let mut stale_holds = [true; 3];
    let mut box_holds = [true; 3];
    let mut refusals: Vec<Refusal> = Vec::new();
    let refused = |grid: &Grid, last_undo: &LastUndo, cell, digit: u8| Refused {
        digit,
        stale: KINDS.map(|kind| last_undo[kind as usize][unit(kind, cell)][usize::from(digit)]),
        boxed: WrongBox::ALL.map(|formula| formula.holder(grid, &replay.givens, cell, digit)),
    };
    for (index, &movement) in replay.moves.iter().enumerate() {
        let step = index + 1;
        match movement {
            Move::Place { row, column, digit } => {
                let cell = (row, column);
                let again = index > 0
                    && matches!(replay.moves[index - 1], Move::Undo { row: r, column: c } if (r, c) == cell);
                if !again {
                    tried[row][column] = 0;
                    entry[row][column] = step;
                }
                if (1..=9).contains(&digit) {
                    for kind in KINDS {
                        if first_undo[kind as usize][unit(kind, cell)][usize::from(digit)]
                            < entry[row][column]
                        {
                            stale_holds[kind as usize] = false;
                        }
                    }
                    for (f, formula) in WrongBox::ALL.into_iter().enumerate() {
                        if formula.holder(&grid, &replay.givens, cell, digit).is_some() {
                            box_holds[f] = false;
                        }
                    }
                    for skipped in 1..digit {
                        if tried[row][column] & 1 << skipped != 0
                            || clash(&grid, cell, skipped).is_some()
                            || refusals.len() >= MOST_REFUSALS
                        {
                            continue;
                        }
                        refusals.push(Refusal::Skip {
                            step,
                            cell,
                            refused: refused(&grid, &last_undo, cell, skipped),
                        });
                    }
                    tried[row][column] |= 1 << digit;
                }
                grid[row][column] = digit;
                placed_digit[row][column] = digit;
            }
            Move::Undo { row, column } => {
                let cell = (row, column);
                let went_back = index > 0
                    && matches!(replay.moves[index - 1], Move::Place { row: r, column: c, .. } if (r, c) == cell);
                if went_back && refusals.len() < MOST_REFUSALS {
                    // Nothing was placed below: if every blank has a digit
                    // that fits, some blank had all of them refused.
                    let step = step - 1;
                    let blanks: Vec<((usize, usize), Vec<u8>)> = (0..81)
                        .map(|index| (index / 9, index % 9))
                        .filter(|&(r, c)| grid[r][c] == 0)
                        .map(|blank| (blank, fitting(&grid, blank)))
                        .collect();
                    if !blanks.is_empty() && blanks.iter().all(|(_, digits)| !digits.is_empty()) {
                        refusals.push(Refusal::Empty {
                            step,
                            blanks: blanks
                                .into_iter()
                                .map(|(blank, digits)| {
                                    let all = digits
                                        .into_iter()
                                        .map(|digit| refused(&grid, &last_undo, blank, digit))
                                        .collect();
                                    (blank, all)
                                })
                                .collect(),
                        });
                    }
                }
                if replay.givens[row][column] == 0 {
                    grid[row][column] = 0;
                }
                let digit = placed_digit[row][column];
                if (1..=9).contains(&digit) {
                    for kind in KINDS {
                        let (k, u, d) = (kind as usize, unit(kind, cell), usize::from(digit));
                        first_undo[k][u][d] = first_undo[k][u][d].min(step);
                        last_undo[k][u][d] = Some((cell, step));
                    }
                }
            }
        }
    }
    if refusals.is_empty() {
        return Refusals::None;
    }
    // The stale explanation of every refusal by the kinds in `mask` that
    // hold: the first refusal, with the undo each of those kinds cites.
    let stale_with = |mask: [bool; 3]| -> Option<Skipping> {
        let usable = |k: usize| mask[k] && stale_holds[k];
        let cites = |refused: &Refused| {
            let undone: [Option<((usize, usize), usize)>; 3] =
                [0, 1, 2].map(|k| refused.stale[k].filter(|_| usable(k)));
            undone.iter().any(Option::is_some).then_some(undone)
        };
        refusals
            .iter()
            .try_fold(None, |first: Option<Skipping>, refusal| {
                let (step, cell, digit, undone, went_back) = match refusal {
                    Refusal::Skip {
                        step,
                        cell,
                        refused,
                    } => (*step, *cell, refused.digit, cites(refused)?, false),
                    Refusal::Empty { step, blanks } => blanks.iter().find_map(|(blank, all)| {
                        let each: Option<Vec<_>> = all.iter().map(cites).collect();
                        Some((*step, *blank, all[0].digit, each?[0], true))
                    })?,
                };
                Some(first.or(Some(Skipping::Stale {
                    step,
                    cell,
                    digit,
                    undone,
                    kind: None,
                    went_back,
                })))
            })
            .flatten()
    };
    let one = |k: usize| {
        let mut mask = [false; 3];
        mask[k] = true;
        mask
    };
    // The kinds that explain every refusal alone: one names the bookkeeping
    // not put back; several cannot be told apart, and each is cited.
    let alone: Vec<usize> = (0..3)
        .filter(|&k| stale_holds[k] && stale_with(one(k)).is_some())
        .collect();
    let stale = match alone.as_slice() {
        [k] => stale_with(one(*k)).map(|found| match found {
            Skipping::Stale {
                step,
                cell,
                digit,
                undone,
                went_back,
                ..
            } => Skipping::Stale {
                step,
                cell,
                digit,
                undone,
                kind: Some(KINDS[*k]),
                went_back,
            },
            other => other,
        }),
        [] => stale_with([true; 3]),
        several => {
            let mut mask = [false; 3];
            for &k in several {
                mask[k] = true;
            }
            stale_with(mask)
        }
    };
    let wrong_box = (0..3).filter(|&f| box_holds[f]).find_map(|f| {
        refusals
            .iter()
            .try_fold(None, |first: Option<Skipping>, refusal| {
                let found = match refusal {
                    Refusal::Skip {
                        step,
                        cell,
                        refused,
                    } => (*step, *cell, refused.digit, refused.boxed[f]?, false),
                    Refusal::Empty { step, blanks } => blanks.iter().find_map(|(blank, all)| {
                        let each: Option<Vec<_>> =
                            all.iter().map(|refused| refused.boxed[f]).collect();
                        Some((*step, *blank, all[0].digit, each?[0], true))
                    })?,
                };
                let (step, cell, digit, other, went_back) = found;
                Some(first.or(Some(Skipping::WrongBox {
                    step,
                    cell,
                    digit,
                    other,
                    formula: WrongBox::ALL[f],
                    went_back,
                })))
            })
    });
    match (stale, wrong_box.flatten()) {
        (Some(found), None) | (None, Some(found)) => Refusals::Explained(found),
        (Some(_), Some(_)) => Refusals::Ambiguous,
        (None, None) => Refusals::Unexplained,
    }
}

/// A digit skipped at a cell although it fits the board there, when one
/// explanation accounts for every skip ([`explain_skips`]): bookkeeping not
/// put back, or a wrong box.
pub(super) fn skipped_a_fitting_digit(replay: &Replay) -> Option<Diagnosis> {
    let refusal = |step: usize, cell: (usize, usize), digit: u8, went_back: bool| {
        let cell = cell_name(cell);
        if went_back {
            [
                format!("after step {step} your search went back without trying a digit, though {cell} is blank and {digit} fits there"),
                format!("第 {step} 步之后你的搜索一个数字也没试就退回了，而 {cell} 还空着，{digit} 放得进去"),
            ]
        } else {
            [
                format!("at step {step} your search skipped {digit} at {cell}, though {digit} clashes with nothing on the board there"),
                format!("第 {step} 步你的搜索在 {cell} 跳过了 {digit}，而棋盘上没有任何 {digit} 和它冲突"),
            ]
        }
    };
    let Refusals::Explained(explained) = explain_skips(replay) else {
        return None;
    };
    match explained {
        Skipping::WrongBox {
            step,
            cell,
            digit,
            other,
            formula,
            went_back,
        } => {
            let [english, chinese] = refusal(step, cell, digit, went_back);
            let [named, named_zh] = formula.words();
            Some(
                Diagnosis::new(
                    Id::WrongBoxIndex,
                    format!(
                        "{english}; a {digit} stands at {}, in {named}, and your search never placed a digit where that wrong box held it: the box check looks at the wrong cells",
                        cell_name(other)
                    ),
                    format!(
                        "{chinese}；{} 有一个 {digit}，它在{named_zh}里，而你的搜索从没把数字放进那个错误的宫里已有它的地方：宫的检查看错了格子",
                        cell_name(other)
                    ),
                )
                .marked(&[cell, other]),
            )
        }
        Skipping::Stale {
            step,
            cell,
            digit,
            undone,
            kind,
            went_back,
        } => {
            let [english, chinese] = refusal(step, cell, digit, went_back);
            // Each undo cited, once, with the units of the cell it shares.
            let mut cited: Vec<((usize, usize), usize, Vec<Kind>)> = Vec::new();
            for (k, found) in undone.iter().enumerate() {
                if let Some((other, when)) = *found {
                    match cited.iter_mut().find(|(o, w, _)| (*o, *w) == (other, when)) {
                        Some((_, _, kinds)) => kinds.push(KINDS[k]),
                        None => cited.push((other, when, vec![KINDS[k]])),
                    }
                }
            }
            let units = |kinds: &[Kind], language: usize| -> String {
                let words: Vec<&str> = kinds.iter().map(|kind| kind.words()[language]).collect();
                words.join(if language == 0 { " and " } else { "和" })
            };
            let undos = cited
                .iter()
                .map(|(other, when, kinds)| {
                    format!(
                        "{digit} was placed at {} (in the same {}) and undone at step {when}",
                        cell_name(*other),
                        units(kinds, 0)
                    )
                })
                .collect::<Vec<_>>()
                .join(", and ");
            let undos_zh = cited
                .iter()
                .map(|(other, when, kinds)| {
                    format!(
                        "{digit} 曾放在 {}（同一{}），在第 {when} 步撤回",
                        cell_name(*other),
                        units(kinds, 1)
                    )
                })
                .collect::<Vec<_>>()
                .join("；");
            let marks: Vec<(usize, usize)> = std::iter::once(cell)
                .chain(cited.iter().map(|(other, _, _)| *other))
                .collect();
            let (english, chinese) = match kind {
                Some(kind) => {
                    let [unit, unit_zh] = kind.words();
                    (
                        format!("{english}; {undos}, and your search never chose a digit again in a {unit} it had been undone from: the board forgot it, your bookkeeping of {unit}s did not"),
                        format!("{chinese}；{undos_zh}，而撤回过的数字再也没有在它离开的{unit_zh}里被选中：棋盘忘了它，你对{unit_zh}的记录（表、掩码或集合）却没忘"),
                    )
                }
                None => (
                    format!("{english}; {undos}: the board forgot it, your bookkeeping did not"),
                    format!("{chinese}；{undos_zh}：棋盘忘了它，你的记录（表、掩码或集合）却没忘"),
                ),
            };
            Some(Diagnosis::new(Id::StateNotUndone, english, chinese).marked(&marks))
        }
    }
}
