//! The search tree of a trace, drawn: every guess a node, every undone guess
//! a dead branch, the path to the solution in green.
//!
//! The tree is rebuilt from the events alone: a `place` is a new child of the
//! node the search stands on, an `undo` steps back to its parent and marks
//! the undone node dead. Forced digits (`force`, `unforce`, reported by
//! approaches that count guesses) are deductions, not guesses, and are left
//! out. Pictures like this one are usually drawn by hand for a few levels;
//! this one is the whole tree, so it is only legible for small searches
//! (`sudoku37 trace --tree FILE.svg`, see [`tree_svg`]).

use std::fmt::Write;

use super::Trace;
use sudoku37::probe::{Action, Event};

/// One guess of the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The event that made the node; `None` for the root, the puzzle itself.
    pub event: Option<Event>,
    /// Guesses on the board under this one: 0 for the root.
    pub depth: usize,
    pub children: Vec<usize>,
    /// Whether the search took this guess back.
    pub undone: bool,
}

/// The tree of guesses of `events`: node 0 is the root, the others in the
/// order the search made them.
pub fn build(events: &[Event]) -> Vec<Node> {
    let mut nodes = vec![Node {
        event: None,
        depth: 0,
        children: Vec::new(),
        undone: false,
    }];
    let mut path = vec![0];
    for event in events {
        match event.action {
            Action::Place => {
                let here = *path.last().unwrap_or(&0);
                let index = nodes.len();
                nodes.push(Node {
                    event: Some(*event),
                    depth: path.len(),
                    children: Vec::new(),
                    undone: false,
                });
                nodes[here].children.push(index);
                path.push(index);
            }
            Action::Undo => {
                // The root is never undone: an undo without a guess to take
                // back cannot come from a search, and is ignored.
                if path.len() > 1 {
                    if let Some(index) = path.pop() {
                        nodes[index].undone = true;
                    }
                }
            }
            Action::Force | Action::Unforce => {}
        }
    }
    nodes
}

/// The most guesses [`tree_svg`] draws: each takes about 300 bytes of
/// picture, so this is a picture of at most about 15 MB.
pub const MAX_GUESSES: usize = 50_000;

/// How many guesses the tree of `trace` has, if that is more than
/// [`MAX_GUESSES`]: too many to draw.
pub fn too_many_guesses(trace: &Trace) -> Option<usize> {
    let guesses = trace
        .events
        .iter()
        .filter(|event| event.action == Action::Place)
        .count();
    (guesses > MAX_GUESSES).then_some(guesses)
}

/// Horizontal room per level of depth, and vertical room per leaf.
const COLUMN: f64 = 56.0;
const ROW: f64 = 20.0;
/// Room above the tree for its caption, and around it.
const TOP: f64 = 44.0;
const PAD: f64 = 10.0;
/// A node's box.
const BOX_WIDTH: f64 = 46.0;
const BOX_HEIGHT: f64 = 16.0;

const SOLUTION_FILL: &str = "#c9ecc9";
const SOLUTION_LINE: &str = "#26a269";
const DEAD_FILL: &str = "#fbe0e0";
const DEAD_LINE: &str = "#c01c28";
const OPEN_FILL: &str = "#eeeeee";
const OPEN_LINE: &str = "#888";

