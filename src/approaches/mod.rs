//! The registry: every approach, by name, in the order a learner should meet
//! them, with every fact the rest of the project needs about each one (what
//! it counts as a node, how hard a set it gets through quickly, which
//! unsolvable test cases it cannot refute in time, ...). Tests, benchmarks,
//! the command line and `compare` derive everything from [`APPROACHES`] and
//! [`for_each_approach!`](crate::for_each_approach); nothing outside this
//! folder lists the approaches.
//!
//! Each approach module follows one contract: a `//!` header (idea, the write-up
//! it reproduces, state, complexity, pitfalls), `pub struct Solution;`, and the
//! code a user pastes into LeetCode between the lines
//! `// submission codes start here` and `// submission codes end` (entry point
//! first, std only, compiling alone under editions 2021 and 2024).
//!
//! # Adding an approach
//!
//! 1. **The file** `src/approaches/NAME.rs`, following the contract above, and
//!    `pub mod NAME;` below.
//! 2. **One registry entry** in [`APPROACHES`], and `NAME` in the list of
//!    [`for_each_approach!`](crate::for_each_approach), in the same place.
//! 3. **Its two notes**, `notes/NAME.md` and `notes/zh/NAME.md`, with the
//!    same sections and figures, each quoting the nodes it visits on LeetCode's
//!    example; and a row in the approach tables of `README.md` and
//!    `README.zh-CN.md`.
//! 4. **The generated blocks**: rerun the commands named at the top of each
//!    block in `README.md` and `notes/overview.md` (`cargo run --release --
//!    --plot ...` and `cargo run --release -- compare --data ...`).
//!
//! `cargo test` then checks every step: `tests/it/registry.rs` and
//! `tool/tests/checks/notes.rs` fail with a message naming the step that is missing, and
//! the generated test modules (`cargo test NAME`) run the new approach on
//! every test set its [`Speed`] allows.

pub mod available_sets;
pub mod bitboard;
pub mod bitboard_simd;
#[cfg(test)]
mod bitboard_twins;
pub mod bitmask;
pub mod bool_arrays;
pub mod dancing_links;
pub mod early_exit;
// Its paste region is the interview note's code, character for character (a
// test checks it): rustfmt would reflow its three-statement lines.
#[rustfmt::skip]
pub mod interview;
pub mod most_constrained;
pub mod propagation;
pub mod scan_validate;
pub mod set_intersection;

/// What an approach counts as a node (see [`crate::probe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nodes {
    /// Every digit the search places into an empty cell, forced or guessed.
    Placements,
    /// Only the digits it guesses; forced moves are not counted.
    Guesses,
}

/// How an approach chooses where to branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// It fills the blanks in a fixed order (reading order, or column by
    /// column), trying digits in ascending order: the write-ups' backtracking.
    /// Simple, and slow on hard puzzles, where a wrong early digit is found
    /// out only deep down.
    ReadingOrder,
    /// It branches where the fewest choices are left (a cell, or an
    /// exact-cover column), after whatever deductions it makes.
    Constrained,
}

/// The order in which a [`Family::ReadingOrder`] search visits the blanks,
/// each once per branch: the next blank of this order after the cell it has
/// just filled. A trace reads its reasons from it (which cell was left with
/// no digit, see the `trace` module of `sudoku37-tool`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Row by row, left to right: reading order.
    Rows,
    /// Column by column, top to bottom.
    Columns,
}

/// How hard a set an approach gets through quickly: one pass in well under a
/// second in a release build (measured with `sudoku37 solve` and
/// `cargo bench --bench solvers`). Tests and benchmarks give each set the
/// speed it needs and run it with the approaches at least that fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Speed {
    /// LeetCode's example and easy sets; the hard puzzles of the graded sets
    /// take it seconds.
    Easy,
    /// The built-in graded sets, up to `graded_extreme`, but not the public
    /// hard sets.
    Graded,
    /// The public hard sets of a few hundred puzzles (`top95`,
    /// `hardest_forum_1106`), but not thousands of them in a benchmark pass.
    Hard,
    /// Thousands of hard puzzles per second (`17clue`, `top1465`).
    Bulk,
}

