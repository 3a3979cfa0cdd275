//! Nothing the user owns is lost: the learner's progress survives runs at
//! once and a byte that is not UTF-8, their solution and their notes are
//! never written over, a file is never half written, and the output of a
//! run is never its input.

use crate::common::text;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

const EXAMPLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn run(arguments: &[&str], folder: &Path) -> Output {
    crate::common::command()
        .args(arguments)
        .current_dir(folder)
        .env("SUDOKU37_PRACTICE_DIR", folder.join("mine"))
        .stdin(Stdio::null())
        .output()
        .expect("run sudoku37")
}

/// A folder with LeetCode's example in `p.txt`.
fn folder_with_puzzle() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let puzzle = dir.path().join("p.txt");
    std::fs::write(&puzzle, format!("{EXAMPLE}\n")).expect("write");
    (dir, puzzle)
}

// 6. Overlapping practice runs.

#[test]
fn practice_runs_at_once_merge_their_progress() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    std::fs::write(
        mine.join("progress.txt"),
        "passed box_of\npassed valid_sudoku\n",
    )
    .expect("write");
    let names = [
        "one_blank",
        "one_undo",
        "template",
        "found_flag",
        "early_exit",
        "available_sets",
        "bool_arrays",
        "bitmask",
        "most_constrained",
        "propagation",
    ];
    let runs: Vec<_> = names
        .iter()
        .map(|name| {
            crate::common::command()
                .args(["practice", "hint", name])
                .env("SUDOKU37_PRACTICE_DIR", &mine)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start a hint")
        })
        .collect();
    for mut run in runs {
        assert!(run.wait().expect("a hint ends").success());
    }
    let progress = std::fs::read_to_string(mine.join("progress.txt")).expect("read");
    for name in names {
        assert!(
            progress.contains(&format!("hint {name} 1")),
            "{name}: {progress}"
        );
    }
    assert!(
        progress.contains("passed box_of") && progress.contains("passed valid_sudoku"),
        "{progress}"
    );
}

// 7. A progress file that is not UTF-8.

#[test]
fn a_progress_file_that_is_not_utf8_is_an_error_that_names_it_and_stays_as_it_was() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    // A note in GBK among the passed exercises.
    let bytes = b"passed box_of\npassed template\n\xce\xd2\xb5\xc4\xb1\xca\xbc\xc7\n".to_vec();
    std::fs::write(mine.join("progress.txt"), &bytes).expect("write");
    for arguments in [
        &["practice", "hint", "bitmask"][..],
        &["practice", "list"][..],
    ] {
        let output = run(arguments, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(
            stderr.contains("progress.txt") && stderr.contains("line 3 is not UTF-8"),
            "{stderr}"
        );
    }
    assert_eq!(
        std::fs::read(mine.join("progress.txt")).expect("read"),
        bytes
    );
}

// 8. `practice check --html` onto the learner's own file.

#[test]
fn practice_check_never_writes_its_page_over_the_learner_s_solution() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    let solution = mine.join("template.rs");
    let code = "// my solution, the only copy\nimpl Solution { pub fn solve_sudoku(_board: &mut Vec<Vec<char>>) {} }\n";
    std::fs::write(&solution, code).expect("write");
    let notes = dir.path().join("notes.md");
    std::fs::write(&notes, "# my notes\n").expect("write");
    for page in [&solution, &notes] {
        let output = run(
            &[
                "practice",
                "check",
                "template",
                "--html",
                &page.to_string_lossy(),
            ],
            dir.path(),
        );
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("cannot write"), "{stderr}");
        // Refused before the work: nothing was compiled.
        assert!(
            !text(&output.stdout).contains("stage compile"),
            "{}",
            text(&output.stdout)
        );
    }
    assert_eq!(std::fs::read_to_string(&solution).expect("read"), code);
    assert_eq!(
        std::fs::read_to_string(&notes).expect("read"),
        "# my notes\n"
    );
}

// 9. `--plot` onto the Markdown file the same run writes into, or any file
// of the user's.

