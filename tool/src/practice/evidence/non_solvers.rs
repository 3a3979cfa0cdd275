//! The exercises that are not solvers (`box_of`, `valid_sudoku`), and the
//! compiler's errors.

use super::grid::cell_name;
use super::replay::Diagnosis;
use crate::practice::diagnosis::Id;
use sudoku37::board::{Board, BLANK};
use sudoku37::grid::BOX;

/// What `box_of` answered, all 81 cells: why it is wrong, or `None`.
pub fn diagnose_box_of(answers: &[Option<usize>; 81]) -> Option<Diagnosis> {
    let right = |index: usize| BOX[index];
    let wrong = (0..81).find(|&index| answers[index] != Some(right(index)))?;
    let cell = (wrong / 9, wrong % 9);
    let got = answers[wrong];
    // A cell of another box with the same number, or of the same box with
    // another: the evidence that the formula mixes boxes.
    let partner = (0..81).filter(|&other| other != wrong).find(|&other| {
        (answers[other] == got && right(other) != right(wrong))
            || (answers[other] != got && right(other) == right(wrong))
    });
    let call = |index: usize| format!("box_of({}, {})", index / 9, index % 9);
    let shown =
        |answer: Option<usize>| answer.map_or_else(|| "nothing".to_string(), |b| b.to_string());
    let (english, chinese) = match partner {
        Some(other) if answers[other] == got => (
            format!(
                "{} and {} both returned {}, but {} is in box {} and {} in box {} (the arguments count from 0, the box numbers too)",
                call(wrong), call(other), shown(got),
                cell_name(cell), right(wrong), cell_name((other / 9, other % 9)), right(other)
            ),
            format!(
                "{} 和 {} 都返回了 {}，但 {} 在第 {} 宫，{} 在第 {} 宫（参数从 0 数起，宫号也是）",
                call(wrong), call(other), shown(got),
                cell_name(cell), right(wrong), cell_name((other / 9, other % 9)), right(other)
            ),
        ),
        Some(other) => (
            format!(
                "{} returned {} and {} returned {}, but both cells are in box {} (the arguments count from 0, the box numbers too)",
                call(wrong), shown(got), call(other), shown(answers[other]), right(wrong)
            ),
            format!(
                "{} 返回 {}，{} 返回 {}，可这两个格子都在第 {} 宫（参数从 0 数起，宫号也是）",
                call(wrong), shown(got), call(other), shown(answers[other]), right(wrong)
            ),
        ),
        None => (
            format!("{} returned {}, expected {}", call(wrong), shown(got), right(wrong)),
            format!("{} 返回 {}，应为 {}", call(wrong), shown(got), right(wrong)),
        ),
    };
    let mut marks = vec![cell];
    if let Some(other) = partner {
        marks.push((other / 9, other % 9));
    }
    Some(Diagnosis::new(Id::WrongBoxIndex, english, chinese).marked(&marks))
}

