//! Every "why" a note gives is proved by a test, and the note names it. The
//! table below is the notes' list of claims and the tests that prove them:
//! each test exists, is a test, and is named by the note in both languages.
//! Beside it: every test a note names exists (a renamed test leaves no
//! dangling name behind), both languages name the same ones, every code
//! block a note says is the approach's code is that code, every `cargo
//! test` command a note gives runs tests, and the compiler fact the
//! early_exit note states is checked with the compiler.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::{root, rust_files};
use crate::notes::read;

/// The notes' "why" claims: (note, the test that proves it, the file it is
/// in). Written as the claims are: an order that must be kept, a pruning
/// that is sound, a rule that cannot miss, a slip and what it does.
const WHYS: &[(&str, &str, &str)] = &[
    // The classic searches: what each guard, order and check is for.
    (
        "notes/scan_validate.md",
        "without_the_flag_test_before_the_blank_the_answer_is_erased",
        "src/approaches/scan_validate.rs",
    ),
    (
        "notes/scan_validate.md",
        "the_box_scan_with_and_accepts_the_same_digits_and_without_the_self_skip_none",
        "src/approaches/scan_validate.rs",
    ),
    (
        "notes/scan_validate.md",
        "a_rejected_digit_left_in_its_cell_is_taken_for_a_given",
        "src/approaches/scan_validate.rs",
    ),
    (
        "notes/early_exit.md",
        "a_given_that_drops_its_call_s_answer_loses_the_solution",
        "src/approaches/early_exit.rs",
    ),
    (
        "notes/early_exit.md",
        "a_cell_not_reset_after_a_rejected_digit_is_taken_for_a_given",
        "src/approaches/early_exit.rs",
    ),
    (
        "notes/early_exit.md",
        "same_search_pairs_search_the_same_tree",
        "tests/it/matrix.rs",
    ),
    (
        "notes/set_intersection.md",
        "the_early_return_on_an_empty_intersection_prunes_no_node",
        "src/approaches/set_intersection.rs",
    ),
    (
        "notes/set_intersection.md",
        "an_empty_intersection_at_a_given_is_no_failure",
        "src/approaches/set_intersection.rs",
    ),
    (
        "notes/bool_arrays.md",
        "without_the_finished_guard_the_answer_is_erased",
        "src/approaches/bool_arrays.rs",
    ),
    (
        "notes/bool_arrays.md",
        "an_undo_that_clears_the_board_or_the_tables_alone_fails",
        "src/approaches/bool_arrays.rs",
    ),
    (
        "notes/bitmask.md",
        "same_search_pairs_search_the_same_tree",
        "tests/it/matrix.rs",
    ),
    (
        "notes/bitmask.md",
        "an_undo_that_sets_the_bit_again_refuses_free_digits",
        "src/approaches/bitmask.rs",
    ),
    (
        "notes/bitmask.md",
        "candidates_without_the_mask_reach_past_nine",
        "src/approaches/bitmask.rs",
    ),
    (
        "notes/interview.md",
        "it_solves_the_example_in_the_nodes_of_bitmask",
        "src/approaches/interview.rs",
    ),
    // Choosing the cell, and propagating.
    (
        "notes/most_constrained.md",
        "a_cell_s_candidates_only_shrink_as_the_search_goes_deeper",
        "src/approaches/most_constrained.rs",
    ),
    (
        "notes/most_constrained.md",
        "starting_fewest_at_nine_never_picks_a_cell_with_nine_candidates",
        "src/approaches/most_constrained.rs",
    ),
    (
        "notes/propagation.md",
        "a_hidden_single_is_filled_although_its_cell_has_nine_candidates",
        "src/approaches/propagation.rs",
    ),
    (
        "notes/propagation.md",
        "two_hidden_singles_in_one_cell_are_a_dead_end",
        "src/approaches/propagation.rs",
    ),
    // Exact cover.
    (
        "notes/dancing_links.md",
        "deletions_undone_in_the_same_or_the_reverse_order_restore_a_list",
        "src/approaches/dancing_links.rs",
    ),
    (
        "notes/dancing_links.md",
        "uncover_in_reverse_call_order_restores_the_links_whatever_the_walk_and_the_row_order",
        "src/approaches/dancing_links.rs",
    ),
    (
        "notes/dancing_links.md",
        "a_hidden_single_is_a_column_of_one_row_and_is_chosen_first",
        "src/approaches/dancing_links.rs",
    ),
    // The bitboards: the work the rules skip, the early exits, the pitfalls.
    (
        "notes/bitboard.md",
        "a_guess_reaches_the_same_state_as_placing_the_digit",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "the_stack_sweep_skips_only_digits_whose_columns_did_not_change",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "every_set_of_mini_rows_has_its_own_key",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "a_pigeonhole_in_a_column_is_a_contradiction",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "the_matching_agrees_with_halls_condition",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "a_count_to_two_ends_with_the_first_solution_when_a_swap_pairs_them",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "an_overfilled_mini_column_or_mini_row_is_a_contradiction",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "a_solved_cell_that_lost_its_digit_is_a_dead_end",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "one_naked_single_can_destroy_another",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard.md",
        "boards_without_a_solution_stay_as_given",
        "src/approaches/bitboard.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "the_vector_loops_give_what_the_plain_loops_give",
        "src/approaches/bitboard_simd.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "the_vector_stack_rule_gives_what_the_plain_loop_gives",
        "src/approaches/bitboard_simd.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "the_vector_counts_give_what_the_plain_counts_give",
        "src/approaches/bitboard_simd.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "both_copies_make_the_same_guesses_and_find_the_same_answers",
        "src/approaches/bitboard_simd.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "it_walks_bitboards_tree_guess_for_guess",
        "src/approaches/bitboard_simd.rs",
    ),
    (
        "notes/bitboard_simd.md",
        "the_band_step_ends_where_the_plain_settles_end",
        "src/approaches/bitboard_simd.rs",
    ),
    // How a person solves a puzzle, and why the search does not follow it.
    (
        "notes/human_techniques.md",
        "ratings_do_not_depend_on_how_a_puzzle_is_written",
        "tool/tests/it/logic.rs",
    ),
    (
        "notes/human_techniques.md",
        "renaming_digits_changes_a_reading_order_search_but_not_the_rating",
        "tool/tests/it/logic.rs",
    ),
    (
        "notes/human_techniques.md",
        "hidden_quad",
        "tool/src/logic/tests/techniques.rs",
    ),
    (
        "notes/human_techniques.md",
        "jellyfish",
        "tool/src/logic/tests/techniques.rs",
    ),
];

