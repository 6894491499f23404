//! Transcoding: a response body read by a model's [`Shape`](enum@Shape) and written straight to [`JsonText`] for
//! JavaScript, without building the model.
//!
//! The result is the text [`JsonText::write`] writes for the decoded model: the same keys in the same (declaration)
//! order, the same numbers, the same defaults for missing fields. A body the model would refuse is refused with the
//! same serde error (same message, same position, so [`crate::decode::explain`] names the same path): the leaves are
//! read by the functions the model's `Deserialize` calls (for the `wire` readers, `wire::read_with`, the one
//! description they are built on), a struct sent as a JSON array is read by position as serde's derive reads it, and of
//! several integers JavaScript cannot hold the first in the output is named, as when the model is written. One
//! instantiation of this module serves every model.
//!
//! Every leaf that takes numbers is read from its own text on the first reading, so no value rests on serde_json's
//! float parser (the WebAssembly builds leave its exact one out). A floating-point leaf's number literal (and numeric
//! text that is a JSON number literal) is copied as the body sent it rather than parsed and printed: `JSON.parse`
//! reads `1e2` and `100.0` to the same double, so only the spelling differs. Any other number literal is read exactly
//! (`literal::Literal`: what serde_json hands the leaf's reader), anything else (a numeric string, `null`) by the leaf's
//! reader from its text. An unescaped ASCII string is copied as it is. When a reader, or anything else in the body,
//! fails, the reading is given up and done again by serde's readers in place, so errors are always theirs.
//!
//! Before any of that, a reader by hand (the `plain` module) reads the body and writes the same text several times
//! faster, handing to serde only the values it does not read itself; it never decides an error, and gives the whole
//! body up to the readers above when serde would refuse a value.

mod plain;

use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::datapi::models::Decimal;
use crate::integer::{self, Integer};
use crate::json_text::JsonText;
use crate::literal::Literal;
use crate::models::{NumericText, protocol};
use crate::shape::{EnumShape, Field, Leaf, Missing, Shape, StructShape, With, js_name_len};
use crate::wire::Scalar;
use crate::{Amount, wire};

/// Transcodes the JSON value `body` of shape `shape` into `out`. An error is the body's (the text is then
/// unusable); an integer JavaScript cannot hold does not stop the reading, as it does not stop decoding the model:
/// [`JsonText::finish`] reports it when the body is otherwise fine.
pub fn transcode(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), serde_json::Error> {
    let checkpoint = out.checkpoint();
    if plain::read(body, shape, out).is_some() {
        return Ok(());
    }
    out.rollback(&checkpoint);
    by_serde(body, shape, out)
}

/// Checks that `body` is a value of shape `shape`, with the errors decoding its model gives, writing nothing kept
/// (for composite answers read further by their own readers).
pub fn check(body: &[u8], shape: &Shape) -> Result<(), serde_json::Error> {
    transcode(body, shape, &mut JsonText::default())
}

/// Transcodes `body` by serde's readers: numbers copied as sent where they can be, else everything read by the
/// leaves' own readers.
fn by_serde(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), serde_json::Error> {
    let checkpoint = out.checkpoint();
    out.numbers_as_sent = true;
    let as_sent = read(body, shape, out);
    out.numbers_as_sent = false;
    if as_sent.is_ok() {
        return Ok(());
    }
    // Whatever failed, the leaves' own readers say why, exactly as decoding would.
    out.rollback(&checkpoint);
    read(body, shape, out)
}

/// One reading of `body` by `shape` into `out`.
fn read(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(body);
    Value { shape, out }.deserialize(&mut de)?;
    de.end()
}

/// Transcodes one more item of the array begun by [`JsonText::items_from`] (like [`JsonText::push_item`]).
pub fn transcode_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), serde_json::Error> {
    out.begin_item();
    transcode(body, shape, out)
}

/// Transcodes the value `body` begins with as one more item of the array begun by [`JsonText::items_from`], when
/// the fast reader reads it whole (an object or an array, as an array splitter would find it) and more of the body
/// follows it: its length. Otherwise nothing is written (`None`), and the item is to be split out and transcoded
/// whole ([`transcode_item`]), which also gives its errors. Public as [`crate::items::transcode_start`].
pub(crate) fn transcode_leading_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    if !matches!(body.first(), Some(b'{' | b'[')) {
        return None;
    }
    let checkpoint = out.checkpoint();
    out.begin_item();
    match plain::read_leading(body, shape, out) {
        Some(length) if length < body.len() => Some(length),
        _ => {
            out.rollback(&checkpoint);
            None
        }
    }
}

