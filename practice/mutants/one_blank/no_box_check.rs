// sudoku37 practice: one_blank (a mutant: can_place forgets the box)
// expect: missing_box_check
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
        }
        true
    }
}
