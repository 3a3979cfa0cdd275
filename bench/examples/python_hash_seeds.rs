//! Runs the Python write-up that `available_sets` and `set_intersection`
//! reproduce, as printed, on LeetCode's example under many string-hash seeds.
//! For its first solution it reports how often the example is left unsolved,
//! then the same with the one-line fix `for val in list(...)`; for its review
//! solution, the nodes as printed and with `for val in sorted(common)`. The
//! figures of the available_sets and set_intersection notes and of the
//! `available_sets` header come from here.
//!
//! Usage: `cargo run --release --example python_hash_seeds -- [SEEDS] [WRITE-UP]`
//! (200 seeds, 0 to 199, by default). It needs `python3` and the Python
//! write-up (by default, the file of `../shared/seeds/` that holds the loop
//! below): neither is part of the repository, so the code is cut from the
//! write-up at run time and never stored here.

use std::path::PathBuf;
use std::process::Command;

/// The Python driver: counts placements and undos by wrapping the board's
/// rows, runs the solution on LeetCode's example, and prints
/// `solved nodes undos`.
const DRIVER: &str = r#"
import sys
from typing import List

class Row(list):
    def __setitem__(self, index, value):
        global nodes, undos
        if value == '.':
            undos += 1
        else:
            nodes += 1
        list.__setitem__(self, index, value)

nodes = undos = 0
line = sys.argv[1]
solved_line = sys.argv[2]
board = [Row(line[9 * r: 9 * r + 9]) for r in range(9)]
Solution().solveSudoku(board)
result = "".join("".join(row) for row in board)
print("solved" if result == solved_line else "unsolved", nodes, undos)
"#;

/// The `nth` (0-based) `class Solution:` block of the write-up, up to the
/// next line that is neither indented nor blank.
fn nth_solution(write_up: &str, nth: usize) -> Option<String> {
    let start = write_up
        .match_indices("\nclass Solution")
        .nth(nth)
        .map(|(at, _)| at + 1)?;
    let mut lines = write_up[start..].lines();
    let first = lines.next()?;
    let mut code = vec![first];
    for line in lines {
        if !line.trim().is_empty() && !line.starts_with([' ', '\t']) {
            break;
        }
        code.push(line);
    }
    Some(code.join("\n"))
}

/// What the runs of one solution over the seeds gave.
pub(crate) struct Runs {
    /// The seeds under which the example came back unsolved.
    pub(crate) unsolved: Vec<u32>,
    /// The fewest and most placements, and undos, over the seeds.
    pub(crate) nodes: (u64, u64),
    pub(crate) undos: (u64, u64),
}

/// Runs `code` on LeetCode's example once per `PYTHONHASHSEED` in
/// `0..seeds`.
pub(crate) fn run(code: &str, seeds: u32) -> Runs {
    let dir = std::env::temp_dir().join(format!(
        "sudoku37-hash-seeds-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let script = dir.join("run.py");
    std::fs::write(
        &script,
        format!("from typing import List\n{code}\n{DRIVER}"),
    )
    .expect("write the script");
    let mut runs = Runs {
        unsolved: Vec::new(),
        nodes: (u64::MAX, 0),
        undos: (u64::MAX, 0),
    };
    let example = sudoku37::sets::leetcode_example();
    let solution = sudoku37::board::to_line(&example.solution_board().expect("its solution"));
    let example = sudoku37::board::to_line(&example.board());
    for seed in 0..seeds {
        let output = Command::new("python3")
            .arg(&script)
            .args([&example, &solution])
            .env("PYTHONHASHSEED", seed.to_string())
            .output()
            .expect("run python3");
        let text = String::from_utf8_lossy(&output.stdout);
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(
            fields.len(),
            3,
            "seed {seed}: {text}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let nodes: u64 = fields[1].parse().expect("a count");
        let undos: u64 = fields[2].parse().expect("a count");
        runs.nodes = (runs.nodes.0.min(nodes), runs.nodes.1.max(nodes));
        runs.undos = (runs.undos.0.min(undos), runs.undos.1.max(undos));
        if fields[0] != "solved" {
            runs.unsolved.push(seed);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    runs
}

fn report(label: &str, seeds: u32, runs: &Runs) {
    println!(
        "{label}: unsolved for {} of {seeds} seeds {:?}; nodes {} to {}, undos {} to {}",
        runs.unsolved.len(),
        runs.unsolved,
        runs.nodes.0,
        runs.nodes.1,
        runs.undos.0,
        runs.undos.1
    );
}

/// The write-up's two solutions, cut from its text: the first (as printed
/// and with the one-line fix) and the review solution (as printed and
/// with its loop sorted).
pub(crate) struct Solutions {
    pub(crate) first: String,
    pub(crate) first_fixed: String,
    pub(crate) review: String,
    pub(crate) review_sorted: String,
}

pub(crate) fn solutions(write_up: &str) -> Option<Solutions> {
    let (first, review) = (nth_solution(write_up, 0)?, nth_solution(write_up, 1)?);
    let review_loop = "for val in common:";
    if !first.contains(LOOP_LINE) || !review.contains(review_loop) {
        return None;
    }
    Some(Solutions {
        first_fixed: first.replace(LOOP_LINE, "for val in list(patch_contents[px][py]):"),
        first,
        review_sorted: review.replace(review_loop, "for val in sorted(common):"),
        review,
    })
}

/// The loop that iterates the live set, and that the fix changes.
const LOOP_LINE: &str = "for val in patch_contents[px][py]:";

/// The file of `../shared/seeds/` that holds [`LOOP_LINE`].
pub(crate) fn find_write_up() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/seeds");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .find(|path| std::fs::read_to_string(path).is_ok_and(|text| text.contains(LOOP_LINE)))
}

fn main() {
    let mut arguments = std::env::args().skip(1);
    let seeds: u32 = arguments
        .next()
        .and_then(|text| text.parse().ok())
        .unwrap_or(200);
    let path = match arguments.next() {
        Some(path) => PathBuf::from(path),
        None => match find_write_up() {
            Some(path) => path,
            None => {
                eprintln!(
                    "no write-up with the loop `{LOOP_LINE}` in ../shared/seeds: pass its path"
                );
                std::process::exit(2);
            }
        },
    };
    let Ok(write_up) = std::fs::read_to_string(&path) else {
        eprintln!(
            "cannot read the write-up at {}: pass its path",
            path.display()
        );
        std::process::exit(2);
    };
    let Some(solutions) = solutions(&write_up) else {
        eprintln!(
            "no two `class Solution` blocks with the loops `{LOOP_LINE}` and `for val in common:` in {}",
            path.display()
        );
        std::process::exit(2);
    };
    for (label, code) in [
        (
            "first solution (available_sets), as printed",
            &solutions.first,
        ),
        (
            "first solution, with `for val in list(...)`",
            &solutions.first_fixed,
        ),
        (
            "review solution (set_intersection), as printed",
            &solutions.review,
        ),
        (
            "review solution, with `for val in sorted(common)`",
            &solutions.review_sorted,
        ),
    ] {
        report(label, seeds, &run(code, seeds));
    }
}
