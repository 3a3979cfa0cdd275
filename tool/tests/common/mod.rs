//! Helpers shared by the tool's two test binaries (`tests/it`, the features
//! as a user meets them, and `tests/checks`, the checks of the house): running
//! the `sudoku37` command, compiling a program alone with `rustc`, finding the
//! workspace's files and the puzzle sets, and a browser for the HTML pages.

#![allow(dead_code, unused_macros)] // each test file uses its own part of this module

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use sudoku37::board::{self, Board};
use sudoku37::probe::{self, Effort};
use sudoku37::sets::{self, SetEntry};
use sudoku37::Approach;

/// The root of the workspace, where the README, `notes/`, `puzzles/`,
/// `practice/` and the study crate's `src/` are.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tool is a member inside the workspace's folder")
}

/// Bytes a command printed, as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a command said on standard error, as text.
pub fn stderr(output: &Output) -> String {
    text(&output.stderr)
}

/// bool_arrays' pasted code with `code` at the start of `solve_sudoku`: a
/// right solution, with whatever a test makes it do first.
pub fn solution_with(code: &str) -> String {
    let approach = &sudoku37::approaches::BOOL_ARRAYS;
    let pasted = sudoku37::paste::extract(approach.code).expect("a paste region");
    let signature = "pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {";
    assert!(pasted.contains(signature));
    pasted.replacen(signature, &format!("{signature}\n{code}\n"), 1)
}

/// LeetCode's example, as an 81-character line.
pub fn example_line() -> String {
    board::to_line(&sets::leetcode_example().board())
}

/// LeetCode's example with its first two givens the same digit: conflicting
/// givens.
pub fn conflict_line() -> String {
    let line = example_line();
    format!("55{}", &line[2..])
}

/// Makes a FIFO (a named pipe) at `path`; false where `mkfifo` is missing.
pub fn make_fifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|status| status.success())
}

/// `rustc` (or the compiler `RUSTC` names) on `source` alone, no crates, with
/// warnings as errors, under `edition`, writing `output`; `emit` is
/// `--emit=metadata` to check only, or empty to build a program.
pub fn rustc_alone(source: &Path, edition: &str, emit: &[&str], output: &Path) -> Output {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    Command::new(rustc)
        .args(["--edition", edition, "-O", "-D", "warnings"])
        .args(emit)
        .arg("-o")
        .arg(output)
        .arg(source)
        .output()
        .expect("run rustc")
}

/// The `sudoku37` binary the tests run: the one cargo built, or the one
/// `SUDOKU37_BIN` names (to show that a regression test fails on an older
/// build: `SUDOKU37_BIN=/path/to/old/sudoku37 cargo test -p sudoku37-tool --test it sandbox::`).
pub fn bin() -> String {
    std::env::var("SUDOKU37_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_sudoku37").to_string())
}

/// The `sudoku37` command, ready to run: [`bin`], with the data folder's
/// variable cleared (a test that reads public sets names them itself).
pub fn command() -> Command {
    let mut command = Command::new(bin());
    command.env_remove(sets::DATA_ENV);
    command
}

/// Runs `sudoku37` with `arguments` and `input` on standard input. The input
/// is written from a thread, so that a long input and a long output cannot
/// block each other, and a command that closes its input early is fine.
pub fn sudoku37(arguments: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = command()
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sudoku37");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("sudoku37 finishes");
    let _ = writer.join();
    output
}

/// The effort of `approach` on each puzzle of the built-in set `set`, each
/// answer checked; measured once per run of the tests and shared. (Whether an
/// approach is right is the study crate's matrix; the checks need its counts.)
pub fn efforts_on_builtin(approach: &Approach, set: &str) -> std::sync::Arc<Vec<Effort>> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Measured = Arc<OnceLock<Arc<Vec<Effort>>>>;
    static MEASURED: OnceLock<Mutex<HashMap<(String, String), Measured>>> = OnceLock::new();
    let slot = MEASURED
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry((approach.name.to_string(), set.to_string()))
        .or_default()
        .clone();
    slot.get_or_init(|| {
        let puzzles = sets::builtin(set)
            .unwrap_or_else(|| panic!("no built-in set {set}"))
            .puzzles;
        Arc::new(
            puzzles
                .iter()
                .map(|puzzle| {
                    let mut working = puzzle.board();
                    let ((), effort) = probe::measure(|| (approach.solve)(&mut working));
                    board::check_solution(&puzzle.board(), &working).unwrap_or_else(|error| {
                        panic!("{} on {set} line {}: {error}", approach.name, puzzle.line)
                    });
                    effort
                })
                .collect(),
        )
    })
    .clone()
}

