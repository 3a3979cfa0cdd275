//! The page of `practice check --html`: the learner's search, recorded from
//! their trace hooks by the driver, beside the reference's on one puzzle,
//! with the step where the two first part marked.

use std::path::Path;
use std::time::Duration;

use sudoku37::approaches;
use sudoku37::board::{self, Board};
use sudoku37::judge::{self as judging, Reply};
use sudoku37::practice::Exercise;
use sudoku37::probe;
use sudoku37::trace::{self, Trace};

use crate::cli::judge::program::{Exchange, Program};

/// Records the learner's search on `puzzle` (from its trace hooks) and the
/// reference's, writes the race page to `page`, and says where the two
/// searches first part.
pub(super) fn race_page(
    exercise: &Exercise,
    binary: &Path,
    puzzle: &Board,
    page: &Path,
) -> Result<String, String> {
    let approach = approaches::find(exercise.reference_approach)
        .ok_or_else(|| format!("the approach {} is missing", exercise.reference_approach))?;
    let reference = trace::record(approach, puzzle, trace::DEFAULT_LIMIT, Some(RECORD_TIME))
        .map_err(|error| format!("cannot record the reference: {error}"))?;
    let mut recorder = Program::recording(binary.to_path_buf());
    let exchange = recorder
        .exchange(&board::to_line(puzzle), RECORD_TIME)
        .map_err(|error| format!("cannot run the compiled exercise: {error}"))?;
    let events = parse_events(&recorder.events());
    let (solution, stopped) = match &exchange {
        Exchange::Reply(line) => match judging::parse_raw_reply(line) {
            Some(Reply::Ok { payload, .. }) => {
                let board = judging::decode_board(&payload).unwrap_or_default();
                (
                    board::check_solution(puzzle, &board)
                        .is_ok()
                        .then_some(board),
                    None,
                )
            }
            _ => (None, None),
        },
        Exchange::NoReply(_) => (None, Some(probe::Stop::Deadline)),
    };
    let stopped = stopped.or((events.len() >= trace::DEFAULT_LIMIT).then_some(probe::Stop::Limit));
    let nodes = events
        .iter()
        .filter(|event| event.action == probe::Action::Place)
        .count() as u64;
    let undos = events
        .iter()
        .filter(|event| event.action == probe::Action::Undo)
        .count() as u64;
    let yours = Trace {
        approach: "yours",
        puzzle: puzzle.clone(),
        solution,
        effort: probe::Effort { nodes, undos },
        events,
        limit: trace::DEFAULT_LIMIT,
        stopped,
    };
    let describe = |event: &probe::Event| {
        format!(
            "{} row {}, column {}{}",
            event.action.word(),
            event.row + 1,
            event.column + 1,
            if event.action.fills() {
                format!(", digit {}", event.digit)
            } else {
                String::new()
            }
        )
    };
    let parting = trace::first_parting(&yours.events, &reference.events);
    let parted_at = |step: usize| {
        format!(
            "at step {step}: yours: {}; the reference's: {}",
            describe(&yours.events[step - 1]),
            describe(&reference.events[step - 1])
        )
    };
    let marked = parting.map(|step| trace::Parting {
        step,
        note: format!("The searches first part {}.", parted_at(step)),
    });
    std::fs::write(
        page,
        trace::render_race_parted(&[yours.clone(), reference.clone()], marked.as_ref()),
    )
    .map_err(|error| format!("cannot write {}: {error}", page.display()))?;
    let note = match parting {
        _ if yours.events.is_empty() => {
            "your code made no trace_place / trace_undo calls, so the page shows only the reference's search".to_string()
        }
        Some(step) => format!("the searches first part {}", parted_at(step)),
        None if yours.events.len() == reference.events.len() => {
            "the two searches are the same, step for step".to_string()
        }
        None => format!(
            "the searches agree for {} steps, then one of them stops",
            yours.events.len().min(reference.events.len())
        ),
    };
    Ok(format!(
        "\nWrote {}: your search ({} steps) beside {}'s ({} steps); {note}.",
        page.display(),
        yours.events.len(),
        approach.name,
        reference.events.len()
    ))
}

/// The longest a recorded run may take, for the page.
const RECORD_TIME: Duration = Duration::from_secs(10);

/// The driver's recorded events: `p,ROW,COLUMN,DIGIT` and `u,ROW,COLUMN`,
/// separated by `;`. Anything else is skipped.
fn parse_events(text: &str) -> Vec<probe::Event> {
    // An undo takes off the digit last placed in its cell, as the probe's
    // events say it.
    let mut placed = [['.'; 9]; 9];
    text.split(';')
        .filter_map(|item| {
            let fields: Vec<&str> = item.trim().split(',').collect();
            let number = |index: usize| {
                fields
                    .get(index)
                    .and_then(|field| field.parse::<usize>().ok())
            };
            let (row, column) = (number(1)?, number(2)?);
            if row > 8 || column > 8 {
                return None;
            }
            match fields.first() {
                Some(&"p") => {
                    let digit = u32::try_from(number(3)?)
                        .ok()
                        .filter(|d| (1..=9).contains(d))?;
                    let digit = char::from_digit(digit, 10)?;
                    placed[row][column] = digit;
                    Some(probe::Event {
                        action: probe::Action::Place,
                        row,
                        column,
                        digit,
                    })
                }
                Some(&"u") => Some(probe::Event {
                    action: probe::Action::Undo,
                    row,
                    column,
                    digit: std::mem::replace(&mut placed[row][column], '.'),
                }),
                _ => None,
            }
        })
        .collect()
}
