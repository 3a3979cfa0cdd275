//! Reading each step's reason from the evidence (see the module above).

use sudoku37::approaches::{self, Order};
use sudoku37::grid::{Cells, Unit};
use sudoku37::probe::{Action, Event};

use super::text::{bit, unit_kind, Cause, Digits, Oddity, Reason};

/// The order of the blanks `approach` visits, if it is a reading-order
/// search of the registry (a learner's search, named otherwise, has none).
pub fn order_of(approach: &str) -> Option<Order> {
    approaches::find(approach).and_then(|approach| approach.order)
}

/// The reasons of `events`, searched on `givens`, one per event, in order.
/// Each takes a few hundred operations at most; what is kept is the board,
/// the digits on it in the order they were written, and the failed
/// children of each of them.
pub fn reasons<'a>(givens: &Cells, order: Option<Order>, events: &'a [Event]) -> Reasons<'a> {
    let cells = *givens;
    Reasons {
        events,
        index: 0,
        givens: cells,
        board: cells,
        order,
        path: Vec::new(),
        failed: vec![Vec::new()],
        run: None,
        previous: None,
        undone_from_top: false,
        dead_end: None,
    }
}

/// A run of undos, one after another.
#[derive(Debug, Clone, Copy)]
struct UndoRun {
    /// Its first event and the event after its last (0-based).
    start: usize,
    end: usize,
    /// When it takes off exactly the last digits of the path, but not one
    /// by one from the deepest, the first of them (cell, digit, step): a
    /// saved state restored.
    restored: Option<(usize, u8, usize)>,
}

/// The iterator of [`reasons`].
pub struct Reasons<'a> {
    events: &'a [Event],
    index: usize,
    givens: Cells,
    /// The board before the next event.
    board: Cells,
    order: Option<Order>,
    /// The cells the search has written (placed or forced) and not taken
    /// off, in the order it wrote them, with their digits: the search's
    /// path, its last entry the deepest; and the step (0-based) of each.
    path: Vec<(usize, u8, usize)>,
    /// For each depth of the path (0 the puzzle itself), the children of
    /// the digit there that were written and taken off again since it was
    /// written: the branches that failed below it.
    failed: Vec<Vec<(usize, u8)>>,
    /// The last event that was not an `unforce`.
    previous: Option<Event>,
    /// The run of undos the last undo belongs to.
    run: Option<UndoRun>,
    /// Whether the last undo took off the deepest digit of the path.
    undone_from_top: bool,
    /// The board before the `unforce`s since `previous`, if there were any.
    dead_end: Option<Cells>,
}

impl Iterator for Reasons<'_> {
    type Item = Reason;

    fn next(&mut self) -> Option<Reason> {
        let event = *self.events.get(self.index)?;
        let cell = event.row * 9 + event.column;
        let digit = digit_of(event.digit);
        let on_top = self.path.last().is_some_and(|&(top, _, _)| top == cell);
        if event.action == Action::Undo
            && (self.index == 0 || self.events[self.index - 1].action != Action::Undo)
        {
            self.run = Some(self.run_from_here());
        }
        let reason = match event.action {
            Action::Place | Action::Force => self.fill(cell, digit, event.action),
            Action::Undo => self.undo(cell, on_top),
            Action::Unforce => self.unforce(),
        };
        match event.action {
            Action::Place | Action::Force => {
                self.path.push((cell, digit, self.index));
                if self.failed.len() <= self.path.len() {
                    self.failed.push(Vec::new());
                }
                self.failed[self.path.len()].clear();
                self.previous = Some(event);
                self.dead_end = None;
            }
            Action::Undo | Action::Unforce => {
                let restored = self.run.and_then(|run| run.restored);
                if let Some(at) = self.path.iter().rposition(|&(at, _, _)| at == cell) {
                    self.path.remove(at);
                }
                if event.action == Action::Undo {
                    let run_ends = self.run.is_some_and(|run| run.end == self.index + 1);
                    match restored {
                        // The restore is over: its first digit failed.
                        Some((first, digit, _)) if run_ends => {
                            self.failed[self.path.len()].push((first, digit));
                        }
                        Some(_) => {}
                        None if on_top => self.failed[self.path.len()].push((cell, digit)),
                        None => {}
                    }
                    self.previous = Some(event);
                    self.undone_from_top = on_top;
                    self.dead_end = None;
                } else {
                    self.dead_end.get_or_insert(self.board);
                }
            }
        }
        self.board[cell] = if event.action.fills() { digit } else { 0 };
        self.index += 1;
        Some(reason)
    }
}

