//! Decode throughput of a `/pair/all` body of 100,000 pairs: the typed client path vs `serde_json::Value`.
//!
//! The body is served by the replica over HTTP (so it is the real wire format, strings and all). Each round times
//! both decoders on the same bytes, alternating; the medians are reported with their ratio.
//! Run with `cargo xtask bench` (or `cargo bench -p dlmm-query --bench decode --features native`).

use std::time::{Duration, Instant};

use dlmm_query::HttpResponse;
use dlmm_query::ops::All;
use dlmm_replica::{Replica, ReplicaConfig};

const PAIRS: usize = 100_000;
const ROUNDS: usize = 7;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn main() {
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let body = runtime.block_on(async {
        let replica =
            Replica::start(ReplicaConfig { pairs: PAIRS, ..ReplicaConfig::default() }).await.expect("replica");
        let body = reqwest::get(format!("{}/pair/all", replica.pair_base_url()))
            .await
            .expect("GET /pair/all")
            .bytes()
            .await
            .expect("body");
        replica.shutdown().await.expect("shutdown");
        body.to_vec()
    });
    let response = HttpResponse { status: 200, headers: vec![], body };
    let megabytes = response.body.len() as f64 / 1e6;

    let (mut typed, mut untyped) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let pairs = dlmm_query::response::interpret::<All>("bench", &response).expect("typed decode");
        typed.push(start.elapsed());
        assert_eq!(pairs.len(), PAIRS);
        drop(pairs);

        let start = Instant::now();
        let value: serde_json::Value = serde_json::from_slice(&response.body).expect("Value decode");
        untyped.push(start.elapsed());
        assert_eq!(value.as_array().map(Vec::len), Some(PAIRS));
        drop(value);
    }
    let (typed, untyped) = (median(typed), median(untyped));
    let rate = |d: Duration| megabytes / d.as_secs_f64();
    println!("/pair/all body: {PAIRS} pairs, {megabytes:.1} MB; median of {ROUNDS} rounds, one thread");
    println!(
        "  typed (Vec<PairInfo>, lenient numbers, exact amounts): {:>7.1} ms  {:>6.1} MB/s",
        typed.as_secs_f64() * 1e3,
        rate(typed)
    );
    println!(
        "  serde_json::Value (untyped):                          {:>7.1} ms  {:>6.1} MB/s",
        untyped.as_secs_f64() * 1e3,
        rate(untyped)
    );
    println!("  ratio typed/untyped throughput: {:.2}× (goal: at least 1.00×)", rate(typed) / rate(untyped));
}
