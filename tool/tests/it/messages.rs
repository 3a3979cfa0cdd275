//! Messages that tell the truth: what the tool says about a learner's file,
//! a set, a budget, a picture or a folder is what happened, in the user's
//! terms, run as a user runs it.

use crate::common::text;
use std::path::Path;
use std::process::{Output, Stdio};

use sudoku37::{approaches, paste};

fn run_in(folder: &Path, arguments: &[&str]) -> Output {
    crate::common::command()
        .args(arguments)
        .current_dir(folder)
        .env("SUDOKU37_PRACTICE_DIR", folder.join("mine"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run sudoku37")
}

fn pasted(approach: &str) -> String {
    let approach = approaches::find(approach).expect("registered");
    paste::extract(approach.code).expect("a paste region")
}

/// bool_arrays' pasted code with `code` at the end of `solve_sudoku`.
fn solution_ending_with(code: &str) -> String {
    let signature = "pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {";
    pasted(approaches::BOOL_ARRAYS.name).replacen(
        signature,
        &format!("{signature}\n        Self::solve_then(board);\n        {code}\n    }}\n    fn solve_then(board: &mut Vec<Vec<char>>) {{"),
        1,
    )
}

const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// 16. A stray file or folder named like an exercise.

#[test]
fn practice_check_name_checks_the_exercise_not_a_stray_file_of_that_name_here() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("template")).expect("a stray folder");
    let output = run_in(dir.path(), &["practice", "check", "template"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    // Not started yet: the learner's file in the practice folder is named.
    assert!(stderr.contains("mine/template.rs"), "{stderr}");
    assert!(stderr.contains("practice start template"), "{stderr}");
}

// 17. Compile errors in the learner's terms.

#[test]
fn an_empty_file_or_a_misspelled_method_is_said_in_the_learner_s_terms() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("empty.rs"), "").expect("write");
    std::fs::write(
        dir.path().join("typo.rs"),
        pasted(approaches::BOOL_ARRAYS.name).replace("solve_sudoku", "solve_sudok"),
    )
    .expect("write");
    for (file, extra) in [
        ("empty.rs", None),
        ("typo.rs", Some("`solve_sudok`, a similar name")),
    ] {
        let output = run_in(dir.path(), &["judge", file, "--set", "leetcode_example"]);
        let stdout = text(&output.stdout);
        assert!(stdout.starts_with("Compile Error"), "{stdout}");
        assert!(!stdout.contains("__sudoku37_driver"), "{stdout}");
        assert!(
            stdout.contains("your file has no `pub fn solve_sudoku` inside `impl Solution`"),
            "{stdout}"
        );
        if let Some(extra) = extra {
            assert!(stdout.contains(extra), "{stdout}");
        }
    }
}

// 18. A character literal holding a quote.

#[test]
fn a_quote_in_a_character_literal_does_not_hide_struct_solution() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let code = format!(
        "fn quote() -> char {{ '\"' }}\nstruct Solution;\n{}",
        pasted(approaches::BOOL_ARRAYS.name)
    );
    std::fs::write(dir.path().join("quote.rs"), code).expect("write");
    let output = run_in(
        dir.path(),
        &[
            "judge",
            "quote.rs",
            "--set",
            "leetcode_example",
            "--compare-budget",
            "0",
        ],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted"), "{stdout}");
}

// 19. Set names that collide.

#[test]
fn sets_whose_names_collide_are_all_read_or_said() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("a folder");
    std::fs::write(data.join("bar"), format!("{EXAMPLE}\n")).expect("write");
    std::fs::write(data.join("bar.txt"), format!("{EXAMPLE}\n{EXAMPLE}\n")).expect("write");
    let output = run_in(
        dir.path(),
        &[
            "compare",
            "--data",
            "data",
            "--set",
            "bar",
            "--approach",
            approaches::BITMASK.name,
            "--budget",
            "0.2",
        ],
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("bar.txt") && stderr.contains("taken by another file"),
        "{stderr}"
    );
    // A file named like the built-in example is judged, as itself.
    let mine = dir.path().join("my");
    std::fs::create_dir(&mine).expect("a folder");
    std::fs::write(mine.join("leetcode_example.txt"), format!("{EXAMPLE}\n")).expect("write");
    std::fs::write(
        dir.path().join("ok.rs"),
        pasted(approaches::BOOL_ARRAYS.name),
    )
    .expect("write");
    let output = run_in(
        dir.path(),
        &[
            "judge",
            "ok.rs",
            "--file",
            "my/leetcode_example.txt",
            "--compare-budget",
            "0",
        ],
    );
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("Accepted: 2 of 2"),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(stdout.contains("my/leetcode_example.txt"), "{stdout}");
}

// 20. A budget shorter than the repeats.

