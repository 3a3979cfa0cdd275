//! Exact figures in prose are checked. Every node, guess,
//! undo and size a note or an approach's header states in its prose is
//! computed here again, by the library call or the example that produces
//! it, and looked for in the text as the sentence that quotes it: a change
//! that moves a figure fails here until the prose says the new one. (The
//! Chinese notes carry the same figures: `notes::` compares each pair's.)
//!
//! Figures on the public sets are checked when `../shared/puzzles` is there
//! (the tests say on stderr when it is not). The few that take a long search
//! (tens of millions of nodes) or outside tools (`python3` and the Python
//! write-up) are in `slow_figures_in_prose_are_current`, run with
//! `cargo test -p sudoku37-tool --release --test checks figures:: -- --ignored`.

use sudoku37::approaches::{self, bitboard, Approach};
use sudoku37::probe::{self, Action, Effort};
use sudoku37::puzzle::Puzzle;
use sudoku37::sets::{self, public, SetEntry};
use sudoku37::{board, harness};
use sudoku37_tool::measure::format_count as commas;
use sudoku37_tool::trace;

use crate::common;

#[allow(dead_code)]
#[path = "../../../bench/examples/most_constrained_variants.rs"]
mod most_constrained_variants;

#[allow(dead_code)]
#[path = "../../../bench/examples/propagation_variants.rs"]
mod propagation_variants;

#[allow(dead_code)]
#[path = "../../../bench/examples/python_hash_seeds.rs"]
mod python_hash_seeds;

