//! Fixture tests for every response type, through `response::interpret` exactly as the client reads responses.

use crate::common;

use common::{NO_REWARD, PAIR, POSITION, USDC, WALLET, ok_response};
use dlmm_query::error::BodyKind;
use dlmm_query::models::*;
use dlmm_query::ops::*;
use dlmm_query::response::interpret;
use dlmm_query::{Amount, Error, ErrorKind, HttpResponse};
use serde_json::{Value, json};

const URL: &str = "http://replica.test/x";

fn ok<O: Operation>(body: &Value) -> O::Output {
    interpret::<O>(URL, &ok_response(body.to_string())).unwrap_or_else(|e| panic!("{e}"))
}

fn err<O: Operation>(body: &str) -> Error
where
    O::Output: std::fmt::Debug,
{
    interpret::<O>(URL, &ok_response(body)).unwrap_err()
}

fn decode_error(e: Error) -> dlmm_query::error::DecodeError {
    match e {
        Error::Decode(d) => d,
        other => panic!("expected a decode error, got {other:?}"),
    }
}

#[test]
fn every_sample_body_decodes() {
    macro_rules! check {
        ($op:ty, $body:expr) => {
            let _ = ok::<$op>(&$body);
        };
    }
    for_every_operation!(check);
}

#[test]
fn pair_info_accepts_strings_missing_late_fields_and_extras_and_keeps_amounts_exact() {
    let p = ok::<GetPair>(&common::pair(0));
    assert_eq!(p.reserve_x_amount, Amount(9_007_199_254_740_993), "an integer above 2^53 stays exact");
    assert_eq!(p.reserve_y_amount, Amount(u64::MAX), "a string amount stays exact");
    assert_eq!((p.is_verified, p.launchpad.as_deref(), p.tags.len()), (false, None, 0), "late fields default");
    assert_eq!(p.bin_step, 25);
    assert_eq!(p.tvl_usd(), 123_456.789);
    assert_eq!((p.base_fee_percent(), p.max_fee_percent(), p.protocol_fee_percent()), (0.25, 2.5, 5.0));
    assert_eq!(p.cumulative_fee_volume, "2500.25", "a number sent for a string field is kept as text");
    assert_eq!(p.cumulative_trade_volume_usd(), 1_000_000.5);
    assert_eq!((p.today_fees, p.current_price, p.apy), (12.5, 150.25, 100.1));
    assert_eq!(p.fees.hour_1, 20.0);
    assert_eq!(p.fee_tvl_ratio.hour_24, 0.24);
    assert!(!p.has_farm());
    assert_eq!(p.lexical_key(), format!("{USDC}-{WALLET}"));

    let mut with_farm = common::pair(0);
    with_farm["reward_mint_y"] = json!(USDC);
    with_farm["is_verified"] = json!(true);
    with_farm["launchpad"] = json!("met-dbc");
    with_farm["tags"] = json!(["stable"]);
    let p = ok::<GetPair>(&with_farm);
    assert!(p.has_farm() && p.is_verified);
    assert_eq!((p.launchpad.as_deref(), p.tags.as_slice()), (Some("met-dbc"), &["stable".to_owned()][..]));

    let mut null_launchpad = common::pair(0);
    null_launchpad["launchpad"] = Value::Null;
    assert_eq!(ok::<GetPair>(&null_launchpad).launchpad, None);

    let mut bare = common::pair(0);
    for late in ["hide", "is_blacklisted", "farm_apr", "farm_apy", "fees", "fee_tvl_ratio", "volume"] {
        bare.as_object_mut().unwrap().remove(late);
    }
    let p = ok::<GetPair>(&bare);
    assert_eq!((p.hide, p.is_blacklisted, p.farm_apr, p.fees.clone()), (false, false, 0.0, Windows::default()));
}

