//! A wallet's DLMM limit orders: open and closed orders per pool, bonus claimed and a summary
//! (`/wallets/{wallet}/limit_orders/...`).
//!
//! The wire records are snake_case with amounts and values as JSON strings: token amounts decode to [`Decimal`]
//! (display units), USD, SOL, price and percent figures to `f64`, except the SOL profit, loss and value figures the
//! live service added (July 2026), which keep their exact text ([`Decimal`]). Those live-only fields are optional:
//! a service following the May 2026 docs does not send them. "Input" is the deposited token (X for an ask, Y for
//! a bid), "output" the token the order buys.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::datapi::models::Decimal;
use crate::shared_fields::structs_sharing;
use crate::wire;

/// A pool as the limit-order routes describe it (`LimitOrderPoolDetails`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct LimitOrderPool {
    /// The pool's address.
    pub pool_address: String,
    /// `"<symbolX>-<symbolY>"`.
    pub pair_name: String,
    /// Bin step, basis points.
    pub bin_step: u16,
    /// Base fee rate, percent (the wire sends it as text).
    pub base_fee: f64,
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
    /// Where the bonus goes: 0 = the input token, 1 = always token Y.
    pub collect_fee_mode: u8,
}

structs_sharing! {
    {
        /// The pool.
        pub pool: LimitOrderPool,
        /// Number of orders.
        pub total_orders: u64,
        /// Number of orders filled completely.
        pub fully_filled_orders: u64,
        /// Share of the deposits filled, percent (deposit-weighted).
        pub filled_pct: f64,
        /// Token X deposited, display units (only asks deposit X).
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_deposit_x: Decimal,
        /// Token Y deposited, display units (only bids deposit Y).
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_deposit_y: Decimal,
        /// Token X deposited, USD at placement.
        pub total_deposit_x_usd: f64,
        /// Token X deposited, SOL at placement.
        pub total_deposit_x_sol: f64,
        /// Token Y deposited, USD at placement.
        pub total_deposit_y_usd: f64,
        /// Token Y deposited, SOL at placement.
        pub total_deposit_y_sol: f64,
        /// Deposits, USD at placement.
        pub total_deposit_usd: f64,
        /// Deposits, SOL at placement.
        pub total_deposit_sol: f64,
        /// Token X withdrawn, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_withdrawal_x: Decimal,
        /// Token Y withdrawn, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_withdrawal_y: Decimal,
        /// Token X withdrawn, USD at cancellation.
        pub total_withdrawal_x_usd: f64,
        /// Token X withdrawn, SOL at cancellation.
        pub total_withdrawal_x_sol: f64,
        /// Token Y withdrawn, USD at cancellation.
        pub total_withdrawal_y_usd: f64,
        /// Token Y withdrawn, SOL at cancellation.
        pub total_withdrawal_y_sol: f64,
        /// Withdrawals, USD at cancellation.
        pub total_withdrawal_usd: f64,
        /// Withdrawals, SOL at cancellation.
        pub total_withdrawal_sol: f64,
        /// Bonus (fee share) in token X, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_bonus_x: Decimal,
        /// Bonus (fee share) in token Y, display units.
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
        pub total_bonus_y: Decimal,
        /// Lowest limit price of the orders (token Y per token X; live service only).
        #[serde(default)]
        pub min_limit_price: Option<f64>,
        /// Highest limit price of the orders (token Y per token X; live service only).
        #[serde(default)]
        pub max_limit_price: Option<f64>,
    }

    /// A wallet's open limit orders in one pool, summed (`OpenLimitOrderPoolSummary`; the items of
    /// `GET /wallets/{wallet}/limit_orders/open/pools`). Bonus values use the current price.
    #[wire::lenient_numbers(ts = "Dlmm")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct OpenLimitOrderPool {
        /// Bonus, USD at the current price.
        pub total_bonus_usd: f64,
        /// Bonus, SOL at the current price.
        pub total_bonus_sol: f64,
        /// What the open orders hold now, USD (live service only).
        #[serde(default)]
        pub total_current_value_usd: Option<f64>,
        /// What the open orders hold now, SOL, as the exact text sent (live service only).
        #[serde(default)]
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
        pub total_current_value_sol: Option<Decimal>,
        /// Unrealized profit and loss, USD at the current price (live service only).
        #[serde(default)]
        pub unrealized_pnl_usd: Option<f64>,
        /// Unrealized profit and loss, SOL, as the exact text sent at the current price (live service only).
        #[serde(default)]
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
        pub unrealized_pnl_sol: Option<Decimal>,
        /// Unrealized profit and loss relative to the deposits (USD), percent (live service only).
        #[serde(default)]
        pub unrealized_pnl_pct_usd: Option<f64>,
        /// Unrealized profit and loss relative to the deposits (SOL), percent (live service only).
        #[serde(default)]
        pub unrealized_pnl_pct_sol: Option<f64>,
    }

    /// A wallet's closed limit orders in one pool, summed (`ClosedLimitOrderPoolSummary`; the items of
    /// `GET /wallets/{wallet}/limit_orders/closed/pools`). Bonus values use the price at cancellation.
    #[wire::lenient_numbers(ts = "Dlmm")]
    #[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
    #[serde(rename_all(serialize = "camelCase"))]
    pub struct ClosedLimitOrderPool {
        /// Bonus in token X, USD at cancellation.
        pub total_bonus_x_usd: f64,
        /// Bonus in token Y, USD at cancellation.
        pub total_bonus_y_usd: f64,
        /// Bonus in token X, SOL at cancellation.
        pub total_bonus_x_sol: f64,
        /// Bonus in token Y, SOL at cancellation.
        pub total_bonus_y_sol: f64,
        /// Bonus, USD at cancellation.
        pub total_bonus_usd: f64,
        /// Bonus, SOL at cancellation.
        pub total_bonus_sol: f64,
        /// When the last order closed, unix seconds.
        pub last_closed_at: u64,
        /// Realized profit and loss, USD (live service only).
        #[serde(default)]
        pub realized_pnl_usd: Option<f64>,
        /// Realized profit and loss, SOL, as the exact text sent (live service only).
        #[serde(default)]
        #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
        pub realized_pnl_sol: Option<Decimal>,
        /// Realized profit and loss relative to the deposits (USD), percent (live service only).
        #[serde(default)]
        pub realized_pnl_pct_usd: Option<f64>,
        /// Realized profit and loss relative to the deposits (SOL), percent (live service only).
        #[serde(default)]
        pub realized_pnl_pct_sol: Option<f64>,
    }
}

