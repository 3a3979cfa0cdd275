//! The benchmark page's two race blocks side by side: what building for this
//! machine's CPU does to `bitboard`, and to `bitboard_simd`'s lead over it;
//! and `bitboard_simd`'s margins over the crate and tdoku in both builds.
//!
//! ```sh
//! cargo run --release --example race_builds -- --write-into notes/benchmarks.md
//! ```
//!
//! In the default build `bitboard` is compiled for the baseline x86-64 target
//! (no `POPCNT`, BMI or AVX2), while `bitboard_simd` picks its own copy,
//! compiled with them, at run time. Built with `RUSTFLAGS="-C
//! target-cpu=native"`, `bitboard` has those instructions in all its code
//! too, so what is left between the two is `bitboard_simd`'s hand-written
//! vector code. This program reads both blocks of the page (`<!-- race:
//! begin -->` and `<!-- race native: begin -->`), pairs their `bitboard
//! cells` and `bitboard count` rows set by set, and writes what they show,
//! computed, into the block between `<!-- race builds: begin -->` and
//! `<!-- race builds: end -->`: nothing about where the gain comes from is
//! said anywhere else. It also writes, between `<!-- race margins: begin
//! -->` and `<!-- race margins: end -->`, `bitboard_simd`'s ratio to the
//! `sudoku` crate and to tdoku on every set, in both modes and both builds,
//! with how many of them reach [`TARGET`] and which is the lowest: the
//! margins a change must keep, read off the tables rather than by eye. The
//! race runs it again each time it writes one of its blocks, and `cargo test
//! -p sudoku37-tool --test checks comparisons::` checks that both blocks are
//! what the two race blocks above them say.

use std::path::{Path, PathBuf};

use sudoku37_tool::compare::block;

/// The lines that open and close this program's block.
pub const BEGIN: &str = "<!-- race builds: begin -->";
pub const END: &str = "<!-- race builds: end -->";

/// The lines that open and close the margins block.
pub const MARGINS_BEGIN: &str = "<!-- race margins: begin -->";
pub const MARGINS_END: &str = "<!-- race margins: end -->";

/// The margin `bitboard_simd` is held to: at least this many times as fast
/// as each peer, on every set, in both modes.
pub const TARGET: f64 = 1.20;

/// The command that writes the blocks, as they name it.
pub const COMMAND: &str =
    "cargo run --release --example race_builds -- --write-into notes/benchmarks.md";

/// The two race blocks: the default build's, then the native build's.
const BLOCKS: [(&str, &str); 2] = [
    ("<!-- race: begin -->", "<!-- race: end -->"),
    ("<!-- race native: begin -->", "<!-- race native: end -->"),
];

/// What one race block says about the machine and about `bitboard`.
struct Race {
    /// The CPU line's model, family and model numbers (`AMD EPYC (cpu
    /// family 25, model 17), with AVX-512`).
    cpu: String,
    /// The load average as the race began, and the number of cores.
    load: Option<(f64, usize)>,
    /// `bitboard cells` (first solution) and `bitboard count` (count to 2),
    /// set by set.
    rows: Vec<Reference>,
    /// `bitboard_simd`'s ratio to the crate and to tdoku, set by set.
    margins: Vec<Margin>,
    /// The library's two copies of the search on a CPU with AVX-512: the
    /// rows `bitboard_simd library` and `bitboard_simd library count` (the
    /// AVX-512 copy there), each beside the same row forced to the AVX2
    /// copy (`... AVX2`). Empty where the race made no such rows.
    copies: Vec<Copies>,
}

/// The library's AVX-512 and AVX2 copies of the search on one set in one
/// mode: puzzles per second as the block writes them and as numbers.
struct Copies {
    set: String,
    mode: String,
    avx512: (String, f64),
    avx2: (String, f64),
}

impl Copies {
    /// How much more the AVX-512 copy solved a second than the AVX2 copy,
    /// as a fraction (`0.012` for 1.2% more, below 0 for fewer).
    fn change(&self) -> f64 {
        self.avx512.1 / self.avx2.1 - 1.0
    }
}

