//! The hints of each [`Id`]: four per mistake, each more concrete than the
//! last: the concept (what `practice check` prints), the pattern to look
//! for in the code, the section of a note that explains it, and at last the
//! code; each in English and Chinese.

use super::diagnosis::Id;
use super::Exercise;
use crate::practice::Language;
use sudoku37::approaches;

/// One hint of an [`Id`], in both languages.
struct Hints {
    id: Id,
    /// What the idea is, without code: what `check` prints.
    concept: [&'static str; 2],
    /// What to look for in the code.
    pattern: [&'static str; 2],
    /// The section of `notes/practice.md` (and `notes/zh/practice.md`).
    section: [&'static str; 2],
    /// The fix, at last.
    code: [&'static str; 2],
}

impl Id {
    fn hints(self) -> &'static Hints {
        HINTS
            .iter()
            .find(|hints| hints.id == self)
            .unwrap_or(&HINTS[HINTS.len() - 1])
    }

    /// The concept behind the mistake, in a sentence or two, with no code:
    /// what `practice check` prints under its diagnosis.
    pub fn concept(self, language: Language) -> &'static str {
        pick(self.hints().concept, language)
    }

    /// What to look for in the code.
    pub fn pattern(self, language: Language) -> &'static str {
        pick(self.hints().pattern, language)
    }

    /// The code that fixes it, the last hint.
    pub fn code(self, language: Language) -> &'static str {
        pick(self.hints().code, language)
    }

    /// The section of a note that explains it, for `exercise`: mostly
    /// `notes/practice.md`'s (or the Chinese note's), a few in the note of
    /// the approach the rung asks for.
    pub fn section(self, exercise: &Exercise, language: Language) -> String {
        let zh = language == Language::Chinese;
        let note = |english: &str, chinese: &str| {
            if zh {
                format!("notes/zh/{chinese}")
            } else {
                format!("notes/{english}")
            }
        };
        let bitmask = exercise.reference.name == approaches::BITMASK.name;
        match (self, bitmask) {
            // `& ALL_DIGITS` forgotten after the NOT: bits past the ninth.
            (Id::DigitRange, true) => note("bitmask.md#pitfalls", "bitmask.md#易错点"),
            (Id::StateNotUndone, true) => note("bitmask.md#pitfalls", "bitmask.md#易错点"),
            (Id::AnswerErased, _) => note("scan_validate.md#pitfalls", "scan_validate.md#易错点"),
            (Id::OverNodeBudget, _) => exercise.note_in(language).to_string(),
            _ => {
                let [english, chinese] = self.hints().section;
                note(
                    &format!("practice.md#{english}"),
                    &format!("practice.md#{chinese}"),
                )
            }
        }
    }
}

