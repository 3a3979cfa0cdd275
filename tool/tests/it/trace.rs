//! `sudoku37 trace`: the events it shows come from the node-counting hook, so
//! a trace and a node count agree for every approach; the HTML page plays to
//! the end in a real browser (headless Chromium).

use crate::common;
use crate::common::{chromium, shown, sudoku37, text};

use pretty_assertions::assert_eq;
use rstest::rstest;
use std::path::Path;
use sudoku37::approaches::Nodes;
use sudoku37::{approaches, board, harness, sets};

/// The event lines of `sudoku37 trace` (stdout is a pipe here).
fn trace_lines(arguments: &[&str]) -> Vec<String> {
    let output = sudoku37(&[&["trace"], arguments].concat(), "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("# step action row column digit depth reason\n"));
    stdout
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(String::from)
        .collect()
}

/// No solution (column 1 cannot hold a 1), and scan_validate needs more than
/// ten million steps to find that out (puzzles/unsolvable.txt).
const UNSOLVABLE: &str =
    ".1....................................1...............2........3...........1.....";

/// Replays event lines on `puzzle`: `place` and `force` write their digit,
/// `undo` and `unforce` blank the cell.
fn replay(puzzle: &board::Board, lines: &[String]) -> board::Board {
    let mut current = puzzle.clone();
    for line in lines {
        let fields: Vec<&str> = line.split(' ').collect();
        let (row, column): (usize, usize) =
            (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        current[row - 1][column - 1] = match fields[1] {
            "place" | "force" => fields[4].chars().next().unwrap(),
            "undo" | "unforce" => '.',
            other => panic!("unknown action {other} in {line}"),
        };
    }
    current
}

/// A reading-order search, which takes long to prove a hard puzzle has no
/// solution.
fn slow_approach() -> &'static str {
    approaches::of_family(approaches::Family::ReadingOrder)
        .next()
        .expect("a reading-order approach is registered")
        .name
}

fn count_action(lines: &[String], action: &str) -> u64 {
    lines
        .iter()
        .filter(|line| line.split(' ').nth(1) == Some(action))
        .count() as u64
}

fn trace_and_node_count_agree(approach: &str) {
    let name = approach;
    let example = sets::leetcode_example();
    let approach = approaches::find(name).unwrap();
    let effort = harness::run(approach, &example.puzzle().unwrap())
        .unwrap()
        .effort;
    let lines = trace_lines(&["--approach", name]);
    assert_eq!(
        (count_action(&lines, "place"), count_action(&lines, "undo")),
        (effort.nodes, effort.undos)
    );
    if approach.nodes == Nodes::Placements {
        assert_eq!(count_action(&lines, "force"), 0);
    }
    // Forced moves are reported too, so every trace ends on the solution.
    assert_eq!(
        Some(replay(&example.board(), &lines)),
        example.solution_board()
    );
}

/// The project's hardest puzzles need guesses from bitboard, and guesses that
/// fail: its trace must still replay to the solution, forced digits and all.
#[test]
fn a_bitboard_trace_with_failed_guesses_replays_to_the_solution() {
    let text =
        std::fs::read_to_string(crate::common::root().join("puzzles/graded_extreme.txt")).unwrap();
    let (puzzles, errors) = sets::parse_set(&text);
    assert!(errors.is_empty());
    let mut with_failed_guesses = 0;
    for puzzle in puzzles.iter().take(20) {
        let line = board::to_line(&puzzle.board());
        let lines = trace_lines(&["--approach", approaches::DEFAULT_APPROACH, &line]);
        let effort = harness::run(approaches::default_approach(), &puzzle.puzzle().unwrap())
            .unwrap()
            .effort;
        assert_eq!(count_action(&lines, "place"), effort.nodes, "{line}");
        assert_eq!(count_action(&lines, "undo"), effort.undos, "{line}");
        if effort.undos > 0 {
            with_failed_guesses += 1;
            assert!(count_action(&lines, "unforce") > 0, "{line}");
        }
        assert_eq!(
            Some(replay(&puzzle.board(), &lines)),
            puzzle.solution_board(),
            "{line}"
        );
    }
    assert!(
        with_failed_guesses > 0,
        "no puzzle exercised a failed guess"
    );
}

/// `cargo test -p sudoku37-tool --test it trace::trace_and_node_count_agree::NAME`.
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
    let all = trace_lines(&["--approach", approaches::TRACE_APPROACH]);
    let window = trace_lines(&[
        "--approach",
        approaches::TRACE_APPROACH,
        "--from",
        "100",
        "--max-steps",
        "5",
    ]);
    assert_eq!(window, all[99..104].to_vec());
}

