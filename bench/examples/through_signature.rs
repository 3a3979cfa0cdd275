//! Solves every puzzle of a file through LeetCode's signature
//! (`Solution::solve_sudoku` on a `Vec<Vec<char>>`) with one approach, and
//! prints how many came back solved: a fixed workload for counting
//! instructions, which, unlike seconds, repeat exactly from run to run.
//!
//! ```sh
//! cargo build --release --example through_signature
//! valgrind --tool=callgrind target/release/examples/through_signature bitboard FILE
//! ```

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(file)) = (arguments.first(), arguments.get(1)) else {
        eprintln!("usage: through_signature APPROACH FILE");
        std::process::exit(2);
    };
    let Some(approach) = sudoku37::approaches::find(name) else {
        eprintln!("unknown approach {name}");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("cannot read {file}: {error}");
            std::process::exit(2);
        }
    };
    let (puzzles, _errors) = sudoku37::sets::parse_set(&text);
    let mut boards: Vec<Vec<Vec<char>>> =
        puzzles.into_iter().map(|puzzle| puzzle.board()).collect();
    let mut solved = 0;
    for board in &mut boards {
        (approach.solve)(board);
        solved += usize::from(board.iter().flatten().all(|&cell| cell != '.'));
    }
    println!("{solved} of {} solved", boards.len());
}
