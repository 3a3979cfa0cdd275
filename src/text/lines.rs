//! The byte stream cut into lines: at `\n`, `\r\n` or a lone `\r`, one
//! line's bytes kept at a time, however long the line, so that memory does
//! not grow with the input.

use std::io::{self, BufRead};

/// The longest line kept, in bytes; a longer one is a malformed record, and
/// its bytes past this are dropped as they are read.
pub const MAX_LINE: usize = 64 * 1024;

/// How a raw line came out of the byte stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum LineKind {
    Text,
    NotUtf8,
    TooLong,
    Unreadable(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Line {
    pub(super) number: usize,
    pub(super) kind: LineKind,
}

/// Splits a byte stream into lines at `\n`, `\r\n` or a lone `\r`, keeping
/// one line's bytes at a time.
pub(super) struct Lines<R> {
    reader: R,
    bytes: Vec<u8>,
    number: usize,
    last: Option<Line>,
    /// The previous line ended at `\r`: a `\n` right after it belongs to it.
    after_cr: bool,
    finished: bool,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            bytes: Vec::new(),
            number: 0,
            last: None,
            after_cr: false,
            finished: false,
        }
    }

    /// The text of the current line (empty unless it is valid UTF-8).
    pub(super) fn text(&self) -> &str {
        match self.last {
            Some(Line {
                kind: LineKind::Text,
                ..
            }) => std::str::from_utf8(&self.bytes).unwrap_or(""),
            _ => "",
        }
    }

    pub(super) fn current(&self) -> Line {
        self.last.clone().unwrap_or(Line {
            number: self.number,
            kind: LineKind::Text,
        })
    }

    pub(super) fn next(&mut self) -> Option<Line> {
        if self.finished {
            return None;
        }
        self.bytes.clear();
        let mut too_long = false;
        let mut seen_any = false;
        // The line's first byte that is not white space, over all its bytes,
        // kept ones and dropped ones: a long blank or `#` line is skipped.
        let mut leading: Option<u8> = None;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.finished = true;
                    self.number += 1;
                    let line = Line {
                        number: self.number,
                        kind: LineKind::Unreadable(error.to_string()),
                    };
                    self.last = Some(line.clone());
                    return Some(line);
                }
            };
            if available.is_empty() {
                self.finished = true;
                if !seen_any {
                    return None;
                }
                break;
            }
            if self.after_cr {
                self.after_cr = false;
                if available[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            seen_any = true;
            let end = memchr::memchr2(b'\n', b'\r', available);
            let taken = end.unwrap_or(available.len());
            if leading.is_none() {
                leading = available[..taken]
                    .iter()
                    .copied()
                    .find(|byte| !byte.is_ascii_whitespace());
            }
            let room = MAX_LINE.saturating_sub(self.bytes.len());
            if taken > room {
                too_long = true;
            }
            self.bytes.extend_from_slice(&available[..taken.min(room)]);
            match end {
                Some(at) => {
                    self.after_cr = available[at] == b'\r';
                    self.reader.consume(at + 1);
                    break;
                }
                None => {
                    let length = available.len();
                    self.reader.consume(length);
                }
            }
        }
        self.number += 1;
        if self.number == 1 && self.bytes.starts_with(b"\xEF\xBB\xBF") {
            self.bytes.drain(..3);
        }
        if too_long {
            // Too long to keep, but a blank or comment line all the same.
            match leading {
                None => {
                    self.bytes.clear();
                    too_long = false;
                }
                Some(b'#') => {
                    self.bytes.clear();
                    self.bytes.push(b'#');
                    too_long = false;
                }
                Some(_) => {}
            }
        }
        let kind = if too_long {
            LineKind::TooLong
        } else if std::str::from_utf8(&self.bytes).is_err() {
            LineKind::NotUtf8
        } else {
            LineKind::Text
        };
        let line = Line {
            number: self.number,
            kind,
        };
        self.last = Some(line.clone());
        Some(line)
    }
}
