//! Turning response bytes into models: a fast typed parse, and on failure a precise, path-naming error.

use serde::de::DeserializeOwned;

use crate::error::{BodyKind, DecodeError};
use crate::refusal::Refusal;
use crate::shape::HasShape;
use crate::slot::{self, FromSlot};

/// How many characters of a body an error message quotes.
const SNIPPET_CHARS: usize = 160;

/// How many bytes from the start of a body a snippet looks at (enough for [`SNIPPET_CHARS`] after whitespace runs
/// collapse, and never the whole of a huge body).
const SNIPPET_SCAN_BYTES: usize = 4096;

/// The longest decode message, in characters: the parser quotes offending values (a string, a number's digits)
/// whole, and a hostile body can make those megabytes long.
pub const MESSAGE_CHARS: usize = 300;

/// The longest JSON path a decode error names, in characters.
const PATH_CHARS: usize = 200;

/// Decodes `body` (the response to `url`, with HTTP `status`) as JSON into `T`.
///
/// A single typed parse. Only when it fails is the body examined again: what it looks like (empty, HTML, truncated)
/// and, from the position where the parser stopped, which value was wrong (`pairs[12].reserve_x_amount`). That
/// examination is the same code for every `T` ([`explain`]), so naming the path costs no second decoder per model.
pub fn json<T: DeserializeOwned>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError> {
    serde_json::from_slice(body).map_err(|e| explain(&e.into(), body, url, status))
}

/// Like [`json`], reading the body by `T`'s shape ([`crate::slot`]): the same value and the same errors, from the
/// one reader every model shares instead of serde's per-model decoder.
pub fn by_shape<T: HasShape + FromSlot>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError> {
    slot::decode(body).map_err(|e| explain(&e.into(), body, url, status))
}

/// Decodes a model: [`by_shape`] in WebAssembly, where one reader for every model keeps the module small (the
/// explorer's is 59 KB gzip smaller for it), and [`json`] elsewhere, where serde's per-model decoder reads about
/// 1.4 to 1.6 times as fast (`cargo bench -p dlmm-query --bench decode --features native`). Both give the same value
/// and the same error; a test pins them together for every operation.
pub fn model<T>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError>
where
    T: DeserializeOwned + HasShape + FromSlot,
{
    #[cfg(target_arch = "wasm32")]
    return by_shape(body, url, status);
    #[cfg(not(target_arch = "wasm32"))]
    return json(body, url, status);
}

/// Builds the [`DecodeError`] for a body whose reading was refused with `error`.
pub fn explain(error: &Refusal, body: &[u8], url: &str, status: u16) -> DecodeError {
    let kind = classify(body);
    let mut err = DecodeError { url: url.to_owned(), status, body: kind, path: None, message: String::new() };
    match kind {
        BodyKind::Empty => err.message = "the body is empty; expected JSON".to_owned(),
        BodyKind::Html => err.message = format!("expected JSON but the server sent an HTML page: {}", snippet(body)),
        BodyKind::NotJson => err.message = format!("expected JSON but the server sent: {}", snippet(body)),
        BodyKind::Truncated | BodyKind::WrongShape => {
            let message = error.message().to_owned();
            let consumed = error.consumed(body);
            let about = if message.starts_with("missing field") {
                json_path::About::EnclosingObject
            } else if message.starts_with("invalid type: map") || message.starts_with("invalid type: sequence") {
                json_path::About::Container
            } else {
                json_path::About::Value
            };
            err.path = json_path::at(body, consumed, about).map(|path| bounded(&path, PATH_CHARS));
            err.message = if error.is_eof() {
                err.body = BodyKind::Truncated;
                format!("the JSON ends early (truncated body): {message}")
            } else {
                message
            };
            err.message = bounded(&err.message, MESSAGE_CHARS);
        }
    }
    err
}

/// Where in a JSON document a byte offset lies, as a path (`data[3].tvl`): a small scanner, the same for every model.
mod json_path {
    use std::borrow::Cow;

    /// One open container on the way to the offset.
    enum Frame {
        /// An object, with the last key read in it (and whether a key is expected next).
        Object { key: Option<String>, expecting_key: bool },
        /// An array, with the index of its current element (and whether that element has begun).
        Array { index: usize, started: bool },
    }