/// The prose of `path`, white space collapsed so that a quote may span
/// lines: a Markdown file as it is, a Rust file's `//!` and `///` comments
/// without their markers.
fn prose(path: &str) -> String {
    let text = crate::notes::read(path);
    let text = if path.ends_with(".rs") {
        text.lines()
            .filter_map(|line| {
                let line = line.trim_start();
                line.strip_prefix("//!")
                    .or_else(|| line.strip_prefix("///"))
            })
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The quotes a test looks for, and those it did not find.
#[derive(Default)]
struct Quotes {
    missing: Vec<String>,
    checked: usize,
}

impl Quotes {
    /// Notes that `path` must say `quote` (white space collapsed).
    fn says(&mut self, path: &str, quote: impl AsRef<str>) {
        let quote = quote
            .as_ref()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.checked += 1;
        if !prose(path).contains(&quote) {
            self.missing.push(format!("{path} should say: {quote}"));
        }
    }

    /// Fails with every quote not found, when any was not.
    fn done(self, at_least: usize) {
        assert!(
            self.missing.is_empty(),
            "figures in prose that no longer match what produces them (or quotes whose \
             wording changed; update the prose or this test):\n{}",
            self.missing.join("\n")
        );
        assert!(
            self.checked >= at_least,
            "only {} quotes checked",
            self.checked
        );
    }
}

/// `value` to `decimals` places, with thousands separators: `4,138,389.9`.
fn decimal(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    let (whole, fraction) = text
        .split_once('.')
        .map_or((text.as_str(), None), |(w, f)| (w, Some(f)));
    let whole = commas(whole.parse().expect("a whole number"));
    match fraction {
        Some(fraction) => format!("{whole}.{fraction}"),
        None => whole,
    }
}

/// A count as the compare tables write it: `950`, `12.3k`, `4.5M`.
fn short(value: f64) -> String {
    if value < 1e3 {
        format!("{value:.0}")
    } else if value < 1e6 {
        format!("{:.1}k", value / 1e3)
    } else {
        format!("{:.1}M", value / 1e6)
    }
}

/// The effort of `approach` on one puzzle, solved or not; none on a board
/// refused before any search (clashing givens), as `compare` counts it.
fn effort(approach: &Approach, puzzle: &board::Board) -> Effort {
    let Ok(puzzle) = Puzzle::from_board(puzzle) else {
        return Effort::default();
    };
    harness::attempt(approach, &puzzle)
        .unwrap_or_else(|error| panic!("{}: {error}", approach.name))
        .effort
}

fn example() -> board::Board {
    sets::leetcode_example().board()
}

/// The puzzles of a public set, or `None` (said on stderr) without them.
fn shared_set(set: public::PublicSet, limit: Option<usize>) -> Option<Vec<SetEntry>> {
    let dir = common::shared_dir_or_skip(set.name())?;
    Some(common::read_shared_set(&dir, set, limit))
}

/// The mean nodes per puzzle of `name` on `puzzles`.
fn mean_nodes(approach: &Approach, puzzles: &[SetEntry]) -> f64 {
    let total: u64 = puzzles
        .iter()
        .map(|puzzle| effort(approach, &puzzle.board()).nodes)
        .sum();
    total as f64 / puzzles.len() as f64
}

/// The project's own set `name` (`puzzles/NAME.txt`).
fn own_set(name: &str) -> Vec<SetEntry> {
    let (puzzles, errors) = sets::parse_set(&crate::notes::read(&format!("puzzles/{name}.txt")));
    assert!(errors.is_empty(), "{name}");
    puzzles
}

/// On LeetCode's example: the nodes, the undos, and what each note says of
/// them.
#[test]
fn figures_on_leetcodes_example_are_current() {
    let mut quotes = Quotes::default();
    let blanks = example()
        .iter()
        .flatten()
        .filter(|&&cell| cell == '.')
        .count() as u64;
    assert_eq!(blanks, 51);
    let classic = effort(&approaches::SCAN_VALIDATE, &example());
    for approach in [
        approaches::SCAN_VALIDATE,
        approaches::EARLY_EXIT,
        approaches::SET_INTERSECTION,
        approaches::BOOL_ARRAYS,
        approaches::BITMASK,
    ] {
        assert_eq!(
            effort(&approach, &example()),
            classic,
            "{} searches scan_validate's tree",
            approach.name
        );
    }
    let (nodes, undos) = (classic.nodes, classic.undos);
    assert_eq!(nodes - undos, blanks);
    quotes.says(
        "notes/scan_validate.md",
        format!("The same run reports {undos} undos. The difference, {blanks}, is exactly the number of blanks"),
    );
    for note in ["notes/early_exit.md", "notes/set_intersection.md"] {
        quotes.says(
            note,
            format!("The same run reports {undos} undos; the {blanks} digits never undone fill the {blanks} blanks."),
        );
    }
    quotes.says(
        "notes/bool_arrays.md",
        format!("The same run reports {undos} undos; {nodes} - {undos} = {blanks}, the number of blanks"),
    );
    quotes.says(
        "notes/bitmask.md",
        format!("with {undos} undos, as for `bool_arrays`"),
    );
    quotes.says(
        "notes/scan_validate.md",
        format!("`early_exit`, `set_intersection` and `bool_arrays` report the same {nodes} nodes"),
    );
    quotes.says(
        "notes/interview.md",
        format!("yet the search places {} digits", commas(nodes)),
    );
    let columns = effort(&approaches::AVAILABLE_SETS, &example());
    quotes.says(
        "notes/available_sets.md",
        format!(
            "The same run reports {} undos ({} - {} = {blanks}, the number of blanks)",
            columns.undos, columns.nodes, columns.undos
        ),
    );
    quotes.says(
        "notes/overview.md",
        format!(
            "{} nodes against {nodes} on LeetCode's example",
            columns.nodes
        ),
    );
    for (approach, note, quote) in [
        (
            approaches::MOST_CONSTRAINED,
            "notes/most_constrained.md",
            "with {undos} undos. Every one of the {nodes} scans finds a naked single",
        ),
        (
            approaches::DANCING_LINKS,
            "notes/dancing_links.md",
            "the search never backtracks on this puzzle ({nodes} nodes, {undos} undos)",
        ),
        (
            approaches::PROPAGATION,
            "notes/propagation.md",
            "That is exactly the number of blanks, with {undos} undos.",
        ),
    ] {
        let counted = effort(&approach, &example());
        assert_eq!(counted.nodes, blanks, "{}", approach.name);
        quotes.says(
            note,
            quote
                .replace("{undos}", &counted.undos.to_string())
                .replace("{nodes}", &counted.nodes.to_string()),
        );
    }
    // bitboard: no guess, every blank forced.
    let recorded = trace::record(
        &approaches::BITBOARD,
        &sudoku37::Puzzle::from_board(&example()).unwrap(),
        usize::MAX,
        None,
    );
    assert_eq!(recorded.effort.nodes, 0);
    let forced = recorded
        .events
        .iter()
        .filter(|event| event.action == Action::Force)
        .count();
    assert_eq!(forced, recorded.events.len());
    quotes.says(
        "notes/bitboard.md",
        format!(
            "the rules fill all {blanks} blanks, and `sudoku37 trace -a bitboard` shows {forced} `force` lines and nothing else"
        ),
    );
    let first = trace::counted_events(&recorded.events).next().unwrap();
    let reason = recorded.reasons().next().unwrap();
    quotes.says(
        "notes/bitboard.md",
        format!(
            "`sudoku37 trace -a bitboard` prints: `{}`",
            trace::reason_line(&first, &reason)
        ),
    );
    quotes.done(14);
}

/// The notes' worked traces are generated blocks (`cargo run --example
/// worked_traces` writes them): every `$ sudoku37 trace ...` line in them is
/// followed by exactly what that command prints, steps and reasons, when the
/// real binary runs it now.
#[test]
fn the_worked_traces_are_what_their_commands_print() {
    const BEGIN: &str = "<!-- sudoku37 trace: begin -->";
    const END: &str = "<!-- sudoku37 trace: end -->";
    let mut commands = 0;
    for path in [
        "notes/scan_validate.md",
        "notes/zh/scan_validate.md",
        "notes/bitboard.md",
        "notes/zh/bitboard.md",
    ] {
        let note = crate::notes::read(path);
        let (from, to) = sudoku37_tool::compare::block::find(&note, BEGIN, END)
            .unwrap_or_else(|| panic!("{path}: no worked trace block"));
        let block = &note[from..to];
        let fenced = block
            .split("```text\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .unwrap_or_else(|| panic!("{path}: the block has no text fence"));
        let mut shown: Vec<(String, String)> = Vec::new();
        for line in fenced.lines() {
            match line.strip_prefix("$ sudoku37 ") {
                Some(command) => shown.push((command.to_string(), String::new())),
                None => {
                    let (_, output) = shown
                        .last_mut()
                        .unwrap_or_else(|| panic!("{path}: output before any command"));
                    output.push_str(line);
                    output.push('\n');
                }
            }
        }
        assert!(!shown.is_empty(), "{path}: no command in the block");
        for (command, output) in shown {
            let arguments: Vec<&str> = command.split_whitespace().collect();
            let printed = common::sudoku37(&arguments, "");
            assert_eq!(
                String::from_utf8_lossy(&printed.stdout),
                output,
                "{path}: `sudoku37 {command}` prints something else now; \
                 run `cargo run --example worked_traces`"
            );
            commands += 1;
        }
    }
    assert!(commands >= 4, "{commands} commands");
}

/// The worked traces the notes quote: their lines and their counts.
#[test]
fn figures_of_the_worked_traces_are_current() {
    let mut quotes = Quotes::default();
    // scan_validate's first dozen events, and where it first reaches every blank.
    let recorded = trace::record(
        &approaches::SCAN_VALIDATE,
        &sudoku37::Puzzle::from_board(&example()).unwrap(),
        usize::MAX,
        None,
    );
    let steps: Vec<trace::CountedEvent> = trace::counted_events(&recorded.events).collect();
    let full = steps
        .iter()
        .find(|step| step.depth == 51)
        .expect("every blank filled");
    quotes.says(
        "notes/scan_validate.md",
        format!(
            "reaches depth 51 (every blank) after {} steps: {} placements and {} undos",
            commas(full.number as u64),
            commas(full.nodes),
            commas(full.undos)
        ),
    );
    // How deep the interview search goes below each digit it undoes.
    let recorded = trace::record(
        &approaches::INTERVIEW,
        &sudoku37::Puzzle::from_board(&example()).unwrap(),
        usize::MAX,
        None,
    );
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut below: Vec<usize> = Vec::new();
    for event in &recorded.events {
        match event.action {
            Action::Place => {
                let depth = open.len() + 1;
                for (_, deepest) in open.iter_mut() {
                    *deepest = (*deepest).max(depth);
                }
                open.push((depth, depth));
            }
            Action::Undo => {
                let (depth, deepest) = open.pop().expect("an undo of a placement");
                below.push(deepest - depth);
            }
            _ => {}
        }
    }
    assert_eq!(below.len() as u64, recorded.effort.undos);
    let at_most = |levels: usize| below.iter().filter(|&&deep| deep <= levels).count() as u64;
    quotes.says(
        "notes/interview.md",
        format!(
            "of the {} it undoes, {} had nothing placed below them and {} no more than three levels",
            commas(recorded.effort.undos),
            commas(at_most(0)),
            commas(at_most(3))
        ),
    );
    // The search tree of the small puzzle: its nodes, undos and dead ends.
    let rows = board::parse_line(
        ".........286357491974281563439675812.........517823649195762384728134956.........",
    )
    .unwrap();
    let tree = trace::record(
        &approaches::SCAN_VALIDATE,
        &sudoku37::Puzzle::from_board(&rows).unwrap(),
        usize::MAX,
        None,
    );
    let dead_ends = tree
        .events
        .windows(2)
        .filter(|pair| pair[0].action == Action::Place && pair[1].action == Action::Undo)
        .count();
    quotes.says(
        "notes/scan_validate.md",
        format!(
            "There are {} nodes, {} undone and {dead_ends} dead ends.",
            tree.effort.nodes, tree.effort.undos
        ),
    );
    // most_constrained: its first event, and which empty cell that is.
    let recorded = trace::record(
        &approaches::MOST_CONSTRAINED,
        &sudoku37::Puzzle::from_board(&example()).unwrap(),
        usize::MAX,
        None,
    );
    let first = trace::counted_events(&recorded.events).next().unwrap();
    let (row, column) = (first.event.row, first.event.column);
    let reading_order = example()
        .iter()
        .flatten()
        .take(row * 9 + column + 1)
        .filter(|&&cell| cell == '.')
        .count();
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "the first is the centre cell, the {reading_order}th empty cell the scan reads \
             (`sudoku37 trace -a most_constrained` starts with `{}`)",
            trace::event_line(&first)
        ),
    );
    // bitboard's one guess on the 2nd puzzle of graded_extreme.
    let puzzle = &own_set("graded_extreme")[1];
    assert!(prose("notes/bitboard.md").contains(&board::to_line(&puzzle.board())));
    let recorded = trace::record(
        &approaches::BITBOARD,
        &sudoku37::Puzzle::from_board(&puzzle.board()).unwrap(),
        usize::MAX,
        None,
    );
    let count = |action: Action| {
        recorded
            .events
            .iter()
            .filter(|event| event.action == action)
            .count()
    };
    quotes.says(
        "notes/bitboard.md",
        format!(
            "the trace has {} steps: {} forced digits, {} guess, {} forced digits taken off with it, {} undo",
            recorded.events.len(),
            count(Action::Force),
            count(Action::Place),
            count(Action::Unforce),
            count(Action::Undo)
        ),
    );
    // Norvig's impossible puzzle (the shared unsolvable set's last line),
    // three quotes more where the public sets are at hand.
    let mut at_least = 4;
    if let Some(unsolvable) = shared_set(public::UNSOLVABLE, None) {
        at_least += 3;
        let norvig = &unsolvable.last().unwrap().board();
        let recorded = trace::record(
            &approaches::BITBOARD,
            &sudoku37::Puzzle::from_board(norvig).unwrap(),
            usize::MAX,
            None,
        );
        let places = recorded
            .events
            .iter()
            .filter(|event| event.action == Action::Place)
            .count();
        assert_eq!(places as u64, recorded.effort.nodes);
        quotes.says(
            "notes/bitboard.md",
            format!(
                "Norvig's puzzle (the shared `unsolvable.txt`'s last line) takes {places} guesses."
            ),
        );
        quotes.says(
            "notes/overview.md",
            format!("Norvig's puzzle takes it {places} guesses to prove it has no solution"),
        );
        let cells = board::to_cells(norvig).expect("a 9 by 9 board");
        let counted = probe::measure(|| bitboard::count_solutions_cells(&cells, 2));
        assert_eq!(
            counted,
            (0, Effort::default()),
            "a count refutes it with no guess"
        );
        quotes.says(
            "notes/overview.md",
            format!(
                "it needs {}: a digit with no place left in a unit is a column of size 0",
                commas(effort(&approaches::DANCING_LINKS, norvig).nodes)
            ),
        );
    }
    quotes.done(at_least);
}

/// Mean nodes on the project's own sets, as the prose quotes them.
#[test]
fn mean_nodes_on_the_projects_sets_in_prose_are_current() {
    let mut quotes = Quotes::default();
    let easy = own_set("graded_easy");
    let extreme = own_set("graded_extreme");
    let reading_easy = mean_nodes(&approaches::BITMASK, &easy);
    let reading_extreme = mean_nodes(&approaches::BITMASK, &extreme);
    let tightest_easy = mean_nodes(&approaches::MOST_CONSTRAINED, &easy);
    quotes.says(
        "notes/overview.md",
        format!(
            "exactly the same digits ({} per puzzle on `graded_easy`, {} on `graded_extreme`)",
            short(reading_easy),
            short(reading_extreme)
        ),
    );
    // No graded puzzle takes bitboard 128 guesses (its PATIENCE), so none
    // pays for the Hall check.
    for set in sets::GRADED_SETS {
        let most = own_set(set)
            .iter()
            .map(|puzzle| effort(&approaches::BITBOARD, &puzzle.board()).nodes)
            .max()
            .unwrap();
        assert!(most < 128, "{set}: {most} guesses");
    }
    assert!(crate::notes::read("src/approaches/bitboard.rs").contains("const PATIENCE: u32 = 128;"));
    quotes.says(
        "notes/bitboard.md",
        "No puzzle of the graded sets reaches 128 guesses",
    );
    quotes.says(
        "notes/overview.md",
        format!(
            "cuts `graded_easy` from {} nodes per puzzle to {}.",
            short(reading_easy),
            short(tightest_easy)
        ),
    );
    quotes.says(
        "notes/interview.md",
        format!(
            "on `graded_easy`, `most_constrained` places {} digits per puzzle against {}",
            short(tightest_easy),
            short(reading_easy)
        ),
    );
    // most_constrained's column, against the grades and against bitmask.
    let tightest: Vec<f64> = [
        "graded_medium",
        "graded_hard",
        "graded_unfair",
        "graded_extreme",
    ]
    .iter()
    .map(|set| mean_nodes(&approaches::MOST_CONSTRAINED, &own_set(set)))
    .collect();
    let (low, high) = tightest
        .iter()
        .fold((f64::MAX, 0.0f64), |(low, high), &mean| {
            (low.min(mean), high.max(mean))
        });
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "{} on easy, then {:.0} to {:.0} from medium to extreme",
            decimal(tightest_easy, 1),
            low,
            high
        ),
    );
    let tightest_extreme = mean_nodes(&approaches::MOST_CONSTRAINED, &extreme);
    // bitmask's tree over most_constrained's, on every graded set, as run now:
    // the ends of the range and their sets.
    let shrink: Vec<(f64, &str)> = sets::GRADED_SETS
        .iter()
        .map(|&set| {
            let puzzles = own_set(set);
            (
                mean_nodes(&approaches::BITMASK, &puzzles)
                    / mean_nodes(&approaches::MOST_CONSTRAINED, &puzzles),
                set,
            )
        })
        .collect();
    let low = shrink
        .iter()
        .copied()
        .fold((f64::MAX, ""), |a, b| if b.0 < a.0 { b } else { a });
    let high = shrink
        .iter()
        .copied()
        .fold((0.0, ""), |a, b| if b.0 > a.0 { b } else { a });
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "the tree shrinks {:.0}-fold (`{}.txt`) to {:.0}-fold (`{}.txt`)",
            low.0, low.1, high.0, high.1
        ),
    );
    quotes.says(
        "src/approaches/most_constrained.rs",
        format!(
            "on `graded_extreme.txt`, {} mean nodes against",
            decimal(tightest_extreme, 1)
        ),
    );
    quotes.done(6);
}

