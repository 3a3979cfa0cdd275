// en: Fill every forced digit before each guess.
// zh: 每次猜之前先填完所有被迫的数字。
// en: Naked single: a cell with one candidate. Hidden single: a digit with one place in a unit.
// zh: 唯一余数：只剩一个候选的格子。隐性唯一：在某个单元里只有一个位置可放的数字。
// en: A guess works on a copy of the candidates, so a failed guess is undone by dropping the copy.
// zh: 猜测在候选的副本上进行，猜错了丢掉副本就等于撤销。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut grid = Grid { candidates: [0b1_1111_1111; 81] };
        // en: Assign every given; then search and copy the result back into the board.
        // zh: 先放入所有已知数字；然后搜索，并把结果写回棋盘。
        let _ = (board, &mut grid);
        todo!()
    }
}

#[derive(Clone)]
struct Grid {
    /// en: Bit d - 1 set: digit d is still possible in that cell.
    /// zh: 第 d - 1 位为 1：该格子仍可能是数字 d。
    candidates: [u16; 81],
}

impl Grid {
    /// en: Keeps only `digit` at `cell` and removes it from the cell's peers; false on a contradiction.
    /// zh: 在 cell 只保留 digit，并从它的同行、同列、同宫格子中删掉；出现矛盾返回 false。
    fn assign(&mut self, cell: usize, digit: u16) -> bool {
        let _ = (cell, digit);
        todo!()
    }

    /// en: Applies naked and hidden singles until nothing changes; false on a contradiction.
    /// zh: 反复应用唯一余数和隐性唯一，直到没有变化；出现矛盾返回 false。
    fn propagate(&mut self) -> bool {
        todo!()
    }

    /// en: Guesses on the cell with the fewest candidates, each guess on a copy.
    /// zh: 在候选最少的格子上猜，每次猜测都用一个副本。
    fn search(self) -> Option<Grid> {
        todo!()
    }
}
