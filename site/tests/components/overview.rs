//! The shell's datapi pages: the `/` overview, `/dlmm/pools`, `/dlmm/groups` and a group, the global search across
//! services, the keeper gate, and the error panel that names an unreachable host.

use wasm_bindgen_test::*;

use super::*;

fn dlmm(path: &str) -> String {
    format!("{}{path}", dlmm_datapi_base())
}

fn addresses(page: &Mounted, table: &str) -> Vec<String> {
    page.attrs(&format!("{table} tbody tr"), "data-address")
}

fn expected(body: &Value) -> Vec<String> {
    body["data"].as_array().unwrap().iter().map(|p| s(&p["address"])).collect()
}

fn title_number(page: &Mounted, selector: &str) -> f64 {
    page.attr(selector, "title").parse().unwrap_or(f64::NAN)
}

/// Waits until the first row of `table` is `address` (after a navigation).
async fn wait_first(page: &Mounted, table: &str, address: &str) {
    let first = || (addresses(page, table).first().map(String::as_str) == Some(address)).then_some(());
    if poll(500, STEP, first).await.is_none() {
        panic!("{table} never started with {address}: {:?}", addresses(page, table));
    }
}

/// Waits until the page's path is `expected`.
async fn wait_path(expected: &str) {
    let path = || web_sys::window().unwrap().location().pathname().unwrap();
    assert!(poll(500, STEP, || (path() == expected).then_some(())).await.is_some(), "the path never became {expected}");
}

