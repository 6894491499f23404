//! Stepping through JSON text: the `Cursor` the skipper, the shape reader (`crate::reader`) and the scanner
//! (`crate::json_scan`) share (whitespace, a container's separators, a refusal where they stop), and a value stepped
//! over without being read: at any depth (its containers kept as one bit each), its strings' escapes checked but
//! their text not read, and a fault in its grammar refused with what was expected there. The shape reader steps so
//! over the values of keys a model ignores, and `dlmm_query::decode::classify` over a whole body.

use crate::refusal::{Found, Refusal};

/// Steps over the whole of `body`: one JSON value, with whitespace around it.
pub fn whole(body: &[u8]) -> Result<(), Refusal> {
    let mut cursor = Cursor { body, at: 0 };
    cursor.skip()?;
    cursor.end()
}

/// A number literal's length and form, as [`number_form`] finds them.
#[derive(Clone, Copy)]
pub(crate) struct NumberForm {
    /// Its length in bytes.
    pub len: usize,
    /// It has a fraction (`.5`).
    pub fraction: bool,
    /// It has an exponent (`e3`).
    pub exponent: bool,
}

/// The number literal `bytes` begin with by JSON's grammar (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`, any leading
/// zeros when `leading_zeros`): its length and form, in one pass; or the byte where the grammar fails.
pub(crate) fn number_form(bytes: &[u8], leading_zeros: bool) -> Result<NumberForm, usize> {
    let some_digits = |from: usize| {
        let end = from + bytes.get(from..).unwrap_or_default().iter().take_while(|b| b.is_ascii_digit()).count();
        if end > from { Ok(end) } else { Err(end) }
    };
    let mut at = usize::from(bytes.first() == Some(&b'-'));
    if !leading_zeros && bytes.get(at) == Some(&b'0') && bytes.get(at + 1).is_some_and(u8::is_ascii_digit) {
        return Err(at + 1);
    }
    at = some_digits(at)?;
    let fraction = bytes.get(at) == Some(&b'.');
    if fraction {
        at = some_digits(at + 1)?;
    }
    let exponent = matches!(bytes.get(at), Some(b'e' | b'E'));
    if exponent {
        at = some_digits(at + 1 + usize::from(matches!(bytes.get(at + 1), Some(b'+' | b'-'))))?;
    }
    Ok(NumberForm { len: at, fraction, exponent })
}

/// The containers open around the value being stepped over: one bit each (set for an object), so a body of a
/// hundred million brackets costs a few megabytes, not a frame each.
#[derive(Default)]
struct Open {
    bits: Vec<u64>,
    depth: usize,
}

impl Open {
    fn push(&mut self, object: bool) {
        let (word, bit) = (self.depth / 64, self.depth % 64);
        if word == self.bits.len() {
            self.bits.push(0);
        }
        self.bits[word] = (self.bits[word] & !(1 << bit)) | (u64::from(object) << bit);
        self.depth += 1;
    }
    fn pop(&mut self) {
        self.depth -= 1;
    }
    /// The innermost container: `Some(true)` for an object, `Some(false)` for an array, `None` at the top.
    fn last(&self) -> Option<bool> {
        let top = self.depth.checked_sub(1)?;
        Some(self.bits[top / 64] & (1 << (top % 64)) != 0)
    }
}

/// A position in JSON text, and the steps every reader of the crate takes through it.
#[derive(Clone, Copy)]
pub(crate) struct Cursor<'a> {
    pub(crate) body: &'a [u8],
    pub(crate) at: usize,
}

