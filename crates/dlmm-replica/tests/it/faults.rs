//! Faults on demand over real HTTP: status faults with JSON or HTML bodies, Retry-After, `times` counters per
//! fault value, delays, truncation, invalid JSON, wrong content types, dropped connections, the `__fault`
//! query parameter, CORS on faults, and the global rate limit.

use std::time::{Duration, Instant};

use dlmm_replica::{Replica, ReplicaConfig};

async fn start(rate_limit: bool) -> (Replica, reqwest::Client, String) {
    let replica = Replica::start(ReplicaConfig { pairs: 50, rate_limit, ..ReplicaConfig::default() }).await.unwrap();
    let url = format!("{}/pair/all_with_pagination?limit=3", replica.pair_base_url());
    (replica, reqwest::Client::new(), url)
}

#[tokio::test]
async fn status_faults_apply_the_given_number_of_times() {
    let (replica, client, url) = start(false).await;
    let fault = "status=429; retry-after=1; times=1; id=t42";
    let first = client.get(&url).header("X-Replica-Fault", fault).send().await.unwrap();
    assert_eq!(first.status().as_u16(), 429);
    assert_eq!(first.headers()["retry-after"], "1");
    let body: serde_json::Value = serde_json::from_str(&first.text().await.unwrap()).unwrap();
    assert!(body["message"].is_string());
    for _ in 0..2 {
        let later = client.get(&url).header("X-Replica-Fault", fault).send().await.unwrap();
        assert_eq!(later.status().as_u16(), 200);
        let body: serde_json::Value = serde_json::from_str(&later.text().await.unwrap()).unwrap();
        assert!(body["pairs"].is_array());
    }
    // Another id has its own counter; without times the fault applies every time.
    for _ in 0..3 {
        let r = client.get(&url).header("X-Replica-Fault", "status=503; body=html").send().await.unwrap();
        assert_eq!(r.status().as_u16(), 503);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(r.text().await.unwrap().contains("<html>"));
    }
    let r = client.get(&url).header("X-Replica-Fault", "status=502;body=empty").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 502);
    assert!(r.bytes().await.unwrap().is_empty());
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn body_faults_break_the_normal_answer() {
    let (replica, client, url) = start(false).await;
    let normal = client.get(&url).send().await.unwrap().text().await.unwrap();
    assert!(serde_json::from_str::<serde_json::Value>(&normal).is_ok());

    let r = client.get(&url).header("X-Replica-Fault", "truncate").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let text = r.text().await.unwrap();
    assert_eq!(text.len(), normal.len() / 2);
    assert!(serde_json::from_str::<serde_json::Value>(&text).is_err());

    let r = client.get(&url).header("X-Replica-Fault", "invalid-json").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert!(serde_json::from_str::<serde_json::Value>(&r.text().await.unwrap()).is_err());

    let r = client.get(&url).header("X-Replica-Fault", "content-type=text/plain").send().await.unwrap();
    assert_eq!(r.headers()["content-type"], "text/plain");
    assert_eq!(r.text().await.unwrap(), normal);

    let started = Instant::now();
    let r = client.get(&url).header("X-Replica-Fault", "delay-ms=150").send().await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(150));
    assert_eq!(r.text().await.unwrap(), normal);

    let dropped = client.get(&url).header("X-Replica-Fault", "drop; times=1; id=drop1").send().await;
    assert!(dropped.is_err(), "the connection should close without a response");
    let after = client.get(&url).header("X-Replica-Fault", "drop; times=1; id=drop1").send().await.unwrap();
    assert_eq!(after.status().as_u16(), 200);

    let r = client.get(&url).header("X-Replica-Fault", "explode").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 400);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_query_parameter_carries_faults_with_cors() {
    let (replica, client, url) = start(false).await;
    let r = client
        .get(format!("{url}&__fault=status%3D429%3Bretry-after%3D2"))
        .header("Origin", "http://127.0.0.1:8080")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert_eq!(r.headers()["retry-after"], "2");
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    let exposed = r.headers()["access-control-expose-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(exposed.contains("retry-after"));
    let preflight = client
        .request(reqwest::Method::OPTIONS, &url)
        .header("Origin", "http://example.test")
        .header("Access-Control-Request-Method", "GET")
        .header("Access-Control-Request-Headers", "x-replica-fault")
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success());
    assert!(preflight.headers().contains_key("access-control-allow-headers"));
    // A page elsewhere cannot drive faults (403, readable by it), with or without the parameter's fault used up.
    for origin in ["http://example.test", "https://127.0.0.1.evil.example", "http://localhost.example:80"] {
        for fault in ["__fault=status%3D429", "__fault=drop"] {
            let r = client.get(format!("{url}&{fault}")).header("Origin", origin).send().await.unwrap();
            assert_eq!(r.status().as_u16(), 403, "{origin} {fault}");
            assert_eq!(r.headers()["access-control-allow-origin"], "*");
        }
    }
    for origin in ["http://localhost:1234", "http://[::1]:9", "http://127.0.0.1"] {
        let r = client.get(format!("{url}&__fault=status%3D418")).header("Origin", origin).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 418, "{origin}");
    }
    // The fault parameter is not an invalid parameter once its fault is used up.
    let r = client.get(format!("{url}&__fault=status%3D500%3Btimes%3D0")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let pool = format!("{}/pools/{}/metrics", replica.pool_base_url(), replica.dataset().pools[0].pool_address);
    let r = client.get(&pool).header("X-Replica-Fault", "status=500").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 500);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_rate_limit_answers_429_with_retry_after() {
    let (replica, client, url) = start(true).await;
    let mut limited = 0;
    for _ in 0..100 {
        let r = client.get(&url).send().await.unwrap();
        if r.status().as_u16() == 429 {
            assert_eq!(r.headers()["retry-after"], "1");
            limited += 1;
        }
    }
    // 100 quick requests span at most a few one-second windows of 30: some must be limited.
    assert!(limited >= 1, "none of 100 rapid requests was limited");
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(client.get(&url).send().await.unwrap().status().as_u16(), 200);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn gzip_is_served_when_accepted() {
    let (replica, _, url) = start(false).await;
    let plain = reqwest::Client::builder().no_gzip().build().unwrap();
    let r = plain.get(&url).header("Accept-Encoding", "gzip").send().await.unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
    replica.shutdown().await.unwrap();
}

/// The datapi ports take the same faults and the same rate limit (30/s DLMM, 10/s DAMM v2).
#[tokio::test]
async fn faults_and_the_rate_limit_apply_on_the_datapi_ports() {
    let replica = Replica::start(ReplicaConfig { pairs: 50, ..ReplicaConfig::default() }).await.unwrap();
    let client = reqwest::Client::new();
    for base in [replica.dlmm_datapi_base_url(), replica.damm_v2_datapi_base_url()] {
        let url = format!("{base}/pools?page_size=5");
        let normal = client.get(&url).send().await.unwrap().text().await.unwrap();
        assert!(serde_json::from_str::<serde_json::Value>(&normal).unwrap()["data"].is_array());
        let fault = format!("status=429; body=html; retry-after=2; times=1; id={base}");
        let r = client.get(&url).header("X-Replica-Fault", &fault).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 429);
        assert_eq!(r.headers()["retry-after"], "2");
        assert!(r.text().await.unwrap().contains("<html>"));
        assert_eq!(client.get(&url).header("X-Replica-Fault", &fault).send().await.unwrap().status().as_u16(), 200);
        let r = client.get(format!("{url}&__fault=status%3D429")).send().await.unwrap();
        assert_eq!(r.status().as_u16(), 429);
        let body: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
        assert!(body["message"].is_string(), "the JSON 429");
        for status in [500, 503] {
            let r = client.get(&url).header("X-Replica-Fault", format!("status={status}")).send().await.unwrap();
            assert_eq!(r.status().as_u16(), status);
        }
        let r = client.get(&url).header("X-Replica-Fault", "truncate").send().await.unwrap();
        let text = r.text().await.unwrap();
        assert_eq!(text.len(), normal.len() / 2);
        let started = Instant::now();
        let r = client.get(&url).header("X-Replica-Fault", "delay-ms=150").send().await.unwrap();
        assert_eq!(r.status().as_u16(), 200);
        assert!(started.elapsed() >= Duration::from_millis(150));
    }
    replica.shutdown().await.unwrap();

    let replica =
        Replica::start(ReplicaConfig { pairs: 50, rate_limit: true, ..ReplicaConfig::default() }).await.unwrap();
    for (base, limit) in [
        (replica.dlmm_datapi_base_url(), dlmm_replica::DLMM_DATAPI_RATE_LIMIT),
        (replica.damm_v2_datapi_base_url(), dlmm_replica::DAMM_V2_DATAPI_RATE_LIMIT),
    ] {
        let url = format!("{base}/stats/protocol_metrics");
        let mut limited = 0;
        for _ in 0..limit + 5 {
            let r = client.get(&url).send().await.unwrap();
            if r.status().as_u16() == 429 {
                limited += 1;
                assert_eq!(r.headers()["retry-after"], "1");
            }
        }
        assert!(limited >= 1, "{base}: the limit of {limit}/s applies");
    }
    replica.shutdown().await.unwrap();
}
