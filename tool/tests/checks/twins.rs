//! The twin test: `bitboard_simd`'s paste region, normalised, is
//! `bitboard`'s.
//!
//! Both regions (the lines between [`START_MARKER`] and [`END_MARKER`],
//! the `probe::` hook lines included) are cut into statement-sized pieces,
//! ending at each `;`, `{` and `}`, after these steps:
//!
//! 1. In `bitboard_simd.rs`, the lines from `// twin: simd only` to
//!    `// twin: end` are dropped: the `Isa`
//!    trait with its two copies and the run-time dispatch, which `bitboard`
//!    has no counterpart for. No other code is skipped, and `bitboard.rs`
//!    may have no markers.
//! 2. Comments go, and so does whitespace, but for one space between two
//!    words; a comma before a closing bracket goes too (rustfmt adds one when
//!    it wraps a longer line).
//! 3. What makes the search generic is taken out: `#[inline(always)]` and
//!    `#[inline]`, the type parameter `<I: Isa>`, the turbofish `::<I>`,
//!    and the `I::` of a call to the copy's own function, which `bitboard`
//!    writes as `Self::`.
//! 4. The entry points' `.dispatch(` (which picks the copy) reads as
//!    `bitboard`'s `.search(`.
//!
//! What is left must be equal, piece for piece. On failure the message
//! names the first piece that differs, with its lines in both files.

use sudoku37::paste::{END_MARKER, START_MARKER};

/// Opens a block of `bitboard_simd.rs` that `bitboard.rs` has no
/// counterpart for.
const SIMD_ONLY: &str = "// twin: simd only";
/// Closes it.
const TWIN_END: &str = "// twin: end";
/// How every twin marker starts, so a misspelt one is an error rather than
/// a comment.
const MARKER_PREFIX: &str = "// twin:";

/// Attributes that only tell the compiler how to inline, which the SIMD
/// copy needs (see its header) and `bitboard` does not.
const INLINE_ATTRIBUTES: [&str; 2] = ["#[inline(always)]", "#[inline]"];

/// One statement-sized piece of normalised code, and the lines (1-based) of
/// the file it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    text: String,
    first_line: usize,
    last_line: usize,
}

/// Which twin a source is: only the SIMD one may mark code as its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Bitboard,
    Simd,
}

impl Side {
    fn file(self) -> &'static str {
        match self {
            Side::Bitboard => "src/approaches/bitboard.rs",
            Side::Simd => "src/approaches/bitboard_simd.rs",
        }
    }
}

/// The paste region of `source` as pieces of normalised code. Fails, with a
/// message naming the line, when a marker of the region or a twin marker is
/// missing, misplaced or misspelt.
fn shared_pieces(source: &str, side: Side) -> Result<Vec<Piece>, String> {
    let kept = shared_lines(source, side)?;
    let mut pieces = lex(&kept);
    for piece in &mut pieces {
        piece.text = strip_generics(&piece.text);
    }
    pieces.retain(|piece| !piece.text.is_empty());
    Ok(pieces)
}

