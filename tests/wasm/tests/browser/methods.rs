//! Every method of the JavaScript API against the running replica, compared with the raw JSON served, plus the
//! failure modes: time-out, retry on a 429, an HTML 429, a truncated body, invalid input, cancellation, and amounts
//! above 2^53 arriving exact as `bigint`.
#![cfg(target_arch = "wasm32")]

use dlmm_browser_tests::{NOWHERE, camel_case, client, client_with, get, object as obj, pair_base, rejected};
use dlmm_query_wasm::{DlmmClient, PageIterator, create_client, is_dlmm_error, lexical_order_mints};
use js_sys::{Array, BigInt, JSON, Object};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// A client sending the replica's fault header with every request.
fn faulty(fault: &str) -> DlmmClient {
    client_with(&[("headers", obj(&[("X-Replica-Fault", fault.into())]))])
}

fn unique(prefix: &str) -> String {
    format!("{prefix}-{}-{}", js_sys::Date::now(), (js_sys::Math::random() * 1e9) as u64)
}

async fn raw_text(url: &str) -> String {
    gloo_net::http::Request::get(url).send().await.unwrap().text().await.unwrap()
}

async fn raw_json(url: &str) -> JsValue {
    JSON::parse(&raw_text(url).await).unwrap()
}

async fn samples() -> JsValue {
    raw_json(&format!("{}/__replica/samples", pair_base())).await
}

