//! More evidence after a failure: the same code on the exercise's other
//! small cases, whose decisions tell the kinds of mistake apart, and the failing
//! case run again, so that a verdict that depends on the run (a `HashSet`
//! iterates in another order in each process) says so instead of passing
//! one run's guess off as the cause.

use std::time::Duration;

use super::{ask, Checking, TIME_FACTOR, TIME_FLOOR};
use crate::judge::program::Program;
use crate::practice::diagnosis::Id;
use crate::practice::error::CheckError;
use crate::practice::evidence::{
    diagnose_solver, parse_moves, Diagnosis, Move, OtherRun, SolverCase,
};
use crate::practice::stage::{observe, stage_cases, StageCase};
use crate::practice::{Exercise, Stage};

/// How many times a failing case runs in all: a verdict must hold on each.
pub const RUNS_OF_A_FAILING_CASE: usize = 3;

/// At most this many moves of other cases are weighed, all told.
const MOST_OTHER_MOVES: usize = 200_000;

impl Checking {
    /// The code's searches on the exercise's own cases and LeetCode's example,
    /// but the failing one (`failing`, its input line).
    pub(super) fn other_runs(
        &mut self,
        exercise: &'static Exercise,
        program: &mut Program,
        failing: &str,
        time_limit: Option<Duration>,
    ) -> Result<Vec<OtherRun>, CheckError> {
        let mut runs = Vec::new();
        if !self.calls_hooks {
            return Ok(runs);
        }
        let mut cases = stage_cases(exercise, Stage::Own, 0)?;
        cases.extend(stage_cases(exercise, Stage::Example, 1)?);
        let mut moves_so_far = 0;
        for case in cases.iter().filter(|case| case.own.input != failing) {
            if moves_so_far >= MOST_OTHER_MOVES {
                break;
            }
            let limit = limit_for(case, time_limit);
            ask(program, case, limit)?;
            let moves = parse_moves(&program.events());
            moves_so_far += moves.len();
            runs.push(OtherRun {
                place: case.place.clone(),
                board: case.own.board.clone(),
                moves,
            });
        }
        Ok(runs)
    }

    /// Runs the failing `case` again, [`RUNS_OF_A_FAILING_CASE`] in all, and
    /// weighs the diagnoses: the first when every run agrees (with a note
    /// when the searches differed), or a diagnosis that says the result
    /// depends on the run.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn held_on_every_run(
        &mut self,
        program: &mut Program,
        case: &StageCase,
        evidence: &SolverCase<'_>,
        first: Diagnosis,
        first_moves: &[Move],
        limit: Duration,
    ) -> Result<Diagnosis, CheckError> {
        let mut ids = vec![Some(first.id)];
        let mut differed = false;
        for _ in 1..RUNS_OF_A_FAILING_CASE {
            let exchange = ask(program, case, limit)?;
            let moves = parse_moves(&program.events());
            differed |= moves != first_moves;
            let (observed, answered) = observe(exchange, limit, program.printed().bytes);
            let nodes = answered.as_ref().map_or(0, |(_, nodes, _)| *nodes);
            ids.push(diagnose_solver(evidence, &observed, &moves, nodes).map(|found| found.id));
        }
        let runs = RUNS_OF_A_FAILING_CASE;
        // A run that passed shows nothing; the runs that failed must agree.
        if ids.iter().all(|id| id.map_or(true, |id| id == first.id)) {
            if !differed {
                return Ok(first);
            }
            let failed = ids.iter().filter(|id| id.is_some()).count();
            let [english, chinese] = first.evidence.clone();
            return Ok(Diagnosis {
                evidence: [
                    format!("{english} (your search did not do the same on the {runs} runs of this case, as when it walks a HashSet, whose order changes from run to run; it failed on {failed} of them, and this diagnosis held on each)"),
                    format!("{chinese}（这个用例运行了 {runs} 次，你的搜索每次走法不同，就像遍历 HashSet 时那样，它的顺序每次运行都会变；其中 {failed} 次没通过，这个诊断每次都成立）"),
                ],
                ..first
            });
        }
        let named: Vec<String> = ids
            .iter()
            .map(|id| id.map_or_else(|| "passed".to_string(), |id| id.name().to_string()))
            .collect();
        let named_zh: Vec<String> = ids
            .iter()
            .map(|id| id.map_or_else(|| "通过".to_string(), |id| id.name().to_string()))
            .collect();
        Ok(Diagnosis {
            id: Id::NoKnownPattern,
            evidence: [
                format!(
                    "no known pattern that holds on every run: the {runs} runs of this case gave {}; your code does not do the same from one run to the next (a HashSet's order changes from run to run), so no one run's evidence names the cause: make the order fixed (a sorted Vec, a BTreeSet, a bitmask) and check again",
                    named.join(", ")
                ),
                format!(
                    "没有每次运行都成立的已知模式：这个用例运行了 {runs} 次，结果是 {}；你的代码每次运行的做法不同（HashSet 的顺序每次运行都会变），所以单独一次运行的证据说明不了原因：把顺序固定下来（排好序的 Vec、BTreeSet、位掩码），再检查一次",
                    named_zh.join("、")
                ),
            ],
            marks: first.marks,
        })
    }
}

/// The time one case may take.
pub(super) fn limit_for(case: &StageCase, time_limit: Option<Duration>) -> Duration {
    time_limit.unwrap_or_else(|| (case.reference_time * TIME_FACTOR).max(TIME_FLOOR))
}
