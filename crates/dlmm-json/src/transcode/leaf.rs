//! A leaf's value read by hand as the reader its model's `Deserialize` calls reads the value serde_json hands it:
//! the lenient `wire` rules ([`wire::read_input`], one description shared with their visitor), the strict
//! integers' ([`integer::read_input`]), and serde's own for strings, booleans and doubles; a value they refuse is
//! refused with serde_json's message, placed where serde_json places it.

use super::value::{Value, Words, wrong_type};
use super::{in_range, is_json_number};
use crate::integer::{self, Integer};
use crate::json_text::JsonText;
use crate::shape::{Leaf, With};
use crate::wire::{self, Input, Scalar};

/// Where serde_json places a leaf reader's error.
pub(super) enum Place {
    /// At the value: after a scalar, at a container's bracket.
    Value,
    /// Inside the container the reader stepped into (it asked for any value).
    SteppedIn,
    /// Where the container around the value ends (the reader made the error after it was handed the value).
    Container,
}

/// A leaf's reader refused its value: serde_json's message, and where it places it.
pub(super) struct Refused {
    pub(super) message: String,
    pub(super) place: Place,
}

/// Reads `value`, the value of leaf `leaf`, as its reader does, and writes it as the model's writer writes it.
pub(super) fn read(leaf: &Leaf, value: &Value<'_>, out: &mut JsonText) -> Result<(), Refused> {
    let at_value = |message: String| Refused { message, place: Place::Value };
    // The lenient readers ask for any value, so serde_json steps into a container before they refuse it.
    let lenient = |message: String| match value.is_container() {
        true => Refused { message, place: Place::SteppedIn },
        false => Refused { message, place: Place::Value },
    };
    let input = value.input().map_err(at_value)?;
    let scalar = |with: With| match wire::read_input::<Words>(with, input) {
        Ok(scalar) => Ok(scalar),
        Err((e, true)) => Err(lenient(e.0)),
        Err((e, false)) => Err(Refused { message: e.0, place: Place::Container }),
    };
    match leaf {
        Leaf::String | Leaf::With(With::NonemptyString) => match input {
            // `nonempty_string`: `null` and `""` are none.
            Input::Null | Input::Str("") if matches!(leaf, Leaf::With(_)) => out.null(),
            Input::Str(text) => out.string(text),
            other => return Err(at_value(wrong_type(other, "a string"))),
        },
        Leaf::Bool => match input {
            Input::Other(serde::de::Unexpected::Bool(value)) => out.boolean(value),
            other => return Err(at_value(wrong_type(other, "a boolean"))),
        },
        Leaf::F64 => match input {
            Input::F64(value) => out.double(value),
            Input::U64(value) => out.double(value as f64),
            Input::I64(value) => out.double(value as f64),
            other => return Err(at_value(wrong_type(other, "f64"))),
        },
        Leaf::Int(ty) => match integer::read_input::<Words>(*ty, input) {
            Ok(Integer::Unsigned(value)) => out.unsigned(value),
            Ok(Integer::Signed(value)) => out.signed(value),
            Err(e) => return Err(at_value(e.0)),
        },
        Leaf::ExactU64 => match scalar(With::U64)? {
            Scalar::U64(value) => out.amount(value),
            _ => out.null(),
        },
        Leaf::DecimalText => {
            let text = wire::read_text_input::<Words>(&wire::DECIMAL_TEXT, input);
            out.string(&text.map_err(|e| lenient(e.0))?);
        }
        Leaf::NumericText => match scalar(With::NumericString)? {
            // Numeric text that is a JSON number literal well inside the range is copied: `JSON.parse` reads it
            // to the double its model writes (the double `NumericText::to_f64` reads, written).
            Scalar::Text(text) if in_range(&text) && is_json_number(&text) => out.literal(text.as_bytes()),
            Scalar::Text(text) => out.double(wire::f64_of_text(&text).unwrap_or(f64::NAN)),
            _ => out.null(),
        },
        Leaf::With(with) => match scalar(*with)? {
            Scalar::Null => out.null(),
            Scalar::F64(value) => out.double(value),
            Scalar::U64(value) => out.unsigned(value),
            Scalar::I64(value) => out.signed(value),
            Scalar::Text(text) => out.string(&text),
        },
        // Read by the transcoder's reader itself: they take more than a scalar.
        Leaf::Enum(_) | Leaf::ObjectOrSingleton(_) => return Err(at_value("read by its shape".to_owned())),
    }
    Ok(())
}
