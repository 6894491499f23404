//! [`Decimal`]: a token amount in display units, kept as the exact decimal text the service sent.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::shape::{HasShape, Leaf, Shape};
use crate::wire;

/// A token amount in display units (decimals already applied, e.g. `"12.345678901"` SOL), kept exactly as the
/// decimal text the service sent, never through `f64`.
///
/// The datapi sends token amounts as decimal strings (`amountX`, `total_fee_x`, `deposit_amount`, …) and, on pool
/// records, as JSON numbers (`token_x_amount`). A `Decimal` decodes from either:
/// * a JSON string matching `-?digits(.digits)?([eE][+-]?digits)?` (surrounding whitespace is trimmed; the exponent
///   form is accepted because some serializers write tiny values as `1e-7`), whose value must be finite as an
///   `f64`; anything else is a decode error naming the field's path;
/// * a JSON number, kept as the shortest text that round-trips (integers exactly, whatever their size).
///
/// The text is kept as sent: values above 2^53 and with 18 or more fraction digits stay exact. Equality compares the
/// text (`"1.0" != "1"`). It serializes as a JSON string, so JavaScript receives the exact text (TypeScript type
/// `DatapiDecimal`, an alias of `string`). Use [`Decimal::to_f64`] for arithmetic where rounding is acceptable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decimal(String);

/// The TypeScript name of [`Decimal`] in the npm package's declarations: the exact text, a `string`.
#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const DECIMAL_TS: &str = r#"
/**
 * A datapi token amount in display units (decimals applied, e.g. `"12.345678901"`): the exact decimal text the
 * service sent, never a rounded number. Parse it with a decimal library for exact arithmetic.
 */
export type DatapiDecimal = string;
"#;

/// Why a text is not a [`Decimal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDecimalError {
    text: String,
}

impl fmt::Display for ParseDecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a decimal number (expected `-?digits(.digits)?(e[+-]?digits)?`)", self.text)
    }
}

impl std::error::Error for ParseDecimalError {}

crate::models::numeric::exact_text!(Decimal);

impl Decimal {
    /// Whether the value is zero (`"0"`, `"-0.000"`, `"0e5"`, …).
    pub fn is_zero(&self) -> bool {
        let mantissa = self.0.split(['e', 'E']).next().unwrap_or("");
        mantissa.bytes().all(|b| matches!(b, b'0' | b'.' | b'-'))
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.0.starts_with('-') && !self.is_zero()
    }
}

impl FromStr for Decimal {
    type Err = ParseDecimalError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match wire::is_finite_decimal_text(s) {
            true => Ok(Self(s.trim().to_owned())),
            false => Err(ParseDecimalError { text: s.to_owned() }),
        }
    }
}

impl From<u64> for Decimal {
    fn from(value: u64) -> Self {
        Self(value.to_string())
    }
}

impl From<i64> for Decimal {
    fn from(value: i64) -> Self {
        Self(value.to_string())
    }
}

impl HasShape for Decimal {
    const SHAPE: Shape = Shape::Leaf(Leaf::DecimalText);
}

impl Serialize for Decimal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        wire::decimal_text(d).map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(json: &str) -> Result<Decimal, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn keeps_string_text_exactly_beyond_f64() {
        let big = decode(r#""123456789012345678901234567890.123456789012345678901""#).unwrap();
        assert_eq!(big.as_str(), "123456789012345678901234567890.123456789012345678901");
        let above_2_53 = decode(r#""9007199254740993""#).unwrap();
        assert_eq!(above_2_53.to_string(), "9007199254740993");
        assert_eq!(above_2_53.to_f64(), 9_007_199_254_740_992.0, "to_f64 rounds; the text does not");
        let fraction = decode(r#""0.000000000000000000123456789""#).unwrap();
        assert_eq!(fraction.as_str(), "0.000000000000000000123456789");
        assert_eq!(decode(r#"" -12.5 ""#).unwrap().as_str(), "-12.5");
        assert_eq!(decode(r#""1.5E-7""#).unwrap().to_f64(), 1.5e-7);
        assert_eq!(decode(r#""007""#).unwrap().as_str(), "007");
    }

    #[test]
    fn numbers_keep_their_shortest_round_trip_text() {
        assert_eq!(decode("33159.044035852").unwrap().as_str(), "33159.044035852");
        assert_eq!(decode("18446744073709551615").unwrap().as_str(), "18446744073709551615");
        assert_eq!(decode("-9007199254740993").unwrap().as_str(), "-9007199254740993");
        assert_eq!(decode("4.9000000000000005e-06").unwrap().as_str(), "0.0000049000000000000005");
        assert_eq!(decode("1e3").unwrap().as_str(), "1000");
        assert_eq!(decode("0").unwrap(), Decimal::default());
        // A small price as servers print it: the text is the number `JSON.parse` reads, not one a unit in the last
        // place away (which a parser without correct rounding gives).
        assert_eq!(decode("7.708402041055213e-8").unwrap().as_str(), "0.00000007708402041055213");
        assert_eq!(decode("0.00000021275016166469494").unwrap().as_str(), "0.00000021275016166469494");
    }

    #[test]
    fn rejects_what_is_not_a_decimal() {
        for bad in [
            r#""""#,
            r#""abc""#,
            r#""1.""#,
            r#"".5""#,
            r#""+1""#,
            r#""1e""#,
            r#""1e+""#,
            r#""--1""#,
            r#""1,5""#,
            r#""NaN""#,
            r#""inf""#,
            r#""1e999""#,
            r#""0x10""#,
            r#""1 000""#,
            "null",
            "true",
            "[]",
        ] {
            assert!(decode(bad).is_err(), "{bad} should fail");
        }
        let err = "12a".parse::<Decimal>().unwrap_err();
        assert!(err.to_string().contains("`12a` is not a decimal"), "{err}");
    }

    #[test]
    fn serializes_as_the_exact_string_and_parses_back() {
        let d: Decimal = "12.345678901234567890123".parse().unwrap();
        assert_eq!(serde_json::to_string(&d).unwrap(), r#""12.345678901234567890123""#);
        let back: Decimal = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
        assert_eq!(back, d);
        assert_eq!(String::from(d.clone()), "12.345678901234567890123");
        assert_eq!(d.as_ref(), d.as_str());
        assert_eq!(Decimal::from(42u64).into_string(), "42");
        assert_eq!(Decimal::from(-3i64).to_f64(), -3.0);
    }

    #[test]
    fn sign_and_zero() {
        let parse = |t: &str| t.parse::<Decimal>().unwrap();
        assert!(parse("0").is_zero() && parse("-0.000").is_zero() && parse("0e5").is_zero());
        assert!(!parse("0.001").is_zero() && !parse("1e-9").is_zero());
        assert!(parse("-0.5").is_negative() && !parse("-0.0").is_negative() && !parse("5").is_negative());
    }
}
