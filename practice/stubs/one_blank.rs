// en: Rung 3: a board with exactly one blank. Which digit fits there?
// zh: 第 3 级：只有一个空格的棋盘。哪个数字能放进去？
// en: No search yet: find the blank, try '1'..='9', keep the one that clashes with nothing.
// zh: 还不需要搜索：找到空格，依次试 '1'..='9'，留下不冲突的那个。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // en: Find the blank cell, then the digit that fits it.
        // zh: 先找到空格，再找能放进去的数字。
        let _ = board;
        todo!()
    }

    /// en: Can digit d go at (r, c)? Look along the row, the column and the box.
    /// zh: 数字 d 能放在 (r, c) 吗？检查这一行、这一列和这个宫。
    fn can_place(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let _ = (board, r, c, d);
        todo!()
    }
}