impl Reasons<'_> {
    /// The run of undos that starts at this event: where, and whether it
    /// takes off exactly the last digits of the path (in any order), as a
    /// search that restores a saved state does.
    fn run_from_here(&self) -> UndoRun {
        let run = &self.events[self.index..];
        let length = run
            .iter()
            .take_while(|event| event.action == Action::Undo)
            .count();
        let cell_of = |event: &Event| event.row * 9 + event.column;
        let from_top = length <= self.path.len()
            && run[..length]
                .iter()
                .zip(self.path.iter().rev())
                .all(|(event, &(at, _, _))| cell_of(event) == at);
        let base = self.path.len().saturating_sub(length);
        let restores = !from_top
            && length <= self.path.len()
            && run[..length].iter().all(|event| {
                self.path[base..]
                    .iter()
                    .any(|&(at, _, _)| at == cell_of(event))
            });
        UndoRun {
            start: self.index,
            end: self.index + length,
            restored: restores.then(|| self.path[base]),
        }
    }

    /// The branches that failed below the deepest digit of the path.
    fn failed_here(&self) -> &[(usize, u8)] {
        &self.failed[self.path.len()]
    }

    fn fill(&self, cell: usize, digit: u8, action: Action) -> Reason {
        let board = &self.board;
        let candidates = candidates(board, cell);
        if candidates & bit(digit) == 0 {
            let with = clash(board, cell, digit).map_or(0, |(with, _)| with as u8);
            return Reason::Unknown(Oddity::Clash { digit, with });
        }
        let failed = self
            .failed_here()
            .iter()
            .filter(|&&(at, _)| at == cell)
            .fold(0, |digits, &(_, tried)| digits | bit(tried));
        if self.order.is_some() && action == Action::Place {
            let mut clashes = [0u8; 9];
            let mut skipped = 0;
            for smaller in 1..digit {
                if failed & bit(smaller) != 0 {
                    continue;
                }
                match clash(board, cell, smaller) {
                    Some((with, _)) => clashes[usize::from(smaller) - 1] = with as u8 + 1,
                    None => skipped |= bit(smaller),
                }
            }
            if skipped != 0 {
                return Reason::Unknown(Oddity::Skipped { digits: skipped });
            }
            return Reason::Fill {
                cell: cell as u8,
                digit,
                candidates,
                failed: failed & (bit(digit) - 1),
                clashes: Some(clashes),
                only_place: None,
            };
        }
        let only_place = if candidates.count_ones() > 1 {
            only_place(board, cell, digit)
        } else {
            None
        };
        Reason::Fill {
            cell: cell as u8,
            digit,
            candidates,
            failed,
            clashes: None,
            only_place,
        }
    }

    fn undo(&self, cell: usize, on_top: bool) -> Reason {
        let Some(previous) = self.previous else {
            return Reason::Unknown(Oddity::Nothing);
        };
        let before = previous.row * 9 + previous.column;
        let board = self.dead_end.as_ref().unwrap_or(&self.board);
        let Some(order) = self.order else {
            // Further down a run that takes off what was placed since a
            // step: a saved state restored.
            if previous.action == Action::Undo && self.dead_end.is_none() {
                if let Some(UndoRun {
                    start,
                    restored: Some((_, _, since)),
                    ..
                }) = self.run
                {
                    return Reason::Restore {
                        since: since + 1,
                        dead_end: start + 1,
                    };
                }
            }
            // A search that chooses where to branch: its children failed
            // for one reason, or the board shows a dead end.
            if on_top && previous.action == Action::Undo && self.undone_from_top {
                if let found @ (Reason::DeadCell { .. } | Reason::NoPlace { .. }) =
                    children_failed(board, self.failed_here())
                {
                    return found;
                }
            }
            return dead_end(board);
        };
        if !on_top || self.dead_end.is_some() {
            return Reason::Unknown(Oddity::Nothing);
        }
        match previous.action {
            // The next blank ran out of digits.
            Action::Undo if self.undone_from_top => {
                let failed = self.failed_here();
                if next_blank(&self.givens, order, cell) != Some(before)
                    || failed.iter().any(|&(at, _)| at != before)
                {
                    return Reason::Unknown(Oddity::Nothing);
                }
                children_failed(board, failed)
            }
            // The search had just gone forward: the next blank has none.
            Action::Place if before == cell => match next_blank(&self.givens, order, cell) {
                Some(next) => dead_cell(board, next, 0),
                None => Reason::Unknown(Oddity::Nothing),
            },
            _ => Reason::Unknown(Oddity::Nothing),
        }
    }

    fn unforce(&self) -> Reason {
        let guess = self.events[self.index + 1..]
            .iter()
            .position(|event| event.action != Action::Unforce)
            .map(|offset| self.index + 1 + offset);
        match guess.map(|at| (at, self.events[at])) {
            Some((at, event)) if event.action == Action::Undo => Reason::WithGuess {
                cell: (event.row * 9 + event.column) as u8,
                digit: digit_of(event.digit),
                step: at + 1,
            },
            _ => Reason::Unknown(Oddity::Nothing),
        }
    }
}