/// The human techniques note's table: every approach's mean nodes and the
/// mean score per level, as `tools/level_table.py` prints them.
#[test]
fn the_level_table_lists_every_approach_with_its_current_nodes() {
    // Rated once, for both languages' tables.
    let levels = ["easy", "medium", "hard", "unfair", "extreme"];
    let scores: Vec<String> = levels
        .iter()
        .map(|level| {
            let puzzles = own_set(&format!("graded_{level}"));
            let total: u64 = puzzles
                .iter()
                .map(|puzzle| {
                    sudoku37_tool::logic::rate(&puzzle.puzzle().unwrap())
                        .unwrap()
                        .score as u64
                })
                .sum();
            decimal(total as f64 / puzzles.len() as f64, 0)
        })
        .collect();
    // Each search's counts on each level, measured on every core at once
    // (the counts are shared with the other tests that read them).
    let searches: Vec<&str> = approaches::APPROACHES
        .iter()
        .filter(|approach| approach.same_search_as.is_none())
        .map(|approach| approach.name)
        .collect();
    let jobs: Vec<(&str, String)> = searches
        .iter()
        .flat_map(|name| {
            levels
                .iter()
                .map(move |level| (*name, format!("graded_{level}")))
        })
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |cores| cores.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some((name, set)) =
                    jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    crate::notes::mean_nodes(name, set);
                }
            });
        }
    });
    for path in ["notes/human_techniques.md", "notes/zh/human_techniques.md"] {
        let text = crate::notes::read(path);
        let start = text
            .find("| mean score (`rate`) |")
            .unwrap_or_else(|| panic!("{path}: the table"));
        let rows: Vec<&str> = text[start..]
            .lines()
            .take_while(|line| line.starts_with('|'))
            .collect();
        assert_eq!(
            rows[0],
            format!("| mean score (`rate`) | {} |", scores.join(" | ")),
            "{path}"
        );
        let listed: Vec<&str> = rows[1..]
            .iter()
            .map(|row| row.split('`').nth(1).expect("an approach in backticks"))
            .collect();
        assert_eq!(
            listed,
            approaches::names(),
            "{path}: every approach, in order"
        );
        for (row, name) in rows[1..].iter().zip(&listed) {
            // An approach that searches another's tree (the registry's
            // `same_search_as`, which `matrix::` checks puzzle by puzzle)
            // has that one's counts.
            let registered =
                approaches::find(name).unwrap_or_else(|| panic!("{name} is not an approach"));
            let searched = registered.same_search_as.unwrap_or(name);
            let cells: Vec<String> = levels
                .iter()
                .map(|level| {
                    decimal(
                        crate::notes::mean_nodes(searched, &format!("graded_{level}")),
                        0,
                    )
                })
                .collect();
            assert!(
                row.ends_with(&format!(" | {} |", cells.join(" | "))),
                "{path}: {name} should be {cells:?}: {row}"
            );
        }
    }
}

