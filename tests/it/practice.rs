//! `sudoku37 practice`, run as a learner runs it: every exercise's stub
//! compiles and stops at its first `todo!()`, every exercise's reference
//! passes every stage, every classified hint is triggered by a broken
//! solution in `practice/fixtures/`, and the exercises the learner has
//! started in `practice/mine/` are checked (none on a fresh clone). Each file
//! is compiled once per test, and graded stages take a few puzzles.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sudoku37::practice::{self, LADDER};

fn sudoku37(dir: &Path, arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku37"))
        .arg("practice")
        .args(arguments)
        .env(practice::DIR_ENV_NAME, dir)
        .output()
        .expect("run sudoku37 practice")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("practice/fixtures")
        .join(name)
}

/// Checks `file` as `exercise` with a few puzzles per graded set.
fn check(file: &Path, exercise: &str, more: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = file.to_str().expect("a UTF-8 path");
    let mut arguments = vec!["check", path, "--exercise", exercise];
    if !more.contains(&"--limit") {
        arguments.extend_from_slice(&["--limit", "3"]);
    }
    arguments.extend_from_slice(more);
    let output = sudoku37(dir.path(), &arguments);
    (
        output.status.code(),
        format!("{}{}", text(&output.stdout), text(&output.stderr)),
    )
}

fn a_stub_compiles_and_its_reference_passes(name: &str) {
    let exercise = practice::find(name).expect("a rung");
    let dir = tempfile::tempdir().expect("temporary folder");
    // The stub, as `practice start` writes it: it compiles, and the first
    // case stops at a todo!().
    let started = sudoku37(dir.path(), &["start", name, "--lang", "zh"]);
    assert_eq!(started.status.code(), Some(0), "{}", text(&started.stderr));
    let checked = sudoku37(dir.path(), &["check", name, "--limit", "2"]);
    let stdout = text(&checked.stdout);
    assert_eq!(checked.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("stage compile: passed"), "{stdout}");
    assert!(stdout.contains("not yet implemented"), "{stdout}");
    assert!(stdout.contains("notes/practice.md#the-stub"), "{stdout}");
    // The reference, pasted over the stub, passes every stage.
    let file = dir.path().join(format!("{name}.rs"));
    std::fs::write(&file, practice::reference_code(exercise)).expect("write the reference");
    let checked = sudoku37(dir.path(), &["check", name, "--limit", "3"]);
    let stdout = text(&checked.stdout);
    assert_eq!(
        checked.status.code(),
        Some(0),
        "{stdout}{}",
        text(&checked.stderr)
    );
    for stage in exercise.stages {
        assert!(
            stdout.contains(&format!("stage {stage}: passed")),
            "{stdout}"
        );
    }
    assert!(stdout.contains(&format!("Passed: every stage of {name}.")));
    // The ladder now says so.
    let listed = text(&sudoku37(dir.path(), &["list"]).stdout);
    let row = listed
        .lines()
        .find(|line| line.split_whitespace().nth(1) == Some(name))
        .expect("a row per rung");
    assert!(row.contains(" passed "), "{listed}");
}

/// `cargo test --test it practice::every_stub_compiles_and_every_reference_passes::NAME`.
macro_rules! rungs {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            super::a_stub_compiles_and_its_reference_passes(stringify!($name));
        }
    )*};
}

mod every_stub_compiles_and_every_reference_passes {
    rungs!(
        box_of,
        valid_sudoku,
        one_blank,
        one_undo,
        template,
        found_flag,
        early_exit,
        available_sets,
        bool_arrays,
        bitmask,
        most_constrained,
        propagation,
        dancing_links
    );
}

#[test]
fn the_test_list_names_every_rung() {
    let source = std::fs::read_to_string(file!()).expect("this file");
    for exercise in LADDER {
        assert!(
            source.contains(&format!("        {},\n", exercise.name))
                || source.contains(&format!("        {}\n", exercise.name)),
            "add {} to rungs! in tests/it/practice.rs",
            exercise.name
        );
    }
}

