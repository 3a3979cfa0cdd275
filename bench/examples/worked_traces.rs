//! The notes' worked traces, written again from the trace itself: each note
//! that shows one holds a block between the lines `<!-- sudoku37 trace:
//! begin -->` and `<!-- sudoku37 trace: end -->`, in which every line
//! `$ sudoku37 trace ARGUMENTS` is followed by what that command prints when
//! piped (each step with its reason). This program runs those commands
//! through the library and writes their output in place:
//!
//! ```sh
//! cargo run --example worked_traces            # every note with a block
//! cargo run --example worked_traces -- notes/scan_validate.md
//! ```
//!
//! To show another window of a search, edit the `$` lines of a block (the
//! arguments are `-a NAME`, `--from STEP`, `--max-steps N` and a puzzle of
//! 81 characters) and run it again. `cargo test -p sudoku37-tool --test checks figures::` runs
//! the same commands with the real binary and compares.

use std::path::{Path, PathBuf};

use sudoku37::approaches;
use sudoku37::sets;
use sudoku37::Puzzle;
use sudoku37_tool::compare::block;
use sudoku37_tool::trace;

const BLOCK_BEGIN: &str = "<!-- sudoku37 trace: begin -->";
const BLOCK_END: &str = "<!-- sudoku37 trace: end -->";
const COMMAND: &str = "$ sudoku37 trace";

/// One `$ sudoku37 trace` line, read.
struct Command {
    approach: &'static approaches::Approach,
    from: usize,
    max_steps: Option<usize>,
    puzzle: Puzzle,
}

fn parse(line: &str) -> Result<Command, String> {
    let mut words = line
        .strip_prefix(COMMAND)
        .ok_or_else(|| format!("not a {COMMAND} line: {line}"))?
        .split_whitespace();
    let mut command = Command {
        approach: approaches::find(approaches::TRACE_APPROACH).expect("registered"),
        from: 1,
        max_steps: None,
        puzzle: sets::leetcode_example()
            .puzzle()
            .map_err(|error| error.to_string())?,
    };
    let number = |word: Option<&str>| {
        word.and_then(|word| word.parse::<usize>().ok())
            .filter(|&number| number > 0)
            .ok_or_else(|| format!("a number expected in {line}"))
    };
    while let Some(word) = words.next() {
        match word {
            "-a" | "--approach" => {
                let name = words.next().unwrap_or_default();
                command.approach = approaches::find(name)
                    .ok_or_else(|| format!("no approach {name:?} in {line}"))?;
            }
            "--from" => command.from = number(words.next())?,
            "--max-steps" => command.max_steps = Some(number(words.next())?),
            puzzle => {
                command.puzzle = puzzle
                    .parse()
                    .map_err(|error| format!("{puzzle}: {error} (in {line})"))?;
            }
        }
    }
    Ok(command)
}

/// What the command prints when piped.
fn output(command: &Command) -> Result<String, String> {
    let recorded = trace::record(
        command.approach,
        &command.puzzle,
        trace::DEFAULT_LIMIT,
        None,
    );
    let start = (command.from - 1).min(recorded.events.len());
    let end = command.max_steps.map_or(recorded.events.len(), |most| {
        (start + most).min(recorded.events.len())
    });
    let mut text = Vec::new();
    trace::write_lines(&mut text, &recorded, start, end).map_err(|error| error.to_string())?;
    String::from_utf8(text).map_err(|error| error.to_string())
}

/// The block of `text` written again from its commands, in Chinese when
/// `chinese`.
fn block_of(text: &str, chinese: bool) -> Result<String, String> {
    let (from, to) = block::find(text, BLOCK_BEGIN, BLOCK_END)
        .ok_or_else(|| format!("no {BLOCK_BEGIN} … {BLOCK_END} block"))?;
    let commands: Vec<&str> = text[from..to]
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with(COMMAND))
        .collect();
    if commands.is_empty() {
        return Err(format!("its block has no {COMMAND} line"));
    }
    let mut written = String::from(BLOCK_BEGIN);
    written.push('\n');
    written.push_str(if chinese {
        "_下面每条命令（接管道时）的输出，由 `cargo run --example worked_traces` 写入；请勿手工修改。_\n"
    } else {
        "_What each command below prints (piped), written by `cargo run --example worked_traces`; do not edit by hand._\n"
    });
    written.push_str("```text\n");
    for line in commands {
        written.push_str(line);
        written.push('\n');
        written.push_str(&output(&parse(line)?)?);
    }
    written.push_str("```\n");
    written.push_str(BLOCK_END);
    Ok(written)
}

/// The notes (both languages) that hold a block.
fn notes_with_blocks() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for folder in ["notes", "notes/zh"] {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
            .filter(|path| {
                std::fs::read_to_string(path).is_ok_and(|text| text.contains(BLOCK_BEGIN))
            })
            .collect();
        paths.sort();
        found.extend(paths);
    }
    found
}

fn main() {
    let mut paths: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        paths = notes_with_blocks();
    }
    if paths.is_empty() {
        eprintln!("error: no note with a {BLOCK_BEGIN} block (run this from the checkout)");
        std::process::exit(2);
    }
    for path in &paths {
        let written = std::fs::read_to_string(path)
            .map_err(|error| error.to_string())
            .and_then(|text| block_of(&text, in_chinese(path)))
            .and_then(|written| {
                block::replace_in_file(path, BLOCK_BEGIN, BLOCK_END, &written)
                    .map_err(|error| error.to_string())
            });
        match written {
            Ok(()) => println!("wrote the worked trace of {}", path.display()),
            Err(error) => {
                eprintln!("error: {}: {error}", path.display());
                std::process::exit(2);
            }
        }
    }
}

fn in_chinese(path: &Path) -> bool {
    path.components().any(|part| part.as_os_str() == "zh")
}
