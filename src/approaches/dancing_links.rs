//! # `dancing_links`: Algorithm X on the 324-column exact cover, links in index arrays
//!
//! **Idea.** Recast the puzzle as exact cover. Every (cell, digit) choice is a
//! row of a 0/1 matrix; every rule "this cell holds one digit", "this row holds
//! digit d once", "this column holds d once", "this box holds d once" is a
//! column. A filled grid is a set of rows that puts exactly one 1 into every
//! one of the 324 columns. Algorithm X picks the column with the fewest rows
//! left, tries each of its rows in turn, and for a tried row removes every
//! column it satisfies together with every row that clashes with it. The
//! matrix is sparse (four 1s per row), so it is kept as circular doubly linked
//! lists, and a removed node keeps its own links to the nodes it sat between:
//! putting it back is two writes, as long as the columns are uncovered in the
//! reverse order of the `cover` calls. That is the "dance".
//!
//! **Source.** Donald E. Knuth, "Dancing Links", *Millennial Perspectives in
//! Computer Science* (2000), arXiv cs/0011047: Algorithm X, the `cover` and
//! `uncover` operations, and the "fewest 1s" column rule (his heuristic S).
//! Not taken from any of the seed write-ups. Knuth uses pointers in records;
//! here every link is an index into plain vectors, which keeps the code safe
//! and free of shared ownership.
//!
//! **State.** One node per header (a root plus 324 column headers) and per 1
//! in the matrix (729 rows of four): 3241 nodes, each with `left`, `right`,
//! `up`, `down` and `column` indices, plus the number of rows left in each
//! column and the stack of rows chosen so far. The givens are selected before
//! the search starts, so it only ever sees the columns they leave open.
//!
//! **Complexity.** Exponential in the worst case, like every backtracking
//! solver, but each choice is made at the most constrained of *all* 324
//! constraints, so the tree stays small even on the hardest known puzzles.
//! Selecting a row covers four columns of at most nine rows each: at most a
//! couple of hundred link writes, and the same to undo. Choosing a column
//! scans the open headers (at most 324). Building the matrix is 3241 nodes on
//! every call.
//!
//! **Pitfalls.** The `uncover` calls must come in the reverse order of the
//! `cover` calls (the column covered last, uncovered first), or a node is
//! relinked between nodes that are themselves still out and the lists
//! silently tangle. Inside `uncover`, walking up and left is Knuth's
//! convention, not a requirement: walking down and right relinks the nodes
//! in exactly the order `cover` took them out, and a list whose deletions are
//! undone in the same order, or in exactly the reverse order, comes back as
//! it was, whatever order the deletions had; another order may not. So the
//! order a column lists its rows in plays no part (the tests below check
//! both walks and both call orders, on the matrix as built and with every
//! column's rows shuffled). The givens must be checked before they are
//! selected: covering a column twice corrupts the links, so two givens that
//! share a column (a clash on the board) end the call with the board
//! untouched. Nothing is written to the board until a solution is found,
//! which is what leaves an unsolvable board exactly as given.
//!
//! **Nodes** (see [`crate::probe`]): a row of the matrix (a digit for a blank
//! cell) selected by the search and descended on. Givens are selected before
//! the search and are not nodes.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

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
    /// candidate order, so every column lists its rows in that order too
    /// (the order the search tries them in).
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
    /// the calls are undone in reverse order, so the nodes each node sat
    /// between are back in place when it is relinked between them. It walks
    /// up and left, the mirror image of `cover` (Knuth's convention), and
    /// relinks the nodes in the reverse order `cover` unlinked them; walking
    /// down and right, in the same order, would restore the lists too,
    /// whatever order the columns list their rows in (see the tests).
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
            probe::place(candidate / 81, candidate / 9 % 9, digit_char(candidate));
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
            probe::clear(candidate / 81, candidate / 9 % 9);
            self.chosen.pop();
            row_node = self.down[row_node];
        }
        self.uncover(header);
        false
    }
}

