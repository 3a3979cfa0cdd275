//! `sudoku37 solve` as a pipeline: the record rules, one output line per
//! record in input order on any number of threads, worker hygiene with
//! `--time-limit`, and write errors.

use crate::common::{conflict_line, example_line, sudoku37, text};

use std::io::Write;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use proptest::prelude::*;
use sudoku37::approaches::{Family, Speed, DEFAULT_APPROACH};
use sudoku37::{approaches, board, sets, solve_checked, Uniqueness};

/// A row-major backtracking search: far too slow to prove Norvig's
/// impossible puzzle has no solution within these tests.
fn reading_order() -> &'static str {
    approaches::of_family(Family::ReadingOrder)
        .next()
        .expect("a reading-order approach")
        .name
}

fn lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Norvig's impossible puzzle: no solution, and a long search to show it.
const IMPOSSIBLE: &str =
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

fn example_solution() -> String {
    board::to_line(sets::leetcode_example().solution_board().as_ref().unwrap())
}

#[test]
fn a_line_of_81_dashes_is_the_empty_board() {
    let output = sudoku37(&["solve"], format!("{}\n", "-".repeat(81)).as_bytes());
    let answer = lines(&output);
    assert_eq!(answer.len(), 1);
    let puzzle = board::parse_line(&".".repeat(81)).unwrap();
    let solved = board::parse_line(&answer[0]).expect("a solution");
    assert_eq!(board::check_solution(&puzzle, &solved), Ok(()));
    assert!(output.status.success());
}

#[test]
fn dashes_as_blanks_between_digits_are_one_puzzle() {
    let line = "1---------2---------3---------4---------5---------6---------7---------8---------9";
    let output = sudoku37(&["solve"], format!("{line}\n").as_bytes());
    let answer = lines(&output);
    assert_eq!(answer.len(), 1, "{answer:?}");
    let puzzle = board::parse_line(line).unwrap();
    let solved = board::parse_line(&answer[0]).expect("a solution");
    assert_eq!(board::check_solution(&puzzle, &solved), Ok(()));
}

