//! Helpers shared by the SDK's browser tests in `tests/` (run with `cargo xtask ci`): the replica's base URLs,
//! which `cargo xtask ci` passes at build time, JS options objects, and clients of the keeper and datapi APIs.
#![cfg(target_arch = "wasm32")]

use dlmm_query_wasm::{DlmmClient, JsDatapiClient, create_client, create_datapi_client};
use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

mod replica_urls;
pub use replica_urls::*;

/// A plain JS object with the given properties.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &JsValue::from_str(k), v).unwrap();
    }
    o.into()
}

/// `value[key]`.
pub fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

/// A client of the replica with extra `createClient` options.
pub fn client_with(extra: &[(&str, JsValue)]) -> DlmmClient {
    let mut pairs = vec![("pairBaseUrl", pair_base().into()), ("poolBaseUrl", pool_base().into())];
    pairs.extend(extra.iter().cloned());
    create_client(Some(object(&pairs).unchecked_into())).expect("valid options")
}

/// A client of the replica.
pub fn client() -> DlmmClient {
    client_with(&[])
}

/// A datapi client of the replica with extra `createDatapiClient` options.
pub fn datapi_client_with(extra: &[(&str, JsValue)]) -> JsDatapiClient {
    let mut pairs = vec![("dlmmBaseUrl", dlmm_datapi_base().into()), ("dammV2BaseUrl", damm_v2_datapi_base().into())];
    pairs.extend(extra.iter().cloned());
    create_datapi_client(Some(object(&pairs).unchecked_into())).expect("valid options")
}

/// A datapi client of the replica.
pub fn datapi_client() -> JsDatapiClient {
    datapi_client_with(&[])
}

/// The rejection of a call that must fail.
pub fn rejected<T>(result: Result<T, JsValue>, what: &str) -> JsValue {
    match result {
        Ok(_) => panic!("{what} must reject"),
        Err(e) => e,
    }
}

/// A wire name in the SDK's camelCase: `reserve_x_amount` → `reserveXAmount`, `hour_24` → `hour24`.
pub fn camel_case(s: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in s.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}
