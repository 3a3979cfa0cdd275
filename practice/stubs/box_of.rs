// en: Which of the nine 3x3 boxes holds cell (r, c)?
// zh: 格子 (r, c) 在九个 3x3 宫中的哪一个？
// en: Boxes are numbered 0..=8 in reading order: 0 1 2 on top, 6 7 8 at the bottom.
// en: r and c count from 0 too: box_of(3, 0) is the cell the messages call r4c1, in box 3.
// zh: 宫按阅读顺序编号 0..=8：上面一排是 0 1 2，下面一排是 6 7 8。
// zh: r 和 c 也从 0 数起：box_of(3, 0) 就是提示里说的 r4c1，它在第 3 宫。
impl Solution {
    pub fn box_of(r: usize, c: usize) -> usize {
        // en: Which band of three rows is r in, and which stack of three columns is c in?
        // zh: r 在第几条横带（每三行一条）？c 在第几条竖带（每三列一条）？
        // en: Each band holds three boxes, so the band counts three times as much as the stack.
        // zh: 每条横带有三个宫，所以横带的编号要乘以 3，再加上竖带的编号。
        todo!()
    }
}
