//! Recording one search step by step, for watching it: as one event per line
//! (to pipe, diff and test), redrawn in a terminal (`sudoku37 trace`), or as a
//! self-contained HTML page that plays it back.
//!
//! The events come from the same hook that counts nodes ([`sudoku37::probe`]):
//! every placement of a trace is a node and every undo is counted in the
//! undos, so a trace and the counts cannot disagree. Each event comes with
//! its reason, read from the board and the events before it ([`reason`]).

pub mod reason;
pub mod tree;

use std::time::{Duration, Instant};

use serde_json::json;

use sudoku37::approaches::{Approach, Order};
use sudoku37::board;
use sudoku37::grid::{self, Cells};
use sudoku37::probe::{self, Action, Effort, Event, Stop};
use sudoku37::puzzle::Puzzle;

/// How many events a trace keeps by default; a longer search is stopped
/// there. About 2 MB of page and 10 MB of memory.
pub const DEFAULT_LIMIT: usize = 200_000;

/// The most events `--stop-after` accepts: about 500 MB of memory and a 20 MB
/// page.
pub const MAX_LIMIT: usize = 10_000_000;

/// Memory one recorded event takes while tracing, in bytes, at most (the
/// event and its share of the growing list).
pub const BYTES_PER_EVENT: usize = 2 * std::mem::size_of::<Event>();

/// Page bytes per event (two base-64 characters).
pub const PAGE_BYTES_PER_EVENT: usize = 2;

/// One recorded search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub approach: &'static str,
    pub puzzle: Puzzle,
    /// The answer, when the approach solved the puzzle.
    pub solution: Option<Cells>,
    /// The effort of the search until it finished or was stopped.
    pub effort: Effort,
    /// Every event of the search, in order: at most [`Trace::limit`].
    pub events: Vec<Event>,
    pub limit: usize,
    /// Why the search was stopped before it finished, if it was.
    pub stopped: Option<Stop>,
}

impl Trace {
    /// The reason of each event, in order ([`reason`]): the approach's order
    /// of blanks comes from the registry, so a search the registry does not
    /// name (a learner's) is read as one that chooses where to branch.
    pub fn reasons(&self) -> reason::Reasons<'_> {
        reason::reasons(
            self.puzzle.cells(),
            reason::order_of(self.approach),
            &self.events,
        )
    }

    /// One sentence saying where and why the search was stopped, if it was.
    pub fn cut_note(&self) -> Option<String> {
        self.stopped.map(|stop| match stop {
            Stop::Limit => format!(
                "{} was stopped at {} steps (the limit, --stop-after) before the search finished",
                self.approach,
                self.events.len()
            ),
            Stop::Deadline => format!(
                "{} was stopped after {} steps (the time limit, --time-limit) before the search finished",
                self.approach,
                self.events.len()
            ),
        })
    }
}

/// Runs `approach` on `puzzle` and records its events. The search itself is
/// stopped when it is about to make more than `limit` events, or when it runs
/// past `timeout`.
pub fn record(
    approach: &'static Approach,
    puzzle: &Puzzle,
    limit: usize,
    timeout: Option<Duration>,
) -> Trace {
    let mut working = puzzle.to_board();
    let deadline = timeout.and_then(|timeout| Instant::now().checked_add(timeout));
    let (outcome, effort, events) =
        probe::record_until(limit, deadline, || (approach.solve)(&mut working));
    let stopped = outcome.err();
    let solution = stopped
        .is_none()
        .then(|| board::solution_cells(puzzle.cells(), &working).ok())
        .flatten();
    Trace {
        approach: approach.name,
        puzzle: *puzzle,
        solution,
        effort,
        events,
        limit,
        stopped,
    }
}

/// One event with the running counts after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountedEvent {
    /// 1-based.
    pub number: usize,
    pub event: Event,
    /// Nodes so far (for an approach that counts guesses, guesses).
    pub nodes: u64,
    pub undos: u64,
    /// Search digits on the board after this step: nodes minus undos
    /// (forced digits are not counted).
    pub depth: u64,
    /// Forced digits placed so far (only approaches that report them).
    pub forced: u64,
}

