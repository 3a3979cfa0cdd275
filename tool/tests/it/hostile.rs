//! Every subcommand tried as a hostile user tries it: absurd flag values, a
//! closed pipe, a full device, odd files. Nothing may panic (exit 101) or
//! abort, and nothing may be lost silently.

use crate::common::sudoku37;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use sudoku37::approaches::{self, Family, DEFAULT_APPROACH};
use sudoku37::{board, sets};

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn example_line() -> String {
    board::to_line(&sets::leetcode_example().board())
}

/// The commands that print something, each with the input it reads.
fn printing_commands() -> Vec<(Vec<&'static str>, String)> {
    vec![
        (vec!["list"], String::new()),
        (vec!["paste", DEFAULT_APPROACH], String::new()),
        (
            vec!["generate", "--count", "2", "--min-clues", "60"],
            String::new(),
        ),
        (vec!["show"], format!("{}\n", example_line())),
        (vec!["solve"], format!("{}\n", example_line())),
        (
            vec![
                "compare",
                "--set",
                "leetcode_example",
                "--approach",
                DEFAULT_APPROACH,
            ],
            String::new(),
        ),
        (
            vec![
                "compare",
                "--set",
                "leetcode_example",
                "--approach",
                DEFAULT_APPROACH,
                "--format",
                "json",
            ],
            String::new(),
        ),
    ]
}

