//! The driver: the Rust source the compiled program runs. It includes the
//! user's file in a module of its own, adds what LeetCode supplies
//! (`struct Solution`) and the trace hooks, and speaks the judge's line
//! protocol (see the judge's module documentation) on standard input and
//! output.

use super::source::{declares_solution, lift_inner_attributes};

/// The function of the user's file that the driver calls, with the form of
/// its input line and of its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `solve_sudoku(board: &mut Vec<Vec<char>>)` (LeetCode 37): an
    /// 81-character puzzle in, the board as left out.
    SolveSudoku,
    /// `box_of(r: usize, c: usize) -> usize`: `r c` in, the number out.
    BoxOf,
    /// `is_valid_sudoku(board: Vec<Vec<char>>) -> bool` (LeetCode 36): an
    /// 81-character board in, `true` or `false` out.
    IsValidSudoku,
}

impl Entry {
    /// The driver's one way into the user's module: a function there that
    /// calls the user's, so that the driver's own code lies outside the
    /// module, where the user's inner attributes do not reach.
    fn shim(self) -> &'static str {
        match self {
            Entry::SolveSudoku => {
                "pub(crate) fn __sudoku37_call(board: &mut Vec<Vec<char>>) {\n    Solution::solve_sudoku(board)\n}"
            }
            Entry::BoxOf => {
                "pub(crate) fn __sudoku37_call(r: usize, c: usize) -> usize {\n    Solution::box_of(r, c)\n}"
            }
            Entry::IsValidSudoku => {
                "pub(crate) fn __sudoku37_call(board: Vec<Vec<char>>) -> bool {\n    Solution::is_valid_sudoku(board)\n}"
            }
        }
    }

    /// The driver's code that calls the user's function on `line` and
    /// returns the payload of the reply.
    fn call(self) -> &'static str {
        match self {
            Entry::SolveSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
        let mut board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
        crate::__sudoku37_user::__sudoku37_call(&mut board);
        encode(&board)"
            }
            Entry::BoxOf => {
                "let mut numbers = line.split_whitespace().map(|word| word.parse::<usize>().unwrap_or(0));
        let (r, c) = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
        crate::__sudoku37_user::__sudoku37_call(r, c).to_string()"
            }
            Entry::IsValidSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
        let board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
        crate::__sudoku37_user::__sudoku37_call(board).to_string()"
            }
        }
    }
}

/// Whether the driver supplies the trace hooks `trace_place(r, c, d)` and
/// `trace_undo(r, c)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hooks {
    /// `practice check`: the hooks count nodes and undos and record the
    /// search. A learner's own hooks of the same names (stubs written so that
    /// the file builds in their own project) take their place, without a
    /// clash: the driver's are a glob import, which a definition shadows.
    Supplied,
    /// `judge`, as LeetCode: there are none, so a call of one is a Compile
    /// Error, as it is there.
    None,
}

/// The driver's source: a file of its own that includes the user's file
/// unchanged (`include!`) in a module of its own, so that rustc's
/// diagnostics and panic messages name the user's file and lines and nothing
/// of the driver's, and no name of the user's (`main` included) clashes with
/// the driver's. The user's module holds only the file, LeetCode's `struct
/// Solution` unless the user's code declares one, and one small function
/// that calls the user's; everything else of the driver's (the trace hooks
/// where `hooks` says, and the protocol) lies outside it, so that the
/// user's inner attributes (`#![deny(unused_results)]`) apply to the user's
/// code alone. The hooks count nodes and undos and send the search to the
/// judge as it goes, so that a search stopped at its time limit still
/// shows how far it got. It uses std only and compiles warning-free under
/// editions 2021 and 2024.
///
/// The inner attributes the user's file starts with (`#![allow(dead_code)]`),
/// which `include!` refuses, head the user's module instead, where they
/// apply to the same code: see [`included_code`](super::included_code).
pub fn driver(entry: Entry, user_file: &str, user_code: &str, hooks: Hooks) -> String {
    let solution = if declares_solution(user_code) {
        ""
    } else {
        "\n/// LeetCode supplies this; your file does not need it.\nstruct Solution;\n"
    };
    let attributes: String = lift_inner_attributes(user_code)
        .attributes
        .iter()
        .map(|attribute| format!("{attribute}\n"))
        .collect();
    let (hooks, hooks_import) = match hooks {
        Hooks::Supplied => (
            HOOKS,
            "\n#[allow(unused_imports)]\nuse crate::__sudoku37_hooks::*;\n",
        ),
        Hooks::None => ("", ""),
    };
    DRIVER
        .replace("@ATTRIBUTES@", &attributes)
        .replace("@USER_FILE@", &format!("{user_file:?}"))
        .replace("@SOLUTION@", solution)
        .replace("@HOOKS_IMPORT@", hooks_import)
        .replace("@SHIM@", entry.shim())
        .replace("@HOOKS@", hooks)
        .replace("@CALL@", entry.call())
}

