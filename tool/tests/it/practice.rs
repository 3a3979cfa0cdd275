//! `sudoku37 practice`, run as a learner runs it: every exercise's stub
//! compiles and stops at its first `todo!()`, every exercise's reference
//! passes every stage, every classified hint is triggered by a broken
//! solution in `practice/fixtures/`, and the exercises the learner has
//! started in `practice/mine/` are checked (none on a fresh clone). Each file
//! is compiled once per test, and graded stages take a few puzzles.

use crate::common;
use crate::common::text;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sudoku37_tool::practice::{self, ladder};

fn practice_in(dir: &Path, arguments: &[&str]) -> Output {
    crate::common::command()
        .arg("practice")
        .args(arguments)
        .env(practice::DIR_ENV_NAME, dir)
        .output()
        .expect("run sudoku37 practice")
}

fn fixture(name: &str) -> PathBuf {
    crate::common::root().join("practice/fixtures").join(name)
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
    let output = practice_in(dir.path(), &arguments);
    (
        output.status.code(),
        format!("{}{}", text(&output.stdout), text(&output.stderr)),
    )
}

fn a_stub_compiles_and_its_reference_passes(name: &str) {
    let exercise = practice::find(name).expect("an exercise");
    let dir = tempfile::tempdir().expect("temporary folder");
    // The stub, as `practice start` writes it: it compiles, and the first
    // case stops at a todo!().
    // Started in Chinese, the folder remembers it: the check and the hints
    // answer in Chinese, and the third hint links the Chinese note.
    let started = practice_in(dir.path(), &["start", name, "--lang", "zh"]);
    assert_eq!(started.status.code(), Some(0), "{}", text(&started.stderr));
    let checked = practice_in(dir.path(), &["check", name, "--limit", "2"]);
    let stdout = text(&checked.stdout);
    assert_eq!(checked.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("阶段 编译：通过"), "{stdout}");
    assert!(stdout.contains("诊断（unfinished）"), "{stdout}");
    assert!(stdout.contains("not yet implemented"), "{stdout}");
    for _ in 0..2 {
        practice_in(dir.path(), &["hint", name]);
    }
    let hints = text(&practice_in(dir.path(), &["hint", name]).stdout);
    assert!(hints.contains("notes/zh/practice.md#骨架代码"), "{hints}");
    // The reference, pasted over the stub, passes every stage.
    let file = dir.path().join(format!("{name}.rs"));
    std::fs::write(&file, practice::reference_code(exercise)).expect("write the reference");
    let checked = practice_in(dir.path(), &["check", name, "--limit", "3", "--lang", "en"]);
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
    let listed = text(&practice_in(dir.path(), &["list"]).stdout);
    let row = listed
        .lines()
        .find(|line| line.split_whitespace().nth(1) == Some(name))
        .expect("a row per exercise");
    assert!(row.contains(" passed "), "{listed}");
}

/// `cargo test -p sudoku37-tool --test it practice::every_stub_compiles_and_every_reference_passes::NAME`.
macro_rules! exercises {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            super::a_stub_compiles_and_its_reference_passes(stringify!($name));
        }
    )*};
}

