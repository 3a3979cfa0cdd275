//! Chains: alternating inference chains (AICs) on candidates, in three
//! widths (one digit: X-Chain; bivalue cells only: XY-Chain; anything:
//! AIC), and forcing chains by contradiction.
//!
//! A candidate is a node. A *strong* link joins two candidates of which at
//! least one is true (the two candidates of a bivalue cell; the two places
//! of a digit in a unit); a *weak* link joins two that cannot both be true
//! (two candidates of one cell; one digit in two cells that see each other).
//! Starting from a candidate `s` assumed false and alternating strong and
//! weak links, every candidate `t` reached over a strong link is then true:
//! `s` or `t` holds, and any candidate weakly linked to both goes. Every
//! start is searched, so the eliminations found do not depend on the order
//! of the search, only on the position.

use std::collections::BTreeMap;

use crate::logic::deduction::removals;
use crate::logic::geometry::{bit, cell_name, digits, sees, BOX, COL, ROW, UNITS};
use crate::logic::{Candidates, Deduction, Technique};

/// X-Chains: chains on one digit.
pub(crate) fn x_chains(candidates: &Candidates) -> Vec<Deduction> {
    chains(candidates, Technique::XChain, Width::OneDigit)
}

/// XY-Chains: chains through bivalue cells only.
pub(crate) fn xy_chains(candidates: &Candidates) -> Vec<Deduction> {
    chains(candidates, Technique::XyChain, Width::BivalueCells)
}

/// AICs: chains on any candidates.
pub(crate) fn aics(candidates: &Candidates) -> Vec<Deduction> {
    chains(candidates, Technique::Aic, Width::Any)
}

/// Which candidates and links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Width {
    /// One digit: strong links between a digit's two places in a unit, weak
    /// links between cells that see each other (X-Chain).
    OneDigit,
    /// Bivalue cells only: strong links inside a cell, weak links between
    /// cells that see each other (XY-Chain).
    BivalueCells,
    /// Any candidate, any link (AIC).
    Any,
}

/// A node: cell * 9 + digit - 1.
type ChainNode = usize;

fn node(cell: usize, digit: u8) -> ChainNode {
    cell * 9 + usize::from(digit - 1)
}

fn cell_of(node: ChainNode) -> usize {
    node / 9
}

fn digit_of(node: ChainNode) -> u8 {
    (node % 9) as u8 + 1
}

fn node_name(node: ChainNode) -> String {
    format!("({}){}", digit_of(node), cell_name(cell_of(node)))
}

/// The units of a cell: its row, column and box.
fn units_of(cell: usize) -> [usize; 3] {
    [ROW[cell], 9 + COL[cell], 18 + BOX[cell]]
}

/// A set of nodes.
#[derive(Clone, Copy)]
struct NodeSet([u64; 12]);

impl NodeSet {
    fn new() -> NodeSet {
        NodeSet([0; 12])
    }
    fn insert(&mut self, node: ChainNode) {
        self.0[node / 64] |= 1 << (node % 64);
    }
    fn and(&self, other: &NodeSet) -> NodeSet {
        NodeSet(std::array::from_fn(|k| self.0[k] & other.0[k]))
    }
    fn nodes(&self) -> impl Iterator<Item = ChainNode> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(word * 64 + bit)
            })
        })
    }
}

/// The links of a position, limited to one chain width.
struct Links {
    strong: Vec<Vec<ChainNode>>,
    weak: Vec<Vec<ChainNode>>,
    /// All candidates weakly linked to each candidate (any width): what a
    /// proven "s or t" can remove.
    sees: Vec<NodeSet>,
}

fn links(candidates: &Candidates, width: Width) -> Links {
    let mut strong = vec![Vec::new(); 729];
    let mut weak = vec![Vec::new(); 729];
    let mut sees_all = vec![NodeSet::new(); 729];
    let bivalue = |cell: usize| candidates.mask(cell).count_ones() == 2;
    for cell in (0..81).filter(|&cell| candidates.value(cell) == 0) {
        let mask = candidates.mask(cell);
        for digit in digits(mask) {
            let here = node(cell, digit);
            let in_chain = match width {
                Width::BivalueCells => bivalue(cell),
                Width::OneDigit | Width::Any => true,
            };
            for other in digits(mask & !bit(digit)) {
                sees_all[here].insert(node(cell, other));
                if !in_chain {
                    continue;
                }
                match width {
                    Width::OneDigit => {}
                    Width::BivalueCells => strong[here].push(node(cell, other)),
                    Width::Any => {
                        weak[here].push(node(cell, other));
                        if bivalue(cell) {
                            strong[here].push(node(cell, other));
                        }
                    }
                }
            }
            for peer in (0..81).filter(|&peer| sees(cell, peer) && candidates.has(peer, digit)) {
                sees_all[here].insert(node(peer, digit));
                if in_chain && (width != Width::BivalueCells || bivalue(peer)) {
                    weak[here].push(node(peer, digit));
                }
            }
            if in_chain && width != Width::BivalueCells {
                for unit in units_of(cell) {
                    let places = candidates.places(unit, digit);
                    if places.count_ones() == 2 {
                        for k in (0..9).filter(|k| places & (1 << k) != 0) {
                            let other = UNITS[unit][k];
                            if other != cell && !strong[here].contains(&node(other, digit)) {
                                strong[here].push(node(other, digit));
                            }
                        }
                    }
                }
            }
        }
    }
    Links {
        strong,
        weak,
        sees: sees_all,
    }
}

