//! A value at a leaf as a serde `Deserializer`: a scalar read by the transcoder, handed to the leaf's reader as
//! serde_json hands it (the same visitor calls), so the reader accepts and refuses it with serde_json's own words.

use std::borrow::Cow;
use std::cell::Cell;

use serde::Deserializer;
use serde::de::{self, Visitor};

use crate::literal::Literal;

/// A JSON value as a leaf's reader meets it: a scalar, or the start of a container (which no leaf reader takes).
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

/// What became of a value handed to a reader, which decides where serde_json places the reader's error.
#[derive(Default)]
pub(super) struct Handed {
    /// The reader asked for any value and met a container: serde_json steps into it before it refuses it (asked
    /// for a scalar, it refuses it at its bracket).
    pub(super) opened: Cell<bool>,
    /// The value was refused while serde_json handed it over (it places that error at the value); an error the
    /// reader makes afterwards is placed by the container around the value.
    pub(super) refused: Cell<bool>,
}

/// A value handed to a leaf's reader, as serde_json hands it.
pub(super) struct Token<'a, 'c> {
    /// The value.
    pub(super) value: Value<'a>,
    /// What becomes of it.
    pub(super) handed: &'c Handed,
}

impl<'a> Token<'a, '_> {
    /// Hands the value to `visitor`; `any` when the reader asked for any value.
    fn visit<'de, V: Visitor<'de>>(self, visitor: V, any: bool) -> Result<V::Value, serde_json::Error> {
        let handed = self.handed;
        let visited = match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(value) => visitor.visit_bool(value),
            Value::Number(text) => Literal::of(text)
                .ok_or_else(|| de::Error::custom("invalid number"))
                .and_then(|n| n.deserialize_any(visitor)),
            Value::Str(text) => visitor.visit_str(&text),
            Value::Map => {
                handed.opened.set(any);
                Err(de::Error::invalid_type(de::Unexpected::Map, &visitor))
            }
            Value::Seq => {
                handed.opened.set(any);
                Err(de::Error::invalid_type(de::Unexpected::Seq, &visitor))
            }
        };
        handed.refused.set(visited.is_err());
        visited
    }
}

/// Deserializer methods that ask for a scalar of some kind: serde_json refuses a container at its bracket.
macro_rules! scalar {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
                self.visit(visitor, false)
            }
        )*
    };
}

impl<'de> Deserializer<'de> for Token<'_, '_> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.visit(visitor, true)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, Self::Error> {
        self.visit(visitor, false)
    }

    scalar! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128 deserialize_f32
        deserialize_f64 deserialize_char deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_unit deserialize_identifier
    }

    serde::forward_to_deserialize_any! {
        seq tuple tuple_struct map struct enum ignored_any
    }
}

/// What a value was expected to be, for the error of a value that is not one (`invalid type: string "x", expected
/// a sequence`): a visitor that takes nothing.
pub(super) struct Expected<'a>(pub(super) &'a str, pub(super) &'a str);

impl Visitor<'_> for Expected<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)?;
        f.write_str(self.1)
    }
}
