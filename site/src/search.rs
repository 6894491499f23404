//! The global search: what the typed text can be, and where each answer leads.

use dlmm_query::Address;
use dlmm_query::ops::LexicalOrderMints;

/// What a search text names, before asking the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchTarget {
    /// Two mints: the group of pools trading that pair of tokens.
    Group(String),
    /// One address: a pair, a position or a pool (to be tried in that order).
    Address(String),
    /// Neither: why.
    Invalid(String),
}

/// Classifies search text: two mints (separated by space, comma, slash or dash) or one address.
pub fn classify(input: &str) -> SearchTarget {
    let parts: Vec<&str> = input.split([' ', ',', '/', '-', '\t', '\n']).filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        [] => SearchTarget::Invalid("Type a pair, position or pool address, or two token mints.".into()),
        [one] => match Address::parse_param("address", one) {
            Ok(a) => SearchTarget::Address(a.as_str().to_owned()),
            Err(e) => SearchTarget::Invalid(e.to_string()),
        },
        [a, b] => match LexicalOrderMints::from_mints(a, b) {
            Ok(key) => SearchTarget::Group(key.as_str().to_owned()),
            Err(e) => SearchTarget::Invalid(e.to_string()),
        },
        _ => SearchTarget::Invalid("Give one address or two mints, not more.".into()),
    }
}

/// The kinds of page one address can open, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressKind {
    /// A DLMM pair.
    Pair,
    /// A liquidity position.
    Position,
    /// A pool of the pool API.
    Pool,
}

impl AddressKind {
    /// Tried in this order.
    pub const ORDER: [Self; 3] = [Self::Pair, Self::Position, Self::Pool];

    /// The route of `address` as this kind.
    pub fn route(self, address: &str) -> String {
        match self {
            Self::Pair => format!("/pairs/{address}"),
            Self::Position => format!("/positions/{address}"),
            Self::Pool => format!("/pools/{address}"),
        }
    }
}

/// The route of the search page for `text`.
pub fn search_route(text: &str) -> String {
    format!("/search?q={}", crate::query::encode_component(text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOL: &str = "So11111111111111111111111111111111111111112";
    const USDC: &str = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

    #[test]
    fn two_mints_make_a_group_in_lexical_order() {
        let expected = format!("{USDC}-{SOL}");
        assert_eq!(classify(&format!("{SOL} {USDC}")), SearchTarget::Group(expected.clone()));
        assert_eq!(classify(&format!("{USDC}-{SOL}")), SearchTarget::Group(expected.clone()));
        assert_eq!(classify(&format!(" {SOL}, {USDC} ")), SearchTarget::Group(expected));
    }

    #[test]
    fn one_address_is_tried_as_pair_then_position_then_pool() {
        assert_eq!(classify(SOL), SearchTarget::Address(SOL.into()));
        assert_eq!(AddressKind::ORDER.map(|k| k.route("x")), ["/pairs/x", "/positions/x", "/pools/x"]);
    }

    #[test]
    fn anything_else_is_explained() {
        assert!(matches!(classify(""), SearchTarget::Invalid(_)));
        assert!(matches!(classify("not an address"), SearchTarget::Invalid(_)));
        assert!(matches!(classify("0OIl"), SearchTarget::Invalid(_)));
        assert!(matches!(classify(&format!("{SOL} {SOL} {SOL}")), SearchTarget::Invalid(_)));
        assert_eq!(search_route(" a b "), "/search?q=a%20b");
    }
}
