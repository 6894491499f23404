//! A value at a leaf as serde_json hands it to the leaf's reader: a scalar read by the transcoder, or the start of
//! a container (which no leaf reader takes), and the words serde_json's errors use for it ([`Words`]).

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Unexpected};

use crate::literal::Number;
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
    /// The value as a reader is handed it; `Err`, serde_json's refusal, for a number beyond a double's range.
    pub(super) fn input(&self) -> Result<Input<'_>, String> {
        Ok(match self {
            Value::Null => Input::Null,
            Value::Bool(value) => Input::Other(Unexpected::Bool(*value)),
            Value::Number(text) => match Number::of(text) {
                Some(Number::U64(value)) => Input::U64(value),
                Some(Number::I64(value)) => Input::I64(value),
                Some(Number::F64(value)) => Input::F64(value),
                None => return Err("number out of range".to_owned()),
            },
            Value::Str(text) => Input::Str(text),
            Value::Map => Input::Other(Unexpected::Map),
            Value::Seq => Input::Other(Unexpected::Seq),
        })
    }

    /// True for a container's start.
    pub(super) fn is_container(&self) -> bool {
        matches!(self, Value::Map | Value::Seq)
    }
}

/// serde_json's error for `input` where a value of another type was `expected` (`invalid type: string "x",
/// expected u16`).
pub(super) fn wrong_type(input: Input<'_>, expected: &str) -> String {
    let unexpected = match input {
        Input::Null => Unexpected::Unit,
        Input::F64(value) => Unexpected::Float(value),
        Input::U64(value) => Unexpected::Unsigned(value),
        Input::I64(value) => Unexpected::Signed(value),
        Input::Str(text) => Unexpected::Str(text),
        Input::Other(unexpected) => unexpected,
    };
    <Words as de::Error>::invalid_type(unexpected, &expected).0
}

/// A reader's refusal in the words serde_json's error type writes for it, without that type: the readers' errors
/// (`E`) here, so that what serde_json's error type carries besides (its parser's codes, positions read back from
/// messages, serde's own names of values) is not built in.
#[derive(Debug)]
pub(super) struct Words(pub(super) String);

impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Words {}

impl de::Error for Words {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Words(message.to_string())
    }
    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        Words(format!("invalid type: {}, expected {expected}", Named(unexpected)))
    }
    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn de::Expected) -> Self {
        Words(format!("invalid value: {}, expected {expected}", Named(unexpected)))
    }
}

/// A value as serde_json's errors name it: as serde names it, but `null` for a unit and a double by its shortest
/// text (`1.0`, `1e300`).
struct Named<'a>(Unexpected<'a>);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(value) => write!(f, "boolean `{value}`"),
            Unexpected::Unsigned(value) => write!(f, "integer `{value}`"),
            Unexpected::Signed(value) => write!(f, "integer `{value}`"),
            Unexpected::Float(value) => write!(f, "floating point `{}`", zmij::Buffer::new().format(value)),
            Unexpected::Char(value) => write!(f, "character `{value}`"),
            Unexpected::Str(text) => write!(f, "string {text:?}"),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("null"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde::de::{Error, Unexpected};

    use super::Words;

    /// Every kind of value, named as serde_json's error type names it.
    #[test]
    fn values_are_named_as_serde_json_names_them() {
        let values = [
            Unexpected::Bool(true),
            Unexpected::Unsigned(7),
            Unexpected::Signed(-7),
            Unexpected::Float(1.0),
            Unexpected::Float(1e300),
            Unexpected::Float(-2.5e-7),
            Unexpected::Float(f64::NAN),
            Unexpected::Float(f64::NEG_INFINITY),
            Unexpected::Char('x'),
            Unexpected::Str("a \"quoted\"\n é \u{7f}"),
            Unexpected::Bytes(b"x"),
            Unexpected::Unit,
            Unexpected::Option,
            Unexpected::NewtypeStruct,
            Unexpected::Seq,
            Unexpected::Map,
            Unexpected::Enum,
            Unexpected::UnitVariant,
            Unexpected::NewtypeVariant,
            Unexpected::TupleVariant,
            Unexpected::StructVariant,
            Unexpected::Other("something else"),
        ];
        for value in values {
            let ours = (Words::invalid_type(value, &"u8").0, Words::invalid_value(value, &"u8").0);
            let serde = (
                serde_json::Error::invalid_type(value, &"u8").to_string(),
                serde_json::Error::invalid_value(value, &"u8").to_string(),
            );
            assert_eq!(ours, serde, "{value:?}");
        }
        assert_eq!(
            Words::custom("number out of range").0,
            serde_json::Error::custom("number out of range").to_string()
        );
    }
}
