//! Every note exists in English (`notes/NAME.md`) and in Chinese
//! (`notes/zh/NAME.md`), and the two agree: the same sections in the same
//! order (headings translated by the fixed table below) and the same figures.

use std::collections::BTreeSet;
use std::path::Path;

use pretty_assertions::assert_eq;
use sudoku37::approaches;

/// English section headings and their Chinese counterparts.
const HEADINGS: &[(&str, &str)] = &[
    ("## The idea", "## 思路"),
    ("## Walking through the code", "## 代码走读"),
    ("## How it maps to the write-up", "## 与题解代码的对应"),
    ("## How it maps to the source", "## 与出处的对应"),
    ("## Complexity", "## 复杂度"),
    ("## Measured on LeetCode's example", "## 力扣示例上的实测"),
    ("## Pitfalls", "## 易错点"),
    ("## What was tried", "## 试过但没用上的做法"),
    ("## What the numbers show", "## 数字说明了什么"),
];

const NODES_EN: &str = "Nodes on LeetCode's example: **";
const NODES_ZH: &str = "力扣示例上的节点数：**";

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|error| panic!("cannot read {path}: {error}"))
}

/// The heading lines, outside fenced code blocks.
fn headings(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(line.trim_end().to_string());
        }
    }
    found
}

/// Every number of two or more digits, thousands separators removed
/// (`4,208` and `4208` are the same figure).
fn figures(text: &str) -> BTreeSet<String> {
    let characters: Vec<char> = text.chars().collect();
    let mut found = BTreeSet::new();
    let mut index = 0;
    while index < characters.len() {
        if !characters[index].is_ascii_digit() {
            index += 1;
            continue;
        }
        let mut number = String::new();
        while index < characters.len() {
            let character = characters[index];
            let joins_digits = (character == ',' || character == '.')
                && characters.get(index + 1).is_some_and(char::is_ascii_digit)
                && !number.is_empty();
            if character.is_ascii_digit() {
                number.push(character);
            } else if joins_digits {
                if character == '.' {
                    number.push('.');
                }
            } else {
                break;
            }
            index += 1;
        }
        if number.chars().filter(char::is_ascii_digit).count() >= 2 {
            found.insert(number);
        }
    }
    found
}

fn quoted_nodes<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.strip_prefix(prefix))
        .and_then(|rest| rest.split("**").next())
}

fn assert_pair_agrees(name: &str) {
    let english = read(&format!("notes/{name}.md"));
    let chinese = read(&format!("notes/zh/{name}.md"));
    let (english_headings, chinese_headings) = (headings(&english), headings(&chinese));
    assert_eq!(
        english_headings.len(),
        chinese_headings.len(),
        "{name}: the notes have different sections\n{english_headings:#?}\n{chinese_headings:#?}"
    );
    for (en, zh) in english_headings.iter().zip(&chinese_headings) {
        let level = |heading: &str| {
            heading
                .chars()
                .take_while(|&character| character == '#')
                .count()
        };
        assert_eq!(level(en), level(zh), "{name}: {en:?} against {zh:?}");
        if let Some((_, expected)) = HEADINGS.iter().find(|(known, _)| known == en) {
            assert_eq!(zh, expected, "{name}: the Chinese for {en:?}");
        } else if level(en) == 1 {
            let word = en
                .trim_start_matches("# ")
                .split([':', ' '])
                .next()
                .unwrap_or("");
            assert!(zh.starts_with(&format!("# {word}")), "{name}: title {zh:?}");
        }
    }
    assert_eq!(
        quoted_nodes(&english, NODES_EN),
        quoted_nodes(&chinese, NODES_ZH),
        "{name}: nodes on the example"
    );
    assert_eq!(
        figures(&english),
        figures(&chinese),
        "{name}: the figures differ"
    );
}

#[test]
fn every_approach_has_both_notes_and_they_agree() {
    for name in approaches::names() {
        assert_pair_agrees(name);
    }
}

#[test]
fn the_overview_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("overview");
}

#[test]
fn figures_are_compared_without_thousands_separators() {
    assert_eq!(
        figures("4,208 nodes, 74,347.9 mean, 7 cells, line 12"),
        ["4208", "74347.9", "12"]
            .into_iter()
            .map(String::from)
            .collect()
    );
}

#[test]
fn both_readmes_list_every_approach_and_link_each_other() {
    let registered: BTreeSet<String> = approaches::names().into_iter().map(String::from).collect();
    for (file, notes) in [("README.md", "notes/"), ("README.zh-CN.md", "notes/zh/")] {
        let text = read(file);
        let listed: BTreeSet<String> = text
            .lines()
            .filter_map(|line| line.strip_prefix("| [`"))
            .filter(|rest| rest.contains(&format!("]({notes}")))
            .filter_map(|rest| rest.split('`').next())
            .map(String::from)
            .collect();
        assert_eq!(
            listed, registered,
            "{file}'s approach table against the registry"
        );
    }
    assert!(read("README.md").contains("(README.zh-CN.md)"));
    assert!(read("README.zh-CN.md").contains("(README.md)"));
}

#[test]
fn the_human_techniques_note_exists_in_both_languages_and_they_agree() {
    assert_pair_agrees("human_techniques");
}