/// One broken solution per classified hint: the fixture, the exercise it is
/// checked as, extra options, and what the report must say.
const HINTS: &[(&str, &str, &[&str], &[&str])] = &[
    (
        "type_error.rs",
        "template",
        &[],
        &[
            "Compile Error",
            "--> type_error.rs:23:31",
            "notes/practice.md#compile-errors",
        ],
    ),
    (
        "no_box_check.rs",
        "template",
        &[],
        &[
            "Wrong Answer: digit 3 appears twice in box 1: row 1, column 2 and row 2, column 3",
            "[[\"5\",\"3\",\".\",\".\",\"7\"",
            "| 5[3]1 | 2 7 6 | 4 9 8 |",
            "| 6 2[3]| 1 9 5 | 8 4 7 |",
            "nodes on this puzzle: yours 0, the reference (early_exit) 4208",
            "notes/practice.md#the-box-index",
        ],
    ),
    (
        "no_column_check.rs",
        "template",
        &[],
        &[
            "Wrong Answer",
            "appears twice in column",
            "notes/practice.md#can-this-digit-go-here",
        ],
    ),
    (
        "off_by_one.rs",
        "template",
        &[],
        &[
            "Runtime Error: panicked at off_by_one.rs:8:28: index out of bounds",
            "notes/practice.md#ranges",
        ],
    ),
    (
        "return_false_in_loop.rs",
        "template",
        &[],
        &[
            "is still blank",
            "the search gave up",
            "notes/practice.md#a-search-that-gives-up",
        ],
    ),
    (
        "no_skip_givens.rs",
        "template",
        &[],
        &["Wrong Answer: the given", "notes/practice.md#givens-stay"],
    ),
    (
        "endless.rs",
        "template",
        &[],
        &[
            "Time Limit Exceeded",
            "on a case this small, a search that does not end",
            "notes/practice.md#a-search-that-never-ends",
        ],
    ),
    (
        "bytes_not_chars.rs",
        "template",
        &[],
        &["not a digit 1-9", "notes/practice.md#digits-are-chars"],
    ),
    (
        "plain_backtracking.rs",
        "most_constrained",
        &[],
        &["no trace_place calls", "notes/practice.md#trace-hooks"],
    ),
    (
        "traced_backtracking.rs",
        "most_constrained",
        &[],
        &[
            "stage own cases: passed",
            "Over the Node Budget",
            "on leetcode_example line 3",
            "nodes on this puzzle: yours 4208, the reference (most_constrained) 51",
            "notes/most_constrained.md#the-idea",
        ],
    ),
    (
        "traced_backtracking.rs",
        "template",
        &["--time-limit", "0.02", "--limit", "100"],
        &[
            "stage leetcode_example: passed",
            "Time Limit Exceeded",
            "the search is too big",
            "notes/most_constrained.md#the-idea",
        ],
    ),
    (
        "wrong_box.rs",
        "box_of",
        &[],
        &[
            "box_of(3, 0) returned 1, expected 3",
            "|[1]1 1 | 2 2 2 | 3 3 3 |",
            "| 0 0 0 |[1]1 1 | 2 2 2 |",
            "notes/practice.md#the-box-index",
        ],
    ),
    (
        "valid_no_box.rs",
        "valid_sudoku",
        &[],
        &[
            "is_valid_sudoku returned true, expected false (the marked cells clash in box 5)",
            "| . . . |[7]. . | . . . |",
            "| . . . | . .[7]| . . . |",
            "notes/practice.md#the-box-index",
        ],
    ),
    (
        "valid_no_column.rs",
        "valid_sudoku",
        &[],
        &[
            "is_valid_sudoku returned true, expected false (the marked cells clash in column 7)",
            "notes/practice.md#can-this-digit-go-here",
        ],
    ),
    (
        "valid_counts_blanks.rs",
        "valid_sudoku",
        &[],
        &[
            "is_valid_sudoku returned false, expected true",
            "notes/practice.md#can-this-digit-go-here",
        ],
    ),
];

#[test]
fn every_classified_hint_is_triggered_by_a_broken_solution() {
    std::thread::scope(|scope| {
        let runs: Vec<_> = HINTS
            .iter()
            .map(|&(file, exercise, more, _)| {
                scope.spawn(move || check(&fixture(file), exercise, more))
            })
            .collect();
        for (run, (file, exercise, _, expected)) in runs.into_iter().zip(HINTS) {
            let (status, report) = run.join().expect("the check ran");
            assert_eq!(status, Some(1), "{file} as {exercise}:\n{report}");
            for needle in *expected {
                assert!(
                    report.contains(needle),
                    "{file} as {exercise}: {needle:?} missing from\n{report}"
                );
            }
            assert!(report.contains("\nhint: "), "{report}");
        }
    });
}

