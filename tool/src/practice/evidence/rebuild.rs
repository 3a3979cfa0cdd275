//! The learner's check and bookkeeping, rebuilt from the search it
//! recorded. Every place the trace shows is a digit the learner's code
//! accepted at a cell; a smaller digit skipped on the way (when the search
//! tries digits in increasing order) is one it refused there; a cell given
//! up with digits still untried, and a search that went back at once, show
//! digits refused or a loop that stopped early. Each of these decisions is
//! replayed against every way one part of a correct check can go wrong: a
//! row, column or box check that reads other cells (an index transposed, a
//! loop one short, a wrong box formula), or is missing; and bookkeeping of
//! one kind of unit that is not put back on undo, or put back at the wrong
//! index. A hypothesis is kept when no decision contradicts it; the one that
//! also explains every refusal names the mistake, with the cells its check
//! read or the undo its bookkeeping forgot, exactly as the replay has them.

use super::decisions::{apply, decisions, Decision, Seen, MOST_DECISIONS, MOST_OTHER_DECISIONS};
use super::grid::{Cell, Grid};
use super::hypotheses::{hypotheses, id_of, Hypothesis, Reading};
use super::replay::{Move, Replay};
use sudoku37::grid::UnitKind;

/// Why a hypothesis says a digit is used at a cell: the cell holding it (a
/// given or a placed digit its reading meets), or the undo its bookkeeping
/// forgot (the cell, and the step of the undo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Because {
    Holds(Cell),
    Forgot { cell: Cell, step: usize },
}

/// How many hold a digit in a unit's table, and the last cell that entered
/// it (with the step of the undo it forgot, or 0).
type TableEntry = (u8, Option<(Cell, usize)>);

/// A hypothesis as the replay goes: its table (when it keeps one) and the
/// board.
struct Simulation {
    hypothesis: Hypothesis,
    /// For each unit number and digit: how many hold it, and the last cell
    /// that entered it (and, for a forgotten undo, the step of that undo).
    table: [[TableEntry; 10]; 9],
    counting: bool,
}

impl Simulation {
    fn new(hypothesis: Hypothesis, givens: &Grid) -> Simulation {
        let mut simulation = Simulation {
            hypothesis,
            table: [[(0, None); 10]; 9],
            counting: false,
        };
        if let Reading::Table {
            given,
            placed,
            undone,
            ..
        } = hypothesis.reading
        {
            simulation.counting = given == placed && undone == Some(placed);
            for (index, &digit) in givens.iter().flatten().enumerate() {
                if digit != 0 {
                    let cell = (index / 9, index % 9);
                    let entry = &mut simulation.table[given.of(cell)][usize::from(digit)];
                    entry.0 = entry.0.saturating_add(1);
                    entry.1 = Some((cell, 0));
                }
            }
        }
        simulation
    }

    fn step(&mut self, movement: &Move, placed_digit: &[[u8; 9]; 9], step: usize) {
        let Reading::Table {
            placed,
            undone,
            toggle,
            ..
        } = self.hypothesis.reading
        else {
            return;
        };
        if toggle {
            match *movement {
                Move::Place { row, column, digit } if (1..=9).contains(&digit) => {
                    let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                    entry.0 ^= 1;
                    entry.1 = Some(((row, column), 0));
                }
                Move::Undo { row, column } => {
                    let digit = placed_digit[row][column];
                    if (1..=9).contains(&digit) {
                        if let Some(index) = undone {
                            self.table[index.of((row, column))][usize::from(digit)].0 ^= 1;
                        }
                        let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                        if entry.0 > 0 {
                            entry.1 = Some(((row, column), step));
                        }
                    }
                }
                Move::Place { .. } => {}
            }
            return;
        }
        match *movement {
            Move::Place { row, column, digit } if (1..=9).contains(&digit) => {
                let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                entry.0 = if self.counting {
                    entry.0.saturating_add(1)
                } else {
                    1
                };
                entry.1 = Some(((row, column), 0));
            }
            Move::Place { .. } => {}
            Move::Undo { row, column } => {
                let digit = placed_digit[row][column];
                if !(1..=9).contains(&digit) {
                    return;
                }
                match undone {
                    Some(index) => {
                        let entry = &mut self.table[index.of((row, column))][usize::from(digit)];
                        entry.0 = if self.counting {
                            entry.0.saturating_sub(1)
                        } else {
                            0
                        };
                    }
                    None => {
                        let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                        entry.1 = Some(((row, column), step));
                    }
                }
                // A stale entry remembers the undo it forgot.
                if undone.is_some_and(|index| index != placed) {
                    let entry = &mut self.table[placed.of((row, column))][usize::from(digit)];
                    if entry.0 > 0 {
                        entry.1 = Some(((row, column), step));
                    }
                }
            }
        }
    }

