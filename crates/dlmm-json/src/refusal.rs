//! Why a reader refused a body, in this crate's words: where (the JSON path, and the byte it stopped at), what it
//! expected there and what it found.
//!
//! A reader builds the refusal where it stops, and each container it was in adds its step on the way out
//! ([`Refusal::in_key`], [`Refusal::in_item`]), so the path costs nothing while a body reads well and nothing is
//! looked for afterwards.

use std::fmt;

/// The longest piece of a value (a string's text, a number's digits) a refusal quotes, in characters.
const QUOTE_CHARS: usize = 40;

/// The deepest path a refusal keeps, in steps (readers go no deeper than their shapes; a skipped value adds none).
const PATH_STEPS: usize = 64;

/// Why a reader refused a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The steps from the refused value out to the body's top, innermost first.
    steps: Vec<Step>,
    /// Whether steps beyond [`PATH_STEPS`] were left out (the path then begins with `…`).
    cut: bool,
    expected: String,
    found: Found,
    at: usize,
}

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    /// An object's member.
    Key(String),
    /// An array's item.
    Item(usize),
}

/// What a reader found where it expected something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number (its text, cut to a few dozen characters).
    Number(String),
    /// A string (its text, cut to a few dozen characters).
    Text(String),
    /// An object.
    Object,
    /// An array.
    Array,
    /// A byte JSON does not allow there (shown as the character it begins, or its hex code).
    Byte(u8),
    /// The end of the body: it was cut short.
    End,
    /// Nothing: a required member is absent.
    Absent,
    /// The member a second time.
    Repeated,
    /// An array of this many items.
    Items(usize),
    /// Something a rule of its own refused, described.
    Other(String),
}

impl Found {
    /// A number, by its text.
    pub fn number(text: &str) -> Self {
        Found::Number(bounded(text, QUOTE_CHARS))
    }

    /// A string, by its text.
    pub fn text(text: &str) -> Self {
        Found::Text(bounded(text, QUOTE_CHARS))
    }

    /// The kind of value the JSON text at the start of `rest` begins (after no whitespace), or the byte there.
    pub fn at(rest: &[u8]) -> Self {
        match rest.first() {
            None => Found::End,
            Some(b'{') => Found::Object,
            Some(b'[') => Found::Array,
            Some(b'"') => Found::Text(String::new()),
            Some(b'n') if rest.starts_with(b"null") => Found::Null,
            Some(b't') if rest.starts_with(b"true") => Found::Bool(true),
            Some(b'f') if rest.starts_with(b"false") => Found::Bool(false),
            Some(b'-' | b'0'..=b'9') => {
                let digits = rest.iter().take_while(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'));
                Found::number(&String::from_utf8_lossy(&rest[..digits.count()]))
            }
            Some(&byte) => Found::Byte(byte),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Null => f.write_str("null"),
            Found::Bool(value) => write!(f, "{value}"),
            Found::Number(text) => write!(f, "the number {text}"),
            Found::Text(text) if text.is_empty() => f.write_str("a string"),
            Found::Text(text) => write!(f, "the string {text:?}"),
            Found::Object => f.write_str("an object"),
            Found::Array => f.write_str("an array"),
            Found::Byte(byte) if byte.is_ascii_graphic() => write!(f, "`{}`", char::from(*byte)),
            Found::Byte(byte) => write!(f, "the byte 0x{byte:02x}"),
            Found::End => f.write_str("the end of the body"),
            Found::Absent => f.write_str("nothing"),
            Found::Repeated => f.write_str("it a second time"),
            Found::Items(n) => write!(f, "{n} item(s)"),
            Found::Other(what) => f.write_str(what),
        }
    }
}

impl Refusal {
    /// A refusal at byte `at`: `expected` was expected there, `found` was found.
    pub fn new(expected: impl Into<String>, found: Found, at: usize) -> Self {
        Self { steps: Vec::new(), cut: false, expected: expected.into(), found, at }
    }

    /// A refusal that names no place in a body (a reader asked for something its rules do not allow).
    pub fn other(expected: impl Into<String>, found: impl Into<String>) -> Self {
        Self::new(expected, Found::Other(found.into()), 0)
    }

    /// The same refusal, at byte `at`.
    pub(crate) fn placed(mut self, at: usize) -> Self {
        self.at = at;
        self
    }

    /// The same refusal, inside the member `key` of an object.
    pub fn in_key(self, key: &str) -> Self {
        self.inside(Step::Key(key.to_owned()))
    }

    /// The same refusal, inside item `index` of an array.
    pub fn in_item(self, index: usize) -> Self {
        self.inside(Step::Item(index))
    }

    /// The same refusal, one `step` further in (the path keeps its innermost [`PATH_STEPS`] steps).
    fn inside(mut self, step: Step) -> Self {
        if self.steps.len() < PATH_STEPS {
            self.steps.push(step);
        } else {
            self.cut = true;
        }
        self
    }

