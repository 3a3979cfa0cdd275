//! The hints of each [`Id`]: four per mistake, each more concrete than the
//! last: the concept (what `practice check` prints), the pattern to look
//! for in the code, the section of a note that explains it, and at last the
//! code; each in English and Chinese, and each written for the state a
//! exercise's search keeps (its [`Structure`]): the words are
//! `practice/ladder.toml`'s.

use super::diagnosis::Id;
use super::ladder::{words, HintWords, Structure};
use super::Exercise;
use crate::practice::Language;

impl Id {
    /// Its hints for `structure`: the entry written for it, or the one
    /// written for every structure.
    fn hints(self, structure: Structure) -> &'static HintWords {
        let all = &words().hint;
        let mine = |hint: &&HintWords| hint.id == self.name();
        all.iter()
            .filter(mine)
            .find(|hint| hint.structures.contains(&structure))
            .or_else(|| {
                all.iter()
                    .filter(mine)
                    .find(|hint| hint.structures.is_empty())
            })
            .unwrap_or_else(|| panic!("practice/ladder.toml has no hint for {}", self.name()))
    }

    /// The concept behind the mistake on `exercise`, in a sentence or two,
    /// with no code: what `practice check` prints under its diagnosis.
    pub fn concept(self, exercise: &Exercise, language: Language) -> &'static str {
        pick(&self.hints(exercise.structure).concept, language)
    }

    /// What to look for in the code of `exercise`.
    pub fn pattern(self, exercise: &Exercise, language: Language) -> &'static str {
        pick(&self.hints(exercise.structure).pattern, language)
    }

    /// The code that fixes it on `exercise`, the last hint.
    pub fn code(self, exercise: &Exercise, language: Language) -> &'static str {
        pick(&self.hints(exercise.structure).code, language)
    }

    /// The section of a note that explains it, for `exercise`: a section of
    /// `notes/practice.md` (or the Chinese note), of another note where the
    /// data names one (`bitmask.md#pitfalls`), or the exercise's own note for a
    /// node budget, whose idea the budget asks for.
    pub fn section(self, exercise: &Exercise, language: Language) -> String {
        if self == Id::OverNodeBudget {
            return exercise.note_in(language).to_string();
        }
        let section = pick(&self.hints(exercise.structure).section, language);
        let page = if section.contains(".md#") {
            section.to_string()
        } else {
            format!("practice.md#{section}")
        };
        match language {
            Language::English => format!("notes/{page}"),
            Language::Chinese => format!("notes/zh/{page}"),
        }
    }
}

fn pick(texts: &'static [String; 2], language: Language) -> &'static str {
    match language {
        Language::English => &texts[0],
        Language::Chinese => &texts[1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::ladder;

    /// The words of `structure`'s code, as the data lists them.
    fn words_of(structure: Structure) -> Vec<&'static str> {
        let name = format!("{structure:?}").to_lowercase();
        words()
            .words
            .get(&name)
            .unwrap_or_else(|| panic!("practice/ladder.toml lists no words of {name}"))
            .iter()
            .map(String::as_str)
            .collect()
    }

    #[test]
    fn every_diagnosis_has_hints_for_every_structure_and_every_hint_names_a_diagnosis() {
        for hint in &words().hint {
            assert!(
                Id::from_name(&hint.id).is_some(),
                "no diagnosis {}",
                hint.id
            );
        }
        for id in Id::ALL {
            assert!(
                words()
                    .hint
                    .iter()
                    .any(|hint| hint.id == id.name() && hint.structures.is_empty()),
                "{}: no hint written for every structure",
                id.name()
            );
        }
    }

    /// An exercise's hints speak of its own state: none holds a word that belongs
    /// to another structure's code (a loop over the row's nine cells on a
    /// bitmask exercise, `index + 1` on a blank-bit loop, a loop over digits on
    /// Dancing Links).
    #[test]
    fn no_exercise_shows_a_hint_written_for_another_exercise_s_structure() {
        let structures = [
            Structure::Scan,
            Structure::Sets,
            Structure::Tables,
            Structure::Masks,
            Structure::Candidates,
            Structure::Links,
            Structure::Formula,
        ];
        let mut found = Vec::new();
        for exercise in ladder() {
            let own = words_of(exercise.structure);
            let foreign: Vec<(Structure, &str)> = structures
                .iter()
                .filter(|&&other| other != exercise.structure)
                .flat_map(|&other| words_of(other).into_iter().map(move |word| (other, word)))
                .filter(|(_, word)| !own.contains(word))
                .collect();
            for language in [Language::English, Language::Chinese] {
                let mut texts: Vec<(String, &str)> = exercise
                    .hints_in(language)
                    .iter()
                    .map(|text| ("the exercise's hints".to_string(), *text))
                    .collect();
                for id in Id::ALL {
                    for text in [
                        id.concept(exercise, language),
                        id.pattern(exercise, language),
                        id.code(exercise, language),
                    ] {
                        texts.push((id.name().to_string(), text));
                    }
                }
                for (whose, text) in texts {
                    for (other, word) in &foreign {
                        if text.contains(word) {
                            found.push(format!(
                                "{} ({:?}), {whose}: {word:?} belongs to {other:?}: {text}",
                                exercise.name, exercise.structure
                            ));
                        }
                    }
                }
            }
        }
        found.dedup();
        assert!(found.is_empty(), "{}", found.join("\n"));
    }

    /// ASCII punctuation beside a Chinese character, outside code: a Chinese
    /// sentence uses full-width punctuation.
    fn ascii_punctuation_in_chinese(text: &str) -> Option<String> {
        let chinese = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
        let mut in_code = false;
        let chars: Vec<char> = text.chars().collect();
        for (index, &c) in chars.iter().enumerate() {
            if c == '`' {
                in_code = !in_code;
                continue;
            }
            if in_code || !",;:?!()".contains(c) {
                continue;
            }
            let before = index.checked_sub(1).map(|at| chars[at]);
            let after = chars.get(index + 1).copied();
            if before.is_some_and(chinese) || after.is_some_and(chinese) {
                return Some(
                    chars[index.saturating_sub(8)..(index + 8).min(chars.len())]
                        .iter()
                        .collect(),
                );
            }
        }
        None
    }

    #[test]
    fn chinese_hints_use_full_width_punctuation() {
        assert!(ascii_punctuation_in_chinese("留意 `r / 3 + c / 3`：它").is_none());
        assert!(ascii_punctuation_in_chinese("留意这个, 它").is_some());
        let mut found = Vec::new();
        for exercise in ladder() {
            let mut texts: Vec<&str> = exercise.hints_in(Language::Chinese).to_vec();
            texts.push(exercise.title_in(Language::Chinese));
            for id in Id::ALL {
                texts.push(id.concept(exercise, Language::Chinese));
                texts.push(id.pattern(exercise, Language::Chinese));
            }
            for text in texts {
                if let Some(near) = ascii_punctuation_in_chinese(text) {
                    found.push(format!("{}: {near:?} in {text}", exercise.name));
                }
            }
        }
        found.dedup();
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
