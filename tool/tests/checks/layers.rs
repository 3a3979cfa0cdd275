//! The house's shape holds, for every file of the workspace's two layered
//! crates (the study crate's `src/` and the tool's `tool/src/`), their tests
//! included:
//!
//! * the README's map ("Layout") is the one map of the crates and their
//!   layers: its packages, folders and the workspace packages each uses are
//!   what the `Cargo.toml` files say (Cargo then enforces the order of the
//!   crates), and inside each crate it places every top-level module in a
//!   layer;
//! * inside a crate, each module uses only the modules of the layers before
//!   it, and modules of its own layer as long as that makes no cycle; test
//!   code too;
//! * no cycle among the files, but inside the logic technique table (a
//!   technique and its finder name each other);
//! * inside the command line, no subcommand's file uses another
//!   subcommand's, and the shared files use no subcommand's;
//! * no file outside the approaches grows past [`MAX_LINES`] lines before
//!   its tests, and `tool/src/cli/` stays under [`MAX_CLI_LINES`] lines in all.
//!
//! Read from the source text, with comments and string literals left out: a
//! path that starts `crate::`, `super::` or names a child module, and every
//! `use`, is resolved to the file of the same crate that defines what it
//! names (through the `use` lines of a `mod.rs`, so that a re-export points
//! at the file behind it). A path into another crate (`sudoku37::` in the
//! tool) is Cargo's to check, not this test's.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{root, rust_files};

/// The files of `tool/src/cli/` every subcommand may use.
const CLI_SHARED: &[&str] = &[
    "mod.rs",
    "error.rs",
    "flags.rs",
    "input.rs",
    "output.rs",
    "progress.rs",
];

/// The most lines a file outside `src/approaches/` may have outside its
/// `#[cfg(test)]` items (comments and docs count).
const MAX_LINES: usize = 600;

/// The most lines `tool/src/cli/` may hold, tests included: the binary parses
/// arguments and prints; the features live in the library.
const MAX_CLI_LINES: usize = 3000;

/// The layered crates: their package names, as the map names them.
const LAYERED: [&str; 2] = ["sudoku37", "sudoku37-tool"];

/// `code` with its comments and the insides of its string and character
/// literals (raw ones included) replaced by spaces, lines kept.
pub(crate) fn strip(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut kept = String::with_capacity(code.len());
    let blank = |kept: &mut String, c: char| kept.push(if c == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut kept, chars[i]);
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                kept.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                blank(&mut kept, chars[j]);
                j += 1;
            }
            kept.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if i < chars.len() {
                    blank(&mut kept, chars[i]);
                }
                i += 1;
            }
            kept.push_str("\"\"");
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}') or a lifetime.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                kept.push_str("' '");
                i = j + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                kept.push_str("' '");
                i += 3;
            } else {
                kept.push(c);
                i += 1;
            }
        } else {
            kept.push(c);
            i += 1;
        }
    }
    kept
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    Path, // ::
    Punct(char),
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            found.push(Token::Word(chars[start..i].iter().collect()));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            found.push(Token::Path);
            i += 2;
        } else {
            if !c.is_whitespace() {
                found.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    found
}

/// One path a file names: its segments, whether it comes from a `use` line
/// (and then the name it brings in), and whether it is test code.
#[derive(Debug, Clone)]
struct Named {
    segments: Vec<String>,
    imported_as: Option<String>,
    in_use: bool,
    test: bool,
    /// Inside an inline module (`mod tests { .. }`), where `super` is the
    /// file's own module.
    inline: bool,
}

/// Parses a `use` tree starting at `tokens[*at]` into (segments, name) pairs.
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) {
    let mut segments = prefix;
    loop {
        match tokens.get(*at) {
            Some(Token::Word(word)) => {
                segments.push(word.clone());
                *at += 1;
            }
            Some(Token::Punct('*')) => {
                segments.push("*".to_string());
                *at += 1;
                out.push((segments, "*".to_string()));
                return;
            }
            Some(Token::Punct('{')) => {
                *at += 1;
                loop {
                    match tokens.get(*at) {
                        Some(Token::Punct('}')) => {
                            *at += 1;
                            return;
                        }
                        Some(Token::Punct(',')) => *at += 1,
                        None => return,
                        _ => use_tree(tokens, at, segments.clone(), out),
                    }
                }
            }
            _ => return,
        }
        match tokens.get(*at) {
            Some(Token::Path) => *at += 1,
            Some(Token::Word(word)) if word == "as" => {
                let alias = match tokens.get(*at + 1) {
                    Some(Token::Word(alias)) => alias.clone(),
                    _ => String::new(),
                };
                *at += 2;
                if segments.last().is_some_and(|last| last == "self") {
                    segments.pop();
                }
                out.push((segments, alias));
                return;
            }
            _ => {
                if segments.last().is_some_and(|last| last == "self") {
                    segments.pop();
                }
                let name = segments.last().cloned().unwrap_or_default();
                out.push((segments, name));
                return;
            }
        }
    }
}

