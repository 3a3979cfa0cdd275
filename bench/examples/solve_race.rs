//! Whole-process race: `sudoku37 solve` against a minimal command-line solver
//! around the `sudoku` crate (`bench/examples/crate_solve.rs`), on the same input
//! files, run in alternation so that both see the same machine.
//!
//! ```sh
//! cargo build --release --bin sudoku37 --example crate_solve
//! cargo run --release --example solve_race -- [--rounds 5] [--million] [--data DIR]
//!     [--write-into README.md --write-into README.zh-CN.md]
//! ```
//!
//! For each public set (17-clue, top1465, the forum's hardest) it writes an
//! input of the set repeated to at least 20,000 puzzles, then times, in each
//! round and in turn: the crate's solver, `sudoku37 solve --jobs 1`, and
//! `sudoku37 solve` with the default jobs (every core). It prints the median
//! wall time of each and the ratios (above 1: `sudoku37` is faster), and the
//! peak memory (resident set, `VmHWM` in `/proc`) of each process. `--million` adds a run on
//! 1,000,000 puzzles (17-clue, repeated) for time and peak memory. Every
//! output of `sudoku37` is compared with the crate's, line by line, on the
//! 17-clue set (whose puzzles have one solution each). The share column is
//! `solve --jobs 1`'s time over the crate's, the measure the whole-process
//! targets are set in.
//!
//! With `--write-into FILE` (repeatable; a relative path is read from the
//! workspace's root), the report also replaces what lies between the lines
//! `<!-- solve race: begin -->` and `<!-- solve race: end -->` of FILE, in
//! Chinese for a Chinese file (`README.zh-CN.md`), as the race does for its
//! own blocks. Every file is checked before the race starts; a file without
//! the block, or a run that failed, leaves every file as it was and exits
//! nonzero.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku37::sets::public;
use sudoku37_bench::whole_process::{report, Language, Row};
use sudoku37_bench::{generated_block, machine};
use sudoku37_tool::compare::block;

/// A finished child process: its wall time and peak resident memory.
struct Run {
    wall: Duration,
    peak_kib: u64,
    status: Option<i32>,
}

