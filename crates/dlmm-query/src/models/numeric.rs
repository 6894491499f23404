//! [`NumericText`]: a keeper figure the vendor sends as decimal text, kept exactly and handed out as a number.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::shape::{HasShape, Leaf, Shape};
use crate::wire;

/// A figure the keeper documents as decimal text (`PairInfo`'s `liquidity`, `base_fee_percentage`, …), kept exactly
/// as sent: [`as_str`](Self::as_str) is the text, [`to_f64`](Self::to_f64) the value.
///
/// It decodes from a numeric JSON string (trimmed; its value must be finite) or a JSON number (kept as the shortest
/// text that round-trips), and **serializes as a JSON number** (the `f64` value; `null` for a value that is not a
/// finite number, which decoding never produces), so JavaScript receives a `number` (TypeScript `NumericText`, an
/// alias of `number`) with no post-pass. Equality compares the text (`"1.0" != "1"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NumericText(String);

/// Why a text is not a [`NumericText`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNumericTextError {
    text: String,
}

impl fmt::Display for ParseNumericTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a finite decimal number", self.text)
    }
}

impl std::error::Error for ParseNumericTextError {}

/// What a model's exact-text leaf (a `String` kept as sent, trimmed; zero, `"0"`, by default) shares with the
/// others: `as_str`, `into_string`, `to_f64`, `Default`, `Display`, `AsRef<str>`, `From<…> for String` and `FromSlot`.
macro_rules! exact_text {
    ($name:ident) => {
        impl $name {
            /// The exact text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// The exact text, owned.
            pub fn into_string(self) -> String {
                self.0
            }

            /// The value as the nearest `f64` (finite for every decoded or parsed value: both refuse any other).
            pub fn to_f64(&self) -> f64 {
                crate::float::parse(&self.0).unwrap_or(f64::NAN)
            }
        }

        impl Default for $name {
            /// Zero (`"0"`).
            fn default() -> Self {
                Self("0".to_owned())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> Self {
                value.0
            }
        }

        impl crate::slot::FromSlot for $name {
            /// The text the shape reader checked.
            fn from_slot(slot: crate::slot::Slot) -> Self {
                slot.into_text().map_or_else(Self::default, Self)
            }
        }
    };
}

pub(crate) use exact_text;

exact_text!(NumericText);

impl FromStr for NumericText {
    type Err = ParseNumericTextError;

    /// Accepts text whose (trimmed) value parses as a finite `f64`, keeping the trimmed text.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if crate::float::parse(text).is_some_and(f64::is_finite) {
            Ok(Self(text.to_owned()))
        } else {
            Err(ParseNumericTextError { text: s.to_owned() })
        }
    }
}

impl PartialEq<str> for NumericText {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for NumericText {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl<'de> Deserialize<'de> for NumericText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        wire::numeric_string(deserializer).map(Self)
    }
}

impl HasShape for NumericText {
    const SHAPE: Shape = Shape::Leaf(Leaf::NumericText);
}

impl Serialize for NumericText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.to_f64();
        if value.is_finite() { serializer.serialize_f64(value) } else { serializer.serialize_none() }
    }
}

/// The TypeScript name of [`NumericText`] in the npm package's declarations: a plain `number`.
#[cfg(feature = "wasm")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const NUMERIC_TEXT_TS: &str = r#"
/** A keeper figure the vendor sends as decimal text (`liquidity`, `baseFeePercentage`, …), as a number. */
export type NumericText = number;
"#;

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(json: &str) -> Result<NumericText, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn decodes_text_or_numbers_and_keeps_the_text() {
        assert_eq!(decode(r#""0.0400""#).unwrap().as_str(), "0.0400");
        assert_eq!(decode(r#"" 12.5 ""#).unwrap(), "12.5");
        assert_eq!(decode("2500.25").unwrap(), "2500.25");
        assert_eq!(decode("7").unwrap().to_string(), "7");
        assert_eq!(decode(r#""1234567.891""#).unwrap().to_f64(), 1_234_567.891);
        for bad in [r#""""#, r#""abc""#, r#""1e999""#, r#""NaN""#, "null", "true", "[]"] {
            assert!(decode(bad).is_err(), "{bad} must not decode");
        }
    }

    #[test]
    fn serializes_as_a_json_number() {
        let value = decode(r#""0.0400""#).unwrap();
        assert_eq!(serde_json::to_string(&value).unwrap(), "0.04");
        assert_eq!(serde_json::to_value(decode(r#""-3""#).unwrap()).unwrap(), serde_json::json!(-3.0));
        // A value that is not finite (only constructible by hand) is `null`, never a string.
        assert_eq!(serde_json::to_string(&NumericText("x".to_owned())).unwrap(), "null");
    }

    #[test]
    fn parses_like_it_decodes() {
        assert_eq!(" 5.5".parse::<NumericText>().unwrap().as_str(), "5.5");
        let err = "inf".parse::<NumericText>().unwrap_err();
        assert_eq!(err.to_string(), "`inf` is not a finite decimal number");
        assert!("".parse::<NumericText>().is_err());
    }
}