/// One case of `is_valid_sudoku`: the board, the right answer, and for a
/// board with a clash, the clash's unit kind and cells.
#[derive(Debug, Clone)]
pub struct ValidCase {
    pub board: Board,
    pub valid: bool,
    /// `row`, `column` or `box`, and the two cells, for a board with one
    /// clash.
    pub clash: Option<(&'static str, [(usize, usize); 2])>,
}

/// What `is_valid_sudoku` answered on each case: why it is wrong, or
/// `None`. The cases of one kind are read together: a check that catches
/// one box's clash but not another's looks at the wrong box.
pub fn diagnose_valid_sudoku(
    cases: &[ValidCase],
    answers: &[Option<bool>],
) -> Option<(usize, Diagnosis)> {
    let wrong = (0..cases.len())
        .find(|&index| answers.get(index).copied().flatten() != Some(cases[index].valid))?;
    let case = &cases[wrong];
    let digits: Vec<(usize, usize)> = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&(row, column)| case.board[row][column] != BLANK)
        .collect();
    let diagnosis = if case.valid {
        if digits.is_empty() {
            Diagnosis::new(
                Id::BlankAsDigit,
                "is_valid_sudoku called an empty board invalid: the blanks '.' were counted as a digit".to_string(),
                "is_valid_sudoku 说一个全空的棋盘无效：空格 '.' 被当成了数字".to_string(),
            )
        } else if digits.len() == 1 {
            Diagnosis::new(
                Id::SelfClash,
                format!(
                    "is_valid_sudoku called a board with one digit ({} at {}) invalid: the cell clashed with itself",
                    case.board[digits[0].0][digits[0].1],
                    cell_name(digits[0])
                ),
                format!(
                    "is_valid_sudoku 说只有一个数字（{} 的 {}）的棋盘无效：这个格子和它自己冲突了",
                    cell_name(digits[0]),
                    case.board[digits[0].0][digits[0].1]
                ),
            )
            .marked(&digits)
        } else if let Some([a, b]) = same_wrong_box(&case.board, &digits) {
            Diagnosis::new(
                Id::WrongBoxIndex,
                format!(
                    "is_valid_sudoku called a valid board invalid: the {} at {} and at {} are in boxes {} and {}, which `r / 3 + c / 3` takes for one",
                    case.board[a.0][a.1],
                    cell_name(a),
                    cell_name(b),
                    BOX[a.0 * 9 + a.1] + 1,
                    BOX[b.0 * 9 + b.1] + 1
                ),
                format!(
                    "is_valid_sudoku 说一个有效的棋盘无效：{} 和 {} 的 {} 分别在第 {} 宫和第 {} 宫，而 `r / 3 + c / 3` 把它们算成了同一个宫",
                    cell_name(a),
                    cell_name(b),
                    case.board[a.0][a.1],
                    BOX[a.0 * 9 + a.1] + 1,
                    BOX[b.0 * 9 + b.1] + 1
                ),
            )
            .marked(&[a, b])
        } else {
            Diagnosis::new(
                Id::NoKnownPattern,
                format!(
                    "no known pattern: is_valid_sudoku called a valid board invalid ({} digits on it, no two equal in a unit)",
                    digits.len()
                ),
                format!(
                    "没有已知的模式：is_valid_sudoku 说一个有效的棋盘无效（上面有 {} 个数字，没有任何单元里有重复）",
                    digits.len()
                ),
            )
        }
    } else {
        let Some((kind, [a, b])) = case.clash else {
            return Some((
                wrong,
                Diagnosis::new(
                    Id::NoKnownPattern,
                    "no known pattern: is_valid_sudoku called an invalid board valid".to_string(),
                    "没有已知的模式：is_valid_sudoku 说一个无效的棋盘有效".to_string(),
                ),
            ));
        };
        let digit = case.board[a.0][a.1];
        // Another box's clash caught: this box's missed means a wrong box.
        let caught_a_box = kind == "box"
            && cases.iter().zip(answers).any(|(other, answer)| {
                other
                    .clash
                    .is_some_and(|(other_kind, _)| other_kind == "box")
                    && !other.valid
                    && *answer == Some(false)
            });
        let (id, words) = match kind {
            "row" => (Id::MissingRowCheck, ["row", "行"]),
            "column" => (Id::MissingColumnCheck, ["column", "列"]),
            _ if caught_a_box => (Id::WrongBoxIndex, ["box", "宫"]),
            _ => (Id::MissingBoxCheck, ["box", "宫"]),
        };
        let also = if id == Id::WrongBoxIndex {
            [
                ", although it caught the clash in another box: the box check looks at the wrong cells",
                "，而另一个宫里的重复它却发现了：宫的检查看错了格子",
            ]
        } else {
            ["", ""]
        };
        Diagnosis::new(
            id,
            format!(
                "is_valid_sudoku called a board valid where {digit} stands twice in one {} ({} and {}){}",
                words[0],
                cell_name(a),
                cell_name(b),
                also[0]
            ),
            format!(
                "is_valid_sudoku 说一个棋盘有效，可同一个{}里有两个 {digit}（{} 和 {}）{}",
                words[1],
                cell_name(a),
                cell_name(b),
                also[1]
            ),
        )
        .marked(&[a, b])
    };
    Some((wrong, diagnosis))
}

/// Two cells holding one digit, in different boxes that `r / 3 + c / 3`
/// numbers alike.
pub(super) fn same_wrong_box(
    board: &Board,
    digits: &[(usize, usize)],
) -> Option<[(usize, usize); 2]> {
    for (index, &a) in digits.iter().enumerate() {
        for &b in &digits[index + 1..] {
            let same_digit = board[a.0][a.1] == board[b.0][b.1];
            let same_wrong = a.0 / 3 + a.1 / 3 == b.0 / 3 + b.1 / 3;
            let different_box = (a.0 / 3, a.1 / 3) != (b.0 / 3, b.1 / 3);
            if same_digit && same_wrong && different_box {
                return Some([a, b]);
            }
        }
    }
    None
}

/// The diagnosis of a compile error: rustc's first error line as the
/// evidence.
pub fn diagnose_compile_error(diagnostics: &str) -> Diagnosis {
    let first = diagnostics
        .lines()
        .find(|line| line.trim_start().starts_with("error"))
        .unwrap_or("rustc rejected the code")
        .trim()
        .to_string();
    Diagnosis::new(
        Id::CompileError,
        format!("rustc's first error: {first}"),
        format!("rustc 的第一个错误：{first}"),
    )
}
