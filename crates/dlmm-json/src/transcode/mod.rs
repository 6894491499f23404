//! Transcoding: a response body read by a model's [`Shape`](enum@Shape) and written straight to [`JsonText`] for
//! JavaScript, without building the model.
//!
//! The result is the text [`JsonText::write`] writes for the decoded model: the same keys in the same (declaration)
//! order, the same numbers, the same defaults for missing fields. A body the model would refuse is refused, with a
//! [`Refusal`] naming the JSON path, what was expected there and what was found. One reader by hand (the `plain`
//! module) reads every body: the leaves it does not read itself are read by the rules of the readers the model's
//! `Deserialize` calls (for the `wire` readers, `wire::read_input`, the one description their visitor shares).
//! Of several integers JavaScript cannot hold, the first in the output is named, as when the model is written. One
//! instantiation of this module serves every model.
//!
//! No value rests on serde_json's float parser (the WebAssembly builds leave its exact one out): a floating-point
//! leaf's number literal (and numeric text that is a JSON number literal) is copied as the body sent it rather than
//! parsed and printed (`JSON.parse` reads `1e2` and `100.0` to the same double, so only the spelling differs), and
//! any other number literal is read exactly (`literal::Number`).

mod leaf;
mod plain;
mod value;

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use crate::json_text::JsonText;
use crate::refusal::Refusal;
use crate::shape::{EnumShape, Field, Leaf, Missing, Shape, StructShape, With, js_name_len};

/// Transcodes the JSON value `body` of shape `shape` into `out`. An error is the body's (the text is then
/// unusable); an integer JavaScript cannot hold does not stop the reading, as it does not stop decoding the model:
/// [`JsonText::finish`] reports it when the body is otherwise fine.
pub fn transcode(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    plain::read(body, shape, out)
}

/// Why a body another reader refused is not a value of shape `shape`: the transcoder's refusal, the one description
/// of a body's faults (where it reads the body after all, which the tests pin never to happen, a refusal that says
/// so).
pub fn refusal(body: &[u8], shape: &Shape) -> Refusal {
    match check(body, shape) {
        Err(refusal) => refusal,
        Ok(()) => Refusal::other("a body its model reads", "one that only the transcoder reads"),
    }
}

/// Checks that `body` is a value of shape `shape`, with the errors decoding its model gives, writing nothing kept
/// (for composite answers read further by their own readers).
pub fn check(body: &[u8], shape: &Shape) -> Result<(), Refusal> {
    transcode(body, shape, &mut JsonText::default())
}

/// Transcodes one more item of the array begun by [`JsonText::items_from`] (like [`JsonText::push_item`]).
pub fn transcode_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    out.begin_item();
    transcode(body, shape, out)
}

/// Transcodes the value `body` begins with as one more item of the array begun by [`JsonText::items_from`], when
/// the reader reads it whole (an object or an array, as an array splitter would find it) and more of the body
/// follows it: its length. Otherwise nothing is written (`None`), and the item is to be split out and transcoded
/// whole ([`transcode_item`]), which also gives its errors. Public as `dlmm_query::items::transcode_start`.
pub fn transcode_leading_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
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
        let names: Vec<String> = variants.iter().map(|(wire, _)| format!("`{wire}`")).collect();
        let expected = format!("the name of a {}: {}", self.names.name, names.join(", "));
        Err(E::invalid_value(de::Unexpected::Str(v), &expected.as_str()))
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
            Leaf::ExactU64 => out.amount_digits(b"0"),
            Leaf::DecimalText => out.unescaped_string(b"0"),
            Leaf::ObjectOrSingleton(one) => write_default(&Shape::Struct(one.object), out),
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

    #[test]
    fn json_number_literals_are_told_from_other_numeric_text() {
        for number in ["0", "-0", "12", "0.4", "-1.25", "1e5", "1E+5", "2.5e-3", "12203309.018998"] {
            assert!(is_json_number(number), "{number}");
        }
        for text in ["", "-", "01", ".5", "1.", "+1", " 1", "1 ", "1e", "1e+", "0x10", "1_0", "inf", "NaN", "1.5.2"] {
            assert!(!is_json_number(text), "{text:?}");
        }
    }

    /// A JSON text with every number as its double's bits (as sent or as printed, the same number).
    pub(super) fn doubles(text: &str) -> String {
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
}
