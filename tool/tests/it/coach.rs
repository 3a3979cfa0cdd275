//! The mutation test of the coach: every file in `practice/mutants/` is the
//! reference solution of one exercise with one mistake a learner makes, stored
//! as a small patch of the reference (so that it cannot drift from it); its
//! header names the mistake, the diagnosis the checker must give
//! (`# expect: ID`) and what its evidence must quote (`# evidence: TEXT`,
//! any number). Each is checked as a learner checks it (`practice check
//! --format json`), and must fail with that diagnosis, its evidence quoted.
//! The files are apart from the learner's folder: `practice` never reads them.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use sudoku37_tool::practice::{self, Id};

/// One mutant: its exercise (the folder), its name, the expected id, the
/// fragments its evidence must quote, and its code.
#[derive(Clone)]
struct Mutant {
    exercise: String,
    name: String,
    expected: String,
    evidence: Vec<String>,
    code: String,
}

/// The mutant `path` of `exercise`: the reference with the patch applied.
fn mutant(exercise: &str, path: &Path) -> Mutant {
    let text = std::fs::read_to_string(path).expect("a mutant");
    let name = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .expect("a UTF-8 name")
        .to_string();
    let header: Vec<&str> = text
        .lines()
        .take_while(|line| line.starts_with("# "))
        .collect();
    assert!(
        header.first().is_some_and(
            |line| line.starts_with(&format!("# sudoku37 practice: {exercise} (a mutant: "))
        ),
        "{}: the first line names the exercise and the mistake",
        path.display()
    );
    let field = |key: &str| -> Vec<String> {
        header
            .iter()
            .filter_map(|line| line.strip_prefix(&format!("# {key}: ")))
            .map(|value| value.trim().to_string())
            .collect()
    };
    let expected = field("expect")
        .pop()
        .unwrap_or_else(|| panic!("{}: no `# expect: ID` line", path.display()));
    let diff: String = text
        .lines()
        .skip(header.len())
        .map(|line| format!("{line}\n"))
        .collect();
    let reference =
        practice::reference_code(practice::find(exercise).expect("an exercise's folder"));
    let patch = diffy::Patch::from_str(&diff)
        .unwrap_or_else(|error| panic!("{}: not a patch: {error}", path.display()));
    let code = diffy::apply(&reference, &patch).unwrap_or_else(|error| {
        panic!(
            "{}: the patch no longer applies to the reference of {exercise}: {error}",
            path.display()
        )
    });
    Mutant {
        exercise: exercise.to_string(),
        name,
        expected,
        evidence: field("evidence"),
        code,
    }
}

/// Every mutant, by exercise and name.
fn mutants() -> Vec<Mutant> {
    let root = crate::common::root().join("practice/mutants");
    let mut found = Vec::new();
    for folder in std::fs::read_dir(&root).expect("practice/mutants") {
        let folder = folder.expect("an entry").path();
        if !folder.is_dir() {
            continue;
        }
        let name = folder
            .file_name()
            .and_then(|name| name.to_str())
            .expect("a UTF-8 name")
            .to_string();
        for file in std::fs::read_dir(&folder).expect("an exercise's folder") {
            let path = file.expect("an entry").path();
            assert_eq!(
                path.extension().and_then(|extension| extension.to_str()),
                Some("patch"),
                "{}: a mutant is a patch of the reference",
                path.display()
            );
            found.push(mutant(&name, &path));
        }
    }
    found.sort_by(|a, b| (&a.exercise, &a.name).cmp(&(&b.exercise, &b.name)));
    found
}

