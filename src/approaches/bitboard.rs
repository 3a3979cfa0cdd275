//! # `bitboard`: one bit per (digit, cell) in 27-bit bands, band and stack deductions, two-candidate guesses
//!
//! **Idea.** Stop asking "which digits fit this cell?" one cell at a time and
//! ask "where can this digit still go in these three rows?" for 27 cells at
//! once. Each digit gets one 27-bit mask per band (a band is three rows), so
//! the whole candidate grid is 27 `u32`s. Inside a band a digit sits once in
//! each of the three rows and once in each of the three boxes, so it follows
//! one of the six ways of matching rows to boxes. A 512-entry table, indexed
//! by which of the band's nine mini-rows (the three cells of one row inside
//! one box) still hold the digit, keeps only the mini-rows that some of those
//! six matchings can use: one lookup does box hidden singles and both kinds of
//! row/box locked candidates (pointing and claiming) for the whole band. A
//! row of the band left with one cell solves that cell: the digit leaves the
//! same column in the other two bands and the other eight digits leave the
//! cell. When the bands are quiet, two sweeps catch what they cannot see: a
//! naked-single sweep (cells with one digit left) and, while at least 24
//! cells are open (at every quiet point, once a count has found a
//! solution), the same matching applied to each stack of three columns
//! across the three bands, worked out on one word with bit operations
//! (column hidden singles and column/box locked candidates). After the
//! first guess that stack sweep pauses while the search is going straight
//! down: as long as no deduction has failed and the last sweep narrowed
//! nothing, as on a puzzle with many solutions. Then the search
//! guesses, on a copy of the 160-byte state: on the two-candidate cell whose
//! unsolved peers weigh the most (the four cells of its box off its row and
//! column twice, the others of its mini-row and mini-column not at all, the
//! rest once), trying first the digit that strikes the most candidates (with
//! no such cell, a cell with the fewest candidates). A
//! puzzle with at least 28 givens, mostly forced from the start, is searched
//! more cheaply: no stack sweep, and the first two-candidate cell. If
//! the guess fails, its digit is struck from the cell (a two-candidate cell
//! gets its other digit at once) and propagation runs again, so the other
//! candidate of the cell follows by elimination instead of being a second
//! guess. Counting solutions is the same search with a higher limit, and
//! two additions: when swapping two digits, two rows of a band or two
//! columns of a stack leaves the givens as they are, solutions come in
//! pairs, so a count to 2 is done at the first solution; and a count with
//! fewer than 28 givens checks, once, that no mini-line (the three cells of
//! a row or column inside a box) must take more digits than it has cells
//! for: before its first guess if the deductions placed nothing, else at
//! its first failed guess before a solution. That refutes puzzles without
//! a solution, such as Norvig's impossible one, with no guess at all.
//!
//! **Source.** The representation follows the public descriptions of
//! JCZSolve (zhouyundong's solver, tuned by champagne and others on the New
//! Sudoku Players' Forum): candidates as digit-by-band words of 27 bits,
//! updated a band at a time, a solved row clearing its column in the other
//! bands. Tom Dillon's tdoku and its write-up (t-dillon.github.io/tdoku)
//! showed how far locked candidates and a careful choice of guesses cut the
//! search, and gave the guesses-per-puzzle figures to aim at; the mini-line
//! check is the contradiction its triads (each mini-line holds exactly
//! three digits) catch while it sets a puzzle up. No code of
//! either is used: the tables, the stack rule as a second use of the band
//! table, the update order, the guess scoring and every line are written anew
//! for this project, in portable std Rust.
//!
//! **State.** `candidates[band * 9 + digit]`, 27 `u32`s: bit `row * 9 + column`
//! (row and column inside the band) is set while `digit + 1` may go in that
//! cell; a solved cell keeps the bit of its own digit. A band's nine masks sit
//! side by side, so striking a cell from all nine digits is one pass over
//! nine neighbouring words, which the compiler turns into vector
//! instructions. `unsolved[band]` marks the cells not solved yet, and
//! `pending` the digit-bands changed since they were last settled (bit
//! `band * 9 + digit`). `stacked[digit]` remembers the digit's columns in
//! each band as the stack sweep last left them, so the sweep skips a digit
//! whose columns have not changed. 40 words, copied on every guess.
//!
//! ```text
//!  one mask: digit d, band b (rows 3b..3b+2), bits 26..0
//!
//!          box 0      box 1      box 2
//!        +----------+----------+----------+
//!  row 0 |  0  1  2 |  3  4  5 |  6  7  8 |    bit  = row * 9 + column
//!  row 1 |  9 10 11 | 12 13 14 | 15 16 17 |    cell = 27 * b + bit
//!  row 2 | 18 19 20 | 21 22 23 | 24 25 26 |
//!        +----------+----------+----------+
//!
//!  candidates: [ b0:1 | b0:2 | ... | b0:9 | b1:1 | ... | b2:9 ]   27 x u32
//!  mini-rows of a mask: bit row * 3 + box = "the digit is still in
//!  those three cells"; the band table maps these 9 bits to the usable cells
//! ```
//!
//! **Complexity.** Still exponential in the worst case (Sudoku on n²-by-n²
//! grids of n-by-n boxes is NP-complete: Yato and Seta, 2003), but the deductions keep trees small: measured
//! (`sudoku37 compare --format csv`, column `mean_nodes`), 0.49 guesses per
//! puzzle on the 40,000 17-clue puzzles, 6.25 on `top1465` and 50.10 on the
//! hardest forum set. One band update is a few shifts, two multiplies and
//! one table lookup; a solved cell costs about ten more mask updates. The
//! tables take 2 x 512 x 4 + 512 x 2 + 3 x 27 x 8 + 81 x 4 = 6,092
//! bytes (about 5.9 KB; 3,072 of them only for a count's mini-line check) and
//! are built at compile time.
//!
//! **Pitfalls.** A solved cell keeps its digit's bit, so a later deduction
//! can strike it: the naked-single sweep therefore checks that *every* cell,
//! solved or not, still has a digit, or a dead branch could look solved.
//! Within one sweep, filling one single can destroy another (two naked singles
//! with the same digit in one row), so each is looked at again just before it
//! is placed. The bands only compare columns when a cell is solved, so the
//! stack sweep is what notices early a column that lost a digit altogether;
//! on a nearly full grid, where it does not run, a cell left with no digit
//! shows it later.
//! Two shortcuts skip work on masks that cannot have news: a guess marks
//! another digit's mask pending only when the mask loses a whole mini-row or
//! column, and the stack sweep skips a digit whose columns are as it left
//! them. Both rest on one rule, that a mask not pending is settled, so every
//! change to a mask goes through `Bands::narrow` or marks it pending
//! itself. Nothing is written back until a solution is found, so a board
//! without one stays as given.
//! `bitboard_simd` repeats this paste region line for line, made generic
//! over an instruction set: a change here goes there too, or the twin test
//! (`approaches::bitboard_twins`) fails.
//!
//! **Nodes** (see [`crate::probe`]): here a node is a *guess*, a digit tried
//! in a cell on a copy of the state because propagation was stuck. Forced
//! moves are not nodes, and neither is the digit left after a failed guess
//! (it follows by elimination, and is reported as forced). Each failed
//! guess is reported as undone. For traces, the digits the deductions force
//! are reported too (`probe::force`, `probe::force_band`) and taken off with
//! a failed guess (`probe::rewind`); they are not nodes, so a trace replays
//! to the solution while the node count stays the number of guesses.

use crate::probe;

/// The judge supplies this struct; it is defined here, above the paste region,
/// so the module compiles on its own.
pub struct Solution;

// submission codes start here

impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        if board.len() != 9 {
            return;
        }
        // The rows side by side first, so that the loops below run over
        // all 81 cells at once, several to a vector register, with no
        // branch per cell: blanks and digits come in no predictable order.
        let mut symbols = ['.'; 81];
        for (line, row) in board.iter().zip(symbols.chunks_exact_mut(9)) {
            let Ok(line) = <&[char; 9]>::try_from(line.as_slice()) else {
                return;
            };
            row.copy_from_slice(line);
        }
        // Each symbol's low byte, and whether any symbol is above 255 (then
        // not a digit): bytes take sixteen cells to a vector register.
        let mut bytes = [0u8; 81];
        let mut high = 0;
        for (&symbol, byte) in symbols.iter().zip(&mut bytes) {
            high |= u32::from(symbol) >> 8;
            *byte = symbol as u8;
        }
        let mut cells = [0u8; 81];
        let mut malformed = high != 0;
        for (&byte, value) in bytes.iter().zip(&mut cells) {
            let offset = byte.wrapping_sub(b'0');
            let is_digit = offset.wrapping_sub(1) < 9;
            malformed |= !is_digit & (byte != b'.');
            *value = if is_digit { offset } else { 0 };
        }
        if malformed {
            // Not a Sudoku board: leave it alone.
            return;
        }
        if solve_cells(&mut cells) {
            for (symbol, &value) in symbols.iter_mut().zip(&cells) {
                *symbol = char::from(b'0' | value);
            }
            for (line, row) in board.iter_mut().zip(symbols.chunks_exact(9)) {
                // Nine symbols each, as checked above: copies of a fixed size.
                if let (Ok(line), Ok(row)) = (
                    <&mut [char; 9]>::try_from(line.as_mut_slice()),
                    <&[char; 9]>::try_from(row),
                ) {
                    *line = *row;
                }
            }
        }
    }
}

/// Solves the grid in `cells` (row by row, `0` for blank, `1..=9` for a
/// digit). Returns `true` with the grid filled in, or `false` with `cells`
/// unchanged when the givens clash, a value is above 9, or there is no
/// solution.
pub fn solve_cells(cells: &mut [u8; 81]) -> bool {
    let Some(mut bands) = Bands::from_cells(cells) else {
        return false;
    };
    // The search writes the solution into `cells` only when it finds one.
    bands.search(1, &mut Hunt::new(bands, Some(cells))) == 1
}

/// Counts the solutions of `cells` (as for [`solve_cells`]), stopping once
/// `limit` are found: the same search as the solver, with a higher limit.
/// Clashing givens count as no solution. A judge never calls it; it is
/// pasted too, for anyone who wants to check that a puzzle is unique.
#[allow(dead_code)]
pub fn count_solutions_cells(cells: &[u8; 81], limit: u64) -> u64 {
    let Some(mut bands) = Bands::from_cells(cells) else {
        return 0;
    };
    if limit == 0 {
        return 0;
    }
    if limit % 2 == 0 && bands.pairs_solutions() {
        // The count is even, so finding one short of an even limit means
        // there is at least one more: a puzzle with a solution but two
        // digits missing from its givens is not unique, without a search
        // for the second solution.
        let found = bands.search(limit - 1, &mut Hunt::new(bands, None));
        return if found == limit - 1 { limit } else { found };
    }
    bands.search(limit, &mut Hunt::new(bands, None))
}

/// All 27 cells of a band.
const FULL_BAND: u32 = (1 << 27) - 1;
/// The nine cells of one row of a band, or nine columns.
const ROW_CELLS: u32 = 0o777;
/// Bit `column` in each of a band's three rows; shift left by the column.
const COLUMN_CELLS: u32 = 1 | 1 << 9 | 1 << 18;

/// The first cell of each of a band's nine mini-rows.
const MINI_ROW_FIRSTS: u32 = 0o111_111_111;
/// Multiplying a band's occupied [`MINI_ROW_FIRSTS`] by this adds three
/// copies of them, shifted up by 6, 16 and 23 bits. The shifts differ by
/// amounts that are not multiples of 3, so no two copies share a bit and
/// nothing carries; the top nine bits (23 to 31) then hold mini-rows 0 to 2
/// from the third copy, 3 to 5 from the second and 6 to 8 from the first,
/// interleaved: one bit for each mini-row, in a scrambled order.
const MINI_ROW_KEY: u32 = 1 << 6 | 1 << 16 | 1 << 23;

