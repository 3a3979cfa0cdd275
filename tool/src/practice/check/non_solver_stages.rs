//! The stages of the exercises that are not solvers: `box_of`, asked for each
//! of the 81 cells, and `valid_sudoku`, asked for each board.

use std::time::Duration;

use super::{ask, printed_lines, Checking};
use crate::judge::program::Program;
use crate::judge::Verdict;
use crate::practice::error::CheckError;
use crate::practice::evidence::{
    self, diagnose_box_of, diagnose_solver, diagnose_valid_sudoku, Observed, SolverCase, ValidCase,
};
use crate::practice::stage::{
    box_answer, observe, valid_answer, verdict_of, CheckFailure, StageCase,
};
use crate::practice::Stage;

impl Checking {
    pub(super) fn box_of_stage(
        &mut self,
        stage: Stage,
        cases: Vec<StageCase>,
        program: &mut Program,
        limit_of: &mut dyn FnMut(&StageCase) -> (Duration, Duration),
    ) -> Result<Option<CheckFailure>, CheckError> {
        let mut answers = [None; 81];
        let mut total = Duration::ZERO;
        let mut kept: Vec<StageCase> = Vec::new();
        for (index, case) in cases.into_iter().enumerate() {
            let (wait, limit) = limit_of(&case);
            let exchange = ask(program, &case, wait)?;
            match observe(exchange, limit, program.printed().bytes) {
                (_, Some((payload, _, elapsed))) => {
                    total += elapsed;
                    if index < 81 {
                        answers[index] = box_answer(&payload);
                    }
                }
                (observed, None) => {
                    return Ok(Some(self.crashed(&stage, case, observed, program)));
                }
            }
            kept.push(case);
        }
        let Some(diagnosis) = diagnose_box_of(&answers) else {
            self.stage(&stage.to_string(), true, None, total, "");
            return Ok(None);
        };
        self.stage(&stage.to_string(), false, None, total, "");
        // The grid of every cell's answer, the two cells that disagree marked.
        let mut drawn = vec![vec![' '; 9]; 9];
        for (index, answer) in answers.iter().enumerate() {
            drawn[index / 9][index % 9] = answer
                .filter(|&number| number < 10)
                .and_then(|number| char::from_digit(number as u32, 10))
                .unwrap_or('?');
        }
        let first = diagnosis.marks.first().copied().unwrap_or((0, 0));
        let case = kept.into_iter().nth(first.0 * 9 + first.1);
        Ok(Some(CheckFailure {
            verdict: Verdict::WrongAnswer,
            diagnosis,
            case,
            drawn,
            nodes: None,
            printed: Vec::new(),
        }))
    }

    pub(super) fn valid_stage(
        &mut self,
        stage: Stage,
        cases: Vec<StageCase>,
        program: &mut Program,
        limit_of: &mut dyn FnMut(&StageCase) -> (Duration, Duration),
    ) -> Result<Option<CheckFailure>, CheckError> {
        let mut answers = Vec::new();
        let mut valid_cases = Vec::new();
        let mut total = Duration::ZERO;
        let mut kept: Vec<StageCase> = Vec::new();
        for case in cases {
            let (wait, limit) = limit_of(&case);
            let exchange = ask(program, &case, wait)?;
            match observe(exchange, limit, program.printed().bytes) {
                (_, Some((payload, _, elapsed))) => {
                    total += elapsed;
                    answers.push(valid_answer(&payload));
                }
                (observed, None) => {
                    return Ok(Some(self.crashed(&stage, case, observed, program)));
                }
            }
            valid_cases.push(ValidCase {
                board: case.own.board.clone(),
                valid: case.own.expected == "true",
                clash: case.own.clash,
            });
            kept.push(case);
        }
        let Some((index, diagnosis)) = diagnose_valid_sudoku(&valid_cases, &answers) else {
            self.stage(&stage.to_string(), true, None, total, "");
            return Ok(None);
        };
        self.stage(&stage.to_string(), false, None, total, "");
        let case = kept.into_iter().nth(index);
        let drawn = case
            .as_ref()
            .map_or_else(Vec::new, |case| case.own.board.clone());
        Ok(Some(CheckFailure {
            verdict: Verdict::WrongAnswer,
            diagnosis,
            case,
            drawn,
            nodes: None,
            printed: Vec::new(),
        }))
    }

    /// A case of `box_of` or `is_valid_sudoku` with no answer: a panic, a
    /// crash, a time limit.
    fn crashed(
        &mut self,
        stage: &Stage,
        case: StageCase,
        observed: Observed,
        program: &Program,
    ) -> CheckFailure {
        self.stage(&stage.to_string(), false, None, Duration::ZERO, "");
        let empty = Vec::new();
        let no_case = SolverCase {
            board: &empty,
            solution: &empty,
            reference_nodes: 0,
            node_budget: None,
            hooks: false,
            calls_hooks: self.calls_hooks,
            defines_hooks: self.defines_hooks,
            digit_loop: true,
            others: &[],
            small: true,
        };
        let diagnosis = diagnose_solver(&no_case, &observed, &[], 0)
            .unwrap_or_else(|| evidence::diagnose_compile_error(""));
        let drawn = case.own.board.clone();
        CheckFailure {
            verdict: verdict_of(&observed, &diagnosis),
            diagnosis,
            case: Some(case),
            drawn,
            nodes: None,
            printed: printed_lines(program),
        }
    }
}