#[test]
fn a_short_budget_still_times_a_puzzle_solved_in_microseconds() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = run_in(
        dir.path(),
        &[
            "compare",
            "--set",
            "leetcode_example",
            "--approach",
            approaches::BITBOARD.name,
            "--budget",
            "0.05",
            "--format",
            "csv",
        ],
    );
    let stdout = text(&output.stdout);
    let row = stdout
        .lines()
        .find(|line| line.starts_with("bitboard,"))
        .expect("bitboard's row");
    // approach,set,puzzles,finished,solved,...
    assert!(row.starts_with("bitboard,leetcode_example,1,1,1,"), "{row}");
}

// 21. Pictures of a puzzle that has no solution.

#[test]
fn explain_pictures_of_a_puzzle_with_no_solution_say_why() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Row 1 needs a 9 in its last cell, and column 9 holds one.
    let none = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    for arguments in [
        vec!["explain", "--svg", "pictures", &none],
        vec!["explain", "--svg", "empty", &".".repeat(81)],
    ] {
        let output = run_in(dir.path(), &arguments);
        let stdout = text(&output.stdout);
        assert!(!stdout.contains("to step-000.svg"), "{stdout}");
        assert!(
            output.status.code() != Some(0) || stdout.contains("solved"),
            "{stdout}"
        );
    }
    let output = run_in(dir.path(), &["explain", "--svg", "pictures", &none]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("no solution") || stdout.contains("ran out"),
        "{stdout}"
    );
}

// 22. A folder whose progress cannot be updated.

#[test]
fn a_progress_that_cannot_be_kept_is_said_and_no_next_hint_is_promised() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    // The lock cannot be taken: as good as a read-only folder, even for root.
    std::fs::create_dir(mine.join(".progress.lock")).expect("a folder in its way");
    let output = run_in(dir.path(), &["practice", "hint", "template"]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stdout.contains("1. the concept"), "{stdout}");
    assert!(!stdout.contains("again for the next one"), "{stdout}");
    assert!(
        stderr.contains("cannot lock your progress: ")
            && stderr.contains(".progress.lock is a folder"),
        "{stderr}"
    );
    // A pass that cannot be recorded is no success.
    std::fs::write(
        mine.join("box_of.rs"),
        "impl Solution {\n    pub fn box_of(r: usize, c: usize) -> usize {\n        r / 3 * 3 + c / 3\n    }\n}\n",
    )
    .expect("write");
    let output = run_in(dir.path(), &["practice", "check", "box_of"]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(stdout.contains("Passed"), "{stdout}");
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not recorded"), "{stderr}");
}

// 23. A board with a tenth row.

#[test]
fn a_tenth_row_is_said_as_a_shape_not_as_a_cell_that_differs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(
        dir.path().join("tall.rs"),
        solution_ending_with("board.push(board[0].clone());"),
    )
    .expect("write");
    let output = run_in(
        dir.path(),
        &["judge", "tall.rs", "--set", "leetcode_example"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
    assert!(stdout.contains("10 rows"), "{stdout}");
    assert!(!stdout.contains("expected '5', received '5'"), "{stdout}");
}

// 24. The practice folder, outside a checkout and inside one.

#[test]
fn the_practice_folder_is_the_checkout_s_and_outside_one_a_word_says_so() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let output = crate::common::command()
        .args(["practice", "list"])
        .current_dir(dir.path())
        .env_remove("SUDOKU37_PRACTICE_DIR")
        .output()
        .expect("run sudoku37");
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("no checkout of sudoku37 holds this folder"),
        "{stdout}"
    );
    // Inside a checkout (a folder with notes/practice.md and Cargo.toml),
    // from a folder below it: the checkout's practice/mine.
    let checkout = dir.path().join("checkout");
    std::fs::create_dir_all(checkout.join("notes")).expect("a folder");
    std::fs::create_dir_all(checkout.join("src/deep")).expect("a folder");
    std::fs::write(checkout.join("notes/practice.md"), "# practice\n").expect("write");
    std::fs::write(checkout.join("Cargo.toml"), "[package]\n").expect("write");
    let output = crate::common::command()
        .args(["practice", "list"])
        .current_dir(checkout.join("src/deep"))
        .env_remove("SUDOKU37_PRACTICE_DIR")
        .output()
        .expect("run sudoku37");
    let stdout = text(&output.stdout);
    let real = checkout.canonicalize().expect("the folder");
    assert!(
        stdout.contains(&format!("{}", real.join("practice/mine").display())),
        "{stdout}"
    );
    assert!(!stdout.contains("no checkout"), "{stdout}");
}

// 26. Control sequences in names and answers.

