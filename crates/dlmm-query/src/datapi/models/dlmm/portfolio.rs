//! A wallet's DLMM portfolio: closed-position history per pool (`/portfolio`), open positions per pool
//! (`/portfolio/open`) and the all-pools P&L (`/portfolio/total`).
//!
//! These records are camelCase on the wire and send their figures as JSON strings; USD, SOL and percent figures
//! decode to `f64`, token amounts to [`Decimal`]. SOL figures use the SOL price of each event unless noted.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::Decimal;
use crate::shared_fields::structs_sharing;
use crate::wire;

/// A wallet's pools with closed positions (`GetPortfolioResponse`, `GET /portfolio`), one page.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct Portfolio {
    /// This page's number, from 1.
    pub page: u64,
    /// Pools per page.
    pub page_size: u64,
    /// Whether a page follows this one.
    pub has_next: bool,
    /// Number of pools across all pages.
    pub total_count: u64,
    /// Number of closed positions across all pools.
    pub total_positions: u64,
    /// The pools of this page.
    pub pools: Vec<PortfolioPool>,
}

structs_sharing! {
    {
        /// The pool's address.
        pub pool_address: String,
        /// Bin step, basis points (a number or text on the wire).
        pub bin_step: u16,
        /// Base fee rate, percent (a number or text on the wire).
        pub base_fee: f64,
        /// Fee collection mode (0 = fees in both tokens, 1 = fees in token Y only).
        pub collect_fee_mode: u8,
        /// Mint of token X.
        pub token_x_mint: String,
        /// Mint of token Y.
        pub token_y_mint: String,
        /// Icon URL of token X (may be empty).
        pub token_x_icon: String,
        /// Icon URL of token Y (may be empty).
        pub token_y_icon: String,
        /// Symbol of token X.
        pub token_x: String,
        /// Symbol of token Y.
        pub token_y: String,
    }

    /// One pool of a wallet's closed-position portfolio, aggregated (`PoolPortfolioItem`).
    #[wire::lenient_numbers(ts = "Dlmm")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all = "camelCase")]
    pub struct PortfolioPool {
        /// Total deposited, USD.
        pub total_deposit: f64,
        /// Total deposited, SOL.
        pub total_deposit_sol: f64,
        /// Total withdrawn, USD.
        pub total_withdrawal: f64,
        /// Total withdrawn, SOL.
        pub total_withdrawal_sol: f64,
        /// Total fees claimed, USD.
        pub total_fee: f64,
        /// Total fees claimed, SOL.
        pub total_fee_sol: f64,
        /// Profit and loss, realized and unrealized, USD.
        pub pnl_usd: f64,
        /// Profit and loss, SOL.
        pub pnl_sol: f64,
        /// Profit and loss relative to the deposits (USD), percent.
        pub pnl_pct_change: f64,
        /// Profit and loss relative to the deposits (SOL), percent.
        pub pnl_sol_pct_change: f64,
        /// Token X deposited, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_deposit_token_x: Decimal,
        /// Token X deposited, USD.
        pub total_deposit_token_x_usd: f64,
        /// Token X deposited, SOL.
        pub total_deposit_token_x_sol: f64,
        /// Token X withdrawn, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_withdrawal_token_x: Decimal,
        /// Token X withdrawn, USD.
        pub total_withdrawal_token_x_usd: f64,
        /// Token X withdrawn, SOL.
        pub total_withdrawal_token_x_sol: f64,
        /// Token X fees claimed, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_fee_token_x: Decimal,
        /// Token X fees claimed, USD.
        pub total_fee_token_x_usd: f64,
        /// Token X fees claimed, SOL.
        pub total_fee_token_x_sol: f64,
        /// Token Y deposited, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_deposit_token_y: Decimal,
        /// Token Y deposited, USD.
        pub total_deposit_token_y_usd: f64,
        /// Token Y deposited, SOL.
        pub total_deposit_token_y_sol: f64,
        /// Token Y withdrawn, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_withdrawal_token_y: Decimal,
        /// Token Y withdrawn, USD.
        pub total_withdrawal_token_y_usd: f64,
        /// Token Y withdrawn, SOL.
        pub total_withdrawal_token_y_sol: f64,
        /// Token Y fees claimed, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_fee_token_y: Decimal,
        /// Token Y fees claimed, USD.
        pub total_fee_token_y_usd: f64,
        /// Token Y fees claimed, SOL.
        pub total_fee_token_y_sol: f64,
        /// When the wallet's last position in the pool closed, unix seconds (the spec gives no unit); none if unknown.
        #[serde(default, deserialize_with = "wire::opt_u64")]
        pub last_closed_at: Option<u64>,
    }

    /// One pool of a wallet's open portfolio, aggregated over its open positions (`PoolOpenPortfolioItem`). SOL figures
    /// use the current SOL price.
    #[wire::lenient_numbers(ts = "Dlmm")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenPortfolioPool {
        /// Mint of farm reward X (the system program address when none).
        pub reward_x: String,
        /// Mint of farm reward Y (the system program address when none).
        pub reward_y: String,
        /// Current value of the positions, USD.
        pub balances: f64,
        /// Current value of the positions, SOL; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub balances_sol: Option<f64>,
        /// Unclaimed fees, USD.
        pub unclaimed_fees: f64,
        /// Unclaimed fees, SOL; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub unclaimed_fees_sol: Option<f64>,
        /// The wallet's fees of the rolling 24 hours divided by its TVL, percent.
        pub fee_per_tvl_24h: f64,
        /// Live profit and loss, USD.
        pub pnl: f64,
        /// Live profit and loss relative to the deposits (USD), percent.
        pub pnl_pct_change: f64,
        /// Live profit and loss, SOL; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub pnl_sol: Option<f64>,
        /// Live profit and loss relative to the deposits (SOL), percent; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub pnl_sol_pct_change: Option<f64>,
        /// Total deposited, USD.
        pub total_deposit: f64,
        /// Total deposited, SOL (price of each deposit); none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub total_deposit_sol: Option<f64>,
        /// Number of open positions in the pool.
        pub open_position_count: u64,
        /// Addresses of the open positions.
        pub list_positions: Vec<String>,
        /// Addresses of the positions out of range.
        #[serde(default)]
        pub positions_out_of_range: Vec<String>,
        /// Whether one of the positions is out of range; none when the service could not tell.
        #[serde(default)]
        pub out_of_range: Option<bool>,
        /// Current pool price (token Y per token X); none when unknown.
        #[serde(default, deserialize_with = "wire::opt_f64")]
        pub pool_price: Option<f64>,
        /// Block time of the pool state the live figures use, unix seconds; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_u64")]
        pub pool_state_updated_at_block_time: Option<u64>,
        /// Slot of the pool state the live figures use; none when unknown.
        #[serde(default, deserialize_with = "wire::opt_u64")]
        pub pool_state_updated_at_slot: Option<u64>,
        /// When the service last updated this item, unix seconds (live service only).
        #[serde(default)]
        pub updated_at: Option<u64>,
    }
}

