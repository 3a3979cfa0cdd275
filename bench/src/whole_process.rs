//! The report of `bench/examples/solve_race.rs`, the whole-process race:
//! its table and the sentences it may say about the run, in English or in
//! Chinese, for the terminal and for the READMEs' generated blocks.

use std::path::Path;
use std::time::Duration;

use sudoku37_tool::measure::format_count;

/// One row of the table: an input and what each of the three processes did
/// with it.
pub struct Row {
    pub name: String,
    pub repeated: bool,
    pub puzzles: usize,
    /// Median wall times: the crate, `solve --jobs 1`, `solve`.
    pub times: [Duration; 3],
    /// Peak resident memory in KiB, in the same order.
    pub peaks: [u64; 3],
}

/// The language of a file's block: the Chinese README gets Chinese words
/// around the same figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}

impl Language {
    pub fn of(path: &Path) -> Language {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.contains(".zh") || path.components().any(|part| part.as_os_str() == "zh") {
            Language::Chinese
        } else {
            Language::English
        }
    }
}

/// The report: the command, the machine, the table, and what the run
/// checked, in `language`.
pub fn report(
    language: Language,
    command: &str,
    machine: &str,
    rows: &[Row],
    cores: usize,
    answers_match: Option<bool>,
) -> String {
    let seconds = |time: Duration| format!("{:.3} s", time.as_secs_f64());
    let ratio = |row: &Row, index: usize| {
        format!(
            "{:.2}x",
            row.times[0].as_secs_f64() / row.times[index].as_secs_f64().max(1e-9)
        )
    };
    let share = |row: &Row| {
        format!(
            "{:.2}",
            row.times[1].as_secs_f64() / row.times[0].as_secs_f64().max(1e-9)
        )
    };
    let mib = |kib: u64| format!("{:.1}", kib as f64 / 1024.0);
    let mut out = String::new();
    let english = language == Language::English;
    if english {
        out.push_str(&format!(
            "Measured by `{command}`.\n\nMachine: {machine}\n\nWhole processes, run in \
             alternation with a minimal command-line solver around the crates.io `sudoku` crate \
             (`bench/examples/crate_solve.rs`), median wall time of the rounds (1 round for a \
             million puzzles); ratio = the crate's time / `sudoku37 solve`'s (above 1: `sudoku37` \
             is faster); share = `solve --jobs 1`'s time / the crate's.\n\n\
             | input | puzzles | crate | `solve --jobs 1` | ratio | share | `solve` ({cores} jobs) | ratio | \
             peak memory: crate / jobs 1 / jobs {cores} |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---|\n"
        ));
    } else {
        out.push_str(&format!(
            "由 `{command}` 测得。\n\n机器：{machine}\n\n整个进程与一个包着 crates.io `sudoku` crate \
             的最小命令行求解器（`bench/examples/crate_solve.rs`）交替运行，取各轮墙钟时间的中位数\
             （百万题那一行只跑 1 轮）；比值 = crate 的用时 / `sudoku37 solve` 的用时（大于 1 表示 \
             `sudoku37` 更快）；占比 = `solve --jobs 1` 的用时 / crate 的用时。\n\n\
             | 输入 | 题数 | crate | `solve --jobs 1` | 比值 | 占比 | `solve`（{cores} 个线程） | 比值 | \
             内存峰值：crate / jobs 1 / jobs {cores} |\n\
             |---|---:|---:|---:|---:|---:|---:|---:|---|\n"
        ));
    }
    for row in rows {
        let name = match (row.repeated, english) {
            (false, _) => row.name.clone(),
            (true, true) => format!("{} (repeated)", row.name),
            (true, false) => format!("{}（重复）", row.name),
        };
        out.push_str(&format!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} / {} / {} MiB |\n",
            format_count(row.puzzles as u64),
            seconds(row.times[0]),
            seconds(row.times[1]),
            ratio(row, 1),
            share(row),
            seconds(row.times[2]),
            ratio(row, 2),
            mib(row.peaks[0]),
            mib(row.peaks[1]),
            mib(row.peaks[2]),
        ));
    }
    // What the run checked, said only when it checked it.
    let mut checked = Vec::new();
    // The largest input beside the smallest one of the same set.
    let largest = rows.iter().max_by_key(|row| row.puzzles);
    let smallest = largest.and_then(|largest| {
        rows.iter()
            .filter(|row| row.name == largest.name)
            .min_by_key(|row| row.puzzles)
    });
    if let (Some(smallest), Some(largest)) = (smallest, largest) {
        if largest.puzzles >= 10 * smallest.puzzles {
            // Flat: within a tenth, for many times the puzzles.
            let flat = (1..3).all(|index| largest.peaks[index] * 10 <= smallest.peaks[index] * 11);
            let (many, few) = (
                format_count(largest.puzzles as u64),
                format_count(smallest.puzzles as u64),
            );
            checked.push(match (flat, english) {
                (true, true) => format!(
                    "`sudoku37`'s peak memory on {many} puzzles is within a tenth of its peak on \
                     {few}."
                ),
                (false, true) => format!(
                    "`sudoku37`'s peak memory on {many} puzzles is more than a tenth above its \
                     peak on {few}."
                ),
                (true, false) => {
                    format!(
                        "`sudoku37` 在 {many} 道题上的内存峰值与 {few} 道题时相差不到十分之一。"
                    )
                }
                (false, false) => {
                    format!(
                        "`sudoku37` 在 {many} 道题上的内存峰值比 {few} 道题时高出十分之一以上。"
                    )
                }
            });
        }
    }
    match (answers_match, english) {
        (Some(true), true) => checked.push(
            "On 17-clue puzzles (one solution each), both `sudoku37` runs' answers match the \
             crate's line for line."
                .to_string(),
        ),
        (Some(false), true) => checked
            .push("On 17-clue puzzles, `sudoku37`'s answers differ from the crate's.".to_string()),
        (Some(true), false) => checked.push(
            "17 提示数题目（每题只有一个解）上，`sudoku37` 两次运行的答案与 crate 的逐行一致。"
                .to_string(),
        ),
        (Some(false), false) => {
            checked.push("17 提示数题目上，`sudoku37` 的答案与 crate 的不同。".to_string())
        }
        (None, _) => {}
    }
    if !checked.is_empty() {
        out.push('\n');
        out.push_str(&checked.join(if english { " " } else { "" }));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, puzzles: usize, peaks: [u64; 3]) -> Row {
        Row {
            name: name.to_string(),
            repeated: puzzles > 40_000,
            puzzles,
            times: [
                Duration::from_millis(100),
                Duration::from_millis(80),
                Duration::from_millis(50),
            ],
            peaks,
        }
    }

    #[test]
    fn a_readme_is_english_and_a_chinese_one_chinese() {
        assert_eq!(Language::of(Path::new("README.md")), Language::English);
        assert_eq!(
            Language::of(Path::new("/a/README.zh-CN.md")),
            Language::Chinese
        );
        assert_eq!(
            Language::of(Path::new("notes/zh/benchmarks.md")),
            Language::Chinese
        );
    }

    #[test]
    fn the_table_gives_ratios_and_the_share_of_the_crate_s_time() {
        let text = report(
            Language::English,
            "cmd",
            "a machine",
            &[row("17clue", 40_000, [2048, 4608, 5120])],
            2,
            Some(true),
        );
        // 100 ms against 80 ms and 50 ms.
        assert!(
            text.contains("| 17clue | 40,000 | 0.100 s | 0.080 s | 1.25x | 0.80 | 0.050 s | 2.00x | 2.0 / 4.5 / 5.0 MiB |"),
            "{text}"
        );
        assert!(text.contains("answers match the crate's line for line"));
        // One input: no memory sentence, which needs a larger one of the
        // same set.
        assert!(!text.contains("peak memory on"));
    }

    #[test]
    fn memory_is_called_flat_only_when_it_is_against_the_same_set() {
        let flat = [
            row("17clue", 40_000, [2000, 4500, 5000]),
            row("hardest", 20_000, [2000, 1000, 1000]),
            row("17clue", 1_000_000, [2000, 4900, 5400]),
        ];
        let text = report(Language::English, "cmd", "m", &flat, 2, None);
        assert!(
            text.contains(
                "peak memory on 1,000,000 puzzles is within a tenth of its peak on 40,000"
            ),
            "{text}"
        );
        assert!(
            !text.contains("answers"),
            "no answers were compared: {text}"
        );
        let grown = [
            row("17clue", 40_000, [2000, 4500, 5000]),
            row("17clue", 1_000_000, [2000, 9000, 5000]),
        ];
        let text = report(Language::Chinese, "cmd", "m", &grown, 2, Some(false));
        assert!(text.contains("高出十分之一以上"), "{text}");
        assert!(text.contains("答案与 crate 的不同"), "{text}");
        assert!(text.contains("17clue（重复）"), "{text}");
    }
}
