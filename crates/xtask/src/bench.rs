//! `cargo xtask bench`: speed and size figures, measured side by side in one run and printed as ratios.
//!
//! - core: decode throughput of a `/pair/all` body of 100,000 pairs and of a datapi `/pools` page of 1,000 pools,
//!   typed (serde's derive), typed by shape (as in WebAssembly) and as `serde_json::Value` (`cargo bench`).
//! - replica: requests/s and latency percentiles of two keeper routes, and of the datapi `/pools` with `sort_by` and
//!   `filter_by` at 120,000 pools, driven from this (second) process over loopback with bounded loops; peak memory
//!   of serving `/pair/all` at 120,000 pairs.
//! - SDK: first what the package's `.wasm` is made of: its 15 largest items by `twiggy top`, then its bytes summed by
//!   crate (by module for this workspace's crates) (twiggy is installed from crates.io here, on first use; when the
//!   shipped file has no names, a named copy is built from the same cargo output). Then `tests/bench/sdk.mjs` in
//!   headless Chromium: `/pair/all` through the npm package vs plain `fetch().json()` at 20,000 and 120,000 pairs and
//!   the datapi client's `dlmm.pools()` over 120,000 pools (pages of 1,000) vs a plain `fetch` loop, all from bodies
//!   read once from the replicas and served from memory, uncompressed and gzip precompressed; end-to-end and
//!   after-last-byte times, JS heap and WebAssembly memory (after one call, and its growth over ten), and the
//!   `.wasm` size.
//! - explorer: the same two attributions of the site's `.wasm`, then `tests/bench/site.mjs`: its size (raw and gzip)
//!   and the median time, on loopback, from navigation to the first keeper `/pairs` row, the first datapi
//!   `/dlmm/pools` row and a drawn candle chart on `/dlmm/pools/:address` (a page the build lacks is reported as
//!   skipped, with the reason).
//!
//! Each script prints a table and one JSON line (`{"bench":"sdk",…}`, `{"bench":"site",…}`), then checks its figures
//! against `tests/bench/budgets.json` and exits non-zero naming every figure past its budget; the parts all run, and
//! `cargo xtask bench` then fails naming the parts that failed.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::process::{cmd, command, exec, exec_line, output};
use crate::replica::{HttpConnection, Profile, ReplicaProcess};
use crate::{Result, build, root, setup};

/// The benchmark parts, in the order they run.
const PARTS: [&str; 4] = ["core", "replica", "sdk", "site"];

/// Runs the named parts (`core`, `replica`, `sdk`, `site`), or every part when none is named.
pub fn run(parts: &[String]) -> Result {
    if let Some(unknown) = parts.iter().find(|p| !PARTS.contains(&p.as_str())) {
        return Err(format!("unknown bench part {unknown:?}; the parts are {}", PARTS.join(", ")));
    }
    let wanted = |part: &str| parts.is_empty() || parts.iter().any(|p| p == part);
    // Every wanted part runs even when an earlier one failed (a figure past its budget, say); the failures are named
    // at the end.
    let mut failed = Vec::new();
    let mut part = |name: &str, run: fn() -> Result| {
        if wanted(name)
            && let Err(e) = run()
        {
            eprintln!("bench {name}: {e}");
            failed.push(format!("{name} ({e})"));
        }
    };
    part("core", || {
        println!("==> core: typed decode vs serde_json::Value");
        exec_line("cargo bench --package dlmm-query --bench decode --features native")
    });
    part("replica", || {
        replica_latency()?;
        replica_datapi_latency()?;
        replica_memory()
    });
    part("sdk", sdk);
    part("site", site);
    if failed.is_empty() { Ok(()) } else { Err(format!("bench failed: {}", failed.join("; "))) }
}

/// The budgets the scripts check their figures against.
fn budgets() -> std::path::PathBuf {
    root().join("tests/bench/budgets.json")
}

