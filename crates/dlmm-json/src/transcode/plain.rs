//! Transcoding's reader: a reader by hand for any JSON body, writing exactly what decoding the model and writing it
//! writes, and refusing what decoding refuses.
//!
//! It reads by itself what it can write without help: strings without escapes, number literals copied as sent,
//! integers and amounts in canonical form, numeric and decimal text that is a JSON number, the numeric text of
//! `wire::f64` fields (the double it reads to, as that reader writes it), decimals sent as numbers (the shortest form
//! of the correctly rounded double, as their reader writes), objects, structs sent as arrays, and the values of keys
//! the model ignores (stepped over by [`crate::skip`], at any depth, without reading their strings). Any other leaf
//! value (an escape, a string where a number is usual, an integer JavaScript cannot hold) is read by the rules of
//! the reader its model names ([`leaf::read`]), which write it or refuse it.
//!
//! A refusal ([`Refusal`]) says what was expected and what was found at the byte where the reader stopped; each
//! object and array it was in adds its step to the refusal's path on the way out.

use std::borrow::Cow;

use serde::de::Visitor as _;

use super::leaf;
use super::value::Value;
use super::{Seen, VariantIndex, end_object, field_named, in_range, keep_member, write_default};
use crate::integer::IntType;
use crate::json_scan::unescape_bytes;
use crate::json_text::{JsonText, MAX_SAFE_INTEGER};
use crate::refusal::{Found, LeafRefusal, Refusal};
use crate::shape::{EnumShape, Leaf, Missing, ObjectOrSingleton, Shape, StructShape, With};

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

/// A reading step's result.
type Step<T> = Result<T, Refusal>;

/// Transcodes the JSON value `body` of shape `shape` into `out`, or refuses it with part of it written.
pub(super) fn read(body: &[u8], shape: &Shape, out: &mut JsonText) -> Step<()> {
    let mut reader = Reader { body, at: 0 };
    reader.value(shape, out)?;
    match reader.peek() {
        None => Ok(()),
        Some(_) => reader.refuse("the end of the body"),
    }
}

/// Transcodes the JSON value `body` begins with (after no whitespace) into `out`: its length; or stops (`None`)
/// with part of it written.
pub(super) fn read_leading(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    let mut reader = Reader { body, at: 0 };
    reader.value(shape, out).ok()?;
    Some(reader.at)
}

/// A string's text as the body holds it (no escapes, no control characters: nothing to undo).
#[derive(Clone, Copy)]
struct Text<'a> {
    bytes: &'a [u8],
    ascii: bool,
}

