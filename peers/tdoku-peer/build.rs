//! Builds tdoku's solver (BSD 2-Clause, Tom Dillon) from a folder outside this
//! repository: `$TDOKU_SRC`, or else `../shared/peers/tdoku` beside the
//! sudoku37 checkout. Nothing of tdoku is copied into the repository.
//!
//! It is built as its authors build it: clang++, C++14, `-O3 -march=native
//! -fno-exceptions -fno-rtti`. When the folder or clang++ is missing, or the
//! build fails, nothing is built and the crate reports why at run time
//! (`tdoku_peer::unavailable`); the benchmarks then skip tdoku with a one-line
//! notice, so CI never needs it.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(tdoku)");
    println!("cargo:rerun-if-env-changed=TDOKU_SRC");
    println!("cargo:rerun-if-changed=build.rs");
    let source = match std::env::var_os("TDOKU_SRC") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/peers/tdoku"),
    };
    let solver = source.join("solver_dpll_triad_simd.cc");
    println!("cargo:rerun-if-changed={}", solver.display());
    if !solver.exists() {
        return unavailable(&format!(
            "no tdoku source in {} (set TDOKU_SRC)",
            source.display()
        ));
    }
    let clang = Command::new("clang++")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !clang {
        // Cargo does not run this script again when clang++ appears later:
        // say how to make it.
        return unavailable(
            "clang++ not found when the benchmarks were built (apt-get install clang, \
             then touch peers/tdoku-peer/build.rs)",
        );
    }
    let built = cc::Build::new()
        .cpp(true)
        .compiler("clang++")
        .file(&solver)
        .file(source.join("util.cc"))
        .include(&source)
        .flag("-std=c++14")
        .flag("-O3")
        .flag("-march=native")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .flag("-w")
        .opt_level(3)
        .cargo_warnings(false)
        .try_compile("tdoku");
    match built {
        Ok(()) => {
            println!("cargo:rustc-cfg=tdoku");
            println!("cargo:rustc-env=TDOKU_BUILT_FROM={}", source.display());
        }
        Err(error) => unavailable(&format!("building tdoku failed: {error}")),
    }
}

fn unavailable(reason: &str) {
    let reason = reason.replace('\n', " ");
    println!("cargo:rustc-env=TDOKU_UNAVAILABLE={reason}");
}
