//! Absurd flag values (budgets, counts, time limits out of range, negative
//! numbers) are refused with their range in plain words, never panicked on,
//! and a huge count is worked through as it goes instead of reserved at once.

use sudoku37::sets;

use crate::common::{example_line, stderr, sudoku37, text};
#[test]
fn budgets_out_of_range_are_refused_not_panicked_on() {
    for (budget, says) in [
        ("1e300", "too large"),
        ("2e19", "too large"),
        ("inf", "too large"),
        ("0", "not positive"),
        ("-1", "not positive"),
        ("NaN", "not positive"),
    ] {
        let output = sudoku37(&["compare", "--budget", budget], "");
        assert_eq!(output.status.code(), Some(2), "{budget}");
        assert!(
            stderr(&output).contains(says),
            "{budget}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn generate_refuses_zero_and_negative_counts_with_their_range() {
    for arguments in [
        ["generate", "--count", "0"],
        ["generate", "--count", "-5"],
        ["generate", "--max-attempts", "0"],
        ["generate", "--min-clues", "82"],
    ] {
        let output = sudoku37(&arguments, "");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(stderr(&output).contains("invalid value"), "{arguments:?}");
    }
}

#[test]
fn negative_numbers_are_refused_with_their_range_not_as_bad_digits() {
    for (arguments, range) in [
        (
            &["generate", "--seed", "-1"][..],
            "from 0 to 18446744073709551615",
        ),
        (&["generate", "--min-clues", "-3"][..], "from 17 to 81"),
        (
            &["generate", "--count", "-5"][..],
            "from 1 to 18446744073709551615",
        ),
        (
            &["judge", "--limit", "-1", "solution.rs"][..],
            "from 1 to 18446744073709551615",
        ),
        (&["trace", "--delay=-1"][..], "from 0 to 60000"),
    ] {
        let output = sudoku37(arguments, "");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        assert!(
            stderr(&output).contains(range),
            "{arguments:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("invalid digit"), "{arguments:?}");
    }
}

// The smaller faults.

#[test]
fn timeouts_under_a_microsecond_are_refused_with_their_range() {
    for value in ["1e-300", "0.0000001"] {
        let output = sudoku37(&["solve", "--timeout", value], "");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{value}: {stderr}");
        assert!(stderr.contains("at least 0.000001"), "{value}: {stderr}");
    }
    // A microsecond is accepted; whether the worker answers within it
    // depends on the machine, but a stop never says "0 s".
    let output = sudoku37(&["solve", "--timeout", "0.000001"], example_line());
    let stderr = text(&output.stderr);
    match output.status.code() {
        Some(0) => assert!(stderr.is_empty(), "{stderr}"),
        Some(1) => assert!(stderr.contains("stopped after 0.000001 s"), "{stderr}"),
        other => panic!("exit {other:?}: {stderr}"),
    }
}

#[test]
fn a_huge_count_prints_puzzles_as_found_instead_of_reserving_room() {
    let output = sudoku37(
        &[
            "generate",
            "--count",
            "18446744073709551615",
            "--max-attempts",
            "1",
            "--min-clues",
            "70",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("found only 1 of 18446744073709551615 puzzles in 1 attempts"),
        "{}",
        stderr(&output)
    );
    let (puzzles, errors) = sets::parse_set(&String::from_utf8_lossy(&output.stdout));
    assert_eq!((puzzles.len(), errors.len()), (1, 0));

    let output = sudoku37(
        &[
            "generate",
            "--count",
            "1000000000",
            "--max-attempts",
            "2",
            "--min-clues",
            "70",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        sets::parse_set(&String::from_utf8_lossy(&output.stdout))
            .0
            .len(),
        2
    );
}
