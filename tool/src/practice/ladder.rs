//! The ladder: the exercises a learner climbs, in order, each with its
//! stub, its reference, its stages, its hints and its note.

use std::fmt;

use super::Language;
use crate::judge::Entry;
use sudoku37::approaches::{self, Approach};

/// One rung of the ladder.
#[derive(Debug)]
pub struct Exercise {
    /// One word, as in `practice start NAME`; the learner's file is `NAME.rs`.
    pub name: &'static str,
    /// What it asks, in one line: in English, and in Chinese.
    pub title: &'static str,
    title_zh: &'static str,
    /// The function the learner writes.
    pub entry: Entry,
    /// The stub, with `// en:` and `// zh:` comment lines, one of which a
    /// rendered stub keeps.
    pub(super) stub: &'static str,
    /// The approach whose search the exercise asks for: its paste region is
    /// the reference solution (for the solver rungs), its nodes and time the
    /// yardstick.
    pub reference: &'static Approach,
    /// Which stages the learner's code must pass, after compiling.
    pub stages: &'static [Stage],
    /// At most this many nodes per puzzle (or twice the reference's, if more),
    /// counted from the learner's `trace_place` calls.
    pub node_budget: Option<u64>,
    /// Whether the stub asks for the trace hooks, `trace_place` and
    /// `trace_undo`: the checker then reads the search they record.
    pub hooks: bool,
    /// The note that explains the idea, from the repository's root: the
    /// English one, and the Chinese.
    pub note: &'static str,
    note_zh: &'static str,
    /// The three hints before any check, vaguest first: the concept, the
    /// suspicious pattern, the exact section of the note; in English and in
    /// Chinese. After a check, the hints are its diagnosis's.
    pub hints: [&'static str; 3],
    hints_zh: [&'static str; 3],
}

impl Exercise {
    /// Its title in `language`.
    pub fn title_in(&self, language: Language) -> &'static str {
        match language {
            Language::English => self.title,
            Language::Chinese => self.title_zh,
        }
    }

    /// Its note in `language`.
    pub fn note_in(&self, language: Language) -> &'static str {
        match language {
            Language::English => self.note,
            Language::Chinese => self.note_zh,
        }
    }

    /// Its hints before any check, in `language`.
    pub fn hints_in(&self, language: Language) -> [&'static str; 3] {
        match language {
            Language::English => self.hints,
            Language::Chinese => self.hints_zh,
        }
    }

    /// Whether its search tries the digits of one cell in a loop: not
    /// propagation (forced digits, guesses on copies) nor Dancing Links
    /// (the rows of a column).
    pub fn digit_loop(&self) -> bool {
        self.reference.name != approaches::PROPAGATION.name
            && self.reference.name != approaches::DANCING_LINKS.name
    }

    /// Its rung: its place on the ladder, from 1.
    pub fn rung(&self) -> usize {
        LADDER
            .iter()
            .position(|exercise| exercise.name == self.name)
            .map_or(0, |index| index + 1)
    }
}

/// A stage of `practice check`, smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The exercise's own small cases.
    Own,
    /// LeetCode's example.
    Example,
    /// A built-in graded set (its first puzzles).
    Graded(&'static str),
}

impl fmt::Display for Stage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Own => formatter.write_str("own cases"),
            Stage::Example => formatter.write_str("leetcode_example"),
            Stage::Graded(name) => formatter.write_str(name),
        }
    }
}

const SOLVER_STAGES: &[Stage] = &[
    Stage::Own,
    Stage::Example,
    Stage::Graded("graded_easy"),
    Stage::Graded("graded_hard"),
    Stage::Graded("graded_extreme"),
];