fn s(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

/// Asserts the SDK's value `sdk` carries the raw JSON value `raw` (parsed independently with `JSON.parse`):
/// same structure with camelCase keys, numeric strings as numbers, amounts as exact `bigint`.
fn assert_same(sdk: &JsValue, raw: &JsValue, path: &str) {
    if Array::is_array(raw) {
        assert!(Array::is_array(sdk), "{path}: not an array");
        let (a, b) = (Array::from(sdk), Array::from(raw));
        assert_eq!(a.length(), b.length(), "{path}: length");
        for i in 0..b.length() {
            assert_same(&a.get(i), &b.get(i), &format!("{path}[{i}]"));
        }
    } else if raw.is_null() {
        assert!(sdk.is_null() || sdk.is_undefined(), "{path}: {sdk:?} is not empty");
    } else if raw.is_object() {
        assert!(sdk.is_object(), "{path}: not an object");
        for key in Object::keys(raw.unchecked_ref::<Object>()).iter() {
            let key = key.as_string().unwrap();
            assert_same(&get(sdk, &camel_case(&key)), &get(raw, &key), &format!("{path}.{key}"));
        }
    } else if let Some(text) = raw.as_string() {
        if sdk.is_bigint() {
            assert_eq!(sdk.unchecked_ref::<BigInt>().to_string(10).unwrap().as_string().unwrap(), text, "{path}");
        } else if let Some(n) = sdk.as_f64() {
            let want: f64 = text.trim().parse().unwrap_or_else(|_| panic!("{path}: {text:?} is not numeric"));
            assert!((n - want).abs() <= want.abs() * 1e-12, "{path}: {n} != {text}");
        } else {
            assert_eq!(sdk.as_string().as_deref(), Some(&*text), "{path}");
        }
    } else if let Some(want) = raw.as_f64() {
        if sdk.is_bigint() {
            if want.abs() < 9_007_199_254_740_992.0 {
                let got = sdk.unchecked_ref::<BigInt>().to_string(10).unwrap().as_string().unwrap();
                assert_eq!(got, format!("{want}"), "{path}");
            }
        } else {
            assert_eq!(sdk.as_f64(), Some(want), "{path}");
        }
    } else {
        assert_eq!(sdk, raw, "{path}");
    }
}

async fn next(iter: &PageIterator) -> Option<JsValue> {
    let step = JsFuture::from(iter.next()).await.expect("next() resolves");
    if get(&step, "done").as_bool().unwrap() { None } else { Some(get(&step, "value")) }
}

#[wasm_bindgen_test]
async fn protocol_metrics_and_pair_lists_match_the_wire() {
    let c = client();
    let raw = raw_json(&format!("{}/info/protocol_metrics", pair_base())).await;
    let raw = if Array::is_array(&raw) { Array::from(&raw).get(0) } else { raw };
    assert_same(&c.getProtocolMetrics(None).await.unwrap(), &raw, "protocol_metrics");

    let all = c.all(None).await.unwrap();
    assert_same(&all, &raw_json(&format!("{}/pair/all", pair_base())).await, "all");
    let verified = c.all(Some(obj(&[("includeUnknown", JsValue::FALSE)]).unchecked_into())).await.unwrap();
    assert_same(&verified, &raw_json(&format!("{}/pair/all?include_unknown=false", pair_base())).await, "all verified");
    assert!(Array::from(&verified).length() < Array::from(&all).length());

    let q = "page=1&limit=7&sort_key=tvl&order_by=desc&hide_low_tvl=100";
    let opts = || {
        obj(&[
            ("page", 1.into()),
            ("limit", 7.into()),
            ("sortKey", "tvl".into()),
            ("orderBy", "desc".into()),
            ("hideLowTvl", 100.into()),
        ])
    };
    let pages = c.allWithPagination(Some(opts().unchecked_into())).await.unwrap();
    assert_same(&pages, &raw_json(&format!("{}/pair/all_with_pagination?{q}", pair_base())).await, "pagination");
    assert_eq!(Array::from(&get(&pages, "pairs")).length(), 7);
    assert!(get(&pages, "total").as_f64().unwrap() > 7.0);
    let groups = c.allByGroups(Some(opts().unchecked_into())).await.unwrap();
    assert_same(&groups, &raw_json(&format!("{}/pair/all_by_groups?{q}", pair_base())).await, "groups");
    let metas = c.allByGroupsMetadata(Some(opts().unchecked_into())).await.unwrap();
    assert_same(&metas, &raw_json(&format!("{}/pair/all_by_groups_metadata?{q}", pair_base())).await, "metadata");
    // Nested window keys are camelCase too.
    let first = Array::from(&get(&pages, "pairs")).get(0);
    assert!(get(&get(&first, "feeTvlRatio"), "hour24").as_f64().is_some());
    assert!(get(&get(&first, "volume"), "min30").as_f64().is_some());
    // USD and percent values the vendor sends as text are numbers.
    assert!(get(&first, "liquidity").as_f64().is_some());
    assert!(get(&first, "baseFeePercentage").as_f64().is_some());

    let search = obj(&[
        ("searchTerm", "SOL".into()),
        ("includeTokenMints", Array::of1(&"So11111111111111111111111111111111111111112".into()).into()),
    ]);
    let found = c.allWithPagination(Some(search.unchecked_into())).await.unwrap();
    let raw = raw_json(&format!(
        "{}/pair/all_with_pagination?search_term=SOL&include_token_mints=So11111111111111111111111111111111111111112",
        pair_base()
    ))
    .await;
    assert_same(&found, &raw, "search");
}

#[wasm_bindgen_test]
async fn single_pair_group_and_analytics_match_the_wire() {
    let c = client();
    let sm = samples().await;
    let pair = s(&sm, "pair_with_locks");
    let group = s(&sm, "group");
    assert_same(
        &c.getSingleGroupPair(group.clone().into(), None).await.unwrap(),
        &raw_json(&format!("{}/pair/group_pair/{group}", pair_base())).await,
        "group_pair",
    );
    assert_same(
        &c.getPair(pair.clone().into(), None).await.unwrap(),
        &raw_json(&format!("{}/pair/{pair}", pair_base())).await,
        "pair",
    );
    let base = format!("{}/pair/{pair}/analytic", pair_base());
    let fee = c.getPairFeeBpsByDays(pair.clone().into(), 3.into(), None).await.unwrap();
    assert_same(&fee, &raw_json(&format!("{base}/pair_fee_bps?num_of_days=3")).await, "fee_bps");
    assert!(Array::from(&fee).length() > 0);
    let volume = c.getPairVolumeByDays(pair.clone().into(), 30.into(), None).await.unwrap();
    assert_same(&volume, &raw_json(&format!("{base}/pair_trade_volume?num_of_days=30")).await, "volume");
    // Dates keep the vendor's strings.
    assert!(get(&Array::from(&volume).get(0), "dayDate").is_string());
    let tvl = c.getPairTvlByDays(pair.clone().into(), 255.into(), None).await.unwrap();
    assert_same(&tvl, &raw_json(&format!("{base}/pair_tvl?num_of_days=255")).await, "tvl");
    let swaps = c.getPairSwapRecords(pair.clone().into(), 20.into(), None).await.unwrap();
    assert_same(&swaps, &raw_json(&format!("{base}/swap_history?rows_to_take=20")).await, "swaps");
    let swap = Array::from(&swaps).get(0);
    assert!(get(&swap, "inAmount").is_bigint(), "raw amounts are bigint");
    assert!(get(&swap, "onchainTimestamp").as_f64().is_some(), "timestamps are numbers");
    let locks = c.getPairPositionsLock(pair.clone().into(), None).await.unwrap();
    assert_same(&locks, &raw_json(&format!("{}/pair/{pair}/positions_lock", pair_base())).await, "locks");
    assert!(Array::from(&locks).length() > 0);
}

#[wasm_bindgen_test]
async fn positions_and_wallets_match_the_wire() {
    let c = client();
    let sm = samples().await;
    let position = Array::from(&get(&sm, "positions")).get(0).as_string().unwrap();
    let p = format!("{}/position/{position}", pair_base());
    assert_same(&c.getPosition(position.clone().into(), None).await.unwrap(), &raw_json(&p).await, "position");
    let fees = c.getClaimFees(position.clone().into(), None).await.unwrap();
    assert_same(&fees, &raw_json(&format!("{p}/claim_fees")).await, "claim_fees");
    let rewards = c.getClaimRewards(position.clone().into(), None).await.unwrap();
    assert_same(&rewards, &raw_json(&format!("{p}/claim_rewards")).await, "claim_rewards");
    let deposits = c.getDeposits(position.clone().into(), None).await.unwrap();
    assert_same(&deposits, &raw_json(&format!("{p}/deposits")).await, "deposits");
    let withdraws = c.getWithdraws(position.clone().into(), None).await.unwrap();
    assert_same(&withdraws, &raw_json(&format!("{p}/withdraws")).await, "withdraws");
    let v2 = c.getPositionV2(position.clone().into(), None).await.unwrap();
    assert_same(&v2, &raw_json(&format!("{}/position_v2/{position}", pair_base())).await, "position_v2");

    let pnl = c.getPositionPnl(position.clone().into(), None).await.unwrap();
    assert_eq!(get(&pnl, "depositCount").as_f64(), Some(f64::from(Array::from(&deposits).length())));
    assert_eq!(get(&pnl, "withdrawalCount").as_f64(), Some(f64::from(Array::from(&withdraws).length())));
    assert_eq!(get(&pnl, "feeClaimCount").as_f64(), Some(f64::from(Array::from(&fees).length())));
    assert_eq!(get(&pnl, "rewardClaimCount").as_f64(), Some(f64::from(Array::from(&rewards).length())));
    let deposited: f64 = Array::from(&deposits)
        .iter()
        .map(|d| get(&d, "tokenXUsdAmount").as_f64().unwrap() + get(&d, "tokenYUsdAmount").as_f64().unwrap())
        .sum();
    assert!((get(&pnl, "depositedUsd").as_f64().unwrap() - deposited).abs() < 1e-6 * deposited.max(1.0));
    let with_value =
        c.getPositionPnl(position.into(), Some(obj(&[("currentValueUsd", 10.into())]).unchecked_into())).await.unwrap();
    assert_eq!(get(&with_value, "currentValueUsd").as_f64(), Some(10.0));

    let wallet = Array::from(&get(&sm, "wallets")).get(0);
    let (w, pair) = (s(&wallet, "wallet"), s(&wallet, "pair"));
    let earning = c.getWalletEarning(w.clone().into(), pair.clone().into(), None).await.unwrap();
    assert_same(&earning, &raw_json(&format!("{}/wallet/{w}/{pair}/earning", pair_base())).await, "earning");
    assert_eq!(Array::from(&earning).length(), 1);
    assert!(get(&Array::from(&earning).get(0), "totalFeeXClaimed").is_bigint());
    let none = get(&sm, "wallet_without_earnings");
    let empty = c.getWalletEarning(get(&none, "wallet"), get(&none, "pair"), None).await.unwrap();
    assert_eq!(Array::from(&empty).length(), 0);
}

#[wasm_bindgen_test]
async fn unindexed_items_reject_as_not_found() {
    let c = client();
    let sm = samples().await;
    let err = rejected(c.getPosition(get(&sm, "unindexed_position"), None).await, "an unindexed position");
    assert_eq!(get(&err, "kind"), "notFound");
    assert_eq!(get(&err, "status"), 500);
    assert_eq!(get(&err, "notIndexed"), JsValue::TRUE);
    let err = rejected(c.getPair(get(&sm, "unknown_pair"), None).await, "an unknown pair");
    assert_eq!(get(&err, "kind"), "notFound");
    assert_eq!(get(&err, "status"), 404);
}

#[wasm_bindgen_test]
async fn iterators_walk_every_page() {
    let c = client();
    let filter = || obj(&[("limit", 40.into()), ("sortKey", "tvl".into()), ("hideLowTvl", 1000.into())]);
    let first = c.allWithPagination(Some(filter().unchecked_into())).await.unwrap();
    let total = get(&first, "total").as_f64().unwrap() as usize;
    assert!(total > 40, "needs several pages: {total}");
    let iter = c.pairs(Some(filter().unchecked_into())).unwrap();
    let mut seen = Vec::new();
    while let Some(pair) = next(&iter).await {
        assert!(get(&pair, "reserveXAmount").is_bigint());
        seen.push(s(&pair, "address"));
    }
    assert_eq!(seen.len(), total);
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), total, "no pair twice");
    assert!(next(&iter).await.is_none(), "stays done");

    let groups = c.groups(Some(obj(&[("limit", 5.into())]).unchecked_into())).unwrap();
    let group = next(&groups).await.expect("a group");
    assert!(Array::is_array(&get(&group, "pairs")));
    let stopped = JsFuture::from(groups.stop()).await.unwrap();
    assert_eq!(get(&stopped, "done"), JsValue::TRUE);
    assert!(next(&groups).await.is_none(), "return() stops it");

    let metas = c.groupMetadatas(Some(obj(&[("limit", 1000.into())]).unchecked_into())).unwrap();
    let mut count = 0;
    while let Some(meta) = next(&metas).await {
        assert!(get(&meta, "lexicalOrderMints").is_string());
        count += 1;
    }
    let raw = raw_json(&format!("{}/pair/all_by_groups_metadata?limit=1", pair_base())).await;
    assert_eq!(Some(count as f64), get(&raw, "total").as_f64());

    let err = match c.pairs(Some(obj(&[("limit", 0.into())]).unchecked_into())) {
        Ok(_) => panic!("limit 0 must be rejected"),
        Err(e) => e,
    };
    assert_eq!(get(&err, "kind"), "invalidInput");
}