impl Cursor<'_> {
    /// The next byte that is not whitespace, not taken (`None` at the end). Inlined where the next byte is not
    /// whitespace (the usual case of a compact body): a comparison rather than a call.
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        match self.body.get(self.at) {
            Some(&byte) if byte > b' ' => Some(byte),
            _ => self.after_whitespace(),
        }
    }

    /// [`Self::peek`] past whitespace.
    fn after_whitespace(&mut self) -> Option<u8> {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.body.get(self.at) {
            self.at += 1;
        }
        self.body.get(self.at).copied()
    }

    /// The refusal at the current byte, where `expected` was expected.
    pub(crate) fn fault(&self, expected: impl Into<String>) -> Refusal {
        self.fault_at(expected, self.at)
    }

    /// The refusal at byte `at`, where `expected` was expected.
    pub(crate) fn fault_at(&self, expected: impl Into<String>, at: usize) -> Refusal {
        Refusal::new(expected, Found::at(self.body.get(at..).unwrap_or_default()), at)
    }

    /// Takes `byte` when it comes next, or refuses what does, where `expected` was expected.
    pub(crate) fn take(&mut self, byte: u8, expected: &str) -> Result<(), Refusal> {
        if self.peek() != Some(byte) {
            return Err(self.fault(expected));
        }
        self.at += 1;
        Ok(())
    }

    /// Refuses anything but whitespace after the value read.
    pub(crate) fn end(&mut self) -> Result<(), Refusal> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.fault("the end of the body")),
        }
    }

    /// Whether the container `close` ends (`]` or `}`) goes on, after a member or (`first`) before the first: true
    /// for another member (its comma taken; an object's key's quote next), false at the end (`close`, not taken).
    pub(crate) fn more(&mut self, close: u8, first: bool) -> Result<bool, Refusal> {
        let object = close == b'}';
        match self.peek() {
            Some(byte) if byte == close => return Ok(false),
            Some(b'"') if first => return Ok(true),
            Some(_) if first && !object => return Ok(true),
            _ if first => {
                return Err(self.fault(if object { "a key (a string) or `}`" } else { "a JSON value or `]`" }));
            }
            Some(b',') => self.at += 1,
            _ => return Err(self.fault(if object { "`,` or `}`" } else { "`,` or `]`" })),
        }
        match self.peek() {
            Some(b'"') => Ok(true),
            Some(byte) if !object && byte != b']' => Ok(true),
            _ => Err(self.fault(if object { "a key (a string)" } else { "a JSON value" })),
        }
    }

    /// Steps over the value that comes next, containers and all, or refuses it for a fault in its grammar.
    pub(crate) fn skip(&mut self) -> Result<(), Refusal> {
        let mut open = Open::default();
        loop {
            let opened = match self.peek() {
                Some(b'n') => self.step_word(b"null").map(|()| false)?,
                Some(b't') => self.step_word(b"true").map(|()| false)?,
                Some(b'f') => self.step_word(b"false").map(|()| false)?,
                Some(b'-' | b'0'..=b'9') => self.step_number().map(|()| false)?,
                Some(b'"') => {
                    self.at += 1;
                    self.step_string().map(|()| false)?
                }
                Some(bracket @ (b'[' | b'{')) => {
                    self.at += 1;
                    open.push(bracket == b'{');
                    true
                }
                _ => return Err(self.fault("a JSON value")),
            };
            // Right after a bracket no comma is taken; after a value one is, or the container's end.
            let mut first = opened;
            loop {
                let Some(object) = open.last() else { return Ok(()) };
                let close = if object { b'}' } else { b']' };
                let more = match self.peek() {
                    Some(byte) if byte == close => false,
                    Some(_) if first => true,
                    None if first => return Err(self.fault("a JSON value")),
                    _ => self.more(close, false)?,
                };
                if more {
                    if object {
                        self.take(b'"', "a key (a string)")?;
                        self.step_string()?;
                        self.take(b':', "`:`")?;
                    }
                    break;
                }
                self.at += 1;
                open.pop();
                first = false;
            }
        }
    }

    /// `word` (`null`, `true`, `false`), its first letter seen.
    fn step_word(&mut self, word: &[u8]) -> Result<(), Refusal> {
        if self.body[self.at..].starts_with(word) {
            self.at += word.len();
            return Ok(());
        }
        // The first byte that differs (or the end).
        let same = self.body[self.at..].iter().zip(word).take_while(|(a, b)| a == b).count();
        Err(self.fault_at(format!("`{}`", String::from_utf8_lossy(word)), self.at + same))
    }

    /// A number literal.
    fn step_number(&mut self) -> Result<(), Refusal> {
        let start = self.at;
        let at = match number_form(&self.body[start..], false) {
            Ok(form) => {
                self.at += form.len;
                return Ok(());
            }
            Err(fault) => start + fault,
        };
        let found = match self.body.get(..=at) {
            Some(text) => Found::number(&String::from_utf8_lossy(&text[start..])),
            None => Found::End,
        };
        Err(Refusal::new("a number by JSON's grammar", found, at))
    }

    /// The rest of a string, its quote taken: its escapes checked, its text not read.
    fn step_string(&mut self) -> Result<(), Refusal> {
        let escape =
            "an escape (`\\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` and four hex digits)";
        loop {
            let Some(&byte) = self.body.get(self.at) else { return Err(self.fault("the string's closing quote")) };
            match byte {
                b'"' => {
                    self.at += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.at += 1;
                    match self.body.get(self.at) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.at += 1,
                        Some(b'u') => {
                            self.at += 1;
                            for _ in 0..4 {
                                match self.body.get(self.at) {
                                    Some(digit) if digit.is_ascii_hexdigit() => self.at += 1,
                                    _ => return Err(self.fault(escape)),
                                }
                            }
                        }
                        _ => return Err(self.fault(escape)),
                    }
                }
                0..0x20 => return Err(self.fault("a string's text (a control character must be escaped)")),
                _ => self.at += 1,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::de::IgnoredAny;

    use super::*;

    /// Bytes that make or break JSON.
    const EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\n\x01\x7f\x80\xc3\xa9\xff";

    /// What the skipper makes of `body`: accepted, or (where, expected, found).
    fn skipped(body: &str) -> Result<(), (usize, String, String)> {
        whole(body.as_bytes()).map_err(|e| (e.offset(), e.expected().to_owned(), e.found().to_string()))
    }

    #[test]
    fn faults_are_named_where_they_are() {
        let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
        for body in ["null", "true", "false", "1", "1.5e-3", "-0", "\"a\\u00e9\\n\"", "[]", "{}", "[[],{}]", &deep] {
            assert_eq!(skipped(body), Ok(()), "{body}");
        }
        for (body, at, expected, found) in [
            ("", 0, "a JSON value", "the end of the body"),
            ("nul", 3, "`null`", "the end of the body"),
            ("trux", 3, "`true`", "`x`"),
            ("01", 1, "a number by JSON's grammar", "the number 01"),
            ("1.", 2, "a number by JSON's grammar", "the end of the body"),
            ("[1 2]", 3, "`,` or `]`", "the number 2"),
            ("{\"a\" 1}", 5, "`:`", "the number 1"),
            ("{1:2}", 1, "a key (a string)", "the number 1"),
            ("[1,]", 3, "a JSON value", "`]`"),
            ("\"a\tb\"", 2, "a string's text (a control character must be escaped)", "the byte 0x09"),
            ("\"\\q\"", 2, skipped("\"\\x").unwrap_err().1.as_str(), "`q`"),
            ("\"abc", 4, "the string's closing quote", "the end of the body"),
            ("[] x", 3, "the end of the body", "`x`"),
        ] {
            assert_eq!(skipped(body), Err((at, expected.to_owned(), found.to_owned())), "{body:?}");
        }
        assert!(skipped(&"[".repeat(5_000)).is_err_and(|(at, _, found)| at == 5_000 && found == "the end of the body"));
    }

    /// A hundred million open brackets cost a bit each while stepped over, and end in a refusal.
    #[test]
    fn any_depth_is_stepped_over_in_bounded_memory() {
        let body = vec![b'['; 100_000_000];
        let refused = whole(&body).unwrap_err();
        assert!(refused.is_truncated() && refused.offset() == body.len());
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(3_000))]

        /// Whatever a few bytes changed, inserted or removed make of a JSON text, it is stepped over exactly when
        /// it is JSON (serde_json's reading is the reference), and a refusal points inside the body.
        #[test]
        fn mutated_bodies_are_stepped_over_exactly_when_they_are_json(
            edits in proptest::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(EDITS)), 1..4)
        ) {
            let mut body = br#"{"a":[1,-2.5e3,{"b":null,"c":"x\n\u00e9"}],"d":true,"e":false,"f":{}}"#.to_vec();
            for (at, kind, byte) in edits {
                let at = ((body.len() as f64) * at) as usize;
                match kind {
                    0 if at < body.len() => body[at] = byte,
                    2 if at < body.len() => drop(body.remove(at)),
                    _ => body.insert(at, byte),
                }
            }
            let ours = whole(&body);
            let json = serde_json::from_slice::<IgnoredAny>(&body).is_ok();
            proptest::prop_assert_eq!(ours.is_ok(), json, "{}", String::from_utf8_lossy(&body));
            if let Err(refused) = ours {
                proptest::prop_assert!(refused.offset() <= body.len());
            }
        }
    }
}