/// The ladder, in learning order.
pub const LADDER: &[Exercise] = &[
    Exercise {
        name: "box_of",
        title: "the box index: which 3x3 box holds (r, c)?",
        title_zh: "宫的下标：(r, c) 在哪个 3x3 宫里？",
        entry: Entry::BoxOf,
        stub: include_str!("../../../practice/stubs/box_of.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
        note: "notes/practice.md#the-box-index",
        note_zh: "notes/zh/practice.md#宫的下标",
        hints: [
            "Rows come in three bands of three, columns in three stacks of three; a box is one band crossed with one stack.",
            "Suspect `r / 3 + c / 3`: it gives 0..=4, and boxes 1 and 3 (top middle, middle left) get the same number.",
            "notes/practice.md#the-box-index: `r / 3 * 3 + c / 3`, the band counts three boxes.",
        ],
        hints_zh: [
            "行分成三条带，每条三行；列分成三个栈，每个三列；一个宫就是一条带和一个栈的交叉。",
            "留意 `r / 3 + c / 3`：它的结果是 0..=4，第 1 宫和第 3 宫（上中、左中）会得到同一个编号。",
            "notes/zh/practice.md#宫的下标：`r / 3 * 3 + c / 3`，每条带有三个宫。",
        ],
    },
    Exercise {
        name: "valid_sudoku",
        title: "can these digits stand together? (LeetCode 36, Valid Sudoku)",
        title_zh: "这些数字能同时存在吗？（力扣 36，有效的数独）",
        entry: Entry::IsValidSudoku,
        stub: include_str!("../../../practice/stubs/valid_sudoku.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
        note: "notes/practice.md#can-this-digit-go-here",
        note_zh: "notes/zh/practice.md#这个数字能放在这里吗",
        hints: [
            "Every digit is checked three times: against its row, its column and its box.",
            "Suspect a missing box check, a wrong box formula, or a blank '.' counted as a digit.",
            "notes/practice.md#can-this-digit-go-here",
        ],
        hints_zh: [
            "每个数字要检查三次：它的行、它的列、它的宫。",
            "留意漏掉的宫检查、写错的宫公式，或者把空格 '.' 当成了数字。",
            "notes/zh/practice.md#这个数字能放在这里吗",
        ],
    },
    Exercise {
        name: "one_blank",
        title: "a few blanks, each with one digit that fits: which is it?",
        title_zh: "几个空格，每个只有一个数字能放：是哪个？",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/one_blank.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: false,
        note: "notes/practice.md#can-this-digit-go-here",
        note_zh: "notes/zh/practice.md#这个数字能放在这里吗",
        hints: [
            "Only one digit clashes with nothing in the blank's row, column and box.",
            "Suspect `'1'..'9'`, which never tries 9, or a check that forgets the row, the column or the box.",
            "notes/practice.md#can-this-digit-go-here",
        ],
        hints_zh: [
            "只有一个数字和空格所在的行、列、宫都不冲突。",
            "留意 `'1'..'9'`（永远试不到 9），或者漏掉了行、列、宫中某一个的检查。",
            "notes/zh/practice.md#这个数字能放在这里吗",
        ],
    },
    Exercise {
        name: "one_undo",
        title: "a puzzle whose first fitting digit is wrong, once",
        title_zh: "第一个能放的数字是错的，而且只错一次",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/one_undo.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: &[Stage::Own],
        node_budget: None,
        hooks: true,
        note: "notes/practice.md#a-search-that-gives-up",
        note_zh: "notes/zh/practice.md#放弃了的搜索",
        hints: [
            "The first digit that fits is not always right: when a later cell has no digit left, go back and take back what the wrong digit led to.",
            "Suspect a missing `board[r][c] = '.'` after a failed recursive call, or a `return false` inside the digit loop.",
            "notes/practice.md#a-search-that-gives-up",
        ],
        hints_zh: [
            "第一个能放的数字不一定对：当后面的格子没有数字可放时，要退回去，把错的数字带来的改动都撤回。",
            "留意递归调用失败后少了 `board[r][c] = '.'`，或者数字循环里面的 `return false`。",
            "notes/zh/practice.md#放弃了的搜索",
        ],
    },
    Exercise {
        name: "template",
        title: "the solver: the backtracking template's three slots",
        title_zh: "解法：回溯模板的三个空",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/template.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/interview.md#the-solution-to-write",
        note_zh: "notes/zh/interview.md#要写的解法",
        hints: [
            "Parameters: what one call needs; end condition: when the board is full; choices: the digits that fit, each undone if it fails.",
            "Suspect the end condition (index == 81) placed after a filled-cell skip that indexes the board, or `return false` inside the loop.",
            "notes/interview.md#common-mistakes",
        ],
        hints_zh: [
            "参数：一次调用需要知道什么；终止条件：棋盘什么时候填满；选择：能放的数字，失败就撤回。",
            "留意放在跳过已填格子（会读棋盘）之后的终止条件（index == 81），或者循环里面的 `return false`。",
            "notes/zh/interview.md#常见错误",
        ],
    },
    Exercise {
        name: "found_flag",
        title: "the classic shape: a void search and a found flag",
        title_zh: "经典写法：不返回值的搜索加一个找到标志",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/found_flag.rs"),
        reference: &approaches::SCAN_VALIDATE,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/scan_validate.md#pitfalls",
        note_zh: "notes/zh/scan_validate.md#易错点",
        hints: [
            "Without a return value, the only way to stop is a flag every level checks.",
            "Suspect the flag tested after the cell is blanked: the answer is wiped on the way back up.",
            "notes/scan_validate.md#pitfalls",
        ],
        hints_zh: [
            "没有返回值，停下来的唯一办法就是每一层都检查的标志。",
            "留意在清空格子之后才检查标志：答案会在返回的路上被擦掉。",
            "notes/zh/scan_validate.md#易错点",
        ],
    },
    Exercise {
        name: approaches::EARLY_EXIT.name,
        title: "the classic shape: return bool, unwind at the first solution",
        title_zh: "经典写法：返回 bool，找到第一个解就一路返回",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/early_exit.rs"),
        reference: &approaches::EARLY_EXIT,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/early_exit.md#pitfalls",
        note_zh: "notes/zh/early_exit.md#易错点",
        hints: [
            "`true` travels up and ends every loop on the way; `false` means: undo and try the next digit.",
            "Suspect `return false` inside the digit loop, or a `return true` after it.",
            "notes/early_exit.md#pitfalls",
        ],
        hints_zh: [
            "`true` 一路向上传，结束沿途的每个循环；`false` 的意思是：撤回，试下一个数字。",
            "留意数字循环里面的 `return false`，或者循环之后的 `return true`。",
            "notes/zh/early_exit.md#易错点",
        ],
    },
    Exercise {
        name: approaches::AVAILABLE_SETS.name,
        title: "the classic shape: sets of free digits per unit",
        title_zh: "经典写法：每个单元一个可用数字的集合",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/available_sets.rs"),
        reference: &approaches::AVAILABLE_SETS,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/available_sets.md#pitfalls",
        note_zh: "notes/zh/available_sets.md#易错点",
        hints: [
            "A blank's choices are the digits free in its row, its column and its box at once.",
            "Suspect a digit taken out of a set and not put back on undo.",
            "notes/available_sets.md#pitfalls",
        ],
        hints_zh: [
            "一个空格的选择，是在它的行、列、宫里同时可用的数字。",
            "留意从集合里取出、撤回时却没有放回去的数字。",
            "notes/zh/available_sets.md#易错点",
        ],
    },
    Exercise {
        name: approaches::BOOL_ARRAYS.name,
        title: "the classic shape: three used-digit tables",
        title_zh: "经典写法：三张已用数字表",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/bool_arrays.rs"),
        reference: &approaches::BOOL_ARRAYS,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/bool_arrays.md#pitfalls",
        note_zh: "notes/zh/bool_arrays.md#易错点",
        hints: [
            "rows[r][d], columns[c][d], boxes[b][d]: three lookups replace a scan that compares 24 cells.",
            "Suspect a table set on placing but not cleared on undo, or a digit index off by one (d - 1).",
            "notes/bool_arrays.md#pitfalls",
        ],
        hints_zh: [
            "rows[r][d]、columns[c][d]、boxes[b][d]：三次查表代替比较 24 个格子的扫描。",
            "留意放下时置位、撤回时没有清掉的表，或者差一的数字下标（d - 1）。",
            "notes/zh/bool_arrays.md#易错点",
        ],
    },
    Exercise {
        name: approaches::BITMASK.name,
        title: "bitmask: one u16 per row, column and box",
        title_zh: "位掩码：每行、每列、每宫一个 u16",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/bitmask.rs"),
        reference: &approaches::BITMASK,
        stages: SOLVER_STAGES,
        node_budget: None,
        hooks: true,
        note: "notes/bitmask.md#pitfalls",
        note_zh: "notes/zh/bitmask.md#易错点",
        hints: [
            "A set of digits fits in nine bits; the free digits of a cell are one OR and one NOT away.",
            "Suspect a missing `& 0b1_1111_1111` after the NOT, or a bit set with `|=` but cleared with `^=` twice.",
            "notes/bitmask.md#pitfalls",
        ],
        hints_zh: [
            "一组数字用九个位就能装下；一个格子的可用数字只差一次或运算和一次取反。",
            "留意取反之后少了 `& 0b1_1111_1111`，或者用 `|=` 置位、却用了两次 `^=` 清除。",
            "notes/zh/bitmask.md#易错点",
        ],
    },
    Exercise {
        name: approaches::MOST_CONSTRAINED.name,
        title: "the most-constrained cell: at most 1,000 nodes per puzzle",
        title_zh: "最受约束的格子：每道题最多 1,000 个节点",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/most_constrained.rs"),
        reference: &approaches::MOST_CONSTRAINED,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
        note: "notes/most_constrained.md#the-idea",
        note_zh: "notes/zh/most_constrained.md#思路",
        hints: [
            "Branch where you have the fewest choices: a cell with one candidate is no guess at all.",
            "Suspect a search that still walks the blanks in reading order, or that forgets to stop at a cell with no candidate.",
            "notes/most_constrained.md#the-idea",
        ],
        hints_zh: [
            "在选择最少的地方分支：只有一个候选数的格子根本不算猜。",
            "留意仍然按阅读顺序走空格的搜索，或者遇到没有候选数的格子却不停下。",
            "notes/zh/most_constrained.md#思路",
        ],
    },
    Exercise {
        name: approaches::PROPAGATION.name,
        title: "propagation: naked and hidden singles before each guess",
        title_zh: "约束传播：每次猜之前先填唯一余数和隐性唯一",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/propagation.rs"),
        reference: &approaches::PROPAGATION,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
        note: "notes/propagation.md#the-idea",
        note_zh: "notes/zh/propagation.md#思路",
        hints: [
            "Fill what is forced first: a cell with one candidate, a digit with one place in a unit.",
            "Suspect a guess made on the shared grid instead of a copy, so a failed guess leaves its deductions behind.",
            "notes/propagation.md#pitfalls",
        ],
        hints_zh: [
            "先填被迫确定的：只有一个候选数的格子，在某个单元里只有一个位置的数字。",
            "留意在共享的网格上猜而不是在副本上猜，这样失败的猜测会留下它推出的数字。",
            "notes/zh/propagation.md#易错点",
        ],
    },
    Exercise {
        name: approaches::DANCING_LINKS.name,
        title: "Dancing Links: Knuth's Algorithm X on the exact cover",
        title_zh: "舞蹈链：Knuth 的 X 算法解精确覆盖",
        entry: Entry::SolveSudoku,
        stub: include_str!("../../../practice/stubs/dancing_links.rs"),
        reference: &approaches::DANCING_LINKS,
        stages: SOLVER_STAGES,
        node_budget: Some(1000),
        hooks: true,
        note: "notes/dancing_links.md#the-idea",
        note_zh: "notes/zh/dancing_links.md#思路",
        hints: [
            "Each cell, and each digit in each row, column and box, must be covered exactly once.",
            "Suspect the order of the uncover calls: the column covered last must be uncovered first (the walk inside uncover may go either way).",
            "notes/dancing_links.md#pitfalls",
        ],
        hints_zh: [
            "每个格子，以及每行、每列、每宫里的每个数字，都必须恰好被覆盖一次。",
            "留意 uncover 调用的顺序：最后覆盖的列要最先恢复（uncover 内部往哪个方向走都可以）。",
            "notes/zh/dancing_links.md#易错点",
        ],
    },
];

/// The exercise named `name`.
pub fn find(name: &str) -> Option<&'static Exercise> {
    LADDER.iter().find(|exercise| exercise.name == name)
}

/// The rung after `name`, if any.
pub fn next_after(name: &str) -> Option<&'static Exercise> {
    let position = LADDER.iter().position(|exercise| exercise.name == name)?;
    LADDER.get(position + 1)
}

/// A name that is no rung of the ladder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no exercise {name:?}: the ladder has {}", ladder_names().join(", "))]
pub struct NoExercise {
    pub name: String,
}

fn ladder_names() -> Vec<&'static str> {
    LADDER.iter().map(|exercise| exercise.name).collect()
}

/// The exercise named `name`, or an error that lists the ladder.
pub fn find_exercise(name: &str) -> Result<&'static Exercise, NoExercise> {
    find(name).ok_or_else(|| NoExercise {
        name: name.to_string(),
    })
}
