//! A leaf's value read by hand by the rules of the reader its model names: the lenient `wire` rules
//! ([`wire::read_input`], one description shared with their visitor), the strict integers' ([`integer::read_input`]),
//! and plain strings, booleans and doubles; a value they refuse is refused with what they expected.

use serde::de::Unexpected;

use super::Sink;
use super::value::Value;
use crate::integer::{self, Integer};
use crate::refusal::Refusal;
use crate::shape::{Leaf, With};
use crate::wire::{self, Scalar};

/// Reads `value`, the value of leaf `leaf`, as its reader does, and hands it to `out`.
pub(super) fn read(leaf: &Leaf, value: &Value<'_>, out: &mut impl Sink) -> Result<(), Refusal> {
    let wrong = |expected: &str| Refusal::new(expected, value.found(), 0);
    let input = value.input()?;
    let scalar = |with: With| wire::read_input::<Refusal>(with, input);
    match leaf {
        Leaf::String | Leaf::With(With::NonemptyString) => match input {
            // `nonempty_string`: `null` and `""` are none.
            Unexpected::Unit | Unexpected::Str("") if matches!(leaf, Leaf::With(_)) => out.null(),
            Unexpected::Str(text) => out.text(text),
            _ => return Err(wrong("a string")),
        },
        Leaf::Bool => match input {
            Unexpected::Bool(value) => out.boolean(value),
            _ => return Err(wrong("true or false")),
        },
        Leaf::F64 => match input {
            Unexpected::Float(value) => out.double(value),
            Unexpected::Unsigned(value) => out.double(value as f64),
            Unexpected::Signed(value) => out.double(value as f64),
            _ => return Err(wrong("a number")),
        },
        Leaf::Int(ty) => match integer::read_input::<Refusal>(*ty, input)? {
            Integer::Unsigned(value) => out.unsigned(value),
            Integer::Signed(value) => out.signed(value),
        },
        Leaf::ExactU64 => match scalar(With::U64)? {
            Scalar::U64(value) => out.amount(value),
            _ => out.null(),
        },
        Leaf::DecimalText => out.text(&wire::read_decimal_text::<Refusal>(input)?),
        Leaf::NumericText => match scalar(With::NumericString)? {
            Scalar::Text(text) => out.numeric_text(&text, false),
            _ => out.null(),
        },
        Leaf::With(with) => match scalar(*with)? {
            Scalar::Null => out.null(),
            Scalar::F64(value) => out.double(value),
            Scalar::U64(value) => out.unsigned(value),
            Scalar::I64(value) => out.signed(value),
            Scalar::Text(text) => out.text(&text),
        },
        // Read by the transcoder's reader itself: they take more than a scalar.
        Leaf::Enum(_) | Leaf::ObjectOrSingleton(_) => return Err(wrong("a value read by its shape")),
    }
    Ok(())
}
