//! The stubs a learner starts from, in English or Chinese, and the
//! reference solutions in the form a learner writes them.

use super::Exercise;
use crate::approaches;
use crate::judge::Entry;
use crate::paste;

/// The comment language of a stub.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}

/// The stub of `exercise` with its comments in `language`: a line whose
/// comment starts `en:` or `zh:` is kept, without the tag, in its own
/// language and dropped in the other.
pub fn render_stub(exercise: &Exercise, language: Language) -> String {
    let (keep, drop) = match language {
        Language::English => ("en: ", "zh: "),
        Language::Chinese => ("zh: ", "en: "),
    };
    let mut text = format!(
        "// sudoku37 practice: {} ({})\n// Check it with `sudoku37 practice check {}`; `sudoku37 practice hint {}` when stuck.\n",
        exercise.name, exercise.title, exercise.name, exercise.name
    );
    for line in exercise.stub.lines() {
        let trimmed = line.trim_start();
        let comment = ["/// ", "// "]
            .into_iter()
            .find(|start| trimmed.starts_with(start));
        match comment {
            Some(start) if trimmed[start.len()..].starts_with(drop) => continue,
            Some(start) if trimmed[start.len()..].starts_with(keep) => {
                let indent = &line[..line.len() - trimmed.len()];
                text.push_str(&format!(
                    "{indent}{start}{}\n",
                    &trimmed[start.len() + keep.len()..]
                ));
            }
            _ => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

/// The reference solution of `exercise`, in the form a learner writes it:
/// for the solver rungs, the paste region of its approach with the node hook
/// turned into the driver's trace hooks.
pub fn reference_code(exercise: &Exercise) -> String {
    match exercise.entry {
        Entry::BoxOf => "impl Solution {\n    pub fn box_of(r: usize, c: usize) -> usize {\n        r / 3 * 3 + c / 3\n    }\n}\n".to_string(),
        Entry::IsValidSudoku => VALID_SUDOKU_REFERENCE.to_string(),
        Entry::SolveSudoku => {
            let approach = approaches::find(exercise.reference_approach)
                .unwrap_or(&approaches::APPROACHES[0]);
            traced_paste(approach.code)
        }
    }
}

const VALID_SUDOKU_REFERENCE: &str = "impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        let mut seen = [[[false; 9]; 9]; 3];
        for r in 0..9 {
            for c in 0..9 {
                let Some(d) = board[r][c].to_digit(10) else { continue };
                let d = d as usize - 1;
                let units = [r, c, r / 3 * 3 + c / 3];
                for (kind, &unit) in units.iter().enumerate() {
                    if seen[kind][unit][d] {
                        return false;
                    }
                    seen[kind][unit][d] = true;
                }
            }
        }
        true
    }
}
";

/// An approach's paste region with `probe::place(` and `probe::clear(` lines
/// turned into `trace_place(` and `trace_undo(`, and other hook lines dropped.
fn traced_paste(source: &str) -> String {
    let mut region = String::new();
    let mut inside = false;
    for line in source.lines() {
        let trimmed = line.trim();
        if trimmed == paste::START_MARKER {
            inside = true;
            continue;
        }
        if trimmed == paste::END_MARKER {
            break;
        }
        if !inside {
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        if let Some(rest) = trimmed.strip_prefix("probe::place(") {
            region.push_str(&format!("{indent}trace_place({rest}\n"));
        } else if let Some(rest) = trimmed.strip_prefix("probe::clear(") {
            region.push_str(&format!("{indent}trace_undo({rest}\n"));
        } else if !paste::is_hook_line(line) {
            region.push_str(line);
            region.push('\n');
        }
    }
    region
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::{find, LADDER};

    #[test]
    fn every_rung_has_a_unique_name_a_stub_and_a_known_approach() {
        let mut names = std::collections::BTreeSet::new();
        for exercise in LADDER {
            assert!(names.insert(exercise.name), "{} twice", exercise.name);
            assert!(approaches::find(exercise.reference_approach).is_some());
            for language in [Language::English, Language::Chinese] {
                let stub = render_stub(exercise, language);
                assert!(stub.contains("todo!("), "{}", exercise.name);
                assert!(
                    !stub.contains("// en: ") && !stub.contains("// zh: "),
                    "{stub}"
                );
            }
        }
    }

    #[test]
    fn both_languages_give_the_same_code() {
        let code = |text: String| -> Vec<String> {
            text.lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(str::to_string)
                .collect()
        };
        for exercise in LADDER {
            assert_eq!(
                code(render_stub(exercise, Language::English)),
                code(render_stub(exercise, Language::Chinese)),
                "{}",
                exercise.name
            );
        }
    }

    #[test]
    fn the_references_call_the_trace_hooks_instead_of_the_probe() {
        let code = reference_code(find("most_constrained").expect("a rung"));
        assert!(code.contains("trace_place(") && code.contains("trace_undo("));
        assert!(!code.contains("probe::"));
    }
}
