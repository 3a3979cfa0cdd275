//! `sudoku37-bench`: the measurements of the workspace, apart from the study
//! crate so that none of their build scripts (tdoku's, the pasted copies of
//! every approach) and none of their baselines (the `sudoku` crate, tdoku)
//! are built while a learner runs `cargo test -p sudoku37`.
//!
//! - `bench/benches/race.rs`: `bitboard` and `bitboard_simd` against the `sudoku`
//!   crate and tdoku, both modes, alternating rounds
//!   (`cargo bench --bench race`);
//! - `bench/benches/solvers.rs`: criterion benchmarks of every approach;
//! - `examples/`: the programs that measure what the notes quote (the
//!   `*_variants`, `guess_counts`, `worked_traces`, `solve_race` …), each run
//!   with `cargo run --release --example NAME`.
//!
//! The library holds what several of them print about the machine they ran
//! on ([`machine`]) and the report of the whole-process race
//! ([`whole_process`], where its tests can reach it); the package exists for
//! its targets.

pub mod whole_process;

pub mod machine {
    //! The machine a measurement ran on, for the first lines of its report:
    //! ratios between solvers move from one CPU to another, and with the
    //! load on a shared machine.

    /// The CPU as Linux reports it (model name, family and model numbers), and
    /// on x86-64 whether it has AVX-512, which tdoku's `-march=native` build uses
    /// when it is there: ratios between solvers move from one CPU to another, so
    /// every table says which one it was measured on.
    pub fn cpu_name() -> String {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let field = |key: &str| {
            info.lines().find_map(|line| {
                let (name, value) = line.split_once(':')?;
                (name.trim() == key).then(|| value.trim().to_string())
            })
        };
        #[allow(unused_mut)]
        let mut name = match (field("model name"), field("cpu family"), field("model")) {
            (Some(name), Some(family), Some(model)) => {
                format!("{name} (cpu family {family}, model {model})")
            }
            (Some(name), _, _) => name,
            _ => "model unknown (no /proc/cpuinfo)".to_string(),
        };
        #[cfg(target_arch = "x86_64")]
        name.push_str(if std::is_x86_feature_detected!("avx512f") {
            ", with AVX-512"
        } else {
            ", without AVX-512"
        });
        name
    }

    /// How busy the machine was as a measurement began: the one-minute load average
    /// (`/proc/loadavg`) beside the number of cores, and this process's nice
    /// value (`/proc/self/stat`), so that a table made on a shared machine says
    /// so. Empty where Linux's `/proc` is missing.
    pub fn load(cores: usize) -> String {
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|text| text.split_whitespace().next().map(str::to_string));
        // The fields after the command name, which is in parentheses and may
        // hold spaces; nice is the 19th field of the line, the 17th after it.
        let nice = std::fs::read_to_string("/proc/self/stat")
            .ok()
            .and_then(|text| {
                let (_, after) = text.rsplit_once(')')?;
                after.split_whitespace().nth(16).map(str::to_string)
            });
        match (load, nice) {
            (Some(load), Some(nice)) => {
                format!(" Load average {load} on {cores} cores as it began; run at nice {nice}.")
            }
            _ => String::new(),
        }
    }
}