/// The events of a trace with running counts, one at a time.
pub fn counted_events(events: &[Event]) -> impl Iterator<Item = CountedEvent> + '_ {
    let (mut nodes, mut undos, mut forced) = (0, 0, 0);
    events.iter().enumerate().map(move |(index, event)| {
        match event.action {
            Action::Place => nodes += 1,
            Action::Undo => undos += 1,
            Action::Force => forced += 1,
            Action::Unforce => {}
        }
        CountedEvent {
            number: index + 1,
            event: *event,
            nodes,
            undos,
            depth: nodes - undos,
            forced,
        }
    })
}

/// The cells after applying `events` to `givens`.
pub fn cells_after(givens: &Cells, events: &[Event]) -> Cells {
    let mut current = *givens;
    for event in events {
        apply(&mut current, event);
    }
    current
}

/// Applies one event to the cells.
pub fn apply(cells: &mut Cells, event: &Event) {
    cells[event.row * 9 + event.column] = if event.action.fills() {
        event.digit.to_digit(10).map_or(0, |digit| digit as u8)
    } else {
        0
    };
}

/// The header line of the piped form: [`event_line`]s, each followed by its
/// reason.
pub const EVENT_HEADER: &str = "# step action row column digit depth reason";

/// One event as a line: `step action row column digit depth`, rows and
/// columns 1-based. The action is `place` (a node) or `undo` (a node taken back),
/// and, for an approach that counts guesses, `force` (a digit its deductions
/// forced) or `unforce` (a forced digit taken off with its failed guess).
pub fn event_line(step: &CountedEvent) -> String {
    EventLine(step).to_string()
}

/// [`event_line`], written where it goes.
struct EventLine<'a>(&'a CountedEvent);

impl std::fmt::Display for EventLine<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let step = self.0;
        write!(
            formatter,
            "{} {} {} {} {} {}",
            step.number,
            step.event.action.word(),
            step.event.row + 1,
            step.event.column + 1,
            step.event.digit,
            step.depth
        )
    }
}

/// One line of the piped form: the [`event_line`], then its reason, which
/// is the rest of the line (it has spaces of its own).
pub fn reason_line(step: &CountedEvent, reason: &reason::Reason) -> String {
    format!("{} {reason}", EventLine(step))
}

/// The piped form of `trace`'s events from `start` (0-based) up to `end`:
/// the header, a [`reason_line`] per event, and the note of a stopped
/// search, as `#` lines.
pub fn write_lines(
    out: &mut dyn std::io::Write,
    trace: &Trace,
    start: usize,
    end: usize,
) -> std::io::Result<()> {
    writeln!(out, "{EVENT_HEADER}")?;
    for (step, reason) in counted_events(&trace.events)
        .zip(trace.reasons())
        .take(end)
        .skip(start)
    {
        writeln!(out, "{} {reason}", EventLine(&step))?;
    }
    if let Some(note) = trace.cut_note() {
        writeln!(out, "# {note}")?;
    }
    Ok(())
}

/// The base-64 alphabet of the page's event strings.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The events as two characters each: `(action * 9 + digit - 1) * 81 + cell`
/// in base 64, high digit first, action 0 undo, 1 place, 2 force, 3 unforce.
fn encode_events(events: &[Event]) -> String {
    let mut text = String::with_capacity(events.len() * PAGE_BYTES_PER_EVENT);
    for event in events {
        let action = match event.action {
            Action::Undo => 0,
            Action::Place => 1,
            Action::Force => 2,
            Action::Unforce => 3,
        };
        let digit = event.digit.to_digit(10).unwrap_or(1).clamp(1, 9) as usize;
        let value = (action * 9 + digit - 1) * 81 + event.row * 9 + event.column;
        text.push(char::from(ALPHABET[value / 64]));
        text.push(char::from(ALPHABET[value % 64]));
    }
    text
}

/// A self-contained HTML page (no network, no other files) that plays the
/// trace back: play and pause, step forward and back, speed, a progress
/// slider, and the running counts.
///
/// Query parameters for automation: `?autoplay=1` starts playing at once,
/// `&speed=N` sets the steps per second.
pub fn render_html(trace: &Trace) -> String {
    render_race(std::slice::from_ref(trace))
}

/// A self-contained page that plays several traces of one puzzle side by
/// side, one board each, under one shared control: the race page of
/// `sudoku37 trace --html FILE -a A -a B ...`. It says which approach
/// finished first and by how many steps. With one trace it is the page of
/// [`render_html`].
pub fn render_race(traces: &[Trace]) -> String {
    render_race_parted(traces, None)
}