#[test]
fn a_closed_pipe_is_a_quiet_exit_in_every_subcommand() {
    for (arguments, input) in printing_commands() {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku37"))
            .args(&arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sudoku37");
        // Close the reading end before anything is printed.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().expect("finishes");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{arguments:?}: {}",
            stderr(&output)
        );
        assert!(
            !stderr(&output).contains("panicked"),
            "{arguments:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_full_device_is_a_message_and_exit_2_in_every_subcommand() {
    if !Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full here");
        return;
    }
    for (arguments, input) in printing_commands() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("open /dev/full");
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku37"))
            .args(&arguments)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sudoku37");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(input.as_bytes());
        drop(stdin);
        let output = child.wait_with_output().expect("finishes");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{arguments:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("cannot write the output"),
            "{arguments:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn budgets_out_of_range_are_refused_not_panicked_on() {
    for (budget, says) in [
        ("1e300", "too large"),
        ("2e19", "too large"),
        ("inf", "too large"),
        ("0", "not positive"),
        ("-1", "not positive"),
        ("NaN", "not positive"),
    ] {
        let output = sudoku37(&["compare", "--budget", budget], "");
        assert_eq!(output.status.code(), Some(2), "{budget}");
        assert!(
            stderr(&output).contains(says),
            "{budget}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_huge_count_prints_puzzles_as_found_instead_of_reserving_room() {
    let output = sudoku37(
        &[
            "generate",
            "--count",
            "18446744073709551615",
            "--max-attempts",
            "1",
            "--min-clues",
            "70",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("found only 1 of 18446744073709551615 puzzles in 1 attempts"),
        "{}",
        stderr(&output)
    );
    let (puzzles, errors) = sets::parse_set(&String::from_utf8_lossy(&output.stdout));
    assert_eq!((puzzles.len(), errors.len()), (1, 0));

    let output = sudoku37(
        &[
            "generate",
            "--count",
            "1000000000",
            "--max-attempts",
            "2",
            "--min-clues",
            "70",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        sets::parse_set(&String::from_utf8_lossy(&output.stdout))
            .0
            .len(),
        2
    );
}

#[test]
fn generate_refuses_zero_and_negative_counts_with_their_range() {
    for arguments in [
        ["generate", "--count", "0"],
        ["generate", "--count", "-5"],
        ["generate", "--max-attempts", "0"],
        ["generate", "--min-clues", "82"],
    ] {
        let output = sudoku37(&arguments, "");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(stderr(&output).contains("invalid value"), "{arguments:?}");
    }
}

#[test]
fn negative_numbers_are_refused_with_their_range_not_as_bad_digits() {
    for (arguments, range) in [
        (
            &["generate", "--seed", "-1"][..],
            "from 0 to 18446744073709551615",
        ),
        (&["generate", "--min-clues", "-3"][..], "from 17 to 81"),
        (
            &["generate", "--count", "-5"][..],
            "from 1 to 18446744073709551615",
        ),
        (
            &["judge", "--limit", "-1", "solution.rs"][..],
            "from 1 to 18446744073709551615",
        ),
        (&["trace", "--delay=-1"][..], "from 0 to 60000"),
    ] {
        let output = sudoku37(arguments, "");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(
            stderr(&output).contains(range),
            "{arguments:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("invalid digit"), "{arguments:?}");
    }
}

/// A scratch folder that is removed afterwards.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path =
            std::env::temp_dir().join(format!("sudoku37-hostile-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("scratch folder");
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn markers_count_only_alone_on_their_own_line() {
    let scratch = Scratch::new("markers");
    let path = scratch.0.join("notes.md");
    let sentence = "The table lives between `<!-- sudoku37 compare: begin -->` and \
                    `<!-- sudoku37 compare: end -->`, which the tool rewrites.\n";
    // No real block: the file is left untouched, and the run says so.
    std::fs::write(&path, sentence).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let arguments = [
        "compare",
        "--set",
        "leetcode_example",
        "--approach",
        DEFAULT_APPROACH,
        "--write-into",
        &path_text,
    ];
    let output = sudoku37(&arguments, "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no block to replace"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), sentence);
    // With a real block after the sentence, only the block changes.
    let text = format!(
        "{sentence}\n<!-- sudoku37 compare: begin -->\nstale\n<!-- sudoku37 compare: end -->\nafter\n"
    );
    std::fs::write(&path, &text).unwrap();
    let output = sudoku37(&arguments, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let updated = std::fs::read_to_string(&path).unwrap();
    assert!(updated.starts_with(sentence), "{updated}");
    assert!(!updated.contains("stale"));
    assert!(updated.ends_with("<!-- sudoku37 compare: end -->\nafter\n"));
    assert!(updated.contains(&format!("`{DEFAULT_APPROACH}`")));
}

#[test]
fn one_bad_file_in_the_data_folder_does_not_stop_compare() {
    let scratch = Scratch::new("data");
    std::fs::write(scratch.0.join("bad.txt"), b"\xff\xfe\xfd\n").unwrap();
    std::fs::create_dir(scratch.0.join("folder.txt")).unwrap();
    std::fs::write(scratch.0.join("good.txt"), format!("{}\n", example_line())).unwrap();
    let data = scratch.0.to_string_lossy().into_owned();
    let output = sudoku37(
        &[
            "compare",
            "--data",
            &data,
            "--approach",
            DEFAULT_APPROACH,
            "--format",
            "csv",
            "--set",
            "good",
            "--set",
            "leetcode_example",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("good,") && stdout.contains("leetcode_example,"),
        "{stdout}"
    );
    let errors = stderr(&output);
    assert!(
        errors.contains("bad.txt") && errors.contains("folder.txt"),
        "{errors}"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_set_name_with_a_bar_keeps_its_markdown_row() {
    let scratch = Scratch::new("bar");
    let file = scratch.0.join("a|b.txt");
    std::fs::write(&file, format!("{}\n", example_line())).unwrap();
    let file = file.to_string_lossy().into_owned();
    let output = sudoku37(
        &[
            "compare",
            "--file",
            &file,
            "--approach",
            DEFAULT_APPROACH,
            "--format",
            "markdown",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let row = stdout
        .lines()
        .find(|line| line.contains(DEFAULT_APPROACH))
        .expect("a row");
    assert!(
        row.starts_with(&format!(r"| a\|b | `{DEFAULT_APPROACH}` |")),
        "{row}"
    );
    // Unescaped bars: the row has as many cells as the header.
    let cells = |line: &str| line.replace(r"\|", "").matches('|').count();
    assert_eq!(cells(row), cells(stdout.lines().next().unwrap()));
}

#[test]
fn json_says_null_when_nothing_finished() {
    let output = sudoku37(
        &[
            "compare",
            "--set",
            "graded_extreme",
            "--approach",
            approaches::of_family(Family::ReadingOrder)
                .next()
                .expect("a reading-order approach")
                .name,
            "--budget",
            "0.000001",
            "--format",
            "json",
        ],
        "",
    );
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    let row = &rows[0];
    assert_eq!(row["finished"], 0, "{row}");
    for field in [
        "median_us",
        "p95_us",
        "max_us",
        "puzzles_per_second",
        "relative_speed",
    ] {
        assert!(row[field].is_null(), "{field}: {row}");
    }
}

#[test]
fn missing_files_and_folders_are_unreadable_input() {
    for command in ["solve", "show"] {
        for path in ["/nonexistent/file.txt", "/"] {
            let output = sudoku37(&[command, path], "");
            assert_eq!(output.status.code(), Some(2), "{command} {path}");
            assert!(stderr(&output).contains("cannot read"), "{command} {path}");
        }
    }
}
