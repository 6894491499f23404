//! Per-pair analytics: hourly fees, daily volume and TVL, swaps and position locks.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

use crate::amount::Amount;
use crate::wire;

/// Fee rates charged during one hour (`GET /pair/{pair_address}/analytic/pair_fee_bps`), oldest first.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairFeeBps {
    /// The pair's address.
    pub pair_address: String,
    /// Lowest fee charged in the hour, basis points (1 bps = 0.01 %).
    pub min_fee_bps: f64,
    /// Highest fee charged in the hour, basis points.
    pub max_fee_bps: f64,
    /// Average fee charged in the hour, basis points.
    pub average_fee_bps: f64,
    /// The hour, `"YYYY-MM-DDTHH:00:00"` in UTC without a suffix.
    pub hour_date: String,
}

/// Volume and fees of one day (`GET /pair/{pair_address}/analytic/pair_trade_volume`), oldest first.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairTradeVolume {
    /// The pair's address.
    pub pair_address: String,
    /// Trading volume of the day, USD.
    pub trade_volume: f64,
    /// Fees of the day, USD.
    pub fee_volume: f64,
    /// Protocol fees of the day, USD.
    pub protocol_fee_volume: f64,
    /// The day, `"YYYY-MM-DD"` (UTC).
    pub day_date: String,
}

/// TVL at one day (`GET /pair/{pair_address}/analytic/pair_tvl`), oldest first.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PairTvlSnapshotByDay {
    /// The pair's address.
    pub pair_address: String,
    /// Total value locked, USD.
    pub total_value_locked: f64,
    /// The day, `"YYYY-MM-DD"` (UTC).
    pub day_date: String,
}

/// One swap (`GET /pair/{pair_address}/analytic/swap_history`), newest first.
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct Swap {
    /// Transaction signature.
    pub tx_id: String,
    /// Amount swapped in, raw base units of `in_token`.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub in_amount: Amount,
    /// Value swapped in, USD.
    pub in_amount_usd: f64,
    /// Amount swapped out, raw base units of `out_token`.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub out_amount: Amount,
    /// Value swapped out, USD.
    pub out_amount_usd: f64,
    /// Fee charged, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub trade_fee: Amount,
    /// Fee charged, USD.
    pub trade_fee_usd: f64,
    /// Protocol's part of the fee, raw base units.
    #[cfg_attr(feature = "wasm", tsify(type = "bigint"))]
    pub protocol_fee: Amount,
    /// Protocol's part of the fee, USD.
    pub protocol_fee_usd: f64,
    /// When the swap happened, unix seconds.
    pub onchain_timestamp: i64,
    /// The pair's address.
    pub pair_address: String,
    /// Bin id where the swap started.
    pub start_bin_id: i64,
    /// Bin id where the swap ended.
    pub end_bin_id: i64,
    /// How many bins the swap crossed (a count).
    pub bin_count: u64,
    /// Fee rate applied, basis points.
    pub fee_bps: f64,
    /// Mint swapped in.
    pub in_token: String,
    /// Mint swapped out.
    pub out_token: String,
}

/// A lock on a position of the pair (`GET /pair/{pair_address}/positions_lock`).
#[wire::lenient_numbers(ts)]
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, Shape)]
#[serde(rename_all(serialize = "camelCase"))]
pub struct PositionLock {
    /// The locked position's address.
    pub position: String,
    /// When the lock ends: a slot or unix seconds, as the pair's activation type says.
    pub lock_release_point: u64,
    /// The position owner's address.
    pub owner: String,
    /// Slot of the transaction that set the lock.
    pub slot: u64,
    /// Index of that transaction in its block.
    pub tx_idx: u64,
    /// Index of the instruction in the transaction.
    pub ix_idx: u64,
    /// Index of the inner instruction.
    pub inner_ix_idx: u64,
    /// Whether the position has been closed.
    pub closed: bool,
}