/// The folder of public puzzle sets, or `None` after saying on stderr that
/// the tests which need it are skipped.
pub fn shared_dir_or_skip(what: &str) -> Option<PathBuf> {
    let dir = sets::shared_data_dir();
    if dir.is_none() {
        eprintln!(
            "SKIPPED {what}: no public puzzle sets (set {} or place them in ../shared/puzzles)",
            sets::DATA_ENV
        );
    }
    dir
}

/// Reads a public set file, all of it or its first `limit` puzzles; fails the
/// test on a malformed line.
pub fn read_shared_set(
    dir: &std::path::Path,
    set: sets::public::PublicSet,
    limit: Option<usize>,
) -> Vec<SetEntry> {
    let path = set.path_in(dir);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let (mut puzzles, errors) = sets::parse_set(&text);
    assert_eq!(errors, vec![], "{}", path.display());
    if let Some(limit) = limit {
        puzzles.truncate(limit);
    }
    puzzles
}

/// A board from an 81-character line, for tests.
pub fn board(line: &str) -> Board {
    board::parse_line(line).expect("test boards are well-formed")
}

/// Headless Chromium, if this machine has it. CI installs it (`.ci/run`), so
/// there its absence is a failure; elsewhere a browser test says it skipped.
pub fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var("CHROMIUM").unwrap_or_default(),
        "/usr/bin/chromium".to_string(),
        "/usr/bin/chromium-browser".to_string(),
    ];
    let found = candidates
        .iter()
        .map(PathBuf::from)
        .find(|path| path.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have Chromium: .ci/run installs Debian's chromium package"
        );
        eprintln!("SKIPPED the browser test: no Chromium here (apt-get install chromium)");
    }
    found
}

/// Runs headless Chromium on `page` with the `extra` flags, and returns the
/// DOM it dumps, or `None` without Chromium.
fn browse(page: &std::path::Path, extra: &[&str]) -> Option<String> {
    let browser = chromium()?;
    let profile = tempfile::tempdir().unwrap();
    let dom = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=600000",
            "--dump-dom",
        ])
        .args(extra)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run Chromium");
    Some(String::from_utf8_lossy(&dom.stdout).into_owned())
}

/// Opens each `(page, query)` in headless Chromium at once, each in a frame
/// of one browser, and returns their DOMs (in order) once their scripts have
/// run, or `None` without Chromium: one browser start for several pages.
/// Each DOM is the frame's document serialised as Chromium's `--dump-dom`
/// serialises a page. Timers run on virtual time, so a page that plays
/// itself finishes in well under a second of real time.
pub fn dump_doms(pages: &[(&std::path::Path, &str)]) -> Option<Vec<String>> {
    let frames: String = pages
        .iter()
        .enumerate()
        .map(|(index, (page, query))| {
            format!(
                "<iframe id=\"frame-{index}\" src=\"file://{}{query}\"></iframe>\n",
                page.display()
            )
        })
        .collect();
    // Virtual time runs the frames' timers to their end; the copy is made
    // just before the budget runs out.
    let wrapper = format!(
        "<!doctype html><html><body>\n{frames}<script>\n\
         setTimeout(function () {{\n\
           for (var index = 0; index < {count}; index++) {{\n\
             var copy = document.createElement('pre');\n\
             copy.id = 'dom-' + index;\n\
             var frame = document.getElementById('frame-' + index).contentDocument;\n\
             copy.textContent = frame ? frame.documentElement.outerHTML : '';\n\
             document.body.appendChild(copy);\n\
           }}\n\
         }}, 590000);\n\
         </script></body></html>\n",
        count = pages.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("frames.html");
    std::fs::write(&page, wrapper).unwrap();
    let dom = browse(&page, &["--allow-file-access-from-files"])?;
    let doms = (0..pages.len())
        .map(|index| {
            let start = dom
                .find(&format!("<pre id=\"dom-{index}\">"))
                .unwrap_or_else(|| panic!("frame {index} was not copied:\n{dom}"));
            let copied = &dom[start..];
            let copied = &copied[copied.find('>').unwrap() + 1..copied.find("</pre>").unwrap()];
            assert!(!copied.is_empty(), "frame {index} could not be read");
            copied
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&nbsp;", "\u{a0}")
                .replace("&amp;", "&")
        })
        .collect();
    Some(doms)
}

/// The text of the element with `id` in a dumped DOM.
pub fn shown(dom: &str, id: &str) -> String {
    let start = dom
        .find(&format!("id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no #{id} in the page:\n{dom}"))
        + id.len()
        + 6;
    dom[start..].split('<').next().unwrap_or("").to_string()
}

/// The processes whose program lies under `folder`.
pub fn processes_under(folder: &std::path::Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|exe| exe.starts_with(folder))
        })
        .collect()
}