#[wasm_bindgen_test]
async fn all_with_min_tvl_drops_pairs_while_decoding() {
    let c = client();
    let all = Array::from(&c.all(None).await.unwrap());
    let kept = Array::from(&c.all(Some(obj(&[("minTvl", 1000.into())]).unchecked_into())).await.unwrap());
    let expected: Vec<JsValue> = all.iter().filter(|p| get(p, "liquidity").as_f64().unwrap() >= 1000.0).collect();
    assert!(!expected.is_empty() && expected.len() < all.length() as usize);
    assert_eq!(kept.length() as usize, expected.len());
    for (k, e) in kept.iter().zip(&expected) {
        assert_eq!(get(&k, "address"), get(e, "address"));
        assert_eq!(get(&k, "reserveXAmount"), get(e, "reserveXAmount"));
    }
}

#[wasm_bindgen_test]
fn lexical_order_mints_sorts_byte_wise() {
    let sol = "So11111111111111111111111111111111111111112";
    let usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    let key = lexical_order_mints(sol.into(), usdc.into()).unwrap();
    assert_eq!(key, format!("{usdc}-{sol}"));
    assert_eq!(lexical_order_mints(usdc.into(), sol.into()).unwrap(), key);
    let err = rejected(lexical_order_mints(sol.into(), sol.into()), "the same mint twice");
    assert_eq!(get(&err, "kind"), "invalidInput");
}

