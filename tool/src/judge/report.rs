//! The report of `judge`: each failure drawn in full (the boards side by
//! side for a wrong answer, the last input otherwise, what the solution
//! printed) or in one line, and the table of sets with their times.

use std::time::Duration;

use super::program;
use super::reply::Stream;
use super::run::{Failure, Problem, SetReport};
use crate::files::escape_controls;
use crate::measure::{self, format_duration, format_seconds};
use sudoku37::board::{self, Board};

/// How many failures `--all` draws in full; the rest get one line each.
pub const FAILURES_SHOWN: usize = 3;

/// One line on what went wrong.
pub fn summary(failure: &Failure, time_limit: Duration) -> String {
    match &failure.problem {
        Problem::Wrong { mismatch, .. } => mismatch.reason.clone(),
        Problem::TimedOut { waited, queued } => {
            let mut line = format!(
                "no answer within the time limit of {}; stopped after {}",
                format_seconds(time_limit),
                format_seconds(*waited)
            );
            // Below a hundredth of a second, the wait is no news.
            if *queued >= Duration::from_millis(10) {
                line += &format!(", {} of it waiting for a core", format_seconds(*queued));
            }
            line
        }
        Problem::OutOfMemory { limit, .. } => format!(
            "an allocation failed: past the memory limit of {} (--memory-limit)",
            crate::files::format_size(*limit)
        ),
        Problem::OutputLimit { limit } => format!(
            "it printed more than {} on this puzzle, and was stopped",
            crate::files::format_size(*limit)
        ),
        Problem::Panicked { message } => escape_controls(message),
        Problem::Died { status, .. } => format!("the program {status}"),
    }
}

/// A failure in full: what went wrong and the puzzle it went wrong on.
pub fn describe_failure(
    failure: &Failure,
    time_limit: Duration,
    titled: bool,
    colour: bool,
) -> String {
    let mut text = String::new();
    if titled {
        let verdict = paint(&failure.verdict().to_string(), RED, colour);
        text.push_str(&format!("{verdict} on {}\n", failure.place()));
    }
    text.push_str(&format!("  {}\n", summary(failure, time_limit)));
    match &failure.problem {
        Problem::Wrong { received, mismatch } => {
            match mismatch.first {
                Some((row, column)) => {
                    let shown = |board: &Board| {
                        board
                            .get(row)
                            .and_then(|cells| cells.get(column))
                            .map_or_else(
                                || "nothing".to_string(),
                                |cell| escape_controls(&format!("{cell:?}")),
                            )
                    };
                    text.push_str(&format!(
                        "  first difference, marked [ ]: row {}, column {}: expected {}, received {}\n\n",
                        row + 1,
                        column + 1,
                        shown(&failure.solution),
                        shown(received)
                    ));
                }
                None => text
                    .push_str("  all 81 cells are right; what is wrong is the board's shape\n\n"),
            }
            text.push_str(&super::render_diff(
                &failure.board,
                &failure.solution,
                received,
                mismatch.first,
                colour,
            ));
            text.push_str(&format!(
                "input:    {}\nexpected: {}\nreceived: {}\n",
                board::to_line(&failure.board),
                board::to_line(&failure.solution),
                super::board_line(received)
            ));
            text.push_str(&leetcode_input(failure));
        }
        Problem::Died { stream, tail, .. } => {
            text.push_str(&tail_of(stream.name(), tail));
            text.push_str(&last_input(failure));
        }
        Problem::OutOfMemory { tail, .. } => {
            text.push_str(&tail_of(Stream::Error.name(), tail));
            text.push_str(&last_input(failure));
        }
        Problem::TimedOut { .. } | Problem::Panicked { .. } | Problem::OutputLimit { .. } => {
            text.push_str(&last_input(failure));
        }
    }
    text.push_str(&printed_output(&failure.printed));
    text
}

