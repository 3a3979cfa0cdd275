//! The variants of the classic backtracking that other write-ups use,
//! measured against the plain form in one run: a list of the blanks made once
//! instead of walking every cell; no board restore when the tables, not the
//! board, say which digits are used; and validity checked in one loop over
//! `i` with `board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]` for the box instead
//! of three loops. The "Variants you will see elsewhere" of the scan_validate
//! and bool_arrays notes come from here. The box's cells and number are read
//! from `sudoku37::grid` (`BOX`, `UNITS`: the same cells in the same order as
//! the write-ups' arithmetic), the one geometry outside the pasted code.
//!
//! ```sh
//! cargo run --release --example classic_variants -- [PASSES]
//! cargo run --release --example classic_variants -- --write-into notes/scan_validate.md \
//!     --write-into notes/zh/scan_validate.md --write-into notes/bool_arrays.md \
//!     --write-into notes/zh/bool_arrays.md
//! ```
//!
//! Every variant searches the same tree (same cell order, same digit order),
//! which this program checks by counting placements; the times are the best
//! of PASSES (9 by default) passes over each set, on LeetCode's signature,
//! the passes alternating between the variants of a group.
//!
//! With `--write-into FILE` (repeatable), the report also replaces what lies
//! between the lines `<!-- classic variants: begin -->` and `<!-- classic
//! variants: end -->` of FILE: the table, the comparisons it supports in
//! words, and the command and machine that made them, in Chinese when FILE
//! is under `notes/zh/`. Every file is checked for the block before anything
//! is measured; the same run writes every file, so the notes agree.

// The write-ups' index loops and LeetCode's `&mut Vec<Vec<char>>`, on purpose.
#![allow(clippy::needless_range_loop, clippy::ptr_arg)]

use std::time::{Duration, Instant};

use sudoku37::board::Board;
use sudoku37::grid::{BOX, UNITS};
use sudoku37::sets::{self, SetEntry};

type Solver = fn(&mut Vec<Vec<char>>) -> u64;

/// bool_arrays' tables; the search walks every cell in reading order,
/// restores the board on the way back, and returns at the first solution.
mod tables {
    use sudoku37::grid::BOX;

    pub struct Used {
        pub rows: [[bool; 9]; 9],
        pub columns: [[bool; 9]; 9],
        pub boxes: [[bool; 9]; 9],
        pub nodes: u64,
    }

    impl Used {
        pub fn new(board: &[Vec<char>]) -> Used {
            let mut used = Used {
                rows: [[false; 9]; 9],
                columns: [[false; 9]; 9],
                boxes: [[false; 9]; 9],
                nodes: 0,
            };
            for r in 0..9 {
                for c in 0..9 {
                    if let Some(d) = board[r][c].to_digit(10) {
                        used.set(r, c, d as usize - 1, true);
                    }
                }
            }
            used
        }

        pub fn free(&self, r: usize, c: usize, d: usize) -> bool {
            !self.rows[r][d] && !self.columns[c][d] && !self.boxes[BOX[r * 9 + c]][d]
        }

        pub fn set(&mut self, r: usize, c: usize, d: usize, value: bool) {
            self.rows[r][d] = value;
            self.columns[c][d] = value;
            self.boxes[BOX[r * 9 + c]][d] = value;
        }
    }
}

fn walk_cells(board: &mut Vec<Vec<char>>) -> u64 {
    fn go(board: &mut Vec<Vec<char>>, used: &mut tables::Used, index: usize) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return go(board, used, index + 1);
        }
        for d in 0..9 {
            if used.free(r, c, d) {
                board[r][c] = char::from(b'1' + d as u8);
                used.set(r, c, d, true);
                used.nodes += 1;
                if go(board, used, index + 1) {
                    return true;
                }
                used.set(r, c, d, false);
                board[r][c] = '.';
            }
        }
        false
    }
    let mut used = tables::Used::new(board);
    go(board, &mut used, 0);
    used.nodes
}

fn blank_list(board: &mut Vec<Vec<char>>, restore: bool) -> u64 {
    fn go(
        board: &mut Vec<Vec<char>>,
        used: &mut tables::Used,
        blanks: &[(usize, usize)],
        restore: bool,
    ) -> bool {
        let Some(&(r, c)) = blanks.first() else {
            return true;
        };
        for d in 0..9 {
            if used.free(r, c, d) {
                board[r][c] = char::from(b'1' + d as u8);
                used.set(r, c, d, true);
                used.nodes += 1;
                if go(board, used, &blanks[1..], restore) {
                    return true;
                }
                used.set(r, c, d, false);
                if restore {
                    board[r][c] = '.';
                }
            }
        }
        false
    }
    let mut used = tables::Used::new(board);
    let blanks: Vec<(usize, usize)> = (0..81)
        .map(|index| (index / 9, index % 9))
        .filter(|&(r, c)| board[r][c] == '.')
        .collect();
    go(board, &mut used, &blanks, restore);
    used.nodes
}

