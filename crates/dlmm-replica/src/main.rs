//! `dlmm-replica`: serves the replica until Ctrl-C. Prints the four base URLs on start, and nothing else on stdout.

use std::io::Write;
use std::net::IpAddr;
use std::process::ExitCode;

use dlmm_replica::{Replica, ReplicaConfig};

const USAGE: &str = "usage: dlmm-replica [--host IP] [--pair-port N] [--pool-port N] [--dlmm-datapi-port N]
                    [--damm-v2-datapi-port N] [--portfolio-datapi-port N] [--seed N] [--pairs N] [--pools N]
                    [--rate-limit] [--rate-budget N[/S]] [--serve-groups] [--hostile-names] [--hostile-numbers] [--real-bodies DIR]
                    [--openapi DIR] [--clock wall|snapshot|UNIX]
                    [--log LEVEL]
  --host        interface to listen on (default 127.0.0.1)
  --pair-port   port of the pair API (default 0: a free port)
  --pool-port   port of the pool API (default 0: a free port)
  --dlmm-datapi-port     port of the DLMM datapi (default 0: a free port)
  --damm-v2-datapi-port  port of the DAMM v2 datapi (default 0: a free port)
  --portfolio-datapi-port  port of the portfolio service (default 0: a free port)
  --seed        seed of the generated data (default 42)
  --pairs       number of pairs (default 2000; up to 120000 and more for scale work)
  --pools       number of pool-metrics records, which are the DAMM v2 pools too (default 300)
  --rate-limit  enforce the vendor's limits (30 requests/s pair API and DLMM datapi, 10/s pool API and DAMM v2
                datapi): 429 with Retry-After
  --rate-budget N[/S]  announce and enforce N requests per S seconds (default 60) on every port, as one client
                reports of the live hosts: x-ratelimit-remaining and x-ratelimit-reset (epoch seconds) on every answer,
                429 with Retry-After past it
  --serve-groups  serve the DLMM datapi's group routes as the May 2026 docs describe them (by default they are
                answered as the live host is reported to: /pools/groups as a malformed pool address, a 400
                naming invalid_pubkey, and /pools/groups/{mints} as an unknown route, a 404)
  --hostile-names  prefix every pair and group name, and every token symbol and name of the datapi, with an
                HTML/script payload (XSS tests of clients)
  --hostile-numbers  extreme numbers in every answer (1e15…1.7e308, 5e-324, integers above 2^53), plus a huge
                body, a gzip bomb and alternating pages under /__hostile/… (listed in /__replica/samples)
  --real-bodies DIR  serve the real datapi bodies of DIR (the project's ../shared/real) byte for byte under
                /__real/pools, /__real/pools/{address}, …/ohlcv and …/volume/history on the DLMM datapi
  --openapi DIR  publish the datapi specs of DIR (the project's ../shared/openapi) at /api-docs/openapi.json, as
                the live hosts do: the DLMM host's own July 2026 document, the DAMM v2 docs' (404 without it)
  --clock       the moment the data is of (default wall): wall, the wall clock (the newest candle of today, the
                calendar of this month; the whole dataset moved by whole days, so it answers as of the last 12:34:56
                UTC); snapshot, the dataset's own 2025-11-21T12:34:56Z, the same every run (what tests use); or a
                unix time, moved as for wall
  --log LEVEL   error|warn|info|debug; at debug, one line per request on stderr";

/// The wall clock, unix seconds.
fn wall_clock() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<ReplicaConfig, String> {
    let mut config = ReplicaConfig { clock: Some(wall_clock()), ..ReplicaConfig::default() };
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--rate-limit" => {
                config.rate_limit = true;
                continue;
            }
            "--serve-groups" => {
                config.serve_groups = true;
                continue;
            }
            "--hostile-names" => {
                config.hostile_names = true;
                continue;
            }
            "--hostile-numbers" => {
                config.hostile_numbers = true;
                continue;
            }
            _ => {}
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value:?}: {e}");
        match flag.as_str() {
            "--host" => config.host = value.parse::<IpAddr>().map_err(|e| bad(&e))?,
            "--pair-port" => config.pair_port = value.parse().map_err(|e| bad(&e))?,
            "--pool-port" => config.pool_port = value.parse().map_err(|e| bad(&e))?,
            "--dlmm-datapi-port" => config.dlmm_datapi_port = value.parse().map_err(|e| bad(&e))?,
            "--damm-v2-datapi-port" => config.damm_v2_datapi_port = value.parse().map_err(|e| bad(&e))?,
            "--portfolio-datapi-port" => config.portfolio_datapi_port = value.parse().map_err(|e| bad(&e))?,
            "--seed" => config.seed = value.parse().map_err(|e| bad(&e))?,
            "--clock" => {
                config.clock = match value.as_str() {
                    "wall" => Some(wall_clock()),
                    "snapshot" => None,
                    unix => Some(unix.parse().map_err(|e| bad(&e))?),
                }
            }
            "--pairs" => config.pairs = value.parse().map_err(|e| bad(&e))?,
            "--pools" => config.pools = value.parse().map_err(|e| bad(&e))?,
            "--rate-budget" => {
                let (requests, seconds) = value.split_once('/').unwrap_or((value.as_str(), "60"));
                let seconds: u64 = seconds.parse().map_err(|e| bad(&e))?;
                config.rate_budget =
                    Some((requests.parse().map_err(|e| bad(&e))?, std::time::Duration::from_secs(seconds)));
            }
            "--real-bodies" => config.real_bodies = Some(value.into()),
            "--openapi" => config.openapi = Some(value.into()),
            "--log" => {
                config.log_requests = match value.as_str() {
                    "debug" | "trace" => true,
                    "error" | "warn" | "info" | "off" => false,
                    other => return Err(format!("--log {other:?}: expected error, warn, info or debug")),
                }
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(config)
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            eprintln!("{USAGE}");
            return if e.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    let replica = match Replica::start(config).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the replica: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "pair base URL: {}", replica.pair_base_url());
    let _ = writeln!(stdout, "pool base URL: {}", replica.pool_base_url());
    let _ = writeln!(stdout, "dlmm datapi base URL: {}", replica.dlmm_datapi_base_url());
    let _ = writeln!(stdout, "damm v2 datapi base URL: {}", replica.damm_v2_datapi_base_url());
    let _ = writeln!(stdout, "portfolio datapi base URL: {}", replica.portfolio_datapi_base_url());
    let _ = stdout.flush();
    drop(stdout);
    let _ = tokio::signal::ctrl_c().await;
    let _ = replica.shutdown().await;
    ExitCode::SUCCESS
}