/// The variants of `most_constrained` and `propagation` the notes quote,
/// from the examples that measure them (compiled in here as modules).
#[test]
fn figures_of_the_variants_are_current() {
    use most_constrained_variants::{run, Switches, STOCK};
    let mut quotes = Quotes::default();
    let measure = |switches: Switches, puzzles: &[SetEntry]| {
        let (mut nodes, mut valid, mut read, mut scans, mut branching) = (0, 0, 0, 0, [0; 3]);
        for puzzle in puzzles {
            let (counts, ok) = run(switches, &puzzle.board());
            nodes += counts.nodes;
            valid += usize::from(ok);
            read += counts.cells_read;
            scans += counts.scans;
            for (total, part) in branching.iter_mut().zip(counts.branching) {
                *total += part;
            }
        }
        (
            nodes as f64 / puzzles.len() as f64,
            valid,
            read as f64 / scans as f64,
            branching,
        )
    };
    let full = Switches {
        early_stop: false,
        ..STOCK
    };
    let last = Switches {
        early_stop: false,
        ties_last: true,
        ..STOCK
    };
    let skip = Switches {
        skip_dead: true,
        ..STOCK
    };
    let extreme = own_set("graded_extreme");
    let (stock_nodes, _, read, _) = measure(STOCK, &extreme);
    assert_eq!(
        decimal(stock_nodes, 1),
        decimal(mean_nodes(&approaches::MOST_CONSTRAINED, &extreme), 1)
    );
    assert!(
        (9.5..11.5).contains(&read),
        "ten or eleven empty cells per scan, not {read:.1}"
    );
    let (full_nodes, _, _, _) = measure(full, &extreme);
    let (last_nodes, _, _, _) = measure(last, &extreme);
    let (_, skip_valid, _, _) = measure(skip, &extreme);
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "variants example counts {} mean nodes on `graded_extreme.txt` (not {})",
            decimal(full_nodes, 1),
            decimal(stock_nodes, 1)
        ),
    );
    quotes.says(
        "src/approaches/most_constrained.rs",
        format!(
            "{} mean nodes against {} with full scans",
            decimal(stock_nodes, 1),
            decimal(full_nodes, 1)
        ),
    );
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "the variants example gets {skip_valid} of {} `graded_extreme.txt` answers",
            extreme.len()
        ),
    );
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "`<=` happens to give {} instead of {} on `graded_extreme.txt`",
            decimal(last_nodes, 1),
            decimal(full_nodes, 1)
        ),
    );
    let geometry = propagation_variants::Geometry::new();
    let propagation_row = |puzzles: &[SetEntry]| {
        let (mut on, mut most, mut off) = (0, 0, 0);
        for puzzle in puzzles {
            let (nodes, solved) = propagation_variants::run(&geometry, true, &puzzle.board());
            assert!(solved);
            assert_eq!(
                nodes,
                effort(&approaches::PROPAGATION, &puzzle.board()).nodes
            );
            on += nodes;
            most = most.max(nodes);
            off += propagation_variants::run(&geometry, false, &puzzle.board()).0;
        }
        let count = puzzles.len() as f64;
        format!(
            "| {} / {} | {} | {} | {} | {} |",
            puzzles.len(),
            puzzles.len(),
            decimal(on as f64 / count, 1),
            commas(most),
            decimal(off as f64 / count, 1),
            decimal(mean_nodes(&approaches::MOST_CONSTRAINED, puzzles), 1)
        )
    };
    quotes.says(
        "notes/propagation.md",
        format!("| `graded_extreme.txt` {}", propagation_row(&extreme)),
    );
    // Five quotes on the project's own sets, five more on top95 when the
    // public sets are here (a fresh clone has none).
    let mut at_least = 5;
    if let Some(top95) = shared_set(public::TOP95, None) {
        at_least += 5;
        let (stock_nodes, _, read, branching) = measure(STOCK, &top95);
        assert!(
            (9.5..11.5).contains(&read),
            "ten or eleven empty cells per scan on top95, not {read:.1}"
        );
        let (full_nodes, _, _, _) = measure(full, &top95);
        let (last_nodes, _, _, _) = measure(last, &top95);
        let (_, skip_valid, _, _) = measure(skip, &top95);
        quotes.says(
            "notes/most_constrained.md",
            format!(
                "and {} on `top95.txt` (not {})",
                decimal(full_nodes, 1),
                decimal(stock_nodes, 1)
            ),
        );
        quotes.says(
            "notes/most_constrained.md",
            format!(
                "and {skip_valid} of {} `top95.txt` answers valid",
                top95.len()
            ),
        );
        quotes.says(
            "notes/most_constrained.md",
            format!(
                "but {} instead of {} on `top95.txt`",
                decimal(last_nodes, 1),
                decimal(full_nodes, 1)
            ),
        );
        quotes.says(
            "notes/most_constrained.md",
            format!(
                "the branch cells on `top95.txt` had one candidate {} times, two {} times, three or more {} times",
                commas(branching[0]),
                commas(branching[1]),
                commas(branching[2])
            ),
        );
        quotes.says(
            "notes/propagation.md",
            format!("| `top95.txt` {}", propagation_row(&top95)),
        );
    }
    quotes.done(at_least);
}