/// A wallet's open limit orders in one pool with the pool's live state (`OpenLimitOrdersForPoolResponse`,
/// `GET /wallets/{wallet}/limit_orders/open/pools/{pool_address}`), one page.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct OpenLimitOrders {
    /// The pool.
    pub pool: LimitOrderPool,
    /// The pool's live active bin id.
    pub current_active_bin_id: i32,
    /// The pool's live price (token Y per token X).
    pub current_pool_price: f64,
    /// Number of orders across all pages.
    pub total: u64,
    /// Number of pages.
    pub pages: u64,
    /// This page's number, from 1.
    pub current_page: u64,
    /// Orders per page.
    pub page_size: u64,
    /// The orders of this page.
    pub data: Vec<OpenLimitOrder>,
}

/// One open limit order (`OpenLimitOrderDetail`). Bonus values use the current price.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct OpenLimitOrder {
    /// The limit order's address.
    pub limit_order_address: String,
    /// The owner's address.
    pub user_address: String,
    /// True for an ask (selling X for Y), false for a bid (buying X with Y).
    pub is_ask_side: bool,
    /// Lowest price of the order (token Y per token X).
    pub lower_pool_price: f64,
    /// Highest price of the order (token Y per token X).
    pub upper_pool_price: f64,
    /// Symbol of the deposited (input) token.
    pub input_token: String,
    /// Mint of the deposited (input) token.
    pub input_token_mint: String,
    /// Symbol of the token the order buys (output).
    pub output_token: String,
    /// Mint of the token the order buys (output).
    pub output_token_mint: String,
    /// Deposited, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub input_amount: Decimal,
    /// Deposited, USD at placement.
    pub input_amount_usd: f64,
    /// Deposited, SOL at placement.
    pub input_amount_sol: f64,
    /// Output expected at the placement prices, output-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub output_amount_expected: Decimal,
    /// Share of the deposit filled, percent.
    pub filled_pct: f64,
    /// Filled part of the deposit, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub filled_input_amount: Decimal,
    /// Output received so far (estimated from the bin prices), output-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_filled_amount: Decimal,
    /// Output received so far, USD.
    pub total_filled_amount_usd: f64,
    /// Output received so far, SOL.
    pub total_filled_amount_sol: f64,
    /// Unfilled part of the deposit, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_unfilled_amount: Decimal,
    /// Unfilled part of the deposit, USD.
    pub total_unfilled_amount_usd: f64,
    /// Unfilled part of the deposit, SOL.
    pub total_unfilled_amount_sol: f64,
    /// Bonus (fee share) in token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_x: Decimal,
    /// Bonus (fee share) in token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_y: Decimal,
    /// Bonus, USD at the current price.
    pub total_bonus_usd: f64,
    /// Bonus, SOL at the current price.
    pub total_bonus_sol: f64,
    /// When the order was placed, unix seconds.
    pub opened_at: u64,
    /// Signature of the placing transaction.
    pub opened_at_signature: String,
    /// Slot of the placing transaction.
    pub opened_at_slot: u64,
    /// The order per bin, by bin id ascending.
    pub bin_distribution: Vec<OpenLimitOrderBin>,
    /// The unfilled bin nearest the active bin; none when the order is filled.
    #[serde(default, deserialize_with = "wire::opt_i32")]
    pub nearest_unfilled_bin_id: Option<i32>,
    /// Price of that bin (token Y per token X); none when the order is filled.
    #[serde(default, deserialize_with = "wire::opt_f64")]
    pub nearest_unfilled_bin_price: Option<f64>,
    /// Unrealized profit and loss, USD at the current price (live service only).
    #[serde(default)]
    pub unrealized_pnl_usd: Option<f64>,
    /// Unrealized profit and loss, SOL, as the exact text sent at the current price (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub unrealized_pnl_sol: Option<Decimal>,
    /// Unrealized profit and loss relative to the deposits (USD), percent (live service only).
    #[serde(default)]
    pub unrealized_pnl_pct_usd: Option<f64>,
    /// Unrealized profit and loss relative to the deposits (SOL), percent (live service only).
    #[serde(default)]
    pub unrealized_pnl_pct_sol: Option<f64>,
}

