//! The search-effort hook every approach reports to.
//!
//! An approach calls [`place`] when it puts a digit into an empty cell and goes
//! on searching with it, and [`clear`] when it takes such a digit off again.
//! That is the whole interface, and it is what makes approaches comparable by
//! work done rather than only by time.
//!
//! **A node is one digit placed into an empty cell by the search** (a
//! candidate the approach accepted and descended on). Digits written only to be
//! tested and rejected, and givens, are not nodes. An *undo* is such a digit
//! taken off again during backtracking.
//!
//! Each call to the hook sits alone on its own line, starting with `probe::`,
//! inside an approach's paste region. `sudoku37 paste` drops exactly those
//! lines, so the code that reaches a judge carries no instrumentation (the
//! paste test compiles what is printed, which proves it).
//!
//! The state is thread-local, so tests running in parallel threads do not mix
//! their counts. [`measure`] counts; [`record`] also keeps every event, for
//! step-by-step traces.

use std::cell::{Cell, RefCell};

/// What happened to a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A digit was placed into an empty cell (a node).
    Place,
    /// A placed digit was taken off again.
    Undo,
}

/// One placement or undo, with 0-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    pub action: Action,
    pub row: usize,
    pub column: usize,
    pub digit: char,
}

/// Work an approach did on one puzzle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effort {
    /// Digits placed into empty cells.
    pub nodes: u64,
    /// Placed digits taken off again.
    pub undos: u64,
}

thread_local! {
    static NODES: Cell<u64> = const { Cell::new(0) };
    static UNDOS: Cell<u64> = const { Cell::new(0) };
    // The digit each cell holds from a placement, so `clear` knows whether the
    // cell it is told about holds a search digit and which one.
    static PLACED: [Cell<u8>; 81] = const { [const { Cell::new(0) }; 81] };
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    static EVENTS: RefCell<Vec<Event>> = const { RefCell::new(Vec::new()) };
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Reports that the search placed `digit` at (`row`, `column`).
pub fn place(row: usize, column: usize, digit: char) {
    NODES.with(|nodes| nodes.set(nodes.get() + 1));
    PLACED.with(|placed| placed[row * 9 + column].set(digit as u8));
    if RECORDING.with(Cell::get) {
        push(Action::Place, row, column, digit);
    }
}

/// Reports that the search emptied (`row`, `column`).
///
/// Approaches call this wherever they blank a cell; only a cell that holds a
/// placed digit counts as an undo, so a blank written over a digit that was
/// tested and rejected (as the scanning approaches do) is not one.
pub fn clear(row: usize, column: usize) {
    let digit = PLACED.with(|placed| placed[row * 9 + column].replace(0));
    if digit == 0 {
        return;
    }
    UNDOS.with(|undos| undos.set(undos.get() + 1));
    if RECORDING.with(Cell::get) {
        push(Action::Undo, row, column, char::from(digit));
    }
}

/// Reports that the search restored a saved state: every cell that is empty
/// (`0`) in `before` but filled in `after` is cleared, in index order.
///
/// For approaches that undo by copying saved state back rather than by
/// erasing cells one at a time; both arrays hold the 81 cells in reading
/// order.
pub fn clear_filled(before: &[u8], after: &[u8]) {
    for (index, (&old, &new)) in before.iter().zip(after).enumerate() {
        if old == 0 && new != 0 {
            clear(index / 9, index % 9);
        }
    }
}

fn push(action: Action, row: usize, column: usize, digit: char) {
    let limit = LIMIT.with(Cell::get);
    EVENTS.with(|events| {
        let mut events = events.borrow_mut();
        if events.len() < limit {
            events.push(Event {
                action,
                row,
                column,
                digit,
            });
        }
    });
}

fn reset() {
    NODES.with(|nodes| nodes.set(0));
    UNDOS.with(|undos| undos.set(0));
    PLACED.with(|placed| placed.iter().for_each(|cell| cell.set(0)));
    EVENTS.with(|events| events.borrow_mut().clear());
}

fn current_effort() -> Effort {
    Effort {
        nodes: NODES.with(Cell::get),
        undos: UNDOS.with(Cell::get),
    }
}

/// Runs `work` and returns its result with the effort it reported.
pub fn measure<R>(work: impl FnOnce() -> R) -> (R, Effort) {
    reset();
    let result = work();
    (result, current_effort())
}

/// Runs `work` and returns its result, its effort and every event it reported,
/// in order.
pub fn record<R>(work: impl FnOnce() -> R) -> (R, Effort, Vec<Event>) {
    record_at_most(usize::MAX, work)
}

/// Like [`record`], but keeps only the first `limit` events, so that a long
/// search cannot fill the memory; the effort still counts every one.
pub fn record_at_most<R>(limit: usize, work: impl FnOnce() -> R) -> (R, Effort, Vec<Event>) {
    reset();
    LIMIT.with(|kept| kept.set(limit));
    RECORDING.with(|recording| recording.set(true));
    let result = work();
    RECORDING.with(|recording| recording.set(false));
    let events = EVENTS.with(|events| std::mem::take(&mut *events.borrow_mut()));
    (result, current_effort(), events)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_placements_and_only_real_undos() {
        let ((), effort) = measure(|| {
            place(0, 0, '1');
            clear(0, 0);
            // Clearing a cell that holds no placed digit is not an undo.
            clear(0, 1);
            place(0, 0, '2');
        });
        assert_eq!(effort, Effort { nodes: 2, undos: 1 });
    }

    #[test]
    fn clear_filled_undoes_cells_filled_since_a_snapshot() {
        let ((), effort, events) = record(|| {
            let before = [0u8; 81];
            let mut after = [0u8; 81];
            place(0, 3, '4');
            after[3] = 4;
            place(8, 8, '9');
            after[80] = 9;
            clear_filled(&before, &after);
        });
        assert_eq!(effort, Effort { nodes: 2, undos: 2 });
        let undone: Vec<(usize, usize, char)> = events[2..]
            .iter()
            .map(|event| (event.row, event.column, event.digit))
            .collect();
        assert_eq!(undone, vec![(0, 3, '4'), (8, 8, '9')]);
    }

    #[test]
    fn records_events_in_order_and_resets_between_runs() {
        let ((), effort, events) = record(|| {
            place(4, 5, '7');
            clear(4, 5);
        });
        assert_eq!(effort, Effort { nodes: 1, undos: 1 });
        assert_eq!(
            events,
            vec![
                Event {
                    action: Action::Place,
                    row: 4,
                    column: 5,
                    digit: '7'
                },
                Event {
                    action: Action::Undo,
                    row: 4,
                    column: 5,
                    digit: '7'
                },
            ]
        );
        let ((), effort) = measure(|| ());
        assert_eq!(effort, Effort::default());
    }

    #[test]
    fn a_limited_recording_keeps_the_first_events_and_counts_all() {
        let ((), effort, events) = record_at_most(3, || {
            for column in 0..5 {
                place(0, column, '1');
            }
        });
        assert_eq!(effort.nodes, 5);
        assert_eq!(events.len(), 3);
        assert_eq!(events[2].column, 2);
    }
}
