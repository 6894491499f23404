//! Building what ships: the npm package (`pkg/`) and the release explorer (`dist/`).

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::process::{cmd, command, exec};
use crate::{Result, root};

/// Files in `pkg/` that are sources, not build output.
const PKG_SOURCES: [&str; 2] = ["package.json", "README.md"];
/// Hand-written entry points copied into the package from `crates/dlmm-query-wasm/js/`.
const JS_ENTRIES: [&str; 4] = ["index.js", "worker.js", "node.js", "index.d.ts"];

/// How the shipped `.wasm` files are compiled besides the `wasm-release` profile (which sets `opt-level = "z"`, one
/// codegen unit, LTO and `panic = "abort"`): the standard library is compiled with them (`-Zbuild-std`, from
/// rustup's `rust-src`) instead of linked prebuilt, in its size-optimized form (its `optimize_for_size` feature:
/// smaller sorts and formatting), and a panic stops the module at once (`-Cpanic=immediate-abort`, without panic
/// locations: `-Zlocation-detail=none`), so no panic message is formatted. Together they take 8 to 10 % off the `.wasm`
/// files' gzip size (`cargo xtask bench` prints the figures). The code never panics by design (errors are values); a
/// panic would still end the call, as a `RuntimeError: unreachable` without its message.
///
/// These are unstable compiler and cargo options: `RUSTC_BOOTSTRAP=1` allows them on the stable toolchain the rest
/// of the project uses (the same compiler; tests and development builds do not use them).
///
/// Both are also built without the WebAssembly features `reference-types` and `multivalue`, which rustc turns on by
/// default: with them, wasm-bindgen passes JavaScript values in a table of `externref`s and gives every exported
/// function a shim in the `.wasm` that moves its arguments into that table (and one for each function returning two
/// values). Without them, its generated JavaScript keeps the values in an array of its own, at a few lines of glue:
/// 1.2 KB gzip off the package's `.wasm` for 0.4 KB more of its JavaScript, 1.3 KB off the explorer's for 0.2 KB.
const SIZE_TUNED_ENV: [(&str, &str); 4] = [
    ("RUSTC_BOOTSTRAP", "1"),
    ("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort"),
    ("CARGO_UNSTABLE_BUILD_STD_FEATURES", "optimize_for_size"),
    // Cargo adds these to `.cargo/config.toml`'s flags for this target.
    (RUSTFLAGS_ENV, SIZE_TUNED_RUSTFLAGS),
];

/// The variable of the compiler flags for the `wasm32` target, which cargo adds to `.cargo/config.toml`'s.
const RUSTFLAGS_ENV: &str = "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS";

/// The compiler flags of [`SIZE_TUNED_ENV`].
const SIZE_TUNED_RUSTFLAGS: &str =
    "-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Ctarget-feature=-reference-types,-multivalue";

/// The package's own compiler flag besides [`SIZE_TUNED_RUSTFLAGS`]: LLVM inlines functions up to a cost of 25
/// instead of `opt-level = "z"`'s 5. Its futures and small helpers inlined, the package's `.wasm` is 1.1 KB gzip
/// smaller (0.8 to 1.4 KB for 15 to 30; 40 and more grow it); the explorer, whose Leptos views it inlines too, grows
/// by 11 KB with it, so only the package is built so.
const PACKAGE_RUSTFLAGS: &str = "-Cllvm-args=-inline-threshold=25";

/// The explorer's own compiler flag besides [`SIZE_TUNED_RUSTFLAGS`]: LLVM inlines only what costs nothing (a cost
/// of 0 instead of `opt-level = "z"`'s). Its Leptos views and page loaders are then called rather than copied into
/// their callers: the explorer's `.wasm` is 6.3 KB gzip smaller (358,383 to 352,062 B, measured on one source
/// tree; -5 gave 352,312, -20 359,922, 2 the same as without the flag, and adding `-inlinehint-threshold=0` 352,787).
const SITE_RUSTFLAGS: &str = "-Cllvm-args=-inline-threshold=0";