/// The paths of a file, with the names of its child modules (paths that
/// start with one of them count).
fn named_paths(text: &str, children: &BTreeSet<String>, whole_file_is_test: bool) -> Vec<Named> {
    let tokens = tokens(&strip(text));
    // Which tokens are test code, and which lie inside an inline module.
    let mut test = vec![whole_file_is_test; tokens.len()];
    let mut inline = vec![false; tokens.len()];
    let mut i = 0;
    while i < tokens.len() {
        let is_cfg_test = tokens[i] == Token::Punct('#')
            && tokens.get(i + 1) == Some(&Token::Punct('['))
            && tokens.get(i + 2) == Some(&Token::Word("cfg".into()))
            && tokens.get(i + 4) == Some(&Token::Word("test".into()));
        let is_inline_mod = tokens[i] == Token::Word("mod".into())
            && matches!(tokens.get(i + 1), Some(Token::Word(_)))
            && tokens.get(i + 2) == Some(&Token::Punct('{'));
        if is_cfg_test || is_inline_mod {
            let start = i;
            // To the end of the item: its `;`, or its braces' end.
            let mut j = i + if is_cfg_test { 6 } else { 2 };
            let mut depth = 0usize;
            while j < tokens.len() {
                match tokens[j] {
                    Token::Punct('{') => depth += 1,
                    Token::Punct('}') => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break;
                        }
                    }
                    Token::Punct(';') if depth == 0 => break,
                    _ => {}
                }
                j += 1;
            }
            let end = j.min(tokens.len() - 1);
            for k in start..=end {
                if is_cfg_test {
                    test[k] = true;
                }
                if is_inline_mod {
                    inline[k] = true;
                }
            }
            if is_inline_mod {
                i = start + 1; // look inside for #[cfg(test)] items too
            } else {
                i = start + 1;
            }
            continue;
        }
        i += 1;
    }
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == Token::Word("use".into()) {
            let (is_test, is_inline) = (test[i], inline[i]);
            let mut at = i + 1;
            if tokens.get(at) == Some(&Token::Path) {
                at += 1;
            }
            let mut pairs = Vec::new();
            use_tree(&tokens, &mut at, Vec::new(), &mut pairs);
            for (segments, name) in pairs {
                found.push(Named {
                    segments,
                    imported_as: Some(name),
                    in_use: true,
                    test: is_test,
                    inline: is_inline,
                });
            }
            i = at;
            continue;
        }
        let starts_path = match &tokens[i] {
            Token::Word(word) => {
                (word == "crate" || word == "super" || children.contains(word))
                    && tokens.get(i + 1) == Some(&Token::Path)
                    && !matches!(tokens.get(i.wrapping_sub(1)), Some(Token::Path))
            }
            _ => false,
        };
        if starts_path {
            let mut segments = Vec::new();
            let mut j = i;
            while let Some(Token::Word(word)) = tokens.get(j) {
                segments.push(word.clone());
                if tokens.get(j + 1) != Some(&Token::Path) {
                    break;
                }
                j += 2;
            }
            found.push(Named {
                segments,
                imported_as: None,
                in_use: false,
                test: test[i],
                inline: inline[i],
            });
            i = j + 1;
            continue;
        }
        i += 1;
    }
    found
}

