//! A wallet's earnings in one pair (`GET /wallet/{wallet_address}/{pair_address}/earning`).

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::amount::Amount;
use crate::wire;

/// What a wallet has claimed from one pair. The route returns an array (usually of 0 or 1 element).
///
/// The spec marks no field required: absent amounts decode to 0 and absent USD figures to `None`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(rename_all(serialize = "camelCase"))]
pub struct WalletEarning {
    /// Fees claimed, USD; `None` when the server has no price.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub total_fee_usd_claimed: Option<f64>,
    /// Fees of token X claimed, raw base units (sent as an integer string).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub total_fee_x_claimed: Amount,
    /// Fees of token Y claimed, raw base units (sent as an integer string).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub total_fee_y_claimed: Amount,
    /// Farm rewards claimed, USD; `None` when the server has no price.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub total_reward_usd_claimed: Option<f64>,
    /// Farm reward X claimed, raw base units (sent as an integer string).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub total_reward_x_claimed: Amount,
    /// Farm reward Y claimed, raw base units (sent as an integer string).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub total_reward_y_claimed: Amount,
}