/// The SDK in headless Chromium against replicas of 20,000 and 120,000 pairs (the larger one's DLMM datapi also
/// holds 120,000 pools: its `/pools` pages feed the datapi case).
fn sdk() -> Result {
    let script = root().join("tests/bench/sdk.mjs");
    if !script.exists() {
        println!("(no tests/bench/sdk.mjs: SDK benchmark skipped)");
        return Ok(());
    }
    println!();
    println!(
        "==> SDK: /pair/all and datapi dlmm.pools() through the npm package vs fetch + JSON.parse (headless Chromium)"
    );
    setup::run()?;
    build::pkg()?;
    if let Err(e) = wasm_attribution() {
        println!("(size attribution skipped: {e})");
    }
    let small = ReplicaProcess::start_with(Profile::Release, &["--pairs", "20000"])?;
    let large = ReplicaProcess::start_with(Profile::Release, &["--pairs", "120000"])?;
    exec(
        command("node")
            .arg(&script)
            .env("DLMM_PAIR_BASE_URL_20K", &small.pair_base_url)
            .env("DLMM_PAIR_BASE_URL_120K", &large.pair_base_url)
            .env("DLMM_DATAPI_BASE_URL_120K", &large.dlmm_datapi_base_url)
            .env("DLMM_POOL_BASE_URL", &small.pool_base_url)
            .env("PKG_DIR", root().join("pkg"))
            .env("BENCH_BUDGETS", budgets()),
    )
}

/// How many of the `.wasm`'s largest items `twiggy top` lists.
const TOP_ITEMS: usize = 15;

/// Prints what the package's `.wasm` is made of ([`attribution`]).
fn wasm_attribution() -> Result {
    attribution("SDK", &root().join("pkg/dlmm_query_wasm_bg.wasm"), "dlmm_query_wasm")
}

/// Prints what a shipped `.wasm` is made of: its [`TOP_ITEMS`] largest items by `twiggy top`, then its bytes summed
/// by crate (by module for this workspace's crates), the view that shows which layer to slim. The shipped file is
/// stripped of names by wasm-opt, so when twiggy finds none there, a copy with names is made from cargo's output
/// (`target/wasm32-unknown-unknown/wasm-release/<cargo_name>.wasm`) the way the shipped one is made (wasm-bindgen,
/// then `wasm-opt -Oz` with the same parameters, keeping the name section) and attributed instead.
fn attribution(part: &str, shipped: &Path, cargo_name: &str) -> Result {
    twiggy()?;
    let top = |wasm: &Path, flags: &str| {
        output(cmd(&format!("twiggy top {flags}")).arg(wasm))
            .ok_or_else(|| format!("`twiggy top {}` failed", wasm.display()))
    };
    let items = &format!("-n {TOP_ITEMS}");
    let every = "-n 1000000 --format csv";
    let name = shipped.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    println!();
    let table = top(shipped, items)?;
    if has_names(&table) {
        println!("==> {part}: the {TOP_ITEMS} largest items of {name} (twiggy top)");
        println!("{table}");
        return print_groups(part, &top(shipped, every)?);
    }
    let dir = std::env::temp_dir().join(format!("dlmm-bench-wasm-names-{}-{cargo_name}", std::process::id()));
    let named = dir.join(format!("{cargo_name}_bg.wasm"));
    let made = (|| {
        let cargo_wasm = root().join(format!("target/wasm32-unknown-unknown/wasm-release/{cargo_name}.wasm"));
        exec(cmd("wasm-bindgen --target web --keep-debug --out-dir").arg(&dir).arg(&cargo_wasm))?;
        build::wasm_opt("-g --strip-dwarf --strip-producers", &named)?;
        Ok::<_, String>((top(&named, items)?, top(&named, every)?))
    })();
    let _ = std::fs::remove_dir_all(&dir);
    let (table, csv) = made?;
    println!(
        "==> {part}: the {TOP_ITEMS} largest items of {name} (twiggy top on a copy built with names: the shipped \
         file is stripped, so sizes differ slightly)"
    );
    if !has_names(&table) {
        println!("(the cargo output has no function names either: items are numbered)");
    }
    println!("{table}");
    print_groups(part, &csv)
}

/// How many groups [`print_groups`] lists.
const TOP_GROUPS: usize = 20;

