// sudoku37 practice: box_of (a mutant: the band not counted three times: r / 3 + c / 3)
// expect: wrong_box_index
impl Solution {
    pub fn box_of(r: usize, c: usize) -> usize {
        r / 3 + c / 3
    }
}