/// Three lines crossing three boxes, the digit once in each line and each
/// box: for the (line, box) pairs that still hold the digit (bit
/// `line * 3 + box`), those that some matching of lines to boxes can use;
/// `0` when none is left. Lines are a band's rows here ([`USABLE_CELLS`]
/// is built from it); for a stack's columns, [`usable_columns`] gives the
/// same answer with bit operations. A constant, read only at compile time
/// (to build [`USABLE_CELLS`]) and by a test, so the program does not hold it.
const USABLE_PAIRS: [u32; 512] = build_usable_pairs();
/// For a band's occupied mini-rows, at [`mini_row_key`] of their first
/// cells, the band cells of the mini-rows that some matching of rows to
/// boxes can still use; `0` when no matching is left.
static USABLE_CELLS: [u32; 512] = build_usable_cells();
/// For a digit's occupied mini-rows in a band, at [`mini_row_key`] of their
/// first cells, the first cells of those alone in their box: the mini-rows
/// the digit must go in.
static LONE_MINI_ROWS: [u32; 512] = build_lone_mini_rows();
/// For a digit's occupied columns in a band (nine bits), those alone in
/// their stack: the mini-columns the digit must go in.
static LONE_COLUMNS: [u16; 512] = build_lone_columns();
/// The two bands other than each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
/// For each of a band's 27 cells, the other cells of the band in its row,
/// column or box (bits `0..27`; a `u64` to serve as [`Bands::most_peers`]'s
/// weights, each peer once).
static BAND_PEERS: [u64; 27] = build_band_peers(false);
/// [`Bands::most_peers`]'s weights for a cell with two candidates, matched
/// against the band's open cells twice (bits `0..27` and `32..59`): the six
/// cells of its row outside its box once, the four cells of its box in
/// neither its row nor its column twice, and the other two of its mini-row
/// and the other two of its mini-column not at all. On the hard sets this
/// takes fewer guesses than counting each peer once (the engineering log,
/// issue 52's fifth round).
static PAIR_WEIGHTS: [u64; 27] = build_band_peers(true);
/// For each of a band's 27 cells, its column in two bands side by side:
/// bits `0..27` for one, `32..59` for the other.
static OTHER_COLUMNS: [u64; 27] = build_other_columns();
/// For each of the 81 cells, its units: bit `row`, bit `9 + column` and bit
/// `18 + box` (boxes numbered row by row).
static UNITS: [u32; 81] = build_units();
/// For three rows of a band (three bits), their cells.
const SPREAD_ROWS: [u32; 8] = build_spread(ROW_CELLS, 9);
/// For three boxes of a band (three bits), their cells.
const SPREAD_BOXES: [u32; 8] = build_spread(0b111 * COLUMN_CELLS, 3);

/// The whole search state, small enough to copy for every guess.
#[derive(Clone, Copy)]
struct Bands {
    /// `candidates[band * 9 + digit]`: the cells of `band` where `digit + 1`
    /// may still go, bit `row * 9 + column` inside the band.
    candidates: [u32; 27],
    /// The cells of each band that no digit has been fixed in yet.
    unsolved: [u32; 3],
    /// Bit `band * 9 + digit` is set when that mask changed since it was last
    /// settled.
    pending: u32,
    /// `stacked[digit]`: the digit's columns in each band (bit
    /// `band * 9 + column`) when the stack sweep last left it settled, so
    /// the sweep skips a digit whose columns have not changed since.
    stacked: [u32; 9],
}

/// Deductions found that the current state cannot be completed.
struct DeadEnd;

impl Bands {
    /// The state with the givens placed, before any deduction. Returns `None`
    /// when two givens clash or a value is above 9.
    fn from_cells(cells: &[u8; 81]) -> Option<Bands> {
        // A maximum, not `any`: no early exit, so the check vectorizes.
        if cells.iter().copied().max() > Some(9) {
            return None;
        }
        // Per digit, the units its givens take: bit `row`, bit `9 + column`
        // and bit `18 + box` (see [`UNITS`]); a given whose digit already
        // takes one of its units clashes. Per mask (band * 9 + digit): where
        // the digit is given; given_cells: every given, whatever its digit.
        // The filled cells are found without a branch per cell (blanks and
        // givens come in no predictable order), then visited once each.
        let mut taken = [0u32; 9];
        let mut givens = [0u32; 27];
        let mut given_cells = [0u32; 3];
        let mut clash = 0;
        for (band, band_cells) in cells.chunks_exact(27).enumerate() {
            let mut filled = 0;
            for (bit_index, &value) in band_cells.iter().enumerate() {
                filled |= u32::from(value != 0) << bit_index;
            }
            given_cells[band] = filled;
            while filled != 0 {
                let bit_index = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let digit = usize::from(band_cells[bit_index] - 1);
                let units = UNITS[band * 27 + bit_index];
                clash |= taken[digit] & units;
                taken[digit] |= units;
                givens[band * 9 + digit] |= 1 << bit_index;
            }
        }
        if clash != 0 {
            return None;
        }
        let mut bands = Bands {
            candidates: [0; 27],
            unsolved: [0; 3],
            // Every mask is settled once before the first guess.
            pending: FULL_BAND,
            // No digit's columns look like this, so every digit is swept.
            stacked: [u32::MAX; 9],
        };
        for band in 0..3 {
            bands.unsolved[band] = FULL_BAND & !given_cells[band];
        }
        for (digit, &units) in taken.iter().enumerate() {
            // The digit's columns, spread to a band's three rows.
            let columns = (units >> 9 & ROW_CELLS) * COLUMN_CELLS;
            for band in 0..3 {
                // The band's rows and boxes the digit takes, as band cells.
                let seen = SPREAD_ROWS[(units >> (3 * band) & 7) as usize]
                    | SPREAD_BOXES[(units >> (18 + 3 * band) & 7) as usize]
                    | columns;
                let index = band * 9 + digit;
                bands.candidates[index] = FULL_BAND & !(seen | given_cells[band]) | givens[index];
            }
        }
        Some(bands)
    }

    /// Whether the puzzle's solutions come in pairs, because swapping two
    /// digits, two rows of a band or two columns of a stack leaves its
    /// givens (this state must be fresh from [`Bands::from_cells`]) as they
    /// are.
    /// Such a swap turns every solution into a different one: a solution
    /// holds every digit, and two rows of a band, like two columns of a
    /// stack, differ in every place. So only two digits that are both
    /// missing from the givens qualify, or two lines with no given at all.
    fn pairs_solutions(&self) -> bool {
        // More than one bit set in `bits`.
        let several = |bits: u32| bits & bits.wrapping_sub(1) != 0;
        // Fresh from the givens, a given is a cell not unsolved, and only
        // its own digit's mask holds it: nine tests, not one per cell.
        let given: [u32; 3] = std::array::from_fn(|band| !self.unsolved[band] & FULL_BAND);
        let mut given_digits = 0u32;
        for digit in 0..9 {
            let held = (0..3).fold(0, |held, band| {
                held | self.candidates[band * 9 + digit] & given[band]
            });
            given_digits |= u32::from(held != 0) << digit;
        }
        // Bit `digit` (0-based) for each digit no given holds.
        let missing_digits = !given_digits & ROW_CELLS;
        // Bit `column` for each column without a given.
        let open = self.unsolved[0] & self.unsolved[1] & self.unsolved[2];
        let open_columns = open & open >> 9 & open >> 18 & ROW_CELLS;
        let two_open_columns = (0..3).any(|stack| several(open_columns >> (3 * stack) & 7));
        let two_open_rows = self.unsolved.iter().any(|&unsolved| {
            let open_rows = (0..3).fold(0, |rows, row| {
                rows | u32::from(unsolved >> (9 * row) & ROW_CELLS == ROW_CELLS) << row
            });
            several(open_rows)
        });
        several(missing_digits) || two_open_columns || two_open_rows
    }

    /// Writes the digits of a solved grid into `cells`.
    fn write_to(&self, cells: &mut [u8; 81]) {
        for (band_cells, masks) in cells
            .chunks_exact_mut(27)
            .zip(self.candidates.chunks_exact(9))
        {
            // Solved, each cell is in exactly one digit's mask.
            for (value, &mask) in (1..=9).zip(masks) {
                // Solved, each digit is in each row of a band once: three
                // cells, so the loop has a fixed length and no branch to
                // mispredict.
                let mut remaining = mask;
                for _ in 0..3 {
                    band_cells[remaining.trailing_zeros() as usize] = value;
                    remaining &= remaining - 1;
                }
            }
        }
    }

    /// The digits (bit `digit`, 0-based) still possible in `cell`, found
    /// without a branch per digit.
    #[inline(always)]
    fn digits_of(&self, cell: usize) -> u32 {
        Self::holders(&self.candidates[cell / 27 * 9..][..9], cell % 27)
    }

    /// Narrows mask `index` to `cells`, marking it pending if that changed it.
    ///
    /// Written without a branch: whether a mask changes is close to a coin
    /// toss, and a mispredicted branch costs more than the arithmetic.
    fn narrow(&mut self, index: usize, cells: u32) {
        let before = self.candidates[index];
        let after = before & cells;
        self.candidates[index] = after;
        self.pending |= u32::from(after != before) << index;
    }

