//! Writing what a subcommand says: its exit status ([`Status`], the same in
//! every subcommand), standard output that reports its errors instead of
//! panicking ([`Output`], [`finish`]), and standard error that never fails
//! ([`say`], behind the `say!` macro).

use std::io::{self, BufWriter, Stdout, Write};
use std::process::ExitCode;

use sudoku37::puzzle::PuzzleError;

/// How a subcommand went; the worst outcome decides the exit status, with
/// the same meaning in every subcommand (see `EXIT_HELP` in `mod.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    /// Some puzzle was not solved, or some answer was wrong.
    Failed = 1,
    /// Some input was malformed or unreadable, or the output unwritable.
    BadInput = 2,
}

impl Status {
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// The exit status of a subcommand that wrote its output with `written`: a
/// closed pipe is a quiet success (the reader has what it wanted), any other
/// write error a message and status 2.
pub fn finish(status: Status, written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => status.exit_code(),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            say!("error: cannot write the output: {error}");
            Status::BadInput.exit_code()
        }
    }
}

/// The function behind [`say!`]: one line to standard error, whose write
/// errors are ignored.
/// What could drive the terminal (a file name or an argument holding an
/// escape sequence) is written as its escape, `\u{1b}`; line breaks and tabs
/// stay.
pub fn say(message: std::fmt::Arguments<'_>) {
    let text = message.to_string();
    let shown: String = text
        .split_inclusive(['\n', '\t'])
        .map(|piece| {
            let (body, end) = match piece.strip_suffix(['\n', '\t']) {
                Some(body) => (body, &piece[body.len()..]),
                None => (piece, ""),
            };
            format!("{}{end}", sudoku37_tool::files::escape_controls(body))
        })
        .collect();
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_all(shown.as_bytes())
        .and_then(|()| stderr.write_all(b"\n"));
}

/// Buffered standard output whose errors are returned, never panicked on.
pub struct Output {
    out: BufWriter<Stdout>,
}

impl Output {
    pub fn stdout() -> Output {
        Output {
            out: BufWriter::new(io::stdout()),
        }
    }

    pub fn write_str(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    pub fn line(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.write_all(b"\n")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Keeps a panic inside an approach from printing the default panic message:
/// it is caught and reported as that puzzle's error instead. Any other panic
/// is still printed.
pub fn guard_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !sudoku37::harness::in_approach() {
            default(info);
        }
    }));
}

/// The status of a puzzle whose givens cannot make a puzzle: 1 when they
/// conflict (there is rightly no solution), 2 when the board is misshapen.
pub fn status_of(error: &PuzzleError) -> Status {
    match error {
        PuzzleError::Conflict(_) => Status::Failed,
        _ => Status::BadInput,
    }
}
