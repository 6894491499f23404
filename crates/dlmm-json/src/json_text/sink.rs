//! [`JsonText`] as the reader's [`Sink`] ([`crate::transcode`]): a body's values written as the model's writer
//! writes them: members in declaration order whatever order the body sends them in, defaults for the fields left
//! out, `None`s the model does not write left out, number literals as sent, other leaves as [`JsonText::write`]
//! writes them.

use super::{JsonText, record, unicode_escape};
use crate::reader::{self, MAX_SAFE_INTEGER, Seen, Sink};
use crate::shape::{EnumShape, Field, Leaf, Shape, StructShape, With, js_name_len};

impl Sink for JsonText {
    /// Where the object starts, and how many members of outer objects were pending.
    type Struct = (usize, usize);
    /// Where the member starts, and how many `null` patterns were recorded before it.
    type Field = (usize, usize);

    fn begin_struct(&mut self, _: &StructShape) -> (usize, usize) {
        (self.begin_object(), self.fields.len())
    }
    fn begin_field(&mut self, shape: &StructShape, index: usize) -> (usize, usize) {
        (self.field_key(shape, index), self.nulls.len())
    }
    fn end_field(&mut self, shape: &StructShape, index: usize, (at, nulls): (usize, usize)) {
        self.keep_member(&shape.fields[index], index, at, nulls);
    }
    fn default_field(&mut self, shape: &StructShape, index: usize, (at, nulls): (usize, usize)) {
        self.write_default(shape.fields[index].shape);
        self.keep_member(&shape.fields[index], index, at, nulls);
    }
    /// Writes what each field not `seen` becomes (the reader checked that each has a default), puts the members
    /// read since `fields[base]` in declaration order and closes the object.
    fn end_struct(&mut self, shape: &StructShape, seen: &Seen, (start, base): (usize, usize)) {
        if seen.count() < shape.fields.len() {
            for (index, field) in shape.fields.iter().enumerate().filter(|(i, _)| !seen.contains(*i)) {
                let (at, nulls) = (self.field_key(shape, index), self.nulls.len());
                self.write_default(field.shape);
                self.keep_member(field, index, at, nulls);
            }
        }
        self.in_declaration_order(start, base);
        self.end_object(start);
    }
    fn begin_list(&mut self) {
        self.begin_array();
    }
    fn item(&mut self) {
        self.element();
    }
    fn end_list(&mut self) {
        self.end_array();
    }
    /// `null` (a `None`: `undefined` in JavaScript, its path recorded).
    fn null(&mut self) {
        record(&self.path, &mut self.nulls);
        self.text.extend_from_slice(b"null");
    }
    fn boolean(&mut self, value: bool) {
        self.text.extend_from_slice(if value { b"true" } else { b"false" });
    }
    /// Copied as sent (`JSON.parse` reads `1e2` and `100.0` to the same double).
    fn number(&mut self, literal: &[u8]) {
        self.text.extend_from_slice(literal);
    }
    /// Its shortest round-trip digits as serde_json prints them, or `null` (recorded as a `None`'s) when it is not
    /// finite.
    fn double(&mut self, value: f64) {
        if value.is_finite() {
            self.text.extend_from_slice(zmij::Buffer::new().format_finite(value).as_bytes());
        } else {
            self.null();
        }
    }
    /// One JavaScript cannot hold stops the writing with its path (see [`JsonText::finish`]).
    fn unsigned(&mut self, value: u64) {
        if value > MAX_SAFE_INTEGER {
            return self.unsafe_integer(value.to_string());
        }
        self.text.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }
    /// One JavaScript cannot hold stops the writing with its path (see [`JsonText::finish`]).
    fn signed(&mut self, value: i64) {
        if value.unsigned_abs() > MAX_SAFE_INTEGER {
            return self.unsafe_integer(value.to_string());
        }
        self.text.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }
    /// A digit string, its path recorded as an amount's (a `bigint` in JavaScript).
    fn amount(&mut self, value: u64) {
        record(&self.path, &mut self.amounts);
        self.ascii_text(itoa::Buffer::new().format(value).as_bytes());
    }
    /// Quoted, with serde_json's escapes (`\"`, `\\`, `\n`, `\u001f`, …) and every character beyond ASCII as
    /// `\uXXXX` (see `by_serde::JsFormatter`).
    fn text(&mut self, text: &str) {
        self.text.reserve(text.len() + 2);
        self.text.push(b'"');
        let mut plain = 0;
        for (at, c) in text.char_indices() {
            let short: &[u8] = match c {
                '"' => b"\\\"",
                '\\' => b"\\\\",
                '\u{8}' => b"\\b",
                '\u{c}' => b"\\f",
                '\n' => b"\\n",
                '\r' => b"\\r",
                '\t' => b"\\t",
                c if c < ' ' || !c.is_ascii() => b"",
                _ => continue,
            };
            self.text.extend_from_slice(&text.as_bytes()[plain..at]);
            if short.is_empty() {
                for &mut unit in c.encode_utf16(&mut [0; 2]) {
                    self.text.extend_from_slice(&unicode_escape(unit));
                }
            } else {
                self.text.extend_from_slice(short);
            }
            plain = at + c.len_utf8();
        }
        self.text.extend_from_slice(&text.as_bytes()[plain..]);
        self.text.push(b'"');
    }
    fn ascii_text(&mut self, text: &[u8]) {
        self.text.reserve(text.len() + 2);
        self.text.push(b'"');
        self.text.extend_from_slice(text);
        self.text.push(b'"');
    }
    /// Numeric text is a number to JavaScript: a JSON number literal well inside the range is copied (`JSON.parse`
    /// reads it to the double `NumericText::to_f64` reads), any other written as that double.
    fn numeric_text(&mut self, text: &str, literal: bool) {
        if literal || (reader::in_range(text) && reader::is_json_number(text)) {
            self.number(text.as_bytes());
        } else {
            self.double(crate::wire::f64_of_text(text).unwrap_or(f64::NAN));
        }
    }
    fn variant(&mut self, names: &EnumShape, index: usize) {
        self.text(names.js_name(index));
    }
}

