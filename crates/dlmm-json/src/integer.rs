//! Strict integer leaves (`u64`, `i64`, `u32`, `u16`, `u8`, `i32` fields without a lenient `wire` reader) read by
//! one visitor instead of serde's six.
//!
//! [`read`] accepts what serde's `Deserialize` of the Rust type accepts and refuses the rest with the same error
//! (message and position): a JSON integer in the type's range; out of range, `invalid value: integer `300`,
//! expected u8`; anything else, `invalid type: …, expected u8`. The visitor is one type whatever the integer type,
//! so the deserializer's number reading is built once for all of them, not once per type.

use std::fmt;

use serde::de::{Deserializer, Error, Unexpected, Visitor};

/// A Rust primitive integer type a strict leaf is decoded as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntType {
    /// `u64`.
    U64,
    /// `i64`.
    I64,
    /// `u32`.
    U32,
    /// `u16`.
    U16,
    /// `u8`.
    U8,
    /// `i32`.
    I32,
}

/// An integer read by [`read`]: unsigned for the unsigned types, signed for the signed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Integer {
    /// A value of `u64`, `u32`, `u16` or `u8`.
    Unsigned(u64),
    /// A value of `i64` or `i32`.
    Signed(i64),
}

impl IntType {
    /// The type's name, as serde's visitor expects it.
    const fn name(self) -> &'static str {
        match self {
            IntType::U64 => "u64",
            IntType::I64 => "i64",
            IntType::U32 => "u32",
            IntType::U16 => "u16",
            IntType::U8 => "u8",
            IntType::I32 => "i32",
        }
    }

    /// The type's range.
    const fn range(self) -> (i64, u64) {
        match self {
            IntType::U64 => (0, u64::MAX),
            IntType::I64 => (i64::MIN, i64::MAX as u64),
            IntType::U32 => (0, u32::MAX as u64),
            IntType::U16 => (0, u16::MAX as u64),
            IntType::U8 => (0, u8::MAX as u64),
            IntType::I32 => (i32::MIN as i64, i32::MAX as u64),
        }
    }

    /// Whether the type holds negative values (its values are then read as `Integer::Signed`).
    const fn is_signed(self) -> bool {
        matches!(self, IntType::I64 | IntType::I32)
    }
}

/// Reads a value of integer type `ty` as its `Deserialize` does (through the same `deserialize_*` call).
pub fn read<'de, D: Deserializer<'de>>(d: D, ty: IntType) -> Result<Integer, D::Error> {
    let visitor = Strict(ty);
    match ty {
        IntType::U64 => d.deserialize_u64(visitor),
        IntType::I64 => d.deserialize_i64(visitor),
        IntType::U32 => d.deserialize_u32(visitor),
        IntType::U16 => d.deserialize_u16(visitor),
        IntType::U8 => d.deserialize_u8(visitor),
        IntType::I32 => d.deserialize_i32(visitor),
    }
}

/// Reads `input` as [`read`] reads the value a deserializer hands it: the integer, or the error.
pub(crate) fn read_input<E: Error>(ty: IntType, input: crate::wire::Input<'_>) -> Result<Integer, E> {
    use crate::wire::Input;
    let visitor = Strict(ty);
    match input {
        Input::U64(v) => visitor.visit_u64(v),
        Input::I64(v) => visitor.visit_i64(v),
        Input::F64(v) => Err(E::invalid_type(Unexpected::Float(v), &visitor)),
        Input::Str(v) => Err(E::invalid_type(Unexpected::Str(v), &visitor)),
        Input::Null => Err(E::invalid_type(Unexpected::Unit, &visitor)),
        Input::Other(unexpected) => Err(E::invalid_type(unexpected, &visitor)),
    }
}

/// serde's primitive visitor for any of the [`IntType`]s.
struct Strict(IntType);

