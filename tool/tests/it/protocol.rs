//! The protocol between the judge and the program it runs: the driver
//! answers on a channel of its own, each reply starting with the run's
//! secret, and the judge measures every time itself. Nothing the solution
//! prints is taken for an answer, a time or a stream's end, and a reply or
//! a print of any size gets its verdict. Each test is a program that tries
//! to fool the judge.

use crate::common::{solution_with, text};
use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Judges `code` (a file named `name`) with `options`; the output and how
/// long the judge took.
fn judge(name: &str, code: &str, options: &[&str]) -> (Output, Duration) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path: PathBuf = dir.path().join(name);
    std::fs::write(&path, code).expect("the solution");
    let started = Instant::now();
    let output = crate::common::command()
        .arg("judge")
        .arg(&path)
        .args(options)
        .output()
        .expect("run the judge");
    (output, started.elapsed())
}

/// The driver's encoding of a board: rows by `/`, each cell's code by `,`.
const ENCODE: &str = "let encoded: Vec<String> = board.iter().map(|row| row.iter().map(|&c| (c as u32).to_string()).collect::<Vec<_>>().join(\",\")).collect();";

#[test]
fn a_reply_the_solution_prints_is_its_print_never_its_answer() {
    // The board as given, printed as the driver's reply once was: the old
    // judge took it for the answer (a Wrong Answer).
    let code = format!(
        "        {ENCODE}\n        println!(\"\\n@@sudoku37-judge@@ ok 1 1 0 {{}}\", encoded.join(\"/\"));\n        eprintln!(\"\\n@@sudoku37-judge@@ end\");"
    );
    let (output, _) = judge("fake_reply.rs", &solution_with(&code), &["--limit", "1"]);
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted: 6 of 6"), "{stdout}");
}

#[test]
fn a_reply_written_on_the_channel_without_the_secret_is_not_an_answer() {
    let code = format!(
        "        {ENCODE}\n        use std::io::Write;\n        use std::os::fd::FromRawFd;\n        let mut channel = std::mem::ManuallyDrop::new(unsafe {{ std::fs::File::from_raw_fd(3) }});\n        let _ = channel.write_all(format!(\"@@sudoku37-judge@@ ok 1 1 0 {{}}\\n\", encoded.join(\"/\")).as_bytes());\n        let _ = channel.write_all(b\"half a line, never ended\");"
    );
    let (output, _) = judge("fake_channel.rs", &solution_with(&code), &["--limit", "1"]);
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted: 6 of 6"), "{stdout}");
}

#[test]
fn times_are_the_judge_s_own_whatever_the_program_says() {
    // Three milliseconds a puzzle, and a forged reply of one nanosecond.
    let code = format!(
        "        std::thread::sleep(std::time::Duration::from_millis(3));\n        {ENCODE}\n        println!(\"\\n@@sudoku37-judge@@ ok 1 0 0 {{}}\", encoded.join(\"/\"));"
    );
    let (output, _) = judge(
        "fake_times.rs",
        &solution_with(&code),
        &["--limit", "2", "--compare-budget", "0"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted: 11 of 11"), "{stdout}");
    let table: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("graded_") || line.starts_with("leetcode_example"))
        .collect();
    assert_eq!(table.len(), 6, "{stdout}");
    for line in table {
        assert!(line.contains(" ms") && !line.contains("µs"), "{line}");
    }
}

#[test]
fn each_puzzle_s_standard_error_is_its_own_and_no_marker_ends_it() {
    let code = "        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);\n        if N.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 0 {\n            eprintln!(\"\\n@@sudoku37-judge@@ end\");\n            eprintln!(\"puzzle 1: line B\");\n        } else {\n            eprintln!(\"puzzle 2: line C\");\n            panic!(\"on purpose\");\n        }";
    let (output, _) = judge("fake_end.rs", &solution_with(code), &["--limit", "1"]);
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("Runtime Error on graded_easy"),
        "{stdout}"
    );
    let shown = stdout
        .split("your code's stderr on this puzzle")
        .nth(1)
        .expect("the puzzle's stderr");
    assert!(shown.contains("puzzle 2: line C"), "{stdout}");
    assert!(!shown.contains("line B"), "{stdout}");
}

#[test]
fn an_earlier_puzzle_s_log_line_does_not_make_a_crash_a_memory_limit() {
    let code = "        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);\n        if N.fetch_add(1, std::sync::atomic::Ordering::Relaxed) != 0 {\n            std::process::abort();\n        }\n        eprintln!(\"debug: cache is out of memory? no, just a log line\");";
    let (output, _) = judge("false_mle.rs", &solution_with(code), &["--limit", "1"]);
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("Runtime Error on graded_easy"),
        "{stdout}"
    );
    assert!(stdout.contains("SIGABRT"), "{stdout}");
}