/// A source file and what the resolver needs of it.
struct File {
    path: PathBuf,
    /// Its module path: `["judge", "session"]`; the binary's files start
    /// with `bin` (`main.rs` is `["bin"]`, `cli/mod.rs` `["bin", "cli"]`).
    module: Vec<String>,
    text: String,
    test_only: bool,
}

struct Tree {
    /// The crate's `src/`.
    src: PathBuf,
    files: Vec<File>,
    by_module: BTreeMap<Vec<String>, usize>,
    /// The names each file brings in with `use` (outside inline modules),
    /// each with its path.
    imports: Vec<Vec<(String, Vec<String>)>>,
}

impl Tree {
    /// The files of the crate whose sources are `src` (a folder of the
    /// workspace: `src`, `tool/src`).
    fn read(src: &str) -> Tree {
        let src = root().join(src);
        let mut files = Vec::new();
        for path in rust_files(&src) {
            let relative = path.strip_prefix(&src).expect("under src");
            let mut module: Vec<String> = relative
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            let last = module.pop().expect("a file name");
            let stem = last.strip_suffix(".rs").unwrap_or(&last).to_string();
            if stem != "mod" && stem != "lib" && stem != "main" {
                module.push(stem.clone());
            }
            let binary = stem == "main" || relative.starts_with("cli");
            if binary {
                module.insert(0, "bin".to_string());
            }
            files.push(File {
                text: fs::read_to_string(&path).expect("a source file"),
                path,
                module,
                test_only: false,
            });
        }
        let by_module = files
            .iter()
            .enumerate()
            .map(|(index, file)| (file.module.clone(), index))
            .collect();
        let mut tree = Tree {
            src,
            files,
            by_module,
            imports: Vec::new(),
        };
        // Files declared `#[cfg(test)] mod NAME;`, and everything under them.
        let mut test_modules = Vec::new();
        for file in &tree.files {
            let tokens = tokens(&strip(&file.text));
            for (i, window) in tokens.windows(9).enumerate() {
                let _ = i;
                if window[0] == Token::Punct('#')
                    && window[2] == Token::Word("cfg".into())
                    && window[4] == Token::Word("test".into())
                    && window[6] == Token::Word("mod".into())
                    && window[8] == Token::Punct(';')
                {
                    if let Token::Word(name) = &window[7] {
                        let mut module = file.module.clone();
                        module.push(name.clone());
                        test_modules.push(module);
                    }
                }
            }
        }
        for file in &mut tree.files {
            if test_modules
                .iter()
                .any(|module| file.module.starts_with(module))
            {
                file.test_only = true;
            }
        }
        tree.imports = (0..tree.files.len())
            .map(|index| {
                let file = &tree.files[index];
                named_paths(&file.text, &tree.children(&file.module), false)
                    .into_iter()
                    .filter(|named| named.in_use && !named.inline)
                    .filter_map(|named| Some((named.imported_as?, named.segments)))
                    .collect()
            })
            .collect();
        tree
    }

    fn children(&self, module: &[String]) -> BTreeSet<String> {
        self.by_module
            .keys()
            .filter(|other| other.len() == module.len() + 1 && other.starts_with(module))
            .map(|other| other[module.len()].clone())
            .collect()
    }

