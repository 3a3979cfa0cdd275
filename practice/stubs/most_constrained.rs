// en: Branch on the blank with the fewest free digits.
// zh: 每次在候选数字最少的空格上分支。
// en: A blank with one choice costs no guess; one with none means undo now. Passes within 1,000 nodes per puzzle.
// zh: 只有一个候选的空格不用猜；没有候选就立刻回溯。每题不超过 1,000 个节点才算通过。
const ALL_DIGITS: u16 = 0b1_1111_1111;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut masks = Masks { rows: [0; 9], columns: [0; 9], boxes: [0; 9] };
        // en: Set the givens' bits, then search.
        // zh: 为已知数字置位，然后搜索。
        let _ = (&mut masks, ALL_DIGITS);
        Self::search(board, &mut masks);
        todo!()
    }

    /// en: The blank with the fewest free digits, with its mask; None when the board is full.
    /// zh: 候选最少的空格及其候选掩码；棋盘填满时返回 None。
    fn tightest_blank(board: &[Vec<char>], masks: &Masks) -> Option<(usize, usize, u16)> {
        let _ = (board, masks);
        todo!()
    }

    fn search(board: &mut Vec<Vec<char>>, masks: &mut Masks) -> bool {
        let _ = (board, masks);
        todo!()
    }
}

struct Masks {
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}
