//! The datapi pool pages: `/dlmm/pools/:address`, `/damm-v2/pools` and `/damm-v2/pools/:address`, each checked
//! against the replica's raw JSON in its loading, data, empty, not-found and error states.

use dlmm_explorer::charts::series::{SeriesChoice, Span, bucket_count};
use dlmm_explorer::format::exact;
use dlmm_query::datapi::params::Timeframe;
use wasm_bindgen_test::*;

use super::*;

fn title(page: &Mounted, selector: &str) -> String {
    page.attr(selector, "title")
}

/// The newest bucket the service reports (what the page anchors its range at).
async fn newest(base: &str, address: &str) -> u64 {
    raw(&format!("{base}/pools/{address}/ohlcv?timeframe=5m")).await["end_time"].as_u64().unwrap()
}

/// The raw buckets of `route` (`ohlcv` or `volume/history`) for `choice`, fetched in chunks of 1000 buckets.
async fn raw_series(base: &str, address: &str, route: &str, choice: SeriesChoice) -> Vec<Value> {
    let (start, end) = choice.range(newest(base, address).await);
    let mut out = Vec::new();
    for (s, e) in dlmm_query::datapi::series::chunks(choice.timeframe, start, end).unwrap() {
        let part =
            raw(&format!("{base}/pools/{address}/{route}?timeframe={}&start_time={s}&end_time={e}", choice.timeframe))
                .await;
        out.extend(part["data"].as_array().unwrap().iter().cloned());
    }
    out
}

