//! A running program's three streams, read by one thread: its standard
//! output and error (the solution's own prints, counted, their first lines
//! and the end of its standard error kept for the report) and the driver's
//! channel (the replies, each after the run's secret). When a reply
//! arrives, whatever the program printed before it is already in its pipes:
//! it is read first, so that each input's prints are its own, with no
//! marker in the streams and no waiting for one.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What a program may print on one input, standard output and standard
/// error together, before it is stopped: Output Limit Exceeded. A reply
/// longer than this is the same verdict.
pub const OUTPUT_LIMIT: u64 = 16 * 1024 * 1024;

/// What a solution printed itself while it worked on one input: the first
/// lines of its standard output and of its standard error (each cut at
/// [`LINE_SHOWN`] characters), and how many bytes it printed in all on both.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
    pub bytes: u64,
}

/// How many lines of each stream [`Printed`] keeps.
pub const PRINTED_LINES: usize = 10;

/// How much of the program's standard error on one input is kept: its
/// first and its last this many bytes.
const STDERR_KEPT: usize = 16 * 1024;

/// The longest printed line kept to show; a longer one is cut there.
pub const LINE_SHOWN: usize = 400;

/// The most of a recorded search kept: 200,000 events of at most 16 bytes.
const MAX_EVENTS_BYTES: usize = 4 * 1024 * 1024;

/// What the program's reader tells the judge.
pub(super) enum ReaderEvent {
    /// The driver is ready for its first input.
    Ready,
    /// The driver's answer to a ping, and when it arrived.
    Pong(Instant),
    /// A reply (after the secret: `ok ...` or `panic ...`), when it had
    /// arrived, and what the solution printed on this input.
    Reply(String, Instant, Heard),
    /// The program printed (or answered) more than [`OUTPUT_LIMIT`] on this
    /// input.
    TooMuchOutput,
}

/// What the program said on one input, as the reader kept it.
#[derive(Debug, Default)]
pub(super) struct Heard {
    pub(super) stdout: Vec<String>,
    /// The line of standard output being printed (its first bytes), and
    /// its length so far.
    pub(super) stdout_line: Vec<u8>,
    pub(super) stdout_line_bytes: usize,
    pub(super) stderr_head: Vec<u8>,
    pub(super) stderr_tail: Vec<u8>,
    pub(super) bytes: u64,
    pub(super) over: bool,
    pub(super) events: String,
}

impl Heard {
    pub(super) fn printed(&self) -> Printed {
        let mut stdout = self.stdout.clone();
        if !self.stdout_line.is_empty() && stdout.len() < PRINTED_LINES {
            stdout.push(shown_line(&self.stdout_line, self.stdout_line_bytes));
        }
        let stderr = String::from_utf8_lossy(&self.stderr_head)
            .lines()
            .filter(|line| !line.trim().is_empty())
            .take(PRINTED_LINES)
            .map(|line| shown_line(line.as_bytes(), line.len()))
            .collect();
        Printed {
            stdout,
            stderr,
            bytes: self.bytes,
        }
    }

    /// The end of its standard error, as text.
    pub(super) fn tail(&self) -> String {
        let kept = if self.stderr_tail.is_empty() {
            &self.stderr_head
        } else {
            &self.stderr_tail
        };
        String::from_utf8_lossy(kept).into_owned()
    }
}

/// A printed line as it is kept: cut at [`LINE_SHOWN`] characters, with the
/// size of the whole (`length` bytes) said.
fn shown_line(bytes: &[u8], length: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_end();
    if text.chars().count() <= LINE_SHOWN && length <= bytes.len() {
        return text.to_string();
    }
    let cut: String = text.chars().take(LINE_SHOWN).collect();
    format!("{cut}... (cut: a line of {length} bytes)")
}

/// Reads the program's three streams: its standard output and error (the
/// solution's own prints, counted and kept in part) and the driver's
/// channel (the replies, told by the secret).
pub(super) struct Reader {
    /// The secret and a space: how every line of the driver's starts.
    pub(super) secret: String,
    pub(super) heard: Arc<Mutex<Heard>>,
    pub(super) sender: Sender<ReaderEvent>,
}

/// Which stream a descriptor is.
const STDOUT: usize = 0;
const STDERR: usize = 1;
const CHANNEL: usize = 2;