mod every_stub_compiles_and_every_reference_passes {
    exercises!(
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
fn the_test_list_names_every_exercise() {
    let source = std::fs::read_to_string(crate::common::root().join(file!())).expect("this file");
    for exercise in ladder() {
        assert!(
            source.contains(&format!("        {},\n", exercise.name))
                || source.contains(&format!("        {}\n", exercise.name)),
            "add {} to exercises! in tool/tests/it/practice.rs",
            exercise.name
        );
    }
}

/// One row of CAUGHT.
type Caught = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static [&'static str],
);

/// The broken solutions in `practice/fixtures/`: the fixture, the exercise
/// it is checked as, extra options, the diagnosis, and what the report must
/// show besides (the failing case, the evidence, the marked board).
const CAUGHT: &[Caught] = &[
    (
        "type_error.rs",
        "template",
        &[],
        "compile_error",
        &["Compile Error", "--> type_error.rs:23:31"],
    ),
    (
        "no_box_check.rs",
        "template",
        &[],
        "missing_box_check",
        &[
            "Wrong Answer on own case 8",
            "2 stands twice in box 1 (r1c1 and r2c3): the check misses the box",
            "[[\".\",\"3\",\"4\"",
            "|[2]3 4 |",
            "| 6 7[2]|",
            "nodes on this case: yours not counted, the reference (early_exit) 4",
        ],
    ),
    (
        "no_column_check.rs",
        "template",
        &[],
        "missing_column_check",
        &["Wrong Answer", "3 stands twice in column 1 (r1c1 and r9c1)"],
    ),
    (
        "off_by_one.rs",
        "template",
        &[],
        "digit_range",
        &[
            "Runtime Error on own case 1",
            "panicked at off_by_one.rs:8:28: index out of bounds: the len is 9 but the index is 9",
        ],
    ),
    (
        "return_false_in_loop.rs",
        "template",
        &[],
        "no_known_pattern",
        &["the board came back as given, and your code calls no trace hook"],
    ),
    (
        "no_skip_givens.rs",
        "template",
        &[],
        "givens_changed",
        &["the given 3 at r1c2 came back as '.'"],
    ),
    (
        "endless.rs",
        "template",
        &[],
        "endless_search",
        &[
            "Time Limit Exceeded",
            "no answer within 0.50 s on a case with 2 blanks",
        ],
    ),
    (
        "bytes_not_chars.rs",
        "template",
        &[],
        "not_a_digit",
        &["r1c1 holds the character of code 1, the number 1 and not the character '1'"],
    ),
    (
        "plain_backtracking.rs",
        "most_constrained",
        &[],
        "not_counted",
        &["no trace_place call"],
    ),
    (
        "traced_backtracking.rs",
        "most_constrained",
        &[],
        "over_node_budget",
        &[
            "stage own cases: passed",
            "on leetcode_example line 3",
            "nodes on this case: yours 4208, the reference (most_constrained) 51",
            "more candidates than the tightest blank",
        ],
    ),
    (
        "traced_backtracking.rs",
        "template",
        &["--time-limit", "0.02", "--limit", "100"],
        "too_slow",
        // Which stage runs out of time first depends on the machine's load
        // (LeetCode's example too, when it is busy); the diagnosis does not.
        &["Time Limit Exceeded"],
    ),
    (
        "wrong_box.rs",
        "box_of",
        &[],
        "wrong_box_index",
        &[
            "box_of(3, 0) and box_of(0, 3) both returned 1",
            "(the arguments count from 0, the box numbers too)",
            "|[1]1 1 | 2 2 2 | 3 3 3 |",
            "| 0 0 0 |[1]1 1 | 2 2 2 |",
        ],
    ),
    (
        "valid_no_box.rs",
        "valid_sudoku",
        &[],
        "missing_box_check",
        &[
            "is_valid_sudoku called a board valid where 7 stands twice in one box (r4c4 and r6c6)",
            "| . . . |[7]. . | . . . |",
            "| . . . | . .[7]| . . . |",
        ],
    ),
    (
        "valid_no_column.rs",
        "valid_sudoku",
        &[],
        "missing_column_check",
        &["7 stands twice in one column (r1c7 and r9c7)"],
    ),
    (
        "valid_counts_blanks.rs",
        "valid_sudoku",
        &[],
        "blank_as_digit",
        &["is_valid_sudoku called an empty board invalid"],
    ),
];

/// Each broken solution gets its diagnosis, the evidence, and under it the
/// concept of that diagnosis as the one hint, never a formula.
#[test]
fn every_broken_fixture_gets_its_diagnosis_and_only_that_diagnosis_s_concept() {
    std::thread::scope(|scope| {
        let runs: Vec<_> = CAUGHT
            .iter()
            .map(|&(file, exercise, more, _, _)| {
                scope.spawn(move || check(&fixture(file), exercise, more))
            })
            .collect();
        for (run, (file, exercise, _, id, expected)) in runs.into_iter().zip(CAUGHT) {
            let (status, report) = run.join().expect("the check ran");
            assert_eq!(status, Some(1), "{file} as {exercise}:\n{report}");
            assert!(
                report.contains(&format!("diagnosis ({id}): ")),
                "{file} as {exercise}: not {id}:\n{report}"
            );
            for needle in *expected {
                assert!(
                    report.contains(needle),
                    "{file} as {exercise}: {needle:?} missing from\n{report}"
                );
            }
            let concept = practice::Id::from_name(id).expect("a diagnosis").concept(
                practice::find(exercise).expect("an exercise"),
                practice::Language::English,
            );
            assert!(
                report.contains(&format!("\nhint: {concept}\n")),
                "{file} as {exercise}:\n{report}"
            );
            assert_eq!(report.matches("\nhint: ").count(), 1, "{report}");
        }
    });
}

/// A learner's own stubs of the hooks (so that the file builds in their
/// project) take the driver's place: the check says so at once, and the
/// node-budget exercise says why it cannot count, instead of "no call made".
#[test]
fn a_file_with_its_own_trace_hooks_is_told_that_nothing_is_recorded() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let exercise = practice::find("most_constrained").expect("an exercise");
    let file = dir.path().join("own_hooks.rs");
    let code = format!(
        "{}\nfn trace_place(_r: usize, _c: usize, _d: char) {{}}\nfn trace_undo(_r: usize, _c: usize) {{}}\n",
        practice::reference_code(exercise)
    );
    std::fs::write(&file, code).expect("write");
    let (status, report) = check(&file, "most_constrained", &[]);
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("note: your file defines trace_place / trace_undo itself"),
        "{report}"
    );
    assert!(
        report.contains(
            "diagnosis (not_counted): right answers, but your file defines trace_place itself"
        ),
        "{report}"
    );
}