    /// The file that defines what `segments`, named in file `from` (inside
    /// an inline module when `inline`), stands for; `None` for a path outside
    /// the crate.
    fn resolve(
        &self,
        from: usize,
        segments: &[String],
        inline: bool,
        depth: usize,
    ) -> Option<usize> {
        let file = &self.files[from];
        let mut module: Vec<String>;
        let mut rest = segments;
        match segments.first().map(String::as_str) {
            Some("crate") => {
                module = if file.module.first().is_some_and(|first| first == "bin") {
                    vec!["bin".to_string()]
                } else {
                    Vec::new()
                };
                rest = &segments[1..];
            }
            Some("super") => {
                module = file.module.clone();
                if !inline {
                    module.pop();
                }
                rest = &segments[1..];
                while rest.first().is_some_and(|segment| segment == "super") {
                    module.pop();
                    rest = &rest[1..];
                }
            }
            Some("self") => {
                module = file.module.clone();
                rest = &segments[1..];
            }
            Some(first) if self.children(&file.module).contains(first) => {
                module = file.module.clone();
            }
            _ => return None,
        }
        while let Some(next) = rest.first() {
            let mut child = module.clone();
            child.push(next.clone());
            if self.by_module.contains_key(&child) {
                module = child;
                rest = &rest[1..];
            } else {
                break;
            }
        }
        let target = *self.by_module.get(&module)?;
        // A name the target brings in with `use` is defined elsewhere.
        if let (Some(name), true) = (rest.first(), depth < 8) {
            if let Some((_, path)) = self.imports[target]
                .iter()
                .find(|(imported, _)| imported == name)
            {
                let mut path = path.clone();
                path.extend(rest[1..].iter().cloned());
                if let Some(behind) = self.resolve(target, &path, false, depth + 1) {
                    return Some(behind);
                }
                return None;
            }
        }
        Some(target)
    }

    /// Every edge: (from file, to file, whether it is test code).
    fn edges(&self) -> Vec<(usize, usize, bool)> {
        let mut edges = BTreeSet::new();
        for (index, file) in self.files.iter().enumerate() {
            let children = self.children(&file.module);
            for named in named_paths(&file.text, &children, file.test_only) {
                if named.segments.last().is_some_and(|last| last == "*") {
                    let mut module = named.segments.clone();
                    module.pop();
                    if let Some(target) = self.resolve(index, &module, named.inline, 0) {
                        if target != index {
                            edges.insert((index, target, named.test));
                        }
                    }
                    continue;
                }
                if let Some(target) = self.resolve(index, &named.segments, named.inline, 0) {
                    if target != index {
                        edges.insert((index, target, named.test));
                    }
                }
            }
        }
        edges.into_iter().collect()
    }

    fn top_module(&self, index: usize) -> Option<String> {
        let module = &self.files[index].module;
        match module.first().map(String::as_str) {
            Some("bin") => Some("cli".to_string()),
            Some(first) => Some(first.to_string()),
            None => None,
        }
    }

    fn name(&self, index: usize) -> String {
        self.files[index]
            .path
            .strip_prefix(&self.src)
            .unwrap_or(&self.files[index].path)
            .display()
            .to_string()
    }
}

/// One package of the README's map: its name, folder, the workspace
/// packages it uses, and (for a layered crate) the layer of each top-level
/// module of its `src/`, the binary's `cli` last.
#[derive(Debug, PartialEq)]
struct Package {
    name: String,
    folder: String,
    uses: BTreeSet<String>,
    layers: BTreeMap<String, usize>,
}

impl Package {
    /// The crate's sources, as a folder of the workspace.
    fn src(&self) -> String {
        match self.folder.as_str() {
            "." => "src".to_string(),
            folder => format!("{}/src", folder.trim_end_matches('/')),
        }
    }

    fn layer_of(&self, module: &str) -> Option<usize> {
        if module == "cli" {
            return Some(usize::MAX);
        }
        self.layers.get(module).copied()
    }
}

