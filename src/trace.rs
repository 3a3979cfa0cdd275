//! Recording one search step by step, for watching it: as one event per line
//! (to pipe, diff and test), redrawn in a terminal (`sudoku37 trace`), or as a
//! self-contained HTML page that plays it back.
//!
//! The events come from the same hook that counts nodes ([`crate::probe`]):
//! every placement of a trace is a node, every undo a backtrack, so a trace
//! and a node count cannot disagree.

use std::fmt::Write as _;

use crate::approaches::Approach;
use crate::board::{self, Board, BLANK};
use crate::probe::{self, Action, Effort, Event};
use crate::solve::{self, SolveError};

/// How many events a trace keeps by default; a longer search is cut there (its
/// effort is still counted in full).
pub const DEFAULT_LIMIT: usize = 200_000;

/// One recorded search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub approach: &'static str,
    pub puzzle: Board,
    /// The answer, when the approach solved the puzzle.
    pub solution: Option<Board>,
    /// The effort of the whole search, recorded or not.
    pub effort: Effort,
    /// The first events of the search, at most [`Trace::limit`] of them.
    pub events: Vec<Event>,
    pub limit: usize,
}

impl Trace {
    /// Whether the search had more events than were kept.
    pub fn is_cut(&self) -> bool {
        (self.effort.nodes + self.effort.undos) as usize > self.events.len()
    }
}

/// Runs `approach` on `puzzle`, keeping at most `limit` events.
///
/// Malformed boards and conflicting givens are refused before any search, as
/// by [`solve::run`].
pub fn record(
    approach: &'static Approach,
    puzzle: &Board,
    limit: usize,
) -> Result<Trace, SolveError> {
    solve::validate(puzzle)?;
    let mut working = puzzle.clone();
    let ((), effort, events) = probe::record_at_most(limit, || (approach.solve)(&mut working));
    let solution = board::check_solution(puzzle, &working)
        .is_ok()
        .then_some(working);
    Ok(Trace {
        approach: approach.name,
        puzzle: puzzle.clone(),
        solution,
        effort,
        events,
        limit,
    })
}

/// One event with the running counts after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// 1-based.
    pub number: usize,
    pub event: Event,
    pub nodes: u64,
    pub backtracks: u64,
    /// Search digits on the board after this step.
    pub depth: u64,
}

/// The events of a trace with running counts.
pub fn steps(events: &[Event]) -> Vec<Step> {
    let (mut nodes, mut backtracks) = (0, 0);
    events
        .iter()
        .enumerate()
        .map(|(index, event)| {
            match event.action {
                Action::Place => nodes += 1,
                Action::Undo => backtracks += 1,
            }
            Step {
                number: index + 1,
                event: *event,
                nodes,
                backtracks,
                depth: nodes - backtracks,
            }
        })
        .collect()
}

/// The board after applying `events` to `puzzle`.
pub fn board_after(puzzle: &Board, events: &[Event]) -> Board {
    let mut current = puzzle.clone();
    for event in events {
        apply(&mut current, event);
    }
    current
}

/// Applies one event to a board.
pub fn apply(board: &mut Board, event: &Event) {
    board[event.row][event.column] = match event.action {
        Action::Place => event.digit,
        Action::Undo => BLANK,
    };
}

/// The header line of [`event_line`]s.
pub const EVENT_HEADER: &str = "# step action row column digit depth";

/// One event as a line: `step action row column digit depth`, rows and
/// columns 1-based, action `place` or `undo`.
pub fn event_line(step: &Step) -> String {
    let action = match step.event.action {
        Action::Place => "place",
        Action::Undo => "undo",
    };
    format!(
        "{} {action} {} {} {} {}",
        step.number,
        step.event.row + 1,
        step.event.column + 1,
        step.event.digit,
        step.depth
    )
}

/// A self-contained HTML page (no network, no other files) that plays the
/// trace back: play and pause, step forward and back, speed, a progress
/// slider, and the running counts.
///
/// Query parameters for automation: `?autoplay=1` starts playing at once,
/// `&speed=N` sets the steps per second.
pub fn render_html(trace: &Trace) -> String {
    let mut events = String::from("[");
    for (index, event) in trace.events.iter().enumerate() {
        if index > 0 {
            events.push(',');
        }
        let action = match event.action {
            Action::Place => 1,
            Action::Undo => 0,
        };
        let digit = event.digit.to_digit(10).unwrap_or(0);
        let _ = write!(
            events,
            "[{action},{},{digit}]",
            event.row * 9 + event.column
        );
    }
    events.push(']');
    let solution = trace
        .solution
        .as_ref()
        .map_or("null".to_string(), |solution| {
            format!("\"{}\"", board::to_line(solution))
        });
    let cut_note = if trace.is_cut() {
        format!(
            "The search made {} steps; only the first {} were recorded (the limit).",
            trace.effort.nodes + trace.effort.undos,
            trace.events.len()
        )
    } else {
        String::new()
    };
    HTML_TEMPLATE
        .replace("__APPROACH__", trace.approach)
        .replace("__PUZZLE__", &board::to_line(&trace.puzzle))
        .replace("__SOLUTION__", &solution)
        .replace("__CUT_NOTE__", &cut_note)
        .replace("__TOTAL_NODES__", &trace.effort.nodes.to_string())
        .replace("__EVENTS__", &events)
}

const HTML_TEMPLATE: &str = include_str!("trace/page.html");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::approaches;
    use crate::sets::leetcode_example;

    #[test]
    fn a_trace_agrees_with_the_node_count_and_ends_on_the_solution() {
        let example = leetcode_example();
        let approach = approaches::find("bool_arrays").unwrap();
        let trace = record(approach, &example.board, DEFAULT_LIMIT).unwrap();
        let counted = solve::run(approach, &example.puzzle().unwrap())
            .unwrap()
            .effort;
        assert_eq!(trace.effort, counted);
        let places = trace
            .events
            .iter()
            .filter(|event| event.action == Action::Place)
            .count();
        assert_eq!(places as u64, counted.nodes);
        assert!(!trace.is_cut());
        assert_eq!(
            Some(board_after(&example.board, &trace.events)),
            example.solution
        );
        let last = *steps(&trace.events).last().unwrap();
        assert_eq!(last.depth, board::count_blanks(&example.board) as u64);
    }

    #[test]
    fn a_long_search_is_cut_at_the_limit() {
        let example = leetcode_example();
        let trace = record(
            approaches::find("bool_arrays").unwrap(),
            &example.board,
            100,
        )
        .unwrap();
        assert!(trace.is_cut());
        assert_eq!(trace.events.len(), 100);
        assert!(render_html(&trace).contains("only the first 100 were recorded"));
    }

    #[test]
    fn event_lines_are_numbered_and_one_based() {
        let example = leetcode_example();
        let trace = record(approaches::find("bool_arrays").unwrap(), &example.board, 5).unwrap();
        let first = event_line(&steps(&trace.events)[0]);
        assert_eq!(first, "1 place 1 3 1 1");
    }

    #[test]
    fn the_page_is_self_contained() {
        let example = leetcode_example();
        let trace = record(
            approaches::find("propagation").unwrap(),
            &example.board,
            DEFAULT_LIMIT,
        )
        .unwrap();
        let page = render_html(&trace);
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(!page.contains("__"), "a placeholder was left in the page");
        for external in ["http://", "https://", "src=", "<link"] {
            assert!(!page.contains(external), "the page refers to {external}");
        }
    }
}
