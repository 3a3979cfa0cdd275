//! `sudoku37 compare` (also what `sudoku37` does with no subcommand): every
//! approach on every chosen set, side by side.
//!
//! Each (approach, set) pair runs in a child process of this same binary (see
//! `worker.rs`), which solves the set's puzzles one by one and reports a line
//! per puzzle. The parent stops the child when its time budget
//! runs out, so a slow approach cannot hold a core while the next one is
//! timed, and the row says how far it got.

use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::thread;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use sudoku37::approaches::{self, Approach};
use sudoku37::compare::{self, PuzzleRecord, Row, Verdict};
use sudoku37::count_solutions;
use sudoku37::sets::{self, PuzzleSet, SetPuzzle};

use super::worker::{self, Received, Worker};
use super::{Output, Status};

/// The built-in sets compared by default.
const DEFAULT_SETS: [&str; 5] = [
    "leetcode_example",
    "graded_easy",
    "graded_medium",
    "graded_hard",
    "graded_hardest",
];

/// Markers around the generated block in a Markdown file (`--write-into`).
pub const BLOCK_BEGIN: &str = "<!-- sudoku37 compare: begin -->";
pub const BLOCK_END: &str = "<!-- sudoku37 compare: end -->";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Markdown,
    Csv,
    Json,
}

/// Options of `compare`.
#[derive(Debug, Clone, Args)]
pub struct CompareArgs {
    /// Also compare on every *.txt puzzle set in this folder (for example the
    /// public sets in ../shared/puzzles).
    #[arg(long, env = sets::DATA_ENV, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Compare only on this set (built-in or from --data); repeatable.
    #[arg(long = "set", value_name = "NAME")]
    sets: Vec<String>,
    /// Also compare on this file of puzzles (- for standard input); repeatable.
    #[arg(long = "file", value_name = "PATH")]
    files: Vec<String>,
    /// Compare only this approach; repeatable.
    #[arg(long = "approach", value_name = "NAME", value_parser = super::approach_parser())]
    approaches: Vec<&'static Approach>,
    /// Seconds each approach may spend on each set before it is stopped
    /// (greater than 0, at most 1e6).
    #[arg(long, default_value = "2", value_name = "SECONDS", value_parser = super::parse_seconds,
          allow_negative_numbers = true)]
    budget: Duration,
    /// How to print the results.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// With the table format: one wide table with every column.
    #[arg(long)]
    wide: bool,
    /// Also draw puzzles per second as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Also write the Markdown table into this file, between the lines
    /// `<!-- sudoku37 compare: begin -->` and `<!-- sudoku37 compare: end -->`;
    /// repeatable.
    #[arg(long, value_name = "FILE.md")]
    write_into: Vec<PathBuf>,
}

/// Runs the comparison and prints it. Exit status: 0, or 1 when some answer
/// was wrong, or 2 when some input was malformed or unreadable.
pub fn run(arguments: &CompareArgs) -> ExitCode {
    let mut input_ok = true;
    let chosen_sets = match choose_sets(arguments, &mut input_ok) {
        Ok(chosen) => chosen,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let chosen_approaches: Vec<&'static Approach> = if arguments.approaches.is_empty() {
        approaches::APPROACHES.iter().collect()
    } else {
        arguments.approaches.clone()
    };

    let budget = arguments.budget;
    let total: u64 = chosen_sets
        .iter()
        .map(|set| set.puzzles.len() as u64)
        .sum::<u64>()
        * chosen_approaches.len() as u64;
    let progress = ProgressBar::new(total);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );

    let mut rows = Vec::new();
    for set in &chosen_sets {
        for approach in &chosen_approaches {
            progress.set_message(format!("{} on {}", approach.name, set.name));
            let (records, exhausted) = match run_worker(approach, &set.puzzles, budget, &progress) {
                Ok(outcome) => outcome,
                Err(error) => {
                    progress.finish_and_clear();
                    eprintln!("error: cannot run a worker process: {error}");
                    return ExitCode::from(2);
                }
            };
            rows.push(compare::summarize(
                approach.name,
                &set.name,
                set.puzzles.len(),
                &records,
                exhausted,
            ));
        }
    }
    progress.finish_and_clear();
    compare::set_relative_speeds(&mut rows);

    let set_sizes: Vec<(String, usize)> = chosen_sets
        .iter()
        .map(|set| (set.name.clone(), set.puzzles.len()))
        .collect();
    let printed = match arguments.format {
        Format::Table if arguments.wide => Ok(compare::render_wide(&rows)),
        Format::Table => Ok(compare::render_table(&rows, &set_sizes)),
        Format::Markdown => Ok(compare::render_markdown(&rows)),
        Format::Csv => compare::render_csv(&rows).map_err(|error| error.to_string()),
        Format::Json => compare::render_json(&rows).map_err(|error| error.to_string()),
    };
    let mut out = Output::stdout();
    let written = match printed {
        Ok(mut text) => {
            if arguments.format == Format::Json {
                text.push('\n');
            }
            out.write_str(&text).and_then(|()| out.flush())
        }
        Err(error) => {
            eprintln!("error: cannot format the results: {error}");
            return Status::BadInput.exit_code();
        }
    };
    if written.is_err() {
        return super::finish(Status::Ok, written);
    }

    let set_names: Vec<String> = set_sizes.iter().map(|(name, _)| name.clone()).collect();
    if let Some(path) = &arguments.plot {
        let written = compare::render_svg(&rows, &set_names)
            .and_then(|svg| std::fs::write(path, svg).map_err(|error| error.to_string()));
        if let Err(error) = written {
            eprintln!(
                "error: cannot write the chart to {}: {error}",
                path.display()
            );
            input_ok = false;
        }
    }
    for path in &arguments.write_into {
        if let Err(error) = write_block(path, &rows, &set_sizes, arguments) {
            eprintln!("error: cannot update {}: {error}", path.display());
            input_ok = false;
        }
    }

    // Bad input outranks a wrong answer, as in every subcommand: the highest
    // status that applies.
    if !input_ok {
        Status::BadInput.exit_code()
    } else if compare::any_wrong(&rows) {
        eprintln!("error: some approach gave a wrong answer (marked ! above)");
        Status::Failed.exit_code()
    } else {
        Status::Ok.exit_code()
    }
}

