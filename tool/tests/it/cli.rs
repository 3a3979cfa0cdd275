//! The `sudoku37` command, run as a user runs it.

use crate::common::{sudoku37, text};

use pretty_assertions::assert_eq;
use sudoku37::approaches::{Family, Speed};
use sudoku37::{approaches, board, harness, sets};

#[test]
fn list_names_every_approach() {
    let stdout = text(&sudoku37(&["list"], "").stdout);
    for approach in approaches::APPROACHES {
        assert!(stdout.contains(approach.name) && stdout.contains(approach.source));
    }
}

#[test]
fn solve_answers_in_the_input_form_and_reports_bad_lines_by_number() {
    let example = sets::leetcode_example();
    let line = board::to_line(&example.board());
    let leetcode = board::to_leetcode(&example.board());
    let input = format!("# comment\n{line}\n12345\n{leetcode}\n");
    let output = sudoku37(&["solve"], &input);
    let solution = example.solution_board().unwrap();
    assert_eq!(
        text(&output.stdout),
        format!(
            "{}\nerror: expected 81 cells, found 5 characters\n{}\n",
            board::to_line(&solution),
            board::to_leetcode(&solution)
        )
    );
    assert_eq!(
        text(&output.stderr),
        "line 3: expected 81 cells, found 5 characters\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn solve_reports_conflicting_givens_and_exits_1() {
    let mut puzzle = board::to_line(&sets::leetcode_example().board());
    puzzle.replace_range(2..3, "5");
    let output = sudoku37(&["solve"], format!("{puzzle}\n"));
    assert_eq!(
        text(&output.stdout),
        "error: the givens conflict: digit 5 appears twice in row 1\n"
    );
    assert_eq!(
        text(&output.stderr),
        "line 1: the givens conflict: digit 5 appears twice in row 1\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn solve_reports_a_puzzle_without_solution() {
    // No two givens clash, but row 1 needs a 9 in column 9 and column 9
    // already has one: the search runs out and says so.
    let puzzle = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let output = sudoku37(&["solve"], format!("{puzzle}\n"));
    let message = format!(
        "no solution: {} searched and left the board as given",
        approaches::DEFAULT_APPROACH
    );
    assert_eq!(text(&output.stdout), format!("error: {message}\n"));
    assert_eq!(text(&output.stderr), format!("line 1: {message}\n"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn solve_reads_a_file_and_reports_a_missing_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    std::fs::write(&path, board::to_line(&sets::leetcode_example().board())).unwrap();
    let output = sudoku37(&["solve", path.to_str().unwrap()], "");
    assert!(output.status.success());
    assert_eq!(text(&output.stdout).lines().count(), 1);

    let missing = dir.path().join("missing.txt");
    let output = sudoku37(&["solve", missing.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with("error: cannot read"));
}

#[test]
fn unknown_approach_lists_the_known_ones() {
    let output = sudoku37(&["solve", "--approach", "magic"], "");
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    for name in approaches::names() {
        assert!(stderr.contains(name), "{stderr}");
    }
}

/// `sudoku37 paste NAME` prints exactly the cut the study crate's paste
/// test compiles alone (`sudoku37::paste::extract` of the approach's file),
/// for every approach.
#[test]
fn paste_prints_the_code_between_the_markers() {
    for approach in approaches::APPROACHES {
        let output = sudoku37(&["paste", approach.name], "");
        assert!(output.status.success(), "paste {}", approach.name);
        let cut = sudoku37::paste::extract(approach.code).expect("a paste region");
        assert_eq!(text(&output.stdout), cut, "paste {}", approach.name);
        assert!(cut.contains("impl Solution {"), "{}", approach.name);
        assert!(!cut.contains("submission codes") && !cut.contains("pub struct Solution;"));
    }
}

#[test]
fn show_draws_puzzle_and_solution_with_nodes() {
    let line = board::to_line(&sets::leetcode_example().board());
    // The slowest approach: its many nodes show.
    let approach = approaches::APPROACHES[0];
    let nodes = harness::run(&approach, &sets::leetcode_example().puzzle().unwrap())
        .unwrap()
        .effort
        .nodes;
    assert!(nodes > 1000);
    let output = sudoku37(&["show", "-a", approach.name], format!("{line}\n"));
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with(&format!("line 1: {nodes} nodes")),
        "{stdout}"
    );
    assert!(stdout.contains("| 5 3 . | . 7 . | . . . |    | 5 3 4 | 6 7 8 | 9 1 2 |"));
}

#[test]
fn solve_count_prints_the_number_of_solutions_per_line() {
    let example = sets::leetcode_example();
    let unique = board::to_line(&example.board());
    let empty = ".".repeat(81);
    let mut clash = unique.clone();
    clash.replace_range(2..3, "5");
    let input = format!("{unique}\n{empty}\n{clash}\n");
    let output = sudoku37(&["solve", "--count"], &input);
    assert_eq!(text(&output.stdout), "1\n2\n0\n");
    // A count of none is an unsolved puzzle, and standard error says why.
    assert_eq!(
        text(&output.stderr),
        "line 3: the givens conflict: digit 5 appears twice in row 1\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn generate_is_deterministic_and_every_puzzle_is_unique() {
    let arguments = [
        "generate",
        "--count",
        "4",
        "--seed",
        "9",
        // The flag's old name still works; the header says the new one.
        "--difficulty",
        "medium",
    ];
    let first = text(&sudoku37(&arguments, "").stdout);
    let second = text(&sudoku37(&arguments, "").stdout);
    assert_eq!(first, second);
    assert!(first.starts_with(
        "# Made by `sudoku37 generate --count 4 --seed 9 --min-clues 17 --level medium`"
    ));
    let (puzzles, errors) = sets::parse_set(&first);
    assert_eq!(errors, vec![]);
    assert_eq!(puzzles.len(), 4);
    for puzzle in &puzzles {
        assert_eq!(
            puzzle
                .puzzle()
                .map_or(0, |puzzle| puzzle.solutions().capped_at_two()),
            1
        );
        assert!(puzzle.solution.is_some());
    }
    assert!(first.contains(", medium: "));
    let other = text(&sudoku37(&["generate", "--count", "4", "--seed", "10"], "").stdout);
    assert_ne!(sets::parse_set(&other).0, puzzles);
}

#[test]
fn generate_rejects_too_few_clues() {
    let output = sudoku37(&["generate", "--min-clues", "16"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("16"));
}

#[test]
fn graded_sets_are_what_their_header_command_makes() {
    for set in [
        "graded_easy",
        "graded_medium",
        "graded_hard",
        "graded_unfair",
        "graded_extreme",
    ] {
        let path = crate::common::root().join(format!("puzzles/{set}.txt"));
        let committed = std::fs::read_to_string(&path).expect("the graded set");
        let command = committed
            .lines()
            .next()
            .and_then(|line| line.split('`').nth(1))
            .and_then(|command| command.strip_prefix("sudoku37 "))
            .unwrap_or_else(|| panic!("{set} has no command in its header"));
        let arguments: Vec<&str> = command.split_whitespace().collect();
        let output = sudoku37(&arguments, "");
        assert!(output.status.success());
        assert_eq!(
            text(&output.stdout),
            committed,
            "{set} differs from `{command}`"
        );
    }
}

#[test]
fn solve_prints_one_line_per_puzzle_in_input_order() {
    let example = sets::leetcode_example();
    let line = board::to_line(&example.board());
    let solution = board::to_line(example.solution_board().as_ref().unwrap());
    let grid = board::format_grid(&example.board());
    let mut clash = line.clone();
    clash.replace_range(2..3, "5");
    let underscored = line.replace('.', "_");
    let input = format!("{line}\nnot a puzzle\n{grid}{clash}\n  {underscored}  \n");
    let output = sudoku37(&["solve"], &input);
    assert_eq!(
        text(&output.stdout),
        format!(
            "{solution}\nerror: expected 81 cells, found 12 characters\n{solution}\n\
             error: the givens conflict: digit 5 appears twice in row 1\n{solution}\n"
        )
    );
    assert_eq!(
        text(&output.stderr),
        "line 2: expected 81 cells, found 12 characters\n\
         line 16: the givens conflict: digit 5 appears twice in row 1\n"
    );
    // Malformed input outranks an unsolvable puzzle.
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn solve_unique_reports_a_puzzle_with_several_solutions() {
    let example = board::to_line(&sets::leetcode_example().board());
    let input = format!("{example}\n{}\n", ".".repeat(81));
    let output = sudoku37(&["solve", "--unique"], &input);
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[1],
        "error: more than one solution (uniqueness was asked for)"
    );
    assert_eq!(output.status.code(), Some(1));
    // Without --unique, any solution of the empty grid is printed.
    let output = sudoku37(&["solve"], &input);
    assert!(output.status.success());
}

#[test]
fn solve_timeout_stops_a_search_that_will_not_finish() {
    // Norvig's impossible puzzle has no solution, but row-major backtracking
    // needs far longer than a second to prove it; the next puzzle is still
    // solved by a fresh worker.
    let impossible =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    let example = board::to_line(&sets::leetcode_example().board());
    let slow = approaches::of_family(Family::ReadingOrder)
        .find(|approach| approach.speed == Speed::Easy)
        .expect("a slow reading-order approach");
    let started = std::time::Instant::now();
    let output = sudoku37(
        &["solve", "-a", slow.name, "--timeout", "0.5"],
        format!("{impossible}\n{example}\n"),
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "error: stopped after 0.5 s (--time-limit): {} did not finish this puzzle",
            slow.name
        )
    );
    assert_eq!(
        lines[1],
        board::to_line(&sets::leetcode_example().solution_board().unwrap())
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn help_documents_the_exit_codes() {
    let stdout = text(&sudoku37(&["--help"], "").stdout);
    assert!(
        stdout.contains("Exit status, the same in every subcommand"),
        "{stdout}"
    );
    assert!(stdout.contains("2 when some input"), "{stdout}");
}

#[test]
fn top_level_help_shows_the_subcommands_not_compare_s_options() {
    let stdout = text(&sudoku37(&["--help"], "").stdout);
    let commands = stdout.find("Commands:").expect("a command list");
    assert!(stdout[commands..].contains("  solve "), "{stdout}");
    assert!(!stdout.contains("--budget"), "{stdout}");
    assert!(stdout.contains("sudoku37 compare --help"), "{stdout}");
    // The bare command still takes compare's options.
    let output = sudoku37(
        &[
            "--set",
            "leetcode_example",
            "--approach",
            approaches::DEFAULT_APPROACH,
        ],
        "",
    );
    assert!(output.status.success());
}

#[test]
fn show_defaults_to_a_search_whose_nodes_a_learner_recognises() {
    let line = board::to_line(&sets::leetcode_example().board());
    let output = sudoku37(&["show"], format!("{line}\n"));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("line 1: 4208 nodes"), "{stdout}");
    // Its one time is said to be one cold run, not a ranking (issue 38).
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("line 1: 4208 nodes, 4157 undos with bool_arrays; one cold run: ")
            && first.ends_with(" (compare times many runs)"),
        "{first}"
    );
}

/// Runs `sudoku37 ARGUMENTS` with a terminal for its standard input and
/// output (util-linux `script`), nothing typed; `None` where `script` is not
/// there. Killed after 20 seconds, so that a command that waits for typing
/// fails rather than hangs.
fn at_a_terminal(arguments: &str) -> Option<(String, String)> {
    use std::process::{Command, Stdio};
    let runs = Command::new("script")
        .args(["-qec", "true", "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .is_ok_and(|output| output.status.success());
    if !runs {
        eprintln!("SKIPPED the terminal test: no util-linux script here");
        return None;
    }
    let command = format!("{} {arguments} 2>&1", env!("CARGO_BIN_EXE_sudoku37"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start script");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().expect("script's status").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("script ran");
    Some((text(&output.stdout), text(&output.stderr)))
}

/// Without a puzzle, at a terminal, `show` and
/// `explain` take LeetCode's example, as `trace` does, instead of waiting
/// for puzzles to be typed.
#[test]
fn show_and_explain_at_a_terminal_take_leetcode_s_example() {
    let Some((shown, _)) = at_a_terminal("show") else {
        return;
    };
    assert!(
        shown.contains("no puzzle given: LeetCode's example"),
        "{shown}"
    );
    assert!(shown.contains("line 1: 4208 nodes"), "{shown}");
    assert!(
        !shown.contains("reading puzzles from standard input"),
        "{shown}"
    );
    let Some((explained, _)) = at_a_terminal("explain") else {
        return;
    };
    assert!(
        explained.contains("no puzzle given: LeetCode's example"),
        "{explained}"
    );
    assert!(explained.contains("solved: "), "{explained}");
    assert!(
        explained.contains("| 5 3 4 | 6 7 8 | 9 1 2 |"),
        "{explained}"
    );
}

#[test]
fn generate_without_a_seed_picks_one_and_prints_it_and_the_seed_makes_them_again() {
    let arguments = ["generate", "--count", "2", "--min-clues", "60"];
    let first = text(&sudoku37(&arguments, "").stdout);
    let seed = first
        .split("--seed ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the header names the seed")
        .to_string();
    let again = text(&sudoku37(&[&arguments[..], &["--seed", &seed]].concat(), "").stdout);
    let puzzles = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| !line.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(puzzles(&first), puzzles(&again));
    let other = text(&sudoku37(&arguments, "").stdout);
    assert_ne!(puzzles(&first), puzzles(&other), "two random seeds alike");
}

/// One flag name for a time limit in every subcommand (`--time-limit`), and
/// `--limit` only ever means "at most N puzzles of each set": the old names
/// still work, and help no longer shows them.
#[test]
fn a_time_limit_is_time_limit_everywhere_and_the_old_names_are_hidden_aliases() {
    for (subcommand, current, old) in [
        ("solve", "--time-limit", "--timeout"),
        ("trace", "--time-limit", "--timeout"),
        ("trace", "--stop-after", "--limit"),
        ("judge", "--time-limit", "--timeout"),
    ] {
        let help = text(&sudoku37(&[subcommand, "--help"], "").stdout);
        assert!(help.contains(current), "{subcommand} --help:\n{help}");
        assert!(
            !help.contains(&format!("{old} ")) && !help.contains(&format!("{old}=")),
            "{subcommand} --help shows {old}:\n{help}"
        );
    }
    let line = board::to_line(&sets::leetcode_example().board());
    let solution = board::to_line(&sets::leetcode_example().solution_board().unwrap());
    for flag in ["--time-limit", "--timeout"] {
        let output = sudoku37(&["solve", flag, "5"], &line);
        assert_eq!(text(&output.stdout), format!("{solution}\n"), "{flag}");
    }
    for flag in ["--stop-after", "--limit"] {
        let output = sudoku37(&["trace", flag, "3", &line], "");
        assert!(
            text(&output.stderr).contains("stopped at 3 steps (the limit, --stop-after)"),
            "{flag}: {}",
            text(&output.stderr)
        );
    }
}

#[test]
fn judge_help_lists_every_verdict_with_its_exit_status_and_the_jail() {
    let help = text(&sudoku37(&["judge", "--help"], "").stdout).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for verdict in [
        "Accepted",
        "Wrong Answer",
        "Time Limit Exceeded",
        "Memory Limit Exceeded",
        "Output Limit Exceeded",
        "Runtime Error",
        "Compile Error",
    ] {
        assert!(help.contains(verdict), "{verdict}: {help}");
    }
    assert!(
        help.contains("1 Wrong Answer, Time Limit Exceeded, Memory Limit Exceeded, Output Limit Exceeded or Runtime Error"),
        "{help}"
    );
    assert!(
        help.contains("`practice check` says a Compile Error with 1"),
        "{help}"
    );
    assert!(help.contains("--weak-sandbox"), "{help}");
}