/// A `bitboard_simd library` row of a race block: the library's own choice
/// of copy (AVX-512 on a CPU with it), or the library forced to its AVX2
/// copy, paired by set and mode into [`Copies`].
struct LibraryRow<'a> {
    set: &'a str,
    mode: &'a str,
    /// The row is one of `bitboard_simd library AVX2` and `… count AVX2`.
    avx2_forced: bool,
    /// Puzzles a second, as written and as a number.
    rate: (String, f64),
}

/// `bitboard_simd`'s ratio to one peer on one set in one mode.
struct Margin {
    set: String,
    mode: String,
    peer: Peer,
    /// The median ratio as the block writes it (`1.506x`) and as a number.
    ratio: (String, f64),
    /// The lowest of the rounds' own ratios (`1.38`).
    lowest: (String, f64),
}

/// The two peers of the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Peer {
    Crate,
    Tdoku,
}

impl Peer {
    /// The peer's contender in the race's rows, in each mode.
    fn of(contender: &str) -> Option<Peer> {
        match contender {
            "sudoku crate" | "sudoku crate count" => Some(Peer::Crate),
            "tdoku limit 1" | "tdoku limit 2" => Some(Peer::Tdoku),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Peer::Crate => "the crate",
            Peer::Tdoku => "tdoku",
        }
    }
}

/// One of `bitboard`'s own rows.
struct Reference {
    set: String,
    mode: String,
    /// Puzzles per second as the block writes them (`545.7k/s`) and as a
    /// number.
    rate: (String, f64),
    /// `bitboard_simd`'s ratio to it: its lead, above 1.
    simd_ratio: f64,
}

/// `545.7k/s`, `1.33M/s` or `980.2/s` as puzzles per second.
fn rate_value(text: &str) -> Option<f64> {
    let number = text.strip_suffix("/s")?;
    let (digits, scale) = match number.chars().last()? {
        'k' => (&number[..number.len() - 1], 1e3),
        'M' => (&number[..number.len() - 1], 1e6),
        _ => (number, 1.0),
    };
    digits.parse::<f64>().ok().map(|value| value * scale)
}

/// Reads the block between `begin` and `end` of `page`.
fn race(page: &str, (begin, end): (&str, &str)) -> Result<Race, String> {
    let (from, to) = block::find(page, begin, end).ok_or(format!("no block {begin}"))?;
    let text = &page[from..to];
    let cpu_line = text
        .lines()
        .find(|line| line.starts_with("CPU: "))
        .ok_or(format!("{begin}: no CPU line"))?;
    let cpu = cpu_line["CPU: ".len()..]
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let load = cpu_line.split("Load average ").nth(1).and_then(|rest| {
        let mut words = rest.split_whitespace();
        let load = words.next()?.parse().ok()?;
        let cores = words.nth(1)?.parse().ok()?;
        Some((load, cores))
    });
    let mut rows = Vec::new();
    let mut margins = Vec::new();
    // The library's rows, paired below.
    let mut library: Vec<LibraryRow> = Vec::new();
    for line in text.lines().filter(|line| line.starts_with("| ")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() < 9 {
            continue;
        }
        if let Some(peer) = Peer::of(cells[2]) {
            let ratio = cells[6]
                .strip_suffix('x')
                .and_then(|ratio| ratio.parse().ok())
                .ok_or(format!("{begin}: bitboard_simd's ratio in {line}"))?;
            let lowest_text = cells[7].split('–').next().unwrap_or("");
            let lowest = lowest_text
                .parse()
                .map_err(|_| format!("{begin}: bitboard_simd's range in {line}"))?;
            margins.push(Margin {
                set: cells[0].to_string(),
                mode: cells[1].to_string(),
                peer,
                ratio: (cells[6].to_string(), ratio),
                lowest: (lowest_text.to_string(), lowest),
            });
            continue;
        }
        if let Some(copy) = cells[2].strip_prefix("bitboard_simd library") {
            if matches!(copy, "" | " count" | " AVX2" | " count AVX2") {
                let rate = rate_value(cells[3]).ok_or(format!("{begin}: a rate in {line}"))?;
                library.push(LibraryRow {
                    set: cells[0],
                    mode: cells[1],
                    avx2_forced: copy.ends_with("AVX2"),
                    rate: (cells[3].to_string(), rate),
                });
            }
            continue;
        }
        if !matches!(cells[2], "bitboard cells" | "bitboard count") {
            continue;
        }
        let rate = rate_value(cells[3]).ok_or(format!("{begin}: a rate in {line}"))?;
        let simd_ratio = cells[6]
            .strip_suffix('x')
            .and_then(|ratio| ratio.parse().ok())
            .ok_or(format!("{begin}: bitboard_simd's ratio in {line}"))?;
        rows.push(Reference {
            set: cells[0].to_string(),
            mode: cells[1].to_string(),
            rate: (cells[3].to_string(), rate),
            simd_ratio,
        });
    }
    if rows.is_empty() {
        return Err(format!(
            "{begin}: no `bitboard cells` or `bitboard count` row"
        ));
    }
    let copies = library
        .iter()
        .filter(|avx512| !avx512.avx2_forced)
        .filter_map(|avx512| {
            let avx2 = library.iter().find(|avx2| {
                avx2.avx2_forced && avx2.set == avx512.set && avx2.mode == avx512.mode
            })?;
            Some(Copies {
                set: avx512.set.to_string(),
                mode: avx512.mode.to_string(),
                avx512: avx512.rate.clone(),
                avx2: avx2.rate.clone(),
            })
        })
        .collect();
    Ok(Race {
        cpu,
        load,
        rows,
        margins,
        copies,
    })
}

