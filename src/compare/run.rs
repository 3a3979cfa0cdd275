//! Measuring one approach on one set: in a worker process of its own, which
//! is stopped when its time budget runs out, so that a slow approach cannot
//! hold a core while the next one is timed; the [`Measurement`] says how far
//! it got. On a small set each puzzle is solved again and again until the
//! (approach, set) has run for a minimum time, and the median of the repeats
//! is its time: one cold run of one puzzle is noise.

use std::time::{Duration, Instant};

use super::{Measurement, Timing};
use crate::approaches::Approach;
use crate::grid;
use crate::progress::Progress;
use crate::sets::PuzzleSet;
use crate::solve::count_solutions;
use crate::wire::{Check, Reply, Request};
use crate::worker::{Received, Worker};

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
        let remaining = (timing.budget + checking).saturating_sub(started.elapsed());
        match worker.receive(Some(remaining)) {
            Received::Reply(mut reply) => {
                if reply.check == Check::NoSolutionClaimed {
                    let check_started = Instant::now();
                    let has_one = puzzles[replies.len()]
                        .puzzle()
                        .is_ok_and(|puzzle| count_solutions(&puzzle, 1) > 0);
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
        set: set.name.clone(),
        puzzles: puzzles.len(),
        replies,
        budget_exhausted: exhausted,
    })
}