    /// Whether the learner's code, so rebuilt, refuses `digit` at `cell` on
    /// `grid`, and why.
    fn refuses(&self, grid: &Grid, cell: Cell, digit: u8) -> Option<Because> {
        for kind in UnitKind::ALL {
            if kind == self.hypothesis.kind {
                continue;
            }
            if let Some(other) = super::grid::peers(kind, cell)
                .into_iter()
                .find(|&(r, c)| grid[r][c] == digit)
            {
                return Some(Because::Holds(other));
            }
        }
        match self.hypothesis.reading {
            Reading::Missing => None,
            Reading::Window(window) => window
                .cells(cell)
                .into_iter()
                .find(|&(r, c)| (r, c) != cell && grid[r][c] == digit)
                .map(Because::Holds),
            Reading::Table { query, .. } => {
                let (count, origin) = self.table[query.of(cell)][usize::from(digit)];
                if count == 0 {
                    return None;
                }
                match origin {
                    Some((other, 0)) => Some(Because::Holds(other)),
                    Some((other, step)) => Some(Because::Forgot { cell: other, step }),
                    None => Some(Because::Holds(cell)),
                }
            }
        }
    }
}

/// The rebuilt code of `hypothesis` and the board just before move `at`.
pub(super) struct BeforeMove {
    simulation: Simulation,
    pub(super) grid: Grid,
}

impl BeforeMove {
    pub(super) fn at(replay: &Replay, hypothesis: Hypothesis, at: usize) -> BeforeMove {
        let mut simulation = Simulation::new(hypothesis, &replay.givens);
        let mut grid = replay.givens;
        let mut placed_digit = [[0u8; 9]; 9];
        for (index, movement) in replay.moves.iter().enumerate().take(at) {
            simulation.step(movement, &placed_digit, index + 1);
            if let Move::Place { row, column, digit } = *movement {
                placed_digit[row][column] = digit;
            }
            apply(&mut grid, &replay.givens, movement);
        }
        BeforeMove { simulation, grid }
    }

    /// Whether the rebuilt code refuses `digit` at `cell`, and why.
    pub(super) fn refuses(&self, cell: Cell, digit: u8) -> Option<Because> {
        self.simulation.refuses(&self.grid, cell, digit)
    }
}

/// How a hypothesis fares against the decisions.
#[derive(Debug, Clone)]
pub(super) struct Fit {
    pub(super) hypothesis: Hypothesis,
    /// Decisions it contradicts: a digit accepted that it refuses, or
    /// refused that it accepts.
    pub(super) contradicted: usize,
    /// Digits untried, or went-back searches, it does not account for.
    pub(super) unexplained: usize,
    /// The first decision it explains that a right check does not, with
    /// the board then and why it refuses.
    pub(super) first: Option<(Decision, Grid, Option<Because>)>,
}

