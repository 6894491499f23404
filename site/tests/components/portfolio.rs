//! The portfolio pages: `/wallets/:wallet` (the portfolio service's figures), the same page as
//! `/dlmm/wallets/:wallet` (its DLMM sections) and `/dlmm/positions/:address`, every state, values checked against
//! the replica's raw JSON.

use dlmm_explorer::format::compact_usd;
use wasm_bindgen_test::*;

use super::*;

async fn datapi_samples() -> Value {
    samples().await["datapi"].clone()
}

#[wasm_bindgen_test]
async fn wallet_totals_open_closed_and_claims() {
    let samples = datapi_samples().await;
    let wallet = s(&samples["wallet_with_positions"]["wallet"]);
    let base = dlmm_datapi_base();
    let open = raw(&format!(
        "{base}/portfolio/open?user={wallet}&page=1&page_size=20&sort_direction=desc&sort_by=current_balances"
    ))
    .await;
    let closed = raw(&format!("{base}/portfolio?user={wallet}&page=1&page_size=20&days_back=120")).await;
    let total = raw(&format!("{base}/portfolio/total?user={wallet}")).await;

    let page = mount_at(&format!("/dlmm/wallets/{wallet}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="wallet-open"] tbody tr"#).await;

    let open_pools = open["pools"].as_array().unwrap();
    assert!(!open_pools.is_empty(), "the sample wallet has open positions");
    let rows = page.attrs(r#"[data-testid="wallet-open"] tbody tr"#, "data-address");
    let expected: Vec<String> = open_pools.iter().map(|p| s(&p["poolAddress"])).collect();
    assert_eq!(rows, expected);
    let first = &open_pools[0];
    let row = format!(r#"[data-testid="wallet-open"] tr[data-address="{}"]"#, s(&first["poolAddress"]));
    assert_eq!(page.text(&format!(r#"{row} [data-field="balances"]"#)), compact_usd(f(&first["balances"])));
    assert_eq!(
        page.text(&format!(r#"{row} [data-field="pair"]"#)),
        format!("{}-{}", s(&first["tokenX"]), s(&first["tokenY"]))
    );
    let range = page.text(&format!(r#"{row} [data-field="range"]"#));
    let out = first["positionsOutOfRange"].as_array().map_or(0, Vec::len);
    assert_eq!(range == "In range", out == 0 && first["outOfRange"] == Value::Bool(false), "range {range:?}");
    for position in first["listPositions"].as_array().unwrap() {
        page.wait(&format!(r#"[data-testid="wallet-positions"] tr[data-position="{}"]"#, s(position))).await;
        let link =
            page.attr(&format!(r#"[data-testid="wallet-positions"] tr[data-position="{}"] a"#, s(position)), "href");
        assert!(link.ends_with(&format!("/dlmm/positions/{}", s(position))), "a link per position: {link:?}");
    }

    // Totals: the open portfolio's totals and the all-time closed P&L.
    assert_eq!(
        page.text(r#"[data-testid="wallet-totals"] [data-field="balances"]"#),
        compact_usd(f(&open["total"]["balances"]))
    );
    assert_eq!(
        page.text(r#"[data-testid="wallet-totals"] [data-field="total_pnl_usd"]"#),
        compact_usd(f(&total["totalPnlUsd"]))
    );
    assert!(page.text(r#"[data-testid="wallet-totals"] [data-field="balances_sol"]"#).ends_with(" SOL"));
    assert_eq!(page.text(r#"[data-field="open_positions"]"#), open["totalPositions"].to_string());

    // Closed pools with P&L.
    let closed_pools = closed["pools"].as_array().unwrap();
    assert!(!closed_pools.is_empty(), "the sample wallet has closed positions");
    let rows = page.attrs(r#"[data-testid="wallet-closed"] tbody tr"#, "data-address");
    assert_eq!(rows, closed_pools.iter().map(|p| s(&p["poolAddress"])).collect::<Vec<_>>());
    let c0 = &closed_pools[0];
    let crow = format!(r#"[data-testid="wallet-closed"] tr[data-address="{}"]"#, s(&c0["poolAddress"]));
    assert_eq!(page.text(&format!(r#"{crow} [data-field="pnl_usd"]"#)), compact_usd(f(&c0["pnlUsd"])));

    // Claims: one row per pool of both lists, values as the claims route answers.
    let mut pools: Vec<String> = expected.clone();
    for p in closed_pools {
        let a = s(&p["poolAddress"]);
        if !pools.contains(&a) {
            pools.push(a);
        }
    }
    assert_eq!(page.attrs(r#"[data-testid="wallet-claims"] tbody tr"#, "data-address"), pools);
    let claims = raw(&format!("{base}/wallets/{wallet}/pools/{}/total_claims", pools[0])).await;
    let claim_row = format!(r#"[data-testid="wallet-claims"] tr[data-address="{}"]"#, pools[0]);
    assert_eq!(
        page.text(&format!(r#"{claim_row} [data-field="total_claims_usd"]"#)),
        compact_usd(f(&claims["total_claims_usd"]))
    );
    assert_eq!(
        page.text(&format!(r#"{claim_row} [data-field="fee_amounts"]"#)),
        format!("{} · {}", s(&claims["total_fee_x"]), s(&claims["total_fee_y"]))
    );
}

#[wasm_bindgen_test]
async fn wallet_sort_and_days_are_url_state() {
    let samples = datapi_samples().await;
    let wallet = s(&samples["wallet_with_positions"]["wallet"]);
    let base = dlmm_datapi_base();
    let open = raw(&format!(
        "{base}/portfolio/open?user={wallet}&page=1&page_size=20&sort_direction=asc&sort_by=unclaimed_fee"
    ))
    .await;
    let page = mount_at(&format!("/dlmm/wallets/{wallet}?sort=unclaimed_fee&dir=asc&days=7"), replica());
    page.wait(r#"[data-testid="wallet-open"] tbody tr"#).await;
    let rows = page.attrs(r#"[data-testid="wallet-open"] tbody tr"#, "data-address");
    assert_eq!(rows, open["pools"].as_array().unwrap().iter().map(|p| s(&p["poolAddress"])).collect::<Vec<_>>());
    let active = page.query(r#"th[aria-sort="ascending"] button[data-sort="unclaimed_fee"]"#);
    assert!(active.is_some(), "the sorted column says so");
    assert_eq!(page.attr("#w-days option:checked", "value"), "7");
    // Clicking the balance header sorts by it (descending first) through the URL.
    page.click(r#"button[data-sort="current_balances"]"#).await;
    page.wait(r#"th[aria-sort="descending"] button[data-sort="current_balances"]"#).await;
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(search.contains("days=7") && !search.contains("sort="), "{search}");
}

#[wasm_bindgen_test]
async fn wallet_limit_orders() {
    let samples = datapi_samples().await;
    let wallet = s(&samples["wallet_with_limit_orders"]["wallet"]);
    let base = dlmm_datapi_base();
    let summary = raw(&format!("{base}/wallets/{wallet}/limit_orders/summary")).await;
    let open = raw(&format!("{base}/wallets/{wallet}/limit_orders/open/pools?page=1&page_size=20")).await;
    let closed = raw(&format!("{base}/wallets/{wallet}/limit_orders/closed/pools?page=1&page_size=20")).await;
    let page = mount_at(&format!("/dlmm/wallets/{wallet}"), replica());
    page.wait(r#"[data-testid="limit-orders-open"] tbody tr"#).await;
    let summary_card = r#"[data-testid="limit-order-summary"]"#;
    assert_eq!(page.text(&format!(r#"{summary_card} [data-field="open_orders"]"#)), summary["open_orders"].to_string());
    assert_eq!(
        page.text(&format!(r#"{summary_card} [data-field="closed_orders"]"#)),
        summary["closed_orders"].to_string()
    );
    assert_eq!(
        page.text(&format!(r#"{summary_card} [data-field="total_deposit_usd"]"#)),
        compact_usd(f(&summary["total_deposit_usd"]))
    );
    let open_rows = page.attrs(r#"[data-testid="limit-orders-open"] tbody tr"#, "data-address");
    let expected: Vec<String> =
        open["data"].as_array().unwrap().iter().map(|o| s(&o["pool"]["pool_address"])).collect();
    assert_eq!(open_rows, expected);
    let o0 = &open["data"][0];
    let row = format!(r#"[data-testid="limit-orders-open"] tr[data-address="{}"]"#, s(&o0["pool"]["pool_address"]));
    assert_eq!(page.text(&format!(r#"{row} [data-field="total_orders"]"#)), o0["total_orders"].to_string());
    assert_eq!(page.text(&format!(r#"{row} [data-field="pair"]"#)), s(&o0["pool"]["pair_name"]));
    let closed_list = closed["data"].as_array().unwrap();
    assert_eq!(page.count(r#"[data-testid="limit-orders-closed"] tbody tr"#) as usize, closed_list.len());
}

#[wasm_bindgen_test]
async fn wallet_balance_performance_and_calendar_from_the_portfolio_service() {
    let samples = datapi_samples().await;
    let wallet = s(&samples["wallet_with_positions"]["wallet"]);
    let base = portfolio_datapi_base();
    let balances = raw(&format!("{base}/balances/{wallet}")).await;
    let all = raw(&format!("{base}/performances/{wallet}?time_range=all")).await;
    let page = mount_at(&format!("/wallets/{wallet}?unit=sol"), replica());
    page.wait(r#"[data-testid="performance"] tbody tr"#).await;
    page.wait(r#"[data-testid="balance-cards"]"#).await;
    let title = page.query(r#"[data-testid="balance-cards"] [data-field="balance"]"#).unwrap().get_attribute("title");
    assert_eq!(title.as_deref(), Some(s(&balances["balance_sol"]).as_str()));
    assert_eq!(page.count(r#"[data-testid="performance"] tbody tr"#), 6);
    let pnl = page.query(r#"tr[data-range="all"] [data-field="pnl"]"#).unwrap().get_attribute("data-value");
    assert_eq!(pnl.as_deref(), Some(s(&all["pnl_sol"]).as_str()));
    // The calendar shows this month (the page's default) or says it has nothing closed in it.
    page.wait(r#"[data-testid="wallet-calendar"] [data-testid="calendar-grid"], [data-testid="wallet-calendar"] [data-state="empty"]"#)
        .await;
    page.wait(r#"[data-testid="wallet-totals"]"#).await;
}

#[wasm_bindgen_test]
async fn wallet_empty_not_found_and_error() {
    let samples = datapi_samples().await;
    let page = mount_at(&format!("/dlmm/wallets/{}", s(&samples["wallet_without_positions"])), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-state="empty"]"#).await;
    assert!(page.query(r#"[data-testid="wallet-open"]"#).is_none());
    drop(page);

    let page = mount_at("/dlmm/wallets/not-a-wallet", replica());
    page.wait(r#"[data-state="not-found"]"#).await;
    // One explanation, from the wallet page's first section (the portfolio service's `wallet` parameter).
    assert_eq!(page.count(r#"[data-state="not-found"]"#), 1);
    assert!(page.text(r#"[data-state="not-found"] .message"#).contains("wallet"));
    drop(page);

    let wallet = s(&samples["wallet_with_positions"]["wallet"]);
    let page = mount_at(&format!("/dlmm/wallets/{wallet}"), nowhere());
    page.click(r#"[data-state="error"][data-kind="network"] button"#).await;
    page.wait(r#"[data-state="error"]"#).await;
}

#[wasm_bindgen_test]
async fn position_timeline_and_pnl_row() {
    let samples = datapi_samples().await;
    let address = s(&samples["position_with_events"]);
    let base = dlmm_datapi_base();
    let events = raw(&format!("{base}/positions/{address}/historical")).await;
    let list = events["events"].as_array().unwrap();
    assert!(!list.is_empty());
    let pool = s(&list[0]["poolAddress"]);
    let owner = s(&list[0]["userAddress"]);
    let pnl = raw(&format!("{base}/positions/{pool}/pnl?user={owner}&page=1&page_size=100")).await;
    let row =
        pnl["positions"].as_array().unwrap().iter().find(|p| s(&p["positionAddress"]) == address).unwrap().clone();

    let page = mount_at(&format!("/dlmm/positions/{address}"), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="position-timeline"] li"#).await;
    assert_eq!(page.count(r#"[data-testid="position-timeline"] li"#) as usize, list.len());
    let newest = list.iter().map(|e| e["blockTime"].as_u64().unwrap()).max().unwrap();
    let first_sig = page.attr(r#"[data-testid="position-timeline"] li"#, "data-signature");
    let first_event = list.iter().find(|e| s(&e["signature"]) == first_sig).unwrap();
    assert_eq!(first_event["blockTime"].as_u64().unwrap(), newest);
    let amounts = page.text(&format!(r#"li[data-signature="{first_sig}"] [data-field="amounts"]"#));
    assert_eq!(amounts, format!("X {} · Y {}", s(&first_event["amountX"]), s(&first_event["amountY"])));

    // The kind totals count every event of each kind.
    let adds = list.iter().filter(|e| e["eventType"] == "add").count();
    assert_eq!(
        page.text(r#"[data-testid="event-totals"] [data-kind="deposit"] [data-field="count"]"#),
        format!("{adds} events")
    );

    // The P&L row of its pool.
    let pnl_row = r#"[data-testid="position-pnl"]"#;
    assert_eq!(page.text(&format!(r#"{pnl_row} [data-field="pnl_usd"]"#)), compact_usd(f(&row["pnlUsd"])));
    assert_eq!(
        page.text(&format!(r#"{pnl_row} [data-field="bins"]"#)),
        format!("{} – {}", row["lowerBinId"], row["upperBinId"])
    );
    assert_eq!(page.attr(r#"[data-field="owner"]"#, "data-value"), owner);
    drop(page);

    // One kind, through the URL.
    let fees = raw(&format!("{base}/positions/{address}/historical?event_type=claim_fee")).await;
    let page = mount_at(&format!("/dlmm/positions/{address}?kind=claim_fee"), replica());
    let fee_count = fees["events"].as_array().unwrap().len();
    if fee_count == 0 {
        page.wait(r#"[data-state="empty"]"#).await;
    } else {
        page.wait(r#"[data-testid="position-timeline"] li"#).await;
        assert_eq!(page.count(r#"[data-testid="position-timeline"] li"#) as usize, fee_count);
        assert_eq!(page.count(r#"[data-testid="position-timeline"] li:not([data-kind="fee-claim"])"#), 0);
    }
    assert!(page.query(r#"[data-testid="event-kinds"] a[aria-current="true"]"#).is_some());
}

#[wasm_bindgen_test]
async fn position_not_found_and_error() {
    let samples = datapi_samples().await;
    let page = mount_at(&format!("/dlmm/positions/{}", s(&samples["unknown_pool"])), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-state="not-found"]"#).await;
    drop(page);
    expect_at("/dlmm/positions/bad", replica(), r#"[data-state="not-found"][data-kind="invalidInput"]"#).await;
    let position = s(&samples["position_with_events"]);
    expect_at(&format!("/dlmm/positions/{position}"), nowhere(), r#"[data-state="error"][data-kind="network"] button"#)
        .await;
}
