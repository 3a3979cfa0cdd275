// sudoku37 practice: found_flag (a mutant: the flag set but never read: the search goes on, undoing)
// expect: answer_erased
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut found = false;
        Self::search(board, 0, &mut found);
    }

    fn search(board: &mut Vec<Vec<char>>, index: usize, found: &mut bool) {
        if index == 81 {
            *found = true;
            return;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            Self::search(board, index + 1, found);
            return;
        }
        for d in '1'..='9' {
            if Self::can_place(board, r, c, d) {
                board[r][c] = d;
                trace_place(r, c, d);
                Self::search(board, index + 1, found);
                board[r][c] = '.';
                trace_undo(r, c);
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
            if board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d {
                return false;
            }
        }
        true
    }
}