/// A wallet's pools with open positions (`GetOpenPortfolioResponse`, `GET /portfolio/open`), one page.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct OpenPortfolio {
    /// This page's number, from 1.
    pub page: u64,
    /// Pools per page.
    pub page_size: u64,
    /// Whether a page follows this one.
    pub has_next: bool,
    /// Number of pools across all pages.
    pub total_count: u64,
    /// Number of open positions across all pools.
    pub total_positions: u64,
    /// The pools of this page.
    pub pools: Vec<OpenPortfolioPool>,
    /// Price of SOL used for the SOL figures, USD; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub sol_price: Option<f64>,
    /// Totals across all pools; none when the service does not compute them.
    #[serde(default)]
    pub total: Option<OpenPortfolioTotals>,
}

/// Totals of a wallet's open portfolio across all pools (`TotalMetrics`). SOL figures use the current SOL price.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct OpenPortfolioTotals {
    /// Number of open positions across all pools.
    pub total_positions: u64,
    /// Current value, USD.
    pub balances: f64,
    /// Current value, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub balances_sol: Option<f64>,
    /// Unclaimed fees, USD.
    pub unclaimed_fees: f64,
    /// Unclaimed fees, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub unclaimed_fees_sol: Option<f64>,
    /// Live profit and loss, USD.
    pub pnl: f64,
    /// Live profit and loss relative to the deposits (USD), percent.
    pub pnl_pct_change: f64,
    /// Live profit and loss, SOL; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub pnl_sol: Option<f64>,
    /// Live profit and loss relative to the deposits (SOL), percent; none when unknown.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub pnl_sol_pct_change: Option<f64>,
}

/// A wallet's profit and loss across all pools (`PortfolioTotalResponse`, `GET /portfolio/total`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioTotal {
    /// Profit and loss, USD.
    pub total_pnl_usd: f64,
    /// Profit and loss, SOL (price of each event).
    pub total_pnl_sol: f64,
    /// Profit and loss relative to the deposits (USD), percent.
    pub total_pnl_pct_change: f64,
    /// Profit and loss relative to the deposits (SOL), percent.
    pub total_pnl_sol_pct_change: f64,
    /// Number of positions closed (live service only).
    #[serde(default)]
    pub total_closed_positions: Option<u64>,
}
