//! Values written to JavaScript, in one place and one way: every output is camelCase JSON text written by the core's
//! [`JsonText`] (transcoded from the body by the output's shape, or written from a model), and the engine's own
//! `JSON.parse` builds the objects (as fast and compact as a plain `fetch().json()`, with one call into JavaScript
//! per output instead of one per field).
//!
//! After parsing, the digit strings the writer recorded as raw token amounts become `bigint`s and the `null`s it
//! wrote for `None` become `undefined` (an optional field the service omitted is `undefined`, as the TypeScript
//! declarations say). An integer JavaScript cannot hold exactly rejects as a `decode` `DlmmError` naming the URL and
//! its path (`[1].lockReleasePoint`), never a rounded number.

use dlmm_query::Error;
use dlmm_query::json_text::{JsonText, Pattern, Written};
use js_sys::{Array, BigInt, JSON, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::js_error::to_js_error;

/// Writes an operation's output, answered from `url`, to JavaScript: camelCase fields, raw amounts as `bigint`, token
/// amounts as exact decimal text, other numbers as numbers, `None` as `undefined`.
pub fn output_to_js<T: Serialize + ?Sized>(value: &T, url: &str) -> Result<JsValue, JsValue> {
    output_to_js_value(value, url).map_err(|e| to_js_error(&e))
}

/// [`output_to_js`] with the core's error (for callers that convert errors once, later).
pub fn output_to_js_value<T: Serialize + ?Sized>(value: &T, url: &str) -> Result<JsValue, Error> {
    let mut json = JsonText::default();
    json.write(value);
    written_to_js(json.finish(url)?, url)
}

/// Parses written JSON text into JavaScript values and turns the recorded amounts into `bigint`s and the recorded
/// `null`s into `undefined`.
pub fn written_to_js(written: Written, url: &str) -> Result<JsValue, Error> {
    let Written { text, amounts, nulls } = written;
    let parsed = JSON::parse(&text).map_err(|e| Error::wrong_shape(url, None, format!("JSON.parse: {e:?}")))?;
    drop(text);
    let fixes = amounts.iter().map(|p| (p, Leaf::BigInt)).chain(nulls.iter().map(|p| (p, Leaf::Undefined)));
    for (pattern, leaf) in fixes {
        let keys: Vec<Option<JsValue>> = pattern
            .iter()
            .map(|step| match step {
                Pattern::Key(key) => Some(JsValue::from_str(key)),
                Pattern::Each => None,
            })
            .collect();
        fix(&parsed, &keys, leaf).map_err(|e| Error::wrong_shape(url, None, format!("{e:?}")))?;
    }
    Ok(parsed)
}

/// What becomes of a value found at a recorded pattern.
#[derive(Clone, Copy)]
enum Leaf {
    /// A digit string becomes a `bigint`.
    BigInt,
    /// `null` becomes `undefined`.
    Undefined,
}

/// Applies `leaf` to the values at `keys` (a pattern: `None` for every element of an array) under `value`.
fn fix(value: &JsValue, keys: &[Option<JsValue>], leaf: Leaf) -> Result<(), JsValue> {
    match keys {
        [] => Ok(()),
        [None, rest @ ..] => {
            if let Some(array) = value.dyn_ref::<Array>() {
                if rest.is_empty() {
                    for (i, item) in array.iter().enumerate() {
                        if let Some(fixed) = fixed(&item, leaf)? {
                            array.set(i as u32, fixed);
                        }
                    }
                } else {
                    for item in array.iter() {
                        fix(&item, rest, leaf)?;
                    }
                }
            }
            Ok(())
        }
        [Some(key)] => {
            if let Some(fixed) = fixed(&Reflect::get(value, key)?, leaf)? {
                Reflect::set(value, key, &fixed)?;
            }
            Ok(())
        }
        [Some(key), rest @ ..] => {
            let inner = Reflect::get(value, key)?;
            if inner.is_object() { fix(&inner, rest, leaf) } else { Ok(()) }
        }
    }
}

/// The replacement of `value` under `leaf`, if it needs one.
fn fixed(value: &JsValue, leaf: Leaf) -> Result<Option<JsValue>, JsValue> {
    Ok(match leaf {
        Leaf::BigInt if value.is_string() => Some(BigInt::new(value)?.into()),
        Leaf::Undefined if value.is_null() => Some(JsValue::UNDEFINED),
        _ => None,
    })
}