    /// What the error is about, which decides how the position maps to a path.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub enum About {
        /// A value, reported just after it (or at its first byte).
        Value,
        /// A whole object or array of the wrong type, reported before or just after its opening bracket.
        Container,
        /// A missing field, reported at the closing brace of the object that lacks it.
        EnclosingObject,
    }

    /// The path of the value a parser was in after consuming `consumed` bytes of `whole`, in serde_path_to_error's
    /// notation (`items[1].amount`; `None` at the top level).
    pub fn at(whole: &[u8], consumed: usize, about: About) -> Option<String> {
        let body = &whole[..consumed.min(whole.len())];
        let mut frames: Vec<Frame> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            match body[i] {
                b'"' => {
                    let start = i;
                    i += 1;
                    while i < body.len() && body[i] != b'"' {
                        i += if body[i] == b'\\' { 2 } else { 1 };
                    }
                    match frames.last_mut() {
                        Some(Frame::Object { key, expecting_key }) if *expecting_key => {
                            let raw = &body[start..(i + 1).min(body.len())];
                            *key = Some(crate::json_scan::Scan::new(raw).string().map_or_else(
                                || String::from_utf8_lossy(raw).trim_matches('"').to_owned(),
                                Cow::into_owned,
                            ));
                            *expecting_key = false;
                        }
                        _ => begin_value(&mut frames),
                    }
                }
                b'{' => {
                    begin_value(&mut frames);
                    frames.push(Frame::Object { key: None, expecting_key: true });
                }
                b'[' => {
                    begin_value(&mut frames);
                    frames.push(Frame::Array { index: 0, started: false });
                }
                b'}' | b']' => {
                    frames.pop();
                }
                b',' => match frames.last_mut() {
                    Some(Frame::Array { index, started }) => {
                        *index += 1;
                        *started = false;
                    }
                    Some(Frame::Object { expecting_key, .. }) => *expecting_key = true,
                    None => {}
                },
                b':' | b' ' | b'\t' | b'\n' | b'\r' => {}
                _ => begin_value(&mut frames),
            }
            i += 1;
        }
        let last = body.iter().rev().find(|b| !b.is_ascii_whitespace());
        if about == About::Container && matches!(last, Some(b'{' | b'[')) {
            // The wrong container was opened before the error: the path is its own, not its first member's.
            frames.pop();
        }
        match frames.last_mut() {
            Some(Frame::Object { key, .. }) if about == About::EnclosingObject => *key = None,
            // A wrong container type is reported before its `{` or `[` is consumed: the element has begun all the
            // same when the next byte is not the array's end.
            Some(Frame::Array { started, .. }) if !*started => {
                *started = whole[body.len()..].iter().find(|b| !b.is_ascii_whitespace()).is_some_and(|&b| b != b']');
            }
            _ => {}
        }
        let mut path = String::new();
        for frame in &frames {
            match frame {
                Frame::Object { key: Some(key), .. } => {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(key);
                }
                Frame::Array { index, started: true } => {
                    path.push('[');
                    path.push_str(&index.to_string());
                    path.push(']');
                }
                _ => {}
            }
        }
        (!path.is_empty()).then_some(path)
    }

    /// A value begins in the innermost container: in an array, its current element has begun.
    fn begin_value(frames: &mut [Frame]) {
        if let Some(Frame::Array { started, .. }) = frames.last_mut() {
            *started = true;
        }
    }
}

/// `text` cut to at most `max` characters, with `…` marking a cut.
pub fn bounded(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Tells what a body that failed to decode looks like.
pub fn classify(body: &[u8]) -> BodyKind {
    let text = trim_ascii(body);
    if text.is_empty() {
        return BodyKind::Empty;
    }
    let lower: Vec<u8> = text.iter().take(64).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"<!doctype html") || lower.starts_with(b"<html") || lower.starts_with(b"<head") {
        return BodyKind::Html;
    }
    match crate::skip::whole(text) {
        Ok(()) => BodyKind::WrongShape,
        Err(e) if e.is_eof() => BodyKind::Truncated,
        Err(_) if matches!(text[0], b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') => {
            BodyKind::WrongShape
        }
        Err(_) => BodyKind::NotJson,
    }
}

/// The first characters of a body, on one line, for error messages (only the body's first few KiB are read).
pub fn snippet(body: &[u8]) -> String {
    let body = trim_ascii(body);
    let head = &body[..body.len().min(SNIPPET_SCAN_BYTES)];
    let text = String::from_utf8_lossy(head);
    let mut one_line = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !one_line.is_empty() {
            one_line.push(' ');
        }
        one_line.push_str(word);
    }
    let mut out = bounded(&one_line, SNIPPET_CHARS);
    if head.len() < body.len() && !out.ends_with('…') {
        out.push('…');
    }
    out
}

