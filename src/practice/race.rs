//! The page of `practice check --html`: the learner's search, recorded from
//! their trace hooks by the driver, beside the reference's on one puzzle,
//! with the step where the two first part marked.

use std::path::Path;
use std::time::Duration;

use super::error::CheckError;
use super::Exercise;
use crate::approaches;
use crate::board::{self, Board};
use crate::judge::program::{Exchange, Program};
use crate::judge::{self as judging, Reply};
use crate::probe;
use crate::trace::{self, Trace};

/// Records the learner's search on `puzzle` (from its trace hooks) and the
/// reference's, writes the race page to `page`, and says where the two
/// searches first part.
pub fn race_page(
    exercise: &Exercise,
    binary: &Path,
    puzzle: &Board,
    page: &Path,
) -> Result<String, CheckError> {
    let approach = approaches::find(exercise.reference_approach).ok_or_else(|| {
        CheckError::Missing(format!("the approach {}", exercise.reference_approach))
    })?;
    let reference = trace::record(approach, puzzle, trace::DEFAULT_LIMIT, Some(RECORD_TIME))
        .map_err(CheckError::Reference)?;
    let mut recorder = Program::recording(binary.to_path_buf());
    let exchange = recorder
        .exchange(&board::to_line(puzzle), RECORD_TIME)
        .map_err(|source| CheckError::Program {
            what: "exercise",
            source,
        })?;
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
    let (marked, note) = where_they_part(&yours, &reference);
    std::fs::write(
        page,
        trace::render_race_parted(&[yours.clone(), reference.clone()], marked.as_ref()),
    )
    .map_err(|source| CheckError::Unwritable {
        path: page.display().to_string(),
        source,
    })?;
    Ok(format!(
        "\nWrote {}: your search ({} steps) beside {}'s ({} steps); {note}.",
        page.display(),
        yours.events.len(),
        approach.name,
        reference.events.len()
    ))
}

/// Where the learner's search and the reference's first part: the step the
/// page marks, with its note, and the clause the report ends with. Searches
/// that agree until one of them stops part where the other goes on alone;
/// the same search, or none of the learner's, is not marked.
fn where_they_part(yours: &Trace, reference: &Trace) -> (Option<trace::Parting>, String) {
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
    let (mine, theirs) = (&yours.events, &reference.events);
    let agreed = mine.len().min(theirs.len());
    if mine.is_empty() {
        let note = "your code made no trace_place / trace_undo calls, so the page shows only the reference's search";
        return (None, note.to_string());
    }
    if let Some(step) = trace::first_parting(mine, theirs) {
        let parted_at = format!(
            "at step {step}: yours: {}; the reference's: {}",
            describe(&mine[step - 1]),
            describe(&theirs[step - 1])
        );
        let parting = trace::Parting {
            step,
            note: format!("The searches first part {parted_at}."),
        };
        return (
            Some(parting),
            format!("the searches first part {parted_at}"),
        );
    }
    if mine.len() == theirs.len() {
        return (
            None,
            "the two searches are the same, step for step".to_string(),
        );
    }
    let (going_on, event) = if mine.len() > agreed {
        ("yours", &mine[agreed])
    } else {
        ("the reference's", &theirs[agreed])
    };
    let parting = trace::Parting {
        step: agreed + 1,
        note: format!(
            "The searches agree for {agreed} steps; at step {}, only {going_on} goes on: {}.",
            agreed + 1,
            describe(event)
        ),
    };
    (
        Some(parting),
        format!("the searches agree for {agreed} steps, then one of them stops"),
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets;

    fn early_exit() -> Trace {
        let approach = approaches::find("early_exit").expect("registered");
        let puzzle = sets::leetcode_example().board;
        trace::record(approach, &puzzle, trace::DEFAULT_LIMIT, None).expect("recorded")
    }

    #[test]
    fn the_step_where_the_searches_part_is_marked_with_both_moves() {
        let reference = early_exit();
        let mut yours = reference.clone();
        yours.events[3].digit = '6';
        let (parting, clause) = where_they_part(&yours, &reference);
        let parting = parting.expect("marked");
        assert_eq!(parting.step, 4);
        assert_eq!(
            parting.note,
            format!(
                "The searches first part at step 4: yours: place row {row}, column {column}, digit 6; \
                 the reference's: place row {row}, column {column}, digit {digit}.",
                row = reference.events[3].row + 1,
                column = reference.events[3].column + 1,
                digit = reference.events[3].digit
            )
        );
        assert!(clause.starts_with("the searches first part at step 4: yours: place"));
    }

    #[test]
    fn a_search_that_stops_early_parts_where_the_other_goes_on_alone() {
        let reference = early_exit();
        let mut yours = reference.clone();
        yours.events.truncate(10);
        let (parting, clause) = where_they_part(&yours, &reference);
        let parting = parting.expect("marked");
        assert_eq!(parting.step, 11);
        assert!(
            parting.note.starts_with(
                "The searches agree for 10 steps; at step 11, only the reference's goes on: "
            ),
            "{}",
            parting.note
        );
        assert_eq!(
            clause,
            "the searches agree for 10 steps, then one of them stops"
        );
        let (parting, _) = where_they_part(&reference, &yours);
        assert!(parting.expect("marked").note.contains("only yours goes on"));
    }

    #[test]
    fn the_same_search_or_none_of_yours_is_not_marked() {
        let reference = early_exit();
        let (parting, clause) = where_they_part(&reference, &reference);
        assert_eq!(parting, None);
        assert_eq!(clause, "the two searches are the same, step for step");
        let mut untraced = reference.clone();
        untraced.events.clear();
        let (parting, clause) = where_they_part(&untraced, &reference);
        assert_eq!(parting, None);
        assert!(clause.starts_with("your code made no trace_place"));
    }
}
