//! The binary: prints exactly the four base-URL lines on stdout, honours `--pairs` and `--seed`, serves requests.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[tokio::test]
async fn the_binary_prints_four_base_urls_and_serves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlmm-replica"))
        .args(["--pairs", "60", "--seed", "7", "--pair-port", "0", "--pool-port", "0", "--dlmm-datapi-port", "0"])
        .args(["--damm-v2-datapi-port", "0", "--log", "debug"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let pair = lines.next().unwrap().unwrap();
    let pool = lines.next().unwrap().unwrap();
    let dlmm = lines.next().unwrap().unwrap();
    let damm = lines.next().unwrap().unwrap();
    let dlmm_base = dlmm.strip_prefix("dlmm datapi base URL: http://").map(|rest| format!("http://{rest}"));
    let damm_base = damm.strip_prefix("damm v2 datapi base URL: http://").map(|rest| format!("http://{rest}"));
    let pair_base = pair.strip_prefix("pair base URL: http://").map(|rest| format!("http://{rest}"));
    let pool_base = pool.strip_prefix("pool base URL: http://").map(|rest| format!("http://{rest}"));
    let (Some(pair_base), Some(pool_base), Some(dlmm_base), Some(damm_base)) =
        (pair_base, pool_base, dlmm_base, damm_base)
    else {
        let _ = child.kill();
        panic!("unexpected first lines: {pair:?} {pool:?} {dlmm:?} {damm:?}");
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
    let pools: serde_json::Value = serde_json::from_str(
        &client.get(format!("{dlmm_base}/pools?page_size=1000")).send().await.unwrap().text().await.unwrap(),
    )
    .unwrap();
    assert_eq!(pools["total"], 60);
    assert!(pools["data"][0]["address"].is_string());
    let damm_pool = samples["datapi"]["damm_v2_pools"][0].as_str().unwrap();
    let status = client.get(format!("{damm_base}/pools/{damm_pool}")).send().await.unwrap().status();
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

#[tokio::test]
async fn the_hostile_numbers_flag_turns_the_mode_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlmm-replica"))
        .args(["--pairs", "30", "--hostile-numbers"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let base = first.strip_prefix("pair base URL: ").map(str::to_string);
    let Some(base) = base else {
        let _ = child.kill();
        panic!("unexpected first line: {first:?}");
    };
    let text = reqwest::get(format!("{base}/__replica/samples")).await.unwrap().text().await.unwrap();
    let page = reqwest::get(format!("{base}/pair/all_with_pagination?limit=1")).await.unwrap().text().await.unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let samples: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(samples["hostile"]["alternating_pages"], "/__hostile/alternating");
    let page: serde_json::Value = serde_json::from_str(&page).unwrap();
    assert!([u64::MAX, (1 << 53) + 1].contains(&page["total"].as_u64().unwrap()), "{}", page["total"]);
}
