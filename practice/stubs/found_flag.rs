// en: A search that returns nothing and stops on a shared flag.
// zh: 搜索函数不返回值，靠一个共享标志停下。
// en: Once the flag is set, no loop may wipe its cell on the way back up.
// zh: 标志一旦置位，回溯时任何一层循环都不能再清空自己的格子。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut found = false;
        Self::search(board, 0, &mut found);
    }

    /// en: Tries every digit at cell `index` (row index / 9, column index % 9); sets `found` when the board is full.
    /// zh: 在第 index 个格子（行 index / 9，列 index % 9）试每个数字；棋盘填满时把 found 置为 true。
    fn search(board: &mut Vec<Vec<char>>, index: usize, found: &mut bool) {
        let _ = (board, index, found);
        todo!()
    }

    /// en: Scan the row, the column and the box of (r, c) for d.
    /// zh: 在 (r, c) 所在的行、列、宫中查找 d。
    fn is_valid(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let _ = (board, r, c, d);
        todo!()
    }
}