/// The start of every reply line the judge hands on (see
/// [`crate::judge::program::Exchange`]).
pub const MARKER: &str = "@@sudoku37-judge@@";

/// The driver sends at most this many events of the trace hooks per input;
/// a longer trace is cut there (a test holds the driver's code to it).
pub const MAX_TRACE_EVENTS: usize = 200_000;

/// The longest panic message the driver sends, in bytes; a longer one is
/// cut there.
pub const MAX_PANIC_MESSAGE: usize = 64 * 1024;

/// The name the driver's file gets beside the user's.
pub const DRIVER_FILE: &str = "__sudoku37_driver.rs";

/// The hooks, in a module of their own that the user's module imports whole
/// (a glob import, which the user's own definitions shadow).
const HOOKS: &str = r#"
mod __sudoku37_hooks {
    use crate::__sudoku37_judge::{self, TraceNumber};

    /// Counts one node: call it where your search places a digit (row and
    /// column 0-8 as any integer, the digit as a char or an integer 1-9).
    /// Delete the calls before pasting into LeetCode.
    #[allow(dead_code)]
    pub fn trace_place<R: TraceNumber, C: TraceNumber, D: TraceNumber>(row: R, column: C, digit: D) {
        __sudoku37_judge::count(&__sudoku37_judge::NODES);
        __sudoku37_judge::record('p', row.number(), column.number(), digit.number());
    }

    /// Counts one undo: call it where your search takes a digit off again.
    #[allow(dead_code)]
    pub fn trace_undo<R: TraceNumber, C: TraceNumber>(row: R, column: C) {
        __sudoku37_judge::count(&__sudoku37_judge::UNDOS);
        __sudoku37_judge::record('u', row.number(), column.number(), 0);
    }
}
"#;

const DRIVER: &str = r#"// Written by `sudoku37`: the driver that feeds inputs to your code and
// reports what it returns.
fn main() {
    __sudoku37_judge::serve();
}

// Your file, included unchanged, in a module of its own: its names cannot
// clash with the driver's, a `fn main` of yours is just a function, and its
// inner attributes apply to it alone.
mod __sudoku37_user {
@ATTRIBUTES@include!(@USER_FILE@);
@SOLUTION@@HOOKS_IMPORT@
/// The driver's one way in: it calls your function.
@SHIM@
}
@HOOKS@
#[allow(dead_code)]
mod __sudoku37_judge {
    use std::io::{BufRead, Write};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;
    use std::time::Duration;

    pub static NODES: AtomicU64 = AtomicU64::new(0);
    pub static UNDOS: AtomicU64 = AtomicU64::new(0);

    /// The message of the last panic, kept by the panic hook.
    static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

    /// The judge's channel and the run's secret that starts every line on it.
    static CHANNEL: Mutex<Option<(std::fs::File, String)>> = Mutex::new(None);

    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// What the trace hooks take: a row, a column or a digit.
    pub trait TraceNumber {
        fn number(self) -> u64;
    }

