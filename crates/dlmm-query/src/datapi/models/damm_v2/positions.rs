//! A wallet's DAMM v2 portfolio and positions (`CursorV1PaginationResponse_*`): records the spec defines but no route
//! returns today (left-overs of retired routes), modeled so that a route returning them decodes.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::{AmountTotals, CurrentPosition, Decimal};
use crate::wire;

/// One page of a cursor-paged list (`CursorV1PaginationResponse_*`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct CursorPage<T> {
    /// Items per page.
    pub limit: u64,
    /// The cursor of the next page; none on the last page.
    #[serde(default)]
    pub next_cursor: Option<String>,
    /// The items of this page.
    pub data: Vec<T>,
}

/// A wallet's positions in one DAMM v2 pool, summed (`PortfolioResponse`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PortfolioPool {
    /// The pool's address.
    pub pool_address: String,
    /// Number of positions.
    pub positions_count: u64,
    /// Number of open positions.
    pub open_positions_count: u64,
    /// Number of closed positions.
    pub closed_positions_count: u64,
    /// Token X deposited, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_deposits_x: Decimal,
    /// Token Y deposited, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_deposits_y: Decimal,
    /// Deposits, USD.
    pub total_deposits_usd: f64,
    /// Token X withdrawn, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_withdraws_x: Decimal,
    /// Token Y withdrawn, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_withdraws_y: Decimal,
    /// Withdrawals, USD.
    pub total_withdraws_usd: f64,
    /// Fees claimed in token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_claimed_fees_x: Decimal,
    /// Fees claimed in token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_claimed_fees_y: Decimal,
    /// Fees claimed, USD.
    pub total_claimed_fees_usd: f64,
}

/// One DAMM v2 position with its totals (`PositionsResponse`).
///
/// The spec defines it, but no route of the service returns it today (a left-over of a retired route); it is
/// modeled so that a route returning it decodes.
#[wire::lenient_numbers(ts = "DammV2")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Position {
    /// The position's address.
    pub position_address: String,
    /// The pool's address.
    pub pool_address: String,
    /// Whether the position is closed.
    pub is_closed: bool,
    /// When the position was opened (the spec gives no unit).
    pub created_at: u64,
    /// When the position was closed (the spec gives no unit); none while open.
    #[serde(default, deserialize_with = "wire::opt_u64")]
    pub closed_at: Option<u64>,
    /// What the position holds now; none once closed.
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiCurrentPosition | undefined"))]
    pub current_position: Option<CurrentPosition>,
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
