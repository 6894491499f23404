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

// One test binary (one link step); each area of the site has its own module of tests.
#[path = "components/keeper.rs"]
mod keeper;
#[path = "components/overview.rs"]
mod overview;
#[path = "components/pool_pages.rs"]
mod pool_pages;
#[path = "components/portfolio.rs"]
mod portfolio;

/// In the browser, numbers are rounded by JavaScript (`toFixed`, `toExponential`) rather than by Rust's float printer,
/// which the explorer does not ship: the same text as natively (`format.rs`'s unit tests) wherever the value is not
/// exactly halfway, and away from zero where it is.
#[wasm_bindgen_test]
fn numbers_are_rounded_in_the_browser_as_natively() {
    use dlmm_explorer::format::{compact, exact, fixed, percent, to_exponential, to_fixed};
    let cases =
        [(1.005, 2, "1.00"), (-0.001, 2, "-0.00"), (2.675, 2, "2.67"), (123.456789, 4, "123.4568"), (0.0, 3, "0.000")];
    for (value, decimals, text) in cases {
        assert_eq!(to_fixed(value, decimals), text, "{text}");
        assert_eq!(to_fixed(value, decimals), format!("{value:.decimals$}"), "{text}");
    }
    assert_eq!(to_fixed(1e300, 2), "1.00e300", "from 1e21 up, an exponent");
    assert_eq!(
        (to_fixed(0.125, 2), to_fixed(-2.5, 0)),
        ("0.13".to_owned(), "-3".to_owned()),
        "halfway: away from zero"
    );
    for (value, decimals, text) in [(1.23456e17, 3, "1.235e17"), (4.3256e-10, 3, "4.326e-10"), (-7.0, 2, "-7.00e0")] {
        assert_eq!(to_exponential(value, decimals), text);
    }
    for value in [5e-324, 1.7976931348623157e308, -1.5e-7, 1e16, 0.0] {
        assert_eq!(dlmm_query::float::exponent_text(value), format!("{value:e}"));
    }
    assert_eq!(
        (compact(5_791_293.68), percent(1.23456), fixed(0.000123456, 8)),
        ("5.79M".into(), "1.2346 %".into(), "0.00012346".into())
    );
    assert_eq!(exact(2.5e-7), "2.5e-7");
}

/// Hosts are named as the browser parses them, which is where requests go: credentials, `\\`, `%` escapes and
/// look-alike letters (in punycode) cannot make a foreign host read like a vendor's.
#[wasm_bindgen_test]
fn hosts_are_named_as_the_browser_parses_them() {
    use dlmm_explorer::config::{host_of, origin_of};
    assert_eq!(host_of("https://evil.example:8443/api"), "evil.example:8443");
    assert_eq!(host_of("https://dlmm-api.meteora.ag@evil.example/x"), "evil.example");
    assert_eq!(host_of(r"https://evil.example\.x.meteora.ag"), "evil.example");
    assert_eq!(host_of("https://%65vil.example"), "evil.example");
    let look_alike = host_of("https://dlmm.m\u{435}teora.ag");
    assert!(look_alike.starts_with("dlmm.xn--") && look_alike.is_ascii(), "{look_alike}");
    assert_eq!(origin_of("HTTPS://Mirror.Example/api"), "https://mirror.example");
    assert_eq!((host_of("not a url"), origin_of("not a url")), (String::new(), String::new()));
}

#[path = "../../tests/wasm/replica_urls.rs"]
mod replica_urls;
pub use replica_urls::*;

/// The sources at these base URLs: the pair API, the pool API, the DLMM datapi, the DAMM v2 datapi and the
/// portfolio service.
pub fn sources([pair, pool, dlmm, damm, portfolio]: [&str; 5]) -> SiteConfig {
    SiteConfig::with(&[
        ("pairBaseUrl", pair),
        ("poolBaseUrl", pool),
        ("dlmmDatapiBaseUrl", dlmm),
        ("dammV2DatapiBaseUrl", damm),
        ("portfolioDatapiBaseUrl", portfolio),
    ])
}

pub fn replica() -> SiteConfig {
    sources([pair_base(), pool_base(), dlmm_datapi_base(), damm_v2_datapi_base(), portfolio_datapi_base()])
}

