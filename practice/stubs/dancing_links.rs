// en: Sudoku as exact cover.
// zh: 把数独看成精确覆盖问题。
// en: 324 columns (cell filled, row has d, column has d, box has d) and 729 rows (a digit in a cell).
// zh: 324 列（格子已填、行含 d、列含 d、宫含 d），729 行（某格放某数字）。
// en: Always cover the column with the fewest rows; uncover in the reverse order of the covers (the column covered last, first).
// zh: 每次覆盖行数最少的列；取消覆盖要按覆盖调用的相反顺序（最后覆盖的列最先恢复）。
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut links = Links::new();
        // en: Cover the givens' columns, search, then write the chosen rows into the board.
        // zh: 先覆盖已知数字对应的列，再搜索，最后把选中的行写回棋盘。
        let _ = (board, &mut links);
        todo!()
    }
}

/// en: The links, in index arrays: node i has left[i], right[i], up[i], down[i] and its column.
/// zh: 用下标数组存链表：节点 i 有 left[i]、right[i]、up[i]、down[i] 和所在的列。
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    size: Vec<usize>,
}

impl Links {
    fn new() -> Links {
        todo!()
    }

    /// en: Unlinks column c and every row that meets it.
    /// zh: 把列 c 和所有与它相交的行摘下来。
    fn cover(&mut self, c: usize) {
        let _ = c;
        todo!()
    }

    /// en: Undoes cover(c), the last cover not yet undone. Walking up and left, the mirror of cover, is Knuth's convention; down and right restores the lists too.
    /// zh: 撤销 cover(c)（它必须是尚未撤销的最后一次覆盖）。向上、向左走（cover 的镜像）是 Knuth 的约定；向下、向右走也能恢复链表。
    fn uncover(&mut self, c: usize) {
        let _ = c;
        todo!()
    }

    fn search(&mut self, chosen: &mut Vec<usize>) -> bool {
        let _ = chosen;
        todo!()
    }
}
