//! The driver: the Rust source the compiled program runs. It includes the
//! user's file in a module of its own, adds what LeetCode supplies
//! (`struct Solution`) and the trace hooks, and speaks the judge's line
//! protocol (see the judge's module documentation) on standard input and
//! output.

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
    /// The driver's code that calls the user's function on `line` and
    /// returns the payload of the reply.
    fn call(self) -> &'static str {
        match self {
            Entry::SolveSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
            let mut board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
            super::Solution::solve_sudoku(&mut board);
            encode(&board)"
            }
            Entry::BoxOf => {
                "let mut numbers = line.split_whitespace().map(|word| word.parse::<usize>().unwrap_or(0));
            let (r, c) = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
            super::Solution::box_of(r, c).to_string()"
            }
            Entry::IsValidSudoku => {
                "let cells: Vec<char> = line.trim().chars().collect();
            let board: Vec<Vec<char>> = cells.chunks(9).map(|row| row.to_vec()).collect();
            super::Solution::is_valid_sudoku(board).to_string()"
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
/// the driver's. It adds LeetCode's `struct Solution` unless the user's code
/// declares one, the trace hooks where `hooks` says (whose calls it counts
/// as nodes and undos, and records into the file named by [`EVENTS_ENV`] as
/// they come, so that a search stopped at its time limit still shows how
/// far it got), and `main`. It uses std only, compiles warning-free under
/// editions 2021 and 2024, and keeps its names inside a module with an
/// unusual name so that they cannot clash with the user's helpers.
///
/// The inner attributes the user's file starts with (`#![allow(dead_code)]`),
/// which `include!` refuses, head the module instead, where they apply to the
/// same code: see [`included_code`].
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
    let hooks = match hooks {
        Hooks::Supplied => HOOKS,
        Hooks::None => "",
    };
    DRIVER
        .replace("@ATTRIBUTES@", &attributes)
        .replace("@USER_FILE@", &format!("{user_file:?}"))
        .replace("@SOLUTION@", solution)
        .replace("@HOOKS@", hooks)
        .replace("@CALL@", entry.call())
        .replace("@MARKER@", MARKER)
        .replace("@EVENTS_ENV@", EVENTS_ENV)
}

/// The start of every line the driver writes for the judge.
pub const MARKER: &str = "@@sudoku37-judge@@";

/// The environment variable naming the file the driver records the trace
/// hooks' events into: `p,ROW,COLUMN,DIGIT;` and `u,ROW,COLUMN;`, the
/// current input's only (the file is emptied when an input starts).
pub const EVENTS_ENV: &str = "SUDOKU37_EVENTS";

/// The driver records at most this many events of the trace hooks per
/// input; a longer trace is cut there (a test holds the driver's code to it).
pub const MAX_TRACE_EVENTS: usize = 200_000;

/// The name the driver's file gets beside the user's.
pub const DRIVER_FILE: &str = "__sudoku37_driver.rs";

/// The hooks, in a module of their own that the user's module imports whole
/// (a glob import, which the user's own definitions shadow).
const HOOKS: &str = r#"
#[allow(unused_imports)]
use self::__sudoku37_hooks::*;

mod __sudoku37_hooks {
    use super::__sudoku37_judge::{self, TraceNumber};

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
    __sudoku37_user::__sudoku37_judge::serve();
}

// Your file, included unchanged, in a module of its own: its names cannot
// clash with the driver's, and a `fn main` of yours is just a function.
mod __sudoku37_user {
@ATTRIBUTES@include!(@USER_FILE@);
@SOLUTION@@HOOKS@
#[allow(dead_code)]
pub(crate) mod __sudoku37_judge {
    use std::io::{BufRead, Seek, Write};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    const MARKER: &str = "@MARKER@";

    pub static NODES: AtomicU64 = AtomicU64::new(0);
    pub static UNDOS: AtomicU64 = AtomicU64::new(0);

    /// The message of the last panic, kept by the panic hook.
    static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

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

    /// The events of the current input, and the file they go to: what is
    /// not written yet is written by a thread of its own every few
    /// milliseconds, and all of it before each reply.
    struct Recorder {
        events: String,
        written: usize,
        count: u64,
        file: Option<std::fs::File>,
    }

    static RECORDER: Mutex<Recorder> = Mutex::new(Recorder {
        events: String::new(),
        written: 0,
        count: 0,
        file: None,
    });
    const MAX_EVENTS: u64 = 200_000;