/// The peak resident set (`VmHWM`) of a running process, in KiB.
fn peak_of(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `program` with `arguments`, input from `input`, output to `output`,
/// and measures it. The peak memory is read from `/proc` every millisecond
/// while the process runs (the last reading before it exits).
fn run(program: &Path, arguments: &[&str], input: &Path, output: &Path) -> Run {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(arguments)
        .stdin(File::open(input).expect("input file"))
        .stdout(File::create(output).expect("output file"))
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot start {}: {error}", program.display()));
    let pid = child.id();
    let mut peak_kib = 0;
    let status = loop {
        if let Some(peak) = peak_of(pid) {
            peak_kib = peak_kib.max(peak);
        }
        match child.try_wait().expect("wait for the child") {
            Some(status) => break status,
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    };
    Run {
        wall: started.elapsed(),
        peak_kib,
        status: status.code(),
    }
}

/// Writes the puzzles of `set` (81-character first fields) repeated until
/// there are at least `at_least` of them; returns the path, the count and
/// how many copies of the set that is.
fn repeated_input(set: &Path, at_least: usize, scratch: &Path) -> (PathBuf, usize, usize) {
    let puzzles: Vec<String> = BufReader::new(File::open(set).expect("set file"))
        .lines()
        .map_while(Result::ok)
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(!puzzles.is_empty(), "{} holds no puzzle", set.display());
    let copies = at_least.div_ceil(puzzles.len());
    let name = set.file_stem().unwrap_or_default().to_string_lossy();
    let path = scratch.join(format!("{name}_x{copies}.txt"));
    let mut out = BufWriter::new(File::create(&path).expect("scratch file"));
    for _ in 0..copies {
        for puzzle in &puzzles {
            writeln!(out, "{puzzle}").expect("write scratch");
        }
    }
    out.flush().expect("write scratch");
    (path, copies * puzzles.len(), copies)
}

/// The median of some rounds (there is always at least one).
fn median(times: Vec<Duration>) -> Duration {
    sudoku37_tool::measure::median(&times).unwrap_or_default()
}

/// The first and last lines of the block that `--write-into` replaces.
const BLOCK_MARKERS: (&str, &str) = ("<!-- solve race: begin -->", "<!-- solve race: end -->");

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = match arguments
        .iter()
        .position(|argument| argument == "--rounds")
        .map(|at| arguments.get(at + 1))
    {
        None => 5,
        Some(value) => match value.map(|rounds| rounds.parse::<usize>()) {
            Some(Ok(rounds @ 1..=1000)) => rounds,
            _ => {
                eprintln!(
                    "error: --rounds must be a whole number from 1 to 1000, not {}",
                    value.map_or("nothing", String::as_str)
                );
                std::process::exit(2);
            }
        },
    };
    let million = arguments.iter().any(|argument| argument == "--million");
    let data_argument = arguments
        .iter()
        .position(|argument| argument == "--data")
        .and_then(|at| arguments.get(at + 1));
    let data = data_argument
        .map(PathBuf::from)
        .or_else(sudoku37::sets::shared_data_dir);
    let Some(data) = data else {
        eprintln!("no public puzzle sets: pass --data DIR or set SUDOKU37_DATA");
        std::process::exit(2);
    };
    // `--write-into FILE`, repeatable: the report also replaces FILE's
    // block, in Chinese for a Chinese file. A relative path is read from the
    // workspace's root.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let write_into_arguments: Vec<&String> = arguments
        .iter()
        .enumerate()
        .filter(|(_, argument)| *argument == "--write-into")
        .map(|(at, _)| match arguments.get(at + 1) {
            Some(path) if !path.starts_with("--") => path,
            _ => {
                eprintln!("error: --write-into needs a file");
                std::process::exit(2);
            }
        })
        .collect();
    let write_into: Vec<PathBuf> = write_into_arguments
        .iter()
        .map(|path| root.join(path))
        .collect();
    let (begin, end) = BLOCK_MARKERS;
    for path in &write_into {
        if let Err(error) = block::check(path, begin, end) {
            eprintln!("error: cannot update {}: {error}", path.display());
            std::process::exit(2);
        }
    }
    let release = root.join("target/release");
    let ours = release.join("sudoku37");
    let baseline = release.join("examples/crate_solve");
    for program in [&ours, &baseline] {
        if !program.exists() {
            eprintln!(
                "{} is missing: run `cargo build --release --bin sudoku37 --example crate_solve`",
                program.display()
            );
            std::process::exit(2);
        }
    }
    let scratch = std::env::temp_dir().join(format!("sudoku37-race-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());

    let mut command = format!(
        "cargo build --release --bin sudoku37 --example crate_solve && cargo run --release \
         --example solve_race -- --rounds {rounds}"
    );
    if million {
        command.push_str(" --million");
    }
    if let Some(data) = data_argument {
        command.push_str(&format!(" --data {data}"));
    }
    for path in &write_into_arguments {
        command.push_str(&format!(" --write-into {path}"));
    }
    let machine = format!(
        "{}; {cores} logical cores.{}",
        machine::cpu_name(),
        machine::load(cores)
    );
    let mut cases = vec![
        (public::SEVENTEEN_CLUE, 40_000),
        (public::TOP1465, 20_000),
        (public::HARDEST_FORUM_1106, 20_000),
    ];
    if million {
        cases.push((public::SEVENTEEN_CLUE, 1_000_000));
    }
    let mut all_good = true;
    let mut answers_match = None;
    let mut rows = Vec::new();
    for (public_set, at_least) in cases {
        let file = public_set.file_name();
        let set = public_set.path_in(&data);
        if !set.exists() {
            eprintln!("skipping {file}: not in {}", data.display());
            continue;
        }
        let (input, count, copies) = repeated_input(&set, at_least, &scratch);
        let rounds = if count >= 1_000_000 { 1 } else { rounds };
        let outputs = [
            scratch.join("crate.out"),
            scratch.join("jobs1.out"),
            scratch.join("jobsn.out"),
        ];
        let mut times: [Vec<Duration>; 3] = Default::default();
        let mut peaks = [0u64; 3];
        for _ in 0..rounds {
            let runs = [
                run(&baseline, &[], &input, &outputs[0]),
                run(&ours, &["solve", "--jobs", "1"], &input, &outputs[1]),
                run(&ours, &["solve"], &input, &outputs[2]),
            ];
            for (index, measured) in runs.iter().enumerate() {
                times[index].push(measured.wall);
                peaks[index] = peaks[index].max(measured.peak_kib);
                if measured.status != Some(0) {
                    eprintln!("{file}: run {index} exited {:?}", measured.status);
                    all_good = false;
                }
            }
        }
        if public_set == public::SEVENTEEN_CLUE {
            let same = outputs[1..]
                .iter()
                .all(|output| std::fs::read(output).ok() == std::fs::read(&outputs[0]).ok());
            if !same {
                eprintln!("{file}: sudoku37's answers differ from the crate's");
                all_good = false;
            }
            answers_match = Some(answers_match.unwrap_or(true) && same);
        }
        rows.push(Row {
            name: file.trim_end_matches(".txt").to_string(),
            repeated: copies > 1,
            puzzles: count,
            times: times.map(median),
            peaks,
        });
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "{}",
        report(
            Language::English,
            &command,
            &machine,
            &rows,
            cores,
            answers_match
        )
    );
    if !all_good {
        eprintln!("error: some run failed; no block written");
        std::process::exit(1);
    }
    for path in &write_into {
        let text = report(
            Language::of(path),
            &command,
            &machine,
            &rows,
            cores,
            answers_match,
        );
        match block::replace_in_file(path, begin, end, &generated_block(begin, end, &text)) {
            Ok(()) => println!("wrote the solve race block of {}", path.display()),
            Err(error) => {
                eprintln!("error: cannot update {}: {error}", path.display());
                std::process::exit(2);
            }
        }
    }
}