    macro_rules! trace_numbers {
        ($($integer:ty),*) => {$(
            impl TraceNumber for $integer {
                fn number(self) -> u64 {
                    self as u64
                }
            }
        )*};
    }
    trace_numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

    impl TraceNumber for char {
        fn number(self) -> u64 {
            u64::from(self.to_digit(10).unwrap_or(0))
        }
    }

    /// Sends one line to the judge, in one write, on a line of its own
    /// (whatever else was written on the channel before it).
    fn send(text: &str) -> bool {
        match CHANNEL.lock() {
            Ok(mut channel) => match channel.as_mut() {
                Some((file, secret)) => file.write_all(format!("\n{} {}\n", secret, text).as_bytes()).is_ok(),
                None => false,
            },
            Err(_) => false,
        }
    }

    /// The events of the current input not sent yet: a thread of its own
    /// sends them every 5 ms (so that a search stopped at its time limit
    /// shows how far it got), and all of them go before each reply.
    struct Recorder {
        events: String,
        count: u64,
        on: bool,
    }

    static RECORDER: Mutex<Recorder> = Mutex::new(Recorder {
        events: String::new(),
        count: 0,
        on: false,
    });
    const MAX_EVENTS: u64 = 200_000;
    const MAX_PANIC_MESSAGE: usize = 65_536;

    pub fn record(action: char, row: u64, column: u64, digit: u64) {
        if let Ok(mut recorder) = RECORDER.lock() {
            if !recorder.on || recorder.count >= MAX_EVENTS {
                return;
            }
            recorder.count += 1;
            if action == 'p' {
                recorder.events.push_str(&format!("p,{},{},{};", row, column, digit));
            } else {
                recorder.events.push_str(&format!("u,{},{};", row, column));
            }
        }
    }

    /// Sends the events not sent yet, holding the recorder while it does:
    /// events taken by the thread that sends every 5 ms are on the channel
    /// before the last ones of the input and its reply, never after them
    /// (where the judge would take them for the next input's).
    fn send_events() {
        if let Ok(mut recorder) = RECORDER.lock() {
            if !recorder.events.is_empty() {
                let events = std::mem::take(&mut recorder.events);
                send(&format!("events {}", events));
            }
        }
    }

    fn answer(line: &str) -> String {
        @CALL@
    }

    pub fn serve() {
        use std::os::fd::FromRawFd;
        // SAFETY: descriptor 3 is the channel the judge opened for this
        // program; nothing else of the driver's owns it.
        let file = unsafe { std::fs::File::from_raw_fd(3) };
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        // The first line is the run's secret, read before any code of yours
        // is called; `record` after it asks for the search.
        let first = match lines.next() {
            Some(Ok(first)) => first,
            _ => return,
        };
        let mut words = first.split(' ');
        let secret = words.next().unwrap_or("").to_string();
        let recording = words.next() == Some("record");
        if let Ok(mut channel) = CHANNEL.lock() {
            *channel = Some((file, secret));
        }
        if recording {
            if let Ok(mut recorder) = RECORDER.lock() {
                recorder.on = true;
            }
            std::thread::spawn(|| loop {
                std::thread::sleep(Duration::from_millis(5));
                send_events();
            });
        }
        std::panic::set_hook(Box::new(|info| {
            let payload = info.payload();
            let message = if let Some(text) = payload.downcast_ref::<&str>() {
                text.to_string()
            } else if let Some(text) = payload.downcast_ref::<String>() {
                text.clone()
            } else {
                String::from("(a panic without a message)")
            };
            let place = match info.location() {
                Some(place) => format!("{}:{}:{}", place.file(), place.line(), place.column()),
                None => String::from("an unknown place"),
            };
            if let Ok(mut last) = LAST_PANIC.lock() {
                *last = Some(format!("panicked at {}: {}", place, cut(&message)));
            }
        }));
        if !send("ready") {
            return;
        }
        for line in lines {
            let line = match line {
                Ok(line) => line,
                Err(_) => break,
            };
            // An empty line is the judge's ping: the cost of one exchange.
            if line.is_empty() {
                if !send("pong") {
                    break;
                }
                continue;
            }
            NODES.store(0, Ordering::Relaxed);
            UNDOS.store(0, Ordering::Relaxed);
            if let Ok(mut recorder) = RECORDER.lock() {
                recorder.events.clear();
                recorder.count = 0;
            }
            let result = std::panic::catch_unwind(|| answer(&line));
            let reply = match result {
                Ok(payload) => format!(
                    "ok {} {} {}",
                    NODES.load(Ordering::Relaxed),
                    UNDOS.load(Ordering::Relaxed),
                    payload
                ),
                Err(_) => {
                    let message = match LAST_PANIC.lock() {
                        Ok(mut last) => last.take().unwrap_or_default(),
                        Err(_) => String::new(),
                    };
                    format!("panic {}", escape(&message))
                }
            };
            send_events();
            if !send(&reply) {
                break;
            }
        }
    }

