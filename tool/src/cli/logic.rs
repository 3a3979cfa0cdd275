//! `rate` and `explain`: the logic solver (`sudoku37_tool::logic`) on the command
//! line.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde_json::json;

use sudoku37::board;
use sudoku37::puzzle::{Puzzle, PuzzleError};
use sudoku37_tool::files::{self, FileKind};
use sudoku37_tool::logic::{self, export, page, End, Level, RateError, WhenStuck};

use super::output::{finish, Output, Status};

/// The output format of `rate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// `LEVEL SCORE technique,technique,...` per record.
    Text,
    /// One JSON object per record, with each technique's count.
    Json,
}

/// Options of `rate`.
#[derive(Debug, Clone, Args)]
pub struct RateArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = RateFormat::Text)]
    format: RateFormat,
    /// File of puzzles, or - for standard input.
    #[arg(default_value = "-")]
    input: String,
}

/// Options of `explain`.
#[derive(Debug, Clone, Args)]
pub struct ExplainArgs {
    /// Stop where logic runs out instead of guessing a digit from the
    /// solution.
    #[arg(long)]
    no_guess: bool,
    /// Use only techniques of this level or below, and stop where they run
    /// out (a guess is of extreme level).
    #[arg(long, value_name = "LEVEL", default_value = "extreme")]
    up_to: Level,
    /// Write a self-contained HTML page that plays the solve deduction by deduction
    /// (the grid with its candidates, each deduction's pattern marked beside its
    /// sentence) instead of printing the deductions.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    /// Write one SVG picture per deduction into this folder (step-001.svg, ...,
    /// and end.svg for the position where the solve ended) instead of
    /// printing the deductions. The folder is made if missing.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// The puzzle: 81 cells on one line, a file (its first puzzle is
    /// explained; a FIFO or `<(…)` works too), or - for standard input.
    /// Without it, standard input when that is not a terminal, and
    /// LeetCode's example when it is.
    puzzle: Option<String>,
}