    /// Fixes `digit` (0-based) in `cell`: strikes it from the cell's peers and
    /// every other digit from the cell.
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) {
        let band = cell / 27;
        let bit = 1 << (cell % 27);
        // The band's nine masks first, read and written in one pass of
        // vector instructions, then the digit's own mask. In the other
        // order that pass would read the digit's mask while its store is
        // still on its way to the cache, and a read of eight masks at once
        // cannot take one mask's value from a store in flight: it waits for
        // the store to land. The same in `place_guess`.
        self.clear_other_digits(band, digit, bit);
        self.narrow(band * 9 + digit, !(BAND_PEERS[cell % 27] as u32));
        self.clear_column_elsewhere(band, digit, COLUMN_CELLS << (cell % 9));
        self.unsolved[band] &= !bit;
    }

    /// Fixes `digit` in `cell` as [`Bands::place`] does, but marks another
    /// digit's mask pending only when losing the cell can teach
    /// [`Bands::settle`] or the stack sweep something: when it empties the
    /// cell's mini-row or the cell's column inside the band. A mask that is
    /// not pending is settled, and any other loss leaves it settled: its
    /// mini-rows and columns stay as they were, and its row keeps two places
    /// for the digit. (A row left with one place is one of the two cases:
    /// that place is in another mini-row, so the cell's mini-row is empty; or
    /// in the same one, so the settled mask had the digit nowhere else in
    /// that box, and the cell's column is empty.) Used for a guess, made once
    /// every mask is settled, and for the one candidate left in a
    /// two-candidate cell whose guess failed. After a forced move of the
    /// sweep the check costs more than it saves: there, [`Bands::place`].
    #[inline(always)]
    fn place_guess(&mut self, cell: usize, digit: usize) {
        let band = cell / 27;
        let bit = 1 << (cell % 27);
        // The one difference from `place`.
        self.clear_guessed_cell(band, digit, cell % 27);
        self.narrow(band * 9 + digit, !(BAND_PEERS[cell % 27] as u32));
        self.clear_column_elsewhere(band, digit, COLUMN_CELLS << (cell % 9));
        self.unsolved[band] &= !bit;
    }

    /// [`Bands::clear_other_digits`] for the one cell `place_guess` fills (bit
    /// `bit_index` of `band`), marking pending only the masks for which
    /// that matters (see [`Bands::place_guess`]).
    #[inline(always)]
    fn clear_guessed_cell(&mut self, band: usize, digit: usize, bit_index: usize) {
        let bit = 1 << bit_index;
        let mut changed = Self::strike_cell(&mut self.candidates[band * 9..][..9], bit_index);
        self.candidates[band * 9 + digit] |= bit;
        changed &= !(1 << digit);
        self.pending |= changed << (band * 9);
    }

    /// Strikes `cells` of `band` from every digit's mask but `digit`'s, which
    /// must hold them all.
    fn clear_other_digits(&mut self, band: usize, digit: usize, cells: u32) {
        let mut changed = Self::strike(&mut self.candidates[band * 9..][..9], cells);
        // Cheaper than skipping the digit inside the loop: put its cells back.
        self.candidates[band * 9 + digit] |= cells;
        changed &= !(1 << digit);
        self.pending |= changed << (band * 9);
    }

    /// Strikes the columns in `column_cells` from `digit`'s masks in the
    /// bands other than `band`.
    fn clear_column_elsewhere(&mut self, band: usize, digit: usize, column_cells: u32) {
        for other_band in OTHER_BANDS[band] {
            self.narrow(other_band * 9 + digit, !column_cells);
        }
    }

    /// Strikes `cells` from each of a band's nine `masks`; bit `d` of the
    /// answer is set when mask `d` held one of them. The band's nine masks
    /// sit side by side, so this loop runs on vector registers.
    #[inline(always)]
    fn strike(masks: &mut [u32], cells: u32) -> u32 {
        let mut struck = 0;
        for (digit, mask) in masks[..9].iter_mut().enumerate() {
            struck |= u32::from(strike_one(mask, cells)) << digit;
        }
        struck
    }

    /// Strikes the cell at `bit_index` from each of a band's nine `masks`;
    /// bit `d` of the answer is set when mask `d` held it and, without it,
    /// has nothing left in the cell's mini-row or in its column inside the
    /// band (see [`Bands::place_guess`]). Branch-free, so this loop too runs
    /// on vector registers.
    #[inline(always)]
    fn strike_cell(masks: &mut [u32], bit_index: usize) -> u32 {
        let mut struck = 0;
        for (digit, mask) in masks[..9].iter_mut().enumerate() {
            struck |= u32::from(strike_cell_one(mask, bit_index)) << digit;
        }
        struck
    }

    /// Bit `d` set when mask `d` of a band's nine `masks` holds the cell at
    /// `bit_index`.
    #[inline(always)]
    fn holders(masks: &[u32], bit_index: usize) -> u32 {
        let mut digits = 0;
        for (digit, &mask) in masks[..9].iter().enumerate() {
            digits |= (mask >> bit_index & 1) << digit;
        }
        digits
    }

    /// Strikes `digit` (0-based) from the candidates of `cell`.
    fn eliminate(&mut self, cell: usize, digit: usize) {
        self.narrow(cell / 27 * 9 + digit, !(1 << (cell % 27)));
    }

    /// Applies every deduction until none changes anything. Returns each
    /// cell's number of candidates, as [`Bands::fill_naked_singles`] left
    /// it, or `None` when every cell is solved; fails when the state turns
    /// out to have no completion. The stack
    /// sweep runs at a quiet point only while at least `sweep_from` cells are
    /// open (see [`Hunt::sweep_from`]): `0` for always, `u32::MAX` for never.
    /// `sweep_paid` is set when a sweep narrowed some mask.
    fn propagate(
        &mut self,
        sweep_from: u32,
        sweep_paid: &mut bool,
    ) -> Result<Option<[[u32; 4]; 3]>, DeadEnd> {
        // The masks settled since the stacks were last looked at.
        let mut touched = 0;
        let mut counts = [[0; 4]; 3];
        loop {
            while self.pending != 0 {
                Self::settle_batch(self, &mut touched)?;
            }
            // Every cell placed and every mask settled: a solution. An easy
            // puzzle ends here, without a sweep of the naked singles.
            if self.unsolved == [0; 3] {
                return Ok(None);
            }
            if self.fill_naked_singles(&mut counts)? {
                continue;
            }
            // The stack rule pays while the grid is sparse. In a nearly full
            // one the singles finish the work, and the sweep costs more than
            // it finds.
            if self.open_cells() >= sweep_from {
                Self::settle_stacks(self, touched)?;
                *sweep_paid |= self.pending != 0;
            }
            touched = 0;
            if self.pending == 0 {
                // Nothing changed since the naked singles sweep: its counts
                // are current.
                return Ok(Some(counts));
            }
        }
    }

    /// Settles the masks pending now, in order, and notes them in `touched`;
    /// those they make pending wait for the next batch. The loop runs on a
    /// copy, so the next mask is known before the last settle is done, and
    /// settles overlap in the processor instead of waiting for each other.
    fn settle_batch(&mut self, touched: &mut u32) -> Result<(), DeadEnd> {
        let mut batch = self.pending;
        *touched |= batch;
        while batch != 0 {
            let index = batch.trailing_zeros() as usize;
            batch &= batch - 1;
            self.pending &= !(1 << index);
            self.settle(index)?;
        }
        Ok(())
    }

    /// Deductions inside one band for one digit (mask `index`): keep only the
    /// mini-rows some row-to-box matching can use, then solve every cell left
    /// alone in its row. Fails when no matching is left.
    fn settle(&mut self, index: usize) -> Result<(), DeadEnd> {
        let digit = index % 9;
        let band = index / 9;
        let cells = usable_cells(self.candidates[index]);
        if cells == 0 {
            return Err(DeadEnd);
        }
        self.candidates[index] = cells;
        let solved = lone_cells(cells) & self.unsolved[band];
        if solved != 0 {
            self.unsolved[band] &= !solved;
            probe::force_band(band, solved, digit);
            self.clear_other_digits(band, digit, solved);
            // The rows are distinct, so the product spreads each column bit
            // to all three rows without carries.
            let columns = (solved | solved >> 9 | solved >> 18) & ROW_CELLS;
            self.clear_column_elsewhere(band, digit, columns * COLUMN_CELLS);
        }
        Ok(())
    }

    /// Fixes every unsolved cell with one candidate left, and notes in
    /// `counts` how many candidates each cell has, in binary, a band at a
    /// time: bit `i` of the count in `counts[band][i]` (see [`count_nine`]).
    /// Returns whether it fixed any; fails when some cell has no candidate.
    fn fill_naked_singles(&mut self, counts: &mut [[u32; 4]; 3]) -> Result<bool, DeadEnd> {
        let mut filled_any = false;
        // All three bands are counted first. A single filled in one band
        // only strikes candidates in the others, so their counts may then
        // miss a single or an empty cell until the next sweep (which comes,
        // since one was filled), but never show one that is not there: each
        // single is looked at again before it is filled.
        *counts = Self::count_bands(self);
        for band in 0..3 {
            let [ones, twos, fours, eights] = counts[band];
            if ones | twos | fours | eights != FULL_BAND {
                return Err(DeadEnd);
            }
            let mut singles = ones & !(twos | fours | eights) & self.unsolved[band];
            while singles != 0 {
                let bit_index = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let cell = band * 27 + bit_index;
                let digits = self.digits_of(cell);
                // Filling an earlier single may have taken this one's digit.
                if digits == 0 {
                    return Err(DeadEnd);
                }
                let digit = digits.trailing_zeros() as usize;
                self.place(cell, digit);
                probe::force(cell / 9, cell % 9, char::from(b'1' + digit as u8));
                filled_any = true;
            }
        }
        Ok(filled_any)
    }

    /// Each cell's number of candidates, band by band (see [`count_nine`]).
    fn count_bands(&self) -> [[u32; 4]; 3] {
        std::array::from_fn(|band| {
            count_nine(std::array::from_fn(|digit| {
                self.candidates[band * 9 + digit]
            }))
        })
    }

    /// How many cells no digit has been fixed in yet.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|cells| cells.count_ones()).sum()
    }

    /// Deductions inside each stack (three columns) for every digit, the
    /// column-wise twin of [`Bands::settle`], for the digits with a mask in
    /// `touched` (bit `band * 9 + digit`): each band must give the digit to
    /// one column of the stack and each column to one band, so a column that
    /// no matching uses is struck in that band. Fails when a stack has no
    /// matching left, which is also how a column that lost a digit altogether
    /// shows up.
    fn settle_stacks(&mut self, touched: u32) -> Result<(), DeadEnd> {
        // Only a digit whose masks changed can have something new: bit
        // `digit` of `digits` is set for those.
        let mut digits = (touched | touched >> 9 | touched >> 18) & ROW_CELLS;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let columns_now = (0..3).fold(0, |columns, band| {
                let cells = self.candidates[band * 9 + digit];
                columns | ((cells | cells >> 9 | cells >> 18) & ROW_CELLS) << (9 * band)
            });
            // Its columns as they were when last settled: nothing new.
            if columns_now == self.stacked[digit] {
                continue;
            }
            let columns_allowed = usable_columns(columns_now);
            // A stack with no matching leaves no band a column there; with
            // one, every band keeps a column in every stack.
            let kept = columns_allowed | columns_allowed >> 1 | columns_allowed >> 2;
            if kept & MINI_ROW_FIRSTS != MINI_ROW_FIRSTS {
                return Err(DeadEnd);
            }
            self.stacked[digit] = columns_allowed;
            // Most often the matching rules out none of them: nothing to
            // narrow.
            if columns_allowed != columns_now {
                for band in 0..3 {
                    let allowed = columns_allowed >> (9 * band) & ROW_CELLS;
                    self.narrow(band * 9 + digit, allowed * COLUMN_CELLS);
                }
            }
        }
        Ok(())
    }

    /// The guess to try next, from each cell's number of candidates in
    /// `counts` (as [`Bands::fill_naked_singles`] gives them), as (cell,
    /// digit): among the unsolved cells with two candidates, the one
    /// [`Bands::most_peers`] ranks first with `pair_weights` (see
    /// [`Bands::likelier_digit`] for the digit), or without `rank_pairs` the
    /// first of them.
    /// With no such cell, the first cell with the fewest candidates
    /// and its lowest digit; when `thorough` and that is three or four
    /// candidates, the one of those cells with the most unsolved peers
    /// instead. `None` when every cell is solved. Without `order_digits`, a
    /// two-candidate cell's lower digit: once a search has found a solution
    /// and only counts, both answers are searched whatever their order.
    fn choose_guess(
        &self,
        counts: &[[u32; 4]; 3],
        thorough: bool,
        order_digits: bool,
        rank_pairs: bool,
        pair_weights: &[u64; 27],
    ) -> Option<(usize, usize)> {
        let pairs: [u32; 3] = std::array::from_fn(|band| {
            let [ones, twos, fours, eights] = counts[band];
            twos & !(ones | fours | eights) & self.unsolved[band]
        });
        let cell = if rank_pairs {
            self.most_peers(&pairs, pair_weights)
        } else {
            first_cell(&pairs)
        };
        if let Some(cell) = cell {
            let digit = if order_digits {
                self.likelier_digit(cell)
            } else {
                self.digits_of(cell).trailing_zeros() as usize
            };
            return Some((cell, digit));
        }
        // No cell with two candidates (in grids with few givens, and often
        // deep in a hard search): the cells with the fewest. The smallest
        // count, highest bit first: where some unsolved cell has a 0 in this
        // bit, only the cells with a 0 stay.
        let mut fewest = self.unsolved;
        let mut fewest_count = 0;
        for bit in (0..4).rev() {
            let zeros: [u32; 3] = std::array::from_fn(|band| fewest[band] & !counts[band][bit]);
            if zeros == [0; 3] {
                fewest_count |= 1 << bit;
            } else {
                fewest = zeros;
            }
        }
        // Ranking costs more than it saves when many cells tie with many
        // candidates (a nearly empty grid): then the first of them.
        let cell = if thorough && fewest_count <= 4 {
            self.most_peers(&fewest, &BAND_PEERS)?
        } else {
            first_cell(&fewest)?
        };
        Some((cell, self.digits_of(cell).trailing_zeros() as usize))
    }

    /// Of the unsolved cells in `cells` (one word per band), the one with the
    /// highest score, the earliest on a tie; `None` when `cells` is empty. A
    /// cell's score counts its unsolved peers: those in its column outside
    /// its band once, and those of its band as `weights` says
    /// ([`BAND_PEERS`] or [`PAIR_WEIGHTS`]).
    fn most_peers(&self, cells: &[u32; 3], weights: &[u64; 27]) -> Option<usize> {
        // Ranked as score * 128 + (127 - cell), so the largest rank is the
        // best score, earliest cell first, and keeping the best needs no
        // branch.
        let mut best_rank = 0;
        for band in 0..3 {
            let mut remaining = cells[band];
            let [first_other, second_other] = OTHER_BANDS[band];
            // The open cells of the two other bands side by side, where a
            // cell's column outside its band is one mask (see
            // [`OTHER_COLUMNS`]).
            let others = u64::from(self.unsolved[first_other])
                | u64::from(self.unsolved[second_other]) << 32;
            let open = self.unsolved[band];
            let open_twice = u64::from(open) | u64::from(open) << 32;
            let first_rank = 127 - 27 * band as u32;
            while remaining != 0 {
                let bit_index = remaining.trailing_zeros() as usize;
                remaining &= remaining - 1;
                let score = (open_twice & weights[bit_index]).count_ones()
                    + (others & OTHER_COLUMNS[bit_index]).count_ones();
                let rank = score << 7 | (first_rank - bit_index as u32);
                best_rank = best_rank.max(rank);
            }
        }
        (best_rank != 0).then(|| 127 - (best_rank & 127) as usize)
    }

    /// Of the candidates of `cell`, the one still possible in the most of its
    /// peers, the lowest on a tie: placing it strikes the most candidates.
    fn likelier_digit(&self, cell: usize) -> usize {
        let band = cell / 27;
        let column = COLUMN_CELLS << (cell % 9);
        let peers = BAND_PEERS[cell % 27] as u32;
        let [first_other, second_other] = OTHER_BANDS[band];
        let mut digits = self.digits_of(cell);
        let mut best_rank = 0;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let struck = u64::from(self.candidates[band * 9 + digit] & peers)
                | u64::from(self.candidates[first_other * 9 + digit] & column) << 32
                | u64::from(self.candidates[second_other * 9 + digit] & column) << 33;
            best_rank = best_rank.max(struck.count_ones() << 4 | (15 - digit as u32));
        }
        15 - (best_rank & 15) as usize
    }

    /// Searches from this state until `limit` solutions (at least 1) are
    /// found or the tree is exhausted, and returns how many it found. The
    /// first solution goes to `hunt.solution` if that is set; `self` is
    /// left in a state the caller throws away. Solving is a search with
    /// limit 1. `hunt` is shared by the whole search (see [`Hunt`]).
    fn search(&mut self, limit: u64, hunt: &mut Hunt<'_>) -> u64 {
        let mut found = 0;
        loop {
            let mut sweep_paid = false;
            let Ok(counts) = self.propagate(hunt.sweep_from(), &mut sweep_paid) else {
                hunt.met_dead_end = true;
                return found;
            };
            // Ranking the cells of the fallback pays only in a search that
            // already needed a guess; an easy puzzle's one guess skips it.
            let (thorough, order_digits, rank_pairs) =
                (hunt.guesses > 0, !hunt.solved, hunt.ranks_pairs());
            let guess = match counts {
                Some(counts) => self.choose_guess(
                    &counts,
                    thorough,
                    order_digits,
                    rank_pairs,
                    hunt.pair_weights,
                ),
                // Every cell is solved.
                None => None,
            };
            let Some((cell, digit)) = guess else {
                if let Some(cells) = hunt.solution.take() {
                    self.write_to(cells);
                }
                // A count to 2 at its first solution (`found` is 0 all the
                // way up): a rectangle of open cells in it shows a second
                // one without a search for it. Without a guess there is
                // nothing to look for: every digit was forced, so the
                // solution is the only one.
                let second = limit == 2
                    && !hunt.solved
                    && hunt.guesses > 0
                    && Self::has_open_rectangle(self, &hunt.unsolved_at_start);
                hunt.solved = true;
                return found + 1 + u64::from(second);
            };
            hunt.sweep_paid = sweep_paid;
            if hunt.guesses == 0 {
                // The first guess: remember the state it starts from. Where
                // the deductions placed nothing, a count checks it first
                // (see `Hunt::root_check`).
                hunt.root = *self;
                if hunt.root_check && self.unsolved == hunt.unsolved_at_start {
                    hunt.root_check = false;
                    if self.overfills_a_mini_line() {
                        return found;
                    }
                }
            }
            hunt.guesses += 1;
            // A root with a solution cannot break Hall's condition: once one
            // is found, a count goes on without the check.
            if hunt.guesses == PATIENCE && !hunt.solved && hunt.root.breaks_hall() {
                // A long search from a root with no solution: give up at once.
                hunt.hopeless = true;
                return found;
            }
            // Guess on a copy; if it fails, the digit is simply not there.
            let mut attempt = *self;
            attempt.place_guess(cell, digit);
            probe::place(cell / 9, cell % 9, char::from(b'1' + digit as u8));
            found += Self::search(&mut attempt, limit - found, hunt);
            if found == limit {
                return found;
            }
            probe::rewind(cell / 9, cell % 9);
            probe::clear(cell / 9, cell % 9);
            if hunt.root_check && !hunt.solved {
                // The first guess that failed, with no solution found: the
                // root's turn to be checked.
                hunt.root_check = false;
                hunt.hopeless = hunt.root.overfills_a_mini_line();
            }
            if hunt.hopeless {
                return found;
            }
            // A cell that had two candidates has one left: fill it now,
            // rather than find it in the next naked singles sweep. Its
            // digits are read before the guessed one is struck, for the
            // reason `place` gives.
            let rest = self.digits_of(cell) & !(1 << digit);
            self.eliminate(cell, digit);
            if rest.is_power_of_two() {
                let other = rest.trailing_zeros() as usize;
                self.place_guess(cell, other);
                probe::force(cell / 9, cell % 9, char::from(b'1' + other as u8));
            }
        }
    }

    /// Whether this solved grid has another solution of the same puzzle one
    /// swap away: a rectangle whose corners lie in two boxes, with one digit
    /// at two opposite corners and another digit at the other two, and none
    /// of the four a given (`open`: the cells blank in the puzzle, per band).
    /// Swapping the two digits there leaves each row, column and box with
    /// every digit once: the smallest set of cells of which a unique puzzle
    /// must give one (a "unique rectangle"). Two digits make one exactly when
    /// they share a key (see [`Bands::rectangle_keys`]).
    fn has_open_rectangle(&self, open: &[u32; 3]) -> bool {
        let keys: [[u64; 3]; 9] = std::array::from_fn(|digit| self.rectangle_keys(open, digit));
        let mut equal = 0;
        for (first, first_keys) in keys.iter().enumerate() {
            for second_keys in &keys[first + 1..] {
                for (a, b) in first_keys.iter().zip(second_keys) {
                    // A chunk of the difference that is zero borrows from
                    // its top bit when one is taken from each chunk.
                    let differ = a ^ b;
                    equal |= differ.wrapping_sub(CHUNK_FIRSTS) & !differ;
                }
            }
        }
        equal & CHUNK_TOPS != 0
    }

    /// The keys of `digit` in this solved grid, three words of six 9-bit
    /// keys each, for [`Bands::has_open_rectangle`]. Two digits make a
    /// rectangle in two rows of a band when, in the band's third box, both
    /// sit in the same row (the band's third row), and in its two other
    /// boxes each time in the same column. So a key per band and per box
    /// left out: for each box of the band, the digit's column in it, but
    /// its row in the box left out ([`box_slots`]). Word `w` holds, in its
    /// low half, the keys of the three bands with stack `w` left out; in its
    /// high half the same for two columns of a stack, rows and columns
    /// exchanged ([`transpose_slots`]). A key that needs a given is the
    /// digit's alone: the digit's single bit, where a real key has three.
    #[inline(always)]
    fn rectangle_keys(&self, open: &[u32; 3], digit: usize) -> [u64; 3] {
        let (mut columns, mut rows, mut shut) = (0, 0, 0);
        for band in 0..3 {
            let (column, row, given) = box_slots(self.candidates[band * 9 + digit], open[band]);
            columns |= column << (9 * band);
            rows |= row << (9 * band);
            shut |= given << (9 * band);
        }
        let across = u64::from(columns) | u64::from(transpose_slots(rows)) << 32;
        let along = u64::from(rows) | u64::from(transpose_slots(columns)) << 32;
        let needs = u64::from(shut) | u64::from(transpose_slots(shut)) << 32;
        std::array::from_fn(|left_out| {
            let left_out = SLOTS << (3 * left_out);
            let key = across & !left_out | along & left_out;
            let blocked = nonzero_chunks(needs & !left_out) >> 8;
            key & !(blocked * 0o777) | blocked << digit
        })
    }

    /// Whether some row, column or box breaks Hall's condition: some `k`
    /// digits can go only in fewer than `k` of its cells, so they cannot all
    /// be placed (a pigeonhole contradiction, such as three digits left with
    /// the same two cells). Checked as a perfect matching of the nine digits
    /// to the nine cells of each unit. Rarely called, so kept out of line,
    /// away from the search's hot loop.
    #[cold]
    #[inline(never)]
    fn breaks_hall(&self) -> bool {
        for band in 0..3 {
            for line in 0..3 {
                // Row `3 * band + line`, then box (`band`, stack `line`).
                let row = std::array::from_fn(|digit| {
                    self.candidates[band * 9 + digit] >> (9 * line) & ROW_CELLS
                });
                let square = std::array::from_fn(|digit| {
                    let mask = self.candidates[band * 9 + digit] >> (3 * line);
                    mask & 7 | (mask >> 9 & 7) << 3 | (mask >> 18 & 7) << 6
                });
                if !all_placeable(&row) || !all_placeable(&square) {
                    return true;
                }
            }
        }
        for column in 0..9 {
            let cells = std::array::from_fn(|digit| {
                let mut gathered = 0;
                for band in 0..3 {
                    let mask = self.candidates[band * 9 + digit] >> column;
                    gathered |=
                        (mask & 1 | (mask >> 9 & 1) << 1 | (mask >> 18 & 1) << 2) << (3 * band);
                }
                gathered
            });
            if !all_placeable(&cells) {
                return true;
            }
        }
        false
    }

    /// Whether some box has a mini-line (the three cells of one row, or of
    /// one column, inside the box) that must take more digits than it has
    /// cells for: the check behind tdoku's triads. A digit whose candidates
    /// in a box all lie in one of its mini-lines must go in that mini-line,
    /// each in a cell of its own: four such digits, or three with a cell of
    /// the mini-line that can take none of them, or two with one cell for
    /// both, and the state has no completion. The band and stack deductions
    /// look at one digit at a time and cannot see it; a search would try
    /// every way round it (Norvig's impossible puzzle: three digits that
    /// must go in one mini-column, whose third cell can take none of them).
    /// Kept out of line: a count runs it once, before its first guess.
    #[inline(never)]
    fn overfills_a_mini_line(&self) -> bool {
        for band in 0..3 {
            // Per digit: the mini-rows it must go in (at their first cells)
            // and the columns whose mini-column it must go in; and the cells
            // of the band that can take a digit that must go in their
            // mini-row, or in their mini-column.
            let mut rows_needed = [0u32; 9];
            let mut columns_needed = [0u32; 9];
            let mut row_takers = 0;
            let mut column_takers = 0;
            for (digit, &cells) in self.candidates[band * 9..][..9].iter().enumerate() {
                let firsts = (cells | cells >> 1 | cells >> 2) & MINI_ROW_FIRSTS;
                let rows = LONE_MINI_ROWS[mini_row_key(firsts)];
                rows_needed[digit] = rows;
                row_takers |= cells & (rows * 0b111);
                let columns = (cells | cells >> 9 | cells >> 18) & ROW_CELLS;
                let columns = u32::from(LONE_COLUMNS[columns as usize]);
                columns_needed[digit] = columns;
                column_takers |= cells & (columns * COLUMN_CELLS);
            }
            // Each mini-line's three cells folded onto one bit: its first
            // cell for a mini-row, its column for a mini-column.
            let rows = [0, 1, 2].map(|shift| row_takers >> shift & MINI_ROW_FIRSTS);
            let columns = [0, 9, 18].map(|shift| column_takers >> shift & ROW_CELLS);
            if overfilled(count_nine(rows_needed), rows)
                || overfilled(count_nine(columns_needed), columns)
            {
                return true;
            }
        }
        false
    }
}

