//! The record rules on the forms the board writes: LeetCode's form and the
//! grid, as `board` draws them, read back by `text` (the rules on lines
//! alone are `text`'s own unit tests).

use sudoku37::board::{self, Board};
use sudoku37::sets::leetcode_example;
use sudoku37::text::{records, single_record, Layout, ParseError, MAX_LEETCODE_LINES};

fn summary(text: &[u8]) -> Vec<(usize, Result<Layout, ParseError>)> {
    records(text)
        .map(|record| (record.line, record.parsed.map(|parsed| parsed.layout)))
        .collect()
}

fn example_line() -> String {
    board::to_line(&leetcode_example().board())
}

#[test]
fn mixed_forms_are_split_with_their_line_numbers() {
    let example = leetcode_example();
    let line = example_line();
    let solution = board::to_line(example.solution_board().as_ref().unwrap());
    let text = format!(
        "# mixed\n{line}\n\n{}\n{}{line} {solution}\n12345\n",
        board::to_leetcode(&example.board()),
        board::format_grid(&example.board()),
    );
    assert_eq!(
        summary(text.as_bytes()),
        vec![
            (2, Ok(Layout::Line)),
            (4, Ok(Layout::LeetCode)),
            (6, Ok(Layout::Grid)),
            (18, Ok(Layout::Line)),
            (19, Err(ParseError::WrongLength { found: 5 })),
        ]
    );
    for record in records(text.as_bytes()).take(4) {
        let cells = record.parsed.unwrap().cells;
        assert_eq!(board::from_cells(&cells), example.board());
    }
}

#[test]
fn a_grid_cut_short_is_an_error_at_its_first_line() {
    let grid = board::format_grid(&leetcode_example().board());
    let cut: Vec<&str> = grid.lines().take(6).collect();
    let text = format!("{}\n{}\n", cut.join("\n"), example_line());
    assert_eq!(
        summary(text.as_bytes()),
        vec![
            (2, Err(ParseError::WrongRowCount { found: 4 })),
            (7, Ok(Layout::Line))
        ]
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_ignored() {
    let example = leetcode_example();
    for text in [
        example_line(),
        format!("# comment\n{}", example_line()),
        board::to_leetcode(&example.board()),
        board::format_grid(&example.board()),
    ] {
        let with_mark = format!("\u{feff}{text}");
        let found = summary(with_mark.as_bytes());
        assert_eq!(found.len(), 1, "{text}");
        assert!(found[0].1.is_ok(), "{text}: {found:?}");
    }
}

#[test]
fn leetcode_form_may_spread_over_lines() {
    let example = leetcode_example();
    let one_line = board::to_leetcode(&example.board());
    let spread = one_line.replace("],[", "],\n[");
    assert_eq!(spread.lines().count(), 9);
    let text = format!("{spread}\n{}\n", example_line());
    assert_eq!(
        summary(text.as_bytes()),
        vec![(1, Ok(Layout::LeetCode)), (10, Ok(Layout::Line))]
    );
    // Unclosed, it is one error and the next puzzle is still read.
    let cut: Vec<&str> = spread.lines().take(4).collect();
    let text = format!("{}\n\n{}\n", cut.join("\n"), example_line());
    let found = summary(text.as_bytes());
    assert_eq!(found.len(), 2);
    assert!(matches!(
        found[0],
        (1, Err(ParseError::NotLeetCodeForm { .. }))
    ));
    assert_eq!(found[1], (6, Ok(Layout::Line)));
}

#[test]
fn an_eight_row_grid_then_a_nine_row_grid() {
    let grid = board::format_grid(&leetcode_example().board());
    let rows: Vec<&str> = grid.lines().filter(|line| line.contains('.')).collect();
    let text = format!("{}\n\n{}\n", rows[..8].join("\n"), rows.join("\n"));
    assert_eq!(
        summary(text.as_bytes()),
        vec![
            (1, Err(ParseError::WrongRowCount { found: 8 })),
            (10, Ok(Layout::Grid))
        ]
    );
}

#[test]
fn nine_letters_are_no_grid_row() {
    let grid = board::format_grid(&leetcode_example().board());
    let text = format!("aaaa aaaaa\n{grid}");
    assert_eq!(
        summary(text.as_bytes()),
        vec![
            (1, Err(ParseError::BadGridCharacter { found: 'a' })),
            // A grid's record starts at its first row.
            (3, Ok(Layout::Grid))
        ]
    );
}

#[test]
fn an_unclosed_leetcode_record_ends_at_the_next_record_and_swallows_nothing() {
    let one_line = board::to_leetcode(&leetcode_example().board());
    let cut = &one_line[..one_line.find("\"7\"").unwrap() + 3];
    assert_eq!(cut, "[[\"5\",\"3\",\".\",\".\",\"7\"");
    let mut text = format!("{cut}\n");
    for _ in 0..20 {
        text.push_str(&one_line);
        text.push('\n');
    }
    let found = summary(text.as_bytes());
    assert_eq!(found.len(), 21, "{found:?}");
    assert!(matches!(
        found[0],
        (1, Err(ParseError::NotLeetCodeForm { .. }))
    ));
    for (index, record) in found[1..].iter().enumerate() {
        assert_eq!(*record, (index + 2, Ok(Layout::LeetCode)));
    }
    // An 81-cell line and a grid row end it too, and are read as usual.
    let grid = board::format_grid(&leetcode_example().board());
    let text = format!("{cut}\n{}\n{cut}\n{grid}", example_line());
    let found = summary(text.as_bytes());
    let layouts: Vec<_> = found
        .iter()
        .map(|(line, parsed)| (*line, parsed.is_ok()))
        .collect();
    assert_eq!(layouts, vec![(1, false), (2, true), (3, false), (5, true)]);
}

/// LeetCode's form as Python's `json.dumps(board, indent=2)` prints it:
/// one cell a line, 101 lines.
fn indented_json(board: &Board) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|cell| format!("    \"{cell}\"")).collect();
            format!("  [\n{}\n  ]", cells.join(",\n"))
        })
        .collect();
    format!("[\n{}\n]", rows.join(",\n"))
}

#[test]
fn leetcode_form_printed_one_cell_a_line_is_one_record() {
    let example = leetcode_example();
    let text = indented_json(&example.board());
    assert_eq!(text.lines().count(), 101);
    let parsed = single_record(&text).expect("one record");
    assert_eq!(parsed.layout, Layout::LeetCode);
    assert_eq!(board::from_cells(&parsed.cells), example.board());
    // The limit is stated: past 200 lines an unclosed form is one error.
    let endless = format!("[\n{}", "  [\n".repeat(MAX_LEETCODE_LINES + 50));
    let found = summary(endless.as_bytes());
    assert!(matches!(
        found[0],
        (1, Err(ParseError::NotLeetCodeForm { .. }))
    ));
}