// submission codes end

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_line;
    use crate::fixtures::Xorshift;

    #[test]
    fn clashing_givens_leave_the_board_as_given() {
        // Two 5s in the top row.
        let given = parse_line(
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let mut board = given.clone();
        Solution::solve_sudoku(&mut board);
        assert_eq!(board, given);
    }

    // The figures the notes quote (notes/dancing_links.md, "Undo in reverse
    // call order"); tool/tests/checks/figures.rs reads them from here.
    /// Deletion sequences of circular lists of 1 to 7 nodes.
    const SEQUENCES: usize = 16_064;
    /// Ways to relink the deletions of every sequence from a list of 5 nodes.
    const RELINKINGS: usize = 17_685;
    /// Those that leave the list broken.
    const BROKEN_RELINKINGS: usize = 2_662;
    /// Random descents of the matrix, as built and with shuffled columns.
    const TRIALS: usize = 300;
    /// The covers those descents make in all, as built and shuffled.
    const COVERS: [usize; 2] = [80_388, 80_248];

    /// Singles cost nothing extra: a hidden single is a row-, column- or
    /// box-digit column with one row left, and the fewest-rows rule takes it
    /// first. Four 1s that are no peers of the top-left cell leave it all
    /// nine candidates, yet leave 1 one place in the top-left box: the
    /// search's first node is that 1, and the search never undoes it.
    #[test]
    fn a_hidden_single_is_a_column_of_one_row_and_is_chosen_first() {
        let mut puzzle = vec!['.'; 81];
        for cell in [13, 25, 37, 65] {
            puzzle[cell] = '1';
        }
        let mut board: Vec<Vec<char>> = puzzle.chunks(9).map(|row| row.to_vec()).collect();
        let ((), _, events) = probe::record(|| Solution::solve_sudoku(&mut board));
        let first = events.first().expect("a node");
        assert_eq!((first.row, first.column, first.digit), (0, 0, '1'));
        assert_eq!(board[0][0], '1');
        // A digit with no place left in a unit is a column of size 0: the
        // search ends at once, with no node. (Ten 1s: the top row's needs
        // the last column, which holds one.)
        let mut blocked = crate::board::parse_line(
            "12345678.........9...............................................................",
        )
        .unwrap();
        let ((), effort, _) = probe::record(|| Solution::solve_sudoku(&mut blocked));
        assert_eq!(effort.nodes, 0);
    }

    /// Every array `cover` and `uncover` write, to compare two states.
    fn links(matrix: &DancingLinks) -> [Vec<usize>; 5] {
        [
            matrix.left.clone(),
            matrix.right.clone(),
            matrix.up.clone(),
            matrix.down.clone(),
            matrix.size.clone(),
        ]
    }

    /// `uncover` with its walks turned round: down the column and right along
    /// each row, the direction `cover` walks in, so it relinks the nodes in
    /// the order `cover` took them out.
    fn uncover_walking_down(matrix: &mut DancingLinks, header: usize) {
        let mut row_node = matrix.down[header];
        while row_node != header {
            let mut node = matrix.right[row_node];
            while node != row_node {
                let (above, below) = (matrix.up[node], matrix.down[node]);
                matrix.down[above] = node;
                matrix.up[below] = node;
                matrix.size[matrix.column[node]] += 1;
                node = matrix.right[node];
            }
            row_node = matrix.down[row_node];
        }
        let (left, right) = (matrix.left[header], matrix.right[header]);
        matrix.right[left] = header;
        matrix.left[right] = header;
    }

    /// Relinks every column's rows in a random order, so that no column
    /// lists its rows in candidate order any more (the order `new` gives).
    fn shuffle_columns(matrix: &mut DancingLinks, random: &mut Xorshift) {
        for header in 1..=COLUMNS {
            let mut rows = Vec::new();
            let mut node = matrix.down[header];
            while node != header {
                rows.push(node);
                node = matrix.down[node];
            }
            for at in (1..rows.len()).rev() {
                rows.swap(at, random.below(at + 1));
            }
            let mut above = header;
            for &node in &rows {
                matrix.down[above] = node;
                matrix.up[node] = above;
                above = node;
            }
            matrix.down[above] = header;
            matrix.up[header] = above;
        }
    }

    /// Whether some column lists its rows out of candidate order.
    fn out_of_candidate_order(matrix: &DancingLinks) -> bool {
        (1..=COLUMNS).any(|header| {
            let mut node = matrix.down[header];
            while matrix.down[node] != header {
                if matrix.down[node] < node {
                    return true;
                }
                node = matrix.down[node];
            }
            false
        })
    }

    /// The `cover` calls of a random descent, as `search` makes them: pick an
    /// open column with rows left, cover it, pick one of its rows, cover the
    /// row's other columns left to right; again until no open column has a
    /// row. Returns the headers in call order.
    fn random_descent(matrix: &mut DancingLinks, random: &mut Xorshift) -> Vec<usize> {
        let mut covered = Vec::new();
        loop {
            let mut open = Vec::new();
            let mut header = matrix.right[ROOT];
            while header != ROOT {
                if matrix.size[header] > 0 {
                    open.push(header);
                }
                header = matrix.right[header];
            }
            if open.is_empty() {
                return covered;
            }
            let header = open[random.below(open.len())];
            let mut rows = Vec::new();
            let mut row_node = matrix.down[header];
            while row_node != header {
                rows.push(row_node);
                row_node = matrix.down[row_node];
            }
            matrix.cover(header);
            covered.push(header);
            let row_node = rows[random.below(rows.len())];
            let mut node = matrix.right[row_node];
            while node != row_node {
                matrix.cover(matrix.column[node]);
                covered.push(matrix.column[node]);
                node = matrix.right[node];
            }
        }
    }

    /// A copy of the whole structure.
    fn copy(matrix: &DancingLinks) -> DancingLinks {
        DancingLinks {
            left: matrix.left.clone(),
            right: matrix.right.clone(),
            up: matrix.up.clone(),
            down: matrix.down.clone(),
            column: matrix.column.clone(),
            size: matrix.size.clone(),
            chosen: matrix.chosen.clone(),
        }
    }

    /// The reason the walk inside `uncover` may go either way, on a plain
    /// circular doubly linked list: undoing a sequence of deletions restores
    /// the list when the nodes are relinked in the same order as they were
    /// taken out, or in exactly the reverse order, whatever the order of the
    /// deletions; another order may not. Every deletion sequence of a list
    /// of `n` nodes, for `n` up to 7, is undone both ways; for `n` = 5 every
    /// relinking order of every sequence is tried, and some fail.
    #[test]
    fn deletions_undone_in_the_same_or_the_reverse_order_restore_a_list() {
        /// Node 0 is the head; nodes 1..=n follow it in a ring.
        fn ring(n: usize) -> (Vec<usize>, Vec<usize>) {
            let left = (0..=n).map(|node| (node + n) % (n + 1)).collect();
            let right = (0..=n).map(|node| (node + 1) % (n + 1)).collect();
            (left, right)
        }
        /// Every sequence of distinct nodes of 1..=n, of every length from 1.
        fn sequences(n: usize) -> Vec<Vec<usize>> {
            let mut all = Vec::new();
            let mut open = vec![Vec::new()];
            while let Some(sequence) = open.pop() {
                for node in 1..=n {
                    if !sequence.contains(&node) {
                        let mut longer = sequence.clone();
                        longer.push(node);
                        all.push(longer.clone());
                        open.push(longer);
                    }
                }
            }
            all
        }
        /// Every order of `nodes`.
        fn orders(nodes: &[usize]) -> Vec<Vec<usize>> {
            if nodes.len() <= 1 {
                return vec![nodes.to_vec()];
            }
            let mut all = Vec::new();
            for (at, &first) in nodes.iter().enumerate() {
                let mut rest = nodes.to_vec();
                rest.remove(at);
                for mut order in orders(&rest) {
                    order.insert(0, first);
                    all.push(order);
                }
            }
            all
        }
        /// Deletes `deleted` in order, relinks `relinked` in order, and says
        /// whether the list is as it was.
        fn restores(n: usize, deleted: &[usize], relinked: &[usize]) -> bool {
            let (mut left, mut right) = ring(n);
            let fresh = (left.clone(), right.clone());
            for &node in deleted {
                let (before, after) = (left[node], right[node]);
                right[before] = after;
                left[after] = before;
            }
            for &node in relinked {
                let (before, after) = (left[node], right[node]);
                right[before] = node;
                left[after] = node;
            }
            (left, right) == fresh
        }

        let mut undone = 0;
        for n in 1..=7 {
            for deleted in sequences(n) {
                let reversed: Vec<usize> = deleted.iter().rev().copied().collect();
                assert!(restores(n, &deleted, &deleted), "same order: {deleted:?}");
                assert!(
                    restores(n, &deleted, &reversed),
                    "reverse order: {deleted:?}"
                );
                undone += 1;
            }
        }
        assert_eq!(
            undone, SEQUENCES,
            "deletion sequences of lists of 1 to 7 nodes"
        );

        let (mut relinkings, mut broken) = (0, 0);
        for deleted in sequences(5) {
            for relinked in orders(&deleted) {
                relinkings += 1;
                if !restores(5, &deleted, &relinked) {
                    broken += 1;
                }
            }
        }
        assert_eq!(relinkings, RELINKINGS, "relinking orders at n = 5");
        assert_eq!(
            broken, BROKEN_RELINKINGS,
            "relinking orders that leave the list broken"
        );
    }

    /// What must be reversed is the order of the `uncover` calls (the last
    /// covered column first); the direction of the walk inside `uncover` is
    /// Knuth's convention, not a requirement, and does not rest on the rows'
    /// order either. On the real matrix, as built (every column lists its
    /// rows in candidate order) and with every column's rows shuffled out of
    /// that order, random descents are undone four ways: in reverse call
    /// order, walking up and left (`uncover`) or down and right, restores
    /// every array in every trial; in call order, either walk breaks them
    /// in every trial. The notes quote these figures
    /// (notes/dancing_links.md, "Undo in reverse call order").
    #[test]
    fn uncover_in_reverse_call_order_restores_the_links_whatever_the_walk_and_the_row_order() {
        let trials = TRIALS;
        let mut random = Xorshift(37);
        let mut shuffled = DancingLinks::new();
        shuffle_columns(&mut shuffled, &mut random);
        assert!(out_of_candidate_order(&shuffled));
        assert!(!out_of_candidate_order(&DancingLinks::new()));
        let mut covers = Vec::new();
        for start in [DancingLinks::new(), shuffled] {
            let fresh = links(&start);
            let (mut covered_here, mut broken_by_call_order) = (0, [0; 2]);
            for _ in 0..trials {
                let mut descended = copy(&start);
                let covered = random_descent(&mut descended, &mut random);
                covered_here += covered.len();
                for (walk, broken) in broken_by_call_order.iter_mut().enumerate() {
                    let uncover = |matrix: &mut DancingLinks, header| {
                        if walk == 0 {
                            matrix.uncover(header);
                        } else {
                            uncover_walking_down(matrix, header);
                        }
                    };
                    let mut matrix = copy(&descended);
                    for &header in covered.iter().rev() {
                        uncover(&mut matrix, header);
                    }
                    assert_eq!(links(&matrix), fresh, "reverse call order, walk {walk}");

                    let mut matrix = copy(&descended);
                    for &header in &covered {
                        uncover(&mut matrix, header);
                    }
                    if links(&matrix) != fresh {
                        *broken += 1;
                    }
                }
            }
            assert_eq!(
                broken_by_call_order,
                [trials; 2],
                "trials broken by uncovering in call order, walking up and left, then down and right"
            );
            covers.push(covered_here);
        }
        assert_eq!(
            covers, COVERS,
            "covers in all: rows in candidate order, then shuffled"
        );
    }
}