/// Why every child of a digit failed, on `board` (the board with the digit
/// and without its children): the children are digits of one cell, which
/// then has no digit left, or one digit in cells of one unit, which then has
/// no place left for it.
fn children_failed(board: &Cells, children: &[(usize, u8)]) -> Reason {
    let Some(&(last, digit)) = children.last() else {
        return Reason::Unknown(Oddity::Nothing);
    };
    let mut found = Reason::Unknown(Oddity::Nothing);
    if children.iter().all(|&(cell, _)| cell == last) {
        let digits = children
            .iter()
            .fold(0, |digits, &(_, tried)| digits | bit(tried));
        found = dead_cell(board, last, digits);
        if matches!(found, Reason::DeadCell { .. }) {
            return found;
        }
    }
    if children.iter().any(|&(_, tried)| tried != digit) {
        return found;
    }
    for (kind, cells) in units_of(last) {
        let mut failed = 0u16;
        let fits = cells.iter().enumerate().all(|(position, &cell)| {
            let tried = children.iter().any(|&(at, _)| at == cell);
            if tried {
                failed |= 1 << position;
            }
            board[cell] != digit
                && (tried || board[cell] != 0 || candidates(board, cell) & bit(digit) == 0)
        });
        if fits && children.iter().all(|&(at, _)| cells.contains(&at)) {
            return Reason::NoPlace {
                digit,
                unit: kind,
                index: unit_kind(kind).of(last).nth() as u8,
                failed,
            };
        }
    }
    found
}

/// The blank of `givens` after `cell` in `order`.
fn next_blank(givens: &Cells, order: Order, cell: usize) -> Option<usize> {
    let position = |cell: usize| match order {
        Order::Rows => cell,
        Order::Columns => cell % 9 * 9 + cell / 9,
    };
    let at = |position: usize| match order {
        Order::Rows => position,
        Order::Columns => position % 9 * 9 + position / 9,
    };
    (position(cell) + 1..81)
        .map(at)
        .find(|&next| givens[next] == 0)
}

/// `cell` has no digit left on `board`: each digit is held by a peer or in
/// `failed`; otherwise the digits it can still take.
fn dead_cell(board: &Cells, cell: usize, failed: Digits) -> Reason {
    let mut causes = [Cause::FailedBelow; 9];
    let mut fits = 0;
    for digit in 1..=9u8 {
        if failed & bit(digit) != 0 {
            continue;
        }
        match clash(board, cell, digit) {
            Some((_, cause)) => causes[usize::from(digit) - 1] = cause,
            None => fits |= bit(digit),
        }
    }
    if fits != 0 {
        return Reason::Unknown(Oddity::StillFits {
            cell: cell as u8,
            digits: fits,
        });
    }
    Reason::DeadCell {
        cell: cell as u8,
        causes,
    }
}

/// The first empty cell of `board` without a candidate (in reading order),
/// or else the first unit (rows, columns, boxes) with no place left for a
/// digit it lacks.
fn dead_end(board: &Cells) -> Reason {
    if let Some(cell) = (0..81).find(|&cell| board[cell] == 0 && candidates(board, cell) == 0) {
        return dead_cell(board, cell, 0);
    }
    for kind in [Cause::Row, Cause::Column, Cause::Box] {
        for index in 0..9 {
            let cells = Unit::new(unit_kind(kind), index).cells();
            for digit in 1..=9u8 {
                let held = cells.iter().any(|&cell| board[cell] == digit);
                let placed = cells
                    .iter()
                    .any(|&cell| board[cell] == 0 && candidates(board, cell) & bit(digit) != 0);
                if !held && !placed {
                    return Reason::NoPlace {
                        digit,
                        unit: kind,
                        index: index as u8,
                        failed: 0,
                    };
                }
            }
        }
    }
    Reason::Unknown(Oddity::NoDeadEnd)
}

