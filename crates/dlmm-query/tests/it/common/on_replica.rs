//! What the tests against the real replica share: a replica with a client of all four of its services, and the raw
//! JSON read beside the client (fetched and parsed separately, so a model mistake cannot agree with itself).

use dlmm_query::{BaseUrl, Client, ClientConfig, NativeTransport};
use dlmm_replica::{Replica, ReplicaConfig};
use serde_json::Value;

/// A replica, a client of it and the samples its port `samples_of` lists (`/__replica/samples`).
pub struct Env {
    pub replica: Replica,
    pub client: Client<NativeTransport>,
    pub samples: Value,
}

/// Starts a default replica with a client of it and the samples of the port whose base URL `samples_of` gives.
pub async fn start(samples_of: fn(&Replica) -> String) -> Env {
    // The group routes served as documented; a host without them is tested on its own.
    let replica =
        Replica::start(ReplicaConfig { serve_groups: true, ..ReplicaConfig::default() }).await.expect("replica starts");
    let client = client_for(&replica, &[]);
    let samples = raw(&format!("{}/__replica/samples", samples_of(&replica))).await;
    Env { replica, client, samples }
}

/// A client of every service of `replica`, sending `headers`.
pub fn client_for(replica: &Replica, headers: &[(&str, &str)]) -> Client<NativeTransport> {
    let mut config = ClientConfig::with_base_urls(&replica.pair_base_url(), &replica.pool_base_url()).unwrap();
    let url = |name: &'static str, url: String| BaseUrl::parse_param(name, &url).unwrap();
    config.dlmm_datapi_base_url = url("dlmm_datapi_base_url", replica.dlmm_datapi_base_url());
    config.damm_v2_datapi_base_url = url("damm_v2_datapi_base_url", replica.damm_v2_datapi_base_url());
    config.portfolio_datapi_base_url = url("portfolio_datapi_base_url", replica.portfolio_datapi_base_url());
    config.headers = headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Client::new(NativeTransport::new(), config)
}

/// The JSON at `url`, read without the client.
pub async fn raw(url: &str) -> Value {
    let body = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{url}: {e}"))
}

/// A number, sent as a number or as numeric text.
pub fn f(v: &Value) -> f64 {
    v.as_f64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap_or_else(|| panic!("{v} is not a number"))
}

/// The text at `key` of the samples `v`.
pub fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("samples have no {key}: {v}"))
}