/// Replays `hypothesis` over the moves, weighing each decision; `right`:
/// the right check's verdict on each decision, to find the first where this
/// hypothesis differs.
fn fit(
    replay: &Replay,
    decisions: &[Decision],
    hypothesis: Hypothesis,
    right: Option<&[bool]>,
) -> (Fit, Vec<bool>) {
    let mut simulation = Simulation::new(hypothesis, &replay.givens);
    let mut grid = replay.givens;
    let mut placed_digit = [[0u8; 9]; 9];
    let mut result = Fit {
        hypothesis,
        contradicted: 0,
        unexplained: 0,
        first: None,
    };
    let mut verdicts = Vec::with_capacity(decisions.len());
    let mut next = 0;
    for at in 0..=replay.moves.len() {
        while next < decisions.len() && decisions[next].at == at {
            let decision = decisions[next];
            let (ok, because) = match decision.seen {
                Seen::Accepted => {
                    let because = simulation.refuses(&grid, decision.cell, decision.digit);
                    (because.is_none(), because)
                }
                Seen::Refused | Seen::Untried => {
                    let because = simulation.refuses(&grid, decision.cell, decision.digit);
                    (because.is_some(), because)
                }
                Seen::WentBack => {
                    // Some blank had every digit refused.
                    let dead = (0..81).map(|index| (index / 9, index % 9)).find(|&(r, c)| {
                        grid[r][c] == 0
                            && (1..=9)
                                .all(|digit| simulation.refuses(&grid, (r, c), digit).is_some())
                    });
                    (dead.is_some(), None)
                }
            };
            if !ok {
                match decision.seen {
                    Seen::Accepted | Seen::Refused => result.contradicted += 1,
                    Seen::Untried | Seen::WentBack => result.unexplained += 1,
                }
            }
            if let Some(right) = right {
                if ok && !right[next] && result.first.is_none() {
                    result.first = Some((decision, grid, because));
                }
            }
            verdicts.push(ok);
            next += 1;
        }
        // The moves after the last decision weighed change nothing.
        if next == decisions.len() {
            break;
        }
        let Some(movement) = replay.moves.get(at) else {
            break;
        };
        simulation.step(movement, &placed_digit, at + 1);
        if let Move::Place { row, column, digit } = *movement {
            placed_digit[row][column] = digit;
        }
        apply(&mut grid, &replay.givens, movement);
    }
    (result, verdicts)
}

/// What the rebuilt check concludes.
#[derive(Debug, Clone)]
pub(super) enum Rebuilt {
    /// A right check and bookkeeping account for every decision, or there
    /// is none to weigh.
    Right,
    /// One kind of mistake accounts for every decision a right check does
    /// not: the fit of its first hypothesis.
    Explained(Fit),
    /// A right check accounts for every digit placed or skipped, and no
    /// hypothesis for the digits left untried: the loop stopped early. The
    /// first decision left unexplained.
    LoopStopped(Decision, Grid),
    /// Hypotheses of different kinds fit, or none does.
    Unexplained,
}

