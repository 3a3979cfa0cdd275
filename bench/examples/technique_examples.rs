//! For each technique of the logic solver, the first time a graded set needs
//! it: the set and line, the position before the deduction (digits as
//! `board::format_grid` draws them, then with candidates), and the deduction as
//! `sudoku37 explain` writes it. The worked examples in
//! notes/human_techniques.md come from here.
//!
//! With `--svg DIR` it also draws each example as `DIR/<technique>.svg`
//! (the drawer of `sudoku37 explain --svg`) and prints the Markdown line that
//! shows it: the pictures in notes/techniques/ are made by
//! `cargo run --release --example technique_examples -- --svg notes/techniques`.
//!
//! Usage: `cargo run --release --example technique_examples [-- --svg DIR]`

use std::path::PathBuf;

use sudoku37::board;
use sudoku37::sets;
use sudoku37_tool::logic::{self, picture, Technique, WhenStuck};

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let pictures: Option<PathBuf> = match arguments.as_slice() {
        [] => None,
        [flag, folder] if flag == "--svg" => Some(PathBuf::from(folder)),
        _ => {
            eprintln!("usage: technique_examples [--svg DIR]");
            std::process::exit(2);
        }
    };
    if let Some(folder) = &pictures {
        std::fs::create_dir_all(folder).expect("make the pictures' folder");
    }
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
                let path = logic::walk_through(&puzzle, WhenStuck::Guess);
                let index = path
                    .deductions
                    .iter()
                    .position(|deduction| deduction.technique == technique)?;
                let before = path.positions(&puzzle)[index];
                Some((
                    set.name.clone(),
                    entry.line,
                    puzzle,
                    before,
                    path.deductions[index].clone(),
                ))
            })
        });
        match found {
            Some((set, line, puzzle, before, deduction)) => {
                let text = &deduction.text;
                println!("{set} line {line}: {}\n", puzzle.to_line());
                println!(
                    "```text\n{}```\n",
                    board::format_grid(&board::from_cells(&before.values()))
                );
                println!("```text\n{}```\n", before.candidate_grid());
                println!("`{text}`\n");
                if let Some(folder) = &pictures {
                    let file = folder.join(format!("{}.svg", technique.id()));
                    std::fs::write(
                        &file,
                        picture::deduction_svg(puzzle.cells(), &before, &deduction),
                    )
                    .expect("write a picture");
                    println!(
                        "![{}, {set} line {line}]({}.svg)\n",
                        technique.title(),
                        technique.id()
                    );
                }
            }
            None => println!("(not needed by any graded puzzle)\n"),
        }
    }
}
