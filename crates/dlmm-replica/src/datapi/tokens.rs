//! `TokenMetrics`: the token objects of datapi pool records, derived from the dataset's tokens.

use serde::Serialize;

use super::unit_hash;
use crate::dataset::Token;
use crate::dataset::tokens::MAJORS;

/// Names of the majors, in the order of [`MAJORS`].
const MAJOR_NAMES: [&str; 10] = [
    "Wrapped SOL",
    "USD Coin",
    "USDT",
    "Jupiter",
    "Jito Staked SOL",
    "Marinade staked SOL",
    "Bonk",
    "dogwifhat",
    "Jito",
    "Pyth Network",
];

/// One token as the datapi writes it.
#[derive(Clone, Debug, Serialize)]
pub struct TokenMetrics<'a> {
    /// Mint address.
    pub address: &'a str,
    /// Display name.
    pub name: String,
    /// Symbol.
    pub symbol: &'a str,
    /// Decimals.
    pub decimals: u32,
    /// On the verified list.
    pub is_verified: bool,
    /// Holder count.
    pub holders: u32,
    /// Whether the freeze authority is revoked.
    pub freeze_authority_disabled: bool,
    /// Supply in display units.
    pub total_supply: f64,
    /// USD price.
    pub price: f64,
    /// `price * total_supply`.
    pub market_cap: f64,
}

/// The datapi view of token `index`.
pub fn token_metrics(tokens: &[Token], index: u32) -> TokenMetrics<'_> {
    let t = &tokens[index as usize];
    let key = u64::from(index);
    // A major keeps its real name, after whatever its symbol carries before the real symbol (the hostile-names
    // payload); the long tail is named after its symbol.
    let name = match (MAJOR_NAMES.get(index as usize), MAJORS.get(index as usize)) {
        (Some(name), Some(major)) => format!("{}{name}", t.symbol.strip_suffix(major.0).unwrap_or_default()),
        _ => format!("{} Token", t.symbol),
    };
    let total_supply = crate::dataset::round(10f64.powf(6.0 + 4.0 * unit_hash(key, 1)), 6);
    TokenMetrics {
        address: &t.mint,
        name,
        symbol: &t.symbol,
        decimals: t.decimals,
        is_verified: t.is_verified,
        holders: (10f64.powf(1.0 + 5.5 * unit_hash(key, 2))) as u32,
        freeze_authority_disabled: t.is_verified || unit_hash(key, 3) < 0.7,
        total_supply,
        price: t.price_usd,
        market_cap: t.price_usd * total_supply,
    }
}
