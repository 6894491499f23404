//! The binary: prints exactly the five base-URL lines on stdout, honours `--pairs`, `--seed` and `--clock`, serves
//! requests.

use std::io::{BufRead, BufReader, Lines};
use std::process::{Child, ChildStdout, Command, Stdio};

/// Starts the binary with `args` (split at whitespace; stdout piped, stderr dropped): the child and its stdout lines.
fn spawn(args: &str) -> (Child, Lines<BufReader<ChildStdout>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlmm-replica"))
        .args(args.split_whitespace())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    (child, lines)
}

/// The URL of the next line, `{label} base URL: http://…`; kills the child and panics on any other line.
fn base_url(child: &mut Child, lines: &mut Lines<BufReader<ChildStdout>>, label: &str) -> String {
    let line = lines.next().unwrap().unwrap();
    let Some(url) = line.strip_prefix(&format!("{label} base URL: ")).filter(|url| url.starts_with("http://")) else {
        let _ = child.kill();
        panic!("unexpected line for the {label} base URL: {line:?}");
    };
    url.to_string()
}

/// The JSON body of `url`.
async fn get_json(client: &reqwest::Client, url: &str) -> serde_json::Value {
    serde_json::from_str(&client.get(url).send().await.unwrap().text().await.unwrap()).unwrap()
}

#[tokio::test]
async fn the_binary_prints_five_base_urls_and_serves() {
    let (mut child, mut lines) = spawn(
        "--pairs 60 --seed 7 --pair-port 0 --pool-port 0 --dlmm-datapi-port 0 --damm-v2-datapi-port 0 \
         --portfolio-datapi-port 0 --log debug",
    );
    let [pair_base, pool_base, dlmm_base, damm_base, portfolio_base] =
        ["pair", "pool", "dlmm datapi", "damm v2 datapi", "portfolio datapi"]
            .map(|label| base_url(&mut child, &mut lines, label));
    let client = reqwest::Client::new();
    let samples = get_json(&client, &format!("{pair_base}/__replica/samples")).await;
    assert_eq!(samples["seed"], 7);
    let all = get_json(&client, &format!("{pair_base}/pair/all")).await;
    assert_eq!(all.as_array().unwrap().len(), 60);
    let pool_address = samples["pools"][0].as_str().unwrap();
    let status = client.get(format!("{pool_base}/pools/{pool_address}/metrics")).send().await.unwrap().status();
    assert_eq!(status.as_u16(), 200);
    let pools = get_json(&client, &format!("{dlmm_base}/pools?page_size=1000")).await;
    assert_eq!(pools["total"], 60);
    assert!(pools["data"][0]["address"].is_string());
    let damm_pool = samples["datapi"]["damm_v2_pools"][0].as_str().unwrap();
    let status = client.get(format!("{damm_base}/pools/{damm_pool}")).send().await.unwrap().status();
    assert_eq!(status.as_u16(), 200);
    let wallet = samples["datapi"]["wallet_with_positions"]["wallet"].as_str().unwrap();
    let balances = get_json(&client, &format!("{portfolio_base}/balances/{wallet}")).await;
    assert!(balances["balance_usd"].is_string(), "{balances}");
    child.kill().unwrap();
    child.wait().unwrap();
    // Nothing else was printed on stdout.
    assert!(lines.next().is_none_or(|line| line.is_err()));
}

#[test]
fn bad_flags_exit_with_usage() {
    let output = Command::new(env!("CARGO_BIN_EXE_dlmm-replica")).args(["--pairs", "many"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("usage"));
}

#[tokio::test]
async fn the_hostile_numbers_flag_turns_the_mode_on() {
    let (mut child, mut lines) = spawn("--pairs 30 --hostile-numbers");
    let base = base_url(&mut child, &mut lines, "pair");
    let text = reqwest::get(format!("{base}/__replica/samples")).await.unwrap().text().await.unwrap();
    let page = reqwest::get(format!("{base}/pair/all_with_pagination?limit=1")).await.unwrap().text().await.unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let samples: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(samples["hostile"]["alternating_pages"], "/__hostile/alternating");
    let page: serde_json::Value = serde_json::from_str(&page).unwrap();
    assert!([u64::MAX, (1 << 53) + 1].contains(&page["total"].as_u64().unwrap()), "{}", page["total"]);
}

/// The newest 5-minute candle's end and the first DLMM sample pool's creation of a replica started with `clock`.
async fn newest_candle(clock: &str) -> (i64, i64) {
    let (mut child, mut lines) = spawn(&format!("--pairs 30 --dlmm-datapi-port 0 {clock}"));
    let [pair_base, _, dlmm_base] =
        ["pair", "pool", "dlmm datapi"].map(|label| base_url(&mut child, &mut lines, label));
    let client = reqwest::Client::new();
    let samples = get_json(&client, &format!("{pair_base}/__replica/samples")).await;
    let pool = samples["datapi"]["dlmm_pools"][0].as_str().unwrap();
    let candles = get_json(&client, &format!("{dlmm_base}/pools/{pool}/ohlcv?timeframe=5m")).await;
    let record = get_json(&client, &format!("{dlmm_base}/pools/{pool}")).await;
    let _ = child.kill();
    let _ = child.wait();
    (candles["end_time"].as_i64().unwrap(), record["created_at"].as_i64().unwrap() / 1000)
}

#[tokio::test]
async fn the_clock_is_the_wall_clock_by_default_and_the_snapshot_on_request() {
    let wall = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let (now_end, now_created) = newest_candle("").await;
    assert!(
        now_end <= wall && now_end > wall - 86_400 - 300,
        "the newest candle is of the last day: {now_end} vs {wall}"
    );
    // The 5-minute bucket that holds 2025-11-21T12:34:56Z, the dataset's own moment.
    let (snapshot_end, snapshot_created) = newest_candle("--clock snapshot").await;
    assert_eq!(snapshot_end, 1_763_728_496 - 1_763_728_496 % 300);
    let shift = now_created - snapshot_created;
    assert_eq!(shift % 86_400, 0, "moved by whole days");
    assert_eq!(now_end - snapshot_end, shift, "every timestamp moves alike");
    let (fixed_end, _) = newest_candle("--clock 1800000000").await;
    assert!(fixed_end <= 1_800_000_000 && fixed_end > 1_800_000_000 - 86_400 - 300);
}
