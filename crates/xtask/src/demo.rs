//! `cargo xtask demo`: the replica plus `trunk serve` built against it. Ctrl-C stops both.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::process::cmd;
use crate::replica::{ReplicaProcess, shared_folder_args};
use crate::{Result, setup};

/// Runs the demo until Ctrl-C (or until trunk exits).
pub fn run(args: &[String]) -> Result {
    let port = match args {
        [] => 8080,
        [flag, value] if flag == "--port" => value.parse().map_err(|e| format!("--port {value:?}: {e}"))?,
        _ => return Err("usage: cargo xtask demo [--port N]".into()),
    };
    setup::run()?;
    let stop = Arc::new(AtomicBool::new(false));
    let on_signal = stop.clone();
    ctrlc::set_handler(move || on_signal.store(true, Ordering::SeqCst)).map_err(|e| e.to_string())?;

    // The demo's data is of today: the newest candle is from today and the calendar shows this month.
    let mut args = shared_folder_args();
    args.extend(["--clock".to_owned(), "wall".to_owned()]);
    let replica = ReplicaProcess::start(&args.iter().map(String::as_str).collect::<Vec<_>>())?;
    println!("pair base URL: {}", replica.pair_base_url);
    println!("pool base URL: {}", replica.pool_base_url);
    println!("dlmm datapi base URL: {}", replica.dlmm_datapi_base_url);
    println!("damm v2 datapi base URL: {}", replica.damm_v2_datapi_base_url);
    println!("portfolio datapi base URL: {}", replica.portfolio_datapi_base_url);
    let samples = replica.pair_json("/__replica/samples").unwrap_or_default();
    let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
    let tries = [
        ("a DLMM pool", "/dlmm/pools/", text(&samples["datapi"]["dlmm_pools"][0])),
        ("a DAMM v2 pool", "/damm-v2/pools/", text(&samples["datapi"]["damm_v2_pools"][0])),
        ("a wallet", "/dlmm/wallets/", text(&samples["datapi"]["wallet_with_positions"]["wallet"])),
        ("a keeper pool", "/pools/", text(&samples["pools"][0])),
    ];

    let mut trunk = cmd("trunk serve --address 127.0.0.1 --port")
        .arg(port.to_string())
        .envs(replica.base_url_env())
        .spawn()
        .map_err(|e| format!("cannot start trunk: {e}"))?;
    println!();
    println!("explorer: http://127.0.0.1:{port}/  (the first build takes a minute or two)");
    for (what, route, sample) in tries {
        if let Some(sample) = sample {
            println!("{what} to try: http://127.0.0.1:{port}{route}{sample}");
        }
    }
    println!("Ctrl-C stops the explorer and the replica.");
    println!();

    let result = loop {
        if stop.load(Ordering::SeqCst) {
            break Ok(());
        }
        match trunk.try_wait() {
            Ok(Some(status)) if status.success() => break Ok(()),
            Ok(Some(status)) => break Err(format!("trunk serve stopped ({status})")),
            Ok(None) => std::thread::sleep(Duration::from_millis(200)),
            Err(e) => break Err(e.to_string()),
        }
    };
    let _ = trunk.kill();
    let _ = trunk.wait();
    drop(replica);
    println!("demo: stopped the explorer and the replica");
    result
}
