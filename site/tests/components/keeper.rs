//! The keeper pages (pairs, groups, positions, wallets, pool metrics), search, routing and the source consent.

use wasm_bindgen_test::*;

use super::*;

#[wasm_bindgen_test]
async fn keeper_home_loading_data_and_error() {
    let page = mount_at("/keeper", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="top-tvl"] tbody tr"#).await;
    page.wait(r#"[data-field="total_tvl"]"#).await;
    assert_eq!(page.count(r#"[data-testid="top-tvl"] tbody tr"#), 10);
    drop(page);
    expect_at("/keeper", nowhere(), r#"[data-state="error"][data-kind="network"] button"#).await;
}

#[wasm_bindgen_test]
async fn pairs_data_empty_error_and_retry() {
    let page = mount_at("/pairs", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="pairs-table"] tbody tr"#).await;
    assert_eq!(page.count(r#"[data-testid="pairs-table"] tbody tr"#), 25);
    let expected = raw(&format!("{}/pair/all_with_pagination?limit=25&sort_key=tvl&order_by=desc", pair_base())).await;
    let first = page.attr(r#"[data-testid="pairs-table"] tbody tr"#, "data-address");
    assert_eq!(first, s(&expected["pairs"][0]["address"]));
    drop(page);

    expect_at("/pairs?q=zzzz-nothing&view=groups", replica(), r#"[data-state="empty"]"#).await;

    let page = mount_at("/pairs", nowhere());
    page.click(r#"[data-state="error"] button"#).await;
    page.wait(r#"[data-state="error"]"#).await;
}

#[wasm_bindgen_test]
async fn pair_data_not_found_and_error() {
    let samples = samples().await;
    let address = s(&samples["pair_with_locks"]);
    let pair = raw(&format!("{}/pair/{address}", pair_base())).await;
    let page = mount_at(&format!("/pairs/{address}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"h1 [data-field="name"]"#).await;
    assert_eq!(page.text(r#"h1 [data-field="name"]"#), s(&pair["name"]));
    page.wait(r#"[data-testid="chart-tvl"] svg path.line"#).await;
    page.wait(r#"[data-testid="locks"] tbody tr"#).await;
    page.wait(r#"[data-testid="swaps"] tbody tr"#).await;
    drop(page);

    expect_at(&format!("/pairs/{}", s(&samples["unknown_pair"])), replica(), r#"[data-state="not-found"]"#).await;
    expect_at(&format!("/pairs/{address}"), nowhere(), r#"[data-state="error"]"#).await;
}

#[wasm_bindgen_test]
async fn group_data_and_not_indexed() {
    let samples = samples().await;
    let page = mount_at(&format!("/groups/{}", s(&samples["group"])), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="group-table"]"#).await;
    assert!(page.count(r#"[data-testid="group-table"] thead th[data-address]"#) >= 2);
    drop(page);
    expect_at(&format!("/groups/{}", s(&samples["unindexed_group"])), replica(), r#"[data-state="not-indexed"]"#).await;
}

#[wasm_bindgen_test]
async fn position_data_not_indexed_and_error() {
    let samples = samples().await;
    let address = s(&samples["positions"][0]);
    let page = mount_at(&format!("/positions/{address}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="timeline"] tbody tr"#).await;
    page.wait(r#"[data-field="net_usd"]"#).await;
    assert!(page.query(r#"[data-testid="position-v2"]"#).is_some());
    drop(page);
    expect_at(&format!("/positions/{}", s(&samples["unindexed_position"])), replica(), r#"[data-state="not-indexed"]"#)
        .await;
    expect_at(&format!("/positions/{address}"), nowhere(), r#"[data-state="error"]"#).await;
}

#[wasm_bindgen_test]
async fn wallet_data_and_empty() {
    let samples = samples().await;
    let (w, p) = (s(&samples["wallets"][0]["wallet"]), s(&samples["wallets"][0]["pair"]));
    let page = mount_at(&format!("/wallets/{w}/{p}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="earning"]"#).await;
    drop(page);
    let none = &samples["wallet_without_earnings"];
    expect_at(&format!("/wallets/{}/{}", s(&none["wallet"]), s(&none["pair"])), replica(), r#"[data-state="empty"]"#)
        .await;
}

#[wasm_bindgen_test]
async fn pool_data_and_not_found() {
    let samples = samples().await;
    expect_at(&format!("/pools/{}", s(&samples["pools"][0])), replica(), r#"[data-field="tvl"]"#).await;
    expect_at(&format!("/pools/{}", s(&samples["unknown_pool"])), replica(), r#"[data-kind="notFound"]"#).await;
}

#[wasm_bindgen_test]
async fn search_routes_and_reports_nothing_found() {
    let samples = samples().await;
    let position = s(&samples["positions"][0]);
    // The datapi hosts unreachable: the search goes on to the keeper host that knows the position.
    let keeper_only = sources([pair_base(), pool_base(), NOWHERE, NOWHERE, NOWHERE]);
    let page = mount_at(&format!("/search?q={position}"), keeper_only);
    page.wait(r#"[data-testid="timeline"]"#).await;
    let path = web_sys::window().unwrap().location().pathname().unwrap();
    assert_eq!(path, format!("/positions/{position}"));
    drop(page);
    expect_at(&format!("/search?q={}", s(&samples["unknown_pool"])), replica(), r#"[data-state="not-found"]"#).await;
    expect_at("/search?q=not-an-address", replica(), r#"[data-state="not-found"]"#).await;
}

#[wasm_bindgen_test]
async fn unknown_routes_show_not_found() {
    expect_at("/nope/nothing", replica(), r#"[data-state="not-found"]"#).await;
}

#[wasm_bindgen_test]
async fn a_link_source_waits_for_consent_and_a_foreign_source_is_announced() {
    let page = mount_at("/pairs?pairBaseUrl=http%3A%2F%2F127.0.0.1%3A9", replica());
    page.wait(r#"[data-testid="consent"]"#).await;
    assert!(page.text(r#"[data-testid="consent"] h2"#).contains("127.0.0.1:9"), "the panel names the host");
    // Meanwhile the page reads the build's source, and no banner claims otherwise.
    page.wait(r#"[data-testid="pairs-table"] tbody tr"#).await;
    assert_eq!(page.count(r#"[data-testid="source-banner"]"#), 0);
    page.click(r#"[data-testid="consent-decline"]"#).await;
    let panel: web_sys::HtmlElement = page.wait(r#"[data-testid="consent"]"#).await.unchecked_into();
    assert!(poll(50, STEP, || panel.hidden().then_some(())).await.is_some(), "ignoring the link hides the panel");
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(!search.contains("BaseUrl"), "the proposal left the address bar: {search}");
    drop(page);

    let page = mount_at("/", nowhere());
    page.wait(r#"[data-testid="source-banner"] button"#).await;
    assert!(page.text(r#"[data-testid="source-banner"]"#).contains("Pair API from 127.0.0.1:9"));
    assert_eq!(page.count(r#"[data-testid="consent"]"#), 0);
}
