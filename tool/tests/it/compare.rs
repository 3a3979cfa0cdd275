//! `sudoku37 compare` (and `sudoku37` with no arguments), run as a user runs
//! it, on small sets with small budgets.

use crate::common::{conflict_line, example_line, stderr, sudoku37, text};

use pretty_assertions::assert_eq;
use serde_json::Value;
use sudoku37::approaches::{Family, Speed, DEFAULT_APPROACH};
use sudoku37::{approaches, board, sets, Approach};

/// The rows of `--format csv`, as header name -> value maps.
fn csv_rows(output: &str) -> Vec<Vec<(String, String)>> {
    let mut lines = output.lines();
    let header: Vec<String> = lines
        .next()
        .expect("a header")
        .split(',')
        .map(String::from)
        .collect();
    lines
        .map(|line| {
            header
                .iter()
                .cloned()
                .zip(line.split(',').map(String::from))
                .collect()
        })
        .collect()
}

/// The first reading-order approach that gets through the graded sets.
fn graded_reading_order() -> &'static Approach {
    approaches::of_family(Family::ReadingOrder)
        .find(|approach| approach.speed >= Speed::Graded)
        .expect("a reading-order approach quick on the graded sets")
}

/// An approach that cannot finish the graded sets quickly.
fn too_slow_for_graded() -> &'static Approach {
    approaches::APPROACHES
        .iter()
        .find(|approach| approach.speed < Speed::Graded)
        .expect("a slow approach")
}

fn field<'a>(row: &'a [(String, String)], name: &str) -> &'a str {
    &row.iter().find(|(key, _)| key == name).expect("a column").1
}

#[test]
fn table_has_a_row_per_approach_per_set() {
    let output = sudoku37(
        &["compare", "--set", "leetcode_example", "--budget", "10"],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("leetcode_example (1 puzzles)"));
    for approach in approaches::APPROACHES {
        let row = stdout
            .lines()
            .find(|line| {
                line.trim_start()
                    .starts_with(&format!("{} ", approach.name))
            })
            .unwrap_or_else(|| panic!("no row for {}:\n{stdout}", approach.name));
        assert!(row.contains(" 1/1 "), "{row}");
    }
    // Every row within 0.05% of the fastest is marked `fastest`, so two
    // approaches that time alike on one puzzle are both marked.
    let fastest = stdout
        .lines()
        .filter(|line| line.ends_with(" fastest"))
        .count();
    assert!(fastest >= 1, "{stdout}");
    for line in stdout.lines() {
        assert!(
            line.chars().count() <= 80,
            "wider than 80 columns: {line:?}"
        );
    }
}

