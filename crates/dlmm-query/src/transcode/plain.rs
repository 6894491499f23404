//! Transcoding's fast path: a reader by hand for the plain JSON nearly every body is, writing exactly what reading
//! by serde writes ([`super::by_serde`]), several times faster.
//!
//! It reads by itself what it can write as serde's readers would without their help: strings without escapes,
//! number literals copied as sent, integers and amounts in canonical form, numeric and decimal text that is a JSON
//! number, the numeric text of `wire::f64` fields (the double it reads to, as that reader writes it), decimals sent as
//! numbers (the shortest form of the correctly rounded double, as serde's reader writes),
//! objects sent as objects, and the values of keys the model ignores when they are plain JSON. Any other
//! value (an escape, a string where a number is usual, an integer JavaScript cannot hold, a struct sent as an
//! array) it hands to serde, from the value's own text, which writes it as it would within the whole body. When
//! serde refuses such a value, or the body breaks JSON's grammar or the model's (a duplicate or missing field), it
//! gives the whole body up, and the caller reads it by serde from the start, for serde's error. So it never decides
//! an error, and what it writes is what serde writes: the tests pin the two together, mutated bodies included.

use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny};
use serde_json::de::SliceRead;

use super::{Seen, Value, end_object, field_named, in_range, keep_member};
use crate::datapi::models::is_decimal_text;
use crate::integer::IntType;
use crate::json_text::{JsonText, MAX_SAFE_INTEGER};
use crate::shape::{Leaf, Shape, StructShape, With};

/// The deepest nesting the reader steps over inside one value (an ignored key's, or one handed to serde). serde_json
/// refuses a body nested deeper than 128, counted from its root: a value nested at most this deep, at the few levels
/// of any model, stays within that, so what is read here is never what serde would refuse for its depth.
const MAX_DEPTH: usize = 100;

/// What each byte is inside a string: [`PLAIN`], [`WIDE`] (part of a character beyond ASCII) or [`STOP`] (a
/// quote, a backslash or a control character).
static STRING_BYTES: [u8; 256] = {
    let mut table = [PLAIN; 256];
    let mut byte = 0;
    while byte < 256 {
        if byte < 0x20 || byte == b'"' as usize || byte == b'\\' as usize {
            table[byte] = STOP;
        } else if byte >= 0x80 {
            table[byte] = WIDE;
        }
        byte += 1;
    }
    table
};
const PLAIN: u8 = 0;
const WIDE: u8 = 1;
const STOP: u8 = 2;

/// Transcodes the JSON value `body` of shape `shape` into `out`, or gives up (`None`) with part of it written.
pub(super) fn read(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<()> {
    let mut reader = Reader { body, at: 0 };
    reader.value(shape, out)?;
    reader.space();
    (reader.at == body.len()).then_some(())
}

/// Transcodes the JSON value `body` begins with (after no whitespace) into `out`: its length; or gives up (`None`)
/// with part of it written.
pub(super) fn read_leading(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    let mut reader = Reader { body, at: 0 };
    reader.value(shape, out)?;
    Some(reader.at)
}

/// A string's text as the body holds it (no escapes, no control characters: nothing to undo).
#[derive(Clone, Copy)]
struct Text<'a> {
    bytes: &'a [u8],
    ascii: bool,
}

impl<'a> Text<'a> {
    /// The text as a `str` (`None` when it is not UTF-8, which serde refuses).
    fn as_str(self) -> Option<&'a str> {
        std::str::from_utf8(self.bytes).ok()
    }

    /// The number literal that is the whole text, if it is one.
    fn number(self) -> Option<Number<'a>> {
        Number::whole_of(self.bytes)
    }
}

/// A JSON number literal.
#[derive(Clone, Copy)]
pub(super) struct Number<'a> {
    text: &'a [u8],
    /// No fraction and no exponent.
    whole: bool,
    /// No exponent and under 300 bytes: well inside a double's range without parsing it.
    plain: bool,
}