/// Waits for `child` at most `limit`, reading its output meanwhile; kills it
/// and fails when it is slower.
pub fn finish_within(mut child: Child, limit: Duration, what: &str) -> Output {
    fn drain(stream: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut stream) = stream {
                let _ = stream.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let started = Instant::now();
    let status = loop {
        match child.try_wait().expect("poll the child") {
            Some(status) => break status,
            None if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what}: still running after {limit:?}");
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

/// Every `.rs` file under `dir`, recursively, in name order.
pub fn rust_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
    found
}

/// Pins the calling thread (and what it starts from now on) to `cpu`.
fn pin_to(cpu: usize) -> bool {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET and
    // sched_setaffinity only read and write that set.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    }
}

/// The first core this process may run on.
fn first_cpu() -> Option<usize> {
    // SAFETY: as in `pin_to`; sched_getaffinity fills the set.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return None;
        }
        (0..libc::CPU_SETSIZE as usize).find(|&cpu| libc::CPU_ISSET(cpu, &set))
    }
}

/// Busy processes, ended when dropped.
struct Crowd(Vec<Child>);

impl Drop for Crowd {
    fn drop(&mut self) {
        for busy in &mut self.0 {
            let _ = busy.kill();
            let _ = busy.wait();
        }
    }
}

/// Runs `command` (the judge or `practice check`, its temporary folder
/// under `tmp`) on one core which, once the jailed program runs, eight busy
/// processes keep busy, each in a session of its own as the program is (the
/// kernel shares a core between sessions first): the program gets about a
/// ninth of it. `None`, saying so, where the kernel keeps no scheduler
/// statistics (`/proc/PID/schedstat`), which the judge reads on a busy
/// machine.
pub fn on_a_crowded_core(mut command: Command, tmp: &Path) -> Option<Output> {
    use std::os::unix::process::CommandExt;
    if std::fs::read_to_string("/proc/self/schedstat").is_err() {
        eprintln!("SKIPPED: this kernel keeps no scheduler statistics (/proc/PID/schedstat)");
        return None;
    }
    let cpu = first_cpu().expect("a core to run on");
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: the closure only calls sched_setaffinity, which is safe to
    // call between fork and exec.
    unsafe {
        command.pre_exec(move || {
            pin_to(cpu);
            Ok(())
        });
    }
    let child = command.spawn().expect("start the judge");
    // The crowd comes once the program runs (not while it compiles).
    let started = std::time::Instant::now();
    while processes_under(tmp).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no program ran"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let crowd = Crowd(
        (0..8)
            .map(|_| {
                let mut busy = Command::new("sh");
                busy.args(["-c", "while :; do :; done"]);
                // SAFETY: setsid and sched_setaffinity are safe to call
                // between fork and exec.
                unsafe {
                    busy.pre_exec(move || {
                        libc::setsid();
                        pin_to(cpu);
                        Ok(())
                    });
                }
                busy.spawn().expect("start a busy process")
            })
            .collect(),
    );
    let output = finish_within(child, Duration::from_secs(120), "the judge");
    drop(crowd);
    Some(output)
}

/// From a judge's report of a Time Limit Exceeded, `stopped after X s` (or
/// `stopped after X s, Y s of it waiting for a core`, on a busy machine):
/// the seconds the program was given, less its wait for a core.
pub fn stopped_after_less_the_wait(report: &str) -> f64 {
    let line = report
        .lines()
        .find(|line| line.contains("stopped after"))
        .unwrap_or_else(|| panic!("how long it ran:\n{report}"));
    let after = line.rsplit("stopped after ").next().unwrap_or_default();
    let (after, queued) = after.split_once(", ").unwrap_or((after, "0 s"));
    let seconds = |text: &str| -> f64 {
        text.trim_end_matches(" of it waiting for a core")
            .trim_end_matches(" s")
            .parse()
            .unwrap_or_else(|_| panic!("a number of seconds: {line}"))
    };
    seconds(after) - seconds(queued)
}
