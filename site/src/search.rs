//! The global search: what the typed text can be, and where each answer leads, on whichever service has it.

use dlmm_query::Address;
use dlmm_query::datapi::params::MAX_QUERY_CHARS;
use dlmm_query::ops::LexicalOrderMints;

/// What a search text names, before asking any API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchTarget {
    /// Two mints: the group of pools trading that pair of tokens.
    Group(String),
    /// One address: a pool, a position or a wallet (tried in [`AddressKind::ORDER`]).
    Address(String),
    /// Anything else: a token name, symbol or pool name, searched as free text on both datapi services.
    Text(String),
    /// Nothing searchable: why.
    Invalid(String),
}

/// Classifies search text: two mints (separated by space, comma, slash or dash), one address, or free text.
pub fn classify(input: &str) -> SearchTarget {
    let text = input.trim();
    if text.is_empty() {
        return SearchTarget::Invalid("Type a pool, group, position or wallet address, or a token name.".into());
    }
    if text.chars().count() > MAX_QUERY_CHARS || text.chars().any(char::is_control) {
        return SearchTarget::Invalid(format!("Type at most {MAX_QUERY_CHARS} characters, on one line."));
    }
    let parts: Vec<&str> = text.split([' ', ',', '/', '-', '\t']).filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        [one] => match Address::parse_param("address", one) {
            Ok(a) => SearchTarget::Address(a.as_str().to_owned()),
            Err(_) => SearchTarget::Text(text.to_owned()),
        },
        [a, b] => match LexicalOrderMints::from_mints(a, b) {
            Ok(key) => SearchTarget::Group(key.as_str().to_owned()),
            Err(_) => SearchTarget::Text(text.to_owned()),
        },
        _ => SearchTarget::Text(text.to_owned()),
    }
}

/// The kinds of page one address can open, in the order they are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressKind {
    /// A pool of the DLMM datapi.
    DlmmPool,
    /// A pool of the DAMM v2 datapi.
    DammV2Pool,
    /// A DLMM position with events on the datapi.
    DlmmPosition,
    /// A wallet with open or closed DLMM positions on the datapi.
    DlmmWallet,
    /// A pair of the keeper pair API (only when one is configured).
    KeeperPair,
    /// A position of the keeper pair API (only when one is configured).
    KeeperPosition,
    /// A pool of the keeper pool API (only when one is configured).
    KeeperPool,
}

impl AddressKind {
    /// Tried in this order: the live services first, then the keeper's.
    pub const ORDER: [Self; 7] = [
        Self::DlmmPool,
        Self::DammV2Pool,
        Self::DlmmPosition,
        Self::DlmmWallet,
        Self::KeeperPair,
        Self::KeeperPosition,
        Self::KeeperPool,
    ];

    /// The route of `address` as this kind.
    pub fn route(self, address: &str) -> String {
        match self {
            Self::DlmmPool => format!("/dlmm/pools/{address}"),
            Self::DammV2Pool => format!("/damm-v2/pools/{address}"),
            Self::DlmmPosition => format!("/dlmm/positions/{address}"),
            Self::DlmmWallet => format!("/wallets/{address}"),
            Self::KeeperPair => format!("/pairs/{address}"),
            Self::KeeperPosition => format!("/positions/{address}"),
            Self::KeeperPool => format!("/pools/{address}"),
        }
    }

    /// Whether this kind is read from a keeper API (pair: `Some(true)`, pool: `Some(false)`), or from the datapi.
    pub fn keeper_pair_api(self) -> Option<bool> {
        match self {
            Self::KeeperPair | Self::KeeperPosition => Some(true),
            Self::KeeperPool => Some(false),
            _ => None,
        }
    }

    /// The kinds to try, given which keeper APIs are configured.
    pub fn order(pair_api: bool, pool_api: bool) -> Vec<Self> {
        Self::ORDER
            .into_iter()
            .filter(|k| match k.keeper_pair_api() {
                Some(true) => pair_api,
                Some(false) => pool_api,
                None => true,
            })
            .collect()
    }
}

/// The route of the search page for `text`.
pub fn search_route(text: &str) -> String {
    format!("/search?q={}", crate::url_state::encode_component(text.trim()))
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
    fn one_address_is_tried_on_the_live_services_first() {
        assert_eq!(classify(SOL), SearchTarget::Address(SOL.into()));
        assert_eq!(
            AddressKind::order(false, false).iter().map(|k| k.route("x")).collect::<Vec<_>>(),
            ["/dlmm/pools/x", "/damm-v2/pools/x", "/dlmm/positions/x", "/wallets/x"]
        );
        let with_keeper = AddressKind::order(true, true);
        assert_eq!(with_keeper, AddressKind::ORDER);
        assert_eq!(
            with_keeper[4..].iter().map(|k| k.route("x")).collect::<Vec<_>>(),
            ["/pairs/x", "/positions/x", "/pools/x"]
        );
        assert_eq!(AddressKind::order(false, true).last(), Some(&AddressKind::KeeperPool));
    }

    #[test]
    fn names_and_symbols_are_free_text() {
        assert_eq!(classify(" SOL-USDC "), SearchTarget::Text("SOL-USDC".into()));
        assert_eq!(classify("jup"), SearchTarget::Text("jup".into()));
        assert_eq!(classify("0OIl"), SearchTarget::Text("0OIl".into()));
        assert_eq!(classify(&format!("{SOL} {SOL} {SOL}")), SearchTarget::Text(format!("{SOL} {SOL} {SOL}")));
    }

    #[test]
    fn nothing_searchable_is_explained() {
        assert!(matches!(classify("  "), SearchTarget::Invalid(_)));
        assert!(matches!(classify(&"x".repeat(MAX_QUERY_CHARS + 1)), SearchTarget::Invalid(_)));
        assert!(matches!(classify("a\u{7}b"), SearchTarget::Invalid(_)));
        assert_eq!(search_route(" a b "), "/search?q=a%20b");
    }
}
