// sudoku37 practice: bool_arrays (a mutant: the row's table is kept but never read)
// expect: missing_row_check
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut rows = [[false; 9]; 9];
        let mut columns = [[false; 9]; 9];
        let mut boxes = [[false; 9]; 9];
        for r in 0..9 {
            for c in 0..9 {
                if let Some(d) = board[r][c].to_digit(10) {
                    let d = d as usize - 1;
                    rows[r][d] = true;
                    columns[c][d] = true;
                    boxes[r / 3 * 3 + c / 3][d] = true;
                }
            }
        }
        Self::search(board, 0, &mut rows, &mut columns, &mut boxes);
    }

    fn search(
        board: &mut Vec<Vec<char>>,
        index: usize,
        rows: &mut [[bool; 9]; 9],
        columns: &mut [[bool; 9]; 9],
        boxes: &mut [[bool; 9]; 9],
    ) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return Self::search(board, index + 1, rows, columns, boxes);
        }
        let b = r / 3 * 3 + c / 3;
        for d in 0..9 {
            if columns[c][d] || boxes[b][d] {
                continue;
            }
            rows[r][d] = true;
            columns[c][d] = true;
            boxes[b][d] = true;
            board[r][c] = (b'1' + d as u8) as char;
            trace_place(r, c, d + 1);
            if Self::search(board, index + 1, rows, columns, boxes) {
                return true;
            }
            board[r][c] = '.';
            trace_undo(r, c);
            rows[r][d] = false;
            columns[c][d] = false;
            boxes[b][d] = false;
        }
        false
    }
}
