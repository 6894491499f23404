//! The hostile-numbers mode over real HTTP: extreme numbers on both generations, the huge body, the gzip bomb and
//! alternating pages, listed in the samples only when the mode is on.

use std::io::Read;

use dlmm_replica::hostile::{GZIP_BOMB_INFLATED_BYTES, HUGE_BODY_BYTES, HUGE_INTEGERS};
use dlmm_replica::{Replica, ReplicaConfig};
use serde_json::Value;

async fn start(hostile_numbers: bool) -> Replica {
    Replica::start(ReplicaConfig { pairs: 50, hostile_numbers, ..ReplicaConfig::default() }).await.unwrap()
}

/// The JSON body of `url`.
async fn get_json(client: &reqwest::Client, url: &str) -> Value {
    serde_json::from_str(&client.get(url).send().await.unwrap().text().await.unwrap()).unwrap()
}

/// Every number of `value`, with its path.
fn numbers(value: &Value, path: String, out: &mut Vec<(String, serde_json::Number)>) {
    match value {
        Value::Number(n) => out.push((path, n.clone())),
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| numbers(v, format!("{path}[{i}]"), out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| numbers(v, format!("{path}.{k}"), out)),
        _ => {}
    }
}

fn assert_all_extreme(body: &Value, what: &str) {
    let mut found = Vec::new();
    numbers(body, String::new(), &mut found);
    assert!(found.len() > 5, "{what}: {} numbers", found.len());
    for (path, n) in found {
        let extreme = match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => HUGE_INTEGERS.contains(&u),
            (None, Some(i), _) => i == i64::MIN,
            (_, _, Some(f)) => f.is_finite() && (f.abs() >= 1e15 || f == 5e-324),
            _ => false,
        };
        assert!(extreme, "{what}{path} = {n}");
    }
}

#[tokio::test]
async fn every_number_is_extreme_on_both_generations_and_samples_list_the_routes() {
    let replica = start(true).await;
    let client = reqwest::Client::new();
    let samples: Value = get_json(&client, &format!("{}/__replica/samples", replica.dlmm_datapi_base_url())).await;
    assert_eq!(samples["hostile"]["gzip_bomb"], "/__hostile/gzip-bomb");
    assert_eq!(samples["hostile"]["huge_body_bytes"], HUGE_BODY_BYTES);
    let pair = samples["pairs"][0].as_str().unwrap();
    let pool = samples["datapi"]["dlmm_pools"][0].as_str().unwrap();
    let routes = [
        format!("{}/pair/all_with_pagination?limit=5", replica.pair_base_url()),
        format!("{}/pair/{pair}", replica.pair_base_url()),
        format!("{}/pools?page_size=5", replica.dlmm_datapi_base_url()),
        format!("{}/pools/{pool}", replica.dlmm_datapi_base_url()),
        format!("{}/pools/{pool}/ohlcv", replica.dlmm_datapi_base_url()),
    ];
    for url in routes {
        let r = client.get(&url).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{url}");
        let text = r.text().await.unwrap();
        assert!(text.contains("18446744073709551615") || text.contains("9007199254740993"), "{url}");
        assert_all_extreme(&serde_json::from_str(&text).unwrap(), &url);
    }
    let off = start(false).await;
    let samples: Value = get_json(&client, &format!("{}/__replica/samples", off.pair_base_url())).await;
    assert!(samples.get("hostile").is_none());
    let r = client.get(format!("{}/__hostile/huge/pools", off.dlmm_datapi_base_url())).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404, "the special routes exist only in the mode");
}

#[tokio::test]
async fn the_huge_body_is_streamed_whole() {
    let replica = start(true).await;
    let mut r =
        reqwest::get(format!("{}/__hostile/huge/pair/all_with_pagination", replica.pair_base_url())).await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let mut length = 0u64;
    let mut head = Vec::new();
    while let Some(chunk) = r.chunk().await.unwrap() {
        if head.len() < 16 {
            head.extend_from_slice(&chunk[..chunk.len().min(16)]);
        }
        length += chunk.len() as u64;
    }
    assert!(head.starts_with(b"{\"data\":[0,0,"));
    assert_eq!(length, HUGE_BODY_BYTES + 12);
}

#[tokio::test]
async fn the_gzip_bomb_is_small_and_inflates_far() {
    let replica = start(true).await;
    let client = reqwest::Client::builder().no_gzip().build().unwrap();
    let r =
        client.get(format!("{}/__hostile/gzip-bomb/pools", replica.damm_v2_datapi_base_url())).send().await.unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let compressed = r.bytes().await.unwrap();
    assert!(compressed.len() < 8 << 20, "{} bytes on the wire", compressed.len());
    // Inflate the first 4 MiB only (and count the members: every one of them inflates to 1 MiB).
    let mut inflated = Vec::new();
    flate2::read::MultiGzDecoder::new(&compressed[..]).take(4 << 20).read_to_end(&mut inflated).unwrap();
    assert_eq!(inflated.len(), 4 << 20);
    assert!(inflated.starts_with(b"{\"data\":[    "));
    assert!(inflated[9..].iter().all(|&b| b == b' '));
    assert!(GZIP_BOMB_INFLATED_BYTES / compressed.len() as u64 > 100, "ratio");
}

