// sudoku37 practice: template (a mutant: can_place forgets the column)
// expect: missing_column_check
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::backtrack(board, 0);
    }

    fn backtrack(board: &mut Vec<Vec<char>>, index: usize) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return Self::backtrack(board, index + 1);
        }
        for d in '1'..='9' {
            if Self::can_place(board, r, c, d) {
                board[r][c] = d;
                trace_place(r, c, d);
                if Self::backtrack(board, index + 1) {
                    return true;
                }
                board[r][c] = '.';
                trace_undo(r, c);
            }
        }
        false
    }

    fn can_place(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        for i in 0..9 {
            if board[r][i] == d {
                return false;
            }
            if board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d {
                return false;
            }
        }
        true
    }
}
