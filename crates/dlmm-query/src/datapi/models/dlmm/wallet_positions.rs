//! A wallet's DLMM positions by pool (`OpenPositionsResponse`, `ClosedPositionsResponse`): records the spec defines
//! but no route returns today (left-overs of retired routes), modeled so that a route returning them decodes.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::{AmountTotals, CurrentPosition};
use crate::wire;

/// A wallet's open positions grouped by pool (`OpenPositionsResponse`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct OpenPositions {
    /// Number of open positions.
    pub total_positions: u64,
    /// Number of pools holding them.
    pub total_pools: u64,
    /// The pools with their positions.
    pub data: Vec<PositionsByPool>,
}

/// One pool with a wallet's open positions in it (`PositionsByPool`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PositionsByPool {
    /// The pool's address.
    pub pool_address: String,
    /// `"<symbolX>-<symbolY>"`.
    pub name: String,
    /// Token X.
    pub token_x: TokenInfo,
    /// Token Y.
    pub token_y: TokenInfo,
    /// Bin step, basis points.
    pub bin_step: u16,
    /// Fee rate, percent.
    pub fee_pct: f64,
    /// Fee collection mode (0 = fees in both tokens, 1 = fees in token Y only).
    pub collect_fee_mode: u8,
    /// The pool's active bin id.
    pub active_bin_id: i32,
    /// Current pool price (token Y per token X); none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub pool_price: Option<f64>,
    /// The open positions.
    pub positions: Vec<OpenPosition>,
}

/// A token's identity (`Token`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct TokenInfo {
    /// The mint address.
    pub address: String,
    /// The token's symbol.
    pub symbol: String,
    /// The token's name.
    pub name: String,
    /// The mint's decimals.
    pub decimals: u8,
    /// Icon URL (may be empty).
    pub icon: String,
}

/// One open position with its totals (`OpenPosition`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct OpenPosition {
    /// The position's address.
    pub position_address: String,
    /// The pool's address.
    pub pool_address: String,
    /// When the position was opened (the spec gives no unit).
    pub created_at: u64,
    /// Lowest bin id of the range.
    pub lower_bin_id: i32,
    /// Highest bin id of the range.
    pub upper_bin_id: i32,
    /// Price at the lowest bin (token Y per token X).
    pub lower_bin_price: f64,
    /// Price at the highest bin (token Y per token X).
    pub upper_bin_price: f64,
    /// Everything deposited.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_deposits: AmountTotals,
    /// Everything withdrawn.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_withdraws: AmountTotals,
    /// Every fee claimed.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_claimed_fees: AmountTotals,
    /// What the position holds now.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiCurrentPosition"))]
    pub current_position: CurrentPosition,
    /// Unrealized profit and loss, USD.
    pub unrealized_pnl: f64,
    /// Unrealized profit and loss relative to the deposits, percent.
    pub unrealized_pnl_change_pct: f64,
}

/// One closed position with its totals (`ClosedPositionsResponse`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ClosedPosition {
    /// The position's address.
    pub position_address: String,
    /// The pool's address.
    pub pool_address: String,
    /// When the position was opened (the spec gives no unit).
    pub created_at: u64,
    /// When the position was closed (the spec gives no unit).
    pub closed_at: u64,
    /// Lowest bin id of the range.
    pub lower_bin_id: i32,
    /// Highest bin id of the range.
    pub upper_bin_id: i32,
    /// Everything deposited.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_deposits: AmountTotals,
    /// Everything withdrawn.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_withdraws: AmountTotals,
    /// Every fee claimed.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiAmountTotals"))]
    pub total_claimed_fees: AmountTotals,
    /// Profit and loss, USD.
    pub pnl: f64,
    /// Profit and loss relative to the deposits, percent.
    pub pnl_change_pct: f64,
}
