//! For each technique of the logic solver, the first time a graded set needs
//! it: the set and line, the position before the step (digits as
//! `board::format_grid` draws them, then with candidates), and the step as
//! `sudoku37 explain` writes it. The worked examples in
//! notes/human_techniques.md come from here.
//!
//! Usage: `cargo run --release --example technique_examples`

use sudoku37::board;
use sudoku37::logic::{self, Technique, WhenStuck};
use sudoku37::puzzle;
use sudoku37::sets;

fn main() {
    let graded: Vec<_> = sets::builtin_names()
        .into_iter()
        .filter(|name| name.starts_with("graded_"))
        .filter_map(sets::builtin)
        .collect();
    for technique in Technique::ORDER {
        println!("### {}\n", technique.title());
        let found = graded.iter().find_map(|set| {
            set.puzzles.iter().find_map(|entry| {
                let puzzle = entry.puzzle().ok()?;
                let path = logic::solve(&puzzle, WhenStuck::Guess);
                let index = path
                    .steps
                    .iter()
                    .position(|step| step.technique == technique)?;
                let before = path.positions(&puzzle)[index];
                Some((
                    set.name.clone(),
                    entry.line,
                    puzzle,
                    before,
                    path.steps[index].text.clone(),
                ))
            })
        });
        match found {
            Some((set, line, puzzle, before, text)) => {
                println!("{set} line {line}: {}\n", puzzle.to_line());
                println!(
                    "```text\n{}```\n",
                    board::format_grid(&puzzle::to_board(&before.values()))
                );
                println!("```text\n{}```\n", before.candidate_grid());
                println!("`{text}`\n");
            }
            None => println!("(not needed by any graded puzzle)\n"),
        }
    }
}
