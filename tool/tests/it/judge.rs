//! `sudoku37 judge FILE.rs`, run as a user runs it: every approach's pasted
//! code is Accepted, and one small file per verdict gets that verdict. Each
//! file is compiled once (by the judge, with `rustc -O -C codegen-units=1`), and the sets are
//! kept to a few puzzles so that these tests stay quick.

use crate::common::{conflict_line, text};
use std::path::Path;
use std::process::Output;

use rstest::rstest;
use sudoku37::{approaches, paste};

fn judge(solution: &Path, options: &[&str]) -> Output {
    crate::common::command()
        .arg("judge")
        .arg(solution)
        .args(options)
        .output()
        .expect("run sudoku37 judge")
}

/// Writes `code` into a new temporary folder as `name`.
fn solution_file(name: &str, code: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join(name);
    std::fs::write(&path, code).expect("write the solution");
    (dir, path)
}

fn pasted(approach: &str) -> String {
    let approach = approaches::find(approach).expect("registered");
    paste::extract(approach.code).expect("the approach has a paste region")
}

/// Judges the pasted code of `approach` on LeetCode's example and three easy
/// puzzles, under the edition given, with `options` added; asserts that it
/// is Accepted, and returns what the judge printed.
fn accepted(approach: &str, edition: &str, options: &[&str]) -> String {
    let (_dir, path) = solution_file(&format!("{approach}.rs"), &pasted(approach));
    let mut arguments = vec!["--edition", edition, "--set", "graded_easy", "--limit", "3"];
    arguments.extend_from_slice(options);
    let output = judge(&path, &arguments);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{approach} under {edition}:\n{stdout}\n{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("Accepted: 4 of 4 puzzles solved\n"),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("--edition {edition}")), "{stdout}");
    let table: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("leetcode_example") || line.starts_with("graded_easy"))
        .collect();
    assert_eq!(table.len(), 2, "{stdout}");
    assert!(table[0].contains(" 1/1 ") && table[1].contains(" 3/3 "));
    stdout
}

fn every_approach_s_pasted_code_is_accepted(approach: &str) {
    // Half of the approaches under each edition.
    let position = approaches::names()
        .iter()
        .position(|name| *name == approach)
        .expect("registered");
    let edition = ["2021", "2024"][position % 2];
    let stdout = accepted(approach, edition, &[]);
    // The comparison waits for --compare (the test below asks for it).
    assert!(
        !stdout.contains("a quick run in worker processes"),
        "{stdout}"
    );
}

/// With --compare, Accepted is set beside every approach of the repository.
#[test]
fn with_compare_an_accepted_solution_is_set_beside_every_approach() {
    let approach = approaches::default_approach().name;
    let stdout = accepted(approach, "2021", &["--compare", "--compare-budget", "0.05"]);
    assert!(
        stdout.contains("a quick run in worker processes"),
        "{stdout}"
    );
    for other in approaches::names() {
        assert!(
            stdout
                .lines()
                .any(|line| line.trim_start().starts_with(other)),
            "{other} missing from the comparison:\n{stdout}"
        );
    }
}

/// `cargo test -p sudoku37-tool --test it judge::every_approach_s_pasted_code_is_accepted::NAME`.
macro_rules! judged {
    ($($approach:ident),*) => {$(
        #[test]
        fn $approach() {
            super::every_approach_s_pasted_code_is_accepted(stringify!($approach));
        }
    )*};
}

mod every_approach_s_pasted_code_is_accepted {
    sudoku37::for_each_approach!(judged);
}