fn blank_list_restore(board: &mut Vec<Vec<char>>) -> u64 {
    blank_list(board, true)
}

fn blank_list_no_restore(board: &mut Vec<Vec<char>>) -> u64 {
    blank_list(board, false)
}

/// scan_validate's search (write, then check the board), with the check as
/// three loops or as one.
fn scan(board: &mut Vec<Vec<char>>, one_loop: bool) -> u64 {
    fn valid_three_loops(board: &[Vec<char>], r: usize, c: usize) -> bool {
        let digit = board[r][c];
        for i in 0..9 {
            if i != c && board[r][i] == digit {
                return false;
            }
        }
        for i in 0..9 {
            if i != r && board[i][c] == digit {
                return false;
            }
        }
        // The box's top-left cell.
        let corner = UNITS[18 + BOX[r * 9 + c]][0];
        let (top, left) = (corner / 9, corner % 9);
        for i in top..top + 3 {
            for j in left..left + 3 {
                if (i, j) != (r, c) && board[i][j] == digit {
                    return false;
                }
            }
        }
        true
    }
    fn valid_one_loop(board: &[Vec<char>], r: usize, c: usize) -> bool {
        let digit = board[r][c];
        let square = UNITS[18 + BOX[r * 9 + c]];
        for i in 0..9 {
            let (box_r, box_c) = (square[i] / 9, square[i] % 9);
            if (i != c && board[r][i] == digit)
                || (i != r && board[i][c] == digit)
                || ((box_r, box_c) != (r, c) && board[box_r][box_c] == digit)
            {
                return false;
            }
        }
        true
    }
    fn go(board: &mut Vec<Vec<char>>, index: usize, one_loop: bool, nodes: &mut u64) -> bool {
        if index == 81 {
            return true;
        }
        let (r, c) = (index / 9, index % 9);
        if board[r][c] != '.' {
            return go(board, index + 1, one_loop, nodes);
        }
        for digit in '1'..='9' {
            board[r][c] = digit;
            let valid = if one_loop {
                valid_one_loop(board, r, c)
            } else {
                valid_three_loops(board, r, c)
            };
            if valid {
                *nodes += 1;
                if go(board, index + 1, one_loop, nodes) {
                    return true;
                }
            }
            board[r][c] = '.';
        }
        false
    }
    let mut nodes = 0;
    go(board, 0, one_loop, &mut nodes);
    nodes
}

fn scan_three_loops(board: &mut Vec<Vec<char>>) -> u64 {
    scan(board, false)
}

fn scan_one_loop(board: &mut Vec<Vec<char>>) -> u64 {
    scan(board, true)
}

fn read_set(name: &str) -> Vec<SetEntry> {
    sets::builtin(name)
        .expect("one of the project's own sets")
        .puzzles
}

/// One pass of `solver` over `puzzles`: its time and its nodes. Every
/// answer is checked against the puzzle's known solution.
fn one_pass(solver: Solver, puzzles: &[SetEntry]) -> (Duration, u64) {
    let mut boards: Vec<Board> = puzzles.iter().map(|puzzle| puzzle.board()).collect();
    let start = Instant::now();
    let nodes = boards.iter_mut().map(solver).sum();
    let elapsed = start.elapsed();
    for (board, puzzle) in boards.iter().zip(puzzles) {
        assert_eq!(
            Some(board),
            puzzle.solution_board().as_ref(),
            "line {}",
            puzzle.line
        );
    }
    (elapsed, nodes)
}

/// The best time of `passes` passes of each solver over `puzzles`, and the
/// nodes of one. The passes alternate between the solvers (one pass of
/// each, then again), so that a busy moment of a shared machine falls on
/// all of them alike.
fn measure(solvers: &[Solver], puzzles: &[SetEntry], passes: usize) -> Vec<(Duration, u64)> {
    let mut best = vec![(Duration::MAX, 0); solvers.len()];
    for _ in 0..passes {
        for (solver, best) in solvers.iter().zip(&mut best) {
            let (time, nodes) = one_pass(*solver, puzzles);
            *best = (best.0.min(time), nodes);
        }
    }
    best
}