/// The numbers a note quotes from a test's own source: (note, the words
/// with the number as the note writes it, the file, the code that holds
/// it).
const FIGURES_FROM_TESTS: &[(&str, &str, &str, &str)] = &[
    (
        "notes/scan_validate.md",
        "checks both on 2,000 random boards",
        "src/approaches/scan_validate.rs",
        "for _ in 0..2000 {",
    ),
    (
        "notes/bitboard_simd.md",
        "runs both copies' stack rules on 20,000 random states",
        "src/approaches/bitboard_simd.rs",
        "for round in 0..20_000 {",
    ),
    (
        "notes/bitboard_simd.md",
        "counts of each cell's candidates on 20,000 random sets",
        "src/approaches/bitboard_simd.rs",
        "for _ in 0..20_000 {",
    ),
    (
        "notes/bitboard_simd.md",
        "settles 20,000 random settled states",
        "src/approaches/bitboard_simd.rs",
        "while compared < 20_000 {",
    ),
];

/// The Rust files of the workspace the tests live in.
fn workspace_rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["src", "tests", "tool/src", "tool/tests", "bench"] {
        files.extend(rust_files(&root().join(dir)));
    }
    files
}

/// The names of the test functions of `text`: a `fn` right after
/// `#[test]` (other attributes between), or inside a `proptest!` block.
fn tests_in(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let in_proptest = text.contains("proptest!");
    for (at, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let attributes = lines[..at]
            .iter()
            .rev()
            .take_while(|line| line.starts_with("#[") || line.starts_with("///"))
            .any(|line| line.starts_with("#[test") || line.contains("rstest"));
        let in_a_proptest = in_proptest && rest.contains(" in ");
        if attributes || in_a_proptest {
            names.insert(name);
        }
    }
    names
}

