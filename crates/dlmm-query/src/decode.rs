//! Turning response bytes into models: a fast typed parse, and on failure an error naming the JSON path, what was
//! expected there and what was found.

use serde::de::DeserializeOwned;

use crate::error::{BodyKind, DecodeError};
use crate::refusal::Refusal;
pub use crate::refusal::bounded;
use crate::shape::HasShape;
use crate::slot::{self, FromSlot};

/// How many characters of a body an error message quotes.
const SNIPPET_CHARS: usize = 160;

/// How many bytes from the start of a body a snippet looks at (enough for [`SNIPPET_CHARS`] after whitespace runs
/// collapse, and never the whole of a huge body).
const SNIPPET_SCAN_BYTES: usize = 4096;

/// The longest decode message, in characters.
pub const MESSAGE_CHARS: usize = 300;

/// The longest JSON path a decode error names, in characters.
const PATH_CHARS: usize = 200;

/// Decodes `body` (the response to `url`, with HTTP `status`) as JSON into `T`.
///
/// serde's derive reads the body. What it refuses is described by the shape reader ([`crate::transcode::refusal`]),
/// the one description of a body's faults, so a refusal reads the same natively, in the explorer and in the package;
/// serde's own error is not looked at.
pub fn json<T: DeserializeOwned + HasShape>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError> {
    serde_json::from_slice(body).map_err(|_| explain(&crate::transcode::refusal(body, &T::SHAPE), body, url, status))
}

/// Like [`json`], reading the body by `T`'s shape ([`crate::slot`]): the same value, from the one reader every model
/// shares instead of serde's per-model decoder, and the same refusal.
pub fn by_shape<T: HasShape + FromSlot>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError> {
    slot::decode(body).map_err(|e| explain(&e, body, url, status))
}

/// Decodes a model: [`by_shape`] in WebAssembly, where one reader for every model keeps the module small (the
/// explorer's is 59 KB gzip smaller for it), and [`json`] elsewhere, where serde's per-model decoder still reads a
/// little faster (the shape reader at 0.85–1.0× its speed: `cargo xtask bench core`). Both give the same value and
/// the same error; a test pins them together for every operation.
pub fn model<T>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError>
where
    T: DeserializeOwned + HasShape + FromSlot,
{
    #[cfg(target_arch = "wasm32")]
    return by_shape(body, url, status);
    #[cfg(not(target_arch = "wasm32"))]
    return json(body, url, status);
}