/// What one whole search shares between its levels: how many guesses it
/// has made, whether it has found a solution, and the state before the
/// first guess. A puzzle that needs [`PATIENCE`] guesses is hard or has no
/// solution; its root state is then checked once for a contradiction the
/// band deductions cannot see ([`Bands::breaks_hall`]), which would
/// otherwise take a search of the whole tree to find. Easy puzzles never
/// pay for the check. A count checks its root sooner for the cheaper
/// contradiction of an overfilled mini-line (see [`Hunt::root_check`]).
struct Hunt<'a> {
    guesses: u32,
    /// Some deductions have failed: the tree has branches to cut.
    met_dead_end: bool,
    /// The stack sweep narrowed a mask in the deductions before the last
    /// guess.
    sweep_paid: bool,
    root: Bands,
    /// The root breaks Hall's condition: there is no solution anywhere.
    hopeless: bool,
    /// A solution was found: from then on the search only counts.
    solved: bool,
    /// The puzzle came with at least [`MANY_GIVENS`] givens.
    many_givens: bool,
    /// The root is still to be checked for an overfilled mini-line
    /// ([`Bands::overfills_a_mini_line`]): set for a count (which may well
    /// be given a puzzle without a solution) of a puzzle with fewer than
    /// [`MANY_GIVENS`] givens, whose tree is not small. It is checked once,
    /// when there is a sign of trouble: before the first guess if the
    /// deductions placed no digit (Norvig's impossible puzzle), else at the
    /// first guess that fails before any solution. A count whose guesses
    /// lead straight to a solution never pays for it; neither does a
    /// solver, which is given puzzles with a solution (LeetCode promises
    /// one), where the check would never fire.
    root_check: bool,
    /// The cells blank in the puzzle, per band.
    unsolved_at_start: [u32; 3],
    /// How [`Bands::most_peers`] weighs the peers of a two-candidate cell:
    /// [`PAIR_WEIGHTS`].
    pair_weights: &'static [u64; 27],
    /// How many guesses, from the first, rank the two-candidate cells
    /// whether or not the search has met a dead end: [`RANKED_GUESSES`].
    ranked_guesses: u32,
    /// Where to write the first solution, if the caller wants it: there,
    /// once, rather than copying the solved state up through every level.
    solution: Option<&'a mut [u8; 81]>,
}