/// What `wasm-opt` is told besides `-Oz` for the shipped `.wasm` files, the package's and (through `index.html`'s
/// `data-wasm-opt-params`, kept equal by a test) the explorer's.
///
/// First, facts about every module rustc makes that let it drop more. Memory is the module's own and starts zeroed
/// (`--zero-filled-memory`: zero bytes of the data segments need not be shipped); the lowest kilobyte is never used
/// (`--low-memory-unused`: the stack starts at 1 MiB and grows down to it, data lies above); and no load, store or
/// division traps implicitly (`--ignore-implicit-traps`: Rust checks its divisions and float conversions itself and
/// never reads outside memory). About 1 KB gzip off the package and 2 KB off the explorer.
///
/// Then a second round after the first `-Oz`: the code flattened and its control flow rebuilt by the relooper
/// (`--flatten --rereloop`), which finds simpler block structures than rustc's, and `-Oz` again over the result.
/// About 0.7 KB gzip off the package and 2.2 KB off the explorer, for a few seconds more of `wasm-opt`. A third
/// `-Oz` finds what the second left (1.2 KB off the package); `--converge`, repeating the rounds until nothing
/// shrinks, took 0.4 KB more off each than two rounds, for three times the time.
///
/// First of all, how far `wasm-opt` inlines: a function with one caller only when it is small (60 bytes of code,
/// `--one-caller-inline-max-function-size`; by default any size), any function when tiny (3 bytes rather than 2,
/// `--always-inline-max-function-size`). Fewer large bodies copied into their one caller leave more alike code
/// for gzip to share: the module grows by about 1 % and its gzip shrinks, about 2 KB for the package and 1 to 3 KB
/// for the explorer. The explorer's figure after ordering moves by some hundreds of bytes from one limit to the next
/// (one-caller 0 to 400 bytes and always 2 to 12 bytes measured); these two came out smallest over its last builds.
pub const WASM_OPT_PARAMS: [&str; 9] = [
    "--one-caller-inline-max-function-size=60",
    "--always-inline-max-function-size=3",
    "--low-memory-unused",
    "--zero-filled-memory",
    "--ignore-implicit-traps",
    "--flatten",
    "--rereloop",
    "-Oz",
    "-Oz",
];

/// `c` (a cargo build of the `wasm-release` profile, or trunk's) compiling as the shipped `.wasm` files are
/// ([`SIZE_TUNED_ENV`]).
pub fn size_tuned(c: &mut Command) -> &mut Command {
    c.envs(SIZE_TUNED_ENV)
}

/// Rewrites `wasm` in place with `wasm-opt -Oz`, the [`WASM_OPT_PARAMS`] and `flags` (split on whitespace).
pub fn wasm_opt(flags: &str, wasm: &Path) -> Result {
    exec(cmd("wasm-opt -Oz").args(WASM_OPT_PARAMS).args(flags.split_whitespace()).arg("-o").arg(wasm).arg(wasm))
}

/// `cargo xtask pkg`: the wasm crate in the size-tuned profile, wasm-bindgen (web target), wasm-opt, the functions
/// laid out for compression ([`crate::wasm_order`]), short import and export names ([`crate::wasm_names`]), entry
/// points.
pub fn pkg() -> Result {
    let root = root();
    let mut cargo = cmd("cargo build --package dlmm-query-wasm --target wasm32-unknown-unknown --profile wasm-release");
    exec(size_tuned(&mut cargo).env(RUSTFLAGS_ENV, format!("{SIZE_TUNED_RUSTFLAGS} {PACKAGE_RUSTFLAGS}")))?;
    let pkg = root.join("pkg");
    for entry in fs::read_dir(&pkg).map_err(|e| format!("cannot read pkg/: {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if !PKG_SOURCES.contains(&name) {
            let removed = if path.is_dir() { fs::remove_dir_all(&path) } else { fs::remove_file(&path) };
            removed.map_err(|e| format!("cannot clean {}: {e}", path.display()))?;
        }
    }
    let wasm = root.join("target/wasm32-unknown-unknown/wasm-release/dlmm_query_wasm.wasm");
    exec(cmd("wasm-bindgen --target web --out-dir").arg(&pkg).arg(&wasm))?;
    let bg = pkg.join("dlmm_query_wasm_bg.wasm");
    // The target-features section stays for the ordering's `wasm-opt` run, which reads and strips it.
    wasm_opt("--strip-debug --strip-producers", &bg)?;
    // Before the ordering, which strips the target-features section these `wasm-opt` runs read the features from.
    let (glue, declarations) = (pkg.join("dlmm_query_wasm.js"), pkg.join("dlmm_query_wasm_bg.wasm.d.ts"));
    crate::wasm_names::minify(&bg, &glue, Some(&declarations))?;
    crate::wasm_order::order_functions(&bg)?;
    for name in JS_ENTRIES {
        fs::copy(root.join("crates/dlmm-query-wasm/js").join(name), pkg.join(name))
            .map_err(|e| format!("cannot copy {name} into pkg/: {e}"))?;
    }
    let size = fs::metadata(&bg).map(|m| m.len()).unwrap_or(0);
    println!("pkg: built pkg/ (dlmm_query_wasm_bg.wasm: {size} bytes)");
    Ok(())
}