#[test]
fn control_sequences_in_file_names_and_returned_cells_are_escaped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let name = "\u{1b}]0;pwned\u{7}.rs";
    let output = run_in(dir.path(), &["judge", name]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}"), "{stderr:?}");
    std::fs::write(
        dir.path().join("bidi.rs"),
        solution_ending_with("board[8][8] = '\\u{202e}';"),
    )
    .expect("write");
    let output = run_in(
        dir.path(),
        &["judge", "bidi.rs", "--set", "leetcode_example"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
    assert!(!stdout.contains('\u{202e}'), "{stdout:?}");
}

// 28. Tiny time limits.

#[test]
fn a_tiny_time_limit_is_shown_as_given_and_a_smaller_one_refused_in_plain_words() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("ok.rs"), pasted(approaches::BITBOARD.name)).expect("write");
    let output = run_in(
        dir.path(),
        &[
            "judge",
            "ok.rs",
            "--set",
            "leetcode_example",
            "--time-limit",
            "0.000001",
        ],
    );
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("time limit 0.000001 s per puzzle"),
        "{stdout}"
    );
    assert!(!stdout.contains("0.00 s"), "{stdout}");
    let output = run_in(dir.path(), &["judge", "ok.rs", "--time-limit", "1e-12"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("under a microsecond"), "{stderr}");
    assert!(!stderr.contains("unless 0 is allowed"), "{stderr}");
}

#[test]
fn a_panic_message_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("fake_panic.rs");
    std::fs::write(
        &file,
        "impl Solution {\n    pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {\n        panic!(\"\\x1b[2J\\x1b[32mAccepted: 451 of 451\\x1b[0m\\u{202e}gnorw\\nsecond\\rthird\");\n    }\n}\n",
    )
    .expect("write");
    let path = file.to_string_lossy().into_owned();
    for extra in [&[][..], &["--all"][..]] {
        let mut arguments = vec!["judge", &path, "--set", "leetcode_example"];
        arguments.extend_from_slice(extra);
        let output = run_in(dir.path(), &arguments);
        let stdout = text(&output.stdout);
        assert!(stdout.starts_with("Runtime Error"), "{stdout}");
        for raw in ['\u{1b}', '\u{202e}', '\r'] {
            assert!(!stdout.contains(raw), "{extra:?}: {stdout:?}");
        }
        assert!(stdout.contains("\\u{1b}[2J"), "{stdout}");
    }
}

#[test]
fn a_set_named_by_a_file_with_control_sequences_is_escaped_in_every_table() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data1");
    std::fs::create_dir(&data).expect("a folder");
    let name = "\u{1b}[2J\u{1b}[32mAccepted\u{1b}[0m.txt";
    std::fs::write(
        data.join(name),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    )
    .expect("a set");
    let solution = dir.path().join("mine.rs");
    std::fs::write(&solution, pasted(approaches::BOOL_ARRAYS.name)).expect("write");
    let file = data.join(name).to_string_lossy().into_owned();
    let judged = run_in(
        dir.path(),
        &["judge", &solution.to_string_lossy(), "--file", &file],
    );
    let compared = run_in(
        dir.path(),
        &[
            "compare",
            "--approach",
            approaches::BOOL_ARRAYS.name,
            "--budget",
            "0.1",
            "--data",
            "data1",
        ],
    );
    for output in [judged, compared] {
        let stdout = text(&output.stdout);
        assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
        assert!(stdout.contains("\\u{1b}[2J"), "{stdout}");
    }
}

#[test]
fn write_into_a_path_that_is_not_utf8_is_no_panic() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let note = dir.path().join(std::ffi::OsStr::from_bytes(b"note\xff.md"));
    std::fs::write(
        &note,
        "intro\n<!-- sudoku37 compare: begin -->\nold\n<!-- sudoku37 compare: end -->\ntail\n",
    )
    .expect("write");
    let output = crate::common::command()
        .args([
            "compare",
            "--approach",
            approaches::BOOL_ARRAYS.name,
            "--budget",
            "0.2",
            "--set",
            "leetcode_example",
        ])
        .arg("--write-into")
        .arg(&note)
        .current_dir(dir.path())
        .output()
        .expect("run sudoku37");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let written = std::fs::read_to_string(&note).expect("read");
    assert!(
        written.contains(approaches::BOOL_ARRAYS.name) && !written.contains("\nold\n"),
        "{written}"
    );
}

#[test]
fn practice_check_in_json_prints_an_object_on_every_early_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("mine")).expect("the practice folder");
    let not_utf8 = dir.path().join("box_of.rs");
    std::fs::write(&not_utf8, b"\xff\xfe impl Solution {}\n").expect("write");
    let folder = dir.path().join("folder.rs");
    std::fs::create_dir(&folder).expect("a folder");
    for target in [
        "box_of".to_string(),
        not_utf8.to_string_lossy().into_owned(),
        "nosuch".to_string(),
        folder.to_string_lossy().into_owned(),
    ] {
        let output = run_in(
            dir.path(),
            &[
                "practice",
                "check",
                &target,
                "--format",
                "json",
                "--exercise",
                "box_of",
            ],
        );
        let output = if target == "nosuch" {
            run_in(
                dir.path(),
                &["practice", "check", "nosuch", "--format", "json"],
            )
        } else {
            output
        };
        assert_eq!(output.status.code(), Some(2), "{target}");
        let object: serde_json::Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|error| panic!("{target}: {error}: {}", text(&output.stdout)));
        assert_eq!(object["passed"], false, "{target}");
        assert!(object["error"]
            .as_str()
            .is_some_and(|error| !error.is_empty()));
        assert!(text(&output.stderr).starts_with("error: "), "{target}");
    }
}