impl<'a> Hunt<'a> {
    fn new(start: Bands, solution: Option<&'a mut [u8; 81]>) -> Hunt<'a> {
        let many_givens = start.open_cells() <= 81 - MANY_GIVENS;
        Hunt {
            guesses: 0,
            met_dead_end: false,
            sweep_paid: true,
            root: start,
            hopeless: false,
            solved: false,
            many_givens,
            root_check: solution.is_none() && !many_givens,
            unsolved_at_start: start.unsolved,
            pair_weights: &PAIR_WEIGHTS,
            ranked_guesses: RANKED_GUESSES,
            solution,
        }
    }

    /// Whether the next guess ranks the two-candidate cells
    /// ([`Bands::most_peers`]) rather than take the first: never in a puzzle
    /// with [`MANY_GIVENS`]; otherwise for the first `ranked_guesses`
    /// guesses, and after them once the search has met a dead end (see
    /// [`RANKED_GUESSES`]).
    fn ranks_pairs(&self) -> bool {
        !self.many_givens && (self.met_dead_end || self.guesses < self.ranked_guesses)
    }

    /// The fewest open cells at which [`Bands::propagate`] runs the stack
    /// sweep at this point of the search. Never on a puzzle with many givens
    /// (see [`MANY_GIVENS`]). Never either, after the first guess, while the
    /// search has met no dead end and the last sweep narrowed nothing: the
    /// search is going straight down, as on a puzzle with many solutions,
    /// where nearly every guess leads to one, and the sweep, which only
    /// cuts branches, costs without paying. The first dead end brings it
    /// back for the rest of the search. Otherwise, until a first solution,
    /// only while at least [`STACK_SWEEP_OPEN_CELLS`] cells are open; once
    /// one is found, a count meets only dead ends, and the sweep finds them
    /// early even in a nearly full grid: always.
    fn sweep_from(&self) -> u32 {
        if self.many_givens || self.guesses > 0 && !self.met_dead_end && !self.sweep_paid {
            u32::MAX
        } else if self.solved {
            0
        } else {
            STACK_SWEEP_OPEN_CELLS
        }
    }
}

/// The slots of stack 0 (or, transposed, of band 0) in a word of three
/// 9-bit chunks, one per band (or stack): bits `9 * chunk` to `9 * chunk +
/// 2` (see [`box_slots`]).
const SLOTS_32: u32 = 0o007_007_007;
/// The top bit of each of three 9-bit chunks.
const CHUNK_TOPS_32: u32 = 0o400_400_400;
/// The first bit of each of three 9-bit chunks.
const CHUNK_FIRSTS_32: u32 = 0o001_001_001;
/// The low eight bits of each of three 9-bit chunks.
const CHUNK_LOWS_32: u32 = 0o377_377_377;
/// [`SLOTS_32`], twice: two words of three chunks side by side.
const SLOTS: u64 = SLOTS_32 as u64 | (SLOTS_32 as u64) << 32;
/// [`CHUNK_TOPS_32`], twice.
const CHUNK_TOPS: u64 = CHUNK_TOPS_32 as u64 | (CHUNK_TOPS_32 as u64) << 32;
/// [`CHUNK_FIRSTS_32`], twice.
const CHUNK_FIRSTS: u64 = CHUNK_FIRSTS_32 as u64 | (CHUNK_FIRSTS_32 as u64) << 32;

/// The top bit of each nonzero 9-bit chunk of `word` (two words of 27 bits
/// side by side): the low eight bits plus eight ones reach the top bit when
/// any is set, and never carry into the next chunk.
#[inline(always)]
const fn nonzero_chunks(word: u64) -> u64 {
    const LOWS: u64 = CHUNK_LOWS_32 as u64 | (CHUNK_LOWS_32 as u64) << 32;
    (((word & LOWS) + LOWS) | word) & CHUNK_TOPS
}

/// Where a digit sits in each box of a band, from its mask `cells` in the
/// solved band: three 9-bit words with three bits for each box (bits `3 *
/// stack` to `3 * stack + 2`): its column inside the box, one bit of three;
/// its row, one bit of three; and all three bits where its cell is not in
/// `open` (a given).
#[inline(always)]
const fn box_slots(cells: u32, open: u32) -> (u32, u32, u32) {
    let column = (cells | cells >> 9 | cells >> 18) & ROW_CELLS;
    // Bit `9 * row + 3 * stack` for each cell, then moved to `3 * stack + row`.
    let firsts = (cells | cells >> 1 | cells >> 2) & MINI_ROW_FIRSTS;
    let row = (firsts | firsts >> 8 | firsts >> 16) & ROW_CELLS;
    let given = cells & !open;
    let given = (given | given >> 9 | given >> 18) & ROW_CELLS;
    let given = (given | given >> 1 | given >> 2) & 0o111;
    (column, row, given * 7)
}

/// The nine 3-bit slots of `word` (bit `9 * i + 3 * j`) moved to their
/// transposed place (bit `9 * j + 3 * i`).
#[inline(always)]
const fn transpose_slots(word: u32) -> u32 {
    word & (0o7 | 0o7 << 12 | 0o7 << 24)
        | word << 6 & (0o7 << 9 | 0o7 << 21)
        | word >> 6 & (0o7 << 3 | 0o7 << 15)
        | word << 12 & 0o7 << 18
        | word >> 12 & 0o7 << 6
}

/// Guesses a search makes before it checks its root for a contradiction.
const PATIENCE: u32 = 128;

/// The fewest open cells at which [`Bands::propagate`] still runs the stack
/// sweep, until a search finds its first solution. Below it the sweep
/// rarely rules out a column that the singles would not fill anyway:
/// skipping it there makes puzzles with many givens faster and changes few
/// guesses on the others. A count that goes on past a solution sweeps at
/// every quiet point: there it finds the dead ends of the remaining tree
/// early.
const STACK_SWEEP_OPEN_CELLS: u32 = 24;

/// The fewest givens that make a puzzle one with many givens, searched more
/// cheaply: no stack sweep at all, the first two-candidate cell as the
/// guess rather than the one with the most unsolved peers, and no
/// mini-line check before a count's first guess. Such a puzzle is
/// mostly forced already: the search makes a few more guesses, each
/// cheaper, and takes less time (measured on Serg's benchmark, 34 or 35
/// givens a puzzle; see the note). Sparser puzzles, such as the forum's
/// hardest with 20 to 24 givens, need the sweep and the ranking.
const MANY_GIVENS: u32 = 28;

/// How many guesses, from the first, choose among the two-candidate cells
/// the one whose unsolved peers weigh most ([`Bands::most_peers`]) however
/// the search goes. After them, a search that has met no dead end takes the
/// first two-candidate cell instead, until its first dead end: it is going
/// straight down, as in a puzzle with many solutions, where nearly every
/// guess leads to one, and ranking costs more time than the guesses it
/// saves. A hard puzzle meets its first dead end within a few guesses, and
/// its first guesses, at the top of the tree, are the ones worth ranking
/// (the engineering log, issue 52's seventh round).
const RANKED_GUESSES: u32 = 4;

/// Of one digit's `columns` (bit `9 * band + column`: the digit can still go
/// somewhere in that column inside that band), the ones that some matching
/// of the three bands to the three columns of their stack uses, for the
/// three stacks at once: the same answer as the [`USABLE_PAIRS`] table, in
/// about twenty operations on one word rather than three lookups. A band
/// can use a column of a stack when the other two bands can take its other
/// two columns, one each, in one of the two ways. Turning the bands one
/// step (band `b` reads band `b + 1`'s bits) and each stack's columns one
/// step (column `c` reads column `c + 1`'s) brings every cell of the other
/// two bands and columns to the cell under test, so the test is a few
/// `&` and `|`.
#[inline(always)]
fn usable_columns(columns: u32) -> u32 {
    // Band b reads band b + 1, or band b + 2.
    let next_band = columns >> 9 | (columns & ROW_CELLS) << 18;
    let band_after = (columns << 9 | columns >> 18) & FULL_BAND;
    // In each stack, column c reads column c + 1, or column c + 2.
    let next_column = |bits: u32| (bits >> 1 & 0o333_333_333) | (bits & MINI_ROW_FIRSTS) << 2;
    let column_after = |bits: u32| (bits >> 2 & MINI_ROW_FIRSTS) | (bits << 1 & 0o666_666_666);
    columns
        & (next_column(next_band) & column_after(band_after)
            | column_after(next_band) & next_column(band_after))
}

/// One mask's share of [`Bands::strike`]: whether it held any of `cells`.
#[inline(always)]
fn strike_one(mask: &mut u32, cells: u32) -> bool {
    let held = *mask & cells != 0;
    *mask &= !cells;
    held
}

/// One mask's share of [`Bands::strike_cell`]: whether it held the cell at
/// `bit_index` and, without it, has nothing left in the cell's mini-row or
/// in its column inside the band.
#[inline(always)]
fn strike_cell_one(mask: &mut u32, bit_index: usize) -> bool {
    let before = *mask;
    let after = before & !(1 << bit_index);
    *mask = after;
    let mini_row = 0b111 << (bit_index - bit_index % 3);
    let column = COLUMN_CELLS << (bit_index % 9);
    (before != after) & ((after & mini_row == 0) | (after & column == 0))
}

/// The first cell (`band * 27 + bit`) of `cells` (one word per band), or
/// `None` when it is empty.
fn first_cell(cells: &[u32; 3]) -> Option<usize> {
    let band = cells.iter().position(|&band_cells| band_cells != 0)?;
    Some(band * 27 + cells[band].trailing_zeros() as usize)
}

/// How many of the nine `masks` hold each bit, in binary: bit `i` of each
/// count in word `i`. Full adders, as in a hardware counter: `add` takes
/// three words and gives, for every bit position at once, the sum's low bit
/// and the carry.
fn count_nine(masks: [u32; 9]) -> [u32; 4] {
    let add = |a: u32, b: u32, c: u32| (a ^ b ^ c, (a & b) | (c & (a ^ b)));
    let (sum_a, carry_a) = add(masks[0], masks[1], masks[2]);
    let (sum_b, carry_b) = add(masks[3], masks[4], masks[5]);
    let (sum_c, carry_c) = add(masks[6], masks[7], masks[8]);
    // Ones: the three sums; their carries are twos.
    let (ones, carry_d) = add(sum_a, sum_b, sum_c);
    // Twos: four of them.
    let (twos, carry_e) = add(carry_a, carry_b, carry_c);
    // Fours: the carries of the twos.
    [
        ones,
        twos ^ carry_d,
        carry_e ^ (twos & carry_d),
        carry_e & twos & carry_d,
    ]
}

/// For mini-lines folded onto one bit each: whether one of them needs more
/// digits (`needed`, counted in binary as [`count_nine`] counts) than it
/// has cells that can take them (`takers`, one word per cell of the line).
fn overfilled(needed: [u32; 4], takers: [u32; 3]) -> bool {
    let [ones, twos, fours, eights] = needed;
    let [first, second, third] = takers;
    let all_three = first & second & third;
    let two_or_more = first & second | first & third | second & third;
    // Four digits or more; three, with a cell that takes none; two, with
    // one cell for both.
    fours | eights | (ones & twos & !all_three) | (twos & !ones & !two_or_more) != 0
}

/// Whether each of nine digits can have a cell of its own, given the cells
/// (nine bits) each may take: a perfect matching, grown by augmenting paths.
fn all_placeable(cells_of: &[u32; 9]) -> bool {
    let mut owner = [0; 9];
    let mut free = ROW_CELLS;
    (0..9).all(|digit| {
        let mut visited = 0;
        augment(digit, cells_of, &mut owner, &mut free, &mut visited)
    })
}

/// Finds `digit` a cell, moving earlier digits to other cells if need be.
/// A free cell among its options needs no one moved, so it is tried first;
/// `free` holds the cells no digit has yet.
fn augment(
    digit: usize,
    cells_of: &[u32; 9],
    owner: &mut [usize; 9],
    free: &mut u32,
    visited: &mut u32,
) -> bool {
    let options = cells_of[digit] & !*visited;
    let open = options & *free;
    if open != 0 {
        let cell = open.trailing_zeros() as usize;
        *free &= !(1 << cell);
        owner[cell] = digit;
        return true;
    }
    let mut remaining = options;
    while remaining != 0 {
        let cell = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        *visited |= 1 << cell;
        if augment(owner[cell], cells_of, owner, free, visited) {
            owner[cell] = digit;
            return true;
        }
    }
    false
}

const fn build_usable_pairs() -> [u32; 512] {
    // The six ways to give each of three lines its own box: line l uses box
    // MATCHINGS[m][l].
    const MATCHINGS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut pairs = 0;
    while pairs < 512 {
        let mut matching = 0;
        while matching < 6 {
            let boxes = MATCHINGS[matching];
            let needed = 1 << boxes[0] | 1 << (3 + boxes[1]) | 1 << (6 + boxes[2]);
            if pairs as u32 & needed == needed {
                table[pairs] |= needed;
            }
            matching += 1;
        }
        pairs += 1;
    }
    table
}

const fn build_usable_cells() -> [u32; 512] {
    let mut table = [0; 512];
    let mut mini_rows = 0;
    while mini_rows < 512 {
        let firsts = first_cells(mini_rows as u32);
        // Each usable mini-row's first cell, and the two after it.
        table[mini_row_key(firsts)] = first_cells(USABLE_PAIRS[mini_rows]) * 0b111;
        mini_rows += 1;
    }
    table
}

/// The first cells of the mini-rows in `mini_rows` (bit `row * 3 + box`):
/// mini-row `row * 3 + box` covers band bits `row * 9 + box * 3` and the two
/// after them, which is `3 * mini_row` onwards.
const fn first_cells(mini_rows: u32) -> u32 {
    let mut firsts = 0;
    let mut mini_row = 0;
    while mini_row < 9 {
        firsts |= (mini_rows >> mini_row & 1) << (3 * mini_row);
        mini_row += 1;
    }
    firsts
}

/// Where [`USABLE_CELLS`] keeps the entry for the occupied mini-rows whose
/// first cells are `firsts` (see [`MINI_ROW_KEY`]): every set of mini-rows
/// has its own.
#[inline(always)]
const fn mini_row_key(firsts: u32) -> usize {
    (firsts.wrapping_mul(MINI_ROW_KEY) >> 23) as usize
}

/// One digit's cells in a band (`cells`) with only the mini-rows some
/// row-to-box matching can use: 0 when no matching is left. Each mini-row
/// folds onto its first cell (bits 0, 3, .., 24), and one multiply turns
/// those first cells into the table's index.
#[inline(always)]
fn usable_cells(cells: u32) -> u32 {
    let firsts = (cells | cells >> 1 | cells >> 2) & MINI_ROW_FIRSTS;
    cells & USABLE_CELLS[mini_row_key(firsts)]
}

/// The cells of `cells` (one digit in a band) that are alone in their row.
/// Every row must hold a cell, as it does once [`usable_cells`] has left
/// any: then taking one from each row's bits borrows from no other row,
/// and what is left of a row, its cells but the first, is empty exactly
/// when the row has one. Adding 255 to each row's low eight bits of what is
/// left carries into its ninth bit when they are not empty, with no carry
/// out of the row: the ninth bits mark the rows with two cells or more,
/// and a product spreads each mark over its row.
#[inline(always)]
fn lone_cells(cells: u32) -> u32 {
    const LOW_EIGHT: u32 = 0o377_377_377;
    let rest = cells & cells.wrapping_sub(COLUMN_CELLS);
    let crowded = (((rest & LOW_EIGHT) + LOW_EIGHT) | rest) & !LOW_EIGHT & FULL_BAND;
    cells & !((crowded >> 8) * ROW_CELLS)
}

const fn build_lone_mini_rows() -> [u32; 512] {
    let mut table = [0; 512];
    let mut mini_rows = 0;
    while mini_rows < 512 {
        let firsts = first_cells(mini_rows as u32);
        // The same box's first cells in the other two rows of the band.
        let others = firsts >> 9 | firsts << 18 | firsts >> 18 | firsts << 9;
        table[mini_row_key(firsts)] = firsts & !others;
        mini_rows += 1;
    }
    table
}

const fn build_lone_columns() -> [u16; 512] {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let held = columns as u32;
        // The other two columns of each column's stack, in its place.
        let others =
            (held >> 1 & 0o333) | (held << 2 & 0o444) | (held >> 2 & 0o111) | (held << 1 & 0o666);
        table[columns] = (held & !others) as u16;
        columns += 1;
    }
    table
}