#[test]
fn a_solution_that_fills_every_blank_with_1_is_a_wrong_answer_with_the_boards_side_by_side() {
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        for row in board.iter_mut() {
            for cell in row.iter_mut() {
                if *cell == '.' {
                    *cell = '1';
                }
            }
        }
    }
}
";
    let (_dir, path) = solution_file("ones.rs", code);
    let output = judge(&path, &["--set", "graded_easy", "--limit", "2", "--all"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    // With --all every puzzle is run, and each fails.
    assert!(
        stdout.starts_with(
            "Wrong Answer: 3 of 3 puzzles failed, the first on leetcode_example line 3"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("graded_easy line 6 (puzzle 1 of 2)"));
    assert!(stdout
        .contains("first difference, marked [ ]: row 1, column 3: expected '4', received '1'"));
    // The three grids side by side, the first differing cell bracketed in
    // the expected and the received one.
    assert!(
        stdout.contains(
            "| 5 3 . | . 7 . | . . . |    | 5 3[4]| 6 7 8 | 9 1 2 |    | 5 3[1]| 1 7 1 | 1 1 1 |"
        ),
        "{stdout}"
    );
    assert!(stdout.contains(
        "received: 531171111611195111198111161811161113411813111711121116161111281111419115111181179"
    ));
    assert!(stdout.contains("digit 1 appears twice in row 1"));
    // Not a terminal: no colour.
    assert!(!stdout.contains('\x1b'));
}

#[test]
fn an_infinite_loop_is_stopped_at_the_time_limit_and_leaves_no_process_behind() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        board[0][2] = '4';
        loop {}
    }
}
";
    let path = dir.path().join("spin.rs");
    std::fs::write(&path, code).expect("write the solution");
    // The judge's temporary folder, which holds the compiled program.
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a temporary folder");
    let output = crate::common::command()
        .env("TMPDIR", &tmp)
        .arg("judge")
        .arg(&path)
        .args(["--time-limit", "1", "--set", "graded_easy", "--limit", "2"])
        .output()
        .expect("run sudoku37 judge");
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with("Time Limit Exceeded on leetcode_example line 3 (puzzle 1 of 1)"),
        "{stdout}"
    );
    assert!(stdout.contains("no answer within the time limit of 1 s"));
    assert!(stdout.contains("last executed input:"));
    // It stops at the first failure, as LeetCode does.
    assert!(stdout.contains("(not run: stopped at the first failure)"));
    // Stopped at the limit, by the judge's own clock: after the limit and
    // any time the program spent waiting for a core (which the report says
    // on a busy machine).
    let own = crate::common::stopped_after_less_the_wait(&stdout);
    // (Less a hundredth or two: both times are rounded, and the kernel
    // counts CPU time in ticks.)
    assert!((0.97..1.5).contains(&own), "{stdout}");
    // (The program runs in a jail of its own, so it is found by where its
    // binary lies.)
    if cfg!(target_os = "linux") {
        let left = crate::common::processes_under(&tmp.canonicalize().expect("the folder"));
        assert!(
            left.is_empty(),
            "the looping process is still there: {left:?}"
        );
    }
}

#[test]
fn an_out_of_bounds_index_is_a_runtime_error_with_the_panic_message_and_line() {
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let past_the_end = board.len();
        board[past_the_end][0] = '1';
    }
}
";
    let (_dir, path) = solution_file("out_of_bounds.rs", code);
    let output = judge(&path, &["--set", "leetcode_example"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with("Runtime Error on leetcode_example line 3 (puzzle 1 of 1)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "panicked at out_of_bounds.rs:4:14: index out of bounds: the len is 9 but the index is 9"
        ),
        "{stdout}"
    );
    // The driver's panic hook replaces Rust's message on stderr.
    assert!(!text(&output.stderr).contains("panicked"));
}

