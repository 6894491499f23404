//! `cargo xtask …`: the project's task runner.
//!
//! Every command installs what it needs first (see `setup`) and leaves no process behind.

mod bench;
mod build;
mod ci;
mod demo;
mod drift;
mod fuzz;
mod process;
mod replica;
mod setup;
mod wasm_names;
mod wasm_order;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  setup            install what is missing (wasm target, wasm-bindgen-cli, trunk, node tools, chromium)
  replica [ARGS]   run the replica in the foreground (ARGS: --pair-port N --pool-port N --seed N --pools N --host IP
                   --clock wall|snapshot|UNIX; dlmm-replica --help lists them all)
  pkg              build the npm package into pkg/
  site [--public-url PATH] [--dist DIR]
                   build the release explorer into dist/ (base URLs from DLMM_PAIR_BASE_URL, DLMM_POOL_BASE_URL,
                   DLMM_DATAPI_BASE_URL, DAMM_V2_DATAPI_BASE_URL, PORTFOLIO_DATAPI_BASE_URL: a URL, or a path
                   relayed on the site's origin)
  demo [--port N]  run the explorer on the replica; Ctrl-C stops everything
  ci               every check and test of every layer; ends with one line 'N passed, N failed'
  bench [PART…]    speed and size figures, side by side, as ratios (parts: core replica sdk site; default all)
  fuzz [--cases N] [--seconds S]
                   the core's fuzz harness in release: N cases per property (default 5000), rounds until S seconds
  drift [--spec FILE|URL] [--service dlmm|damm-v2|pair|pool]
                   an OpenAPI document (default: the service's <base>/api-docs/openapi.json) against the library;
                   fails on a difference crates/dlmm-query/drift-allow.txt does not name
  order-functions FILE.wasm…
                   lay out each module's functions for compression (pkg and site builds do it themselves)
  drop-exports FILE.wasm…
                   leave out the exports nothing calls (wasm-streams' adapters; the site build does it)
  minify-names FILE.wasm GLUE.js
                   short import and export names in a module and its wasm-bindgen glue (the site build does it)";

/// The error type of every task: a message for the user.
pub type Result<T = ()> = std::result::Result<T, String>;

/// The repository root (the workspace containing this crate).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root exists")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::run(),
        Some("replica") => replica::run_foreground(rest),
        Some("pkg") => setup::run().and_then(|()| build::pkg()),
        Some("site") => setup::run().and_then(|()| build::site_command(rest)),
        Some("demo") => demo::run(rest),
        Some("ci") => return ci::run(),
        Some("bench") => bench::run(rest),
        Some("fuzz") => fuzz::run(rest),
        Some("drift") => drift::run(rest),
        Some("order-functions") => wasm_order::run(rest),
        Some("minify-names") => wasm_names::run(rest),
        Some("drop-exports") => wasm_names::drop_exports(rest),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => Err(format!("unknown command {other:?}\n\n{USAGE}")),
        None => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
