//! What the subcommands' flags accept, said once: a number of seconds, a
//! whole number in a range, a number of threads, an approach's name; each
//! refuses anything else with the range it wants.

use std::num::NonZeroUsize;
use std::time::Duration;

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;

use sudoku37::approaches::{self, Approach};
use sudoku37_tool::input::SetRequest;
use sudoku37_tool::judge;
use sudoku37_tool::judge::program::{self, CompileOptions, Sandbox};

/// The longest duration any flag takes, in seconds (about 11.6 days).
pub const MAX_SECONDS: f64 = 1e6;

/// Parses a positive number of seconds, at most [`MAX_SECONDS`], into a
/// [`Duration`].
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    seconds(text, MAX_SECONDS, false)
}

/// A value parser for a number of seconds (fractions allowed) up to
/// `maximum`, above 0, or from 0 when `zero_allowed`, whose error says that
/// range.
pub(crate) fn seconds_up_to(
    maximum: f64,
    zero_allowed: bool,
) -> impl Fn(&str) -> Result<Duration, String> + Clone + Send + Sync + 'static {
    move |text: &str| seconds(text, maximum, zero_allowed)
}

/// [`seconds_up_to`]'s parser: `text` as a number of seconds from 0 (or
/// above 0) to `maximum`.
fn seconds(text: &str, maximum: f64, zero_allowed: bool) -> Result<Duration, String> {
    // A large maximum reads better in exponent form: 1e6, not 1000000.
    let shown = if maximum >= 1e5 {
        format!("{maximum:e}")
    } else {
        maximum.to_string()
    };
    let (low, too_low) = if zero_allowed {
        ("at least 0", "is negative")
    } else {
        ("greater than 0", "is not positive")
    };
    let range = format!("a number of seconds {low} and at most {shown}");
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number: expected {range}"))?;
    // NaN fails both comparisons.
    let low_ok = if zero_allowed {
        seconds >= 0.0
    } else {
        seconds > 0.0
    };
    if !low_ok {
        return Err(format!("{text} {too_low}: expected {range}"));
    }
    if seconds > maximum {
        return Err(format!("{text} is too large: expected {range}"));
    }
    // No clock here keeps a shorter time, and a tinier one reads back as 0 s.
    if seconds > 0.0 && seconds < 1e-6 {
        let shortest = if zero_allowed {
            "0, or at least 0.000001"
        } else {
            "at least 0.000001"
        };
        return Err(format!(
            "{text} is under a microsecond, the shortest time kept here: expected {shortest} \
             and at most {shown}"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|error| format!("{text}: {error}"))
}

/// A value parser for a whole number from `min` to `max`, whose error says
/// that range for anything else: a negative number, a word, or a number
/// out of range. (clap's own ranged parser for unsigned numbers answers a
/// negative one with "invalid digit found in string".)
pub(crate) fn whole_number<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|value| (min..=max).contains(value))
            .and_then(|value| T::try_from(value).ok())
            .ok_or_else(|| format!("{text:?}: expected a whole number from {min} to {max}"))
    }
}

/// The most threads `--jobs` takes.
pub const MAX_JOBS: usize = 1024;

/// Parses `--jobs`: 1 to [`MAX_JOBS`].
pub fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|jobs| (1..=MAX_JOBS).contains(jobs))
        .and_then(NonZeroUsize::new)
        .ok_or_else(|| format!("{text:?}: expected a number of threads from 1 to {MAX_JOBS}"))
}

/// A value parser that returns the registry entry of a named approach.
pub(crate) fn approach_parser() -> impl TypedValueParser<Value = &'static Approach> {
    PossibleValuesParser::new(approaches::names())
        .try_map(|name| approaches::find(&name).ok_or_else(|| format!("unknown approach {name:?}")))
}