/// The search tree of `trace` as an SVG picture: depth from left to right,
/// one row per leaf, each guess a box named `r1c3=1`. Green boxes lead to
/// the solution, red ones were taken back (a red box with no children is a
/// dead end: the cell after it had no digit left), grey ones were still
/// standing when a stopped search ended.
pub fn tree_svg(trace: &Trace) -> String {
    let nodes = build(&trace.events);
    let mut y = vec![0.0; nodes.len()];
    let mut leaves = 0usize;
    place_rows(&nodes, 0, &mut y, &mut leaves);
    let depth = nodes.iter().map(|node| node.depth).max().unwrap_or(0);
    let width = PAD * 2.0 + depth as f64 * COLUMN + BOX_WIDTH;
    let height = TOP + PAD + leaves.max(1) as f64 * ROW;
    let x = |node: &Node| PAD + node.depth as f64 * COLUMN;
    let guesses = nodes.len() - 1;
    let dead_ends = nodes
        .iter()
        .filter(|node| node.undone && node.children.is_empty())
        .count();
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif"><rect width="{width}" height="{height}" fill="#fff"/>"##
    );
    let _ = write!(
        svg,
        r##"<g font-size="13" fill="#222"><text x="{PAD}" y="18">{} on {}</text><text x="{PAD}" y="35">{guesses} guesses (nodes), {} taken back (red), {dead_ends} dead ends; {}</text></g>"##,
        trace.approach,
        trace.puzzle.to_line(),
        nodes.iter().filter(|node| node.undone).count(),
        if trace.solution.is_some() {
            "green leads to the solution"
        } else {
            "grey was still standing when the search ended without a solution"
        }
    );
    // Edges first, so that boxes cover their ends.
    svg.push_str(r#"<g fill="none" stroke-width="1.2">"#);
    for (index, node) in nodes.iter().enumerate() {
        for &child in &node.children {
            let (from_x, from_y) = (x(node) + BOX_WIDTH, y[index]);
            let (to_x, to_y) = (x(&nodes[child]), y[child]);
            let middle = (from_x + to_x) / 2.0;
            let _ = write!(
                svg,
                r#"<path d="M{from_x:.1} {from_y:.1}H{middle:.1}V{to_y:.1}H{to_x:.1}" stroke="{}"/>"#,
                colours(&nodes[child], trace).1
            );
        }
    }
    svg.push_str("</g>");
    svg.push_str(r#"<g font-size="11" text-anchor="middle" dominant-baseline="central">"#);
    for (index, node) in nodes.iter().enumerate() {
        let (fill, line) = colours(node, trace);
        let (left, middle) = (x(node), y[index]);
        let label = match node.event {
            Some(event) => format!("r{}c{}={}", event.row + 1, event.column + 1, event.digit),
            None => "puzzle".to_string(),
        };
        let _ = write!(
            svg,
            r#"<rect x="{left:.1}" y="{:.1}" width="{BOX_WIDTH}" height="{BOX_HEIGHT}" rx="3" fill="{fill}" stroke="{line}"/><text x="{:.1}" y="{middle:.1}">{label}</text>"#,
            middle - BOX_HEIGHT / 2.0,
            left + BOX_WIDTH / 2.0
        );
    }
    svg.push_str("</g></svg>\n");
    svg
}

/// A node's fill and line colour.
fn colours(node: &Node, trace: &Trace) -> (&'static str, &'static str) {
    if node.undone {
        (DEAD_FILL, DEAD_LINE)
    } else if trace.solution.is_some() {
        (SOLUTION_FILL, SOLUTION_LINE)
    } else {
        (OPEN_FILL, OPEN_LINE)
    }
}

/// Gives every node its vertical centre: leaves one row each in the order
/// the search reached them, a parent midway between its first and last
/// child.
fn place_rows(nodes: &[Node], index: usize, y: &mut [f64], leaves: &mut usize) {
    let children = &nodes[index].children;
    if children.is_empty() {
        y[index] = TOP + (*leaves as f64 + 0.5) * ROW;
        *leaves += 1;
        return;
    }
    for &child in children {
        place_rows(nodes, child, y, leaves);
    }
    y[index] = (y[children[0]] + y[children[children.len() - 1]]) / 2.0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{record, DEFAULT_LIMIT};
    use sudoku37::approaches;
    use sudoku37::sets::leetcode_example;

    fn event(action: Action, row: usize, column: usize, digit: char) -> Event {
        Event {
            action,
            row,
            column,
            digit,
        }
    }

    #[test]
    fn an_undo_takes_the_search_back_to_the_parent() {
        let events = [
            event(Action::Place, 0, 2, '1'),
            event(Action::Place, 0, 3, '2'),
            event(Action::Undo, 0, 3, '2'),
            event(Action::Place, 0, 3, '4'),
        ];
        let nodes = build(&events);
        assert_eq!(nodes.len(), 4);
        assert_eq!(nodes[0].children, vec![1]);
        assert_eq!(nodes[1].children, vec![2, 3]);
        assert!(nodes[2].undone && !nodes[3].undone);
        assert_eq!(nodes[3].depth, 2);
    }

    #[test]
    fn the_tree_of_a_solved_search_has_one_box_per_node_and_ends_at_full_depth() {
        let example = leetcode_example();
        let approach = &approaches::SCAN_VALIDATE;
        let trace = record(approach, &example.puzzle().unwrap(), DEFAULT_LIMIT, None);
        let nodes = build(&trace.events);
        assert_eq!(nodes.len() as u64 - 1, trace.effort.nodes);
        assert_eq!(
            nodes.iter().filter(|node| node.undone).count() as u64,
            trace.effort.undos
        );
        let standing: Vec<&Node> = nodes.iter().filter(|node| !node.undone).collect();
        // The root and one guess per blank are left standing: the solution.
        assert_eq!(standing.len(), 1 + example.puzzle().unwrap().blanks());
        let svg = tree_svg(&trace);
        assert_eq!(svg.matches("<rect x=").count(), nodes.len());
        assert!(svg.ends_with("</svg>\n"));
    }
}
