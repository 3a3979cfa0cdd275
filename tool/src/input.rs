//! The one door for input: how every subcommand turns its PUZZLE or INPUT
//! argument, and its `--set`, `--file` and `--data` options, into records.
//!
//! **The PUZZLE argument rule** (solve, show, rate, explain, trace, and
//! judge's and compare's `--file`):
//! * `-` means standard input;
//! * a path that names anything readable (a file, a FIFO, `<(…)`,
//!   `/dev/stdin`) is read, record by record, as it arrives;
//! * anything else is puzzle text. When it is neither a readable path nor a
//!   puzzle, the message says both.
//! * Where the argument may be left out (show, explain), its absence means
//!   standard input when that is not a terminal (a pipe, a file), and
//!   LeetCode's example when it is one, so that nothing waits for typing
//!   ([`open_or_example`]); `trace` always takes the example.
//!
//! **Sets** (compare and judge): `--set NAME` is a built-in set, a set of
//! `--data`, or a public set found by name in `../shared/puzzles` or
//! `$SUDOKU37_DATA`; `--file PATH` follows the PUZZLE rule; `--data DIR`
//! reads every `NAME.txt` and extension-less file in DIR that is a regular
//! file (anything else, such as a FIFO or a folder, is skipped with a note and
//! never opened). A set named twice is read once. A `--file` whose set name
//! is another set's (`my/leetcode_example.txt`) is named by its path; two
//! files of `--data` with one set name (`bar` and `bar.txt`) are a problem
//! said, never one dropped in silence.
//!
//! Nothing here prints: what is worth a word comes back to the caller
//! ([`ChosenSets::notes`], [`Source::interactive`]).
//!
//! Everything is streamed: a reader keeps one line (at most
//! [`sudoku37::text::MAX_LINE`] bytes) at a time, so endless input is read in
//! bounded memory, and a subcommand that needs one puzzle starts on the first.

use std::fs::File;
use std::io::{self, BufReader, Cursor, IsTerminal, Read};
use std::path::{Path, PathBuf};

use thiserror::Error;

use sudoku37::sets::{self, PuzzleSet};
use sudoku37::text::{self, ParseError, Parsed, Records};

/// Why an input cannot be read.
#[derive(Debug, Error)]
pub enum InputError {
    /// A path that exists but cannot be opened or read.
    #[error("cannot read {path}: {source}")]
    Unreadable {
        path: String,
        #[source]
        source: io::Error,
    },
    /// A folder named where a file of puzzles was expected.
    #[error("cannot read {path}: it is a folder")]
    Folder { path: String },
    /// A PUZZLE argument that is neither a readable path nor puzzle text:
    /// the message says both.
    #[error("{unreadable}; and it is no puzzle either: {why}")]
    NeitherPathNorPuzzle {
        unreadable: Box<InputError>,
        why: NotPuzzleText,
    },
    /// The `--data` folder cannot be listed.
    #[error("cannot read the data folder {path}: {source}")]
    DataFolder {
        path: String,
        #[source]
        source: io::Error,
    },
    /// A `--set` name that is neither built in nor found as a public set.
    #[error(
        "unknown set {name:?}; known sets: {known} (public sets are also found by name in \
         --data, ../shared/puzzles or ${env})",
        env = sudoku37::sets::DATA_ENV
    )]
    UnknownSet { name: String, known: String },
    /// An input with no record at all.
    #[error("no puzzle in {input}")]
    NoPuzzle { input: String },
    /// The one record read from an input is malformed.
    #[error("{input}, line {line}: {source}")]
    BadRecord {
        input: String,
        line: usize,
        #[source]
        source: ParseError,
    },
}

/// Why an argument is not puzzle text.
#[derive(Debug, Error)]
pub enum NotPuzzleText {
    #[error("it holds no puzzle")]
    Empty,
    #[error("line {line}: {source}")]
    BadRecord {
        line: usize,
        #[source]
        source: ParseError,
    },
}

/// An opened PUZZLE argument: where the records come from.
pub struct Source {
    /// How messages name it: `standard input`, the path, or `the argument`.
    pub name: String,
    /// The name of the set it holds, when read as a set: `stdin`, the file's
    /// name without its extension, or `argument`.
    pub set_name: String,
    pub reader: Box<dyn Read + Send>,
    /// Standard input from a terminal: someone may be waiting to be told
    /// to type.
    pub interactive: bool,
}

impl Source {
    /// The records of this source, streamed; a line that runs past
    /// [`MAX_RUN`] bytes without ending ends the reading (a last record that
    /// says so).
    pub fn records(self) -> Records<BufReader<Box<dyn Read + Send>>> {
        Records::new(BufReader::with_capacity(64 * 1024, self.reader))
    }
}

