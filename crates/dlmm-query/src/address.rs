//! Solana account addresses: base58 text that decodes to exactly 32 bytes.

use std::fmt;
use std::str::FromStr;

use crate::error::InvalidInput;

/// A validated Solana address (a pair, pool, position, wallet or mint).
///
/// Holding an `Address` proves the text is base58 that decodes to 32 bytes, so it can never change a request path.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Address(String);

impl Address {
    /// Parses and validates `text` as the address named `parameter` (the name appears in the error).
    pub fn parse_param(parameter: &'static str, text: &str) -> Result<Self, InvalidInput> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(InvalidInput::new(parameter, "is empty; expected a base58 address"));
        }
        if trimmed.len() > 44 {
            return Err(InvalidInput::new(
                parameter,
                format!("is {} characters long; a base58 address has at most 44", trimmed.len()),
            ));
        }
        let mut bytes = [0u8; 32];
        match bs58::decode(trimmed).onto(&mut bytes) {
            Ok(32) => Ok(Self(trimmed.to_owned())),
            Ok(n) => Err(InvalidInput::new(parameter, format!("decodes to {n} bytes; a Solana address is 32 bytes"))),
            Err(bs58::decode::Error::InvalidCharacter { character, index }) => Err(InvalidInput::new(
                parameter,
                format!("has the character {character:?} at position {index}, which is not base58"),
            )),
            Err(bs58::decode::Error::BufferTooSmall) => {
                Err(InvalidInput::new(parameter, "decodes to more than 32 bytes; a Solana address is 32 bytes"))
            }
            Err(other) => Err(InvalidInput::new(parameter, format!("is not valid base58: {other}"))),
        }
    }

    /// The address as base58 text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// True when `text` is a transaction signature as Solana writes one: base58 that decodes to exactly 64 bytes.
pub fn is_signature(text: &str) -> bool {
    let mut bytes = [0u8; 64];
    text.len() <= 88 && matches!(bs58::decode(text).onto(&mut bytes), Ok(64))
}

impl FromStr for Address {
    type Err = InvalidInput;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_param("address", s)
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Address({})", self.0)
    }
}

impl AsRef<str> for Address {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_base58_of_64_bytes() {
        let signature = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
        assert!(is_signature(signature));
        for not in ["", "So11111111111111111111111111111111111111112", "0OIl", &format!("{signature}1"), "x?y"] {
            assert!(!is_signature(not), "{not}");
        }
    }

    #[test]
    fn accepts_real_addresses() {
        for a in [
            "So11111111111111111111111111111111111111112",
            "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
            "11111111111111111111111111111111",
        ] {
            assert_eq!(a.parse::<Address>().unwrap().as_str(), a);
        }
    }

    #[test]
    fn trims_surrounding_whitespace() {
        let a: Address = "  So11111111111111111111111111111111111111112\n".parse().unwrap();
        assert_eq!(a.as_str(), "So11111111111111111111111111111111111111112");
    }

    #[test]
    fn rejects_bad_input_with_reasons() {
        let cases = [
            ("", "is empty"),
            ("So1111111111111111111111111111111111111111l", "not base58"),
            ("abc", "decodes to 3 bytes"),
            ("../../etc/passwd", "not base58"),
            ("So11111111111111111111111111111111111111112?x=1", "characters long"),
            ("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGk/", "not base58"),
            ("%2e%2e", "not base58"),
            ("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "more than 32 bytes"),
        ];
        for (input, reason) in cases {
            let err = Address::parse_param("pool_address", input).unwrap_err();
            assert_eq!(err.parameter, "pool_address");
            assert!(err.reason.contains(reason), "{input:?}: {}", err.reason);
        }
    }
}
