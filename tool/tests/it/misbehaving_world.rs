//! The third hostile pass: the world misbehaves around the tool. Standard
//! error is full or closed, input never ends, a record is left unclosed, a
//! path is a FIFO, the judge is signalled or judged on nothing. Each test
//! here failed before its fix.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{finish_within, processes_under, sudoku37};
use sudoku37::{board, sets};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku37");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn example_line() -> String {
    board::to_line(&sets::leetcode_example().board())
}

/// The example with its first two givens the same digit: conflicting givens.
fn conflict_line() -> String {
    let line = example_line();
    format!("55{}", &line[2..])
}

fn full_device() -> Option<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()
}

/// The resident memory of a process, in KiB (Linux).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

fn make_fifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|status| status.success())
}

// 1. A failed write to standard error never ends a run or touches stdout.

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
            let mut child = Command::new(BIN)
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
        "\"{BIN}\" rate \"{}\" 2>&1 | head -1 >/dev/null; echo \"${{PIPESTATUS[0]}}\"",
        file.display()
    );
    let output = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("bash");
    assert_eq!(text(&output.stdout).trim(), "0", "{}", text(&output.stderr));
}

// 2. An unclosed LeetCode record swallows nothing.

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

// 3. Endless input is read in bounded memory, and the first record is not
//    kept waiting for the rest.

#[test]
fn endless_input_is_read_in_bounded_memory() {
    if !Path::new("/proc/self/status").exists() {
        eprintln!("SKIPPED: no /proc here");
        return;
    }
    let dir = tempfile::tempdir().expect("temporary folder");
    let solution = dir.path().join("solution.rs");
    std::fs::write(&solution, "").expect("write");
    let solution = solution.to_string_lossy().into_owned();
    let commands: [Vec<&str>; 4] = [
        vec!["trace", "-"],
        vec!["explain", "-"],
        vec!["solve", "-"],
        vec!["judge", &solution, "--file", "/dev/zero"],
    ];
    for arguments in commands {
        let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
        let mut child = Command::new(BIN)
            .args(&arguments)
            .stdin(zero)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sudoku37");
        std::thread::sleep(Duration::from_millis(1500));
        let resident = resident_kib(child.id());
        let _ = child.kill();
        let _ = child.wait();
        let resident = resident.expect("the process was still reading");
        assert!(
            resident < 100 * 1024,
            "{arguments:?}: {resident} KiB after 1.5 s of /dev/zero"
        );
    }
}

#[test]
fn trace_and_explain_start_on_the_first_of_endless_records() {
    for arguments in [&["trace", "-"][..], &["explain", "-"][..]] {
        let mut child = Command::new(BIN)
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
        let mut child = Command::new(BIN)
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

// 5. Comment and blank lines of any length are skipped.

#[test]
fn a_long_comment_or_blank_line_is_skipped() {
    for long in ["#".repeat(100_000), " ".repeat(100_000)] {
        let output = sudoku37(&["solve"], format!("{long}\n{}\n", example_line()));
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout).lines().count(), 1);
    }
}

// 6. One rule for the PUZZLE argument.

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
        let child = Command::new(BIN)
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

// 7. compare --data never opens a FIFO, and skips a folder.

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
    let child = Command::new(BIN)
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

// 8. Exit statuses follow one rule.