/// The lines of the paste region (with their 1-based numbers) that count as
/// shared: all of them but the `// twin: simd only` blocks.
fn shared_lines(source: &str, side: Side) -> Result<Vec<(usize, &str)>, String> {
    let file = side.file();
    let mut lines = source
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line));
    lines
        .by_ref()
        .find(|(_, line)| line.trim() == START_MARKER)
        .ok_or(format!("{file}: no line `{START_MARKER}`"))?;
    let mut kept = Vec::new();
    let mut opened_at = None;
    for (number, line) in lines {
        let trimmed = line.trim();
        if trimmed == END_MARKER {
            return match opened_at {
                Some(open) => Err(format!("{file}:{open}: `{SIMD_ONLY}` is never closed")),
                None => Ok(kept),
            };
        }
        if trimmed.starts_with(MARKER_PREFIX) {
            match (trimmed, opened_at, side) {
                (SIMD_ONLY, None, Side::Simd) => opened_at = Some(number),
                (TWIN_END, Some(_), _) => opened_at = None,
                (SIMD_ONLY, _, Side::Bitboard) => {
                    return Err(format!("{file}:{number}: only bitboard_simd marks code"));
                }
                (SIMD_ONLY, Some(open), _) => {
                    return Err(format!("{file}:{number}: the block of line {open} is open"));
                }
                (TWIN_END, None, _) => {
                    return Err(format!("{file}:{number}: `{TWIN_END}` closes nothing"));
                }
                _ => {
                    return Err(format!(
                        "{file}:{number}: `{trimmed}` is not `{SIMD_ONLY}` or `{TWIN_END}`"
                    ));
                }
            }
            continue;
        }
        if opened_at.is_none() && !INLINE_ATTRIBUTES.contains(&trimmed) {
            kept.push((number, line));
        }
    }
    Err(format!(
        "{file}: no line `{END_MARKER}` after `{START_MARKER}`"
    ))
}

/// Is `symbol` part of a word (an identifier, a keyword or a number)?
fn is_word(symbol: char) -> bool {
    symbol.is_alphanumeric() || symbol == '_'
}