/// Checks `code` as `exercise` the way a learner does, with `--format json`:
/// the exit status and the report.
fn check_json(exercise: &str, name: &str, code: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file: PathBuf = dir.path().join(format!("{name}.rs"));
    std::fs::write(&file, code).expect("write the mutant");
    let output = Command::new(common::bin())
        .args(["practice", "check", "--format", "json", "--limit", "3"])
        .arg("--exercise")
        .arg(exercise)
        .arg(&file)
        .env(practice::DIR_ENV_NAME, dir.path())
        .output()
        .expect("run sudoku37 practice check");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Every mutant of `practice/mutants/`: about ninety checks, a minute of
/// both cores. `cargo test` runs a sample of them (the test below); CI runs
/// them all (`.ci/run`), and so does
/// `cargo test -p sudoku37-tool --test it coach:: -- --ignored`.
#[test]
#[ignore = "every mutant, about a minute on 2 cores; CI runs it (`--test it coach:: -- --ignored`)"]
fn every_mutant_fails_with_the_diagnosis_it_names_and_quotes_its_evidence() {
    let mutants = mutants();
    for exercise in practice::ladder() {
        assert!(
            mutants
                .iter()
                .any(|mutant| mutant.exercise == exercise.name),
            "no mutant of {}",
            exercise.name
        );
    }
    let wrong = check_each(&mutants);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The sample `cargo test` checks: one mutant of each diagnosis, so that
/// every diagnosis the mutants name is checked once, chosen so that the
/// sample also covers every exercise: for each diagnosis in turn (the ones
/// with the fewest mutants first, as they have the least choice), the first
/// mutant (by name) of an exercise the sample does not reach yet, else its
/// first mutant. An exercise still missing then adds its first mutant.
fn sample(mutants: Vec<Mutant>) -> Vec<Mutant> {
    let mut by_diagnosis: std::collections::BTreeMap<String, Vec<Mutant>> =
        std::collections::BTreeMap::new();
    for mutant in &mutants {
        by_diagnosis
            .entry(mutant.expected.clone())
            .or_default()
            .push(mutant.clone());
    }
    let mut groups: Vec<Vec<Mutant>> = by_diagnosis.into_values().collect();
    groups.sort_by_key(Vec::len);
    let mut chosen: Vec<Mutant> = Vec::new();
    for group in groups {
        let reaches_a_new_exercise = group
            .iter()
            .find(|mutant| !chosen.iter().any(|kept| kept.exercise == mutant.exercise));
        chosen.push(reaches_a_new_exercise.unwrap_or(&group[0]).clone());
    }
    for mutant in mutants {
        if !chosen.iter().any(|kept| kept.exercise == mutant.exercise) {
            chosen.push(mutant);
        }
    }
    chosen
}

#[test]
fn one_mutant_of_every_diagnosis_and_every_exercise_fails_with_its_diagnosis_and_evidence() {
    let all = mutants();
    let diagnoses: std::collections::BTreeSet<String> =
        all.iter().map(|mutant| mutant.expected.clone()).collect();
    let sample = sample(all);
    for exercise in practice::ladder() {
        assert!(
            sample.iter().any(|mutant| mutant.exercise == exercise.name),
            "the sample has no mutant of {}",
            exercise.name
        );
    }
    for diagnosis in &diagnoses {
        assert!(
            sample.iter().any(|mutant| &mutant.expected == diagnosis),
            "the sample has no mutant diagnosed {diagnosis}"
        );
    }
    let wrong = check_each(&sample);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Checks each mutant as a learner does, on every core, and says each one
/// that did not fail with its diagnosis or did not quote its evidence.
fn check_each(mutants: &[Mutant]) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(mutant) = mutants.get(index) else {
                    break;
                };
                let (status, stdout) = check_json(&mutant.exercise, &mutant.name, &mutant.code);
                results
                    .lock()
                    .expect("results")
                    .push((index, status, stdout));
            });
        }
    });
    let mut wrong = Vec::new();
    let mut results = results.into_inner().expect("results");
    results.sort_by_key(|(index, _, _)| *index);
    for (index, status, stdout) in results {
        let mutant = &mutants[index];
        let name = format!("{}/{}", mutant.exercise, mutant.name);
        let expected = &mutant.expected;
        assert!(
            Id::from_name(expected).is_some(),
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
            continue;
        }
        for quoted in &mutant.evidence {
            if !evidence.contains(quoted.as_str()) {
                wrong.push(format!(
                    "{name}: the evidence does not quote {quoted:?}: {evidence}"
                ));
            }
        }
    }
    wrong
}

/// A learner's HashSet walks its digits in another order in each process,
/// so the search differs from check to check: the verdict must not. Each
/// mutant whose order depends on the hash is checked five times (the check
/// itself runs the failing case three times and says when the runs differ).
#[test]
fn a_search_whose_order_changes_from_run_to_run_gets_the_same_verdict_on_every_check() {
    let mutants: Vec<Mutant> = mutants()
        .into_iter()
        .filter(|mutant| mutant.name.starts_with("hash_order"))
        .collect();
    assert!(mutants.len() >= 2, "the hash-order mutants");
    let runs: Vec<(usize, Option<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..5)
            .flat_map(|_| mutants.iter().enumerate())
            .map(|(index, mutant)| {
                scope.spawn(move || {
                    let (_, stdout) = check_json(&mutant.exercise, &mutant.name, &mutant.code);
                    let report: serde_json::Value =
                        serde_json::from_str(&stdout).unwrap_or_default();
                    let id = report["diagnosis"]["id"].as_str().map(String::from);
                    (index, id)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a check"))
            .collect()
    });
    for (index, mutant) in mutants.iter().enumerate() {
        let ids: Vec<&Option<String>> = runs
            .iter()
            .filter(|(which, _)| *which == index)
            .map(|(_, id)| id)
            .collect();
        assert!(
            ids.iter()
                .all(|id| id.as_deref() == Some(mutant.expected.as_str())),
            "{}: {ids:?}",
            mutant.name
        );
    }
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

/// Every link a diagnosis's hint gives, on every exercise and in both
/// languages, reaches a section that exists.
#[test]
fn every_diagnosis_links_a_section_that_exists_in_both_languages() {
    let mut broken = Vec::new();
    for exercise in practice::ladder() {
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
    let template = practice::find("template").expect("an exercise");
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
            // The exercise whose note is linked instead: its approach's note.
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
