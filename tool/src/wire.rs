//! The wire format between `sudoku37` and its worker processes: one JSON
//! object per line each way, written and read with `serde_json`.
//!
//! The parent sends a [`Request`] per puzzle; the worker answers each with a
//! [`Reply`]: how long the approach took, the nodes it visited, and a
//! [`Check`]. A worker can only *claim* that a puzzle has no solution (its
//! search came back empty); whoever reads the reply may verify the claim
//! with the solution counter, and its [`Check`] says which it is.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// One puzzle for a worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The puzzle as an 81-character line.
    pub puzzle: String,
    /// Its known unique solution, if any: an answer must equal it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// Solve the puzzle again and again until this many nanoseconds have
    /// been spent on it, and report the median time (for small sets, where
    /// one cold run is noise). `0` or absent: once.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub repeat_for_ns: u64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

/// How one puzzle went for one approach.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "check", content = "detail", rename_all = "snake_case")]
pub enum Check {
    /// A complete, valid answer that keeps the givens (and equals the set's
    /// solution, where the set gives one).
    Solved,
    /// The search came back without a solution; nobody has checked yet
    /// whether the puzzle really has none.
    NoSolutionClaimed,
    /// The search came back without a solution, and the solution counter
    /// confirmed that there is none.
    NoSolutionVerified,
    /// Anything else: a wrong board, a changed board, a missed solution, a
    /// panic.
    Wrong(String),
}

impl Check {
    /// Whether the search found no solution (claimed or verified).
    pub fn is_no_solution(&self) -> bool {
        matches!(self, Check::NoSolutionClaimed | Check::NoSolutionVerified)
    }
}

/// One puzzle's reply, as a worker reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// The time the approach took (the median of the repeats, if repeated).
    #[serde(with = "nanoseconds")]
    pub elapsed: Duration,
    /// How many times it was solved to measure `elapsed`.
    #[serde(default = "one")]
    pub repeats: u64,
    pub nodes: u64,
    #[serde(flatten)]
    pub check: Check,
    /// The solution as an 81-character line, when solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

fn one() -> u64 {
    1
}

impl Reply {
    /// A reply for a puzzle that never reached a solver.
    pub fn without_search(check: Check) -> Reply {
        Reply {
            elapsed: Duration::ZERO,
            repeats: 0,
            nodes: 0,
            check,
            answer: None,
        }
    }

    /// The reply as one JSON line (no line break).
    pub fn to_line(&self) -> String {
        // A reply of strings and numbers always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a line written by [`Reply::to_line`].
    pub fn from_line(line: &str) -> Option<Reply> {
        serde_json::from_str(line).ok()
    }
}

impl Request {
    /// The request as one JSON line (no line break).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a line written by [`Request::to_line`].
    pub fn from_line(line: &str) -> Result<Request, serde_json::Error> {
        serde_json::from_str(line)
    }
}

/// A `Duration` as whole nanoseconds.
mod nanoseconds {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(duration: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
        u64::deserialize(deserializer).map(Duration::from_nanos)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A solved-once reply, for tests here and in `compare`.
    pub(crate) fn reply(micros: u64, nodes: u64, check: Check) -> Reply {
        Reply {
            elapsed: Duration::from_micros(micros),
            repeats: 1,
            nodes,
            check,
            answer: None,
        }
    }

    #[test]
    fn records_round_trip_as_json_lines() {
        for original in [
            reply(12, 51, Check::Solved),
            Reply {
                answer: Some("1".repeat(81)),
                ..reply(12, 51, Check::Solved)
            },
            reply(7, 0, Check::NoSolutionClaimed),
            reply(7, 0, Check::NoSolutionVerified),
            reply(
                3,
                9,
                Check::Wrong("row 1, column 3 is still blank\n".into()),
            ),
        ] {
            let line = original.to_line();
            assert!(!line.contains('\n'), "{line}");
            assert_eq!(Reply::from_line(&line), Some(original));
        }
        assert_eq!(Reply::from_line("garbage"), None);
    }

    #[test]
    fn a_verdict_reads_plainly_on_the_wire() {
        let line = reply(1, 0, Check::NoSolutionClaimed).to_line();
        assert!(line.contains(r#""check":"no_solution_claimed""#), "{line}");
    }

    #[test]
    fn requests_round_trip() {
        let request = Request {
            puzzle: ".".repeat(81),
            solution: None,
            repeat_for_ns: 5,
        };
        assert_eq!(Request::from_line(&request.to_line()).unwrap(), request);
        assert!(Request::from_line("{}").is_err());
    }
}
