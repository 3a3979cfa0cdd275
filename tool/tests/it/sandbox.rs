//! The judge is a sandbox: a learner's program, and the compiler that builds
//! it, stay within their limits whatever they do, and nothing they start
//! outlives the run. Each test is a hostile program, judged as a learner
//! would judge it (the same runner serves `practice check`, checked here
//! too).

use crate::common::{finish_within, processes_under, solution_with, text};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A folder with the solution in it, and a folder for the judge's
/// temporary files (where the compiled program lies).
struct SolutionFolder {
    dir: tempfile::TempDir,
    solution: PathBuf,
    tmp: PathBuf,
}

fn case(name: &str, code: &str) -> SolutionFolder {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let solution = dir.path().join(name);
    std::fs::write(&solution, code).expect("write the solution");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a temporary folder for the judge");
    SolutionFolder { dir, solution, tmp }
}

/// Runs `command` and waits at most `limit` for it: a run that hangs is
/// killed, and fails the test with `what`.
fn run_within(command: &mut Command, limit: Duration, what: &str) -> (Output, Duration) {
    let started = Instant::now();
    let mut child: Child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sudoku37");
    loop {
        if child.try_wait().expect("wait").is_some() {
            let output = child.wait_with_output().expect("the output");
            return (output, started.elapsed());
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output().expect("the output");
            panic!(
                "{what}: still running after {limit:?}\nstdout: {}\nstderr: {}",
                text(&output.stdout),
                text(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn judge(
    case: &SolutionFolder,
    options: &[&str],
    limit: Duration,
    what: &str,
) -> (Output, Duration) {
    run_within(
        crate::common::command()
            .env("TMPDIR", &case.tmp)
            .arg("judge")
            .arg(&case.solution)
            .args(options),
        limit,
        what,
    )
}

/// The processes whose command line (its words joined by spaces) holds
/// `needle`.
fn processes_with(needle: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|line| {
                String::from_utf8_lossy(&line)
                    .replace('\0', " ")
                    .contains(needle)
            })
        })
        .collect()
}

// 1. Closed standard output.

const CLOSES_STDOUT: &str = "        extern \"C\" { fn close(fd: i32) -> i32; }\n        unsafe { close(1); }\n        loop { std::hint::black_box(board.len()); }";

#[test]
fn a_program_that_closes_its_output_and_loops_gets_time_limit_exceeded_within_its_limit() {
    let case = case("closes.rs", &solution_with(CLOSES_STDOUT));
    let (output, _) = judge(
        &case,
        &["--time-limit", "1", "--set", "leetcode_example"],
        Duration::from_secs(60),
        "judge of a program that closed its output",
    );
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("Time Limit Exceeded"), "{stdout}");
    // Stopped at the limit (and any wait for a core), not when something
    // else gave up.
    let own = crate::common::stopped_after_less_the_wait(&stdout);
    // (Less a hundredth or two: both times are rounded, and the kernel
    // counts CPU time in ticks.)
    assert!((0.97..1.5).contains(&own), "{stdout}");
    assert!(processes_under(&case.tmp.canonicalize().expect("the folder")).is_empty());
}

#[test]
fn practice_check_of_a_program_that_closes_its_output_ends_at_its_time_limit() {
    let stub = sudoku37_tool::practice::render_stub(
        sudoku37_tool::practice::find("template").expect("an exercise"),
        sudoku37_tool::practice::Language::English,
    );
    let first_line = stub.lines().next().expect("the stub's first line");
    let case = case(
        "mine.rs",
        &format!("{first_line}\n{}", solution_with(CLOSES_STDOUT)),
    );
    let (output, elapsed) = run_within(
        crate::common::command()
            .env("TMPDIR", &case.tmp)
            .env("SUDOKU37_PRACTICE_DIR", case.dir.path())
            .args(["practice", "check", "--time-limit", "1"])
            .arg(&case.solution),
        Duration::from_secs(60),
        "practice check of a program that closed its output",
    );
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Time Limit Exceeded"), "{stdout}");
    assert!(elapsed < Duration::from_secs(40), "{elapsed:?}");
}

// 2. A detached grandchild.

/// The modes of the jail a hostile program is tried in: bubblewrap, and
/// landlock, the fallback where namespaces are refused (chosen with the
/// runner's switch, as a machine without bubblewrap would choose it).
const MODES: [&str; 2] = ["bubblewrap", "landlock"];

/// Judges `case` in jail `mode`; `None` (after saying so) where this
/// machine cannot give that mode.
fn judge_in(mode: &str, case: &SolutionFolder, options: &[&str], what: &str) -> Option<Output> {
    let (output, _) = run_within(
        crate::common::command()
            .env("SUDOKU37_SANDBOX", mode)
            .env("TMPDIR", &case.tmp)
            .current_dir(case.dir.path())
            .arg("judge")
            .arg(&case.solution)
            .args(options),
        Duration::from_secs(90),
        what,
    );
    if text(&output.stderr).contains("offers no way to isolate the program") {
        eprintln!("SKIPPED {what} under {mode}: not available on this machine");
        return None;
    }
    Some(output)
}

/// Asserts that a judge run was Accepted, whole.
fn assert_accepted(mode: &str, output: &Output) {
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("Accepted: 6 of 6 puzzles solved"),
        "{mode}: {stdout}{}",
        text(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(0), "{mode}: {stdout}");
}

#[test]
fn a_program_cannot_reach_the_terminal_of_the_judge() {
    let Some(script) = ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .find(|path| Path::new(path).exists())
    else {
        eprintln!("SKIPPED: no `script` here to give the judge a terminal");
        return;
    };
    // It writes to the terminal, and pushes a character into its input.
    let code = "        extern \"C\" { fn open(p: *const u8, f: i32, ...) -> i32; fn write(fd: i32, b: *const u8, n: usize) -> isize; fn ioctl(fd: i32, request: u64, ...) -> i32; }\n        let tty = unsafe { open(b\"/dev/tty\\0\".as_ptr(), 2) };\n        if tty >= 0 {\n            let said = b\"REACHED-THE-TERMINAL\\n\";\n            unsafe { write(tty, said.as_ptr(), said.len()); ioctl(tty, 0x5412, b\"Z\".as_ptr()); }\n        }";
    let case = case("tty.rs", &solution_with(code));
    for mode in MODES {
        let command = format!(
            "SUDOKU37_SANDBOX={mode} TMPDIR={} {} judge {} --limit 1 --compare-budget 0",
            case.tmp.display(),
            crate::common::bin(),
            case.solution.display()
        );
        let (output, _) = run_within(
            Command::new(script).args(["-qec", &command, "/dev/null"]),
            Duration::from_secs(90),
            "the judge in a terminal",
        );
        let transcript = text(&output.stdout);
        if transcript.contains("offers no way to isolate the program") {
            eprintln!("SKIPPED the terminal under {mode}: not available here");
            continue;
        }
        assert!(
            transcript.contains(": 6 of 6 puzzles solved"),
            "{mode}: {transcript}"
        );
        assert!(
            !transcript.contains("REACHED-THE-TERMINAL"),
            "{mode}: {transcript}"
        );
    }
}

#[test]
fn a_program_cannot_write_into_the_judge_s_own_output() {
    // It looks for the judge among its ancestors, and appends to its stdout.
    let code = "        static ONCE: std::sync::Once = std::sync::Once::new();\n        ONCE.call_once(|| {\n            let parent = |pid: &str| -> Option<String> {\n                let stat = std::fs::read_to_string(format!(\"/proc/{pid}/stat\")).ok()?;\n                Some(stat[stat.rfind(')')? + 2..].split(' ').nth(1)?.to_string())\n            };\n            let mut pid = \"self\".to_string();\n            for _ in 0..8 {\n                let Some(up) = parent(&pid) else { break };\n                pid = up;\n                let opened = std::fs::OpenOptions::new().append(true).open(format!(\"/proc/{pid}/fd/1\"));\n                if let Ok(mut out) = opened {\n                    use std::io::Write;\n                    let _ = out.write_all(b\"FORGED: Accepted: 451 of 451\\n\");\n                }\n            }\n        });";
    let case = case("forge.rs", &solution_with(code));
    for mode in MODES {
        let Some(output) = judge_in(
            mode,
            &case,
            &["--limit", "1", "--compare-budget", "0"],
            "a forger",
        ) else {
            continue;
        };
        assert!(
            !text(&output.stdout).contains("FORGED"),
            "{mode}: {}",
            text(&output.stdout)
        );
        assert_accepted(mode, &output);
    }
}

#[test]
fn a_program_sees_no_file_environment_or_folder_of_the_user_s() {
    let case = case("nosy.rs", "");
    let practice = case.dir.path().join("mine");
    std::fs::create_dir(&practice).expect("a practice folder");
    let progress = practice.join("progress.txt");
    std::fs::write(&progress, "passed box_of\nmy precious notes\n").expect("progress");
    let code = format!(
        "        static ONCE: std::sync::Once = std::sync::Once::new();\n        ONCE.call_once(|| {{\n            let _ = std::fs::write({progress:?}, \"passed dancing_links\\n\");\n            let _ = std::fs::write(\"left-by-solution.txt\", \"here\");\n            let _ = std::fs::write({left:?}, \"here\");\n            for (name, _) in std::env::vars_os() {{\n                if name != \"PATH\" && name != \"PWD\" {{ panic!(\"the environment holds {{name:?}}\"); }}\n            }}\n        }});",
        left = case.dir.path().join("left-by-path.txt"),
    );
    std::fs::write(&case.solution, solution_with(&code)).expect("the solution");
    for mode in MODES {
        let (output, _) = run_within(
            crate::common::command()
                .env("SUDOKU37_SANDBOX", mode)
                .env("TMPDIR", &case.tmp)
                .env("SUDOKU37_PRACTICE_DIR", &practice)
                .current_dir(case.dir.path())
                .arg("judge")
                .arg(&case.solution)
                .args(["--limit", "1", "--compare-budget", "0"]),
            Duration::from_secs(90),
            "a nosy program",
        );
        if text(&output.stderr).contains("offers no way to isolate the program") {
            eprintln!("SKIPPED under {mode}: not available here");
            continue;
        }
        assert_accepted(mode, &output);
        assert_eq!(
            std::fs::read_to_string(&progress).expect("progress"),
            "passed box_of\nmy precious notes\n",
            "{mode}"
        );
        for left in ["left-by-solution.txt", "left-by-path.txt"] {
            assert!(!case.dir.path().join(left).exists(), "{mode}: {left}");
        }
    }
}

#[test]
fn the_compiler_shows_no_file_of_the_user_s_in_a_compile_error() {
    let case = case("leak.rs", "");
    let secret = case.dir.path().join("secret.rs");
    std::fs::write(&secret, "TOPSECRET lines of mine\n").expect("a file of the user's");
    let code = format!("#[path = {secret:?}]\nmod leak;\n{}", solution_with(""));
    std::fs::write(&case.solution, code).expect("the solution");
    for mode in MODES {
        let Some(output) = judge_in(mode, &case, &["--limit", "1"], "a leaking file") else {
            continue;
        };
        let stdout = text(&output.stdout);
        assert!(stdout.starts_with("Compile Error"), "{mode}: {stdout}");
        assert!(!stdout.contains("TOPSECRET"), "{mode}: {stdout}");
    }
}

#[test]
fn a_program_starts_no_process_and_keeps_no_memory_outside_its_limit() {
    let marker = format!("s5{}", std::process::id());
    let shm = format!("/dev/shm/sudoku37-{marker}");
    // Forked children would each have a memory limit of their own, and a
    // file in /dev/shm would outlive the run: the first are refused, and
    // /dev/shm is the jail's own, small, or not writable at all.
    let code = format!(
        "        extern \"C\" {{ fn fork() -> i32; fn waitpid(p: i32, s: *mut i32, o: i32) -> i32; fn _exit(c: i32) -> !; }}\n        static ONCE: std::sync::Once = std::sync::Once::new();\n        ONCE.call_once(|| {{\n            let child = unsafe {{ fork() }};\n            if child == 0 {{ unsafe {{ _exit(0) }} }}\n            if child > 0 {{ unsafe {{ waitpid(child, std::ptr::null_mut(), 0); }} panic!(\"forked a child\"); }}\n            if std::process::Command::new(\"setsid\").arg(\"sleep\").arg(\"{marker}\").spawn().is_ok() {{ panic!(\"started a process\"); }}\n            let chunk = vec![7u8; 1 << 20];
            if let Ok(mut file) = std::fs::File::create({shm:?}) {{
                use std::io::Write;
                if (0..8).all(|_| file.write_all(&chunk).is_ok()) {{ panic!(\"kept 8 MiB in /dev/shm\"); }}
            }}\n        }});"
    );
    let case = case("forks.rs", &solution_with(&code));
    for mode in MODES {
        let Some(output) = judge_in(
            mode,
            &case,
            &[
                "--limit",
                "1",
                "--memory-limit",
                "64",
                "--compare-budget",
                "0",
            ],
            "a forking program",
        ) else {
            continue;
        };
        assert_accepted(mode, &output);
        assert!(!Path::new(&shm).exists(), "{mode}: {shm} outlived the run");
        assert!(processes_with(&format!("sleep {marker}")).is_empty());
    }
}

/// A library that makes `unshare` fail, for `LD_PRELOAD`: a machine that
/// refuses namespaces, as far as the judge can tell. `None` (after saying
/// so) without a C compiler.
fn refusing_namespaces(folder: &Path) -> Option<PathBuf> {
    let source = folder.join("nons.c");
    let library = folder.join("nons.so");
    std::fs::write(
        &source,
        "#define _GNU_SOURCE\n#include <errno.h>\nint unshare(int flags) { (void)flags; errno = EPERM; return -1; }\n",
    )
    .expect("write the shim");
    let built = ["cc", "gcc", "clang"].into_iter().any(|compiler| {
        Command::new(compiler)
            .args(["-shared", "-fPIC", "-o"])
            .arg(&library)
            .arg(&source)
            .status()
            .is_ok_and(|status| status.success())
    });
    if !built {
        eprintln!("SKIPPED refusing namespaces with LD_PRELOAD: no C compiler here");
    }
    built.then_some(library)
}

#[test]
fn a_program_cannot_kill_the_judge() {
    // Where there is no PID namespace the judge is its parent.
    let code = "        extern \"C\" { fn getppid() -> i32; fn kill(p: i32, s: i32) -> i32; }\n        unsafe { kill(getppid(), 9); kill(-1, 9); }";
    let case = case("killer.rs", &solution_with(code));
    let shim = refusing_namespaces(case.dir.path());
    for mode in MODES {
        let mut command = crate::common::command();
        command
            .env("SUDOKU37_SANDBOX", mode)
            .env("TMPDIR", &case.tmp)
            .arg("judge")
            .arg(&case.solution)
            .args(["--limit", "1", "--compare-budget", "0"]);
        // The fallback is for machines that refuse namespaces: so are they
        // refused here.
        if let (Some(shim), "landlock") = (&shim, mode) {
            command.env("LD_PRELOAD", shim);
        }
        let (output, _) = run_within(&mut command, Duration::from_secs(90), "a killer");
        if text(&output.stderr).contains("offers no way to isolate the program") {
            eprintln!("SKIPPED a killer under {mode}: not available here");
            continue;
        }
        assert_accepted(mode, &output);
    }
}

#[test]
fn without_a_jail_the_judge_refuses_unless_the_weaker_mode_is_accepted() {
    let case = case("fine.rs", &solution_with(""));
    let (output, _) = run_within(
        crate::common::command()
            .env("SUDOKU37_SANDBOX", "none")
            .env("TMPDIR", &case.tmp)
            .arg("judge")
            .arg(&case.solution)
            .args(["--set", "leetcode_example"]),
        Duration::from_secs(60),
        "a judge without a jail",
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("install bubblewrap"), "{stderr}");
    assert!(stderr.contains("--weak-sandbox"), "{stderr}");
    assert!(!text(&output.stdout).contains("Accepted"));
    let (output, _) = run_within(
        crate::common::command()
            .env("SUDOKU37_SANDBOX", "none")
            .env("TMPDIR", &case.tmp)
            .arg("judge")
            .arg(&case.solution)
            .args(["--set", "leetcode_example", "--weak-sandbox"]),
        Duration::from_secs(60),
        "a judge in the weak mode",
    );
    assert!(
        text(&output.stdout).starts_with("Accepted"),
        "{}",
        text(&output.stderr)
    );
}

// 3. Memory and output.

#[test]
fn memory_past_the_limit_is_memory_limit_exceeded_as_leetcode_says_it() {
    for (name, code) in [
        (
            "touches.rs",
            "        let mut touched = vec![0u8; 2usize << 30];\n        for at in (0..touched.len()).step_by(4096) { touched[at] = 1; }\n        std::hint::black_box(&touched);",
        ),
        (
            "asks.rs",
            "        let asked: Vec<u8> = Vec::with_capacity(20_000_000_000);\n        std::hint::black_box(&asked);",
        ),
    ] {
        let case = case(name, &solution_with(code));
        let (output, elapsed) = judge(
            &case,
            &["--set", "leetcode_example"],
            Duration::from_secs(60),
            name,
        );
        let stdout = text(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{name}: {stdout}");
        assert!(stdout.starts_with("Memory Limit Exceeded"), "{name}: {stdout}");
        assert!(stdout.contains("past the memory limit of 512 MiB (--memory-limit)"), "{stdout}");
        assert!(elapsed < Duration::from_secs(40), "{name}: {elapsed:?}");
    }
    // A smaller limit is a flag; an absurd one is refused with its range.
    let case = case(
        "small.rs",
        &solution_with(
            "        let kept = vec![1u8; 100 << 20];\n        std::hint::black_box(&kept);",
        ),
    );
    let (output, _) = judge(
        &case,
        &["--set", "leetcode_example", "--memory-limit", "64"],
        Duration::from_secs(60),
        "a 64 MiB limit",
    );
    assert!(
        text(&output.stdout).starts_with("Memory Limit Exceeded"),
        "{}",
        text(&output.stdout)
    );
    let (output, _) = judge(
        &case,
        &["--memory-limit", "0"],
        Duration::from_secs(30),
        "0 MiB",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("from 16 to 65536"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn endless_printing_is_output_limit_exceeded() {
    let case = case(
        "printer.rs",
        &solution_with("        loop { println!(\"{}\", \"x\".repeat(1000)); }"),
    );
    let (output, elapsed) = judge(
        &case,
        &["--set", "leetcode_example", "--time-limit", "30"],
        Duration::from_secs(60),
        "an endless printer",
    );
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("Output Limit Exceeded"), "{stdout}");
    assert!(stdout.contains("more than 16 MiB"), "{stdout}");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

// 4. and 5. The compiler's limits, and a compiler that dies.

#[test]
fn a_constant_that_never_finishes_evaluating_stops_the_compiler_at_its_limit() {
    let code = format!(
        "#![allow(long_running_const_eval)]\nconst SPIN: u64 = {{ let mut i = 0u64; loop {{ i = i.wrapping_add(1); if i == 0 {{ break; }} }} i }};\n{}",
        solution_with("        std::hint::black_box(SPIN);")
    );
    let case = case("spin.rs", &code);
    let (output, elapsed) = judge(
        &case,
        &["--set", "leetcode_example", "--compile-time-limit", "3"],
        Duration::from_secs(60),
        "judge of an endless constant",
    );
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}");
    assert!(stdout.starts_with("Compile Error"), "{stdout}");
    assert!(
        stdout.contains("rustc was stopped at its time limit of 3 s (--compile-time-limit)"),
        "{stdout}"
    );
    assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
}

#[test]
fn a_compiler_that_fails_or_dies_is_said_to_have_failed_not_a_compile_error() {
    let case = case("fine.rs", &solution_with(""));
    let killer = case.dir.path().join("killed-rustc");
    std::fs::write(&killer, "#!/bin/sh\nkill -9 $$\n").expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&killer, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    for (rustc, how) in [
        (
            PathBuf::from("/bin/false"),
            "exited with status 1, and said nothing",
        ),
        (killer, "was killed by signal 9 (SIGKILL)"),
    ] {
        let (output, _) = run_within(
            crate::common::command()
                .env("RUSTC", &rustc)
                .env("TMPDIR", &case.tmp)
                .arg("judge")
                .arg(&case.solution)
                .args(["--set", "leetcode_example"]),
            Duration::from_secs(30),
            "judge with a failing compiler",
        );
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
        assert!(!stdout.contains("Compile Error"), "{stdout}");
        assert!(
            stderr.contains(&format!(
                "error: the compiler {} failed: it {how}",
                rustc.display()
            )),
            "{stderr}"
        );
        // practice check says the same, never "its messages are above".
        let (output, _) = run_within(
            crate::common::command()
                .env("RUSTC", &rustc)
                .env("TMPDIR", &case.tmp)
                .env("SUDOKU37_PRACTICE_DIR", case.dir.path())
                .args(["practice", "check", "--exercise", "template"])
                .arg(&case.solution),
            Duration::from_secs(30),
            "practice check with a failing compiler",
        );
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
        assert!(!stdout.contains("messages are above"), "{stdout}");
        assert!(stderr.contains("failed: it"), "{stderr}");
    }
}

fn judge_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("a temporary folder for the judge");
    (dir, tmp)
}

const SPINS: &str = "impl Solution {\n    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {\n        let mut turns = 0u64;\n        loop {\n            turns = std::hint::black_box(turns.wrapping_add(board.len() as u64));\n        }\n    }\n}\n";

#[test]
fn a_signalled_judge_leaves_no_program_and_no_temporary_folder() {
    if !Path::new("/proc/self/exe").exists() {
        eprintln!("SKIPPED: no /proc here");
        return;
    }
    for signal in ["TERM", "INT", "KILL"] {
        let (dir, tmp) = judge_dir();
        let solution = dir.path().join("spins.rs");
        std::fs::write(&solution, SPINS).expect("write");
        let judge = crate::common::command()
            .env("TMPDIR", &tmp)
            .arg("judge")
            .arg(&solution)
            .args(["--time-limit", "600", "--set", "leetcode_example"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the judge");
        let started = Instant::now();
        let real_tmp = tmp.canonicalize().expect("the folder");
        while processes_under(&real_tmp).is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the program never started"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &judge.id().to_string()])
            .status()
            .expect("kill");
        assert!(killed.success());
        let output = finish_within(judge, Duration::from_secs(10), "the judge");
        assert_ne!(output.status.code(), Some(0), "{signal}");
        let settled = Instant::now();
        while !processes_under(&real_tmp).is_empty() {
            assert!(
                settled.elapsed() < Duration::from_secs(5),
                "SIG{signal}: the compiled program outlived the judge"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        if signal != "KILL" {
            // SIGKILL leaves no chance to clean up; the others do.
            let left: Vec<_> = std::fs::read_dir(&tmp)
                .expect("the folder")
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .collect();
            assert_eq!(left, Vec::<PathBuf>::new(), "SIG{signal}");
        }
    }
}

#[test]
fn a_solution_that_starts_sleep_cannot_stretch_the_time_limit() {
    let (dir, _) = judge_dir();
    let solution = dir.path().join("sleeper.rs");
    std::fs::write(
        &solution,
        "impl Solution {\n    pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {\n        let _ = std::process::Command::new(\"sleep\").arg(\"30\").spawn();\n        loop {\n            std::thread::sleep(std::time::Duration::from_millis(10));\n        }\n    }\n}\n",
    )
    .expect("write");
    let started = Instant::now();
    let output = crate::common::command()
        .arg("judge")
        .arg(&solution)
        .args(["--time-limit", "1", "--set", "leetcode_example"])
        .output()
        .expect("run the judge");
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Time Limit Exceeded"), "{stdout}");
    // Compiling takes a few seconds; the sleep would take 30.
    assert!(
        started.elapsed() < Duration::from_secs(25),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn ctrl_c_ends_the_judge_without_a_verdict_on_the_program_it_killed() {
    if !Path::new("/proc/self/exe").exists() {
        eprintln!("SKIPPED: no /proc here");
        return;
    }
    let (dir, tmp) = judge_dir();
    let solution = dir.path().join("slow.rs");
    std::fs::write(
        &solution,
        solution_with("        std::thread::sleep(std::time::Duration::from_millis(300));"),
    )
    .expect("write");
    let real_tmp = tmp.canonicalize().expect("the folder");
    for round in 0..3u64 {
        let judge = crate::common::command()
            .env("TMPDIR", &tmp)
            .arg("judge")
            .arg(&solution)
            .args(["--limit", "3", "--compare-budget", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the judge");
        let started = Instant::now();
        while processes_under(&real_tmp).is_empty() {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "never started"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        // At different moments of a puzzle.
        std::thread::sleep(Duration::from_millis(40 + 130 * round));
        let interrupted = Command::new("kill")
            .args(["-INT", &judge.id().to_string()])
            .status()
            .expect("kill");
        assert!(interrupted.success());
        let output = finish_within(judge, Duration::from_secs(10), "the judge");
        let stdout = text(&output.stdout);
        // Ended by the signal, as a shell says it: status 130.
        use std::os::unix::process::ExitStatusExt;
        let by_the_signal = output.status.code() == Some(130) || output.status.signal() == Some(2);
        assert!(
            by_the_signal,
            "round {round}: {:?}: {stdout}",
            output.status
        );
        assert!(!stdout.contains("Runtime Error"), "round {round}: {stdout}");
        assert!(!stdout.contains("signal 9"), "round {round}: {stdout}");
    }
}