/// One bin of an open limit order (`OpenLimitOrderBinPoint`). Amounts are display units of the token named.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct OpenLimitOrderBin {
    /// The bin id.
    pub bin_id: i32,
    /// Price at this bin (token Y per token X).
    pub price: f64,
    /// Deposited at this bin, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub deposit_amount: Decimal,
    /// Filled at this bin, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub fulfilled_amount: Decimal,
    /// Unfilled at this bin, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub unfilled_amount: Decimal,
    /// Received from this bin's fills, output-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub output_received_amount: Decimal,
    /// How far this bin is filled.
    pub fill_status: BinFillStatus,
}

/// How far one bin of a limit order is filled (`LimitOrderBinFillStatus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, Shape)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "wasm", tsify(type_prefix = "Dlmm"))]
#[serde(rename_all = "snake_case")]
pub enum BinFillStatus {
    /// Nothing filled (`not_filled`).
    NotFilled,
    /// Partly filled (`partial_filled`).
    PartialFilled,
    /// Completely filled (`fulfilled`).
    Fulfilled,
    /// A status this crate does not know yet (decoded from any other text; serialized as `unknown`).
    #[serde(other)]
    Unknown,
}

/// A wallet's closed limit orders in one pool (`ClosedLimitOrdersForPoolResponse`,
/// `GET /wallets/{wallet}/limit_orders/closed/pools/{pool_address}`), one page.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ClosedLimitOrders {
    /// The pool.
    pub pool: LimitOrderPool,
    /// Number of orders across all pages.
    pub total: u64,
    /// Number of pages.
    pub pages: u64,
    /// This page's number, from 1.
    pub current_page: u64,
    /// Orders per page.
    pub page_size: u64,
    /// The orders of this page.
    pub data: Vec<ClosedLimitOrder>,
}

