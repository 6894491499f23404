//! JSON text read by hand where nobody sees why a text is refused (bodies a shape already checked, the package's own
//! transcoded pages, error bodies looked into for a server's message), without serde in the `.wasm`: [`Scan`] steps
//! over values by the crate's `skip` module and hands out an object's members or an array's elements, strings
//! unescaped as serde reads them, number literals and any value as their text. Every refusal is a bare `None`.

use std::borrow::Cow;

use crate::skip::Cursor;

/// A cursor over JSON text (see the module docs). Each reading method skips whitespace first and, on `None`,
/// leaves the cursor anywhere: a refused text is given up whole.
#[derive(Clone)]
pub struct Scan<'a>(Cursor<'a>);

/// One member of a container, as [`Scan::members`] hands it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Member<'a> {
    /// An object's member, by its key (unescaped).
    Key(Cow<'a, str>),
    /// An array's element, by its index.
    Index(usize),
}

impl<'a> Scan<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self(Cursor { body: bytes, at: 0 })
    }

    /// The next byte after whitespace, not consumed.
    pub fn peek(&mut self) -> Option<u8> {
        self.0.peek()
    }

    /// True when nothing but whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Steps over one value (by the crate's `skip` module): the value's text.
    pub fn value(&mut self) -> Option<&'a [u8]> {
        self.peek()?;
        let start = self.0.at;
        self.0.skip().ok()?;
        Some(&self.0.body[start..self.0.at])
    }

    /// Reads a string as serde reads it into a `String`: unescaped, and refused when it is not UTF-8 or an escape
    /// is a lone surrogate.
    pub fn string(&mut self) -> Option<Cow<'a, str>> {
        if self.peek()? != b'"' {
            return None;
        }
        let raw = self.value()?;
        let raw = &raw[1..raw.len() - 1];
        if !raw.contains(&b'\\') {
            return std::str::from_utf8(raw).ok().map(Cow::Borrowed);
        }
        unescape(raw).map(Cow::Owned)
    }

    /// Reads a number literal: its text (`None` when the next value is no number).
    pub fn number_text(&mut self) -> Option<&'a str> {
        match self.peek()? {
            b'-' | b'0'..=b'9' => self.value().and_then(|text| std::str::from_utf8(text).ok()),
            _ => None,
        }
    }

    /// Reads `null` if it comes next (true), else reads nothing (false).
    pub fn null(&mut self) -> bool {
        let found = self.peek() == Some(b'n') && self.0.body[self.0.at..].starts_with(b"null");
        if found {
            self.0.at += 4;
        }
        found
    }

    /// Reads an object's members or an array's elements: `each` is handed each one and must read its value (or
    /// refuse it). Anything else is refused.
    pub fn members(&mut self, mut each: impl FnMut(Member<'a>, &mut Self) -> Option<()>) -> Option<()> {
        self.each_member(&mut each)
    }

    /// [`members`](Self::members), compiled once for every caller.
    fn each_member(&mut self, each: &mut dyn FnMut(Member<'a>, &mut Self) -> Option<()>) -> Option<()> {
        let close = match self.peek()? {
            b'{' => b'}',
            b'[' => b']',
            _ => return None,
        };
        self.0.at += 1;
        let mut index = 0;
        while self.0.more(close, index == 0).ok()? {
            let member = if close == b'}' {
                let key = self.string()?;
                self.0.take(b':', "`:`").ok()?;
                Member::Key(key)
            } else {
                Member::Index(index)
            };
            each(member, self)?;
            index += 1;
        }
        self.0.at += 1;
        Some(())
    }

    /// Reads an array's elements: `each` must read each one (or refuse it). Anything else is refused.
    pub fn elements(&mut self, mut each: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        if self.peek()? != b'[' {
            return None;
        }
        self.members(|_, scan| each(scan))
    }

    /// Reads a struct whose fields are `names` as serde's derive does: an object (unknown members stepped over, a field
    /// named twice refused) or an array of the fields in order, `field` handed each field's index to read its value.
    pub fn fields(&mut self, names: &[&str], mut field: impl FnMut(usize, &mut Self) -> Option<()>) -> Option<()> {
        self.each_field(names, &mut field)
    }

    /// [`fields`](Self::fields), compiled once for every caller.
    fn each_field(&mut self, names: &[&str], field: &mut dyn FnMut(usize, &mut Self) -> Option<()>) -> Option<()> {
        let mut seen = vec![false; names.len()];
        self.members(|member, scan| {
            let index = match member {
                Member::Key(key) => match names.iter().position(|name| *name == key) {
                    Some(index) => index,
                    None => return scan.value().map(drop),
                },
                Member::Index(index) => index,
            };
            if std::mem::replace(seen.get_mut(index)?, true) {
                return None;
            }
            field(index, scan)
        })
    }
}

/// True when `bytes` is one JSON value and nothing else (whitespace aside).
pub fn is_json(bytes: &[u8]) -> bool {
    let mut scan = Scan::new(bytes);
    scan.value().is_some() && scan.at_end()
}

/// A string's contents (between its quotes, escapes checked) unescaped, or `None` where serde refuses it: bytes
/// that are not UTF-8, an escaped lone surrogate.
fn unescape(raw: &[u8]) -> Option<String> {
    String::from_utf8(unescape_bytes(raw)?).ok()
}

/// A string's contents (between its quotes, escapes checked) with its escapes undone, not yet checked to be UTF-8;
/// `None` for an escaped lone surrogate.
pub(crate) fn unescape_bytes(raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'\\' {
            out.push(raw[i]);
            i += 1;
            continue;
        }
        let escaped = raw[i + 1];
        i += 2;
        let byte = match escaped {
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let unit = hex4(&raw[i..i + 4]);
                i += 4;
                let code = match unit {
                    0xd800..=0xdbff => {
                        // A high surrogate must be followed by an escaped low one.
                        let low =
                            raw.get(i..i + 6).filter(|next| next.starts_with(b"\\u")).map(|next| hex4(&next[2..]));
                        let low = low.filter(|low| (0xdc00..=0xdfff).contains(low))?;
                        i += 6;
                        0x10000 + ((u32::from(unit) - 0xd800) << 10) + (u32::from(low) - 0xdc00)
                    }
                    0xdc00..=0xdfff => return None,
                    unit => u32::from(unit),
                };
                let mut buffer = [0; 4];
                out.extend_from_slice(char::from_u32(code)?.encode_utf8(&mut buffer).as_bytes());
                continue;
            }
            other => other,
        };
        out.push(byte);
    }
    Some(out)
}

