//! `sudoku37 compare` (also what `sudoku37` does with no subcommand): every
//! approach on every chosen set, side by side.
//!
//! Each (approach, set) pair runs in a child process of this same binary (see
//! `worker.rs`), which solves the set's puzzles one by one and reports a
//! reply per puzzle. The parent stops the child when its time budget runs
//! out, so a slow approach cannot hold a core while the next one is timed,
//! and the row says how far it got. On a small set each puzzle is solved
//! again and again until the (approach, set) has run for a minimum time, and
//! the median of the repeats is its time: one cold run of one puzzle is noise.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::thread;
use std::time::{Duration, Instant};

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use sudoku37::approaches::{self, Approach};
use sudoku37::compare::{self, Comparison, Format, Measurement, SetSize, Timing};
use sudoku37::count_solutions;
use sudoku37::sets::{self, PuzzleSet, SetPuzzle};
use sudoku37::wire::{Check, Reply, Request};

use super::error::CliError;
use super::input::{self, Defaults, SetRequest};
use super::worker::{Received, Worker};
use super::{Output, Status};

/// The built-in sets compared by default.
const DEFAULT_SETS: [&str; 6] = [
    "leetcode_example",
    "graded_easy",
    "graded_medium",
    "graded_hard",
    "graded_unfair",
    "graded_extreme",
];

/// Markers around the generated block in a Markdown file (`--write-into`).
pub const BLOCK_BEGIN: &str = "<!-- sudoku37 compare: begin -->";
pub const BLOCK_END: &str = "<!-- sudoku37 compare: end -->";

// The options of `compare` (a plain comment: a doc comment here would
// become the top-level about text, since the bare command flattens them).
#[derive(Debug, Clone, Args)]
pub struct CompareArgs {
    /// Also compare on every puzzle file in this folder: `*.txt` files and
    /// files without an extension, as in tdoku's `data.zip` (for example the
    /// public sets in ../shared/puzzles). Without it, the folder named by
    /// $SUDOKU37_DATA, if that is set and not empty.
    #[arg(long, value_name = "DIR")]
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
    #[arg(long, default_value = "table", value_parser = format_parser())]
    format: Format,
    /// Also draw puzzles per second as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Also write the Markdown table into this file, between the lines
    /// `<!-- sudoku37 compare: begin -->` and `<!-- sudoku37 compare: end -->`,
    /// each alone on its line; repeatable.
    #[arg(long, value_name = "FILE.md")]
    write_into: Vec<PathBuf>,
}

/// A value parser for `--format`: the library's formats, each with its
/// summary in `--help`.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names = Format::ALL.map(|format| PossibleValue::new(format.name()).help(format.summary()));
    PossibleValuesParser::new(names).try_map(|name| {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| format!("unknown format {name:?}"))
    })
}

/// Runs the comparison and prints it. Exit status (the highest that applies):
/// 0; 1 when some answer was wrong; 2 when some input was malformed or
/// unreadable, a file could not be written, or the results not rendered.
pub fn run(arguments: &CompareArgs) -> ExitCode {
    let mut status = Status::Ok;
    let chosen_sets = match choose_sets(arguments) {
        Ok((chosen, read_status)) => {
            status = status.max(read_status);
            chosen
        }
        Err(error) => return super::error::fail(&error),
    };
    let chosen_approaches: Vec<&'static Approach> = if arguments.approaches.is_empty() {
        approaches::APPROACHES.iter().collect()
    } else {
        arguments.approaches.clone()
    };
    let timing = Timing {
        budget: arguments.budget,
        ..Timing::default()
    };

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

    let mut measurements = Vec::new();
    for set in &chosen_sets {
        for approach in &chosen_approaches {
            progress.set_message(format!("{} on {}", approach.name, set.name));
            match run_worker(approach, &set.puzzles, timing, &progress) {
                Ok((replies, budget_exhausted)) => measurements.push(Measurement {
                    approach: approach.name.to_string(),
                    set: set.name.clone(),
                    puzzles: set.puzzles.len(),
                    replies,
                    budget_exhausted,
                }),
                Err(error) => {
                    progress.finish_and_clear();
                    say!("error: cannot run a worker process: {error}");
                    return Status::BadInput.exit_code();
                }
            }
        }
    }
    progress.finish_and_clear();
    let sizes = chosen_sets
        .iter()
        .map(|set| SetSize {
            name: set.name.clone(),
            puzzles: set.puzzles.len(),
        })
        .collect();
    let comparison = Comparison::new(&measurements, sizes, timing);

    let text = match (arguments.format.renderer())(&comparison) {
        Ok(text) => text,
        Err(error) => {
            say!("error: cannot format the results: {error}");
            return Status::BadInput.exit_code();
        }
    };
    let mut out = Output::stdout();
    let written = out.write_str(&text).and_then(|()| out.flush());
    if written.is_err() {
        return super::finish(status, written);
    }

    if let Some(path) = &arguments.plot {
        let drawn = compare::render::svg(&comparison)
            .map_err(|error| error.to_string())
            .and_then(|svg| std::fs::write(path, svg).map_err(|error| error.to_string()));
        if let Err(error) = drawn {
            say!(
                "error: cannot write the chart to {}: {error}",
                path.display()
            );
            status = status.max(Status::BadInput);
        }
    }
    for path in &arguments.write_into {
        if let Err(error) = write_block(path, &comparison) {
            say!("error: {error}");
            status = status.max(Status::BadInput);
        }
    }

    if comparison.any_wrong() {
        say!("error: some approach gave a wrong answer (marked ! above)");
        status = status.max(Status::Failed);
    }
    status.exit_code()
}