/// The sets to compare on, in order: built-in defaults, then every set in
/// --data, then --file; or just the ones named with --set (and --file).
fn choose_sets(arguments: &CompareArgs, input_ok: &mut bool) -> Result<Vec<PuzzleSet>, String> {
    let mut available: Vec<PuzzleSet> = sets::builtin_sets();
    let mut defaults: Vec<String> = DEFAULT_SETS.iter().map(|name| name.to_string()).collect();
    if let Some(dir) = &arguments.data {
        for set in read_data_dir(dir, input_ok)? {
            defaults.push(set.name.clone());
            available.push(set);
        }
    }
    let mut chosen = Vec::new();
    let names = if arguments.sets.is_empty() {
        if arguments.files.is_empty() {
            defaults
        } else {
            Vec::new()
        }
    } else {
        arguments.sets.clone()
    };
    for name in &names {
        match available.iter().find(|set| &set.name == name) {
            Some(set) => chosen.push(set.clone()),
            None => {
                let known: Vec<&str> = available.iter().map(|set| set.name.as_str()).collect();
                return Err(format!(
                    "unknown set {name:?}; known sets: {}",
                    known.join(", ")
                ));
            }
        }
    }
    for file in &arguments.files {
        chosen.push(read_set_file(file, input_ok)?);
    }
    chosen.retain(|set| {
        if set.puzzles.is_empty() {
            eprintln!("skipping set {}: no puzzles in it", set.name);
        }
        !set.puzzles.is_empty()
    });
    if chosen.is_empty() {
        return Err("no puzzles to compare on".to_string());
    }
    Ok(chosen)
}

fn read_data_dir(dir: &Path, input_ok: &mut bool) -> Result<Vec<PuzzleSet>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|error| format!("cannot read the data folder {}: {error}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    files.sort();
    let mut found = Vec::new();
    for path in files {
        // One unreadable file is reported and skipped; the rest are compared.
        match read_set_file(&path.to_string_lossy(), input_ok) {
            Ok(set) => found.push(set),
            Err(message) => {
                eprintln!("error: {message}; skipping it");
                *input_ok = false;
            }
        }
    }
    Ok(found)
}

/// Reads a set file (or standard input for `-`); each bad line is reported
/// with its number on stderr and skipped.
fn read_set_file(file: &str, input_ok: &mut bool) -> Result<PuzzleSet, String> {
    let source = super::solve::open_input(file)?;
    let name = match file {
        "-" => "stdin".to_string(),
        _ => Path::new(file).file_stem().map_or_else(
            || file.to_string(),
            |stem| stem.to_string_lossy().into_owned(),
        ),
    };
    let (puzzles, errors) = sets::read_set(BufReader::new(source));
    for error in &errors {
        eprintln!("{file}: {error}");
        *input_ok = false;
    }
    Ok(PuzzleSet { name, puzzles })
}