/// Four hex digits (already checked) as a number.
fn hex4(digits: &[u8]) -> u16 {
    digits.iter().fold(0, |value, digit| value << 4 | (*digit as char).to_digit(16).unwrap_or(0) as u16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::de::IgnoredAny;

    fn serde_accepts(text: &[u8]) -> bool {
        serde_json::from_slice::<IgnoredAny>(text).is_ok()
    }

    #[test]
    fn accepts_what_serde_json_accepts_and_nothing_else() {
        #[rustfmt::skip]
        let cases = [
            "", " ", "null", "nul", "nulll", "true", "tru", "false", "trueee", "0", "-0", "01", "-01", "1.", "1.5",
            ".5", "1e", "1e+", "1e5", "1E-5", "-", "--1", "1.5e3", "00", "0.0", "123456789012345678901234567890",
            r#""""#, r#"""#, r#""\""#, r#""\u12""#, r#""\u12G4""#, r#""\ud800""#, r#""\x""#, "\"a\u{1}\"", "\"\u{7f}\"",
            "[]", "[", "[1,]", "[,1]", "[1 2]", "[1,2]", "{}", "{", r#"{"a"}"#, r#"{"a":}"#, r#"{"a":1,}"#,
            r#"{"a":1}"#, r#"{a:1}"#, r#"{"a":1 "b":2}"#, "[[[[[]]]]]", "[{\"a\":[{}]}]",
            "[}", "{]", "1 2", " [ 1 , { } ] ", "\t\r\n1\n", "[1]x", "\u{feff}1", "1\u{a0}",
        ];
        for case in cases {
            assert_eq!(is_json(case.as_bytes()), serde_accepts(case.as_bytes()), "{case:?}");
        }
        let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        assert_eq!(is_json(deep.as_bytes()), serde_accepts(deep.as_bytes()));
        assert!(is_json(b"\"\xff\""), "a string's bytes are not checked when it is stepped over");
    }

    #[test]
    fn strings_read_as_serde_reads_them() {
        #[rustfmt::skip]
        let cases = [
            r#""plain""#, r#""a\"b\\c\/d\b\f\n\r\t""#, r#""\u00e9\u4e2d""#, r#""\ud83d\ude00""#, r#""\ud83d""#,
            r#""\ude00""#, r#""\ud83d\u0041""#, r#""\ud83dx""#, "\"é\"", r#""\u0000""#,
        ];
        for case in cases {
            let ours = Scan::new(case.as_bytes()).string().map(Cow::into_owned);
            let serde = serde_json::from_str::<String>(case).ok();
            assert_eq!(ours, serde, "{case}");
        }
        assert_eq!(Scan::new(b"\"\xff\"").string(), None, "not UTF-8");
        assert_eq!(Scan::new(b"1").string(), None);
    }

    #[test]
    fn members_and_values_are_handed_out_with_their_text() {
        let text = br#" {"a" : [1, {"b":null}] , "c\u0064":"x", "e": -1.5e3 } "#;
        let mut seen = Vec::new();
        let mut scan = Scan::new(text);
        scan.members(|member, scan| {
            seen.push((member, String::from_utf8(scan.value()?.to_vec()).ok()?));
            Some(())
        })
        .unwrap();
        assert!(scan.at_end());
        let key = |k: &str| Member::Key(Cow::Owned(k.to_owned()));
        assert_eq!(
            seen,
            [
                (key("a"), r#"[1, {"b":null}]"#.to_owned()),
                (key("cd"), r#""x""#.to_owned()),
                (key("e"), "-1.5e3".to_owned())
            ]
        );
        let mut elements = Vec::new();
        Scan::new(b"[true, 2 ,[]]")
            .members(|member, scan| {
                elements.push((member, scan.value()?.len()));
                Some(())
            })
            .unwrap();
        assert_eq!(elements, [(Member::Index(0), 4), (Member::Index(1), 1), (Member::Index(2), 2)]);
        assert_eq!(Scan::new(b"[1,]").members(|_, scan| scan.value().map(drop)), None);
        assert_eq!(Scan::new(b"\"s\"").members(|_, scan| scan.value().map(drop)), None);
        assert_eq!(Scan::new(b" -0.5e+2,").number_text(), Some("-0.5e+2"));
        assert_eq!(Scan::new(b"\"1\"").number_text(), None);
        let mut nulls = Scan::new(b" null 1");
        assert!(nulls.null() && !nulls.null());
    }

    proptest! {
        #![proptest_config(crate::testing::proptest_cases(4000))]

        /// Any text of JSON's bytes (valid or not) is accepted exactly when serde_json accepts it.
        #[test]
        fn any_text_is_accepted_as_serde_json_accepts_it(text in "[\\[\\]{}:,\" \\\\ntrufalse0-9.eE+\\-u]{0,24}") {
            prop_assert_eq!(is_json(text.as_bytes()), serde_accepts(text.as_bytes()), "{:?}", text);
        }

        /// Any JSON value serde_json writes is stepped over whole, and its strings read back.
        #[test]
        fn any_written_value_is_read_whole(value in crate::testing::json_value()) {
            let text = serde_json::to_string(&value).unwrap();
            let mut scan = Scan::new(text.as_bytes());
            prop_assert_eq!(scan.value(), Some(text.as_bytes()));
            if let serde_json::Value::String(s) = &value {
                let read = Scan::new(text.as_bytes()).string().map(Cow::into_owned);
                prop_assert_eq!(read.as_deref(), Some(s.as_str()));
            }
        }
    }
}
