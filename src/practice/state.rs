//! The learner's progress file: which rungs passed, and how many hints each
//! has had.

use std::collections::{BTreeMap, BTreeSet};

/// The learner's progress, kept in a small text file beside their exercises:
/// `passed NAME` and `hint NAME LEVEL` lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct State {
    pub passed: BTreeSet<String>,
    pub hints: BTreeMap<String, u8>,
}

impl State {
    /// Reads the state file's text; lines it does not know are ignored.
    pub fn parse(text: &str) -> State {
        let mut state = State::default();
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["passed", name] => {
                    state.passed.insert((*name).to_string());
                }
                ["hint", name, level] => {
                    if let Ok(level) = level.parse::<u8>() {
                        state.hints.insert((*name).to_string(), level.min(3));
                    }
                }
                _ => {}
            }
        }
        state
    }

    /// The state file's text.
    pub fn to_text(&self) -> String {
        let mut text =
            String::from("# sudoku37 practice: your progress (passed exercises, hint levels)\n");
        for name in &self.passed {
            text.push_str(&format!("passed {name}\n"));
        }
        for (name, level) in &self.hints {
            text.push_str(&format!("hint {name} {level}\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_file_reads_back() {
        let mut state = State::default();
        state.passed.insert("box_of".to_string());
        state.hints.insert("template".to_string(), 2);
        assert_eq!(State::parse(&state.to_text()), state);
        assert_eq!(State::parse("nonsense\nhint x 9\n").hints["x"], 3);
    }
}