/// The longest run of bytes without a line end that is read: a line far
/// longer than any record (`/dev/zero`, a binary file) ends the reading
/// there.
pub const MAX_RUN: u64 = 1024 * 1024;

/// The most bytes of one set file (`--file`, `--data`) read: the largest
/// public set is about 60 MiB.
pub const MAX_SET_BYTES: u64 = 512 * 1024 * 1024;

/// The most lines that are no puzzle one set file may have before its
/// reading stops (a binary file, `/dev/urandom`).
pub const MAX_BAD_LINES: usize = 1000;

/// `reader`, failing once it reads a line longer than [`MAX_RUN`] bytes.
fn bounded(reader: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
    Box::new(Bounded {
        inner: reader,
        run: 0,
        total: 0,
        most: None,
    })
}

/// A reader that fails once it has read a run of [`MAX_RUN`] bytes without
/// a line end, or more than `most` bytes in all.
struct Bounded {
    inner: Box<dyn Read + Send>,
    run: u64,
    total: u64,
    most: Option<u64>,
}

impl Read for Bounded {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.run > MAX_RUN {
            return Err(io::Error::other(format!(
                "a line runs past {} without ending: this is no file of puzzles, so reading stopped there",
                crate::files::format_size(MAX_RUN)
            )));
        }
        if let Some(most) = self.most.filter(|&most| self.total > most) {
            return Err(io::Error::other(format!(
                "it is longer than {}, so reading stopped there",
                crate::files::format_size(most)
            )));
        }
        let count = self.inner.read(buffer)?;
        let read = &buffer[..count];
        self.total += count as u64;
        match read
            .iter()
            .rposition(|&byte| byte == b'\n' || byte == b'\r')
        {
            Some(at) => self.run = (count - at - 1) as u64,
            None => self.run += count as u64,
        }
        Ok(count)
    }
}

/// Opens a PUZZLE or INPUT argument by the rule in the module docs.
pub fn open(argument: &str) -> Result<Source, InputError> {
    if argument == "-" {
        return Ok(Source {
            name: "standard input".to_string(),
            set_name: "stdin".to_string(),
            reader: bounded(Box::new(io::stdin())),
            interactive: io::stdin().is_terminal(),
        });
    }
    let path = Path::new(argument);
    let not_readable = match std::fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => InputError::Folder {
            path: argument.to_string(),
        },
        Ok(_) => match File::open(path) {
            Ok(file) => {
                return Ok(Source {
                    name: argument.to_string(),
                    set_name: path.file_stem().map_or_else(
                        || argument.to_string(),
                        |stem| stem.to_string_lossy().into_owned(),
                    ),
                    reader: bounded(Box::new(file)),
                    interactive: false,
                })
            }
            Err(source) => InputError::Unreadable {
                path: argument.to_string(),
                source,
            },
        },
        Err(source) => InputError::Unreadable {
            path: argument.to_string(),
            source,
        },
    };
    match puzzle_text(argument) {
        Ok(()) => Ok(Source {
            name: "the argument".to_string(),
            set_name: "argument".to_string(),
            reader: Box::new(Cursor::new(argument.as_bytes().to_vec())),
            interactive: false,
        }),
        // A folder is never meant as a puzzle.
        Err(_) if path.is_dir() => Err(not_readable),
        Err(why) => Err(InputError::NeitherPathNorPuzzle {
            unreadable: Box::new(not_readable),
            why,
        }),
    }
}

/// What a PUZZLE argument that may be left out names: the argument, as
/// [`open`] reads it; without one, standard input when it is not a terminal,
/// and LeetCode's example when it is.
pub fn open_or_example(argument: Option<&str>) -> Result<Source, InputError> {
    open_or_example_at(argument, io::stdin().is_terminal())
}

/// [`open_or_example`], told whether standard input is a terminal.
fn open_or_example_at(argument: Option<&str>, terminal: bool) -> Result<Source, InputError> {
    match argument {
        Some(argument) => open(argument),
        None if !terminal => open("-"),
        None => Ok(Source {
            name: "LeetCode's example".to_string(),
            set_name: sets::LEETCODE_EXAMPLE.to_string(),
            reader: Box::new(Cursor::new(
                sudoku37::board::to_line(&sets::leetcode_example().board()).into_bytes(),
            )),
            interactive: false,
        }),
    }
}

/// Whether `text` is puzzle text: at least one record, and every record a
/// board.
fn puzzle_text(text: &str) -> Result<(), NotPuzzleText> {
    let mut any = false;
    for record in text::records(text.as_bytes()) {
        any = true;
        if let Err(source) = record.parsed {
            return Err(NotPuzzleText::BadRecord {
                line: record.line,
                source,
            });
        }
    }
    if any {
        Ok(())
    } else {
        Err(NotPuzzleText::Empty)
    }
}

