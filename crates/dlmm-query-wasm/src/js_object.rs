//! A key of a JavaScript object, read or written: what reading options, building errors and posting messages share.

use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;

/// `object[key]`, or `undefined` when `object` is not an object.
pub fn property(object: &JsValue, key: &str) -> JsValue {
    if object.is_object() {
        Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// Sets `key` on a fresh object (an `Error`, a message), which cannot fail.
pub fn set(target: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(target, &JsValue::from_str(key), &value.into());
}
