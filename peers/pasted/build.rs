//! Cuts the paste region out of every approach file in `../../src/approaches`
//! with the same function `sudoku37 paste` uses (`src/paste.rs`, included
//! below), and writes them to `$OUT_DIR/pasted.rs`, one module per approach,
//! each with the `Solution` struct a judge supplies. The library's copy of an
//! approach reports to `probe` on every guess and forced digit; this copy is
//! the code a user pastes, with those lines gone, which is what the
//! benchmarks should time.

use std::fmt::Write as _;
use std::path::PathBuf;

#[path = "../../src/paste.rs"]
#[allow(dead_code)]
mod paste;

fn main() {
    let approaches = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../src/approaches");
    println!("cargo:rerun-if-changed={}", approaches.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&approaches)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", approaches.display()))
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension().is_some_and(|extension| extension == "rs")
                && path.file_stem().is_some_and(|stem| stem != "mod")
        })
        .collect();
    files.sort();
    let mut modules = String::new();
    for file in files {
        let name = file
            .file_stem()
            .and_then(|stem| stem.to_str())
            .unwrap_or_default();
        let source = std::fs::read_to_string(&file)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", file.display()));
        let code =
            paste::extract(&source).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        writeln!(
            modules,
            "pub mod {name} {{\n    pub struct Solution;\n\n{code}}}\n"
        )
        .unwrap();
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("pasted.rs"), modules).expect("write the pasted modules");
}
