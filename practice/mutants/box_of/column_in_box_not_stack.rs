// sudoku37 practice: box_of (a mutant: c % 3 for c / 3)
// expect: wrong_box_index
impl Solution {
    pub fn box_of(r: usize, c: usize) -> usize {
        r / 3 * 3 + c % 3
    }
}