/// A value of `shape`, written to `out` as it is read.
struct Value<'a> {
    shape: &'a Shape,
    out: &'a mut JsonText,
}

impl<'de> DeserializeSeed<'de> for Value<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let Value { shape, out } = self;
        match shape {
            Shape::Leaf(leaf) => leaf_value(leaf, d, out),
            Shape::Struct(fields) => d.deserialize_struct(fields.name, &[], Object { shape: fields, out }),
            Shape::List(item) => d.deserialize_seq(List { item, out }),
            Shape::Optional(inner) => d.deserialize_option(Optional { inner, out }),
        }
    }
}

/// Reads a leaf by the decoder its model uses and writes it.
fn leaf_value<'de, D: Deserializer<'de>>(leaf: &Leaf, d: D, out: &mut JsonText) -> Result<(), D::Error> {
    match leaf {
        Leaf::F64 | Leaf::Int(_) | Leaf::Amount | Leaf::Decimal | Leaf::NumericText | Leaf::With(_)
            if out.numbers_as_sent =>
        {
            return from_raw_text(leaf, d, out);
        }
        Leaf::String => return d.deserialize_str(Text { out }),
        Leaf::Enum(names) => out.string(names.js_name(d.deserialize_enum(names.name, &[], VariantName::new(names))?)),
        Leaf::Bool => out.boolean(bool::deserialize(d)?),
        Leaf::F64 => out.double(f64::deserialize(d)?),
        Leaf::Int(ty) => match integer::read(d, *ty)? {
            Integer::Unsigned(v) => out.unsigned(v),
            Integer::Signed(v) => out.signed(v),
        },
        Leaf::Amount => out.amount(Amount::deserialize(d)?),
        Leaf::Decimal => out.string(Decimal::deserialize(d)?.as_str()),
        Leaf::NumericText => {
            // Numeric text that is a JSON number literal well inside the range is copied: `JSON.parse` reads it to
            // the double its model writes.
            let text = NumericText::deserialize(d)?;
            match in_range(text.as_str()) && is_json_number(text.as_str()) {
                true => out.literal(text.as_str().as_bytes()),
                false => out.double(text.to_f64()),
            }
        }
        Leaf::ProtocolMetrics => return d.deserialize_any(ProtocolMetrics { out }),
        Leaf::With(with) => match wire::read_with(d, *with)? {
            Scalar::Null => out.null(),
            Scalar::F64(v) => out.double(v),
            Scalar::U64(v) => out.unsigned(v),
            Scalar::I64(v) => out.signed(v),
            Scalar::Text(text) => out.string(&text),
        },
    }
    Ok(())
}

/// A leaf that takes numbers, on the first reading: read from its own text, so no value rests on serde_json's float
/// parser. A floating-point leaf's number literal is copied as the body sent it (`JSON.parse` reads it to the double
/// the leaf's reader makes of it: both round correctly, and `1e2` and `100.0` are the same number), which saves
/// parsing and printing it; any other number literal is read exactly ([`Literal`]); anything else (a string, `null`)
/// by the leaf's reader from its text. An error here gives the reading up, to be done again by serde's readers, for
/// their exact error.
fn from_raw_text<'de, D: Deserializer<'de>>(leaf: &Leaf, d: D, out: &mut JsonText) -> Result<(), D::Error> {
    let raw = <&serde_json::value::RawValue>::deserialize(d)?.get();
    let copies = matches!(leaf, Leaf::F64 | Leaf::With(With::F64 | With::OptF64));
    if copies && finite_number_literal(raw) {
        out.literal(raw.as_bytes());
        return Ok(());
    }
    out.numbers_as_sent = false;
    let read = match Literal::of(raw) {
        Some(literal) => leaf_value(leaf, literal, out),
        None => {
            let mut de = serde_json::Deserializer::from_slice(raw.as_bytes());
            leaf_value(leaf, &mut de, out).and_then(|()| de.end())
        }
    };
    out.numbers_as_sent = true;
    read.map_err(de::Error::custom)
}

/// True for a JSON value's text that is a number literal whose value is a finite double well inside the range (the
/// parser reports the edges itself). `raw` is a whole, valid JSON value.
fn finite_number_literal(raw: &str) -> bool {
    raw.as_bytes().first().is_some_and(|b| *b == b'-' || b.is_ascii_digit()) && in_range(raw)
}

