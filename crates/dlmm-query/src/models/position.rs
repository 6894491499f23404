//! Positions and their history: claims, deposits and withdrawals. USD figures are fixed at indexing time.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::amount::Amount;
use crate::shared_fields::structs_sharing;
use crate::wire;

structs_sharing! {
    {
        /// The position's address.
        pub address: String,
        /// The pair's address.
        pub pair_address: String,
        /// The owner's address.
        pub owner: String,
        /// Fees of token X claimed so far, raw base units.
        #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
        pub total_fee_x_claimed: Amount,
        /// Fees of token Y claimed so far, raw base units.
        #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
        pub total_fee_y_claimed: Amount,
        /// Farm reward X claimed so far, raw base units.
        #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
        pub total_reward_x_claimed: Amount,
        /// Farm reward Y claimed so far, raw base units.
        #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
        pub total_reward_y_claimed: Amount,
        /// Fees claimed so far, USD.
        pub total_fee_usd_claimed: f64,
        /// Farm rewards claimed so far, USD.
        pub total_reward_usd_claimed: f64,
    }

    /// A position with its 24 h fee yield (`GET /position/{position_address}`).
    #[wire::lenient_numbers(ts)]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct PositionWithApy {
        /// Fee APY from the last 24 hours, percent.
        pub fee_apy_24h: f64,
        /// Fee APR from the last 24 hours, percent.
        pub fee_apr_24h: f64,
        /// Fees of the last 24 hours relative to the position's value, percent.
        pub daily_fee_yield: f64,
    }

    /// A position's claimed totals and creation time (`GET /position_v2/{position_address}`).
    #[wire::lenient_numbers(ts)]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct Position {
        /// When the position was created: RFC 3339 UTC with microseconds (`2024-04-26T04:36:28.766258Z`).
        pub created_at: String,
    }
}

/// One fee claim (`GET /position/{position_address}/claim_fees`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ClaimFee {
    /// Transaction signature.
    pub tx_id: String,
    /// The position's address.
    pub position_address: String,
    /// The pair's address.
    pub pair_address: String,
    /// Token X claimed, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub token_x_amount: Amount,
    /// Token Y claimed, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub token_y_amount: Amount,
    /// Token X claimed, USD at the time.
    pub token_x_usd_amount: f64,
    /// Token Y claimed, USD at the time.
    pub token_y_usd_amount: f64,
    /// When, unix seconds.
    pub onchain_timestamp: i64,
}

/// One farm reward claim (`GET /position/{position_address}/claim_rewards`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ClaimReward {
    /// Transaction signature.
    pub tx_id: String,
    /// The position's address.
    pub position_address: String,
    /// The pair's address.
    pub pair_address: String,
    /// Mint of the reward claimed.
    pub reward_mint_address: String,
    /// Reward claimed, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub token_amount: Amount,
    /// Reward claimed, USD at the time.
    pub token_usd_amount: f64,
    /// When, unix seconds.
    pub onchain_timestamp: i64,
}

/// One deposit or withdrawal (`GET /position/{position_address}/deposits` and `/withdraws`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct DepositWithdraw {
    /// Transaction signature.
    pub tx_id: String,
    /// The position's address.
    pub position_address: String,
    /// The pair's address.
    pub pair_address: String,
    /// The pair's active bin id at the time.
    pub active_bin_id: i64,
    /// Token X moved, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub token_x_amount: Amount,
    /// Token Y moved, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub token_y_amount: Amount,
    /// The pair's price at the time (token Y per token X).
    pub price: f64,
    /// Token X moved, USD at the time.
    pub token_x_usd_amount: f64,
    /// Token Y moved, USD at the time.
    pub token_y_usd_amount: f64,
    /// When, unix seconds.
    pub onchain_timestamp: i64,
}
