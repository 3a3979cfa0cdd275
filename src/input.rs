//! Splitting free-form input into puzzles: what `sudoku37 solve` reads.
//!
//! People paste puzzles from many places, so one input may mix forms:
//! 81-character lines, LeetCode's `[["5",...]]` on one line, and grids of nine
//! lines. Each puzzle is reported with the line it starts on, whether it
//! parsed or not, so that answers and errors line up with the input.
//!
//! How a line is read, after blank lines and `#` comments are skipped:
//! * starting with `[`: LeetCode's form;
//! * a puzzle and its solution, two 81-character fields (a set-file line):
//!   the puzzle;
//! * nine cells once `|`, `+`, `-` and spaces are dropped: a row of a grid,
//!   which goes on until nine rows are read (lines of decoration only are
//!   skipped inside it);
//! * decoration only (`+---+---`), outside a grid: skipped;
//! * anything else: an 81-character line, or an error saying why it is not.

use crate::board::{self, Board, Format, ParseError};

/// One puzzle of the input, or why the text there is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line the puzzle starts on.
    pub line: usize,
    pub parsed: Result<(Board, Format), ParseError>,
}

/// Splits `text` into puzzles, in input order.
pub fn split_puzzles(text: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    // The grid being read: the line it started on and its lines so far.
    let mut grid: Option<(usize, Vec<&str>)> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cells = board::grid_cells(line);
        if cells.is_empty() {
            // Decoration only: part of a grid, or a ruler between puzzles.
            continue;
        }
        if cells.len() == 9 && !line.starts_with('[') {
            let (_, rows) = grid.get_or_insert_with(|| (number, Vec::new()));
            rows.push(line);
            if rows.len() == 9 {
                if let Some((start, rows)) = grid.take() {
                    entries.push(Entry {
                        line: start,
                        parsed: board::parse_grid(&rows.join("\n"))
                            .map(|board| (board, Format::Grid)),
                    });
                }
            }
            continue;
        }
        if let Some(entry) = unfinished_grid(&mut grid) {
            entries.push(entry);
        }
        entries.push(Entry {
            line: number,
            parsed: parse_single_line(line),
        });
    }
    if let Some(entry) = unfinished_grid(&mut grid) {
        entries.push(entry);
    }
    entries
}

/// A grid cut short by another kind of line or by the end of the input.
fn unfinished_grid(grid: &mut Option<(usize, Vec<&str>)>) -> Option<Entry> {
    let (start, rows) = grid.take()?;
    Some(Entry {
        line: start,
        parsed: Err(ParseError::WrongRowCount { found: rows.len() }),
    })
}

fn parse_single_line(line: &str) -> Result<(Board, Format), ParseError> {
    if line.starts_with('[') {
        return board::parse_leetcode(line).map(|board| (board, Format::LeetCode));
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    let puzzle = match fields[..] {
        [puzzle, solution] if puzzle.chars().count() == 81 && solution.chars().count() == 81 => {
            puzzle
        }
        _ => line,
    };
    board::parse_line(puzzle).map(|board| (board, Format::Line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sets::leetcode_example;

    #[test]
    fn mixed_forms_are_split_with_their_line_numbers() {
        let example = leetcode_example();
        let line = board::to_line(&example.board);
        let solution = board::to_line(example.solution.as_ref().unwrap());
        let text = format!(
            "# mixed\n{line}\n\n{}\n{}{line} {solution}\n12345\n",
            board::to_leetcode(&example.board),
            board::format_grid(&example.board),
        );
        let entries = split_puzzles(&text);
        let summary: Vec<(usize, Result<Format, ParseError>)> = entries
            .iter()
            .map(|entry| (entry.line, entry.parsed.clone().map(|(_, format)| format)))
            .collect();
        assert_eq!(
            summary,
            vec![
                (2, Ok(Format::Line)),
                (4, Ok(Format::LeetCode)),
                (6, Ok(Format::Grid)),
                (18, Ok(Format::Line)),
                (19, Err(ParseError::WrongLength { found: 5 })),
            ]
        );
        for entry in &entries[..4] {
            assert_eq!(entry.parsed.as_ref().unwrap().0, example.board);
        }
    }

    #[test]
    fn a_grid_cut_short_is_an_error_at_its_first_line() {
        let grid = board::format_grid(&leetcode_example().board);
        let cut: Vec<&str> = grid.lines().take(6).collect();
        let text = format!(
            "{}\n{}\n",
            cut.join("\n"),
            board::to_line(&leetcode_example().board)
        );
        let entries = split_puzzles(&text);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].line, 2);
        assert_eq!(
            entries[0].parsed,
            Err(ParseError::WrongRowCount { found: 4 })
        );
        assert!(entries[1].parsed.is_ok());
    }

    #[test]
    fn stray_whitespace_and_blank_symbols_are_accepted() {
        let line = board::to_line(&leetcode_example().board).replace('.', "_");
        let entries = split_puzzles(&format!("   {line}\t\r\n"));
        assert_eq!(
            entries[0].parsed.as_ref().unwrap().0,
            leetcode_example().board
        );
    }
}