/// The map in `readme` (its text block under `heading`): a line at the
/// margin that opens `NAME (FOLDER, uses A, B)` (or `uses nothing`) is a
/// package; the indented lines under it name its files, and a number `N.`
/// opens layer N of its modules (lines without a number stay in the layer
/// above them).
fn layout(readme: &str, heading: &str) -> Vec<Package> {
    let text = fs::read_to_string(root().join(readme)).expect("the README");
    let section = text
        .find(heading)
        .unwrap_or_else(|| panic!("{readme}: no {heading:?}"));
    let start =
        section + text[section..].find("```text\n").expect("the layout map") + "```text\n".len();
    let block = &text[start..start + text[start..].find("```").expect("the map's end")];
    let mut packages: Vec<Package> = Vec::new();
    // Whether the lines now belong to the last package, and its layer.
    let (mut inside, mut layer) = (false, 0);
    for line in block.lines() {
        if !line.starts_with(' ') {
            let opened = line.split_once(" (").and_then(|(name, rest)| {
                let (inside, _) = rest.split_once(')')?;
                let (folder, uses) = inside.split_once(", uses ")?;
                Some((name, folder, uses))
            });
            if let Some((name, folder, uses)) = opened {
                packages.push(Package {
                    name: name.to_string(),
                    folder: folder.to_string(),
                    uses: uses
                        .split(", ")
                        .filter(|used| *used != "nothing")
                        .map(str::to_string)
                        .collect(),
                    layers: BTreeMap::new(),
                });
                (inside, layer) = (true, 0);
            } else {
                // A folder outside every package (notes/, puzzles/, …).
                inside = false;
            }
            continue;
        }
        let Some(package) = packages.last_mut().filter(|_| inside) else {
            continue;
        };
        if let Some(number) = line
            .split_whitespace()
            .find_map(|word| word.strip_suffix('.').and_then(|n| n.parse::<usize>().ok()))
        {
            layer = number;
        }
        let src = format!("{}/", package.src());
        for word in line.split(|c: char| c.is_whitespace() || c == ',') {
            let Some(path) = word.strip_prefix(&src) else {
                continue;
            };
            let path = path.trim_end_matches('/');
            // `approaches/<name>.rs` stands for every file of the folder.
            let there = path.split("/<").next().unwrap_or(path);
            assert!(
                root().join(&src).join(there).exists(),
                "{readme}: {src}{there} is not there"
            );
            let module = there.trim_end_matches(".rs");
            let module = module.split('/').next().unwrap_or(module);
            if module != "main" && module != "cli" {
                package.layers.entry(module.to_string()).or_insert(layer);
            }
        }
    }
    packages
}

/// The English README's map.
fn the_map() -> Vec<Package> {
    layout("README.md", "### Layout")
}

/// The layered crates of the map, each with its files.
fn layered() -> Vec<(Package, Tree)> {
    the_map()
        .into_iter()
        .filter(|package| LAYERED.contains(&package.name.as_str()))
        .map(|package| {
            let tree = Tree::read(&package.src());
            (package, tree)
        })
        .collect()
}

/// The module graph, top-level modules only: test code counts.
fn module_graph(tree: &Tree) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (index, _) in tree.files.iter().enumerate() {
        if let Some(module) = tree.top_module(index) {
            graph.entry(module).or_default();
        }
    }
    for (from, to, _) in tree.edges() {
        if let (Some(a), Some(b)) = (tree.top_module(from), tree.top_module(to)) {
            if a != b {
                graph.entry(a).or_default().insert(b);
            }
        }
    }
    graph
}