/// Weighs every hypothesis against the decisions of `replays`: the
/// failing case's first, then other cases the same code ran, whose
/// decisions tell the hypotheses apart (the first decision quoted is the
/// failing case's).
pub(super) fn rebuild(replays: &[Replay], digit_loop: bool) -> Rebuilt {
    let Some(primary) = replays.first() else {
        return Rebuilt::Right;
    };
    let decided: Vec<Vec<Decision>> = replays
        .iter()
        .enumerate()
        .map(|(index, replay)| {
            let most = if index == 0 {
                MOST_DECISIONS
            } else {
                MOST_OTHER_DECISIONS
            };
            decisions(replay, digit_loop, most)
        })
        .collect();
    let right: Vec<(Fit, Vec<bool>)> = replays
        .iter()
        .zip(&decided)
        .map(|(replay, decisions)| fit(replay, decisions, Hypothesis::right(UnitKind::Row), None))
        .collect();
    if right[0].0.contradicted == 0 && right[0].0.unexplained == 0 {
        return Rebuilt::Right;
    }
    let right_contradicted: usize = right.iter().map(|(fit, _)| fit.contradicted).sum();
    let right_unexplained: usize = right.iter().map(|(fit, _)| fit.unexplained).sum();
    // Code that works out a cell's choices when it comes to the cell
    // decides them all then: the same decisions, weighed at the visit's
    // first move.
    let at_entry: Vec<Vec<Decision>> = decided
        .iter()
        .map(|decisions| {
            let mut moved: Vec<Decision> = decisions
                .iter()
                .map(|decision| Decision {
                    at: decision.entry,
                    entry: decision.at,
                    ..*decision
                })
                .collect();
            moved.sort_by_key(|decision| decision.at);
            moved
        })
        .collect();
    let right_at_entry: Vec<bool> = fit(
        primary,
        &at_entry[0],
        Hypothesis::right(UnitKind::Row),
        None,
    )
    .1;
    // Each hypothesis over every replay, both ways: its first differing
    // decision is the failing case's.
    let fits: Vec<Fit> = hypotheses()
        .into_iter()
        .flat_map(|hypothesis| {
            [(&decided, &right[0].1), (&at_entry, &right_at_entry)].map(|(lists, verdicts)| {
                let mut total = fit(primary, &lists[0], hypothesis, Some(verdicts)).0;
                for (index, replay) in replays.iter().enumerate().skip(1) {
                    let (other, _) = fit(replay, &lists[index], hypothesis, None);
                    total.contradicted += other.contradicted;
                    total.unexplained += other.unexplained;
                }
                total
            })
        })
        .filter(|fit| fit.contradicted == 0 && fit.first.is_some())
        .collect();
    let least = fits.iter().map(|fit| fit.unexplained).min();
    let better = right_unexplained + usize::from(right_contradicted > 0);
    let best: Vec<&Fit> = fits
        .iter()
        .filter(|fit| Some(fit.unexplained) == least && fit.unexplained < better)
        .collect();
    let explains_all = best.first().is_some_and(|fit| fit.unexplained == 0);
    // A loop that never once went on to another choice after a failure, on
    // any case, ended early: bookkeeping left stale would still let it try
    // the choices the stale entries do not cover.
    let went_on = replays.iter().any(|replay| {
        replay.moves.windows(2).any(|pair| {
            matches!(pair, [Move::Undo { row, column }, Move::Place { row: r, column: c, .. }] if (row, column) == (r, c))
        })
    });
    let stale_only = !best.is_empty() && best.iter().all(|fit| fit.hypothesis.stale());
    let never_went_on = !went_on && right_unexplained >= 2 && stale_only;
    if right_contradicted == 0 && (!explains_all || never_went_on) {
        // Only untried digits are left unexplained: the loop stopped.
        let (decisions, verdicts) = (&decided[0], &right[0].1);
        let mut grid = primary.givens;
        let mut next = 0;
        for at in 0..=primary.moves.len() {
            while next < decisions.len() && decisions[next].at == at {
                if !verdicts[next] {
                    return Rebuilt::LoopStopped(decisions[next], grid);
                }
                next += 1;
            }
            if let Some(movement) = primary.moves.get(at) {
                apply(&mut grid, &primary.givens, movement);
            }
        }
        return Rebuilt::Unexplained;
    }
    let Some(first) = best.first() else {
        return Rebuilt::Unexplained;
    };
    let same_id = best
        .iter()
        .all(|fit| id_of(&fit.hypothesis) == id_of(&first.hypothesis));
    if same_id {
        Rebuilt::Explained((*first).clone())
    } else {
        Rebuilt::Unexplained
    }
}

/// With no trace to read, the board returned alone: the one reading (of
/// every kind of check) that refuses the answer at every blank left whose
/// answer fits the board, with the first such blank and the cell its
/// reading holds the answer at; `None` when no reading or readings of
/// different mistakes do.
pub(super) fn reading_of_blanks(
    got: &Grid,
    open: &[(Cell, u8)],
) -> Option<(Hypothesis, Cell, Cell)> {
    let board = Replay {
        givens: *got,
        moves: Vec::new(),
        truncated: false,
    };
    let &(first, answer) = open.first()?;
    let found: Vec<(Hypothesis, Cell)> = hypotheses()
        .into_iter()
        .filter(|hypothesis| !hypothesis.stale() && hypothesis.reading != Reading::Missing)
        .filter_map(|hypothesis| {
            let state = BeforeMove::at(&board, hypothesis, 0);
            let all = open
                .iter()
                .all(|&(cell, digit)| state.refuses(cell, digit).is_some());
            match state.refuses(first, answer) {
                Some(Because::Holds(other)) if all => Some((hypothesis, other)),
                _ => None,
            }
        })
        .collect();
    let (hypothesis, other) = *found.first()?;
    found
        .iter()
        .all(|(each, _)| id_of(each) == id_of(&hypothesis))
        .then_some((hypothesis, first, other))
}
