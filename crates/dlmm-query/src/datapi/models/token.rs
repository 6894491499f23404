//! [`Token`]: a pool's token with its market figures (`TokenMetrics`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use super::Decimal;
use crate::wire;

/// One token of a pool with its market figures (`TokenMetrics`), as both services send it in pool records.
///
/// `name` and `symbol` come from token creators: treat them as untrusted text. The enrichment fields
/// (`is_verified`, `holders`, `freeze_authority_disabled`, `total_supply`, `market_cap`) default to false / zero when a
/// body omits them.
#[wire::lenient_numbers(ts = "Datapi")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Token {
    /// The mint address.
    pub address: String,
    /// The token's name.
    pub name: String,
    /// The token's symbol (not unique).
    pub symbol: String,
    /// The mint's decimals (base units per display unit = 10^decimals).
    pub decimals: u8,
    /// Whether the vendor lists the token as verified.
    #[serde(default)]
    pub is_verified: bool,
    /// Number of holder accounts (signed, as the spec types it without a minimum, so a sentinel below zero decodes).
    #[serde(default, deserialize_with = "wire::i64")]
    pub holders: i64,
    /// Whether the mint's freeze authority is disabled.
    #[serde(default)]
    pub freeze_authority_disabled: bool,
    /// Total supply, display units (decimals applied).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_supply: Decimal,
    /// Price of one token, USD.
    pub price: f64,
    /// Market capitalisation, USD.
    #[serde(default, deserialize_with = "wire::f64")]
    pub market_cap: f64,
}
