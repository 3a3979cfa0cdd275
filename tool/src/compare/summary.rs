//! The statistics of a comparison: what each approach did on each set,
//! summarised into complete rows ([`Comparison::new`]).

use std::time::Duration;

use serde::Serialize;

use crate::wire::{Check, Reply};

/// One approach on one set, summarised. A figure that does not exist (no
/// puzzle finished; a speed not comparable with the fastest) is `None`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub approach: String,
    pub set: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// Puzzles the approach got through before the budget ran out.
    pub finished: usize,
    pub solved: usize,
    /// Puzzles reported as having no solution, rightly.
    pub no_solution: usize,
    pub wrong: usize,
    /// The first wrong answer's description, if any.
    pub first_wrong: Option<String>,
    pub budget_exhausted: bool,
    pub median_us: Option<f64>,
    pub p95_us: Option<f64>,
    pub max_us: Option<f64>,
    /// Finished puzzles divided by the time spent solving them.
    pub puzzles_per_second: Option<f64>,
    pub mean_nodes: Option<f64>,
    /// Puzzles per second as a fraction of the fastest approach's on this set
    /// (1 for the fastest). Only approaches that finished the set count as
    /// fastest; one that did not is not comparable (`None`) unless none did.
    pub relative_speed: Option<f64>,
}

/// What one approach did on one set: the input of [`Comparison::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measurement {
    pub approach: String,
    pub set: String,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// One reply per puzzle finished, in order.
    pub replies: Vec<Reply>,
    /// The time budget ran out before the set was finished.
    pub budget_exhausted: bool,
}

/// A puzzle set's name and size.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetSize {
    pub name: String,
    pub puzzles: usize,
}

/// How the times were taken, for the legends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Each approach's time budget per set.
    pub budget: Duration,
    /// Sets of at most this many puzzles are timed by repeats.
    pub small_set: usize,
    /// On a small set, each (approach, set) is repeated for at least this
    /// long, and each puzzle's time is the median of its repeats.
    pub repeat_for: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            budget: Duration::from_secs(2),
            small_set: 10,
            repeat_for: Duration::from_millis(50),
        }
    }
}

impl Timing {
    /// The default timing with `budget` per approach per set; the repeats
    /// on a small set take at most half of it, so that a budget shorter
    /// than the default repeats still finishes what it times.
    pub fn with_budget(budget: Duration) -> Timing {
        let default = Timing::default();
        Timing {
            budget,
            repeat_for: default.repeat_for.min(budget / 2),
            ..default
        }
    }
}

/// A whole comparison: every row, the sets in order, and how it was timed.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub rows: Vec<Row>,
    pub sets: Vec<SetSize>,
    pub timing: Timing,
}

impl Comparison {
    /// Summarises every measurement into a complete row, relative speeds
    /// included; `sets` gives the order of the sets.
    pub fn new(measurements: &[Measurement], sets: Vec<SetSize>, timing: Timing) -> Comparison {
        let mut rows: Vec<Row> = measurements.iter().map(summarize).collect();
        for set in &sets {
            let on_set = |row: &&Row| row.set == set.name;
            let someone_finished = rows
                .iter()
                .filter(on_set)
                .any(|row| !row.budget_exhausted && row.finished > 0);
            let comparable =
                |row: &Row| row.finished > 0 && (!someone_finished || !row.budget_exhausted);
            let fastest = rows
                .iter()
                .filter(on_set)
                .filter(|row| comparable(row))
                .filter_map(|row| row.puzzles_per_second)
                .fold(0.0, f64::max);
            for row in rows.iter_mut().filter(|row| row.set == set.name) {
                row.relative_speed = match row.puzzles_per_second {
                    Some(speed) if fastest > 0.0 && comparable(row) => Some(speed / fastest),
                    _ => None,
                };
            }
        }
        Comparison { rows, sets, timing }
    }

    /// Does any row hold a wrong answer?
    pub fn any_wrong(&self) -> bool {
        self.rows.iter().any(|row| row.wrong > 0)
    }

    /// The names of the sets, in order.
    pub fn set_names(&self) -> Vec<String> {
        self.sets.iter().map(|set| set.name.clone()).collect()
    }
}

