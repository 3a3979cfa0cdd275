//! The library's shape holds: its top-level modules form layers, each using
//! only the layers before it (so the import graph has no cycle), and no file
//! outside the approaches grows past [`MAX_LINES`] lines before its tests.
//!
//! Read from the source text: a `crate::NAME` path outside comments and
//! outside `#[cfg(test)]` code is a use of module `NAME`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, first to last: a module may use the modules of earlier
/// layers, and modules of its own layer as long as that makes no cycle.
const LAYERS: &[&[&str]] = &[
    &["grid"],
    &["text"],
    &["board"],
    &["puzzle"],
    &["probe", "paste", "approaches"],
    &["solve", "measure"],
    &[
        "sets", "generate", "logic", "trace", "judge", "practice", "compare", "record", "wire",
    ],
];

/// The most lines a file outside `src/approaches/` may have outside its
/// `#[cfg(test)]` items (comments and docs count).
const MAX_LINES: usize = 600;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
    found
}

/// The text of a file without its line comments and without the modules
/// marked `#[cfg(test)]` (inline ones; out-of-line ones are files, left out
/// by [`test_files`]).
fn code_outside_tests(text: &str) -> String {
    outside_tests(text, false)
}

/// The lines of a file outside its `#[cfg(test)]` items, comments kept when
/// `comments` is set.
fn outside_tests(text: &str, comments: bool) -> String {
    let mut kept = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") && !comments {
            continue;
        }
        if trimmed.starts_with("#[cfg(test)]") {
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

/// The files of modules declared `#[cfg(test)] mod NAME;`.
fn test_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut tests = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(file).expect("a source file");
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if !line.trim_start().starts_with("#[cfg(test)]") {
                continue;
            }
            let Some(item) = lines.find(|next| !next.trim_start().starts_with("#[")) else {
                break;
            };
            let item = item.trim();
            let Some(name) = item
                .strip_suffix(';')
                .and_then(|item| item.split_whitespace().last())
            else {
                continue;
            };
            let stem = file
                .file_stem()
                .and_then(|stem| stem.to_str())
                .unwrap_or("");
            let parent = file.parent().expect("a folder");
            let folder = if stem == "mod" || stem == "lib" {
                parent.to_path_buf()
            } else {
                parent.join(stem)
            };
            tests.insert(folder.join(format!("{name}.rs")));
            tests.insert(folder.join(name).join("mod.rs"));
        }
    }
    tests
}

/// The first segments of the `crate::` paths in `code`, including each item
/// of a `crate::{a, b::c}` group.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `sudoku37crate::` and the like: not a path start
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0usize;
            let mut item = String::new();
            let mut items = Vec::new();
            for character in group.chars() {
                match character {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        items.push(std::mem::take(&mut item));
                        continue;
                    }
                    _ => {}
                }
                item.push(character);
            }
            items.push(item);
            for item in items {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.insert(name);
        }
    }
    found
}

/// Each top-level module of the library, with the modules it uses.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = src();
    let files: Vec<PathBuf> = rust_files(&src)
        .into_iter()
        .filter(|file| !file.starts_with(src.join("cli")))
        .collect();
    let tests = test_files(&files);
    let module_of = |file: &Path| -> Option<String> {
        let relative = file.strip_prefix(&src).ok()?;
        let first = relative.components().next()?.as_os_str().to_str()?;
        let name = first.strip_suffix(".rs").unwrap_or(first);
        (name != "lib" && name != "main").then(|| name.to_string())
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        if tests.contains(file) || tests.iter().any(|test| file.starts_with(test)) {
            continue;
        }
        graph.entry(module.clone()).or_default();
        let text = fs::read_to_string(file).expect("a source file");
        for used in crate_paths(&code_outside_tests(&text)) {
            if used != module {
                graph.entry(module.clone()).or_default().insert(used);
            }
        }
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for uses in graph.values_mut() {
        uses.retain(|used| modules.contains(used));
    }
    graph
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn every_module_uses_only_the_layers_before_it() {
    let graph = import_graph();
    let mut wrong = Vec::new();
    for (module, uses) in &graph {
        let Some(layer) = layer_of(module) else {
            wrong.push(format!("{module} is in no layer of tests/it/layers.rs"));
            continue;
        };
        for used in uses {
            if layer_of(used).is_some_and(|other| other > layer) {
                wrong.push(format!("{module} (layer {}) uses {used}", layer + 1));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_import_graph_has_no_cycle() {
    let graph = import_graph();
    // Depth-first search; a module met again while on the path closes a
    // cycle.
    fn visit<'a>(
        module: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|&on| on == module) {
            let mut cycle: Vec<String> = path[start..].iter().map(|m| m.to_string()).collect();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module);
        for used in graph.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(used, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module);
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            panic!("the modules form a cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_layer_check_sees_uses_and_cycles() {
    // The reader itself: paths in groups and alone, not in comments or tests.
    let code = "use crate::{grid::{self, Cells}, text};\n\
                // crate::practice\n\
                fn f() { crate::board::draw(); }\n\
                #[cfg(test)]\n\
                mod tests {\n    use crate::sets;\n}\n";
    let uses = crate_paths(&code_outside_tests(code));
    assert_eq!(
        uses.into_iter().collect::<Vec<_>>(),
        ["board", "grid", "text"]
    );
    // And the graph it builds is the real one: the board uses the grid.
    let graph = import_graph();
    assert!(graph["board"].contains("grid"), "{graph:?}");
    assert!(graph["grid"].is_empty(), "{graph:?}");
}

#[test]
fn no_file_outside_the_approaches_has_more_than_600_lines_outside_its_tests() {
    let src = src();
    let files = rust_files(&src);
    let tests = test_files(&files);
    let mut long = Vec::new();
    for file in files {
        if file.starts_with(src.join("approaches")) || tests.contains(&file) {
            continue;
        }
        let text = fs::read_to_string(&file).expect("a source file");
        // Every line but those of its test items, wherever they are.
        let lines = outside_tests(&text, true).lines().count();
        if lines > MAX_LINES {
            long.push(format!(
                "{}: {lines} lines outside its tests",
                file.strip_prefix(&src).unwrap_or(&file).display()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "split these (at most {MAX_LINES} lines each):\n{}",
        long.join("\n")
    );
}
