//! Component tests: each page mounted into a test div (the whole shell, at the page's route) with a client aimed at
//! the replica (its URLs baked in at build time) or at a closed port, checking the loading, data, empty, not-found
//! and error states. Run with `cargo test --target wasm32-unknown-unknown -p dlmm-explorer` (wasm-bindgen-test in
//! headless Chromium; `cargo xtask ci` passes the replica's URLs).
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use dlmm_explorer::Shell;
use dlmm_explorer::config::SiteConfig;
use leptos::prelude::*;
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const NOWHERE: &str = "http://127.0.0.1:9";

fn pair_base() -> &'static str {
    match option_env!("DLMM_PAIR_BASE_URL") {
        Some(url) => url,
        None => panic!("DLMM_PAIR_BASE_URL must be set at build time (run `cargo xtask ci`)"),
    }
}

fn pool_base() -> &'static str {
    match option_env!("DLMM_POOL_BASE_URL") {
        Some(url) => url,
        None => panic!("DLMM_POOL_BASE_URL must be set at build time (run `cargo xtask ci`)"),
    }
}

fn replica() -> SiteConfig {
    SiteConfig::with(&[("pairBaseUrl", pair_base()), ("poolBaseUrl", pool_base())])
}

fn nowhere() -> SiteConfig {
    SiteConfig::with(&[("pairBaseUrl", NOWHERE), ("poolBaseUrl", NOWHERE)])
}

async fn samples() -> Value {
    raw(&format!("{}/__replica/samples", pair_base())).await
}

async fn raw(url: &str) -> Value {
    gloo_net::http::Request::get(url).send().await.expect("replica reachable").json().await.expect("json")
}

/// A mounted page: its container and the handle that unmounts it when dropped.
struct Mounted {
    root: web_sys::HtmlElement,
    _handle: Box<dyn std::any::Any>,
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.root.remove();
    }
}

impl Mounted {
    fn query(&self, selector: &str) -> Option<web_sys::Element> {
        self.root.query_selector(selector).ok().flatten()
    }

    fn count(&self, selector: &str) -> u32 {
        self.root.query_selector_all(selector).map(|l| l.length()).unwrap_or(0)
    }

    /// Waits (up to 10 s) until `selector` matches, and returns the element.
    async fn wait(&self, selector: &str) -> web_sys::Element {
        for _ in 0..500 {
            if let Some(e) = self.query(selector) {
                return e;
            }
            gloo_timers::future::sleep(Duration::from_millis(20)).await;
        }
        panic!("{selector} never appeared; page: {}", self.root.inner_html());
    }

    /// Asserts the loading state shows before the data (polled at the timer's finest step).
    async fn assert_loading_first(&self) {
        for _ in 0..200 {
            if self.query(r#"[data-state="loading"]"#).is_some() {
                return;
            }
            gloo_timers::future::sleep(Duration::ZERO).await;
        }
        panic!("no loading state; page: {}", self.root.inner_html());
    }

    fn text(&self, selector: &str) -> String {
        self.query(selector).and_then(|e| e.text_content()).unwrap_or_default()
    }
}

/// Mounts the shell at `path` (the router reads the current URL) with `config`.
fn mount_at(path: &str, config: SiteConfig) -> Mounted {
    let window = web_sys::window().unwrap();
    window.history().unwrap().replace_state_with_url(&JsValue::NULL, "", Some(path)).unwrap();
    let document = window.document().unwrap();
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || view! { <Shell config=config /> });
    Mounted { root, _handle: Box::new(handle) }
}

fn s(v: &Value) -> String {
    v.as_str().unwrap().to_owned()
}