/// `value` as a signed percentage with one decimal: `-2.1%`, `+6.4%`.
fn percent(value: f64) -> String {
    format!("{:+.1}%", value * 100.0)
}

/// The lowest and highest of `values`.
fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(low, high), value| {
        (low.min(value), high.max(value))
    })
}

/// The page's two race blocks, the default build's and the native one's.
fn races(page: &str) -> Result<(Race, Race), String> {
    Ok((race(page, BLOCKS[0])?, race(page, BLOCKS[1])?))
}

/// The first line of both computed blocks: the command that writes them.
fn generated_line() -> String {
    format!(
        "_Generated by `{COMMAND}` from the two race blocks above, on the machine that made \
         them (the race writes it again each time it writes one of them); do not edit by hand._\n\n"
    )
}

/// What the page's two race blocks show side by side: the race builds
/// block's text between its two marker lines.
fn summary_of(default: &Race, native: &Race) -> String {
    let mut text = generated_line();
    if default.cpu != native.cpu {
        text.push_str(&format!(
            "The two blocks were made on different CPUs (`{}`, then `{}`), so they are not \
             compared here.\n",
            default.cpu, native.cpu
        ));
        return text;
    }
    text.push_str(&format!(
        "CPU: {}. `bitboard`'s own rows in the two blocks, and `bitboard_simd`'s ratio to each \
         (its time over `bitboard_simd`'s: above 1, `bitboard_simd` is faster):\n\n",
        default.cpu
    ));
    text.push_str(
        "| set | mode | `bitboard`, default build | `bitboard`, built for this CPU | change | \
         `bitboard_simd`'s ratio, default build | `bitboard_simd`'s ratio, built for this CPU |\n\
         |---|---|---:|---:|---:|---:|---:|\n",
    );
    let mut pairs = Vec::new();
    for before in &default.rows {
        let Some(after) = native
            .rows
            .iter()
            .find(|row| row.set == before.set && row.mode == before.mode)
        else {
            continue;
        };
        let change = after.rate.1 / before.rate.1 - 1.0;
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {:.3}x | {:.3}x |\n",
            before.set,
            before.mode,
            before.rate.0,
            after.rate.0,
            percent(change),
            before.simd_ratio,
            after.simd_ratio
        ));
        pairs.push((change, before.simd_ratio, after.simd_ratio));
    }
    if pairs.is_empty() {
        text.push_str("\nThe two blocks have no set and mode in common.\n");
        return text;
    }
    let (slowest, fastest) = range(pairs.iter().map(|pair| pair.0));
    let (default_low, default_high) = range(pairs.iter().map(|pair| pair.1));
    let (native_low, native_high) = range(pairs.iter().map(|pair| pair.2));
    // The share of `bitboard_simd`'s lead (its ratio less 1) that the native
    // build keeps, row by row.
    let (kept_low, kept_high) = range(
        pairs
            .iter()
            .filter(|pair| pair.1 > 1.0)
            .map(|pair| (pair.2 - 1.0) / (pair.1 - 1.0)),
    );
    text.push_str(&format!(
        "\nOver these {} rows: built for this CPU, `bitboard` has `POPCNT`, BMI2 and AVX2 in all \
         its code, and its puzzles per second changed by {} to {}; `bitboard_simd`'s ratio to it \
         was {default_low:.3}x to {default_high:.3}x in the default build, and \
         {native_low:.3}x to {native_high:.3}x in the native one. In the native build, what is \
         left between the two is `bitboard_simd`'s hand-written vector code.",
        pairs.len(),
        percent(slowest),
        percent(fastest),
    ));
    let busy = busy_blocks(default, native);
    if !busy.is_empty() {
        text.push_str(&format!(
            " The machine was busier than its cores ({}): no conclusion is drawn from these \
             figures.\n",
            busy.join(", ")
        ));
    } else if kept_low >= 1.0 {
        text.push_str(
            " On every row the native build keeps all of the default build's lead (the ratio \
             less 1), or more: on this machine, none of the lead comes from the instructions the \
             native build lets the compiler use in all of `bitboard`'s code; it is \
             `bitboard_simd`'s hand-written vector code.\n",
        );
    } else if kept_low >= 0.5 {
        text.push_str(&format!(
            " On every row the native build keeps {:.0}% or more of the default build's lead \
             (the ratio less 1): on this machine, most of the lead, on every row, is \
             `bitboard_simd`'s hand-written vector code, not the instructions the native build \
             lets the compiler use in all of `bitboard`'s code.\n",
            (kept_low * 100.0).floor()
        ));
    } else if kept_high < 0.5 {
        text.push_str(&format!(
            " On every row the native build keeps less than half of the default build's lead \
             (at most {:.0}%, the ratio less 1): on this machine, most of the lead, on every row, \
             is the instructions the native build lets the compiler use in all of `bitboard`'s \
             code, not `bitboard_simd`'s hand-written vector code.\n",
            (kept_high * 100.0).ceil()
        ));
    } else {
        text.push_str(&format!(
            " The native build keeps from {:.0}% to {:.0}% of the default build's lead (the \
             ratio less 1), row by row: on this machine, how much of the lead is \
             `bitboard_simd`'s hand-written vector code differs from set to set.\n",
            (kept_low * 100.0).floor(),
            (kept_high * 100.0).ceil()
        ));
    }
    text
}

