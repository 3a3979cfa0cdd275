// sudoku37 practice: bitmask (a mutant: the NOT without & ALL_DIGITS: bits past the ninth)
// expect: digit_range
const ALL_DIGITS: u16 = 0b1_1111_1111;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut rows = [0u16; 9];
        let mut columns = [0u16; 9];
        let mut boxes = [0u16; 9];
        for r in 0..9 {
            for c in 0..9 {
                if let Some(d) = board[r][c].to_digit(10) {
                    let bit = 1 << (d - 1);
                    rows[r] |= bit;
                    columns[c] |= bit;
                    boxes[r / 3 * 3 + c / 3] |= bit;
                }
            }
        }
        Self::search(board, 0, &mut rows, &mut columns, &mut boxes);
    }

    fn search(
        board: &mut Vec<Vec<char>>,
        index: usize,
        rows: &mut [u16; 9],
        columns: &mut [u16; 9],
        boxes: &mut [u16; 9],
    ) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return Self::search(board, index + 1, rows, columns, boxes);
        }
        let b = r / 3 * 3 + c / 3;
        let mut free = !(rows[r] | columns[c] | boxes[b]);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let d = bit.trailing_zeros() as u8 + 1;
            rows[r] |= bit;
            columns[c] |= bit;
            boxes[b] |= bit;
            board[r][c] = (b'0' + d) as char;
            trace_place(r, c, d);
            if Self::search(board, index + 1, rows, columns, boxes) {
                return true;
            }
            board[r][c] = '.';
            trace_undo(r, c);
            rows[r] ^= bit;
            columns[c] ^= bit;
            boxes[b] ^= bit;
        }
        false
    }
}