pub fn nowhere() -> SiteConfig {
    sources([NOWHERE; 5])
}

pub async fn samples() -> Value {
    raw(&format!("{}/__replica/samples", pair_base())).await
}

pub async fn raw(url: &str) -> Value {
    gloo_net::http::Request::get(url).send().await.expect("replica reachable").json().await.expect("json")
}

/// A mounted page: its container and the handle that unmounts it when dropped.
pub struct Mounted {
    root: web_sys::HtmlElement,
    _handle: Box<dyn std::any::Any>,
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.root.remove();
    }
}

impl Mounted {
    pub fn query(&self, selector: &str) -> Option<web_sys::Element> {
        self.root.query_selector(selector).ok().flatten()
    }

    pub fn count(&self, selector: &str) -> u32 {
        self.root.query_selector_all(selector).map(|l| l.length()).unwrap_or(0)
    }

    /// Waits (up to 10 s) until `selector` matches, and returns the element.
    pub async fn wait(&self, selector: &str) -> web_sys::Element {
        let found = poll(500, STEP, || self.query(selector)).await;
        found.unwrap_or_else(|| panic!("{selector} never appeared; page: {}", self.root.inner_html()))
    }

    /// Waits until `selector` matches, and clicks it.
    pub async fn click(&self, selector: &str) {
        self.wait(selector).await.unchecked_into::<web_sys::HtmlElement>().click();
    }

    /// Asserts the loading state shows before the data (polled at the timer's finest step).
    pub async fn assert_loading_first(&self) {
        if poll(200, Duration::ZERO, || self.query(r#"[data-state="loading"]"#)).await.is_none() {
            panic!("no loading state; page: {}", self.root.inner_html());
        }
    }

    /// The attribute `name` of every element matching `selector` in this page (a failed test's page may stay
    /// mounted, so nothing is read from the whole document).
    pub fn attrs(&self, selector: &str, name: &str) -> Vec<String> {
        let found = self.root.query_selector_all(selector).unwrap();
        (0..found.length())
            .filter_map(|i| found.item(i)?.dyn_into::<web_sys::Element>().ok()?.get_attribute(name))
            .collect()
    }

    /// The attribute `name` of the first element matching `selector` (empty if none).
    pub fn attr(&self, selector: &str, name: &str) -> String {
        self.query(selector).and_then(|e| e.get_attribute(name)).unwrap_or_default()
    }

    pub fn text(&self, selector: &str) -> String {
        self.query(selector).and_then(|e| e.text_content()).unwrap_or_default()
    }
}

/// The step between two polls of [`poll`].
pub const STEP: Duration = Duration::from_millis(20);

/// Calls `ready` until it gives a value, at most `tries` times, `step` apart.
pub async fn poll<T>(tries: u32, step: Duration, mut ready: impl FnMut() -> Option<T>) -> Option<T> {
    for _ in 0..tries {
        if let Some(value) = ready() {
            return Some(value);
        }
        gloo_timers::future::sleep(step).await;
    }
    None
}

/// Mounts the shell at `path` (the router reads the current URL) with `config`.
pub fn mount_at(path: &str, config: SiteConfig) -> Mounted {
    let window = web_sys::window().unwrap();
    window.history().unwrap().replace_state_with_url(&JsValue::NULL, "", Some(path)).unwrap();
    let document = window.document().unwrap();
    let root: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone(), move || view! { <Shell config=config /> });
    Mounted { root, _handle: Box::new(handle) }
}

/// Mounts the shell at `path` with `config`, waits until `selector` matches, and unmounts it.
pub async fn expect_at(path: &str, config: SiteConfig, selector: &str) {
    mount_at(path, config).wait(selector).await;
}

pub fn s(v: &Value) -> String {
    v.as_str().unwrap().to_owned()
}

/// A JSON number, or a number written as text (the portfolio routes send their figures as text).
pub fn f(v: &Value) -> f64 {
    match v {
        Value::String(text) => text.parse().expect("a number as text"),
        other => other.as_f64().unwrap_or_else(|| panic!("{other} is not a number")),
    }
}