/// The library's AVX-512 copy of the search against its AVX2 copy, where
/// the race blocks have both (the race adds the forced AVX2 rows only on a
/// CPU with AVX-512): the end of the race builds block.
fn copies_of(default: &Race, native: &Race) -> String {
    let builds = [("default build", default), ("native build", native)];
    let mut table = String::new();
    for (build, race) in builds {
        for copies in &race.copies {
            table.push_str(&format!(
                "| {} | {} | {build} | {} | {} | {} |\n",
                copies.set,
                copies.mode,
                copies.avx512.0,
                copies.avx2.0,
                percent(copies.change())
            ));
        }
    }
    let (mut changes, faster) = copy_changes(default, native);
    if changes.is_empty() {
        return "\nThe AVX-512 copy of the library's search: neither block has the rows that \
                force the library to its AVX2 copy, which the race adds only on a CPU with \
                AVX-512.\n"
            .to_string();
    }
    let mut text = String::from(
        "\nThe AVX-512 copy of the library's search (taken where the CPU has AVX-512) against \
         the library forced to its AVX2 copy: `bitboard_simd library` and `bitboard_simd library \
         count` beside the same rows with `AVX2`, in puzzles per second:\n\n\
         | set | mode | build | AVX-512 copy | AVX2 copy | change |\n\
         |---|---|---|---:|---:|---:|\n",
    );
    text.push_str(&table);
    changes.sort_by(f64::total_cmp);
    let middle = changes.len() / 2;
    let median = if changes.len() % 2 == 0 {
        (changes[middle - 1] + changes[middle]) / 2.0
    } else {
        changes[middle]
    };
    let (slowest, fastest) = (changes[0], changes[changes.len() - 1]);
    text.push_str(&format!(
        "\nOver these {} rows the AVX-512 copy's puzzles per second differ from the AVX2 \
         copy's by {} to {} (median {}); it is the faster of the two on {faster} of them.",
        changes.len(),
        percent(slowest),
        percent(fastest),
        percent(median),
    ));
    text.push_str(&busy_clause(default, native));
    text
}

