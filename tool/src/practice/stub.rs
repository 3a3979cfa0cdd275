//! The stubs a learner starts from, in English or Chinese, and the
//! reference solutions in the form a learner writes them.

use super::{Exercise, Language};
use crate::judge::Entry;
use sudoku37::paste;

/// The stub of `exercise` in `language`, all of it: a comment line whose
/// text starts `en:` or `zh:` is kept, without the tag, in its own language
/// and dropped in the other, and so is a code line that ends with the
/// comment `// en` or `// zh` (a `todo!()` whose message is in one
/// language). It opens with the exercise's name, number and title, how to
/// check it, and, for the exercises whose search the checker reads, the trace
/// hooks.
pub fn render_stub(exercise: &Exercise, language: Language) -> String {
    let (keep, drop) = match language {
        Language::English => ("en: ", "zh: "),
        Language::Chinese => ("zh: ", "en: "),
    };
    let (keep_tag, drop_tag) = match language {
        Language::English => ("// en", "// zh"),
        Language::Chinese => ("// zh", "// en"),
    };
    let count = super::ladder().len();
    let mut text = match language {
        Language::English => format!(
            "// sudoku37 practice: {} (exercise {} of {count}: {})\n// Check it with `sudoku37 practice check {}`; `sudoku37 practice hint {}` when stuck.\n",
            exercise.name,
            exercise.number(),
            exercise.title,
            exercise.name,
            exercise.name
        ),
        Language::Chinese => format!(
            "// sudoku37 practice: {}（第 {} 个练习，共 {count} 个：{}）\n// 用 `sudoku37 practice check {}` 检查；卡住时用 `sudoku37 practice hint {}`。\n",
            exercise.name,
            exercise.number(),
            exercise.title_in(language),
            exercise.name,
            exercise.name
        ),
    };
    if exercise.hooks {
        text.push_str(match language {
            Language::English => "// Call trace_place(r, c, d) where your search places a digit and trace_undo(r, c) where it\n// takes one back: the checker counts your nodes with them and reads your search from them\n// (`practice check` supplies both). Delete the calls before pasting into LeetCode.\n",
            Language::Chinese => "// 在搜索放下数字的地方调用 trace_place(r, c, d)，在撤销的地方调用 trace_undo(r, c)：\n// 检查器靠它们数节点、读出你的搜索过程（两个函数由 `practice check` 提供）。\n// 粘贴到力扣之前删掉这些调用。\n",
        });
    }
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
            _ if line.trim_end().ends_with(drop_tag) => continue,
            _ if line.trim_end().ends_with(keep_tag) => {
                let code = line.trim_end();
                text.push_str(code[..code.len() - keep_tag.len()].trim_end());
                text.push('\n');
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
/// for the solver exercises, the paste region of its approach with the node hook
/// turned into the driver's trace hooks.
pub fn reference_code(exercise: &Exercise) -> String {
    match exercise.entry {
        Entry::BoxOf => "impl Solution {\n    pub fn box_of(r: usize, c: usize) -> usize {\n        r / 3 * 3 + c / 3\n    }\n}\n".to_string(),
        Entry::IsValidSudoku => VALID_SUDOKU_REFERENCE.to_string(),
        Entry::SolveSudoku => {
            traced_paste(exercise.reference.code)
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
    use crate::practice::ladder;

    #[test]
    fn a_chinese_stub_is_chinese_throughout_and_every_stub_numbers_its_exercise() {
        for exercise in ladder() {
            let chinese = render_stub(exercise, Language::Chinese);
            let english = render_stub(exercise, Language::English);
            assert!(
                chinese.starts_with(&format!(
                    "// sudoku37 practice: {}（第 {} 个练习",
                    exercise.name,
                    exercise.number()
                )),
                "{chinese}"
            );
            assert!(
                english.starts_with(&format!(
                    "// sudoku37 practice: {} (exercise {} of",
                    exercise.name,
                    exercise.number()
                )),
                "{english}"
            );
            // No English sentence in a Chinese comment or todo!() message: a
            // comment or message with letters has some Chinese in it.
            for line in chinese.lines() {
                let text = line
                    .split("//")
                    .nth(1)
                    .or_else(|| line.split("todo!(\"").nth(1));
                let Some(text) = text else { continue };
                let words = text
                    .split_whitespace()
                    .filter(|word| word.chars().all(|c| c.is_ascii_lowercase()))
                    .count();
                let chinese_characters = text
                    .chars()
                    .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
                    .count();
                assert!(
                    words < 4 || chinese_characters > 0,
                    "{}: an English line in the Chinese stub: {line}",
                    exercise.name
                );
            }
            assert_eq!(
                english.contains("trace_place(r, c, d)"),
                exercise.hooks,
                "{}",
                exercise.name
            );
            // The one numbering is the ladder's, in the header: none by hand.
            assert!(
                !exercise.stub.contains("Exercise ") && !exercise.stub.contains("个练习"),
                "{}",
                exercise.name
            );
        }
    }

    #[test]
    fn every_exercise_has_a_unique_name_a_stub_and_a_known_approach() {
        let mut names = std::collections::BTreeSet::new();
        for exercise in ladder() {
            assert!(names.insert(exercise.name), "{} twice", exercise.name);
            assert!(sudoku37::approaches::find(exercise.reference.name).is_some());
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
        // The code, its string literals aside (a todo!()'s message is in the
        // stub's language).
        let code = |text: String| -> Vec<String> {
            text.lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(|line| match (line.find('"'), line.rfind('"')) {
                    (Some(first), Some(last)) if first < last => {
                        format!("{}\"\"{}", &line[..first], &line[last + 1..])
                    }
                    _ => line.to_string(),
                })
                .collect()
        };
        for exercise in ladder() {
            assert_eq!(
                code(render_stub(exercise, Language::English)),
                code(render_stub(exercise, Language::Chinese)),
                "{}",
                exercise.name
            );
        }
    }
}
