//! The portfolio service's records (`https://portfolio.datapi.meteora.ag`; undocumented, its shapes as the public
//! clients that read it describe them): a wallet's performance over a time window, its balances across the vendor's
//! protocols, and its profit and loss per UTC day. Every money, ratio and percent figure is exact decimal text
//! ([`Decimal`], read from a string or a number, never through `f64`); counts are whole numbers. In TypeScript the
//! records are `Portfolio<Name>`.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::Decimal;
use crate::shared_fields::structs_sharing;
use crate::wire;

/// A wallet's performance over one time window (`GET /performances/{wallet}?time_range=…`), across DLMM and DAMM v2.
#[wire::lenient_numbers(ts = "Portfolio")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Performance {
    /// Profit and loss, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub pnl_usd: Decimal,
    /// Profit and loss, SOL.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub pnl_sol: Decimal,
    /// Profit and loss relative to what was put in (USD), percent.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub pnl_pct_change: Decimal,
    /// Profit and loss relative to what was put in (SOL), percent.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub pnl_sol_pct_change: Decimal,
    /// The part of the profit and loss of closed positions, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub realized_pnl_usd: Decimal,
    /// The part of open positions, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub unrealized_pnl_usd: Decimal,
    /// Fees earned and claimed, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub realized_fee_earned_usd: Decimal,
    /// Fees earned and not yet claimed, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub unrealized_fee_earned_usd: Decimal,
    /// Deposits over the window, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_deposit_usd: Decimal,
    /// Share of positions that gained (USD), percent.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub win_rate_usd: Decimal,
    /// Positions that gained (USD).
    pub win_count_usd: u64,
    /// Positions that lost (USD).
    pub loss_count_usd: u64,
    /// Positions open.
    pub open_count: u64,
    /// Positions closed in the window.
    pub closed_count: u64,
    /// The average put into a position, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub avg_invested_usd: Decimal,
    /// The largest profit and loss of one position, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub biggest_pnl_usd: Decimal,
    /// The pool of that position, when the service names it.
    #[serde(default)]
    pub biggest_pnl_usd_pool: Option<String>,
    /// Its protocol (`dlmm`, `damm_v2`), when the service names it.
    #[serde(default)]
    pub biggest_pnl_usd_protocol: Option<String>,
}

/// What a wallet holds now across the vendor's protocols (`GET /balances/{wallet}`).
#[wire::lenient_numbers(ts = "Portfolio")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Balances {
    /// The positions' value, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub balance_usd: Decimal,
    /// The positions' value, SOL.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub balance_sol: Decimal,
    /// Fees earned and not yet claimed, USD.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub unclaimed_fee_usd: Decimal,
    /// The same, SOL, when the service sends it.
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub unclaimed_fee_sol: Option<Decimal>,
}

/// A wallet's profit and loss per UTC day of one month (`GET /chart/calendar/{wallet}?month=YYYY-MM`), or of a range
/// of months fetched one by one and merged, oldest first.
#[wire::lenient_numbers(ts = "Portfolio")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Calendar {
    /// One point per day with activity, oldest first.
    pub data_points: Vec<CalendarDay>,
}

structs_sharing! {
    {
        /// Profit and loss of the positions closed, USD.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub pnl_usd: Decimal,
        /// Positions closed.
        pub closed_position_count: u64,
        /// Of them, those that gained (USD).
        pub win_count_usd: u64,
        /// Of them, those that lost (USD).
        pub loss_count_usd: u64,
        /// Fees they earned, USD.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub fees_earned_usd: Decimal,
    }

    /// One UTC day of a [`Calendar`]: its figures over every protocol, and per protocol where the service splits
    /// them.
    #[wire::lenient_numbers(ts = "Portfolio")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct CalendarDay {
        /// The day's start, unix seconds (UTC midnight).
        pub timestamp: u64,
        /// The DLMM positions' share, when the service splits the day.
        #[serde(default)]
        pub dlmm: Option<CalendarFigures>,
        /// The DAMM v2 positions' share, when the service splits the day.
        #[serde(default)]
        pub damm_v2: Option<CalendarFigures>,
    }

    /// One protocol's share of a [`CalendarDay`].
    #[wire::lenient_numbers(ts = "Portfolio")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct CalendarFigures {}
}
