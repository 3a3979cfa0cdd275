//! Coloring: the strong links of one digit joined into chains, each cell
//! coloured so that linked cells differ.

use super::conjugate_pairs;
use crate::logic::deduction::with_digit;
use crate::logic::geometry::{cell_list, sees};
use crate::logic::{Candidates, Deduction, Technique};

/// Simple Colors: the strong links of one digit joined into chains, each
/// cell coloured so that linked cells differ. One colour is all true. A
/// cell seeing both colours loses the digit (trap); a colour with two cells
/// in one unit is false everywhere (wrap).
pub(crate) fn simple_colors(candidates: &Candidates) -> Vec<Deduction> {
    let mut deductions = Vec::new();
    for digit in 1..=9u8 {
        let pairs = conjugate_pairs(candidates, digit, 0..27);
        let mut color = [u8::MAX; 81];
        let mut component_of = [usize::MAX; 81];
        let mut components: Vec<Vec<usize>> = Vec::new();
        for &(_, start, _) in &pairs {
            if color[start] != u8::MAX {
                continue;
            }
            let index = components.len();
            let mut members = vec![start];
            color[start] = 0;
            component_of[start] = index;
            let mut next = 0;
            while next < members.len() {
                let here = members[next];
                next += 1;
                for &(_, a, b) in &pairs {
                    let other = if a == here {
                        b
                    } else if b == here {
                        a
                    } else {
                        continue;
                    };
                    if color[other] == u8::MAX {
                        color[other] = 1 - color[here];
                        component_of[other] = index;
                        members.push(other);
                    }
                }
            }
            components.push(members);
        }
        for (index, members) in components.iter().enumerate() {
            if members.len() < 3 {
                continue;
            }
            let mut removed = Vec::new();
            let mut kind = "trap";
            for wrong in 0..2u8 {
                let same: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&cell| color[cell] == wrong)
                    .collect();
                if same.iter().any(|&a| same.iter().any(|&b| sees(a, b))) {
                    kind = "wrap";
                    removed = same.iter().map(|&cell| (cell, digit)).collect();
                    break;
                }
            }
            if removed.is_empty() {
                for cell in (0..81)
                    .filter(|&cell| candidates.has(cell, digit) && component_of[cell] != index)
                {
                    let sees_color = |c: u8| {
                        members
                            .iter()
                            .any(|&member| color[member] == c && sees(cell, member))
                    };
                    if sees_color(0) && sees_color(1) {
                        removed.push((cell, digit));
                    }
                }
            }
            if !removed.is_empty() {
                let mut sorted = members.clone();
                sorted.sort_unstable();
                let why = format!(
                    "Simple Colors ({kind}): {digit} coloured in {},",
                    cell_list(sorted.iter().copied())
                );
                deductions.push(
                    Deduction::removing(Technique::SimpleColors, removed, why)
                        .with_pattern(with_digit(&sorted, digit)),
                );
            }
        }
    }
    deductions
}