fn trim_ascii(body: &[u8]) -> &[u8] {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    body.trim_ascii()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Item {
        #[serde(deserialize_with = "crate::wire::u64")]
        amount: u64,
    }

    #[test]
    fn classifies_bodies() {
        assert_eq!(classify(b""), BodyKind::Empty);
        assert_eq!(classify(b"  \n"), BodyKind::Empty);
        assert_eq!(classify(b"<!DOCTYPE html><html>Too Many Requests</html>"), BodyKind::Html);
        assert_eq!(classify(b"<html><body>502</body></html>"), BodyKind::Html);
        assert_eq!(classify(br#"{"items":[1,2"#), BodyKind::Truncated);
        assert_eq!(classify(br#"{"a":1}"#), BodyKind::WrongShape);
        assert_eq!(classify(b"Service Unavailable"), BodyKind::NotJson);
    }

    #[test]
    fn names_the_path_of_a_bad_value() {
        let body = br#"{"items":[{"amount":1},{"amount":"x"}]}"#;
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Wrap {
            items: Vec<Item>,
        }
        let err = json::<Wrap>(body, "http://h/x", 200).unwrap_err();
        assert_eq!(err.path.as_deref(), Some("items[1].amount"));
        assert_eq!(err.body, BodyKind::WrongShape);
    }

    #[test]
    fn reports_truncation_and_html() {
        let err = json::<Vec<Item>>(br#"[{"amount":1},{"amo"#, "http://h/x", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::Truncated);
        assert!(err.message.contains("truncated"), "{}", err.message);

        let err = json::<Vec<Item>>(b"<html><h1>429 Too Many Requests</h1></html>", "u", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::Html);
        assert!(err.message.contains("HTML page: <html><h1>429 Too Many Requests"), "{}", err.message);
    }

    #[test]
    fn messages_and_paths_stay_short_whatever_the_body() {
        // A megabyte-long string where a number belongs: the parser's message quotes it whole.
        let huge = "9".repeat(1 << 20);
        let body = format!(r#"{{"items":[{{"amount":"{huge}x"}}]}}"#);
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Wrap {
            items: Vec<Item>,
        }
        let err = json::<Wrap>(body.as_bytes(), "http://h/x", 200).unwrap_err();
        assert_eq!(err.path.as_deref(), Some("items[0].amount"));
        assert!(err.message.chars().count() <= MESSAGE_CHARS + 1, "{} chars", err.message.len());
        assert!(err.message.starts_with("invalid value: string \"9999") && err.message.ends_with('…'));
        // A number with a million digits, and a megabyte of text that is not JSON.
        let err = json::<Wrap>(format!(r#"{{"items":[{{"amount":{huge}}}]}}"#).as_bytes(), "u", 200).unwrap_err();
        assert!(err.message.chars().count() <= MESSAGE_CHARS + 1, "{} chars", err.message.len());
        let err = json::<Wrap>(huge.replace('9', "z").as_bytes(), "u", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::NotJson);
        assert!(err.message.chars().count() <= SNIPPET_CHARS + 64, "{} chars", err.message.len());
        assert_eq!(bounded("abcdef", 3), "abc…");
        assert_eq!(bounded("héé", 3), "héé");
    }

    /// The path the scanner finds is the one serde_path_to_error finds by tracking every step of the decode, for
    /// wrong values at every depth, wrong container types, missing fields, truncation, escapes and odd spacing.
    #[test]
    fn paths_match_a_path_tracking_decode() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Inner {
            #[serde(deserialize_with = "crate::wire::u64")]
            amount: u64,
            #[serde(default)]
            tags: Vec<String>,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Outer {
            #[serde(default)]
            name: String,
            items: Vec<Inner>,
            #[serde(default)]
            grid: Vec<Vec<u8>>,
            #[serde(default)]
            nested: Option<Box<Outer>>,
        }
        let bodies = [
            r#"{"items":[{"amount":1},{"amount":"x"}]}"#,
            r#"{"name":"a","items":[{"amount":1,"tags":["t",7]}]}"#,
            r#"{"items":[],"grid":[[1,2],[3,300]]}"#,
            r#"{"items":[{"amount":{"deep":[1,2]}}]}"#,
            r#"{"items":[{"amount":[1]}]}"#,
            r#"{"items":[{"tags":[]}]}"#,
            r#"{"items":{"amount":1}}"#,
            r#"{"name":7,"items":[]}"#,
            r#"{"name":"x"}"#,
            r#"{"items":[],"nested":{"items":[{"amount":1},{"amount":-2}]}}"#,
            r#"{"items":[],"nested":{"name":"q\"uote","items":[{"amount":1,"tags":["\u00e9",{}]}]}}"#,
            "{\n  \"items\" : [\n    { \"amount\" : 1 } ,\n    { \"amount\" : null }\n  ]\n}",
            r#"{"we\"ird":{"a":[1,{"b":2}]},"items":[{"amount":true}]}"#,
            r#"{"items":[{"amount":1},{"amount":2"#,
            r#"{"items":[{"amount":1},{"amo"#,
            r#"[1,2]"#,
            r#""text""#,
        ];
        for body in bodies {
            let ours = json::<Outer>(body.as_bytes(), "u", 200).unwrap_err();
            let reference = serde_path_to_error::deserialize::<_, Outer>(&mut serde_json::Deserializer::from_str(body))
                .unwrap_err()
                .path()
                .to_string();
            let reference = (reference != ".").then_some(reference);
            match reference.as_deref().and_then(|r| r.split_once('?')) {
                // Where the reference cannot name a key (`items[1].?`, in a truncated body), ours may.
                Some((known, _)) => assert!(ours.path.as_deref().unwrap_or("").starts_with(known), "{body}"),
                None => assert_eq!(ours.path, reference, "{body}: {}", ours.message),
            }
            assert!(!ours.message.contains(" at line "), "{}", ours.message);
        }
    }

    #[test]
    fn snippets_are_short_and_on_one_line() {
        let long = "x\n".repeat(500);
        let s = snippet(long.as_bytes());
        assert!(s.chars().count() <= SNIPPET_CHARS + 1 && !s.contains('\n'));
        assert_eq!(snippet("  héllo  wörld ".as_bytes()), "héllo wörld");
    }
}