#[test]
fn a_puzzle_can_be_given_inline_or_as_a_file() {
    let example = board::to_line(&sets::leetcode_example().board());
    let inline = trace_lines(&["--approach", approaches::DEFAULT_APPROACH, &example]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.txt");
    std::fs::write(&path, format!("# a comment\n{example}\n")).unwrap();
    let from_file = trace_lines(&[
        "--approach",
        approaches::DEFAULT_APPROACH,
        path.to_str().unwrap(),
    ]);
    assert_eq!(inline, from_file);
    assert_eq!(inline.len(), 51);
}

/// A huge `--max-steps`: `start + most` once wrapped round and panicked.
#[test]
fn a_huge_max_steps_shows_the_rest_of_the_trace() {
    let all = trace_lines(&["--approach", approaches::TRACE_APPROACH]);
    let rest = trace_lines(&[
        "--approach",
        approaches::TRACE_APPROACH,
        "--max-steps",
        "18446744073709551615",
        "--from",
        "2",
    ]);
    assert_eq!(rest, all[1..].to_vec());
}

#[rstest]
#[case::limit_zero(&["--stop-after", "0"], "from 1 to 10000000")]
#[case::limit_huge(&["--stop-after", "20000000"], "from 1 to 10000000")]
#[case::limit_negative(&["--stop-after", "-5"], "from 1 to 10000000")]
#[case::from_zero(&["--from", "0"], "from 1 to")]
#[case::from_negative(&["--from", "-1"], "from 1 to")]
#[case::max_steps_zero(&["--max-steps", "0"], "from 1 to")]
#[case::max_steps_negative(&["--max-steps=-3"], "from 1 to")]
#[case::delay_huge(&["--delay", "99999999"], "from 0 to 60000")]
#[case::delay_negative(&["--delay", "-1"], "from 0 to 60000")]
#[case::delay_word(&["--delay", "soon"], "from 0 to 60000")]
#[case::timeout_zero(&["--timeout", "0"], "greater than 0 and at most 1e6")]
#[case::timeout_negative(&["--timeout=-1"], "greater than 0 and at most 1e6")]
#[case::timeout_nan(&["--timeout", "NaN"], "greater than 0 and at most 1e6")]
#[case::timeout_inf(&["--timeout", "inf"], "greater than 0 and at most 1e6")]
#[case::timeout_huge(&["--timeout", "1e300"], "greater than 0 and at most 1e6")]
#[case::timeout_word(&["--timeout", "soon"], "greater than 0 and at most 1e6")]
fn absurd_values_are_refused_with_their_range(#[case] arguments: &[&str], #[case] range: &str) {
    let output = sudoku37(&[&["trace"], arguments].concat(), "");
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains(range),
        "{}",
        text(&output.stderr)
    );
}

