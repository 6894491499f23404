//! The shape readers pinned to the model. For every operation:
//! - decoding a body by the output's `Shape` ([`decode::by_shape`], what the client does) gives exactly the value, or
//!   the error, that serde's derive gives ([`decode::json`]): the model's `Deserialize` is the reference;
//! - transcoding it ([`transcode_success`]) gives exactly what decoding the model and writing it ([`interpret`],
//!   then [`JsonText::write`]) gives: the same text (but for how numbers are spelled: the transcoder copies a
//!   floating-point leaf's literal as the body sent it, so numbers are compared as the doubles they parse to), the
//!   same amount and `null` patterns, or the same error. The pool group's envelope is checked by its own shape and its
//!   `data` transcoded ([`transcode_envelope_success`]).
//!
//! The fuzz module runs the same comparisons on every hostile body it makes.

use std::collections::BTreeSet;

use dlmm_json::testing::doubles;
use dlmm_query::datapi::ops::dlmm;
use dlmm_query::decode;
use dlmm_query::json_text::{JsonText, Pattern, Written};
use dlmm_query::models::PoolEnvelope;
use dlmm_query::ops::Operation;
use dlmm_query::request::ApiGroup;
use dlmm_query::response::{interpret, transcode_envelope_success, transcode_success};
use dlmm_query::shape::HasShape;
use dlmm_query::slot::FromSlot;
use dlmm_query::{Error, HttpResponse};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::common;

/// The patterns of `written` as text, sorted (the transcoder meets them in the body's order).
fn patterns(patterns: &[Vec<Pattern>]) -> BTreeSet<String> {
    let step = |p: &Pattern| match p {
        Pattern::Key(k) => format!(".{k}"),
        Pattern::Each => "[*]".to_owned(),
    };
    patterns.iter().map(|p| p.iter().map(step).collect()).collect()
}

/// What one of the two paths gave, comparable.
fn outcome(result: Result<Written, Error>) -> Result<(String, BTreeSet<String>, BTreeSet<String>), String> {
    result.map(|w| (doubles(&w.text), patterns(&w.amounts), patterns(&w.nulls))).map_err(|e| format!("{e:?}"))
}

/// Asserts that decoding `body` as a `T` by its shape and by serde's derive give the same value or the same error.
pub fn decoded_alike<T: DeserializeOwned + HasShape + FromSlot + std::fmt::Debug>(url: &str, body: &[u8]) {
    let by_serde = decode::json::<T>(body, url, 200).map(|value| format!("{value:?}"));
    let by_shape = decode::by_shape::<T>(body, url, 200).map(|value| format!("{value:?}"));
    assert_eq!(
        by_serde,
        by_shape,
        "{}: serde's derive (left) and the shape (right) decode differently {}",
        std::any::type_name::<T>(),
        String::from_utf8_lossy(body)
    );
}

/// Asserts that the paths agree on the answer `response` to operation `O` from `url` (decoding by shape and by
/// serde's derive; transcoding and decoding then writing); returns whether it decoded.
pub fn same_as_decoding<O: Operation>(url: &str, response: &HttpResponse) -> bool
where
    O::Output: Serialize + std::fmt::Debug,
{
    match O::GROUP {
        ApiGroup::Pool => decoded_alike::<PoolEnvelope<O::Output>>(url, &response.body),
        _ => decoded_alike::<O::Output>(url, &response.body),
    }
    let typed = interpret::<O>(url, response).and_then(|model| {
        let mut json = JsonText::default();
        json.write(&model);
        json.finish().map_err(|e| Error::unwritable(url, e))
    });
    let shape = &<O::Output as HasShape>::SHAPE;
    let shaped = if O::GROUP == ApiGroup::Pool {
        transcode_envelope_success(url, response, &<PoolEnvelope<O::Output> as HasShape>::SHAPE, shape)
    } else {
        transcode_success(url, response, shape)
    };
    let (typed, shaped) = (outcome(typed), outcome(shaped));
    assert_eq!(
        typed,
        shaped,
        "{}: decoding then writing (left) and transcoding (right) differ for {}",
        std::any::type_name::<O>(),
        String::from_utf8_lossy(&response.body)
    );
    typed.is_ok()
}

