// en: The search returns bool and unwinds at the first solution.
// zh: 搜索返回 bool，找到第一个解就一路返回。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::search(board);
    }

    /// en: true when the board is solved; false means "undo and try the next digit".
    /// zh: 返回 true 表示解完；返回 false 表示“撤销，试下一个数字”。
    fn search(board: &mut Vec<Vec<char>>) -> bool {
        // en: `return false` belongs after the digit loop, not inside it.
        // zh: `return false` 应该放在数字循环之后，而不是循环里面。
        let _ = board;
        todo!()
    }

    fn is_valid(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let _ = (board, r, c, d);
        todo!()
    }
}