/// Prints the [`TOP_GROUPS`] largest groups ([`group_of`]) of a `twiggy top --format csv` table, with their bytes and
/// share of the code and data (the name section and other custom sections are not counted: they do not ship).
fn print_groups(part: &str, csv: &str) -> Result {
    let groups = groups(csv);
    let total: u64 = groups.iter().map(|(_, bytes)| bytes).sum();
    if total == 0 {
        return Err("twiggy's table lists no sized items".to_owned());
    }
    println!(
        "==> {part}: the {TOP_GROUPS} largest groups of the same copy (by crate; by module for this workspace's crates)"
    );
    println!("{:>11}  {:>6}  group", "raw bytes", "share");
    for (group, bytes) in groups.iter().take(TOP_GROUPS) {
        println!("{bytes:>11}  {:>5.1}%  {group}", *bytes as f64 * 100.0 / total as f64);
    }
    println!("{total:>11}  100.0%  in all ({} groups)", groups.len());
    Ok(())
}

/// The bytes of a `twiggy top --format csv` table summed by [`group_of`], largest first (custom sections left out).
fn groups(csv: &str) -> Vec<(String, u64)> {
    let mut sums = std::collections::BTreeMap::<String, u64>::new();
    for line in csv.lines().skip(1) {
        let (name, rest) = csv_field(line);
        let Some(bytes) = rest.split(',').nth(1).and_then(|b| b.trim().parse::<u64>().ok()) else { continue };
        if let Some(group) = group_of(&name) {
            *sums.entry(group).or_default() += bytes;
        }
    }
    let mut groups: Vec<(String, u64)> = sums.into_iter().collect();
    groups.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    groups
}

/// The first field of a CSV line (unquoted, `""` read as `"`) and the rest of the line from the comma after it.
fn csv_field(line: &str) -> (String, &str) {
    let Some(quoted) = line.strip_prefix('"') else {
        return match line.find(',') {
            Some(at) => (line[..at].to_owned(), &line[at..]),
            None => (line.to_owned(), ""),
        };
    };
    let (mut field, mut chars) = (String::new(), quoted.char_indices().peekable());
    while let Some((at, c)) = chars.next() {
        match c {
            '"' if chars.peek().is_some_and(|(_, n)| *n == '"') => {
                chars.next();
                field.push('"');
            }
            '"' => return (field, &quoted[at + 1..]),
            c => field.push(c),
        }
    }
    (field, "")
}

/// The group of an item of `twiggy top`: `data` for data segments, `unnamed code` for numbered functions, the crate
/// of a Rust path (`serde_json`, `core`; the workspace's own crates, `dlmm_…`, by module: `dlmm_query::transcode`),
/// `exports and glue` for the rest of the code (wasm-bindgen's export shims, imports, tables); `None` for custom
/// sections (names, producers), which do not ship.
fn group_of(item: &str) -> Option<String> {
    if item.starts_with("data segment") || item.starts_with("data[") {
        return Some("data".to_owned());
    }
    if item.starts_with('"') || item.contains(" subsection") || item.starts_with("custom section") {
        return None;
    }
    if item.starts_with("code[") {
        return Some("unnamed code".to_owned());
    }
    if item.starts_with("import ") || item.starts_with("export ") {
        return Some("exports and glue".to_owned());
    }
    let path = item.trim_start_matches(['<', '&']).trim_start_matches("mut ").trim_start_matches("dyn ");
    // `<T as tachys::view::IntoAny>::…`, `<f64 as core::fmt::Display>::fmt`: a type that is no path of a crate
    // (a generic parameter, a primitive) is counted with the trait's crate.
    let path = match path.split_once(" as ") {
        Some((ty, rest)) if !ty.contains("::") && !ty.contains(['<', '>']) => rest,
        _ => path,
    };
    let mut segments = path.split("::").map(|s| s.split(['[', '<', ' ', '>', ',']).next().unwrap_or(s));
    let Some(krate) = segments.next().filter(|c| !c.is_empty() && path.contains("::")) else {
        return Some("exports and glue".to_owned());
    };
    Some(match (krate.starts_with("dlmm_"), segments.next()) {
        (true, Some(module)) if !module.is_empty() && !module.starts_with('{') => format!("{krate}::{module}"),
        _ => krate.to_owned(),
    })
}

