//! Transcoding: a response body read by a model's [`Shape`](enum@Shape) ([`crate::reader`]) and written straight to
//! [`JsonText`] for JavaScript without building the model: the text [`JsonText::write`] writes for the decoded model
//! (keys in declaration order, the same numbers and defaults), or the [`Refusal`] decoding it would give. Of several
//! integers JavaScript cannot hold, the first in the output is named, as when the model is written.
//!
//! No value rests on serde_json's float parser (the WebAssembly builds leave its exact one out): a floating-point
//! leaf's number literal is copied as sent (`JSON.parse` reads `1e2` and `100.0` to the same double), any other
//! number literal read exactly (`literal::Number`).

use crate::json_text::JsonText;
use crate::reader::{self, Seen, Sink};
use crate::refusal::Refusal;
use crate::shape::{EnumShape, Field, Leaf, Shape, StructShape, With, js_name_len};

/// Transcodes the JSON value `body` of shape `shape` into `out` (the text is unusable after an error). An integer
/// JavaScript cannot hold does not stop the reading: [`JsonText::finish`] reports it.
pub fn transcode(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    reader::read(body, shape, out)
}

/// Why a body another reader refused is not a value of shape `shape`: the reader's refusal, the one description of
/// a body's faults (where it reads the body after all, which the tests pin never to happen, a refusal that says so).
pub fn refusal(body: &[u8], shape: &Shape) -> Refusal {
    match check(body, shape) {
        Err(refusal) => refusal,
        Ok(()) => Refusal::other("a body its model reads", "one only the shape reader reads"),
    }
}

/// Checks that `body` is a value of shape `shape`, writing nothing kept (for composite answers read further by their
/// own readers).
pub fn check(body: &[u8], shape: &Shape) -> Result<(), Refusal> {
    transcode(body, shape, &mut JsonText::default())
}

/// Transcodes one more item of the array begun by [`JsonText::items_from`] (like [`JsonText::push_item`]).
pub fn transcode_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Result<(), Refusal> {
    out.begin_item();
    transcode(body, shape, out)
}

/// Transcodes the object or array `body` begins with, when more of the body follows it, as one more item of the array
/// begun by [`JsonText::items_from`]: its length. Otherwise (`None`) nothing is written, and the item is to be split
/// out and transcoded whole ([`transcode_item`]). Public as `dlmm_query::items::transcode_start`.
pub fn transcode_leading_item(body: &[u8], shape: &Shape, out: &mut JsonText) -> Option<usize> {
    if !matches!(body.first(), Some(b'{' | b'[')) {
        return None;
    }
    let checkpoint = out.checkpoint();
    out.begin_item();
    match reader::read_leading(body, shape, out) {
        Some(length) if length < body.len() => Some(length),
        _ => {
            out.rollback(&checkpoint);
            None
        }
    }
}

/// The reader's values written as the model's writer writes them: members in declaration order whatever order the
/// body sends them in, defaults for the fields left out, `None`s the model does not write left out, numbers as sent.
impl Sink for JsonText {
    /// Where the object starts, and how many members of outer objects were pending.
    type Struct = (usize, usize);
    /// Where the member starts, and how many `null` patterns were recorded before it.
    type Field = (usize, usize);

    fn begin_struct(&mut self, _: &StructShape) -> (usize, usize) {
        (self.begin_object(), self.fields.len())
    }
    fn begin_field(&mut self, shape: &StructShape, index: usize) -> (usize, usize) {
        (self.key(shape.fields[index].wire), self.null_patterns())
    }
    fn end_field(&mut self, shape: &StructShape, index: usize, (at, nulls): (usize, usize)) {
        keep_member(self, &shape.fields[index], index, at, nulls);
    }
    fn default_field(&mut self, shape: &StructShape, index: usize, (at, nulls): (usize, usize)) {
        write_default(shape.fields[index].shape, self);
        keep_member(self, &shape.fields[index], index, at, nulls);
    }
    fn end_struct(&mut self, shape: &StructShape, seen: &Seen, (start, base): (usize, usize)) {
        end_object(self, shape, seen, start, base);
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
    fn null(&mut self) {
        JsonText::null(self);
    }
    fn boolean(&mut self, value: bool) {
        JsonText::boolean(self, value);
    }
    fn number(&mut self, literal: &[u8]) {
        self.literal(literal);
    }
    fn double(&mut self, value: f64) {
        JsonText::double(self, value);
    }
    fn unsigned(&mut self, value: u64) {
        JsonText::unsigned(self, value);
    }
    fn signed(&mut self, value: i64) {
        JsonText::signed(self, value);
    }
    fn amount(&mut self, value: u64) {
        JsonText::amount(self, value);
    }
    fn text(&mut self, text: &str) {
        self.string(text);
    }
    fn ascii_text(&mut self, text: &[u8]) {
        self.unescaped_string(text);
    }
    /// Numeric text is a number to JavaScript: a JSON number literal well inside the range is copied (`JSON.parse`
    /// reads it to the double `NumericText::to_f64` reads), any other written as that double.
    fn numeric_text(&mut self, text: &str, literal: bool) {
        if literal || (reader::in_range(text) && reader::is_json_number(text)) {
            self.literal(text.as_bytes());
        } else {
            JsonText::double(self, crate::wire::f64_of_text(text).unwrap_or(f64::NAN));
        }
    }
    fn variant(&mut self, names: &EnumShape, index: usize) {
        self.string(names.js_name(index));
    }
}

/// Ends the object begun at `start` whose members since `fields[base]` were read: writes what each field not
/// `seen` becomes (the reader checked that each has a default), puts the members in declaration order and closes it.
fn end_object(out: &mut JsonText, shape: &StructShape, seen: &Seen, start: usize, base: usize) {
    for (index, field) in shape.fields.iter().enumerate().filter(|(i, _)| !seen.contains(*i)) {
        let (at, nulls) = (out.key(field.wire), out.null_patterns());
        write_default(field.shape, out);
        keep_member(out, field, index, at, nulls);
    }
    in_declaration_order(out, start, base);
    out.end_object(start);
}

/// Writes what a missing field of shape `shape` becomes ([`Missing::Default`]): the zero value of the shape, as
/// writing the type's default writes it (the derive refuses a default whose shape holds an enum,
/// [`crate::shape::default_is_zero`]).
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

#[cfg(test)]
mod tests;
