//! After Accepted: the next idea to try, and (with `--compare`) the
//! solution's times beside each of the repository's approaches on the same
//! puzzles, from a quick run of them in worker processes.

use std::time::{Duration, Instant};

use super::cases::Case;
use crate::measure::{format_duration, format_seconds};
use crate::progress::Progress;
use crate::wire::Check;
use crate::worker::{self, Received, Worker};
use sudoku37::approaches::{self, Approach, APPROACHES};
use sudoku37::harness;

/// After Accepted: the next idea to try, chosen by how yours compares with
/// the repository's most-constrained and propagation approaches on the same
/// puzzles (run here, in this process), and the practice ladder.
pub fn suggest_next(cases: &[&Case], user_times: &[Duration]) -> String {
    let yours: Duration = user_times.iter().sum();
    let time_of = |approach: &Approach| -> Duration {
        let started = Instant::now();
        for case in cases {
            let _ = harness::run(approach, &case.puzzle);
        }
        started.elapsed()
    };
    // Within three times an approach's time counts as its league.
    let league = if yours > time_of(&approaches::MOST_CONSTRAINED) * 3 {
        &approaches::BOOL_ARRAYS
    } else if yours > time_of(&approaches::PROPAGATION) * 3 {
        &approaches::MOST_CONSTRAINED
    } else {
        &approaches::PROPAGATION
    };
    let (idea, note) = approaches::faster_idea(league);
    format!(
        "\nNext: try to {idea}: {note}\n\
         (practise it one exercise at a time with `sudoku37 practice`; `--compare` sets yours beside every approach)\n"
    )
}

/// Times one approach on the cases, in order, in a worker process that is
/// stopped when `budget` is spent, even in the middle of a search: the time
/// of the puzzles it solved, and how many those are.
fn time_in_worker(approach: &Approach, cases: &[&Case], budget: Duration) -> (Duration, usize) {
    let mut theirs = Duration::ZERO;
    let mut done = 0;
    let Ok(mut running) = Worker::start(approach) else {
        return (theirs, done);
    };
    let started = Instant::now();
    for case in cases {
        let left = budget.saturating_sub(started.elapsed());
        if left.is_zero()
            || running
                .send(&worker::puzzle_line(case.puzzle.cells()))
                .is_err()
        {
            break;
        }
        match running.receive(Some(left)) {
            Received::Reply(reply) if reply.check == Check::Solved => {
                theirs += reply.elapsed;
                done += 1;
            }
            _ => break,
        }
    }
    running.stop();
    (theirs, done)
}

/// Runs each of the repository's approaches in a worker process on the same
/// puzzles, in the same order, until it has spent `budget`, and says how the
/// user's times compare on the puzzles it finished.
pub fn compare_with_approaches(
    cases: &[&Case],
    user_times: &[Duration],
    budget: Duration,
    progress: &mut dyn Progress,
) -> String {
    progress.start(APPROACHES.len() as u64, "approaches");
    let mut text = format!(
        "\nBeside the repository's approaches on the same puzzles (a quick run in worker processes,\n\
         each approach stopped when it has spent {}: a rough guide; `sudoku37 compare` and\n\
         `cargo bench` measure with care):\n",
        format_seconds(budget)
    );
    if cfg!(debug_assertions) {
        text.push_str(
            "(this sudoku37 is a debug build, whose approaches run many times slower than in a \
             release build)\n",
        );
    }
    let width = APPROACHES
        .iter()
        .map(|approach| approach.name.len())
        .max()
        .unwrap_or(0);
    text.push_str(&format!(
        "  {:<width$}  {:>15}  {:>10}  {:>10}  puzzles\n",
        "approach", "yours is", "yours", "its"
    ));
    for approach in APPROACHES {
        progress.message(approach.name);
        let (theirs, done) = time_in_worker(approach, cases, budget);
        progress.advance(1);
        let yours: Duration = user_times[..done].iter().sum();
        let coverage = if done == cases.len() {
            format!("all {done}")
        } else {
            format!(
                "the first {done} of {} (its {} ran out)",
                cases.len(),
                format_seconds(budget)
            )
        };
        let ratio = if done == 0 || yours.is_zero() || theirs.is_zero() {
            "-".to_string()
        } else {
            let ratio = theirs.as_secs_f64() / yours.as_secs_f64();
            if ratio >= 1.0 {
                format!("{ratio:.1}x faster")
            } else {
                format!("{:.1}x slower", 1.0 / ratio)
            }
        };
        text.push_str(&format!(
            "  {:<width$}  {ratio:>15}  {:>10}  {:>10}  {coverage}\n",
            approach.name,
            format_duration(yours),
            format_duration(theirs)
        ));
    }
    progress.finish();
    text
}