/// True when the decimal `number` is well inside a double's range (below 1e300 in magnitude; the edges are left to
/// the readers, which report them).
fn in_range(number: &str) -> bool {
    crate::float::plainly_in_range(number) || crate::float::parse(number).is_some_and(|v| v.abs() < 1e300)
}

/// True when `text` is a number literal by JSON's grammar (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`), which
/// `JSON.parse` reads as it is.
fn is_json_number(text: &str) -> bool {
    plain::Number::whole_of(text.as_bytes()).is_some()
}

/// A string, written without a copy when the body holds it unescaped.
struct Text<'a> {
    out: &'a mut JsonText,
}

impl<'de> Visitor<'de> for Text<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.out.string(v);
        Ok(())
    }
    /// A string as the body holds it: it had no escapes, so no quote, backslash or control character (the parser
    /// refuses those raw); when it is ASCII too, it is copied as it is.
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<(), E> {
        match v.is_ascii() {
            true => self.out.unescaped_string(v.as_bytes()),
            false => self.out.string(v),
        }
        Ok(())
    }
}

/// The protocol metrics, as [`crate::models::ProtocolMetrics`] reads them: the wire object, or an array of exactly
/// one, read by the object's shape.
struct ProtocolMetrics<'a> {
    out: &'a mut JsonText,
}

impl<'de> Visitor<'de> for ProtocolMetrics<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(protocol::EXPECTING)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        Object { shape: protocol::WIRE_FIELDS, out: self.out }.visit_map(map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        if seq.next_element_seed(Value { shape: protocol::WIRE_SHAPE, out: &mut *self.out })?.is_none() {
            return Err(de::Error::invalid_length(0, &self));
        }
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(2, &self));
        }
        Ok(())
    }
}

/// An enum of unit variants read by name, as its `Deserialize` reads it: the variant's index among the shape's
/// variants (the `other` variant, when there is one, after them).
pub(crate) struct VariantName<'a> {
    names: &'a EnumShape,
}

impl<'a> VariantName<'a> {
    /// The reader of `names`' variants.
    pub(crate) fn new(names: &'a EnumShape) -> Self {
        Self { names }
    }
}

impl<'de> Visitor<'de> for VariantName<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "enum {}", self.names.name)
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<usize, A::Error> {
        let (index, variant) = data.variant_seed(VariantIndex { names: self.names })?;
        de::VariantAccess::unit_variant(variant)?;
        Ok(index)
    }
}

/// The index of the variant named in the body.
struct VariantIndex<'a> {
    names: &'a EnumShape,
}

impl<'de> DeserializeSeed<'de> for VariantIndex<'_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for VariantIndex<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<usize, E> {
        let variants = self.names.variants;
        if let Some(index) = variants.iter().position(|(wire, _)| *wire == v) {
            return Ok(index);
        }
        if self.names.other.is_some() {
            return Ok(variants.len());
        }
        let expected: Vec<&str> = variants.iter().map(|(wire, _)| *wire).collect();
        Err(E::custom(format_args!("unknown variant `{v}`, expected {}", OneOf(&expected))))
    }
}