    /// The JSON path of the refused value (`data[3].amount`; `[2]` for an item of a top-level array), or `None` at
    /// the top.
    pub fn path(&self) -> Option<String> {
        let mut path = String::from(if self.cut { "…" } else { "" });
        for step in self.steps.iter().rev() {
            match step {
                Step::Key(key) if path.is_empty() => path.push_str(key),
                Step::Key(key) => path.push_str(&format!(".{key}")),
                Step::Item(index) => path.push_str(&format!("[{index}]")),
            }
        }
        (!path.is_empty()).then_some(path)
    }

    /// What the reader expected there.
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// What it found.
    pub fn found(&self) -> &Found {
        &self.found
    }

    /// The byte of the body where the reader stopped.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// True when the body ended before its JSON did.
    pub fn is_truncated(&self) -> bool {
        self.found == Found::End
    }
}

/// `expected …, found …` (the path is the caller's to show, beside it).
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl std::error::Error for Refusal {}

/// `text` cut to at most `max` characters, with `…` marking a cut.
pub fn bounded(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A leaf reader's refusal through serde's error interface (the readers models name are serde visitors, and this is
/// what they refuse with when the crate's own reader hands them a value), at byte 0 until the reader places it.
impl serde::de::Error for Refusal {
    fn custom<T: fmt::Display>(what: T) -> Self {
        Refusal::other("a value its reader accepts", what.to_string())
    }
    fn invalid_type(unexpected: serde::de::Unexpected<'_>, expected: &dyn serde::de::Expected) -> Self {
        Refusal::new(expected.to_string(), found_of(unexpected), 0)
    }
    fn invalid_value(unexpected: serde::de::Unexpected<'_>, expected: &dyn serde::de::Expected) -> Self {
        Refusal::new(expected.to_string(), found_of(unexpected), 0)
    }
}

/// What a visitor was handed, as [`Found`].
fn found_of(unexpected: serde::de::Unexpected<'_>) -> Found {
    use serde::de::Unexpected;
    match unexpected {
        Unexpected::Bool(value) => Found::Bool(value),
        Unexpected::Unsigned(value) => Found::Number(value.to_string()),
        Unexpected::Signed(value) => Found::Number(value.to_string()),
        Unexpected::Float(value) => Found::Number(bounded(&crate::float::text(value), QUOTE_CHARS)),
        Unexpected::Str(text) => Found::text(text),
        Unexpected::Unit | Unexpected::Option => Found::Null,
        Unexpected::Seq => Found::Array,
        Unexpected::Map => Found::Object,
        Unexpected::Other(what) => Found::Other(what.to_owned()),
        // Never met in JSON (and not written by serde's `Display`, which brings a second float printer along).
        _ => Found::Other("a value of another kind".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_its_path_expected_and_found() {
        let refusal =
            Refusal::new("an unsigned integer", Found::text("x"), 30).in_key("amount").in_item(1).in_key("items");
        assert_eq!(refusal.path().as_deref(), Some("items[1].amount"));
        assert_eq!(refusal.to_string(), r#"expected an unsigned integer, found the string "x""#);
        assert_eq!(refusal.offset(), 30);
        assert!(!refusal.is_truncated());
        assert_eq!(Refusal::new("`]`", Found::End, 3).in_item(0).path().as_deref(), Some("[0]"));
        assert!(Refusal::new("a value", Found::End, 0).is_truncated());
    }

    #[test]
    fn quotes_and_paths_stay_short() {
        let long = "9".repeat(1 << 20);
        assert!(Found::text(&long).to_string().chars().count() < QUOTE_CHARS + 20);
        assert!(Found::at(long.as_bytes()).to_string().chars().count() < QUOTE_CHARS + 20);
        let mut deep = Refusal::new("x", Found::Null, 0);
        for i in 0..10_000 {
            deep = deep.in_item(i);
        }
        assert_eq!(deep.steps.len(), PATH_STEPS);
        let path = deep.path().unwrap_or_default();
        assert!(path.starts_with("…[63][62]") && path.ends_with("[1][0]"), "the innermost steps, the rest cut: {path}");
        let key = Refusal::new("x", Found::Null, 0).in_key("a").in_item(2).in_key("data");
        assert_eq!(key.path().as_deref(), Some("data[2].a"));
    }

    #[test]
    fn values_are_told_by_their_first_bytes() {
        for (text, found) in [
            ("{", "an object"),
            ("[1]", "an array"),
            ("\"x\"", "a string"),
            ("null", "null"),
            ("true", "true"),
            ("-1.5e3,", "the number -1.5e3"),
            ("x", "`x`"),
            ("\u{1}", "the byte 0x01"),
            ("", "the end of the body"),
        ] {
            assert_eq!(Found::at(text.as_bytes()).to_string(), found, "{text:?}");
        }
    }
}
