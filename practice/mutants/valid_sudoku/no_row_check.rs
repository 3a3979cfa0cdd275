// sudoku37 practice: valid_sudoku (a mutant: the row's table is kept but never read)
// expect: missing_row_check
impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        let mut rows = [[false; 9]; 9];
        let mut columns = [[false; 9]; 9];
        let mut boxes = [[false; 9]; 9];
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] == '.' {
                    continue;
                }
                let d = board[r][c] as usize - '1' as usize;
                let b = r / 3 * 3 + c / 3;
                if columns[c][d] {
                    return false;
                }
                if boxes[b][d] {
                    return false;
                }
                rows[r][d] = true;
                columns[c][d] = true;
                boxes[b][d] = true;
            }
        }
        true
    }
}