#[test]
fn a_program_that_dies_is_a_runtime_error_and_its_prints_do_not_disturb_the_judge() {
    // A real solver that prints on every call (without a newline) and aborts
    // on its second call; with --all the judge starts it again, so the third
    // puzzle is the new process's first call and passes.
    let solver = pasted(approaches::MOST_CONSTRAINED.name);
    let signature = "pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {";
    assert!(solver.contains(signature));
    let code = solver.replacen(
        signature,
        &format!(
            "{signature}
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        if CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 1 {{
            eprintln!(\"giving up on purpose\");
            std::process::abort();
        }}
        print!(\"debug output without a newline \");"
        ),
        1,
    );
    let (_dir, path) = solution_file("dies.rs", &code);
    let output = judge(
        &path,
        &[
            "--set",
            "graded_easy",
            "--limit",
            "2",
            "--all",
            "--edition",
            "2024",
        ],
    );
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.starts_with(
            "Runtime Error: 1 of 3 puzzles failed, the first on graded_easy line 6 (puzzle 1 of 2)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("killed by signal 6 (SIGABRT)"), "{stdout}");
    assert!(stdout.contains("    giving up on purpose"), "{stdout}");
    let easy = stdout
        .lines()
        .find(|line| line.starts_with("graded_easy "))
        .expect("a row for graded_easy");
    assert!(easy.contains(" 1/2 "), "{easy}");
}

#[test]
fn a_type_error_is_a_compile_error_with_rustc_s_message_at_the_user_s_line() {
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let count: u8 = \"nine\";
        board[0][0] = '1';
    }
}
";
    let (_dir, path) = solution_file("type_error.rs", code);
    let output = judge(&path, &["--set", "leetcode_example"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(stdout.starts_with("Compile Error\n"), "{stdout}");
    assert!(
        stdout.contains("error[E0308]: mismatched types"),
        "{stdout}"
    );
    assert!(stdout.contains("--> type_error.rs:3:25"), "{stdout}");
    assert!(stdout.contains("let count: u8 = \"nine\";"), "{stdout}");
}

#[test]
fn bad_input_is_refused_with_one_error_line_and_status_2() {
    let (dir, path) = solution_file("empty.rs", "");
    let bad_set = dir.path().join("bad.txt");
    std::fs::write(&bad_set, "# a comment\n12345\n").expect("write the set");
    let missing = dir.path().join("missing.rs");
    let cases: [(&Path, Vec<&str>, &str); 3] = [
        (&missing, vec![], "error: cannot read "),
        (
            &path,
            vec!["--set", "no_such_set"],
            "error: unknown set \"no_such_set\"",
        ),
        (
            &path,
            vec!["--file", bad_set.to_str().expect("UTF-8")],
            "line 2: expected 81 cells, found 5 characters",
        ),
    ];
    for (solution, options, message) in cases {
        let output = judge(solution, &options);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{options:?}: {stderr}");
        assert!(stderr.contains(message), "{options:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{options:?}: {stderr}");
        assert!(text(&output.stdout).is_empty());
    }
}

#[rstest]
#[case::time_limit_zero(&["--time-limit", "0"], "greater than 0 and at most 3600")]
#[case::time_limit_negative(&["--time-limit", "-1"], "greater than 0 and at most 3600")]
#[case::time_limit_word(&["--time-limit", "soon"], "greater than 0 and at most 3600")]
#[case::time_limit_huge(&["--time-limit", "1e9"], "greater than 0 and at most 3600")]
#[case::compare_budget_negative(&["--compare-budget=-1"], "at least 0 and at most 60")]
#[case::compare_budget_nan(&["--compare-budget", "NaN"], "at least 0 and at most 60")]
#[case::limit_negative(&["--limit", "-2"], "from 1 to 18446744073709551615")]
fn absurd_flag_values_are_refused_with_their_range(#[case] options: &[&str], #[case] range: &str) {
    let (_dir, path) = solution_file("empty.rs", "");
    let output = judge(&path, options);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{options:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{options:?}: {stderr}");
    assert!(stderr.contains(range), "{options:?}: {stderr}");
    assert!(text(&output.stdout).is_empty());
}

#[rstest]
fn the_driver_compiles_warning_free_with_a_solution_under_both_editions(
    #[values("2021", "2024")] edition: &str,
    #[values(
        sudoku37_tool::judge::Hooks::Supplied,
        sudoku37_tool::judge::Hooks::None
    )]
    hooks: sudoku37_tool::judge::Hooks,
) {
    let code = pasted(approaches::BOOL_ARRAYS.name);
    let program = sudoku37_tool::judge::driver(
        sudoku37_tool::judge::Entry::SolveSudoku,
        "solution.rs",
        &code,
        hooks,
    );
    let dir = tempfile::tempdir().expect("temporary folder");
    std::fs::write(dir.path().join("solution.rs"), &code).expect("write the solution");
    let source = dir.path().join(sudoku37_tool::judge::DRIVER_FILE);
    std::fs::write(&source, program).expect("write the program");
    // Checking is enough to see every warning; no code is generated.
    let checked = crate::common::rustc_alone(
        &source,
        edition,
        &["--emit=metadata"],
        &dir.path().join("wrapped.rmeta"),
    );
    assert!(checked.status.success(), "{}", text(&checked.stderr));
}

#[test]
fn the_practice_files_get_the_verdicts_the_readme_shows() {
    let root = crate::common::root().join("practice/fixtures");
    let cases = [
        (
            "plain_backtracking.rs",
            0,
            "Accepted: 6 of 6 puzzles solved",
            "graded_easy",
        ),
        (
            "no_box_check.rs",
            1,
            "Wrong Answer on leetcode_example line 3",
            "digit 3 appears twice in box 1",
        ),
        (
            "off_by_one.rs",
            1,
            "Runtime Error on leetcode_example line 3",
            "panicked at off_by_one.rs:8:28: index out of bounds",
        ),
        (
            "type_error.rs",
            2,
            "Compile Error",
            "--> type_error.rs:23:31",
        ),
        // LeetCode has no trace hooks: a file that still calls them is a
        // Compile Error there, and here, with a note that says why.
        (
            "traced_backtracking.rs",
            2,
            "Compile Error",
            "note: trace_place and trace_undo are practice check's hooks",
        ),
    ];
    // Each file compiles once; they run side by side.
    std::thread::scope(|scope| {
        let runs: Vec<_> = cases
            .iter()
            .map(|(file, _, _, _)| {
                let path = root.join(file);
                scope.spawn(move || {
                    judge(
                        &path,
                        &[
                            "--set",
                            "graded_easy",
                            "--limit",
                            "5",
                            "--compare-budget",
                            "0",
                        ],
                    )
                })
            })
            .collect();
        for (run, (file, status, headline, detail)) in runs.into_iter().zip(&cases) {
            let output = run.join().expect("the judge ran");
            let stdout = text(&output.stdout);
            assert_eq!(output.status.code(), Some(*status), "{file}: {stdout}");
            assert!(stdout.starts_with(headline), "{file}: {stdout}");
            assert!(stdout.contains(detail), "{file}: {stdout}");
        }
    });
}

/// plain_backtracking.rs, opened with `struct Solution` in forms LeetCode's
/// template does not use, and a `fn main` of its own.
const SOLUTION_IN_OTHER_FORMS: &str = "\
#[derive(Debug)] pub(crate) struct Solution;
/* struct Solution; in a comment does not count */
fn main() {}
";

#[test]
fn struct_solution_in_any_form_and_a_fn_main_compile_and_accepted_suggests_the_next_exercise() {
    let fixture = crate::common::root().join("practice/fixtures/plain_backtracking.rs");
    let code = std::fs::read_to_string(fixture).expect("the fixture");
    let (_dir, path) = solution_file("forms.rs", &format!("{SOLUTION_IN_OTHER_FORMS}{code}"));
    let output = judge(&path, &["--set", "graded_easy", "--limit", "3"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.starts_with("Accepted: 4 of 4 puzzles solved"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Total time over the 4 puzzles passed: "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Next: try to branch on the most-constrained cell (most_constrained): notes/most_constrained.md#the-idea"),
        "{stdout}"
    );
    // The comparison waits for --compare.
    assert!(
        !stdout.contains("a quick run in worker processes"),
        "{stdout}"
    );
    // Without any declaration, one is added.
    let (_dir, path) = solution_file("bare.rs", "/* struct Solution; */\nimpl Solution { pub fn solve_sudoku(_b: &mut Vec<Vec<char>>) {} }\n");
    let stdout = text(&judge(&path, &["--set", "leetcode_example"]).stdout);
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
}

#[test]
fn compile_errors_point_only_at_the_user_s_lines() {
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        Self::fil(board);
    }
    fn fill(board: &mut Vec<Vec<char>>) {}
}
";
    let (_dir, path) = solution_file("misspelled.rs", code);
    let output = judge(&path, &["--set", "leetcode_example"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("--> misspelled.rs:3:15"), "{stdout}");
    assert!(
        !stdout.contains(sudoku37_tool::judge::DRIVER_FILE),
        "{stdout}"
    );
}

#[test]
fn the_failing_case_comes_in_leetcode_s_form_with_what_the_solution_printed() {
    let code = "\
impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        println!(\"looking at {:?}\", board[0][0]);
        eprintln!(\"debug: giving up\");
    }
}
";
    let (_dir, path) = solution_file("printer.rs", code);
    let output = judge(&path, &["--set", "leetcode_example"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("in LeetCode's form (for its test box):\n[[\"5\",\"3\",\".\",\".\",\"7\""),
        "{stdout}"
    );
    assert!(
        stdout.contains("your code's stdout on this puzzle"),
        "{stdout}"
    );
    assert!(stdout.contains("  looking at '5'\n"), "{stdout}");
    assert!(stdout.contains("  debug: giving up\n"), "{stdout}");
}

/// A file that starts with inner attributes (and an inner
/// doc comment), which `include!` alone refuses.
const INNER_ATTRIBUTES: &str = "\
//! My solution.
#![allow(dead_code)]
#![allow(
    unused
)]
";

