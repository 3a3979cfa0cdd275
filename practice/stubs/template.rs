// en: The backtracking template, three slots to fill.
// zh: 回溯模板，填三个空。
// en:   backtrack(parameters) { if end condition { return } for choice in choices { place; backtrack; undo } }
// zh:   backtrack(参数) { if 终止条件 { return } for 选择 in 选择列表 { 做选择; backtrack; 撤销选择 } }
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::backtrack(board, 0);
    }

    /// en: Slot 1, the parameters: what does one call need to know? Here the board and
    /// en: the index (0..81) of the next cell to look at; add more if your idea needs it.
    /// zh: 第一个空，参数：一次调用需要知道什么？这里是棋盘和下一个要看的格子的下标（0..81）；
    /// zh: 需要的话可以再加。
    fn backtrack(board: &mut Vec<Vec<char>>, index: usize) -> bool {
        let (r, c): (usize, usize) = todo!("slot 1: the row and column of this index"); // en
        let (r, c): (usize, usize) = todo!("第一个空：这个下标的行和列"); // zh
        // en: Slot 2, the end condition: when is the board solved? (and skip filled cells)
        // zh: 第二个空，终止条件：什么时候算解完了？（还要跳过已填的格子）
        if todo!("slot 2: the end condition") { // en
        if todo!("第二个空：终止条件") { // zh
            return true;
        }
        // en: Slot 3, the loop over choices: which digits, and what to undo when one fails?
        // zh: 第三个空，遍历选择：试哪些数字？失败时要撤销什么？
        let _ = (board, r, c);
        todo!("slot 3: the loop over choices") // en
        todo!("第三个空：遍历选择") // zh
    }

    fn can_place(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let _ = (board, r, c, d);
        todo!()
    }
}