#[test]
fn the_fixtures_that_should_pass_pass() {
    let (status, report) = check(&fixture("plain_backtracking.rs"), "template", &[]);
    assert_eq!(status, Some(0), "{report}");
}

#[test]
fn hints_escalate_one_level_at_a_time_and_are_remembered() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let exercise = practice::find("box_of").expect("an exercise");
    for level in 1..=4 {
        let output = practice_in(dir.path(), &["hint", "box_of"]);
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{stdout}");
        let shown = level.min(3);
        assert!(stdout.contains(&format!("({shown} of 3)")), "{stdout}");
        for (index, hint) in exercise.hints.iter().enumerate() {
            assert_eq!(stdout.contains(hint), index < shown, "{stdout}");
        }
    }
    let other = text(&practice_in(dir.path(), &["hint", "template"]).stdout);
    assert!(other.contains("(1 of 3)"), "{other}");
}

#[test]
fn start_never_overwrites_and_bad_names_are_one_error_line() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let first = practice_in(dir.path(), &["start", "template"]);
    assert_eq!(first.status.code(), Some(0));
    let path = dir.path().join("template.rs");
    std::fs::write(&path, "// my work").expect("write");
    let again = practice_in(dir.path(), &["start", "template"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stderr).starts_with("error: "));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "// my work");
    for arguments in [
        &["start", "sudoku"][..],
        &["check", "nothing_here"][..],
        &["hint", "nope"][..],
        &["check", "bool_arrays"][..],
    ] {
        let output = practice_in(dir.path(), arguments);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{arguments:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{arguments:?}: {stderr}");
    }
}

#[test]
fn the_ladder_lists_every_exercise_in_order_with_the_next_step() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let bare = text(&practice_in(dir.path(), &[]).stdout);
    assert_eq!(bare, text(&practice_in(dir.path(), &["list"]).stdout));
    let names: Vec<&str> = bare
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            words.next().filter(|number| number.ends_with('.'))?;
            words.next()
        })
        .collect();
    let expected: Vec<&str> = ladder().iter().map(|exercise| exercise.name).collect();
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
    let mine = crate::common::root().join("practice/mine");
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
        let output = practice_in(&mine, &["check", name]);
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
        report.contains("the searches first part at step 1: yours: place 1 at r1c3; the reference's: place 5 at r5c5"),
        "{report}"
    );
}