impl JsonText {
    /// Writes what a missing field of shape `shape` becomes ([`crate::shape::Missing::Default`]): the zero value of
    /// the shape, as writing the type's default writes it (the derive refuses a default whose shape holds an enum,
    /// [`crate::shape::default_is_zero`]).
    fn write_default(&mut self, shape: &Shape) {
        match shape {
            Shape::Optional(_) => self.null(),
            Shape::List(_) => {
                self.begin_array();
                self.end_array();
            }
            Shape::Struct(fields) => {
                let start = self.begin_object();
                for (index, field) in fields.fields.iter().enumerate() {
                    let (at, nulls) = (self.field_key(fields, index), self.nulls.len());
                    self.write_default(field.shape);
                    if self.is_left_out(field, at) {
                        self.undo(at, nulls);
                    }
                }
                self.end_object(start);
            }
            Shape::Leaf(leaf) => match leaf {
                Leaf::String | Leaf::With(With::NumericString) => self.ascii_text(b""),
                Leaf::Bool => self.number(b"false"),
                Leaf::F64 | Leaf::Int(_) | Leaf::NumericText => self.number(b"0"),
                Leaf::With(With::F64 | With::U64 | With::I64 | With::U16 | With::U8 | With::I32) => self.number(b"0"),
                Leaf::ExactU64 => self.amount(0),
                Leaf::DecimalText => self.ascii_text(b"0"),
                Leaf::ObjectOrSingleton(one) => self.write_default(&Shape::Struct(one.object)),
                // Options read by the wire functions; an enum's default (refused by the derive) is not in its shape.
                Leaf::With(_) | Leaf::Enum(_) => self.null(),
            },
        }
    }

    /// Keeps the member of field `index` written from `at`, or takes it back when it is a `None` the model does not
    /// write (`skip_serializing_if`): its text and the `null` pattern it recorded (`nulls` were recorded before it).
    fn keep_member(&mut self, field: &Field, index: usize, at: usize, nulls: usize) {
        if self.is_left_out(field, at) {
            self.undo(at, nulls);
        } else {
            self.fields.push((index, at));
            self.note_member(field.wire, at);
        }
    }

    /// Removes the text from `at` on and the `null` patterns recorded after the first `nulls`.
    fn undo(&mut self, at: usize, nulls: usize) {
        self.text.truncate(at);
        self.nulls.truncate(nulls);
    }

    /// True when the member of `field` written from `at` is a `None` the model does not write: `,"<js>":null` for a
    /// field that skips `None`.
    fn is_left_out(&self, field: &Field, at: usize) -> bool {
        field.skip_none && self.text.ends_with(b":null") && self.len() - at == js_name_len(field.wire) + 8
    }

    /// Moves the members of the object begun at `start` written since `fields[base]` into declaration order (they
    /// were written in the body's order), keeping track of where the integers JavaScript cannot hold were written,
    /// and forgets them.
    fn in_declaration_order(&mut self, start: usize, base: usize) {
        if self.fields[base..].windows(2).all(|w| w[0].0 < w[1].0) {
            self.fields.truncate(base);
            return;
        }
        let members = self.fields.split_off(base);
        // Each member's (field index, start, end): it ends where the next one starts, the last at the text's end.
        let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(members.len());
        for (k, &(index, begins)) in members.iter().enumerate() {
            spans.push((index, begins, members.get(k + 1).map_or(self.len(), |next| next.1)));
        }
        spans.sort_unstable_by_key(|span| span.0);
        let mut ordered = Vec::with_capacity(self.text.len() - start);
        // The integers written inside this object: the last ones noted (so an object's reordering costs what it
        // holds, not what the whole text holds).
        let inside = self.unsafe_integers.iter().rposition(|u| u.0 < start).map_or(0, |last_before| last_before + 1);
        for (_, s, e) in spans {
            for unsafe_integer in self.unsafe_integers[inside..].iter_mut().filter(|u| (s..e).contains(&u.0)) {
                unsafe_integer.0 = start + ordered.len() + (unsafe_integer.0 - s);
            }
            ordered.extend_from_slice(&self.text[s..e]);
        }
        self.text.truncate(start);
        self.text.extend_from_slice(&ordered);
    }
}