/// Mean nodes and guesses on the public sets, for the approaches quick
/// enough to run them here.
#[test]
fn figures_on_the_public_sets_are_current() {
    let mut quotes = Quotes::default();
    let Some(top95) = shared_set(public::TOP95, None) else {
        return;
    };
    let top1465 = shared_set(public::TOP1465, None).expect("with top95");
    let hardest = shared_set(public::HARDEST_FORUM_1106, None).expect("with top95");
    let clue17 = shared_set(public::SEVENTEEN_CLUE, None).expect("with top95");
    let norvig_hardest = shared_set(public::NORVIG_HARDEST, None).expect("with top95");
    let guesses = |puzzles: &[SetEntry]| decimal(mean_nodes(&approaches::BITBOARD, puzzles), 2);
    let (g17, g1465, ghard) = (guesses(&clue17), guesses(&top1465), guesses(&hardest));
    quotes.says(
        "notes/overview.md",
        format!(
            "{} per puzzle on `top95`, {g1465} on `top1465`, {ghard} on `hardest_forum_1106`",
            guesses(&top95)
        ),
    );
    quotes.says(
        "notes/bitboard.md",
        format!("{g17} guesses per puzzle on the 40,000 17-clue puzzles, {g1465} on `top1465`, {ghard} on `hardest_forum_1106`"),
    );
    quotes.says(
        "notes/bitboard_simd.md",
        format!("{g17} per puzzle on the 40,000 17-clue puzzles, {g1465} on `top1465`, {ghard} on"),
    );
    quotes.says(
        "src/approaches/bitboard.rs",
        format!("{g17} guesses per puzzle on the 40,000 17-clue puzzles, {g1465} on `top1465` and {ghard} on the hardest forum set"),
    );
    assert_eq!(clue17.len(), 40_000);
    let propagation: Vec<f64> = [&top95, &hardest]
        .iter()
        .map(|set| mean_nodes(&approaches::PROPAGATION, set))
        .collect();
    let tightest: Vec<f64> = [&top95, &hardest]
        .iter()
        .map(|set| mean_nodes(&approaches::MOST_CONSTRAINED, set))
        .collect();
    let dancing: Vec<f64> = [&top95, &hardest]
        .iter()
        .map(|set| mean_nodes(&approaches::DANCING_LINKS, set))
        .collect();
    quotes.says(
        "notes/overview.md",
        format!(
            "{} nodes per puzzle on `top95` against {}, {} on `hardest_forum_1106` against {}.",
            short(propagation[0]),
            short(tightest[0]),
            short(propagation[1]),
            short(tightest[1])
        ),
    );
    quotes.says(
        "notes/overview.md",
        format!(
            "Its node counts: {} per puzzle on `top95` (`propagation`: {}), {} on \
             `hardest_forum_1106` (`propagation`: {}).",
            short(dancing[0]),
            short(propagation[0]),
            short(dancing[1]),
            short(propagation[1])
        ),
    );
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "on `top95.txt`, {} per puzzle against",
            decimal(tightest[0], 1)
        ),
    );
    quotes.says(
        "notes/most_constrained.md",
        format!(
            "it loses most on `top95.txt`, {:.0}-fold",
            tightest[0] / propagation[0]
        ),
    );
    quotes.says(
        "notes/overview.md",
        format!(
            "but {} against {} per puzzle on `norvig_hardest`",
            short(mean_nodes(&approaches::AVAILABLE_SETS, &norvig_hardest)),
            short(mean_nodes(&approaches::SCAN_VALIDATE, &norvig_hardest))
        ),
    );
    // The bitboard note's table, and dancing_links' own.
    for (set, puzzles, label) in [
        (
            "17clue (40,000 puzzles)",
            &clue17,
            "`17clue.txt` | 40000 / 40000",
        ),
        ("top1465", &top1465, "`top1465.txt` | 1465 / 1465"),
        (
            "hardest_forum_1106 (375)",
            &hardest,
            "`hardest_forum_1106.txt` | 375 / 375",
        ),
    ] {
        let dancing = decimal(mean_nodes(&approaches::DANCING_LINKS, puzzles), 1);
        quotes.says(
            "notes/bitboard.md",
            format!(
                "| {set} | {} | {} | {dancing} |",
                guesses(puzzles),
                decimal(mean_nodes(&approaches::PROPAGATION, puzzles), 1)
            ),
        );
        quotes.says("notes/dancing_links.md", format!("| {label} | {dancing} |"));
    }
    quotes.says(
        "notes/dancing_links.md",
        format!("| `top95.txt` | 95 / 95 | {} |", decimal(dancing[0], 1)),
    );
    // The bitboard column of the note's guesses table (the race's counts;
    // tdoku's column is tdoku's own and is not rerun here).
    let count_guesses = |puzzles: &[[u8; 81]]| {
        let total: u64 = puzzles
            .iter()
            .map(|cells| {
                probe::measure(|| bitboard::count_solutions_cells(cells, 2))
                    .1
                    .nodes
            })
            .sum();
        decimal(total as f64 / puzzles.len() as f64, 2)
    };
    let cells_of = |puzzles: &[SetEntry]| -> Vec<[u8; 81]> {
        puzzles.iter().map(|puzzle| puzzle.cells).collect()
    };
    let less_first_given: Vec<[u8; 81]> = clue17
        .iter()
        .take(10_000)
        .map(|puzzle| {
            let mut cells = puzzle.cells;
            let first = cells.iter().position(|&value| value != 0).unwrap();
            cells[first] = 0;
            cells
        })
        .collect();
    for (row, guesses) in [
        ("| 17clue (40,000) | first solution |", g17.clone()),
        (
            "| 17clue (40,000) | count to 2 |",
            count_guesses(&cells_of(&clue17)),
        ),
        ("| top1465 | first solution |", g1465.clone()),
        (
            "| top1465 | count to 2 |",
            count_guesses(&cells_of(&top1465)),
        ),
        (
            "| hardest_forum_1106 (375) | first solution |",
            ghard.clone(),
        ),
        (
            "| hardest_forum_1106 (375) | count to 2 |",
            count_guesses(&cells_of(&hardest)),
        ),
        (
            "| 17clue less its first given (10,000) | count to 2 |",
            count_guesses(&less_first_given),
        ),
    ] {
        quotes.says("notes/bitboard.md", format!("{row} {guesses} |"));
    }
    // The easy50 puzzle that needs only singles, yet takes bitboard guesses.
    let easy50 = shared_set(public::EASY50, None).expect("with top95");
    let line23 = easy50
        .iter()
        .find(|puzzle| puzzle.line == 23)
        .expect("line 23");
    let rating = sudoku37_tool::logic::rate(&line23.puzzle().unwrap()).unwrap();
    assert_eq!(
        rating.level,
        sudoku37_tool::logic::Level::Easy,
        "singles only"
    );
    quotes.says(
        "notes/bitboard.md",
        format!(
            "yet `sudoku37 show -a bitboard` counts {} guesses on it",
            effort(&approaches::BITBOARD, &line23.board()).nodes
        ),
    );
    // A count to 2 on the puzzles with several solutions.
    let multiple = shared_set(public::MULTIPLE_SOLUTIONS, None).expect("with top95");
    let counted: u64 = multiple
        .iter()
        .map(|puzzle| {
            probe::measure(|| bitboard::count_solutions_cells(&puzzle.cells, 2))
                .1
                .nodes
        })
        .sum();
    // Which of them pair their solutions, by the givens alone: two digits
    // no given holds, two rows of a band or two columns of a stack with no
    // given.
    let pairs = |cells: &[u8; 81]| {
        let missing: Vec<u8> = (1..=9).filter(|digit| !cells.contains(digit)).collect();
        let empty_row = |row: usize| cells[row * 9..row * 9 + 9].iter().all(|&c| c == 0);
        let empty_column = |column: usize| (0..9).all(|row| cells[row * 9 + column] == 0);
        let two_in_a_third = |empty: &dyn Fn(usize) -> bool| {
            (0..3).any(|third| (0..3).filter(|&at| empty(third * 3 + at)).count() >= 2)
        };
        (missing.len() >= 2 || two_in_a_third(&empty_row) || two_in_a_third(&empty_column))
            .then_some(missing)
    };
    let paired: Vec<(usize, Vec<u8>)> = multiple
        .iter()
        .enumerate()
        .filter_map(|(at, puzzle)| pairs(&puzzle.cells).map(|missing| (at, missing)))
        .collect();
    assert_eq!(paired.len(), 2, "two of the three pair their solutions");
    assert_eq!(paired[0].0, 0, "Norvig's hard1 is the first");
    assert!(
        multiple[paired[1].0].cells.iter().all(|&c| c == 0),
        "the empty grid"
    );
    let hard1_missing: Vec<String> = paired[0].1.iter().map(u8::to_string).collect();
    quotes.says(
        "notes/bitboard.md",
        format!(
            "Two of the three puzzles of the shared `multiple_solutions.txt` take this path: \
             Norvig's hard1 (no {} among its givens) and the empty grid.",
            hard1_missing.join(" or ")
        ),
    );
    quotes.says(
        "notes/bitboard.md",
        format!(
            "A count to 2 on the three makes {} guesses per puzzle",
            decimal(counted as f64 / multiple.len() as f64, 2)
        ),
    );
    quotes.done(15);
}