#[wasm_bindgen_test]
async fn amounts_above_2_pow_53_arrive_exact_as_bigint() {
    let sm = samples().await;
    let pair = s(&sm, "pair_with_large_amounts");
    let text = raw_text(&format!("{}/pair/{pair}", pair_base())).await;
    let got = client().getPair(pair.into(), None).await.unwrap();
    let mut large = 0;
    for (wire, js) in [("reserve_x_amount", "reserveXAmount"), ("reserve_y_amount", "reserveYAmount")] {
        let digits = digits_of(&text, wire);
        let value = get(&got, js);
        assert!(value.is_bigint(), "{js} is a bigint");
        assert_eq!(value.unchecked_ref::<BigInt>().to_string(10).unwrap().as_string().unwrap(), digits, "{js}");
        if digits.parse::<u128>().unwrap() > 1 << 53 {
            large += 1;
        }
    }
    assert!(large > 0, "the sample holds an amount above 2^53");

    // The same through `all()` and `all({ minTvl })`, which build their objects with `JSON.parse`.
    let c = client();
    let every = Array::from(&c.all(None).await.unwrap());
    let filtered = Array::from(&c.all(Some(obj(&[("minTvl", 0.into())]).unchecked_into())).await.unwrap());
    for list in [every, filtered] {
        let found = list.iter().find(|p| get(p, "address") == get(&got, "address")).expect("listed");
        for key in ["reserveXAmount", "reserveYAmount"] {
            assert!(get(&found, key).is_bigint(), "{key} is a bigint in all()");
            assert_eq!(get(&found, key), get(&got, key), "{key} in all()");
        }
        assert!(get(&found, "liquidity").as_f64().is_some());
    }

    let position = s(&sm, "position_with_large_amounts");
    let text = raw_text(&format!("{}/position/{position}/deposits", pair_base())).await;
    let deposits = Array::from(&client().getDeposits(position.into(), None).await.unwrap());
    let wanted: Vec<String> = all_digits_of(&text, "token_x_amount");
    let got: Vec<String> = deposits
        .iter()
        .map(|d| get(&d, "tokenXAmount").unchecked_ref::<BigInt>().to_string(10).unwrap().as_string().unwrap())
        .collect();
    assert_eq!(got, wanted);
}

