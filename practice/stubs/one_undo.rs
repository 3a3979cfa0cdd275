// en: A puzzle where the first digit that fits is wrong, once: it leads two cells deeper before it fails.
// zh: 第一个能放的数字是错的，而且只错一次：它往下带出两个格子之后才失败。
// en: Place a digit, go on; when you get stuck, take it back ('.') and try the next.
// zh: 放下一个数字，继续往下；走不通时把它撤销（写回 '.'），再试下一个。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fill(board);
    }

    /// en: Fills every blank; returns true when the board is complete, false to make the caller undo.
    /// zh: 填满所有空格；填完返回 true，返回 false 让调用者撤销。
    fn fill(board: &mut Vec<Vec<char>>) -> bool {
        // en: The first blank in reading order; none left means solved.
        // zh: 按阅读顺序找第一个空格；找不到说明已经解完。
        // en: For each digit that can go there: place it (trace_place(r, c, d)), recurse,
        // en: and on failure undo it (board[r][c] = '.'; trace_undo(r, c)).
        // zh: 对每个能放的数字：放下（trace_place(r, c, d)），递归，
        // zh: 失败就撤销（board[r][c] = '.'; trace_undo(r, c)）。
        let _ = board;
        todo!()
    }

    fn can_place(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let _ = (board, r, c, d);
        todo!()
    }
}
