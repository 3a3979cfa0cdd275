// sudoku37 practice: dancing_links (a mutant: the trace hooks left out: the nodes cannot be counted)
// expect: not_counted
/// The list head: its `right` is the first open column, and the puzzle is
/// solved when it points back to itself.
const ROOT: usize = 0;
/// 81 cells, then 81 (row, digit), 81 (column, digit) and 81 (box, digit).
const COLUMNS: usize = 324;
/// Every (cell, digit) pair: `(row * 9 + column) * 9 + digit - 1`.
const CANDIDATES: usize = 729;
/// Headers take indices `1..=COLUMNS`; the four nodes of candidate `k` follow
/// at `FIRST_ROW_NODE + 4 * k`.
const FIRST_ROW_NODE: usize = COLUMNS + 1;
/// Root, headers, and four nodes for each candidate: 3241 in all.
const NODE_COUNT: usize = FIRST_ROW_NODE + 4 * CANDIDATES;

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // Not a 9x9 grid: nothing to solve, and indexing it could panic.
        if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
            return;
        }
        let mut matrix = DancingLinks::new();
        let mut taken = [false; COLUMNS + 1];
        for (row, cells) in board.iter().enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                if cell == '.' {
                    continue;
                }
                let digit = match cell.to_digit(10) {
                    Some(digit @ 1..=9) => digit as usize,
                    // Not a puzzle we can read; leave it as it came.
                    _ => return,
                };
                let candidate = (row * 9 + column) * 9 + digit - 1;
                let headers = constraint_columns(candidate);
                // A clash between givens shows up as a constraint already met.
                if headers.iter().any(|&header| taken[header]) {
                    return;
                }
                for header in headers {
                    taken[header] = true;
                    matrix.cover(header);
                }
            }
        }
        if matrix.search() {
            fill_board(board, &matrix.chosen);
        }
    }
}

/// The four constraints candidate `candidate` satisfies, as header indices:
/// its cell, and its digit in its row, its column and its box.
fn constraint_columns(candidate: usize) -> [usize; 4] {
    let (row, column, digit) = (candidate / 81, candidate / 9 % 9, candidate % 9);
    let block = row / 3 * 3 + column / 3;
    [
        1 + row * 9 + column,
        1 + 81 + row * 9 + digit,
        1 + 162 + column * 9 + digit,
        1 + 243 + block * 9 + digit,
    ]
}

/// The character for the digit of candidate `candidate`.
fn digit_char(candidate: usize) -> char {
    char::from(b'1' + (candidate % 9) as u8)
}

/// Writes the chosen candidates into their cells.
fn fill_board(board: &mut [Vec<char>], chosen: &[usize]) {
    for &candidate in chosen {
        board[candidate / 81][candidate / 9 % 9] = digit_char(candidate);
    }
}

/// The sparse exact-cover matrix as four-way circular lists, one index per
/// link, and the candidates the search has selected.
struct DancingLinks {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// The header of the column each node sits in (a header's is itself).
    column: Vec<usize>,
    /// Rows still linked into each column, indexed by header.
    size: Vec<usize>,
    chosen: Vec<usize>,
}

impl DancingLinks {
    /// Builds the full matrix: all 324 columns open, all 729 rows linked in
    /// candidate order, so every column lists its rows in that order too.
    fn new() -> Self {
        let mut matrix = DancingLinks {
            left: (0..NODE_COUNT).collect(),
            right: (0..NODE_COUNT).collect(),
            up: (0..NODE_COUNT).collect(),
            down: (0..NODE_COUNT).collect(),
            column: (0..NODE_COUNT).collect(),
            size: vec![0; COLUMNS + 1],
            chosen: Vec::with_capacity(81),
        };
        for header in 0..=COLUMNS {
            matrix.left[header] = (header + COLUMNS) % (COLUMNS + 1);
            matrix.right[header] = (header + 1) % (COLUMNS + 1);
        }
        for candidate in 0..CANDIDATES {
            let first = FIRST_ROW_NODE + 4 * candidate;
            for (offset, header) in constraint_columns(candidate).into_iter().enumerate() {
                let node = first + offset;
                matrix.left[node] = first + (offset + 3) % 4;
                matrix.right[node] = first + (offset + 1) % 4;
                // Append at the bottom, just above the header.
                let last = matrix.up[header];
                matrix.up[node] = last;
                matrix.down[node] = header;
                matrix.down[last] = node;
                matrix.up[header] = node;
                matrix.column[node] = header;
                matrix.size[header] += 1;
            }
        }
        matrix
    }

    /// Takes column `header` out of the header list and every row that has a 1
    /// in it out of the other columns. The removed nodes keep their own links,
    /// which is what lets `uncover` put them back.
    fn cover(&mut self, header: usize) {
        let (left, right) = (self.left[header], self.right[header]);
        self.right[left] = right;
        self.left[right] = left;
        let mut row_node = self.down[header];
        while row_node != header {
            let mut node = self.right[row_node];
            while node != row_node {
                let (above, below) = (self.up[node], self.down[node]);
                self.down[above] = below;
                self.up[below] = above;
                self.size[self.column[node]] -= 1;
                node = self.right[node];
            }
            row_node = self.down[row_node];
        }
    }

    /// Undoes `cover(header)`, which must be the last `cover` not yet undone:
    /// the calls are undone in reverse order, so each node's neighbours are
    /// back in place when it is relinked between them. It walks up and left,
    /// the mirror image of `cover` (Knuth's convention); since every column
    /// lists its rows in candidate order, walking down and right would
    /// restore the lists too (see the tests).
    fn uncover(&mut self, header: usize) {
        let mut row_node = self.up[header];
        while row_node != header {
            let mut node = self.left[row_node];
            while node != row_node {
                let (above, below) = (self.up[node], self.down[node]);
                self.down[above] = node;
                self.up[below] = node;
                self.size[self.column[node]] += 1;
                node = self.left[node];
            }
            row_node = self.up[row_node];
        }
        let (left, right) = (self.left[header], self.right[header]);
        self.right[left] = header;
        self.left[right] = header;
    }

    /// The open column with the fewest rows, the first one on a tie.
    fn fewest_rows_column(&self) -> usize {
        let mut best = self.right[ROOT];
        let mut header = self.right[best];
        while header != ROOT {
            if self.size[header] < self.size[best] {
                best = header;
            }
            header = self.right[header];
        }
        best
    }

    /// Algorithm X: returns true with the solution in `chosen`, or false with
    /// the matrix and `chosen` as they were on entry.
    fn search(&mut self) -> bool {
        if self.right[ROOT] == ROOT {
            return true;
        }
        let header = self.fewest_rows_column();
        // A constraint no remaining row can meet: this branch is dead.
        if self.size[header] == 0 {
            return false;
        }
        self.cover(header);
        let mut row_node = self.down[header];
        while row_node != header {
            let candidate = (row_node - FIRST_ROW_NODE) / 4;
            self.chosen.push(candidate);
            let mut node = self.right[row_node];
            while node != row_node {
                self.cover(self.column[node]);
                node = self.right[node];
            }
            if self.search() {
                // The links are left mid-search; only `chosen` is read after.
                return true;
            }
            let mut node = self.left[row_node];
            while node != row_node {
                self.uncover(self.column[node]);
                node = self.left[node];
            }
            self.chosen.pop();
            row_node = self.down[row_node];
        }
        self.uncover(header);
        false
    }
}

