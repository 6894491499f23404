//! Sample bodies shared by the fixture and property tests: one valid body per operation, in the vendor's quirky
//! wire style (numbers as strings, later-added fields missing, unknown extra fields).

#![allow(dead_code)]

use dlmm_query::HttpResponse;

#[cfg(feature = "native")]
pub mod on_replica;
use serde_json::{Value, json};

pub const PAIR: &str = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
pub const POSITION: &str = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";
pub const WALLET: &str = "So11111111111111111111111111111111111111112";
pub const USDC: &str = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
pub const NO_REWARD: &str = "11111111111111111111111111111111";

/// A 200 response with `body`.
pub fn ok_response(body: impl Into<Vec<u8>>) -> HttpResponse {
    HttpResponse { status: 200, headers: vec![], body: body.into() }
}

/// A window object with numbers and numeric strings mixed.
pub fn windows(scale: f64) -> Value {
    json!({"min_30": scale, "hour_1": format!("{}", scale * 2.0), "hour_2": scale * 3.0, "hour_4": scale * 4.0,
           "hour_12": scale * 12.0, "hour_24": scale * 24.0})
}

/// A pair as an older server sends it: no `is_verified`, `launchpad` or `tags`, plus unknown extra fields.
pub fn pair(i: u64) -> Value {
    json!({
        "address": PAIR, "name": "SOL-USDC", "mint_x": WALLET, "mint_y": USDC,
        "reserve_x": PAIR, "reserve_y": POSITION,
        "reserve_x_amount": 9_007_199_254_740_993u64 + i, "reserve_y_amount": "18446744073709551615",
        "bin_step": 25, "base_fee_percentage": "0.25", "max_fee_percentage": "2.5", "protocol_fee_percentage": "5",
        "liquidity": "123456.789", "reward_mint_x": NO_REWARD, "reward_mint_y": NO_REWARD,
        "fees_24h": 240.0, "today_fees": "12.5", "trade_volume_24h": 96000, "cumulative_trade_volume": "1000000.5",
        "cumulative_fee_volume": 2500.25, "current_price": "150.25", "apr": 0.19, "apy": "100.1",
        "farm_apr": 0, "farm_apy": 0, "hide": false, "is_blacklisted": false,
        "fees": windows(10.0), "fee_tvl_ratio": windows(0.01), "volume": windows(4000.0),
        "x_unknown_field": {"nested": [1, 2, 3]}, "another": null
    })
}

pub fn protocol_metrics() -> Value {
    json!([{"total_tvl": "1000000.5", "daily_trade_volume": 5e6, "total_trade_volume": "9e9", "daily_fee": 1200,
            "total_fee": 3.5e7, "extra": true}])
}

pub fn group_metadata() -> Value {
    json!({"name": "SOL-USDC", "lexical_order_mints": format!("{USDC}-{WALLET}"), "total_trade_volume": "1.5",
        "total_tvl": 2, "min_fee_tvl_ratio": 0.1, "max_fee_tvl_ratio": "0.2", "min_lm_apr": 0, "max_lm_apr": 0,
        "custom_fee_tvl_ratio": {"min_fee_tvl_ratio_min_30": 1, "max_fee_tvl_ratio_min_30": 2,
            "min_fee_tvl_ratio_hour_1": 1, "max_fee_tvl_ratio_hour_1": 2, "min_fee_tvl_ratio_hour_2": 1,
            "max_fee_tvl_ratio_hour_2": 2, "min_fee_tvl_ratio_hour_4": 1, "max_fee_tvl_ratio_hour_4": 2,
            "min_fee_tvl_ratio_hour_12": 1, "max_fee_tvl_ratio_hour_12": "2"},
        "custom_volume": {"total_trade_volume_min_30": 1, "total_trade_volume_hour_1": 2,
            "total_trade_volume_hour_2": 3, "total_trade_volume_hour_4": 4, "total_trade_volume_hour_12": "5"}})
}

pub fn fee_bps() -> Value {
    json!([{"pair_address": PAIR, "min_fee_bps": "25", "max_fee_bps": 80.5, "average_fee_bps": 30,
            "hour_date": "2023-10-17T15:00:00"}])
}

pub fn trade_volume() -> Value {
    json!([{"pair_address": PAIR, "trade_volume": "1000.5", "fee_volume": 2.5, "protocol_fee_volume": "0.125",
            "day_date": "2023-10-17"}])
}

pub fn tvl() -> Value {
    json!([{"pair_address": PAIR, "total_value_locked": "5000.75", "day_date": "2023-10-17", "new": 1}])
}

pub fn swaps() -> Value {
    json!([{"tx_id": "sig", "in_amount": 18446744073709551615u64, "in_amount_usd": "1.5",
        "out_amount": "9007199254740993", "out_amount_usd": 1.4, "trade_fee": 3, "trade_fee_usd": "0.01",
        "protocol_fee": "1", "protocol_fee_usd": 0.001, "onchain_timestamp": "1700000000", "pair_address": PAIR,
        "start_bin_id": -443636, "end_bin_id": "-443630", "bin_count": 7, "fee_bps": "25", "in_token": WALLET,
        "out_token": USDC}])
}

