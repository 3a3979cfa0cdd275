//! The logic solver (`sudoku37_tool::logic`) as a whole: its ratings do not
//! depend on how a puzzle is written down, every deduction it takes is sound, a
//! puzzle it solves ends on the solution, and `rate` and `explain` behave on
//! the command line.

use crate::common;
use crate::common::{sudoku37, text};

use proptest::prelude::*;
use sudoku37::puzzle::Cells;
use sudoku37::sets;
use sudoku37::Puzzle;
use sudoku37_tool::logic::{self, End, Level, Technique, WhenStuck};

/// A few puzzles from each built-in graded set.
fn sample() -> Vec<Puzzle> {
    sets::builtin_names()
        .into_iter()
        .filter(|name| name.starts_with("graded_"))
        .flat_map(|name| {
            sets::builtin(name)
                .unwrap()
                .puzzles
                .into_iter()
                .take(12)
                .map(|puzzle| puzzle.puzzle().unwrap())
        })
        .collect()
}

/// A symmetry of the grid: digits renamed, rows permuted within bands,
/// bands permuted, columns likewise (through the transpose), transposed.
#[derive(Debug, Clone)]
struct Symmetry {
    digits: Vec<u8>,
    rows_in_band: [Vec<usize>; 3],
    bands: Vec<usize>,
    columns_in_stack: [Vec<usize>; 3],
    stacks: Vec<usize>,
    transpose: bool,
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    (
        Just((1..=9u8).collect::<Vec<u8>>()).prop_shuffle(),
        [permutation(3), permutation(3), permutation(3)],
        permutation(3),
        [permutation(3), permutation(3), permutation(3)],
        permutation(3),
        any::<bool>(),
    )
        .prop_map(
            |(digits, rows_in_band, bands, columns_in_stack, stacks, transpose)| Symmetry {
                digits,
                rows_in_band,
                bands,
                columns_in_stack,
                stacks,
                transpose,
            },
        )
}

fn apply(symmetry: &Symmetry, cells: &Cells) -> Cells {
    let mut out = [0u8; 81];
    for row in 0..9 {
        for column in 0..9 {
            let new_row = symmetry.bands[row / 3] * 3 + symmetry.rows_in_band[row / 3][row % 3];
            let new_column =
                symmetry.stacks[column / 3] * 3 + symmetry.columns_in_stack[column / 3][column % 3];
            let (new_row, new_column) = if symmetry.transpose {
                (new_column, new_row)
            } else {
                (new_row, new_column)
            };
            let digit = cells[row * 9 + column];
            out[new_row * 9 + new_column] = if digit == 0 {
                0
            } else {
                symmetry.digits[usize::from(digit - 1)]
            };
        }
    }
    out
}

