//! What a check reports: for people as text, and for editors and scripts as
//! one JSON object (`practice check --format json`).

use serde::Serialize;

use crate::practice::diagnosis::Id;
use crate::practice::error::CheckError;

/// One stage of a check, for `--format json`.
#[derive(Debug, Clone, Serialize)]
pub struct StageReport {
    pub name: String,
    pub passed: bool,
    /// The learner's nodes over the stage's cases (the solver exercises).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The reference's nodes over the same cases.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference_nodes: Option<u64>,
    /// The time of the learner's calls over the stage, in milliseconds.
    pub time_ms: f64,
}

/// The diagnosis of a failed check, for `--format json`.
#[derive(Debug, Clone, Serialize)]
pub struct DiagnosisReport {
    pub id: Id,
    pub evidence: String,
    /// LeetCode's verdict on the failing case.
    pub verdict: String,
    /// The failing case: `own case 2`, `graded_easy line 7`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case: Option<String>,
}

/// A whole check, for `--format json`: what editors and scripts read.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    pub exercise: &'static str,
    pub passed: bool,
    pub stages: Vec<StageReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnosis: Option<DiagnosisReport>,
}

/// What a check gave: its report (text and data), and whether every stage
/// passed.
#[derive(Debug)]
pub struct Checked {
    /// The report for people, as far as the check got.
    pub text: String,
    /// The same for programs.
    pub report: CheckReport,
    /// `Ok(true)` when every stage passed, `Ok(false)` at a failure (the
    /// report explains it), or why the check stopped.
    pub outcome: Result<bool, CheckError>,
}

impl Checked {
    /// The diagnosis of a failed check.
    pub fn diagnosis(&self) -> Option<Id> {
        self.report.diagnosis.as_ref().map(|diagnosis| diagnosis.id)
    }
}