#[wasm_bindgen_test]
async fn overview_stats_of_both_services_and_the_three_top_lists() {
    let page = mount_at("/", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="protocol-dlmm"] [data-field="total_tvl"]"#).await;
    page.wait(r#"[data-testid="protocol-damm-v2"] [data-field="total_tvl"]"#).await;
    let dlmm_stats = raw(&dlmm("/stats/protocol_metrics")).await;
    let damm_stats = raw(&format!("{}/stats/protocol_metrics", damm_v2_datapi_base())).await;
    for field in ["total_tvl", "volume_24h", "fee_24h", "total_volume", "total_fees"] {
        let shown = title_number(&page, &format!(r#"[data-testid="protocol-dlmm"] [data-field="{field}"]"#));
        assert_eq!(shown, f(&dlmm_stats[field]), "DLMM {field}");
        let shown = title_number(&page, &format!(r#"[data-testid="protocol-damm-v2"] [data-field="{field}"]"#));
        assert_eq!(shown, f(&damm_stats[field]), "DAMM v2 {field}");
    }
    assert_eq!(
        page.text(r#"[data-testid="protocol-dlmm"] [data-field="total_pools"]"#),
        dlmm_stats["total_pools"].to_string()
    );
    for (id, sort, filter) in [
        ("top-volume", "volume_24h:desc", ""),
        ("top-fee-tvl", "fee_tvl_ratio_24h:desc", "&filter_by=tvl%3E%3D10000"),
        ("newest", "pool_created_at:desc", ""),
    ] {
        let table = format!(r#"[data-testid="{id}"]"#);
        page.wait(&format!("{table} tbody tr")).await;
        let body = raw(&dlmm(&format!("/pools?page_size=10&sort_by={sort}{filter}"))).await;
        assert_eq!(addresses(&page, &table), expected(&body), "{id}");
        let first = format!("{table} tbody tr a.name");
        assert_eq!(page.attr(&first, "href"), format!("/dlmm/pools/{}", s(&body["data"][0]["address"])));
        assert_eq!(page.text(&first), s(&body["data"][0]["name"]));
    }
}

#[wasm_bindgen_test]
async fn an_unreachable_host_is_named_with_the_way_out() {
    let page =
        mount_at("/", sources([pair_base(), pool_base(), NOWHERE, damm_v2_datapi_base(), portfolio_datapi_base()]));
    let panel = page.wait(r#"[data-state="error"][data-kind="network"][data-host="127.0.0.1:9"]"#).await;
    assert!(panel.text_content().unwrap().contains("Cannot reach 127.0.0.1:9"));
    let advice = page.text(r#"[data-testid="error-advice"]"#);
    assert!(advice.contains("DLMM datapi at 127.0.0.1:9") && advice.contains("CORS"), "{advice}");
    assert!(page.query(r#"[data-testid="error-advice"] a[href="/settings"]"#).is_some());
    // The other service still shows: one host down does not blank the page.
    page.wait(r#"[data-testid="protocol-damm-v2"] [data-field="total_tvl"]"#).await;
    // Try again asks once more and fails the same way.
    page.click(r#"[data-state="error"] button"#).await;
    page.wait(r#"[data-state="error"][data-host="127.0.0.1:9"]"#).await;
    drop(page);
    // Every source on the same host: the host is named, not a guessed service.
    let page = mount_at("/", nowhere());
    page.wait(r#"[data-state="error"][data-host="127.0.0.1:9"]"#).await;
    let advice = page.text(r#"[data-testid="error-advice"]"#);
    assert!(advice.starts_with("The API at 127.0.0.1:9"), "{advice}");
}

#[wasm_bindgen_test]
async fn dlmm_pools_default_sorted_filtered_paged_and_empty() {
    let table = r#"[data-testid="dlmm-pools-table"]"#;
    let page = mount_at("/dlmm/pools", replica());
    page.assert_loading_first().await;
    page.wait(&format!("{table} tbody tr")).await;
    let body = raw(&dlmm("/pools?page=1&page_size=25&sort_by=volume_24h:desc")).await;
    assert_eq!(addresses(&page, table), expected(&body));
    let first = format!("{table} tbody tr");
    assert_eq!(title_number(&page, &format!("{first} [data-field=\"tvl\"]")), f(&body["data"][0]["tvl"]));
    assert_eq!(title_number(&page, &format!("{first} [data-field=\"volume\"]")), f(&body["data"][0]["volume"]["24h"]));
    let info = page.text(r#"[data-testid="page-info"]"#);
    assert!(info.ends_with(&format!("of {}", body["total"])), "{info}");

    // A header sorts; the same header again flips the direction.
    page.click(r#"button[data-sort="tvl"]"#).await;
    let by_tvl = raw(&dlmm("/pools?page=1&page_size=25&sort_by=tvl:desc")).await;
    wait_first(&page, table, &s(&by_tvl["data"][0]["address"])).await;
    assert_eq!(addresses(&page, table), expected(&by_tvl));
    page.click(r#"th[aria-sort="descending"] button[data-sort="tvl"]"#).await;
    let tvl_asc = raw(&dlmm("/pools?page=1&page_size=25&sort_by=tvl:asc")).await;
    wait_first(&page, table, &s(&tvl_asc["data"][0]["address"])).await;
    assert!(web_sys::window().unwrap().location().search().unwrap().contains("order=asc"));
    drop(page);

    // Every filter, a window, a page size and a page, from a shared link.
    let link = "/dlmm/pools?sort=fee_tvl_ratio&window=1h&minTvl=1000&minVolume=10&hideBlacklisted=1&size=10&page=2";
    let page = mount_at(link, replica());
    let filter = "is_blacklisted%3Dfalse%20%26%26%20tvl%3E%3D1000%20%26%26%20volume_1h%3E%3D10";
    let body =
        raw(&dlmm(&format!("/pools?page=2&page_size=10&sort_by=fee_tvl_ratio_1h:desc&filter_by={filter}"))).await;
    if body["data"].as_array().unwrap().is_empty() {
        page.wait(r#"[data-state="empty"]"#).await;
    } else {
        page.wait(&format!("{table} tbody tr")).await;
        assert_eq!(addresses(&page, table), expected(&body));
        assert!(page.text(r#"[data-testid="page-info"]"#).starts_with("Page 2 of"));
    }
    assert_eq!(page.query("#p-tvl").unwrap().unchecked_into::<web_sys::HtmlInputElement>().value(), "1000");
    drop(page);

    // Free text and a token filter.
    let page = mount_at("/dlmm/pools?q=SOL&token=SOL&side=y", replica());
    let body = raw(&dlmm("/pools?page=1&page_size=25&query=SOL&sort_by=volume_24h:desc&filter_by=token_y%3DSOL")).await;
    assert!(!body["data"].as_array().unwrap().is_empty(), "the replica has SOL-quoted pools");
    page.wait(&format!("{table} tbody tr")).await;
    assert_eq!(addresses(&page, table), expected(&body));
    drop(page);

    expect_at("/dlmm/pools?q=zzzz-nothing", replica(), r#"[data-state="empty"]"#).await;
    expect_at("/dlmm/pools", nowhere(), r#"[data-state="error"][data-host="127.0.0.1:9"]"#).await;
}

#[wasm_bindgen_test]
async fn dlmm_groups_list_a_group_and_an_unknown_group() {
    let page = mount_at("/dlmm/groups", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="dlmm-groups-table"] tbody tr"#).await;
    let body = raw(&dlmm(
        "/pools/groups?page=1&page_size=25&sort_by=volume_24h:desc&volume_tw=volume_24h&fee_tvl_ratio_tw=fee_tvl_ratio_24h",
    ))
    .await;
    let shown = page.attrs(r#"[data-testid="dlmm-groups-table"] tbody tr"#, "data-group");
    let groups: Vec<String> = body["data"].as_array().unwrap().iter().map(|g| s(&g["lexical_order_mints"])).collect();
    assert_eq!(shown, groups);
    assert_eq!(page.text(r#"tbody tr [data-field="pool_count"]"#), body["data"][0]["pool_count"].to_string());
    drop(page);

    // A pair's pools come from two filtered pool lists (which every host serves), merged: the group's pools.
    let samples = samples().await;
    let key = s(&samples["datapi"]["dlmm_group"]);
    let page = mount_at(&format!("/dlmm/groups/{key}"), replica());
    page.assert_loading_first().await;
    let table = r#"[data-testid="dlmm-group-table"]"#;
    page.wait(&format!("{table} tbody tr")).await;
    let body = raw(&dlmm(&format!("/pools/groups/{key}?page=1&page_size=100&sort_by=volume_24h:desc"))).await;
    assert!(body["data"].as_array().unwrap().len() >= 2);
    let (mut shown, mut members) = (addresses(&page, table), expected(&body));
    shown.sort();
    members.sort();
    assert_eq!(shown, members);
    drop(page);

    let mut mints = [s(&samples["datapi"]["wallet_without_positions"]), s(&samples["datapi"]["unknown_pool"])];
    mints.sort();
    expect_at(&format!("/dlmm/groups/{}-{}", mints[0], mints[1]), replica(), r#"[data-state="empty"]"#).await;
    expect_at("/dlmm/groups/not-a-key", replica(), r#"[data-kind="invalidInput"]"#).await;
}

#[wasm_bindgen_test]
async fn keeper_pages_are_offered_only_with_a_keeper_host() {
    // The vendor's retired keeper hosts (not the build's, which are the replica's in tests).
    let datapi_only = sources([
        "https://dlmm-api.meteora.ag",
        "https://dammv2-api.meteora.ag",
        dlmm_datapi_base(),
        damm_v2_datapi_base(),
        portfolio_datapi_base(),
    ]);
    let page = mount_at("/pairs", datapi_only);
    page.wait(r#"[data-state="keeper-unconfigured"]"#).await;
    assert!(page.text(r#"[data-state="keeper-unconfigured"]"#).contains("Pair API"));
    assert_eq!(page.count(r#"[data-testid="nav-keeper"]"#), 0);
    assert_eq!(page.count(r#"[data-testid="pairs-table"]"#), 0);
    drop(page);
    let page = mount_at("/keeper", replica());
    page.wait(r#"[data-testid="top-tvl"] tbody tr"#).await;
    assert_eq!(page.count(r#"[data-testid="nav-keeper"]"#), 1);
}

#[wasm_bindgen_test]
async fn search_finds_addresses_groups_and_names_on_whichever_service_has_them() {
    let samples = samples().await;
    let datapi = &samples["datapi"];
    let pool = s(&datapi["dlmm_pools"][0]);
    let page = mount_at(&format!("/search?q={pool}"), replica());
    wait_path(&format!("/dlmm/pools/{pool}")).await;
    drop(page);

    let damm = s(&datapi["damm_v2_pools"][0]);
    let dlmm_knows = gloo_net::http::Request::get(&dlmm(&format!("/pools/{damm}"))).send().await.unwrap().status();
    let page = mount_at(&format!("/search?q={damm}"), replica());
    let want = if dlmm_knows == 200 { format!("/dlmm/pools/{damm}") } else { format!("/damm-v2/pools/{damm}") };
    wait_path(&want).await;
    drop(page);

    let key = s(&datapi["dlmm_group"]);
    let page = mount_at(&format!("/search?q={}", key.replace('-', "%20")), replica());
    page.wait(r#"[data-testid="dlmm-group-table"] tbody tr"#).await;
    wait_path(&format!("/dlmm/groups/{key}")).await;
    drop(page);

    let page = mount_at("/search?q=SOL", replica());
    page.wait(r#"[data-testid="search-dlmm"] tbody tr"#).await;
    let body = raw(&dlmm("/pools?page_size=10&query=SOL")).await;
    assert_eq!(addresses(&page, r#"[data-testid="search-dlmm"]"#), expected(&body));
    drop(page);

    let no_positions = s(&datapi["wallet_without_positions"]);
    expect_at(&format!("/search?q={no_positions}"), replica(), r#"[data-state="not-found"]"#).await;
    expect_at("/search?q=zzzz-nothing", replica(), r#"[data-state="not-found"]"#).await;
    expect_at(&format!("/search?q={pool}"), nowhere(), r#"[data-state="error"][data-host="127.0.0.1:9"]"#).await;
}
