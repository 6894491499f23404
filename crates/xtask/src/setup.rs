//! `cargo xtask setup`: installs only what is missing, says what it did, and is quiet when nothing was.

use std::path::Path;

use crate::process::{cmd, exec, exec_line, output};
use crate::{Result, root};

/// The trunk release that builds on the machine's Rust (0.22 needs a newer rustc).
pub const TRUNK_VERSION: &str = "0.21.14";

/// Installs whatever is missing.
pub fn run_all() -> Result<Vec<String>> {
    let mut did = Vec::new();
    wasm_target(&mut did)?;
    rust_src(&mut did)?;
    wasm_bindgen_cli(&mut did)?;
    trunk(&mut did)?;
    node_tools(&mut did)?;
    chromium(&mut did)?;
    Ok(did)
}

/// `cargo xtask setup`.
pub fn run() -> Result {
    let did = run_all()?;
    if did.is_empty() {
        println!("setup: everything is installed");
    } else {
        println!("setup: {}", did.join("; "));
    }
    Ok(())
}

fn wasm_target(did: &mut Vec<String>) -> Result {
    let installed = output(&mut cmd("rustup target list --installed")).unwrap_or_default();
    if !installed.lines().any(|l| l.trim() == "wasm32-unknown-unknown") {
        exec_line("rustup target add wasm32-unknown-unknown")?;
        did.push("added the wasm32-unknown-unknown target".into());
    }
    Ok(())
}

/// The standard library's source (rustup's `rust-src`), which the shipped `.wasm` files are built from
/// ([`crate::build::size_tuned`]).
fn rust_src(did: &mut Vec<String>) -> Result {
    let installed = output(&mut cmd("rustup component list --installed")).unwrap_or_default();
    if !installed.lines().any(|l| l.trim().starts_with("rust-src")) {
        exec_line("rustup component add rust-src")?;
        did.push("added the rust-src component".into());
    }
    Ok(())
}

/// The exact wasm-bindgen version pinned in the workspace manifest (`wasm-bindgen = "=X.Y.Z"`).
pub fn pinned_wasm_bindgen() -> Result<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("wasm-bindgen = \"=")?.strip_suffix('"').map(str::to_owned))
        .ok_or_else(|| "Cargo.toml has no exact pin `wasm-bindgen = \"=X.Y.Z\"`".to_owned())
}

fn wasm_bindgen_cli(did: &mut Vec<String>) -> Result {
    let version = pinned_wasm_bindgen()?;
    if output(&mut cmd("wasm-bindgen --version")).as_deref() != Some(&*format!("wasm-bindgen {version}")) {
        println!("setup: installing wasm-bindgen-cli {version} (about 4 minutes)…");
        // Not --locked: the registry mirror lacks one dependency version of the CLI's lockfile.
        exec(cmd("cargo install wasm-bindgen-cli --version").arg(&version).arg("--force"))?;
        did.push(format!("installed wasm-bindgen-cli {version}"));
    }
    Ok(())
}

fn trunk(did: &mut Vec<String>) -> Result {
    if output(&mut cmd("trunk --version")).as_deref() != Some(&*format!("trunk {TRUNK_VERSION}")) {
        println!("setup: installing trunk {TRUNK_VERSION} (about 10 minutes)…");
        exec_line(&format!("cargo install trunk --version {TRUNK_VERSION} --locked --force"))?;
        did.push(format!("installed trunk {TRUNK_VERSION}"));
    }
    Ok(())
}

/// True when `node_modules` was installed from the current `package-lock.json`.
fn node_modules_current(root: &Path) -> bool {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(&root.join("node_modules/.package-lock.json")), modified(&root.join("package-lock.json"))) {
        (Some(installed), Some(lock)) => installed >= lock && root.join("node_modules/.bin/wasm-opt").exists(),
        _ => false,
    }
}

fn node_tools(did: &mut Vec<String>) -> Result {
    let node = output(&mut cmd("node --version"))
        .ok_or("Node.js 18 or newer is needed (with npm): install it from your system's packages")?;
    let major: u32 = node.trim_start_matches('v').split('.').next().and_then(|m| m.parse().ok()).unwrap_or(0);
    if major < 18 {
        return Err(format!("Node.js 18 or newer is needed, found {node}"));
    }
    if !node_modules_current(&root()) {
        exec_line("npm ci --no-audit --no-fund --loglevel=error")?;
        did.push("installed node tools (npm ci: binaryen's wasm-opt, playwright-core, typescript)".into());
    }
    Ok(())
}

fn chromium(did: &mut Vec<String>) -> Result {
    let installed = |pkg: &str| output(cmd("dpkg-query -W -f=${Status}").arg(pkg)).is_some_and(|s| dpkg_installed(&s));
    let missing: Vec<&str> = ["chromium", "chromium-driver"].into_iter().filter(|p| !installed(p)).collect();
    if missing.is_empty() {
        return Ok(());
    }
    let is_root = output(&mut cmd("id -u")).as_deref() == Some("0");
    if !is_root {
        return Err(format!(
            "the browser tests need the Debian packages {}: install them (sudo apt-get install -y {}) and run again",
            missing.join(" and "),
            missing.join(" ")
        ));
    }
    println!("setup: installing {} from apt (about a minute)…", missing.join(" and "));
    exec_line("apt-get update -q")?;
    exec(cmd("apt-get install -y -q").env("DEBIAN_FRONTEND", "noninteractive").args(&missing))?;
    did.push(format!("installed {} from apt", missing.join(" and ")));
    Ok(())
}

/// True when a dpkg status line (`want ok state`, e.g. `install ok installed`) says the package is installed.
/// A removed package reads `unknown ok not-installed` or `deinstall ok config-files`.
fn dpkg_installed(status: &str) -> bool {
    status.split_whitespace().last() == Some("installed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_dpkg_status_lines() {
        assert!(dpkg_installed("install ok installed"));
        assert!(dpkg_installed("hold ok installed"));
        assert!(!dpkg_installed("unknown ok not-installed"));
        assert!(!dpkg_installed("deinstall ok config-files"));
        assert!(!dpkg_installed(""));
    }

    #[test]
    fn the_wasm_bindgen_pin_matches_trunk_toml() {
        let pinned = pinned_wasm_bindgen().unwrap();
        let trunk = std::fs::read_to_string(root().join("Trunk.toml")).unwrap();
        assert!(trunk.contains(&format!("wasm_bindgen = \"{pinned}\"")), "Trunk.toml must pin wasm-bindgen {pinned}");
    }
}
