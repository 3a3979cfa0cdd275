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
//! An approach whose nodes are guesses (see
//! [`crate::approaches::Nodes::Guesses`]) also reports the digits its
//! deductions force, with [`force`] (or [`force_band`]), and takes them off
//! with [`rewind`] when the guess they followed fails. Forced digits are not
//! nodes and their removal is not an undo: they only make a trace complete,
//! so that replaying it ends on the solution.
//!
//! The state is thread-local, so tests running in parallel threads do not mix
//! their counts. [`measure`] counts; [`record`] also keeps every event, for
//! step-by-step traces; [`record_until`] stops the search itself once it has
//! made a given number of events or run past a deadline.

use std::cell::{Cell, RefCell};
use std::time::Instant;

/// What happened to a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A digit was placed into an empty cell (a node).
    Place,
    /// A placed digit was taken off again.
    Undo,
    /// A digit the approach's deductions forced (not a node).
    Force,
    /// A forced digit taken off again with the guess it followed (not an
    /// undo).
    Unforce,
}

impl Action {
    /// The word for it in trace lines: `place`, `undo`, `force`, `unforce`.
    pub fn word(self) -> &'static str {
        match self {
            Action::Place => "place",
            Action::Undo => "undo",
            Action::Force => "force",
            Action::Unforce => "unforce",
        }
    }

    /// Whether the cell holds a digit after it.
    pub fn fills(self) -> bool {
        matches!(self, Action::Place | Action::Force)
    }
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
    // Whether reaching LIMIT stops the search (rather than only the record).
    static STOP_AT_LIMIT: Cell<bool> = const { Cell::new(false) };
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    // While recording: the cells holding a search digit, in the order they
    // were filled, forced ones marked `true`; what `rewind` takes off.
    static FILLED: RefCell<Vec<(u8, char, bool)>> = const { RefCell::new(Vec::new()) };
}

/// Why [`record_until`] stopped a search before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// It was about to make more events than the limit.
    Limit,
    /// It ran past the deadline.
    Deadline,
}

/// Whether a trace is being recorded: the one check every hook makes
/// before its trace work, and that a hook with work to do before it can
/// report makes first (`bitboard_simd`'s `force_settled`).
#[inline]
pub fn recording() -> bool {
    RECORDING.with(Cell::get)
}

/// Reports that the search placed `digit` at (`row`, `column`).
///
/// This and the other hooks are inlined into the searches; what only a
/// trace needs is kept out of line, so outside a trace a hook costs a
/// thread-local read or two.
#[inline]
pub fn place(row: usize, column: usize, digit: char) {
    if recording() {
        record_place(row, column, digit);
    }
    NODES.with(|nodes| nodes.set(nodes.get() + 1));
    PLACED.with(|placed| placed[row * 9 + column].set(digit as u8));
}

#[cold]
#[inline(never)]
fn record_place(row: usize, column: usize, digit: char) {
    // First, as it may stop the search: a stopped search did not make it.
    push(Action::Place, row, column, digit);
    FILLED.with(|filled| {
        filled
            .borrow_mut()
            .push(((row * 9 + column) as u8, digit, false))
    });
}

/// Reports that the approach's deductions forced `digit` at (`row`,
/// `column`). Not a node: only a trace sees it.
#[inline]
pub fn force(row: usize, column: usize, digit: char) {
    if recording() {
        record_force(row, column, digit);
    }
}

#[cold]
#[inline(never)]
fn record_force(row: usize, column: usize, digit: char) {
    push(Action::Force, row, column, digit);
    FILLED.with(|filled| {
        filled
            .borrow_mut()
            .push(((row * 9 + column) as u8, digit, true))
    });
}

/// [`force`] for several cells of one band (rows `3 * band ..= 3 * band + 2`)
/// at once: bit `row * 9 + column` of `cells`, row and column inside the band,
/// in bit order; `digit` is 0-based.
#[inline]
pub fn force_band(band: usize, cells: u32, digit: usize) {
    if recording() {
        record_force_band(band, cells, digit);
    }
}

/// Out of line like the other hooks' trace work: the loop, inlined into
/// the band rule of `bitboard_simd`'s AVX2 search, made it about a tenth
/// slower on the forum's hardest even with no trace recording (`cargo bench
/// --bench race`, `bitboard_simd library` against `bitboard_simd cells`).
#[cold]
#[inline(never)]
fn record_force_band(band: usize, cells: u32, digit: usize) {
    let mut remaining = cells;
    while remaining != 0 {
        let cell = band * 27 + remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        record_force(cell / 9, cell % 9, char::from(b'1' + digit as u8));
    }
}

/// Reports that the guess at (`row`, `column`) failed and every digit forced
/// since it was placed is taken off with it, latest first. The guess itself
/// is then taken off with [`clear`].
#[inline]
pub fn rewind(row: usize, column: usize) {
    if recording() {
        record_rewind(row, column);
    }
}

#[cold]
#[inline(never)]
fn record_rewind(row: usize, column: usize) {
    let guess = (row * 9 + column) as u8;
    loop {
        let top = FILLED.with(|filled| filled.borrow().last().copied());
        match top {
            Some((cell, digit, true)) if cell != guess => {
                FILLED.with(|filled| filled.borrow_mut().pop());
                let (row, column) = (usize::from(cell) / 9, usize::from(cell) % 9);
                push(Action::Unforce, row, column, digit);
            }
            _ => return,
        }
    }
}