/// serde's list of expected names (`` `a` `` / `` `a` or `b` `` / `` one of `a`, `b`, `c` ``).
struct OneOf<'a>(&'a [&'a str]);

impl fmt::Display for OneOf<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("there are no variants"),
            [a] => write!(f, "`{a}`"),
            [a, b] => write!(f, "`{a}` or `{b}`"),
            names => {
                f.write_str("one of ")?;
                for (i, name) in names.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{name}`")?;
                }
                Ok(())
            }
        }
    }
}

/// An array of values of one shape.
struct List<'a> {
    item: &'a Shape,
    out: &'a mut JsonText,
}

impl<'de> Visitor<'de> for List<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let List { item, out } = self;
        out.begin_array();
        while seq.next_element_seed(Element { shape: item, out: &mut *out })?.is_some() {}
        out.end_array();
        Ok(())
    }
}

/// An element of an array: a [`Value`] after the separator.
struct Element<'a> {
    shape: &'a Shape,
    out: &'a mut JsonText,
}

impl<'de> DeserializeSeed<'de> for Element<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.out.element();
        Value { shape: self.shape, out: self.out }.deserialize(d)
    }
}

/// `null` or a value of the inner shape.
struct Optional<'a> {
    inner: &'a Shape,
    out: &'a mut JsonText,
}

impl<'de> Visitor<'de> for Optional<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option")
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.out.null();
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.out.null();
        Ok(())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        Value { shape: self.inner, out: self.out }.deserialize(d)
    }
}

/// An object with named fields, written in declaration order whatever order the body sends them in.
struct Object<'a> {
    shape: &'a StructShape,
    out: &'a mut JsonText,
}

impl<'de> Visitor<'de> for Object<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", self.shape.name)
    }

    /// A struct sent as an array, its fields by position, as serde's derive reads it.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Object { shape, out } = self;
        let (start, base) = (out.begin_object(), out.fields.len());
        for (index, field) in shape.fields.iter().enumerate() {
            let (at, nulls) = (out.key(field.wire), out.null_patterns());
            if seq.next_element_seed(Value { shape: field.shape, out: &mut *out })?.is_none() {
                out.undo(at, nulls);
                if field.missing == Missing::Required || !field.default_attr {
                    return Err(de::Error::invalid_length(index, &shape.as_array().as_str()));
                }
                out.key(field.wire);
                write_default(field.shape, out);
            }
            keep_member(out, field, index, at, nulls);
        }
        out.fields.truncate(base);
        out.end_object(start);
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Object { shape, out } = self;
        let fields = shape.fields;
        let start = out.begin_object();
        let base = out.fields.len();
        let mut keys = FieldKeys::new(shape);
        while let Some(index) = keys.next(&mut map)? {
            let field = &fields[index];
            let (at, nulls) = (out.key(field.wire), out.null_patterns());
            map.next_value_seed(Value { shape: field.shape, out: &mut *out })?;
            keep_member(out, field, index, at, nulls);
        }
        end_object(out, shape, &keys.seen, start, base).map_err(|field| de::Error::missing_field(field.wire))
    }
}

/// Ends the object begun at `start` whose members since `fields[base]` were read: writes what each field not
/// `seen` becomes, puts the members in declaration order and closes it. A missing field that has no default is
/// the error.
fn end_object(
    out: &mut JsonText,
    shape: &StructShape,
    seen: &Seen,
    start: usize,
    base: usize,
) -> Result<(), &'static Field> {
    for (index, field) in shape.fields.iter().enumerate().filter(|(i, _)| !seen.contains(*i)) {
        if field.missing == Missing::Required {
            return Err(field);
        }
        let (at, nulls) = (out.key(field.wire), out.null_patterns());
        write_default(field.shape, out);
        keep_member(out, field, index, at, nulls);
    }
    in_declaration_order(out, start, base);
    out.end_object(start);
    Ok(())
}

/// Writes what a missing field of shape `shape` becomes ([`Missing::Default`]): its type's default, which for the
/// crate's models is the zero value of the shape, as writing the default writes it: `null` for an option, `0`,
/// `false`, `""`, `[]`, a zero amount or decimal, and for a struct each field's zero in declaration order (a `None`
/// taken back where the field skips it, as for a member read). The derive refuses a default whose shape holds an enum
/// ([`crate::shape::default_is_zero`]); the tests compare every field left out of every sample with decoding the
/// model and writing it.
fn write_default(shape: &Shape, out: &mut JsonText) {
    match shape {
        Shape::Optional(_) => out.null(),
        Shape::List(_) => {
            out.begin_array();
            out.end_array();
        }
        Shape::Struct(fields) => {
            let start = out.begin_object();
            for field in fields.fields {
                let (at, nulls) = (out.key(field.wire), out.null_patterns());
                write_default(field.shape, out);
                if is_left_out(out, field, at) {
                    out.undo(at, nulls);
                }
            }
            out.end_object(start);
        }
        Shape::Leaf(leaf) => match leaf {
            Leaf::String | Leaf::With(With::NumericString) => out.unescaped_string(b""),
            Leaf::Bool => out.literal(b"false"),
            Leaf::F64 | Leaf::Int(_) | Leaf::NumericText => out.literal(b"0"),
            Leaf::With(With::F64 | With::U64 | With::I64 | With::U16 | With::U8 | With::I32) => out.literal(b"0"),
            Leaf::Amount => out.amount_digits(b"0"),
            Leaf::Decimal => out.unescaped_string(b"0"),
            Leaf::ProtocolMetrics => write_default(protocol::WIRE_SHAPE, out),
            // Options read by the wire functions; an enum's default (refused by the derive) is not in its shape.
            Leaf::With(_) | Leaf::Enum(_) => out.null(),
        },
    }
}

/// Keeps the member of field `index` written from `at`, or takes it back when it is a `None` the model does not
/// write (`skip_serializing_if`): its text and the `null` pattern it recorded (`nulls` were recorded before it).
fn keep_member(out: &mut JsonText, field: &Field, index: usize, at: usize, nulls: usize) {
    if is_left_out(out, field, at) {
        out.undo(at, nulls);
    } else {
        out.fields.push((index, at));
    }
}

/// True when the member of `field` written from `at` is a `None` the model does not write: `,"<js>":null` for a
/// field that skips `None`.
fn is_left_out(out: &JsonText, field: &Field, at: usize) -> bool {
    field.skip_none && out.len() - at == js_name_len(field.wire) + 8 && out.as_bytes().ends_with(b":null")
}

/// Moves the members written since `fields[base]` into declaration order (they were written in the body's order),
/// and forgets them.
fn in_declaration_order(out: &mut JsonText, start: usize, base: usize) {
    if out.fields[base..].windows(2).all(|w| w[0].0 < w[1].0) {
        out.fields.truncate(base);
        return;
    }
    let members = out.fields.split_off(base);
    // Each member's (field index, start, end): it ends where the next one starts, the last at the text's end.
    let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(members.len());
    for (k, &(index, begins)) in members.iter().enumerate() {
        spans.push((index, begins, members.get(k + 1).map_or(out.len(), |next| next.1)));
    }
    spans.sort_unstable_by_key(|span| span.0);
    let mut ordered = Vec::with_capacity(spans.len());
    for (_, begins, ends) in spans {
        ordered.push((begins, ends));
    }
    out.reorder(start, &ordered);
}

/// An object's fields as its keys name them, as serde's derive reads them: each field's index once, the values of
/// keys the model ignores skipped, and a field named twice the error.
pub(crate) struct FieldKeys<'a> {
    shape: &'a StructShape,
    /// The fields met so far.
    pub(crate) seen: Seen,
    /// The field tried first for the next key.
    next: usize,
}

impl<'a> FieldKeys<'a> {
    /// The keys of an object of `shape`, none read yet.
    pub(crate) fn new(shape: &'a StructShape) -> Self {
        Self { shape, seen: Seen::new(shape.fields.len()), next: 0 }
    }

    /// The index of the field the next key names (its value is to be read next), or `None` after the last key.
    pub(crate) fn next<'de, A: MapAccess<'de>>(&mut self, map: &mut A) -> Result<Option<usize>, A::Error> {
        while let Some(found) = map.next_key_seed(Key { shape: self.shape, next: self.next })? {
            let Some(index) = found else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            self.next = index + 1;
            if !self.seen.insert(index) {
                return Err(de::Error::duplicate_field(self.shape.fields[index].wire));
            }
            return Ok(Some(index));
        }
        Ok(None)
    }
}

/// Which fields of an object were met: a bit per field, inline for up to 128 fields (every model has fewer), so
/// reading an object allocates nothing.
pub(crate) struct Seen {
    low: u128,
    more: Vec<u64>,
}

impl Seen {
    /// None of `fields` fields met yet.
    fn new(fields: usize) -> Self {
        Self { low: 0, more: vec![0; fields.saturating_sub(128).div_ceil(64)] }
    }
    /// Marks field `i`; false when it was marked already.
    fn insert(&mut self, i: usize) -> bool {
        let fresh = !self.contains(i);
        if i < 128 {
            self.low |= 1 << i;
        } else {
            self.more[(i - 128) / 64] |= 1 << ((i - 128) % 64);
        }
        fresh
    }
    /// True when field `i` was met.
    pub(crate) fn contains(&self, i: usize) -> bool {
        if i < 128 { self.low & (1 << i) != 0 } else { self.more[(i - 128) / 64] & (1 << ((i - 128) % 64)) != 0 }
    }
}

/// An object's key: the index of the field it names, or `None` for a key the model ignores. `next` is the field
/// tried first (the one after the last key found: bodies mostly send fields in one order).
struct Key<'a> {
    shape: &'a StructShape,
    next: usize,
}

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Key<'_> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<usize>, E> {
        Ok(field_named(self.shape, self.next, v.as_bytes()))
    }
}

/// The index of the field of `shape` whose wire name is `key`, trying field `next` first (bodies mostly send
/// fields in one order), or `None` for a key the model ignores.
fn field_named(shape: &StructShape, next: usize, key: &[u8]) -> Option<usize> {
    let fields = shape.fields;
    if fields.get(next).is_some_and(|field| field.wire.as_bytes() == key) {
        return Some(next);
    }
    fields.iter().position(|field| field.wire.as_bytes() == key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::ProtocolMetrics;
    use crate::shape::HasShape;

    #[test]
    fn json_number_literals_are_told_from_other_numeric_text() {
        for number in ["0", "-0", "12", "0.4", "-1.25", "1e5", "1E+5", "2.5e-3", "12203309.018998"] {
            assert!(is_json_number(number), "{number}");
        }
        for text in ["", "-", "01", ".5", "1.", "+1", " 1", "1 ", "1e", "1e+", "0x10", "1_0", "inf", "NaN", "1.5.2"] {
            assert!(!is_json_number(text), "{text:?}");
        }
    }

    #[test]
    fn only_numbers_well_inside_the_range_are_copied() {
        assert!(finite_number_literal("-12.5") && finite_number_literal("1e299") && finite_number_literal("5e-324"));
        assert!(!finite_number_literal("1e300") && !finite_number_literal("1e400") && !finite_number_literal("-2e308"));
        assert!(
            !finite_number_literal(&"9".repeat(400))
                && !finite_number_literal("\"1\"")
                && !finite_number_literal("null")
        );
    }

    #[test]
    fn protocol_metrics_read_by_shape_as_their_decoder_reads_them() {
        for body in protocol::sample_bodies() {
            let decoded = serde_json::from_str::<ProtocolMetrics>(&body);
            let mut out = JsonText::default();
            let transcoded = transcode(body.as_bytes(), &crate::models::ProtocolMetrics::SHAPE, &mut out);
            match (decoded, transcoded) {
                (Ok(metrics), Ok(())) => {
                    let mut expected = JsonText::default();
                    expected.write(&metrics);
                    let text = |t: JsonText| t.finish("").map(|w| w.text).expect("no unsafe integers");
                    let (expected, got) = (text(expected), text(out));
                    // The same keys and doubles (the transcoder copies literals as sent), in declaration order.
                    let doubles = |t: &str| -> Vec<(String, Option<f64>)> {
                        let map = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(t).unwrap();
                        map.into_iter().map(|(k, v)| (k, v.as_f64())).collect()
                    };
                    assert_eq!(doubles(&got), doubles(&expected), "{body}");
                    assert!(got.starts_with(r#"{"totalTvl":"#), "{got}");
                }
                (Err(decoded), Err(transcoded)) => assert_eq!(transcoded.to_string(), decoded.to_string(), "{body}"),
                (decoded, transcoded) => panic!("{body}: decoded {decoded:?}, transcoded {transcoded:?}"),
            }
        }
    }

    /// A JSON text with every number as its double's bits (as sent or as printed, the same number).
    fn doubles(text: &str) -> String {
        fn walk(value: &serde_json::Value) -> String {
            match value {
                serde_json::Value::Number(n) => format!("#{:016x}", n.as_f64().expect("a number").to_bits()),
                serde_json::Value::Array(items) => {
                    format!("[{}]", items.iter().map(walk).collect::<Vec<_>>().join(","))
                }
                serde_json::Value::Object(map) => {
                    format!(
                        "{{{}}}",
                        map.iter().map(|(k, v)| format!("{k:?}:{}", walk(v))).collect::<Vec<_>>().join(",")
                    )
                }
                other => other.to_string(),
            }
        }
        walk(&serde_json::from_str(text).expect("JSON"))
    }

    /// The first reading (numbers copied as sent or read exactly from their text) writes what serde's readers write
    /// (natively, with serde_json's exact float parser) for every leaf that takes numbers and every edge literal, or
    /// fails where they fail: no body depends on the second reading for its values.
    #[test]
    fn numbers_read_from_their_text_are_written_as_serdes() {
        let shape = &<crate::slot::tests::Numbers as HasShape>::SHAPE;
        for body in crate::slot::tests::number_bodies() {
            let reading = |as_sent: bool| {
                let mut out = JsonText::default();
                out.numbers_as_sent = as_sent;
                read(body.as_bytes(), shape, &mut out).map(|()| out.finish("").map(|w| w.text))
            };
            match (reading(true), reading(false)) {
                (Ok(Ok(a)), Ok(Ok(b))) => assert_eq!(doubles(&a), doubles(&b), "{body}"),
                (Ok(Err(_)), Ok(Err(_))) | (Err(_), Err(_)) => {}
                (a, b) => panic!("{body}: from its text {a:?}, by serde {b:?}"),
            }
        }
    }
}