    /// A panic message cut at MAX_PANIC_MESSAGE bytes.
    fn cut(message: &str) -> String {
        if message.len() <= MAX_PANIC_MESSAGE {
            return message.to_string();
        }
        let mut end = MAX_PANIC_MESSAGE;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... (cut: a message of {} bytes)", &message[..end], message.len())
    }

    fn encode(board: &[Vec<char>]) -> String {
        let rows: Vec<String> = board
            .iter()
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&cell| (cell as u32).to_string()).collect();
                cells.join(",")
            })
            .collect();
        rows.join("/")
    }

    fn escape(text: &str) -> String {
        text.replace('\\', "\\\\").replace('\n', "\\n").replace('\r', "\\r")
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::super::source::included_code;
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_driver_cuts_the_trace_where_the_library_says() {
        let program = driver(Entry::SolveSudoku, "mine.rs", "", Hooks::Supplied);
        let line =
            format!("const MAX_EVENTS: u64 = {};", MAX_TRACE_EVENTS).replace("200000", "200_000");
        assert!(program.contains(&line), "{line}");
    }

    #[test]
    fn the_driver_includes_the_user_file_and_adds_what_is_missing() {
        let code = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {}\n}";
        let program = driver(Entry::SolveSudoku, "mine.rs", code, Hooks::Supplied);
        assert!(program.contains("include!(\"mine.rs\");"));
        assert!(program.contains("\nstruct Solution;\n"));
        assert!(program.contains("fn main()"));
        assert!(program.contains("fn trace_place"));
        assert!(!program.contains("@CALL@") && !program.contains("@USER_FILE@"));
    }

    #[test]
    fn the_driver_cuts_a_panic_message_where_the_library_says() {
        let program = driver(Entry::SolveSudoku, "a.rs", "", Hooks::Supplied);
        let line = format!("const MAX_PANIC_MESSAGE: usize = {};", MAX_PANIC_MESSAGE)
            .replace("65536", "65_536");
        assert!(program.contains(&line), "{line}");
        // Every placeholder was filled.
        for placeholder in [
            "@CALL@",
            "@HOOKS@",
            "@HOOKS_IMPORT@",
            "@SHIM@",
            "@SOLUTION@",
            "@ATTRIBUTES@",
        ] {
            assert!(!program.contains(placeholder), "{placeholder}");
        }
    }

    #[test]
    fn the_user_s_inner_attributes_head_a_module_that_holds_nothing_of_the_driver_s_but_one_call() {
        let code = "#![deny(unused_results)]\nimpl Solution {}\n";
        let program = driver(Entry::SolveSudoku, "a.rs", code, Hooks::Supplied);
        let user_module = program
            .split("mod __sudoku37_user {")
            .nth(1)
            .and_then(|rest| rest.split("\n}\n").next())
            .expect("the user's module");
        assert!(user_module.starts_with("\n#![deny(unused_results)]\ninclude!(\"a.rs\");"));
        assert!(!user_module.contains("mod __sudoku37_judge"));
        assert!(!user_module.contains("mod __sudoku37_hooks"));
        assert!(user_module.contains("Solution::solve_sudoku(board)"));
    }

    #[test]
    fn the_judge_s_driver_has_no_hooks_and_practice_s_may_be_shadowed() {
        let judged = driver(Entry::SolveSudoku, "a.rs", "", Hooks::None);
        assert!(!judged.contains("fn trace_place"));
        let practised = driver(Entry::SolveSudoku, "a.rs", "", Hooks::Supplied);
        assert!(practised.contains("use crate::__sudoku37_hooks::*;"));
        assert!(practised.contains("pub fn trace_place"));
    }

    #[test]
    fn leading_inner_attributes_head_the_module_and_keep_every_line_in_place() {
        let code = "\u{feff}// mine\n//! docs\n#![allow(dead_code)]\n/*! more */ # ! [doc = \"a ] b\"]\n\n#![allow(\n    unused\n)]\nimpl Solution {}\n#![not_leading]\n";
        let included = included_code(code);
        assert_eq!(
            included,
            format!(
                "\u{feff}// mine\n//  docs\n{}\n/*  more */{}\n\n{}\n{}\n  \nimpl Solution {{}}\n#![not_leading]\n",
                " ".repeat(20),
                " ".repeat(20),
                " ".repeat(9),
                " ".repeat(10)
            )
        );
        assert_eq!(included.lines().count(), code.lines().count());
        let program = driver(Entry::SolveSudoku, "mine.rs", code, Hooks::Supplied);
        assert!(program.contains(
            "mod __sudoku37_user {\n#![allow(dead_code)]\n# ! [doc = \"a ] b\"]\n#![allow(\n    unused\n)]\ninclude!(\"mine.rs\");"
        ));
        // A file without them is included as it is.
        let plain = "// mine\nimpl Solution {}\n";
        assert_eq!(included_code(plain), plain);
        assert!(driver(Entry::SolveSudoku, "a.rs", plain, Hooks::Supplied).contains("{\ninclude!("));
    }

    #[test]
    fn struct_solution_in_any_form_counts_and_one_in_a_comment_does_not() {
        for declaration in [
            "struct Solution;",
            "pub struct Solution;",
            "  struct Solution {}",
            "#[derive(Debug)] struct Solution;",
            "pub(crate) struct Solution;",
            "pub struct Solution<T>(T);",
        ] {
            assert!(declares_solution(declaration), "{declaration}");
            assert!(
                !driver(Entry::SolveSudoku, "a.rs", declaration, Hooks::Supplied)
                    .contains("\nstruct Solution;\n")
            );
        }
        for not_one in [
            "struct SolutionHelper;",
            "// no struct here",
            "// struct Solution;",
            "/* struct Solution; */",
            "/* /* nested */ struct Solution; */",
            "const S: &str = \"struct Solution;\";",
            "fn quote() -> char { '\"' }\nconst S: &str = \"struct Solution;\";",
            "const NOTE: &str = r#\"LeetCode says \"struct Solution;\" is supplied\"#;",
            "const N: &[u8] = br\"struct Solution;\";",
        ] {
            assert!(!declares_solution(not_one), "{not_one}");
        }
        // A quote in a character literal opens no string: what follows it
        // is still seen.
        for declaration in [
            "fn quote() -> char { '\"' }\nstruct Solution;",
            "fn escaped() -> char { '\\'' }\nstruct Solution;",
            "fn life<'a>(x: &'a str) -> &'a str { x }\nstruct Solution;",
            // A raw string's backslash escapes nothing: it ends at its quote.
            "const SEP: &str = r\"\\\";\npub struct Solution;\nconst Q: &str = \"x\";",
            "const DEEP: &str = r##\"a \"# b\"##;\nstruct Solution;",
        ] {
            assert!(declares_solution(declaration), "{declaration}");
        }
    }
}
