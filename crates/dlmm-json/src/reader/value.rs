//! A value at a leaf as the leaf's reader is handed it: a scalar read by the transcoder, or the start of a container
//! (which no leaf reader takes).

use std::borrow::Cow;

use serde::de::Unexpected;

use crate::literal::Number;
use crate::refusal::{Found, Refusal};
use crate::wire::Input;

/// A JSON value as a leaf's reader meets it.
pub(super) enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number literal, valid by JSON's grammar.
    Number(&'a str),
    /// A string, its escapes undone.
    Str(Cow<'a, str>),
    /// An object (`{`, not read).
    Map,
    /// An array (`[`, not read).
    Seq,
}

impl Value<'_> {
    /// The value as a reader is handed it; refused for a number beyond a double's range.
    pub(super) fn input(&self) -> Result<Input<'_>, Refusal> {
        Ok(match self {
            Value::Null => Input::Null,
            Value::Bool(value) => Input::Other(Unexpected::Bool(*value)),
            Value::Number(text) => match Number::of(text) {
                Some(Number::U64(value)) => Input::U64(value),
                Some(Number::I64(value)) => Input::I64(value),
                Some(Number::F64(value)) => Input::F64(value),
                None => return Err(Refusal::new("a number within a double's range", Found::number(text), 0)),
            },
            Value::Str(text) => Input::Str(text),
            Value::Map => Input::Other(Unexpected::Map),
            Value::Seq => Input::Other(Unexpected::Seq),
        })
    }

    /// What the value is, for a refusal.
    pub(super) fn found(&self) -> Found {
        match self {
            Value::Null => Found::Null,
            Value::Bool(value) => Found::Bool(*value),
            Value::Number(text) => Found::number(text),
            Value::Str(text) => Found::text(text),
            Value::Map => Found::Object,
            Value::Seq => Found::Array,
        }
    }
}