fn pick(texts: [&'static str; 2], language: Language) -> &'static str {
    match language {
        Language::English => texts[0],
        Language::Chinese => texts[1],
    }
}

const HINTS: &[Hints] = &[
    Hints {
        id: Id::WrongBoxIndex,
        concept: [
            "The box check looks at the wrong nine cells: two cells of different boxes are taken for one box, or one box is split.",
            "宫的检查看错了九个格子：把不同宫的两个格子当成了同一个宫，或者把一个宫拆开了。",
        ],
        pattern: [
            "Look at how a cell's box is numbered or where its first cell is: the row's band must count three boxes.",
            "看宫的编号或宫的起点是怎么算的：行所在的带要乘以 3。",
        ],
        section: ["the-box-index", "宫的下标"],
        code: [
            "let b = r / 3 * 3 + c / 3; // the box's first cell: (r / 3 * 3, c / 3 * 3)",
            "let b = r / 3 * 3 + c / 3; // 宫的第一个格子：(r / 3 * 3, c / 3 * 3)",
        ],
    },
    Hints {
        id: Id::MissingRowCheck,
        concept: [
            "A digit was accepted although the same digit stands in its row: the check that a digit can go here does not look along the row.",
            "一个数字被接受了，可它所在的行里已经有同一个数字：判断数字能否放下的检查没有看这一行。",
        ],
        pattern: [
            "Find the function that decides whether d can go at (r, c): is there a loop over the row's nine cells, `board[r][i]`?",
            "找到判断 d 能否放在 (r, c) 的函数：有没有遍历这一行九个格子（`board[r][i]`）的循环？",
        ],
        section: ["can-this-digit-go-here", "这个数字能放在这里吗"],
        code: [
            "for i in 0..9 { if board[r][i] == d { return false; } }",
            "for i in 0..9 { if board[r][i] == d { return false; } }",
        ],
    },
    Hints {
        id: Id::MissingColumnCheck,
        concept: [
            "A digit was accepted although the same digit stands in its column: the check that a digit can go here does not look down the column.",
            "一个数字被接受了，可它所在的列里已经有同一个数字：判断数字能否放下的检查没有看这一列。",
        ],
        pattern: [
            "In the function that decides whether d can go at (r, c), look for a loop over the column, `board[i][c]`: missing, or reading `board[r][i]` twice.",
            "在判断 d 能否放在 (r, c) 的函数里，找遍历这一列的循环（`board[i][c]`）：是不是漏了，或者写成了两遍 `board[r][i]`。",
        ],
        section: ["can-this-digit-go-here", "这个数字能放在这里吗"],
        code: [
            "for i in 0..9 { if board[i][c] == d { return false; } }",
            "for i in 0..9 { if board[i][c] == d { return false; } }",
        ],
    },
    Hints {
        id: Id::MissingBoxCheck,
        concept: [
            "A digit was accepted although the same digit stands in its 3x3 box: the check that a digit can go here does not look at the box.",
            "一个数字被接受了，可它所在的 3x3 宫里已经有同一个数字：判断数字能否放下的检查没有看这个宫。",
        ],
        pattern: [
            "Look for the third check, over the box's nine cells; rows and columns alone let a box hold a digit twice.",
            "找第三个检查，遍历宫里的九个格子；只查行和列，一个宫里仍可能出现两次同一个数字。",
        ],
        section: ["can-this-digit-go-here", "这个数字能放在这里吗"],
        code: [
            "for i in 0..9 { if board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d { return false; } }",
            "for i in 0..9 { if board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d { return false; } }",
        ],
    },
    Hints {
        id: Id::BlankAsDigit,
        concept: [
            "The blank '.' is counted as a digit: two blanks in a unit look like a clash.",
            "空格 '.' 被当成了数字：一个单元里有两个空格，就被当成了冲突。",
        ],
        pattern: [
            "Where the checker compares or records digits, is '.' skipped first?",
            "在比较或记录数字的地方，有没有先跳过 '.'？",
        ],
        section: ["can-this-digit-go-here", "这个数字能放在这里吗"],
        code: [
            "if board[r][c] == '.' { continue; }",
            "if board[r][c] == '.' { continue; }",
        ],
    },
    Hints {
        id: Id::SelfClash,
        concept: [
            "A cell is compared with itself: every digit clashes with its own cell.",
            "一个格子和它自己比较了：每个数字都和自己所在的格子冲突。",
        ],
        pattern: [
            "In the scan of a unit, is the cell being tested skipped, or is the digit recorded only after the scan?",
            "扫描单元时，有没有跳过正在检查的格子，或者等扫描完再记录这个数字？",
        ],
        section: ["can-this-digit-go-here", "这个数字能放在这里吗"],
        code: [
            "if (i, j) != (r, c) && board[i][j] == d { return false; }",
            "if (i, j) != (r, c) && board[i][j] == d { return false; }",
        ],
    },
    Hints {
        id: Id::DigitRange,
        concept: [
            "A range is one off: the digits run from '1' to '9' both included, the indices from 0 to 8.",
            "有一个范围差了一：数字从 '1' 到 '9'，两头都包含；下标从 0 到 8。",
        ],
        pattern: [
            "Look at every `..` and `..=`: `'1'..'9'` never tries 9, `0..=9` reads a tenth cell, and a digit d indexes a table of nine as d - 1.",
            "检查每个 `..` 和 `..=`：`'1'..'9'` 永远试不到 9，`0..=9` 会读到第十个格子，数字 d 在九格的表里的下标是 d - 1。",
        ],
        section: ["ranges", "范围"],
        code: [
            "for d in '1'..='9' { .. }   // and table[d as usize - '1' as usize]",
            "for d in '1'..='9' { .. }   // 表的下标：d as usize - '1' as usize",
        ],
    },
    Hints {
        id: Id::GivensChanged,
        concept: [
            "The givens are not the search's: it must skip every cell that is not '.', and write only into blanks.",
            "已知数不归搜索管：不是 '.' 的格子都要跳过，只往空格里写。",
        ],
        pattern: [
            "Where the search picks its next cell, is a cell that is not '.' skipped?",
            "搜索挑选下一个格子时，有没有跳过不是 '.' 的格子？",
        ],
        section: ["givens-stay", "已知数字不能改"],
        code: [
            "if board[r][c] != '.' { return Self::solve(board, index + 1); }",
            "if board[r][c] != '.' { return Self::solve(board, index + 1); }",
        ],
    },
    Hints {
        id: Id::NoUndo,
        concept: [
            "A digit that led nowhere was never taken back: the board still holds it when the search tries the next digit.",
            "走不通的数字没有撤回：搜索试下一个数字时，棋盘上还留着它。",
        ],
        pattern: [
            "After the recursive call fails, is the cell blanked again before the loop tries the next digit?",
            "递归调用失败之后，在循环试下一个数字之前，有没有把格子重新写回 '.'？",
        ],
        section: ["the-undo", "撤销"],
        code: [
            "board[r][c] = d; if Self::solve(board) { return true; } board[r][c] = '.';",
            "board[r][c] = d; if Self::solve(board) { return true; } board[r][c] = '.';",
        ],
    },
    Hints {
        id: Id::StateNotUndone,
        concept: [
            "The board was put back, but the bookkeeping beside it was not: a table, a mask or a set still says a digit is used.",
            "棋盘恢复了，可旁边的记录没有恢复：某张表、某个掩码或某个集合仍然说这个数字已被占用。",
        ],
        pattern: [
            "Everything the search changes when it places a digit must be changed back when it undoes it: count the updates on both sides.",
            "放下一个数字时改了什么，撤回时就要全部改回来：把两边的更新逐一对照。",
        ],
        section: ["the-undo", "撤销"],
        code: [
            "rows[r][d] = false; columns[c][d] = false; boxes[b][d] = false; board[r][c] = '.';",
            "rows[r][d] = false; columns[c][d] = false; boxes[b][d] = false; board[r][c] = '.';",
        ],
    },
    Hints {
        id: Id::AnswerErased,
        concept: [
            "The search found the answer and then erased it on the way back up: the undo ran after the board was full.",
            "搜索已经找到了答案，却在返回的路上把它擦掉了：棋盘填满之后撤销还在执行。",
        ],
        pattern: [
            "After the recursive call, is the cell blanked even when the search has just succeeded?",
            "递归调用返回之后，即使搜索刚刚成功，格子是不是也被清空了？",
        ],
        section: ["the-answer-kept", "答案要留住"],
        code: [
            "Self::search(board, index + 1, found); if *found { return; } board[r][c] = '.';",
            "Self::search(board, index + 1, found); if *found { return; } board[r][c] = '.';",
        ],
    },
    Hints {
        id: Id::ReturnInLoop,
        concept: [
            "The search gave up on a cell after its first digit failed, before trying the others.",
            "搜索在一个格子的第一个数字失败后就放弃了这个格子，没有试其余的数字。",
        ],
        pattern: [
            "Look for a `return false` inside the loop over digits: it belongs after the loop.",
            "找数字循环里面的 `return false`：它应该放在循环之后。",
        ],
        section: ["a-search-that-gives-up", "放弃了的搜索"],
        code: [
            "for d in '1'..='9' { if ok { place; if solve { return true; } undo; } } return false;",
            "for d in '1'..='9' { if ok { 放下; if solve { return true; } 撤回; } } return false;",
        ],
    },
    Hints {
        id: Id::SolvedACopy,
        concept: [
            "The search solved a copy of the board, and the board LeetCode passes in came back unchanged.",
            "搜索解的是棋盘的副本，力扣传进来的棋盘原样返回了。",
        ],
        pattern: [
            "Look for `.clone()` on the board, or a grid of your own that is never written back into `board`.",
            "找对棋盘的 `.clone()`，或者自己的网格最后没有写回 `board`。",
        ],
        section: ["the-answer-kept", "答案要留住"],
        code: [
            "*board = solved; // or fill board[r][c] from your own grid at the end",
            "*board = solved; // 或者最后把自己的网格逐格写回 board[r][c]",
        ],
    },
    Hints {
        id: Id::NoSearch,
        concept: [
            "The code never went back: when no cell is forced, or a digit leads nowhere, a solver must guess, and take the guess back when it fails.",
            "代码从不回退：没有格子是确定的、或者一个数字走不通的时候，解法必须猜，猜错了要撤回。",
        ],
        pattern: [
            "Is there a recursive call (or a stack) that tries a digit and returns false when it leads nowhere?",
            "有没有一个递归调用（或一个栈）去试一个数字，走不通时返回 false？",
        ],
        section: ["a-search-that-gives-up", "放弃了的搜索"],
        code: [
            "fn solve(board) -> bool { pick a blank; for each digit that fits { place; if solve(board) { return true; } undo; } false }",
            "fn solve(board) -> bool { 选一个空格; 对每个能放的数字 { 放下; if solve(board) { return true; } 撤回; } false }",
        ],
    },
    Hints {
        id: Id::NoPruning,
        concept: [
            "The search places digits without checking them, and tests the board only at the end: the tree it walks is 9 to the power of the blanks.",
            "搜索放数字时不做检查，只在最后检查整个棋盘：它要走的树有 9 的空格数次方那么大。",
        ],
        pattern: [
            "Before placing a digit, is there a call that checks its row, column and box?",
            "放下一个数字之前，有没有调用检查它的行、列和宫？",
        ],
        section: ["no-pruning", "不剪枝"],
        code: [
            "for d in '1'..='9' { if !Self::can_place(board, r, c, d) { continue; } .. }",
            "for d in '1'..='9' { if !Self::can_place(board, r, c, d) { continue; } .. }",
        ],
    },
    Hints {
        id: Id::EndlessSearch,
        concept: [
            "The search does not move on: a call must fill a cell or go to the next one, or it repeats itself for ever.",
            "搜索没有往前走：每次调用要么填一个格子，要么去下一个格子，否则就会无休止地重复。",
        ],
        pattern: [
            "Where a filled cell is skipped, is the next call made with index + 1?",
            "跳过已填格子的地方，下一次调用传的是不是 index + 1？",
        ],
        section: ["a-search-that-never-ends", "停不下来的搜索"],
        code: [
            "if board[r][c] != '.' { return Self::solve(board, index + 1); }",
            "if board[r][c] != '.' { return Self::solve(board, index + 1); }",
        ],
    },
    Hints {
        id: Id::TooSlow,
        concept: [
            "The search is too big for this stage: the next rung's idea makes it smaller.",
            "这一关的搜索太大了：下一级的思路能让它变小。",
        ],
        pattern: [
            "Count your nodes against the reference's: what does the reference look at before it guesses?",
            "把你的节点数和参考解比一比：参考解在猜之前看了些什么？",
        ],
        section: ["too-slow-the-next-idea", "太慢下一个思路"],
        code: [
            "(the rung's note shows the reference's code)",
            "（这一级的笔记里有参考解的代码）",
        ],
    },
    Hints {
        id: Id::EndTestOrder,
        concept: [
            "The search reads a cell past the last one: the test that the board is done must come before the code that looks at the next cell.",
            "搜索读到了最后一个格子之后：判断是否结束的检查必须放在读下一个格子的代码之前。",
        ],
        pattern: [
            "Is `if index == 81 { return true; }` the first line of the search, before `board[index / 9][index % 9]`?",
            "`if index == 81 { return true; }` 是不是搜索的第一行，在 `board[index / 9][index % 9]` 之前？",
        ],
        section: ["the-end-test-first", "先判断终止条件"],
        code: [
            "if index == 81 { return true; } let (r, c) = (index / 9, index % 9);",
            "if index == 81 { return true; } let (r, c) = (index / 9, index % 9);",
        ],
    },
    Hints {
        id: Id::NotADigit,
        concept: [
            "A cell holds something other than the characters '1' to '9': the board holds chars, not numbers.",
            "某个格子里放的不是字符 '1' 到 '9'：棋盘存的是字符，不是数字。",
        ],
        pattern: [
            "Where a digit is written into the board, is a number turned into a char correctly?",
            "往棋盘里写数字的地方，数字有没有正确地转成字符？",
        ],
        section: ["digits-are-chars", "数字是字符"],
        code: [
            "board[r][c] = (b'0' + d) as char; // d in 1..=9",
            "board[r][c] = (b'0' + d) as char; // d 取 1..=9",
        ],
    },
    Hints {
        id: Id::OverNodeBudget,
        concept: [
            "The search visits too many nodes for this rung: branch where the fewest digits are left.",
            "这一级的搜索访问的节点太多：应该在剩下数字最少的地方分支。",
        ],
        pattern: [
            "Which cell does your search branch on? Count each blank's candidates and take the smallest count; a count of 0 means undo at once.",
            "你的搜索在哪个格子上分支？数一数每个空格的候选数，取最少的；候选数为 0 就立即回退。",
        ],
        section: ["too-slow-the-next-idea", "太慢下一个思路"],
        code: [
            "let (r, c) = blanks.iter().min_by_key(|&&(r, c)| candidates(r, c).count_ones())?;",
            "let (r, c) = blanks.iter().min_by_key(|&&(r, c)| candidates(r, c).count_ones())?;",
        ],
    },
    Hints {
        id: Id::NotCounted,
        concept: [
            "This rung is judged by its node count, taken from your trace_place calls, and there were none.",
            "这一级按节点数评判，节点数来自你对 trace_place 的调用，而你一次都没有调用。",
        ],
        pattern: [
            "Call trace_place(r, c, d) where the search places a digit, and trace_undo(r, c) where it takes it back.",
            "在搜索放下数字的地方调用 trace_place(r, c, d)，在撤回的地方调用 trace_undo(r, c)。",
        ],
        section: ["trace-hooks", "跟踪钩子"],
        code: [
            "board[r][c] = d; trace_place(r, c, d); .. board[r][c] = '.'; trace_undo(r, c);",
            "board[r][c] = d; trace_place(r, c, d); .. board[r][c] = '.'; trace_undo(r, c);",
        ],
    },
    Hints {
        id: Id::CompileError,
        concept: [
            "rustc rejected the code: its first error is the one to read, the later ones often follow from it.",
            "rustc 拒绝了这段代码：先看第一个错误，后面的往往是它引起的。",
        ],
        pattern: [
            "The line numbers are your file's own: go to the first error's line and read its `help:`.",
            "行号就是你文件里的行号：找到第一个错误所在的行，读它的 `help:`。",
        ],
        section: ["compile-errors", "编译错误"],
        code: [
            "board[r][c] = (b'0' + d) as char; // the most common: expected char, found u8",
            "board[r][c] = (b'0' + d) as char; // 最常见的：expected char, found u8",
        ],
    },
    Hints {
        id: Id::Unfinished,
        concept: [
            "A todo!() is still in the code: it panics when it runs.",
            "代码里还有 todo!()：它一运行就会 panic。",
        ],
        pattern: [
            "Replace each todo!() with the step its comment describes, smallest helper first.",
            "把每个 todo!() 换成注释里描述的那一步，先写最小的辅助函数。",
        ],
        section: ["the-stub", "骨架代码"],
        code: [
            "(the comment above each todo!() says what to write)",
            "（每个 todo!() 上面的注释说明了要写什么）",
        ],
    },
    Hints {
        id: Id::PanicOther,
        concept: [
            "The code panicked: the message and the line say where and why.",
            "代码 panic 了：信息和行号说明了在哪里、为什么。",
        ],
        pattern: [
            "Go to the line the panic names; an unwrap() on None or an arithmetic overflow are the usual causes.",
            "找到 panic 提到的那一行；通常是对 None 调用了 unwrap()，或者算术溢出。",
        ],
        section: ["other-panics", "其他-panic"],
        code: [
            "if let Some(value) = maybe { .. } // instead of maybe.unwrap()",
            "if let Some(value) = maybe { .. } // 而不是 maybe.unwrap()",
        ],
    },
    Hints {
        id: Id::MemoryLimit,
        concept: [
            "The program asked for more memory than the limit: a board needs a few hundred bytes, so something grows without bound.",
            "程序要的内存超过了上限：一个棋盘只需要几百字节，一定有东西在无限增长。",
        ],
        pattern: [
            "Look for a Vec that grows in a loop, or a clone of the board at every node that is kept.",
            "找在循环里不断增长的 Vec，或者每个节点都克隆一份棋盘并保留下来。",
        ],
        section: ["memory-and-output", "内存和输出"],
        code: [
            "(undo on the one board instead of keeping a copy per node)",
            "（在同一个棋盘上撤回，而不是每个节点保留一份副本）",
        ],
    },
    Hints {
        id: Id::OutputLimit,
        concept: [
            "The program prints inside the search: a print there runs at every node, and the output, or the time it takes, passes the limit.",
            "程序在搜索里打印：那里的打印语句每个节点都会执行，输出的量或者花的时间就超过了上限。",
        ],
        pattern: [
            "Look for println! or eprintln! inside the recursive function.",
            "找递归函数里的 println! 或 eprintln!。",
        ],
        section: ["memory-and-output", "内存和输出"],
        code: [
            "(delete the prints, or keep one behind `if depth < 2`)",
            "（删掉打印，或者只在 `if depth < 2` 时打印）",
        ],
    },
    Hints {
        id: Id::NoKnownPattern,
        concept: [
            "The checker cannot name this mistake: what differs is shown above, and it is the place to start.",
            "检查器说不出这个错误的名字：上面给出了不同之处，从那里开始找。",
        ],
        pattern: [
            "Run the failing case by hand (LeetCode's test box takes the input shown) and print the board when the search returns.",
            "手动运行这个失败的用例（力扣的测试框可以直接粘贴上面的输入），在搜索返回时打印棋盘。",
        ],
        section: ["what-the-checker-cannot-name", "检查器说不出原因的时候"],
        code: [
            "(the reference: sudoku37 paste NAME, once you have tried)",
            "（参考解：sudoku37 paste NAME，请先自己试过）",
        ],
    },
];
