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
use dlmm_query::json_text::{Pattern, Written};
use js_sys::{Array, BigInt, JSON, Reflect};
use wasm_bindgen::prelude::*;

/// Writes a core model (an operation's output, answered from `url`) to JavaScript by its `Serialize`, as the
/// package's calls write what they transcode: camelCase fields, raw amounts as `bigint`, token amounts as exact
/// decimal text, other numbers as numbers, `None` as `undefined`. For Rust callers (the `json-writer` feature).
#[cfg(feature = "json-writer")]
pub fn output_to_js<T: serde::Serialize + ?Sized>(value: &T, url: &str) -> Result<JsValue, JsValue> {
    let mut json = dlmm_query::json_text::JsonText::default();
    json.write(value);
    let written = json.finish().map_err(|e| crate::js_error::to_js_error(&dlmm_query::Error::unwritable(url, e)))?;
    written_to_js(written, url).map_err(|e| crate::js_error::to_js_error(&e))
}

/// Parses written JSON text into JavaScript values and turns the recorded amounts into `bigint`s and the recorded
/// `null`s into `undefined`.
pub fn written_to_js(written: Written, url: &str) -> Result<JsValue, Error> {
    let Written { text, amounts, nulls, .. } = written;
    let parsed = JSON::parse(&text).map_err(|e| parse_error(&e, url))?;
    drop(text);
    fix_all(&parsed, &keys_of(&amounts), &keys_of(&nulls), url)?;
    Ok(parsed)
}

/// [`written_to_js`] for a batch the worker wrote: its text already a JavaScript string, its patterns as
/// [`patterns_to_js`] wrote them.
pub fn posted_to_js(text: &JsValue, amounts: &JsValue, nulls: &JsValue, url: &str) -> Result<JsValue, Error> {
    let parsed = parse_string(text).map_err(|e| parse_error(&e, url))?;
    fix_all(&parsed, &keys_from_js(amounts), &keys_from_js(nulls), url)?;
    Ok(parsed)
}

/// Patterns as JavaScript arrays (a key as a string, every element as `null`), to be posted between threads.
pub fn patterns_to_js(patterns: &[Vec<Pattern>]) -> Array {
    let all = Array::new();
    for pattern in patterns {
        let steps = Array::new();
        for step in pattern {
            steps.push(&match step {
                Pattern::Key(key) => JsValue::from_str(key),
                Pattern::Each => JsValue::NULL,
            });
        }
        all.push(&steps);
    }
    all
}

#[wasm_bindgen]
extern "C" {
    /// `JSON.parse` of a string already in JavaScript (no copy through linear memory).
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn parse_string(text: &JsValue) -> Result<JsValue, JsValue>;
}

/// The error for text `JSON.parse` refused (the writer's bug, never the server's: the text is the writer's own).
fn parse_error(error: &JsValue, url: &str) -> Error {
    Error::wrong_shape(url, None, format!("JSON.parse: {error:?}"))
}

/// Each pattern as the keys [`fix`] walks: `None` for every element of an array.
fn keys_of(patterns: &[Vec<Pattern>]) -> Vec<Vec<Option<JsValue>>> {
    // Loops rather than iterator adapters here and below: the same code, a few hundred bytes less of the `.wasm`.
    let mut all = Vec::with_capacity(patterns.len());
    for pattern in patterns {
        let mut keys = Vec::with_capacity(pattern.len());
        for step in pattern {
            keys.push(match step {
                Pattern::Key(key) => Some(JsValue::from_str(key)),
                Pattern::Each => None,
            });
        }
        all.push(keys);
    }
    all
}

/// The keys of patterns [`patterns_to_js`] wrote.
fn keys_from_js(patterns: &JsValue) -> Vec<Vec<Option<JsValue>>> {
    let mut all = Vec::new();
    let Some(patterns) = patterns.dyn_ref::<Array>() else { return all };
    for pattern in patterns.iter() {
        let Some(steps) = pattern.dyn_ref::<Array>() else { continue };
        let mut keys = Vec::with_capacity(steps.length() as usize);
        for key in steps.iter() {
            keys.push((!key.is_null()).then_some(key));
        }
        all.push(keys);
    }
    all
}

/// Applies every amount and `null` fix to `parsed`.
fn fix_all(
    parsed: &JsValue,
    amounts: &[Vec<Option<JsValue>>],
    nulls: &[Vec<Option<JsValue>>],
    url: &str,
) -> Result<(), Error> {
    for (patterns, leaf) in [(amounts, Leaf::BigInt), (nulls, Leaf::Undefined)] {
        for keys in patterns {
            fix(parsed, keys, leaf).map_err(|e| Error::wrong_shape(url, None, format!("{e:?}")))?;
        }
    }
    Ok(())
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