/// The AVX-512 copy's change against the AVX2 copy on each row of both
/// blocks (see [`Copies::change`]), default block first, and on how many of
/// them it is the faster.
fn copy_changes(default: &Race, native: &Race) -> (Vec<f64>, usize) {
    let changes: Vec<f64> = [default, native]
        .iter()
        .flat_map(|race| race.copies.iter())
        .map(Copies::change)
        .collect();
    let faster = changes.iter().filter(|change| **change > 0.0).count();
    (changes, faster)
}

/// The end of a paragraph of figures: a newline, or where either block
/// began on a machine busier than its cores, a sentence that says so and
/// draws no conclusion.
fn busy_clause(default: &Race, native: &Race) -> String {
    let busy = busy_blocks(default, native);
    if busy.is_empty() {
        "\n".to_string()
    } else {
        format!(
            " The machine was busier than its cores ({}): no conclusion is drawn from these \
             figures.\n",
            busy.join(", ")
        )
    }
}

/// Where the machine was busier than its cores as a block began, as a
/// clause (`the default block's load was 2.5 on 2 cores`), block by block.
fn busy_blocks(default: &Race, native: &Race) -> Vec<String> {
    [("default", default), ("native", native)]
        .iter()
        .filter_map(|(name, race)| {
            let (load, cores) = race.load?;
            (load > cores as f64)
                .then(|| format!("the {name} block's load was {load} on {cores} cores"))
        })
        .collect()
}

