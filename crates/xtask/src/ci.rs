//! `cargo xtask ci`: every check and every test layer, with one closing line that totals them.

use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::process::{Tally, cmd, command, exec, exec_line, output, run_counted};
use crate::replica::{ReplicaProcess, shared_folder_args};
use crate::{build, root, setup};

/// One step's outcome.
struct Step {
    name: &'static str,
    ok: bool,
    tally: Tally,
    seconds: f64,
}

/// Collects step outcomes and prints the closing summary.
#[derive(Default)]
struct Report {
    steps: Vec<Step>,
}

impl Report {
    /// Runs a step that reports no tests (a check or a build); it counts only if it fails.
    fn check(&mut self, name: &'static str, f: impl FnOnce() -> crate::Result) -> bool {
        banner(name);
        let start = Instant::now();
        let result = f();
        if let Err(e) = &result {
            eprintln!("error: {e}");
        }
        self.push(name, result.is_ok(), Tally::default(), start);
        result.is_ok()
    }

    /// Runs a test command, counting the tests it reports. A run that fails without reporting a failed test
    /// (it did not compile, or crashed) counts as one failure.
    fn tests(&mut self, name: &'static str, c: &mut Command) {
        banner(name);
        let start = Instant::now();
        let (ok, tally) = run_counted(c);
        self.push(name, ok, tally, start);
    }

    fn push(&mut self, name: &'static str, ok: bool, mut tally: Tally, start: Instant) {
        if !ok && tally.failed == 0 {
            tally.failed = 1;
        }
        self.steps.push(Step { name, ok, tally, seconds: start.elapsed().as_secs_f64() });
    }

    /// Prints the table and the closing `N passed, N failed` line; the exit code says whether all went well.
    fn finish(self, started: Instant) -> ExitCode {
        println!();
        println!("{:<34} {:>7} {:>7} {:>8}", "step", "passed", "failed", "seconds");
        for s in &self.steps {
            let mark = if s.ok { " " } else { "✗" };
            println!("{mark}{:<33} {:>7} {:>7} {:>8.1}", s.name, s.tally.passed, s.tally.failed, s.seconds);
        }
        let passed: u64 = self.steps.iter().map(|s| s.tally.passed).sum();
        let failed: u64 = self.steps.iter().map(|s| s.tally.failed).sum();
        let all_ok = self.steps.iter().all(|s| s.ok);
        println!("total time {:.0} s", started.elapsed().as_secs_f64());
        println!("{}", disk_report());
        println!("{passed} passed, {failed} failed");
        if all_ok && failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
    }
}

/// The target directory's size and the disk space left, so a run that nears the disk's end says so.
fn disk_report() -> String {
    let target = root().join("target");
    let free = output(cmd("df -Pk").arg(root()))
        .and_then(|df| df.lines().nth(1)?.split_whitespace().nth(3)?.parse::<u64>().ok())
        .map_or_else(|| "unknown".to_owned(), |kib| format!("{:.1} GB", kib as f64 / 1e6 * 1.024));
    format!("disk: target/ holds {:.1} GB; {free} free", dir_bytes(&target) as f64 / 1e9)
}

/// Bytes under `dir` (files only; symlinks not followed); 0 where it cannot be read.
fn dir_bytes(dir: &std::path::Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    entries
        .filter_map(|e| e.ok())
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => dir_bytes(&e.path()),
            Ok(t) if t.is_file() => e.metadata().map_or(0, |m| m.len()),
            _ => 0,
        })
        .sum()
}

fn banner(name: &str) {
    println!();
    println!("==> {name}");
}

/// How long one wasm-bindgen browser test binary may run (`WASM_BINDGEN_TEST_TIMEOUT`), generous for a loaded
/// 2-core CI machine.
const BROWSER_TEST_TIMEOUT_SECONDS: &str = "300";

