//! Checks of the extra request headers a caller configures, so a bad name or value is an [`InvalidInput`] when the
//! client is made rather than a failure inside every call (a browser's `fetch` throws on them).

use crate::error::InvalidInput;

/// Checks one header: the name is an RFC 9110 token (letters, digits and ``!#$%&'*+-.^_`|~``) and the value holds
/// no control characters other than tab (no CR, LF or NUL, which would split or end the header) and nothing beyond
/// Latin-1 (`fetch` takes a header value as bytes, one per character, and throws on `€`).
pub fn check(name: &str, value: &str) -> Result<(), InvalidInput> {
    if name.is_empty() {
        return Err(InvalidInput::new("headers", "has an empty header name"));
    }
    if let Some(bad) = name.chars().find(|c| !is_token_char(*c)) {
        return Err(InvalidInput::new(
            "headers",
            format!("the header name {:?} contains {bad:?}; names are letters, digits and !#$%&'*+-.^_`|~", snip(name)),
        ));
    }
    if let Some(bad) = value.chars().find(|c| c.is_control() && *c != '\t') {
        return Err(InvalidInput::new(
            "headers",
            format!("the value of {:?} contains the control character {bad:?}", snip(name)),
        ));
    }
    if let Some(bad) = value.chars().find(|c| u32::from(*c) > 0xff) {
        return Err(InvalidInput::new(
            "headers",
            format!("the value of {:?} contains {bad:?}, beyond Latin-1 (U+0000 to U+00FF)", snip(name)),
        ));
    }
    Ok(())
}

/// Checks every header of `headers` (see [`check`]).
pub fn check_all<'a>(headers: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<(), InvalidInput> {
    headers.into_iter().try_for_each(|(name, value)| check(name, value))
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// The first characters of a header name, for messages.
fn snip(text: &str) -> String {
    text.char_indices().nth(40).map_or(text, |(cut, _)| &text[..cut]).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_headers() {
        check_all([("x-api-key", "abc 123"), ("Authorization", "Bearer a.b.c"), ("X-Trace", "a\tb"), ("x", "")])
            .unwrap();
        check("x-name", "café ©").unwrap();
    }

    #[test]
    fn rejects_names_and_values_fetch_would_throw_on() {
        for (name, value) in [
            ("", "v"),
            ("bad name", "v"),
            ("x:y", "v"),
            ("ünï", "v"),
            ("x\n", "v"),
            ("ok", "line\r\nInjected: 1"),
            ("ok", "nul\0"),
            ("x-api-key", "€uro"),
            ("x-api-key", "key 🔑"),
        ] {
            let e = check(name, value).unwrap_err();
            assert_eq!(e.parameter, "headers", "{name:?}: {value:?}");
        }
    }
}
