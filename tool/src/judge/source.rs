//! Reading a learner's file as the driver needs it, without compiling it:
//! the inner attributes it starts with (which `include!` refuses) lifted out
//! with every line kept in place, and whether it declares `struct Solution`
//! itself, outside comments and string literals (raw ones included).

/// The user's file as the driver includes it: the file unchanged, but for
/// the inner attributes it starts with, which `include!` refuses. Those are
/// blanked with spaces (the driver puts them at the head of the module that
/// includes the file), and inner doc comments (`//!`, `/*!`) become plain
/// comments, so that every line and column keeps its place and rustc's
/// messages still point at the user's own lines.
pub fn included_code(user_code: &str) -> String {
    lift_inner_attributes(user_code).code
}

/// A user's file split for the driver: see [`included_code`].
pub(super) struct Lifted {
    /// The file with its leading inner attributes blanked.
    pub(super) code: String,
    /// The attributes, `#![...]` each, in order.
    pub(super) attributes: Vec<String>,
}

/// Finds the inner attributes and inner doc comments before the first item of
/// `code` (between blank lines and comments) and takes them out: see
/// [`included_code`].
pub(super) fn lift_inner_attributes(code: &str) -> Lifted {
    let mut characters: Vec<char> = code.chars().collect();
    let mut attributes = Vec::new();
    let mut index = 0;
    let at = |characters: &[char], index: usize, text: &str| {
        text.chars()
            .enumerate()
            .all(|(offset, wanted)| characters.get(index + offset) == Some(&wanted))
    };
    loop {
        while characters
            .get(index)
            .is_some_and(|character| character.is_whitespace() || *character == '\u{feff}')
        {
            index += 1;
        }
        if at(&characters, index, "//") {
            if at(&characters, index, "//!") {
                characters[index + 2] = ' ';
            }
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if at(&characters, index, "/*") {
            if at(&characters, index, "/*!") {
                characters[index + 2] = ' ';
            }
            index = block_comment_end(&characters, index);
        } else if let Some(end) = inner_attribute_end(&characters, index) {
            attributes.push(characters[index..end].iter().collect());
            for character in &mut characters[index..end] {
                if *character != '\n' {
                    *character = ' ';
                }
            }
            index = end;
        } else {
            break;
        }
    }
    Lifted {
        code: characters.into_iter().collect(),
        attributes,
    }
}

/// The index after the block comment starting at `start` (nested comments
/// included), or the end of the text.
fn block_comment_end(characters: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut index = start;
    while index < characters.len() {
        if characters[index] == '/' && characters.get(index + 1) == Some(&'*') {
            depth += 1;
            index += 2;
        } else if characters[index] == '*' && characters.get(index + 1) == Some(&'/') {
            depth -= 1;
            index += 2;
            if depth == 0 {
                return index;
            }
        } else {
            index += 1;
        }
    }
    characters.len()
}

/// The index after the inner attribute `#![...]` starting at `start` (spaces
/// allowed between `#`, `!` and `[`; brackets in strings do not count), if
/// one starts there and ends.
fn inner_attribute_end(characters: &[char], start: usize) -> Option<usize> {
    let skip_spaces = |mut index: usize| {
        while characters.get(index).is_some_and(|c| c.is_whitespace()) {
            index += 1;
        }
        index
    };
    if characters.get(start) != Some(&'#') {
        return None;
    }
    let bang = skip_spaces(start + 1);
    if characters.get(bang) != Some(&'!') {
        return None;
    }
    let mut index = skip_spaces(bang + 1);
    if characters.get(index) != Some(&'[') {
        return None;
    }
    let mut depth = 0;
    while index < characters.len() {
        match characters[index] {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(index + 1);
                }
            }
            '"' => {
                index += 1;
                while index < characters.len() && characters[index] != '"' {
                    if characters[index] == '\\' {
                        index += 1;
                    }
                    index += 1;
                }
            }
            _ => {}
        }
        index += 1;
    }
    None
}

/// The index after the raw string literal (`r"..."`, `r#"..."#`, and the
/// byte and C forms `br`, `cr`) starting at `start`, if one starts there: a
/// raw string ends at the first quote followed by as many `#` as opened it,
/// and a backslash in it escapes nothing.
fn raw_string_end(characters: &[char], start: usize) -> Option<usize> {
    let previous = start.checked_sub(1).map(|index| characters[index]);
    if previous.is_some_and(|character| character.is_alphanumeric() || character == '_') {
        return None;
    }
    let mut index = start;
    if matches!(characters.get(index), Some('b' | 'c')) {
        index += 1;
    }
    if characters.get(index) != Some(&'r') {
        return None;
    }
    index += 1;
    let hashes = characters[index..]
        .iter()
        .take_while(|&&character| character == '#')
        .count();
    index += hashes;
    if characters.get(index) != Some(&'"') {
        return None;
    }
    index += 1;
    while index < characters.len() {
        if characters[index] == '"'
            && characters[index + 1..]
                .iter()
                .take(hashes)
                .filter(|&&character| character == '#')
                .count()
                == hashes
        {
            return Some(index + 1 + hashes);
        }
        index += 1;
    }
    Some(characters.len())
}

/// Does the code declare `struct Solution` itself (which LeetCode's template
/// leaves out, but a file copied from elsewhere may have)? Any form counts,
/// `#[derive(Debug)] struct Solution;` or `pub(crate) struct Solution {}`
/// included; one in a comment or a string does not.
pub fn declares_solution(code: &str) -> bool {
    let code = strip_comments_and_strings(code);
    let words: Vec<&str> = code
        .split(|character: char| !(character.is_alphanumeric() || character == '_'))
        .filter(|word| !word.is_empty())
        .collect();
    words
        .windows(2)
        .any(|pair| pair[0] == "struct" && pair[1] == "Solution")
}

/// `code` with its comments (line, block, nested block) and the contents of
/// its string and character literals replaced by spaces.
fn strip_comments_and_strings(code: &str) -> String {
    let characters: Vec<char> = code.chars().collect();
    let mut kept = String::with_capacity(code.len());
    let mut index = 0;
    while index < characters.len() {
        let here = characters[index];
        let next = characters.get(index + 1).copied();
        if here == '/' && next == Some('/') {
            while index < characters.len() && characters[index] != '\n' {
                index += 1;
            }
        } else if here == '/' && next == Some('*') {
            index = block_comment_end(&characters, index);
            kept.push(' ');
        } else if let Some(end) = raw_string_end(&characters, index) {
            index = end;
            kept.push(' ');
        } else if here == '"' {
            index += 1;
            while index < characters.len() && characters[index] != '"' {
                if characters[index] == '\\' {
                    index += 1;
                }
                index += 1;
            }
            index += 1;
            kept.push(' ');
        } else if here == '\'' {
            // A character literal ('"', '\'', '\u{1F600}') is skipped; a
            // lifetime ('a) is kept as it is.
            let end = if next == Some('\\') {
                characters[index + 2..]
                    .iter()
                    .position(|&character| character == '\'')
                    .map(|offset| index + 2 + offset)
            } else if characters.get(index + 2) == Some(&'\'') {
                Some(index + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    index = end + 1;
                    kept.push(' ');
                }
                None => {
                    kept.push(here);
                    index += 1;
                }
            }
        } else {
            kept.push(here);
            index += 1;
        }
    }
    kept
}