#[test]
fn compare_exits_0_on_puzzles_without_a_solution_as_help_and_readme_say() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("conflicts.txt");
    std::fs::write(&file, format!("{}\n{}\n", conflict_line(), example_line())).expect("write");
    let output = sudoku37(
        &[
            "compare",
            "--file",
            file.to_str().expect("UTF-8"),
            "--approach",
            sudoku37::approaches::BITMASK.name,
            "--budget",
            "0.2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let rule = "compare exits 1 only when some approach gave a wrong answer";
    let help = text(&sudoku37(&["--help"], "").stdout);
    let readme = std::fs::read_to_string(crate::common::root().join("README.md")).expect("README");
    let folded = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(folded(&help).contains(rule), "{help}");
    assert!(folded(&readme).contains(rule), "the README");
}

#[test]
fn judge_with_nothing_to_judge_says_so_and_exits_2() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let solution = dir.path().join("solution.rs");
    std::fs::write(&solution, "").expect("write");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing here\n").expect("write");
    let conflicts = dir.path().join("conflicts.txt");
    std::fs::write(&conflicts, format!("{}\n", conflict_line())).expect("write");
    let empty_dir = dir.path().join("empty_dir");
    std::fs::create_dir(&empty_dir).expect("folder");
    for (option, value) in [
        ("--file", &empty),
        ("--file", &conflicts),
        ("--data", &empty_dir),
    ] {
        let output = Command::new(BIN)
            .arg("judge")
            .arg(&solution)
            .arg(option)
            .arg(value)
            .output()
            .expect("run the judge");
        let stderr = text(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{option} {value:?}: {stderr}"
        );
        assert!(stderr.contains("nothing to judge"), "{stderr}");
        assert!(!text(&output.stdout).contains("Accepted"));
    }
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
        let output = Command::new(BIN)
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

// The smaller faults.

#[test]
fn timeouts_under_a_microsecond_are_refused_with_their_range() {
    for value in ["1e-300", "0.0000001"] {
        let output = sudoku37(&["solve", "--timeout", value], "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{value}: {stderr}");
        assert!(stderr.contains("at least 0.000001"), "{value}: {stderr}");
    }
    // A microsecond is accepted; whether the worker answers within it
    // depends on the machine, but a stop never says "0 s".
    let output = sudoku37(&["solve", "--timeout", "0.000001"], example_line());
    let stderr = text(&output.stderr);
    match output.status.code() {
        Some(0) => assert!(stderr.is_empty(), "{stderr}"),
        Some(1) => assert!(stderr.contains("stopped after 0.000001 s"), "{stderr}"),
        other => panic!("exit {other:?}: {stderr}"),
    }
}

#[test]
fn an_empty_data_variable_counts_as_unset() {
    let output = Command::new(BIN)
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
fn solve_says_its_messages_in_input_order_on_any_number_of_threads() {
    let mut input = String::new();
    let mut expected = Vec::new();
    for index in 1..=3000 {
        if index % 7 == 0 {
            input.push_str(&conflict_line());
            expected.push(index);
        } else {
            input.push_str(&example_line());
        }
        input.push('\n');
    }
    for mode in [&["--count"][..], &[][..]] {
        let mut arguments = vec!["solve", "--jobs", "4"];
        arguments.extend_from_slice(mode);
        let output = sudoku37(&arguments, &input);
        let numbers: Vec<usize> = text(&output.stderr)
            .lines()
            .filter_map(|line| line.strip_prefix("line "))
            .filter_map(|rest| rest.split(':').next()?.parse().ok())
            .collect();
        assert_eq!(numbers, expected, "{mode:?}");
    }
}

fn judge_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a temporary folder for the judge");
    (dir, tmp)
}

const SPINS: &str = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        let mut turns = 0u64;\n        loop {\n            turns = std::hint::black_box(turns.wrapping_add(board.len() as u64));\n        }\n    }\n}\n";

// 4. A signalled judge leaves nothing behind.

