//! Measuring one approach on one set: in a worker process of its own, which
//! is stopped when its time budget runs out, so that a slow approach cannot
//! hold a core while the next one is timed; the [`Measurement`] says how far
//! it got. On a small set each puzzle is solved again and again until the
//! (approach, set) has run for a minimum time, and the median of the repeats
//! is its time: one cold run of one puzzle is noise.

use std::time::{Duration, Instant};

use super::{Measurement, Timing};
use crate::progress::Progress;
use crate::wire::{Check, Reply, Request};
use crate::worker::{Received, Worker};
use sudoku37::approaches::Approach;
use sudoku37::grid;
use sudoku37::sets::PuzzleSet;

/// How long to wait for the next reply, once `answered` puzzles have been,
/// `elapsed` after the worker was ready, and with `checking` spent here on
/// claims of "no solution" (which do not count against the approach).
///
/// The repeats (`repeat_for_ns` per puzzle) are the harness's, for a steadier
/// time, not the approach's search: each puzzle's may run past the budget by
/// what they were asked to take. So a budget shorter than the repeats, on a
/// busy machine too, still times a puzzle that one search finishes within it.
fn time_left(
    budget: Duration,
    repeat_for_ns: u64,
    answered: usize,
    checking: Duration,
    elapsed: Duration,
) -> Duration {
    let repeats = Duration::from_nanos(repeat_for_ns)
        .saturating_mul(u32::try_from(answered + 1).unwrap_or(u32::MAX));
    (budget + checking + repeats).saturating_sub(elapsed)
}

/// Runs `approach` over `set` in a worker process, for at most
/// `timing.budget`; each puzzle finished advances `progress` by one, and
/// the rest are counted when it stops. A claim of "no solution" is verified
/// with the solution counter, outside the time the approach is given. An
/// error is the worker's: it could not be started.
pub fn run(
    approach: &Approach,
    set: &PuzzleSet,
    timing: Timing,
    progress: &mut dyn Progress,
) -> std::io::Result<Measurement> {
    let puzzles = &set.puzzles;
    let mut worker = Worker::start(approach)?;
    let started = Instant::now();
    let repeat_for_ns = if puzzles.len() <= timing.small_set {
        let share = timing.repeat_for / u32::try_from(puzzles.len().max(1)).unwrap_or(1);
        u64::try_from(share.as_nanos()).unwrap_or(u64::MAX)
    } else {
        0
    };
    let lines: String = puzzles
        .iter()
        .map(|puzzle| {
            let request = Request {
                puzzle: grid::line_of(&puzzle.cells),
                solution: puzzle.solution.as_ref().map(grid::line_of),
                repeat_for_ns,
            };
            format!("{}\n", request.to_line())
        })
        .collect();
    let writer = worker.send_all(lines);
    let mut replies = Vec::with_capacity(puzzles.len());
    let mut exhausted = false;
    // Time spent here checking claims of "no solution" does not count
    // against the approach's budget.
    let mut checking = Duration::ZERO;
    while replies.len() < puzzles.len() {
        let remaining = time_left(
            timing.budget,
            repeat_for_ns,
            replies.len(),
            checking,
            started.elapsed(),
        );
        match worker.receive(Some(remaining)) {
            Received::Reply(mut reply) => {
                if reply.check == Check::NoSolutionClaimed {
                    let check_started = Instant::now();
                    let has_one = puzzles[replies.len()]
                        .puzzle()
                        .is_ok_and(|puzzle| puzzle.first_solution().is_some());
                    reply.check = if has_one {
                        Check::Wrong("reported no solution, but there is one".to_string())
                    } else {
                        Check::NoSolutionVerified
                    };
                    checking += check_started.elapsed();
                }
                replies.push(reply);
                progress.advance(1);
            }
            Received::TimedOut => {
                exhausted = true;
                break;
            }
            Received::Ended => {
                replies.push(Reply::without_search(Check::Wrong(
                    "the solver crashed".to_string(),
                )));
                break;
            }
        }
    }
    progress.advance((puzzles.len() - replies.len()) as u64);
    worker.stop();
    let _ = writer.join();
    Ok(Measurement {
        approach: approach.name.to_string(),
        // A set's name may come from a file's: kept escaped, so that no
        // table or message can drive the terminal with it.
        set: crate::files::escape_controls(&set.name),
        puzzles: puzzles.len(),
        replies,
        budget_exhausted: exhausted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn the_repeats_a_puzzle_was_asked_for_do_not_use_up_the_budget() {
        let repeats = u64::try_from((25 * MS).as_nanos()).unwrap();
        // A 50 ms budget, repeats of 25 ms: the first reply, slowed by a busy
        // machine to 60 ms, is still waited for.
        assert_eq!(
            time_left(50 * MS, repeats, 0, Duration::ZERO, 60 * MS),
            15 * MS
        );
        // Each puzzle answered brings its own repeats' time.
        assert_eq!(
            time_left(50 * MS, repeats, 2, Duration::ZERO, 60 * MS),
            65 * MS
        );
        // Time spent checking a claim of no solution is given back.
        assert_eq!(time_left(50 * MS, repeats, 0, 10 * MS, 60 * MS), 25 * MS);
        // Without repeats (a large set), the budget is the budget.
        assert_eq!(
            time_left(50 * MS, 0, 3, Duration::ZERO, 60 * MS),
            Duration::ZERO
        );
        assert_eq!(time_left(50 * MS, 0, 0, Duration::ZERO, 20 * MS), 30 * MS);
    }
}