/// The sizes the prose states, against the code that has them: `bitboard`'s
/// tables and state, the exact-cover matrix, `propagation`'s state.
#[test]
fn sizes_in_prose_match_the_code() {
    let mut quotes = Quotes::default();
    let source = crate::notes::read("src/approaches/bitboard.rs");
    let bytes_of = |element: &str| match element {
        "u8" | "bool" => 1,
        "u16" => 2,
        "u32" => 4,
        "u64" | "usize" => 8,
        other => panic!("a table of {other}"),
    };
    // Every `static NAME: [T; N]` table, as "N × bytes of T".
    let mut terms = Vec::new();
    let mut total = 0;
    for line in source.lines() {
        let Some(rest) = line.strip_prefix("static ") else {
            continue;
        };
        let shape = rest
            .split(": [")
            .nth(1)
            .and_then(|s| s.split(']').next())
            .expect("an array");
        let (element, count) = shape.split_once("; ").expect("[T; N]");
        let count: usize = count.parse().expect("a literal length");
        terms.push((count, bytes_of(element)));
        total += count * bytes_of(element);
    }
    // The sum as the prose writes it out: equal neighbours grouped, as
    // "4 × 512 × 4".
    let mut groups: Vec<(usize, (usize, usize))> = Vec::new();
    for &term in &terms {
        match groups.last_mut() {
            Some((times, last)) if *last == term => *times += 1,
            _ => groups.push((1, term)),
        }
    }
    let written = |times_sign: &str| {
        groups
            .iter()
            .map(|&(times, (count, bytes))| match times {
                1 => format!("{count} {times_sign} {bytes}"),
                _ => format!("{times} {times_sign} {count} {times_sign} {bytes}"),
            })
            .collect::<Vec<_>>()
            .join(" + ")
    };
    assert!(terms.len() <= 10, "at most ten tables");
    let number = crate::comparisons::word(terms.len());
    quotes.says(
        "notes/bitboard.md",
        format!(
            "the {number} tables the search reads take {} = {} bytes",
            written("×"),
            commas(total as u64)
        ),
    );
    // The tables only a count's mini-line check reads, and the constant
    // table the program does not hold.
    let count_only: usize = ["LONE_MINI_ROWS", "LONE_COLUMNS"]
        .iter()
        .map(|name| {
            let line = source
                .lines()
                .find(|line| line.starts_with(&format!("static {name}: [")))
                .unwrap_or_else(|| panic!("static {name}"));
            let shape = line.split(": [").nth(1).unwrap().split(']').next().unwrap();
            let (element, count) = shape.split_once("; ").unwrap();
            count.parse::<usize>().unwrap() * bytes_of(element)
        })
        .sum();
    quotes.says(
        "notes/bitboard.md",
        format!(
            "({} of them, `LONE_MINI_ROWS` and `LONE_COLUMNS`, only for a count's mini-line check)",
            commas(count_only as u64)
        ),
    );
    assert!(
        source.contains("const USABLE_PAIRS: [u32; 512]"),
        "USABLE_PAIRS is read at compile time only"
    );
    // ... and the count-only tables are read by the mini-line check alone.
    let tests_start = source.find("#[cfg(test)]").expect("the unit tests");
    let check_start = source
        .find("fn overfills_a_mini_line")
        .expect("the mini-line check");
    let check_end = check_start + source[check_start..].find("\n    }\n").expect("its end");
    for name in ["LONE_MINI_ROWS[", "LONE_COLUMNS["] {
        for (at, _) in source[..tests_start].match_indices(name) {
            assert!(
                (check_start..check_end).contains(&at),
                "{name} is read outside overfills_a_mini_line"
            );
        }
    }
    quotes.says(
        "src/approaches/bitboard.rs",
        format!(
            "The tables take {} = {} bytes",
            written("x"),
            commas(total as u64)
        ),
    );
    // The search state: the fields of `struct Bands`.
    let words = struct_bytes(&source, "Bands", bytes_of) / 4;
    quotes.says(
        "notes/bitboard.md",
        format!("the state is {words} words ({} bytes)", words * 4),
    );
    quotes.says(
        "src/approaches/bitboard.rs",
        format!("guesses, on a copy of the {}-byte state", words * 4),
    );
    quotes.says(
        "src/approaches/bitboard.rs",
        format!("{words} words, copied on every guess."),
    );
    // propagation copies its grid on a guess.
    let propagation = crate::notes::read("src/approaches/propagation.rs");
    let grid = struct_bytes(&propagation, "Grid", bytes_of);
    quotes.says(
        "notes/propagation.md",
        format!("A guess copies {grid} bytes."),
    );
    quotes.says(
        "src/approaches/propagation.rs",
        format!("a guess copies the {grid}-byte state."),
    );
    // The exact-cover matrix: a root, 324 headers, four nodes per candidate.
    let matrix = 1 + 324 + 4 * 729;
    let links = crate::notes::read("src/approaches/dancing_links.rs");
    assert!(
        links.contains("const COLUMNS: usize = 324;")
            && links.contains("const CANDIDATES: usize = 729;")
    );
    assert!(links.contains("const NODE_COUNT: usize = FIRST_ROW_NODE + 4 * CANDIDATES;"));
    quotes.says(
        "notes/dancing_links.md",
        format!("Building the matrix is {matrix} nodes per call"),
    );
    quotes.says(
        "src/approaches/dancing_links.rs",
        format!("Building the matrix is {matrix} nodes on every call."),
    );
    quotes.says(
        "notes/overview.md",
        format!("Building the {matrix}-node matrix on every call"),
    );
    quotes.done(10);
}

