//! `--real-bodies`: the real datapi bodies of `../shared/real/` served byte for byte under `/__real/…` on the DLMM
//! datapi, with CORS (browser tests decode them), and a JSON 404 without the folder.

use std::path::PathBuf;

use dlmm_replica::real::FILES;
use dlmm_replica::{Replica, ReplicaConfig};

const ROUTES: [&str; 4] =
    ["/pools?page=1", "/pools/ADDR", "/pools/ADDR/ohlcv?timeframe=24h", "/pools/ADDR/volume/history"];

#[tokio::test]
async fn the_real_bodies_are_served_byte_for_byte_with_cors() {
    let dir = dlmm_replica::shared::dir("real");
    if dlmm_replica::shared::absent(&dir, "serving the real bodies") {
        return;
    }
    let config = ReplicaConfig { pairs: 50, real_bodies: Some(dir.clone()), ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.unwrap();
    let client = reqwest::Client::new();
    for (route, file) in ROUTES.iter().zip(FILES) {
        let url = format!("{}/__real{route}", replica.dlmm_datapi_base_url());
        let response = client.get(&url).header("Origin", "http://example.test").send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200, "{url}");
        assert_eq!(response.headers()["access-control-allow-origin"], "*", "{url}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        let want = std::fs::read(dir.join(file)).unwrap();
        assert_eq!(response.bytes().await.unwrap().as_ref(), want.as_slice(), "{url} is {file} unedited");
    }
    // Only the DLMM datapi serves them.
    let other = client.get(format!("{}/__real/pools", replica.damm_v2_datapi_base_url())).send().await.unwrap();
    assert_eq!(other.status().as_u16(), 404);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_the_folder_the_routes_say_why_they_are_empty() {
    let replica = Replica::start(ReplicaConfig { pairs: 50, ..ReplicaConfig::default() }).await.unwrap();
    let url = format!("{}/__real/pools", replica.dlmm_datapi_base_url());
    let response = reqwest::get(&url).await.unwrap();
    assert_eq!(response.status().as_u16(), 404);
    let body: serde_json::Value = serde_json::from_str(&response.text().await.unwrap()).unwrap();
    assert!(body["message"].as_str().unwrap().contains("--real-bodies"), "{body}");
    replica.shutdown().await.unwrap();
    let missing = ReplicaConfig { real_bodies: Some(PathBuf::from("/nonexistent/real")), ..ReplicaConfig::default() };
    assert!(Replica::start(missing).await.is_err(), "a folder that is not there is an error at start-up");
}