#[test]
fn the_fixtures_that_should_pass_pass() {
    let (status, report) = check(&fixture("plain_backtracking.rs"), "template", &[]);
    assert_eq!(status, Some(0), "{report}");
}

#[test]
fn hints_escalate_one_level_at_a_time_and_are_remembered() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let exercise = practice::find("box_of").expect("a rung");
    for level in 1..=4 {
        let output = sudoku37(dir.path(), &["hint", "box_of"]);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{stdout}");
        let shown = level.min(3);
        assert!(stdout.contains(&format!("({shown} of 3)")), "{stdout}");
        for (index, hint) in exercise.hints.iter().enumerate() {
            assert_eq!(stdout.contains(hint), index < shown, "{stdout}");
        }
    }
    let other = text(&sudoku37(dir.path(), &["hint", "template"]).stdout);
    assert!(other.contains("(1 of 3)"), "{other}");
}

#[test]
fn start_never_overwrites_and_bad_names_are_one_error_line() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let first = sudoku37(dir.path(), &["start", "template"]);
    assert_eq!(first.status.code(), Some(0));
    let path = dir.path().join("template.rs");
    std::fs::write(&path, "// my work").expect("write");
    let again = sudoku37(dir.path(), &["start", "template"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stderr).starts_with("error: "));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "// my work");
    for arguments in [
        &["start", "sudoku"][..],
        &["check", "nothing_here"][..],
        &["hint", "nope"][..],
        &["check", "bool_arrays"][..],
    ] {
        let output = sudoku37(dir.path(), arguments);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{arguments:?}: {stderr}");
    }
}

#[test]
fn the_ladder_lists_every_rung_in_order_with_the_next_step() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let bare = text(&sudoku37(dir.path(), &[]).stdout);
    assert_eq!(bare, text(&sudoku37(dir.path(), &["list"]).stdout));
    let names: Vec<&str> = bare
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            words.next().filter(|number| number.ends_with('.'))?;
            words.next()
        })
        .collect();
    let expected: Vec<&str> = LADDER.iter().map(|exercise| exercise.name).collect();
    assert_eq!(names, expected);
    assert!(
        bare.contains("Next: sudoku37 practice start box_of"),
        "{bare}"
    );
}

/// The learner's own exercises, as `practice start` wrote them into
/// `practice/mine/`: `cargo test` shows how far each has come. A fresh clone
/// has none, and this passes.
#[test]
fn every_exercise_you_have_started_passes() {
    let mine = Path::new(env!("CARGO_MANIFEST_DIR")).join("practice/mine");
    let Ok(entries) = std::fs::read_dir(&mine) else {
        return;
    };
    let mut failing = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(name) = path
            .file_stem()
            .and_then(|stem| stem.to_str())
            .filter(|_| path.extension().is_some_and(|extension| extension == "rs"))
        else {
            continue;
        };
        if practice::find(name).is_none() {
            continue;
        }
        let output = sudoku37(&mine, &["check", name]);
        if output.status.code() != Some(0) {
            failing.push(format!("{name}:\n{}", text(&output.stdout)));
        }
    }
    assert!(failing.is_empty(), "{}", failing.join("\n\n"));
}

#[test]
fn check_html_plays_your_search_beside_the_reference_and_says_where_they_part() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let page = dir.path().join("race.html");
    let page_argument = page.to_str().expect("a UTF-8 path");
    let (status, report) = check(
        &fixture("traced_backtracking.rs"),
        "template",
        &["--limit", "1", "--html", page_argument],
    );
    assert_eq!(status, Some(0), "{report}");
    assert!(
        report.contains("your search (8365 steps) beside early_exit's (8365 steps); the two searches are the same, step for step"),
        "{report}"
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.contains("\"yours\"") && html.contains("early_exit"));
    // Over the budget: the page shows where the searches part.
    let (status, report) = check(
        &fixture("traced_backtracking.rs"),
        "most_constrained",
        &["--html", page_argument],
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("the searches first part at step 1: yours: place row 1, column 3, digit 1; the reference's: place row 5, column 5, digit 5"),
        "{report}"
    );
}