/// The first record of a PUZZLE argument, read as soon as it arrives (the
/// rest is not read): its line number and board, or why not.
pub fn first_puzzle(argument: &str) -> Result<(usize, Parsed), InputError> {
    first_puzzle_of(open(argument)?)
}

/// [`first_puzzle`] of an opened source.
pub fn first_puzzle_of(source: Source) -> Result<(usize, Parsed), InputError> {
    let input = source.name.clone();
    let first = source
        .records()
        .next()
        .ok_or_else(|| InputError::NoPuzzle {
            input: input.clone(),
        })?;
    first
        .parsed
        .map(|parsed| (first.line, parsed))
        .map_err(|source| InputError::BadRecord {
            input,
            line: first.line,
            source,
        })
}

/// What a subcommand asked for with `--set`, `--file` and `--data`.
pub struct SetRequest<'a> {
    pub sets: &'a [String],
    pub files: &'a [String],
    pub data: Option<&'a Path>,
}

/// What to do when no `--set` and no `--file` is given.
pub enum Defaults<'a> {
    /// These built-in sets, then every set of `--data`.
    BuiltinThenData(&'a [&'a str]),
    /// These built-in sets without `--data`; with it, only its sets.
    BuiltinOrData(&'a [&'a str]),
}

/// The chosen sets, in order, and how reading them went.
pub struct ChosenSets {
    pub sets: Vec<PuzzleSet>,
    /// What was skipped, one message each: a malformed record
    /// (`FILE, line N: why`) or an unreadable file of `--data`. The caller
    /// says them, each as one `error:` line.
    pub problems: Vec<String>,
    /// What is worth a word but skips nothing the user asked for: a file of
    /// `--data` that is not a regular file, and was never opened.
    pub notes: Vec<String>,
}

/// Reads the sets of a request. Bad records and unreadable files of `--data`
/// are skipped and listed in [`ChosenSets::problems`]; an unknown set name,
/// an unreadable `--file` or `--data` folder is an error.
pub fn choose_sets(
    request: &SetRequest<'_>,
    defaults: Defaults<'_>,
) -> Result<ChosenSets, InputError> {
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let data = request.data.filter(|dir| !dir.as_os_str().is_empty());
    let mut available = sets::builtin_sets();
    let mut data_names = Vec::new();
    if let Some(dir) = data {
        for set in read_data_dir(dir, &mut problems, &mut notes)? {
            data_names.push(set.name.clone());
            available.push(set);
        }
    }
    let mut names: Vec<String> = if !request.sets.is_empty() {
        request.sets.to_vec()
    } else if !request.files.is_empty() {
        Vec::new()
    } else {
        match defaults {
            Defaults::BuiltinThenData(builtin) => builtin
                .iter()
                .map(|name| name.to_string())
                .chain(data_names)
                .collect(),
            Defaults::BuiltinOrData(builtin) if data.is_none() => {
                builtin.iter().map(|name| name.to_string()).collect()
            }
            Defaults::BuiltinOrData(_) => data_names,
        }
    };
    let mut seen = Vec::new();
    names.retain(|name| {
        let first = !seen.contains(name);
        seen.push(name.clone());
        first
    });
    let mut chosen = Vec::new();
    for name in &names {
        match available.iter().find(|set| &set.name == name) {
            Some(set) => chosen.push(set.clone()),
            None => chosen.push(public_set(name, &available, &mut problems)?),
        }
    }
    for file in request.files {
        let mut set = read_set_file(file, &mut problems)?;
        // A file is never taken for a set of the same name: it is named by
        // its path instead (`my/leetcode_example.txt`).
        if available
            .iter()
            .chain(&chosen)
            .any(|other| other.name == set.name)
        {
            set.name = file.clone();
        }
        chosen.push(set);
    }
    Ok(ChosenSets {
        sets: chosen,
        problems,
        notes,
    })
}

/// One set by name, found as `--set NAME` finds it: a built-in set, or a
/// public one in the data folder. Its malformed records are skipped and
/// returned beside it, one message each.
pub fn named_set(name: &str) -> Result<(PuzzleSet, Vec<String>), InputError> {
    let mut problems = Vec::new();
    let builtin = sets::builtin_sets();
    let set = match builtin.iter().find(|set| set.name == name) {
        Some(set) => set.clone(),
        None => public_set(name, &builtin, &mut problems)?,
    };
    Ok((set, problems))
}

/// A set by name from the folder of public sets (`NAME.txt` or `NAME`).
fn public_set(
    name: &str,
    known: &[PuzzleSet],
    problems: &mut Vec<String>,
) -> Result<PuzzleSet, InputError> {
    if let Some(folder) = sets::shared_data_dir() {
        for file in [folder.join(format!("{name}.txt")), folder.join(name)] {
            if file.is_file() {
                return read_set_file(&file.to_string_lossy(), problems);
            }
        }
    }
    let names: Vec<&str> = known.iter().map(|set| set.name.as_str()).collect();
    Err(InputError::UnknownSet {
        name: name.to_string(),
        known: names.join(", "),
    })
}

