//! The mutation test of the coach: every file in `practice/mutants/` is a
//! correct solution of one rung with one mistake a learner makes, and names
//! on its second line the diagnosis the checker must give. Each is checked
//! as a learner checks it (`practice check --format json`), and must fail
//! with that diagnosis, its evidence quoted. The files are apart from the
//! learner's folder: `practice` never reads them.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use sudoku37_tool::practice::{self, Id};

/// Every mutant: its rung (the folder), its path, and the expected id.
fn mutants() -> Vec<(String, PathBuf, String)> {
    let root = crate::common::root().join("practice/mutants");
    let mut found = Vec::new();
    for rung in std::fs::read_dir(&root).expect("practice/mutants") {
        let rung = rung.expect("an entry").path();
        if !rung.is_dir() {
            continue;
        }
        let name = rung
            .file_name()
            .and_then(|name| name.to_str())
            .expect("a UTF-8 name")
            .to_string();
        for file in std::fs::read_dir(&rung).expect("a rung's folder") {
            let path = file.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a mutant");
            let mut lines = text.lines();
            let first = lines.next().unwrap_or("");
            assert!(
                first.starts_with(&format!("// sudoku37 practice: {name} (a mutant: ")),
                "{}: the first line names the rung and the mistake",
                path.display()
            );
            let expected = lines
                .next()
                .and_then(|line| line.strip_prefix("// expect: "))
                .unwrap_or_else(|| panic!("{}: no `// expect: ID` line", path.display()))
                .trim()
                .to_string();
            found.push((name.clone(), path, expected));
        }
    }
    found.sort();
    found
}

#[test]
fn every_mutant_fails_with_the_diagnosis_it_names() {
    let mutants = mutants();
    for exercise in practice::LADDER {
        assert!(
            mutants.iter().any(|(rung, _, _)| rung == exercise.name),
            "no mutant of {}",
            exercise.name
        );
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((rung, path, expected)) = mutants.get(index) else {
                    break;
                };
                let dir = tempfile::tempdir().expect("temporary folder");
                let output = Command::new(common::bin())
                    .args(["practice", "check", "--format", "json", "--limit", "3"])
                    .arg("--exercise")
                    .arg(rung)
                    .arg(path)
                    .env(practice::DIR_ENV_NAME, dir.path())
                    .output()
                    .expect("run sudoku37 practice check");
                let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
                results.lock().expect("results").push((
                    path.clone(),
                    expected.clone(),
                    output.status.code(),
                    stdout,
                ));
            });
        }
    });
    let mut wrong = Vec::new();
    for (path, expected, status, stdout) in results.into_inner().expect("results") {
        let name = path
            .strip_prefix(crate::common::root())
            .unwrap_or(&path)
            .display()
            .to_string();
        assert!(
            Id::from_name(&expected).is_some(),
            "{name}: {expected} is no diagnosis"
        );
        let report: serde_json::Value = match serde_json::from_str(&stdout) {
            Ok(report) => report,
            Err(_) => {
                wrong.push(format!("{name}: not JSON: {stdout}"));
                continue;
            }
        };
        let id = report["diagnosis"]["id"].as_str().unwrap_or("(passed)");
        let evidence = report["diagnosis"]["evidence"].as_str().unwrap_or("");
        if status != Some(1) || report["passed"] != false || id != expected || evidence.is_empty() {
            wrong.push(format!(
                "{name}: expected {expected}, got {id} (exit {status:?}): {evidence}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped
/// (letters of any script, digits, `-` and `_` kept), spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn note(path: &str) -> String {
    std::fs::read_to_string(crate::common::root().join(path)).unwrap_or_else(|_| panic!("{path}"))
}

/// Every link a diagnosis's hint gives, on every rung and in both
/// languages, reaches a section that exists.
#[test]
fn every_diagnosis_links_a_section_that_exists_in_both_languages() {
    let mut broken = Vec::new();
    for exercise in practice::LADDER {
        for id in Id::ALL {
            for language in [practice::Language::English, practice::Language::Chinese] {
                let link = id.section(exercise, language);
                let (file, fragment) = link.split_once('#').expect("a section");
                let headings: Vec<String> = note(file)
                    .lines()
                    .filter_map(|line| {
                        line.strip_prefix("## ")
                            .or_else(|| line.strip_prefix("### "))
                    })
                    .map(anchor)
                    .collect();
                if !headings.iter().any(|heading| heading == fragment) {
                    broken.push(format!("{} on {}: {link}", id.name(), exercise.name));
                }
                let zh = file.starts_with("notes/zh/");
                if zh != (language == practice::Language::Chinese) {
                    broken.push(format!(
                        "{} on {}: {link} is in the other language",
                        id.name(),
                        exercise.name
                    ));
                }
            }
        }
    }
    broken.dedup();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The practice note lists every diagnosis in a table, with the section its
/// hint links, in both languages.
#[test]
fn the_practice_note_lists_every_diagnosis_with_its_section_in_both_languages() {
    let template = practice::find("template").expect("a rung");
    for (path, language) in [
        ("notes/practice.md", practice::Language::English),
        ("notes/zh/practice.md", practice::Language::Chinese),
    ] {
        let text = note(path);
        for id in Id::ALL {
            let row = text
                .lines()
                .find(|line| line.starts_with(&format!("| `{}` |", id.name())))
                .unwrap_or_else(|| panic!("{path}: no row for {}", id.name()));
            // The rung whose note is linked instead: its approach's note.
            if matches!(id, Id::OverNodeBudget) {
                continue;
            }
            // The link as the note writes it, relative to the note.
            let link = id.section(template, language);
            let relative = link
                .trim_start_matches("notes/zh/")
                .trim_start_matches("notes/")
                .trim_start_matches("practice.md");
            assert!(
                row.contains(&format!("({relative})")),
                "{path}: the row of {} does not link {relative}: {row}",
                id.name()
            );
        }
        let rows = text.lines().filter(|line| line.starts_with("| `")).count();
        assert_eq!(rows, Id::ALL.len(), "{path}: one row per diagnosis");
    }
}