/// `bitboard_simd`'s margins over the crate and tdoku in the page's two
/// race blocks: the margins block's text between its two marker lines.
fn margins_of(default: &Race, native: &Race) -> String {
    let builds = [("default build", default), ("native build", native)];
    let mut text = generated_line();
    if default.cpu == native.cpu {
        text.push_str(&format!("CPU: {}. ", default.cpu));
    } else {
        text.push_str(&format!(
            "CPU: {} (the default build), {} (the native build). ",
            default.cpu, native.cpu
        ));
    }
    text.push_str(
        "`bitboard_simd`'s ratio to the `sudoku` crate and to tdoku (their time over \
         `bitboard_simd`'s: above 1, `bitboard_simd` is faster), the median of the rounds, and \
         in brackets the lowest of the rounds' own ratios:\n\n\
         | set | mode | the crate, default build | tdoku, default build | the crate, native \
         build | tdoku, native build |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    // Every set and mode of either block, in the order the blocks give them.
    let mut keys: Vec<(&str, &str)> = Vec::new();
    for margin in default.margins.iter().chain(&native.margins) {
        let key = (margin.set.as_str(), margin.mode.as_str());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    if keys.is_empty() {
        text.push_str("\nNeither block has a row of the crate or of tdoku.\n");
        return text;
    }
    // Each ratio shown, with where it is from.
    let mut shown: Vec<(&Margin, &str)> = Vec::new();
    for (set, mode) in &keys {
        let mut row = format!("| {set} | {mode} |");
        for (build, race) in builds {
            for peer in [Peer::Crate, Peer::Tdoku] {
                let found = race.margins.iter().find(|margin| {
                    margin.set == *set && margin.mode == *mode && margin.peer == peer
                });
                match found {
                    Some(margin) => {
                        row.push_str(&format!(" {} ({}) |", margin.ratio.0, margin.lowest.0));
                        shown.push((margin, build));
                    }
                    None => row.push_str(" - |"),
                }
            }
        }
        text.push_str(&row);
        text.push('\n');
    }
    let reached = shown
        .iter()
        .filter(|(margin, _)| margin.ratio.1 >= TARGET)
        .count();
    let place = |(margin, build): &(&Margin, &str)| {
        format!(
            "against {} on {}, {}, {build}",
            margin.peer.name(),
            margin.set,
            margin.mode
        )
    };
    let lowest = shown
        .iter()
        .min_by(|a, b| a.0.ratio.1.total_cmp(&b.0.ratio.1))
        .expect("a ratio is shown");
    let lowest_round = shown
        .iter()
        .min_by(|a, b| a.0.lowest.1.total_cmp(&b.0.lowest.1))
        .expect("a ratio is shown");
    text.push_str(&format!(
        "\n{reached} of these {} median ratios are at or above {TARGET:.2}x. The lowest is {} \
         ({}); the lowest single round, {}x, was {}.",
        shown.len(),
        lowest.0.ratio.0,
        place(lowest),
        lowest_round.0.lowest.0,
        place(lowest_round),
    ));
    if reached < shown.len() {
        let below: Vec<String> = shown
            .iter()
            .filter(|(margin, _)| margin.ratio.1 < TARGET)
            .map(|shown| format!("{} ({})", shown.0.ratio.0, place(shown)))
            .collect();
        text.push_str(&format!(" Below {TARGET:.2}x: {}.", below.join("; ")));
    }
    text.push_str(&busy_clause(default, native));
    text
}

/// Both computed blocks of `page`, its race blocks read once: each block's
/// two marker lines and its text (the race builds block's, then the margins
/// block's), or why they cannot be made.
pub fn blocks(page: &str) -> Result<[(&'static str, &'static str, String); 2], String> {
    let (default, native) = races(page)?;
    Ok([
        (
            BEGIN,
            END,
            summary_of(&default, &native) + &copies_of(&default, &native),
        ),
        (MARGINS_BEGIN, MARGINS_END, margins_of(&default, &native)),
    ])
}

/// What the race blocks of `page` say of the library's AVX-512 copy against
/// its AVX2 copy: on how many of their rows, in both builds, it solved more
/// puzzles per second, and of how many; `None` where the blocks have no such
/// rows (made on a CPU without AVX-512).
#[allow(dead_code)] // the checks' alone: the race and this program only write the blocks
pub fn avx512_copy_faster_on(page: &str) -> Result<Option<(usize, usize)>, String> {
    let (default, native) = races(page)?;
    let (changes, faster) = copy_changes(&default, &native);
    Ok((!changes.is_empty()).then_some((faster, changes.len())))
}

/// Writes [`blocks`] of the page at `path` into their
/// blocks, each between its two marker lines: those of the two that the page
/// has, and at least one.
pub fn write_into(path: &Path) -> Result<(), String> {
    let page =
        std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let mut written = 0;
    for (begin, end, text) in blocks(&page)? {
        if block::find(&page, begin, end).is_none() {
            continue;
        }
        let block = format!("{begin}\n\n{}\n{end}", text.trim_end());
        block::replace_in_file(path, begin, end, &block).map_err(|error| error.to_string())?;
        written += 1;
    }
    if written == 0 {
        return Err(format!("no block {BEGIN} or {MARGINS_BEGIN}"));
    }
    Ok(())
}

#[allow(dead_code)] // a module of the race and of the checks, too
fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let path = match arguments.as_slice() {
        [flag, path] if flag == "--write-into" => PathBuf::from(path),
        [] => {
            let page = std::fs::read_to_string("notes/benchmarks.md").unwrap_or_else(|error| {
                eprintln!("error: notes/benchmarks.md: {error} (run from the workspace's root)");
                std::process::exit(2);
            });
            match blocks(&page) {
                Ok([(_, _, summary), (_, _, margins)]) => print!("{summary}\n{margins}"),
                Err(problem) => {
                    eprintln!("error: {problem}");
                    std::process::exit(2);
                }
            }
            return;
        }
        _ => {
            eprintln!("usage: race_builds [--write-into notes/benchmarks.md]");
            std::process::exit(2);
        }
    };
    if let Err(problem) = write_into(&path) {
        eprintln!("error: cannot update {}: {problem}", path.display());
        std::process::exit(2);
    }
    println!(
        "wrote the computed blocks (race builds, race margins) of {}",
        path.display()
    );
}