#[wasm_bindgen_test]
async fn home_loading_data_and_error() {
    let page = mount_at("/", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="top-tvl"] tbody tr"#).await;
    page.wait(r#"[data-field="total_tvl"]"#).await;
    assert_eq!(page.count(r#"[data-testid="top-tvl"] tbody tr"#), 10);
    drop(page);
    let page = mount_at("/", nowhere());
    page.wait(r#"[data-state="error"][data-kind="network"] button"#).await;
}

#[wasm_bindgen_test]
async fn pairs_data_empty_error_and_retry() {
    let page = mount_at("/pairs", replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="pairs-table"] tbody tr"#).await;
    assert_eq!(page.count(r#"[data-testid="pairs-table"] tbody tr"#), 25);
    let expected = raw(&format!("{}/pair/all_with_pagination?limit=25&sort_key=tvl&order_by=desc", pair_base())).await;
    let first = page.query(r#"[data-testid="pairs-table"] tbody tr"#).unwrap();
    assert_eq!(first.get_attribute("data-address").unwrap(), s(&expected["pairs"][0]["address"]));
    drop(page);

    let page = mount_at("/pairs?q=zzzz-nothing&view=groups", replica());
    page.wait(r#"[data-state="empty"]"#).await;
    drop(page);

    let page = mount_at("/pairs", nowhere());
    let button: web_sys::HtmlElement = page.wait(r#"[data-state="error"] button"#).await.unchecked_into();
    button.click();
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

    let page = mount_at(&format!("/pairs/{}", s(&samples["unknown_pair"])), replica());
    page.wait(r#"[data-state="not-found"]"#).await;
    drop(page);
    let page = mount_at(&format!("/pairs/{address}"), nowhere());
    page.wait(r#"[data-state="error"]"#).await;
}

#[wasm_bindgen_test]
async fn group_data_and_not_indexed() {
    let samples = samples().await;
    let page = mount_at(&format!("/groups/{}", s(&samples["group"])), replica());
    page.assert_loading_first().await;
    page.wait(r#"[data-testid="group-table"]"#).await;
    assert!(page.count(r#"[data-testid="group-table"] thead th[data-address]"#) >= 2);
    drop(page);
    let page = mount_at(&format!("/groups/{}", s(&samples["unindexed_group"])), replica());
    page.wait(r#"[data-state="not-indexed"]"#).await;
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
    let page = mount_at(&format!("/positions/{}", s(&samples["unindexed_position"])), replica());
    page.wait(r#"[data-state="not-indexed"]"#).await;
    drop(page);
    let page = mount_at(&format!("/positions/{address}"), nowhere());
    page.wait(r#"[data-state="error"]"#).await;
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
    let page = mount_at(&format!("/wallets/{}/{}", s(&none["wallet"]), s(&none["pair"])), replica());
    page.wait(r#"[data-state="empty"]"#).await;
}

#[wasm_bindgen_test]
async fn pool_data_and_not_found() {
    let samples = samples().await;
    let page = mount_at(&format!("/pools/{}", s(&samples["pools"][0])), replica());
    page.wait(r#"[data-field="tvl"]"#).await;
    drop(page);
    let page = mount_at(&format!("/pools/{}", s(&samples["unknown_pool"])), replica());
    page.wait(r#"[data-kind="notFound"]"#).await;
}

#[wasm_bindgen_test]
async fn search_routes_and_reports_nothing_found() {
    let samples = samples().await;
    let position = s(&samples["positions"][0]);
    let page = mount_at(&format!("/search?q={position}"), replica());
    page.wait(r#"[data-testid="timeline"]"#).await;
    let path = web_sys::window().unwrap().location().pathname().unwrap();
    assert_eq!(path, format!("/positions/{position}"));
    drop(page);
    let page = mount_at(&format!("/search?q={}", s(&samples["unknown_pool"])), replica());
    page.wait(r#"[data-state="not-found"]"#).await;
    drop(page);
    let page = mount_at("/search?q=not-an-address", replica());
    page.wait(r#"[data-state="not-found"]"#).await;
}

#[wasm_bindgen_test]
async fn unknown_routes_show_not_found() {
    let page = mount_at("/nope/nothing", replica());
    page.wait(r#"[data-state="not-found"]"#).await;
}

#[wasm_bindgen_test]
async fn a_link_source_waits_for_consent_and_a_foreign_source_is_announced() {
    let page = mount_at("/pairs?pairBaseUrl=http%3A%2F%2F127.0.0.1%3A9", replica());
    page.wait(r#"[data-testid="consent"]"#).await;
    assert!(page.text(r#"[data-testid="consent"] h2"#).contains("127.0.0.1:9"), "the panel names the host");
    // Meanwhile the page reads the build's source, and no banner claims otherwise.
    page.wait(r#"[data-testid="pairs-table"] tbody tr"#).await;
    assert_eq!(page.count(r#"[data-testid="source-banner"]"#), 0);
    let decline: web_sys::HtmlElement = page.wait(r#"[data-testid="consent-decline"]"#).await.unchecked_into();
    decline.click();
    let panel: web_sys::HtmlElement = page.wait(r#"[data-testid="consent"]"#).await.unchecked_into();
    for _ in 0..50 {
        if panel.hidden() {
            break;
        }
        gloo_timers::future::sleep(Duration::from_millis(20)).await;
    }
    assert!(panel.hidden(), "ignoring the link hides the panel");
    let search = web_sys::window().unwrap().location().search().unwrap();
    assert!(!search.contains("BaseUrl"), "the proposal left the address bar: {search}");
    drop(page);

    let page = mount_at("/", nowhere());
    page.wait(r#"[data-testid="source-banner"] button"#).await;
    assert!(page.text(r#"[data-testid="source-banner"]"#).contains("Pair API from 127.0.0.1:9"));
    assert_eq!(page.count(r#"[data-testid="consent"]"#), 0);
}