impl Reader {
    pub(super) fn read(&self, streams: [OwnedFd; 3]) {
        let mut open = [true; 3];
        let mut line = Vec::new();
        let mut line_over = false;
        let mut buffer = vec![0u8; 64 * 1024];
        let mut spare = vec![0u8; 64 * 1024];
        for stream in &streams {
            // SAFETY: fcntl on a descriptor this thread owns.
            unsafe {
                let flags = libc::fcntl(stream.as_raw_fd(), libc::F_GETFL);
                libc::fcntl(stream.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
        }
        while open.iter().any(|&is_open| is_open) {
            let mut polled: Vec<libc::pollfd> = streams
                .iter()
                .zip(open)
                .map(|(stream, is_open)| libc::pollfd {
                    fd: if is_open { stream.as_raw_fd() } else { -1 },
                    events: libc::POLLIN,
                    revents: 0,
                })
                .collect();
            // SAFETY: poll reads and writes the array it is given.
            let ready =
                unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, -1) };
            if ready < 0 {
                if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return;
            }
            for index in [STDOUT, STDERR] {
                if polled[index].revents != 0 {
                    open[index] = self.drain(&streams[index], index, &mut buffer);
                }
            }
            if polled[CHANNEL].revents == 0 {
                continue;
            }
            loop {
                let count = read_some(&streams[CHANNEL], &mut buffer);
                let Some(count) = count else {
                    break;
                };
                if count == 0 {
                    open[CHANNEL] = false;
                    // No more replies: the judge learns it when the sender
                    // goes; the prints are still read to their end.
                    break;
                }
                let mut rest = &buffer[..count];
                while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
                    if !line_over {
                        line.extend_from_slice(&rest[..end]);
                    }
                    let at = Instant::now();
                    // What the program printed before its reply is in its
                    // pipes by now: read it, so that it counts for this
                    // input.
                    for index in [STDOUT, STDERR] {
                        if open[index] {
                            open[index] = self.drain(&streams[index], index, &mut spare);
                        }
                    }
                    let over = std::mem::replace(&mut line_over, false);
                    let text = String::from_utf8_lossy(&line).into_owned();
                    line.clear();
                    rest = &rest[end + 1..];
                    if over {
                        if text.starts_with(&self.secret) {
                            let _ = self.sender.send(ReaderEvent::TooMuchOutput);
                        }
                        continue;
                    }
                    if self.heard_line(&text, at).is_err() {
                        return;
                    }
                }
                if !line_over {
                    line.extend_from_slice(rest);
                    if line.len() as u64 > OUTPUT_LIMIT {
                        line.clear();
                        line_over = true;
                    }
                }
            }
        }
    }

    /// One whole line of the channel: a reply, a piece of the search, or
    /// the driver's word that it is ready; a line without the secret is
    /// not the driver's, and is left.
    fn heard_line(&self, text: &str, at: Instant) -> Result<(), ()> {
        let Some(said) = text.strip_prefix(&self.secret) else {
            return Ok(());
        };
        if said == "ready" {
            return self.sender.send(ReaderEvent::Ready).map_err(|_| ());
        }
        if said == "pong" {
            return self.sender.send(ReaderEvent::Pong(at)).map_err(|_| ());
        }
        if let Some(chunk) = said.strip_prefix("events ") {
            if let Ok(mut heard) = self.heard.lock() {
                if heard.events.len() + chunk.len() <= MAX_EVENTS_BYTES {
                    heard.events.push_str(chunk);
                }
            }
            return Ok(());
        }
        let heard = match self.heard.lock() {
            Ok(mut heard) => std::mem::take(&mut *heard),
            Err(_) => Heard::default(),
        };
        self.sender
            .send(ReaderEvent::Reply(said.to_string(), at, heard))
            .map_err(|_| ())
    }

    /// Reads what `stream` holds now; false once it has ended.
    fn drain(&self, stream: &OwnedFd, index: usize, buffer: &mut [u8]) -> bool {
        loop {
            match read_some(stream, buffer) {
                None => return true,
                Some(0) => return false,
                Some(count) => self.printed(index, &buffer[..count]),
            }
        }
    }

    /// Counts and keeps what the solution printed on `index`.
    fn printed(&self, index: usize, bytes: &[u8]) {
        let Ok(mut heard) = self.heard.lock() else {
            return;
        };
        heard.bytes += bytes.len() as u64;
        if heard.bytes > OUTPUT_LIMIT && !heard.over {
            heard.over = true;
            let _ = self.sender.send(ReaderEvent::TooMuchOutput);
        }
        if index == STDOUT {
            for piece in bytes.split_inclusive(|&byte| byte == b'\n') {
                if heard.stdout.len() >= PRINTED_LINES {
                    break;
                }
                let room = (LINE_SHOWN * 4).saturating_sub(heard.stdout_line.len());
                heard
                    .stdout_line
                    .extend_from_slice(&piece[..piece.len().min(room)]);
                heard.stdout_line_bytes += piece.len();
                if piece.ends_with(b"\n") {
                    let line = std::mem::take(&mut heard.stdout_line);
                    let length = std::mem::take(&mut heard.stdout_line_bytes);
                    if !String::from_utf8_lossy(&line).trim().is_empty() {
                        let shown = shown_line(&line, length);
                        heard.stdout.push(shown);
                    }
                }
            }
        } else {
            let room = STDERR_KEPT.saturating_sub(heard.stderr_head.len());
            let (head, tail) = bytes.split_at(bytes.len().min(room));
            heard.stderr_head.extend_from_slice(head);
            heard.stderr_tail.extend_from_slice(tail);
            if heard.stderr_tail.len() > 2 * STDERR_KEPT {
                let excess = heard.stderr_tail.len() - STDERR_KEPT;
                heard.stderr_tail.drain(..excess);
            }
        }
    }
}

/// One non-blocking read: `None` when nothing is there now (or it failed
/// otherwise than by its end), `Some(0)` at its end.
fn read_some(stream: &OwnedFd, buffer: &mut [u8]) -> Option<usize> {
    loop {
        // SAFETY: read into a buffer of the length given.
        let count =
            unsafe { libc::read(stream.as_raw_fd(), buffer.as_mut_ptr().cast(), buffer.len()) };
        if count >= 0 {
            return Some(count as usize);
        }
        match io::Error::last_os_error().kind() {
            io::ErrorKind::Interrupted => continue,
            io::ErrorKind::WouldBlock => return None,
            _ => return Some(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_printed_line_is_cut_and_says_how_long_it_was() {
        let line = "a".repeat(5000);
        let shown = shown_line(line.as_bytes(), 5000);
        assert!(shown.starts_with(&"a".repeat(LINE_SHOWN)));
        assert!(
            shown.ends_with("... (cut: a line of 5000 bytes)"),
            "{shown}"
        );
        assert_eq!(shown_line(b"short\n", 6), "short");
        // Only its start was kept: the whole length is said.
        let shown = shown_line(&line.as_bytes()[..100], 9000);
        assert!(
            shown.ends_with("... (cut: a line of 9000 bytes)"),
            "{shown}"
        );
    }
}