/// The [`DecodeError`] for `body` (the answer of `url`, with HTTP `status`), which a reader refused with `refusal`:
/// what the body looked like, and for JSON the path, what was expected there and what was found.
pub fn explain(refusal: &Refusal, body: &[u8], url: &str, status: u16) -> DecodeError {
    let kind = match classify(body) {
        BodyKind::WrongShape | BodyKind::Truncated if refusal.is_truncated() => BodyKind::Truncated,
        BodyKind::Truncated => BodyKind::WrongShape,
        kind => kind,
    };
    let (expected, found) = match kind {
        BodyKind::Empty => ("JSON".to_owned(), "an empty body".to_owned()),
        BodyKind::Html => ("JSON".to_owned(), format!("an HTML page: {}", snippet(body))),
        BodyKind::NotJson => ("JSON".to_owned(), format!("text that is not JSON: {}", snippet(body))),
        BodyKind::Truncated | BodyKind::WrongShape => {
            (bounded(refusal.expected(), MESSAGE_CHARS / 2), bounded(&refusal.found().to_string(), MESSAGE_CHARS / 2))
        }
    };
    let path = match kind {
        BodyKind::Truncated | BodyKind::WrongShape => refusal.path().map(|path| bounded(&path, PATH_CHARS)),
        _ => None,
    };
    DecodeError::refused(url, status, kind, path, &expected, &found)
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
        Err(e) if e.is_truncated() => BodyKind::Truncated,
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
    use serde::Deserialize;

    use super::*;
    use crate::shape::Shape;

    #[derive(Deserialize, Debug, Shape)]
    #[allow(dead_code)]
    struct Item {
        #[serde(deserialize_with = "crate::wire::u64")]
        amount: u64,
        #[serde(default)]
        tags: Vec<String>,
    }

    #[derive(Deserialize, Debug, Shape)]
    #[allow(dead_code)]
    struct Wrap {
        #[serde(default)]
        name: String,
        items: Vec<Item>,
        #[serde(default)]
        grid: Vec<Vec<u8>>,
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

    /// Both readers' error for `body`: (path, expected, found), the same from serde's derive and from the shape
    /// reader.
    fn refused(body: &str) -> (Option<String>, String, String) {
        let typed = json::<Wrap>(body.as_bytes(), "http://h/x", 200).unwrap_err();
        let by_shape = by_shape::<Wrap>(body.as_bytes(), "http://h/x", 200).unwrap_err();
        assert_eq!(typed, by_shape, "{body}");
        assert!(typed.message.contains(typed.expected.as_deref().unwrap_or("?")), "{}", typed.message);
        (typed.path, typed.expected.unwrap_or_default().into(), typed.found.unwrap_or_default().into())
    }

    /// The path, expected and found of wrong values at every depth, wrong container kinds, missing and repeated
    /// members, and grammar faults, escapes and odd spacing included.
    #[test]
    fn errors_name_the_path_what_was_expected_and_what_was_found() {
        let digits = "a non-negative integer or a string of digits";
        for (body, path, expected, found) in [
            (r#"{"items":[{"amount":1},{"amount":"x"}]}"#, Some("items[1].amount"), digits, r#"the string "x""#),
            (
                r#"{"name":"a","items":[{"amount":1,"tags":["t",7]}]}"#,
                Some("items[0].tags[1]"),
                "a string",
                "the number 7",
            ),
            (
                r#"{"items":[],"grid":[[1,2],[3,300]]}"#,
                Some("grid[1][1]"),
                "an integer from 0 to 255",
                "the number 300",
            ),
            (r#"{"items":[{"amount":{"deep":[1,2]}}]}"#, Some("items[0].amount"), digits, "an object"),
            (r#"{"items":[{"tags":[]}]}"#, Some("items[0]"), "a member `amount` (Item)", "nothing"),
            (r#"{"items":{"amount":1}}"#, Some("items"), "an array", "an object"),
            (r#"{"name":7,"items":[]}"#, Some("name"), "a string", "the number 7"),
            (r#"{"items":[],"items":[]}"#, Some("items"), "each member once", "it a second time"),
            (
                "{\n  \"items\" : [\n    { \"amount\" : 1 } ,\n    { \"amount\" : null }\n  ]\n}",
                Some("items[1].amount"),
                digits,
                "null",
            ),
            (r#"{"we\"ird":{"a":[1,{"b":2}]},"items":[{"amount":true}]}"#, Some("items[0].amount"), digits, "true"),
            (r#"{"items":[{"amount":1} {"amount":2}]}"#, Some("items"), "`,` or `]`", "an object"),
            (r#"{"items":[{"amount":1},{"amount":2"#, Some("items[1]"), "`,` or `}`", "the end of the body"),
            // A struct may be sent as an array of its fields.
            (r#"[1,2]"#, Some("[0]"), "a string", "the number 1"),
            (r#"true"#, None, "an object (Wrap)", "true"),
            (r#""text""#, None, "an object (Wrap)", r#"the string "text""#),
            (r#"{"items":[]} x"#, None, "the end of the body", "`x`"),
        ] {
            assert_eq!(refused(body), (path.map(str::to_owned), expected.to_owned(), found.to_owned()), "{body}");
        }
    }

    #[test]
    fn reports_truncation_and_html() {
        let err = json::<Vec<Item>>(br#"[{"amount":1},{"amo"#, "http://h/x", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::Truncated);
        assert!(err.message.contains("truncated"), "{}", err.message);
        assert_eq!(err.found.as_deref(), Some("the end of the body"));

        let err = json::<Vec<Item>>(b"<html><h1>429 Too Many Requests</h1></html>", "u", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::Html);
        assert!(err.message.contains("HTML page: <html><h1>429 Too Many Requests"), "{}", err.message);
        assert_eq!((err.path, err.expected.as_deref()), (None, Some("JSON")));
    }

    #[test]
    fn messages_and_paths_stay_short_whatever_the_body() {
        // A megabyte-long string where a number belongs, a number with a million digits, a megabyte of text that is
        // not JSON.
        let huge = "9".repeat(1 << 20);
        let err = json::<Wrap>(format!(r#"{{"items":[{{"amount":"{huge}x"}}]}}"#).as_bytes(), "u", 200).unwrap_err();
        assert_eq!(err.path.as_deref(), Some("items[0].amount"));
        assert!(err.message.chars().count() <= MESSAGE_CHARS + 1, "{} chars", err.message.len());
        assert!(
            err.found.as_deref().is_some_and(|found| found.starts_with("the string \"9999") && found.ends_with("…\""))
        );
        let err = json::<Wrap>(format!(r#"{{"items":[{{"amount":{huge}}}]}}"#).as_bytes(), "u", 200).unwrap_err();
        assert!(err.message.chars().count() <= MESSAGE_CHARS + 1, "{} chars", err.message.len());
        let err = json::<Wrap>(huge.replace('9', "z").as_bytes(), "u", 200).unwrap_err();
        assert_eq!(err.body, BodyKind::NotJson);
        assert!(err.message.chars().count() <= SNIPPET_CHARS + 64, "{} chars", err.message.len());
        assert_eq!(bounded("abcdef", 3), "abc…");
        assert_eq!(bounded("héé", 3), "héé");
    }

    /// A value nested a hundred million brackets deep ends in a decode error, in bounded memory (a bit per bracket
    /// while stepping over it; no frame per level anywhere on the error path).
    #[test]
    fn any_depth_ends_in_a_decode_error() {
        let mut body = br#"{"items":[],"x":"#.to_vec();
        body.resize(body.len() + 100_000_000, b'[');
        let err = json::<Wrap>(&body, "u", 200).unwrap_err();
        assert_eq!((err.body, err.path.as_deref()), (BodyKind::Truncated, Some("x")));
        let err = by_shape::<Wrap>(&body[..1_000_000], "u", 200).unwrap_err();
        assert_eq!((err.body, err.path.as_deref()), (BodyKind::Truncated, Some("x")));
    }

    #[test]
    fn snippets_are_short_and_on_one_line() {
        let long = "x\n".repeat(500);
        let s = snippet(long.as_bytes());
        assert!(s.chars().count() <= SNIPPET_CHARS + 1 && !s.contains('\n'));
        assert_eq!(snippet("  héllo  wörld ".as_bytes()), "héllo wörld");
    }
}