/// `sudoku37 rate`.
pub fn rate(arguments: &RateArgs) -> ExitCode {
    let source = match super::input::open(&arguments.input) {
        Ok(source) => source,
        Err(error) => return super::error::fail(&error),
    };
    let mut out = Output::stdout();
    let mut status = Status::Ok;
    for record in source.records() {
        let line = record.line;
        let rated = record
            .parsed
            .map_err(|error| (error.to_string(), Status::BadInput))
            .and_then(|parsed| {
                Puzzle::from_cells(parsed.cells).map_err(|error| {
                    let status = match error {
                        PuzzleError::Conflict(_) => Status::Failed,
                        _ => Status::BadInput,
                    };
                    (error.to_string(), status)
                })
            })
            .and_then(|puzzle| {
                logic::rate(&puzzle).map_err(|error: RateError| (error.to_string(), Status::Failed))
            });
        let text = match (rated, arguments.format) {
            (Ok(rating), RateFormat::Text) => format!(
                "{} {} {}",
                rating.level,
                rating.score,
                rating
                    .counts
                    .keys()
                    .map(|technique| technique.id())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            (Ok(rating), RateFormat::Json) => {
                let counts: serde_json::Map<String, serde_json::Value> = rating
                    .counts
                    .iter()
                    .map(|(technique, count)| (technique.id().to_string(), json!(count)))
                    .collect();
                json!({
                    "line": line,
                    "level": rating.level.name(),
                    "score": rating.score,
                    "techniques": counts,
                })
                .to_string()
            }
            (Err((message, failed)), format) => {
                say!("line {line}: {message}");
                status = status.max(failed);
                match format {
                    RateFormat::Text => format!("error: {message}"),
                    RateFormat::Json => json!({ "line": line, "error": message }).to_string(),
                }
            }
        };
        // Each rating reaches the reader as soon as it is made.
        if let Err(error) = out.line(&text).and_then(|()| out.flush()) {
            return finish(status, Err(error));
        }
    }
    finish(status, out.flush())
}

/// Reads the one puzzle `explain` is given: the first record of its PUZZLE
/// argument (see `input.rs`), read as soon as it arrives.
fn read_puzzle(argument: Option<&str>) -> Result<Puzzle, super::error::CliError> {
    let (_, parsed) = match argument {
        Some(argument) => super::input::first_puzzle(argument)?,
        None => {
            let source = super::input::open_or_example(None)?;
            sudoku37_tool::input::first_puzzle_of(source)?
        }
    };
    Ok(Puzzle::from_cells(parsed.cells)?)
}

/// `sudoku37 explain`.
pub fn explain(arguments: &ExplainArgs) -> ExitCode {
    // The page is checked before the work: never the puzzle's own file,
    // never a file of the user's.
    let input: Vec<&Path> = arguments.puzzle.iter().map(Path::new).collect();
    if let Some(file) = &arguments.html {
        if let Err(error) = files::check_output(file, &input) {
            return super::error::fail(&error.into());
        }
    }
    let puzzle = match read_puzzle(arguments.puzzle.as_deref()) {
        Ok(puzzle) => puzzle,
        Err(error) => return super::error::fail(&error),
    };
    let when_stuck = if arguments.no_guess {
        WhenStuck::Stop
    } else {
        WhenStuck::Guess
    };
    let walkthrough = logic::walk_through_up_to(&puzzle, arguments.up_to, when_stuck);
    let status = match walkthrough.end {
        End::Solved => Status::Ok,
        End::Stuck | End::NoSolution | End::NotUnique => Status::Failed,
    };
    let mut out = Output::stdout();
    if arguments.html.is_none() && arguments.svg.is_none() {
        let written = write_explanation(&mut out, &walkthrough);
        return finish(status, written.and_then(|()| out.flush()));
    }
    let mut wrote = Vec::new();
    if let Some(file) = &arguments.html {
        let text = page::render_page(&puzzle, &walkthrough);
        if let Err(error) = files::write_output(file, FileKind::Html, &text, &input) {
            return super::error::fail(&error.into());
        }
        wrote.push(format!(
            "wrote {} ({} steps); open it in a browser",
            files::shown(file),
            walkthrough.deductions.len()
        ));
    }
    if let Some(folder) = &arguments.svg {
        let written = match export::write_pictures(folder, &puzzle, &walkthrough) {
            Ok(written) => written,
            Err(error) => {
                say!("error: {error}");
                return Status::BadInput.exit_code();
            }
        };
        let deductions = walkthrough.deductions.len();
        let pictures = match deductions {
            0 => "end.svg alone: no step was made".to_string(),
            1 => "step-001.svg and end.svg".to_string(),
            _ => format!(
                "step-001.svg to {} and end.svg",
                export::deduction_file(deductions)
            ),
        };
        wrote.push(format!(
            "wrote {} pictures into {} ({pictures})",
            written.pictures.len(),
            files::shown(folder)
        ));
        if !written.removed.is_empty() {
            wrote.push(format!(
                "removed {} pictures of an earlier run that this one has no step for",
                written.removed.len()
            ));
        }
    }
    // A walkthrough that did not solve the puzzle says why, on the pages'
    // line too.
    if walkthrough.end != End::Solved {
        wrote.push(walkthrough.end_line().trim_end_matches(':').to_string());
    }
    let written = wrote.iter().try_for_each(|line| out.line(line));
    finish(status, written.and_then(|()| out.flush()))
}

fn write_explanation(out: &mut Output, walkthrough: &logic::Walkthrough) -> io::Result<()> {
    for deduction in &walkthrough.deductions {
        out.line(&deduction.text)?;
    }
    out.line(&walkthrough.end_line())?;
    match walkthrough.end {
        End::Solved => out.write_str(&board::format_grid(&board::from_cells(
            &walkthrough.candidates.values(),
        ))),
        End::Stuck | End::NoSolution | End::NotUnique => {
            out.write_str(&walkthrough.candidates.candidate_grid())
        }
    }
}
