//! One hint system, escalating: `practice check` names the diagnosis and
//! prints its concept; each `practice hint` after it goes one step further
//! for that same diagnosis (the pattern to look for in the code, then the
//! note's section, and the code only at the last step). Before any check,
//! the hints are the exercise's own. The progress file remembers the last
//! diagnosis, how far its hints went, and the language chosen.

use super::diagnosis::Id;
use super::{Exercise, Language, State};

/// How many hints a diagnosis has: the concept, the pattern, the section,
/// the code.
pub const DIAGNOSIS_HINTS: u8 = 4;

/// How many hints an exercise has before any check.
pub const EXERCISE_HINTS: u8 = 3;

impl Language {
    /// The language named `code` (`en`, `zh`).
    pub fn from_code(code: &str) -> Option<Language> {
        match code {
            "en" => Some(Language::English),
            "zh" => Some(Language::Chinese),
            _ => None,
        }
    }

    /// Its code, as the progress file keeps it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
        }
    }
}

/// The language of a command: the one given, else the one remembered, else
/// English.
pub fn language_of(given: Option<Language>, state: &State) -> Language {
    given
        .or_else(|| state.lang.as_deref().and_then(Language::from_code))
        .unwrap_or(Language::English)
}

/// Records what a check found: a pass, or its diagnosis (whose concept the
/// check printed, so its hints go on from the second); and the language
/// given, if any.
pub fn record_check(
    state: &mut State,
    exercise: &Exercise,
    diagnosis: Option<Id>,
    passed: bool,
    given: Option<Language>,
) {
    if let Some(language) = given {
        state.lang = Some(language.code().to_string());
    }
    let name = exercise.name.to_string();
    if passed {
        state.passed.insert(name.clone());
        state.diagnoses.remove(&name);
        state.hints.remove(&name);
        return;
    }
    if let Some(id) = diagnosis {
        let before = state.diagnoses.insert(name.clone(), id.name().to_string());
        if before.as_deref() != Some(id.name()) {
            state.hints.insert(name, 1);
        }
    }
}

/// The hints `practice hint` shows now, and what to remember.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hints {
    /// The text to print.
    pub text: String,
    /// The level reached, to remember.
    pub level: u8,
    /// Whether there is a next one.
    pub more: bool,
}

/// The hints for `exercise` one step further than `state` says were shown,
/// in `language`: its last diagnosis's, or its own before any check.
pub fn next_hints(exercise: &Exercise, state: &State, language: Language) -> Hints {
    let shown = state.hints.get(exercise.name).copied().unwrap_or(0);
    let diagnosis = state
        .diagnoses
        .get(exercise.name)
        .and_then(|name| Id::from_name(name));
    let zh = language == Language::Chinese;
    match diagnosis {
        Some(id) => {
            let level = shown.saturating_add(1).clamp(2, DIAGNOSIS_HINTS);
            let labels = if zh {
                ["概念", "代码里该找什么", "笔记", "代码"]
            } else {
                [
                    "the concept",
                    "the pattern to look for",
                    "the note",
                    "the code",
                ]
            };
            let section = id.section(exercise, language);
            let steps = [
                id.concept(exercise, language),
                id.pattern(exercise, language),
                &section,
                id.code(exercise, language),
            ];
            let mut text = if zh {
                format!(
                    "{} 的提示，针对诊断 {id}（{level}/{DIAGNOSIS_HINTS}）：\n",
                    exercise.name
                )
            } else {
                format!(
                    "Hints for {}, about its diagnosis {id} ({level} of {DIAGNOSIS_HINTS}):\n",
                    exercise.name
                )
            };
            for (index, step) in steps.iter().enumerate().take(usize::from(level)) {
                text.push_str(&format!("  {}. {}: {step}\n", index + 1, labels[index]));
            }
            Hints {
                text,
                level,
                more: level < DIAGNOSIS_HINTS,
            }
        }
        None => {
            let level = shown.saturating_add(1).min(EXERCISE_HINTS);
            let labels = if zh {
                ["概念", "可疑的写法", "笔记"]
            } else {
                ["the concept", "the suspicious pattern", "the note"]
            };
            let mut text = if zh {
                format!("{} 的提示（{level}/{EXERCISE_HINTS}）：\n", exercise.name)
            } else {
                format!(
                    "Hints for {} ({level} of {EXERCISE_HINTS}):\n",
                    exercise.name
                )
            };
            for (index, hint) in exercise
                .hints_in(language)
                .iter()
                .enumerate()
                .take(usize::from(level))
            {
                text.push_str(&format!("  {}. {}: {hint}\n", index + 1, labels[index]));
            }
            Hints {
                text,
                level,
                more: level < EXERCISE_HINTS,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::find;

    #[test]
    fn a_diagnosis_s_hints_go_on_from_the_concept_and_end_with_the_code() {
        let exercise = find("template").expect("an exercise");
        let mut state = State::default();
        record_check(&mut state, exercise, Some(Id::NoUndo), false, None);
        let second = next_hints(exercise, &state, Language::English);
        assert_eq!(second.level, 2);
        assert!(second
            .text
            .contains(Id::NoUndo.pattern(exercise, Language::English)));
        assert!(!second
            .text
            .contains(Id::NoUndo.code(exercise, Language::English)));
        state.hints.insert(exercise.name.to_string(), second.level);
        let third = next_hints(exercise, &state, Language::English);
        assert!(
            third.text.contains("notes/practice.md#the-undo"),
            "{}",
            third.text
        );
        state.hints.insert(exercise.name.to_string(), third.level);
        let last = next_hints(exercise, &state, Language::English);
        assert!(last
            .text
            .contains(Id::NoUndo.code(exercise, Language::English)));
        assert!(!last.more);
        // The same diagnosis again keeps the level; a new one starts over.
        state.hints.insert(exercise.name.to_string(), last.level);
        record_check(&mut state, exercise, Some(Id::NoUndo), false, None);
        assert_eq!(state.hints[exercise.name], 4);
        record_check(&mut state, exercise, Some(Id::ReturnInLoop), false, None);
        assert_eq!(state.hints[exercise.name], 1);
        // A pass forgets the diagnosis.
        record_check(&mut state, exercise, None, true, Some(Language::Chinese));
        assert!(state.diagnoses.is_empty());
        assert_eq!(state.lang.as_deref(), Some("zh"));
        let first = next_hints(exercise, &state, Language::Chinese);
        assert!(first.text.contains(exercise.hints_in(Language::Chinese)[0]));
    }
}
