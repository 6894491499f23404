//! The reader of response bodies: one reader by hand for every model, checking a body against the model's
//! [`Shape`](enum@Shape) and handing what it reads to a [`Sink`] (the JSON text for JavaScript, or the values a
//! model is built from), so the package and the explorer carry one reader of bodies between them.
//!
//! Plain values (strings without escapes, canonical numbers, objects, structs sent as arrays, ignored keys' values,
//! stepped over by [`crate::skip`]) are read by hand; any other leaf value by the rules of the reader its model names
//! (`leaf::read`). A [`Refusal`] names what was expected and found where the reader stopped, and each container it
//! was in adds its step to the path on the way out.

mod leaf;
pub mod sink;
mod value;

use std::borrow::Cow;

pub use sink::{Seen, Sink};
use value::Value;

use crate::integer::IntType;
use crate::json_scan::unescape_bytes;
use crate::refusal::{Found, Refusal};
use crate::shape::{EnumShape, Leaf, Missing, ObjectOrSingleton, Shape, StructShape, With};
use crate::skip::Cursor;

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

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`): larger ones are read by the
/// leaves' rules, which hand them on exactly.
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A reading step's result.
type Step<T> = Result<T, Refusal>;

/// Reads the JSON value `body` of shape `shape` into `out`, or refuses it (with part of it handed on).
pub fn read<S: Sink>(body: &[u8], shape: &Shape, out: &mut S) -> Result<(), Refusal> {
    let mut reader = Cursor { body, at: 0 };
    reader.value(shape, out)?;
    reader.end()
}

/// Reads the JSON value `body` begins with (after no whitespace) into `out`: its length; or stops (`None`) with
/// part of it handed on.
pub fn read_leading<S: Sink>(body: &[u8], shape: &Shape, out: &mut S) -> Option<usize> {
    let mut reader = Cursor { body, at: 0 };
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
pub(crate) struct Number<'a> {
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
        let form = crate::skip::number_form(bytes, false).ok()?;
        let whole = !form.fraction && !form.exponent;
        Some(Self { text: &bytes[..form.len], whole, plain: !form.exponent && form.len < 300 })
    }

    /// The number literal that is all of `bytes`, if they are one.
    pub(crate) fn whole_of(bytes: &'a [u8]) -> Option<Self> {
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

    /// A fraction without an exponent, of at most 15 significant digits, without its trailing zeros (and its point,
    /// when they were all of it): the shortest text of the double it reads to, which such a literal always is.
    fn short_decimal(self) -> Option<&'a [u8]> {
        if !self.plain || self.whole {
            return None;
        }
        let point = memchr::memchr(b'.', self.text)?;
        let mut end = self.text.len();
        while self.text[end - 1] == b'0' {
            end -= 1;
        }
        end -= usize::from(end == point + 1);
        let digits = self.text[..end].iter().filter(|&&b| b.is_ascii_digit()).skip_while(|&&b| b == b'0').count();
        (digits <= 15).then_some(&self.text[..end])
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

/// The reader's steps, on the crate's cursor.
impl<'a> Cursor<'a> {
    /// The first byte of the value that comes next.
    fn value_start(&mut self) -> Step<u8> {
        self.peek().ok_or_else(|| self.fault("a JSON value"))
    }

    /// Takes `word` (`true`, `false`, `null`) when it comes next.
    fn word(&mut self, word: &str) -> bool {
        self.peek();
        let found = self.body[self.at..].starts_with(word.as_bytes());
        if found {
            self.at += word.len();
        }
        found
    }

    /// Takes the string `"<text>"` when it comes next (`text` has nothing to escape).
    fn quoted(&mut self, text: &[u8]) -> bool {
        let rest = &self.body[self.at..];
        let found = rest.len() > text.len() + 1
            && rest[0] == b'"'
            && rest[text.len() + 1] == b'"'
            && &rest[1..=text.len()] == text;
        if found {
            self.at += text.len() + 2;
        }
        found
    }

    /// A string without escapes or control characters (`None`, nothing taken, for any other).
    fn string(&mut self) -> Option<Text<'a>> {
        self.peek();
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
        let not_utf8 =
            |at: usize| Err(Refusal::new("text in UTF-8", Found::Other("bytes that are not UTF-8".into()), at));
        if let Some(text) = self.string() {
            return match std::str::from_utf8(text.bytes) {
                Ok(str) => Ok(Cow::Borrowed(str)),
                Err(e) => not_utf8(self.at - 1 - (text.bytes.len() - e.valid_up_to())),
            };
        }
        // An escape or a control character: stepped over (which checks them), then undone.
        let quote = self.at;
        self.skip()?;
        let end = self.at;
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
        self.peek();
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
            b'-' | b'0'..=b'9' => match self.number() {
                Some(number) => Value::Number(number.as_str()),
                None => return Err(self.grammar_fault()),
            },
            _ if self.word("null") => Value::Null,
            _ if self.word("true") => Value::Bool(true),
            _ if self.word("false") => Value::Bool(false),
            _ => return Err(self.grammar_fault()),
        };
        Ok((value, at))
    }

    /// The fault in the grammar of the value that comes next, as the skipper names it (where the skipper finds none,
    /// which is never met, a refusal all the same, not a panic).
    fn grammar_fault(&self) -> Refusal {
        let mut probe = *self;
        probe.skip().err().unwrap_or_else(|| self.fault("a JSON value"))
    }

    /// Refuses the next value, which is not the `expected` kind.
    fn refuse_kind<T>(&mut self, expected: &str) -> Step<T> {
        let (value, at) = self.token()?;
        Err(Refusal::new(expected, value.found(), at))
    }

    /// A value of `shape`.
    fn value(&mut self, shape: &Shape, out: &mut impl Sink) -> Step<()> {
        match shape {
            Shape::Leaf(leaf) => self.leaf(leaf, out),
            Shape::Optional(_) if self.word("null") => {
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

    /// An object with named fields, in whatever order the body sends them.
    fn object(&mut self, shape: &StructShape, out: &mut impl Sink) -> Step<()> {
        self.at += 1;
        let begun = out.begin_struct(shape);
        let mut seen = Seen::new(shape.fields.len());
        let mut next = 0;
        let mut first = true;
        while self.more(b'}', first)? {
            first = false;
            // The key, taken as it stands when it is the next field's (bodies mostly send fields in one order).
            let expected = shape.fields.get(next).map(|field| field.wire.as_bytes());
            let (named, key) = match expected.filter(|wire| self.quoted(wire)) {
                Some(_) => (Some(next), Cow::Borrowed("")),
                None => {
                    let key = self.text()?;
                    (field_named(shape, key.as_bytes()), key)
                }
            };
            match named {
                // A key the model ignores, and its value, stepped over.
                None => {
                    self.take(b':', "`:`")?;
                    self.skip().map_err(|e| e.in_key(&key))?;
                }
                Some(index) => {
                    next = index + 1;
                    let field = &shape.fields[index];
                    if !seen.insert(index) {
                        return Err(Refusal::new("each member once", Found::Repeated, self.at).in_key(field.wire));
                    }
                    self.take(b':', "`:`")?;
                    let member = out.begin_field(shape, index);
                    self.value(field.shape, out).map_err(|e| e.in_key(field.wire))?;
                    out.end_field(shape, index, member);
                }
            }
        }
        let missing = (seen.count() < shape.fields.len())
            .then(|| {
                shape.fields.iter().enumerate().find(|(i, f)| f.missing == Missing::Required && !seen.contains(*i))
            })
            .flatten();
        if let Some((_, field)) = missing {
            return Err(Refusal::new(format!("a member `{}` ({})", field.wire, shape.name), Found::Absent, self.at));
        }
        self.at += 1;
        out.end_struct(shape, &seen, begun);
        Ok(())
    }

    /// A struct sent as an array, its fields by position.
    fn by_position(&mut self, shape: &StructShape, out: &mut impl Sink) -> Step<()> {
        self.at += 1;
        let begun = out.begin_struct(shape);
        let mut seen = Seen::new(shape.fields.len());
        for (index, field) in shape.fields.iter().enumerate() {
            seen.insert(index);
            let member = out.begin_field(shape, index);
            if self.more(b']', index == 0)? {
                self.value(field.shape, out).map_err(|e| e.in_item(index))?;
                out.end_field(shape, index, member);
            } else if field.missing == Missing::Required || !field.default_attr {
                return Err(Refusal::new(shape.as_array(), Found::Items(index), self.at));
            } else {
                out.default_field(shape, index, member);
            }
        }
        if self.more(b']', false)? {
            return Err(self.fault(format!("`]` after {}", shape.as_array())));
        }
        self.at += 1;
        out.end_struct(shape, &seen, begun);
        Ok(())
    }

    /// An array of values of one shape.
    fn list(&mut self, item: &Shape, out: &mut impl Sink) -> Step<()> {
        self.at += 1;
        out.begin_list();
        let mut index = 0;
        while self.more(b']', index == 0)? {
            out.item();
            self.value(item, out).map_err(|e| e.in_item(index))?;
            index += 1;
        }
        self.at += 1;
        out.end_list();
        Ok(())
    }

    /// A leaf: read by hand where it can be, else by the rules of the reader its model names.
    fn leaf(&mut self, leaf: &Leaf, out: &mut impl Sink) -> Step<()> {
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
                leaf::read(leaf, &value, out).map_err(|e| e.placed(at))
            }
        }
    }

    /// An enum's variant: its name, or an object of one key naming it whose value is `null`.
    fn variant(&mut self, names: &EnumShape, out: &mut impl Sink) -> Step<()> {
        let expected = || format!("the name of a {} (a string)", names.name);
        let map = match self.value_start()? {
            b'"' => false,
            b'{' => {
                self.at += 1;
                match self.peek() {
                    Some(b'"') => true,
                    _ => return Err(self.fault(expected())),
                }
            }
            _ => return self.refuse_kind(&expected()),
        };
        let (name, at) = match self.token()? {
            (Value::Str(name), at) => (name, at),
            (value, at) => return Err(Refusal::new(expected(), value.found(), at)),
        };
        let index = variant_index(names, &name).map_err(|e| e.placed(at))?;
        if map {
            self.take(b':', "`:`")?;
            match self.token()? {
                (Value::Null, _) => {}
                (value, at) => return Err(Refusal::new("null", value.found(), at)),
            }
            match self.peek() {
                Some(b'}') => self.at += 1,
                _ => return Err(self.fault("`}`")),
            }
        }
        out.variant(names, index);
        Ok(())
    }

    /// An object, or an array of exactly one such object.
    fn object_or_singleton(&mut self, one: &ObjectOrSingleton, out: &mut impl Sink) -> Step<()> {
        match self.value_start()? {
            b'{' => return self.object(one.object, out),
            b'[' => self.at += 1,
            _ => return self.refuse_kind(one.expecting),
        }
        if !self.more(b']', true)? {
            return Err(Refusal::new(one.expecting, Found::Items(0), self.at));
        }
        self.value(&Shape::Struct(one.object), out).map_err(|e| e.in_item(0))?;
        if !self.more(b']', false)? {
            self.at += 1;
            return Ok(());
        }
        Err(Refusal::new(one.expecting, Found::Other("more than one item".into()), self.at))
    }

    /// A leaf read by hand, when it is plain (`None`, with nothing written, otherwise).
    fn by_hand(&mut self, leaf: &Leaf, out: &mut impl Sink) -> Option<()> {
        match leaf {
            Leaf::String => write_string(out, self.string()?)?,
            Leaf::Bool if self.word("true") => out.boolean(true),
            Leaf::Bool if self.word("false") => out.boolean(false),
            Leaf::Bool => return None,
            Leaf::With(With::OptF64 | With::OptU64 | With::OptI64 | With::OptI32) if self.word("null") => out.null(),
            // Numeric text read by `wire::f64` (the vendor sends many figures so): the double its text reads to.
            Leaf::With(With::F64 | With::OptF64) if self.peek()? == b'"' => {
                out.double(crate::wire::f64_of_text(self.string()?.as_str()?)?);
            }
            Leaf::F64 | Leaf::With(With::F64 | With::OptF64) => {
                let number = self.number().filter(|number| number.in_range())?;
                out.number(number.text);
            }
            Leaf::NumericText | Leaf::With(With::NumericString) => {
                let text = self.string()?;
                text.number().filter(|number| number.in_range())?;
                // Numeric text is a number to JavaScript; a `numeric_string` field stays text.
                match leaf {
                    Leaf::NumericText => out.numeric_text(text.as_str()?, true),
                    _ => out.ascii_text(text.bytes),
                }
            }
            Leaf::DecimalText if self.peek()? == b'"' => {
                let text = self.string()?.as_str()?;
                (crate::wire::is_decimal_text(text) && in_range(text)).then(|| out.ascii_text(text.as_bytes()))?;
            }
            Leaf::DecimalText => {
                let number = self.number()?;
                match (number.integer(true, MAX_SAFE_INTEGER), number.short_decimal()) {
                    (Some(_), _) => out.ascii_text(number.text),
                    (None, Some(short)) => out.ascii_text(short),
                    // A longer fraction or an exponent: the reader reads a double (correctly rounded, as
                    // `float::parse` does) and the decimal text is its shortest form; one beyond a double's range is
                    // refused.
                    (None, None) if !number.whole => {
                        let value = crate::float::parse(number.as_str()).filter(|value| value.is_finite())?;
                        out.ascii_text(crate::float::text(value).as_bytes());
                    }
                    (None, None) => return None,
                }
            }
            Leaf::ExactU64 => {
                let number = match self.peek()? {
                    b'"' => self.string()?.number()?,
                    _ => self.number()?,
                };
                out.amount(number.integer(false, u64::MAX)?);
            }
            Leaf::Int(ty) => self.integer(*ty, out)?,
            Leaf::With(With::U64 | With::OptU64) => self.integer(IntType::U64, out)?,
            Leaf::With(With::I64 | With::OptI64) => self.integer(IntType::I64, out)?,
            Leaf::With(With::U16) => self.integer(IntType::U16, out)?,
            Leaf::With(With::U8) => self.integer(IntType::U8, out)?,
            Leaf::With(With::I32 | With::OptI32) => self.integer(IntType::I32, out)?,
            Leaf::With(With::NonemptyString) if self.word("null") => out.null(),
            Leaf::With(With::NonemptyString) => match self.string()? {
                text if text.bytes.is_empty() => out.null(),
                text => write_string(out, text)?,
            },
            Leaf::Enum(names) => {
                // A name that is not UTF-8 is refused (by the slow path), even where any name is taken.
                out.variant(names, variant_index(names, self.string()?.as_str()?).ok()?);
            }
            Leaf::ObjectOrSingleton(_) => return None,
        }
        Some(())
    }

    /// An integer of type `ty` in canonical form, at most 2^53 - 1 and the type's largest value in magnitude.
    fn integer(&mut self, ty: IntType, out: &mut impl Sink) -> Option<()> {
        let (min, max) = ty.range();
        let signed = min < 0;
        let number = self.number()?;
        let magnitude = number.integer(signed, max.min(MAX_SAFE_INTEGER))?;
        match signed {
            // At most 2^53 - 1 or `i32::MAX` in magnitude: it fits.
            true if number.text[0] == b'-' => out.signed(-(magnitude as i64)),
            true => out.signed(magnitude as i64),
            false => out.unsigned(magnitude),
        }
        Some(())
    }
}

/// The index of the field of `shape` whose wire name is `key`, or `None` for a key the model ignores.
fn field_named(shape: &StructShape, key: &[u8]) -> Option<usize> {
    shape.fields.iter().position(|field| field.wire.as_bytes() == key)
}

/// Hands on a string read without escapes (`None` when it is not UTF-8).
fn write_string(out: &mut impl Sink, text: Text<'_>) -> Option<()> {
    match text.ascii {
        true => out.ascii_text(text.bytes),
        false => out.text(text.as_str()?),
    }
    Some(())
}

/// The index of the variant of `names` named `name` (the `other` variant, after the named ones, for any other name
/// when there is one).
fn variant_index(names: &EnumShape, name: &str) -> Result<usize, Refusal> {
    if let Some(index) = names.variants.iter().position(|(wire, _)| *wire == name) {
        return Ok(index);
    }
    if names.other.is_some() {
        return Ok(names.variants.len());
    }
    let listed: Vec<String> = names.variants.iter().map(|(wire, _)| format!("`{wire}`")).collect();
    let expected = format!("the name of a {}: {}", names.name, listed.join(", "));
    Err(Refusal::new(expected, Found::text(name), 0))
}

/// True when `number` (decimal text) is well inside a double's range (below 1e300 in magnitude; the edges are left
/// to the leaves' rules, which report them).
pub(crate) fn in_range(number: &str) -> bool {
    crate::float::plainly_in_range(number) || crate::float::parse(number).is_some_and(|v| v.abs() < 1e300)
}

/// True when `text` is a number literal by JSON's grammar (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`), which
/// `JSON.parse` reads as it is.
pub(crate) fn is_json_number(text: &str) -> bool {
    Number::whole_of(text.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_marks_each_field_once_inline_and_beyond_a_word() {
        let mut seen = Seen::new(200);
        for i in [0, 63, 64, 127, 128, 199] {
            assert!(!seen.contains(i) && seen.insert(i) && seen.contains(i) && !seen.insert(i), "{i}");
        }
        assert_eq!((seen.count(), (0..200).filter(|&i| seen.contains(i)).count()), (6, 6));
    }

    #[test]
    fn number_literals_follow_json_grammar() {
        for text in ["0", "-0", "12", "0.4", "-1.25", "1e5", "1E+5", "2.5e-3", "12203309.018998"] {
            let number = Number::at(text.as_bytes()).unwrap_or_else(|| panic!("{text}"));
            assert!(number.text == text.as_bytes() && is_json_number(text), "{text}");
        }
        for text in ["", "-", "01", ".5", "1.", "+1", "1e", "1e+", "--1", "-01", "inf", "NaN"] {
            assert!(Number::at(text.as_bytes()).is_none() && !is_json_number(text), "{text:?}");
        }
        for (text, literal) in [
            ("12,", "12"),
            ("1.5.2", "1.5"),
            ("1-2", "1"),
            ("0e5e", "0e5"),
            ("1e5.", "1e5"),
            ("0x10", "0"),
            ("1_0", "1"),
        ] {
            assert_eq!(Number::at(text.as_bytes()).map(|n| n.text), Some(literal.as_bytes()), "{text}");
            assert!(!is_json_number(text) && !is_json_number(&format!(" {literal}")), "{text}");
        }
        assert!(Number::at(b"1e299").is_some_and(|n| !n.plain && n.in_range()));
        assert!(Number::at(b"1e300").is_some_and(|n| !n.in_range()));
    }

    #[test]
    fn only_canonical_integers_in_range_are_read_by_hand() {
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

    /// The values a reader hands on, as text (a sink for tests).
    #[derive(Default)]
    struct Leaves(Vec<String>);

    /// Sink methods that record their call as `format!`'s arguments make it.
    macro_rules! record {
        ($($name:ident($($arg:ident: $ty:ty),*) => $($format:expr),+;)*) => {
            $(fn $name(&mut self, $($arg: $ty),*) {
                self.0.push(format!($($format),+));
            })*
        };
    }

    impl Sink for Leaves {
        type Struct = ();
        type Field = ();
        fn end_field(&mut self, _: &StructShape, _: usize, (): ()) {}
        fn item(&mut self) {}
        record! {
            begin_struct(shape: &StructShape) => "{{{}", shape.name;
            begin_field(shape: &StructShape, index: usize) => ".{}", shape.fields[index].wire;
            default_field(_s: &StructShape, _i: usize, _f: ()) => "default";
            end_struct(_s: &StructShape, _seen: &Seen, _b: ()) => "}}";
            begin_list() => "[";
            end_list() => "]";
            null() => "null";
            boolean(value: bool) => "bool {value}";
            number(literal: &[u8]) => "number {}", String::from_utf8_lossy(literal);
            double(value: f64) => "double {value:?}";
            unsigned(value: u64) => "unsigned {value}";
            signed(value: i64) => "signed {value}";
            amount(value: u64) => "amount {value}";
            text(text: &str) => "text {text:?}";
            ascii_text(text: &[u8]) => "ascii {:?}", String::from_utf8_lossy(text);
            numeric_text(text: &str, literal: bool) => "numeric {text:?} {literal}";
            variant(_names: &EnumShape, index: usize) => "variant {index}";
        }
    }

    #[test]
    fn leaves_are_handed_on_by_kind_and_plain_ones_are_read_by_hand() {
        for (body, leaf, handed, by_hand) in [
            ("1.5e3", Leaf::F64, "number 1.5e3", true),
            ("\"1.5\"", Leaf::With(With::F64), "double 1.5", true),
            ("-7", Leaf::Int(IntType::I32), "signed -7", true),
            ("7", Leaf::Int(IntType::I64), "signed 7", true),
            ("7", Leaf::Int(IntType::U8), "unsigned 7", true),
            ("9007199254740993", Leaf::Int(IntType::U64), "unsigned 9007199254740993", false),
            ("\"18446744073709551615\"", Leaf::ExactU64, "amount 18446744073709551615", true),
            ("\"12.5\"", Leaf::NumericText, "numeric \"12.5\" true", true),
            ("\" 12.5\"", Leaf::NumericText, "numeric \"12.5\" false", false),
            ("41208.790832405", Leaf::DecimalText, "ascii \"41208.790832405\"", true),
            ("9007199254740993", Leaf::DecimalText, "text \"9007199254740993\"", false),
            ("-0.0", Leaf::DecimalText, "ascii \"-0\"", true),
            ("12.3450", Leaf::DecimalText, "ascii \"12.345\"", true),
            ("0.1000000000000000055511151231257827", Leaf::DecimalText, "ascii \"0.1\"", true),
            ("\"é\"", Leaf::String, "text \"é\"", true),
            ("\"\\u00e9\"", Leaf::String, "text \"é\"", false),
            ("true", Leaf::Bool, "bool true", true),
            ("\"\"", Leaf::With(With::NonemptyString), "null", true),
        ] {
            let plain = Cursor { body: body.as_bytes(), at: 0 }.by_hand(&leaf, &mut Leaves::default()).is_some();
            let mut sink = Leaves::default();
            read(body.as_bytes(), &Shape::Leaf(leaf), &mut sink).unwrap_or_else(|e| panic!("{body}: {e}"));
            assert_eq!((sink.0, plain), (vec![handed.to_owned()], by_hand), "{body}");
        }
    }

    proptest::proptest! {
        #![proptest_config(crate::testing::proptest_cases(2_000))]

        /// A short decimal literal is written as the shortest text of its double, without computing the double.
        #[test]
        fn short_decimals_are_the_shortest_text_of_their_double(text in "-?(0|[1-9][0-9]{0,9})\\.[0-9]{1,9}0{0,3}") {
            let number = Number::whole_of(text.as_bytes()).unwrap();
            let shortest = crate::float::parse(&text).unwrap().to_string();
            if let Some(short) = number.short_decimal() {
                proptest::prop_assert_eq!(std::str::from_utf8(short).unwrap(), shortest);
            }
        }
    }
}