/// The markers of the generated block `--write-into` replaces.
const BLOCK_BEGIN: &str = "<!-- classic variants: begin -->";
const BLOCK_END: &str = "<!-- classic variants: end -->";

/// One variant: its labels in English and Chinese, and its search.
struct Variant {
    english: &'static str,
    chinese: &'static str,
    solver: Solver,
}

/// A group of variants; the first is the base the others are compared with.
struct Group {
    english: &'static str,
    variants: Vec<Variant>,
}

fn groups() -> [Group; 2] {
    [
        Group {
            english: "tables (bool_arrays)",
            variants: vec![
                Variant {
                    english: "tables, every cell walked, board restored (the base)",
                    chinese: "布尔表，逐格走，恢复棋盘（基准）",
                    solver: walk_cells,
                },
                Variant {
                    english: "a list of the blanks made once",
                    chinese: "事先建好的空格列表",
                    solver: blank_list_restore,
                },
                Variant {
                    english: "the list, and no board restore",
                    chinese: "空格列表，且不恢复棋盘",
                    solver: blank_list_no_restore,
                },
            ],
        },
        Group {
            english: "scan (scan_validate)",
            variants: vec![
                Variant {
                    english: "scan, three loops (the base)",
                    chinese: "扫描，三个循环（基准）",
                    solver: scan_three_loops,
                },
                Variant {
                    english: "scan, one loop with `board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]` \
                              (write first, three guards)",
                    chinese: "扫描，一个循环，宫用 `board[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3]`\
                              （先写后查，三处防护）",
                    solver: scan_one_loop,
                },
            ],
        },
    ]
}

/// The sets measured, in the table's column order.
const SETS: [&str; 2] = ["graded_easy", "graded_extreme"];

/// The processor model and core count, as `sudoku37 compare` names them.
fn machine_description() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("model name"))
                .map(|rest| rest.trim_start_matches([' ', '\t', ':']).to_string())
        })
        .unwrap_or_else(|| "an unknown processor".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |count| count.get());
    format!(
        "{model}, {cores} cores, {} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// The one-minute load average as the run began (`/proc/loadavg`), so that a
/// table made on a shared machine says how busy it was; `None` without it.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next().map(str::to_string)
}

/// `ratio` as a comparison with the base, in words: "14% faster".
fn against_base(ratio: f64, chinese: bool) -> String {
    let percent = ((1.0 - ratio) * 100.0).round();
    match (percent > 0.0, chinese) {
        (true, false) => format!("{percent}% faster"),
        (false, false) if percent == 0.0 => "as fast".to_string(),
        (false, false) => format!("{}% slower", -percent),
        (true, true) => format!("快 {percent}%"),
        (false, true) if percent == 0.0 => "一样快".to_string(),
        (false, true) => format!("慢 {}%", -percent),
    }
}