/// `cargo xtask site`: `trunk build --release` into `dist/`, pointing at the base URLs of `base_urls` (pairs of a
/// build-time variable, e.g. `DLMM_DATAPI_BASE_URL`, and its URL), else at those variables of the environment, else
/// at the defaults (the live datapi hosts).
pub fn site(base_urls: &[(&str, &str)]) -> Result {
    site_under(base_urls, "/", &root().join("dist"))
}

/// `cargo xtask site [--public-url PATH] [--dist DIR]`: the release explorer for hosting under `PATH` (default `/`),
/// into `DIR` (default `dist/`), its base URLs from the environment.
pub fn site_command(args: &[String]) -> Result {
    let (mut public_url, mut dist) = ("/".to_owned(), root().join("dist"));
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--public-url" => public_url = value.clone(),
            "--dist" => dist = std::env::current_dir().map_err(|e| e.to_string())?.join(value),
            other => return Err(format!("unknown option {other:?} (--public-url PATH, --dist DIR)")),
        }
    }
    site_under(&[], &public_url, &dist)
}

/// Like [`site`], for hosting under `public_url` (e.g. `/explorer/`), built into `dist`.
pub fn site_under(base_urls: &[(&str, &str)], public_url: &str, dist: &Path) -> Result {
    // trunk builds offline (Trunk.toml): the standard library's own dependencies are fetched first.
    exec(size_tuned(&mut cmd("cargo fetch --target wasm32-unknown-unknown")))?;
    let mut trunk = command("trunk");
    size_tuned(trunk.args(["build", "--release", "--public-url", public_url, "--dist"]).arg(dist))
        .env(RUSTFLAGS_ENV, format!("{SIZE_TUNED_RUSTFLAGS} {SITE_RUSTFLAGS}"));
    trunk.envs(base_urls.iter().copied());
    // A build against a local replica (CI, bench) is a test build: its CSP also allows any loopback origin, so
    // tests can switch it to a second replica. Release builds allow exactly their API origins (see
    // site/postbuild.mjs); DLMM_CSP_CONNECT_SRC, when set, always wins.
    if !base_urls.is_empty()
        && base_urls.iter().all(|(_, url)| is_loopback(url))
        && std::env::var_os("DLMM_CSP_CONNECT_SRC").is_none()
    {
        trunk.env("DLMM_CSP_CONNECT_SRC", "http://127.0.0.1:* http://localhost:*");
    }
    exec(&mut trunk)
}

/// The base URLs of a build hosted under `/explorer/` behind same-origin relays of the five APIs (paths on the site's
/// own origin), by variable; `tests/e2e/subpath.test.mjs` relays the same paths.
pub const RELAY_PATHS: [(&str, &str); 5] = [
    ("DLMM_PAIR_BASE_URL", "/explorer/api/pair"),
    ("DLMM_POOL_BASE_URL", "/explorer/api/pool"),
    ("DLMM_DATAPI_BASE_URL", "/explorer/api/dlmm"),
    ("DAMM_V2_DATAPI_BASE_URL", "/explorer/api/damm-v2"),
    ("PORTFOLIO_DATAPI_BASE_URL", "/explorer/api/portfolio"),
];

/// Whether `url` is an http URL on this machine (`127.0.0.1` or `localhost`).
fn is_loopback(url: &str) -> bool {
    let host = url.strip_prefix("http://").unwrap_or_default().split(['/', ':']).next().unwrap_or_default();
    matches!(host, "127.0.0.1" | "localhost")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_explorer_is_optimized_with_the_same_parameters_as_the_package() {
        let html = std::fs::read_to_string(crate::root().join("index.html")).expect("index.html");
        let params = html.split("data-wasm-opt-params=\"").nth(1).and_then(|rest| rest.split('"').next());
        assert_eq!(params, Some(super::WASM_OPT_PARAMS.join(" ").as_str()));
    }

    #[test]
    fn only_local_http_urls_are_loopback() {
        assert!(super::is_loopback("http://127.0.0.1:4100"));
        assert!(super::is_loopback("http://localhost:9/api"));
        assert!(!super::is_loopback("https://127.0.0.1.evil.example"));
        assert!(!super::is_loopback("http://127.0.0.1.evil.example:80"));
        assert!(!super::is_loopback("https://dlmm-api.meteora.ag"));
    }
}
