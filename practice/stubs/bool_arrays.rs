// en: Three [[bool; 9]; 9] tables say which digit each row, column and box uses.
// zh: 三张 [[bool; 9]; 9] 表记录每行、每列、每宫用了哪些数字。
// en: A check is three lookups instead of a scan that compares 24 cells (8 in the row, the column and the box).
// zh: 检查一个数字只要查三次表，不用扫描比较 24 个格子（行、列、宫各 8 个）。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut rows = [[false; 9]; 9];
        let mut columns = [[false; 9]; 9];
        let mut boxes = [[false; 9]; 9];
        let mut blanks = Vec::new();
        // en: Mark the givens in the three tables and list the blanks.
        // zh: 在三张表里标记已知数字，并记下所有空格。
        let _ = (&mut rows, &mut columns, &mut boxes, &mut blanks);
        Self::search(board, &blanks, 0, &mut rows, &mut columns, &mut boxes);
        todo!()
    }

    fn search(
        board: &mut Vec<Vec<char>>,
        blanks: &[(usize, usize)],
        k: usize,
        rows: &mut [[bool; 9]; 9],
        columns: &mut [[bool; 9]; 9],
        boxes: &mut [[bool; 9]; 9],
    ) -> bool {
        let _ = (board, blanks, k, rows, columns, boxes);
        todo!()
    }
}