/// The generated block: the table of ratios, and what it says in words.
fn block(
    ratios: &[Vec<f64>],
    passes: usize,
    command: &str,
    load: Option<&str>,
    chinese: bool,
) -> String {
    let machine = machine_description();
    let load = match (load, chinese) {
        (Some(load), false) => format!(" Load average {load} as it began."),
        (Some(load), true) => format!("开始时的平均负载为 {load}。"),
        (None, _) => String::new(),
    };
    let mut text = format!("{BLOCK_BEGIN}\n\n");
    if chinese {
        text.push_str(&format!(
            "_由 `{command}` 在 {machine} 这台机器上生成，请勿手工修改。{load}每个变体的用时取 {passes} 遍中最快的一遍（同组的变体轮流各跑一遍），\
             经由力扣的函数签名；表中是它与本组基准的用时之比（小于 1 表示比基准快）。_\n\n\
             | 变体 | `graded_easy` | `graded_extreme` |\n|---|---:|---:|\n"
        ));
    } else {
        text.push_str(&format!(
            "_Generated by `{command}` on {machine}; do not edit by hand.{load} Each variant's time is the best \
             of {passes} passes over the set (the variants of a group taking turns), through LeetCode's signature, shown as a ratio to its \
             group's base (below 1: faster than the base)._\n\n\
             | variant | `graded_easy` | `graded_extreme` |\n|---|---:|---:|\n"
        ));
    }
    let mut row = 0;
    for group in groups() {
        for variant in &group.variants {
            let label = if chinese {
                variant.chinese
            } else {
                variant.english
            };
            text.push_str(&format!(
                "| {label} | {:.2} | {:.2} |\n",
                ratios[row][0], ratios[row][1]
            ));
            row += 1;
        }
    }
    // Rows: 0 walk, 1 list, 2 list without restore, 3 three loops, 4 one loop.
    let both = |row: usize| {
        let [easy, extreme] = [ratios[row][0], ratios[row][1]].map(|r| against_base(r, chinese));
        (easy, extreme)
    };
    let (list_easy, list_extreme) = both(1);
    let (loop_easy, loop_extreme) = both(4);
    let alone = |set: usize| against_base(ratios[2][set] / ratios[1][set], chinese);
    if chinese {
        text.push_str(&format!(
            "\n这次运行中：事先建好的空格列表在 `graded_easy` 上{list_easy}，在 `graded_extreme` 上{list_extreme}；\
             不恢复棋盘，与只用空格列表相比，在 `graded_easy` 上{}，在 `graded_extreme` 上{}；\
             先写后查的一个循环，与三个循环相比，在 `graded_easy` 上{loop_easy}，在 `graded_extreme` 上{loop_extreme}。\
             单次运行的差别在几个百分点以内时，换一次运行可能就反过来。\n",
            alone(0),
            alone(1)
        ));
    } else {
        text.push_str(&format!(
            "\nIn this run: the list of blanks made once is {list_easy} than the base on `graded_easy` \
             and {list_extreme} on `graded_extreme`; leaving the board unrestored, against the list \
             alone, is {} on `graded_easy` and {} on `graded_extreme`; the one-loop check, written \
             first and guarded, is {loop_easy} than three loops on `graded_easy` and {loop_extreme} on \
             `graded_extreme`. Differences of a few percent in one run may turn round in the next.\n",
            alone(0),
            alone(1)
        ));
    }
    text.push_str(BLOCK_END);
    text
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mut passes = 9;
    let mut write_into = Vec::new();
    let mut index = 0;
    while index < arguments.len() {
        match arguments[index].as_str() {
            "--write-into" => {
                let Some(path) = arguments.get(index + 1) else {
                    eprintln!("error: --write-into needs a file");
                    std::process::exit(2);
                };
                write_into.push(std::path::PathBuf::from(path));
                index += 1;
            }
            number => match number.parse() {
                Ok(count @ 1..) => passes = count,
                _ => {
                    eprintln!("error: {number:?}: expected PASSES (a positive number) or --write-into FILE");
                    std::process::exit(2);
                }
            },
        }
        index += 1;
    }
    for path in &write_into {
        let text = std::fs::read_to_string(path).unwrap_or_else(|error| {
            eprintln!("error: cannot read {}: {error}", path.display());
            std::process::exit(2);
        });
        if sudoku37_tool::compare::block::find(&text, BLOCK_BEGIN, BLOCK_END).is_none() {
            eprintln!(
                "error: {} has no {BLOCK_BEGIN} … {BLOCK_END} block",
                path.display()
            );
            std::process::exit(2);
        }
    }
    let load = load_average();
    // ratios[row][set]: each variant's best time over its group's base.
    let mut ratios: Vec<Vec<f64>> = Vec::new();
    for (column, set) in SETS.into_iter().enumerate() {
        let puzzles = read_set(set);
        println!("{set} ({} puzzles), best of {passes} passes", puzzles.len());
        let mut row = 0;
        for group in groups() {
            let solvers: Vec<Solver> = group
                .variants
                .iter()
                .map(|variant| variant.solver)
                .collect();
            let measured = measure(&solvers, &puzzles, passes);
            let (base_time, base_nodes) = measured[0];
            for (variant, (time, nodes)) in group.variants.iter().zip(measured) {
                assert_eq!(nodes, base_nodes, "{}: a different tree", variant.english);
                let ratio = time.as_secs_f64() / base_time.as_secs_f64();
                println!(
                    "  {}, {}: {:.1} ms, {ratio:.2}x the first; {nodes} nodes",
                    group.english,
                    variant.english,
                    time.as_secs_f64() * 1e3,
                );
                if column == 0 {
                    ratios.push(Vec::new());
                }
                ratios[row].push(ratio);
                row += 1;
            }
        }
    }
    let command = format!(
        "cargo run --release --example classic_variants --{}",
        arguments
            .iter()
            .map(|argument| format!(" {argument}"))
            .collect::<String>()
    );
    for path in &write_into {
        let chinese = path.components().any(|part| part.as_os_str() == "zh");
        let text = block(&ratios, passes, &command, load.as_deref(), chinese);
        if let Err(error) =
            sudoku37_tool::compare::block::replace_in_file(path, BLOCK_BEGIN, BLOCK_END, &text)
        {
            eprintln!("error: cannot update {}: {error}", path.display());
            std::process::exit(2);
        }
        println!("wrote the classic variants block of {}", path.display());
    }
}
