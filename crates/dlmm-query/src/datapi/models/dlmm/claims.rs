//! A wallet's claimed fees and rewards in one pool (`/wallets/{wallet}/pools/{pool_address}/total_claims`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::Decimal;
use crate::wire;

/// What a wallet claimed in one pool, summed (`GetWalletTotalClaimsResponse`).
///
/// The wire record is snake_case with figures as JSON strings: token amounts decode to [`Decimal`] (display units),
/// USD and SOL values (at the time of each claim) to `f64`.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct WalletPoolClaims {
    /// The pool's address.
    pub pool_address: String,
    /// The wallet's address.
    pub user_address: String,
    /// Fees claimed in token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_fee_x: Decimal,
    /// Fees claimed in token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_fee_y: Decimal,
    /// Fees claimed in token X, USD.
    pub total_fee_x_usd: f64,
    /// Fees claimed in token Y, USD.
    pub total_fee_y_usd: f64,
    /// Fees claimed in token X, SOL.
    pub total_fee_x_sol: f64,
    /// Fees claimed in token Y, SOL.
    pub total_fee_y_sol: f64,
    /// Number of fee claims.
    pub fee_claim_count: u64,
    /// Farm reward X claimed, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_reward_x: Decimal,
    /// Farm reward X claimed, USD.
    pub total_reward_x_usd: f64,
    /// Farm reward Y claimed, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_reward_y: Decimal,
    /// Farm reward Y claimed, USD.
    pub total_reward_y_usd: f64,
    /// Farm reward X claimed, SOL.
    pub total_reward_x_sol: f64,
    /// Farm reward Y claimed, SOL.
    pub total_reward_y_sol: f64,
    /// Number of reward claims.
    pub reward_claim_count: u64,
    /// Everything claimed, USD.
    pub total_claims_usd: f64,
    /// Everything claimed, SOL.
    pub total_claims_sol: f64,
    /// When the last fee claim happened: RFC 3339 text (`2024-01-15T12:00:00Z`); none if never.
    #[serde(default)]
    pub last_fee_claim_time: Option<String>,
    /// When the last reward claim happened: RFC 3339 text; none if never.
    #[serde(default)]
    pub last_reward_claim_time: Option<String>,
}
