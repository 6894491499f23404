//! Robustness over real HTTP: over-long addresses rejected before base58 decoding, bounded fault directives, capped
//! query parameters, a time-out on slowly sent request headers, a cap on connections and a bounded shutdown.

use std::time::{Duration, Instant};

use dlmm_replica::{Replica, ReplicaConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn start() -> (Replica, reqwest::Client) {
    let config =
        ReplicaConfig { pairs: 50, header_read_timeout: Duration::from_millis(500), ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.unwrap();
    // Without the fixes these requests take tens of seconds (or a minute): the time-out turns that into a failure.
    let client = reqwest::Client::builder().timeout(Duration::from_secs(5)).build().unwrap();
    (replica, client)
}

#[tokio::test]
async fn over_long_addresses_are_rejected_at_once_in_each_generations_shape() {
    let (replica, client) = start().await;
    // 60 KB of valid base58 (decoding it costs time quadratic in its length; an URI is at most 64 KiB), and 45
    // characters (one too many).
    for long in ["2".repeat(60_000), "2".repeat(45)] {
        let keeper = [
            format!("{}/pair/{long}", replica.pair_base_url()),
            format!("{}/position/{long}/deposits", replica.pair_base_url()),
            format!("{}/wallet/{long}/x/earning", replica.pair_base_url()),
        ];
        for url in keeper {
            let started = Instant::now();
            let r = client.get(&url).send().await.unwrap();
            assert_eq!(r.status().as_u16(), 400, "{}", &url[..80]);
            let body: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
            assert!(body["message"].as_str().unwrap().contains("not a valid"), "{body}");
            assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
        }
        // The pool group never decodes addresses (a lookup, 404 when unknown, as the vendor answers).
        let started = Instant::now();
        let pool = client.get(format!("{}/pools/{long}/metrics", replica.pool_base_url())).send().await.unwrap();
        assert_eq!(pool.status().as_u16(), 404);
        assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
        let datapi = [
            format!("{}/pools/{long}", replica.dlmm_datapi_base_url()),
            format!("{}/pools/{long}/ohlcv", replica.dlmm_datapi_base_url()),
            format!("{}/wallets/{long}/limit_orders/summary", replica.dlmm_datapi_base_url()),
            format!("{}/pools/{long}", replica.damm_v2_datapi_base_url()),
        ];
        for url in datapi {
            let started = Instant::now();
            let r = client.get(&url).send().await.unwrap();
            assert_eq!(r.status().as_u16(), 400, "{}", &url[..80]);
            assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
            assert!(!r.text().await.unwrap().is_empty());
            assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
        }
    }
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn fault_delays_and_counters_are_bounded() {
    let (replica, client) = start().await;
    let url = format!("{}/pair/all_with_pagination?limit=1", replica.pair_base_url());
    for (fault, names) in [
        ("delay-ms=60001", "delay-ms"),
        ("delay-ms=18446744073709551615", "delay-ms"),
        ("status=503; times=1000001", "times"),
        ("retry-after=86401", "retry-after"),
    ] {
        let r = client.get(&url).header("X-Replica-Fault", fault).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 400, "{fault}");
        let body: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
        let message = body["message"].as_str().unwrap().to_string();
        assert!(message.contains(names) && message.contains("out of range"), "{message}");
    }
    // The largest accepted values still work.
    let r = client.get(&url).header("X-Replica-Fault", "status=503; times=1000000; id=max").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 503);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn list_parameters_are_capped() {
    let (replica, client) = start().await;
    let pairs = format!("{}/pair/all_with_pagination", replica.pair_base_url());
    let hundred = vec!["t"; 100].join(",");
    let r = client.get(&pairs).query(&[("tags", hundred.as_str())]).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200, "100 entries are allowed");
    let too_many = vec!["t"; 101].join(",");
    let long = "x".repeat(1025);
    let repeated: Vec<(&str, &str)> = vec![("launchpad", "y"); 101];
    for query in [vec![("tags", too_many.as_str())], vec![("search_term", long.as_str())], repeated] {
        let r = client.get(&pairs).query(&query).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 400, "{:?}", &query[0]);
        let body: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
        let message = body["message"].as_str().unwrap().to_string();
        assert!(message.starts_with(query[0].0), "{message}");
    }
    let pools = format!("{}/pools", replica.dlmm_datapi_base_url());
    let filter = format!("tvl>1{}", "&&tvl>1".repeat(200));
    for (name, value) in [("filter_by", filter.as_str()), ("query", long.as_str()), ("sort_by", long.as_str())] {
        let r = client.get(&pools).query(&[(name, value)]).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 400, "{name}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
        assert!(r.text().await.unwrap().contains(name));
    }
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn slowly_sent_headers_time_out() {
    let (replica, client) = start().await;
    let address = replica.pair_base_url().trim_start_matches("http://").to_string();
    let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
    stream.write_all(b"GET /pair/all_with_pagination HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection is still open after 3 s");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.is_empty() || text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(started.elapsed() >= Duration::from_millis(400), "{:?}", started.elapsed());
    // A request sent at once is served as before.
    let r = client.get(format!("http://{address}/pair/all_with_pagination?limit=1")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    replica.shutdown().await.unwrap();
}

/// A client that asks for a large answer and never reads it cannot hold a shutdown: the requests in flight get a
/// grace period, then their connections are dropped.
#[tokio::test]
async fn a_shutdown_is_not_held_by_a_client_that_never_reads() {
    let config = ReplicaConfig { pairs: 50, hostile_numbers: true, ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.unwrap();
    let address = replica.pair_base_url().trim_start_matches("http://").to_owned();
    let mut stuck = tokio::net::TcpStream::connect(&address).await.unwrap();
    let request = format!("GET {}/pair/all HTTP/1.1\r\nHost: {address}\r\n\r\n", dlmm_replica::hostile::HUGE_PREFIX);
    stuck.write_all(request.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let bound = Duration::from_secs(25);
    assert!(tokio::time::timeout(bound, replica.shutdown()).await.is_ok(), "the shutdown ended");
    drop(stuck);
}

/// At most `max_connections` connections are served at once: the next client is answered once one of them ends.
#[tokio::test]
async fn a_port_serves_at_most_its_connections_at_once() {
    let config = ReplicaConfig {
        pairs: 50,
        max_connections: 2,
        header_read_timeout: Duration::from_secs(60),
        ..ReplicaConfig::default()
    };
    let replica = Replica::start(config).await.unwrap();
    let address = replica.pair_base_url().trim_start_matches("http://").to_owned();
    let idle = [
        tokio::net::TcpStream::connect(&address).await.unwrap(),
        tokio::net::TcpStream::connect(&address).await.unwrap(),
    ];
    tokio::time::sleep(Duration::from_millis(200)).await;
    let url = format!("{}/info/protocol_metrics", replica.pair_base_url());
    let client = reqwest::Client::builder().timeout(Duration::from_millis(700)).build().unwrap();
    assert!(client.get(&url).send().await.is_err(), "a third client waits while two connections are open");
    drop(idle);
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build().unwrap();
    assert_eq!(client.get(&url).send().await.unwrap().status().as_u16(), 200, "answered once they ended");
    replica.shutdown().await.unwrap();
}
