// en: A few blanks; in reading order, each has exactly one digit that fits. Which is it?
// zh: 几个空格；按阅读顺序，每个空格都只有一个数字能放。是哪个？
// en: No search yet: for each blank in reading order, try '1'..='9' and keep the first digit that clashes with nothing.
// zh: 还不需要搜索：按阅读顺序处理每个空格，依次试 '1'..='9'，留下第一个不冲突的数字。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // en: For each blank, in reading order: the digit that fits it. Every check counts:
        // en: the cases are made so that a smaller digit fits two of the row, column and box.
        // zh: 按阅读顺序，为每个空格找到能放的数字。三个检查缺一不可：
        // zh: 用例专门设计成某个更小的数字能通过行、列、宫中的两项检查。
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