/// The puzzle sets a subcommand runs on: the one input door's options
/// (`compare` and `judge`), flattened into each.
#[derive(Debug, Clone, Args)]
pub struct SetArgs {
    /// A set by name: built in, a set of --data, or a public set found in
    /// ../shared/puzzles or $SUDOKU37_DATA; repeatable.
    #[arg(long = "set", value_name = "NAME")]
    pub sets: Vec<String>,
    /// A file of puzzles, one per line, each optionally followed by its
    /// solution (- for standard input); repeatable.
    #[arg(long = "file", value_name = "PATH")]
    pub files: Vec<String>,
    /// A folder of sets: every `NAME.txt` in it, and every file without an
    /// extension, as in tdoku's `data.zip` (for example ../shared/puzzles).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

impl SetArgs {
    /// The request for the input door, with `data` for the folder.
    pub fn request<'a>(&'a self, data: Option<&'a Path>) -> SetRequest<'a> {
        SetRequest {
            sets: &self.sets,
            files: &self.files,
            data,
        }
    }
}

/// How a learner's file is compiled and run (`judge` and `practice
/// check`): the edition, and the sandbox's limits.
#[derive(Debug, Clone, Args)]
pub struct CompileArgs {
    /// The Rust edition to compile it under.
    #[arg(long, default_value = "2021", value_parser = PossibleValuesParser::new(judge::EDITIONS))]
    pub edition: String,
    /// The memory the program may use, in MiB of address space (16 to
    /// 65536); past it an allocation fails: Memory Limit Exceeded.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_MIB,
          value_parser = whole_number::<u64>(16, 65536), allow_negative_numbers = true)]
    pub memory_limit: u64,
    /// Seconds the compiler may take (more than 0, at most 3600).
    #[arg(long, value_name = "SECONDS", default_value = "60",
          value_parser = seconds_up_to(3600.0, false), allow_negative_numbers = true)]
    pub compile_time_limit: Duration,
    /// The heap the compiler may use, in MiB (256 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_COMPILE_MEMORY_MIB,
          value_parser = whole_number::<u64>(256, 65536), allow_negative_numbers = true)]
    pub compile_memory_limit: u64,
    /// Run the program even where neither bubblewrap nor landlock can jail
    /// it: it keeps its limits, gets no terminal and starts no process, but
    /// can read and write what you can.
    #[arg(long)]
    pub weak_sandbox: bool,
}

const MIB: u64 = 1024 * 1024;
const DEFAULT_MEMORY_MIB: u64 = sudoku37_tool::runner::DEFAULT_MEMORY / MIB;
const DEFAULT_COMPILE_MEMORY_MIB: u64 = program::DEFAULT_COMPILE_MEMORY / MIB;

impl CompileArgs {
    /// The library's options: `$RUSTC` or `rustc`, colour on a terminal.
    pub fn options(&self) -> CompileOptions {
        CompileOptions {
            rustc: CompileOptions::rustc_from_env(),
            edition: self.edition.clone(),
            colour: colour(),
            sandbox: Sandbox {
                memory: self.memory_limit * MIB,
                compile_time: self.compile_time_limit,
                compile_memory: self.compile_memory_limit * MIB,
                weak: self.weak_sandbox,
            },
        }
    }
}

/// The language of a learner's messages and stubs (`--lang`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    /// The library's language.
    pub fn language(self) -> sudoku37_tool::practice::Language {
        match self {
            Lang::En => sudoku37_tool::practice::Language::English,
            Lang::Zh => sudoku37_tool::practice::Language::Chinese,
        }
    }
}

/// Whether to colour what goes to standard output: a terminal, and neither
/// `NO_COLOR` set nor `TERM=dumb`.
pub fn colour() -> bool {
    std::io::IsTerminal::is_terminal(&std::io::stdout())
        && std::env::var_os("NO_COLOR").map_or(true, |value| value.is_empty())
        && std::env::var_os("TERM").map_or(true, |term| term != "dumb")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_out_of_range_are_refused_with_their_range() {
        assert_eq!(seconds("0.5", 10.0, false), Ok(Duration::from_millis(500)));
        assert_eq!(seconds("0", 10.0, true), Ok(Duration::ZERO));
        for (text, zero_allowed) in [
            ("0", false),
            ("-1", true),
            ("11", true),
            ("NaN", true),
            ("inf", false),
            ("soon", false),
        ] {
            let error = seconds(text, 10.0, zero_allowed).expect_err(text);
            assert!(error.contains("and at most 10"), "{text}: {error}");
        }
        assert!(parse_seconds("0")
            .expect_err("zero")
            .contains("greater than 0 and at most 1e6"));
    }

    #[test]
    fn whole_numbers_out_of_range_are_refused_with_their_range() {
        let parse = whole_number::<u8>(17, 81);
        assert_eq!(parse("17"), Ok(17));
        for text in ["16", "82", "-3", "many", "1e3"] {
            let error = parse(text).expect_err(text);
            assert!(error.contains("from 17 to 81"), "{text}: {error}");
        }
    }
}
