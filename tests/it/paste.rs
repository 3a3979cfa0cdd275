//! The paste test: an approach's paste region, cut as `sudoku37 paste NAME`
//! cuts it ([`paste::extract`]), plus only what the judge adds
//! (`struct Solution;`) and a `main` that solves LeetCode's example, compiles
//! alone with plain `rustc` (no crates) under editions 2021 and 2024, and
//! prints the right answer.

use std::process::Command;

use pretty_assertions::assert_eq;
use sudoku37::{approaches, board, paste, sets};

/// What `sudoku37 paste NAME` prints: the approach's paste region.
fn paste_output(name: &str) -> String {
    let approach = approaches::find(name).expect("a registered approach");
    paste::extract(approach.code).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// A `main` that solves LeetCode's example and prints the board as one line.
fn judge_harness(puzzle_line: &str) -> String {
    format!(
        r#"
struct Solution;

fn main() {{
    let line = "{puzzle_line}";
    let cells: Vec<char> = line.chars().collect();
    let mut board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
    Solution::solve_sudoku(&mut board);
    let solved: String = board.iter().flatten().collect();
    println!("{{}}", solved);
}}
"#
    )
}

fn pasted_code_compiles_alone_and_solves_the_example(approach: &str, edition: &str) {
    let code = paste_output(approach);
    for forbidden in ["probe", "crate::", "struct Solution", "extern crate"] {
        assert!(
            !code.contains(forbidden),
            "pasted {approach} contains {forbidden:?}"
        );
    }
    let registered = approaches::find(approach).expect("a registered approach");
    if registered.uses_unsafe {
        // Each `unsafe` block says why it is sound, in the comment above it.
        let lines: Vec<&str> = code.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            if !line.contains("unsafe {") {
                continue;
            }
            let mut comment = lines[..at]
                .iter()
                .rev()
                .take_while(|above| above.trim_start().starts_with("//"));
            assert!(
                comment.any(|above| above.trim_start().starts_with("// SAFETY:")),
                "pasted {approach}: no `// SAFETY:` comment above line {}: {line}",
                at + 1
            );
        }
    } else {
        assert!(
            !code.contains("unsafe"),
            "pasted {approach} contains \"unsafe\""
        );
    }
    assert!(code.contains("pub fn solve_sudoku(board: &mut Vec<Vec<char>>)"));

    let example = sets::leetcode_example();
    let program = format!("{code}{}", judge_harness(&board::to_line(&example.board())));
    // A folder of this test's own, under the target folder cargo gives
    // integration tests for their files.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("paste-{approach}-{edition}"));
    std::fs::create_dir_all(&dir).expect("the test's folder");
    let source = dir.join("main.rs");
    let binary = dir.join("main");
    std::fs::write(&source, program).expect("write the program");

    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiled = Command::new(rustc)
        // No optimisation: whether the code compiles alone, warning-free, and
        // solves the example does not depend on it, and it compiles in a
        // third of the time.
        .args(["--edition", edition, "-D", "warnings", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .expect("run rustc");
    assert!(
        compiled.status.success(),
        "{approach} does not compile alone under edition {edition}:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );

    let ran = Command::new(&binary).output().expect("run the program");
    assert!(ran.status.success());
    let expected = board::to_line(example.solution_board().as_ref().unwrap());
    assert_eq!(String::from_utf8_lossy(&ran.stdout).trim(), expected);
}

/// `cargo test -p sudoku37 --test it paste::NAME::edition_2024`.
macro_rules! per_approach {
    ($($approach:ident),*) => {$(
        mod $approach {
            #[test]
            fn edition_2021() {
                super::pasted_code_compiles_alone_and_solves_the_example(stringify!($approach), "2021");
            }

            #[test]
            fn edition_2024() {
                super::pasted_code_compiles_alone_and_solves_the_example(stringify!($approach), "2024");
            }
        }
    )*};
}

sudoku37::for_each_approach!(per_approach);