/// The three units of `cell`, as their kinds and cells.
fn units_of(cell: usize) -> [(Cause, [usize; 9]); 3] {
    [Cause::Row, Cause::Column, Cause::Box].map(|cause| (cause, unit_kind(cause).of(cell).cells()))
}

/// The first peer of `cell` that holds `digit` (its row left to right, then
/// its column top to bottom, then its box), with the unit it shares.
fn clash(board: &Cells, cell: usize, digit: u8) -> Option<(usize, Cause)> {
    units_of(cell).into_iter().find_map(|(cause, cells)| {
        cells
            .into_iter()
            .find(|&peer| peer != cell && board[peer] == digit)
            .map(|peer| (peer, cause))
    })
}

/// The digits no peer of `cell` holds.
fn candidates(board: &Cells, cell: usize) -> Digits {
    let mut taken = 0;
    for (_, cells) in units_of(cell) {
        for peer in cells {
            if peer != cell && board[peer] != 0 {
                taken |= bit(board[peer]);
            }
        }
    }
    0x1ff & !taken
}

/// The first unit of `cell` (row, column, box) in which no other empty cell
/// can take `digit`.
fn only_place(board: &Cells, cell: usize, digit: u8) -> Option<Cause> {
    units_of(cell).into_iter().find_map(|(cause, cells)| {
        cells
            .into_iter()
            .all(|other| {
                other == cell || board[other] != 0 || candidates(board, other) & bit(digit) == 0
            })
            .then_some(cause)
    })
}