/// Issue 30, item 2: inner attributes at the top of a learner's file.
#[test]
fn a_file_that_starts_with_inner_attributes_is_checked() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let code = std::fs::read_to_string(fixture("plain_backtracking.rs")).expect("the fixture");
    let file = dir.path().join("template.rs");
    std::fs::write(
        &file,
        format!("#![allow(dead_code)]\n#![allow(unused)]\n{code}"),
    )
    .expect("write the file");
    let (status, report) = check(&file, "template", &[]);
    assert_eq!(status, Some(0), "{report}");
    assert!(report.contains("stage compile: passed"), "{report}");
}

/// Issue 30, item 3: `practice check --edition`, as `judge --edition`.
#[test]
fn check_compiles_under_the_edition_asked_for() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let code = std::fs::read_to_string(fixture("plain_backtracking.rs")).expect("the fixture");
    // A let chain: edition 2024 only.
    let code = code.replace(
        "            if Self::fits(board, r, c, d) {",
        "            if let true = Self::fits(board, r, c, d) && d != '0' {",
    );
    assert!(code.contains("let true"), "the fixture changed");
    let file = dir.path().join("template.rs");
    std::fs::write(&file, code).expect("write the file");
    let (status, report) = check(&file, "template", &["--edition", "2024"]);
    assert_eq!(status, Some(0), "{report}");
    let (status, report) = check(&file, "template", &[]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("let chains are only allowed in Rust 2024"),
        "{report}"
    );
    let (status, report) = check(&file, "template", &["--edition", "2018"]);
    assert_eq!(status, Some(2), "{report}");
}

/// The data the race page marks the parting with: `{"step": N, "note": ..}`.
fn parting_data(page: &str) -> serde_json::Value {
    let data = page
        .split("const parting = ")
        .nth(1)
        .and_then(|rest| rest.split(";\n").next())
        .expect("the page's parting data");
    serde_json::from_str(data).expect("JSON")
}

/// Issue 30, item 1: the page itself marks where the searches first part.
/// traced_no_box_check.rs follows early_exit's search for three steps, then
/// places a 6 that only the box rules out.
#[test]
fn check_html_marks_the_step_where_the_searches_first_part_and_a_browser_jumps_there() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let page = dir.path().join("race.html");
    let page_argument = page.to_str().expect("a UTF-8 path");
    let (status, report) = check(
        &fixture("traced_no_box_check.rs"),
        "template",
        &["--html", page_argument],
    );
    assert_eq!(status, Some(1), "{report}");
    let note = "the searches first part at step 4: yours: place row 1, column 7, digit 6; \
                the reference's: place row 1, column 7, digit 8";
    assert!(report.contains(note), "{report}");
    let html = std::fs::read_to_string(&page).expect("the page");
    let parting = parting_data(&html);
    assert_eq!(parting["step"], 4, "{parting}");
    let shown_note = "The searches first part at step 4: yours: place row 1, column 7, digit 6; \
                      the reference's: place row 1, column 7, digit 8.";
    assert_eq!(parting["note"], shown_note);

    // The button (pressed by `?jump=parting`) lands on step 4, with the note
    // shown and the cell of that step outlined on both boards.
    let Some(dom) = common::dump_dom(&page, "?jump=parting") else {
        return;
    };
    assert_eq!(common::shown(&dom, "position"), "4");
    assert_eq!(common::shown(&dom, "step-0"), "4");
    assert_eq!(common::shown(&dom, "step-1"), "4");
    assert_eq!(common::shown(&dom, "parting"), shown_note);
    assert!(
        dom.contains("<p id=\"parting-line\">"),
        "the note is hidden:\n{dom}"
    );
    assert!(
        dom.contains("list=\"parting-ticks\""),
        "no tick on the slider"
    );
    assert!(dom.contains("<option value=\"4\""), "no tick on the slider");
    assert_eq!(dom.matches("current-place parting").count(), 2, "{dom}");
    assert_eq!(common::shown(&dom, "last-0"), "place 6 at row 1, column 7");
    assert_eq!(common::shown(&dom, "last-1"), "place 8 at row 1, column 7");
    // Playing from the start pauses there the first time.
    let played = common::dump_dom(&page, "?autoplay=1&speed=10000").expect("Chromium");
    assert_eq!(common::shown(&played, "position"), "4");
    assert_eq!(common::shown(&played, "play"), "play");
    assert_eq!(played.matches("current-place parting").count(), 2);
}