/// For each set of three bits, the union of `first` shifted by `step` once
/// per bit: bit `i` stands for `first << (step * i)`.
const fn build_spread(first: u32, step: u32) -> [u32; 8] {
    let mut table = [0; 8];
    let mut bits = 0;
    while bits < 8 {
        let mut i = 0;
        while i < 3 {
            if bits >> i & 1 == 1 {
                table[bits] |= first << (step * i);
            }
            i += 1;
        }
        bits += 1;
    }
    table
}

const fn build_units() -> [u32; 81] {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, column) = (cell / 9, cell % 9);
        table[cell] = 1 << row | 1 << (9 + column) | 1 << (18 + row / 3 * 3 + column / 3);
        cell += 1;
    }
    table
}

/// [`BAND_PEERS`] without `pairs`, [`PAIR_WEIGHTS`] with it.
const fn build_band_peers(pairs: bool) -> [u64; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let mut other = 0;
        while other < 27 {
            let same_row = other / 9 == cell / 9;
            let same_column = other % 9 == cell % 9;
            let same_box = other % 9 / 3 == cell % 9 / 3;
            let off_lines = same_box && !same_row && !same_column;
            let once = if pairs {
                (same_row && !same_box) || off_lines
            } else {
                other != cell && (same_row || same_column || same_box)
            };
            if once {
                table[cell] |= 1 << other;
            }
            if pairs && off_lines {
                table[cell] |= 1 << (32 + other);
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

const fn build_other_columns() -> [u64; 27] {
    let mut table = [0; 27];
    let mut cell = 0;
    while cell < 27 {
        let column = (COLUMN_CELLS << (cell % 9)) as u64;
        table[cell] = column | column << 32;
        cell += 1;
    }
    table
}

// submission codes end

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approaches::bitboard_twins::{
        self, open_rectangle, solved_grids_with_open_cells, Twin, Xorshift,
    };
    use crate::board::parse_line;

    /// "A solved cell can lose its own digit": a deduction on a dead branch
    /// may strike a solved cell's digit from its mask. The cell is no longer
    /// unsolved, so only the sweep's check that every cell is still in some
    /// mask sees it; without it, the branch would look solved with a hole.
    #[test]
    fn a_solved_cell_that_lost_its_digit_is_a_dead_end() {
        let solution = crate::fixtures::solution_line();
        let mut bands = Bands::from_cells(&cells_from(&solution)).expect("a solved grid");
        assert_eq!(bands.unsolved, [0; 3], "every cell solved");
        let mut counts = [[0; 4]; 3];
        assert!(matches!(bands.fill_naked_singles(&mut counts), Ok(false)));
        // Cell 0 holds its digit's bit; strike it.
        let digit = usize::from(cells_from(&solution)[0] - 1);
        bands.candidates[digit] &= !1;
        assert!(bands.digits_of(0) == 0 && bands.unsolved[0] & 1 == 0);
        assert!(bands.fill_naked_singles(&mut counts).is_err());
    }

    /// "One naked single can destroy another": two cells of the top row
    /// left with the same one digit. Filling the first strikes the second's
    /// only digit; looked at again before it is filled, the second is a dead
    /// end rather than a second copy of the digit in the row.
    #[test]
    fn one_naked_single_can_destroy_another() {
        let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        // Cells 0 and 1 (r1c1, r1c2) keep only digit 5.
        for digit in 0..9 {
            if digit != 4 {
                bands.candidates[digit] &= !0b11;
            }
        }
        let mut counts = [[0; 4]; 3];
        assert!(bands.fill_naked_singles(&mut counts).is_err());
        assert_eq!(bands.digits_of(0), 1 << 4, "the first single was placed");
        assert_eq!(bands.digits_of(1), 0, "and struck the second's digit");
    }

    #[test]
    fn lone_cells_are_the_cells_alone_in_their_row() {
        // Every pair of patterns of the first two rows, with a few of the
        // third; each row holds a cell, as `lone_cells` requires.
        for first in 1..512u32 {
            for second in 1..512u32 {
                for third in [0o001, 0o400, 0o006, 0o777] {
                    let rows = [first, second, third];
                    let alone = (0..3)
                        .filter(|&row| rows[row].count_ones() == 1)
                        .fold(0, |alone, row| alone | rows[row] << (9 * row));
                    let cells = first | second << 9 | third << 18;
                    assert_eq!(lone_cells(cells), alone, "cells {cells:#o}");
                }
            }
        }
    }

    #[test]
    fn usable_columns_agrees_with_the_matching_table() {
        // Every pattern of one stack (bit band * 3 + column, as the table
        // reads it), in each stack in turn, with the other two stacks full:
        // a full stack keeps every column.
        for pairs in 0..512u32 {
            for stack in 0..3 {
                let spread = |bits: u32| {
                    (0..3).fold(FULL_BAND, |word, band| {
                        let cleared = word & !(0o7 << (9 * band + 3 * stack));
                        cleared | (bits >> (3 * band) & 0o7) << (9 * band + 3 * stack)
                    })
                };
                let usable = USABLE_PAIRS[pairs as usize];
                assert_eq!(
                    usable_columns(spread(pairs)),
                    spread(usable),
                    "pattern {pairs:o} in stack {stack}"
                );
            }
        }
    }

    fn cells_from(line: &str) -> [u8; 81] {
        let mut cells = [0; 81];
        for (cell, symbol) in cells.iter_mut().zip(line.bytes()) {
            *cell = if symbol == b'.' { 0 } else { symbol - b'0' };
        }
        cells
    }

    #[test]
    fn a_pigeonhole_in_a_column_is_a_contradiction() {
        // Column 5 (index 4) of Norvig's impossible puzzle, after the band
        // deductions, leaves the digits 1, 5 and 6 only two cells.
        let mut cells_of = [0o777u32; 9];
        for digit in [0, 4, 5] {
            cells_of[digit] = 0b1_1000_0000;
        }
        assert!(!all_placeable(&cells_of));
        cells_of[5] = 0b0_0100_0000;
        assert!(all_placeable(&cells_of));
        // A digit with no cell at all.
        let mut none = [0o777u32; 9];
        none[3] = 0;
        assert!(!all_placeable(&none));
    }

    #[test]
    fn the_matching_agrees_with_halls_condition() {
        // Random units (a fixed xorshift sequence), dense to sparse: the
        // digits can all be placed exactly when every set of k digits has
        // at least k cells among them (Hall's theorem), checked over all
        // 511 sets.
        let mut random = Xorshift(0x5bd1_e995);
        let mut next = move || random.next();
        let mut placeable = 0;
        for round in 0..5_000 {
            let cells_of: [u32; 9] = std::array::from_fn(|_| {
                let mut bits = next();
                for _ in 0..round % 3 {
                    bits |= next();
                }
                bits & next() & ROW_CELLS
            });
            let hall = (1u32..512).all(|digits| {
                let cells = (0..9)
                    .filter(|digit| digits >> digit & 1 == 1)
                    .fold(0, |cells, digit| cells | cells_of[digit]);
                cells.count_ones() >= digits.count_ones()
            });
            assert_eq!(all_placeable(&cells_of), hall, "{cells_of:?}");
            placeable += u32::from(hall);
        }
        // Both answers were met.
        assert!(
            placeable > 100 && placeable < 4_900,
            "{placeable} placeable"
        );
    }

    /// Norvig's impossible puzzle, which has no solution.
    const NORVIGS_IMPOSSIBLE: &str =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

    /// `line` with rows and columns swapped.
    fn transposed(line: &str) -> String {
        let symbols = line.as_bytes();
        (0..81)
            .map(|cell| char::from(symbols[cell % 9 * 9 + cell / 9]))
            .collect()
    }

    #[test]
    fn norvigs_impossible_puzzle_is_counted_without_a_guess_and_solved_in_a_few() {
        let impossible = cells_from(NORVIGS_IMPOSSIBLE);
        let (counted, effort) = probe::measure(|| count_solutions_cells(&impossible, 2));
        assert_eq!(counted, 0);
        // The root's mini-line check: no guess at all.
        assert_eq!(effort.nodes, 0, "{} guesses", effort.nodes);
        // A solver does not run that check; without the Hall check after
        // `PATIENCE` guesses it would try every branch.
        let mut board = impossible;
        let (solved, effort) = probe::measure(|| solve_cells(&mut board));
        assert!(!solved);
        assert_eq!(board, impossible);
        assert!(
            effort.nodes <= u64::from(PATIENCE),
            "{} guesses",
            effort.nodes
        );
        assert_eq!(effort.undos, effort.nodes, "every guess taken back");
    }

    /// The state a search makes its first guess from: the givens of `line`
    /// placed and every deduction applied.
    fn root_of(line: &str) -> Bands {
        let mut bands = Bands::from_cells(&cells_from(line)).expect("no clash");
        assert!(bands.propagate(0, &mut false).is_ok(), "{line}");
        bands
    }

    #[test]
    fn an_overfilled_mini_column_or_mini_row_is_a_contradiction() {
        // Norvig's puzzle: in box 8, the digits 1, 5 and 6 must go in the
        // middle column, whose top cell can take none of them.
        let root = root_of(NORVIGS_IMPOSSIBLE);
        assert!(root.breaks_hall());
        assert!(root.overfills_a_mini_line());
        // The same puzzle turned on its side: a mini-row.
        assert!(root_of(&transposed(NORVIGS_IMPOSSIBLE)).overfills_a_mini_line());
        let (counted, effort) = probe::measure(|| {
            count_solutions_cells(&cells_from(&transposed(NORVIGS_IMPOSSIBLE)), 2)
        });
        assert_eq!((counted, effort.nodes), (0, 0));
        // A puzzle with solutions never trips it.
        for grid in bitboard_twins::hard_grids() {
            let mut bands = Bands::from_cells(&grid).expect("valid grid");
            assert!(bands.propagate(0, &mut false).is_ok());
            assert!(!bands.overfills_a_mini_line());
        }
    }

    #[test]
    fn the_lone_tables_keep_what_is_alone_in_its_box() {
        // Mini-rows (bit row * 3 + box): box 0 in rows 0 and 1, box 1 in row
        // 2 only, box 2 in row 0 only.
        let lone_rows = |mini_rows| LONE_MINI_ROWS[mini_row_key(first_cells(mini_rows))];
        assert_eq!(
            lone_rows(0b000_001_001 | 0b010_000_000 | 0b000_000_100),
            first_cells(0b010_000_000 | 0b000_000_100)
        );
        assert_eq!(lone_rows(0o777), 0);
        assert_eq!(lone_rows(0), 0);
        // Columns: 0 and 1 share stack 0; 5 is alone in stack 1; 6, 7 and 8
        // fill stack 2.
        assert_eq!(LONE_COLUMNS[0b111_100_011], 0b000_100_000);
        assert_eq!(LONE_COLUMNS[0b001_001_001], 0b001_001_001);
    }

    #[test]
    fn every_set_of_mini_rows_has_its_own_key() {
        let mut owner = [None; 512];
        for mini_rows in 0..512 {
            let key = mini_row_key(first_cells(mini_rows));
            assert_eq!(owner[key], None, "{mini_rows:#o} shares key {key}");
            owner[key] = Some(mini_rows);
        }
    }

    #[test]
    fn the_band_table_keeps_only_mini_rows_some_matching_uses() {
        let usable = |mini_rows| USABLE_CELLS[mini_row_key(first_cells(mini_rows))];
        // Rows 0 and 1 may use box 0 only, so row 2 loses box 0 and every
        // matching fails: nothing is usable.
        assert_eq!(usable(0b111_001_001), 0);
        // Row 0 only in box 0: rows 1 and 2 lose box 0 (locked candidates).
        assert_eq!(usable(0b111_111_001), 0b111 | 0o770 << 9 | 0o770 << 18);
        // Every mini-row occupied: all usable.
        assert_eq!(usable(0o777), FULL_BAND);
    }

    #[test]
    fn the_stack_rule_gives_a_lone_column_to_the_band_that_has_it() {
        // Digit 1 is ruled out of column 0 in bands 0 and 2, so band 1 must
        // put its 1 of stack 0 in column 0: columns 1 and 2 of stack 0 go.
        let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        bands.candidates[0] &= !COLUMN_CELLS;
        bands.candidates[18] &= !COLUMN_CELLS;
        assert!(bands.settle_stacks(FULL_BAND).is_ok());
        assert_eq!(bands.candidates[9] & (COLUMN_CELLS * 0b111), COLUMN_CELLS);
        // The other stacks are untouched.
        assert_eq!(
            bands.candidates[9] & !(COLUMN_CELLS * 0b111),
            FULL_BAND & !(COLUMN_CELLS * 0b111)
        );
    }

    #[test]
    fn the_stack_sweep_waits_for_enough_open_cells_until_a_count_goes_on() {
        // The state of the stack rule's test above: only the stack sweep can
        // narrow band 1's digit 1 to column 0 of stack 0. Every cell keeps
        // eight or nine candidates, so no single is filled, and how many
        // cells count as open decides alone whether the sweep runs.
        let narrowed_with_open = |open: u32, sweep_from: u32| {
            let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
            bands.candidates[0] &= !COLUMN_CELLS;
            bands.candidates[18] &= !COLUMN_CELLS;
            bands.unsolved = [(1 << open) - 1, 0, 0];
            assert!(bands.propagate(sweep_from, &mut false).is_ok());
            bands.candidates[9] & (COLUMN_CELLS * 0b111) == COLUMN_CELLS
        };
        let mut hunt = Hunt::new(Bands::from_cells(&[0; 81]).expect("fine"), None);
        assert!(narrowed_with_open(
            STACK_SWEEP_OPEN_CELLS,
            hunt.sweep_from()
        ));
        assert!(!narrowed_with_open(
            STACK_SWEEP_OPEN_CELLS - 1,
            hunt.sweep_from()
        ));
        // A count past its first solution sweeps whatever is open.
        hunt.solved = true;
        assert!(narrowed_with_open(1, hunt.sweep_from()));
        // A puzzle with many givens never sweeps, with a band wide open.
        let many = Hunt::new(with_givens(MANY_GIVENS), None);
        assert!(many.many_givens);
        assert!(!narrowed_with_open(27, many.sweep_from()));
        assert!(!Hunt::new(with_givens(MANY_GIVENS - 1), None).many_givens);
    }

    /// The first `givens` cells of a solved grid, the rest blank.
    fn with_givens(givens: u32) -> Bands {
        let cells = std::array::from_fn(|cell| {
            if cell < givens as usize {
                bitboard_twins::solved_digit(cell)
            } else {
                0
            }
        });
        Bands::from_cells(&cells).expect("part of a solved grid")
    }

    #[test]
    fn the_stack_sweep_skips_only_digits_whose_columns_did_not_change() {
        let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        // An empty grid teaches the stacks nothing, but every digit's
        // columns are remembered.
        assert!(bands.settle_stacks(FULL_BAND).is_ok());
        assert_eq!(bands.stacked, [FULL_BAND; 9]);
        let unchanged = bands.candidates;
        // Digit 1 leaves column 0 in bands 0 and 2: swept again, band 1
        // keeps only column 0 of stack 0 (as in the test above).
        bands.candidates[0] &= !COLUMN_CELLS;
        bands.candidates[18] &= !COLUMN_CELLS;
        assert!(bands.settle_stacks(FULL_BAND).is_ok());
        assert_eq!(bands.candidates[9] & (COLUMN_CELLS * 0b111), COLUMN_CELLS);
        // The other digits were skipped, and would have had nothing to do.
        assert_eq!(bands.candidates[1..9], unchanged[1..9]);
        // A state whose memory is stale would skip a digit that has news:
        // the memory is what the masks hold.
        let columns = |mask: u32| (mask | mask >> 9 | mask >> 18) & ROW_CELLS;
        for digit in 0..9 {
            let held = (0..3).fold(0, |word, band| {
                word | columns(bands.candidates[band * 9 + digit]) << (9 * band)
            });
            assert_eq!(bands.stacked[digit], held, "digit {}", digit + 1);
        }
    }

    /// This search, for the twins' shared checks.
    struct Plain;

    impl Twin for Plain {
        type State = Bands;
        fn start(grid: &[u8; 81]) -> Bands {
            Bands::from_cells(grid).expect("valid grid")
        }
        fn propagate(bands: &mut Bands) -> Option<[[u32; 4]; 3]> {
            let counts = bands.propagate(0, &mut false).ok()?;
            Some(counts.unwrap_or_default())
        }
        fn digits_of(bands: &Bands, cell: usize) -> u32 {
            bands.digits_of(cell)
        }
        fn place(bands: &mut Bands, cell: usize, digit: usize) {
            bands.place(cell, digit);
        }
        fn place_guess(bands: &mut Bands, cell: usize, digit: usize) {
            bands.place_guess(cell, digit);
        }
        fn masks(bands: &Bands) -> ([u32; 27], [u32; 3]) {
            (bands.candidates, bands.unsolved)
        }
    }

    #[test]
    fn a_guess_reaches_the_same_state_as_placing_the_digit() {
        // Every candidate of every unsolved cell, after the root's deductions,
        // on the twins' hard grids: the guess's shortcut (fewer masks marked
        // pending) must not lose a deduction.
        let compared = bitboard_twins::compare_guesses_with_placements::<Plain>();
        assert!(compared > 1000, "{compared} guesses compared");
    }

    /// Each cell's number of candidates, as the naked singles sweep counts
    /// them.
    fn counts_of(bands: &Bands) -> [[u32; 4]; 3] {
        std::array::from_fn(|band| {
            count_nine(std::array::from_fn(|digit| {
                bands.candidates[band * 9 + digit]
            }))
        })
    }

    #[test]
    fn with_no_two_candidate_cell_the_guess_is_a_cell_with_fewest() {
        let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        // Every cell has nine candidates: the first cell, its lowest digit.
        assert_eq!(
            bands.choose_guess(&counts_of(&bands), true, true, true, &PAIR_WEIGHTS),
            Some((0, 0))
        );
        // Cell 70 (band 2) keeps digits 4, 5 and 8; cell 30 (band 1) keeps
        // four digits; cell 12 (band 0) keeps five.
        for digit in [0, 1, 2, 5, 6, 8] {
            bands.eliminate(70, digit);
        }
        for digit in [0, 1, 2, 3, 4] {
            bands.eliminate(30, digit);
        }
        for digit in [0, 1, 2, 3] {
            bands.eliminate(12, digit);
        }
        assert_eq!(
            bands.choose_guess(&counts_of(&bands), true, true, true, &PAIR_WEIGHTS),
            Some((70, 3))
        );
        // An earlier cell with as few candidates wins the tie.
        for digit in [1, 2, 3, 4, 5, 6] {
            bands.eliminate(40, digit);
        }
        assert_eq!(
            bands.choose_guess(&counts_of(&bands), true, true, true, &PAIR_WEIGHTS),
            Some((40, 0))
        );
        // Three of cell 40's peers solved (cells 36 to 38, row 4): cell 70
        // now has more unsolved peers and wins.
        bands.unsolved[1] &= !(0b111 << 9);
        assert_eq!(
            bands.choose_guess(&counts_of(&bands), true, true, true, &PAIR_WEIGHTS),
            Some((70, 3))
        );
        // Not thorough (a search's first guess): the first such cell.
        assert_eq!(
            bands.choose_guess(&counts_of(&bands), false, true, true, &PAIR_WEIGHTS),
            Some((40, 0))
        );
    }

    #[test]
    fn a_two_candidate_cell_takes_its_likelier_digit_until_a_solution_is_found() {
        // Cell 0 keeps digits 0 and 1; digit 0 is gone from two of its peers,
        // so digit 1 strikes more candidates.
        let mut bands = with_two_candidates(&[0]);
        bands.eliminate(1, 0);
        bands.eliminate(2, 0);
        let counts = counts_of(&bands);
        assert_eq!(
            bands.choose_guess(&counts, true, true, true, &PAIR_WEIGHTS),
            Some((0, 1))
        );
        // Counting after a solution: both digits are tried anyway, the lower
        // first, without ranking them.
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &PAIR_WEIGHTS),
            Some((0, 0))
        );
    }

    /// An empty grid where `cells` keep digits 0 and 1 only.
    fn with_two_candidates(cells: &[usize]) -> Bands {
        let mut bands = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        for &cell in cells {
            for digit in 2..9 {
                bands.eliminate(cell, digit);
            }
        }
        bands
    }

    #[test]
    fn a_two_candidate_cell_s_score_weighs_its_peers_by_where_they_are() {
        // Cells 0 and 40 keep digits 0 and 1, each with 20 peers.
        let mut bands = with_two_candidates(&[0, 40]);
        // Solved: three of cell 0's mini-row and mini-column (cells 1, 2 and
        // 9), which do not count, and two of the four cells of cell 40's box
        // in neither its row nor its column (cells 30 and 50), which count
        // twice. Counted once each, cell 40 would have more unsolved peers
        // (18 against 17); weighed, cell 0 scores 20 and cell 40 16.
        bands.unsolved[0] &= !(0b110 | 1 << 9);
        bands.unsolved[1] &= !(1 << 3 | 1 << 23);
        let counts = counts_of(&bands);
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &PAIR_WEIGHTS),
            Some((0, 0))
        );
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &BAND_PEERS),
            Some((40, 0))
        );
        // Cells 30 and 50 open again, and cell 40's row peer 36 (outside its
        // box) solved: 19 against 20. With cell 0's row peers 3 and 4 solved
        // as well, 19 against 18, and cell 40 is the guess.
        bands.unsolved[1] |= 1 << 3 | 1 << 23;
        bands.unsolved[1] &= !(1 << 9);
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &PAIR_WEIGHTS),
            Some((0, 0))
        );
        bands.unsolved[0] &= !(0b11 << 3);
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &PAIR_WEIGHTS),
            Some((40, 0))
        );
    }

    #[test]
    fn with_many_givens_the_guess_is_the_first_two_candidate_cell() {
        // Cells 0 and 40 keep digits 0 and 1; two of cell 0's row peers
        // outside its box (cells 3 and 4) are solved, so cell 40 scores more.
        let mut bands = with_two_candidates(&[0, 40]);
        bands.unsolved[0] &= !0b11000;
        let counts = counts_of(&bands);
        assert_eq!(
            bands.choose_guess(&counts, true, false, true, &PAIR_WEIGHTS),
            Some((40, 0))
        );
        assert_eq!(
            bands.choose_guess(&counts, true, false, false, &PAIR_WEIGHTS),
            Some((0, 0))
        );
    }

    #[test]
    fn nine_masks_are_counted_bit_by_bit() {
        // Masks from a small xorshift generator, and the all-ones case.
        let mut random = Xorshift(0x2545_f491);
        let mut cases: Vec<[u32; 9]> = (0..200)
            .map(|_| std::array::from_fn(|_| random.next() & FULL_BAND))
            .collect();
        cases.push([FULL_BAND; 9]);
        for masks in cases {
            let counts = count_nine(masks);
            for bit in 0..27 {
                let expected = masks.iter().filter(|&&mask| mask >> bit & 1 == 1).count();
                let counted = (0..4).map(|i| (counts[i] >> bit & 1) << i).sum::<u32>();
                assert_eq!(counted as usize, expected, "bit {bit} of {masks:?}");
            }
        }
    }

    #[test]
    fn boards_that_are_not_sudoku_boards_are_left_alone() {
        let mut given = parse_line(&crate::fixtures::example_line()).unwrap();
        given[0][2] = 'x';
        let mut board = given.clone();
        Solution::solve_sudoku(&mut board);
        assert_eq!(board, given);
        let mut short = given.clone();
        short[4].pop();
        let before = short.clone();
        Solution::solve_sudoku(&mut short);
        assert_eq!(short, before);
    }

    #[test]
    fn boards_without_a_solution_stay_as_given() {
        for line in [
            // Two 5s in the top row.
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            // No clash, but the top row needs its 9 in the last column, which
            // already has one.
            "12345678.........9...............................................................",
        ] {
            let mut cells = cells_from(line);
            assert!(!solve_cells(&mut cells));
            assert_eq!(cells, cells_from(line));
            assert_eq!(count_solutions_cells(&cells, 2), 0);
            let mut board = parse_line(line).unwrap();
            Solution::solve_sudoku(&mut board);
            assert_eq!(board, parse_line(line).unwrap());
        }
    }

    #[test]
    fn a_count_to_two_ends_with_the_first_solution_when_a_swap_pairs_them() {
        let solved = &crate::fixtures::solution_line();
        let blanked = |keep: &dyn Fn(usize) -> bool| -> [u8; 81] {
            let mut cells = cells_from(solved);
            for (index, cell) in cells.iter_mut().enumerate() {
                if !keep(index) {
                    *cell = 0;
                }
            }
            cells
        };
        for (what, cells) in [
            ("rows 8 and 9", blanked(&|index| index < 63)),
            (
                "columns 4 and 6",
                blanked(&|index| index % 9 != 3 && index % 9 != 5),
            ),
            ("every 3 and 8", {
                let mut cells = cells_from(solved);
                cells
                    .iter_mut()
                    .filter(|cell| matches!(**cell, 3 | 8))
                    .for_each(|cell| *cell = 0);
                cells
            }),
            ("the empty grid", [0; 81]),
        ] {
            let (one, to_one) = probe::measure(|| count_solutions_cells(&cells, 1));
            let (two, to_two) = probe::measure(|| count_solutions_cells(&cells, 2));
            assert_eq!((one, two), (1, 2), "{what}");
            assert!(to_one.nodes > 0, "{what}: the first solution takes a guess");
            // Going on would take back the guess that found the first one.
            assert_eq!(to_two, to_one, "{what}: no search for the second solution");
            // Even limits above 2 stop one short too, and still count right.
            let board: Vec<Vec<char>> = cells
                .chunks(9)
                .map(|row| {
                    row.iter()
                        .map(|&value| {
                            if value == 0 {
                                '.'
                            } else {
                                char::from(b'0' + value)
                            }
                        })
                        .collect()
                })
                .collect();
            for limit in [3, 4, 6] {
                assert_eq!(
                    count_solutions_cells(&cells, limit),
                    crate::approaches::propagation::count_solutions(&board, limit),
                    "{what}, limit {limit}"
                );
            }
        }
        // 26 random givens of a grid of this project's generator: every
        // digit given, a given in every row and column, so no pairing, and
        // no rectangle of open cells in the first solution (see
        // `a_count_to_two_ends_at_a_first_solution_with_an_open_rectangle`):
        // the search goes on after the first solution.
        let random = cells_from(
            ".....9345..7......4.53.....7.1.9.6.2...2.1.....8..6.5.2........8.9.3.2..1.49...3.",
        );
        let (_, to_one) = probe::measure(|| count_solutions_cells(&random, 1));
        let (two, to_two) = probe::measure(|| count_solutions_cells(&random, 2));
        assert_eq!(two, 2);
        assert!(to_two.undos > to_one.undos, "the search went on");
    }

    #[test]
    fn a_rectangle_of_open_cells_is_found_where_every_pair_of_lines_finds_one() {
        let (mut with, mut without) = (0, 0);
        for (grid, open) in solved_grids_with_open_cells(2_000) {
            let bands = Bands::from_cells(&grid).expect("a solved grid");
            let rectangle = open_rectangle(&grid, &open);
            assert_eq!(
                bands.has_open_rectangle(&open),
                rectangle.is_some(),
                "{grid:?} {open:?}"
            );
            if let Some(corners) = rectangle {
                // Swapped, it is another solution with the same givens.
                let mut swapped = grid;
                for corner in corners {
                    swapped[corner] = grid[corners[0]] + grid[corners[1]] - grid[corner];
                }
                assert_ne!(swapped, grid);
                assert_eq!(count_solutions_cells(&swapped, 2), 1, "{swapped:?}");
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(
            with > 500 && without > 500,
            "{with} with, {without} without"
        );
    }

    #[test]
    fn a_count_to_two_ends_at_a_first_solution_with_an_open_rectangle() {
        // The solved grid with the four cells of a rectangle blank: two
        // solutions, one guess apart.
        let solved = cells_from(&crate::fixtures::solution_line());
        let corners = open_rectangle(&solved, &[FULL_BAND; 3]).expect("a rectangle");
        let mut cells = solved;
        for corner in corners {
            cells[corner] = 0;
        }
        let (one, to_one) = probe::measure(|| count_solutions_cells(&cells, 1));
        let (two, to_two) = probe::measure(|| count_solutions_cells(&cells, 2));
        assert_eq!((one, two), (1, 2));
        assert_eq!(to_one.nodes, 1, "the first solution takes a guess");
        // Without the rectangle, the count would take the guess back.
        assert_eq!(to_two, to_one, "no search for the second solution");
    }

    #[test]
    fn a_search_ranks_its_first_guesses_and_every_guess_after_a_dead_end() {
        let sparse = Bands::from_cells(&[0; 81]).expect("an empty grid is fine");
        let mut hunt = Hunt::new(sparse, None);
        for guesses in 0..RANKED_GUESSES {
            hunt.guesses = guesses;
            assert!(hunt.ranks_pairs(), "guess {guesses}");
        }
        hunt.guesses = RANKED_GUESSES;
        assert!(
            !hunt.ranks_pairs(),
            "a straight descent past its first guesses"
        );
        hunt.met_dead_end = true;
        assert!(hunt.ranks_pairs(), "a search that has met a dead end");
        hunt.ranked_guesses = u32::MAX;
        hunt.met_dead_end = false;
        assert!(hunt.ranks_pairs(), "every guess ranked when asked");
        // A puzzle with many givens never ranks.
        let full = Bands::from_cells(&cells_from(&crate::fixtures::solution_line())).unwrap();
        let hunt = Hunt::new(full, None);
        assert!(hunt.many_givens && !hunt.ranks_pairs());
    }

    /// The guesses (row, column, digit) of a search for the first solution
    /// of `cells` that ranks its first `ranked_guesses` guesses however it
    /// goes, in order.
    fn guesses_ranking(cells: &[u8; 81], ranked_guesses: u32) -> Vec<(usize, usize, char)> {
        let mut bands = Bands::from_cells(cells).expect("a valid puzzle");
        let mut hunt = Hunt::new(bands, None);
        hunt.ranked_guesses = ranked_guesses;
        let (found, _, events) = probe::record(|| bands.search(1, &mut hunt));
        assert_eq!(found, 1, "puzzles with a solution");
        events
            .iter()
            .filter(|event| event.action == probe::Action::Place)
            .map(|event| (event.row, event.column, event.digit))
            .collect()
    }

    #[test]
    fn a_straight_descent_ranks_only_its_first_guesses() {
        // Solved grids keeping 22 to 25 cells: puzzles with many solutions,
        // whose searches go straight down for many guesses.
        let mut random = Xorshift(0x5eed_0052);
        let (mut differ, mut compared) = (0, 0);
        for (grid, _) in solved_grids_with_open_cells(150) {
            let mut order: Vec<usize> = (0..81).collect();
            for at in (1..81).rev() {
                order.swap(at, random.below(at + 1));
            }
            let mut cells = [0; 81];
            for &cell in &order[..22 + random.below(4)] {
                cells[cell] = grid[cell];
            }
            let ranked = guesses_ranking(&cells, u32::MAX);
            let gated = guesses_ranking(&cells, RANKED_GUESSES);
            let first = RANKED_GUESSES as usize;
            assert_eq!(
                gated[..first.min(gated.len())],
                ranked[..first.min(ranked.len())],
                "the first guesses are ranked either way"
            );
            if ranked.len() > first {
                compared += 1;
                differ += usize::from(gated != ranked);
            }
        }
        // Past the first guesses, the first two-candidate cell is often
        // not the one ranked highest.
        assert!(compared >= 100, "{compared} searches with more guesses");
        assert!(
            differ * 2 >= compared,
            "{differ} of {compared} searches differ"
        );
    }

    #[test]
    fn a_puzzle_of_two_digits_without_a_solution_counts_none() {
        // The 1s leave box 1 only cell (3, 3), and so do the 2s.
        let mut cells = [0; 81];
        for (cell, digit) in [
            (3, 1),
            (15, 1),
            (27, 1),
            (64, 1),
            (4, 2),
            (16, 2),
            (36, 2),
            (73, 2),
        ] {
            cells[cell] = digit;
        }
        for limit in 1..=4 {
            assert_eq!(count_solutions_cells(&cells, limit), 0, "limit {limit}");
        }
    }

    #[test]
    fn counts_stop_at_the_limit() {
        let empty = [0; 81];
        assert_eq!(count_solutions_cells(&empty, 3), 3);
        let solved = cells_from(&crate::fixtures::solution_line());
        assert_eq!(count_solutions_cells(&solved, 2), 1);
    }
}