/// Cuts `lines` into pieces, each ending at a `;`, `{` or `}`, without
/// comments and without whitespace but one space between two words.
/// String and character literals are kept as they are.
fn lex(lines: &[(usize, &str)]) -> Vec<Piece> {
    let symbols: Vec<(usize, char)> = lines
        .iter()
        .flat_map(|&(number, line)| line.chars().chain(['\n']).map(move |c| (number, c)))
        .collect();
    let mut pieces = Vec::new();
    let mut current = Piece {
        text: String::new(),
        first_line: 0,
        last_line: 0,
    };
    // A space was skipped since the last symbol kept.
    let mut spaced = false;
    let mut index = 0;
    while index < symbols.len() {
        let (number, symbol) = symbols[index];
        let next = symbols.get(index + 1).map(|&(_, c)| c);
        // How many symbols the next token takes, kept as they are.
        let mut length = 1;
        match (symbol, next) {
            ('/', Some('/')) => {
                while index < symbols.len() && symbols[index].1 != '\n' {
                    index += 1;
                }
                spaced = true;
                continue;
            }
            ('/', Some('*')) => {
                index += 2;
                while index + 1 < symbols.len()
                    && (symbols[index].1, symbols[index + 1].1) != ('*', '/')
                {
                    index += 1;
                }
                index += 2;
                spaced = true;
                continue;
            }
            (symbol, _) if symbol.is_whitespace() => {
                index += 1;
                spaced = true;
                continue;
            }
            ('"', _) => {
                while index + length < symbols.len() {
                    match symbols[index + length].1 {
                        '\\' => length += 2,
                        '"' => {
                            length += 1;
                            break;
                        }
                        _ => length += 1,
                    }
                }
            }
            // A character literal (`'x'`, `'\n'`), not a lifetime (`'a`).
            ('\'', Some('\\')) => {
                length = 3;
                while index + length < symbols.len() && symbols[index + length - 1].1 != '\'' {
                    length += 1;
                }
            }
            ('\'', Some(_)) if symbols.get(index + 2).map(|&(_, c)| c) == Some('\'') => {
                length = 3;
            }
            _ => {}
        }
        let token: String = symbols[index..(index + length).min(symbols.len())]
            .iter()
            .map(|&(_, c)| c)
            .collect();
        if current.text.is_empty() {
            current.first_line = number;
        } else if spaced && current.text.ends_with(is_word) && token.starts_with(is_word) {
            current.text.push(' ');
        }
        if matches!(symbol, ')' | ']' | '}') && current.text.ends_with(',') {
            current.text.pop();
        }
        current.text.push_str(&token);
        current.last_line = symbols[(index + length).min(symbols.len()) - 1].0;
        spaced = false;
        index += length;
        if matches!(symbol, ';' | '{' | '}') {
            pieces.push(std::mem::replace(
                &mut current,
                Piece {
                    text: String::new(),
                    first_line: 0,
                    last_line: 0,
                },
            ));
        }
    }
    if !current.text.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// Takes out of one normalised piece what makes the SIMD search generic
/// (steps 3 and 4 of the module's list).
fn strip_generics(text: &str) -> String {
    let mut text = text.to_string();
    for attribute in INLINE_ATTRIBUTES {
        text = text.replace(attribute, "");
    }
    text = text.replace("<I:Isa>", "").replace("::<I>", "");
    text = text.replace(".dispatch(", ".search(");
    // `I::` as a whole path segment, not the end of a longer name.
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("I::") {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let whole = !out.ends_with(is_word) && !out.ends_with("::");
        out.push_str(if whole { "Self::" } else { "I::" });
        rest = &after[3..];
    }
    out.push_str(rest);
    out
}

/// The index of the first piece where `ours` and `theirs` differ, or `None`
/// when they are equal.
fn first_difference(ours: &[Piece], theirs: &[Piece]) -> Option<usize> {
    let common = ours.len().min(theirs.len());
    (0..common)
        .find(|&index| ours[index].text != theirs[index].text)
        .or((ours.len() != theirs.len()).then_some(common))
}

/// A report of the first difference at `index`: the source lines of the
/// piece in both files, their normalised text, and what to do.
fn describe(index: usize, bitboard: (&str, &[Piece]), simd: (&str, &[Piece])) -> String {
    let mut report = format!(
        "the bitboard twins' shared code differs after {index} equal pieces \
         (normalised as in src/approaches/bitboard_twins/same_code.rs):\n"
    );
    for ((source, pieces), side) in [(bitboard, Side::Bitboard), (simd, Side::Simd)] {
        let file = side.file();
        let Some(piece) = pieces.get(index) else {
            report.push_str(&format!("\n{file}: nothing more\n"));
            continue;
        };
        report.push_str(&format!("\n{file}, line {}:\n", piece.first_line));
        let lines: Vec<&str> = source.lines().collect();
        let last = piece.last_line.min(piece.first_line + 5);
        for number in piece.first_line..=last {
            report.push_str(&format!("{number:>6} | {}\n", lines[number - 1]));
        }
        report.push_str(&format!("normalised: {}\n", piece.text));
    }
    report.push_str(
        "\nChange both files alike. Code that only bitboard_simd needs goes between \
         `// twin: simd only` and `// twin: end` in bitboard_simd.rs.",
    );
    report
}

/// The report of the first difference between the two sources' shared code,
/// or `None` when they agree.
fn compare(bitboard: &str, simd: &str) -> Option<String> {
    let ours = shared_pieces(bitboard, Side::Bitboard).unwrap_or_else(|error| panic!("{error}"));
    let theirs = shared_pieces(simd, Side::Simd).unwrap_or_else(|error| panic!("{error}"));
    let index = first_difference(&ours, &theirs)?;
    Some(describe(index, (bitboard, &ours), (simd, &theirs)))
}

fn read(side: Side) -> String {
    let path = crate::common::root().join(side.file());
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

#[test]
fn bitboard_simd_repeats_bitboards_paste_region_but_for_its_marked_blocks() {
    if let Some(report) = compare(&read(Side::Bitboard), &read(Side::Simd)) {
        panic!("{report}");
    }
}

#[test]
fn a_constant_changed_in_one_twin_only_is_reported_with_its_line() {
    let bitboard = read(Side::Bitboard);
    let simd = read(Side::Simd);
    let (number, line) = simd
        .lines()
        .enumerate()
        .find(|(_, line)| line.starts_with("const PATIENCE: u32 = "))
        .expect("bitboard_simd has PATIENCE");
    let changed = simd.replacen(line, &line.replace(';', " + 1;"), 1);
    let report = compare(&bitboard, &changed).expect("a difference");
    assert!(
        report.contains(&format!(
            "{:>6} | {}",
            number + 1,
            line.replace(';', " + 1;")
        )),
        "{report}"
    );
}

#[test]
fn a_shared_line_changed_in_one_twin_only_is_reported() {
    let bitboard = read(Side::Bitboard);
    let simd = read(Side::Simd);
    let line = "            hunt.guesses += 1;";
    assert_eq!(bitboard.matches(line).count(), 1, "bitboard counts guesses");
    let changed = bitboard.replacen(line, "            hunt.guesses += 2;", 1);
    let report = compare(&changed, &simd).expect("a difference");
    assert!(report.contains("hunt.guesses+=2;"), "{report}");
    // And the same change in the marked block is none of the test's business.
    let marked = simd.replacen(
        "        self.search::<Portable>(limit, hunt)\n    }\n    // twin: end",
        "        self.search::<Portable>(limit, hunt) + 0\n    }\n    // twin: end",
        1,
    );
    assert_ne!(
        marked, simd,
        "the dispatch block is where this test expects it"
    );
    assert_eq!(compare(&bitboard, &marked), None);
}

/// A region made of `body`, for the normaliser's own tests.
fn region(body: &str) -> String {
    format!("use x;\n{START_MARKER}\n{body}\n{END_MARKER}\nfn after() {{}}\n")
}

fn texts(source: &str, side: Side) -> Vec<String> {
    shared_pieces(source, side)
        .expect("well-formed")
        .into_iter()
        .map(|piece| piece.text)
        .collect()
}

#[test]
fn comments_whitespace_and_wrapping_do_not_count() {
    let plain = region(
        "/// Doc.\nfn f(a: u32, b: u32) -> u32 {\n    // Why.\n    g(a, b) /* inline */ + 1\n}",
    );
    let wrapped = region(
        "fn f(\n    a: u32,\n    b: u32,\n) -> u32 {\n    g(\n        a,\n        b,\n    ) + 1\n}",
    );
    assert_eq!(
        texts(&plain, Side::Bitboard),
        texts(&wrapped, Side::Bitboard)
    );
    assert_eq!(
        texts(&plain, Side::Bitboard),
        ["fn f(a:u32,b:u32)->u32{", "g(a,b)+1}"]
    );
    // Literals keep their spaces and their comment-like text.
    assert_eq!(
        texts(&region("let s = \"a // b\"; let c = '{';"), Side::Bitboard),
        ["let s=\"a // b\";", "let c='{';"]
    );
}

#[test]
fn the_generic_parts_and_the_marked_blocks_are_left_out() {
    let simd = region(
        "// twin: simd only\ntrait Isa {}\n// twin: end\n\
         #[inline(always)]\nfn place<I: Isa>(&mut self) {\n    \
         I::strike(self.settle::<I>(), bands.dispatch(1));\n}",
    );
    let bitboard =
        region("fn place(&mut self) {\n    Self::strike(self.settle(), bands.search(1));\n}");
    assert_eq!(texts(&simd, Side::Simd), texts(&bitboard, Side::Bitboard));
    // A name that merely ends in `I` keeps its path.
    assert_eq!(texts(&region("AVX_I::f();"), Side::Simd), ["AVX_I::f();"]);
}

#[test]
fn misplaced_or_misspelt_markers_are_errors() {
    for (body, side) in [
        ("// twin: simd only\nfn f() {}", Side::Simd),
        ("// twin: end", Side::Simd),
        (
            "// twin: simd only\n// twin: simd only\n// twin: end",
            Side::Simd,
        ),
        ("// twin: simd-only\nfn f() {}\n// twin: end", Side::Simd),
        (
            "// twin: simd only\nfn f() {}\n// twin: end",
            Side::Bitboard,
        ),
    ] {
        assert!(shared_pieces(&region(body), side).is_err(), "{body:?}");
    }
    assert!(shared_pieces("fn f() {}", Side::Simd).is_err());
}
