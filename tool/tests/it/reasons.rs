//! A trace that says why. Every step carries its
//! reason, read from the board and the steps before it: the piped form
//! prints it as the last field of each line (the old fields unchanged), the
//! terminal under the board, and the HTML page's script reads the same
//! reasons from the same evidence (checked here by running that script in
//! Node, where Node is installed).

use crate::common::text;
use std::io::Write;
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;
use sudoku37::approaches;
use sudoku37::probe::{Action, Event};
use sudoku37::sets;
use sudoku37_tool::trace::{self, Trace};

fn record(approach: &str, puzzle: &sudoku37::board::Board) -> Trace {
    let approach = approaches::find(approach).expect("registered");
    let puzzle = sudoku37::Puzzle::from_board(puzzle).expect("a valid puzzle");
    trace::record(approach, &puzzle, 20_000, None)
}

/// The piped form keeps its six fields, in their order, and adds the reason
/// as the rest of the line: old scripts that read the first six still work.
#[test]
fn each_piped_line_ends_with_its_reason() {
    let output = crate::common::command()
        .args([
            "trace",
            "-a",
            approaches::SCAN_VALIDATE.name,
            "--max-steps",
            "7",
        ])
        .output()
        .expect("run sudoku37");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let recorded = record(
        approaches::SCAN_VALIDATE.name,
        &sets::leetcode_example().board(),
    );
    let mut expected = vec!["# step action row column digit depth reason".to_string()];
    for (step, reason) in trace::counted_events(&recorded.events)
        .zip(recorded.reasons())
        .take(7)
    {
        expected.push(format!("{} {reason}", trace::event_line(&step)));
    }
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    assert!(stdout.contains(
        "\n6 undo 1 8 9 4 r1c9 has no digit left: 1 2 3 4 5 7 8 9 in row 1, 6 in column 9\n"
    ));
}

/// `trace --help` says what the last field is, so that scripts can read it.
#[test]
fn the_help_documents_the_reason_field() {
    let output = crate::common::command()
        .args(["trace", "--help"])
        .output()
        .expect("run sudoku37");
    let help = text(&output.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for words in [
        "step action row column digit depth reason",
        "the reason is the rest of the line",
        "no known pattern",
    ] {
        assert!(help.contains(words), "{words:?} not in:\n{help}");
    }
}

/// The part of the page's script between `// reasons: begin` and
/// `// reasons: end`.
fn page_reasons_script() -> String {
    let page = include_str!("../../src/trace/page.html");
    let begin = page.find("// reasons: begin").expect("the begin marker");
    let end = page.find("// reasons: end").expect("the end marker");
    page[begin..end].to_string()
}

/// Node, if it is installed.
fn node() -> Option<&'static str> {
    let found = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !found {
        eprintln!("SKIPPED the page's reasons: no Node here (apt-get install nodejs)");
    }
    found.then_some("node")
}

fn action_number(action: Action) -> u8 {
    match action {
        Action::Undo => 0,
        Action::Place => 1,
        Action::Force => 2,
        Action::Unforce => 3,
    }
}

fn events_json(events: &[Event]) -> serde_json::Value {
    events
        .iter()
        .map(|event| {
            serde_json::json!([
                action_number(event.action),
                event.row * 9 + event.column,
                event.digit.to_digit(10).unwrap_or(0)
            ])
        })
        .collect()
}

/// The page's script gives every step of every kind of search the reason
/// the library gives: reading order by rows and by columns, the searches
/// that choose where to branch (with failed children, restores and forced
/// digits taken off with a guess), and a search whose order is not known.
#[test]
fn the_page_reads_the_same_reasons_as_the_library() {
    let Some(node) = node() else {
        return;
    };
    let example = sets::leetcode_example().board();
    let extreme = sets::builtin("graded_extreme").expect("a built-in set");
    let mut traces: Vec<Trace> = approaches::names()
        .into_iter()
        .map(|name| record(name, &example))
        .collect();
    for puzzle in extreme.puzzles.iter().take(6) {
        for name in [
            approaches::MOST_CONSTRAINED.name,
            approaches::PROPAGATION.name,
            approaches::DANCING_LINKS.name,
            approaches::BITBOARD.name,
        ] {
            traces.push(record(name, &puzzle.board()));
        }
    }
    // A learner's search: no order known, read as one that chooses.
    let mut yours = record(approaches::BITMASK.name, &extreme.puzzles[1].board());
    yours.approach = "yours";
    traces.push(yours);
    let cases: Vec<serde_json::Value> = traces
        .iter()
        .map(|recorded| {
            let order = trace::reason::order_of(recorded.approach).map(|order| match order {
                approaches::Order::Rows => "rows",
                approaches::Order::Columns => "columns",
            });
            serde_json::json!({
                "puzzle": recorded.puzzle.to_line(),
                "events": events_json(&recorded.events),
                "order": order,
            })
        })
        .collect();
    let script = format!(
        "{}\nconst cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n\
         process.stdout.write(JSON.stringify(cases.map((c) => {{\n\
           const reasons = makeReasons(c.puzzle, c.events, c.order);\n\
           return c.events.map((_, at) => reasons.at(at));\n\
         }})));\n",
        page_reasons_script()
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("reasons.js");
    std::fs::write(&path, script).expect("the script written");
    let mut child = Command::new(node)
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start node");
    let input = serde_json::to_vec(&cases).expect("JSON");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("node ran");
    writer
        .join()
        .expect("the writer")
        .expect("the input written");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let read: Vec<Vec<String>> = serde_json::from_slice(&output.stdout).expect("JSON back");
    let mut steps = 0;
    for (recorded, page) in traces.iter().zip(&read) {
        let library: Vec<String> = recorded
            .reasons()
            .map(|reason| reason.to_string())
            .collect();
        for (at, (mine, theirs)) in library.iter().zip(page).enumerate() {
            assert_eq!(
                theirs,
                mine,
                "{} on {}, step {}",
                recorded.approach,
                recorded.puzzle.to_line(),
                at + 1
            );
        }
        assert_eq!(page.len(), library.len(), "{}", recorded.approach);
        steps += library.len();
    }
    assert!(steps > 10_000, "{steps} steps compared");
}