/// Runs everything. Never stops early after setup: every layer that can run, runs, so one red step
/// does not hide the state of the others.
pub fn run() -> ExitCode {
    let started = Instant::now();
    let mut report = Report::default();
    if !report.check("setup", setup::run) {
        return report.finish(started);
    }
    println!("{}", disk_report());
    report.check("rustfmt", || exec_line("cargo fmt --all -- --check"));
    report.check("import circles (module-cycles.py)", import_circles);
    report.check("clippy (native)", || {
        exec_line("cargo clippy --workspace --all-targets --features dlmm-query/native -- -D warnings")
    });
    report.check("clippy (wasm32)", || {
        let clippy = "cargo clippy --target wasm32-unknown-unknown";
        let crates = "--package dlmm-query-wasm --package dlmm-explorer --package dlmm-browser-tests";
        exec_line(&format!("{clippy} --all-targets {crates} -- -D warnings"))?;
        // The core's browser side (its `fetch` transport and TypeScript declarations); its tests are native only.
        exec_line(&format!("{clippy} --package dlmm-query --features web,wasm -- -D warnings"))
    });
    report.check("rustdoc", || {
        let doc =
            "cargo doc --no-deps --package dlmm-json --package dlmm-query --features dlmm-query/native,dlmm-query/web";
        exec(cmd(doc).env("RUSTDOCFLAGS", "-D warnings"))
    });
    report.tests("native tests (cargo test)", &mut cmd("cargo test --workspace --features dlmm-query/native"));
    report.check("example: top pairs and a P&L", || {
        exec_line("cargo run --quiet --package dlmm-query --features native --example top_pairs")
    });

    report.check("the shared folder (../shared)", shared_folder);
    report.check("drift: ../shared/openapi against the library (cargo xtask drift)", || {
        if root().join("../shared/openapi").is_dir() { crate::drift::check_shared() } else { shared_folder() }
    });
    // The suite's replica serves the DLMM group routes as documented (the SDK's tests read them); the explorer's
    // tests of a host without them start their own.
    let mut args = shared_folder_args();
    args.push("--serve-groups".to_owned());
    let replica = match ReplicaProcess::start(&args.iter().map(String::as_str).collect::<Vec<_>>()) {
        Ok(r) => r,
        Err(e) => {
            report.check("start the replica", || Err(e));
            return report.finish(started);
        }
    };
    println!(
        "replica: pair {} · pool {} · dlmm datapi {} · damm v2 datapi {}",
        replica.pair_base_url, replica.pool_base_url, replica.dlmm_datapi_base_url, replica.damm_v2_datapi_base_url
    );
    let urls = replica.base_url_env();
    report.check("example: datapi top pools and candles (on the replica)", || {
        exec(cmd("cargo run --quiet --package dlmm-query --features native --example datapi_top_pools").envs(urls))
    });

    // The runner's limit covers a whole test binary (20 s by default), and all the SDK's browser tests share one.
    for (name, package) in [
        ("wasm tests (headless Chromium)", "dlmm-browser-tests"),
        ("site component tests (headless Chromium)", "dlmm-explorer"),
    ] {
        let mut tests = cmd("cargo test --target wasm32-unknown-unknown --package");
        tests.arg(package).envs(urls).env("WASM_BINDGEN_TEST_TIMEOUT", BROWSER_TEST_TIMEOUT_SECONDS);
        report.tests(name, &mut tests);
    }

    if report.check("npm package build", build::pkg) {
        report.tests("npm package tests (Node)", node_tests("tests/npm").envs(urls));
    }

    if report.check("release site build", || build::site(&urls)) {
        // The site hosted under a sub-path behind same-origin relays of every API: built with those paths as its base
        // URLs, so its CSP's connect-src is 'self' alone (tests/e2e/subpath.test.mjs relays them to the replica).
        let subpath = root().join("target/dist-explorer");
        let subpath_ok = report.check("release site build under /explorer/, behind relays", || {
            build::site_under(&build::RELAY_PATHS, "/explorer/", &subpath)
        });
        let mut e2e = node_tests("tests/e2e");
        e2e.envs(urls).env("DIST_DIR", root().join("dist"));
        if subpath_ok {
            let relays = build::RELAY_PATHS.map(|(variable, path)| format!("{variable}={path}"));
            e2e.env("SUBPATH_DIST_DIR", &subpath).env("SUBPATH_RELAYS", relays.join(" "));
        }
        report.tests("end-to-end tests (headless Chromium)", &mut e2e);
    }
    drop(replica);
    report.finish(started)
}

/// No module or file of any crate imports another that imports it back, directly or around a circle, by the project's
/// own tool in the shared folder (`../shared/tools/module-cycles.py`, run with `--strict`, by modules then by files).
fn import_circles() -> crate::Result {
    let tool = root().join("../shared/tools/module-cycles.py");
    if !tool.is_file() {
        return shared_folder();
    }
    for by in [None, Some("--files")] {
        exec(command("python3").arg(&tool).arg(root()).arg("--strict").args(by))?;
    }
    Ok(())
}

/// The project's shared folder (the vendor's OpenAPI files and the real captured bodies, which tests read in place):
/// absent, the tests that need it skip, saying so, except under `CI=true`, where its absence fails the run.
fn shared_folder() -> crate::Result {
    let dir = root().join("../shared");
    match (dir.join("openapi").is_dir() && dir.join("real").is_dir(), crate::process::on_ci()) {
        (true, _) => Ok(()),
        (false, true) => Err(format!("{} is absent (or incomplete), and CI=true", dir.display())),
        (false, false) => {
            println!("SKIPPED: {} is absent; the tests that need it skip", dir.display());
            Ok(())
        }
    }
}

/// `node --test` over the `*.test.mjs` files of `dir`, one at a time (they start browsers and servers).
fn node_tests(dir: &str) -> Command {
    let mut files: Vec<String> = std::fs::read_dir(root().join(dir))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| format!("{dir}/{}", e.file_name().to_string_lossy()))
                .filter(|name| name.ends_with(".test.mjs"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut c = cmd("node --test --test-reporter=spec --test-concurrency=1");
    c.args(files);
    c
}
