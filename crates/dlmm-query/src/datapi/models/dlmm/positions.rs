//! Position history (`/positions/{address}/historical`) and per-position profit and loss in a pool
//! (`/positions/{pool_address}/pnl`).
//!
//! These records are camelCase on the wire and send amounts and values as JSON strings: token amounts decode to
//! [`Decimal`] (display units), USD, SOL, price and percent figures to `f64`.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::Decimal;
use crate::wire;

/// A position's events (`GetPositionHistoricalEventsResponse`, `GET /positions/{address}/historical`).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "wasm", tsify(type_prefix = "Dlmm"))]
#[serde(rename_all = "camelCase")]
pub struct PositionEvents {
    /// The events, in the requested order.
    pub events: Vec<PositionEvent>,
}

/// One event of a position: a deposit, a withdrawal or a claim (`PositionEvent`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct PositionEvent {
    /// Transaction signature.
    pub signature: String,
    /// Index of the instruction in the transaction.
    pub ix_index: u64,
    /// What happened: `add`, `remove`, `claim_fee` or `claim_reward` (kept as sent, so a new kind still decodes).
    pub event_type: String,
    /// The position's address.
    pub position_address: String,
    /// When, unix seconds (block time).
    pub block_time: u64,
    /// The slot of the transaction.
    pub slot: u64,
    /// The pool's address.
    pub pool_address: String,
    /// The owner's address.
    pub user_address: String,
    /// Token X as the service names it (the spec does not say whether mint or symbol).
    pub token_x: String,
    /// Token Y as the service names it.
    pub token_y: String,
    /// Token X moved, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub amount_x: Decimal,
    /// Token Y moved, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub amount_y: Decimal,
    /// Token X moved, USD at the time.
    pub amount_x_usd: f64,
    /// Token Y moved, USD at the time.
    pub amount_y_usd: f64,
    /// Both tokens moved, USD at the time.
    pub total_usd: f64,
    /// When the service indexed the event: RFC 3339 text (`2024-01-15T12:00:00Z`), kept as sent.
    pub created_at: String,
}

/// A wallet's positions in one pool with their profit and loss (`GetPoolPositionPnLResponse`,
/// `GET /positions/{pool_address}/pnl`), one page, with the prices used.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct PositionsPnl {
    /// This page's number, from 1.
    pub page: u64,
    /// Positions per page.
    pub page_size: u64,
    /// Whether a page follows this one.
    pub has_next: bool,
    /// Number of positions across all pages.
    pub total_count: u64,
    /// The positions of this page.
    pub positions: Vec<PositionPnlRecord>,
    /// Token X as the service names it (the spec does not say whether mint or symbol); none when unknown.
    #[serde(default)]
    pub token_x: Option<String>,
    /// Token Y as the service names it; none when unknown.
    #[serde(default)]
    pub token_y: Option<String>,
    /// Current price of token X, USD.
    pub token_x_price: f64,
    /// Current price of token Y, USD.
    pub token_y_price: f64,
    /// Farm reward X as the service names it; none when there is none.
    #[serde(default)]
    pub reward_token_x: Option<String>,
    /// Farm reward Y as the service names it; none when there is none.
    #[serde(default)]
    pub reward_token_y: Option<String>,
    /// Current price of farm reward X, USD.
    pub reward_token_x_price: f64,
    /// Current price of farm reward Y, USD.
    pub reward_token_y_price: f64,
    /// Current price of SOL, USD; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub sol_price: Option<f64>,
}

/// One position's range and profit and loss (`PositionPnLData`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct PositionPnlRecord {
    /// The position's address.
    pub position_address: String,
    /// Price at the lower end of the range (token Y per token X).
    pub min_price: f64,
    /// Price at the upper end of the range (token Y per token X).
    pub max_price: f64,
    /// Lowest bin id of the range.
    pub lower_bin_id: i32,
    /// Highest bin id of the range.
    pub upper_bin_id: i32,
    /// The position's fees of the rolling 24 hours divided by its value, percent.
    pub fee_per_tvl_24h: f64,
    /// Whether the position is closed.
    pub is_closed: bool,
    /// Profit and loss, USD.
    pub pnl_usd: f64,
    /// Profit and loss relative to the deposits (USD), percent.
    pub pnl_pct_change: f64,
    /// Everything deposited.
    pub all_time_deposits: TokenPairAmounts,
    /// Everything withdrawn.
    pub all_time_withdrawals: TokenPairAmounts,
    /// Every fee claimed.
    pub all_time_fees: TokenPairAmounts,
    /// Profit and loss, SOL, as the exact text sent (the live service sends text, the May docs a number; either is
    /// read); none when unknown.
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub pnl_sol: Option<Decimal>,
    /// Profit and loss relative to the deposits (SOL), percent; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub pnl_sol_pct_change: Option<f64>,
    /// When the position was opened, unix seconds (the spec gives no unit); none when unknown.
    #[serde(default, deserialize_with = "wire::opt_u64")]
    pub created_at: Option<u64>,
    /// When the position was closed, unix seconds (the spec gives no unit); none while open.
    #[serde(default, deserialize_with = "wire::opt_u64")]
    pub closed_at: Option<u64>,
    /// Whether the pool's active bin is outside the range; none when unknown.
    #[serde(default)]
    pub is_out_of_range: Option<bool>,
    /// The pool's active bin id; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_i32")]
    pub pool_active_bin_id: Option<i32>,
    /// The pool's current price (token Y per token X); none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub pool_active_price: Option<f64>,
    /// Live value and unclaimed amounts; only for open positions.
    #[serde(default)]
    pub unrealized_pnl: Option<UnrealizedPnl>,
    /// When the service last updated this record, unix seconds (live service only).
    #[serde(default)]
    pub updated_at: Option<u64>,
}

/// Amounts of both tokens with their total value (`TokenPairWithTotal`).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "wasm", tsify(type_prefix = "Dlmm"))]
#[serde(rename_all = "camelCase")]
pub struct TokenPairAmounts {
    /// Token X.
    pub token_x: TokenAmount,
    /// Token Y.
    pub token_y: TokenAmount,
    /// Both tokens together.
    pub total: TotalValue,
}

/// An amount of one token with its value (`TokenAmount`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct TokenAmount {
    /// The amount, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub amount: Decimal,
    /// Its value, USD.
    pub usd: f64,
    /// Its value, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub amount_sol: Option<f64>,
}

/// A total value (`TotalUsd`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct TotalValue {
    /// The value, USD.
    pub usd: f64,
    /// The value, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub sol: Option<f64>,
}

/// An open position's live value and unclaimed amounts (`UnrealizedPnL`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct UnrealizedPnl {
    /// Current value of the position, USD.
    pub balances: f64,
    /// Current value of the position, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub balances_sol: Option<f64>,
    /// Token X in the position.
    pub balance_token_x: TokenAmount,
    /// Token Y in the position.
    pub balance_token_y: TokenAmount,
    /// Unclaimed fees in token X.
    pub unclaimed_fee_token_x: TokenAmount,
    /// Unclaimed fees in token Y.
    pub unclaimed_fee_token_y: TokenAmount,
    /// Unclaimed farm reward X.
    pub unclaimed_reward_token_x: TokenAmount,
    /// Unclaimed farm reward Y.
    pub unclaimed_reward_token_y: TokenAmount,
}