/// Every elimination some chain of `width` proves, as one deduction of
/// `technique` whose text gives one chain for each group of eliminations.
fn chains(candidates: &Candidates, technique: Technique, width: Width) -> Vec<Deduction> {
    let links = links(candidates, width);
    // Elimination -> the length and text of the shortest chain proving it.
    let mut proofs: BTreeMap<ChainNode, (usize, Vec<ChainNode>)> = BTreeMap::new();
    let starts: Vec<ChainNode> = (0..729)
        .filter(|&start| !links.strong[start].is_empty())
        .collect();
    // parent[node][on]: the node this one was reached from.
    let mut parent = vec![[usize::MAX; 2]; 729];
    let mut depth = vec![[0usize; 2]; 729];
    let mut queue = std::collections::VecDeque::new();
    for &start in &starts {
        parent.fill([usize::MAX; 2]);
        queue.clear();
        parent[start][0] = start;
        depth[start][0] = 0;
        queue.push_back((start, 0usize));
        while let Some((here, on)) = queue.pop_front() {
            let length = depth[here][on] + 1;
            let next = if on == 0 {
                &links.strong[here]
            } else {
                &links.weak[here]
            };
            for &there in next {
                let there_on = 1 - on;
                if parent[there][there_on] != usize::MAX {
                    continue;
                }
                parent[there][there_on] = here;
                depth[there][there_on] = length;
                queue.push_back((there, there_on));
                if there_on == 1 && there != start {
                    let removable = links.sees[start].and(&links.sees[there]);
                    for victim in removable.nodes() {
                        if victim == start
                            || victim == there
                            || proofs
                                .get(&victim)
                                .is_some_and(|(known, _)| *known <= length)
                        {
                            continue;
                        }
                        proofs.insert(victim, (length, chain_nodes(&parent, start, there)));
                    }
                }
            }
        }
    }
    // Only the shortest chains count, as a person looks for them first; the
    // longer ones wait for the next round, if still needed.
    let Some(shortest) = proofs.values().map(|(length, _)| *length).min() else {
        return Vec::new();
    };
    let mut by_chain: BTreeMap<String, Vec<(usize, u8)>> = BTreeMap::new();
    let mut pattern: Vec<(usize, u8)> = Vec::new();
    for (victim, (length, chain)) in proofs {
        if length != shortest {
            continue;
        }
        for &node in &chain {
            if !pattern.contains(&(cell_of(node), digit_of(node))) {
                pattern.push((cell_of(node), digit_of(node)));
            }
        }
        by_chain
            .entry(chain_text(&chain))
            .or_default()
            .push((cell_of(victim), digit_of(victim)));
    }
    let removed: Vec<(usize, u8)> = by_chain.values().flatten().copied().collect();
    let text = format!(
        "{}: {}",
        technique.title(),
        by_chain
            .iter()
            .map(|(chain, removed)| format!("{chain} removes {}", removals(removed)))
            .collect::<Vec<_>>()
            .join("; ")
    );
    vec![Deduction {
        technique,
        placed: Vec::new(),
        removed,
        pattern,
        units: Vec::new(),
        text,
    }]
}

/// The nodes of the chain from `start` (false) to `end` (true), in order.
fn chain_nodes(parent: &[[usize; 2]], start: ChainNode, end: ChainNode) -> Vec<ChainNode> {
    let mut nodes = vec![end];
    let (mut here, mut on) = (end, 1);
    while !(here == start && on == 0) {
        here = parent[here][on];
        on = 1 - on;
        nodes.push(here);
    }
    nodes.reverse();
    nodes
}

/// A chain written HoDoKu's way: `=` a strong link, `-` a weak one.
fn chain_text(nodes: &[ChainNode]) -> String {
    let mut text = String::new();
    for (index, &node) in nodes.iter().enumerate() {
        if index > 0 {
            text.push_str(if index % 2 == 1 { " = " } else { " - " });
        }
        text.push_str(&node_name(node));
    }
    text
}

/// Places naked and hidden singles until none is left; false if the
/// position breaks.
fn propagate(candidates: &mut Candidates) -> bool {
    loop {
        if candidates.is_broken() {
            return false;
        }
        let mut changed = false;
        for cell in 0..81 {
            if candidates.value(cell) == 0 && candidates.mask(cell).count_ones() == 1 {
                let digit = candidates.mask(cell).trailing_zeros() as u8 + 1;
                candidates.place(cell, digit);
                changed = true;
            }
        }
        for unit in 0..27 {
            for digit in 1..=9 {
                let places = candidates.places(unit, digit);
                if places.count_ones() == 1 {
                    let cell = UNITS[unit][places.trailing_zeros() as usize];
                    if candidates.value(cell) == 0 && candidates.has(cell, digit) {
                        candidates.place(cell, digit);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return !candidates.is_broken();
        }
    }
}

/// Forcing chains by contradiction: every candidate which, placed, leads by
/// singles alone to an impossible position, goes; one deduction each.
pub(crate) fn forcing_chains(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for cell in (0..81).filter(|&cell| candidates.value(cell) == 0) {
        for digit in digits(candidates.mask(cell)) {
            let mut trial = *candidates;
            trial.place(cell, digit);
            if !propagate(&mut trial) {
                let why = format!(
                    "forcing chain: {}={digit} leads by singles to a contradiction, so it",
                    cell_name(cell)
                );
                deductions.push(
                    Deduction::removing(Technique::ForcingChain, vec![(cell, digit)], why)
                        .with_pattern([(cell, digit)]),
                );
            }
        }
    }
    deductions
}