/// Whether a `twiggy top` table names its functions (Rust paths, `a::b::c`), rather than numbering them
/// (`code[12]`) as it does when the module has no name section.
fn has_names(table: &str) -> bool {
    table.lines().filter_map(|l| l.rsplit_once('┊')).any(|(_, item)| item.contains("::"))
}

/// Installs `twiggy` from crates.io when it is missing (only the bench needs it: not part of `cargo xtask setup`).
fn twiggy() -> Result {
    if output(&mut cmd("twiggy --version")).is_some() {
        return Ok(());
    }
    println!("bench: installing twiggy from crates.io (a few minutes, once)…");
    exec_line("cargo install twiggy --locked").or_else(|_| exec_line("cargo install twiggy"))
}

/// The explorer's size and times to the first pairs rows and to drawn candles, built against a replica of the default
/// size (all four services).
fn site() -> Result {
    let script = root().join("tests/bench/site.mjs");
    if !script.exists() {
        println!("(no tests/bench/site.mjs: explorer benchmark skipped)");
        return Ok(());
    }
    println!();
    println!(
        "==> explorer: .wasm size, time to the first pairs rows (keeper, datapi) and to drawn candles (headless Chromium)"
    );
    setup::run()?;
    let replica = ReplicaProcess::start_with(Profile::Release, &[])?;
    build::site(&replica.base_url_env())?;
    // The explorer's own `.wasm` (`dlmm-explorer-<hash>_bg.wasm`), not its contract worker's.
    let shipped = std::fs::read_dir(root().join("dist")).ok().and_then(|entries| {
        entries.flatten().map(|e| e.path()).find(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with("dlmm-explorer") && name.ends_with("_bg.wasm")
        })
    });
    match shipped.map(|wasm| attribution("explorer", &wasm, "dlmm-explorer")) {
        Some(Ok(())) => {}
        Some(Err(e)) => println!("(size attribution skipped: {e})"),
        None => println!("(size attribution skipped: no .wasm in dist/)"),
    }
    exec(
        command("node")
            .arg(&script)
            .env("DIST_DIR", root().join("dist"))
            .env("BENCH_BUDGETS", budgets())
            .envs(replica.base_url_env()),
    )
}

/// Requests per second and latency of one route over `connections` keep-alive connections.
struct Load {
    requests: usize,
    seconds: f64,
    p50: Duration,
    p99: Duration,
    max: Duration,
}

impl Load {
    /// One table row: `label` in a column `width` wide, then requests, requests/s and the latencies in ms.
    fn print(&self, label: &str, width: usize) {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{label:<width$} {:>9} {:>11.0} {:>9.3} {:>9.3} {:>9.3}",
            self.requests,
            self.requests as f64 / self.seconds,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        );
    }
}

/// Sends GETs of `paths` (round robin) for at most `budget` or `max_requests`, after a short warm-up.
fn load(base_url: &str, paths: &[String], connections: usize, budget: Duration, max_requests: usize) -> Result<Load> {
    let per_connection = max_requests / connections;
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..connections)
            .map(|worker| {
                scope.spawn(move || -> Result<Vec<Duration>> {
                    let mut conn = HttpConnection::open(base_url)?;
                    for path in paths.iter().take(50) {
                        conn.get(path).map_err(|e| e.to_string())?;
                    }
                    let mut latencies = Vec::with_capacity(per_connection);
                    let begin = Instant::now();
                    for i in 0..per_connection {
                        if begin.elapsed() > budget {
                            break;
                        }
                        let path = &paths[(i * connections + worker) % paths.len()];
                        let sent = Instant::now();
                        let (status, _) = conn.get(path).map_err(|e| e.to_string())?;
                        latencies.push(sent.elapsed());
                        if status != 200 {
                            return Err(format!("{path} answered {status}"));
                        }
                    }
                    Ok(latencies)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("worker thread")).collect::<Result<Vec<_>>>()
    })?
    .into_iter()
    .flatten()
    .collect();
    let seconds = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Ok(Load { requests: latencies.len(), seconds, p50: at(0.50), p99: at(0.99), max: *latencies.last().unwrap() })
}