    pub fn record(action: char, row: u64, column: u64, digit: u64) {
        if let Ok(mut recorder) = RECORDER.lock() {
            if recorder.file.is_none() || recorder.count >= MAX_EVENTS {
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

    impl Recorder {
        fn write_out(&mut self) {
            let Recorder { events, written, file, .. } = self;
            if let Some(file) = file.as_mut() {
                if *written < events.len() && file.write_all(events[*written..].as_bytes()).is_ok() {
                    *written = events.len();
                }
            }
        }

        fn start_input(&mut self) {
            self.events.clear();
            self.written = 0;
            self.count = 0;
            if let Some(file) = self.file.as_mut() {
                let _ = file.set_len(0);
                let _ = file.rewind();
            }
        }
    }

    fn answer(line: &str) -> String {
        @CALL@
    }

    pub fn serve() {
        if let Some(path) = std::env::var_os("@EVENTS_ENV@") {
            if let Ok(mut recorder) = RECORDER.lock() {
                recorder.file = std::fs::File::create(path).ok();
            }
            std::thread::spawn(|| loop {
                std::thread::sleep(Duration::from_millis(20));
                if let Ok(mut recorder) = RECORDER.lock() {
                    recorder.write_out();
                }
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
                *last = Some(format!("panicked at {place}: {message}"));
            }
        }));
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        for line in stdin.lock().lines() {
            let line = match line {
                Ok(line) => line,
                Err(_) => break,
            };
            NODES.store(0, Ordering::Relaxed);
            UNDOS.store(0, Ordering::Relaxed);
            if let Ok(mut recorder) = RECORDER.lock() {
                recorder.start_input();
            }
            let started = Instant::now();
            let result = std::panic::catch_unwind(|| answer(&line));
            let nanos = started.elapsed().as_nanos();
            let reply = match result {
                Ok(payload) => format!(
                    "{} ok {} {} {} {}",
                    MARKER,
                    nanos,
                    NODES.load(Ordering::Relaxed),
                    UNDOS.load(Ordering::Relaxed),
                    payload
                ),
                Err(_) => {
                    let message = match LAST_PANIC.lock() {
                        Ok(mut last) => last.take().unwrap_or_default(),
                        Err(_) => String::new(),
                    };
                    format!("{} panic {} {}", MARKER, nanos, escape(&message))
                }
            };
            if let Ok(mut recorder) = RECORDER.lock() {
                recorder.write_out();
            }
            // The end of this input's standard error, for the judge: one
            // write, so that it reaches the pipe whole.
            let _ = std::io::stderr().write_all(format!("\n{} end\n", MARKER).as_bytes());
            let mut out = stdout.lock();
            if writeln!(out, "\n{}", reply).and_then(|()| out.flush()).is_err() {
                break;
            }
        }
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
}
"#;

/// The user's file as the driver includes it: the file unchanged, but for
/// the inner attributes it starts with, which `include!` refuses. Those are
/// blanked with spaces (the driver puts them at the head of the module that
/// includes the file), and inner doc comments (`//!`, `/*!`) become plain
/// comments, so that every line and column keeps its place and rustc's
/// messages still point at the user's own lines.
pub fn included_code(user_code: &str) -> String {
    lift_inner_attributes(user_code).code
}

/// A user's file split for the driver: see [`included_code`].
struct Lifted {
    /// The file with its leading inner attributes blanked.
    code: String,
    /// The attributes, `#![...]` each, in order.
    attributes: Vec<String>,
}

/// Finds the inner attributes and inner doc comments before the first item of
/// `code` (between blank lines and comments) and takes them out: see
/// [`included_code`].
fn lift_inner_attributes(code: &str) -> Lifted {
    let mut characters: Vec<char> = code.chars().collect();
    let mut attributes = Vec::new();
    let mut index = 0;
    let at = |characters: &[char], index: usize, text: &str| {
        text.chars()
            .enumerate()
            .all(|(offset, wanted)| characters.get(index + offset) == Some(&wanted))
    };
    loop {
        while characters
            .get(index)
            .is_some_and(|character| character.is_whitespace() || *character == '\u{feff}')
        {
            index += 1;
        }
        if at(&characters, index, "//") {
            if at(&characters, index, "//!") {
                characters[index + 2] = ' ';
            }
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if at(&characters, index, "/*") {
            if at(&characters, index, "/*!") {
                characters[index + 2] = ' ';
            }
            index = block_comment_end(&characters, index);
        } else if let Some(end) = inner_attribute_end(&characters, index) {
            attributes.push(characters[index..end].iter().collect());
            for character in &mut characters[index..end] {
                if *character != '\n' {
                    *character = ' ';
                }
            }
            index = end;
        } else {
            break;
        }
    }
    Lifted {
        code: characters.into_iter().collect(),
        attributes,
    }
}

/// The index after the block comment starting at `start` (nested comments
/// included), or the end of the text.
fn block_comment_end(characters: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut index = start;
    while index < characters.len() {
        if characters[index] == '/' && characters.get(index + 1) == Some(&'*') {
            depth += 1;
            index += 2;
        } else if characters[index] == '*' && characters.get(index + 1) == Some(&'/') {
            depth -= 1;
            index += 2;
            if depth == 0 {
                return index;
            }
        } else {
            index += 1;
        }
    }
    characters.len()
}

/// The index after the inner attribute `#![...]` starting at `start` (spaces
/// allowed between `#`, `!` and `[`; brackets in strings do not count), if
/// one starts there and ends.
fn inner_attribute_end(characters: &[char], start: usize) -> Option<usize> {
    let skip_spaces = |mut index: usize| {
        while characters.get(index).is_some_and(|c| c.is_whitespace()) {
            index += 1;
        }
        index
    };
    if characters.get(start) != Some(&'#') {
        return None;
    }
    let bang = skip_spaces(start + 1);
    if characters.get(bang) != Some(&'!') {
        return None;
    }
    let mut index = skip_spaces(bang + 1);
    if characters.get(index) != Some(&'[') {
        return None;
    }
    let mut depth = 0;
    while index < characters.len() {
        match characters[index] {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index + 1);
                }
            }
            '"' => {
                index += 1;
                while index < characters.len() && characters[index] != '"' {
                    if characters[index] == '\\' {
                        index += 1;
                    }
                    index += 1;
                }
            }
            _ => {}
        }
        index += 1;
    }
    None
}

/// Does the code declare `struct Solution` itself (which LeetCode's template
/// leaves out, but a file copied from elsewhere may have)? Any form counts,
/// `#[derive(Debug)] struct Solution;` or `pub(crate) struct Solution {}`
/// included; one in a comment or a string does not.
pub fn declares_solution(code: &str) -> bool {
    let code = strip_comments_and_strings(code);
    let words: Vec<&str> = code
        .split(|character: char| !(character.is_alphanumeric() || character == '_'))
        .filter(|word| !word.is_empty())
        .collect();
    words
        .windows(2)
        .any(|pair| pair[0] == "struct" && pair[1] == "Solution")
}

/// `code` with its comments (line, block, nested block) and the contents of
/// its string and character literals replaced by spaces.
fn strip_comments_and_strings(code: &str) -> String {
    let characters: Vec<char> = code.chars().collect();
    let mut kept = String::with_capacity(code.len());
    let mut index = 0;
    while index < characters.len() {
        let here = characters[index];
        let next = characters.get(index + 1).copied();
        if here == '/' && next == Some('/') {
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if here == '/' && next == Some('*') {
            index = block_comment_end(&characters, index);
            kept.push(' ');
        } else if here == '"' {
            index += 1;
            while index < characters.len() && characters[index] != '"' {
                if characters[index] == '\\' {
                    index += 1;
                }
                index += 1;
            }
            index += 1;
            kept.push(' ');
        } else if here == '\'' {
            // A character literal ('"', '\'', '\u{1F600}') is skipped; a
            // lifetime ('a) is kept as it is.
            let end = if next == Some('\\') {
                characters[index + 2..]
                    .iter()
                    .position(|&character| character == '\'')
                    .map(|offset| index + 2 + offset)
            } else if characters.get(index + 2) == Some(&'\'') {
                Some(index + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    index = end + 1;
                    kept.push(' ');
                }
                None => {
                    kept.push(here);
                    index += 1;
                }
            }
        } else {
            kept.push(here);
            index += 1;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
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
    fn the_driver_writes_the_protocol_s_marker_and_reads_its_variable() {
        let program = driver(Entry::SolveSudoku, "a.rs", "", Hooks::Supplied);
        for constant in [
            format!("const MARKER: &str = \"{}\";", MARKER),
            format!("std::env::var_os(\"{}\")", EVENTS_ENV),
        ] {
            assert!(program.contains(&constant), "{constant}");
        }
        // Every placeholder was filled.
        for placeholder in [
            "@CALL@",
            "@MARKER@",
            "@HOOKS@",
            "@EVENTS_ENV@",
            "@SOLUTION@",
        ] {
            assert!(!program.contains(placeholder), "{placeholder}");
        }
    }

    #[test]
    fn the_judge_s_driver_has_no_hooks_and_practice_s_may_be_shadowed() {
        let judged = driver(Entry::SolveSudoku, "a.rs", "", Hooks::None);
        assert!(!judged.contains("fn trace_place"));
        let practised = driver(Entry::SolveSudoku, "a.rs", "", Hooks::Supplied);
        assert!(practised.contains("use self::__sudoku37_hooks::*;"));
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
        ] {
            assert!(!declares_solution(not_one), "{not_one}");
        }
        // A quote in a character literal opens no string: what follows it
        // is still seen.
        for declaration in [
            "fn quote() -> char { '\"' }\nstruct Solution;",
            "fn escaped() -> char { '\\'' }\nstruct Solution;",
            "fn life<'a>(x: &'a str) -> &'a str { x }\nstruct Solution;",
        ] {
            assert!(declares_solution(declaration), "{declaration}");
        }
    }
}
