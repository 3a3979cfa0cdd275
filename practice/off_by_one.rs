// plain_backtracking.rs with one loop running one column too far: Runtime Error.

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut empty = Vec::new();
        for r in 0..9 {
            for c in 0..=9 {
                if board[r][c] == '.' {
                    empty.push((r, c));
                }
            }
        }
        Self::fill(board, &empty, 0);
    }

    fn fill(board: &mut Vec<Vec<char>>, empty: &[(usize, usize)], k: usize) -> bool {
        if k == empty.len() {
            return true;
        }
        let (r, c) = empty[k];
        for d in '1'..='9' {
            if Self::fits(board, r, c, d) {
                board[r][c] = d;
                if Self::fill(board, empty, k + 1) {
                    return true;
                }
            }
        }
        board[r][c] = '.';
        false
    }

    fn fits(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|i| {
            board[r][i] != d && board[i][c] != d && board[br + i / 3][bc + i % 3] != d
        })
    }
}