#[tokio::test]
async fn alternating_pages_alternate_and_totals_grow() {
    let replica = start(true).await;
    let client = reqwest::Client::new();
    let keeper = format!("{}/__hostile/alternating/pair/all_with_pagination?limit=3&page=", replica.pair_base_url());
    let datapi = format!("{}/__hostile/alternating/pools?page_size=3&page=", replica.dlmm_datapi_base_url());
    for (base, list, first) in [(keeper, "pairs", 0), (datapi, "data", 1)] {
        let mut seen = Vec::new();
        for page in first..first + 4 {
            let body: Value = get_json(&client, &format!("{base}{page}")).await;
            let address = body[list][0]["address"].as_str().unwrap().to_string();
            seen.push((address, body["total"].as_u64().unwrap()));
        }
        assert_eq!(seen[0].0, seen[2].0, "{list}");
        assert_eq!(seen[1].0, seen[3].0, "{list}");
        assert_ne!(seen[0].0, seen[1].0, "{list}");
        assert!(seen.windows(2).all(|w| w[1].1 > w[0].1), "{list}: totals {seen:?}");
    }
}

/// The hostile payload `text` starts with, if any.
fn payload_of(text: &str) -> Option<&'static str> {
    dlmm_replica::dataset::HOSTILE_PAYLOADS.iter().copied().find(|p| text.starts_with(p))
}

/// `hostile` is `plain` behind one of the payloads.
fn assert_prefixed(hostile: &Value, plain: &Value, what: &str) {
    let (h, p) = (hostile.as_str().unwrap_or_default(), plain.as_str().unwrap_or_default());
    let payload = payload_of(h).unwrap_or_else(|| panic!("{what}: no payload in {h:?}"));
    assert_eq!(&h[payload.len()..], p, "{what}");
}

#[tokio::test]
async fn hostile_names_reach_token_symbols_and_names_on_both_datapi_services() {
    let hostile =
        Replica::start(ReplicaConfig { pairs: 50, hostile_names: true, ..ReplicaConfig::default() }).await.unwrap();
    let plain = start(false).await;
    let client = reqwest::Client::new();
    let samples = get_json(&client, &format!("{}/__replica/samples", plain.pair_base_url())).await;
    let d = &samples["datapi"];

    // Pool lists and a pool of both services: same pools, in the same order, with hostile texts.
    for (h, p) in [
        (hostile.dlmm_datapi_base_url(), plain.dlmm_datapi_base_url()),
        (hostile.damm_v2_datapi_base_url(), plain.damm_v2_datapi_base_url()),
    ] {
        let hl = get_json(&client, &format!("{h}/pools?page_size=50")).await;
        let pl = get_json(&client, &format!("{p}/pools?page_size=50")).await;
        let (hl, pl) = (hl["data"].as_array().unwrap(), pl["data"].as_array().unwrap());
        assert_eq!(hl.len(), pl.len());
        assert!(hl.len() >= 12);
        for (hp, pp) in hl.iter().zip(pl) {
            assert_eq!(hp["address"], pp["address"]);
            assert_eq!(hp["tvl"], pp["tvl"]);
            assert!(payload_of(hp["name"].as_str().unwrap()).is_some(), "{h}: pool name {}", hp["name"]);
            for side in ["token_x", "token_y"] {
                assert_prefixed(&hp[side]["symbol"], &pp[side]["symbol"], "symbol");
                assert_prefixed(&hp[side]["name"], &pp[side]["name"], "token name");
                assert_eq!(hp[side]["address"], pp[side]["address"]);
            }
        }
        let address = hl[0]["address"].as_str().unwrap();
        let one = get_json(&client, &format!("{h}/pools/{address}")).await;
        assert!(payload_of(one["token_x"]["symbol"].as_str().unwrap()).is_some());
    }

    // The wallet records name tokens by symbol: those carry the payloads too.
    let (h, p) = (hostile.dlmm_datapi_base_url(), plain.dlmm_datapi_base_url());
    let wallet = d["wallet_with_positions"]["wallet"].as_str().unwrap();
    for route in [format!("/portfolio/open?user={wallet}"), format!("/portfolio?user={wallet}")] {
        let hp = get_json(&client, &format!("{h}{route}")).await;
        let pp = get_json(&client, &format!("{p}{route}")).await;
        let (hp, pp) = (hp["pools"].as_array().unwrap(), pp["pools"].as_array().unwrap());
        assert!(!hp.is_empty(), "{route}");
        for (a, b) in hp.iter().zip(pp) {
            assert_prefixed(&a["tokenX"], &b["tokenX"], &route);
            assert_prefixed(&a["tokenY"], &b["tokenY"], &route);
        }
    }
    let wallet = d["wallet_with_limit_orders"]["wallet"].as_str().unwrap();
    let route = format!("/wallets/{wallet}/limit_orders/open/pools");
    let hp = get_json(&client, &format!("{h}{route}")).await;
    let pp = get_json(&client, &format!("{p}{route}")).await;
    assert!(!hp["data"].as_array().unwrap().is_empty());
    for (a, b) in hp["data"].as_array().unwrap().iter().zip(pp["data"].as_array().unwrap()) {
        assert_prefixed(&a["pool"]["token_x"], &b["pool"]["token_x"], &route);
        assert!(payload_of(a["pool"]["pair_name"].as_str().unwrap()).is_some());
    }
}