/// One closed limit order, from placement to close (`ClosedLimitOrderDetail`). Withdrawal and bonus values use the
/// price at cancellation.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct ClosedLimitOrder {
    /// The limit order's address.
    pub limit_order_address: String,
    /// The owner's address.
    pub user_address: String,
    /// True for an ask (selling X for Y), false for a bid (buying X with Y).
    pub is_ask_side: bool,
    /// Lowest price of the order (token Y per token X).
    pub lower_pool_price: f64,
    /// Highest price of the order (token Y per token X).
    pub upper_pool_price: f64,
    /// Symbol of the deposited (input) token.
    pub input_token: String,
    /// Mint of the deposited (input) token.
    pub input_token_mint: String,
    /// Symbol of the token the order buys (output).
    pub output_token: String,
    /// Mint of the token the order buys (output).
    pub output_token_mint: String,
    /// Token X deposited, display units (only asks deposit X).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_deposit_x: Decimal,
    /// Token Y deposited, display units (only bids deposit Y).
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_deposit_y: Decimal,
    /// Deposits, USD at placement.
    pub total_deposit_usd: f64,
    /// Deposits, SOL at placement.
    pub total_deposit_sol: f64,
    /// Output expected at the placement prices, output-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub output_amount_expected: Decimal,
    /// Token X withdrawn, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_withdrawal_x: Decimal,
    /// Token Y withdrawn, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_withdrawal_y: Decimal,
    /// Token X withdrawn, USD.
    pub total_withdrawal_x_usd: f64,
    /// Token X withdrawn, SOL.
    pub total_withdrawal_x_sol: f64,
    /// Token Y withdrawn, USD.
    pub total_withdrawal_y_usd: f64,
    /// Token Y withdrawn, SOL.
    pub total_withdrawal_y_sol: f64,
    /// Withdrawals, USD.
    pub total_withdrawal_usd: f64,
    /// Withdrawals, SOL.
    pub total_withdrawal_sol: f64,
    /// Bonus (fee share) in token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_x: Decimal,
    /// Bonus (fee share) in token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_y: Decimal,
    /// Bonus in token X, USD.
    pub total_bonus_x_usd: f64,
    /// Bonus in token Y, USD.
    pub total_bonus_y_usd: f64,
    /// Bonus in token X, SOL.
    pub total_bonus_x_sol: f64,
    /// Bonus in token Y, SOL.
    pub total_bonus_y_sol: f64,
    /// Bonus, USD.
    pub total_bonus_usd: f64,
    /// Bonus, SOL.
    pub total_bonus_sol: f64,
    /// Share of the deposit filled, percent.
    pub filled_pct: f64,
    /// Filled part of the deposit, input-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub filled_input_amount: Decimal,
    /// Output received for the filled part, output-token display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub received_output_amount: Decimal,
    /// When the order was placed, unix seconds.
    pub opened_at: u64,
    /// Signature of the placing transaction.
    pub opened_at_signature: String,
    /// Slot of the placing transaction.
    pub opened_at_slot: u64,
    /// When the order closed, unix seconds (block time).
    pub last_closed_at: u64,
    /// Signature of the closing transaction.
    pub terminal_signature: String,
    /// Slot of the closing transaction.
    pub terminal_slot: u64,
    /// Realized profit and loss, USD (live service only).
    #[serde(default)]
    pub realized_pnl_usd: Option<f64>,
    /// Realized profit and loss, SOL, as the exact text sent (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub realized_pnl_sol: Option<Decimal>,
    /// Realized profit and loss relative to the deposits (USD), percent (live service only).
    #[serde(default)]
    pub realized_pnl_pct_usd: Option<f64>,
    /// Realized profit and loss relative to the deposits (SOL), percent (live service only).
    #[serde(default)]
    pub realized_pnl_pct_sol: Option<f64>,
}