#[test]
fn no_arguments_compares_on_the_built_in_sets() {
    // The same as `cargo run --release`, limited to one approach to stay quick.
    let output = sudoku37(&["--approach", DEFAULT_APPROACH], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    for set in [
        "leetcode_example (1 puzzles)",
        "graded_easy (100 puzzles)",
        "graded_medium (100 puzzles)",
        "graded_hard (100 puzzles)",
        "graded_unfair (100 puzzles)",
        "graded_extreme (50 puzzles)",
    ] {
        assert!(stdout.contains(set), "{set} missing from\n{stdout}");
    }
    let rows = stdout
        .lines()
        .filter(|line| {
            line.trim_start()
                .starts_with(&format!("{DEFAULT_APPROACH} "))
        })
        .count();
    assert_eq!(rows, 6, "{stdout}");
}

#[test]
fn json_and_csv_hold_the_same_rows() {
    let arguments = [
        "compare",
        "--set",
        "graded_easy",
        "--approach",
        graded_reading_order().name,
        "--approach",
        DEFAULT_APPROACH,
    ];
    let json_output = sudoku37(&[&arguments[..], &["--format", "json"]].concat(), "");
    let csv_output = sudoku37(&[&arguments[..], &["--format", "csv"]].concat(), "");
    assert!(json_output.status.success() && csv_output.status.success());
    let json: Value = serde_json::from_str(&text(&json_output.stdout)).expect("valid JSON");
    let json_rows = json.as_array().expect("an array of rows");
    let csv_rows = csv_rows(&text(&csv_output.stdout));
    assert_eq!(json_rows.len(), 2);
    assert_eq!(csv_rows.len(), 2);
    for (json_row, csv_row) in json_rows.iter().zip(&csv_rows) {
        // Times are measured anew in each run; everything the search decides
        // (which puzzles, how many nodes) must be identical.
        for name in ["approach", "set"] {
            assert_eq!(json_row[name].as_str(), Some(field(csv_row, name)));
        }
        for name in ["puzzles", "finished", "solved", "no_solution", "wrong"] {
            assert_eq!(json_row[name].to_string(), field(csv_row, name), "{name}");
        }
        let json_nodes = json_row["mean_nodes"].as_f64().expect("a number");
        let csv_nodes: f64 = field(csv_row, "mean_nodes").parse().expect("a number");
        assert_eq!(json_nodes, csv_nodes);
        for name in [
            "median_us",
            "p95_us",
            "max_us",
            "puzzles_per_second",
            "relative_speed",
        ] {
            assert!(
                json_row[name].as_f64().is_some_and(|value| value > 0.0),
                "{name}"
            );
            let value: f64 = field(csv_row, name).parse().expect("a number");
            assert!(value > 0.0, "{name}");
        }
    }
}

#[test]
fn plot_writes_a_valid_svg() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("chart.svg");
    let fast: Vec<&str> = approaches::at_least(Speed::Bulk)
        .map(|approach| approach.name)
        .take(2)
        .collect();
    let output = sudoku37(
        &[
            "compare",
            "--set",
            "leetcode_example",
            "--set",
            "graded_easy",
            "--approach",
            fast[0],
            "--approach",
            fast[1],
            "--plot",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&path).expect("the chart was written");
    let document = roxmltree::Document::parse(&svg).expect("well-formed XML");
    assert_eq!(document.root_element().tag_name().name(), "svg");
    for label in [fast[0], fast[1], "leetcode_example", "graded_easy"] {
        assert!(svg.contains(label), "{label} missing from the chart");
    }
}

#[test]
fn a_budget_that_runs_out_is_reported() {
    let output = sudoku37(
        &[
            "compare",
            "--set",
            "graded_hard",
            "--approach",
            too_slow_for_graded().name,
            "--budget",
            "0.2",
            "--format",
            "csv",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rows = csv_rows(&text(&output.stdout));
    assert_eq!(field(&rows[0], "budget_exhausted"), "true");
    let finished: usize = field(&rows[0], "finished").parse().unwrap();
    assert!(finished < 100, "finished {finished} of 100 in 0.2 s");

    let table = text(
        &sudoku37(
            &[
                "compare",
                "--set",
                "graded_hard",
                "--approach",
                too_slow_for_graded().name,
                "--budget",
                "0.2",
            ],
            "",
        )
        .stdout,
    );
    assert!(table.contains("/100*"), "{table}");
}

#[test]
fn a_malformed_line_is_reported_by_number_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.txt");
    let example = board::to_line(&sets::leetcode_example().board());
    std::fs::write(&path, format!("# mine\n{example}\n{example}x\n")).unwrap();
    let output = sudoku37(&["compare", "--file", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("line 3: expected 81 cells, found 82 characters"),
        "{stderr}"
    );
    assert!(text(&output.stdout).contains("mine (1 puzzles)"));
}

#[test]
fn a_wrong_answer_is_shown_loudly_and_fails() {
    // Blank the top two rows of a solved grid: swapping those rows gives a
    // second solution. Declare the swapped grid the "known" answer, so the
    // approaches' (valid) answer is judged wrong against it. A reading-order
    // search tries the smaller digits first, so it finds the original grid.
    let grid = sets::leetcode_example().solution_board().unwrap();
    let mut puzzle = grid.clone();
    for row in puzzle.iter_mut().take(2) {
        *row = vec!['.'; 9];
    }
    let mut swapped = grid.clone();
    swapped.swap(0, 1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trap.txt");
    std::fs::write(
        &path,
        format!("{} {}\n", board::to_line(&puzzle), board::to_line(&swapped)),
    )
    .unwrap();

    let reading_order = graded_reading_order().name;
    let output = sudoku37(
        &[
            "compare",
            "--file",
            path.to_str().unwrap(),
            "--approach",
            reading_order,
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let stdout = text(&output.stdout);
    assert!(stdout.contains(" 0/1! "), "{stdout}");
    assert!(
        stdout.contains(&format!("WRONG: {reading_order} on trap: 1 wrong answer(s), first: a valid answer, but not the known unique solution")),
        "{stdout}"
    );
}

#[test]
fn unknown_set_lists_the_known_ones() {
    let output = sudoku37(&["compare", "--set", "nope"], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("unknown set \"nope\""), "{stderr}");
    assert!(stderr.contains("graded_extreme"), "{stderr}");
}

#[test]
fn data_folder_adds_every_set_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let example = board::to_line(&sets::leetcode_example().board());
    std::fs::write(dir.path().join("alpha.txt"), format!("{example}\n")).unwrap();
    std::fs::write(
        dir.path().join("beta.txt"),
        format!("{example}\n{example}\n"),
    )
    .unwrap();
    std::fs::write(dir.path().join("ignored.md"), "not a set").unwrap();
    let output = sudoku37(
        &[
            "compare",
            "--data",
            dir.path().to_str().unwrap(),
            "--approach",
            DEFAULT_APPROACH,
            "--format",
            "csv",
        ],
        "",
    );
    assert!(output.status.success());
    let sets: Vec<String> = csv_rows(&text(&output.stdout))
        .iter()
        .map(|row| field(row, "set").to_string())
        .collect();
    assert_eq!(
        sets,
        vec![
            "leetcode_example",
            "graded_easy",
            "graded_medium",
            "graded_hard",
            "graded_unfair",
            "graded_extreme",
            "alpha",
            "beta"
        ]
    );
}

#[test]
fn data_folder_reads_tdoku_s_files_as_they_unzip() {
    // tdoku's data.zip: files without an extension, `#` comment lines, `0`
    // or `.` for a blank.
    let dir = tempfile::tempdir().unwrap();
    let example = board::to_line(&sets::leetcode_example().board());
    std::fs::write(
        dir.path().join("puzzles2_17_clue"),
        format!(
            "# a comment line, as tdoku's files start\n{}\n{example}\n",
            example.replace('.', "0")
        ),
    )
    .unwrap();
    std::fs::write(dir.path().join(".hidden"), "not a set").unwrap();
    let output = sudoku37(
        &[
            "compare",
            "--data",
            dir.path().to_str().unwrap(),
            "--set",
            "puzzles2_17_clue",
            "--approach",
            approaches::DEFAULT_APPROACH,
            "--format",
            "csv",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rows = csv_rows(&text(&output.stdout));
    assert_eq!(rows.len(), 1);
    assert_eq!(field(&rows[0], "set"), "puzzles2_17_clue");
    assert_eq!(field(&rows[0], "puzzles"), "2");
    assert_eq!(field(&rows[0], "solved"), "2");
}

#[test]
fn a_one_puzzle_set_is_timed_by_repeats_and_the_legend_says_so() {
    let output = sudoku37(
        &[
            "--set",
            "leetcode_example",
            "--approach",
            approaches::DEFAULT_APPROACH,
        ],
        "",
    );
    let stdout = text(&output.stdout);
    assert!(stdout.contains("median of its runs"), "{stdout}");
}

/// An empty `SUDOKU37_DATA` counts as unset everywhere: a public set named
/// with `--set` is still found beside the checkout.
#[test]
fn an_empty_data_variable_counts_as_unset() {
    let beside = crate::common::root().join("../shared/puzzles");
    if !beside.is_dir() {
        eprintln!("SKIPPED: no ../shared/puzzles beside the checkout");
        return;
    }
    let output = crate::common::command()
        .args([
            "compare",
            "--set",
            "norvig_hardest",
            "--approach",
            approaches::BITBOARD.name,
        ])
        .args(["--budget", "0.2", "--format", "csv"])
        .env(sets::DATA_ENV, "")
        .output()
        .expect("run sudoku37 compare");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stdout.contains("bitboard,norvig_hardest,11,"), "{stdout}");
}

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
fn markers_count_only_alone_on_their_own_line() {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let path = scratch.path().join("notes.md");
    let sentence = "The table lives between `<!-- sudoku37 compare: begin -->` and \
                    `<!-- sudoku37 compare: end -->`, which the tool rewrites.\n";
    // No real block: the file is left untouched, and the run says so.
    std::fs::write(&path, sentence).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let arguments = [
        "compare",
        "--set",
        "leetcode_example",
        "--approach",
        DEFAULT_APPROACH,
        "--write-into",
        &path_text,
    ];
    let output = sudoku37(&arguments, "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no block to replace"),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), sentence);
    // With a real block after the sentence, only the block changes.
    let text = format!(
        "{sentence}\n<!-- sudoku37 compare: begin -->\nstale\n<!-- sudoku37 compare: end -->\nafter\n"
    );
    std::fs::write(&path, &text).unwrap();
    let output = sudoku37(&arguments, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let updated = std::fs::read_to_string(&path).unwrap();
    assert!(updated.starts_with(sentence), "{updated}");
    assert!(!updated.contains("stale"));
    assert!(updated.ends_with("<!-- sudoku37 compare: end -->\nafter\n"));
    assert!(updated.contains(&format!("`{DEFAULT_APPROACH}`")));
}

#[test]
fn a_set_name_with_a_bar_keeps_its_markdown_row() {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let file = scratch.path().join("a|b.txt");
    std::fs::write(&file, format!("{}\n", example_line())).unwrap();
    let file = file.to_string_lossy().into_owned();
    let output = sudoku37(
        &[
            "compare",
            "--file",
            &file,
            "--approach",
            DEFAULT_APPROACH,
            "--format",
            "markdown",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let row = stdout
        .lines()
        .find(|line| line.contains(DEFAULT_APPROACH))
        .expect("a row");
    assert!(
        row.starts_with(&format!(r"| a\|b | `{DEFAULT_APPROACH}` |")),
        "{row}"
    );
    // Unescaped bars: the row has as many cells as the header.
    let cells = |line: &str| line.replace(r"\|", "").matches('|').count();
    assert_eq!(cells(row), cells(stdout.lines().next().unwrap()));
}

#[test]
fn json_says_null_when_nothing_finished() {
    let output = sudoku37(
        &[
            "compare",
            "--set",
            "graded_extreme",
            "--approach",
            approaches::of_family(Family::ReadingOrder)
                .next()
                .expect("a reading-order approach")
                .name,
            "--budget",
            "0.000001",
            "--format",
            "json",
        ],
        "",
    );
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON output");
    let row = &rows[0];
    assert_eq!(row["finished"], 0, "{row}");
    for field in [
        "median_us",
        "p95_us",
        "max_us",
        "puzzles_per_second",
        "relative_speed",
    ] {
        assert!(row[field].is_null(), "{field}: {row}");
    }
}