#[test]
fn compare_plot_never_replaces_a_markdown_or_source_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let readme = dir.path().join("README.md");
    let original = "# mine\n<!-- sudoku37 compare: begin -->\n<!-- sudoku37 compare: end -->\n";
    std::fs::write(&readme, original).expect("write");
    let source = dir.path().join("lib.rs");
    std::fs::write(&source, "fn main() {}\n").expect("write");
    let readme_arg = readme.to_string_lossy().into_owned();
    let source_arg = source.to_string_lossy().into_owned();
    for arguments in [
        vec!["--plot", &readme_arg, "--write-into", &readme_arg],
        vec!["--plot", &readme_arg],
        vec!["--plot", &source_arg],
    ] {
        let mut all = vec!["compare", "--set", "leetcode_example", "--budget", "0.1"];
        all.extend(arguments.iter().copied());
        let output = run(&all, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(
            !stderr.contains("left as it was") || stderr.contains("cannot write"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_to_string(&readme).expect("read"), original);
    assert_eq!(
        std::fs::read_to_string(&source).expect("read"),
        "fn main() {}\n"
    );
}

// 10. A full disk.

/// Runs `sudoku37` as though the disk were full: no file it writes may grow
/// past `bytes` (RLIMIT_FSIZE, with SIGXFSZ ignored, so a write fails with
/// an error instead of killing it).
#[cfg(target_os = "linux")]
fn run_on_a_full_disk(arguments: &[&str], folder: &Path, bytes: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = crate::common::command();
    command
        .args(arguments)
        .current_dir(folder)
        .env("SUDOKU37_PRACTICE_DIR", folder.join("mine"))
        .stdin(Stdio::null());
    // SAFETY: signal and setrlimit are async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
            Ok(())
        });
    }
    command.output().expect("run sudoku37")
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_leaves_every_file_whole() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A Markdown file with a block: the block's new text does not fit.
    let note = dir.path().join("note.md");
    let original = format!(
        "# My long note\n{}\n<!-- sudoku37 compare: begin -->\nold\n<!-- sudoku37 compare: end -->\nthe end\n",
        "a line of mine\n".repeat(50)
    );
    std::fs::write(&note, &original).expect("write");
    let output = run_on_a_full_disk(
        &[
            "compare",
            "--set",
            "leetcode_example",
            "--approach",
            sudoku37::approaches::BITMASK.name,
            "--budget",
            "0.1",
            "--write-into",
            &note.to_string_lossy(),
        ],
        dir.path(),
        200,
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert_eq!(std::fs::read_to_string(&note).expect("read"), original);
    // `practice start` leaves no empty stub that would block a restart.
    let output = run_on_a_full_disk(&["practice", "start", "template"], dir.path(), 100);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(!dir.path().join("mine/template.rs").exists());
    let output = run(&["practice", "start", "template"], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The progress file keeps its passes when the update does not fit.
    let progress = dir.path().join("mine/progress.txt");
    std::fs::write(&progress, "passed box_of\npassed valid_sudoku\n").expect("write");
    let output = run_on_a_full_disk(&["practice", "hint", "template"], dir.path(), 10);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let kept = std::fs::read_to_string(&progress).expect("read");
    assert!(
        kept.contains("passed box_of") && kept.contains("passed valid_sudoku"),
        "{kept}"
    );
}

// 11. The output may not be the input.

#[test]
fn a_page_or_picture_never_replaces_the_puzzle_it_is_drawn_from() {
    let (dir, puzzle) = folder_with_puzzle();
    let name = puzzle.to_string_lossy().into_owned();
    for arguments in [
        vec!["explain", "--html", &name, &name],
        vec!["trace", "--html", &name, &name],
        vec!["trace", "--tree", &name, &name],
    ] {
        let output = run(&arguments, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(stderr.contains("it is this run's input"), "{stderr}");
    }
    assert_eq!(
        std::fs::read_to_string(&puzzle).expect("read"),
        format!("{EXAMPLE}\n")
    );
}

// 12. `explain --svg DIR`.

#[test]
fn explain_svg_keeps_the_user_s_pictures_and_clears_only_its_own_old_ones() {
    let (dir, puzzle) = folder_with_puzzle();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir(&pictures).expect("a folder");
    let name = puzzle.to_string_lossy().into_owned();
    let folder = pictures.to_string_lossy().into_owned();
    // A picture of the user's by the name of a step: nothing is written.
    std::fs::write(pictures.join("step-001.svg"), "<svg>mine</svg>").expect("write");
    let output = run(&["explain", "--svg", &folder, &name], dir.path());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("did not write it"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(pictures.join("step-001.svg")).expect("read"),
        "<svg>mine</svg>"
    );
    assert!(!pictures.join("end.svg").exists());
    // Without it: written; a second run of a shorter walkthrough removes
    // the old run's extra steps, and never the user's own files.
    std::fs::remove_file(pictures.join("step-001.svg")).expect("remove");
    std::fs::write(pictures.join("step-900.svg"), "<svg>also mine</svg>").expect("write");
    let output = run(&["explain", "--svg", &folder, &name], dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let steps = |folder: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .expect("listed")
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with("step-"))
            .collect();
        names.sort();
        names
    };
    let full = steps(&pictures);
    assert!(full.len() > 10, "{full:?}");
    // The solved example with three cells blanked: three steps.
    let short = "...678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let output = run(&["explain", "--svg", &folder, short], dir.path());
    let after = steps(&pictures);
    assert!(
        after.len() < full.len(),
        "{}: {after:?}",
        text(&output.stdout)
    );
    assert!(after.contains(&"step-900.svg".to_string()), "{after:?}");
    assert_eq!(
        std::fs::read_to_string(pictures.join("step-900.svg")).expect("read"),
        "<svg>also mine</svg>"
    );
}

// 29. Two blocks, and CRLF.

#[test]
fn write_into_refuses_two_blocks_and_keeps_crlf_line_endings() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let note = dir.path().join("note.md");
    let two = "<!-- sudoku37 compare: begin -->\n<!-- sudoku37 compare: end -->\n\n<!-- sudoku37 compare: begin -->\n<!-- sudoku37 compare: end -->\n";
    std::fs::write(&note, two).expect("write");
    let path = note.to_string_lossy().into_owned();
    let arguments = [
        "compare",
        "--set",
        "leetcode_example",
        "--approach",
        sudoku37::approaches::BITMASK.name,
        "--budget",
        "0.1",
        "--write-into",
        &path,
    ];
    let output = run(&arguments, dir.path());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("2 blocks"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&note).expect("read"), two);
    let crlf =
        "title\r\n<!-- sudoku37 compare: begin -->\r\n<!-- sudoku37 compare: end -->\r\nend\r\n";
    std::fs::write(&note, crlf).expect("write");
    let output = run(&arguments, dir.path());
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = std::fs::read_to_string(&note).expect("read");
    assert!(written.contains("bitmask"), "{written}");
    assert_eq!(
        written.matches('\n').count(),
        written.matches("\r\n").count(),
        "{written:?}"
    );
}

