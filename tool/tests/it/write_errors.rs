//! A failed write never loses an answer: a closed pipe ends any subcommand
//! quietly, a full device is a message and exit 2, and a standard error that
//! fails or is closed costs nothing on standard output.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use sudoku37::approaches::DEFAULT_APPROACH;

use crate::common::{conflict_line, example_line, finish_within, stderr, text};
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
        let mut child = crate::common::command()
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
        let mut child = crate::common::command()
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

fn full_device() -> Option<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()
}

#[test]
fn a_full_standard_error_costs_no_answer_in_any_thread() {
    let Some(_) = full_device() else {
        eprintln!("SKIPPED: no /dev/full here");
        return;
    };
    let mut input = String::new();
    for index in 0..4001 {
        input.push_str(&if index == 2000 {
            conflict_line()
        } else {
            example_line()
        });
        input.push('\n');
    }
    for jobs in ["1", "4"] {
        for mode in [&["--count"][..], &[][..]] {
            let mut child = crate::common::command()
                .arg("solve")
                .args(mode)
                .args(["--jobs", jobs])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(full_device().expect("/dev/full"))
                .spawn()
                .expect("start sudoku37");
            let mut stdin = child.stdin.take().expect("stdin");
            let sent = input.clone();
            let writer = std::thread::spawn(move || stdin.write_all(sent.as_bytes()));
            let output = finish_within(child, Duration::from_secs(60), "solve");
            let _ = writer.join();
            let lines = text(&output.stdout).lines().count();
            assert_eq!(lines, 4001, "--jobs {jobs} {mode:?}");
            assert_eq!(output.status.code(), Some(1), "--jobs {jobs} {mode:?}");
        }
    }
}

#[test]
fn rate_with_both_streams_in_one_closed_pipe_exits_quietly() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("puzzles.txt");
    // Malformed records all through: standard error is written to long
    // after `head` has gone.
    let mut input = String::new();
    for index in 0..3000 {
        input.push_str(if index % 10 == 0 { "12345" } else { "" });
        input.push_str(&if index % 10 == 0 {
            String::new()
        } else {
            example_line()
        });
        input.push('\n');
    }
    std::fs::write(&file, input).expect("write the puzzles");
    let script = format!(
        "\"{}\" rate \"{}\" 2>&1 | head -1 >/dev/null; echo \"${{PIPESTATUS[0]}}\"",
        crate::common::bin(),
        file.display()
    );
    let output = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash");
    assert_eq!(text(&output.stdout).trim(), "0", "{}", text(&output.stderr));
}

#[test]
fn help_and_version_into_a_full_device_exit_2() {
    for arguments in [
        &["--help"][..],
        &["--version"][..],
        &["solve", "--help"][..],
    ] {
        let Some(full) = full_device() else {
            eprintln!("SKIPPED: no /dev/full here");
            return;
        };
        let output = crate::common::command()
            .args(arguments)
            .stdout(full)
            .output()
            .expect("run");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(
            text(&output.stderr).contains("cannot write"),
            "{arguments:?}"
        );
    }
}