#[test]
fn transcoding_matches_decoding_for_the_real_bodies() {
    let dir = dlmm_replica::shared::dir("real");
    if dlmm_replica::shared::absent(&dir, "transcoding the real bodies") {
        return;
    }
    let read = |name: &str| common::ok_response(std::fs::read(dir.join(name)).expect("a real body"));
    let url = "https://dlmm.datapi.meteora.ag/x";
    assert!(same_as_decoding::<dlmm::GetPool>(url, &read("datapi-pool.json")));
    assert!(same_as_decoding::<dlmm::GetPools>(url, &read("datapi-pools-page.json")));
    assert!(same_as_decoding::<dlmm::GetPoolOhlcv>(url, &read("datapi-pool-ohlcv-24h.json")));
    assert!(same_as_decoding::<dlmm::GetPoolVolumeHistory>(url, &read("datapi-pool-volume-history-24h.json")));
}

#[test]
fn fields_come_out_in_declaration_order_whatever_order_the_body_sends() {
    let pair = common::pair(0);
    let mut entries: Vec<(String, serde_json::Value)> =
        pair.as_object().expect("an object").clone().into_iter().collect();
    entries.reverse();
    let reversed: String = format!(
        "[{{{}}}]",
        entries.iter().map(|(k, v)| format!("{}:{v}", serde_json::to_string(k).unwrap())).collect::<Vec<_>>().join(",")
    );
    let response = common::ok_response(reversed.into_bytes());
    assert!(same_as_decoding::<dlmm_query::ops::All>("http://keeper.test/x", &response));
}

