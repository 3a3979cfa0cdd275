//! Reading the driver's replies: one line per input, `ok` with the time,
//! the trace counts and the payload, or `panic` with the message; and how a
//! program that gave no reply ended.

use std::time::Duration;

use super::driver::MARKER;
use sudoku37::board::Board;

/// What one puzzle gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// `solve_sudoku` returned; the board as it left it, the time the call
    /// took, and the calls of the trace hooks it made.
    Returned {
        board: Board,
        elapsed: Duration,
        trace: Traced,
    },
    /// `solve_sudoku` panicked: where and why, as Rust says it.
    Panicked { message: String },
    /// No answer within the time limit; the program was killed after
    /// `waited`, `queued` of which it spent waiting for a core.
    TimedOut { waited: Duration, queued: Duration },
    /// An allocation failed past the memory limit (`limit` bytes of address
    /// space); the end of its standard error.
    OutOfMemory { limit: u64, tail: String },
    /// The program printed more than `limit` bytes on one input, and was
    /// stopped.
    OutputLimit { limit: u64 },
    /// The program ended without answering (a stack overflow, an abort, a
    /// signal or `process::exit`), or answered what cannot be read: how
    /// (`was killed by signal 6 (SIGABRT) without answering`), and the end of
    /// what it wrote on `stream`.
    Died {
        status: String,
        stream: Stream,
        tail: String,
    },
}

/// How often the solution called the driver's trace hooks on one input.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traced {
    /// Calls of `trace_place`: the nodes.
    pub nodes: u64,
    /// Calls of `trace_undo`.
    pub undos: u64,
}

/// One of the program's output streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Output,
    Error,
}

impl Stream {
    /// Its name in a sentence: `standard output` or `standard error`.
    pub fn name(self) -> &'static str {
        match self {
            Stream::Output => "standard output",
            Stream::Error => "standard error",
        }
    }
}

pub fn describe_status(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => status.to_string(),
    }
}

/// One reply of the driver, whatever the entry: `ok` with the time, the trace
/// counts and the payload, or `panic` with the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DriverReply {
    Ok {
        elapsed: Duration,
        trace: Traced,
        payload: String,
    },
    Panicked {
        message: String,
    },
}

/// Reads one reply line of the driver (starting with [`MARKER`]); `None`
/// when it cannot be read.
pub fn parse_raw_reply(line: &str) -> Option<DriverReply> {
    let rest = line.strip_prefix(MARKER).unwrap_or(line).trim_start();
    let (kind, rest) = rest.split_once(' ')?;
    let (nanos, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let elapsed = Duration::from_nanos(nanos.parse::<u64>().ok()?);
    match kind {
        "ok" => {
            let mut fields = rest.splitn(3, ' ');
            let nodes = fields.next()?.parse().ok()?;
            let undos = fields.next()?.parse().ok()?;
            Some(DriverReply::Ok {
                elapsed,
                trace: Traced { nodes, undos },
                payload: fields.next().unwrap_or("").to_string(),
            })
        }
        "panic" => Some(DriverReply::Panicked {
            message: unescape(rest),
        }),
        _ => None,
    }
}

/// Reads one reply line of `solve_sudoku`'s driver (starting with
/// [`MARKER`]).
pub fn parse_reply(line: &str) -> Outcome {
    let malformed = || Outcome::Died {
        status: "gave an answer the judge cannot read".to_string(),
        stream: Stream::Output,
        tail: line.to_string(),
    };
    match parse_raw_reply(line) {
        Some(DriverReply::Ok {
            elapsed,
            trace,
            payload,
        }) => match decode_board(&payload) {
            Some(board) => Outcome::Returned {
                board,
                elapsed,
                trace,
            },
            None => malformed(),
        },
        Some(DriverReply::Panicked { message }) => Outcome::Panicked { message },
        None => malformed(),
    }
}

/// Reads the driver's encoding of a board (see the module's documentation).
pub fn decode_board(text: &str) -> Option<Board> {
    let text = text.trim();
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split('/')
        .map(|row| {
            if row.is_empty() {
                return Some(Vec::new());
            }
            row.split(',')
                .map(|code| code.parse::<u32>().ok().and_then(char::from_u32))
                .collect()
        })
        .collect()
}

/// Undoes the driver's `escape`: `\\`, `\n` and `\r`.
fn unescape(text: &str) -> String {
    let mut result = String::with_capacity(text.len());
    let mut characters = text.chars();
    while let Some(character) = characters.next() {
        if character != '\\' {
            result.push(character);
            continue;
        }
        match characters.next() {
            Some('n') => result.push('\n'),
            Some('r') => result.push('\r'),
            Some(other) => result.push(other),
            None => result.push('\\'),
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use sudoku37::sets::leetcode_example;

    #[test]
    fn replies_are_read_back() {
        let board = leetcode_example().board();
        let encoded: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&c| (c as u32).to_string()).collect();
                cells.join(",")
            })
            .collect();
        let line = format!("{MARKER} ok 1500 42 7 {}", encoded.join("/"));
        assert_eq!(
            parse_reply(&line),
            Outcome::Returned {
                board,
                elapsed: Duration::from_nanos(1500),
                trace: Traced {
                    nodes: 42,
                    undos: 7
                }
            }
        );
        assert_eq!(
            parse_reply(&format!(
                "{MARKER} panic 7 panicked at a.rs:1:2: two\\nlines \\\\n"
            )),
            Outcome::Panicked {
                message: "panicked at a.rs:1:2: two\nlines \\n".to_string()
            }
        );
        assert_eq!(
            parse_reply(&format!("{MARKER} ok 3 0 0 ")),
            Outcome::Returned {
                board: Vec::new(),
                elapsed: Duration::from_nanos(3),
                trace: Traced::default()
            }
        );
        assert!(matches!(
            parse_reply(&format!("{MARKER} ok x 1 0 0")),
            Outcome::Died { .. }
        ));
    }
}
