//! A JSON number literal as a serde `Deserializer`: it hands a visitor what serde_json's reader hands it for the same
//! text (an unsigned integer, a negative one, or a double), the double computed exactly by [`crate::float`].
//!
//! The shape readers read every leaf that takes numbers through this on their first pass (the literal's text taken
//! whole, as `RawValue` gives it), so no value depends on serde_json's own exact float parser (its
//! `float_roundtrip` feature, which the WebAssembly builds leave out: about 6 KB gzip of tables and big-number code
//! in each `.wasm`). Its errors carry no position; the readers then read the body again by serde's readers, for
//! serde's error.

use serde::Deserializer;
use serde::de::{self, Visitor};

/// A number literal's text (a whole JSON value, valid by JSON's grammar).
pub(crate) struct Literal<'a>(&'a str);

/// A number literal's value as serde_json hands it to a visitor.
#[derive(Clone, Copy)]
pub(crate) enum Number {
    /// A non-negative integer that fits.
    U64(u64),
    /// A negative integer that fits.
    I64(i64),
    /// Anything else (`-0`, a fraction, an exponent, a larger integer): the correctly rounded double.
    F64(f64),
}

impl Number {
    /// The value of the number literal `text` (valid by JSON's grammar), as serde_json reads it: an integer without
    /// a fraction or an exponent that fits a `u64` (negative: an `i64`, or a double for `-0` and below `i64::MIN`),
    /// else the nearest double; `None` beyond a double's range (serde_json's `number out of range`).
    pub(crate) fn of(text: &str) -> Option<Self> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        if digits.bytes().all(|b| b.is_ascii_digit())
            && let Ok(magnitude) = digits.parse::<u64>()
        {
            if !negative {
                return Some(Number::U64(magnitude));
            }
            let value = (magnitude as i64).wrapping_neg();
            return Some(if value >= 0 { Number::F64(-(magnitude as f64)) } else { Number::I64(value) });
        }
        crate::float::parse(text).filter(|value| value.is_finite()).map(Number::F64)
    }
}

impl<'a> Literal<'a> {
    /// `raw` (a JSON value's whole text) when it is a number literal.
    pub(crate) fn of(raw: &'a str) -> Option<Self> {
        raw.as_bytes().first().is_some_and(|b| *b == b'-' || b.is_ascii_digit()).then_some(Self(raw))
    }
}

impl<'de> Deserializer<'de> for Literal<'_> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match Number::of(self.0).ok_or_else(|| de::Error::custom("number out of range"))? {
            Number::U64(value) => visitor.visit_u64(value),
            Number::I64(value) => visitor.visit_i64(value),
            Number::F64(value) => visitor.visit_f64(value),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf unit unit_struct seq
        tuple tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::Value;

    use super::Literal;

    /// What serde_json (with its exact float parser, natively) and a `Literal` give `text` as a `Value`.
    fn both(text: &str) -> (Result<Value, String>, Result<Value, String>) {
        let serde = serde_json::from_str::<Value>(text).map_err(|e| e.to_string());
        let literal =
            Value::deserialize(Literal::of(text).expect("a number literal")).map_err(|_| "refused".to_owned());
        (serde, literal)
    }

    #[test]
    fn numbers_are_what_serde_json_reads() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "-18446744073709551615",
            "0.1",
            "-0.0",
            "1e2",
            "1E-7",
            "2.5e+3",
            "0.30000000000000004",
            "7.708402041055213e-8",
            "1.7976931348623157e308",
            "5e-324",
            "1e-400",
            "123456789012345678901234567890",
        ] {
            let (serde, literal) = both(text);
            assert_eq!(literal, serde, "{text}");
            if let (Ok(a), Ok(b)) = (&serde, &literal) {
                // The same kind of number, and the same double bit for bit.
                assert_eq!((a.is_u64(), a.is_i64()), (b.is_u64(), b.is_i64()), "{text}");
                assert_eq!(a.as_f64().map(f64::to_bits), b.as_f64().map(f64::to_bits), "{text}");
            }
        }
        for beyond in ["1e400", "-1e309", "1.8e308"] {
            let (serde, literal) = both(beyond);
            assert!(serde.is_err() && literal.is_err(), "{beyond}");
        }
    }

    #[test]
    fn only_number_literals_are_taken() {
        assert!(Literal::of("\"1\"").is_none() && Literal::of("null").is_none() && Literal::of("[1]").is_none());
        assert!(Literal::of("-1").is_some() && Literal::of("0.5").is_some());
    }
}