fn digit_of(symbol: char) -> u8 {
    symbol
        .to_digit(10)
        .map_or(1, |digit| digit.clamp(1, 9) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::approaches::Approach;
    use sudoku37::board::{self, Board};
    use sudoku37::probe;
    use sudoku37::sets;

    /// The events of `approach` on `givens`, and their reasons as text.
    fn explained(approach: &Approach, givens: &Board) -> (Vec<Event>, Vec<String>) {
        let mut board = givens.clone();
        let ((), _, events) = probe::record(|| (approach.solve)(&mut board));
        let texts = reasons(&cells_of(givens), approach.order, &events)
            .map(|reason| reason.to_string())
            .collect();
        (events, texts)
    }

    fn cells_of(board: &Board) -> Cells {
        board::to_cells(board).expect("a 9x9 board")
    }

    fn example() -> Board {
        sets::leetcode_example().board()
    }

    /// The puzzle on `line` of a built-in set.
    fn graded(set: &str, line: usize) -> Board {
        sets::builtin(set)
            .expect("a built-in set")
            .puzzles
            .into_iter()
            .find(|puzzle| puzzle.line == line)
            .expect("a puzzle on that line")
            .board()
    }

    #[test]
    fn a_scan_s_placement_names_each_smaller_digit_and_why_it_was_refused() {
        let (_, texts) = explained(&approaches::SCAN_VALIDATE, &example());
        // Row 1 is 53..7....: r1c3 can take 1, 2 or 4, and takes 1.
        assert_eq!(texts[0], "candidates 1 2 4");
        assert_eq!(texts[1], "candidates 2 6; 1 clashes with r1c3");
        // After 9 failed below r1c7, 8 is the next digit.
        assert_eq!(
            texts[7],
            "candidates 8 9; 1 clashes with r1c3, 2 clashes with r1c4, 3 clashes with r1c2, \
             4 clashes with r1c6, 5 clashes with r1c1, 6 clashes with r3c8, 7 clashes with r1c5, \
             8 failed below"
        );
    }

    #[test]
    fn an_undo_says_which_blank_was_left_with_no_digit_and_why() {
        let (events, texts) = explained(&approaches::SCAN_VALIDATE, &example());
        assert_eq!(events[5].action, Action::Undo);
        // Right after r1c8 = 9: the next blank, r1c9, has nothing left.
        assert_eq!(
            texts[5],
            "r1c9 has no digit left: 1 2 3 4 5 7 8 9 in row 1, 6 in column 9"
        );
        // Then r1c8 itself: its one digit that fit failed below.
        assert_eq!(
            texts[6],
            "r1c8 has no digit left: 1 2 3 4 5 7 8 in row 1, 6 in column 8, 9 failed below"
        );
    }

    #[test]
    fn every_step_of_the_reading_order_searches_fits_a_pattern() {
        // The registry's order of blanks is the one each search walks:
        // with another, the undos would name the wrong cell and fit none.
        // A few thousand nodes each (the row-major scans place 2,125 and
        // 3,039 digits, available_sets 4,642 and 1,567), so that the test
        // reads every step and still answers in a second.
        for puzzle in [
            example(),
            graded("graded_easy", 142),
            graded("graded_hard", 108),
        ] {
            for approach in approaches::of_family(approaches::Family::ReadingOrder) {
                let (events, texts) = explained(approach, &puzzle);
                assert!(events.iter().any(|event| event.action == Action::Undo));
                assert!(
                    events.len() < 20_000,
                    "{}: {} events, more than a few thousand nodes",
                    approach.name,
                    events.len()
                );
                if let Some(at) = texts.iter().position(|text| text.starts_with("no known")) {
                    panic!("{} step {}: {}", approach.name, at + 1, texts[at]);
                }
            }
        }
    }

    #[test]
    fn a_column_major_search_runs_out_of_digits_down_its_column() {
        let (events, texts) = explained(&approaches::AVAILABLE_SETS, &example());
        let first = events
            .windows(2)
            .position(|pair| pair[0].action == Action::Place && pair[1].action == Action::Undo)
            .expect("a dead end")
            + 1;
        let placed = events[first];
        let below = next_blank(
            &cells_of(&example()),
            Order::Columns,
            placed.row * 9 + placed.column,
        )
        .expect("a blank after it");
        assert_eq!(below % 9, placed.column, "the next blank of its column");
        assert!(
            texts[first].starts_with(&format!(
                "r{}c{} has no digit left: ",
                below / 9 + 1,
                below % 9 + 1
            )),
            "{}",
            texts[first]
        );
    }

    #[test]
    fn the_searches_that_choose_show_candidates_dead_ends_restores_and_guesses() {
        let mut seen = [false; 5];
        let set = sets::builtin("graded_extreme").expect("a built-in set");
        for puzzle in set.puzzles.iter().take(8) {
            let puzzle = &puzzle.board();
            for approach in [
                approaches::MOST_CONSTRAINED,
                approaches::PROPAGATION,
                approaches::DANCING_LINKS,
                approaches::BITBOARD,
            ] {
                let (_, texts) = explained(&approach, puzzle);
                for text in &texts {
                    seen[0] |= text.contains("; the only place for ");
                    seen[1] |=
                        text.contains(" has no digit left: ") && text.contains("failed below");
                    seen[2] |=
                        text.contains(" has no place left in ") && text.ends_with("failed below");
                    seen[3] |= text.starts_with("taken off with every digit placed since step ");
                    seen[4] |= text.starts_with("taken off with the guess ");
                }
            }
        }
        assert_eq!(seen, [true; 5]);
    }

    fn place(row: usize, column: usize, digit: char) -> Event {
        Event {
            action: Action::Place,
            row,
            column,
            digit,
        }
    }

    #[test]
    fn evidence_that_fits_no_pattern_is_said_to_fit_none() {
        let example = example();
        // A scan would try 1 at r1c3 before 2.
        let skipped = [place(0, 2, '2')];
        let read: Vec<String> = reasons(&cells_of(&example), Some(Order::Rows), &skipped)
            .map(|reason| reason.to_string())
            .collect();
        assert_eq!(read, ["no known pattern: 1 fits but was not tried"]);
        // An undo with every empty cell and every unit still open.
        let undone = [
            place(0, 2, '4'),
            Event {
                action: Action::Undo,
                ..place(0, 2, '4')
            },
        ];
        let read: Vec<String> = reasons(&cells_of(&example), None, &undone)
            .map(|reason| reason.to_string())
            .collect();
        assert_eq!(
            read[1],
            "no known pattern: every empty cell has a candidate and every unit a place for each \
             digit it lacks"
        );
        // A digit that clashes is no placement a search makes.
        let clashing = [place(0, 2, '5')];
        let read: Vec<String> = reasons(&cells_of(&example), None, &clashing)
            .map(|reason| reason.to_string())
            .collect();
        assert_eq!(read, ["no known pattern: 5 clashes with r1c1"]);
    }
}