// 25 and 30. Bad output paths, said at once and in plain words.

#[test]
fn bad_output_paths_are_refused_before_the_work_in_plain_words() {
    let (dir, puzzle) = folder_with_puzzle();
    let name = puzzle.to_string_lossy().into_owned();
    for (arguments, said) in [
        (
            vec![
                "compare",
                "--set",
                "leetcode_example",
                "--plot",
                "/dev/full",
            ],
            "it is a device",
        ),
        (
            vec![
                "compare",
                "--set",
                "leetcode_example",
                "--plot",
                "missing/x.svg",
            ],
            "its folder does not exist",
        ),
        (
            vec!["explain", "--svg", &name, &name],
            "it is a file, not a folder",
        ),
        (
            vec!["explain", "--svg", "/dev/full", &name],
            "it is a device, not a folder",
        ),
    ] {
        let started = std::time::Instant::now();
        let output = run(&arguments, dir.path());
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}: {stderr}");
        assert!(stderr.contains(said), "{arguments:?}: {stderr}");
        assert!(!stderr.contains("File exists"), "{stderr}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{arguments:?}"
        );
    }
    // practice check --html onto a folder: refused before compiling.
    let mine = dir.path().join("mine");
    std::fs::create_dir(&mine).expect("a folder");
    std::fs::write(mine.join("template.rs"), "impl Solution {}\n").expect("write");
    let output = run(
        &[
            "practice",
            "check",
            "template",
            "--html",
            &dir.path().to_string_lossy(),
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        !text(&output.stdout).contains("stage compile"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn write_into_through_a_link_updates_the_file_it_points_to() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let real = dir.path().join("real");
    std::fs::create_dir(&real).expect("a folder");
    let target = real.join("bench.md");
    std::fs::write(
        &target,
        "intro\n<!-- sudoku37 compare: begin -->\nold\n<!-- sudoku37 compare: end -->\ntail\n",
    )
    .expect("write");
    let link = dir.path().join("linked.md");
    std::os::unix::fs::symlink("real/bench.md", &link).expect("a link");
    let path = link.to_string_lossy().into_owned();
    let output = run(
        &[
            "compare",
            "--set",
            "leetcode_example",
            "--approach",
            sudoku37::approaches::BITMASK.name,
            "--budget",
            "0.1",
            "--write-into",
            &path,
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("the link")
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    let written = std::fs::read_to_string(&target).expect("read");
    assert!(
        written.contains("bitmask") && !written.contains("\nold\n"),
        "{written}"
    );
    assert!(written.starts_with("intro\n") && written.ends_with("tail\n"));
}

#[test]
fn a_file_that_only_mentions_the_stamp_is_the_user_s_and_never_replaced() {
    let (dir, _) = folder_with_puzzle();
    let notes = dir.path().join("mynotes.md");
    let mine = "# My study notes\nThe trace pages are written by sudoku37, see below.\nLots of my own work here...\n";
    std::fs::write(&notes, mine).expect("write");
    let path = notes.to_string_lossy().into_owned();
    let output = run(&["explain", "--html", &path, EXAMPLE], dir.path());
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(
        text(&output.stderr).contains("sudoku37 did not write it"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read_to_string(&notes).expect("read"), mine);
    // A page it wrote itself is still its own, and replaced.
    let page = dir.path().join("page.html");
    let page_path = page.to_string_lossy().into_owned();
    for _ in 0..2 {
        let output = run(&["explain", "--html", &page_path, EXAMPLE], dir.path());
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
}