proptest! {
    /// A level is parsed or refused, whatever the text, never panicked on.
    #[test]
    fn levels_parse_or_are_refused_whatever_the_text(text in "\\PC{0,40}") {
        let _ = text.parse::<Level>();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A puzzle and any symmetric copy get the same level, score and
    /// technique counts.
    #[test]
    fn ratings_do_not_depend_on_how_a_puzzle_is_written(symmetry in symmetry()) {
        for puzzle in sample().into_iter().step_by(4) {
            let copy = Puzzle::from_cells(apply(&symmetry, puzzle.cells())).unwrap();
            prop_assert_eq!(logic::rate(&puzzle), logic::rate(&copy), "{}", puzzle.to_line());
        }
    }
}

/// Why reading-order effort does not follow the level: renaming a puzzle's
/// digits leaves its rating (level and score) exactly as it was, but changes
/// the nodes a reading-order search (`bitmask`) places, which tries digits
/// in their order. On every `graded_hard` puzzle, renamed by reversing the
/// digits (1 is 9, 2 is 8, ...): the ratings are equal, and the nodes differ
/// on most puzzles.
#[test]
fn renaming_digits_changes_a_reading_order_search_but_not_the_rating() {
    let bitmask = &sudoku37::approaches::BITMASK;
    let puzzles = sets::builtin("graded_hard").expect("built in").puzzles;
    let mut changed = 0;
    for entry in &puzzles {
        let puzzle = entry.puzzle().expect("a puzzle");
        let mut renamed_cells = *puzzle.cells();
        for cell in renamed_cells.iter_mut().filter(|cell| **cell != 0) {
            *cell = 10 - *cell;
        }
        let renamed = Puzzle::from_cells(renamed_cells).expect("still a puzzle");
        assert_eq!(
            logic::rate(&puzzle),
            logic::rate(&renamed),
            "line {}",
            entry.line
        );
        let nodes = |puzzle: &Puzzle| {
            sudoku37::harness::run(bitmask, puzzle)
                .expect("solved")
                .effort
                .nodes
        };
        changed += usize::from(nodes(&puzzle) != nodes(&renamed));
    }
    assert!(
        changed * 2 > puzzles.len(),
        "the nodes changed on {changed} of {} puzzles",
        puzzles.len()
    );
}

/// Replays a solve against the known solution: no deduction removes the
/// solution's digit from a cell, every placement is the solution's digit,
/// and a solve that ends solved ends on the solution.
fn check_sound(puzzle: &Puzzle, when_stuck: WhenStuck) -> logic::Walkthrough {
    let solution = puzzle.unique_solution().expect("a unique solution");
    let walkthrough = logic::walk_through(puzzle, when_stuck);
    for deduction in &walkthrough.deductions {
        for &(cell, digit) in &deduction.removed {
            assert_ne!(
                solution[cell],
                digit,
                "{}: `{}` removes the solution's digit",
                puzzle.to_line(),
                deduction.text
            );
        }
        for &(cell, digit) in &deduction.placed {
            assert_eq!(
                solution[cell],
                digit,
                "{}: `{}` places a wrong digit",
                puzzle.to_line(),
                deduction.text
            );
        }
    }
    if walkthrough.end == End::Solved {
        assert_eq!(
            walkthrough.candidates.values(),
            solution,
            "{}",
            puzzle.to_line()
        );
    }
    walkthrough
}

#[test]
fn every_deduction_is_sound_and_solves_end_on_the_solution() {
    let mut stuck = 0;
    let mut solved_by_logic = 0;
    for set in sets::builtin_names()
        .into_iter()
        .filter(|name| name.starts_with("graded_"))
    {
        for entry in sets::builtin(set).unwrap().puzzles {
            let puzzle = entry.puzzle().unwrap();
            let walkthrough = check_sound(&puzzle, WhenStuck::Stop);
            assert_ne!(
                walkthrough.end,
                End::Stuck,
                "forcing chains always find something here"
            );
            let walkthrough = logic::walk_through_up_to(&puzzle, Level::Hard, WhenStuck::Stop);
            match walkthrough.end {
                End::Solved => solved_by_logic += 1,
                End::Stuck => stuck += 1,
                End::NoSolution => panic!("{}: no solution", puzzle.to_line()),
                End::NotUnique => panic!("{}: not unique", puzzle.to_line()),
            }
            // With guesses allowed, every unique puzzle ends solved.
            assert_eq!(check_sound(&puzzle, WhenStuck::Guess).end, End::Solved);
        }
    }
    assert!(
        solved_by_logic > 0 && stuck > 0,
        "{solved_by_logic} {stuck}"
    );
}

#[test]
fn shared_sets_are_sound_too() {
    let Some(folder) = sets::shared_data_dir() else {
        eprintln!("skipped: no ../shared/puzzles (set SUDOKU37_DATA)");
        return;
    };
    for set in [sets::public::TOP95, sets::public::HARDEST_FORUM_1106] {
        let name = set.file_name();
        let Ok(text) = std::fs::read_to_string(set.path_in(&folder)) else {
            eprintln!("skipped: no {name}");
            continue;
        };
        let (puzzles, _) = sets::parse_set(&text);
        for entry in puzzles.iter().take(40) {
            let puzzle = entry.puzzle().unwrap();
            if puzzle.unique_solution().is_ok() {
                check_sound(&puzzle, WhenStuck::Guess);
            }
        }
    }
}

#[test]
fn hardest_technique_sets_the_level_unless_the_score_lifts_it() {
    for puzzle in sample() {
        let rating = logic::rate(&puzzle).unwrap();
        let hardest = rating.counts.keys().map(|t| t.level()).max().unwrap();
        assert!(rating.level >= hardest);
        let score: u32 = rating.counts.iter().map(|(t, n)| t.score() * n).sum();
        assert_eq!(score, rating.score);
        if rating.level > hardest {
            assert!(rating.score > hardest.ceiling());
        }
    }
}

#[test]
fn rate_prints_one_line_per_record_and_errors_in_place() {
    let example = sets::leetcode_example().puzzle().unwrap().to_line();
    let empty = ".".repeat(81);
    let input = format!("# a comment\n{example}\nnot a puzzle\n{empty}\n");
    let output = sudoku37(&["rate"], &input);
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let expected = logic::rate(&sets::leetcode_example().puzzle().unwrap()).unwrap();
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(fields[0], expected.level.name());
    assert_eq!(fields[1], expected.score.to_string());
    assert!(fields[2].split(',').all(|id| Technique::ORDER
        .iter()
        .any(|technique| technique.id() == id)));
    assert!(lines[1].starts_with("error: "));
    assert_eq!(
        lines[2],
        "error: more than one solution: a rating needs a unique one"
    );
    assert!(text(&output.stderr).contains("line 3: "));
    // Malformed input outranks a puzzle that cannot be rated.
    assert_eq!(output.status.code(), Some(2));

    let only_unrated = sudoku37(&["rate"], format!("{empty}\n"));
    assert_eq!(only_unrated.status.code(), Some(1));
}

#[test]
fn rate_json_counts_each_technique() {
    let puzzle = sets::builtin("graded_hard").unwrap().puzzles[0]
        .puzzle()
        .unwrap();
    let output = sudoku37(&["rate", "--format", "json"], puzzle.to_line());
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_str(text(&output.stdout).trim()).unwrap();
    let rating = logic::rate(&puzzle).unwrap();
    assert_eq!(value["level"], rating.level.name());
    assert_eq!(value["score"], rating.score);
    assert_eq!(value["line"], 1);
    for (technique, count) in &rating.counts {
        assert_eq!(value["techniques"][technique.id()], *count);
    }
    let bad = sudoku37(&["rate", "--format", "xml"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn explain_walks_through_and_ends_with_the_grid() {
    let example = sets::leetcode_example();
    let line = example.puzzle().unwrap().to_line();
    let output = sudoku37(&["explain", &line], "");
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    assert!(stdout.contains("single: "), "{stdout}");
    assert!(stdout.contains("solved: easy "), "{stdout}");
    assert!(stdout.ends_with(&sudoku37::board::format_grid(
        example.solution_board().as_ref().unwrap()
    )));
    // The same from standard input.
    let piped = sudoku37(&["explain"], &line);
    assert_eq!(text(&piped.stdout), stdout);
}

#[test]
fn explain_says_where_logic_ran_out() {
    // A puzzle the solver cannot finish by logic alone.
    let puzzle = sets::builtin_names()
        .into_iter()
        .filter(|name| name.starts_with("graded_"))
        .flat_map(|name| sets::builtin(name).unwrap().puzzles)
        .map(|entry| entry.puzzle().unwrap())
        .find(|puzzle| {
            logic::walk_through_up_to(puzzle, Level::Hard, WhenStuck::Stop).end == End::Stuck
        })
        .expect("some graded puzzle needs more than hard techniques");
    let output = sudoku37(&["explain", "--up-to", "hard", &puzzle.to_line()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stdout).contains("logic ran out with "));
    let guessed = sudoku37(&["explain", &puzzle.to_line()], "");
    assert!(guessed.status.success());
    let stdout = text(&guessed.stdout);
    assert!(stdout.contains("solved: "), "{stdout}");
    let bad = sudoku37(&["explain", "--up-to", "hardest", &puzzle.to_line()], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn explain_refuses_bad_input() {
    let output = sudoku37(&["explain", "12345"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with("error: "));
    // Input is streamed: the first record is explained as soon as it is
    // read, so a bad first record is refused whatever follows.
    let two = format!("{}\n{}\n", "1".repeat(81), ".".repeat(81));
    let output = sudoku37(&["explain"], &two);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("row 1"),
        "{}",
        text(&output.stderr)
    );
}

/// The first position of the graded sets where only a forcing chain (or
/// nothing short of a guess) helps, checked deduction by deduction.
#[test]
fn forcing_chains_apply_only_when_nothing_simpler_does() {
    let mut seen = 0;
    for entry in sets::builtin("graded_extreme").unwrap().puzzles {
        let puzzle = entry.puzzle().unwrap();
        let solution = puzzle.unique_solution().unwrap();
        let walkthrough = logic::walk_through(&puzzle, WhenStuck::Guess);
        let Some(index) = walkthrough
            .deductions
            .iter()
            .position(|deduction| deduction.technique == Technique::ForcingChain)
        else {
            continue;
        };
        seen += 1;
        let before = walkthrough.positions(&puzzle)[index];
        // Each removal is a candidate that, placed, contradicts the
        // solution somewhere: never the solution's own digit.
        for deduction in walkthrough.deductions[index..]
            .iter()
            .take_while(|deduction| deduction.technique == Technique::ForcingChain)
        {
            let (cell, digit) = deduction.removed[0];
            assert!(before.has(cell, digit));
            assert_ne!(solution[cell], digit, "{}", deduction.text);
        }
        // Stopping below extreme, the solver is stuck at exactly that position.
        let stuck = logic::walk_through_up_to(&puzzle, Level::Unfair, WhenStuck::Stop);
        assert_eq!(stuck.end, End::Stuck);
        assert_eq!(stuck.candidates, before);
    }
    assert!(seen > 0, "no graded puzzle needs a forcing chain");
}

/// The deduction lines `explain` prints for `line` (the lines before its end
/// line), with its other options.
fn explained_deductions(options: &[&str], line: &str) -> Vec<String> {
    let output = sudoku37(&[&["explain"], options, &[line]].concat(), "");
    let stdout = text(&output.stdout);
    stdout
        .lines()
        .take_while(|deduction| {
            !["solved: ", "logic ran out", "stopped: "]
                .iter()
                .any(|end| deduction.starts_with(end))
        })
        .map(String::from)
        .collect()
}

/// Puzzles for the pages: LeetCode's example (singles only), one of each
/// harder graded set, and a solve stopped at medium techniques.
fn page_cases() -> Vec<(Vec<&'static str>, String)> {
    let first = |set: &str| {
        sets::builtin(set).unwrap().puzzles[0]
            .puzzle()
            .unwrap()
            .to_line()
    };
    vec![
        (vec![], sets::leetcode_example().puzzle().unwrap().to_line()),
        (vec![], first("graded_hard")),
        (vec![], first("graded_unfair")),
        (vec![], first("graded_extreme")),
        (vec!["--up-to", "medium"], first("graded_hard")),
    ]
}

/// The page of `explain --html` has one `data-step`
/// element per deduction `explain` prints, each with that deduction's sentence, in
/// order.
#[test]
fn the_explain_page_has_one_data_deduction_per_printed_deduction() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("explain.html");
    for (options, line) in page_cases() {
        let printed = explained_deductions(&options, &line);
        assert!(!printed.is_empty());
        let output = sudoku37(
            &[
                &["explain", "--html", page.to_str().unwrap()],
                &options[..],
                &[line.as_str()],
            ]
            .concat(),
            "",
        );
        let expected_status =
            sudoku37(&[&["explain"], &options[..], &[line.as_str()]].concat(), "")
                .status
                .code();
        assert_eq!(
            output.status.code(),
            expected_status,
            "{}",
            text(&output.stderr)
        );
        // A walkthrough that does not solve the puzzle says why after it.
        assert!(
            text(&output.stdout).starts_with(&format!(
                "wrote {} ({} steps); open it in a browser\n",
                page.display(),
                printed.len()
            )),
            "{}",
            text(&output.stdout)
        );
        let html = std::fs::read_to_string(&page).unwrap();
        assert_eq!(
            html.matches(" data-step=\"").count(),
            printed.len(),
            "{line} {options:?}"
        );
        for (number, deduction) in printed.iter().enumerate() {
            let at = html
                .find(&format!(" data-step=\"{}\"", number + 1))
                .unwrap_or_else(|| panic!("no data-step {}", number + 1));
            let sentence = html[at..]
                .split("<p class=\"sentence\">")
                .nth(1)
                .and_then(|rest| rest.split("</p>").next())
                .unwrap();
            assert_eq!(unescape(sentence), *deduction);
        }
    }
}

fn unescape(html: &str) -> String {
    html.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// `explain --svg DIR`: one well-formed picture per printed deduction, and the
/// end.
#[test]
fn explain_draws_one_picture_per_deduction() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("pictures");
    let line = sets::builtin("graded_hard").unwrap().puzzles[0]
        .puzzle()
        .unwrap()
        .to_line();
    let printed = explained_deductions(&[], &line);
    let output = sudoku37(&["explain", "--svg", folder.to_str().unwrap(), &line], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (1..=printed.len())
        .map(|number| format!("step-{number:03}.svg"))
        .collect();
    expected.push("end.svg".to_string());
    expected.sort();
    assert_eq!(names, expected);
    for (number, deduction) in printed.iter().enumerate() {
        let svg =
            std::fs::read_to_string(folder.join(format!("step-{:03}.svg", number + 1))).unwrap();
        let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let title = document
            .descendants()
            .find(|node| node.has_tag_name("title"))
            .and_then(|node| node.text());
        assert_eq!(title, Some(deduction.as_str()));
    }
}

/// The page in a real browser: the keys move between the deductions, and the
/// sentence shown is the deduction's.
#[test]
fn the_explain_page_deductions_with_the_keyboard_in_a_browser() {
    if common::chromium().is_none() {
        return;
    }
    let line = sets::builtin("graded_hard").unwrap().puzzles[0]
        .puzzle()
        .unwrap()
        .to_line();
    let printed = explained_deductions(&[], &line);
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("explain.html");
    let output = sudoku37(&["explain", "--html", page.to_str().unwrap(), &line], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let last = printed.len().to_string();
    let presses = [
        ("", "1", printed[0].as_str()),
        ("ArrowRight,ArrowRight,ArrowDown", "4", printed[3].as_str()),
        ("ArrowRight,ArrowRight,ArrowLeft", "2", printed[1].as_str()),
        (
            "End,ArrowLeft",
            last.as_str(),
            printed[printed.len() - 1].as_str(),
        ),
        ("End,ArrowRight,Home", "1", printed[0].as_str()),
        ("End", "end", "solved: "),
    ];
    // One browser plays every case, each in a frame of its own.
    let queries: Vec<String> = presses
        .iter()
        .map(|(keys, _, _)| format!("?press={keys}"))
        .collect();
    let frames: Vec<(&std::path::Path, &str)> = queries
        .iter()
        .map(|query| (page.as_path(), query.as_str()))
        .collect();
    let doms = common::dump_doms(&frames).unwrap();
    for ((keys, position, sentence), dom) in presses.iter().zip(&doms) {
        assert_eq!(common::shown(dom, "position"), *position, "{keys}");
        assert_eq!(common::shown(dom, "count"), last);
        if *position == "end" {
            assert!(common::shown(dom, "now").starts_with(sentence), "{keys}");
            continue;
        }
        assert_eq!(unescape(&common::shown(dom, "now")), *sentence, "{keys}");
        // Exactly one deduction is shown: the current one.
        assert_eq!(dom.matches("class=\"step current\"").count(), 1, "{keys}");
    }
}

/// The technique note's pictures are current: each is the first deduction of its
/// technique on the puzzle its caption names, drawn as `technique_examples
/// --svg` draws it now. (Redraw them with `cargo run --release --example
/// technique_examples -- --svg notes/techniques`.)
#[test]
fn the_technique_pictures_in_the_notes_are_current() {
    let root = crate::common::root();
    let note = std::fs::read_to_string(root.join("notes/human_techniques.md")).unwrap();
    let mut checked = 0;
    for image in note.split("<img src=\"techniques/").skip(1) {
        let (file, rest) = image.split_once('"').unwrap();
        let alt = rest
            .split("alt=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let (set, line) = alt
            .rsplit_once(", ")
            .unwrap()
            .1
            .split_once(" line ")
            .unwrap();
        let line: usize = line.parse().unwrap();
        let id = file.trim_end_matches(".svg");
        let technique = Technique::ORDER
            .into_iter()
            .find(|technique| technique.id() == id)
            .unwrap_or_else(|| panic!("{file} names no technique"));
        let entry = sets::builtin(set)
            .unwrap()
            .puzzles
            .into_iter()
            .find(|entry| entry.line == line)
            .unwrap_or_else(|| panic!("{alt}: no such puzzle"));
        let puzzle = entry.puzzle().unwrap();
        let walkthrough = logic::walk_through(&puzzle, WhenStuck::Guess);
        let index = walkthrough
            .deductions
            .iter()
            .position(|deduction| deduction.technique == technique)
            .unwrap_or_else(|| panic!("{alt} does not use {id}"));
        let before = walkthrough.positions(&puzzle)[index];
        let drawn =
            logic::picture::deduction_svg(puzzle.cells(), &before, &walkthrough.deductions[index]);
        let stored = std::fs::read_to_string(root.join("notes/techniques").join(file)).unwrap();
        assert!(
            drawn == stored,
            "notes/techniques/{file} is stale: redraw it"
        );
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} pictures");
}