/// Every `fn` name of the workspace, tests or not.
fn function_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for file in workspace_rust_files() {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (at, _) in text.match_indices("fn ") {
            let name: String = text[at + 3..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The names in backticks in `text` that read as a test's: lower-case
/// words joined by at least four underscores.
fn named_tests(text: &str) -> BTreeSet<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|span| span.rsplit("::").next().unwrap_or(span))
        .filter(|span| {
            span.matches('_').count() >= 4
                && span
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        .map(str::to_string)
        .collect()
}

/// The notes and READMEs, as (path, text).
fn notes_and_readmes() -> Vec<(String, String)> {
    crate::notes::timed_files()
        .into_iter()
        .map(|file| {
            let text = read(&file);
            (file, text)
        })
        .collect()
}

#[test]
fn every_why_names_the_test_that_proves_it() {
    assert!(WHYS.len() >= 40, "{} claims", WHYS.len());
    let mut missing = Vec::new();
    for (note, test, file) in WHYS {
        let tests = tests_in(&read(file));
        if !tests.contains(*test) {
            missing.push(format!("{file} has no test {test}"));
        }
        let chinese = note.replacen("notes/", "notes/zh/", 1);
        for path in [note.to_string(), chinese] {
            if !read(&path).contains(&format!("`{test}`")) {
                missing.push(format!("{path} does not name `{test}`"));
            }
        }
    }
    for (note, words, file, code) in FIGURES_FROM_TESTS {
        if !read(file).contains(code) {
            missing.push(format!("{file} no longer has `{code}`"));
        }
        let prose = read(note).split_whitespace().collect::<Vec<_>>().join(" ");
        if !prose.contains(words) {
            missing.push(format!("{note} should say: {words}"));
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// bitmask's note named `bitmask_visits_exactly_the_nodes_of_bool_arrays`,
/// a test that no longer existed. Every test a note or README names in
/// backticks is a function of the workspace.
#[test]
fn every_test_a_note_names_exists() {
    let functions = function_names();
    let mut dangling = Vec::new();
    for (file, text) in notes_and_readmes() {
        for name in named_tests(&text) {
            if !functions.contains(&name) {
                dangling.push(format!("{file}: `{name}`"));
            }
        }
    }
    assert!(dangling.is_empty(), "names of no function: {dangling:#?}");
}

/// A note and its Chinese twin name the same tests.
#[test]
fn both_languages_name_the_same_tests() {
    let notes = root().join("notes");
    let mut checked = 0;
    for entry in std::fs::read_dir(&notes).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !name.ends_with(".md") || !notes.join("zh").join(&name).is_file() {
            continue;
        }
        let english = named_tests(&read(&format!("notes/{name}")));
        let chinese = named_tests(&read(&format!("notes/zh/{name}")));
        pretty_assertions::assert_eq!(english, chinese, "{name}");
        checked += english.len();
    }
    assert!(checked >= 35, "{checked} tests named");
}

/// Collapses `text` for comparing code: no white space, and no comma
/// before a closing brace (rustfmt adds one).
fn code_shape(text: &str) -> String {
    let joined: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    joined.replace(",}", "}").replace(",)", ")")
}

/// A code block in an approach's note is the approach's code, line for
/// line (white space aside, comments left out), unless its first line is a
/// comment that says otherwise: `// simplified`, `// broken`, `// wrong`,
/// `// illustration` or `// sketch`. The `bitboard` note showed a search
/// loop whose calls the code does not make, unmarked.
#[test]
fn every_code_block_of_an_approach_note_is_its_code_or_says_it_is_not() {
    let markers = [
        "// simplified",
        "// broken",
        "// wrong",
        "// illustration",
        "// sketch",
    ];
    let mut differ = Vec::new();
    let mut checked = 0;
    for name in sudoku37::approaches::names() {
        let source = read(&format!("src/approaches/{name}.rs"));
        let source: String = source
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .map(|line| line.split(" // ").next().unwrap_or(line))
            .collect::<Vec<_>>()
            .join("\n");
        let source = code_shape(&source);
        for path in [format!("notes/{name}.md"), format!("notes/zh/{name}.md")] {
            let text = read(&path);
            for block in text.split("```rust\n").skip(1) {
                let block = block.split("```").next().unwrap_or("");
                let first = block.lines().next().unwrap_or("").trim();
                if markers.iter().any(|marker| first.starts_with(marker)) {
                    continue;
                }
                for line in block.lines() {
                    let code = line
                        .split("//")
                        .next()
                        .unwrap_or("")
                        .trim()
                        .trim_end_matches(',');
                    if code.is_empty() {
                        continue;
                    }
                    checked += 1;
                    if !source.contains(&code_shape(code)) {
                        differ.push(format!("{path}: {code}"));
                    }
                }
            }
        }
    }
    assert!(checked >= 100, "{checked} lines of code checked");
    assert!(
        differ.is_empty(),
        "code in the notes that is not the approach's code: mark the block with a first \
         line `// simplified` (or `// sketch`, `// broken`, ...), or quote the code as it is\n{}",
        differ.join("\n")
    );
}

/// The glossary named `cargo test -p sudoku37-tool --test checks notes::`
/// for a test that lived in `prose::`. Every `cargo test` command the notes
/// and READMEs give with a test binary and a filter names a module or a
/// test that is there.
#[test]
fn every_cargo_test_command_in_the_notes_runs_tests() {
    let mut texts = notes_and_readmes();
    for file in ["notes/glossary.md", "src/lib.rs", "tool/src/lib.rs"] {
        texts.push((file.to_string(), read(file)));
    }
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (file, text) in texts {
        for (at, _) in text.match_indices("cargo test -p ") {
            let command: Vec<&str> = text[at..]
                .split(['`', '\n', '#', ')'])
                .next()
                .unwrap()
                .split_whitespace()
                .collect();
            let package = command[3];
            let Some(binary_at) = command.iter().position(|word| *word == "--test") else {
                continue;
            };
            let binary = command[binary_at + 1];
            let Some(filter) = command[binary_at + 2..]
                .iter()
                .find(|word| !word.starts_with('-'))
            else {
                continue;
            };
            if filter.contains("NAME") || filter.contains("TEST") {
                continue;
            }
            let folder = match package {
                "sudoku37-tool" => format!("tool/tests/{binary}"),
                "sudoku37" => format!("tests/{binary}"),
                other => panic!("{file}: a package {other}"),
            };
            let module = filter.split("::").next().unwrap();
            let module_file = root().join(&folder).join(format!("{module}.rs"));
            let found = if module_file.is_file() {
                match filter.split("::").nth(1).filter(|rest| !rest.is_empty()) {
                    Some(test) => tests_in(&std::fs::read_to_string(&module_file).unwrap())
                        .iter()
                        .any(|name| name.starts_with(test)),
                    None => !tests_in(&std::fs::read_to_string(&module_file).unwrap()).is_empty(),
                }
            } else {
                rust_files(&root().join(&folder)).iter().any(|path| {
                    tests_in(&std::fs::read_to_string(path).unwrap())
                        .iter()
                        .any(|name| name.contains(filter))
                })
            };
            checked += 1;
            if !found {
                wrong.push(format!("{file}: `{}` runs no test", command.join(" ")));
            }
        }
    }
    assert!(checked >= 10, "{checked} commands");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// early_exit's note says a discarded `bool` on the step over a given draws
/// no warning. The paste region with that slip compiles alone with
/// warnings denied.
#[test]
fn a_dropped_answer_on_a_given_compiles_without_a_warning() {
    let source = read("src/approaches/early_exit.rs");
    let pasted = sudoku37::paste::extract(&source).expect("a paste region");
    let right = "return depth_first_search(board, i, j + 1, n);\n    } else {";
    assert_eq!(pasted.matches(right).count(), 1, "the step over a given");
    let slipped = pasted.replace(
        right,
        "depth_first_search(board, i, j + 1, n); // result thrown away\n    } else {",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("slip.rs");
    std::fs::write(
        &file,
        format!("{slipped}\npub struct Solution;\nfn main() {{}}\n"),
    )
    .unwrap();
    let compiled = crate::common::rustc_alone(
        &file,
        "2021",
        &["--emit=metadata"],
        &dir.path().join("slip"),
    );
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
}
