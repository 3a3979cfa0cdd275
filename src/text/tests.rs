//! The record rules, case by case. (The rules on the forms the board
//! writes, LeetCode's and the grid, are tested where both are at hand:
//! `tests/it/records.rs`.)

use super::*;
use crate::fixtures::{example_cells, example_line, solution_line};

fn summary(text: &[u8]) -> Vec<(usize, Result<Layout, ParseError>)> {
    records(text)
        .map(|record| (record.line, record.parsed.map(|parsed| parsed.layout)))
        .collect()
}

#[test]
fn lines_end_at_lf_crlf_or_a_lone_cr() {
    let line = example_line();
    let text = format!("{line}\r{line}\r\n{line}\n\r\r{line}");
    assert_eq!(
        summary(text.as_bytes()),
        vec![
            (1, Ok(Layout::Line)),
            (2, Ok(Layout::Line)),
            (3, Ok(Layout::Line)),
            (6, Ok(Layout::Line))
        ]
    );
}

#[test]
fn a_line_of_dashes_is_the_empty_board_not_decoration() {
    let parsed = single_record(&"-".repeat(81)).unwrap();
    assert_eq!(parsed.cells, [0; 81]);
    let spread =
        "1---------2---------3---------4---------5---------6---------7---------8---------9";
    let parsed = single_record(spread).unwrap();
    assert_eq!(parsed.layout, Layout::Line);
    assert_eq!(parsed.cells[0], 1);
    assert_eq!(parsed.cells[80], 9);
}

#[test]
fn a_line_that_is_not_utf8_is_one_record_and_reading_goes_on() {
    let line = example_line();
    let mut text = format!("{line}\n").into_bytes();
    text.extend_from_slice(b"\xff\xfe junk\n");
    text.extend_from_slice(format!("{line}\n").as_bytes());
    assert_eq!(
        summary(&text),
        vec![
            (1, Ok(Layout::Line)),
            (2, Err(ParseError::NotUtf8)),
            (3, Ok(Layout::Line))
        ]
    );
}

#[test]
fn a_long_line_is_one_error_and_memory_stays_bounded() {
    let mut text = vec![b'x'; MAX_LINE * 3];
    text.push(b'\n');
    text.extend_from_slice(example_line().as_bytes());
    assert_eq!(
        summary(&text),
        vec![
            (1, Err(ParseError::LineTooLong { limit: MAX_LINE })),
            (2, Ok(Layout::Line))
        ]
    );
}

#[test]
fn comment_and_blank_lines_of_any_length_are_skipped() {
    for long in [
        format!("# {}", "x".repeat(MAX_LINE * 3)),
        format!("   {}", "#".repeat(MAX_LINE * 2)),
        " ".repeat(MAX_LINE * 3),
        "\t ".repeat(MAX_LINE * 2),
    ] {
        let text = format!("{long}\n{}\n", example_line());
        assert_eq!(summary(text.as_bytes()), vec![(2, Ok(Layout::Line))]);
    }
    // A long line of anything else is still one malformed record.
    let text = format!("  x{}\n", " ".repeat(MAX_LINE * 2));
    assert_eq!(
        summary(text.as_bytes()),
        vec![(1, Err(ParseError::LineTooLong { limit: MAX_LINE }))]
    );
}

#[test]
fn single_record_wants_exactly_one() {
    assert_eq!(single_record("  \n# c\n"), Err(ParseError::Empty));
    assert_eq!(single_record(""), Err(ParseError::Empty));
    assert_eq!(single_record("   \t"), Err(ParseError::Empty));
    let line = example_line();
    assert_eq!(
        single_record(&format!("{line}\n{line}")),
        Err(ParseError::SeveralRecords { second: 2 })
    );
}

#[test]
fn stray_whitespace_and_blank_symbols_are_accepted() {
    let line = example_line().replace('.', "_");
    let parsed = single_record(&format!("   {line}\t\r\n")).unwrap();
    assert_eq!(parsed.cells, example_cells());
}

#[test]
fn a_second_field_must_solve_the_first() {
    let line = example_line();
    assert_eq!(
        single_record(&format!("{line} {line}")),
        Err(ParseError::NotASolution)
    );
    let solution = solution_line();
    let parsed = single_record(&format!("{line}   {solution}")).unwrap();
    assert!(parsed.solution.is_some());
}

#[test]
fn each_character_of_an_81_cell_field_reads_as_its_digit_a_blank_or_nothing() {
    // Every ASCII character and a few wider ones, in each place of a field
    // of blanks: digits keep their value, the line's blanks are 0, and
    // anything else makes the field no field.
    let wide = ["é", "１", "€", "😀"];
    let ascii = (0u8..=127).map(|byte| char::from(byte).to_string());
    for character in ascii.chain(wide.iter().map(|wide| wide.to_string())) {
        for place in [0, 40, 80] {
            let blanks = ".".repeat(81 - character.len());
            let field = format!(
                "{}{character}{}",
                &blanks[..place.min(blanks.len())],
                &blanks[place.min(blanks.len())..]
            );
            let expected = match character.chars().next() {
                Some(digit @ '1'..='9') if character.len() == 1 => {
                    let mut cells = [0; 81];
                    cells[place] = digit as u8 - b'0';
                    Some(cells)
                }
                Some(blank) if character.len() == 1 && LINE_BLANKS.contains(&blank) => {
                    Some([0; 81])
                }
                _ => None,
            };
            assert_eq!(cells_field(&field), expected, "{character:?} at {place}");
        }
    }
}
