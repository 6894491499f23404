//! The JavaScript API, exercised in headless Chromium against the running replica over real HTTP.
//!
//! `cargo xtask ci` starts the replica and passes its base URLs at build time (`DLMM_PAIR_BASE_URL`,
//! `DLMM_POOL_BASE_URL`). Raw bodies are fetched and parsed with `JSON.parse` independently of the SDK, so a model
//! mistake cannot agree with itself.
#![cfg(target_arch = "wasm32")]

use dlmm_browser_tests::{NOWHERE, camel_case, client, get, object as options, pair_base, pool_base, rejected};
use dlmm_query_wasm::{create_client, is_dlmm_error};
use js_sys::{JSON, Object};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

async fn raw_json(url: &str) -> JsValue {
    let text = gloo_net::http::Request::get(url).send().await.unwrap().text().await.unwrap();
    JSON::parse(&text).unwrap()
}

async fn sample_pools() -> Vec<String> {
    let samples = raw_json(&format!("{}/__replica/samples", pair_base())).await;
    js_sys::Array::from(&get(&samples, "pools")).iter().map(|p| p.as_string().unwrap()).collect()
}

#[wasm_bindgen_test]
async fn get_pool_metrics_returns_every_field_as_served() {
    let pools = sample_pools().await;
    let c = client();
    for address in pools.iter().take(3) {
        let metrics = c.getPoolMetrics(address.into(), None).await.expect("metrics");
        let raw = get(&raw_json(&format!("{}/pools/{address}/metrics", pool_base())).await, "data");
        let keys = Object::keys(raw.unchecked_ref::<Object>());
        assert_eq!(keys.length(), 20);
        for key in keys.iter() {
            let wire = key.as_string().unwrap();
            let js = get(&metrics, &camel_case(&wire));
            assert_eq!(js, get(&raw, &wire), "{wire} of {address}");
        }
        assert_eq!(Object::keys(metrics.unchecked_ref::<Object>()).length(), 20);
    }
}

#[wasm_bindgen_test]
async fn case_insensitive_lookup_finds_the_pool() {
    let address = sample_pools().await.remove(1);
    let opts = options(&[("caseSensitive", JsValue::FALSE)]);
    let metrics = client().getPoolMetrics(address.to_lowercase().into(), Some(opts.unchecked_into())).await.unwrap();
    assert_eq!(get(&metrics, "poolAddress"), JsValue::from_str(&address));
}

#[wasm_bindgen_test]
async fn unknown_pool_rejects_with_a_not_found_dlmm_error() {
    let err =
        rejected(client().getPoolMetrics("11111111111111111111111111111111".into(), None).await, "an unknown pool");
    assert!(err.is_instance_of::<js_sys::Error>());
    assert!(is_dlmm_error(err.clone()));
    assert_eq!(get(&err, "name"), "DlmmError");
    assert_eq!(get(&err, "kind"), "notFound");
    assert_eq!(get(&err, "status"), 404);
    assert_eq!(get(&get(&err, "apiError"), "type"), "NotFound");
    assert!(get(&err, "url").as_string().unwrap().ends_with("/pools/11111111111111111111111111111111/metrics"));
}

#[wasm_bindgen_test]
async fn invalid_input_is_rejected_before_anything_is_sent() {
    // Pointed at a closed port: had a request gone out, this would be a network error.
    let c = create_client(Some(options(&[("poolBaseUrl", NOWHERE.into())]).unchecked_into())).unwrap();
    for (address, parameter) in [(JsValue::from_str("not/an/address"), "address"), (JsValue::from_f64(5.0), "address")]
    {
        let err = rejected(c.getPoolMetrics(address, None).await, "invalid input");
        assert_eq!(get(&err, "kind"), "invalidInput");
        assert_eq!(get(&err, "parameter"), parameter);
    }
    let bad_flag = options(&[("caseSensitive", "yes".into())]);
    let call = c.getPoolMetrics(sample_pools().await[0].clone().into(), Some(bad_flag.unchecked_into()));
    let err = rejected(call.await, "a non-boolean caseSensitive");
    assert_eq!(get(&err, "parameter"), "caseSensitive");
    // …and the same client does reach the network for valid input.
    let err = rejected(c.getPoolMetrics(sample_pools().await[0].clone().into(), None).await, "a closed port");
    assert_eq!(get(&err, "kind"), "network");
}