/// Where the searches of a race first part: the step to mark on the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parting {
    /// The first step (1-based) at which the boards' events differ.
    pub step: usize,
    /// What the page says about it, in a sentence.
    pub note: String,
}

/// The first step (1-based) at which two searches do different things;
/// `None` when one is the start of the other.
pub fn first_parting(one: &[Event], other: &[Event]) -> Option<usize> {
    one.iter()
        .zip(other)
        .position(|(mine, theirs)| mine != theirs)
        .map(|index| index + 1)
}

/// The race page of [`render_race`], with the step where the searches first
/// part marked, when there is one: a line that says so with a button that
/// jumps there, a tick on the slider, the cell of that step outlined on every
/// board, and playback pausing there the first time it gets there. The query
/// parameter `?jump=parting` presses the button when the page opens.
pub fn render_race_parted(traces: &[Trace], parting: Option<&Parting>) -> String {
    let boards: Vec<serde_json::Value> = traces
        .iter()
        .map(|trace| {
            json!({
                "approach": trace.approach,
                "puzzle": trace.puzzle.to_line(),
                "solution": trace.solution.as_ref().map(grid::line_of),
                "events": encode_events(&trace.events),
                "order": reason::order_of(trace.approach).map(|order| match order {
                    Order::Rows => "rows",
                    Order::Columns => "columns",
                }),
                "cut": trace.cut_note(),
            })
        })
        .collect();
    let data = script_json(&boards, "[]");
    let parting = parting.map_or(
        serde_json::Value::Null,
        |parting| json!({ "step": parting.step, "note": parting.note }),
    );
    let parting = script_json(&parting, "null");
    let names: Vec<&str> = traces.iter().map(|trace| trace.approach).collect();
    let title = if traces.len() == 1 {
        format!(
            "approach <code>{}</code>: the search, step by step",
            names[0]
        )
    } else {
        format!(
            "a race: {}",
            names
                .iter()
                .map(|name| format!("<code>{name}</code>"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    HTML_TEMPLATE
        .replace("__TITLE__", &title)
        .replace("__NAMES__", &names.join(", "))
        .replace("__BOARDS__", &data)
        .replace("__PARTING__", &parting)
}

/// `value` as JSON to put in a script element; `<` never occurs in the data
/// but is escaped anyway, so that no string can close the element.
fn script_json<T: serde::Serialize + ?Sized>(value: &T, otherwise: &str) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| otherwise.to_string())
        .replace('<', "\\u003c")
}

const HTML_TEMPLATE: &str = include_str!("trace/page.html");

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::approaches;
    use sudoku37::harness;
    use sudoku37::sets::leetcode_example;

    #[test]
    fn a_trace_agrees_with_the_node_count_and_ends_on_the_solution() {
        let example = leetcode_example();
        let approach = approaches::find(approaches::TRACE_APPROACH).unwrap();
        let trace = record(approach, &example.puzzle().unwrap(), DEFAULT_LIMIT, None);
        let counted = harness::run(approach, &example.puzzle().unwrap())
            .unwrap()
            .effort;
        assert_eq!(trace.effort, counted);
        let places = trace
            .events
            .iter()
            .filter(|event| event.action == Action::Place)
            .count();
        assert_eq!(places as u64, counted.nodes);
        assert_eq!(trace.stopped, None);
        assert_eq!(
            Some(cells_after(
                example.puzzle().unwrap().cells(),
                &trace.events
            )),
            example.solution
        );
        let last = counted_events(&trace.events).last().unwrap();
        assert_eq!(last.depth, example.puzzle().unwrap().blanks() as u64);
    }

    #[test]
    fn bitboard_reports_forced_digits_and_still_counts_only_guesses() {
        let example = leetcode_example();
        let approach = approaches::default_approach();
        let trace = record(approach, &example.puzzle().unwrap(), DEFAULT_LIMIT, None);
        let counted = harness::run(approach, &example.puzzle().unwrap())
            .unwrap()
            .effort;
        assert_eq!(trace.effort, counted);
        let last = counted_events(&trace.events).last().unwrap();
        assert_eq!(last.nodes, counted.nodes);
        assert_eq!(
            last.forced + last.nodes - last.undos,
            example.puzzle().unwrap().blanks() as u64
        );
        assert_eq!(
            Some(cells_after(
                example.puzzle().unwrap().cells(),
                &trace.events
            )),
            example.solution
        );
    }

    #[test]
    fn a_long_search_is_stopped_at_the_limit() {
        let example = leetcode_example();
        let trace = record(
            approaches::find(approaches::TRACE_APPROACH).unwrap(),
            &example.puzzle().unwrap(),
            100,
            None,
        );
        assert_eq!(trace.stopped, Some(Stop::Limit));
        assert_eq!(trace.events.len(), 100);
        // The search itself stopped: it made no more events than recorded.
        assert_eq!(
            (trace.effort.nodes + trace.effort.undos) as usize,
            trace.events.len()
        );
        assert_eq!(trace.solution, None);
        assert!(render_html(&trace).contains("stopped at 100 steps"));
    }

    #[test]
    fn a_search_is_stopped_at_the_timeout() {
        let example = leetcode_example();
        let trace = record(
            approaches::of_family(approaches::Family::ReadingOrder)
                .next()
                .unwrap(),
            &example.puzzle().unwrap(),
            DEFAULT_LIMIT,
            Some(Duration::ZERO),
        );
        assert_eq!(trace.stopped, Some(Stop::Deadline));
        assert_eq!(trace.events.len(), 1024);
        assert!(trace.cut_note().unwrap().contains("--time-limit"));
    }

    #[test]
    fn event_lines_are_numbered_and_one_based() {
        let example = leetcode_example();
        let trace = record(
            approaches::find(approaches::TRACE_APPROACH).unwrap(),
            &example.puzzle().unwrap(),
            DEFAULT_LIMIT,
            None,
        );
        let first = event_line(&counted_events(&trace.events).next().unwrap());
        assert_eq!(first, "1 place 1 3 1 1");
    }

    #[test]
    fn events_take_two_page_characters_each() {
        let events = [
            Event {
                action: Action::Unforce,
                row: 8,
                column: 8,
                digit: '9',
            },
            Event {
                action: Action::Undo,
                row: 0,
                column: 0,
                digit: '1',
            },
        ];
        // (3 * 9 + 8) * 81 + 80 = 2915 = 45 * 64 + 35; 0 = "AA".
        assert_eq!(encode_events(&events), "tjAA");
    }

    #[test]
    fn the_race_page_carries_the_step_where_the_searches_part() {
        let example = leetcode_example();
        let traces: Vec<Trace> = [
            approaches::EARLY_EXIT,
            approaches::BOOL_ARRAYS,
            approaches::MOST_CONSTRAINED,
        ]
        .iter()
        .map(|approach| record(approach, &example.puzzle().unwrap(), DEFAULT_LIMIT, None))
        .collect();
        // The same search in two shapes never parts; a different order of
        // cells parts at once.
        assert_eq!(first_parting(&traces[0].events, &traces[1].events), None);
        assert_eq!(
            first_parting(&traces[0].events[..5], &traces[0].events),
            None
        );
        assert_eq!(first_parting(&traces[0].events, &traces[2].events), Some(1));
        let mut changed = traces[0].events.clone();
        changed[6].digit = '9';
        assert_eq!(first_parting(&traces[0].events, &changed), Some(7));

        let parting = Parting {
            step: 7,
            note: "The searches first part at step 7.".to_string(),
        };
        let page = render_race_parted(&traces[..2], Some(&parting));
        let data = page
            .split("const parting = ")
            .nth(1)
            .and_then(|rest| rest.split(";\n").next())
            .expect("the page's parting data");
        let data: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(data["step"], 7);
        assert_eq!(data["note"], "The searches first part at step 7.");
        assert!(render_race(&traces[..2]).contains("const parting = null;\n"));
    }

    #[test]
    fn the_page_is_self_contained() {
        let example = leetcode_example();
        let traces: Vec<Trace> = [approaches::PROPAGATION, approaches::BITBOARD]
            .iter()
            .map(|approach| record(approach, &example.puzzle().unwrap(), DEFAULT_LIMIT, None))
            .collect();
        for page in [render_html(&traces[0]), render_race(&traces)] {
            assert!(page.starts_with("<!DOCTYPE html>"));
            assert!(!page.contains("__"), "a placeholder was left in the page");
            for external in ["http://", "https://", "src=", "<link"] {
                assert!(!page.contains(external), "the page refers to {external}");
            }
        }
    }
}
