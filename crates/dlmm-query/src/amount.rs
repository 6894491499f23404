//! [`Amount`]: a raw token amount in the token's base units, kept exact beyond 2^53.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::shape::{HasShape, Leaf, Shape};
use crate::slot::{FromSlot, Slot};
use crate::wire;

/// A raw token amount in base units (lamports, the mint's smallest unit), as found in `reserve_x_amount`,
/// `token_x_amount`, `in_amount`, `total_fee_x_claimed` and the like.
///
/// It decodes from a JSON integer or a string of digits without ever passing through `f64`, so values above 2^53
/// (up to `u64::MAX`) stay exact. It serializes as a 128-bit integer: `serde_json` writes a plain integer, and
/// `serde-wasm-bindgen` hands JavaScript a `bigint`. Divide by `10^decimals` of the mint to get whole tokens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(pub u64);

impl Amount {
    /// The amount zero.
    pub const ZERO: Self = Self(0);

    /// The amount in base units.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// The amount in whole tokens for a mint with `decimals` decimals (lossy above 2^53 base units).
    pub fn to_tokens(self, decimals: u8) -> f64 {
        self.0 as f64 / 10f64.powi(i32::from(decimals))
    }
}

impl From<u64> for Amount {
    fn from(value: u64) -> Self {
        Self(value)
    }
}

impl From<Amount> for u64 {
    fn from(value: Amount) -> Self {
        value.0
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Amount {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim().parse().map(Self)
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        wire::u64(d).map(Self)
    }
}

impl HasShape for Amount {
    const SHAPE: Shape = Shape::Leaf(Leaf::ExactU64);
}

impl FromSlot for Amount {
    fn from_slot(slot: Slot) -> Self {
        Self(u64::from_slot(slot))
    }
}

impl Serialize for Amount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u128(u128::from(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_exactly_from_numbers_and_strings() {
        let a: Vec<Amount> =
            serde_json::from_str(r#"[18446744073709551615,"18446744073709551615","9007199254740993",0]"#).unwrap();
        assert_eq!(a, [Amount(u64::MAX), Amount(u64::MAX), Amount(9_007_199_254_740_993), Amount::ZERO]);
        for bad in ["-1", "1.5", r#""1e3""#, r#""""#, "null", r#""18446744073709551616""#] {
            assert!(serde_json::from_str::<Amount>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn serializes_as_a_plain_integer_and_round_trips() {
        assert_eq!(serde_json::to_string(&Amount(u64::MAX)).unwrap(), "18446744073709551615");
        assert_eq!("42".parse::<Amount>().unwrap(), Amount::from(42));
        assert_eq!(Amount(7).to_string(), "7");
        assert_eq!(u64::from(Amount(3)), 3);
        assert!(Amount(1) < Amount(2));
        assert_eq!(Amount(1_500_000_000).to_tokens(9), 1.5);
    }
}
