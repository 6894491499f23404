//! Transcoding: a response body read by a model's [`Shape`](enum@Shape) ([`crate::reader`]) and written straight to
//! [`JsonText`] for JavaScript without building the model: the text [`JsonText::write`] writes for the decoded model
//! (keys in declaration order, the same numbers and defaults), or the [`Refusal`] decoding it would give. Of several
//! integers JavaScript cannot hold, the first in the output is named, as when the model is written.
//!
//! No value rests on serde_json's float parser (the WebAssembly builds leave its exact one out): a floating-point
//! leaf's number literal is copied as sent (`JSON.parse` reads `1e2` and `100.0` to the same double), any other
//! number literal read exactly (`crate::literal`).

use crate::json_text::JsonText;
use crate::reader;
use crate::refusal::Refusal;
use crate::shape::Shape;

/// Transcodes the JSON value `body` of shape `shape` into `out` (the text is unusable after an error). An integer
/// JavaScript cannot hold does not stop the reading: [`JsonText::finish`] reports it.
pub fn transcode(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    reader::read(body, shape, out)
}

/// Why a body another reader refused is not a value of shape `shape`: the reader's refusal, the one description of
/// a body's faults (where it reads the body after all, which the tests pin never to happen, a refusal that says so).
pub fn refusal(body: &[u8], shape: &Shape) -> Refusal {
    match check(body, shape) {
        Err(refusal) => refusal,
        Ok(()) => Refusal::other("a body its model reads", "one only the shape reader reads"),
    }
}

/// Checks that `body` is a value of shape `shape`, writing nothing kept (for composite answers read further by their
/// own readers).
pub fn check(body: &[u8], shape: &Shape) -> Result<(), Refusal> {
    transcode(body, shape, &mut JsonText::default())
}

/// Transcodes one more item of the array begun by [`JsonText::items_from`] (like [`JsonText::push_item`]).
pub fn transcode_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    out.begin_item();
    transcode(body, shape, out)
}

/// Transcodes the object or array `body` begins with, when more of the body follows it, as one more item of the array
/// begun by [`JsonText::items_from`]: its length. Otherwise (`None`) nothing is written, and the item is to be split
/// out and transcoded whole ([`transcode_item`]). Public as `dlmm_query::items::transcode_start`.
pub fn transcode_leading_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    if !matches!(body.first(), Some(b'{' | b'[')) {
        return None;
    }
    let checkpoint = out.checkpoint();
    out.begin_item();
    match reader::read_leading(body, shape, out) {
        Some(length) if length < body.len() => Some(length),
        _ => {
            out.rollback(&checkpoint);
            None
        }
    }
}

#[cfg(test)]
mod tests;
