// sudoku37 practice: one_blank (a mutant: the box starts at row r / 3, column c / 3)
// expect: wrong_box_index
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] != '.' {
                    continue;
                }
                for d in '1'..='9' {
                    if Self::can_place(board, r, c, d) {
                        board[r][c] = d;
                        break;
                    }
                }
            }
        }
    }

    fn can_place(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        for i in 0..9 {
            if board[r][i] == d {
                return false;
            }
            if board[i][c] == d {
                return false;
            }
            if board[r / 3 + i / 3][c / 3 + i % 3] == d {
                return false;
            }
        }
        true
    }
}
