// en: One u16 per row, column and box; bit d - 1 set means digit d is used.
// zh: 每行、每列、每宫一个 u16；第 d - 1 位为 1 表示数字 d 已用。
// en: The free digits of a cell: !(rows[r] | columns[c] | boxes[b]) & 0b1_1111_1111.
// zh: 一个格子可用的数字：!(rows[r] | columns[c] | boxes[b]) & 0b1_1111_1111。
const ALL_DIGITS: u16 = 0b1_1111_1111;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut masks = Masks { rows: [0; 9], columns: [0; 9], boxes: [0; 9] };
        let mut blanks = Vec::new();
        // en: Set the givens' bits and list the blanks.
        // zh: 为已知数字置位，并记下所有空格。
        let _ = (&mut masks, &mut blanks, ALL_DIGITS);
        Self::search(board, &blanks, 0, &mut masks);
        todo!()
    }

    fn search(board: &mut Vec<Vec<char>>, blanks: &[(usize, usize)], k: usize, masks: &mut Masks) -> bool {
        // en: Walk the set bits: `free & free.wrapping_neg()` is the lowest, `free &= free - 1` drops it.
        // zh: 逐个取出为 1 的位：`free & free.wrapping_neg()` 是最低位，`free &= free - 1` 去掉它。
        let _ = (board, blanks, k, masks);
        todo!()
    }
}

struct Masks {
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}