#[wasm_bindgen_test]
async fn an_aborted_signal_rejects_with_abort_error() {
    let address = sample_pools().await.remove(0);
    let c = client();
    let before = web_sys::AbortController::new().unwrap();
    before.abort();
    let err =
        c.getPoolMetrics(address.clone().into(), Some(options(&[("signal", before.signal().into())]).unchecked_into()));
    let err = rejected(err.await, "a call with an aborted signal");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");

    let during = web_sys::AbortController::new().unwrap();
    let call = c.getPoolMetrics(address.into(), Some(options(&[("signal", during.signal().into())]).unchecked_into()));
    during.abort();
    let err = rejected(call.await, "a call aborted in flight");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");
    assert!(!is_dlmm_error(err));
}

#[wasm_bindgen_test]
fn bad_client_options_throw_invalid_input() {
    for (key, value) in [("pairBaseUrl", JsValue::from_str("ftp://x")), ("timeoutMs", JsValue::from_f64(-1.0))] {
        let err = match create_client(Some(options(&[(key, value)]).unchecked_into())) {
            Ok(_) => panic!("{key} must be rejected"),
            Err(e) => e,
        };
        assert_eq!(get(&err, "kind"), "invalidInput");
        assert_eq!(get(&err, "parameter"), key);
    }
}

#[wasm_bindgen_test]
fn invalid_header_names_and_values_throw_invalid_input_when_the_client_is_made() {
    // Before: `fetch` threw inside every call, outside the time-out and abort handling, so calls hung.
    for (name, value) in [("bad name", "v"), ("x-ok", "line\r\nInjected: 1"), ("", "v")] {
        let headers = options(&[(name, JsValue::from_str(value))]);
        let err = match create_client(Some(options(&[("headers", headers)]).unchecked_into())) {
            Ok(_) => panic!("the header {name:?}: {value:?} must be rejected"),
            Err(e) => e,
        };
        assert!(is_dlmm_error(err.clone()));
        assert_eq!(get(&err, "kind"), "invalidInput");
        assert_eq!(get(&err, "parameter"), "headers");
    }
    // A rate so slow its waits would overflow a duration.
    let slow = options(&[("pairPerSecond", JsValue::from_f64(1e-300))]);
    let err = match create_client(Some(options(&[("rateLimit", slow)]).unchecked_into())) {
        Ok(_) => panic!("a rate of 1e-300/s must be rejected"),
        Err(e) => e,
    };
    assert_eq!((get(&err, "kind"), get(&err, "parameter")), ("invalidInput".into(), "pairPerSecond".into()));
    let fine = options(&[("x-api-key", JsValue::from_str("abc 123"))]);
    assert!(create_client(Some(options(&[("headers", fine)]).unchecked_into())).is_ok());
}

#[wasm_bindgen_test]
async fn the_core_client_runs_over_the_web_transport() {
    use dlmm_query::ops::GetPoolMetrics;
    use dlmm_query::{Client, ClientConfig};
    let address = sample_pools().await.remove(2);
    let client = Client::new(
        dlmm_query::web::WebTransport::default(),
        ClientConfig::with_base_urls(pair_base(), pool_base()).unwrap(),
    );
    let m = client.get_pool_metrics(GetPoolMetrics::new(&address)).await.unwrap();
    let raw = get(&raw_json(&format!("{}/pools/{address}/metrics", pool_base())).await, "data");
    assert_eq!(m.pool_address, address);
    assert_eq!(Some(m.tvl), get(&raw, "tvl").as_f64());
    assert_eq!(Some(m.updated_at as f64), get(&raw, "updated_at").as_f64());
}

#[wasm_bindgen_test]
async fn a_body_over_max_body_bytes_rejects_while_it_is_read() {
    // The replica's whole pair list is megabytes; a 64 KB cap refuses it as it streams in.
    let capped = dlmm_browser_tests::client_with(&[("maxBodyBytes", JsValue::from_f64(65_536.0))]);
    let err = rejected(capped.all(None).await, "a body over the cap");
    assert!(is_dlmm_error(err.clone()));
    assert_eq!(get(&err, "kind"), "decode");
    let message = get(&err, "message").as_string().unwrap_or_default();
    assert!(message.contains("65536"), "{message}");
    // The default cap (256 MiB) lets the same list through.
    let all = client().all(None).await.expect("the list is far under the default cap");
    assert!(js_sys::Array::from(&all).length() >= 1_000);
}
