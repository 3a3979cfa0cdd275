// sudoku37 practice: available_sets (a mutant: the digit is not put back into the box's set on undo)
// expect: state_not_undone
use std::collections::HashSet;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let all: HashSet<char> = ('1'..='9').collect();
        let mut rows = vec![all.clone(); 9];
        let mut columns = vec![all.clone(); 9];
        let mut boxes = vec![all; 9];
        for r in 0..9 {
            for c in 0..9 {
                let d = board[r][c];
                if d != '.' {
                    rows[r].remove(&d);
                    columns[c].remove(&d);
                    boxes[r / 3 * 3 + c / 3].remove(&d);
                }
            }
        }
        Self::search(board, 0, &mut rows, &mut columns, &mut boxes);
    }

    fn search(
        board: &mut Vec<Vec<char>>,
        index: usize,
        rows: &mut Vec<HashSet<char>>,
        columns: &mut Vec<HashSet<char>>,
        boxes: &mut Vec<HashSet<char>>,
    ) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return Self::search(board, index + 1, rows, columns, boxes);
        }
        let b = r / 3 * 3 + c / 3;
        let mut choices: Vec<char> = rows[r]
            .iter()
            .filter(|d| columns[c].contains(d) && boxes[b].contains(d))
            .copied()
            .collect();
        choices.sort();
        for d in choices {
            rows[r].remove(&d);
            columns[c].remove(&d);
            boxes[b].remove(&d);
            board[r][c] = d;
            trace_place(r, c, d);
            if Self::search(board, index + 1, rows, columns, boxes) {
                return true;
            }
            board[r][c] = '.';
            trace_undo(r, c);
            rows[r].insert(d);
            columns[c].insert(d);
        }
        false
    }
}