/// The limit stops the search itself, and a
/// trace stopped there says so and exits 1.
#[test]
fn a_search_stopped_at_the_limit_says_so() {
    let output = sudoku37(
        &[
            "trace",
            "-a",
            slow_approach(),
            "--stop-after",
            "50",
            UNSOLVABLE,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert_eq!(
        stdout.lines().filter(|line| !line.starts_with('#')).count(),
        50
    );
    assert!(
        stdout.ends_with(
            "# scan_validate was stopped at 50 steps (the limit, --stop-after) before the search finished\n"
        ),
        "{stdout}"
    );
    assert_eq!(
        text(&output.stderr),
        "scan_validate was stopped at 50 steps (the limit, --stop-after) before the search finished: no answer yet\n"
    );
}

#[test]
fn a_search_stopped_by_the_timeout_says_so() {
    let output = sudoku37(
        &[
            "trace",
            "-a",
            slow_approach(),
            "--stop-after",
            "10000000",
            "--timeout",
            "0.001",
            UNSOLVABLE,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("(the time limit, --time-limit) before the search finished"),
        "{}",
        text(&output.stderr)
    );
}

/// The page took about 9 bytes a step.
#[test]
fn the_page_takes_about_two_bytes_a_step() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("long.html");
    let output = sudoku37(
        &[
            "trace",
            "-a",
            slow_approach(),
            "--stop-after",
            "100000",
            "--html",
            page.to_str().unwrap(),
            UNSOLVABLE,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let size = std::fs::metadata(&page).unwrap().len();
    let empty = sudoku37(
        &[
            "trace",
            "-a",
            slow_approach(),
            "--stop-after",
            "1",
            "--html",
            page.to_str().unwrap(),
            UNSOLVABLE,
        ],
        "",
    );
    assert_eq!(empty.status.code(), Some(1));
    let base = std::fs::metadata(&page).unwrap().len();
    assert!(
        size - base <= 2 * 100_000 + 100,
        "{} bytes for 100000 steps",
        size - base
    );
}

#[test]
fn the_help_states_what_a_step_costs() {
    let help = text(&sudoku37(&["trace", "--help"], "").stdout);
    assert!(
        help.contains("48 bytes of memory and 2 bytes of HTML page"),
        "{help}"
    );
}

/// A missing file was read as a puzzle.
#[rstest]
#[case("/nonexistent/file.txt")]
#[case("puzzles.txt")]
fn a_file_that_cannot_be_read_is_reported_as_such(#[case] name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let output = crate::common::command()
        .args(["trace", name])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.starts_with(&format!("error: cannot read {name}: ")),
        "{stderr}"
    );
}

#[test]
fn a_closed_pipe_is_a_quiet_success() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = crate::common::command()
        .args(["trace", "-a", slow_approach(), "--stop-after", "1000000"])
        .arg(UNSOLVABLE)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the pipe is closed with most lines unwritten.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(text(&output.stderr), "");
}

#[cfg(target_os = "linux")]
#[test]
fn a_write_error_is_reported_with_exit_2() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = crate::common::command()
        .arg("trace")
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).starts_with("error: cannot write the output: "),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn several_approaches_need_a_page() {
    let output = sudoku37(
        &[
            "trace",
            "-a",
            approaches::BITMASK.name,
            "-a",
            approaches::BITBOARD.name,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--html"));
}

#[test]
fn a_bad_puzzle_is_refused() {
    let output = sudoku37(&["trace", "12345"], "");
    assert_eq!(output.status.code(), Some(2));
    // Neither a readable path nor a puzzle: the message says both.
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("error: cannot read 12345: "), "{stderr}");
    assert!(
        stderr.ends_with(
            "and it is no puzzle either: line 1: expected 81 cells, found 5 characters\n"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// Writes the page of `sudoku37 trace --html` for each list of approaches
/// into `dir`, and plays them all to the end in one headless Chromium;
/// returns their final DOMs, or `None` without Chromium.
fn play_pages(dir: &Path, pages: &[&[&str]]) -> Option<Vec<String>> {
    chromium()?;
    let paths: Vec<_> = (0..pages.len())
        .map(|number| dir.join(format!("trace-{number}.html")))
        .collect();
    for (page, approaches) in paths.iter().zip(pages) {
        let mut arguments = vec!["trace", "--html", page.to_str().unwrap()];
        for name in *approaches {
            arguments.extend(["--approach", name]);
        }
        let output = sudoku37(&arguments, "");
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let frames: Vec<(&Path, &str)> = paths
        .iter()
        .map(|page| (page.as_path(), "?autoplay=1&speed=10000"))
        .collect();
    common::dump_doms(&frames)
}

/// The page of one approach, and the page of several, one board each, are
/// played to their end in a browser (one browser for all of them).
#[test]
fn the_html_pages_play_to_the_end_in_a_browser() {
    let alone = ["bool_arrays", "dancing_links", "bitboard"];
    let race = [
        approaches::BOOL_ARRAYS.name,
        approaches::MOST_CONSTRAINED.name,
        approaches::DANCING_LINKS.name,
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut pages: Vec<&[&str]> = alone.iter().map(std::slice::from_ref).collect();
    pages.push(&race);
    let Some(doms) = play_pages(dir.path(), &pages) else {
        return;
    };
    for (name, dom) in alone.iter().zip(&doms) {
        the_page_of_one_approach_played_to_its_end(name, dom);
    }
    the_race_page_played_every_board_to_the_solution(&race, &doms[alone.len()]);
}

fn the_page_of_one_approach_played_to_its_end(name: &str, dom: &str) {
    let steps = trace_lines(&["--approach", name]).len();
    let solution = board::to_line(&sets::leetcode_example().solution_board().unwrap());
    assert_eq!(shown(dom, "board-line-0"), solution, "{name}");
    assert_eq!(shown(dom, "step-0"), steps.to_string(), "{name}");
    assert_eq!(shown(dom, "status-0"), "finished: solved", "{name}");
    // Beside the board, the last step's reason, as the library reads it.
    let recorded = sudoku37_tool::trace::record(
        approaches::find(name).unwrap(),
        &sets::leetcode_example().puzzle().unwrap(),
        sudoku37_tool::trace::DEFAULT_LIMIT,
        None,
    );
    let last = recorded.reasons().last().unwrap().to_string();
    assert_eq!(shown(dom, "why-0"), last, "{name}");
}

/// Several approaches on one page, one board each.
fn the_race_page_played_every_board_to_the_solution(names: &[&str], dom: &str) {
    let solution = board::to_line(&sets::leetcode_example().solution_board().unwrap());
    let mut lengths = Vec::new();
    for (number, name) in names.iter().enumerate() {
        let steps = trace_lines(&["--approach", name]).len();
        lengths.push((steps, *name));
        assert_eq!(
            shown(dom, &format!("board-line-{number}")),
            solution,
            "{name}"
        );
        assert_eq!(
            shown(dom, &format!("step-{number}")),
            steps.to_string(),
            "{name}"
        );
        assert_eq!(shown(dom, &format!("status-{number}")), "finished: solved");
    }
    let first = lengths.iter().map(|&(steps, _)| steps).min().unwrap();
    let winners: Vec<&str> = lengths
        .iter()
        .filter(|&&(steps, _)| steps == first)
        .map(|&(_, name)| name)
        .collect();
    let next = lengths
        .iter()
        .map(|&(steps, _)| steps)
        .filter(|&steps| steps > first)
        .min();
    let mut expected = if winners.len() == 1 {
        format!("{} finished first, in {first} steps", winners[0])
    } else {
        format!(
            "{} finished first together, in {first} steps",
            winners.join(" and ")
        )
    };
    if let Some(next) = next {
        expected += &format!(", {} steps ahead of the next", next - first);
    }
    assert_eq!(shown(dom, "winner"), expected + ".");
}

/// `--tree` draws the search tree from the trace: one box
/// per guess and one for the puzzle, the taken-back ones red, and it is a
/// well-formed SVG picture.
#[test]
fn the_tree_has_a_box_per_node_and_marks_the_undone_ones() {
    // puzzles/blanked_rows.txt, rows 1, 5 and 9 blanked: a small search.
    let puzzle =
        ".........286357491974281563439675812.........517823649195762384728134956.........";
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("tree.svg");
    let output = sudoku37(
        &[
            "trace",
            "-a",
            approaches::SCAN_VALIDATE.name,
            "--tree",
            picture.to_str().unwrap(),
            puzzle,
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lines = trace_lines(&["-a", approaches::SCAN_VALIDATE.name, puzzle]);
    let (places, undos) = (count_action(&lines, "place"), count_action(&lines, "undo"));
    assert_eq!(
        text(&output.stdout),
        format!(
            "wrote {} (scan_validate: {places} nodes, {undos} undone)\n",
            picture.display()
        )
    );
    let svg = std::fs::read_to_string(&picture).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let boxes: Vec<roxmltree::Node> = document
        .descendants()
        .filter(|node| node.has_tag_name("rect") && node.attribute("rx").is_some())
        .collect();
    assert_eq!(boxes.len() as u64, places + 1);
    let red = boxes
        .iter()
        .filter(|node| node.attribute("stroke") == Some("#c01c28"))
        .count();
    assert_eq!(red as u64, undos);
    let labels: Vec<&str> = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .collect();
    assert!(labels.contains(&"r1c1=3"), "{labels:?}");
}

#[test]
fn the_tree_draws_one_approach() {
    let output = sudoku37(
        &[
            "trace",
            "-a",
            approaches::BITMASK.name,
            "-a",
            approaches::BITBOARD.name,
            "--tree",
            "x.svg",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--tree"));
}

/// The search tree in notes/scan_validate.md is what its command draws now.
#[test]
fn the_search_tree_in_the_notes_is_current() {
    let root = crate::common::root();
    let note = std::fs::read_to_string(root.join("notes/scan_validate.md")).unwrap();
    let command = note
        .split("`sudoku37 trace -a scan_validate --tree notes/search-tree.svg ")
        .nth(1)
        .expect("the note names the command that drew its tree");
    let puzzle = command.split('`').next().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("tree.svg");
    let output = sudoku37(
        &[
            "trace",
            "-a",
            approaches::SCAN_VALIDATE.name,
            "--tree",
            picture.to_str().unwrap(),
            puzzle,
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let drawn = std::fs::read_to_string(&picture).unwrap();
    let stored = std::fs::read_to_string(root.join("notes/search-tree.svg")).unwrap();
    assert!(drawn == stored, "notes/search-tree.svg is stale: redraw it");
}
