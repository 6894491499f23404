//! `cargo xtask fuzz [--cases N] [--seconds S]`: the core's fuzz harness (`crates/dlmm-query/tests/it/fuzz.rs`),
//! run long, in release mode with overflow checks on.
//!
//! The harness feeds every keeper and datapi decoder hostile numbers, mutated fields, deep nesting and megabyte
//! bodies, and both page walkers arbitrary answers. Its number of cases per property comes from `DLMM_FUZZ_CASES`:
//! a plain `cargo test` (and so `cargo xtask ci`, whose native test step is an ordinary `cargo test --workspace`)
//! runs the default 64; this command runs `--cases` (default 5,000) per property, including the ignored properties
//! that still name open defects, and repeats rounds (each with fresh random seeds) until `--seconds` have passed
//! when that is given.
//!
//! Each round also runs the explorer's native property tests of its number formatters and chart scaling
//! (`site/src/format.rs`, `site/src/charts/scale.rs`: thousands of cases each, fresh seeds every round).

use std::time::{Duration, Instant};

use crate::Result;
use crate::process::{cmd, exec};

/// Cases per property when `--cases` is not given.
const DEFAULT_CASES: u32 = 5_000;

/// Parses the arguments and runs the harness: one round, or rounds until the time is up.
pub fn run(args: &[String]) -> Result {
    let mut cases = DEFAULT_CASES;
    let mut seconds = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| -> Result<u64> {
            let text = args.next().ok_or_else(|| format!("{name} needs a number"))?;
            text.parse()
                .map_err(|_| format!("{name} needs a whole number, not {text:?}"))
                .and_then(|n: u64| if n == 0 { Err(format!("{name} must be at least 1")) } else { Ok(n) })
        };
        match arg.as_str() {
            "--cases" => cases = u32::try_from(value("--cases")?).map_err(|_| "--cases is too large".to_owned())?,
            "--seconds" => seconds = Some(Duration::from_secs(value("--seconds")?)),
            other => return Err(format!("unknown fuzz option {other:?} (options: --cases N, --seconds S)")),
        }
    }
    let started = Instant::now();
    let mut round = 1;
    loop {
        println!("==> fuzz round {round}: {cases} cases per property (release)");
        exec(
            cmd("cargo test --release --package dlmm-query --features native --test it fuzz:: -- --include-ignored")
                .env("DLMM_FUZZ_CASES", cases.to_string())
                // Release speed, but an arithmetic overflow still panics (as in the debug `cargo test`).
                .env("CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS", "true"),
        )?;
        println!("==> fuzz round {round}: the explorer's formatters and chart scaling (release)");
        let explorer = "cargo test --release --package dlmm-explorer --lib";
        exec(cmd(explorer).env("CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS", "true"))?;
        match seconds {
            Some(limit) if started.elapsed() < limit => round += 1,
            _ => break,
        }
    }
    println!("fuzz: {round} round(s) of {cases} cases per property in {:.0?}", started.elapsed());
    Ok(())
}
