//! Nodes against the exercise's budget, and how the search chose the cells
//! it branched on.

use super::grid::{cell_name, fitting, grid_of};
use super::replay::{Diagnosis, Move, Replay, SolverCase};
use crate::practice::diagnosis::Id;

/// Right answers on an exercise judged by its node count.
pub(super) fn node_count(case: &SolverCase<'_>, replay: &Replay, nodes: u64) -> Option<Diagnosis> {
    let budget = case.node_budget?;
    let blanks = grid_of(case.board)
        .iter()
        .flatten()
        .filter(|&&digit| digit == 0)
        .count();
    if nodes == 0 && blanks > 0 && case.defines_hooks {
        return Some(Diagnosis::new(
            Id::NotCounted,
            "right answers, but your file defines trace_place itself, so its calls go to your own function and none reaches the checker: the nodes cannot be counted".to_string(),
            "答案正确，但你的文件自己定义了 trace_place，调用都进了你自己的函数，一次也没有到检查器这里：节点数无法统计".to_string(),
        ));
    }
    if nodes == 0 && blanks > 0 {
        return Some(Diagnosis::new(
            Id::NotCounted,
            "right answers, but no trace_place call was made: the nodes cannot be counted"
                .to_string(),
            "答案正确，但没有调用 trace_place：节点数无法统计".to_string(),
        ));
    }
    over_budget(case, budget, nodes, replay, None)
}

/// Nodes over the exercise's budget (at least twice the reference's), with how
/// the search chose its cells: how often it branched on a cell with more
/// candidates than the tightest blank. `timed_out`: the time limit that ran
/// out, when the search did not finish.
pub(super) fn over_budget(
    case: &SolverCase<'_>,
    budget: u64,
    nodes: u64,
    replay: &Replay,
    timed_out: Option<&str>,
) -> Option<Diagnosis> {
    let allowed = budget.max(2 * case.reference_nodes);
    if nodes <= allowed {
        return None;
    }
    let [mut english, mut chinese] = match timed_out {
        None => [
            format!(
                "the right answer, with {nodes} nodes: over the budget of {allowed} on this puzzle (the reference: {})",
                case.reference_nodes
            ),
            format!(
                "答案正确，但用了 {nodes} 个节点：超过了这道题 {allowed} 的上限（参考解：{}）",
                case.reference_nodes
            ),
        ],
        Some(seconds) => {
            let [at_least, at_least_zh] = if replay.truncated {
                ["at least ", "至少 "]
            } else {
                ["", ""]
            };
            [
                format!(
                    "no answer within {seconds}, after {at_least}{nodes} nodes: over the budget of {allowed} on this puzzle (the reference: {})",
                    case.reference_nodes
                ),
                format!(
                    "{seconds} 内没有回答，已经用了{at_least_zh} {nodes} 个节点：超过了这道题 {allowed} 的上限（参考解：{}）",
                    case.reference_nodes
                ),
            ]
        }
    };
    let mut marked = Vec::new();
    if let Some(choice) = looser_choices(replay) {
        english.push_str(&format!(
            "; of the first {} cells your search branched on, {} had more candidates than the tightest blank, the first at step {}: {} with {}, while {} had {}",
            choice.entries,
            choice.looser,
            choice.step,
            cell_name(choice.cell),
            choice.count,
            cell_name(choice.tightest),
            choice.tightest_count
        ));
        chinese.push_str(&format!(
            "；你的搜索分支的前 {} 个格子里，有 {} 个的候选数比最紧的空格多，第一次在第 {} 步：{} 有 {} 个候选，而 {} 只有 {} 个",
            choice.entries,
            choice.looser,
            choice.step,
            cell_name(choice.cell),
            choice.count,
            cell_name(choice.tightest),
            choice.tightest_count
        ));
        marked = vec![choice.cell, choice.tightest];
    }
    Some(Diagnosis::new(Id::OverNodeBudget, english, chinese).marked(&marked))
}

/// How a search chose the cells it branched on, from its trace.
pub(super) struct Choices {
    /// Cells the search came to (a first place there), counted.
    pub(super) entries: usize,
    /// Of those, the cells with more candidates than the tightest blank.
    pub(super) looser: usize,
    /// The first such: its step, cell and candidates, and the tightest
    /// blank then with its candidates.
    pub(super) step: usize,
    pub(super) cell: (usize, usize),
    pub(super) count: usize,
    pub(super) tightest: (usize, usize),
    pub(super) tightest_count: usize,
}

/// At most this many cells the search came to are weighed.
pub(super) const MOST_ENTRIES: usize = 1000;

/// The cells the search came to with more candidates than the tightest
/// blank, when there are any.
pub(super) fn looser_choices(replay: &Replay) -> Option<Choices> {
    let mut grid = replay.givens;
    let mut entries = 0;
    let mut looser = 0;
    let mut first = None;
    for (index, &movement) in replay.moves.iter().enumerate() {
        match movement {
            Move::Place { row, column, digit } => {
                let again = index > 0
                    && matches!(replay.moves[index - 1], Move::Undo { row: r, column: c } if (r, c) == (row, column));
                if !again && entries < MOST_ENTRIES {
                    entries += 1;
                    let count = fitting(&grid, (row, column)).len();
                    let tightest = (0..81)
                        .map(|index| (index / 9, index % 9))
                        .filter(|&(r, c)| grid[r][c] == 0)
                        .map(|blank| (fitting(&grid, blank).len(), blank))
                        .min();
                    if let Some((tightest_count, tightest)) =
                        tightest.filter(|&(least, _)| least < count)
                    {
                        looser += 1;
                        first.get_or_insert((
                            index + 1,
                            (row, column),
                            count,
                            tightest,
                            tightest_count,
                        ));
                    }
                }
                grid[row][column] = digit;
            }
            Move::Undo { row, column } => {
                if replay.givens[row][column] == 0 {
                    grid[row][column] = 0;
                }
            }
        }
    }
    let (step, cell, count, tightest, tightest_count) = first?;
    Some(Choices {
        entries,
        looser,
        step,
        cell,
        count,
        tightest,
        tightest_count,
    })
}
