//! The datapi models against real captured bodies, and their lenient decoding.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::dlmm::{self, BinFillStatus};
use super::*;
use crate::decode;

/// The bytes of a real captured body, or `None` (after saying so) when the shared folder is absent.
fn real(file: &str) -> Option<Vec<u8>> {
    let path = dlmm_replica::shared::dir("real").join(file);
    if dlmm_replica::shared::absent(&path, "the real-body tests") {
        return None;
    }
    Some(std::fs::read(&path).expect("a real body"))
}

/// Decodes through the crate's decoder (so a failure names its path).
fn decode_real<T: DeserializeOwned + crate::shape::HasShape>(file: &str) -> Option<T> {
    let bytes = real(file)?;
    Some(decode::json::<T>(&bytes, file, 200).unwrap_or_else(|e| panic!("{file} does not decode: {e:?}")))
}

/// The value the raw JSON holds at `pointer`, as `f64`.
fn raw_f64(raw: &Value, pointer: &str) -> f64 {
    raw.pointer(pointer).and_then(Value::as_f64).unwrap_or_else(|| panic!("no number at {pointer}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn the_real_pool_decodes_with_its_values() {
    let Some(pool) = decode_real::<dlmm::Pool>("datapi-pool.json") else { return };
    assert_eq!(pool.address, "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6");
    assert_eq!(pool.name, "SOL-USDC");
    assert_eq!((pool.token_x.symbol.as_str(), pool.token_y.symbol.as_str()), ("SOL", "USDC"));
    assert_eq!((pool.token_x.decimals, pool.token_y.decimals), (9, 6));
    assert_eq!(pool.token_x.address, "So11111111111111111111111111111111111111112");
    assert_eq!((pool.token_x.holders, pool.token_y.holders), (3_820_662, 5_248_202));
    assert!(pool.token_x.is_verified && pool.token_x.freeze_authority_disabled);
    assert!(!pool.token_y.freeze_authority_disabled);
    assert_eq!(pool.token_x.total_supply.as_str(), "632859905.1770369");
    assert_eq!(pool.token_x.price, 98.28770082942911);
    assert_eq!(pool.reserve_x, "EYj9xKw6ZszwpyNibHY7JD5o3QgTVrSdcBp1fMJhrR9o");
    assert_eq!(pool.token_x_amount.as_str(), "33159.044035852", "a JSON number keeps its text");
    assert_eq!(pool.token_y_amount.as_str(), "2531551.314608");
    assert_eq!(pool.created_at, 1_711_766_862_000, "unix milliseconds");
    assert_eq!(pool.created_at_seconds(), 1_711_766_862);
    assert_eq!(pool.pool_config.bin_step, 4);
    assert_eq!((pool.pool_config.base_fee_pct, pool.pool_config.max_fee_pct), (0.04, 0.0));
    assert_eq!((pool.pool_config.protocol_fee_pct, pool.pool_config.collect_fee_mode), (5.0, 0));
    assert_eq!(pool.tvl, 5_791_293.682653867);
    assert_eq!(pool.dynamic_fee_pct, 4.9000000000000005e-6);
    assert_eq!(pool.volume.hour_24, 126_388_108.22748798);
    assert_eq!(pool.volume.min_30, 2_366_200.1204908495);
    assert_eq!(pool.fees.hour_12, 25_466.868705015306);
    assert_eq!(pool.protocol_fees.hour_1, 231.82769594935587);
    assert_eq!(
        pool.cumulative_metrics,
        dlmm::CumulativeMetrics { volume: 24_245_137_201.295128, fees: 10_694_668.511061257 }
    );
    // The documented identities hold on the decoded values.
    assert_eq!(pool.apr, pool.fee_tvl_ratio.hour_24);
    assert!(close(pool.apy, ((1.0 + pool.apr / 100.0).powi(365) - 1.0) * 100.0), "apy {}", pool.apy);
    assert_eq!(pool.launchpad, None, r#"launchpad "" is none"#);
    assert!(pool.tags.is_empty() && !pool.is_blacklisted && !pool.has_farm);
    assert_eq!(pool.reward_mint_x, "11111111111111111111111111111111");
}

#[test]
fn the_real_pools_page_decodes_item_by_item() {
    let Some(bytes) = real("datapi-pools-page.json") else { return };
    let page: Paginated<dlmm::Pool> = decode::json(&bytes, "pools", 200).unwrap();
    let raw: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!((page.total, page.pages, page.current_page, page.page_size), (114_428, 11_443, 1, 10));
    assert!(page.has_next());
    assert_eq!(page.data.len(), 10);
    for (i, pool) in page.data.iter().enumerate() {
        let at = |field: &str| format!("/data/{i}/{field}");
        assert_eq!(pool.address, raw.pointer(&at("address")).and_then(Value::as_str).unwrap());
        assert_eq!(pool.tvl, raw_f64(&raw, &at("tvl")));
        assert_eq!(pool.created_at, raw.pointer(&at("created_at")).and_then(Value::as_u64).unwrap());
        assert_eq!(pool.token_x_amount.to_f64(), raw_f64(&raw, &at("token_x_amount")));
        assert_eq!(pool.volume.hour_24, raw_f64(&raw, &at("volume/24h")));
        assert_eq!(pool.cumulative_metrics.fees, raw_f64(&raw, &at("cumulative_metrics/fees")));
        assert!(
            close(pool.apr, pool.fee_tvl_ratio.hour_24),
            "{}: apr {} vs {}",
            pool.address,
            pool.apr,
            pool.fee_tvl_ratio.hour_24
        );
        assert_eq!(pool.launchpad, None);
    }
    let first = &page.data[0];
    assert_eq!(first.address, "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6");
    assert_eq!(first.token_y_amount.as_str(), "830280.7601579999", "the wire's digits are kept as sent");
    assert_eq!(first.cumulative_metrics.volume, 22_158_495_257.921658);
    let second = &page.data[1];
    assert_eq!((second.name.as_str(), second.token_x.symbol.as_str()), ("ANTFUN-USDT", ""), "an empty symbol decodes");
    assert_eq!((second.token_x.decimals, second.token_x.holders), (6, 66_645));
    assert_eq!(second.pool_config.bin_step, 80);
    let symbols: Vec<&str> = page.data.iter().map(|p| p.token_y.symbol.as_str()).collect();
    assert_eq!(symbols, ["USDC", "USDT", "USDC", "USDC", "USDC", "USDC", "USDC", "USDC", "USD1", "SOL"]);
    // Default order is volume_24h:desc.
    assert!(page.data.windows(2).all(|w| w[0].volume.hour_24 >= w[1].volume.hour_24));
}

#[test]
fn the_real_candles_decode_oldest_first() {
    let Some(series) = decode_real::<Timeseries<Candle>>("datapi-pool-ohlcv-24h.json") else { return };
    assert_eq!(
        (series.start_time, series.end_time, series.timeframe.as_deref()),
        (1_754_956_800, 1_756_080_000, Some("24h"))
    );
    assert_eq!(series.data.len(), 14);
    let (first, last) = (&series.data[0], &series.data[13]);
    assert_eq!((first.timestamp, first.timestamp_str.as_str()), (1_754_956_800, "2025-08-12T00:00:00+00:00"));
    assert_eq!(first.volume, 203_109_293.05374917);
    assert_eq!((first.open, first.high, first.low, first.close), (0.0, 0.0, 0.0, 0.0), "old candles read 0");
    assert_eq!((last.timestamp, last.high, last.volume), (1_756_080_000, 199.4727574786063, 296_516_860.32555586));
    assert_eq!(first.timestamp, series.start_time);
    assert_eq!(last.timestamp, series.end_time);
    assert!(series.data.windows(2).all(|w| w[1].timestamp - w[0].timestamp == 86_400), "daily buckets, in order");
}

#[test]
fn the_real_volume_history_decodes_with_a_partial_last_bucket() {
    let Some(series) = decode_real::<Timeseries<VolumeBucket>>("datapi-pool-volume-history-24h.json") else { return };
    assert_eq!(
        (series.start_time, series.end_time, series.timeframe.as_deref()),
        (1_754_956_800, 1_756_080_000, Some("24h"))
    );
    assert_eq!(series.data.len(), 14);
    let first = &series.data[0];
    assert_eq!((first.timestamp, first.volume, first.fees), (1_754_956_800, 67_703_097.68458313, 28_651.93196683096));
    assert_eq!(first.protocol_fees, 1_507.609882585671);
    let before_last = &series.data[12];
    assert_eq!(
        (before_last.timestamp_str.as_str(), before_last.volume),
        ("2025-08-24T00:00:00+00:00", 104_589_773.06853108)
    );
    let last = &series.data[13];
    assert_eq!((last.timestamp, last.volume, last.fees), (1_756_080_000, 25_239.490668060105, 9.638554206808555));
    assert!(last.volume < before_last.volume / 100.0, "the newest bucket is partial");
    assert!(series.data.iter().all(|b| b.protocol_fees < b.fees));
}

/// A minimal DLMM pool body; tests change or remove fields of it.
fn pool_json() -> Value {
    let token = |sym: &str| {
        json!({"address": format!("{sym}mint"), "name": sym, "symbol": sym, "decimals": 6, "is_verified": true,
               "holders": 10, "freeze_authority_disabled": true, "total_supply": 1000.5, "price": 1.0,
               "market_cap": 1000.5})
    };
    let w = json!({"30m": 1, "1h": 2, "2h": 3, "4h": 4, "12h": 5, "24h": 6});
    json!({"address": "P", "name": "A-B", "token_x": token("A"), "token_y": token("B"), "reserve_x": "RX",
        "reserve_y": "RY", "token_x_amount": 1.5, "token_y_amount": "2.25", "created_at": 1_700_000_000_123u64,
        "reward_mint_x": "11111111111111111111111111111111", "reward_mint_y": "11111111111111111111111111111111",
        "pool_config": {"bin_step": 10, "base_fee_pct": 0.1, "max_fee_pct": 0, "protocol_fee_pct": 5,
            "collect_fee_mode": 0},
        "dynamic_fee_pct": 0.1, "tvl": 100, "current_price": 2, "apr": 6, "apy": 7, "has_farm": false, "farm_apr": 0,
        "farm_apy": 0, "volume": w, "fees": w, "protocol_fees": w, "fee_tvl_ratio": w,
        "cumulative_metrics": {"volume": 9, "fees": 1}, "is_blacklisted": false, "launchpad": null, "tags": ["x"]})
}

fn decode_value<T: DeserializeOwned + crate::shape::HasShape>(v: &Value) -> Result<T, crate::error::DecodeError> {
    decode::json::<T>(&serde_json::to_vec(v).unwrap(), "test", 200)
}

#[test]
fn newer_fields_default_when_a_body_omits_them() {
    let mut body = pool_json();
    let obj = body.as_object_mut().unwrap();
    for newer in ["cumulative_metrics", "launchpad", "tags", "is_blacklisted", "has_farm", "farm_apr", "farm_apy"] {
        obj.remove(newer);
    }
    for enrichment in ["is_verified", "holders", "freeze_authority_disabled", "total_supply", "market_cap"] {
        obj["token_x"].as_object_mut().unwrap().remove(enrichment);
    }
    let pool: dlmm::Pool = decode_value(&body).unwrap();
    assert_eq!(pool.cumulative_metrics, dlmm::CumulativeMetrics::default());
    assert_eq!((pool.launchpad, pool.tags.len(), pool.is_blacklisted, pool.farm_apr), (None, 0, false, 0.0));
    assert_eq!((pool.token_x.holders, pool.token_x.total_supply.as_str(), pool.token_x.market_cap), (0, "0", 0.0));
    assert_eq!(pool.token_y.holders, 10, "token Y kept its fields");

    let series: Timeseries<VolumeBucket> =
        decode_value(&json!({"start_time": 1, "end_time": 2, "data": [{"timestamp": 1, "volume": 3, "fees": 1}]}))
            .unwrap();
    assert_eq!(
        (series.timeframe, series.data[0].protocol_fees, series.data[0].timestamp_str.as_str()),
        (None, 0.0, "")
    );

    let pnl: dlmm::PositionPnlRecord =
        decode_value(&json!({"positionAddress": "P", "minPrice": "1.5", "maxPrice": "2",
        "lowerBinId": -10, "upperBinId": "10", "feePerTvl24h": "0.01", "isClosed": false, "pnlUsd": "-3.5",
        "pnlPctChange": "-1.25", "allTimeDeposits": pair_amounts(), "allTimeWithdrawals": pair_amounts(),
        "allTimeFees": pair_amounts()}))
        .unwrap();
    assert_eq!((pnl.created_at, pnl.closed_at, pnl.unrealized_pnl, pnl.pool_active_bin_id), (None, None, None, None));
    assert_eq!((pnl.lower_bin_id, pnl.upper_bin_id, pnl.pnl_usd, pnl.min_price), (-10, 10, -3.5, 1.5));
    assert_eq!(pnl.all_time_deposits.token_x.amount.as_str(), "123456789.123456789123456789");
    assert_eq!(pnl.all_time_deposits.token_x.amount_sol, None);
}

/// `pnlSol` is text on the live service and a number in the May docs: either is read, as the exact text; the other
/// live-only fields are absent from a May body and kept from a live one.
#[test]
fn pnl_sol_as_text_and_as_a_number_and_the_live_only_fields() {
    let record = |pnl_sol: Value, live: bool| {
        let mut body = json!({"positionAddress": "P", "minPrice": "1.5", "maxPrice": "2", "lowerBinId": -10,
            "upperBinId": 10, "feePerTvl24h": "0.01", "isClosed": true, "pnlUsd": "-3.5", "pnlPctChange": "-1.25",
            "allTimeDeposits": pair_amounts(), "allTimeWithdrawals": pair_amounts(), "allTimeFees": pair_amounts(),
            "pnlSol": pnl_sol, "pnlSolPctChange": "-1.5"});
        if live {
            body["updatedAt"] = json!(1_751_846_400);
        }
        decode_value::<dlmm::PositionPnlRecord>(&body).unwrap()
    };
    let text = record(json!("-0.029514447456732812345"), true);
    assert_eq!(text.pnl_sol.as_ref().map(|d| d.as_str()), Some("-0.029514447456732812345"), "exact, 21 digits");
    assert_eq!((text.pnl_sol_pct_change, text.updated_at), (Some(-1.5), Some(1_751_846_400)));
    let number = record(json!(-0.0295), false);
    assert_eq!((number.pnl_sol.as_ref().map(|d| d.as_str()), number.updated_at), (Some("-0.0295"), None));
    assert_eq!(record(Value::Null, false).pnl_sol, None);
    let mut written = crate::json_text::JsonText::default();
    written.write(&text);
    let js = written.finish().unwrap().text;
    assert!(js.contains(r#""pnlSol":"-0.029514447456732812345""#) && js.contains(r#""updatedAt":1751846400"#), "{js}");

    let total: dlmm::PortfolioTotal = decode_value(&json!({"totalPnlUsd": "1", "totalPnlSol": "0.01",
        "totalPnlPctChange": "2", "totalPnlSolPctChange": "3", "totalClosedPositions": 12}))
    .unwrap();
    assert_eq!(total.total_closed_positions, Some(12));
    let summary: dlmm::LimitOrderSummary = decode_value(&json!({"open_orders": 1, "closed_orders": 2,
        "total_deposit_usd": "10", "total_deposit_sol": "0.1", "total_bonus_usd": "1", "total_bonus_sol": "0.01",
        "total_current_value_usd": "11.5", "total_current_value_sol": "0.115000000000000000001",
        "unrealized_pnl_pct_usd": 15}))
    .unwrap();
    assert_eq!(summary.total_current_value_sol.as_ref().map(|d| d.as_str()), Some("0.115000000000000000001"));
    assert_eq!((summary.total_current_value_usd, summary.unrealized_pnl_pct_usd), (Some(11.5), Some(15.0)));
    assert_eq!((summary.realized_pnl_usd, summary.total_claimable_bonus_sol), (None, None), "a May body");
}

fn pair_amounts() -> Value {
    json!({"tokenX": {"amount": "123456789.123456789123456789", "usd": "12.5"},
           "tokenY": {"amount": "0", "usd": "0", "amountSol": null}, "total": {"usd": "12.5", "sol": "0.1"}})
}

#[test]
fn numeric_strings_and_numbers_both_decode() {
    let mut body = pool_json();
    body["tvl"] = json!("5791293.682653867");
    body["created_at"] = json!("1711766862000");
    body["pool_config"]["bin_step"] = json!("4");
    body["volume"]["24h"] = json!("126388108.22748798");
    body["token_x"]["decimals"] = json!("9");
    let pool: dlmm::Pool = decode_value(&body).unwrap();
    assert_eq!((pool.tvl, pool.created_at, pool.pool_config.bin_step), (5_791_293.682653867, 1_711_766_862_000, 4));
    assert_eq!((pool.volume.hour_24, pool.token_x.decimals), (126_388_108.22748798, 9));
    assert_eq!(pool.token_y_amount.as_str(), "2.25");

    let event: dlmm::PositionEvent = decode_value(&json!({"signature": "S", "ixIndex": "3", "eventType": "add",
        "positionAddress": "P", "blockTime": 1_717_000_000, "slot": "270000000", "poolAddress": "L", "userAddress": "U",
        "tokenX": "X", "tokenY": "Y", "amountX": "12.345678901", "amountY": "18446744073709551616.000000000000000001",
        "amountXUsd": "1234.5", "amountYUsd": 0.5, "totalUsd": "1235", "createdAt": "2024-05-29T16:26:40Z"}))
    .unwrap();
    assert_eq!((event.ix_index, event.slot, event.block_time), (3, 270_000_000, 1_717_000_000));
    assert_eq!(event.amount_x.as_str(), "12.345678901");
    assert_eq!(event.amount_y.as_str(), "18446744073709551616.000000000000000001", "exact above 2^64 and 18 digits");
    assert_eq!((event.amount_x_usd, event.amount_y_usd, event.total_usd), (1234.5, 0.5, 1235.0));
    assert_eq!(event.created_at, "2024-05-29T16:26:40Z");
}

#[test]
fn an_empty_launchpad_is_none_and_a_real_one_is_kept() {
    let mut body = pool_json();
    body["launchpad"] = json!("");
    assert_eq!(decode_value::<dlmm::Pool>(&body).unwrap().launchpad, None);
    body["launchpad"] = json!("met-dbc");
    assert_eq!(decode_value::<dlmm::Pool>(&body).unwrap().launchpad.as_deref(), Some("met-dbc"));
}

#[test]
fn unknown_fields_are_ignored() {
    let mut body = pool_json();
    body["brand_new"] = json!({"nested": [1, 2]});
    body["pool_config"]["dynamic_fee_flag"] = json!(true);
    body["volume"]["5m"] = json!(0.5);
    let pool: dlmm::Pool = decode_value(&body).unwrap();
    assert_eq!((pool.volume.hour_1, pool.pool_config.bin_step), (2.0, 10));
    let metrics: ProtocolMetrics = decode_value(&json!({"total_tvl": 1, "volume_24h": 2, "fee_24h": 3,
        "total_volume": 4, "total_fees": 5, "total_pools": "6", "served_at": "2026-01-01T00:00:00Z"}))
    .unwrap();
    assert_eq!((metrics.total_pools, metrics.total_fees, metrics.refreshed_at), (6, 5.0, None));
    let status: Vec<BinFillStatus> = serde_json::from_str(r#"["not_filled","fulfilled","half_moon"]"#).unwrap();
    assert_eq!(status, [BinFillStatus::NotFilled, BinFillStatus::Fulfilled, BinFillStatus::Unknown]);
}

#[test]
fn wrong_types_give_decode_errors_with_a_path() {
    let cases: [(Value, &str); 4] = [
        (json!({"tvl": "lots"}), "data[0].tvl"),
        (json!({"token_x_amount": "1.2.3"}), "data[0].token_x_amount"),
        (json!({"created_at": -5}), "data[0].created_at"),
        (json!({"token_y": {"decimals": 300}}), "data[0].token_y.decimals"),
    ];
    for (patch, path) in cases {
        let mut pool = pool_json();
        merge(&mut pool, &patch);
        let page = json!({"total": 1, "pages": 1, "current_page": 1, "page_size": 10, "data": [pool]});
        let err = decode_value::<Paginated<dlmm::Pool>>(&page).unwrap_err();
        assert_eq!(err.path.as_deref(), Some(path), "{patch}: {}", err.message);
    }
    let err = decode_value::<dlmm::PositionEvents>(&json!({"events": [{"amountX": "x"}]})).unwrap_err();
    assert!(err.path.as_deref().is_some_and(|p| p.starts_with("events[0]")), "{:?}", err.path);
    let err = decode_value::<dlmm::LimitOrderSummary>(&json!({"open_orders": 1, "closed_orders": 2,
        "total_deposit_usd": "1", "total_deposit_sol": "1", "total_bonus_usd": "NaN", "total_bonus_sol": "1"}))
    .unwrap_err();
    assert_eq!(err.path.as_deref(), Some("total_bonus_usd"));
}

/// Overwrites `base` with `patch`, recursively for objects.
fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                merge(b.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (b, p) => *b = p.clone(),
    }
}

#[test]
fn javascript_sees_camel_case_exact_amounts_and_the_vendor_window_keys() {
    let pool: dlmm::Pool = decode_value(&pool_json()).unwrap();
    let js = serde_json::to_value(&pool).unwrap();
    assert_eq!(js["tokenXAmount"], "1.5", "token amounts reach JavaScript as exact text");
    assert_eq!(js["createdAt"], 1_700_000_000_123u64);
    assert_eq!(js["poolConfig"]["binStep"], 10);
    assert_eq!(js["feeTvlRatio"]["24h"], 6.0);
    assert_eq!(js["volume"]["30m"], 1.0);
    assert_eq!(js["tokenX"]["totalSupply"], "1000.5");
    assert_eq!(js["cumulativeMetrics"]["volume"], 9.0);
    // The camelCase wire records keep their wire names both ways, so what they serialize decodes back.
    let totals: dlmm::PortfolioTotal = decode_value(&json!({"totalPnlUsd": "-12.5", "totalPnlSol": "-0.1",
        "totalPnlPctChange": "-2.5", "totalPnlSolPctChange": "-1"}))
    .unwrap();
    let back: dlmm::PortfolioTotal = serde_json::from_value(serde_json::to_value(&totals).unwrap()).unwrap();
    assert_eq!(back, totals);
    assert_eq!(totals.total_pnl_usd, -12.5);
}

#[test]
fn a_damm_v2_pool_decodes_leniently() {
    let mut body = pool_json();
    let obj = body.as_object_mut().unwrap();
    for dlmm_only in ["reserve_x", "reserve_y", "reward_mint_x", "reward_mint_y", "dynamic_fee_pct", "apr", "apy"] {
        obj.remove(dlmm_only);
    }
    obj.insert("vault_x".into(), json!("VX"));
    obj.insert("vault_y".into(), json!("VY"));
    obj.insert("alpha_vault".into(), json!("AV"));
    obj.insert("launchpad".into(), json!(""));
    obj.insert("permanent_lock_liquidity".into(), json!("1234.5"));
    obj.insert(
        "pool_config".into(),
        json!({"collect_fee_mode": 1, "base_fee_mode": 0, "base_fee_pct": 0.25, "protocol_fee_pct": 20,
            "partner_fee_pct": 0, "referral_fee_pct": 20, "dynamic_fee_initialized": false, "pool_type": 0,
            "concentrated_liquidity": false, "min_price": 0.0001, "max_price": "1e12", "activation_type": 1,
            "activation_point": "1745000000", "has_alpha_vault": true, "is_compounding": false}),
    );
    let pool: damm_v2::Pool = decode_value(&body).unwrap();
    assert_eq!((pool.vault_x.as_str(), pool.alpha_vault.as_str(), pool.launchpad.as_deref()), ("VX", "AV", None));
    assert_eq!((pool.permanent_lock_liquidity, pool.vested_liquidity.months_6), (1234.5, 0.0));
    assert_eq!((pool.pool_config.collect_fee_mode, pool.pool_config.protocol_fee_pct), (1, 20.0));
    assert_eq!((pool.pool_config.max_price, pool.pool_config.activation_point), (1e12, 1_745_000_000));
    assert_eq!(pool.created_at_seconds(), 1_700_000_000);
    assert_eq!(pool.token_x_amount.as_str(), "1.5");
}

#[test]
fn a_limit_order_page_keeps_amounts_exact_and_reads_fill_states() {
    let lo_pool = json!({"pool_address": "L", "pair_name": "SOL-USDC", "bin_step": 4, "base_fee": "0.04",
        "token_x_mint": "X", "token_y_mint": "Y", "token_x_icon": "", "token_y_icon": "", "token_x": "SOL",
        "token_y": "USDC", "collect_fee_mode": 0});
    let bin = |id: i32, status: &str| {
        json!({"bin_id": id, "price": "150.25", "deposit_amount": "0.500000001", "fulfilled_amount": "0.25",
            "unfilled_amount": "0.250000001", "output_received_amount": "37.5625", "fill_status": status})
    };
    let order = json!({"limit_order_address": "O", "user_address": "U", "is_ask_side": true,
        "lower_pool_price": 150.25, "upper_pool_price": "150.31", "input_token": "SOL", "input_token_mint": "X",
        "output_token": "USDC", "output_token_mint": "Y", "input_amount": "1.000000002",
        "input_amount_usd": "150.3", "input_amount_sol": "1.000000002", "output_amount_expected": "150.280000301",
        "filled_pct": "25", "filled_input_amount": "0.25", "total_filled_amount": "37.5625",
        "total_filled_amount_usd": "37.56", "total_filled_amount_sol": "0.25", "total_unfilled_amount": "0.750000002",
        "total_unfilled_amount_usd": "112.7", "total_unfilled_amount_sol": "0.75", "total_bonus_x": "0",
        "total_bonus_y": "0.012345", "total_bonus_usd": "0.0123", "total_bonus_sol": "0.00008",
        "opened_at": 1_760_000_000,
        "opened_at_signature": "S", "opened_at_slot": 370_000_000u64,
        "bin_distribution": [bin(-5, "partial_filled"), bin(-4, "not_filled")],
        "nearest_unfilled_bin_id": -5, "nearest_unfilled_bin_price": "150.25"});
    let page: dlmm::OpenLimitOrders = decode_value(&json!({"pool": lo_pool, "current_active_bin_id": -6,
        "current_pool_price": "150.19", "total": 1, "pages": 1, "current_page": 1, "page_size": 20, "data": [order]}))
    .unwrap();
    assert_eq!((page.current_active_bin_id, page.current_pool_price, page.pool.base_fee), (-6, 150.19, 0.04));
    let o = &page.data[0];
    assert_eq!((o.input_amount.as_str(), o.total_unfilled_amount.as_str()), ("1.000000002", "0.750000002"));
    assert_eq!((o.filled_pct, o.upper_pool_price, o.nearest_unfilled_bin_id), (25.0, 150.31, Some(-5)));
    assert!(o.total_bonus_x.is_zero() && !o.total_bonus_y.is_zero());
    let states: Vec<BinFillStatus> = o.bin_distribution.iter().map(|b| b.fill_status).collect();
    assert_eq!(states, [BinFillStatus::PartialFilled, BinFillStatus::NotFilled]);
    assert_eq!(o.bin_distribution[0].unfilled_amount.as_str(), "0.250000001");
    let js = serde_json::to_value(o).unwrap();
    assert_eq!(js["inputAmount"], "1.000000002");
    assert_eq!(js["binDistribution"][0]["fillStatus"], "partial_filled");
}

/// The portfolio service's records: figures as text or numbers, kept as the exact text; counts from numbers or
/// numeric text; the optional members absent or present.
#[test]
fn the_portfolio_service_keeps_every_figure_exact() {
    use super::portfolio::{Balances, Calendar, Performance};
    let performance: Performance = decode_value(&json!({
        "pnl_usd": "1234567890.123456789012", "pnl_sol": -0.5, "pnl_pct_change": "12.5", "pnl_sol_pct_change": 3,
        "realized_pnl_usd": "1", "unrealized_pnl_usd": "-2.25", "realized_fee_earned_usd": 0.1,
        "unrealized_fee_earned_usd": "0", "total_deposit_usd": "100", "win_rate_usd": "66.666666666666666667",
        "win_count_usd": 2, "loss_count_usd": "1", "open_count": 0, "closed_count": 3, "avg_invested_usd": 33.3,
        "biggest_pnl_usd": "9007199254740993.5", "unknown_future_field": true}))
    .unwrap();
    assert_eq!(performance.pnl_usd.as_str(), "1234567890.123456789012");
    assert_eq!(performance.pnl_sol.as_str(), "-0.5");
    assert_eq!(performance.win_rate_usd.as_str(), "66.666666666666666667");
    assert_eq!(performance.biggest_pnl_usd.as_str(), "9007199254740993.5", "beyond f64, exact");
    assert_eq!((performance.loss_count_usd, performance.closed_count), (1, 3));
    assert_eq!((performance.biggest_pnl_usd_pool, performance.biggest_pnl_usd_protocol), (None, None));

    let balances: Balances = decode_value(&json!({"balance_usd": "10.50", "balance_sol": "0.07",
        "unclaimed_fee_usd": 0.25}))
    .unwrap();
    assert_eq!((balances.balance_usd.as_str(), balances.unclaimed_fee_sol), ("10.50", None));

    let calendar: Calendar = decode_value(&json!({"data_points": [
        {"timestamp": 1_785_542_400, "pnl_usd": "-1.5", "closed_position_count": 2, "win_count_usd": 1,
         "loss_count_usd": 1, "fees_earned_usd": "0.3",
         "dlmm": {"pnl_usd": "-2", "closed_position_count": 1, "win_count_usd": 0, "loss_count_usd": 1,
                  "fees_earned_usd": "0.1"},
         "damm_v2": {"pnl_usd": "0.5", "closed_position_count": 1, "win_count_usd": 1, "loss_count_usd": 0,
                     "fees_earned_usd": "0.2"}},
        {"timestamp": "1785628800", "pnl_usd": 0, "closed_position_count": 0, "win_count_usd": 0,
         "loss_count_usd": 0, "fees_earned_usd": 0}]}))
    .unwrap();
    let [first, second] = &calendar.data_points[..] else { panic!("two days") };
    assert_eq!(first.dlmm.as_ref().map(|d| d.pnl_usd.as_str()), Some("-2"));
    assert_eq!(first.damm_v2.as_ref().map(|d| d.closed_position_count), Some(1));
    assert_eq!((second.timestamp, second.dlmm.is_none(), second.pnl_usd.as_str()), (1_785_628_800, true, "0"));
    assert!(decode_value::<Performance>(&json!({"pnl_usd": "lots"})).is_err(), "text that is no number is refused");
}