/// Inner attributes at the top of a learner's file.
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

/// `practice check --edition`, as `judge --edition`.
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

/// The page itself marks where the searches first part.
/// traced_no_box_check.rs fails on the own case where only the box refuses
/// a 2 at r1c1: its first step places it, where early_exit places 5.
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
    let note = "the searches first part at step 1: yours: place 2 at r1c1; \
                the reference's: place 5 at r1c1";
    assert!(report.contains(note), "{report}");
    let html = std::fs::read_to_string(&page).expect("the page");
    let parting = parting_data(&html);
    assert_eq!(parting["step"], 1, "{parting}");
    let shown_note = "The searches first part at step 1: yours: place 2 at r1c1; \
                      the reference's: place 5 at r1c1.";
    assert_eq!(parting["note"], shown_note);

    // The button (pressed by `?jump=parting`) lands on step 1, with the note
    // shown and the cell of that step outlined on both boards.
    // One browser opens the page twice: jumped, and played from the start.
    let Some(doms) = common::dump_doms(&[
        (page.as_path(), "?jump=parting"),
        (page.as_path(), "?autoplay=1&speed=10000"),
    ]) else {
        return;
    };
    let (dom, played) = (&doms[0], &doms[1]);
    assert_eq!(common::shown(dom, "position"), "1");
    assert_eq!(common::shown(dom, "step-0"), "1");
    assert_eq!(common::shown(dom, "step-1"), "1");
    assert_eq!(common::shown(dom, "parting"), shown_note);
    assert!(
        dom.contains("<p id=\"parting-line\">"),
        "the note is hidden:\n{dom}"
    );
    assert!(
        dom.contains("list=\"parting-ticks\""),
        "no tick on the slider"
    );
    assert!(dom.contains("<option value=\"1\""), "no tick on the slider");
    assert_eq!(dom.matches("current-place parting").count(), 2, "{dom}");
    assert_eq!(common::shown(dom, "last-0"), "place 2 at row 1, column 1");
    assert_eq!(common::shown(dom, "last-1"), "place 5 at row 1, column 1");
    // Playing from the start pauses there the first time.
    assert_eq!(common::shown(played, "position"), "1");
    assert_eq!(common::shown(played, "play"), "play");
    assert_eq!(played.matches("current-place parting").count(), 2);
}

#[test]
fn watch_checks_again_on_each_save_and_ctrl_c_ends_it_leaving_nothing_behind() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let dir = tempfile::tempdir().expect("temporary folder");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a TMPDIR");
    let started = practice_in(dir.path(), &["start", "box_of"]);
    assert!(started.status.success(), "{started:?}");
    let mut watch = Command::new(common::bin())
        .env(practice::DIR_ENV_NAME, dir.path())
        .env("TMPDIR", &tmp)
        .args(["practice", "watch", "box_of", "--lang", "en"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the watch");
    // Each "watching" line on standard error ends one check.
    let (lines, said) = mpsc::channel();
    let stderr = BufReader::new(watch.stderr.take().expect("its standard error"));
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for_check = |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match said.recv_timeout(left) {
                Ok(line) if line.starts_with("watching ") => break,
                Ok(_) => {}
                Err(_) => panic!("no end of the {what} check within two minutes"),
            }
        }
    };
    wait_for_check("first");
    // Saved as many editors do: a new file renamed over the old one.
    let file = dir.path().join("box_of.rs");
    let stub = std::fs::read_to_string(&file).expect("the stub");
    let saved = dir.path().join(".box_of.rs.new");
    std::fs::write(&saved, stub.replace("todo!()", "r / 3 * 3 + c / 3")).expect("written");
    std::fs::rename(&saved, &file).expect("renamed");
    wait_for_check("second");

    // Ctrl-C.
    let interrupted = Command::new("kill")
        .args(["-INT", &watch.id().to_string()])
        .status()
        .expect("kill");
    assert!(interrupted.success());
    let output = common::finish_within(watch, Duration::from_secs(10), "the watch");
    assert!(!output.status.success(), "{output:?}");
    let report = String::from_utf8_lossy(&output.stdout);
    let unfinished = report
        .find("diagnosis (unfinished)")
        .unwrap_or_else(|| panic!("the stub's todo!() was not reported:\n{report}"));
    let passed = report
        .find("Passed: every stage of box_of.")
        .unwrap_or_else(|| panic!("the saved file was not checked again:\n{report}"));
    assert!(unfinished < passed, "{report}");
    // The pass is remembered, and nothing the checks made is left.
    let list = practice_in(dir.path(), &["list"]);
    let listed = String::from_utf8_lossy(&list.stdout);
    let row = listed
        .lines()
        .find(|line| line.contains("box_of"))
        .unwrap_or_else(|| panic!("no box_of in the list:\n{listed}"));
    assert!(row.contains("passed"), "{row}");
    let left: Vec<_> = std::fs::read_dir(&tmp)
        .expect("the TMPDIR")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    assert_eq!(left, Vec::<PathBuf>::new());
}

