//! The transcoder pinned to the model: for every operation, transcoding a body by the output's `Shape`
//! ([`transcode_success`]) gives exactly what decoding the model and writing it ([`interpret`], then
//! [`JsonText::write`]) gives: the same text, the same amount and `null` patterns, or the same error. The fuzz
//! module runs the same comparison on every hostile body it makes.

use std::collections::BTreeSet;
use std::path::Path;

use dlmm_query::datapi::ops::dlmm;
use dlmm_query::json_text::{JsonText, Pattern, Written};
use dlmm_query::ops::Operation;
use dlmm_query::request::ApiGroup;
use dlmm_query::response::{interpret, transcode_success};
use dlmm_query::shape::HasShape;
use dlmm_query::{Error, HttpResponse};
use serde::Serialize;

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
    result.map(|w| (w.text, patterns(&w.amounts), patterns(&w.nulls))).map_err(|e| format!("{e:?}"))
}

/// Asserts that both paths agree on the answer `response` to operation `O` from `url`; returns whether it decoded.
pub fn same_as_decoding<O: Operation>(url: &str, response: &HttpResponse) -> bool
where
    O::Output: Serialize,
{
    if O::GROUP == ApiGroup::Pool {
        // The pool group's envelope is read by the model's own decoder.
        return interpret::<O>(url, response).is_ok();
    }
    let typed = interpret::<O>(url, response).and_then(|model| {
        let mut json = JsonText::default();
        json.write(&model);
        json.finish(url)
    });
    let shaped = transcode_success(url, response, &<O::Output as HasShape>::SHAPE);
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
fn transcoding_matches_decoding_for_every_sample_body() {
    for (index, decoder) in crate::fuzz::decoders().iter().enumerate() {
        let body = serde_json::to_vec(&decoder.body).expect("JSON serializes");
        assert!(crate::fuzz::decode(index, &body).is_ok(), "{}: the sample decodes", decoder.name);
    }
}

#[test]
fn transcoding_matches_decoding_for_the_real_bodies() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/real");
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent (the real datapi bodies live outside the repository)", dir.display());
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
