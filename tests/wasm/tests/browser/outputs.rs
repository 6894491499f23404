//! Outputs JavaScript cannot hold exactly (an integer above 2^53 outside amounts: a lock release point, a slot, an
//! index, a total, a timestamp) reject with a `decode` `DlmmError` naming the URL and the value's path, never with a
//! plain `Error` (issue 11). The replica serves no such value yet, so the body is decoded here by the core and its
//! output converted through the package's public `outputToJs` path, the one every method ends in.
#![cfg(target_arch = "wasm32")]

use dlmm_query::HttpResponse;
use dlmm_query::ops::GetPairPositionsLock;
use dlmm_query::response::interpret;
use dlmm_query_wasm::{is_dlmm_error, output_to_js};
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

const URL: &str = "http://pair.test/pair/5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6/positions_lock";

/// The locks of a body whose second lock has `lock_release_point` and `slot` as given (JSON number texts).
fn locks(release: &str, slot: &str) -> Vec<dlmm_query::models::PositionLock> {
    let lock = |release: &str, slot: &str| {
        format!(
            r#"{{"position":"7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte","lock_release_point":{release},
            "owner":"So11111111111111111111111111111111111111112","slot":{slot},"tx_idx":1,"ix_idx":2,
            "inner_ix_idx":0,"closed":false}}"#
        )
    };
    let body = format!("[{},{}]", lock("1800000000", "300000000"), lock(release, slot));
    let response = HttpResponse { status: 200, headers: vec![], body: body.into_bytes() };
    interpret::<GetPairPositionsLock>(URL, &response).expect("the core keeps the exact integer")
}

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).expect("an object")
}

#[wasm_bindgen_test]
fn integers_above_2_pow_53_reject_with_a_decode_dlmm_error_naming_the_path() {
    for (release, slot, path) in [
        ("9007199254740993", "300000000", "[1].lockReleasePoint"),
        ("\"18446744073709551615\"", "300000000", "[1].lockReleasePoint"),
        ("1800000000", "9007199254740992", "[1].slot"),
    ] {
        let error = output_to_js(&locks(release, slot), URL).expect_err("not representable as a number");
        assert!(is_dlmm_error(error.clone()), "{error:?}");
        assert_eq!(get(&error, "kind").as_string().as_deref(), Some("decode"));
        assert_eq!(get(&error, "url").as_string().as_deref(), Some(URL));
        assert_eq!(get(&error, "path").as_string().as_deref(), Some(path), "{release} {slot}");
        let message = get(&error, "message").as_string().unwrap_or_default();
        assert!(message.contains("JavaScript cannot hold"), "{message}");
    }
}

#[wasm_bindgen_test]
fn integers_up_to_2_pow_53_minus_1_convert_exactly() {
    let js = output_to_js(&locks("9007199254740991", "9007199254740991"), URL).expect("representable");
    let second = Array::from(&js).get(1);
    assert_eq!(get(&second, "lockReleasePoint").as_f64(), Some(9_007_199_254_740_991.0));
    assert_eq!(get(&second, "slot").as_f64(), Some(9_007_199_254_740_991.0));
}
