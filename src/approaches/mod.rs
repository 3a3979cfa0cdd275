//! The registry: every approach, by name, in the order a learner should meet
//! them. Tests, the command line and the benchmarks all iterate over
//! [`APPROACHES`], so adding an approach is its file plus one entry here.
//!
//! Each approach module follows one contract: a `//!` header (idea, the write-up
//! it reproduces, state, complexity, pitfalls), `pub struct Solution;`, and the
//! code a user pastes into LeetCode between the lines
//! `// submission codes start here` and `// submission codes end`.

pub mod available_sets;
pub mod bitboard;
pub mod bitmask;
pub mod bool_arrays;
pub mod dancing_links;
pub mod early_exit;
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
    /// The module's source text, from which `sudoku37 paste` cuts the
    /// paste-ready part.
    pub code: &'static str,
}

/// Every approach, classic ones first, in the order of the notes.
pub static APPROACHES: &[Approach] = &[
    Approach {
        name: "scan_validate",
        title: "row-major DFS, validate by scanning row/column/box, stop with a found flag",
        source: "seeds/003_edb3bd7ac5c7daad.txt, Version 1 (C++)",
        solve: scan_validate::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("scan_validate.rs"),
    },
    Approach {
        name: "early_exit",
        title: "the same scan, but the DFS returns bool and unwinds at the first solution",
        source: "seeds/003_edb3bd7ac5c7daad.txt, Version 2 (C++)",
        solve: early_exit::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("early_exit.rs"),
    },
    Approach {
        name: "available_sets",
        title: "sets of available digits per row/column/box, one position index, column-major",
        source: "seeds/000_26f4d9b88736df6a.txt, first solution (Python)",
        solve: available_sets::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("available_sets.rs"),
    },
    Approach {
        name: "set_intersection",
        title: "row-major recursion over row & column & box sets, fail fast when empty",
        source: "seeds/000_26f4d9b88736df6a.txt, review solution (Python)",
        solve: set_intersection::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("set_intersection.rs"),
    },
    Approach {
        name: "bool_arrays",
        title: "three [[bool; 9]; 9] used-digit tables, void DFS with a finished flag",
        source: "seeds/001_21fa59ead6935525.txt (Java)",
        solve: bool_arrays::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("bool_arrays.rs"),
    },
    Approach {
        name: "bitmask",
        title: "bool_arrays' search with one u16 mask per row/column/box, lowest bit first",
        source: "bit masks, the standard trick of fast solvers, on bool_arrays' search",
        solve: bitmask::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("bitmask.rs"),
    },
    Approach {
        name: "most_constrained",
        title: "bitmasks plus branching on the empty cell with the fewest candidates",
        source: "most-constrained-variable heuristic (Golomb and Baumert, 1965)",
        solve: most_constrained::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("most_constrained.rs"),
    },
    Approach {
        name: "propagation",
        title: "naked and hidden singles until nothing changes, then guess the tightest cell",
        source: "Norvig, \"Solving Every Sudoku Puzzle\" (2006)",
        solve: propagation::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("propagation.rs"),
    },
    Approach {
        name: "dancing_links",
        title: "Knuth's Algorithm X on the 324-column exact cover, links in index arrays",
        source: "Knuth, \"Dancing Links\" (2000)",
        solve: dancing_links::Solution::solve_sudoku,
        solve_cells: None,
        nodes: Nodes::Placements,
        code: include_str!("dancing_links.rs"),
    },
    Approach {
        name: "bitboard",
        title: "one bit per (digit, cell) in 27-bit bands, band deductions, two-candidate guesses",
        source: "bit-parallel solvers (JCZSolve's bands, tdoku), written anew",
        solve: bitboard::Solution::solve_sudoku,
        solve_cells: Some(bitboard::solve_cells),
        nodes: Nodes::Guesses,
        code: include_str!("bitboard.rs"),
    },
];

/// The approach `solve`, `show` and `trace` use when none is named: the
/// fastest (`cargo bench --bench solvers`).
pub const DEFAULT_APPROACH: &str = "bitboard";

/// Looks an approach up by its name.
pub fn find(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}

/// Every approach's name, in registry order.
pub fn names() -> Vec<&'static str> {
    APPROACHES.iter().map(|approach| approach.name).collect()
}
