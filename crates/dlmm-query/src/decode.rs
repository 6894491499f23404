//! Turning response bytes into models: a fast typed parse, and on failure a precise, path-naming error.

use serde::de::DeserializeOwned;

use crate::error::{BodyKind, DecodeError};

/// How many characters of a body an error message quotes.
const SNIPPET_CHARS: usize = 160;

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
            err.path = (path != ".").then_some(path);
            let inner = e.into_inner();
            err.message = if inner.is_eof() {
                err.body = BodyKind::Truncated;
                format!("the JSON ends early (truncated body): {inner}")
            } else {
                inner.to_string()
            };
        }
    }
    err
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

/// The first characters of a body, on one line, for error messages.
pub fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(trim_ascii(body));
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.char_indices().nth(SNIPPET_CHARS) {
        Some((cut, _)) => format!("{}…", &one_line[..cut]),
        None => one_line,
    }
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
    fn snippets_are_short_and_on_one_line() {
        let long = "x\n".repeat(500);
        let s = snippet(long.as_bytes());
        assert!(s.chars().count() <= SNIPPET_CHARS + 1 && !s.contains('\n'));
        assert_eq!(snippet("  héllo  wörld ".as_bytes()), "héllo wörld");
    }
}