#[test]
fn a_line_that_is_not_utf8_is_one_error_between_two_thousand_answers() {
    let line = example_line();
    let mut input = Vec::new();
    for _ in 0..1000 {
        input.extend_from_slice(format!("{line}\n").as_bytes());
    }
    input.extend_from_slice(b"\xc3\x28 not UTF-8\n");
    for _ in 0..1000 {
        input.extend_from_slice(format!("{line}\n").as_bytes());
    }
    let output = sudoku37(&["solve"], &input);
    let answer = lines(&output);
    assert_eq!(answer.len(), 2001);
    assert_eq!(answer[1000], "error: the line is not valid UTF-8");
    assert!(answer
        .iter()
        .enumerate()
        .all(|(index, line)| index == 1000 || *line == example_solution()));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("line 1001: the line is not valid UTF-8")
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn two_puzzles_on_one_line_are_one_record_whose_second_field_is_no_solution() {
    let line = example_line();
    let output = sudoku37(&["solve"], format!("{line} {line}\n").as_bytes());
    assert_eq!(
        lines(&output),
        vec!["error: the second field is not a solution of the first"]
    );
    assert_eq!(output.status.code(), Some(2));
    // With its real solution after it, the line is solved.
    let output = sudoku37(
        &["solve"],
        format!("{line} {}\n", example_solution()).as_bytes(),
    );
    assert_eq!(lines(&output), vec![example_solution()]);
}

#[test]
fn puzzles_separated_by_a_lone_carriage_return() {
    let line = example_line();
    let output = sudoku37(&["solve"], format!("{line}\r{line}\r{line}").as_bytes());
    assert_eq!(lines(&output), vec![example_solution(); 3]);
}

#[test]
fn a_byte_order_mark_is_ignored_before_any_form() {
    let example = sets::leetcode_example();
    let solution = example_solution();
    let leetcode_solution = board::to_leetcode(example.solution_board().as_ref().unwrap());
    for (input, expected) in [
        (example_line(), solution.clone()),
        (format!("# a comment\n{}", example_line()), solution.clone()),
        (board::to_leetcode(&example.board()), leetcode_solution),
        (board::format_grid(&example.board()), solution.clone()),
    ] {
        let output = sudoku37(&["solve"], format!("\u{feff}{input}").as_bytes());
        assert_eq!(lines(&output), vec![expected], "{input}");
        assert!(output.status.success());
    }
}

#[test]
fn an_eight_row_grid_then_a_nine_row_grid() {
    let grid = board::format_grid(&sets::leetcode_example().board());
    let rows: Vec<&str> = grid.lines().filter(|line| line.contains('.')).collect();
    let input = format!("{}\n\n{}\n", rows[..8].join("\n"), rows.join("\n"));
    let output = sudoku37(&["solve"], input.as_bytes());
    assert_eq!(
        lines(&output),
        vec![
            "error: expected 9 rows, found 8".to_string(),
            example_solution()
        ]
    );
}

#[test]
fn leetcode_form_spread_over_nine_lines_is_one_answer() {
    let example = sets::leetcode_example();
    let spread = board::to_leetcode(&example.board()).replace("],[", "],\n[");
    assert_eq!(spread.lines().count(), 9);
    let output = sudoku37(&["solve"], format!("{spread}\n").as_bytes());
    assert_eq!(
        lines(&output),
        vec![board::to_leetcode(
            example.solution_board().as_ref().unwrap()
        )]
    );
}

#[test]
fn answers_keep_the_input_order_on_four_threads() {
    // Hard and easy puzzles interleaved, for an approach whose time per
    // puzzle varies a thousandfold between them: the slowest of those quick
    // on the public hard sets.
    let slowest_on_hard_sets = approaches::at_least(Speed::Hard)
        .next()
        .expect("an approach quick on hard sets")
        .name;
    let hardest = sets::builtin("graded_extreme").unwrap().puzzles;
    let easy = sets::builtin("graded_easy").unwrap().puzzles;
    let mut input = String::new();
    let mut expected = Vec::new();
    for (hard, easy) in hardest.iter().zip(&easy) {
        for puzzle in [hard, easy, easy, easy] {
            input.push_str(&board::to_line(&puzzle.board()));
            input.push('\n');
            expected.push(board::to_line(puzzle.solution_board().as_ref().unwrap()));
        }
    }
    let output = sudoku37(
        &["solve", "--jobs", "4", "-a", slowest_on_hard_sets],
        input.as_bytes(),
    );
    assert_eq!(lines(&output), expected);
    assert!(output.status.success());
}

#[test]
fn jobs_out_of_range_are_refused_with_the_range() {
    for jobs in ["0", "-1", "1025", "99999999999999999999", "two"] {
        let output = sudoku37(&["solve", "--jobs", jobs], b"");
        assert_eq!(output.status.code(), Some(2), "{jobs}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("from 1 to 1024"),
            "{jobs}"
        );
    }
}

#[test]
fn writing_to_a_full_device_is_an_error() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full here");
        return;
    }
    for jobs in ["1", "2"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("open /dev/full");
        let output = crate::common::command()
            .args(["solve", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().expect("stdin");
                stdin.write_all(format!("{}\n", example_line()).as_bytes())?;
                drop(stdin);
                child.wait_with_output()
            })
            .expect("run sudoku37");
        assert_eq!(output.status.code(), Some(2), "--jobs {jobs}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("cannot write the output"),
            "--jobs {jobs}"
        );
    }
}