/// A cycle of `graph`, if it has one.
fn find_cycle<T: Ord + Clone>(
    graph: &BTreeMap<T, BTreeSet<T>>,
    allowed: impl Fn(&[T]) -> bool,
) -> Vec<Vec<T>> {
    // Tarjan's strongly connected components; each one with more than one
    // member holds a cycle.
    struct State<T> {
        index: BTreeMap<T, usize>,
        low: BTreeMap<T, usize>,
        stack: Vec<T>,
        on_stack: BTreeSet<T>,
        next: usize,
        found: Vec<Vec<T>>,
    }
    fn visit<T: Ord + Clone>(node: &T, graph: &BTreeMap<T, BTreeSet<T>>, state: &mut State<T>) {
        state.index.insert(node.clone(), state.next);
        state.low.insert(node.clone(), state.next);
        state.next += 1;
        state.stack.push(node.clone());
        state.on_stack.insert(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if !state.index.contains_key(next) {
                visit(next, graph, state);
                let low = state.low[node].min(state.low[next]);
                state.low.insert(node.clone(), low);
            } else if state.on_stack.contains(next) {
                let low = state.low[node].min(state.index[next]);
                state.low.insert(node.clone(), low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = Vec::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(&top);
                let done = &top == node;
                component.push(top);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !state.index.contains_key(node) {
            visit(node, graph, &mut state);
        }
    }
    state
        .found
        .into_iter()
        .filter(|component| !allowed(component))
        .collect()
}

#[test]
fn every_module_uses_only_the_layers_before_it_test_code_too() {
    let mut wrong = BTreeSet::new();
    for (package, tree) in layered() {
        for (index, _) in tree.files.iter().enumerate() {
            if let Some(module) = tree.top_module(index) {
                if package.layer_of(&module).is_none() {
                    wrong.insert(format!(
                        "{}/{module} is in no layer of the README's map",
                        package.src()
                    ));
                }
            }
        }
        for (from, to, test) in tree.edges() {
            let (Some(a), Some(b)) = (tree.top_module(from), tree.top_module(to)) else {
                continue;
            };
            if let (Some(la), Some(lb)) = (package.layer_of(&a), package.layer_of(&b)) {
                if lb > la {
                    wrong.insert(format!(
                        "{}/{} (layer {la}: {a}) uses {} (layer {lb}: {b}){}",
                        package.src(),
                        tree.name(from),
                        tree.name(to),
                        if test { " in test code" } else { "" }
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{}",
        wrong.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_modules_form_no_cycle() {
    for (package, tree) in layered() {
        let cycles = find_cycle(&module_graph(&tree), |_| false);
        assert!(
            cycles.is_empty(),
            "the modules of {} form cycles: {cycles:?}",
            package.name
        );
    }
}

#[test]
fn the_files_form_no_cycle_but_in_the_technique_table() {
    for (_, tree) in layered() {
        let mut graph: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
        for (from, to, _) in tree.edges() {
            graph.entry(from).or_default().insert(to);
        }
        let cycles = find_cycle(&graph, |component| {
            let names: Vec<String> = component.iter().map(|&index| tree.name(index)).collect();
            names.iter().all(|name| name.starts_with("logic/"))
                && names.iter().any(|name| name == "logic/technique.rs")
        });
        // Each group of files that use each other, with the uses among them.
        let shown: Vec<String> = cycles
            .iter()
            .map(|component| {
                let mut uses: Vec<String> = Vec::new();
                for &from in component {
                    for &to in graph.get(&from).into_iter().flatten() {
                        if component.contains(&to) {
                            uses.push(format!("  {} -> {}", tree.name(from), tree.name(to)));
                        }
                    }
                }
                uses.join("\n")
            })
            .collect();
        assert!(
            shown.is_empty(),
            "these files of {} use each other:\n{}",
            tree.src.display(),
            shown.join("\n\n")
        );
    }
}

#[test]
fn no_subcommand_file_uses_another_subcommand_s() {
    let tree = Tree::read("tool/src");
    let cli = tree.src.join("cli");
    // `judge` for cli/judge.rs, `practice` for cli/practice/*, None for a
    // shared file.
    let subcommand = |index: usize| -> Option<Option<String>> {
        let relative = tree.files[index].path.strip_prefix(&cli).ok()?;
        let first = relative
            .components()
            .next()?
            .as_os_str()
            .to_string_lossy()
            .into_owned();
        Some(
            (!CLI_SHARED.contains(&first.as_str()))
                .then(|| first.trim_end_matches(".rs").to_string()),
        )
    };
    let mut wrong = Vec::new();
    for (from, to, _) in tree.edges() {
        let (Some(a), Some(b)) = (subcommand(from), subcommand(to)) else {
            continue;
        };
        let from_mod = tree.name(from) == "cli/mod.rs";
        match (a, b) {
            (_, None) => {}
            (Some(a), Some(b)) if a == b => {}
            _ if from_mod => {}
            (a, Some(_)) => wrong.push(format!(
                "{} ({}) uses {}",
                tree.name(from),
                a.map_or("shared".to_string(), |a| format!("subcommand {a}")),
                tree.name(to)
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_layer_check_sees_uses_through_re_exports_and_in_tests() {
    // The reader itself: groups, aliases, comments and strings.
    let code = "use crate::{grid::{self, Cells}, text as words};\n\
                // crate::practice\n\
                const S: &str = \"crate::sets\";\n\
                fn f() { crate::board::draw(); }\n\
                #[cfg(test)]\n\
                mod tests {\n    use super::*;\n    use crate::sets;\n}\n";
    let found = named_paths(code, &BTreeSet::new(), false);
    let shown: Vec<(String, bool)> = found
        .iter()
        .map(|named| (named.segments.join("::"), named.test))
        .collect();
    assert_eq!(
        shown,
        [
            ("crate::grid".to_string(), false),
            ("crate::grid::Cells".to_string(), false),
            ("crate::text".to_string(), false),
            ("crate::board::draw".to_string(), false),
            ("super::*".to_string(), true),
            ("crate::sets".to_string(), true),
        ]
    );
    // And the graphs it builds are the real ones: the board uses the grid,
    // and a name the practice module re-exports points at the file behind it.
    let has = |tree: &Tree, from: &str, to: &str| {
        tree.edges()
            .iter()
            .any(|&(a, b, _)| tree.name(a) == from && tree.name(b) == to)
    };
    let study = Tree::read("src");
    assert!(has(&study, "board.rs", "grid.rs"));
    assert!(!has(&study, "grid.rs", "board.rs"));
    let tool = Tree::read("tool/src");
    assert!(has(&tool, "practice/hints.rs", "practice/language.rs"));
    assert!(has(&tool, "cli/mod.rs", "cli/output.rs"));
}

#[test]
fn no_file_outside_the_approaches_has_more_than_600_lines_outside_its_tests() {
    let mut long = Vec::new();
    for (_, tree) in layered() {
        for file in &tree.files {
            let name = file.path.strip_prefix(root()).unwrap_or(&file.path);
            if name.starts_with("src/approaches") || file.test_only {
                continue;
            }
            let lines = outside_tests(&file.text).lines().count();
            if lines > MAX_LINES {
                long.push(format!(
                    "{}: {lines} lines outside its tests",
                    name.display()
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these (at most {MAX_LINES} lines each):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_command_line_parses_and_prints_in_at_most_3000_lines() {
    let lines: usize = rust_files(&root().join("tool/src/cli"))
        .iter()
        .map(|file| {
            fs::read_to_string(file)
                .expect("a source file")
                .lines()
                .count()
        })
        .sum();
    assert!(
        lines <= MAX_CLI_LINES,
        "tool/src/cli holds {lines} lines: move what is not argument parsing or printing into the library"
    );
}

/// The lines of a file outside its `#[cfg(test)]` items, comments kept.
fn outside_tests(text: &str) -> String {
    let mut kept = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            // Skip the item that follows: to its `;`, or its braces' end.
            let mut depth = 0usize;
            let mut opened = false;
            for next in lines.by_ref() {
                let code = next.split("//").next().unwrap_or("");
                for character in code.chars() {
                    match character {
                        '{' => {
                            depth += 1;
                            opened = true;
                        }
                        '}' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                if (opened && depth == 0) || (!opened && code.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// Comments say what the code does or guards, not which tracker entry asked
/// for it: "Issue 11, finding 1" tells a maintainer nothing the test's
/// name and behaviour do not.
#[test]
fn comments_name_behaviour_not_tracker_entries() {
    let root = crate::common::root();
    let mut found = Vec::new();
    for dir in ["src", "tests", "tool", "bench", "peers"] {
        let dir = root.join(dir);
        if !dir.is_dir() {
            continue;
        }
        for path in rust_files(&dir) {
            let text = fs::read_to_string(&path).expect("a source file");
            for (index, line) in text.lines().enumerate() {
                let comment = line.trim_start();
                let Some(words) = comment
                    .strip_prefix("///")
                    .or_else(|| comment.strip_prefix("//!"))
                    .or_else(|| comment.strip_prefix("//"))
                else {
                    continue;
                };
                let words = words.trim_start();
                let tracker = words.strip_prefix("Issue ").is_some_and(|rest| {
                    rest.starts_with(|character: char| character.is_ascii_digit())
                });
                if tracker {
                    found.push(format!("{}:{}: {line}", path.display(), index + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The README's map (both languages, which must draw the same map) names
/// the workspace's packages as `Cargo.toml` defines them: each one's folder
/// and the workspace packages it uses (any kind of dependency), and no
/// other. `cargo metadata` reads the manifests.
#[test]
fn the_readme_s_map_is_the_workspace() {
    let english = the_map();
    assert_eq!(
        layout("README.zh-CN.md", "### 目录结构"),
        english,
        "README.zh-CN.md's map must be README.md's"
    );
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("run cargo metadata");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    let root = root().canonicalize().expect("the workspace's folder");
    let mut packages = BTreeMap::new();
    for package in metadata["packages"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("a name").to_string();
        let manifest = Path::new(package["manifest_path"].as_str().expect("a manifest"));
        let folder = manifest.parent().expect("the package's folder");
        let folder = match folder.strip_prefix(&root).expect("inside the workspace") {
            relative if relative.as_os_str().is_empty() => ".".to_string(),
            relative => format!("{}/", relative.display()),
        };
        let uses: BTreeSet<String> = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter(|dependency| dependency["path"].is_string())
            .map(|dependency| dependency["name"].as_str().expect("a name").to_string())
            .collect();
        packages.insert(name, (folder, uses));
    }
    let drawn: BTreeMap<String, (String, BTreeSet<String>)> = english
        .iter()
        .map(|package| {
            (
                package.name.clone(),
                (package.folder.clone(), package.uses.clone()),
            )
        })
        .collect();
    assert_eq!(
        drawn, packages,
        "README.md's map (name (folder, uses ...)) against the Cargo.toml files"
    );
}

/// Every top-level module of a layered crate's `src/` has its place in the
/// map, and the map places nothing that is not there.
#[test]
fn the_readme_s_map_places_every_module() {
    for (package, tree) in layered() {
        let modules: BTreeSet<String> = (0..tree.files.len())
            .filter_map(|index| tree.top_module(index))
            .filter(|module| module != "cli")
            .collect();
        let placed: BTreeSet<String> = package.layers.keys().cloned().collect();
        assert_eq!(
            placed,
            modules,
            "README.md's map of {} ({}) against its modules",
            package.name,
            package.src()
        );
    }
}

/// The map is read as its words say: a package line, layers by number, a
/// module under the number above it, `<name>` for every file of a folder.
#[test]
fn the_map_reader_reads_packages_and_layers() {
    let map = the_map();
    let study = map
        .iter()
        .find(|package| package.name == "sudoku37")
        .expect("the study crate");
    assert_eq!(study.folder, ".");
    assert!(study.uses.is_empty());
    assert_eq!(study.layers.get("grid"), Some(&1));
    assert_eq!(study.layers.get("approaches"), Some(&6));
    assert_eq!(
        study.layers.get("probe"),
        Some(&6),
        "a line without a number stays in its layer"
    );
    assert_eq!(study.layer_of("harness"), Some(7));
    let tool = map
        .iter()
        .find(|package| package.name == "sudoku37-tool")
        .expect("the tool");
    assert_eq!(tool.folder, "tool/");
    assert_eq!(tool.uses, BTreeSet::from(["sudoku37".to_string()]));
    assert_eq!(tool.layer_of("judge"), Some(3));
    assert_eq!(
        tool.layer_of("cli"),
        Some(usize::MAX),
        "the binary comes last"
    );
}