/// Runs one approach over a set in a child process; returns the records of
/// the puzzles it finished and whether the budget ran out first.
fn run_worker(
    approach: &Approach,
    puzzles: &[SetPuzzle],
    budget: Duration,
    progress: &ProgressBar,
) -> io::Result<(Vec<PuzzleRecord>, bool)> {
    let started = Instant::now();
    let mut worker = Worker::start(approach)?;
    let lines: String = puzzles
        .iter()
        .map(|puzzle| {
            format!(
                "{}\n",
                worker::puzzle_line(&puzzle.cells, puzzle.known.as_ref())
            )
        })
        .collect();
    let writer = worker.send_all(lines);
    let mut records = Vec::with_capacity(puzzles.len());
    let mut exhausted = false;
    // Time spent here checking claims of "no solution" does not count
    // against the approach's budget.
    let mut checking = Duration::ZERO;
    while records.len() < puzzles.len() {
        let remaining = (budget + checking).saturating_sub(started.elapsed());
        match worker.receive(Some(remaining)) {
            Received::Record(mut record) => {
                if record.verdict == Verdict::NoSolution {
                    let check_started = Instant::now();
                    let has_one = puzzles[records.len()]
                        .puzzle()
                        .is_ok_and(|puzzle| count_solutions(&puzzle, 1) > 0);
                    if has_one {
                        record.verdict =
                            Verdict::Wrong("reported no solution, but there is one".to_string());
                    }
                    checking += check_started.elapsed();
                }
                records.push(record);
                progress.inc(1);
            }
            Received::TimedOut => {
                exhausted = true;
                break;
            }
            Received::Ended => {
                records.push(PuzzleRecord::without_search(Verdict::Wrong(
                    "the solver crashed".to_string(),
                )));
                break;
            }
        }
    }
    progress.inc((puzzles.len() - records.len()) as u64);
    worker.stop();
    let _ = writer.join();
    Ok((records, exhausted))
}

/// Replaces the block between the markers in a Markdown file with the table,
/// the command that made it and the machine it ran on.
fn write_block(
    path: &Path,
    rows: &[Row],
    set_sizes: &[(String, usize)],
    arguments: &CompareArgs,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let (begin, end) = find_block(&text).ok_or_else(|| {
        format!(
            "it has no block to replace: a line {BLOCK_BEGIN} and, after it, a line \
             {BLOCK_END}, each alone on its line; the file is left as it was"
        )
    })?;
    let sizes: Vec<String> = set_sizes
        .iter()
        .map(|(name, size)| format!("{name} ({size})"))
        .collect();
    let set_names: Vec<String> = set_sizes.iter().map(|(name, _)| name.clone()).collect();
    let block = format!(
        "{BLOCK_BEGIN}\n\n_Generated by `{}` on {}; do not edit by hand. Budget {} s per approach per \
         set. Sets (puzzles): {}._\n\nPuzzles per second (`*`: the budget ran out first, so the \
         figure covers the puzzles finished, and `0*` means not even the first; `!`: a wrong answer; \
         `-`: not run):\n\n{}\n\
         <details><summary>Every row: solved, times per puzzle, mean nodes</summary>\n\n{}\n</details>\n\n{BLOCK_END}",
        command_line(),
        machine_description(),
        arguments.budget.as_secs_f64(),
        sizes.join(", "),
        compare::render_markdown_matrix(rows, &set_names),
        compare::render_markdown(rows)
    );
    let updated = format!("{}{block}{}", &text[..begin], &text[end..]);
    std::fs::write(path, updated).map_err(|error| error.to_string())
}

/// Where the generated block is in `text`: from the start of the line that is
/// exactly [`BLOCK_BEGIN`] to the end of the first later line that is exactly
/// [`BLOCK_END`] (before its line break). A marker inside a sentence does not
/// count.
pub fn find_block(text: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    let mut begin = None;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        match begin {
            None if content.trim() == BLOCK_BEGIN => begin = Some(offset),
            Some(start) if content.trim() == BLOCK_END => {
                return Some((start, offset + content.len()));
            }
            _ => {}
        }
        offset += line.len();
    }
    None
}

/// The command as typed, with the program name shortened to `sudoku37`.
fn command_line() -> String {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    format!("sudoku37 {}", arguments.join(" "))
        .trim_end()
        .to_string()
}

/// The processor model and core count, as far as the system tells.
fn machine_description() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("model name"))
                .map(|rest| rest.trim_start_matches([' ', '\t', ':']).to_string())
        })
        .unwrap_or_else(|| "an unknown processor".to_string());
    let cores = thread::available_parallelism().map_or(1, |count| count.get());
    format!(
        "{model}, {cores} cores, {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}
