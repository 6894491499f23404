//! The datapi client (`createDatapiClient`) against the replica's two datapi services: every method compared with
//! the raw JSON the replica serves (fetched independently), plus chunked candles, page iterators with `break`,
//! invalid input with no request sent, 404, a plain-text 400, time-out, retry on 429 and cancellation.
#![cfg(target_arch = "wasm32")]

use dlmm_browser_tests::{
    NOWHERE, camel_case, damm_v2_datapi_base, datapi_client, datapi_client_with, dlmm_datapi_base, get, object as obj,
    rejected,
};
use dlmm_query_wasm::{JsDatapiClient, PageIterator, create_datapi_client};
use js_sys::{Array, BigInt, JSON, Object};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

/// 2025-11-01T00:00:00Z, inside the replica's series.
const SERIES_START: u64 = 1_761_955_200;

async fn raw_text(url: &str) -> String {
    gloo_net::http::Request::get(url).send().await.unwrap().text().await.unwrap()
}

/// The raw body of `path` on `base`, as text and as parsed by `JSON.parse`.
async fn raw(base: &str, path: &str) -> (String, JsValue) {
    let text = raw_text(&format!("{base}{path}")).await;
    let value = JSON::parse(&text).unwrap_or_else(|_| panic!("{path} is not JSON: {text}"));
    (text, value)
}

async fn samples() -> JsValue {
    get(&raw(dlmm_datapi_base(), "/__replica/samples").await.1, "datapi")
}

