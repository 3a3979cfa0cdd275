// sudoku37 practice: valid_sudoku (a mutant: the box's table never read)
// expect: missing_box_check
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
                if rows[r][d] {
                    return false;
                }
                if columns[c][d] {
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