/// The sets to compare on, in order: built-in defaults, then every set in
/// --data, then --file; or just the ones named with --set (and --file), by
/// the rules of the one input door (`input.rs`). Unreadable files and bad
/// replies are reported on stderr and skipped; the status says whether there
/// were any.
fn choose_sets(arguments: &CompareArgs) -> Result<(Vec<PuzzleSet>, Status), CliError> {
    // An empty $SUDOKU37_DATA counts as unset.
    let data = arguments.data.clone().or_else(|| {
        std::env::var_os(sets::DATA_ENV)
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
    });
    let request = SetRequest {
        sets: &arguments.sets,
        files: &arguments.files,
        data: data.as_deref(),
    };
    let read = input::choose_sets(&request, Defaults::BuiltinThenData(&DEFAULT_SETS))?;
    let status = read.status();
    for problem in &read.problems {
        say!("error: {problem}");
    }
    let mut chosen = read.sets;
    chosen.retain(|set| {
        if set.puzzles.is_empty() {
            say!("skipping set {}: no puzzles in it", set.name);
        }
        !set.puzzles.is_empty()
    });
    if chosen.is_empty() {
        return Err(CliError::NoPuzzles {
            purpose: "compare on",
        });
    }
    Ok((chosen, status))
}

/// Runs one approach over a set in a child process; returns the replies of
/// the puzzles it finished and whether the budget ran out first. A claim of
/// "no solution" is verified with the solution counter, outside the time the
/// approach is given.
fn run_worker(
    approach: &Approach,
    puzzles: &[SetPuzzle],
    timing: Timing,
    progress: &ProgressBar,
) -> std::io::Result<(Vec<Reply>, bool)> {
    let mut worker = Worker::start(approach)?;
    let started = Instant::now();
    let repeat_for_ns = if puzzles.len() <= timing.small_set {
        let share = timing.repeat_for / u32::try_from(puzzles.len().max(1)).unwrap_or(1);
        u64::try_from(share.as_nanos()).unwrap_or(u64::MAX)
    } else {
        0
    };
    let lines: String = puzzles
        .iter()
        .map(|puzzle| {
            let request = Request {
                puzzle: sudoku37::grid::line_of(&puzzle.cells),
                known: puzzle.known.as_ref().map(sudoku37::grid::line_of),
                repeat_for_ns,
            };
            format!("{}\n", request.to_line())
        })
        .collect();
    let writer = worker.send_all(lines);
    let mut replies = Vec::with_capacity(puzzles.len());
    let mut exhausted = false;
    // Time spent here checking claims of "no solution" does not count
    // against the approach's budget.
    let mut checking = Duration::ZERO;
    while replies.len() < puzzles.len() {
        let remaining = (timing.budget + checking).saturating_sub(started.elapsed());
        match worker.receive(Some(remaining)) {
            Received::Reply(mut reply) => {
                if reply.check == Check::NoSolutionClaimed {
                    let check_started = Instant::now();
                    let has_one = puzzles[replies.len()]
                        .puzzle()
                        .is_ok_and(|puzzle| count_solutions(&puzzle, 1) > 0);
                    reply.check = if has_one {
                        Check::Wrong("reported no solution, but there is one".to_string())
                    } else {
                        Check::NoSolutionVerified
                    };
                    checking += check_started.elapsed();
                }
                replies.push(reply);
                progress.inc(1);
            }
            Received::TimedOut => {
                exhausted = true;
                break;
            }
            Received::Ended => {
                replies.push(Reply::without_search(Check::Wrong(
                    "the solver crashed".to_string(),
                )));
                break;
            }
        }
    }
    progress.inc((puzzles.len() - replies.len()) as u64);
    worker.stop();
    let _ = writer.join();
    Ok((replies, exhausted))
}

/// Replaces the block between the markers in a Markdown file with the table,
/// the command that made it and the machine it ran on.
fn write_block(path: &Path, comparison: &Comparison) -> Result<(), CliError> {
    let sizes: Vec<String> = comparison
        .sets
        .iter()
        .map(|set| format!("{} ({})", set.name, set.puzzles))
        .collect();
    let render = |renderer: compare::Renderer| {
        renderer(comparison).map_err(|source| CliError::Render {
            path: path.display().to_string(),
            source,
        })
    };
    let block = format!(
        "{BLOCK_BEGIN}\n\n_Generated by `{}` on {}; do not edit by hand. Budget {} s per approach per \
         set. Sets (puzzles): {}. On sets of at most {} puzzles, each puzzle is solved repeatedly, \
         at least {} ms per approach in all, and its time is the median of its runs._\n\n\
         Puzzles per second (`*`: the budget ran out first, so the \
         figure covers the puzzles finished, and `0*` means not even the first; `!`: a wrong answer; \
         `-`: not run):\n\n{}\n\
         <details><summary>Every row: solved, times per puzzle, mean nodes</summary>\n\n{}\n</details>\n\n{BLOCK_END}",
        command_line(),
        machine_description(),
        comparison.timing.budget.as_secs_f64(),
        sizes.join(", "),
        comparison.timing.small_set,
        comparison.timing.repeat_for.as_millis(),
        render(compare::render::matrix)?,
        render(compare::render::markdown)?
    );
    compare::block::replace_in_file(path, BLOCK_BEGIN, BLOCK_END, &block).map_err(|source| {
        CliError::Block {
            path: path.display().to_string(),
            source,
        }
    })
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