/// Whether a file in a data folder is a puzzle set by its name: `NAME.txt`,
/// or a file without an extension as tdoku's `data.zip` holds them (not a
/// hidden one).
fn is_set_name(path: &Path) -> bool {
    let hidden = path
        .file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with('.'));
    match path.extension() {
        Some(extension) => extension == "txt" && !hidden,
        None => !hidden,
    }
}

/// Every set of a data folder, in name order. Only regular files are read:
/// anything else is skipped with a note, and never opened.
fn read_data_dir(
    dir: &Path,
    problems: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Vec<PuzzleSet>, InputError> {
    let entries = std::fs::read_dir(dir).map_err(|source| InputError::DataFolder {
        path: dir.display().to_string(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| is_set_name(path))
        .collect();
    files.sort();
    let mut found = Vec::new();
    for path in files {
        match std::fs::metadata(&path) {
            Ok(metadata) if metadata.is_file() => {}
            Ok(_) => {
                notes.push(format!("skipping {}: not a regular file", path.display()));
                continue;
            }
            Err(error) => {
                problems.push(format!(
                    "cannot read {}: {error}; skipping it",
                    path.display()
                ));
                continue;
            }
        }
        // One unreadable file is reported and skipped; the rest are read.
        match read_set_file(&path.to_string_lossy(), problems) {
            // `bar` and `bar.txt` would both be set `bar`: the second is
            // said, not dropped in silence.
            Ok(set) => match found
                .iter()
                .find(|other: &&PuzzleSet| other.name == set.name)
            {
                Some(_) => problems.push(format!(
                    "skipping {}: its set name {} is taken by another file of {}; rename one",
                    path.display(),
                    set.name,
                    dir.display()
                )),
                None => found.push(set),
            },
            Err(message) => problems.push(format!("{message}; skipping it")),
        }
    }
    Ok(found)
}

/// Reads a set by the PUZZLE rule (a file, `-`, or puzzle text); each bad
/// record is skipped and listed in `problems` with its line number.
pub fn read_set_file(argument: &str, problems: &mut Vec<String>) -> Result<PuzzleSet, InputError> {
    let Source {
        name,
        set_name,
        reader,
        ..
    } = open(argument)?;
    let bounded: Box<dyn Read + Send> = Box::new(Bounded {
        inner: reader,
        run: 0,
        total: 0,
        most: Some(MAX_SET_BYTES),
    });
    let mut puzzles = Vec::new();
    let mut bad = 0;
    for record in Records::new(BufReader::with_capacity(64 * 1024, bounded)) {
        match record.parsed {
            Ok(parsed) => puzzles.push(sets::SetEntry {
                line: record.line,
                cells: parsed.cells,
                solution: parsed.solution,
            }),
            Err(problem) => {
                bad += 1;
                problems.push(format!("{name}: line {}: {problem}", record.line));
                if bad >= MAX_BAD_LINES {
                    problems.push(format!(
                        "{name}: reading stopped after {MAX_BAD_LINES} lines that are no puzzle"
                    ));
                    break;
                }
            }
        }
    }
    Ok(PuzzleSet {
        name: set_name,
        puzzles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_line(source: Source) -> String {
        let mut text = String::new();
        source
            .records()
            .next()
            .map(|record| {
                record
                    .parsed
                    .map(|parsed| text = sudoku37::grid::line_of(&parsed.cells))
            })
            .expect("a record")
            .expect("a board");
        text
    }

    #[test]
    fn a_set_by_name_is_a_built_in_one_or_an_error_naming_the_known_ones() {
        let (set, skipped) = named_set("graded_easy").expect("built in");
        assert_eq!(set.name, "graded_easy");
        assert!(!set.puzzles.is_empty());
        assert!(skipped.is_empty());
        let error = named_set("no_such_set").expect_err("not a set");
        assert!(error.to_string().contains("leetcode_example"), "{error}");
    }

    #[test]
    fn a_puzzle_left_out_at_a_terminal_is_leetcode_s_example() {
        let source = open_or_example_at(None, true).expect("the example");
        assert!(!source.interactive, "nothing waits for typing");
        assert_eq!(source.name, "LeetCode's example");
        assert_eq!(
            first_line(source),
            sudoku37::board::to_line(&sets::leetcode_example().board())
        );
    }

    #[test]
    fn a_puzzle_left_out_elsewhere_is_read_from_standard_input() {
        let source = open_or_example_at(None, false).expect("standard input");
        assert_eq!(source.name, "standard input");
        let given = open_or_example_at(Some("."), true);
        assert!(
            given.is_err(),
            "an argument is read as given, even at a terminal"
        );
    }
}