fn replica_latency() -> Result {
    println!();
    println!("==> replica: latency at the default size (release build, 2 keep-alive connections, ≤ 5 s per route)");
    let replica = ReplicaProcess::start_with(Profile::Release, &[])?;
    let samples = replica.pair_json("/__replica/samples")?;
    let pairs: Vec<String> = samples["pairs"]
        .as_array()
        .ok_or("the samples have no `pairs`")?
        .iter()
        .filter_map(|p| p.as_str().map(|a| format!("/pair/{a}")))
        .collect();
    let routes = [
        ("/pair/all_with_pagination?limit=50", vec!["/pair/all_with_pagination?limit=50".to_owned()]),
        ("/pair/{address}", pairs),
    ];
    println!("{:<38} {:>9} {:>11} {:>9} {:>9} {:>9}", "route", "requests", "requests/s", "p50 ms", "p99 ms", "max ms");
    for (label, paths) in &routes {
        load(&replica.pair_base_url, paths, 2, Duration::from_secs(5), 40_000)?.print(label, 38);
    }
    println!("goal: p99 under 5 ms for both routes");
    Ok(())
}

/// The datapi `/pools` at 120,000 pools with typed sorts and filters, as the explorer's pools page sends them.
fn replica_datapi_latency() -> Result {
    println!();
    println!(
        "==> replica: datapi /pools with sort_by + filter_by at 120,000 pools (release, 2 connections, ≤ 5 s each)"
    );
    let replica = ReplicaProcess::start_with(Profile::Release, &["--pairs", "120000"])?;
    // `tvl>=1000 && is_blacklisted=false` and `volume_1h>0`, percent-encoded; pages 1–20 of each sort.
    let filters = ["tvl%3E%3D1000%20%26%26%20is_blacklisted%3Dfalse", "volume_1h%3E0"];
    let sorts = ["volume_24h%3Adesc", "tvl%3Adesc", "fee_tvl_ratio_1h%3Adesc", "pool_created_at%3Aasc"];
    let routes: Vec<(String, Vec<String>)> = filters
        .iter()
        .map(|filter| {
            let paths = sorts
                .iter()
                .flat_map(|sort| {
                    (1..=20)
                        .map(move |page| format!("/pools?page_size=50&page={page}&sort_by={sort}&filter_by={filter}"))
                })
                .collect();
            (
                format!(
                    "/pools?filter_by={}",
                    filter.replace("%3E", ">").replace("%3D", "=").replace("%20%26%26%20", "&&")
                ),
                paths,
            )
        })
        .collect();
    println!(
        "{:<50} {:>9} {:>11} {:>9} {:>9} {:>9}",
        "route (4 sorts × 20 pages)", "requests", "requests/s", "p50 ms", "p99 ms", "max ms"
    );
    for (label, paths) in &routes {
        load(&replica.dlmm_datapi_base_url, paths, 2, Duration::from_secs(5), 40_000)?.print(label, 50);
    }
    println!("goal: p99 under 5 ms");
    Ok(())
}

/// The peak resident memory of process `pid` (VmHWM), in bytes.
fn peak_rss(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).map_err(|e| e.to_string())?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map(|kb| kb * 1024)
        .ok_or_else(|| "no VmHWM in /proc status".to_owned())
}

