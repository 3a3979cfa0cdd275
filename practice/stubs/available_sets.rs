// en: Keep, per row, column and box, the digits still free.
// zh: 为每行、每列、每宫记录还能用的数字。
// en: A blank's choices are row ∩ column ∩ box; take a digit out of all three, put it back on undo.
// zh: 空格的候选是 行 ∩ 列 ∩ 宫；放下数字时从三个集合中删掉，撤销时加回去。
use std::collections::HashSet;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let all: HashSet<char> = ('1'..='9').collect();
        let mut rows = vec![all.clone(); 9];
        let mut columns = vec![all.clone(); 9];
        let mut boxes = vec![all; 9];
        let mut blanks = Vec::new();
        // en: Remove every given from its three sets and list the blanks.
        // zh: 把每个已知数字从它的三个集合中删掉，并记下所有空格。
        let _ = (&mut rows, &mut columns, &mut boxes, &mut blanks);
        Self::search(board, &blanks, 0, &mut rows, &mut columns, &mut boxes);
        todo!()
    }

    fn search(
        board: &mut Vec<Vec<char>>,
        blanks: &[(usize, usize)],
        k: usize,
        rows: &mut Vec<HashSet<char>>,
        columns: &mut Vec<HashSet<char>>,
        boxes: &mut Vec<HashSet<char>>,
    ) -> bool {
        // en: Iterate over a copy of the choices: the sets change while you recurse.
        // zh: 遍历候选的副本：递归时集合会变化。
        let _ = (board, blanks, k, rows, columns, boxes);
        todo!()
    }
}
