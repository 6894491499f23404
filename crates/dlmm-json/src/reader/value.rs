//! A value at a leaf as the leaf's reader is handed it: a scalar read by the transcoder, or the start of a container
//! (which no leaf reader takes).

use std::borrow::Cow;

use serde::de::Unexpected;

use crate::refusal::{Found, Refusal};

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
    /// The value as a deserializer hands it to a visitor (`Unit` for `null`); refused for a number beyond a
    /// double's range.
    pub(super) fn input(&self) -> Result<Unexpected<'_>, Refusal> {
        Ok(match self {
            Value::Null => Unexpected::Unit,
            Value::Bool(value) => Unexpected::Bool(*value),
            Value::Number(text) => match crate::literal::number(text) {
                Some(number) => number,
                None => return Err(Refusal::new("a number within a double's range", Found::number(text), 0)),
            },
            Value::Str(text) => Unexpected::Str(text),
            Value::Map => Unexpected::Map,
            Value::Seq => Unexpected::Seq,
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