#[test]
fn a_file_that_starts_with_inner_attributes_compiles_and_its_errors_keep_their_lines() {
    let fixture = crate::common::root().join("practice/fixtures/plain_backtracking.rs");
    let code = std::fs::read_to_string(fixture).expect("the fixture");
    let (_dir, path) = solution_file("attributes.rs", &format!("{INNER_ATTRIBUTES}{code}"));
    let output = judge(&path, &["--set", "graded_easy", "--limit", "2"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(stdout.starts_with("Accepted"), "{stdout}");

    // Five lines of attributes above the type error of
    // a_type_error_is_a_compile_error_with_rustc_s_message_at_the_user_s_line.
    let broken = format!(
        "{INNER_ATTRIBUTES}impl Solution {{\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {{\n        let count: u8 = \"nine\";\n    }}\n}}\n"
    );
    let (_dir, path) = solution_file("attributes.rs", &broken);
    let output = judge(&path, &["--set", "leetcode_example"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("error[E0308]: mismatched types"),
        "{stdout}"
    );
    assert!(stdout.contains("--> attributes.rs:8:25"), "{stdout}");
    assert!(!stdout.contains("inner attribute"), "{stdout}");
}

/// `judge --file -` reads its puzzles from standard input, by the one input
/// door's rules, and names the set as every subcommand names it.
#[test]
fn judge_file_dash_reads_the_puzzles_from_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let (_dir, path) = solution_file("bitmask.rs", &pasted(approaches::BITMASK.name));
    let set = sudoku37::sets::builtin("graded_easy").expect("built in");
    let lines: String = set
        .puzzles
        .iter()
        .take(3)
        .map(|puzzle| sudoku37::board::to_line(&puzzle.board()) + "\n")
        .collect();
    let mut child = crate::common::command()
        .arg("judge")
        .arg(&path)
        .args(["--file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudoku37 judge");
    child
        .stdin
        .take()
        .expect("its input")
        .write_all(lines.as_bytes())
        .expect("write the puzzles");
    let output = child.wait_with_output().expect("the judge ends");
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // LeetCode's example first, then the three puzzles of standard input.
    assert!(
        stdout.contains("Accepted: 4 of 4 puzzles solved"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .any(|line| line.starts_with("stdin ") && line.contains("3/3")),
        "{stdout}"
    );
}

/// `--data DIR` reads the same files in `judge` as in `compare`: `NAME.txt`
/// and files without an extension, nothing else, each set once.
#[test]
fn judge_data_reads_the_files_compare_reads() {
    let (dir, path) = solution_file("bitmask.rs", &pasted(approaches::BITMASK.name));
    let data = dir.path().join("data");
    std::fs::create_dir(&data).expect("a data folder");
    let set = sudoku37::sets::builtin("graded_easy").expect("built in");
    let line = |index: usize| sudoku37::board::to_line(&set.puzzles[index].board()) + "\n";
    std::fs::write(data.join("with_txt.txt"), line(0)).expect("write");
    std::fs::write(data.join("no_extension"), line(1) + &line(2)).expect("write");
    std::fs::write(data.join("skipped.csv"), line(3)).expect("write");
    let data_argument = data.to_str().expect("UTF-8");
    let output = judge(&path, &["--data", data_argument, "--set", "with_txt"]);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // Named with --set and found in --data: judged once, not twice.
    assert!(
        stdout.contains("Accepted: 2 of 2 puzzles solved"),
        "{stdout}"
    );
    let output = judge(&path, &["--data", data_argument]);
    let judged = text(&output.stdout);
    assert!(
        judged.contains("Accepted: 4 of 4 puzzles solved"),
        "{judged}"
    );
    let compared = crate::common::command()
        .args([
            "compare",
            "--data",
            data_argument,
            "--approach",
            approaches::BITMASK.name,
        ])
        .args(["--format", "csv"])
        .output()
        .expect("run sudoku37 compare");
    let csv = text(&compared.stdout);
    for (name, puzzles) in [("with_txt", 1), ("no_extension", 2)] {
        assert!(
            judged
                .lines()
                .any(|row| row.starts_with(&format!("{name} "))),
            "{judged}"
        );
        assert!(csv.contains(&format!("bitmask,{name},{puzzles},")), "{csv}");
    }
    assert!(!judged.contains("skipped") && !csv.contains("skipped"));
}

/// A set whose puzzles all have several solutions: nothing to judge, and the
/// note says why (how many puzzles were left out of which set).
#[test]
fn a_set_with_nothing_to_judge_says_what_was_left_out() {
    let (dir, path) = solution_file("bitmask.rs", &pasted(approaches::BITMASK.name));
    let set = dir.path().join("ambiguous.txt");
    std::fs::write(&set, format!("{}\n{}\n", ".".repeat(81), ".".repeat(81))).expect("write");
    let output = judge(&path, &["--file", &set.to_string_lossy()]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("note: 2 puzzle(s) of ambiguous left out"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing to judge"), "{stderr}");
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
        let output = crate::common::command()
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
fn judge_compiles_a_file_whose_name_starts_with_a_dash() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let code = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        fn ok(b: &[Vec<char>], r: usize, c: usize, d: char) -> bool {\n            (0..9).all(|i| b[r][i] != d && b[i][c] != d && b[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] != d)\n        }\n        fn go(b: &mut Vec<Vec<char>>) -> bool {\n            for r in 0..9 {\n                for c in 0..9 {\n                    if b[r][c] == '.' {\n                        for d in '1'..='9' {\n                            if ok(b, r, c, d) {\n                                b[r][c] = d;\n                                if go(b) {\n                                    return true;\n                                }\n                                b[r][c] = '.';\n                            }\n                        }\n                        return false;\n                    }\n                }\n            }\n            true\n        }\n        go(board);\n    }\n}\n";
    std::fs::write(dir.path().join("-fast.rs"), code).expect("write");
    let output = crate::common::command()
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
fn judge_takes_no_print_of_the_solution_s_for_an_answer_and_escapes_control_characters() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let fake = dir.path().join("fake.rs");
    std::fs::write(
        &fake,
        "impl Solution {\n    pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {\n        println!(\"@@sudoku37-judge@@ ok soon\");\n    }\n}\n",
    )
    .expect("write");
    let output = crate::common::command()
        .args(["judge"])
        .arg(&fake)
        .args(["--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    // Its answer is the board it left, untouched; the line is its print.
    assert!(stdout.starts_with("Wrong Answer"), "{stdout}");
    assert!(
        stdout.contains("row 1, column 3 is still blank"),
        "{stdout}"
    );
    assert!(
        stdout.contains("your code's stdout on this puzzle"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  @@sudoku37-judge@@ ok soon\n"),
        "{stdout}"
    );

    let escape = dir.path().join("escape.rs");
    std::fs::write(
        &escape,
        "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        board[0][2] = '\\u{1b}';\n    }\n}\n",
    )
    .expect("write");
    let output = crate::common::command()
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

#[test]
fn a_file_s_inner_lint_attributes_apply_to_it_alone() {
    // A clean solution: no warning of its own under any of these lints,
    // which the driver's code once broke.
    let clean = "impl Solution {
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut empty = Vec::new();
        for r in 0..9 { for c in 0..9 { if board[r][c] == '.' { empty.push((r, c)); } } }
        let _solved = Self::fill(board, &empty, 0);
    }
    fn fill(board: &mut Vec<Vec<char>>, empty: &[(usize, usize)], k: usize) -> bool {
        if k == empty.len() { return true; }
        let (r, c) = empty[k];
        for d in '1'..='9' {
            if Self::fits(board, r, c, d) {
                board[r][c] = d;
                if Self::fill(board, empty, k + 1) { return true; }
            }
        }
        board[r][c] = '.';
        false
    }
    fn fits(board: &[Vec<char>], r: usize, c: usize, d: char) -> bool {
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|i| board[r][i] != d && board[i][c] != d && board[br + i / 3][bc + i % 3] != d)
    }
}
";
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("lints.rs");
    let lints = "#![deny(unused_results)]\n#![deny(trivial_numeric_casts)]\n#![deny(let_underscore_drop)]\n";
    std::fs::write(&path, format!("{lints}{clean}")).expect("write");
    let output = crate::common::command()
        .arg("judge")
        .arg(&path)
        .args(["--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Accepted"), "{stdout}");
    // `pub fn` in the impl of a private struct is unreachable, as it is on
    // LeetCode: the error is the file's own, at its own line, and never
    // said to be where the judge calls the code.
    let path = dir.path().join("unreachable_pub.rs");
    std::fs::write(&path, format!("#![deny(unreachable_pub)]\n{clean}")).expect("write");
    let output = crate::common::command()
        .arg("judge")
        .arg(&path)
        .args(["--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Compile Error"), "{stdout}");
    assert!(stdout.contains("--> unreachable_pub.rs:3:5"), "{stdout}");
    assert!(
        !stdout.contains("where the judge calls your code"),
        "{stdout}"
    );
    assert_eq!(
        stdout.matches("error: unreachable `pub` item").count(),
        1,
        "{stdout}"
    );
}

#[test]
fn struct_solution_in_a_raw_string_is_no_declaration_and_a_raw_string_s_backslash_escapes_nothing()
{
    let dir = tempfile::tempdir().expect("temporary folder");
    let solution = pasted(approaches::BOOL_ARRAYS.name);
    for (name, code) in [
        (
            "raw_fp.rs",
            format!("const NOTE: &str = r#\"LeetCode says \"struct Solution;\" is supplied\"#;\n{solution}"),
        ),
        (
            "raw_fn.rs",
            format!("const SEP: &str = r\"\\\";\npub struct Solution;\nconst Q: &str = \"x\";\n{solution}"),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, code).expect("write");
        let output = crate::common::command()
            .arg("judge")
            .arg(&path)
            .args(["--set", "leetcode_example"])
            .output()
            .expect("run the judge");
        let stdout = text(&output.stdout);
        assert!(stdout.starts_with("Accepted"), "{name}: {stdout}");
    }
}