impl Strict {
    /// `v` as the type holds it, if it is in range.
    fn fit(&self, v: i128) -> Option<Integer> {
        let (min, max) = self.0.range();
        if v < i128::from(min) || v > i128::from(max) {
            return None;
        }
        // In range: a signed type's value fits an i64, an unsigned type's a u64.
        Some(if self.0.is_signed() { Integer::Signed(v as i64) } else { Integer::Unsigned(v as u64) })
    }
}

impl Visitor<'_> for Strict {
    type Value = Integer;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }

    fn visit_u64<E: Error>(self, v: u64) -> Result<Integer, E> {
        self.fit(i128::from(v)).ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
    }

    fn visit_i64<E: Error>(self, v: i64) -> Result<Integer, E> {
        self.fit(i128::from(v)).ok_or_else(|| E::invalid_value(Unexpected::Signed(v), &self))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde::de::DeserializeOwned;

    use super::*;

    /// Asserts that serde reads `text` as type `T` reads it and [`read`] reads it alike (value or error).
    fn alike<T: DeserializeOwned + ToString>(text: &str, ty: IntType) {
        let by_serde = serde_json::from_str::<T>(text).map(|v| v.to_string()).map_err(|e| e.to_string());
        let mut de = serde_json::Deserializer::from_str(text);
        let ours = read(&mut de, ty)
            .and_then(|v| de.end().map(|()| v))
            .map(|v| match v {
                Integer::Unsigned(v) => v.to_string(),
                Integer::Signed(v) => v.to_string(),
            })
            .map_err(|e| e.to_string());
        assert_eq!(format!("{by_serde:?}"), format!("{ours:?}"), "{ty:?} {text}");
    }

    /// Inside a struct too: serde_json gives errors raised by a visitor their position on the way out.
    #[derive(Deserialize)]
    struct Holder<T> {
        #[allow(dead_code)]
        v: T,
    }

    fn alike_in_struct<T: DeserializeOwned>(text: &str, ty: IntType) {
        struct Ours(IntType);
        impl<'de> serde::de::DeserializeSeed<'de> for Ours {
            type Value = Integer;
            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Integer, D::Error> {
                read(d, self.0)
            }
        }
        struct Object(IntType);
        impl<'de> Visitor<'de> for Object {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("struct Holder")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
                while map.next_key::<String>()?.is_some() {
                    map.next_value_seed(Ours(self.0))?;
                }
                Ok(())
            }
        }
        let by_serde = serde_json::from_str::<Holder<T>>(text).map(|_| ()).map_err(|e| e.to_string());
        let mut de = serde_json::Deserializer::from_str(text);
        let ours = de.deserialize_struct("Holder", &["v"], Object(ty)).map_err(|e| e.to_string());
        assert_eq!(format!("{by_serde:?}"), format!("{ours:?}"), "{ty:?} in a struct: {text}");
    }

    const TEXTS: [&str; 24] = [
        "0",
        "1",
        "-1",
        "255",
        "256",
        "-128",
        "65535",
        "65536",
        "2147483647",
        "2147483648",
        "-2147483648",
        "-2147483649",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "1.5",
        "1e3",
        "\"7\"",
        "null",
        "true",
    ];

    #[test]
    fn reads_and_refuses_as_serde_reads_each_type() {
        for text in TEXTS.iter().copied().chain(["[1]", "{}", "-0", " 12 ", "12x", ""]) {
            alike::<u64>(text, IntType::U64);
            alike::<i64>(text, IntType::I64);
            alike::<u32>(text, IntType::U32);
            alike::<u16>(text, IntType::U16);
            alike::<u8>(text, IntType::U8);
            alike::<i32>(text, IntType::I32);
        }
    }

    #[test]
    fn errors_inside_a_struct_have_serde_positions() {
        for text in TEXTS {
            let body = format!("{{\n  \"v\": {text}\n}}");
            alike_in_struct::<u8>(&body, IntType::U8);
            alike_in_struct::<i32>(&body, IntType::I32);
            alike_in_struct::<u64>(&body, IntType::U64);
        }
    }
}
