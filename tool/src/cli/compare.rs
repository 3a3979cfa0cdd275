//! `sudoku37 compare` (also what `sudoku37` does with no subcommand): every
//! approach on every chosen set, side by side.
//!
//! Each (approach, set) pair is measured by [`sudoku37_tool::compare::run`], in a
//! worker process that its time budget stops; here are the options, the
//! sets (through the one input door) and the printing.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::thread;
use std::time::Duration;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;

use sudoku37::approaches::{self, Approach};
use sudoku37::sets::{self, PuzzleSet};
use sudoku37_tool::compare::{self, Comparison, Format, SetSize, Timing};
use sudoku37_tool::files::{self, FileKind};
use sudoku37_tool::progress::Progress;

use super::error::CliError;
use super::flags::SetArgs;
use super::input::{self, Defaults};
use super::output::{Output, Status};
use super::progress::Bar;

/// What `compare --help` ends with.
pub const AFTER_HELP: &str = "\
Sets: without --set and --file, LeetCode's example and the graded sets, then \
every set of --data (or of $SUDOKU37_DATA when --data is not given); with \
them, the sets named and the files, in order.";

/// Markers around the generated block in a Markdown file (`--write-into`).
pub const BLOCK_BEGIN: &str = "<!-- sudoku37 compare: begin -->";
pub const BLOCK_END: &str = "<!-- sudoku37 compare: end -->";

// The options of `compare` (a plain comment: a doc comment here would
// become the top-level about text, since the bare command flattens them).
#[derive(Debug, Clone, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    sets: SetArgs,
    /// Compare only this approach; repeatable.
    #[arg(long = "approach", value_name = "NAME", value_parser = super::flags::approach_parser())]
    approaches: Vec<&'static Approach>,
    /// Seconds each approach may spend on each set before it is stopped
    /// (greater than 0, at most 1e6).
    #[arg(long, default_value = "2", value_name = "SECONDS", value_parser = super::flags::parse_seconds,
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
    if let Err(error) = check_outputs(arguments) {
        return super::error::fail(&error);
    }
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
    let timing = Timing::with_budget(arguments.budget);

    let total: u64 = chosen_sets
        .iter()
        .map(|set| set.puzzles.len() as u64)
        .sum::<u64>()
        * chosen_approaches.len() as u64;
    let mut progress = Bar::default();
    progress.start(total, "puzzles");
    let mut measurements = Vec::new();
    for set in &chosen_sets {
        for approach in &chosen_approaches {
            progress.message(&format!("{} on {}", approach.name, set.name));
            match compare::run(approach, set, timing, &mut progress) {
                Ok(measurement) => measurements.push(measurement),
                Err(error) => {
                    progress.finish();
                    say!("error: cannot run a worker process: {error}");
                    return Status::BadInput.exit_code();
                }
            }
        }
    }
    progress.finish();
    let sizes = chosen_sets
        .iter()
        .map(|set| SetSize {
            // Escaped as the measurements' set names are (a file's name
            // cannot drive the terminal), so that the two still match.
            name: sudoku37_tool::files::escape_controls(&set.name),
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
        return super::output::finish(status, written);
    }

    if let Some(path) = &arguments.plot {
        let drawn = compare::render::svg(&comparison)
            .map_err(|error| error.to_string())
            .and_then(|svg| {
                files::write_output(path, FileKind::Svg, &svg, &inputs(arguments))
                    .map_err(|error| error.to_string())
            });
        if let Err(error) = drawn {
            say!("error: cannot draw the chart: {error}");
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

/// The files the run reads: never written over.
fn inputs(arguments: &CompareArgs) -> Vec<&Path> {
    arguments.sets.files.iter().map(Path::new).collect()
}

/// Checks, before the work starts, that every output can be written: the
/// chart is a new file or one of ours, and not a file the run reads or
/// writes a block into; each file to write a block into has one block.
fn check_outputs(arguments: &CompareArgs) -> Result<(), CliError> {
    if let Some(plot) = &arguments.plot {
        if let Some(same) = arguments
            .write_into
            .iter()
            .find(|path| *path == plot || files::same_file(path, plot))
        {
            return Err(CliError::SameOutput {
                path: same.display().to_string(),
                first: "--plot",
                second: "--write-into",
            });
        }
        files::check_output(plot, &inputs(arguments))?;
    }
    for path in &arguments.write_into {
        compare::block::check(path, BLOCK_BEGIN, BLOCK_END).map_err(|source| CliError::Block {
            path: path.display().to_string(),
            source,
        })?;
    }
    Ok(())
}

/// The sets to compare on, in order: built-in defaults, then every set in
/// --data, then --file; or just the ones named with --set (and --file), by
/// the rules of the one input door (`input.rs`). Unreadable files and bad
/// replies are reported on stderr and skipped; the status says whether there
/// were any.
fn choose_sets(arguments: &CompareArgs) -> Result<(Vec<PuzzleSet>, Status), CliError> {
    let data = arguments.sets.data.clone().or_else(sets::data_env_dir);
    let request = arguments.sets.request(data.as_deref());
    let read = input::choose_sets(&request, Defaults::BuiltinThenData(&sets::COMPARED_SETS))?;
    let status = if read.problems.is_empty() {
        Status::Ok
    } else {
        Status::BadInput
    };
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
    let arguments: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|argument| argument.to_string_lossy().into_owned())
        .collect();
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