#[test]
fn pair_info_serializes_camel_case_with_exact_integers() {
    let p = ok::<GetPair>(&common::pair(0));
    let js = serde_json::to_string(&p).unwrap();
    assert!(js.contains(r#""reserveYAmount":18446744073709551615"#), "{js}");
    assert!(js.contains(r#""reserveXAmount":9007199254740993"#), "{js}");
    let v: Value = serde_json::from_str(&js).unwrap();
    assert_eq!(v["feeTvlRatio"]["hour24"], 0.24);
    assert_eq!(v["isVerified"], false);
    // The decimal-text figures keep their text in Rust and serialize as JSON numbers.
    assert_eq!((p.base_fee_percentage.as_str(), p.cumulative_trade_volume.as_str()), ("0.25", "1000000.5"));
    assert_eq!(v["baseFeePercentage"], 0.25);
    assert_eq!((&v["maxFeePercentage"], &v["protocolFeePercentage"]), (&json!(2.5), &json!(5.0)));
    assert_eq!((&v["cumulativeTradeVolume"], &v["cumulativeFeeVolume"]), (&json!(1000000.5), &json!(2500.25)));
    assert_eq!(v["liquidity"].as_f64(), Some(123_456.789));
    let back: PairInfo = serde_json::from_value(json!({
        "address": PAIR, "name": "n", "mint_x": WALLET, "mint_y": USDC, "reserve_x": PAIR, "reserve_y": PAIR,
        "reserve_x_amount": 1, "reserve_y_amount": 2, "bin_step": 1, "base_fee_percentage": 1,
        "max_fee_percentage": 1, "protocol_fee_percentage": 1, "liquidity": 0, "reward_mint_x": NO_REWARD,
        "reward_mint_y": NO_REWARD, "fees_24h": 0, "today_fees": 0, "trade_volume_24h": 0,
        "cumulative_trade_volume": 0, "cumulative_fee_volume": 0, "current_price": 0, "apr": 0, "apy": 0
    }))
    .unwrap();
    assert_eq!(back.tvl_usd(), 0.0);
}

#[test]
fn lists_decode_and_empty_lists_are_fine() {
    assert!(ok::<All>(&json!([])).is_empty());
    assert_eq!(
        ok::<All>(&json!([common::pair(0), common::pair(1)]))[1].reserve_x_amount,
        Amount(9_007_199_254_740_994)
    );
    let page = ok::<AllWithPagination>(&json!({"pairs": [], "total": "0"}));
    assert_eq!((page.pairs.len(), page.total), (0, 0));
    let groups = ok::<AllByGroups>(&json!({"groups": [{"name": "SOL-USDC", "pairs": [common::pair(0)]}], "total": 9}));
    assert_eq!((groups.total, groups.groups[0].pairs[0].bin_step), (9, 25));
    let meta = ok::<AllByGroupsMetadata>(&json!({"metadatas": [common::group_metadata()], "total": 1}));
    let m = &meta.metadatas[0];
    assert_eq!((m.total_trade_volume, m.max_fee_tvl_ratio), (1.5, 0.2));
    assert_eq!(m.custom_fee_tvl_ratio.max_fee_tvl_ratio_hour_12, 2.0);
    assert_eq!(m.custom_volume.total_trade_volume_hour_12, 5.0);
    assert_eq!(ok::<AllByGroupsMetadata>(&json!({"metadatas": [], "total": 0})).metadatas, vec![]);
    assert!(ok::<GetSingleGroupPair>(&json!([])).is_empty());
}

#[test]
fn decode_errors_name_the_json_path() {
    let mut pairs: Vec<Value> = (0..13).map(common::pair).collect();
    pairs[12]["reserve_x_amount"] = json!("12.5");
    let body = json!({"pairs": pairs, "total": 13}).to_string();
    let e = err::<AllWithPagination>(&body);
    assert_eq!(e.kind(), ErrorKind::Decode);
    assert_eq!(e.decode_path(), Some("pairs[12].reserve_x_amount"));

    let mut group = json!({"groups": [{"name": "g", "pairs": [common::pair(0), common::pair(1)]}], "total": 1});
    group["groups"][0]["pairs"][1]["liquidity"] = json!("lots");
    assert_eq!(err::<AllByGroups>(&group.to_string()).decode_path(), Some("groups[0].pairs[1].liquidity"));

    let mut swaps = common::swaps();
    swaps[0]["in_amount"] = json!(-1);
    assert_eq!(err::<GetPairSwapRecords>(&swaps.to_string()).decode_path(), Some("[0].in_amount"));

    let mut p = common::pair(0);
    p["reserve_y_amount"] = json!("18446744073709551616");
    assert_eq!(err::<GetPair>(&p.to_string()).decode_path(), Some("reserve_y_amount"));

    let mut p = common::pair(0);
    p.as_object_mut().unwrap().remove("address");
    let d = decode_error(err::<GetPair>(&p.to_string()));
    assert!(d.message.contains("address"), "{}", d.message);
}

#[test]
fn html_truncated_empty_and_non_json_bodies_are_typed_decode_errors() {
    macro_rules! check {
        ($op:ty, $body:expr) => {
            let text = $body.to_string();
            let d = decode_error(err::<$op>("<!DOCTYPE html><html><body>429 Too Many Requests</body></html>"));
            assert_eq!(d.body, BodyKind::Html, stringify!($op));
            let d = decode_error(err::<$op>(&text[..text.len() / 2]));
            assert_eq!(d.body, BodyKind::Truncated, stringify!($op));
            assert_eq!(decode_error(err::<$op>("")).body, BodyKind::Empty, stringify!($op));
            assert_eq!(decode_error(err::<$op>("Service Unavailable")).body, BodyKind::NotJson, stringify!($op));
            assert_eq!(decode_error(err::<$op>(r#"{"unexpected": true}"#)).body, BodyKind::WrongShape, stringify!($op));
        };
    }
    for_every_operation!(check);
}

#[test]
fn protocol_metrics_accepts_an_object_or_one_element_array() {
    let from_array = ok::<GetProtocolMetrics>(&common::protocol_metrics());
    let from_object = ok::<GetProtocolMetrics>(&common::protocol_metrics()[0]);
    assert_eq!(from_array, from_object);
    assert_eq!((from_array.total_tvl, from_array.total_trade_volume, from_array.daily_fee), (1_000_000.5, 9e9, 1200.0));
    assert_eq!(err::<GetProtocolMetrics>("[]").kind(), ErrorKind::Decode);
    assert_eq!(err::<GetProtocolMetrics>(r#"[{"total_tvl":"x"}]"#).decode_path(), Some("[0].total_tvl"));
}

#[test]
fn analytics_decode_with_strings_and_empty_series() {
    let f = &ok::<GetPairFeeBpsByDays>(&common::fee_bps())[0];
    assert_eq!(
        (f.min_fee_bps, f.max_fee_bps, f.average_fee_bps, f.hour_date.as_str()),
        (25.0, 80.5, 30.0, "2023-10-17T15:00:00")
    );
    let v = &ok::<GetPairVolumeByDays>(&common::trade_volume())[0];
    assert_eq!(
        (v.trade_volume, v.fee_volume, v.protocol_fee_volume, v.day_date.as_str()),
        (1000.5, 2.5, 0.125, "2023-10-17")
    );
    let t = &ok::<GetPairTvlByDays>(&common::tvl())[0];
    assert_eq!(t.total_value_locked, 5000.75);
    let s = &ok::<GetPairSwapRecords>(&common::swaps())[0];
    assert_eq!(
        (s.in_amount, s.out_amount, s.protocol_fee),
        (Amount(u64::MAX), Amount(9_007_199_254_740_993), Amount(1))
    );
    assert_eq!(
        (s.onchain_timestamp, s.start_bin_id, s.end_bin_id, s.bin_count),
        (1_700_000_000, -443_636, -443_630, 7)
    );
    let l = &ok::<GetPairPositionsLock>(&common::locks())[0];
    assert_eq!((l.lock_release_point, l.slot, l.ix_idx, l.closed), (1_800_000_000, 300_000_000, 2, false));
    assert!(ok::<GetPairFeeBpsByDays>(&json!([])).is_empty());
    assert!(ok::<GetPairVolumeByDays>(&json!([])).is_empty());
    assert!(ok::<GetPairTvlByDays>(&json!([])).is_empty());
    assert!(ok::<GetPairSwapRecords>(&json!([])).is_empty());
    assert!(ok::<GetPairPositionsLock>(&json!([])).is_empty());
    let js = serde_json::to_value(s).unwrap();
    assert_eq!(js["inAmount"].to_string(), "18446744073709551615");
    assert_eq!(js["onchainTimestamp"], 1_700_000_000);
}

#[test]
fn positions_decode_with_exact_amounts() {
    let p = ok::<GetPosition>(&common::position_with_apy());
    assert_eq!((p.total_fee_x_claimed, p.total_fee_y_claimed), (Amount(u64::MAX), Amount(9_007_199_254_740_993)));
    assert_eq!((p.total_fee_usd_claimed, p.fee_apy_24h, p.fee_apr_24h), (12.5, 10.5, 0.027));
    let v2 = ok::<GetPositionV2>(&common::position_v2());
    assert_eq!((v2.created_at.as_str(), v2.total_reward_x_claimed), ("2024-04-26T04:36:28.766258Z", Amount(0)));
    let c = &ok::<GetClaimFees>(&common::claim_fees())[0];
    assert_eq!((c.token_x_amount, c.token_y_amount, c.token_x_usd_amount), (Amount(u64::MAX), Amount(12), 1.5));
    let r = &ok::<GetClaimRewards>(&common::claim_rewards())[0];
    assert_eq!(
        (r.token_amount, r.onchain_timestamp, r.reward_mint_address.as_str()),
        (Amount(9_007_199_254_740_993), 1_700_000_000, USDC)
    );
    let d = &ok::<GetDeposits>(&common::deposits())[0];
    assert_eq!((d.active_bin_id, d.token_y_amount, d.price), (-12, Amount(u64::MAX), 150.5));
    assert_eq!(ok::<GetWithdraws>(&common::deposits()), ok::<GetDeposits>(&common::deposits()));
    for empty in [
        ok::<GetClaimFees>(&json!([])).len(),
        ok::<GetClaimRewards>(&json!([])).len(),
        ok::<GetDeposits>(&json!([])).len(),
        ok::<GetWithdraws>(&json!([])).len(),
    ] {
        assert_eq!(empty, 0);
    }
    assert_eq!(POSITION, p.address);
}

#[test]
fn wallet_earnings_take_integer_strings_nulls_and_missing_fields() {
    let w = &ok::<GetWalletEarning>(&common::wallet_earning())[0];
    assert_eq!(w.total_fee_x_claimed, Amount(u64::MAX));
    assert_eq!(w.total_reward_x_claimed, Amount(9_007_199_254_740_993));
    assert_eq!((w.total_fee_usd_claimed, w.total_reward_usd_claimed), (None, Some(1.25)));
    let sparse = &ok::<GetWalletEarning>(&json!([{"total_fee_x_claimed": "5"}]))[0];
    assert_eq!(sparse, &WalletEarning { total_fee_x_claimed: Amount(5), ..WalletEarning::default() });
    assert!(ok::<GetWalletEarning>(&json!([])).is_empty());
    assert_eq!(
        err::<GetWalletEarning>(r#"[{"total_fee_y_claimed":"1.5"}]"#).decode_path(),
        Some("[0].total_fee_y_claimed")
    );
    let js = serde_json::to_value(w).unwrap();
    assert_eq!(js["totalFeeUsdClaimed"], Value::Null);
    assert_eq!(js["totalFeeXClaimed"].to_string(), "18446744073709551615");
}

#[test]
fn never_indexed_positions_and_groups_are_not_found_but_pairs_are_server_errors() {
    let five_hundred = HttpResponse { status: 500, headers: vec![], body: b"Internal Server Error".to_vec() };
    macro_rules! not_found {
        ($($op:ty),*) => {$(
            let e = interpret::<$op>(URL, &five_hundred).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::NotFound, stringify!($op));
            let Error::Status(s) = e else { panic!() };
            assert!(s.not_indexed);
        )*};
    }
    not_found!(
        GetPosition,
        GetClaimFees,
        GetClaimRewards,
        GetDeposits,
        GetWithdraws,
        GetPositionV2,
        GetSingleGroupPair
    );
    macro_rules! http {
        ($($op:ty),*) => {$(
            assert_eq!(interpret::<$op>(URL, &five_hundred).unwrap_err().kind(), ErrorKind::Http, stringify!($op));
        )*};
    }
    http!(GetPair, All, AllWithPagination, GetPairSwapRecords, GetWalletEarning, GetProtocolMetrics);
    let html_429 = HttpResponse {
        status: 429,
        headers: vec![("retry-after".into(), "1".into())],
        body: b"<html><body>Too Many Requests</body></html>".to_vec(),
    };
    let e = interpret::<GetPair>(URL, &html_429).unwrap_err();
    assert_eq!((e.kind(), e.retry_after().map(|d| d.as_secs())), (ErrorKind::RateLimited, Some(1)));
    let not_found = HttpResponse { status: 404, headers: vec![], body: br#"{"message":"pair not found"}"#.to_vec() };
    assert_eq!(interpret::<GetPair>(URL, &not_found).unwrap_err().kind(), ErrorKind::NotFound);
}
