//! The binary: prints exactly the two base-URL lines on stdout, honours `--pairs` and `--seed`, serves requests.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[tokio::test]
async fn the_binary_prints_two_base_urls_and_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlmm-replica"))
        .args(["--pairs", "60", "--seed", "7", "--pair-port", "0", "--pool-port", "0", "--log", "debug"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let pair = lines.next().unwrap().unwrap();
    let pool = lines.next().unwrap().unwrap();
    let pair_base = pair.strip_prefix("pair base URL: http://").map(|rest| format!("http://{rest}"));
    let pool_base = pool.strip_prefix("pool base URL: http://").map(|rest| format!("http://{rest}"));
    let (Some(pair_base), Some(pool_base)) = (pair_base, pool_base) else {
        let _ = child.kill();
        panic!("unexpected first lines: {pair:?} {pool:?}");
    };
    let client = reqwest::Client::new();
    let samples: serde_json::Value = serde_json::from_str(
        &client.get(format!("{pair_base}/__replica/samples")).send().await.unwrap().text().await.unwrap(),
    )
    .unwrap();
    assert_eq!(samples["seed"], 7);
    let all: serde_json::Value =
        serde_json::from_str(&client.get(format!("{pair_base}/pair/all")).send().await.unwrap().text().await.unwrap())
            .unwrap();
    assert_eq!(all.as_array().unwrap().len(), 60);
    let pool_address = samples["pools"][0].as_str().unwrap();
    let status = client.get(format!("{pool_base}/pools/{pool_address}/metrics")).send().await.unwrap().status();
    assert_eq!(status.as_u16(), 200);
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