/// The last lines a program wrote on a stream before it died.
fn tail_of(stream: &str, tail: &str) -> String {
    let mut text = String::new();
    let tail = tail.trim();
    if !tail.is_empty() {
        text.push_str(&format!("  its {stream} ended with:\n"));
        let lines: Vec<&str> = tail.lines().collect();
        for line in &lines[lines.len().saturating_sub(10)..] {
            text.push_str(&format!("    {}\n", escape_controls(line)));
        }
    }
    text
}

fn last_input(failure: &Failure) -> String {
    format!(
        "\nlast executed input:\n{}{}\n{}",
        board::format_grid(&failure.board),
        board::to_line(&failure.board),
        leetcode_input(failure)
    )
}

/// The failing puzzle in LeetCode's input form, ready for its test box.
fn leetcode_input(failure: &Failure) -> String {
    format!(
        "in LeetCode's form (for its test box):\n{}\n",
        board::to_leetcode(&failure.board)
    )
}

/// What the solution printed itself on the failing puzzle, its first lines,
/// as LeetCode shows "Stdout".
fn printed_output(printed: &program::Printed) -> String {
    let mut text = String::new();
    for (name, lines) in [("stdout", &printed.stdout), ("stderr", &printed.stderr)] {
        if lines.is_empty() {
            continue;
        }
        text.push_str(&format!(
            "\nyour code's {name} on this puzzle (the first {} lines at most):\n",
            program::PRINTED_LINES
        ));
        for line in lines {
            text.push_str(&format!("  {}\n", escape_controls(line)));
        }
    }
    text
}

/// The table of sets: puzzles passed, median and maximum time per puzzle.
pub fn render_reports(reports: &[SetReport]) -> String {
    let width = reports
        .iter()
        .map(|report| report.name.len())
        .chain([3])
        .max()
        .unwrap_or(3);
    let mut text = format!(
        "{:<width$}  {:>11}  {:>10}  {:>10}\n",
        "set", "passed", "median", "max"
    );
    for report in reports {
        let passed = format!("{}/{}", report.passed, report.size);
        let (median, max) = match median_and_max(&report.times) {
            Some((median, max)) => (format_duration(median), format_duration(max)),
            None => ("-".to_string(), "-".to_string()),
        };
        let note = if report.ran == report.size {
            ""
        } else if report.ran == 0 {
            "  (not run: stopped at the first failure)"
        } else {
            "  (stopped at the first failure)"
        };
        text.push_str(&format!(
            "{:<width$}  {passed:>11}  {median:>10}  {max:>10}{note}\n",
            report.name
        ));
    }
    let times: Vec<Duration> = reports
        .iter()
        .flat_map(|report| report.times.iter().copied())
        .collect();
    let total: Duration = times.iter().sum();
    text.push_str(&format!(
        "Total time over the {} puzzles passed: {} (LeetCode limits the total of all its tests).\n",
        times.len(),
        format_duration(total)
    ));
    text.push_str("Times are the judge's own, from sending a puzzle to its answer, less the cost of an empty exchange and any wait for a core.\n");
    text
}

fn median_and_max(times: &[Duration]) -> Option<(Duration, Duration)> {
    Some((measure::median(times)?, *times.iter().max()?))
}

pub const RED: &str = "\x1b[1;31m";
pub const GREEN: &str = "\x1b[1;32m";

pub fn paint(text: &str, colour_code: &str, colour: bool) -> String {
    if colour {
        format!("{colour_code}{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let times = |millis: &[u64]| -> Vec<Duration> {
            millis.iter().map(|&ms| Duration::from_millis(ms)).collect()
        };
        assert_eq!(median_and_max(&[]), None);
        assert_eq!(
            median_and_max(&times(&[9, 1, 5])),
            Some((Duration::from_millis(5), Duration::from_millis(9)))
        );
        assert_eq!(
            median_and_max(&times(&[4, 1, 2, 8])),
            Some((Duration::from_millis(3), Duration::from_millis(8)))
        );
    }
}
