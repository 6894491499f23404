//! Running tools: a consistent environment, streamed output, and test counts read from runner summaries.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::{Result, root};

/// The directories searched for tools, first to last: the repo's node tools (wasm-opt from npm `binaryen`),
/// cargo-installed binaries, then the inherited `PATH`.
pub fn tool_path() -> String {
    let mut dirs = vec![root().join("node_modules/.bin")];
    if let Some(home) = std::env::var_os("CARGO_HOME").map(PathBuf::from).or_else(|| home().map(|h| h.join(".cargo"))) {
        dirs.push(home.join("bin"));
    }
    let mut path = std::env::join_paths(dirs).expect("plain paths").into_string().expect("UTF-8 path");
    if let Ok(inherited) = std::env::var("PATH") {
        path.push(':');
        path.push_str(&inherited);
    }
    path
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").map(PathBuf::from)
}

/// Whether this runs under CI (`CI` set to anything but `false` or empty, as CI services set it).
pub fn on_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// A command for `program` with the project's tool environment: tool `PATH`, Chromium's driver for
/// wasm-bindgen-test (and no geckodriver, which the runner would prefer), and trunk's version check off.
/// Under CI, cargo's incremental caches are off: a CI run builds once from scratch, and the caches only fill the
/// disk (gigabytes per run).
pub fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut c = Command::new(program);
    if on_ci() {
        c.env("CARGO_INCREMENTAL", "0");
    }
    c.current_dir(root())
        .env("PATH", tool_path())
        .env("CHROMEDRIVER", "/usr/bin/chromedriver")
        .env_remove("GECKODRIVER")
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", "wasm-bindgen-test-runner")
        .env("TRUNK_SKIP_VERSION_CHECK", "true")
        .stdin(Stdio::null());
    c
}

/// [`command`] from a command line split on whitespace, program first: `cmd("cargo test --workspace")`. Only for
/// arguments without spaces (no quoting); add others with `.arg`.
pub fn cmd(line: &str) -> Command {
    let mut words = line.split_whitespace();
    let mut c = command(words.next().expect("a command line names its program"));
    c.args(words);
    c
}

/// Runs the command line `line` ([`cmd`]) with [`exec`].
pub fn exec_line(line: &str) -> Result {
    exec(&mut cmd(line))
}

/// Describes a command for messages: `program arg arg …`.
pub fn describe(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs `c` with inherited output; an error if it cannot start or exits unsuccessfully.
pub fn exec(c: &mut Command) -> Result {
    let status = c.status().map_err(|e| format!("cannot run `{}`: {e}", describe(c)))?;
    if status.success() { Ok(()) } else { Err(format!("`{}` failed ({status})", describe(c))) }
}

/// Runs `c` and returns its standard output if it succeeds; `None` if it cannot start or fails.
pub fn output(c: &mut Command) -> Option<String> {
    let out = c.stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Tests counted from runner summaries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
}

impl Tally {
    /// Adds the counts of one summary line, if `line` is one: cargo's and wasm-bindgen-test's
    /// `test result: ok. N passed; M failed; …`, or node's `# pass N` / `ℹ fail N`.
    pub fn read_line(&mut self, line: &str) {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("test result: ") {
            for part in rest.split([';', '.']) {
                let part = part.trim();
                if let Some(n) = part.strip_suffix(" passed").and_then(|n| n.trim().parse::<u64>().ok()) {
                    self.passed += n;
                } else if let Some(n) = part.strip_suffix(" failed").and_then(|n| n.trim().parse::<u64>().ok()) {
                    self.failed += n;
                }
            }
            return;
        }
        for marker in ["# ", "ℹ "] {
            if let Some(rest) = line.strip_prefix(marker) {
                if let Some(n) = rest.strip_prefix("pass ").and_then(|n| n.parse::<u64>().ok()) {
                    self.passed += n;
                } else if let Some(n) = rest.strip_prefix("fail ").and_then(|n| n.parse::<u64>().ok()) {
                    self.failed += n;
                }
            }
        }
    }
}

/// Runs `c`, echoing its standard output line by line while counting the tests its summaries report.
/// Returns whether it exited successfully, and the tally.
pub fn run_counted(c: &mut Command) -> (bool, Tally) {
    let mut tally = Tally::default();
    let mut child = match c.stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(e) => {
            eprintln!("cannot run `{}`: {e}", describe(c));
            return (false, tally);
        }
    };
    let stdout = child.stdout.take().expect("piped");
    let mut out = std::io::stdout().lock();
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        tally.read_line(&line);
        let _ = writeln!(out, "{line}");
    }
    drop(out);
    let ok = child.wait().is_ok_and(|s| s.success());
    (ok, tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_runner_summary() {
        let mut t = Tally::default();
        for line in [
            "test result: ok. 27 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
            "test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 filtered out; finished in 1.5s",
            "# pass 5",
            "# fail 1",
            "ℹ pass 4",
            "ℹ fail 0",
            "ℹ tests 4",
            "test pool::x ... ok",
            "1 passed, 1 failed",
        ] {
            t.read_line(line);
        }
        assert_eq!(t, Tally { passed: 39, failed: 3 });
    }
}
