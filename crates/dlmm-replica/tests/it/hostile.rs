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