pub fn locks() -> Value {
    json!([{"position": POSITION, "lock_release_point": "1800000000", "owner": WALLET, "slot": 300000000,
            "tx_idx": 1, "ix_idx": "2", "inner_ix_idx": 0, "closed": false}])
}

fn claimed() -> Value {
    json!({"address": POSITION, "pair_address": PAIR, "owner": WALLET, "total_fee_x_claimed": "18446744073709551615",
        "total_fee_y_claimed": 9007199254740993u64, "total_reward_x_claimed": 0, "total_reward_y_claimed": "0",
        "total_fee_usd_claimed": "12.5", "total_reward_usd_claimed": 0})
}

pub fn position_with_apy() -> Value {
    let mut v = claimed();
    v["fee_apy_24h"] = json!("10.5");
    v["fee_apr_24h"] = json!(0.027);
    v["daily_fee_yield"] = json!(0.0001);
    v
}

pub fn position_v2() -> Value {
    let mut v = claimed();
    v["created_at"] = json!("2024-04-26T04:36:28.766258Z");
    v
}

pub fn claim_fees() -> Value {
    json!([{"tx_id": "sig", "position_address": POSITION, "pair_address": PAIR, "token_x_amount": "18446744073709551615",
        "token_y_amount": 12, "token_x_usd_amount": "1.5", "token_y_usd_amount": 2, "onchain_timestamp": 1700000000}])
}

pub fn claim_rewards() -> Value {
    json!([{"tx_id": "sig", "position_address": POSITION, "pair_address": PAIR, "reward_mint_address": USDC,
        "token_amount": 9007199254740993u64, "token_usd_amount": "0.5", "onchain_timestamp": "1700000000"}])
}

pub fn deposits() -> Value {
    json!([{"tx_id": "sig", "position_address": POSITION, "pair_address": PAIR, "active_bin_id": "-12",
        "token_x_amount": 1, "token_y_amount": "18446744073709551615", "price": "150.5", "token_x_usd_amount": 150.5,
        "token_y_usd_amount": "1", "onchain_timestamp": 1700000000}])
}

pub fn wallet_earning() -> Value {
    json!([{"total_fee_usd_claimed": null, "total_fee_x_claimed": "18446744073709551615",
        "total_fee_y_claimed": "0", "total_reward_usd_claimed": "1.25", "total_reward_x_claimed": "9007199254740993",
        "total_reward_y_claimed": 5}])
}

pub fn pool_metrics() -> Value {
    json!({"status": 200, "data": {"pool_address": POSITION, "volume24h": 1, "lp_fee24h": "2", "protocol_fee24h": 1,
        "partner_fee24h": 1, "referral_fee24h": 1, "volume7d": 1, "lp_fee7d": 1, "protocol_fee7d": 1,
        "partner_fee7d": 1, "referral_fee7d": 1, "tvl": 1, "volume30d": 1, "lp_fee30d": 1, "protocol_fee30d": 1,
        "partner_fee30d": 1, "referral_fee30d": 1, "apr": 1, "fee_tvl_ratio": 1, "updated_at": 1}})
}

/// Runs `$m!(Op, sample_body)` for every operation with a valid sample body.
#[macro_export]
macro_rules! for_every_operation {
    ($m:ident) => {{
        #[allow(unused_imports)]
        use dlmm_query::ops::*;
        #[allow(unused_imports)]
        use serde_json::json;
        $m!(GetProtocolMetrics, common::protocol_metrics());
        $m!(All, json!([common::pair(0), common::pair(1)]));
        $m!(AllByGroups, json!({"groups": [{"name": "SOL-USDC", "pairs": [common::pair(0)]}], "total": "1"}));
        $m!(AllByGroupsMetadata, json!({"metadatas": [common::group_metadata()], "total": 1}));
        $m!(AllWithPagination, json!({"pairs": [common::pair(0)], "total": 1}));
        $m!(GetSingleGroupPair, json!([common::pair(0)]));
        $m!(GetPair, common::pair(0));
        $m!(GetPairFeeBpsByDays, common::fee_bps());
        $m!(GetPairVolumeByDays, common::trade_volume());
        $m!(GetPairTvlByDays, common::tvl());
        $m!(GetPairSwapRecords, common::swaps());
        $m!(GetPairPositionsLock, common::locks());
        $m!(GetPosition, common::position_with_apy());
        $m!(GetClaimFees, common::claim_fees());
        $m!(GetClaimRewards, common::claim_rewards());
        $m!(GetDeposits, common::deposits());
        $m!(GetWithdraws, common::deposits());
        $m!(GetPositionV2, common::position_v2());
        $m!(GetWalletEarning, common::wallet_earning());
        $m!(GetPoolMetrics, common::pool_metrics());
    }};
}
