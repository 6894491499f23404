//! Turning response bytes into models: a fast typed parse, and on failure a precise, path-naming error.

use serde::de::DeserializeOwned;

use crate::error::{BodyKind, DecodeError};

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
/// The common case runs a single typed parse. Only when it fails is the body examined again (and, for JSON, parsed
/// with path tracking), so the error can name the offending value (`pairs[12].reserve_x_amount`) without slowing
/// down successful decodes.
pub fn json<T: DeserializeOwned>(body: &[u8], url: &str, status: u16) -> Result<T, DecodeError> {
    serde_json::from_slice(body).map_err(|_| explain::<T>(body, url, status))
}

/// Builds the [`DecodeError`] for a body that failed to decode as `T`.
fn explain<T: DeserializeOwned>(body: &[u8], url: &str, status: u16) -> DecodeError {
    let kind = classify(body);
    let mut err = DecodeError { url: url.to_owned(), status, body: kind, path: None, message: String::new() };
    match kind {
        BodyKind::Empty => err.message = "the body is empty; expected JSON".to_owned(),
        BodyKind::Html => err.message = format!("expected JSON but the server sent an HTML page: {}", snippet(body)),
        BodyKind::NotJson => err.message = format!("expected JSON but the server sent: {}", snippet(body)),
        BodyKind::Truncated | BodyKind::WrongShape => {
            let de = &mut serde_json::Deserializer::from_slice(body);
            let Err(e) = serde_path_to_error::deserialize::<_, T>(de) else {
                err.message = "the JSON does not match the contract".to_owned();
                return err;
            };
            let path = e.path().to_string();
            err.path = (path != ".").then(|| bounded(&path, PATH_CHARS));
            let inner = e.into_inner();
            err.message = if inner.is_eof() {
                err.body = BodyKind::Truncated;
                format!("the JSON ends early (truncated body): {inner}")
            } else {
                inner.to_string()
            };
            err.message = bounded(&err.message, MESSAGE_CHARS);
        }
    }
    err
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
    match serde_json::from_slice::<serde::de::IgnoredAny>(text) {
        Ok(_) => BodyKind::WrongShape,
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
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
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

    #[test]
    fn snippets_are_short_and_on_one_line() {
        let long = "x\n".repeat(500);
        let s = snippet(long.as_bytes());
        assert!(s.chars().count() <= SNIPPET_CHARS + 1 && !s.contains('\n'));
        assert_eq!(snippet("  héllo  wörld ".as_bytes()), "héllo wörld");
    }
}