/// One way of solving LeetCode 37.
#[derive(Debug, Clone, Copy)]
pub struct Approach {
    /// The module name, used everywhere: `--approach NAME`, `notes/NAME.md`,
    /// `cargo test NAME`.
    pub name: &'static str,
    /// One line saying what it does.
    pub title: &'static str,
    /// The write-up or idea it reproduces.
    pub source: &'static str,
    /// LeetCode's entry point.
    pub solve: fn(&mut Vec<Vec<char>>),
    /// A flat entry point on 81 cells (`0` blank), where the approach has one:
    /// it returns whether it solved them, leaving them as given otherwise.
    /// `sudoku37 solve` uses it to skip building LeetCode's board.
    pub solve_cells: Option<fn(&mut [u8; 81]) -> bool>,
    /// What its node count counts.
    pub nodes: Nodes,
    /// How it chooses where to branch.
    pub family: Family,
    /// For a reading-order search, the order of its blanks; `None` for a
    /// search that chooses where to branch.
    pub order: Option<Order>,
    /// How hard a set it gets through quickly.
    pub speed: Speed,
    /// The consistent unsolvable test cases it cannot prove impossible within
    /// seconds (it would have to exhaust a huge tree first), as `tests/
    /// unsolvable.rs` labels them (measured with `sudoku37 solve --time-limit 2`).
    pub slow_to_refute: &'static [&'static str],
    /// The approach whose search tree it walks node for node, when it differs
    /// from it only in representation or in how it stops (tests check that
    /// the node and undo counts agree on every built-in puzzle).
    pub same_search_as: Option<&'static str>,
    /// Whether its paste region may hold `unsafe`: only to call code
    /// compiled for CPU features it has just checked for, each block with a
    /// `// SAFETY:` comment (the paste test checks both). Every other
    /// approach is safe Rust.
    pub uses_unsafe: bool,
    /// The module's source text, from which `sudoku37 paste` cuts the
    /// paste-ready part.
    pub code: &'static str,
}

/// Every approach, classic ones first, in the order of the notes: the
/// registry. Each entry is also a constant of its own (`approaches::BITMASK`),
/// so that the rest of the project names an approach by a typed reference
/// that a typo cannot compile, not by a string.
pub static APPROACHES: &[Approach] = &[
    SCAN_VALIDATE,
    EARLY_EXIT,
    AVAILABLE_SETS,
    SET_INTERSECTION,
    BOOL_ARRAYS,
    BITMASK,
    INTERVIEW,
    MOST_CONSTRAINED,
    PROPAGATION,
    DANCING_LINKS,
    BITBOARD,
    BITBOARD_SIMD,
];

pub const SCAN_VALIDATE: Approach = Approach {
    name: "scan_validate",
    title: "row-major DFS, validate by scanning row/column/box, stop with an is_over flag",
    source: "C++ write-up, scan validation, Version 1",
    solve: scan_validate::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Easy,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("scan_validate.rs"),
};

pub const EARLY_EXIT: Approach = Approach {
    name: "early_exit",
    title: "the same scan, but the DFS returns bool and unwinds at the first solution",
    source: "C++ write-up, early exit, Version 2",
    solve: early_exit::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Easy,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: Some("scan_validate"),
    uses_unsafe: false,
    code: include_str!("early_exit.rs"),
};

pub const AVAILABLE_SETS: Approach = Approach {
    name: "available_sets",
    title: "sets of available digits per row/column/box, one position index, column-major",
    source: "Python write-up, first solution",
    solve: available_sets::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Columns),
    speed: Speed::Easy,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 11",
        "puzzles/unsolvable.txt line 13",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("available_sets.rs"),
};

pub const SET_INTERSECTION: Approach = Approach {
    name: "set_intersection",
    title: "row-major recursion over row & column & box sets, fail fast when empty",
    source: "Python write-up, review solution",
    solve: set_intersection::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Easy,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "puzzles/unsolvable.txt line 17",
        "shared unsolvable.txt line 6",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("set_intersection.rs"),
};

pub const BOOL_ARRAYS: Approach = Approach {
    name: "bool_arrays",
    title: "three [[bool; 9]; 9] used-digit tables, void DFS with a finished flag",
    source: "Java write-up",
    solve: bool_arrays::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Graded,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("bool_arrays.rs"),
};

