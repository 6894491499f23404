//! `dlmm-replica`: serves the replica until Ctrl-C. Prints the two base URLs on start.

use std::net::IpAddr;
use std::process::ExitCode;

use dlmm_replica::{Replica, ReplicaConfig};

const USAGE: &str = "usage: dlmm-replica [--host IP] [--pair-port N] [--pool-port N] [--seed N] [--pools N]
  --host       interface to listen on (default 127.0.0.1)
  --pair-port  port of the pair API (default 0: a free port)
  --pool-port  port of the pool API (default 0: a free port)
  --seed       seed of the generated data (default 42)
  --pools      number of pools (default 12)";

fn parse_args(args: impl Iterator<Item = String>) -> Result<ReplicaConfig, String> {
    let mut config = ReplicaConfig::default();
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value:?}: {e}");
        match flag.as_str() {
            "--host" => config.host = value.parse::<IpAddr>().map_err(|e| bad(&e))?,
            "--pair-port" => config.pair_port = value.parse().map_err(|e| bad(&e))?,
            "--pool-port" => config.pool_port = value.parse().map_err(|e| bad(&e))?,
            "--seed" => config.seed = value.parse().map_err(|e| bad(&e))?,
            "--pools" => config.pools = value.parse().map_err(|e| bad(&e))?,
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
    println!("pair base URL: {}", replica.pair_base_url());
    println!("pool base URL: {}", replica.pool_base_url());
    let _ = tokio::signal::ctrl_c().await;
    let _ = replica.shutdown().await;
    ExitCode::SUCCESS
}