/// The bytes of the fields of `struct NAME` in `source`: fields of the
/// form `name: T` or `name: [T; N]`.
fn struct_bytes(source: &str, name: &str, bytes_of: impl Fn(&str) -> usize) -> usize {
    let start = source
        .find(&format!("struct {name} {{"))
        .unwrap_or_else(|| panic!("struct {name}"));
    let body = &source[start..start + source[start..].find("\n}").unwrap()];
    body.lines()
        .skip(1)
        .map(str::trim)
        .filter(|line| !line.starts_with("//") && line.contains(':'))
        .map(|line| {
            let field = line.split_once(':').unwrap().1.trim().trim_end_matches(',');
            let field = field
                .split("//")
                .next()
                .unwrap()
                .trim()
                .trim_end_matches(',');
            match field
                .strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
            {
                Some(array) => {
                    let (element, count) = array.split_once("; ").unwrap();
                    bytes_of(element) * count.parse::<usize>().unwrap()
                }
                None => bytes_of(field),
            }
        })
        .sum()
}

/// What takes long: searches of millions of nodes, and the Python
/// write-ups under many hash seeds (`python3` and the third-party write-up,
/// neither in the repository). `cargo test -p sudoku37-tool --release --test checks figures:: -- --ignored`.
#[test]
#[ignore = "minutes of searching, and python3 with the Python write-up"]
fn slow_figures_in_prose_are_current() {
    let mut quotes = Quotes::default();
    if let Some(top95) = shared_set(public::TOP95, None) {
        let reading = decimal(mean_nodes(&approaches::BITMASK, &top95), 1);
        assert_eq!(
            reading,
            decimal(mean_nodes(&approaches::BOOL_ARRAYS, &top95), 1)
        );
        quotes.says(
            "notes/overview.md",
            format!("they place {reading} digits per puzzle"),
        );
        quotes.says(
            "notes/bitmask.md",
            format!("({reading} per puzzle, in the table below)"),
        );
        quotes.says(
            "notes/most_constrained.md",
            format!("per puzzle against {reading} (the table below)"),
        );
        let total = mean_nodes(&approaches::BITMASK, &top95) * top95.len() as f64;
        quotes.says(
            "notes/bitmask.md",
            format!("the same {:.0} million digits", total / 1e6),
        );
        let row = format!(
            "| `top95.txt` | 95 | {reading} | {reading} | {} | {} |",
            decimal(mean_nodes(&approaches::MOST_CONSTRAINED, &top95), 1),
            decimal(mean_nodes(&approaches::PROPAGATION, &top95), 1)
        );
        quotes.says("notes/bitmask.md", &row);
        quotes.says("notes/most_constrained.md", &row);
        let unsolvable = shared_set(public::UNSOLVABLE, None).unwrap();
        let norvig = effort(
            &approaches::PROPAGATION,
            &unsolvable.last().unwrap().board(),
        )
        .nodes;
        quotes.says(
            "notes/overview.md",
            format!("`propagation` needs {} nodes", commas(norvig)),
        );
        quotes.says(
            "notes/propagation.md",
            format!(
                "counts {} nodes per puzzle over the set's",
                decimal(mean_nodes(&approaches::PROPAGATION, &unsolvable), 1)
            ),
        );
        let multiple = shared_set(public::MULTIPLE_SOLUTIONS, None).unwrap();
        quotes.says(
            "notes/propagation.md",
            format!(
                "it takes {} nodes here",
                commas(effort(&approaches::PROPAGATION, &multiple[0].board()).nodes)
            ),
        );
    }
    // The Python write-up as printed, under CPython, seed by seed.
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output();
    let write_up =
        python_hash_seeds::find_write_up().and_then(|path| std::fs::read_to_string(path).ok());
    match (python, write_up) {
        (Ok(_), Some(write_up)) => {
            let solutions = python_hash_seeds::solutions(&write_up).expect("the two solutions");
            let seeds = 200;
            let first = python_hash_seeds::run(&solutions.first, seeds);
            let unsolved = format!("unsolved for {} of {seeds}", first.unsolved.len());
            quotes.says("notes/available_sets.md", format!("left the board {unsolved} hash seeds"));
            quotes.says(
                "notes/available_sets.md",
                format!("with {} to {} placements depending on the seed", first.nodes.0, commas(first.nodes.1)),
            );
            quotes.says("notes/interview.md", format!("leaves LeetCode's example {unsolved}"));
            quotes.says("src/approaches/available_sets.rs", format!("leaves the board {unsolved} hash seeds"));
            let fixed = python_hash_seeds::run(&solutions.first_fixed, seeds);
            assert!(fixed.unsolved.is_empty());
            quotes.says(
                "notes/available_sets.md",
                format!(
                    "all {seeds} seeds solve the example ({} to {} placements)",
                    fixed.nodes.0,
                    commas(fixed.nodes.1)
                ),
            );
            let review = python_hash_seeds::run(&solutions.review, seeds);
            let sorted = python_hash_seeds::run(&solutions.review_sorted, seeds);
            assert_eq!((review.nodes.0, sorted.nodes.0), (review.nodes.1, sorted.nodes.1), "the same for every seed");
            quotes.says(
                "notes/set_intersection.md",
                format!("**{}** nodes and {} undos", review.nodes.0, review.undos.0),
            );
            quotes.says(
                "notes/set_intersection.md",
                format!("gave {} nodes and {} undos, our figures", sorted.nodes.0, sorted.undos.0),
            );
            quotes.says(
                "src/approaches/set_intersection.rs",
                format!(
                    "places {} digits on LeetCode's example under every `PYTHONHASHSEED` from 0 to {}, and {} with `sorted(common)`",
                    commas(review.nodes.0),
                    seeds - 1,
                    commas(sorted.nodes.0)
                ),
            );
        }
        _ => eprintln!("SKIPPED the Python figures: python3 or the Python write-up (../shared/seeds) is missing"),
    }
    quotes.done(0);
}

#[test]
fn numbers_are_written_as_the_notes_write_them() {
    assert_eq!(commas(4208), "4,208");
    assert_eq!(commas(80_288), "80,288");
    assert_eq!(commas(51), "51");
    assert_eq!(decimal(4_138_389.94, 1), "4,138,389.9");
    assert_eq!(decimal(5.968, 2), "5.97");
    assert_eq!(short(108_056.5), "108.1k");
    assert_eq!(short(306.1), "306");
}