/// Holds the progress lock of `dir` (an flock on `.progress.lock`, as
/// another run takes it) until the returned file is dropped.
fn hold_progress_lock(dir: &Path) -> std::fs::File {
    use std::os::fd::AsRawFd;
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".progress.lock"))
        .expect("the lock file");
    // SAFETY: flock on a descriptor this test owns.
    let held = unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX) };
    assert_eq!(held, 0, "the lock");
    lock
}

#[test]
fn a_held_progress_lock_is_waited_on_for_a_bounded_time_and_named() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let started = practice_in(dir.path(), &["start", "box_of"]);
    assert_eq!(started.status.code(), Some(0), "{}", text(&started.stderr));
    let lock = hold_progress_lock(dir.path());
    let mut hint = crate::common::command();
    hint.arg("practice")
        .args(["hint", "box_of"])
        .env(practice::DIR_ENV_NAME, dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let output = common::finish_within(
        hint.spawn().expect("start the hint"),
        std::time::Duration::from_secs(30),
        "a hint behind a held lock",
    );
    drop(lock);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(".progress.lock"), "{stderr}");
    assert!(stderr.contains("another run holds its lock"), "{stderr}");
    // The hint itself was shown all the same.
    assert!(!text(&output.stdout).is_empty());
}

#[test]
fn a_lock_that_is_a_fifo_or_a_folder_is_an_error_that_names_it() {
    for kind in ["fifo", "folder"] {
        let dir = tempfile::tempdir().expect("temporary folder");
        let lock = dir.path().join(".progress.lock");
        if kind == "fifo" {
            if !common::make_fifo(&lock) {
                eprintln!("SKIPPED the FIFO: no mkfifo here");
                continue;
            }
        } else {
            std::fs::create_dir(&lock).expect("a folder");
        }
        let mut hint = crate::common::command();
        hint.arg("practice")
            .args(["hint", "box_of"])
            .env(practice::DIR_ENV_NAME, dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let output = common::finish_within(
            hint.spawn().expect("start the hint"),
            std::time::Duration::from_secs(20),
            "a hint with a strange lock",
        );
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{kind}: {stderr}");
        assert!(stderr.contains(".progress.lock is a"), "{kind}: {stderr}");
        assert!(!stderr.contains("progress.txt:"), "{kind}: {stderr}");
    }
}

#[test]
fn a_hint_reads_the_progress_under_the_lock_so_a_check_that_lands_first_counts() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let progress = dir.path().join("progress.txt");
    std::fs::write(
        &progress,
        "diagnosis template missing_box_check\nhint template 2\n",
    )
    .expect("progress");
    let lock = hold_progress_lock(dir.path());
    let hint = crate::common::command()
        .arg("practice")
        .args(["hint", "template"])
        .env(practice::DIR_ENV_NAME, dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the hint");
    std::thread::sleep(std::time::Duration::from_millis(500));
    // A check lands while the hint waits: a new diagnosis, its hints reset.
    std::fs::write(&progress, "hint template 1\ndiagnosis template no_undo\n").expect("progress");
    drop(lock);
    let output = common::finish_within(hint, std::time::Duration::from_secs(20), "the hint");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("no_undo"), "{stdout}");
    assert!(!stdout.contains("missing_box_check"), "{stdout}");
    let written = std::fs::read_to_string(&progress).expect("progress");
    assert!(written.contains("hint template 2\n"), "{written}");
}