fn replica_memory() -> Result {
    println!();
    println!("==> replica: peak memory serving /pair/all at 120,000 pairs (release build)");
    let replica = ReplicaProcess::start_with(Profile::Release, &["--pairs", "120000"])?;
    let before = peak_rss(replica.pid())?;
    let mut conn = HttpConnection::open(&replica.pair_base_url)?;
    let started = Instant::now();
    let mut bytes = 0usize;
    let status = conn.get_into("/pair/all", &mut |chunk| bytes += chunk.len()).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let after = peak_rss(replica.pid())?;
    if status != 200 {
        return Err(format!("/pair/all answered {status}"));
    }
    let mb = |b: u64| b as f64 / 1_048_576.0;
    println!("body: {:.1} MB in {seconds:.2} s ({:.0} MB/s)", mb(bytes as u64), mb(bytes as u64) / seconds);
    println!("peak RSS after start-up (dataset in memory): {:.1} MB", mb(before));
    println!("peak RSS after serving /pair/all:            {:.1} MB", mb(after));
    println!(
        "serving added {:.1} MB = {:.2}× the body size (1.00× would mean the whole body was held once)",
        mb(after.saturating_sub(before)),
        after.saturating_sub(before) as f64 / bytes.max(1) as f64
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn tells_named_twiggy_tables_from_numbered_ones() {
        let named = " Shallow Bytes │ Shallow % │ Item\n───┼───┼───\n 260957 ┊ 13.85% ┊ \"function names\" subsection\n \
                     19043 ┊ 1.01% ┊ js_sys::futures::future_to_promise::h15a1\n 1884715 ┊ 100.00% ┊ Σ [2876 Total Rows]";
        let numbered = " Shallow Bytes │ Shallow % │ Item\n───┼───┼───\n 19043 ┊ 1.01% ┊ code[812]\n \
                        15973 ┊ 0.85% ┊ code[97]\n 26241 ┊ 1.39% ┊ data[0]\n 1621356 ┊ 100.00% ┊ Σ [2876 Total Rows]";
        assert!(super::has_names(named));
        assert!(!super::has_names(numbered));
        assert!(!super::has_names(""));
    }

    #[test]
    fn groups_items_by_crate_and_by_module_for_the_workspace() {
        let group = |item: &str| super::group_of(item);
        assert_eq!(group("dlmm_query::transcode::leaf_value::h4cc0"), Some("dlmm_query::transcode".into()));
        assert_eq!(
            group("<dlmm_query::web::WebTransport as dlmm_query::transport::Transport>::open::{{closure}}::h8"),
            Some("dlmm_query::web".into())
        );
        assert_eq!(
            group("<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_any"),
            Some("serde_json".into())
        );
        assert_eq!(group("<f64 as core[c5930c85a12de822]::fmt::Display>::fmt"), Some("core".into()));
        assert_eq!(group("<T as tachys::view::any_view::IntoAny>::into_any::rebuild::h1"), Some("tachys".into()));
        assert_eq!(group("import \"wbg\" \"__wbg_fetch_1\""), Some("exports and glue".into()));
        assert_eq!(group("core[c5930c85a12de822]::str::slice_error_fail"), Some("core".into()));
        assert_eq!(group("dlmm_explorer::main"), Some("dlmm_explorer::main".into()));
        assert_eq!(
            group("dlmm_explorer::resource::local::{{closure}}::{{closure}}::hd0"),
            Some("dlmm_explorer::resource".into())
        );
        assert_eq!(group("data segment \".rodata.2\""), Some("data".into()));
        assert_eq!(group("code[1509]"), Some("unnamed code".into()));
        assert_eq!(group("dlmmdatapi_pools"), Some("exports and glue".into()));
        assert_eq!(group("\"function names\" subsection"), None);
    }

    #[test]
    fn sums_a_twiggy_csv_table_by_group() {
        let csv = "Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent\n\
                   \"\"\"function names\"\" subsection\",131227,19.54,,\n\
                   \"<f64 as core::fmt::Display>::fmt\",13913,2.07,,\n\
                   \"data segment \"\".rodata\"\"\",12867,1.92,,\n\
                   dlmm_query::transcode::leaf_value::h4c,15752,2.35,,\n\
                   \"dlmm_query::transcode::end_object::h8b\",2171,0.32,,\n\
                   \"<core::slice::Iter<T> as core::iter::Iterator>::next, with a comma\",100,0.01,,\n";
        assert_eq!(
            super::groups(csv),
            vec![("dlmm_query::transcode".to_owned(), 17923), ("core".to_owned(), 14013), ("data".to_owned(), 12867),]
        );
        assert_eq!(super::csv_field("\"a,\"\"b\"\"\",7,1"), ("a,\"b\"".to_owned(), ",7,1"));
        assert_eq!(super::csv_field("plain,7,1"), ("plain".to_owned(), ",7,1"));
    }
}
