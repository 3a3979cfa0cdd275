// sudoku37 practice: most_constrained (a mutant: no trace_place: the nodes cannot be counted)
// expect: not_counted
const ALL_DIGITS: u16 = 0b1_1111_1111;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::search(board);
    }

    fn candidates(board: &[Vec<char>], r: usize, c: usize) -> u16 {
        let mut used = 0u16;
        for i in 0..9 {
            for cell in [board[r][i], board[i][c], board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]] {
                if let Some(d) = cell.to_digit(10) {
                    used |= 1 << (d - 1);
                }
            }
        }
        !used & ALL_DIGITS
    }

    fn search(board: &mut Vec<Vec<char>>) -> bool {
        let mut best: Option<(usize, usize, u16)> = None;
        for r in 0..9 {
            for c in 0..9 {
                if board[r][c] != '.' {
                    continue;
                }
                let free = Self::candidates(board, r, c);
                if best.map_or(true, |(_, _, known)| free.count_ones() < known.count_ones()) {
                    best = Some((r, c, free));
                }
            }
        }
        let Some((r, c, mut free)) = best else {
            return true;
        };
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let d = bit.trailing_zeros() as u8 + 1;
            board[r][c] = (b'0' + d) as char;
            if Self::search(board) {
                return true;
            }
            board[r][c] = '.';
            trace_undo(r, c);
        }
        false
    }
}