impl<'a> Text<'a> {
    /// The text as a `str` (`None` when it is not UTF-8).
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
    /// The number literal (by JSON's grammar) that `bytes` begin with, or `None` when what they begin with is not
    /// one by JSON's grammar (`01`, `1.`, `1e+`, `-`): what follows a literal is not the literal's concern.
    fn at(bytes: &'a [u8]) -> Option<Self> {
        let digits = |from: usize| bytes[from.min(bytes.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
        let mut end = usize::from(bytes.first() == Some(&b'-'));
        match bytes.get(end)? {
            // One leading zero, and no digit after it.
            b'0' if bytes.get(end + 1).is_some_and(u8::is_ascii_digit) => return None,
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

    /// The next byte that is not whitespace, not taken (`None` at the body's end).
    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.body.get(self.at).copied()
    }

    /// The first byte of the value that comes next.
    fn value_start(&mut self) -> Step<u8> {
        match self.peek() {
            Some(byte) => Ok(byte),
            None => self.refuse("a JSON value"),
        }
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

    /// Refuses the body at the current byte, where `expected` was expected.
    fn refuse<T>(&self, expected: impl Into<String>) -> Step<T> {
        self.refuse_at(expected, self.at)
    }

    /// Refuses the body at byte `at`, where `expected` was expected.
    fn refuse_at<T>(&self, expected: impl Into<String>, at: usize) -> Step<T> {
        Err(Refusal::new(expected, Found::at(&self.body[at.min(self.body.len())..]), at))
    }

    /// A string without escapes or control characters (`None`, nothing taken, for any other).
    fn string(&mut self) -> Option<Text<'a>> {
        self.space();
        let rest = self.body[self.at..].strip_prefix(b"\"")?;
        let (mut length, mut ascii) = (0, true);
        loop {
            match STRING_BYTES[usize::from(*rest.get(length)?)] {
                PLAIN => {}
                WIDE => ascii = false,
                _ => break,
            }
            length += 1;
        }
        (rest[length] == b'"').then_some(())?;
        self.at += length + 2;
        Some(Text { bytes: &rest[..length], ascii })
    }

    /// The string that comes next, its escapes undone and its text checked to be UTF-8.
    fn text(&mut self) -> Step<Cow<'a, str>> {
        let quote = self.at;
        let not_utf8 =
            |at: usize| Err(Refusal::new("text in UTF-8", Found::Other("bytes that are not UTF-8".into()), at));
        if let Some(text) = self.string() {
            return match std::str::from_utf8(text.bytes) {
                Ok(str) => Ok(Cow::Borrowed(str)),
                Err(e) => not_utf8(self.at - 1 - (text.bytes.len() - e.valid_up_to())),
            };
        }
        // An escape or a control character: stepped over (which checks them), then undone.
        self.space();
        let quote = quote.max(self.at);
        let end = crate::skip::value(self.body, quote)?;
        self.at = end;
        let Some(text) = unescape_bytes(&self.body[quote + 1..end - 1]) else {
            return Err(Refusal::new(
                "a `\\u` escape of a whole character (a surrogate and its pair)",
                Found::Other("a lone surrogate".into()),
                quote,
            ));
        };
        String::from_utf8(text).map(Cow::Owned).or_else(|_| not_utf8(quote))
    }

    /// A number literal (`None`, nothing taken, for a fault in one).
    fn number(&mut self) -> Option<Number<'a>> {
        self.space();
        let number = Number::at(&self.body[self.at..])?;
        self.at += number.text.len();
        Some(number)
    }

    /// The value that comes next as a leaf's reader is handed it (a container only by its bracket, not taken), and
    /// the byte it begins at.
    fn token(&mut self) -> Step<(Value<'a>, usize)> {
        let start = self.value_start()?;
        let at = self.at;
        let value = match start {
            b'"' => Value::Str(self.text()?),
            b'{' => Value::Map,
            b'[' => Value::Seq,
            b'-' | b'0'..=b'9' => match Number::at(&self.body[self.at..]) {
                Some(number) => {
                    self.at += number.text.len();
                    Value::Number(number.as_str())
                }
                // The grammar's fault, named by the skipper.
                None => return Err(crate::skip::value(self.body, self.at).err().unwrap_or_else(|| self.fault())),
            },
            _ if self.null() => Value::Null,
            _ if self.word("true") => Value::Bool(true),
            _ if self.word("false") => Value::Bool(false),
            _ => return Err(crate::skip::value(self.body, self.at).err().unwrap_or_else(|| self.fault())),
        };
        Ok((value, at))
    }

    /// A refusal for a value the skipper found no fault in where the reader did (never met: a refusal, not a panic).
    fn fault(&self) -> Refusal {
        Refusal::new("a JSON value", Found::at(&self.body[self.at..]), self.at)
    }

    /// Refuses `value`, which began at byte `at`, where a value `expected` was.
    fn refuse_value<T>(&self, value: &Value<'_>, expected: &str, at: usize) -> Step<T> {
        Err(Refusal::new(expected, value.found(), at))
    }

    /// Refuses the next value, which is not the `expected` kind.
    fn refuse_kind<T>(&mut self, expected: &str) -> Step<T> {
        let (value, at) = self.token()?;
        self.refuse_value(&value, expected, at)
    }

    /// A value of `shape`.
    fn value(&mut self, shape: &Shape, out: &mut JsonText) -> Step<()> {
        match shape {
            Shape::Leaf(leaf) => self.leaf(leaf, out),
            Shape::Optional(_) if self.null() => {
                out.null();
                Ok(())
            }
            Shape::Optional(inner) => self.value(inner, out),
            Shape::Struct(fields) => match self.value_start()? {
                b'{' => self.object(fields, out),
                b'[' => self.by_position(fields, out),
                _ => self.refuse_kind(&format!("an object ({})", fields.name)),
            },
            Shape::List(item) => match self.value_start()? {
                b'[' => self.list(item, out),
                _ => self.refuse_kind("an array"),
            },
        }
    }

    /// Whether an array goes on after an item (`first`: before the first): true for another item (its comma
    /// taken), false at the end (`]`, not taken).
    fn more_items(&mut self, first: bool) -> Step<bool> {
        match self.peek() {
            Some(b']') => Ok(false),
            None if first => self.refuse("a JSON value or `]`"),
            Some(_) if first => Ok(true),
            Some(b',') => {
                self.at += 1;
                match self.peek() {
                    Some(b']') | None => self.refuse("a JSON value"),
                    Some(_) => Ok(true),
                }
            }
            _ => self.refuse("`,` or `]`"),
        }
    }

    /// Whether an object goes on after a member (`first`: before the first): true for another key (its comma
    /// taken; the key's quote next), false at the end (`}`, not taken).
    fn more_keys(&mut self, first: bool) -> Step<bool> {
        match self.peek() {
            Some(b'}') => Ok(false),
            Some(b'"') if first => Ok(true),
            _ if first => self.refuse("a key (a string) or `}`"),
            Some(b',') => {
                self.at += 1;
                match self.peek() {
                    Some(b'"') => Ok(true),
                    _ => self.refuse("a key (a string)"),
                }
            }
            _ => self.refuse("`,` or `}`"),
        }
    }

    /// The colon after a key.
    fn colon(&mut self) -> Step<()> {
        match self.peek() {
            Some(b':') => {
                self.at += 1;
                Ok(())
            }
            _ => self.refuse("`:`"),
        }
    }

    /// An object with named fields, written in declaration order whatever order the body sends them in.
    fn object(&mut self, shape: &StructShape, out: &mut JsonText) -> Step<()> {
        self.at += 1;
        let (start, base) = (out.begin_object(), out.fields.len());
        let mut seen = Seen::new(shape.fields.len());
        let mut next = 0;
        let mut first = true;
        while self.more_keys(first)? {
            first = false;
            let key = self.text()?;
            match field_named(shape, next, key.as_bytes()) {
                // A key the model ignores, and its value, stepped over.
                None => {
                    self.colon()?;
                    self.skip().map_err(|e| e.in_key(&key))?;
                }
                Some(index) => {
                    next = index + 1;
                    let field = &shape.fields[index];
                    if !seen.insert(index) {
                        return Err(Refusal::new("each member once", Found::Repeated, self.at).in_key(field.wire));
                    }
                    self.colon()?;
                    let (at, nulls) = (out.key(field.wire), out.null_patterns());
                    self.value(field.shape, out).map_err(|e| e.in_key(field.wire))?;
                    keep_member(out, field, index, at, nulls);
                }
            }
        }
        self.at += 1;
        end_object(out, shape, &seen, start, base).map_err(|field| {
            Refusal::new(format!("a member `{}` ({})", field.wire, shape.name), Found::Absent, self.at - 1)
        })
    }

    /// A struct sent as an array, its fields by position.
    fn by_position(&mut self, shape: &StructShape, out: &mut JsonText) -> Step<()> {
        self.at += 1;
        let (start, base) = (out.begin_object(), out.fields.len());
        for (index, field) in shape.fields.iter().enumerate() {
            let (at, nulls) = (out.key(field.wire), out.null_patterns());
            if self.more_items(index == 0)? {
                self.value(field.shape, out).map_err(|e| e.in_item(index))?;
            } else {
                out.undo(at, nulls);
                if field.missing == Missing::Required || !field.default_attr {
                    return Err(Refusal::new(shape.as_array(), Found::Items(index), self.at));
                }
                out.key(field.wire);
                write_default(field.shape, out);
            }
            keep_member(out, field, index, at, nulls);
        }
        out.fields.truncate(base);
        out.end_object(start);
        match self.more_items(false)? {
            false => {
                self.at += 1;
                Ok(())
            }
            true => self.refuse(format!("`]` after {}", shape.as_array())),
        }
    }

    /// An array of values of one shape.
    fn list(&mut self, item: &Shape, out: &mut JsonText) -> Step<()> {
        self.at += 1;
        out.begin_array();
        let mut index = 0;
        while self.more_items(index == 0)? {
            out.element();
            self.value(item, out).map_err(|e| e.in_item(index))?;
            index += 1;
        }
        self.at += 1;
        out.end_array();
        Ok(())
    }

    /// A value stepped over (at any depth, its strings' escapes checked but their text not read), or refused for a
    /// fault in its grammar.
    fn skip(&mut self) -> Step<()> {
        self.at = crate::skip::value(self.body, self.at)?;
        Ok(())
    }

    /// A leaf: read by hand where it can be, else by the rules of the reader its model names.
    fn leaf(&mut self, leaf: &Leaf, out: &mut JsonText) -> Step<()> {
        let start = self.at;
        if self.by_hand(leaf, out).is_some() {
            return Ok(());
        }
        self.at = start;
        match leaf {
            Leaf::Enum(names) => self.variant(names, out),
            Leaf::ObjectOrSingleton(one) => self.object_or_singleton(one, out),
            _ => {
                let (value, at) = self.token()?;
                leaf::read(leaf, &value, out).map_err(|e| Refusal::new(e.expected, e.found, at))
            }
        }
    }

    /// An enum's variant: its name, or an object of one key naming it whose value is `null`.
    fn variant(&mut self, names: &EnumShape, out: &mut JsonText) -> Step<()> {
        let expected = || format!("the name of a {} (a string)", names.name);
        let map = match self.value_start()? {
            b'"' => false,
            b'{' => {
                self.at += 1;
                match self.peek() {
                    Some(b'"') => true,
                    _ => return self.refuse(expected()),
                }
            }
            _ => return self.refuse_kind(&expected()),
        };
        let (name, at) = match self.token()? {
            (Value::Str(name), at) => (name, at),
            (value, at) => return self.refuse_value(&value, &expected(), at),
        };
        let index = VariantIndex { names }.visit_str::<LeafRefusal>(&name);
        let index = index.map_err(|e| Refusal::new(e.expected, e.found, at))?;
        if map {
            self.colon()?;
            match self.token()? {
                (Value::Null, _) => {}
                (value, at) => return self.refuse_value(&value, "null", at),
            }
            match self.peek() {
                Some(b'}') => self.at += 1,
                _ => return self.refuse("`}`"),
            }
        }
        out.string(names.js_name(index));
        Ok(())
    }

    /// An object, or an array of exactly one such object.
    fn object_or_singleton(&mut self, one: &ObjectOrSingleton, out: &mut JsonText) -> Step<()> {
        match self.value_start()? {
            b'{' => return self.object(one.object, out),
            b'[' => self.at += 1,
            _ => return self.refuse_kind(one.expecting),
        }
        if !self.more_items(true)? {
            return Err(Refusal::new(one.expecting, Found::Items(0), self.at));
        }
        self.value(&Shape::Struct(one.object), out).map_err(|e| e.in_item(0))?;
        if !self.more_items(false)? {
            self.at += 1;
            return Ok(());
        }
        Err(Refusal::new(one.expecting, Found::Other("more than one item".into()), self.at))
    }

    /// A leaf read by hand, when it is plain (`None`, with nothing written, otherwise).
    fn by_hand(&mut self, leaf: &Leaf, out: &mut JsonText) -> Option<()> {
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
            Leaf::DecimalText if self.peek()? == b'"' => {
                let text = self.string()?.as_str()?;
                (crate::wire::is_decimal_text(text) && in_range(text))
                    .then(|| out.unescaped_string(text.as_bytes()))?;
            }
            Leaf::DecimalText => {
                let number = self.number()?;
                match number.integer(true, MAX_SAFE_INTEGER) {
                    Some(_) => out.unescaped_string(number.text),
                    // A fraction or an exponent: the reader reads a double (correctly rounded, as `float::parse`
                    // does) and the decimal text is its shortest form; one beyond a double's range is refused.
                    None if !number.whole => {
                        let value = crate::float::parse(number.as_str()).filter(|value| value.is_finite())?;
                        out.unescaped_string(value.to_string().as_bytes());
                    }
                    None => return None,
                }
            }
            Leaf::ExactU64 => {
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
                // A name that is not UTF-8 is refused (by the slow path), even where any name is taken.
                let name = self.string()?.as_str()?;
                let found = names.variants.iter().find(|(wire, _)| *wire == name).map(|(_, js)| *js);
                out.string(found.or(names.other)?);
            }
            Leaf::ObjectOrSingleton(_) => return None,
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
    use crate::shape::HasShape;
    use crate::testing::models::{DecimalText, Pair, pair_body};
    use crate::transcode::tests::doubles;

    /// A reading's outcome, comparable: the text with numbers as the doubles they parse to, the amount and `null`
    /// patterns (sorted: the reader meets them in the body's order), or that the body was refused.
    type Outcome = Result<(String, Vec<String>, Vec<String>), ()>;

    fn outcome(written: Result<Written, ()>) -> Outcome {
        let sorted = |patterns: &[Vec<crate::json_text::Pattern>]| {
            let mut patterns: Vec<String> = patterns.iter().map(|p| format!("{p:?}")).collect();
            patterns.sort();
            patterns
        };
        written.map(|w| (doubles(&w.text), sorted(&w.amounts), sorted(&w.nulls)))
    }

    /// What transcoding writes for `body`, or its refusal.
    fn transcoded(body: &[u8], shape: &Shape) -> Result<Written, Refusal> {
        let mut out = JsonText::default();
        super::super::transcode(body, shape, &mut out)?;
        Ok(out.finish().expect("writable"))
    }

    /// What transcoding writes for `body`, comparable.
    fn ours(body: &[u8], shape: &Shape) -> Outcome {
        outcome(transcoded(body, shape).map_err(drop))
    }

    /// What decoding `body` by serde's derive and writing the model gives, comparable.
    fn decoded<T: serde::de::DeserializeOwned + serde::Serialize>(body: &[u8]) -> Outcome {
        let model = serde_json::from_slice::<T>(body).map_err(drop);
        outcome(model.and_then(|model| {
            let mut out = JsonText::default();
            out.write(&model);
            out.finish().map_err(drop)
        }))
    }

    /// The text transcoding writes for `body` (which it must read).
    fn text(body: &str, shape: &Shape) -> String {
        transcoded(body.as_bytes(), shape).unwrap_or_else(|e| panic!("{body}: {e}")).text
    }

    /// How transcoding `body` by `shape` is refused: path, expected, found, offset.
    fn refused(body: &str, shape: &Shape) -> (Option<String>, String, String, usize) {
        let e = transcoded(body.as_bytes(), shape).err().unwrap_or_else(|| panic!("{body} was read"));
        (e.path(), e.expected().to_owned(), e.found().to_string(), e.offset())
    }

    #[test]
    fn a_plain_body_is_read_by_hand_to_what_serde_writes() {
        let body = pair_body();
        assert_eq!(ours(body.as_bytes(), &Pair::SHAPE), decoded::<Pair>(body.as_bytes()));
        let text = text(&body, &Pair::SHAPE);
        assert!(text.contains(r#""reserveXAmount":"18446744073709551615""#), "{text}");
        assert!(text.contains(r#""maxFeePercentage":1e1"#), "numbers as sent: {text}");
    }

    #[test]
    fn what_the_model_refuses_is_refused_and_what_it_reads_is_written_the_same() {
        let body = pair_body();
        for (from, to, model_reads) in [
            // Read by hand.
            (r#""name":"SOL-USDC""#, r#""name":"пёс 🐕""#, true),
            (r#""address":"A1","#, r#" "address" : "A1" ,"#, true),
            (r#""tags":["a","b"],"#, "", true),
            (r#""apr":1,"apy":2"#, r#""apy":2,"apr":1"#, true),
            (r#""bin_step":25"#, r#""bin_step":65535"#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":0"#, true),
            (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":[[],{},-0.5e-3,"é",true]"#, true),
            (r#""s":"t""#, r#""s":[1e400,-123456789012345678901234567890]"#, true),
            // Read by the leaves' rules, value by value.
            (r#""name":"SOL-USDC""#, r#""name":"SOL\u002d\"USDC\"""#, true),
            (r#""bin_step":25"#, r#""bin_step":"25""#, true),
            (r#""bin_step":25"#, r#""bin_step":25.0"#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":" 12""#, true),
            (r#""reserve_y_amount":"12""#, r#""reserve_y_amount":9007199254740993.0"#, true),
            (r#""liquidity":"123.5""#, r#""liquidity":123.5"#, true),
            (r#""fees_24h":1.5e3"#, r#""fees_24h":"1.5e3""#, true),
            (r#""fees_24h":1.5e3"#, r#""fees_24h":1e300"#, true),
            (r#""extra":{"x":[1,{"y":null}],"s":"t"}"#, r#""extra":["\u00e9\n"]"#, true),
            // Refused.
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
            let model = decoded::<Pair>(changed.as_bytes());
            assert_eq!(model.is_ok(), model_reads, "the model reads {to}: {model:?}");
            assert_eq!(ours(changed.as_bytes(), &Pair::SHAPE), model, "{to}");
        }
    }

    /// A refusal names the path of the value, what was expected there and what was found, in the crate's words.
    #[test]
    fn refusals_name_the_path_what_was_expected_and_what_was_found() {
        let body = pair_body();
        let refused_edit = |from: &str, to: &str| {
            let changed = body.replacen(from, to, 1);
            assert_ne!(changed, body, "{from}");
            let (path, expected, found, at) = refused(&changed, &Pair::SHAPE);
            assert!(at <= changed.len());
            (path.unwrap_or_default(), expected, found)
        };
        let cases = [
            (
                r#""bin_step":25"#,
                r#""bin_step":"x""#,
                ("bin_step", "a non-negative integer or a string of digits", r#"the string "x""#),
            ),
            (r#""bin_step":25"#, r#""bin_step":65536"#, ("bin_step", "an integer from 0 to 65535", "the number 65536")),
            (r#""bin_step":25"#, r#""bin_step":025"#, ("bin_step", "a number by JSON's grammar", "the number 02")),
            (r#""apr":1"#, r#""apr":1,"apr":1"#, ("apr", "each member once", "it a second time")),
            (r#""address":"A1","#, "", ("", "a member `address` (Pair)", "nothing")),
            (r#""tags":["a","b"]"#, r#""tags":["a",7]"#, ("tags[1]", "a string", "the number 7")),
            (r#""tags":["a","b"]"#, r#""tags":["a","b",]"#, ("tags", "a JSON value", "`]`")),
            (r#""s":"t""#, r#""s":tru"#, ("extra", "`true`", "`}`")),
            (r#""liquidity":"123.5""#, r#""liquidity":{}"#, ("liquidity", "a number or a numeric string", "an object")),
        ];
        for (from, to, (path, expected, found)) in cases {
            let (p, e, f) = refused_edit(from, to);
            assert_eq!((p.as_str(), e.as_str(), f.as_str()), (path, expected, found), "{to}");
        }
        let (path, _, found, at) = refused(&body[..body.len() - 9], &Pair::SHAPE);
        assert_eq!((path.as_deref(), found.as_str(), at), (Some("extra"), "the end of the body", body.len() - 9));
        let Shape::Struct(pair) = Pair::SHAPE else { panic!("a struct") };
        assert_eq!(refused("[\"A1\"]", &Pair::SHAPE).1, pair.as_array());
        let x = refused("{} x", &Shape::List(&Shape::Leaf(Leaf::String)));
        assert_eq!((x.1.as_str(), x.2.as_str(), x.3), ("an array", "an object", 0));
    }

    #[test]
    fn values_ignored_at_any_depth_are_stepped_over() {
        for depth in [99, 110, 126, 127, 128, 200, 10_000] {
            let nested = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            let body = pair_body().replacen(r#""s":"t""#, &format!(r#""s":{nested}"#), 1);
            assert_eq!(ours(body.as_bytes(), &Pair::SHAPE), decoded::<Pair>(body.as_bytes()), "{depth}");
            let unclosed = pair_body().replacen(r#""s":"t""#, &format!(r#""s":{}"#, "[".repeat(depth)), 1);
            let (path, _, found, _) = refused(&unclosed, &Pair::SHAPE);
            // `extra` is a key the model ignores: stepped over whole, its path is the key's.
            assert_eq!((path.as_deref(), found.as_str()), (Some("extra"), "`}`"), "{depth}");
        }
    }

    /// Pieces of strings: plain text, every escape, broken escapes and surrogates, bytes that are not UTF-8,
    /// control characters.
    #[rustfmt::skip]
    const STRING_PIECES: &[&[u8]] = &[
        b"a", b"\xc3\xa9", b"\\\"", b"\\\\", b"\\/", b"\\b", b"\\f", b"\\n", b"\\r", b"\\t", b"\\u00e9", b"\\u0041",
        b"\\ud83d", b"\\ude00", b"\\u12", b"\\u12G4", b"\\q", b"\\", b"\t", b"\x01", b"\xff", b"\xc3", b"\\u",
        b"\\ud83d\\ude00", b"\"",
    ];

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(4_000))]

        /// Any string, escapes broken or not, ended or not, is read as serde reads it into a `String`, or refused
        /// where it refuses it.
        #[test]
        fn strings_are_read_as_serde_reads_them(
            pieces in proptest::collection::vec(proptest::sample::select(STRING_PIECES), 0..6),
            ended in proptest::bool::ANY,
        ) {
            let mut body = b"\"".to_vec();
            for piece in pieces {
                body.extend_from_slice(piece);
            }
            if ended {
                body.push(b'"');
            }
            let string = Shape::Leaf(Leaf::String);
            proptest::prop_assert_eq!(
                ours(&body, &string),
                decoded::<String>(&body),
                "{}",
                String::from_utf8_lossy(&body)
            );
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
        for text in ["", "-", "01", ".5", "1.", "+1", "1e", "1e+", "--1", "-01"] {
            assert!(Number::at(text.as_bytes()).is_none(), "{text:?}");
        }
        for (text, literal) in [("12,", "12"), ("1.5.2", "1.5"), ("1-2", "1"), ("0e5e", "0e5"), ("1e5.", "1e5")] {
            assert_eq!(Number::at(text.as_bytes()).map(|n| n.text), Some(literal.as_bytes()), "{text}");
            assert!(Number::whole_of(text.as_bytes()).is_none(), "{text}");
        }
        assert!(Number::at(b"1e299").is_some_and(|n| !n.plain && n.in_range()));
        assert!(Number::at(b"1e300").is_some_and(|n| !n.in_range()));
    }

    #[test]
    fn decimal_number_literals_are_read_by_hand_to_what_serde_writes() {
        let decimal = Shape::Leaf(Leaf::DecimalText);
        // Each literal, and whether the reader reads it itself (integers above 2^53 are read by the leaf's rules).
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
            let serde = serde_json::from_str::<DecimalText>(literal).expect("a decimal");
            assert_eq!(text(literal, &decimal), format!("\"{}\"", serde.0), "{literal}");
            let read = Reader { body: literal.as_bytes(), at: 0 }.by_hand(&Leaf::DecimalText, &mut JsonText::default());
            assert_eq!(read.is_some(), by_hand, "{literal}");
        }
        assert_eq!(text("41208.790832405", &decimal), r#""41208.790832405""#);
        for beyond in ["1e400", "-1.8e308"] {
            assert!(serde_json::from_str::<DecimalText>(beyond).is_err());
            let (_, expected, found, _) = refused(beyond, &decimal);
            assert_eq!(
                (expected.as_str(), found),
                ("a number within a double's range", format!("the number {beyond}"))
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(256))]

        /// A decimal sent as any double, however printed, is written as serde writes it (its shortest form).
        #[test]
        fn any_decimal_number_literal_is_written_as_serde_writes(value: f64) {
            let decimal = Shape::Leaf(Leaf::DecimalText);
            for literal in [format!("{value:?}"), format!("{value:e}"), format!("{value:.3}")] {
                if literal.contains(['N', 'i']) {
                    continue;
                }
                let serde = serde_json::from_str::<DecimalText>(&literal).expect("a decimal");
                proptest::prop_assert_eq!(text(&literal, &decimal), format!("\"{}\"", serde.0), "{}", literal);
            }
        }
    }

    /// Bytes that make or break JSON, for the mutations below.
    const EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\x01\x7f\x80\xc3\xa9\xff";

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(2_000))]

        /// Whatever a few bytes changed, inserted or removed make of a pair, the reader refuses it where the
        /// model's decoder does (at a byte inside the body), or writes what decoding and writing the model writes.
        #[test]
        fn a_mutated_body_is_refused_or_written_as_the_model_is(
            edits in proptest::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(EDITS)), 1..4)
        ) {
            let mut body = pair_body().into_bytes();
            for (at, kind, byte) in edits {
                let at = ((body.len() as f64) * at) as usize;
                match kind {
                    0 => body[at] = byte,
                    1 => body.insert(at, byte),
                    _ => drop(body.remove(at)),
                }
            }
            proptest::prop_assert_eq!(
                ours(&body, &Pair::SHAPE),
                decoded::<Pair>(&body),
                "{}",
                String::from_utf8_lossy(&body)
            );
            if let Err(refused) = transcoded(&body, &Pair::SHAPE) {
                proptest::prop_assert!(refused.offset() <= body.len());
            }
        }
    }
}
