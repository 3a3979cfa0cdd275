//! Bounded everywhere: a file that never ends (`/dev/zero` behind a link, a
//! FIFO nobody writes) is refused at once wherever a file is read, endless
//! input on standard input is read in bounded memory, and the pictures and
//! pages stay within the sizes `--help` promises.

use crate::common::{make_fifo, text};
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `sudoku37` in `folder` with its practice folder there, and fails if
/// it takes more than ten seconds (what hangs is killed).
fn run(arguments: &[&str], folder: &Path) -> Output {
    let mut child = crate::common::command()
        .args(arguments)
        .current_dir(folder)
        .env("SUDOKU37_PRACTICE_DIR", folder.join("mine"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudoku37");
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{arguments:?} still reading after 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output")
}

#[cfg(unix)]
fn link(target: &str, path: &Path) {
    std::os::unix::fs::symlink(target, path).expect("a link");
}

#[cfg(unix)]
#[test]
fn a_learner_s_file_or_progress_that_never_ends_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    link("/dev/zero", &dir.path().join("zero.rs"));
    link("/dev/zero", &mine.join("template.rs"));
    for (arguments, said) in [
        (
            vec!["judge", "zero.rs"],
            "it is a device, not a regular file",
        ),
        (
            vec!["practice", "check", "zero.rs", "--exercise", "template"],
            "it is a device",
        ),
        (vec!["practice", "check", "template"], "it is a device"),
    ] {
        let output = run(&arguments, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(stderr.contains(said), "{arguments:?}: {stderr}");
    }
    // Which exercise a file is, by its first line alone.
    let output = run(&["practice", "check", "zero.rs"], dir.path());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("which exercise is zero.rs"),
        "{}",
        text(&output.stderr)
    );
    // The progress file.
    std::fs::remove_file(mine.join("template.rs")).expect("remove");
    link("/dev/zero", &mine.join("progress.txt"));
    let output = run(&["practice", "list"], dir.path());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("progress.txt"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_fifo_as_the_solution_or_the_learner_s_file_is_refused_and_not_started() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    if !make_fifo(&dir.path().join("fifo.rs")) || !make_fifo(&mine.join("template.rs")) {
        eprintln!("SKIPPED: no mkfifo here");
        return;
    }
    for arguments in [
        vec!["judge", "fifo.rs"],
        vec!["practice", "check", "template"],
    ] {
        let output = run(&arguments, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(stderr.contains("it is a FIFO"), "{arguments:?}: {stderr}");
    }
    let output = run(&["practice", "list"], dir.path());
    let stdout = text(&output.stdout);
    let line = stdout
        .lines()
        .find(|line| line.contains(" template "))
        .expect("the template's line");
    assert!(line.contains("not a regular file"), "{line}");
}

#[test]
fn include_str_of_an_endless_file_stops_the_compiler_at_its_memory_limit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let code = "const Z: &str = include_str!(\"/dev/zero\");\nimpl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        std::hint::black_box((Z.len(), board.len()));\n    }\n}\n";
    std::fs::write(dir.path().join("zeros.rs"), code).expect("write");
    let output = run(
        &["judge", "zeros.rs", "--compile-memory-limit", "512"],
        dir.path(),
    );
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(stdout.starts_with("Compile Error"), "{stdout}");
    // Under bubblewrap the compiler reads the jail's /dev/zero until its
    // memory limit; under landlock (where namespaces are refused) it may
    // not read /dev at all.
    assert!(
        stdout.contains("memory limit of 512 MiB (--compile-memory-limit)")
            || stdout.contains("couldn't read `/dev/zero`: Permission denied"),
        "{stdout}"
    );
}

#[test]
fn a_search_tree_too_large_to_draw_is_refused_instead_of_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A puzzle made against reading-order backtracking: its first 200,000
    // steps (the default) hold more than 50,000 guesses.
    let hard = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let output = run(
        &[
            "trace",
            "-a",
            sudoku37::approaches::BOOL_ARRAYS.name,
            "--tree",
            "tree.svg",
            hard,
        ],
        dir.path(),
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--tree draws at most 50000"), "{stderr}");
    assert!(!dir.path().join("tree.svg").exists());
}

#[test]
fn a_race_page_of_every_approach_stays_within_the_page_size_help_promises() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let mut arguments = vec!["trace", "--html", "race.html"];
    for approach in sudoku37::approaches::names() {
        arguments.extend(["-a", approach]);
    }
    arguments.push(hard);
    let output = run(&arguments, dir.path());
    assert!(
        output.status.code() == Some(0) || output.status.code() == Some(1),
        "{}",
        text(&output.stderr)
    );
    // The default 200,000 steps make at most a 400 KB page, all approaches
    // together (`trace --help`), plus the page itself.
    let size = std::fs::metadata(dir.path().join("race.html"))
        .expect("the page")
        .len();
    assert!(size < 1_000_000, "{size} bytes");
}

/// The resident memory of a process, in KiB (Linux).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

#[test]
fn endless_input_is_read_in_bounded_memory() {
    if !Path::new("/proc/self/status").exists() {
        eprintln!("SKIPPED: no /proc here");
        return;
    }
    // Endless lines, each a comment: read and skipped for as long as they
    // come. (One endless line is refused: see the test below.)
    let commands: [Vec<&str>; 3] = [vec!["trace", "-"], vec!["explain", "-"], vec!["solve", "-"]];
    for arguments in commands {
        let mut child = crate::common::command()
            .args(&arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start sudoku37");
        let mut input = child.stdin.take().expect("its input");
        std::thread::spawn(move || {
            use std::io::Write;
            let lines = "# endless\n".repeat(4096);
            while input.write_all(lines.as_bytes()).is_ok() {}
        });
        std::thread::sleep(Duration::from_millis(1500));
        let resident = resident_kib(child.id());
        let _ = child.kill();
        let _ = child.wait();
        let resident = resident.expect("the process was still reading");
        assert!(
            resident < 100 * 1024,
            "{arguments:?}: {resident} KiB after 1.5 s of endless comment lines"
        );
    }
}

#[test]
fn an_endless_or_binary_file_of_puzzles_stops_with_an_error_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let solution = dir.path().join("mine.rs");
    std::fs::write(&solution, crate::common::solution_with("")).expect("write");
    let solution = solution.to_string_lossy().into_owned();
    for endless in ["/dev/zero", "/dev/urandom"] {
        if !Path::new(endless).exists() {
            eprintln!("SKIPPED {endless}: not on this machine");
            continue;
        }
        let bitmask = sudoku37::approaches::BITMASK.name;
        let mut commands: Vec<Vec<&str>> = vec![
            vec!["judge", &solution, "--file", endless],
            vec![
                "compare",
                "--approach",
                bitmask,
                "--budget",
                "0.1",
                "--file",
                endless,
            ],
        ];
        // solve and rate stream what they read: an endless file of bad lines
        // is answered line by line, as long as it lasts; one endless line
        // ends.
        if endless == "/dev/zero" {
            commands.push(vec!["solve", endless]);
            commands.push(vec!["rate", endless]);
        }
        for arguments in commands {
            // `run` fails the test past ten seconds.
            let output = run(&arguments, dir.path());
            let stderr = format!("{}{}", text(&output.stdout), text(&output.stderr));
            assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
            assert!(stderr.contains("error: "), "{arguments:?}: {stderr}");
            // Random bytes name the line they fail on, which is not always
            // line 1: a first byte that ends a line makes a blank line, which
            // is skipped (about one run in a hundred).
            let said = if endless == "/dev/zero" {
                "a line runs past 1 MiB without ending".to_string()
            } else {
                format!("{endless}: line ")
            };
            assert!(stderr.contains(&said), "{arguments:?}: {stderr}");
            assert!(
                stderr.len() < 1 << 20,
                "{arguments:?}: {} bytes",
                stderr.len()
            );
        }
    }
}