fn s(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

/// Asserts the SDK's value `sdk` carries the raw JSON value `raw` (parsed independently with `JSON.parse` from
/// `text`): camelCase keys (window keys such as `"24h"` kept), numeric text as numbers, decimal amounts as their exact
/// wire text (a `string` whose digits stand in the body as sent), empty text as absent. Fields the models do not
/// carry are skipped, but at least two thirds of each object's fields must be there.
fn assert_wire(sdk: &JsValue, raw: &JsValue, text: &str, path: &str) {
    if Array::is_array(raw) {
        assert!(Array::is_array(sdk), "{path}: not an array");
        let (a, b) = (Array::from(sdk), Array::from(raw));
        assert_eq!(a.length(), b.length(), "{path}: length");
        for i in 0..b.length() {
            assert_wire(&a.get(i), &b.get(i), text, &format!("{path}[{i}]"));
        }
    } else if raw.is_null() {
        assert!(sdk.is_null() || sdk.is_undefined(), "{path}: {sdk:?} is not empty");
    } else if raw.is_object() {
        assert!(sdk.is_object(), "{path}: not an object");
        // Fields the models do not carry are ignored (as the core ignores unknown fields); most must be there.
        let keys = Object::keys(raw.unchecked_ref::<Object>());
        let mut carried = 0;
        for key in keys.iter() {
            let key = key.as_string().unwrap();
            let value = get(sdk, &camel_case(&key));
            if !value.is_undefined() {
                carried += 1;
                assert_wire(&value, &get(raw, &key), text, &format!("{path}.{key}"));
            }
        }
        assert!(carried * 3 >= keys.length() * 2, "{path}: only {carried} of {} fields carried", keys.length());
    } else if let Some(want) = raw.as_string() {
        if let Some(n) = sdk.as_f64() {
            let want: f64 = want.trim().parse().unwrap_or_else(|_| panic!("{path}: {want:?} is not numeric"));
            assert!((n - want).abs() <= want.abs() * 1e-12, "{path}: {n} != {want}");
        } else if want.is_empty() {
            assert!(sdk.is_null() || sdk.is_undefined() || sdk.as_string().as_deref() == Some(""), "{path}: {sdk:?}");
        } else {
            assert_eq!(sdk.as_string().as_deref(), Some(&*want), "{path}");
        }
    } else if let Some(want) = raw.as_f64() {
        if let Some(exact) = sdk.as_string() {
            // A decimal amount sent as a JSON number: the same value, and the very digits the body holds.
            assert_eq!(exact.parse::<f64>().ok(), Some(want), "{path}: {exact}");
            assert!(text.contains(&format!(":{exact}")), "{path}: {exact} is not the wire's text");
        } else if sdk.is_bigint() {
            let got = sdk.unchecked_ref::<BigInt>().to_string(10).unwrap().as_string().unwrap();
            assert_eq!(got, format!("{want}"), "{path}");
        } else {
            assert_eq!(sdk.as_f64(), Some(want), "{path}");
        }
    } else {
        assert_eq!(sdk, raw, "{path}");
    }
}

/// Compares an SDK result with the raw body of `path` on `base`.
async fn same_as(sdk: Result<JsValue, JsValue>, base: &str, path: &str) -> JsValue {
    let sdk = sdk.unwrap_or_else(|e| panic!("{path}: {e:?}"));
    let (text, raw) = raw(base, path).await;
    assert_wire(&sdk, &raw, &text, path);
    sdk
}

fn q(pairs: &[(&str, JsValue)]) -> Option<wasm_bindgen::JsValue> {
    Some(obj(pairs))
}

/// A query object of any query type.
fn query<T: JsCast>(pairs: &[(&str, JsValue)]) -> Option<T> {
    Some(obj(pairs).unchecked_into())
}

/// A query with one `filterBy` condition.
fn condition<T: JsCast>(field: &str, op: &str, value: JsValue) -> Option<T> {
    query(&[("filterBy", Array::of1(&obj(&[("field", field.into()), ("op", op.into()), ("value", value)])).into())])
}

async fn next(iter: &PageIterator) -> Option<JsValue> {
    let step = JsFuture::from(iter.next()).await.expect("next() resolves");
    if get(&step, "done").as_bool().unwrap() { None } else { Some(get(&step, "value")) }
}

/// A datapi client sending the replica's fault header with every request.
fn faulty(fault: &str) -> JsDatapiClient {
    datapi_client_with(&[("headers", obj(&[("X-Replica-Fault", fault.into())]))])
}

fn unique(prefix: &str) -> String {
    format!("{prefix}-{}-{}", js_sys::Date::now(), (js_sys::Math::random() * 1e9) as u64)
}

#[wasm_bindgen_test]
async fn dlmm_pools_groups_and_series_match_the_wire() {
    let (c, base, samples) = (datapi_client().dlmm(), dlmm_datapi_base(), samples().await);
    let pool = Array::from(&get(&samples, "dlmm_pools")).get(0).as_string().unwrap();
    let group = s(&samples, "dlmm_group");

    let query = q(&[
        ("page", 2.into()),
        ("pageSize", 7.into()),
        ("query", "SOL".into()),
        ("sortBy", obj(&[("metric", "tvl".into()), ("direction", "desc".into())])),
        (
            "filterBy",
            Array::of2(
                &obj(&[("field", "is_blacklisted".into()), ("op", "=".into()), ("value", JsValue::FALSE)]),
                &obj(&[("field", "volume_24h".into()), ("op", ">=".into()), ("value", 1.into())]),
            )
            .into(),
        ),
    ]);
    let wire = "/pools?page=2&page_size=7&query=SOL&sort_by=tvl%3Adesc&filter_by=is_blacklisted%3Dfalse+%26%26+volume_24h%3E%3D1";
    let page = same_as(c.getPools(query.map(JsCast::unchecked_into)).await, base, wire).await;
    assert_eq!(Array::from(&get(&page, "data")).length(), 7);
    assert_eq!(get(&page, "currentPage"), 2);
    let first = Array::from(&get(&page, "data")).get(0);
    assert!(get(&get(&first, "volume"), "24h").as_f64().is_some(), "window keys stay the vendor's");
    assert!(get(&first, "tokenXAmount").is_string(), "token amounts are exact decimal text");
    assert!(get(&first, "tvl").as_f64().is_some(), "USD values are numbers");

    // The string forms of sortBy and filterBy, and a windowed sort.
    let query =
        q(&[("sortBy", "fee_tvl_ratio_1h:asc".into()), ("filterBy", "tvl>1000".into()), ("pageSize", 5.into())]);
    let wire = "/pools?page_size=5&sort_by=fee_tvl_ratio_1h%3Aasc&filter_by=tvl%3E1000";
    same_as(c.getPools(query.map(JsCast::unchecked_into)).await, base, wire).await;
    let query = q(&[("sortBy", obj(&[("metric", "apr".into()), ("window", "4h".into())])), ("pageSize", 3.into())]);
    same_as(c.getPools(query.map(JsCast::unchecked_into)).await, base, "/pools?page_size=3&sort_by=apr_4h%3Adesc")
        .await;

    // A text condition with several values (`name=[a|b]`).
    let names = Array::of2(&"SOL-USDC".into(), &"JUP-SOL".into());
    let query = condition("name", "=", names.into());
    let wire = "/pools?filter_by=name%3D%5BSOL-USDC%7CJUP-SOL%5D";
    let named = same_as(c.getPools(query).await, base, wire).await;
    assert!(Array::from(&get(&named, "data")).length() > 0, "the replica has SOL-USDC pools");

    same_as(c.getPool(pool.clone().into(), None).await, base, &format!("/pools/{pool}")).await;
    let query = q(&[("pageSize", 4.into()), ("volumeTw", "4h".into()), ("feeTvlRatioTw", "1h".into())]);
    let wire = "/pools/groups?page_size=4&volume_tw=volume_4h&fee_tvl_ratio_tw=fee_tvl_ratio_1h";
    same_as(c.getGroups(query.map(JsCast::unchecked_into)).await, base, wire).await;
    let query = q(&[("pageSize", 2.into())]);
    let wire = format!("/pools/groups/{group}?page_size=2");
    same_as(c.getGroup(group.clone().into(), query.map(JsCast::unchecked_into)).await, base, &wire).await;
    same_as(c.getProtocolMetrics(None).await, base, "/stats/protocol_metrics").await;

    // The live-only daily statistics: the whole history in one request, and from 1970 in 21 chunks of 1000 days,
    // merged (the replica answers that range in one request, for the comparison).
    let both = q(&[("view", "both".into())]);
    let days =
        same_as(c.getDailyVolume(both.map(JsCast::unchecked_into)).await, base, "/stats/daily/volume?view=both").await;
    assert!(Array::from(&get(&days, "dataPoints")).length() > 200, "the replica's history");
    let long = q(&[("startTime", 0.into()), ("endTime", (SERIES_START as f64).into()), ("view", "gross".into())]);
    let wire = format!("/stats/daily/trading_fees?start_time=0&end_time={SERIES_START}&view=gross");
    same_as(c.getDailyTradingFees(long.map(JsCast::unchecked_into)).await, base, &wire).await;
    same_as(c.getDailyProtocolFees(None).await, base, "/stats/daily/protocol_fees").await;

    let end = SERIES_START + 48 * 3600 - 1;
    let series =
        q(&[("timeframe", "1h".into()), ("startTime", (SERIES_START as f64).into()), ("endTime", (end as f64).into())]);
    let wire = format!("/pools/{pool}/ohlcv?timeframe=1h&start_time={SERIES_START}&end_time={end}");
    let candles =
        same_as(c.getPoolOhlcv(pool.clone().into(), series.clone().map(JsCast::unchecked_into)).await, base, &wire)
            .await;
    assert_eq!(Array::from(&get(&candles, "data")).length(), 48);
    let wire = format!("/pools/{pool}/volume/history?timeframe=1h&start_time={SERIES_START}&end_time={end}");
    same_as(c.getPoolVolumeHistory(pool.clone().into(), series.map(JsCast::unchecked_into)).await, base, &wire).await;
    // Defaults: one request, the service's default range.
    same_as(c.getPoolOhlcv(pool.clone().into(), None).await, base, &format!("/pools/{pool}/ohlcv")).await;
    let daily = q(&[("timeframe", "24h".into())]);
    let wire = format!("/pools/{pool}/volume/history?timeframe=24h");
    same_as(c.getPoolVolumeHistory(pool.into(), daily.map(JsCast::unchecked_into)).await, base, &wire).await;
}

#[wasm_bindgen_test]
async fn damm_v2_routes_match_the_wire() {
    let (c, base, samples) = (datapi_client().damm_v2(), damm_v2_datapi_base(), samples().await);
    let pool = Array::from(&get(&samples, "damm_v2_pools")).get(0).as_string().unwrap();
    let group = s(&samples, "damm_v2_group");
    let query = q(&[("pageSize", 6.into()), ("sortBy", obj(&[("metric", "volume".into()), ("window", "1h".into())]))]);
    let page = same_as(
        c.getPools(query.map(JsCast::unchecked_into)).await,
        base,
        "/pools?page_size=6&sort_by=volume_1h%3Adesc",
    )
    .await;
    assert_eq!(Array::from(&get(&page, "data")).length(), 6);
    same_as(c.getPool(pool.clone().into(), None).await, base, &format!("/pools/{pool}")).await;
    let query = q(&[("pageSize", 3.into())]);
    same_as(c.getGroups(query.clone().map(JsCast::unchecked_into)).await, base, "/pools/groups?page_size=3").await;
    let wire = format!("/pools/groups/{group}?page_size=3");
    same_as(c.getGroup(group.into(), query.map(JsCast::unchecked_into)).await, base, &wire).await;
    same_as(c.getProtocolMetrics(None).await, base, "/stats/protocol_metrics").await;
    // The replica's DAMM v2 host does not serve the daily statistics: a typed rejection.
    let err = rejected(c.getDailyVolume(None).await, "a route the host does not serve");
    assert_eq!((s(&err, "kind"), get(&err, "status").as_f64()), ("notServed".to_owned(), Some(404.0)));
    let end = SERIES_START + 10 * 86_400 - 1;
    let series =
        q(&[("timeframe", "4h".into()), ("startTime", (SERIES_START as f64).into()), ("endTime", (end as f64).into())]);
    let wire = format!("/pools/{pool}/ohlcv?timeframe=4h&start_time={SERIES_START}&end_time={end}");
    same_as(c.getPoolOhlcv(pool.clone().into(), series.clone().map(JsCast::unchecked_into)).await, base, &wire).await;
    let wire = format!("/pools/{pool}/volume/history?timeframe=4h&start_time={SERIES_START}&end_time={end}");
    same_as(c.getPoolVolumeHistory(pool.into(), series.map(JsCast::unchecked_into)).await, base, &wire).await;
}

#[wasm_bindgen_test]
async fn dlmm_wallet_routes_match_the_wire() {
    let (c, base, samples) = (datapi_client().dlmm(), dlmm_datapi_base(), samples().await);
    let positions = get(&samples, "wallet_with_positions");
    let (user, pool, open_pool) = (s(&positions, "wallet"), s(&positions, "pool"), s(&positions, "open_pool"));
    let orders = get(&samples, "wallet_with_limit_orders");
    let (wallet, order_pool, closed_pool) = (s(&orders, "wallet"), s(&orders, "open_pool"), s(&orders, "closed_pool"));
    let position = s(&samples, "position_with_events");

    let query = q(&[("daysBack", 365.into()), ("pageSize", 10.into())]);
    let wire = format!("/portfolio?user={user}&page_size=10&days_back=365");
    let portfolio =
        same_as(c.getPortfolio(user.clone().into(), query.map(JsCast::unchecked_into)).await, base, &wire).await;
    assert!(Array::from(&get(&portfolio, "pools")).length() > 0, "the sample wallet has closed positions");
    let query = q(&[("sortBy", "unclaimed_fee".into()), ("sortDirection", "asc".into())]);
    let wire = format!("/portfolio/open?user={user}&sort_direction=asc&sort_by=unclaimed_fee");
    let open =
        same_as(c.getOpenPortfolio(user.clone().into(), query.map(JsCast::unchecked_into)).await, base, &wire).await;
    assert!(Array::from(&get(&open, "pools")).length() > 0, "the sample wallet has open positions");
    same_as(c.getPortfolioTotal(user.clone().into(), None).await, base, &format!("/portfolio/total?user={user}")).await;

    let query = q(&[("orderDirection", "asc".into())]);
    let wire = format!("/positions/{position}/historical?order_direction=asc");
    let events =
        same_as(c.getPositionEvents(position.clone().into(), query.map(JsCast::unchecked_into)).await, base, &wire)
            .await;
    assert!(Array::from(&get(&events, "events")).length() > 0);
    let query = q(&[("eventType", "claim_fee".into())]);
    let wire = format!("/positions/{position}/historical?event_type=claim_fee");
    same_as(c.getPositionEvents(position.into(), query.map(JsCast::unchecked_into)).await, base, &wire).await;
    for (pnl_pool, status) in [(&pool, "all"), (&open_pool, "open")] {
        let query = q(&[("status", status.into()), ("pageSize", 100.into())]);
        let wire = format!("/positions/{pnl_pool}/pnl?user={user}&status={status}&page_size=100");
        let pnl = c.getPositionsPnl(pnl_pool.clone().into(), user.clone().into(), query.map(JsCast::unchecked_into));
        assert!(Array::from(&get(&same_as(pnl.await, base, &wire).await, "positions")).length() > 0, "{wire}");
    }
    let wire = format!("/wallets/{user}/pools/{pool}/total_claims");
    same_as(c.getWalletPoolClaims(user.into(), pool.into(), None).await, base, &wire).await;

    let page = q(&[("page", 1.into()), ("pageSize", 50.into())]);
    let paged = "page=1&page_size=50";
    let wire = format!("/wallets/{wallet}/limit_orders/open/pools?{paged}");
    let open_pools = c.getOpenLimitOrderPools(wallet.clone().into(), page.clone().map(JsCast::unchecked_into));
    assert!(get(&same_as(open_pools.await, base, &wire).await, "total").as_f64().unwrap() > 0.0);
    let wire = format!("/wallets/{wallet}/limit_orders/open/pools/{order_pool}?{paged}");
    let open = c.getOpenLimitOrders(
        wallet.clone().into(),
        order_pool.clone().into(),
        page.clone().map(JsCast::unchecked_into),
    );
    same_as(open.await, base, &wire).await;
    let wire = format!("/wallets/{wallet}/limit_orders/closed/pools?{paged}");
    let closed_pools = c.getClosedLimitOrderPools(wallet.clone().into(), page.clone().map(JsCast::unchecked_into));
    same_as(closed_pools.await, base, &wire).await;
    let wire = format!("/wallets/{wallet}/limit_orders/closed/pools/{closed_pool}?{paged}");
    let closed = c.getClosedLimitOrders(wallet.clone().into(), closed_pool.into(), page.map(JsCast::unchecked_into));
    same_as(closed.await, base, &wire).await;
    let wire = format!("/wallets/{wallet}/limit_orders/pools/{order_pool}/bonus_claimed");
    same_as(c.getLimitOrderBonusClaimed(wallet.clone().into(), order_pool.into(), None).await, base, &wire).await;
    let wire = format!("/wallets/{wallet}/limit_orders/summary");
    same_as(c.getLimitOrderSummary(wallet.into(), None).await, base, &wire).await;
}

#[wasm_bindgen_test]
async fn long_candle_ranges_are_fetched_in_chunks_and_merged() {
    let (c, base, samples) = (datapi_client().dlmm(), dlmm_datapi_base(), samples().await);
    let pool = Array::from(&get(&samples, "dlmm_pools")).get(1).as_string().unwrap();
    // 2500 five-minute buckets: one request would be refused (at most 1000 buckets), three chunks are not.
    let (start, end) = (SERIES_START, SERIES_START + 2500 * 300 - 1);
    let wide = format!("/pools/{pool}/ohlcv?timeframe=5m&start_time={start}&end_time={end}");
    let refused = gloo_net::http::Request::get(&format!("{base}{wide}")).send().await.unwrap();
    assert_eq!(refused.status(), 400, "the server refuses the whole range at once");
    let query =
        q(&[("timeframe", "5m".into()), ("startTime", (start as f64).into()), ("endTime", (end as f64).into())]);
    let series = c.getPoolOhlcv(pool.clone().into(), query.map(JsCast::unchecked_into)).await.unwrap();
    let data = Array::from(&get(&series, "data"));
    assert_eq!(data.length(), 2500);
    assert_eq!(get(&series, "startTime"), start as f64);
    assert_eq!(get(&series, "endTime").as_f64().unwrap(), (end - end % 300) as f64);
    for (i, candle) in data.iter().enumerate() {
        assert_eq!(get(&candle, "timestamp"), (start + i as u64 * 300) as f64, "contiguous, no repeat");
    }
    // The merged candles are the chunks the server serves.
    let mut served = Vec::new();
    for (from, to) in
        [(start, start + 1000 * 300 - 1), (start + 1000 * 300, start + 2000 * 300 - 1), (start + 2000 * 300, end)]
    {
        let (_, chunk) = raw(base, &format!("/pools/{pool}/ohlcv?timeframe=5m&start_time={from}&end_time={to}")).await;
        served.extend(Array::from(&get(&chunk, "data")).iter());
    }
    let (text, _) =
        raw(base, &format!("/pools/{pool}/ohlcv?timeframe=5m&start_time={start}&end_time={}", start + 999 * 300)).await;
    assert_wire(&data.into(), &Array::from_iter(served).into(), &text, "chunked");
}

#[wasm_bindgen_test]
async fn iterators_walk_many_pages_and_stop_on_break() {
    let c = datapi_client();
    // Pools in pages of 10: four pages in order, then `break` (`return()`).
    let pools = c
        .dlmm()
        .pools(q(&[("pageSize", 10.into()), ("sortBy", "tvl:desc".into())]).map(JsCast::unchecked_into))
        .unwrap();
    let mut seen = Vec::new();
    while seen.len() < 35 {
        seen.push(s(&next(&pools).await.expect("more pools"), "address"));
    }
    let stopped = JsFuture::from(pools.stop()).await.unwrap();
    assert_eq!(get(&stopped, "done"), JsValue::TRUE);
    assert!(next(&pools).await.is_none(), "nothing after return()");
    let mut wire = Vec::new();
    for page in 1..=4 {
        let (_, raw) = raw(dlmm_datapi_base(), &format!("/pools?page={page}&page_size=10&sort_by=tvl%3Adesc")).await;
        wire.extend(Array::from(&get(&raw, "data")).iter().map(|p| s(&p, "address")));
    }
    assert_eq!(seen, wire[..35]);

    // DAMM v2 groups, every page to the end.
    let groups = c.damm_v2().groups(q(&[("pageSize", 5.into())]).map(JsCast::unchecked_into)).unwrap();
    let mut count = 0;
    while next(&groups).await.is_some() {
        count += 1;
    }
    let (_, raw) = raw(damm_v2_datapi_base(), "/pools/groups?page_size=5").await;
    assert!(get(&raw, "pages").as_f64().unwrap() > 2.0, "several pages");
    assert_eq!(Some(count as f64), get(&raw, "total").as_f64());
}

#[wasm_bindgen_test]
async fn invalid_input_rejects_with_no_request_sent() {
    // A closed port: had anything been sent, these would be network errors.
    let c = create_datapi_client(Some(
        obj(&[("dlmmBaseUrl", NOWHERE.into()), ("dammV2BaseUrl", NOWHERE.into())]).unchecked_into(),
    ))
    .unwrap();
    let (d, v) = (c.dlmm(), c.damm_v2());
    let pool = "DELj9rDLM1Thghq9JULzMqb3MfU6JKsRKiQyMzdw1QY9";
    let checks: Vec<(Result<JsValue, JsValue>, &str)> = vec![
        (d.getPools(query(&[("pageSise", 10.into())])).await, "pageSise"),
        (d.getPools(query(&[("pageSize", 1001.into())])).await, "pageSize"),
        (v.getGroups(query(&[("pageSize", 101.into())])).await, "pageSize"),
        (d.getPools(query(&[("page", 0.into())])).await, "page"),
        (d.getPools(query(&[("pageSize", 2.5.into())])).await, "pageSize"),
        (
            d.getPools(query(&[("sortBy", obj(&[("metric", "volume".into()), ("window", "7d".into())]))])).await,
            "sortBy",
        ),
        (d.getPools(query(&[("sortBy", obj(&[("metric", "tvl".into()), ("window", "1h".into())]))])).await, "sortBy"),
        (d.getPools(query(&[("sortBy", "volume_7d:desc".into())])).await, "sortBy"),
        (d.getPools(condition("tvl", "!=", 1.into())).await, "filterBy"),
        (d.getPools(condition("is_blacklisted", "=", "no".into())).await, "filterBy"),
        (d.getPools(condition("name", "=", "a && tvl>0".into())).await, "filterBy"),
        (d.getPools(query(&[("filterBy", "depth>1".into())])).await, "filterBy"),
        (v.getGroups(query(&[("volumeTw", "7d".into())])).await, "volumeTw"),
        (d.getPool("not an address".into(), None).await, "address"),
        (d.getPool(pool.into(), query(&[("page", 1.into())])).await, "page"),
        (d.getPoolOhlcv(pool.into(), query(&[("timeframe", "1d".into())])).await, "timeframe"),
        (d.getPoolOhlcv(pool.into(), query(&[("startTime", 10.into()), ("endTime", 5.into())])).await, "startTime"),
        (d.getPoolOhlcv(pool.into(), query(&[("startTime", (-1).into())])).await, "startTime"),
        (d.getGroup("a-b".into(), None).await, "lexical_order_mints"),
        (d.getPortfolio(pool.into(), query(&[("daysBack", 366.into())])).await, "daysBack"),
        (d.getPortfolio(pool.into(), query(&[("pageSize", 51.into())])).await, "pageSize"),
        (d.getOpenPortfolio(pool.into(), query(&[("sortBy", "tvl".into())])).await, "sortBy"),
        (d.getPositionEvents(pool.into(), query(&[("eventType", "swap".into())])).await, "eventType"),
        (d.getPositionsPnl(pool.into(), "x".into(), None).await, "user"),
        (d.getPositionsPnl(pool.into(), pool.into(), query(&[("status", "gone".into())])).await, "status"),
        (d.getOpenLimitOrders(pool.into(), pool.into(), query(&[("pageSize", 1001.into())])).await, "pageSize"),
        (d.getLimitOrderSummary(JsValue::from(7), None).await, "wallet"),
        (d.getProtocolMetrics(query(&[("timeoutMs", (-5).into())])).await, "timeoutMs"),
    ];
    for (i, (result, parameter)) in checks.into_iter().enumerate() {
        let err = rejected(result, parameter);
        assert_eq!(get(&err, "kind"), "invalidInput", "check {i}: {err:?}");
        assert_eq!(get(&err, "parameter"), parameter, "check {i}: {err:?}");
        assert!(get(&err, "message").as_string().unwrap().contains("nothing was sent"), "check {i}");
    }
    assert!(d.pools(query(&[("pageSize", 0.into())])).is_err(), "an iterator checks its query at once");
    let err = rejected(d.getProtocolMetrics(None).await, "a closed port");
    assert_eq!(get(&err, "kind"), "network");
    for bad in [
        obj(&[("pairBaseUrl", "http://x".into())]),
        obj(&[("dlmmBaseUrl", "ftp://x".into())]),
        obj(&[("rateLimit", obj(&[("dlmmPerSecond", (-1).into())]))]),
        obj(&[("retry", "no".into())]),
    ] {
        let err = rejected(create_datapi_client(Some(bad.unchecked_into())), "bad client options");
        assert_eq!(get(&err, "kind"), "invalidInput");
    }
}

#[wasm_bindgen_test]
async fn server_errors_are_typed() {
    let (c, samples) = (datapi_client(), samples().await);
    let unknown = s(&samples, "unknown_pool");
    let err = rejected(c.dlmm().getPool(unknown.clone().into(), None).await, "an unknown pool");
    assert_eq!(get(&err, "kind"), "notFound");
    assert_eq!(get(&err, "status"), 404);
    assert_eq!(get(&err, "url"), format!("{}/pools/{unknown}", dlmm_datapi_base()));
    assert!(get(&err, "message").as_string().unwrap().contains("Pool not found"), "{err:?}");
    let err = rejected(c.damm_v2().getPool(unknown.into(), None).await, "an unknown DAMM v2 pool");
    assert_eq!(get(&err, "kind"), "notFound");

    // One request for a range the server refuses: its plain-text 400 reaches the error.
    let pool = Array::from(&get(&samples, "dlmm_pools")).get(0).as_string().unwrap();
    let query = q(&[("timeframe", "5m".into()), ("startTime", 0.into())]).map(JsCast::unchecked_into);
    let err = rejected(c.dlmm().getPoolOhlcv(pool.into(), query).await, "a range too wide");
    assert_eq!(get(&err, "kind"), "http");
    assert_eq!(get(&err, "status"), 400);
    assert!(get(&err, "message").as_string().unwrap().contains("at most 1000 are allowed"), "{err:?}");
}

#[wasm_bindgen_test]
async fn time_out_retry_and_abort() {
    let slow = faulty(&format!("delay-ms=3000; id={}", unique("dslow")));
    let opts = q(&[("timeoutMs", 200.into()), ("retry", JsValue::FALSE)]).map(JsCast::unchecked_into);
    let started = js_sys::Date::now();
    let err = rejected(slow.dlmm().getProtocolMetrics(opts).await, "a slow server");
    assert_eq!(get(&err, "kind"), "timeout");
    assert!(js_sys::Date::now() - started < 2500.0);

    let pool = Array::from(&get(&samples().await, "damm_v2_pools")).get(0).as_string().unwrap();
    let limited = faulty(&format!("status=429; retry-after=1; times=1; id={}", unique("d429")));
    let got = limited.damm_v2().getPool(pool.clone().into(), None).await.expect("the retry succeeds");
    assert_eq!(s(&got, "address"), pool);
    let limited = faulty(&format!("status=429; retry-after=1; times=1; id={}", unique("d429b")));
    let opts = q(&[("retry", JsValue::FALSE)]).map(JsCast::unchecked_into);
    let err = rejected(limited.damm_v2().getPool(pool.into(), opts).await, "a 429 without retries");
    assert_eq!(get(&err, "kind"), "rateLimited");
    assert_eq!(get(&err, "retryAfterMs"), 1000);

    let slow = faulty(&format!("delay-ms=2000; id={}", unique("dabort")));
    let controller = web_sys::AbortController::new().unwrap();
    let opts = q(&[("signal", controller.signal().into()), ("pageSize", 5.into())]).map(JsCast::unchecked_into);
    let dlmm = slow.dlmm();
    // Exported methods return a `Promise` (awaitable through `IntoFuture`); `join` takes futures.
    let call = std::future::IntoFuture::into_future(dlmm.getPools(opts));
    let abort = async {
        sleep(50).await;
        controller.abort();
    };
    let started = js_sys::Date::now();
    let (result, ()) = futures_util::future::join(call, abort).await;
    let err = rejected(result, "an aborted call");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");
    assert!(js_sys::Date::now() - started < 1500.0);

    let before = web_sys::AbortController::new().unwrap();
    before.abort();
    let iter =
        datapi_client().dlmm().groups(q(&[("signal", before.signal().into())]).map(JsCast::unchecked_into)).unwrap();
    let err = JsFuture::from(iter.next()).await.expect_err("an aborted iterator");
    assert_eq!(err.unchecked_ref::<web_sys::DomException>().name(), "AbortError");
}

#[wasm_bindgen_test]
fn datapi_integers_above_2_pow_53_reject_naming_the_path() {
    use dlmm_query::datapi::models::{Paginated, Timeseries, VolumeBucket};
    let url = format!("{}/pools", dlmm_datapi_base());
    let page = Paginated::<u8> { total: 1 << 60, pages: 1, current_page: 1, page_size: 1, data: vec![7] };
    let err = dlmm_query_wasm::output_to_js(&page, &url).expect_err("2^60 is not a JS number");
    assert_eq!(get(&err, "kind"), "decode");
    assert_eq!(get(&err, "path"), "total");
    assert_eq!(get(&err, "url"), url);
    let bucket = VolumeBucket {
        timestamp: (1 << 53) + 1,
        timestamp_str: String::new(),
        volume: 1.0,
        fees: 0.5,
        protocol_fees: 0.0,
    };
    let series = Timeseries { start_time: 0, end_time: 1, timeframe: None, data: vec![bucket] };
    let err = dlmm_query_wasm::output_to_js(&series, &url).expect_err("2^53 + 1 is not a JS number");
    assert_eq!(get(&err, "path"), "data[0].timestamp");
    let fine = Paginated::<u8> { total: (1 << 53) - 1, pages: 1, current_page: 1, page_size: 1, data: vec![] };
    assert_eq!(get(&dlmm_query_wasm::output_to_js(&fine, &url).unwrap(), "total"), ((1u64 << 53) - 1) as f64);
    let client = datapi_client();
    assert_eq!(client.dlmm_base_url(), dlmm_datapi_base());
    assert_eq!(client.damm_v2_base_url(), damm_v2_datapi_base());
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

/// The real bodies captured from the live DLMM datapi (`../shared/real/`), which `cargo xtask ci` has the replica
/// serve byte for byte under `/__real` (`--real-bodies`): each decodes exactly, checked against the served text.
#[wasm_bindgen_test]
async fn the_real_captured_bodies_decode_exactly() {
    let base = format!("{}/__real", dlmm_datapi_base());
    let probe = gloo_net::http::Request::get(&format!("{base}/pools")).send().await.unwrap();
    if probe.status() == 404 {
        let why = probe.text().await.unwrap_or_default();
        web_sys::console::log_1(&format!("SKIPPED: the replica serves no real bodies: {why}").into());
        return;
    }
    let client = create_datapi_client(Some(
        obj(&[("dlmmBaseUrl", base.clone().into()), ("retry", false.into()), ("rateLimit", false.into())])
            .unchecked_into(),
    ))
    .expect("valid options");
    let d = client.dlmm();
    let page = same_as(d.getPools(query(&[("pageSize", 10.into())])).await, &base, "/pools").await;
    assert_eq!(get(&page, "total").as_f64(), Some(114_428.0));
    let (pool_text, raw_pool) = raw(&base, "/pools/x").await;
    let address = s(&raw_pool, "address");
    let pool = same_as(d.getPool(address.clone().into(), None).await, &base, &format!("/pools/{address}")).await;
    let range = || {
        query(&[("timeframe", "24h".into()), ("startTime", 1_755_000_000.into()), ("endTime", 1_756_100_000.into())])
    };
    let candles = same_as(d.getPoolOhlcv(address.clone().into(), range()).await, &base, "/pools/x/ohlcv").await;
    let volume =
        same_as(d.getPoolVolumeHistory(address.clone().into(), range()).await, &base, "/pools/x/volume/history").await;

    // Values against the served text itself: token amounts are its exact digits; the rest has its meaning's type.
    let literal = |key: &str| {
        let start =
            pool_text.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("{key} not in the body")) + key.len() + 3;
        pool_text[start..].split([',', '}']).next().unwrap().to_owned()
    };
    assert_eq!(s(&pool, "tokenXAmount"), "33159.044035852");
    assert_eq!(s(&pool, "tokenXAmount"), literal("token_x_amount"));
    assert_eq!(s(&pool, "tokenYAmount"), literal("token_y_amount"));
    assert_eq!(s(&get(&pool, "tokenX"), "totalSupply"), literal("total_supply"));
    assert_eq!(get(&pool, "tvl").as_f64(), literal("tvl").parse().ok());
    assert_eq!(get(&pool, "createdAt").as_f64(), Some(1_711_766_862_000.0), "unix milliseconds, as sent");
    assert_eq!(get(&get(&pool, "poolConfig"), "binStep").as_f64(), Some(4.0));
    assert_eq!(get(&get(&pool, "feeTvlRatio"), "24h"), get(&pool, "apr"));
    assert!(get(&pool, "launchpad").is_undefined() || get(&pool, "launchpad").is_null(), "an empty launchpad is none");
    let first = Array::from(&get(&page, "data")).get(0);
    assert_eq!(s(&first, "address"), address);
    let candle = |i: u32, key: &str| get(&Array::from(&get(&candles, "data")).get(i), key);
    assert_eq!(candle(2, "high").as_f64(), Some(207.611_734_683_851_52));
    assert_eq!(candle(0, "timestampStr").as_string().as_deref(), Some("2025-08-12T00:00:00+00:00"));
    assert_eq!(get(&candles, "startTime").as_f64(), Some(1_754_956_800.0));
    assert_eq!(get(&Array::from(&get(&volume, "data")).get(0), "fees").as_f64(), Some(28_651.931_966_830_96));
}