impl<'a> Number<'a> {
    /// The number literal (by JSON's grammar) that `bytes` begin with, or `None` when they do not begin with one or
    /// it runs on into what cannot follow a number (`01`, `1.`, `1e+`).
    fn at(bytes: &'a [u8]) -> Option<Self> {
        let digits = |from: usize| bytes[from.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
        let mut end = usize::from(bytes.first() == Some(&b'-'));
        match bytes.get(end)? {
            b'0' => end += 1,
            b'1'..=b'9' => end += digits(end),
            _ => return None,
        }
        let mut whole = true;
        if bytes.get(end) == Some(&b'.') {
            let fraction = digits(end + 1);
            (fraction > 0).then_some(())?;
            end += 1 + fraction;
            whole = false;
        }
        let mut exponent = false;
        if let Some(b'e' | b'E') = bytes.get(end) {
            end += 1;
            if let Some(b'+' | b'-') = bytes.get(end) {
                end += 1;
            }
            let digits = digits(end);
            (digits > 0).then_some(())?;
            end += digits;
            (whole, exponent) = (false, true);
        }
        if let Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-') = bytes.get(end) {
            return None;
        }
        Some(Self { text: &bytes[..end], whole, plain: !exponent && end < 300 })
    }

    /// The number literal that is all of `bytes`, if they are one.
    pub(super) fn whole_of(bytes: &'a [u8]) -> Option<Self> {
        Self::at(bytes).filter(|number| number.text.len() == bytes.len())
    }

    /// The literal's text (ASCII, as JSON's grammar makes it).
    fn as_str(&self) -> &'a str {
        std::str::from_utf8(self.text).unwrap_or_default()
    }

    /// True when the value is well inside a double's range (below 1e300 in magnitude: the edges are left to the
    /// readers, which report them).
    fn in_range(self) -> bool {
        self.plain || in_range(self.as_str())
    }

    /// The value of a whole number in canonical form (no `-0`; JSON's grammar allows no leading zero) of at most
    /// `max` in magnitude, negative only when `signed`.
    fn integer(self, signed: bool, max: u64) -> Option<u64> {
        let (negative, digits) = match self.text.split_first() {
            Some((b'-', digits)) => (true, digits),
            _ => (false, self.text),
        };
        if !self.whole || (negative && !signed) {
            return None;
        }
        let value = digits.iter().try_fold(0u64, |v, d| v.checked_mul(10)?.checked_add(u64::from(d - b'0')))?;
        (value <= max && !(negative && value == 0)).then_some(value)
    }
}

/// What serde's reading of a value gives.
type SerdeResult = Result<(), serde_json::Error>;

/// Which strings [`Reader::skip`] steps over.
#[derive(Clone, Copy)]
enum Strings {
    /// Only those the reader reads itself: serde must accept what is skipped.
    Plain,
    /// Any, escapes and all: serde reads what is skipped next.
    Escaped,
}

