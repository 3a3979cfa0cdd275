//! The one door for input, as a user meets it: records read and answered as
//! they come, an unclosed record that swallows nothing, FIFOs read or refused,
//! folders of puzzle files that skip what is not a regular file or cannot be
//! read, missing files, and the data folder's variable.

use std::io::{Read, Write};
use std::process::Stdio;
use std::time::Duration;

use sudoku37::approaches::DEFAULT_APPROACH;
use sudoku37::{board, sets};

use crate::common::{example_line, finish_within, make_fifo, stderr, sudoku37, text};

#[test]
fn an_unclosed_leetcode_record_swallows_none_of_what_follows() {
    let one_line = board::to_leetcode(&sets::leetcode_example().board());
    let mut input = String::from("[[\"5\",\"3\",\".\",\".\",\"7\"\n");
    for _ in 0..20 {
        input.push_str(&one_line);
        input.push('\n');
    }
    let output = sudoku37(&["solve"], &input);
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().count(), 21, "{stdout}");
    assert!(stdout.starts_with("error: "), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|line| line.starts_with("[[")).count(),
        20
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn trace_and_explain_start_on_the_first_of_endless_records() {
    for arguments in [&["trace", "-"][..], &["explain", "-"][..]] {
        let mut child = crate::common::command()
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sudoku37");
        // `yes PUZZLE`: the same line for as long as anyone reads it.
        let mut stdin = child.stdin.take().expect("stdin");
        let line = format!("{}\n", example_line());
        let writer = std::thread::spawn(move || while stdin.write_all(line.as_bytes()).is_ok() {});
        let output = finish_within(child, Duration::from_secs(30), arguments[0]);
        let _ = writer.join();
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert!(!output.stdout.is_empty(), "{arguments:?}");
    }
}

#[test]
fn rate_and_show_print_each_record_before_the_input_ends() {
    for command in ["rate", "show", "solve"] {
        let mut child = crate::common::command()
            .args(
                [command, "-", "--jobs", "1"]
                    .iter()
                    .take(if command == "solve" { 4 } else { 2 }),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sudoku37");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(format!("{}\n", example_line()).as_bytes())
            .expect("write one puzzle");
        stdin.flush().expect("flush");
        // The input stays open: the answer must come all the same.
        let mut stdout = child.stdout.take().expect("stdout");
        let (sender, received) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut first = [0u8; 1];
            let _ = sender.send(stdout.read(&mut first).map(|count| count == 1));
        });
        let answered = received.recv_timeout(Duration::from_secs(30));
        drop(stdin);
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            matches!(answered, Ok(Ok(true))),
            "{command}: nothing printed while the input stayed open"
        );
    }
}

#[test]
fn a_long_comment_or_blank_line_is_skipped() {
    for long in ["#".repeat(100_000), " ".repeat(100_000)] {
        let output = sudoku37(&["solve"], format!("{long}\n{}\n", example_line()));
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout).lines().count(), 1);
    }
}

#[test]
fn explain_and_trace_read_a_fifo_and_refuse_what_holds_no_puzzle() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let fifo = dir.path().join("puzzle.fifo");
    if !make_fifo(&fifo) {
        eprintln!("SKIPPED: no mkfifo here");
        return;
    }
    for command in ["explain", "trace"] {
        let path = fifo.clone();
        let line = example_line();
        let writer = std::thread::spawn(move || {
            let mut pipe = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .expect("open the FIFO");
            let _ = writeln!(pipe, "{line}");
        });
        let child = crate::common::command()
            .args([command, fifo.to_str().expect("UTF-8")])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start sudoku37");
        let output = finish_within(child, Duration::from_secs(30), command);
        if !writer.is_finished() {
            // Nobody opened the FIFO: open it here, so the writer can end.
            let _ = std::fs::File::open(&fifo);
        }
        writer.join().expect("the writer");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{command}: {}",
            text(&output.stderr)
        );
    }
    let folder = dir.path().to_str().expect("UTF-8").to_string();
    for command in ["explain", "trace"] {
        let cases = [
            ("/dev/null", "no puzzle in /dev/null"),
            (folder.as_str(), "it is a folder"),
            ("/nonexistent/x", "No such file"),
        ];
        for (argument, says) in cases {
            let output = sudoku37(&[command, argument], "");
            let stderr = text(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{command} {argument}: {stderr}"
            );
            assert!(stderr.contains(says), "{command} {argument}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{command} {argument}: {stderr}");
        }
        // Neither a path nor a puzzle: both are said.
        let typo = format!("{}x", &example_line()[..80]);
        let output = sudoku37(&[command, &typo], "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("No such file"), "{stderr}");
        assert!(stderr.contains("no puzzle either"), "{stderr}");
    }
}

#[test]
fn compare_data_skips_fifos_and_folders_with_a_note() {
    let dir = tempfile::tempdir().expect("temporary folder");
    std::fs::write(dir.path().join("mine.txt"), format!("{}\n", example_line()))
        .expect("write a set");
    std::fs::create_dir(dir.path().join("folder")).expect("a subfolder");
    if !make_fifo(&dir.path().join("pipe")) {
        eprintln!("SKIPPED: no mkfifo here");
        return;
    }
    let child = crate::common::command()
        .args(["compare", "--data"])
        .arg(dir.path())
        .args([
            "--set",
            "mine",
            "--approach",
            sudoku37::approaches::BITMASK.name,
            "--budget",
            "0.2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sudoku37");
    let output = finish_within(child, Duration::from_secs(60), "compare");
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("not a regular file").count(), 2, "{stderr}");
}

#[test]
fn an_empty_data_variable_counts_as_unset() {
    let output = crate::common::command()
        .env(sets::DATA_ENV, "")
        .args([
            "--set",
            "leetcode_example",
            "--approach",
            sudoku37::approaches::BITMASK.name,
            "--budget",
            "0.1",
        ])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
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

#[test]
fn one_bad_file_in_the_data_folder_does_not_stop_compare() {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(scratch.path().join("bad.txt"), b"\xff\xfe\xfd\n").unwrap();
    std::fs::create_dir(scratch.path().join("folder.txt")).unwrap();
    std::fs::write(
        scratch.path().join("good.txt"),
        format!("{}\n", example_line()),
    )
    .unwrap();
    let data = scratch.path().to_string_lossy().into_owned();
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