/// One measurement's row, without its relative speed (which needs the other
/// rows of its set).
fn summarize(measurement: &Measurement) -> Row {
    let replies = &measurement.replies;
    let mut times: Vec<f64> = replies
        .iter()
        .map(|reply| reply.elapsed.as_secs_f64() * 1e6)
        .collect();
    times.sort_by(f64::total_cmp);
    let total_seconds: f64 = times.iter().sum::<f64>() / 1e6;
    let count =
        |wanted: fn(&Check) -> bool| replies.iter().filter(|reply| wanted(&reply.check)).count();
    let first_wrong = replies.iter().find_map(|reply| match &reply.check {
        Check::Wrong(detail) => Some(detail.clone()),
        _ => None,
    });
    let nodes: u64 = replies.iter().map(|reply| reply.nodes).sum();
    let finished = replies.len();
    Row {
        approach: measurement.approach.clone(),
        set: measurement.set.clone(),
        puzzles: measurement.puzzles,
        finished,
        solved: count(|verdict| *verdict == Check::Solved),
        no_solution: count(Check::is_no_solution),
        wrong: count(|verdict| matches!(verdict, Check::Wrong(_))),
        first_wrong,
        budget_exhausted: measurement.budget_exhausted,
        median_us: crate::measure::percentile(&times, 0.5),
        p95_us: crate::measure::percentile(&times, 0.95),
        max_us: times.last().copied(),
        puzzles_per_second: (finished > 0 && total_seconds > 0.0)
            .then(|| finished as f64 / total_seconds),
        mean_nodes: (finished > 0).then(|| nodes as f64 / finished as f64),
        relative_speed: None,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    pub(crate) use crate::wire::tests::reply;

    pub(crate) fn measured(
        approach: &str,
        set: &str,
        puzzles: usize,
        replies: Vec<Reply>,
        budget_exhausted: bool,
    ) -> Measurement {
        Measurement {
            approach: approach.into(),
            set: set.into(),
            puzzles,
            replies,
            budget_exhausted,
        }
    }

    fn sizes(sets: &[(&str, usize)]) -> Vec<SetSize> {
        sets.iter()
            .map(|&(name, puzzles)| SetSize {
                name: name.into(),
                puzzles,
            })
            .collect()
    }

    #[test]
    fn summary_counts_times_and_nodes() {
        let replies = vec![
            reply(100, 10, Check::Solved),
            reply(300, 30, Check::Solved),
            reply(200, 20, Check::NoSolutionVerified),
            reply(400, 40, Check::Wrong("bad".into())),
        ];
        let comparison = Comparison::new(
            &[measured("a", "s", 5, replies, true)],
            sizes(&[("s", 5)]),
            Timing::default(),
        );
        let row = &comparison.rows[0];
        assert_eq!(
            (row.finished, row.solved, row.no_solution, row.wrong),
            (4, 2, 1, 1)
        );
        assert_eq!(row.first_wrong.as_deref(), Some("bad"));
        assert_eq!(row.median_us, Some(200.0));
        assert_eq!(row.p95_us, Some(400.0));
        assert_eq!(row.max_us, Some(400.0));
        assert!((row.puzzles_per_second.unwrap() - 4.0 / 0.001).abs() < 1e-6);
        assert_eq!(row.mean_nodes, Some(25.0));
        assert!(comparison.any_wrong());
    }

    #[test]
    fn nothing_finished_has_no_figures() {
        let comparison = Comparison::new(
            &[measured("a", "s", 5, Vec::new(), true)],
            sizes(&[("s", 5)]),
            Timing::default(),
        );
        let row = &comparison.rows[0];
        assert_eq!(
            (row.median_us, row.puzzles_per_second, row.relative_speed),
            (None, None, None)
        );
    }

    #[test]
    fn relative_speed_is_against_the_fastest_finisher() {
        let comparison = Comparison::new(
            &[
                measured("fast", "s", 1, vec![reply(10, 1, Check::Solved)], false),
                measured("slow", "s", 1, vec![reply(100, 1, Check::Solved)], false),
                // Faster per puzzle, but it did not finish the set.
                measured("partial", "s", 2, vec![reply(1, 1, Check::Solved)], true),
                // On a set nobody finished, everybody is compared.
                measured("first", "big", 9, vec![reply(10, 1, Check::Solved)], true),
                measured("second", "big", 9, vec![reply(20, 1, Check::Solved)], true),
            ],
            sizes(&[("s", 2), ("big", 9)]),
            Timing::default(),
        );
        let speeds: Vec<Option<f64>> = comparison
            .rows
            .iter()
            .map(|row| row.relative_speed)
            .collect();
        assert_eq!(speeds[0], Some(1.0));
        assert!((speeds[1].unwrap() - 0.1).abs() < 1e-9);
        assert_eq!(speeds[2], None);
        assert_eq!(speeds[3], Some(1.0));
        assert_eq!(speeds[4], Some(0.5));
    }
}