/// The digits of the first `"key": 123` in `text`, read as text so no `f64` rounding can hide.
fn digits_of(text: &str, key: &str) -> String {
    all_digits_of(text, key).into_iter().next().unwrap_or_else(|| panic!("{key} not in the body"))
}

fn all_digits_of(text: &str, key: &str) -> Vec<String> {
    let needle = format!("\"{key}\":");
    text.match_indices(&needle)
        .map(|(at, _)| {
            let rest = text[at + needle.len()..].trim_start().trim_start_matches('"');
            rest.chars().take_while(char::is_ascii_digit).collect()
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_slow_server_times_out() {
    let c = faulty(&format!("delay-ms=3000; id={}", unique("slow")));
    let pair = Array::from(&get(&samples().await, "pairs")).get(0);
    let started = js_sys::Date::now();
    let opts = obj(&[("timeoutMs", 200.into()), ("retry", JsValue::FALSE)]);
    let err = rejected(c.getPair(pair, Some(opts.unchecked_into())).await, "a slow server");
    assert!(is_dlmm_error(err.clone()));
    assert_eq!(get(&err, "kind"), "timeout");
    assert!(js_sys::Date::now() - started < 2000.0);
}

#[wasm_bindgen_test]
async fn a_429_with_retry_after_is_retried() {
    let c = faulty(&format!("status=429; retry-after=1; times=1; id={}", unique("429")));
    let pair = Array::from(&get(&samples().await, "pairs")).get(1);
    let started = js_sys::Date::now();
    let got = c.getPair(pair.clone(), None).await.expect("the retry succeeds");
    assert_eq!(get(&got, "address"), pair);
    assert!(js_sys::Date::now() - started >= 900.0, "waited for Retry-After");

    // Without retries the 429 surfaces, with the wait the server asked for.
    let c = faulty(&format!("status=429; retry-after=1; times=1; id={}", unique("429b")));
    let err = rejected(c.getPair(pair, Some(obj(&[("retry", JsValue::FALSE)]).unchecked_into())).await, "a 429");
    assert_eq!(get(&err, "kind"), "rateLimited");
    assert_eq!(get(&err, "retryAfterMs"), 1000);
}

#[wasm_bindgen_test]
async fn an_html_429_is_a_rate_limit_error_not_a_crash() {
    let c = faulty(&format!("status=429; body=html; id={}", unique("html")));
    let opts = obj(&[("retry", obj(&[("maxAttempts", 2.into()), ("baseDelayMs", 10.into())]))]);
    let err = rejected(c.getProtocolMetrics(Some(opts.unchecked_into())).await, "an HTML 429");
    assert!(err.is_instance_of::<js_sys::Error>());
    assert_eq!(get(&err, "name"), "DlmmError");
    assert_eq!(get(&err, "kind"), "rateLimited");
    assert_eq!(get(&err, "status"), 429);
    assert!(s(&err, "url").ends_with("/info/protocol_metrics"));
}

#[wasm_bindgen_test]
async fn a_truncated_body_is_a_decode_error() {
    let c = faulty(&format!("truncate; id={}", unique("cut")));
    let err = rejected(c.allWithPagination(None).await, "a truncated body");
    assert_eq!(get(&err, "kind"), "decode");
    assert_eq!(get(&err, "status"), 200);
    let c = faulty(&format!("invalid-json; id={}", unique("bad")));
    let err =
        rejected(c.getPairPositionsLock(Array::from(&get(&samples().await, "pairs")).get(0), None).await, "bad JSON");
    assert_eq!(get(&err, "kind"), "decode");
}

#[wasm_bindgen_test]
async fn invalid_input_rejects_with_no_request_sent() {
    // A closed port: had anything been sent, these would be network errors.
    let c =
        create_client(Some(obj(&[("pairBaseUrl", NOWHERE.into()), ("poolBaseUrl", NOWHERE.into())]).unchecked_into()))
            .unwrap();
    let pair = "DELj9rDLM1Thghq9JULzMqb3MfU6JKsRKiQyMzdw1QY9";
    let checks: Vec<(Result<JsValue, JsValue>, &str)> = vec![
        (c.getPair("not an address".into(), None).await, "pair_address"),
        (c.getPair(JsValue::from(7), None).await, "pair_address"),
        (c.getPairFeeBpsByDays(pair.into(), 0.into(), None).await, "num_of_days"),
        (c.getPairVolumeByDays(pair.into(), 256.into(), None).await, "num_of_days"),
        (c.getPairTvlByDays(pair.into(), 1.5.into(), None).await, "num_of_days"),
        (c.getPairSwapRecords(pair.into(), 0.into(), None).await, "rows_to_take"),
        (c.getSingleGroupPair("a-b".into(), None).await, "lexical_order_mints"),
        (c.getWalletEarning("x".into(), pair.into(), None).await, "wallet_address"),
        (c.allWithPagination(Some(obj(&[("limit", 5000.into())]).unchecked_into())).await, "limit"),
        (c.allByGroups(Some(obj(&[("sortKey", "nope".into())]).unchecked_into())).await, "sortKey"),
        (c.getProtocolMetrics(Some(obj(&[("timeoutMs", (-5).into())]).unchecked_into())).await, "timeoutMs"),
        (c.getProtocolMetrics(Some(obj(&[("signal", "x".into())]).unchecked_into())).await, "signal"),
    ];
    for (i, (result, parameter)) in checks.into_iter().enumerate() {
        let err = rejected(result, parameter);
        assert_eq!(get(&err, "kind"), "invalidInput", "check {i}");
        assert_eq!(get(&err, "parameter"), parameter, "check {i}");
    }
    let err = rejected(c.getProtocolMetrics(None).await, "a closed port");
    assert_eq!(get(&err, "kind"), "network");
    for bad in
        [obj(&[("retry", "no".into())]), obj(&[("rateLimit", 3.into())]), obj(&[("headers", obj(&[("a", 1.into())]))])]
    {
        assert!(create_client(Some(bad.unchecked_into())).is_err());
    }
}

#[wasm_bindgen_test]
async fn any_method_can_be_aborted() {
    let c = faulty(&format!("delay-ms=2000; id={}", unique("abort")));
    let controller = web_sys::AbortController::new().unwrap();
    let opts = obj(&[("signal", controller.signal().into())]);
    // Exported methods return a `Promise` (awaitable through `IntoFuture`); the join takes futures.
    let call = std::future::IntoFuture::into_future(c.all(Some(opts.unchecked_into())));
    let abort = async {
        gloo_timers_sleep(50).await;
        controller.abort();
    };
    let started = js_sys::Date::now();
    let (result, ()) = futures_join(call, abort).await;
    let err = rejected(result, "an aborted call");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");
    assert!(js_sys::Date::now() - started < 1500.0);

    let before = web_sys::AbortController::new().unwrap();
    before.abort();
    let iter = client().pairs(Some(obj(&[("signal", before.signal().into())]).unchecked_into())).unwrap();
    let err = JsFuture::from(iter.next()).await.expect_err("an aborted iterator");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");
}

async fn gloo_timers_sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

async fn futures_join<A: std::future::Future, B: std::future::Future>(a: A, b: B) -> (A::Output, B::Output) {
    futures_util::future::join(a, b).await
}
