//! Values written to JavaScript, in one place: [`output_to_js`] for every operation's output (and its decode error
//! for a value JavaScript cannot hold exactly), and [`pairs_to_js`], the fast path for big pair lists: JSON text and
//! the engine's own `JSON.parse` instead of one JS call per field.
//!
//! The pairs are decoded (exact, validated) in Rust as everywhere else, then written back as camelCase JSON by
//! `serde_json` with a [`Formatter`] that writes raw amounts (`u128`) as digit strings (the vendor's decimal-text USD
//! and percent fields are `NumericText`, which serializes as numbers by itself). `JSON.parse` builds the objects (as
//! fast and compact as a plain `fetch().json()`), then the amount fields, whose names the formatter recorded, become
//! exact `bigint`s.

use std::cell::RefCell;
use std::io;
use std::rc::Rc;

use dlmm_query::Error;
use js_sys::{Array, BigInt, JSON, Reflect};
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter};
use wasm_bindgen::prelude::*;

use crate::js_error::to_js_error;

/// Serializes an operation's output, answered from `url`, for JavaScript: camelCase fields, amounts as `bigint`,
/// other integers as numbers.
///
/// A value JavaScript cannot hold exactly (an integer above 2^53 outside amounts: a slot, a lock release point, an
/// index, a total, a timestamp) rejects with a `decode` `DlmmError` carrying `url` and the value's JSON `path`
/// (e.g. `[0].lockReleasePoint`), never with a plain `Error`.
pub fn output_to_js<T: Serialize + ?Sized>(value: &T, url: &str) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::new()).map_err(|_| to_js_error(&unrepresentable(value, url)))
}

/// The decode error for an output that does not convert: serialized again (on this failure path only) with path
/// tracking, so the error names the value.
fn unrepresentable<T: Serialize + ?Sized>(value: &T, url: &str) -> Error {
    let (path, reason) = match serde_path_to_error::serialize(value, &serde_wasm_bindgen::Serializer::new()) {
        Err(e) => {
            let path = e.path().to_string();
            ((path != ".").then_some(path), e.into_inner().to_string())
        }
        Ok(_) => (None, "the conversion failed".to_owned()),
    };
    Error::wrong_shape(url, path, format!("a value JavaScript cannot hold exactly: {reason}"))
}

/// Writes compact JSON, recording which keys hold amounts.
#[derive(Default)]
struct JsFormatter {
    /// The key being written, or the last one written.
    key: String,
    in_key: bool,
    /// Keys that held an amount (shared: the serializer owns the formatter).
    amount_keys: Rc<RefCell<Vec<String>>>,
}

impl Formatter for JsFormatter {
    fn write_u128<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: u128) -> io::Result<()> {
        let mut keys = self.amount_keys.borrow_mut();
        if !keys.contains(&self.key) {
            keys.push(self.key.clone());
        }
        write!(writer, "\"{value}\"")
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        self.in_key = true;
        self.key.clear();
        CompactFormatter.begin_object_key(writer, first)
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.in_key = false;
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        if self.in_key {
            self.key.push_str(fragment);
        }
        writer.write_all(fragment.as_bytes())
    }
}

/// A list of pairs as a JS array of plain objects, through JSON text and `JSON.parse`.
pub fn pairs_to_js<T: Serialize>(pairs: &[T]) -> Result<JsValue, JsValue> {
    let mut out = Vec::with_capacity(pairs.len() * 1200);
    let amount_keys = Rc::new(RefCell::new(Vec::new()));
    let formatter = JsFormatter { amount_keys: amount_keys.clone(), ..JsFormatter::default() };
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    pairs.serialize(&mut serializer).map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))?;
    // serde_json writes valid UTF-8 from valid UTF-8 strings.
    let text = String::from_utf8(out).map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))?;
    let parsed = JSON::parse(&text)?;
    drop(text);
    let keys: Vec<JsValue> = amount_keys.borrow().iter().map(|k| JsValue::from_str(k)).collect();
    if !keys.is_empty() {
        for item in Array::from(&parsed).iter() {
            for key in &keys {
                let value = Reflect::get(&item, key)?;
                if value.is_string() {
                    Reflect::set(&item, key, &BigInt::new(&value).map_err(JsValue::from)?.into())?;
                }
            }
        }
    }
    Ok(parsed)
}
