//! Turns the results of the last `cargo bench --bench solvers` into one
//! Markdown table: puzzles per second for every approach on every set, and
//! the ratio to the crates.io `sudoku` crate measured in the same run.
//!
//! Usage: `cargo bench --bench solvers && cargo run --release --example bench_table`
//!
//! It reads criterion's own files under `target/criterion/<set>/<entry>/new/`
//! (the mean time of one pass over the set, and the set's size).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const BASELINE: &str = "sudoku_crate";

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/criterion");
    let Ok(groups) = std::fs::read_dir(&root) else {
        eprintln!(
            "no benchmark results in {}: run `cargo bench --bench solvers` first",
            root.display()
        );
        std::process::exit(2);
    };
    // set -> entry -> puzzles per second
    let mut results: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    for group in groups.flatten() {
        let Ok(entries) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for entry in entries.flatten() {
            let directory = entry.path().join("new");
            let (Some(estimates), Some(benchmark)) = (
                read_json(&directory.join("estimates.json")),
                read_json(&directory.join("benchmark.json")),
            ) else {
                continue;
            };
            let mean_nanos = estimates["mean"]["point_estimate"].as_f64();
            let puzzles = benchmark["throughput"]["Elements"].as_f64();
            let (Some(set), Some(name)) = (
                benchmark["group_id"].as_str(),
                benchmark["function_id"].as_str(),
            ) else {
                continue;
            };
            if let (Some(mean_nanos), Some(puzzles)) = (mean_nanos, puzzles) {
                results
                    .entry(set.to_string())
                    .or_default()
                    .insert(name.to_string(), puzzles / (mean_nanos / 1e9));
            }
        }
    }
    let approaches = sudoku37::approaches::APPROACHES;
    let mut entries: Vec<String> = approaches
        .iter()
        .map(|approach| approach.name.to_string())
        .collect();
    // The benchmark's flat entry points, named as `bench/benches/solvers.rs` names them.
    entries.extend(
        approaches
            .iter()
            .filter(|approach| approach.solve_cells.is_some())
            .map(|approach| format!("{}_cells", approach.name)),
    );
    entries.push(BASELINE.to_string());
    let sets: Vec<&String> = results.keys().collect();
    print!("| approach |");
    for set in &sets {
        print!(" {set} |");
    }
    println!();
    println!("|---|{}", "---:|".repeat(sets.len()));
    for entry in &entries {
        print!("| `{entry}` |");
        for set in &sets {
            let row = &results[*set];
            match (row.get(entry), row.get(BASELINE)) {
                (Some(speed), Some(baseline)) if entry != BASELINE => {
                    print!(" {} ({:.3}x) |", short(*speed), speed / baseline)
                }
                (Some(speed), _) => print!(" {} |", short(*speed)),
                (None, _) => print!(" - |"),
            }
        }
        println!();
    }
    println!(
        "\nPuzzles per second (mean of criterion's samples), and in brackets the ratio to the"
    );
    println!("`{BASELINE}` baseline in the same run; `-`: not run on that set (too slow).");
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

fn short(value: f64) -> String {
    if value >= 1e3 {
        format!("{:.1}k", value / 1e3)
    } else {
        format!("{value:.0}")
    }
}