/// A position in a body.
struct Reader<'a> {
    body: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// Steps over JSON whitespace.
    fn space(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.body.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte that is not whitespace, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.body.get(self.at).copied()
    }

    /// The next byte that is not whitespace, taken.
    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        Some(byte)
    }

    /// Takes `byte`, the next one that is not whitespace.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.next()? == byte).then_some(())
    }

    /// Takes `word` (`true`, `false`, `null`) when it comes next.
    fn word(&mut self, word: &str) -> bool {
        self.space();
        let found = self.body[self.at..].starts_with(word.as_bytes());
        if found {
            self.at += word.len();
        }
        found
    }

    /// Takes `null` when it comes next.
    fn null(&mut self) -> bool {
        self.word("null")
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<Text<'a>> {
        self.expect(b'"')?;
        let rest = &self.body[self.at..];
        let (mut length, mut ascii) = (0, true);
        loop {
            match STRING_BYTES[usize::from(*rest.get(length)?)] {
                PLAIN => {}
                WIDE => ascii = false,
                _ => break,
            }
            length += 1;
        }
        // Not whitespace first: a tab inside a string is a control character, not a gap before the quote.
        (rest[length] == b'"').then_some(())?;
        self.at += length + 1;
        Some(Text { bytes: &rest[..length], ascii })
    }

    /// A number literal.
    fn number(&mut self) -> Option<Number<'a>> {
        self.space();
        let number = Number::at(&self.body[self.at..])?;
        self.at += number.text.len();
        Some(number)
    }

    /// A value of `shape`. What the reader does not read itself is read by serde (see [`Self::by_serde`]).
    fn value(&mut self, shape: &Shape, out: &mut JsonText) -> Option<()> {
        let start = self.at;
        let read = match shape {
            Shape::Leaf(leaf) => self.leaf(leaf, out),
            Shape::Struct(fields) if self.peek()? == b'{' => return self.object(fields, out),
            Shape::List(item) if self.peek()? == b'[' => return self.list(item, out),
            Shape::Optional(_) if self.null() => {
                out.null();
                return Some(());
            }
            Shape::Optional(inner) => return self.value(inner, out),
            Shape::Struct(_) | Shape::List(_) => None,
        };
        if read.is_none() {
            self.at = start;
            return self.value_by_serde(shape, out);
        }
        read
    }

    /// A value the reader does not read itself (an escape, a number where text is usual, a struct sent as an
    /// array, …), read by serde from its own text as [`super::by_serde`] reads it within the body: so it is written
    /// the same. `None` when serde refuses it (the caller then reads the whole body by serde, for serde's error).
    fn value_by_serde(&mut self, shape: &Shape, out: &mut JsonText) -> Option<()> {
        let numbers_as_sent = std::mem::replace(&mut out.numbers_as_sent, true);
        let read = self.by_serde(|de| Value { shape, out: &mut *out }.deserialize(de));
        out.numbers_as_sent = numbers_as_sent;
        read
    }

    /// The next value, read by `read` from its own text.
    fn by_serde(
        &mut self,
        read: impl FnOnce(&mut serde_json::Deserializer<SliceRead<'a>>) -> SerdeResult,
    ) -> Option<()> {
        self.space();
        let start = self.at;
        self.skip(0, Strings::Escaped)?;
        let mut de = serde_json::Deserializer::from_slice(&self.body[start..self.at]);
        read(&mut de).and_then(|()| de.end()).ok()
    }

    /// An object with named fields (a struct sent as an array is left to serde).
    fn object(&mut self, shape: &StructShape, out: &mut JsonText) -> Option<()> {
        self.expect(b'{')?;
        let (start, base) = (out.begin_object(), out.fields.len());
        let mut seen = Seen::new(shape.fields.len());
        let mut next = 0;
        let mut more = self.peek()? != b'}';
        if !more {
            self.at += 1;
        }
        while more {
            let key = self.string()?;
            self.expect(b':')?;
            match field_named(shape, next, key.bytes) {
                // A key the model ignores (serde reads it as text, so it must be UTF-8), and its value.
                None => {
                    key.as_str()?;
                    let start = self.at;
                    if self.skip(0, Strings::Plain).is_none() {
                        self.at = start;
                        self.by_serde(|de| IgnoredAny::deserialize(de).map(drop))?;
                    }
                }
                Some(index) => {
                    next = index + 1;
                    if !seen.insert(index) {
                        return None;
                    }
                    let field = &shape.fields[index];
                    let (at, nulls) = (out.key(field.wire), out.null_patterns());
                    self.value(field.shape, out)?;
                    keep_member(out, field, index, at, nulls);
                }
            }
            more = match self.next()? {
                b',' => true,
                b'}' => false,
                _ => return None,
            };
        }
        end_object(out, shape, &seen, start, base).ok()
    }

    /// An array of values of one shape.
    fn list(&mut self, item: &Shape, out: &mut JsonText) -> Option<()> {
        self.expect(b'[')?;
        out.begin_array();
        let mut more = self.peek()? != b']';
        if !more {
            self.at += 1;
        }
        while more {
            out.element();
            self.value(item, out)?;
            more = match self.next()? {
                b',' => true,
                b']' => false,
                _ => return None,
            };
        }
        out.end_array();
        Some(())
    }

    /// A well-formed JSON value, stepped over: the value of a key the model ignores ([`Strings::Plain`]), or the
    /// extent of a value serde is to read ([`Strings::Escaped`]).
    fn skip(&mut self, depth: usize, strings: Strings) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (close, mut more) = match self.peek()? {
            b'"' => return self.skip_string(strings),
            b'{' => (b'}', true),
            b'[' => (b']', true),
            b't' | b'f' | b'n' => return (self.word("true") || self.word("false") || self.null()).then_some(()),
            _ => return self.number().map(drop),
        };
        self.at += 1;
        if self.peek()? == close {
            self.at += 1;
            more = false;
        }
        while more {
            if close == b'}' {
                self.skip_string(strings)?;
                self.expect(b':')?;
            }
            self.skip(depth + 1, strings)?;
            more = match self.next()? {
                b',' => true,
                b if b == close => false,
                _ => return None,
            };
        }
        Some(())
    }

    /// A string stepped over: UTF-8 without escapes ([`Strings::Plain`]), or up to its closing quote
    /// ([`Strings::Escaped`]).
    fn skip_string(&mut self, strings: Strings) -> Option<()> {
        if let Strings::Plain = strings {
            return self.string()?.as_str().map(drop);
        }
        self.expect(b'"')?;
        loop {
            match self.body.get(self.at)? {
                b'"' => break,
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        Some(())
    }

    /// A leaf, read and written as its reader and the model's writer would.
    fn leaf(&mut self, leaf: &Leaf, out: &mut JsonText) -> Option<()> {
        match leaf {
            Leaf::String => write_string(out, self.string()?)?,
            Leaf::Bool if self.word("true") => out.literal(b"true"),
            Leaf::Bool if self.word("false") => out.literal(b"false"),
            Leaf::Bool => return None,
            Leaf::With(With::OptF64 | With::OptU64 | With::OptI64 | With::OptI32) if self.null() => out.null(),
            // Numeric text read by `wire::f64` (the vendor sends many figures so): the double its text reads to.
            Leaf::With(With::F64 | With::OptF64) if self.peek()? == b'"' => {
                out.double(crate::wire::f64_of_text(self.string()?.as_str()?)?);
            }
            Leaf::F64 | Leaf::With(With::F64 | With::OptF64) => {
                let number = self.number().filter(|number| number.in_range())?;
                out.literal(number.text);
            }
            Leaf::NumericText | Leaf::With(With::NumericString) => {
                let text = self.string()?;
                text.number().filter(|number| number.in_range())?;
                // Numeric text is written as the number; a `numeric_string` field stays text.
                match leaf {
                    Leaf::NumericText => out.literal(text.bytes),
                    _ => out.unescaped_string(text.bytes),
                }
            }
            Leaf::Decimal if self.peek()? == b'"' => {
                let text = self.string()?.as_str()?;
                (is_decimal_text(text) && in_range(text)).then(|| out.unescaped_string(text.as_bytes()))?;
            }
            Leaf::Decimal => {
                let number = self.number()?;
                match number.integer(true, MAX_SAFE_INTEGER) {
                    Some(_) => out.unescaped_string(number.text),
                    // A fraction or an exponent: serde reads a double (correctly rounded, as `float::parse` does)
                    // and the decimal text is its shortest form; one beyond a double's range is serde's error.
                    None if !number.whole => {
                        let value = crate::float::parse(number.as_str()).filter(|value| value.is_finite())?;
                        out.unescaped_string(value.to_string().as_bytes());
                    }
                    None => return None,
                }
            }
            Leaf::Amount => {
                let number = match self.peek()? {
                    b'"' => self.string()?.number()?,
                    _ => self.number()?,
                };
                number.integer(false, u64::MAX)?;
                out.amount_digits(number.text);
            }
            Leaf::Int(IntType::U64) | Leaf::With(With::U64 | With::OptU64) => {
                self.integer(false, MAX_SAFE_INTEGER, out)?
            }
            Leaf::Int(IntType::I64) | Leaf::With(With::I64 | With::OptI64) => {
                self.integer(true, MAX_SAFE_INTEGER, out)?
            }
            Leaf::Int(IntType::U32) => self.integer(false, u32::MAX.into(), out)?,
            Leaf::Int(IntType::U16) | Leaf::With(With::U16) => self.integer(false, u16::MAX.into(), out)?,
            Leaf::Int(IntType::U8) | Leaf::With(With::U8) => self.integer(false, u8::MAX.into(), out)?,
            Leaf::Int(IntType::I32) | Leaf::With(With::I32 | With::OptI32) => {
                self.integer(true, i32::MAX as u64, out)?
            }
            Leaf::With(With::NonemptyString) if self.null() => out.null(),
            Leaf::With(With::NonemptyString) => match self.string()? {
                text if text.bytes.is_empty() => out.null(),
                text => write_string(out, text)?,
            },
            Leaf::Enum(names) => {
                let name = self.string()?.bytes;
                let found = names.variants.iter().find(|(wire, _)| wire.as_bytes() == name).map(|(_, js)| *js);
                out.string(found.or(names.other)?);
            }
            Leaf::ProtocolMetrics => return None,
        }
        Some(())
    }

    /// An integer in canonical form of at most `max` in magnitude (negative only when `signed`), copied.
    fn integer(&mut self, signed: bool, max: u64, out: &mut JsonText) -> Option<()> {
        let number = self.number()?;
        number.integer(signed, max)?;
        out.literal(number.text);
        Some(())
    }
}

/// Writes a string read without escapes as the writer writes it: ASCII as it is, anything else escaped (`None`
/// when it is not UTF-8).
fn write_string(out: &mut JsonText, text: Text<'_>) -> Option<()> {
    match text.ascii {
        true => out.unescaped_string(text.bytes),
        false => out.string(text.as_str()?),
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_text::Written;
    use crate::models::PairInfo;
    use crate::shape::HasShape;

    /// What the fast path writes for `body`, or `None` when it gives up.
    fn fast(body: &str, shape: &Shape) -> Option<Written> {
        let mut out = JsonText::default();
        read(body.as_bytes(), shape, &mut out)?;
        Some(out.finish("test").expect("written"))
    }

    /// What reading by serde writes for `body`.
    fn by_serde(body: &str, shape: &Shape) -> Option<Written> {
        let mut out = JsonText::default();
        super::super::by_serde(body.as_bytes(), shape, &mut out).ok()?;
        out.finish("test").ok()
    }

    fn pair() -> String {
        concat!(
            r#"{"address":"A1","name":"SOL-USDC","mint_x":"X","mint_y":"Y","reserve_x":"RX","reserve_y":"RY","#,
            r#""reserve_x_amount":18446744073709551615,"reserve_y_amount":"12","bin_step":25,"#,
            r#""base_fee_percentage":"0.25","max_fee_percentage":"1e1","protocol_fee_percentage":"5","#,
            r#""liquidity":"123.5","reward_mint_x":"R","reward_mint_y":"R","fees_24h":1.5e3,"today_fees":0,"#,
            r#""trade_volume_24h":-2.25,"cumulative_trade_volume":"1","cumulative_fee_volume":"2","#,
            r#""current_price":0.000001,"apr":1,"apy":2,"hide":false,"is_blacklisted":true,"#,
            r#""tags":["a","b"],"launchpad":null,"extra":{"x":[1,{"y":null}],"s":"t"}}"#
        )
        .to_owned()
    }

    #[test]
    fn a_plain_body_is_read_by_hand_to_what_serde_writes() {
        let body = pair();
        let fast = fast(&body, &PairInfo::SHAPE).expect("the plain body is read by the fast path");
        let slow = by_serde(&body, &PairInfo::SHAPE).expect("serde reads it");
        assert_eq!(fast.text, slow.text);
        assert_eq!(fast.amounts, slow.amounts);
        assert_eq!(fast.nulls, slow.nulls);
        assert!(fast.text.contains(r#""reserveXAmount":"18446744073709551615""#), "{}", fast.text);
        assert!(fast.text.contains(r#""maxFeePercentage":1e1"#), "numbers as sent: {}", fast.text);
    }

    #[test]
    fn what_serde_refuses_is_given_up_and_what_it_reads_is_written_the_same() {
        let body = pair();
        for (from, to, serde_reads) in [
            // Read by hand.
            (r#""name":"SOL-USDC""#, r#""name":"пёс 🐕""#, true),
            (r#""address":"A1","#, r#" "address" : "A1" ,"#, true),
            (r#""tags":["a","b"],"#, "", true),
            (r#""apr":1,"apy":2"#, r#""apy":2,"apr":1"#, true),
            (r#""bin_step":25"#, r#""bin_step":65535"#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":0"#, true),
            (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":[[],{},-0.5e-3,"é",true]"#, true),
            (r#""s":"t""#, r#""s":[1e400,-123456789012345678901234567890]"#, true),
            // Read by serde, value by value.
            (r#""name":"SOL-USDC""#, r#""name":"SOL\u002d\"USDC\"""#, true),
            (r#""bin_step":25"#, r#""bin_step":"25""#, true),
            (r#""bin_step":25"#, r#""bin_step":25.0"#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":" 12""#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":9007199254740993.0"#, true),
            (r#""liquidity":"123.5""#, r#""liquidity":123.5"#, true),
            (r#""fees_24h":1.5e3"#, r#""fees_24h":"1.5e3""#, true),
            (r#""fees_24h":1.5e3"#, r#""fees_24h":1e300"#, true),
            (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":["\u00e9\n"]"#, true),
            // Refused by serde, so given up.
            (r#""bin_step":25"#, r#""bin_step":025"#, false),
            (r#""bin_step":25"#, r#""bin_step":65536"#, false),
            (r#""liquidity":"123.5""#, r#""liquidity":"1e400""#, false),
            (r#""apr":1"#, r#""apr":1,"apr":1"#, false),
            (r#""address":"A1","#, "", false),
            (r#""tags":["a","b"]"#, r#""tags":["a","b",]"#, false),
            (r#""s":"t""#, r#""s":tru"#, false),
            (r#""s":"t""#, r#""s":"\x""#, false),
            (r#""name":"SOL-USDC""#, r#""name":"SOL\x""#, false),
        ] {
            let changed = body.replacen(from, to, 1);
            assert_ne!(changed, body, "{from}");
            let (fast, slow) = (fast(&changed, &PairInfo::SHAPE), by_serde(&changed, &PairInfo::SHAPE));
            assert_eq!(slow.is_some(), serde_reads, "serde reads {to}");
            match slow {
                None => assert!(fast.is_none(), "given up on {to}"),
                Some(slow) => {
                    let fast = fast.unwrap_or_else(|| panic!("read: {to}"));
                    assert_eq!((fast.text, fast.amounts, fast.nulls), (slow.text, slow.amounts, slow.nulls), "{to}");
                }
            }
        }
    }

    #[test]
    fn deep_nesting_is_given_up_where_serde_refuses_it() {
        for depth in [99, 110, 126, 127, 200] {
            let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            let body = pair().replacen(r#""s":"t""#, &format!(r#""s":{nested}"#), 1);
            let slow = by_serde(&body, &PairInfo::SHAPE);
            match fast(&body, &PairInfo::SHAPE) {
                Some(fast) => assert_eq!(Some(fast.text), slow.map(|w| w.text), "depth {depth}"),
                None => assert!(depth > MAX_DEPTH, "depth {depth} read by hand"),
            }
        }
    }

    #[test]
    fn only_canonical_integers_in_range_are_copied() {
        let integer =
            |text: &str, signed, max| Text { bytes: text.as_bytes(), ascii: true }.number()?.integer(signed, max);
        assert_eq!(integer("0", false, 9), Some(0));
        assert_eq!(integer("-7", true, 9), Some(7));
        assert_eq!(integer("18446744073709551615", false, u64::MAX), Some(u64::MAX));
        for (text, signed, max) in [("-0", true, 9), ("-7", false, 9), ("07", false, 9), ("10", false, 9)] {
            assert_eq!(integer(text, signed, max), None, "{text}");
        }
        for text in ["", "1e2", "1.0", "18446744073709551616", "1.", "-", "1e+", "0x1"] {
            assert_eq!(integer(text, false, u64::MAX), None, "{text}");
        }
    }

    #[test]
    fn number_literals_follow_json_grammar() {
        for text in ["0", "-0", "12", "0.4", "-1.25", "1e5", "1E+5", "2.5e-3", "12203309.018998"] {
            let number = Number::at(text.as_bytes()).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(number.text, text.as_bytes());
        }
        for text in ["", "-", "01", ".5", "1.", "+1", "1e", "1e+", "1.5.2", "1-2", "--1"] {
            assert!(Number::at(text.as_bytes()).is_none(), "{text:?}");
        }
        assert_eq!(Number::at(b"12,").map(|n| n.text), Some(&b"12"[..]));
        assert!(Number::at(b"1e299").is_some_and(|n| !n.plain && n.in_range()));
        assert!(Number::at(b"1e300").is_some_and(|n| !n.in_range()));
    }

    #[test]
    fn decimal_number_literals_are_read_by_hand_to_what_serde_writes() {
        let decimal = Shape::Leaf(Leaf::Decimal);
        // Each literal, and whether the reader reads it itself (integers above 2^53 are handed to serde).
        for (literal, by_hand) in [
            ("41208.790832405", true),
            ("830280.7601579999", true),
            ("7.708402041055213e-8", true),
            ("5.0", true),
            ("-0.0", true),
            ("1e3", true),
            ("1E-400", true),
            ("123456789012345678901234567890.5", true),
            ("1.7976931348623157e308", true),
            ("9007199254740993", false),
            ("18446744073709551616", false),
        ] {
            let fast = fast(literal, &decimal).unwrap_or_else(|| panic!("{literal} read"));
            assert_eq!(Some(fast.text), by_serde(literal, &decimal).map(|w| w.text), "{literal}");
            let read = Reader { body: literal.as_bytes(), at: 0 }.leaf(&Leaf::Decimal, &mut JsonText::default());
            assert_eq!(read.is_some(), by_hand, "{literal}");
        }
        assert_eq!(fast("41208.790832405", &decimal).map(|w| w.text).as_deref(), Some(r#""41208.790832405""#));
        for refused in ["1e400", "-1.8e308"] {
            assert!(fast(refused, &decimal).is_none() && by_serde(refused, &decimal).is_none(), "{refused}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::proptest_cases(256))]

        /// A decimal sent as any double, however printed, is written as serde writes it (its shortest form).
        #[test]
        fn any_decimal_number_literal_is_written_as_serde_writes(value: f64) {
            let decimal = Shape::Leaf(Leaf::Decimal);
            for literal in [format!("{value:?}"), format!("{value:e}"), format!("{value:.3}")] {
                if literal.contains(['N', 'i']) {
                    continue;
                }
                let fast = fast(&literal, &decimal).map(|w| w.text);
                proptest::prop_assert!(fast.is_some(), "{} is read", literal);
                proptest::prop_assert_eq!(fast, by_serde(&literal, &decimal).map(|w| w.text), "{}", literal);
            }
        }
    }

    /// Bytes that make or break JSON, for the mutations below.
    const EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\x01\x7f\x80\xc3\xa9\xff";

    proptest::proptest! {
        #![proptest_config(crate::proptest_cases(2_000))]

        /// Whatever a few bytes changed, inserted or removed make of a pair, the fast path gives up when serde
        /// refuses it, and what it writes is what serde writes.
        #[test]
        fn a_mutated_body_is_given_up_or_written_as_serde_writes(
            edits in proptest::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(EDITS)), 1..4)
        ) {
            let mut body = pair().into_bytes();
            for (at, kind, byte) in edits {
                let at = ((body.len() as f64) * at) as usize;
                match kind {
                    0 => body[at] = byte,
                    1 => body.insert(at, byte),
                    _ => drop(body.remove(at)),
                }
            }
            let read = |read: fn(&[u8], &Shape, &mut JsonText) -> Option<()>| {
                let mut out = JsonText::default();
                read(&body, &PairInfo::SHAPE, &mut out)?;
                out.finish("test").ok().map(|w| (w.text, w.amounts, w.nulls))
            };
            let slow = read(|body, shape, out| super::super::by_serde(body, shape, out).ok());
            // Giving up on what serde reads is allowed (an escaped key, say): the caller then reads by serde.
            if let Some(fast) = read(super::read) {
                proptest::prop_assert_eq!(Some(fast), slow, "{}", String::from_utf8_lossy(&body));
            }
        }
    }
}