/// A `practice watch` of `name` in `dir`, and its standard error's lines
/// as they come.
fn watching(dir: &Path, name: &str) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut watch = Command::new(common::bin())
        .env(practice::DIR_ENV_NAME, dir)
        .args(["practice", "watch", name, "--lang", "en"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the watch");
    let (lines, said) = std::sync::mpsc::channel();
    let stderr = BufReader::new(watch.stderr.take().expect("its standard error"));
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (watch, said)
}

/// Waits for a line of the watch that starts with `start`.
fn said_within(said: &std::sync::mpsc::Receiver<String>, start: &str, seconds: u64) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match said.recv_timeout(left) {
            Ok(line) if line.starts_with(start) => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
    }
}

const BOX_OF: &str =
    "impl Solution {\n    pub fn box_of(r: usize, c: usize) -> usize {\n        r / 3 * 3 + c / 3\n    }\n}\n";

#[test]
fn watch_follows_a_folder_replaced_under_it_and_a_file_that_is_a_link() {
    // The folder moved away and made anew.
    let dir = tempfile::tempdir().expect("temporary folder");
    let mine = dir.path().join("w1");
    std::fs::create_dir(&mine).expect("a folder");
    std::fs::write(mine.join("box_of.rs"), BOX_OF).expect("write");
    let (watch, said) = watching(&mine, "box_of");
    assert!(said_within(&said, "watching ", 120), "no first check");
    std::fs::rename(&mine, dir.path().join("w1.old")).expect("moved away");
    std::fs::create_dir(&mine).expect("made anew");
    std::fs::write(mine.join("box_of.rs"), BOX_OF).expect("write");
    assert!(
        said_within(&said, "watching ", 60),
        "the watch went deaf when its folder was replaced"
    );
    std::fs::write(mine.join("box_of.rs"), format!("{BOX_OF}// edit\n")).expect("write");
    assert!(
        said_within(&said, "watching ", 60),
        "an edit in the new folder was missed"
    );
    let _ = Command::new("kill")
        .args(["-INT", &watch.id().to_string()])
        .status();
    let _ = common::finish_within(watch, std::time::Duration::from_secs(10), "the watch");

    // A file linked in from the learner's own folder.
    let dir = tempfile::tempdir().expect("temporary folder");
    let own = dir.path().join("mycode");
    let linked = dir.path().join("w4");
    std::fs::create_dir(&own).expect("a folder");
    std::fs::create_dir(&linked).expect("a folder");
    std::fs::write(own.join("box_of.rs"), BOX_OF).expect("write");
    std::os::unix::fs::symlink(own.join("box_of.rs"), linked.join("box_of.rs")).expect("a link");
    let (watch, said) = watching(&linked, "box_of");
    assert!(said_within(&said, "watching ", 120), "no first check");
    std::fs::write(
        own.join("box_of.rs"),
        format!("{BOX_OF}// edited in my own folder\n"),
    )
    .expect("write");
    assert!(
        said_within(&said, "watching ", 60),
        "a save through the link was missed"
    );
    let _ = Command::new("kill")
        .args(["-INT", &watch.id().to_string()])
        .status();
    let _ = common::finish_within(watch, std::time::Duration::from_secs(10), "the watch");
}