/// Reports that the search emptied (`row`, `column`).
///
/// Approaches call this wherever they blank a cell; only a cell that holds a
/// placed digit counts as an undo, so a blank written over a digit that was
/// tested and rejected (as the scanning approaches do) is not one.
#[inline]
pub fn clear(row: usize, column: usize) {
    let digit = PLACED.with(|placed| placed[row * 9 + column].replace(0));
    if digit == 0 {
        return;
    }
    if recording() {
        record_clear(row, column, digit);
    }
    UNDOS.with(|undos| undos.set(undos.get() + 1));
}

#[cold]
#[inline(never)]
fn record_clear(row: usize, column: usize, digit: u8) {
    push(Action::Undo, row, column, char::from(digit));
    let cell = (row * 9 + column) as u8;
    FILLED.with(|filled| {
        let mut filled = filled.borrow_mut();
        if let Some(at) = filled
            .iter()
            .rposition(|&(at, _, forced)| at == cell && !forced)
        {
            filled.remove(at);
        }
    });
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
    let kept = EVENTS.with(|events| {
        let mut events = events.borrow_mut();
        if events.len() < limit {
            events.push(Event {
                action,
                row,
                column,
                digit,
            });
            return events.len();
        }
        usize::MAX
    });
    if kept == usize::MAX && STOP_AT_LIMIT.with(Cell::get) {
        std::panic::panic_any(Stop::Limit);
    }
    if kept % 1024 == 0
        && DEADLINE
            .with(Cell::get)
            .is_some_and(|end| Instant::now() >= end)
    {
        std::panic::panic_any(Stop::Deadline);
    }
}

fn reset() {
    NODES.with(|nodes| nodes.set(0));
    UNDOS.with(|undos| undos.set(0));
    PLACED.with(|placed| placed.iter().for_each(|cell| cell.set(0)));
    EVENTS.with(|events| events.borrow_mut().clear());
    FILLED.with(|filled| filled.borrow_mut().clear());
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

/// Like [`record_at_most`], but the search itself stops, rather than only its
/// record, when it is about to make event `limit + 1` or runs past `deadline`
/// (looked at every 1024 events): the result is then `Err` with the reason,
/// and the effort and events are those made until then.
///
/// Approaches are LeetCode code and cannot be asked to return early, so the
/// hook unwinds the search with a [`Stop`] panic that is caught here; a panic
/// hook installed once keeps such a panic quiet, and any other panic is
/// reported and resumed as usual.
pub fn record_until<R>(
    limit: usize,
    deadline: Option<Instant>,
    work: impl FnOnce() -> R,
) -> (Result<R, Stop>, Effort, Vec<Event>) {
    silence_stops();
    reset();
    LIMIT.with(|kept| kept.set(limit));
    STOP_AT_LIMIT.with(|stop| stop.set(true));
    DEADLINE.with(|end| end.set(deadline));
    RECORDING.with(|recording| recording.set(true));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    RECORDING.with(|recording| recording.set(false));
    STOP_AT_LIMIT.with(|stop| stop.set(false));
    DEADLINE.with(|end| end.set(None));
    LIMIT.with(|kept| kept.set(usize::MAX));
    let events = EVENTS.with(|events| std::mem::take(&mut *events.borrow_mut()));
    FILLED.with(|filled| filled.borrow_mut().clear());
    let result = match outcome {
        Ok(result) => Ok(result),
        Err(payload) => match payload.downcast::<Stop>() {
            Ok(stop) => Err(*stop),
            Err(other) => std::panic::resume_unwind(other),
        },
    };
    (result, current_effort(), events)
}

/// Installs, once, a panic hook that says nothing for a [`Stop`] and passes
/// every other panic to the hook that was there before.
fn silence_stops() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<Stop>().is_none() {
                previous(info);
            }
        }));
    });
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

    #[test]
    fn forced_digits_are_events_but_not_nodes_and_rewind_takes_them_off() {
        let ((), effort, events) = record(|| {
            force(0, 0, '5');
            place(1, 1, '2');
            force_band(0, 1 << 2 | 1 << 12, 6);
            rewind(1, 1);
            clear(1, 1);
        });
        assert_eq!(effort, Effort { nodes: 1, undos: 1 });
        let seen: Vec<(Action, usize, usize, char)> = events
            .iter()
            .map(|event| (event.action, event.row, event.column, event.digit))
            .collect();
        assert_eq!(
            seen,
            vec![
                (Action::Force, 0, 0, '5'),
                (Action::Place, 1, 1, '2'),
                (Action::Force, 0, 2, '7'),
                (Action::Force, 1, 3, '7'),
                (Action::Unforce, 1, 3, '7'),
                (Action::Unforce, 0, 2, '7'),
                (Action::Undo, 1, 1, '2'),
            ]
        );
    }

    #[test]
    fn a_search_past_its_limit_is_stopped_quietly() {
        let (result, effort, events) = record_until(2, None, || {
            for column in 0..9 {
                place(0, column, '1');
            }
        });
        assert_eq!(result, Err(Stop::Limit));
        assert_eq!(events.len(), 2);
        assert_eq!(effort.nodes, 2);
        // The hook is off again afterwards.
        let ((), effort) = measure(|| place(0, 0, '1'));
        assert_eq!(effort.nodes, 1);
    }
}
