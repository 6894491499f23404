//! [`LexicalOrderMints`]: the key of a pair group, two mints sorted byte-wise and joined with `-`.

use std::fmt;

use super::validate;
use crate::address::Address;
use crate::error::InvalidInput;

/// The parameter name used in errors.
const PARAM: &str = "lexical_order_mints";

/// A validated pair-group key: two distinct mint addresses in byte-wise (ASCII) order, joined with `-`.
///
/// ```
/// use dlmm_query::ops::LexicalOrderMints;
/// let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/// let sol = "So11111111111111111111111111111111111111112";
/// let key = LexicalOrderMints::from_mints(sol, usdc).unwrap();
/// assert_eq!(key.as_str(), format!("{usdc}-{sol}"));
/// assert_eq!(LexicalOrderMints::parse(key.as_str()).unwrap(), key);
/// assert!(LexicalOrderMints::parse(&format!("{sol}-{usdc}")).is_err(), "not sorted");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LexicalOrderMints(String);

impl LexicalOrderMints {
    /// Builds the key of the pair group trading mints `a` and `b` (in either order). Equal mints are rejected.
    pub fn from_mints(a: &str, b: &str) -> Result<Self, InvalidInput> {
        let a = Address::parse_param(PARAM, a)?;
        let b = Address::parse_param(PARAM, b)?;
        if a == b {
            return Err(InvalidInput::new(PARAM, "names the same mint twice; a pair has two different mints"));
        }
        let (first, second) = if a.as_str().as_bytes() < b.as_str().as_bytes() { (a, b) } else { (b, a) };
        Ok(Self(format!("{first}-{second}")))
    }

    /// Validates a key given as text: two valid, distinct addresses joined with `-`, already in byte-wise order.
    pub fn parse(raw: &str) -> Result<Self, InvalidInput> {
        let (a, b) = validate::mint_pair(PARAM, raw)?;
        if a.as_str().as_bytes() > b.as_str().as_bytes() {
            return Err(InvalidInput::new(
                PARAM,
                format!("must list the mints in byte-wise order: {b}-{a}; use LexicalOrderMints::from_mints to sort"),
            ));
        }
        Ok(Self(format!("{a}-{b}")))
    }

    /// The key as text (`"<mintA>-<mintB>"`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The two mints, in key order.
    pub fn mints(&self) -> (&str, &str) {
        self.0.split_once('-').unwrap_or((&self.0, ""))
    }
}

impl fmt::Display for LexicalOrderMints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<LexicalOrderMints> for String {
    fn from(key: LexicalOrderMints) -> Self {
        key.0
    }
}

impl std::str::FromStr for LexicalOrderMints {
    type Err = InvalidInput;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const USDC: &str = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    const SOL: &str = "So11111111111111111111111111111111111111112";

    #[test]
    fn sorts_byte_wise_and_validates() {
        let k = LexicalOrderMints::from_mints(SOL, USDC).unwrap();
        assert_eq!(k, LexicalOrderMints::from_mints(USDC, SOL).unwrap());
        assert_eq!(k.mints(), (USDC, SOL));
        assert_eq!(k.to_string(), format!("{USDC}-{SOL}"));
        let e = LexicalOrderMints::from_mints(SOL, SOL).unwrap_err();
        assert!(e.reason.contains("same mint"), "{}", e.reason);
        for bad in ["", "abc", USDC, &format!("{SOL}-{USDC}"), &format!("{USDC}-{USDC}"), "../x-y"] {
            let e = LexicalOrderMints::parse(bad).unwrap_err();
            assert_eq!(e.parameter, "lexical_order_mints", "{bad}");
        }
        assert_eq!(LexicalOrderMints::from_mints("x", SOL).unwrap_err().parameter, "lexical_order_mints");
    }
}