pub const BITMASK: Approach = Approach {
    name: "bitmask",
    title: "bool_arrays' search with one u16 mask per row/column/box, lowest bit first",
    source: "bit masks, the standard trick of fast solvers, on bool_arrays' search",
    solve: bitmask::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Graded,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: Some("bool_arrays"),
    uses_unsafe: false,
    code: include_str!("bitmask.rs"),
};

pub const INTERVIEW: Approach = Approach {
    name: "interview",
    title: "bitmask's search written short: u16 masks, a list of blanks, return bool",
    source: "notes/interview.md, the solution to write at a whiteboard",
    solve: interview::solve_or_leave,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::ReadingOrder,
    order: Some(Order::Rows),
    speed: Speed::Graded,
    slow_to_refute: &[
        "puzzles/unsolvable.txt line 15",
        "shared unsolvable.txt line 8",
    ],
    same_search_as: Some("bool_arrays"),
    uses_unsafe: false,
    code: include_str!("interview.rs"),
};

pub const MOST_CONSTRAINED: Approach = Approach {
    name: "most_constrained",
    title: "bitmasks plus branching on the empty cell with the fewest candidates",
    source: "most-constrained-variable heuristic (Golomb and Baumert, 1965)",
    solve: most_constrained::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::Constrained,
    order: None,
    speed: Speed::Hard,
    slow_to_refute: &["shared unsolvable.txt line 8"],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("most_constrained.rs"),
};

pub const PROPAGATION: Approach = Approach {
    name: "propagation",
    title: "naked and hidden singles until nothing changes, then guess the tightest cell",
    source: "Norvig, \"Solving Every Sudoku Puzzle\" (2006)",
    solve: propagation::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::Constrained,
    order: None,
    speed: Speed::Bulk,
    slow_to_refute: &["shared unsolvable.txt line 8"],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("propagation.rs"),
};

pub const DANCING_LINKS: Approach = Approach {
    name: "dancing_links",
    title: "Knuth's Algorithm X on the 324-column exact cover, links in index arrays",
    source: "Knuth, \"Dancing Links\" (2000)",
    solve: dancing_links::Solution::solve_sudoku,
    solve_cells: None,
    nodes: Nodes::Placements,
    family: Family::Constrained,
    order: None,
    speed: Speed::Bulk,
    slow_to_refute: &[],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("dancing_links.rs"),
};

pub const BITBOARD: Approach = Approach {
    name: "bitboard",
    title: "one bit per (digit, cell) in 27-bit bands, band deductions, two-candidate guesses",
    source: "bit-parallel solvers (JCZSolve's bands, tdoku), written anew",
    solve: bitboard::Solution::solve_sudoku,
    solve_cells: Some(bitboard::solve_cells),
    nodes: Nodes::Guesses,
    family: Family::Constrained,
    order: None,
    speed: Speed::Bulk,
    slow_to_refute: &[],
    same_search_as: None,
    uses_unsafe: false,
    code: include_str!("bitboard.rs"),
};

pub const BITBOARD_SIMD: Approach = Approach {
    name: "bitboard_simd",
    title: "bitboard's search, also compiled for POPCNT, BMI and AVX2, its loops over a band's nine masks in AVX2 intrinsics, picked at run time",
    source: "bitboard, with std::arch intrinsics and std's runtime CPU feature detection",
    solve: bitboard_simd::Solution::solve_sudoku,
    solve_cells: Some(bitboard_simd::solve_cells),
    nodes: Nodes::Guesses,
    family: Family::Constrained,
    order: None,
    speed: Speed::Bulk,
    slow_to_refute: &[],
    same_search_as: Some("bitboard"),
    uses_unsafe: true,
    code: include_str!("bitboard_simd.rs"),

};

/// Calls `$callback!(scan_validate, early_exit, ...)` with every approach's
/// module name, in registry order, so that tests can generate one module per
/// approach (`matrix::bool_arrays::graded_hard`) without listing them:
///
/// ```
/// macro_rules! names { ($($name:ident),*) => { [$(stringify!($name)),*] } }
/// let names = sudoku37::for_each_approach!(names);
/// assert_eq!(names.to_vec(), sudoku37::approaches::names());
/// ```
///
/// A unit test keeps this list equal to [`APPROACHES`].
#[macro_export]
macro_rules! for_each_approach {
    ($callback:ident) => {
        $callback! {
            scan_validate,
            early_exit,
            available_sets,
            set_intersection,
            bool_arrays,
            bitmask,
            interview,
            most_constrained,
            propagation,
            dancing_links,
            bitboard,
            bitboard_simd
        }
    };
}