/// The Dancing Links note quotes the figures of the two unit tests that prove
/// its pitfall (`dancing_links::tests::deletions_undone_in_the_same_or_the_reverse_order_restore_a_list`
/// and `dancing_links::tests::uncover_in_reverse_call_order_restores_the_links_whatever_the_walk_and_the_row_order`):
/// how many deletion sequences and relinking orders, how many random
/// descents and covers, on the matrix as built and shuffled, and that
/// uncovering in call order broke every one. The figures are read from the
/// tests' own assertions, so that the notes and the tests cannot disagree;
/// and the reason the notes give is the one the tests prove (same or reverse
/// order of relinking), not the rows' candidate order.
#[test]
fn the_dancing_links_note_quotes_its_undo_test() {
    let source = crate::notes::read("src/approaches/dancing_links.rs");
    // `const NAME: T = VALUE;` in the tests: the numbers of VALUE.
    let constant = |name: &str| -> Vec<u64> {
        let marker = format!("const {name}: ");
        let line = source
            .lines()
            .find_map(|line| line.trim().strip_prefix(&marker))
            .unwrap_or_else(|| panic!("dancing_links.rs: no const {name} in its undo tests"));
        let value = line.split_once('=').expect("a value").1;
        value
            .split(|c: char| !(c.is_ascii_digit() || c == '_'))
            .map(|number| number.replace('_', ""))
            .filter(|number| !number.is_empty())
            .map(|number| number.parse().expect("a number"))
            .collect()
    };
    let trials = constant("TRIALS")[0];
    let covers = constant("COVERS");
    assert_eq!(covers.len(), 2, "covers as built, then shuffled");
    let sequences = constant("SEQUENCES")[0];
    let relinkings = constant("RELINKINGS")[0];
    let broken = constant("BROKEN_RELINKINGS")[0];
    assert!(
        source.contains("[trials; 2],"),
        "call order breaks every trial, both walks"
    );
    let mut quotes = Quotes::default();
    quotes.says(
        "notes/dancing_links.md",
        "walking down and right relinks the nodes in exactly the order `cover` took them out. \
         Undone in the same order, or in exactly the reverse order, a sequence of deletions \
         from a doubly linked list restores the list, whatever order the deletions were made in",
    );
    quotes.says(
        "notes/dancing_links.md",
        format!(
            "({} sequences, on lists of up to 7 nodes) and relinks each sequence in both orders: \
             every list comes back; of the {} ways to relink the deletions from a list of 5 \
             nodes, {} leave it broken.",
            commas(sequences),
            commas(relinkings),
            commas(broken)
        ),
    );
    quotes.says(
        "notes/dancing_links.md",
        format!(
            "runs {trials} random descents of the real matrix ({} covers in all), and {trials} \
             more with every column's rows shuffled out of candidate order ({} covers)",
            commas(covers[0]),
            commas(covers[1])
        ),
    );
    quotes.says(
        "notes/dancing_links.md",
        format!("all {trials} of each leave the arrays broken, walking either way"),
    );
    quotes.says(
        "notes/zh/dancing_links.md",
        format!(
            "试遍每一种删除序列（共 {} 种），每种都按两种顺序接回",
            commas(sequences)
        ),
    );
    quotes.says(
        "notes/zh/dancing_links.md",
        format!(
            "{} 种接回顺序里有 {} 种会把链表弄乱",
            commas(relinkings),
            commas(broken)
        ),
    );
    quotes.says(
        "notes/zh/dancing_links.md",
        format!(
            "做 {trials} 次随机下降（共 {} 次覆盖），再在每列的行都被打乱、不再按候选编号排列的矩阵上做 {trials} 次（共 {} 次覆盖）",
            commas(covers[0]),
            commas(covers[1])
        ),
    );
    quotes.says(
        "notes/zh/dancing_links.md",
        format!("两组各 {trials} 次全都把数组弄乱"),
    );
    // The reason the third round gave, and that was wrong, is gone: the
    // walk's direction does not rest on the rows' candidate order.
    for (path, wrong) in [
        (
            "notes/dancing_links.md",
            "every column lists its rows in candidate order, so",
        ),
        (
            "notes/zh/dancing_links.md",
            "每一列都按候选的编号顺序排列各行，所以",
        ),
        (
            "src/approaches/dancing_links.rs",
            "lists its rows in candidate order, so walking down",
        ),
        (
            "src/approaches/dancing_links.rs",
            "since every column lists its rows in candidate order",
        ),
    ] {
        assert!(
            !prose(path).contains(wrong),
            "{path} still gives the rows' candidate order as the reason: {wrong:?}"
        );
    }
    quotes.done(8);
}

/// The overview and `bitboard`'s note had named `bitboard` as the solver
/// behind `solve` and the solution counter, and `scan_validate`'s note
/// `solve::run` as the harness. The solver the notes name is the one the
/// code uses (the registry's default, which `search.rs` calls), and the
/// harness they name is `harness::run`, quoted with the message it gives.
#[test]
fn the_solver_and_the_harness_the_notes_name_are_the_code_s() {
    let solver = approaches::DEFAULT_APPROACH;
    let search = crate::notes::read("src/search.rs");
    for call in ["solve_cells(", "count_solutions_cells("] {
        assert!(
            search.contains(&format!("{solver}::{call}")),
            "search.rs calls {solver}::{call}"
        );
    }
    let mut quotes = Quotes::default();
    quotes.says(
        "notes/overview.md",
        format!("Its search, run as `{solver}` (below), is the one `solve` and the solution counter use."),
    );
    quotes.says(
        "notes/bitboard.md",
        format!("`{solver}`'s copy of it is the one `sudoku37 solve --count`, `--unique` and the generator use"),
    );
    quotes.says(
        "notes/zh/overview.md",
        format!("它的搜索以 `{solver}`（见下）的形式运行，`solve` 和解计数用的就是它。"),
    );
    // The harness: `harness::run`, and the error it gives a board left as
    // given.
    let _: fn(&Approach, &Puzzle) -> Result<harness::Solved, harness::SolveError> = harness::run;
    let message = harness::SolveError::NoSolution {
        approach: approaches::SCAN_VALIDATE.name,
    }
    .to_string();
    quotes.says(
        "notes/scan_validate.md",
        format!("our harness (`harness::run`) reports as `{message}`"),
    );
    quotes.says(
        "notes/zh/scan_validate.md",
        format!("我们的运行封装（`harness::run`）会把它报告为 `{message}`"),
    );
    quotes.done(5);
}

/// The README says how long a time limit waits out a wait for a core: as
/// many times the limit as the judge allows.
#[test]
fn the_judge_s_allowance_for_a_busy_machine_is_the_one_the_readme_gives() {
    use crate::comparisons::{chinese_word, word};
    let allowance = sudoku37_tool::judge::program::LOAD_ALLOWANCE as usize;
    let english = format!("up to {} times the limit", word(allowance));
    let readme = prose("README.md");
    assert!(readme.contains(&english), "README.md: {english:?}");
    let zh = format!("最多等到限制的{}倍", chinese_word(allowance));
    let readme_zh = prose("README.zh-CN.md");
    assert!(readme_zh.contains(&zh), "README.zh-CN.md: {zh:?}");
}