/// The bonus a wallet's limit orders in one pool have claimed (`BonusClaimedResponse`,
/// `GET /wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed`). Values use the price at cancellation.
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct LimitOrderBonusClaimed {
    /// Bonus claimed in token X, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_x: Decimal,
    /// Bonus claimed in token Y, display units.
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal"))]
    pub total_bonus_y: Decimal,
    /// Bonus claimed in token X, USD.
    pub total_bonus_x_usd: f64,
    /// Bonus claimed in token Y, USD.
    pub total_bonus_y_usd: f64,
    /// Bonus claimed in token X, SOL.
    pub total_bonus_x_sol: f64,
    /// Bonus claimed in token Y, SOL.
    pub total_bonus_y_sol: f64,
    /// Bonus claimed, USD.
    pub total_bonus_usd: f64,
    /// Bonus claimed, SOL.
    pub total_bonus_sol: f64,
    /// Number of cancel events in these totals.
    pub cancel_event_count: u64,
}

/// A wallet's limit orders at a glance (`LimitOrderSummaryResponse`, `GET /wallets/{wallet}/limit_orders/summary`).
#[wire::lenient_numbers(ts = "Dlmm")]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct LimitOrderSummary {
    /// Number of orders still open.
    pub open_orders: u64,
    /// Number of orders closed.
    pub closed_orders: u64,
    /// Deposits of the open orders, USD at placement.
    pub total_deposit_usd: f64,
    /// Deposits of the open orders, SOL at placement.
    pub total_deposit_sol: f64,
    /// Bonus accrued by the open orders, USD.
    pub total_bonus_usd: f64,
    /// Bonus accrued by the open orders, SOL at the current price.
    pub total_bonus_sol: f64,
    /// What the open orders hold now, USD (live service only).
    #[serde(default)]
    pub total_current_value_usd: Option<f64>,
    /// What the open orders hold now, SOL, as the exact text sent (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub total_current_value_sol: Option<Decimal>,
    /// Bonus the orders can claim now, USD (live service only).
    #[serde(default)]
    pub total_claimable_bonus_usd: Option<f64>,
    /// Bonus the orders can claim now, SOL, as the exact text sent (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub total_claimable_bonus_sol: Option<Decimal>,
    /// Unrealized profit and loss, USD of the open orders (live service only).
    #[serde(default)]
    pub unrealized_pnl_usd: Option<f64>,
    /// Unrealized profit and loss, SOL, as the exact text sent of the open orders (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub unrealized_pnl_sol: Option<Decimal>,
    /// Unrealized profit and loss relative to the deposits (USD), percent (live service only).
    #[serde(default)]
    pub unrealized_pnl_pct_usd: Option<f64>,
    /// Unrealized profit and loss relative to the deposits (SOL), percent (live service only).
    #[serde(default)]
    pub unrealized_pnl_pct_sol: Option<f64>,
    /// Realized profit and loss, USD of the closed orders (live service only).
    #[serde(default)]
    pub realized_pnl_usd: Option<f64>,
    /// Realized profit and loss, SOL, as the exact text sent of the closed orders (live service only).
    #[serde(default)]
    #[cfg_attr(feature = "wasm", tsify(type = "DatapiDecimal | undefined"))]
    pub realized_pnl_sol: Option<Decimal>,
    /// Realized profit and loss relative to the deposits (USD), percent (live service only).
    #[serde(default)]
    pub realized_pnl_pct_usd: Option<f64>,
    /// Realized profit and loss relative to the deposits (SOL), percent (live service only).
    #[serde(default)]
    pub realized_pnl_pct_sol: Option<f64>,
}