#[test]
fn a_signalled_judge_leaves_no_program_and_no_temporary_folder() {
    if !Path::new("/proc/self/exe").exists() {
        eprintln!("SKIPPED: no /proc here");
        return;
    }
    for signal in ["TERM", "INT", "KILL"] {
        let (dir, tmp) = judge_dir();
        let solution = dir.path().join("spins.rs");
        std::fs::write(&solution, SPINS).expect("write");
        let judge = Command::new(BIN)
            .env("TMPDIR", &tmp)
            .arg("judge")
            .arg(&solution)
            .args(["--time-limit", "600", "--set", "leetcode_example"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the judge");
        let started = Instant::now();
        let real_tmp = tmp.canonicalize().expect("the folder");
        while processes_under(&real_tmp).is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the program never started"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &judge.id().to_string()])
            .status()
            .expect("kill");
        assert!(killed.success());
        let output = finish_within(judge, Duration::from_secs(10), "the judge");
        assert_ne!(output.status.code(), Some(0), "{signal}");
        let settled = Instant::now();
        while !processes_under(&real_tmp).is_empty() {
            assert!(
                settled.elapsed() < Duration::from_secs(5),
                "SIG{signal}: the compiled program outlived the judge"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        if signal != "KILL" {
            // SIGKILL leaves no chance to clean up; the others do.
            let left: Vec<_> = std::fs::read_dir(&tmp)
                .expect("the folder")
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .collect();
            assert_eq!(left, Vec::<PathBuf>::new(), "SIG{signal}");
        }
    }
}

#[test]
fn a_solution_that_starts_sleep_cannot_stretch_the_time_limit() {
    let (dir, _) = judge_dir();
    let solution = dir.path().join("sleeper.rs");
    std::fs::write(
        &solution,
        "impl Solution {\n    pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {\n        let _ = std::process::Command::new(\"sleep\").arg(\"30\").spawn();\n        loop {\n            std::thread::sleep(std::time::Duration::from_millis(10));\n        }\n    }\n}\n",
    )
    .expect("write");
    let started = Instant::now();
    let output = Command::new(BIN)
        .arg("judge")
        .arg(&solution)
        .args(["--time-limit", "1", "--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Time Limit Exceeded"), "{stdout}");
    // Compiling takes a few seconds; the sleep would take 30.
    assert!(
        started.elapsed() < Duration::from_secs(25),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn judge_compiles_a_file_whose_name_starts_with_a_dash() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let code = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        fn ok(b: &[Vec<char>], r: usize, c: usize, d: char) -> bool {\n            (0..9).all(|i| b[r][i] != d && b[i][c] != d && b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d)\n        }\n        fn go(b: &mut Vec<Vec<char>>) -> bool {\n            for r in 0..9 {\n                for c in 0..9 {\n                    if b[r][c] == '.' {\n                        for d in '1'..='9' {\n                            if ok(b, r, c, d) {\n                                b[r][c] = d;\n                                if go(b) {\n                                    return true;\n                                }\n                                b[r][c] = '.';\n                            }\n                        }\n                        return false;\n                    }\n                }\n            }\n            true\n        }\n        go(board);\n    }\n}\n";
    std::fs::write(dir.path().join("-fast.rs"), code).expect("write");
    let output = Command::new(BIN)
        .current_dir(dir.path())
        .args([
            "judge",
            "./-fast.rs",
            "--set",
            "leetcode_example",
            "--compare-budget",
            "0",
        ])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("Accepted"),
        "{stdout}{}",
        text(&output.stderr)
    );
}

#[test]
fn judge_names_the_stream_a_tail_came_from_and_escapes_control_characters() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let fake = dir.path().join("fake.rs");
    std::fs::write(
        &fake,
        "impl Solution {\n    pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {\n        println!(\"@@sudoku37-judge@@ ok soon\");\n    }\n}\n",
    )
    .expect("write");
    let output = Command::new(BIN)
        .args(["judge"])
        .arg(&fake)
        .args(["--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("its standard output ended with"),
        "{stdout}"
    );
    assert!(!stdout.contains("its standard error"), "{stdout}");

    let escape = dir.path().join("escape.rs");
    std::fs::write(
        &escape,
        "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        board[0][2] = '\\u{1b}';\n    }\n}\n",
    )
    .expect("write");
    let output = Command::new(BIN)
        .args(["judge"])
        .arg(&escape)
        .args(["--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    assert!(stdout.contains("\\u{1b}"), "{stdout}");
}