/// Checks the figures shared by both pool pages against the raw pool record.
fn check_pool_figures(page: &Mounted, pool: &Value) {
    assert_eq!(page.text(r#"h1 [data-field="name"]"#), s(&pool["name"]));
    assert_eq!(title(page, r#"[data-field="tvl"]"#), exact(f(&pool["tvl"])));
    assert_eq!(title(page, r#"[data-field="current_price"]"#), exact(f(&pool["current_price"])));
    for side in ["x", "y"] {
        let token = &pool[format!("token_{side}")];
        let field = |name: &str| format!(r#"[data-testid="token-{side}"] [data-field="token_{side}.{name}"]"#);
        assert_eq!(page.text(&field("symbol")), s(&token["symbol"]));
        assert_eq!(page.text(&field("name")), s(&token["name"]));
        assert_eq!(page.attr(&field("is_verified"), "data-value"), token["is_verified"].as_bool().unwrap().to_string());
        assert_eq!(title(page, &field("price")), exact(f(&token["price"])));
        assert_eq!(page.text(&field("holders")), token["holders"].as_i64().unwrap().to_string());
        assert_eq!(title(page, &field("market_cap")), exact(f(&token["market_cap"])));
        let supply: f64 = page.text(&field("total_supply")).parse().unwrap();
        let raw_supply = token["total_supply"].as_f64().or_else(|| token["total_supply"].as_str()?.parse().ok());
        assert_eq!(Some(supply), raw_supply);
        let amount: f64 = page.text(&field("amount")).parse().unwrap();
        assert_eq!(amount, f(&pool[format!("token_{side}_amount")]));
    }
    for (row, key) in [("volume", "24h"), ("fees", "1h"), ("protocol_fees", "30m"), ("fee_tvl_ratio", "12h")] {
        let cell = format!(r#"[data-testid="windows-table"] [data-field="{row}.{key}"]"#);
        assert_eq!(title(page, &cell), exact(f(&pool[row][key])), "{row}.{key}");
    }
    assert_eq!(page.count(r#"[data-testid="windows-table"] tbody td"#), 24);
}

/// Checks the drawn candles and history bars against the raw series of `choice`.
async fn check_series(page: &Mounted, base: &str, address: &str, choice: SeriesChoice) {
    let chart = page.wait(r#"[data-testid="candle-chart"][data-state="drawn"]"#).await;
    let candles = raw_series(base, address, "ohlcv", choice).await;
    assert_eq!(chart.get_attribute("data-candles").unwrap(), candles.len().to_string());
    let priced = candles.iter().filter(|c| ["open", "high", "low", "close"].iter().all(|k| f(&c[*k]) > 0.0)).count();
    assert!(priced > 0, "the replica's candles carry prices");
    assert_eq!(page.count(r#"[data-testid="candle-chart"] g.candle"#) as usize, priced);
    let history = raw_series(base, address, "volume/history", choice).await;
    page.wait(r#"[data-testid="volume-chart"][data-state="drawn"]"#).await;
    assert_eq!(page.attr(r#"[data-testid="volume-chart"]"#, "data-bars"), history.len().to_string());
    let lp: f64 = history.iter().map(|b| f(&b["fees"])).filter(|v| v.is_finite()).sum();
    let protocol: f64 = history.iter().map(|b| f(&b["protocol_fees"])).filter(|v| v.is_finite()).sum();
    assert_eq!(title(page, r#"[data-field="lp_fees_total"]"#), exact(lp));
    assert_eq!(title(page, r#"[data-field="protocol_fees_total"]"#), exact(protocol));
    assert_eq!(page.count(r#"[data-testid="fees-chart"] rect.bar.lp"#) as usize, history.len());
    assert_eq!(page.count(r#"[data-testid="fees-chart"] rect.bar.protocol"#) as usize, history.len());
}

#[wasm_bindgen_test]
async fn dlmm_pool_data_series_and_group_link() {
    let samples = samples().await;
    let address = s(&samples["datapi"]["dlmm_pools"][0]);
    let base = dlmm_datapi_base();
    let pool = raw(&format!("{base}/pools/{address}")).await;
    let page = mount_at(&format!("/dlmm/pools/{address}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"h1 [data-field="name"]"#).await;
    check_pool_figures(&page, &pool);
    assert_eq!(title(&page, r#"[data-field="cumulative_volume"]"#), exact(f(&pool["cumulative_metrics"]["volume"])));
    assert_eq!(title(&page, r#"[data-field="cumulative_fees"]"#), exact(f(&pool["cumulative_metrics"]["fees"])));
    assert_eq!(page.text(r#"[data-field="bin_step"]"#), format!("{} bps", pool["pool_config"]["bin_step"]));
    assert_eq!(title(&page, r#"[data-field="base_fee_pct"]"#), exact(f(&pool["pool_config"]["base_fee_pct"])));
    assert_eq!(title(&page, r#"[data-field="protocol_fee_pct"]"#), exact(f(&pool["pool_config"]["protocol_fee_pct"])));
    let group = page.attr(r#"a[data-field="group"]"#, "href");
    let (x, y) = (s(&pool["token_x"]["address"]), s(&pool["token_y"]["address"]));
    let key = if x < y { format!("{x}-{y}") } else { format!("{y}-{x}") };
    assert_eq!(group, format!("/dlmm/groups/{key}"));
    check_series(&page, base, &address, SeriesChoice::default()).await;
    // One anchor request, then one chunk each for candles and history.
    assert_eq!(page.attr(r#"[data-testid="candle-chart"]"#, "data-requests"), "3");
}

#[wasm_bindgen_test]
async fn dlmm_pool_range_in_chunks_and_the_timeframe_selector() {
    let samples = samples().await;
    let address = s(&samples["datapi"]["dlmm_pools"][1]);
    let base = dlmm_datapi_base();
    let choice = SeriesChoice { timeframe: Timeframe::M5, span: Span::D7 };
    let page = mount_at(&format!("/dlmm/pools/{address}{}", choice.to_query()), replica());
    page.wait(r#"[data-testid="candle-chart"][data-state="drawn"]"#).await;
    check_series(&page, base, &address, choice).await;
    let chart = r#"[data-testid="candle-chart"]"#;
    assert_eq!(page.attr(chart, "data-candles"), bucket_count(Timeframe::M5, Span::D7).to_string());
    let requests = 1 + 2 * choice.requests(newest(base, &address).await);
    assert_eq!(page.attr(chart, "data-requests"), requests.to_string());
    assert_eq!(page.attr(chart, "data-requests"), "7", "2016 buckets: three chunks of each series");

    // Choosing daily candles keeps the span (seven buckets) and puts the choice in the URL.
    let select: web_sys::HtmlSelectElement = page.query("select#series-tf").unwrap().unchecked_into();
    select.set_value("24h");
    select.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    let daily = SeriesChoice { timeframe: Timeframe::H24, span: Span::D7 };
    page.wait(&format!(
        r#"[data-testid="candle-chart"][data-state="drawn"][data-candles="{}"]"#,
        bucket_count(Timeframe::H24, Span::D7)
    ))
    .await;
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert_eq!(search, daily.to_query());
    check_series(&page, base, &address, daily).await;
    // Spans a timeframe cannot draw are offered disabled.
    let span_select = page.query(r#"select#series-span option[value="1d"]"#).unwrap();
    assert!(span_select.has_attribute("disabled"), "one daily candle is not a chart");
}

#[wasm_bindgen_test]
async fn dlmm_pool_not_found_and_error() {
    let samples = samples().await;
    let page = mount_at(&format!("/dlmm/pools/{}", s(&samples["datapi"]["unknown_pool"])), replica());
    page.wait(r#"[data-state="not-found"]"#).await;
    assert!(page.query(r#"[data-testid="candle-chart"]"#).is_none());
    drop(page);
    let page = mount_at(&format!("/dlmm/pools/{}", s(&samples["datapi"]["dlmm_pools"][0])), nowhere());
    page.assert_loading_first().await;
    page.wait(r#"[data-state="error"][data-kind="network"] button"#).await;
}

#[wasm_bindgen_test]
async fn damm_v2_pools_data_paging_empty_and_error() {
    let base = damm_v2_datapi_base();
    let page = mount_at("/damm-v2/pools", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="damm-v2-pools-table"] tbody tr"#).await;
    let expected = raw(&format!("{base}/pools?page=1&page_size=25&sort_by=volume_24h%3Adesc")).await;
    let rows = expected["data"].as_array().unwrap();
    assert_eq!(page.count(r#"[data-testid="damm-v2-pools-table"] tbody tr"#) as usize, rows.len());
    assert_eq!(page.attr(r#"[data-testid="damm-v2-pools-table"] tbody tr"#, "data-address"), s(&rows[0]["address"]));
    assert_eq!(
        title(&page, r#"[data-testid="damm-v2-pools-table"] tbody tr [data-field="tvl"]"#),
        exact(f(&rows[0]["tvl"]))
    );
    let link = page.attr(r#"[data-testid="damm-v2-pools-table"] tbody tr a"#, "href");
    assert_eq!(link, format!("/damm-v2/pools/{}", s(&rows[0]["address"])));
    drop(page);

    // Page 2, sorted by TVL, ten a page: the URL decides the request.
    let page = mount_at("/damm-v2/pools?sort=tvl%3Adesc&size=10&page=2", replica());
    page.wait(r#"[data-testid="damm-v2-pools-table"] tbody tr"#).await;
    let expected = raw(&format!("{base}/pools?page=2&page_size=10&sort_by=tvl%3Adesc")).await;
    let addresses: Vec<String> = expected["data"].as_array().unwrap().iter().map(|p| s(&p["address"])).collect();
    assert_eq!(page.attrs(r#"[data-testid="damm-v2-pools-table"] tbody tr"#, "data-address"), addresses);
    assert!(page.text(r#"[data-testid="page-info"]"#).starts_with("Page 2 of "));
    drop(page);

    expect_at("/damm-v2/pools?q=zzzz-nothing-matches", replica(), r#"[data-state="empty"]"#).await;
    expect_at("/damm-v2/pools", nowhere(), r#"[data-state="error"] button"#).await;
}

#[wasm_bindgen_test]
async fn damm_v2_pool_data_series_not_found_and_error() {
    let samples = samples().await;
    let address = s(&samples["datapi"]["damm_v2_pools"][0]);
    let base = damm_v2_datapi_base();
    let pool = raw(&format!("{base}/pools/{address}")).await;
    let page = mount_at(&format!("/damm-v2/pools/{address}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"h1 [data-field="name"]"#).await;
    check_pool_figures(&page, &pool);
    assert_eq!(title(&page, r#"[data-field="partner_fee_pct"]"#), exact(f(&pool["pool_config"]["partner_fee_pct"])));
    assert_eq!(
        title(&page, r#"[data-field="permanent_lock_liquidity"]"#),
        exact(pool["permanent_lock_liquidity"].as_f64().unwrap_or(0.0))
    );
    check_series(&page, base, &address, SeriesChoice::default()).await;
    drop(page);

    let unknown = s(&samples["datapi"]["unknown_pool"]);
    expect_at(&format!("/damm-v2/pools/{unknown}"), replica(), r#"[data-state="not-found"]"#).await;
    expect_at(&format!("/damm-v2/pools/{address}"), nowhere(), r#"[data-state="error"]"#).await;
}
