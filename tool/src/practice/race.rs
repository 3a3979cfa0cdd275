//! The page of `practice check --html`: the learner's search, recorded from
//! their trace hooks by the driver, beside the reference's on one puzzle,
//! with the step where the two first part marked.

use std::path::Path;
use std::time::Duration;

use super::error::CheckError;
use super::evidence::{parse_moves, Move};
use super::{Exercise, Language};
use crate::files::{self, FileKind};
use crate::judge::program::{Exchange, Program, Sandbox};
use crate::judge::{self as judging, DriverReply};
use crate::trace::{self, Trace};
use sudoku37::board::{self, Board};
use sudoku37::probe;
use sudoku37::puzzle::Puzzle;

/// The learner's compiled program, as the race records it: the binary and
/// the limits it runs within.
pub struct Learner<'a> {
    pub binary: &'a Path,
    pub sandbox: Sandbox,
}

/// Records the learner's search on `board` (from its trace hooks) and the
/// reference's, writes the race page to `page`, and says where the two
/// searches first part.
pub fn race_page(
    exercise: &Exercise,
    learner: &Learner,
    board: &Board,
    page: &Path,
    inputs: &[&Path],
    language: Language,
) -> Result<String, CheckError> {
    let approach = exercise.reference;
    let valid = Puzzle::from_board(board).map_err(|error| CheckError::Reference(error.into()))?;
    let reference = trace::record(approach, &valid, trace::DEFAULT_LIMIT, Some(RECORD_TIME));
    let Learner { binary, sandbox } = *learner;
    let mut recorder = Program::recording(binary.to_path_buf(), sandbox);
    let exchange = recorder
        .exchange(&board::to_line(board), RECORD_TIME)
        .map_err(|source| CheckError::Program {
            what: "exercise",
            source,
        })?;
    let events = events_of(&parse_moves(&recorder.events()));
    let (solution, stopped) = match &exchange {
        Exchange::Reply(line) => match judging::parse_raw_reply(line) {
            Some(DriverReply::Ok { payload, .. }) => {
                let board = judging::decode_board(&payload).unwrap_or_default();
                (board::solution_cells(valid.cells(), &board).ok(), None)
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
        puzzle: valid,
        solution,
        effort: probe::Effort { nodes, undos },
        events,
        limit: trace::DEFAULT_LIMIT,
        stopped,
    };
    let (marked, [note, note_zh]) = where_they_part(&yours, &reference);
    let text = trace::render_race_parted(&[yours.clone(), reference.clone()], marked.as_ref());
    files::write_output(page, FileKind::Html, &text, inputs)?;
    Ok(match language {
        Language::English => format!(
            "\nWrote {}: your search ({} steps) beside {}'s ({} steps); {note}.",
            files::shown(page),
            yours.events.len(),
            approach.name,
            reference.events.len()
        ),
        Language::Chinese => format!(
            "\n已写入 {}：你的搜索（{} 步）与 {} 的搜索（{} 步）并排；{note_zh}。",
            files::shown(page),
            yours.events.len(),
            approach.name,
            reference.events.len()
        ),
    })
}

/// Where the learner's search and the reference's first part: the step the
/// page marks, with its note, and the clause the report ends with. Searches
/// that agree until one of them stops part where the other goes on alone;
/// the same search, or none of the learner's, is not marked.
fn where_they_part(yours: &Trace, reference: &Trace) -> (Option<trace::Parting>, [String; 2]) {
    let cell = |event: &probe::Event| format!("r{}c{}", event.row + 1, event.column + 1);
    let describe = |event: &probe::Event| {
        if event.action.fills() {
            format!("{} {} at {}", event.action.word(), event.digit, cell(event))
        } else {
            format!("{} {}", event.action.word(), cell(event))
        }
    };
    let describe_zh = |event: &probe::Event| match event.action {
        probe::Action::Place => format!("在 {} 放 {}", cell(event), event.digit),
        probe::Action::Force => format!("在 {} 推出 {}", cell(event), event.digit),
        probe::Action::Undo | probe::Action::Unforce => format!("撤销 {}", cell(event)),
    };
    let (mine, theirs) = (&yours.events, &reference.events);
    let agreed = mine.len().min(theirs.len());
    if mine.is_empty() {
        return (
            None,
            [
                "your code made no trace_place / trace_undo calls, so the page shows only the reference's search".to_string(),
                "你的代码没有调用 trace_place / trace_undo，所以页面上只有参考解的搜索".to_string(),
            ],
        );
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
            [
                format!("the searches first part {parted_at}"),
                format!(
                    "两个搜索在第 {step} 步第一次分开：你的{}，参考解{}",
                    describe_zh(&mine[step - 1]),
                    describe_zh(&theirs[step - 1])
                ),
            ],
        );
    }
    if mine.len() == theirs.len() {
        return (
            None,
            [
                "the two searches are the same, step for step".to_string(),
                "两个搜索一步一步完全相同".to_string(),
            ],
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
        [
            format!("the searches agree for {agreed} steps, then one of them stops"),
            format!("两个搜索前 {agreed} 步相同，然后其中一个停下了"),
        ],
    )
}

/// The longest a recorded run may take, for the page.
const RECORD_TIME: Duration = Duration::from_secs(10);

/// The learner's recorded moves as the trace's events: an undo takes off
/// the digit last placed in its cell, as the probe's events say it; a place
/// of no digit 1-9 is left out.
fn events_of(moves: &[Move]) -> Vec<probe::Event> {
    let mut placed = [['.'; 9]; 9];
    moves
        .iter()
        .filter_map(|movement| match *movement {
            Move::Place { row, column, digit } => {
                let digit = char::from_digit(u32::from(digit), 10).filter(|&d| d != '0')?;
                placed[row][column] = digit;
                Some(probe::Event {
                    action: probe::Action::Place,
                    row,
                    column,
                    digit,
                })
            }
            Move::Undo { row, column } => Some(probe::Event {
                action: probe::Action::Undo,
                row,
                column,
                digit: std::mem::replace(&mut placed[row][column], '.'),
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku37::sets;

    fn early_exit() -> Trace {
        let approach = &sudoku37::approaches::EARLY_EXIT;
        let puzzle = sets::leetcode_example().puzzle().expect("a puzzle");
        trace::record(approach, &puzzle, trace::DEFAULT_LIMIT, None)
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
                "The searches first part at step 4: yours: place 6 at r{row}c{column}; \
                 the reference's: place {digit} at r{row}c{column}.",
                row = reference.events[3].row + 1,
                column = reference.events[3].column + 1,
                digit = reference.events[3].digit
            )
        );
        assert!(clause[0].starts_with("the searches first part at step 4: yours: place 6 at r"));
        assert!(clause[1].starts_with("两个搜索在第 4 步第一次分开：你的在 r"));
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
            clause[0],
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
        assert_eq!(clause[0], "the two searches are the same, step for step");
        let mut untraced = reference.clone();
        untraced.events.clear();
        let (parting, clause) = where_they_part(&untraced, &reference);
        assert_eq!(parting, None);
        assert!(clause[0].starts_with("your code made no trace_place"));
    }
}