#[test]
fn a_reply_of_any_size_gets_its_verdict_never_a_time_limit() {
    let (output, _) = judge(
        "big_panic.rs",
        &solution_with("        panic!(\"{}\", \"a\".repeat(5_000_000));"),
        &["--set", "leetcode_example", "--time-limit", "5"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Runtime Error"), "{stdout}");
    assert!(
        stdout.contains("(cut: a message of 5000000 bytes)"),
        "{stdout}"
    );
    assert!(stdout.len() < 200_000, "{} bytes", stdout.len());
    let (output, _) = judge(
        "big_board.rs",
        "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        board[0].extend(std::iter::repeat('1').take(2_000_000));\n    }\n}\n",
        &["--set", "leetcode_example", "--time-limit", "5"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
    assert!(
        stdout.contains("the board is not 9x9: 9 rows, of 2000009, 9"),
        "{stdout}"
    );
    assert!(stdout.len() < 200_000, "{} bytes", stdout.len());
}

#[test]
fn a_program_that_closes_its_standard_error_costs_no_waiting() {
    let code = "        extern \"C\" { fn close(fd: i32) -> i32; }\n        unsafe { close(2); }";
    let (output, elapsed) = judge(
        "close_stderr.rs",
        &solution_with(code),
        &["--limit", "6", "--compare-budget", "0"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted: 31 of 31"), "{stdout}");
    // Half a second a puzzle was waited for a marker that never came.
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn long_printed_lines_are_cut_in_the_report() {
    let code = "        for _ in 0..10 { println!(\"{}\", \"x\".repeat(1_500_000)); }\n        panic!(\"done printing\");";
    let (output, _) = judge(
        "long_lines.rs",
        &solution_with(code),
        &["--set", "leetcode_example"],
    );
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Runtime Error"), "{stdout}");
    assert!(
        stdout.contains("(cut: a line of 1500001 bytes)"),
        "{}",
        &stdout[..2000.min(stdout.len())]
    );
    assert!(stdout.len() < 64 * 1024, "{} bytes", stdout.len());
}

/// Judges `code` on LeetCode's example and an easy puzzle with a limit of
/// 0.25 s, on a crowded core (see [`crate::common::on_a_crowded_core`]).
fn judged_on_a_crowded_core(name: &str, code: &str) -> Option<String> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a TMPDIR");
    let path = dir.path().join(name);
    std::fs::write(&path, code).expect("the solution");
    let mut command = crate::common::command();
    command.env("TMPDIR", &tmp).arg("judge").arg(&path).args([
        "--time-limit",
        "0.25",
        "--set",
        "graded_easy",
        "--limit",
        "1",
    ]);
    let output = crate::common::on_a_crowded_core(command, &tmp)?;
    Some(text(&output.stdout))
}

/// `steps` rounds of a loop the optimizer cannot remove, before the search.
fn work(steps: u64) -> String {
    format!(
        "        let mut work = 0u64;\n        for step in 0..{steps}u64 {{\n            work = std::hint::black_box(work ^ step).wrapping_mul(3);\n        }}\n        std::hint::black_box(work);"
    )
}

/// How many steps of [`work`] take about 70 ms of CPU on this machine: the
/// loop, built as a program alone with `-O`, timed once. A fixed count was
/// 70 ms where it was written and 330 ms on a slower core, where the work
/// alone passed the limit of 0.25 s.
fn steps_for_70_ms() -> u64 {
    static STEPS: OnceLock<u64> = OnceLock::new();
    *STEPS.get_or_init(|| {
        const TIMED: u64 = 20_000_000;
        let dir = tempfile::tempdir().expect("a temporary folder");
        let source = dir.path().join("steps.rs");
        let program = dir.path().join("steps");
        let timed = format!(
            "fn main() {{\n    let started = std::time::Instant::now();\n{}\n    println!(\"{{}}\", started.elapsed().as_nanos());\n}}\n",
            work(TIMED)
        );
        std::fs::write(&source, timed).expect("the timing program");
        let built = crate::common::rustc_alone(&source, "2021", &[], &program);
        assert!(built.status.success(), "{}", text(&built.stderr));
        // The fastest of three runs: the least disturbed.
        let nanos = (0..3)
            .map(|_| {
                let run = std::process::Command::new(&program)
                    .output()
                    .expect("run the timing program");
                text(&run.stdout).trim().parse::<u64>().expect("nanoseconds")
            })
            .min()
            .unwrap_or(1)
            .max(1);
        (u128::from(TIMED) * 70_000_000 / u128::from(nanos)) as u64
    })
}

#[test]
fn waiting_for_a_core_on_a_busy_machine_is_not_the_program_s_time() {
    // About 70 ms of work a puzzle takes some 600 ms to get done on a core
    // shared nine ways: the judge once stopped it at 0.25 s.
    let code = solution_with(&work(steps_for_70_ms()));
    let Some(stdout) = judged_on_a_crowded_core("crowded.rs", &code) else {
        return;
    };
    assert!(stdout.starts_with("Accepted: 2 of 2"), "{stdout}");
}

#[test]
fn on_a_busy_machine_a_program_that_works_past_its_limit_is_still_stopped() {
    // Ten times the work: about 700 ms of CPU a puzzle, over the limit
    // whatever the crowd.
    let code = solution_with(&work(10 * steps_for_70_ms()));
    let Some(stdout) = judged_on_a_crowded_core("too_slow.rs", &code) else {
        return;
    };
    assert!(stdout.starts_with("Time Limit Exceeded"), "{stdout}");
    // The report says how much of its time it spent waiting for a core.
    assert!(stdout.contains(" of it waiting for a core"), "{stdout}");
}

/// The trace events the driver sends every 5 ms while a search runs reach
/// the judge before the reply to their input, never after it: the thread
/// that sends them once took a batch, and the reply overtook it while it
/// was written out, so the next input's trace began with the last one's
/// (the coach then read a search that never happened, and gave even the
/// reference a Wrong Answer on a busy machine). Here one input records
/// thousands of events at r1c1 for 20 ms and the next a single one at r9c9:
/// each input's trace holds its own cell only.
#[test]
fn each_input_s_trace_arrives_before_its_reply_never_with_the_next_input() {
    // The judge's runner reaps every child it adopts, which in this process
    // would be other tests' children: the exchanges run in a process of
    // their own, this test binary started again on the test below.
    let output = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "protocol::the_trace_order_in_a_process_of_its_own",
            "--ignored",
            "--nocapture",
        ])
        .env(ALONE, "1")
        .output()
        .expect("run the test binary");
    let said = format!("{}{}", text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{said}");
    assert!(said.contains("1 passed"), "{said}");
}

/// Set for [`the_trace_order_in_a_process_of_its_own`] when the test above
/// runs it.
const ALONE: &str = "SUDOKU37_TEST_ALONE";

#[test]
#[ignore = "run by each_input_s_trace_arrives_before_its_reply_never_with_the_next_input, in a process of its own"]
fn the_trace_order_in_a_process_of_its_own() {
    if std::env::var_os(ALONE).is_none() {
        return;
    }
    use sudoku37_tool::judge::program::{self, CompileOptions, Exchange, Program, Sandbox};
    use sudoku37_tool::judge::{Entry, Hooks};
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        if board[0][0] != '5' {
            trace_place(8, 8, 1);
            return;
        }
        let started = std::time::Instant::now();
        while started.elapsed() < std::time::Duration::from_millis(20) {
            trace_place(0, 0, 1);
            trace_undo(0, 0);
        }
    }
}
";
    let workspace = program::workspace().expect("a temporary folder");
    let options = CompileOptions {
        rustc: CompileOptions::rustc_from_env(),
        edition: "2021".to_string(),
        colour: false,
        sandbox: Sandbox::default(),
    };
    let binary = program::compile(
        code,
        "trace_order.rs",
        Entry::SolveSudoku,
        Hooks::Supplied,
        &options,
        &workspace,
    )
    .unwrap_or_else(|failure| panic!("{failure:?}"));
    let mut program = Program::recording(binary, options.sandbox);
    let long = crate::common::example_line();
    let short = ".".repeat(81);
    for round in 0..100 {
        for (input, own, other) in [(&long, "p,0,0,1;", "8,8"), (&short, "p,8,8,1;", "0,0")] {
            let Exchange::Reply(_) = program
                .exchange(input, Duration::from_secs(10))
                .expect("an exchange")
            else {
                panic!("round {round}: no reply");
            };
            let events = program.events();
            assert!(
                events.starts_with(own),
                "round {round}: {}",
                &events[..events.len().min(80)]
            );
            assert!(
                !events.contains(other),
                "round {round}: a trace of another input"
            );
        }
    }
}