#[test]
fn a_closed_pipe_is_a_quiet_success() {
    let line = example_line();
    let input: String = (0..50_000).map(|_| format!("{line}\n")).collect();
    for jobs in ["1", "2"] {
        let mut child = crate::common::command()
            .args(["solve", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start");
        let mut stdin = child.stdin.take().unwrap();
        let text = input.clone();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        });
        // Read one line, then close the pipe.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 82];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        let _ = writer.join();
        assert_eq!(output.status.code(), Some(0), "--jobs {jobs}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "--jobs {jobs}");
    }
}

#[test]
fn the_first_answer_comes_before_the_input_ends() {
    for jobs in ["1", "2"] {
        let mut child = crate::common::command()
            .args(["solve", "--jobs", jobs])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start");
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("{}\n", example_line()).as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        // The input stays open: the answer must arrive all the same.
        let mut stdout = child.stdout.take().unwrap();
        let mut answer = [0u8; 82];
        std::io::Read::read_exact(&mut stdout, &mut answer).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&answer),
            format!("{}\n", example_solution())
        );
        drop(stdin);
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn a_puzzle_the_count_proves_impossible_is_no_solution_not_a_timeout() {
    let output = sudoku37(
        &[
            "solve",
            "--unique",
            "--timeout",
            "0.2",
            "-a",
            reading_order(),
        ],
        format!("{IMPOSSIBLE}\n").as_bytes(),
    );
    assert_eq!(
        lines(&output),
        vec!["error: no solution (the solution count found none)"]
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn count_refuses_an_approach_or_a_timeout() {
    for extra in [["-a", DEFAULT_APPROACH], ["--timeout", "1"]] {
        let mut arguments = vec!["solve", "--count"];
        arguments.extend(extra);
        let output = sudoku37(&arguments, b"");
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("cannot be used with"));
    }
}

#[test]
fn timeouts_out_of_range_say_too_large_or_not_positive() {
    for (value, says) in [
        ("inf", "too large"),
        ("1e300", "too large"),
        ("18446744073709551616", "too large"),
        ("0", "not positive"),
        ("-3", "not positive"),
        ("NaN", "not positive"),
        ("soon", "not a number"),
    ] {
        let output = sudoku37(&["solve", "--timeout", value], b"");
        assert_eq!(output.status.code(), Some(2), "{value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{value}: {stderr}");
    }
}

/// The process ids of `parent`'s children (Linux).
#[cfg(target_os = "linux")]
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{parent}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|children| {
            children
                .split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Whether a process is still running (a zombie has ended).
#[cfg(target_os = "linux")]
fn is_running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| {
            let state = stat
                .rsplit(')')
                .next()?
                .split_whitespace()
                .next()?
                .to_string();
            Some(state != "Z" && state != "X")
        })
        .unwrap_or(false)
}

/// Starts `solve --time-limit SECONDS --jobs 1` with a reading-order approach on
/// Norvig's impossible puzzle, which it needs far longer than these tests to
/// refute; the input stays open.
#[cfg(target_os = "linux")]
fn start_impossible_search(
    seconds: &str,
    stdout: Stdio,
) -> (std::process::Child, std::process::ChildStdin) {
    let mut parent = crate::common::command()
        .args([
            "solve",
            "-a",
            reading_order(),
            "--timeout",
            seconds,
            "--jobs",
            "1",
        ])
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("start");
    let mut stdin = parent.stdin.take().expect("stdin");
    stdin
        .write_all(format!("{IMPOSSIBLE}\n").as_bytes())
        .and_then(|()| stdin.flush())
        .expect("write the puzzle");
    (parent, stdin)
}

#[cfg(target_os = "linux")]
#[test]
fn a_killed_parent_leaves_no_worker_behind() {
    let (mut parent, stdin) = start_impossible_search("600", Stdio::null());
    let started = Instant::now();
    let worker = loop {
        if let Some(&worker) = children_of(parent.id()).first() {
            break worker;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no worker started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // Let the worker get into its search.
    std::thread::sleep(Duration::from_millis(300));
    assert!(is_running(worker));
    parent.kill().expect("SIGKILL the parent");
    parent.wait().expect("reap the parent");
    let killed = Instant::now();
    while is_running(worker) {
        assert!(
            killed.elapsed() < Duration::from_secs(3),
            "worker {worker} still running 3 s after its parent was killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
}

#[cfg(target_os = "linux")]
#[test]
fn a_worker_that_timed_out_is_reaped() {
    let (mut parent, stdin) = start_impossible_search("0.2", Stdio::piped());
    let mut stdout = parent.stdout.take().unwrap();
    let mut answer = String::new();
    let mut byte = [0u8; 1];
    while std::io::Read::read(&mut stdout, &mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        answer.push(char::from(byte[0]));
    }
    assert!(answer.starts_with("error: stopped after 0.2 s"), "{answer}");
    // The input is still open, the parent still running: its stopped worker
    // must already be gone, not left a zombie.
    let zombies: Vec<u32> = children_of(parent.id())
        .into_iter()
        .filter(|&child| !is_running(child))
        .collect();
    assert_eq!(zombies, Vec::<u32>::new());
    drop(stdin);
    parent.wait().unwrap();
}

/// One record of each kind, as text ending in a line break, and what the
/// solver must print for it (`None`: an error line).
fn record() -> impl Strategy<Value = (Vec<u8>, Option<String>)> {
    let example = sets::leetcode_example();
    let line = board::to_line(&example.board());
    let solution = board::to_line(example.solution_board().as_ref().unwrap());
    let leetcode = board::to_leetcode(&example.board());
    let leetcode_solution = board::to_leetcode(example.solution_board().as_ref().unwrap());
    let grid = board::format_grid(&example.board());
    let plain_rows: Vec<String> = line
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    prop_oneof![
        Just((format!("{line}\n").into_bytes(), Some(solution.clone()))),
        Just((
            format!("{line} {solution}\n").into_bytes(),
            Some(solution.clone())
        )),
        Just((
            format!("{leetcode}\n").into_bytes(),
            Some(leetcode_solution.clone())
        )),
        Just((
            format!("{}\n", leetcode.replace("],[", "],\n[")).into_bytes(),
            Some(leetcode_solution)
        )),
        Just((format!("{grid}\n").into_bytes(), Some(solution.clone()))),
        Just((
            format!("{}\n\n", plain_rows.join("\n")).into_bytes(),
            Some(solution.clone())
        )),
        (1usize..9).prop_map(move |rows| (
            format!("{}\n\n", plain_rows[..rows].join("\n")).into_bytes(),
            None
        )),
        "[a-z]{1,7}( [a-z]{1,7})?".prop_map(|junk| (format!("{junk}\n").into_bytes(), None)),
        Just((b"\xff\xfe\n".to_vec(), None)),
        Just((format!("{line}{line}\n").into_bytes(), None)),
    ]
}

/// Lines that are not records: blanks and comments.
fn filler() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(Vec::new()),
        Just(b"\n".to_vec()),
        Just(b"# a comment\n".to_vec()),
    ]
}

/// Rewrites `\n` line breaks as `ending`.
fn with_endings(text: &[u8], ending: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 2);
    for &byte in text {
        if byte == b'\n' {
            out.extend_from_slice(ending);
        } else {
            out.push(byte);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any mix of records of every kind, with any line endings: one output
    /// line per record, and every good puzzle solved.
    #[test]
    fn one_output_line_per_record(
        parts in proptest::collection::vec((filler(), record()), 1..12),
        ending in prop_oneof![Just(b"\n".to_vec()), Just(b"\r\n".to_vec()), Just(b"\r".to_vec())],
        jobs in prop_oneof![Just("1"), Just("3")],
    ) {
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for (filler, (text, answer)) in &parts {
            input.extend_from_slice(filler);
            input.extend_from_slice(text);
            expected.push(answer.clone());
        }
        let input = with_endings(&input, &ending);
        let output = sudoku37(&["solve", "--jobs", jobs], &input);
        let printed = lines(&output);
        prop_assert_eq!(printed.len(), expected.len(), "{:?}", String::from_utf8_lossy(&input));
        for (line, answer) in printed.iter().zip(&expected) {
            match answer {
                Some(answer) => prop_assert_eq!(line, answer),
                None => prop_assert!(line.starts_with("error: "), "{}", line),
            }
        }
    }
}

#[test]
fn solve_checked_and_the_command_line_accept_and_reject_the_same_records() {
    let example = sets::leetcode_example();
    let line = example_line();
    let solution = example_solution();
    let grid = board::format_grid(&example.board());
    let mut clash = line.clone();
    clash.replace_range(2..3, "5");
    let inputs = [
        line.clone(),
        format!("  {line}\t"),
        "-".repeat(81),
        format!("{line} {solution}"),
        format!("{line} {line}"),
        format!("{line} {solution} extra"),
        board::to_leetcode(&example.board()),
        board::to_leetcode(&example.board()).replace("],[", "],\n["),
        grid.clone(),
        grid.lines().take(5).collect::<Vec<_>>().join("\n"),
        clash,
        "not a puzzle".to_string(),
        line[..80].to_string(),
        format!("{}x", &line[..80]),
        "[[\"5\"".to_string(),
    ];
    let fastest = approaches::default_approach();
    for input in inputs {
        let output = sudoku37(&["solve"], format!("{input}\n").as_bytes());
        let printed = lines(&output);
        assert_eq!(printed.len(), 1, "{input}");
        match solve_checked(&input, fastest, Uniqueness::Any) {
            Ok(solved) => {
                let answer = &printed[0];
                assert!(!answer.starts_with("error:"), "{input}: {answer}");
                let solved_line = sudoku37::grid::line_of(&solved.solution);
                assert!(
                    *answer == solved_line
                        || *answer == board::to_leetcode(&board::from_cells(&solved.solution)),
                    "{input}"
                );
            }
            Err(error) => assert_eq!(printed[0], format!("error: {error}"), "{input}"),
        }
    }
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