/// The approach `solve` uses when none is named, and the judge's reference:
/// the fastest (`cargo bench --bench race`). `bitboard_simd` walks
/// `bitboard`'s tree; its run-time dispatch runs its AVX2 copy on CPUs with
/// `POPCNT`, BMI and AVX2, and its safe portable copy elsewhere.
pub const DEFAULT_APPROACH: &str = BITBOARD_SIMD.name;

/// The approach `trace` and `show` use when none is named: a classic
/// reading-order search, whose every placement and undo is worth watching,
/// and whose node count a learner recognises (the fastest approaches count
/// their few guesses, 0 on LeetCode's example).
pub const TRACE_APPROACH: &str = BOOL_ARRAYS.name;

/// The approach named by [`DEFAULT_APPROACH`].
pub fn default_approach() -> &'static Approach {
    find(DEFAULT_APPROACH).expect("DEFAULT_APPROACH is registered (a unit test checks it)")
}

/// Looks an approach up by its name.
pub fn find(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}

/// Every approach's name, in registry order.
pub fn names() -> Vec<&'static str> {
    APPROACHES.iter().map(|approach| approach.name).collect()
}

/// The approaches of one family, in registry order.
pub fn of_family(family: Family) -> impl Iterator<Item = &'static Approach> {
    APPROACHES
        .iter()
        .filter(move |approach| approach.family == family)
}

/// The approaches that get through a set needing `speed` quickly, in
/// registry order.
pub fn at_least(speed: Speed) -> impl Iterator<Item = &'static Approach> {
    APPROACHES
        .iter()
        .filter(move |approach| approach.speed >= speed)
}

/// The idea that makes a search like `approach`'s faster, and the section of
/// the note that explains it: what to try when a solution like it is too
/// slow, or after it is accepted.
pub fn faster_idea(approach: &Approach) -> (&'static str, &'static str) {
    let is = |other: &Approach| other.name == approach.name;
    if is(&MOST_CONSTRAINED) {
        (
            "fill the forced digits before each guess (propagation)",
            "notes/propagation.md#the-idea",
        )
    } else if [PROPAGATION, DANCING_LINKS, BITBOARD, BITBOARD_SIMD]
        .iter()
        .any(is)
    {
        (
            "one bit per digit and cell, with band deductions (bitboard)",
            "notes/bitboard.md#the-idea",
        )
    } else {
        (
            "branch on the most-constrained cell (most_constrained)",
            "notes/most_constrained.md#the-idea",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_each_approach_lists_the_registry_in_order() {
        macro_rules! names {
            ($($name:ident),*) => { [$(stringify!($name)),*] };
        }
        assert_eq!(
            for_each_approach!(names).to_vec(),
            names(),
            "step 2 of adding an approach: for_each_approach! must list the registry's names in its order"
        );
    }

    #[test]
    fn the_default_approach_is_registered_and_the_fastest_class() {
        assert_eq!(default_approach().name, DEFAULT_APPROACH);
        assert_eq!(default_approach().speed, Speed::Bulk);
    }

    #[test]
    fn same_search_names_a_registered_approach_of_the_same_family() {
        for approach in APPROACHES {
            if let Some(other) = approach.same_search_as {
                let other =
                    find(other).unwrap_or_else(|| panic!("{}: {other} unknown", approach.name));
                assert_eq!(other.family, approach.family, "{}", approach.name);
                assert_ne!(other.name, approach.name);
            }
        }
    }

    #[test]
    fn reading_order_searches_are_the_slow_ones() {
        // Branching without looking at the constraints cannot keep up with
        // the public hard sets.
        assert!(of_family(Family::ReadingOrder).all(|approach| approach.speed < Speed::Hard));
        assert!(at_least(Speed::Hard).all(|approach| approach.family == Family::Constrained));
    }

    #[test]
    fn reading_order_searches_and_only_they_have_an_order_of_blanks() {
        for approach in APPROACHES {
            assert_eq!(
                approach.order.is_some(),
                approach.family == Family::ReadingOrder,
                "{}",
                approach.name
            );
        }
    }
}
