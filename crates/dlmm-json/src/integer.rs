//! Strict integer leaves (`u64`, `i64`, `u32`, `u16`, `u8`, `i32` fields without a lenient `wire` reader): what the
//! reader accepts for them (what serde's `Deserialize` of the Rust type accepts: a JSON integer in the type's range),
//! refusing the rest as expecting `an integer from 0 to 255` (for `u8`).

use std::fmt;

use serde::de::{Error, Expected, Unexpected};

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

/// An integer read by `read_input`: unsigned for the unsigned types, signed for the signed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Integer {
    /// A value of `u64`, `u32`, `u16` or `u8`.
    Unsigned(u64),
    /// A value of `i64` or `i32`.
    Signed(i64),
}

impl IntType {
    /// The type's range.
    pub(crate) const fn range(self) -> (i64, u64) {
        match self {
            IntType::U64 => (0, u64::MAX),
            IntType::I64 => (i64::MIN, i64::MAX as u64),
            IntType::U32 => (0, u32::MAX as u64),
            IntType::U16 => (0, u16::MAX as u64),
            IntType::U8 => (0, u8::MAX as u64),
            IntType::I32 => (i32::MIN as i64, i32::MAX as u64),
        }
    }
}

/// What a refusal of the type expected: `an integer from 0 to 255` (for `u8`).
impl Expected for IntType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (min, max) = self.range();
        write!(f, "an integer from {min} to {max}")
    }
}

/// Reads `input` (a value as a deserializer hands it to a visitor) as a value of integer type `ty`: the integer, or
/// the error.
pub(crate) fn read_input<E: Error>(ty: IntType, input: Unexpected<'_>) -> Result<Integer, E> {
    let value = match input {
        Unexpected::Unsigned(v) => i128::from(v),
        Unexpected::Signed(v) => i128::from(v),
        _ => return Err(E::invalid_type(input, &ty)),
    };
    let (min, max) = ty.range();
    if value < i128::from(min) || value > i128::from(max) {
        return Err(E::invalid_value(input, &ty));
    }
    // In range: a signed type's value fits an i64, an unsigned type's a u64.
    Ok(match ty {
        IntType::I64 | IntType::I32 => Integer::Signed(value as i64),
        _ => Integer::Unsigned(value as u64),
    })
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeOwned;

    use super::*;
    use crate::refusal::Refusal;

    /// Asserts that serde reads `text` as type `T` reads it and [`read_input`] reads it alike (the value, or a
    /// refusal).
    fn alike<T: DeserializeOwned + ToString>(text: &str, ty: IntType) {
        let by_serde = serde_json::from_str::<T>(text).map(|v| v.to_string()).map_err(drop);
        let value = serde_json::from_str::<serde_json::Value>(text).map_err(drop);
        let ours = value.and_then(|value| match read_input::<Refusal>(ty, crate::wire::tests::input(&value)) {
            Ok(Integer::Unsigned(v)) => Ok(v.to_string()),
            Ok(Integer::Signed(v)) => Ok(v.to_string()),
            Err(_) => Err(()),
        });
        assert_eq!(by_serde, ours, "{ty:?} {text}");
    }

    #[rustfmt::skip]
    const TEXTS: [&str; 27] = [
        "0", "1", "-1", "255", "256", "-128", "65535", "65536", "2147483647", "2147483648", "-2147483648",
        "-2147483649", "4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551615", "18446744073709551616", "1.5", "1e3", "\"7\"", "null", "true", "[1]", "{}", "-0",
    ];

    #[test]
    fn reads_and_refuses_as_serde_reads_each_type() {
        for text in TEXTS {
            alike::<u64>(text, IntType::U64);
            alike::<i64>(text, IntType::I64);
            alike::<u32>(text, IntType::U32);
            alike::<u16>(text, IntType::U16);
            alike::<u8>(text, IntType::U8);
            alike::<i32>(text, IntType::I32);
        }
    }

    #[test]
    fn a_refusal_names_the_range() {
        let refused = read_input::<Refusal>(IntType::U8, Unexpected::Unsigned(300)).unwrap_err();
        assert_eq!(refused.to_string(), "expected an integer from 0 to 255, found the number 300");
        let refused = read_input::<Refusal>(IntType::I32, Unexpected::Str("7")).unwrap_err();
        assert_eq!(refused.to_string(), r#"expected an integer from -2147483648 to 2147483647, found the string "7""#);
    }
}
