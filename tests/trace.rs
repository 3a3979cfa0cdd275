//! `sudoku37 trace`: the events it shows come from the node-counting hook, so
//! a trace and a node count agree for every approach; the HTML page plays to
//! the end in a real browser (headless Chromium).

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use pretty_assertions::assert_eq;
use rstest::rstest;
use sudoku37::approaches::Nodes;
use sudoku37::{approaches, board, sets, solve};

fn sudoku37(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku37"))
        .args(arguments)
        .output()
        .expect("run sudoku37")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The event lines of `sudoku37 trace` (stdout is a pipe here).
fn trace_lines(arguments: &[&str]) -> Vec<String> {
    let output = sudoku37(&[&["trace"], arguments].concat());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("# step action row column digit depth\n"));
    stdout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(String::from)
        .collect()
}

fn trace_and_node_count_agree(approach: &str) {
    let name = approach;
    let example = sets::leetcode_example();
    let approach = approaches::find(name).unwrap();
    let effort = solve::run(approach, &example.puzzle().unwrap())
        .unwrap()
        .effort;
    let lines = trace_lines(&["--approach", name]);
    let places = lines
        .iter()
        .filter(|line| line.split(' ').nth(1) == Some("place"))
        .count();
    let undos = lines
        .iter()
        .filter(|line| line.split(' ').nth(1) == Some("undo"))
        .count();
    assert_eq!((places as u64, undos as u64), (effort.nodes, effort.undos));
    if approach.nodes == Nodes::Guesses {
        // Only guesses are events: the forced moves between them are not.
        return;
    }
    // Replaying the lines on the puzzle gives the solution.
    let mut current = example.board.clone();
    for line in &lines {
        let fields: Vec<&str> = line.split(' ').collect();
        let (row, column): (usize, usize) =
            (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        current[row - 1][column - 1] = if fields[1] == "place" {
            fields[4].chars().next().unwrap()
        } else {
            '.'
        };
    }
    assert_eq!(Some(current), example.solution);
}

/// `cargo test --test trace trace_and_node_count_agree::NAME`.
macro_rules! per_approach {
    ($($approach:ident),*) => {$(
        #[test]
        fn $approach() {
            super::trace_and_node_count_agree(stringify!($approach));
        }
    )*};
}

mod trace_and_node_count_agree {
    sudoku37::for_each_approach!(per_approach);
}

#[test]
fn from_and_max_steps_pick_a_window() {
    let all = trace_lines(&["--approach", "bool_arrays"]);
    let window = trace_lines(&[
        "--approach",
        "bool_arrays",
        "--from",
        "100",
        "--max-steps",
        "5",
    ]);
    assert_eq!(window, all[99..104].to_vec());
}

#[test]
fn a_puzzle_can_be_given_inline_or_as_a_file() {
    let example = board::to_line(&sets::leetcode_example().board);
    let inline = trace_lines(&["--approach", "propagation", &example]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.txt");
    std::fs::write(&path, format!("# a comment\n{example}\n")).unwrap();
    let from_file = trace_lines(&["--approach", "propagation", path.to_str().unwrap()]);
    assert_eq!(inline, from_file);
    assert_eq!(inline.len(), 51);
}

#[test]
fn a_bad_puzzle_is_refused() {
    let output = sudoku37(&["trace", "12345"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: line 1: expected 81 cells, found 5 characters\n"
    );
}

/// Headless Chromium, if this machine has it. CI installs it (`.ci/run`), so
/// there its absence is a failure; elsewhere the browser test says it skipped.
fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var("CHROMIUM").unwrap_or_default(),
        "/usr/bin/chromium".to_string(),
        "/usr/bin/chromium-browser".to_string(),
    ];
    let found = candidates
        .iter()
        .map(PathBuf::from)
        .find(|path| path.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have Chromium: .ci/run installs Debian's chromium package"
        );
        eprintln!("SKIPPED the browser test: no Chromium here (apt-get install chromium)");
    }
    found
}

#[rstest]
fn the_html_page_plays_to_the_end_in_a_browser(
    #[values("bool_arrays", "dancing_links")] name: &str,
) {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("trace.html");
    let output = sudoku37(&[
        "trace",
        "--approach",
        name,
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let steps = trace_lines(&["--approach", name]).len();

    let profile = dir.path().join("profile");
    let dom = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // Timers run on virtual time: the whole playback takes well under
            // a second of real time.
            "--virtual-time-budget=600000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("file://{}?autoplay=1&speed=10000", page.display()))
        .output()
        .expect("run Chromium");
    let dom = text(&dom.stdout);
    let shown = |id: &str| -> String {
        let start = dom
            .find(&format!("id=\"{id}\">"))
            .unwrap_or_else(|| panic!("no #{id} in the page:\n{dom}"))
            + id.len()
            + 6;
        dom[start..].split('<').next().unwrap_or("").to_string()
    };
    let solution = board::to_line(&sets::leetcode_example().solution.unwrap());
    assert_eq!(shown("board-line"), solution);
    assert_eq!(shown("step"), steps.to_string());
    assert_eq!(shown("status"), "finished: solved");
}