/// Integers JavaScript cannot hold, in many objects whose fields arrive out of order (the shape of a hostile volume
/// history): the same outcome as decoding, the error naming the first one in the output's order. Each object's
/// reordering adjusts only the integers written inside it (it used to rescan every one noted so far: quadratic).
#[test]
fn unsafe_integers_in_many_reordered_objects_are_found_in_order() {
    let bucket = |i: u64| {
        format!(r#"{{"fees":1,"protocol_fees":0,"volume":2,"timestamp_str":"t","timestamp":{}}}"#, (1u64 << 53) + i)
    };
    let buckets: Vec<String> = (0..20_000).map(bucket).collect();
    let body = format!(r#"{{"data":[{}],"start_time":1,"end_time":2}}"#, buckets.join(","));
    let url = "http://dlmm.test/pools/x/volume/history";
    let response = common::ok_response(body.into_bytes());
    assert!(!same_as_decoding::<dlmm::GetPoolVolumeHistory>(url, &response), "refused by both");
    let shape = &<<dlmm::GetPoolVolumeHistory as Operation>::Output as HasShape>::SHAPE;
    let err = transcode_success(url, &response, shape).unwrap_err();
    assert_eq!(err.decode_path(), Some("data[0].timestamp"), "{err}");
}

#[test]
fn errors_are_the_same_and_name_the_same_path() {
    let url = "http://keeper.test/x";
    for body in [
        r#"[{"address": 5}]"#.to_owned(),
        "[{}]".to_owned(),
        "[1]".to_owned(),
        "{}".to_owned(),
        r#"[{"name":"x","name":"y"}]"#.to_owned(),
        "".to_owned(),
        "<html>".to_owned(),
        "[".to_owned(),
    ] {
        let response = common::ok_response(body.into_bytes());
        assert!(!same_as_decoding::<dlmm_query::ops::All>(url, &response));
    }
}

/// The pool group's envelope: its data, its error, neither, and a wrong value inside or around the data, each the same
/// by both paths (an unsafe integer inside `data` names its path within the data, as writing the model does).
#[test]
fn pool_envelopes_are_the_same_by_both_paths() {
    use dlmm_query::ops::GetPoolMetrics;
    let url = "http://pool.test/pools/x/metrics";
    let good = common::pool_metrics();
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut body = good.clone();
        edit(&mut body);
        common::ok_response(serde_json::to_vec(&body).expect("JSON"))
    };
    assert!(same_as_decoding::<GetPoolMetrics>(url, &with(&|_| {})));
    assert!(same_as_decoding::<GetPoolMetrics>(url, &with(&|b| b["data"]["updated_at"] = "17".into())));
    assert!(same_as_decoding::<GetPoolMetrics>(url, &with(&|b| b["error"] = serde_json::Value::Null)));
    for bad in [
        &(|b: &mut serde_json::Value| b["data"]["tvl"] = "x".into()) as &dyn Fn(&mut serde_json::Value),
        &|b| b["data"]["updated_at"] = 9_007_199_254_740_993u64.into(),
        &|b| b["status"] = "200".into(),
        &|b| b["error"] = 5.into(),
        &|b| b["data"] = serde_json::Value::Null,
        &|b| b["data"] = serde_json::json!([1]),
        &|b| {
            b["data"] = serde_json::Value::Null;
            b["error"] = serde_json::json!({"type": "NotFound", "message": "no such pool"});
        },
    ] {
        assert!(!same_as_decoding::<GetPoolMetrics>(url, &with(bad)));
    }
    for body in [r#"[{"pool_address":"x"}]"#, r#"[null,{"type":"NotFound"},404]"#, "[]", "{}", "{\"data\":{}}", "[", ""]
    {
        assert!(!same_as_decoding::<GetPoolMetrics>(url, &common::ok_response(body.as_bytes().to_vec())), "{body}");
    }
}

/// A chunked series merged as text ([`merge_bodies`], then one transcoding) is the merged model written: parts that
/// overlap, arrive out of order, repeat a bucket, leave out or null the time frame, or spell values as strings,
/// floating-point literals or arrays.
#[test]
fn series_merged_as_text_are_the_merged_models_written() {
    use dlmm_query::datapi::models::{Candle, Timeseries};
    use dlmm_query::datapi::series::{merge, merge_bodies};
    let url = "http://datapi.test/pools/x/ohlcv";
    let candle = |t: &str, close: &str| {
        format!(
            r#"{{"timestamp":{t},"timestamp_str":"at {close}","open":1,"high":2.50,"low":"0.5","close":{close},"volume":3}}"#
        )
    };
    let cases: Vec<Vec<String>> = vec![
        vec![
            format!(
                r#"{{"start_time":0,"end_time":"7199","timeframe":null,"data":[{},{}]}}"#,
                candle("0", "1"),
                candle("3600", "1")
            ),
            format!(
                r#"{{"start_time":3600,"end_time":14399,"timeframe":"1h","data":[{},{},{}]}}"#,
                candle("10800", "4"),
                candle("3600", "9"),
                candle("7.2e3", "3")
            ),
        ],
        vec![format!(r#"{{"end_time":5,"start_time":"1","data":[[7,"x",1,1,1,1,1],{}]}}"#, candle("\"3\"", "2"))],
        vec![
            format!(r#"{{"start_time":1,"end_time":2,"timeframe":"5m","data":[{}]}}"#, candle("5", "1")),
            format!(r#"[3,4,null,[{}]]"#, candle("9007199254740993", "1")),
        ],
    ];
    let mut outcomes = Vec::new();
    for bodies in cases {
        let typed: Vec<Timeseries<Candle>> =
            bodies.iter().map(|b| serde_json::from_str(b).expect("a series")).collect();
        let typed = merge(typed, |c| c.timestamp).map(|merged| {
            let mut json = JsonText::default();
            json.write(&merged);
            json.finish().map_err(|e| Error::unwritable(url, e))
        });
        let shape = &<Timeseries<Candle> as HasShape>::SHAPE;
        let parts: Vec<Vec<u8>> = bodies.iter().map(|b| b.clone().into_bytes()).collect();
        assert!(parts.iter().all(|part| dlmm_query::transcode::check(part, shape).is_ok()));
        let text = merge_bodies(&parts, shape).expect("merged").map(|merged| {
            let mut out = JsonText::default();
            dlmm_query::transcode::transcode(&merged, shape, &mut out).expect("transcoded");
            out.finish().map_err(|e| Error::unwritable(url, e))
        });
        let (typed, text) = (typed.map(outcome), text.map(outcome));
        assert_eq!(typed, text, "{bodies:?}");
        outcomes.push(typed.expect("parts to merge"));
    }
    let error = outcomes.pop().expect("three cases").expect_err("an integer JavaScript cannot hold");
    assert!(error.contains(r#"path: Some("data[1].timestamp")"#), "named in the merged series: {error}");
    assert!(outcomes.iter().all(Result::is_ok));
    assert_eq!(merge_bodies(&[], &<Timeseries<Candle> as HasShape>::SHAPE).expect("nothing to read"), None);
}
