//! The explorer's pages and the plain functions behind them.
//!
//! Logic lives in plain modules ([`chart`], [`config`], [`format`], [`query`], [`search`], [`timeline`]) with
//! ordinary unit tests; components in [`pages`] only arrange what those return.

pub mod chart;
pub mod config;
pub mod format;
pub mod pages;
pub mod query;
pub mod search;
pub mod timeline;

use leptos::prelude::*;
use leptos_router::components::{A, Route, Router, Routes};
use leptos_router::path;

use crate::config::SiteConfig;

/// The localStorage key of the chosen colour theme.
pub const THEME_KEY: &str = "dlmm-explorer.theme";

thread_local! {
    static BASE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Sets the path prefix of [`link`] (the router base: `` at the root, `/sub/dir` under a sub-path).
pub fn set_link_base(base: &str) {
    BASE.with(|b| *b.borrow_mut() = base.to_owned());
}

/// A site path as an `href`: the router base + `path` (`<A>` leaves absolute paths as they are).
pub fn link(path: &str) -> String {
    BASE.with(|b| format!("{}{path}", b.borrow()))
}

/// The router base for a `<base href>` path: `/` → `` and `/sub/dir/` → `/sub/dir`.
pub fn router_base(base_path: &str) -> String {
    base_path.trim_end_matches('/').to_owned()
}

/// The path of the page's `<base href>`, if the page has one (a sub-path deployment).
fn document_base_path() -> String {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return String::new() };
    if document.query_selector("base[href]").ok().flatten().is_none() {
        return String::new();
    }
    document
        .base_uri()
        .ok()
        .flatten()
        .and_then(|uri| web_sys::Url::new(&uri).ok())
        .map(|u| router_base(&u.pathname()))
        .unwrap_or_default()
}

/// The whole app for this page load: base URLs saved in this browser, else the build's (a link's proposal applies
/// only once the visitor confirms it).
#[component]
pub fn App() -> impl IntoView {
    view! { <Shell config=SiteConfig::from_environment() /> }
}

/// The app for a given configuration (component tests mount this with their own).
#[component]
pub fn Shell(config: SiteConfig) -> impl IntoView {
    provide_context(config.client());
    provide_context(config.clone());
    let footer = config.entries().map(|(s, url)| format!("{} {url}", s.label)).collect::<Vec<_>>().join(" · ");
    let base = document_base_path();
    set_link_base(&base);
    view! {
        <Router base=base>
            <a class="skip" href="#main">"Skip to content"</a>
            <header class="top">
                <A href={crate::link("/")} attr:class="brand">"DLMM Explorer"</A>
                <nav aria-label="Main">
                    <A href={crate::link("/pairs")}>"Pairs"</A>
                    <A href={crate::link("/pairs?view=groups")}>"Groups"</A>
                    <A href={crate::link("/pools")}>"Pools"</A>
                    <A href={crate::link("/settings")}>"Settings"</A>
                </nav>
                <pages::SearchBox />
                <ThemeToggle />
            </header>
            <pages::SourceBanner config=config.clone() />
            <pages::ConsentPanel config=config.clone() />
            <main id="main" tabindex="-1">
                <Routes fallback=pages::NotFound>
                    <Route path=path!("/") view=pages::Home />
                    <Route path=path!("/pairs") view=pages::PairsPage />
                    <Route path=path!("/pairs/:address") view=pages::PairPage />
                    <Route path=path!("/groups/:mints") view=pages::GroupPage />
                    <Route path=path!("/positions/:address") view=pages::PositionPage />
                    <Route path=path!("/wallets/:wallet/:pair") view=pages::WalletPage />
                    <Route path=path!("/pools") view=pages::PoolLookup />
                    <Route path=path!("/pools/:address") view=pages::PoolPage />
                    <Route path=path!("/search") view=pages::SearchPage />
                    <Route path=path!("/settings") view=pages::SettingsPage />
                    <Route path=path!("/dlmm/wallets/:wallet") view=pages::DlmmWalletPage />
                    <Route path=path!("/dlmm/positions/:address") view=pages::DlmmPositionPage />
                </Routes>
            </main>
            <footer class="bottom">{footer}</footer>
        </Router>
    }
}

/// Switches between the light and dark themes (remembered in this browser).
#[component]
fn ThemeToggle() -> impl IntoView {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    let prefers_dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    let saved = storage.as_ref().and_then(|s| s.get_item(THEME_KEY).ok().flatten());
    let dark = RwSignal::new(saved.as_deref().map_or(prefers_dark, |t| t == "dark"));
    Effect::new(move |_| {
        let theme = if dark.get() { "dark" } else { "light" };
        if let Some(root) = &root {
            let _ = root.set_attribute("data-theme", theme);
        }
    });
    let toggle = move |_| {
        dark.update(|d| *d = !*d);
        if let Some(s) = &storage {
            let _ = s.set_item(THEME_KEY, if dark.get_untracked() { "dark" } else { "light" });
        }
    };
    view! {
        <button type="button" class="theme" on:click=toggle aria-pressed=move || dark.get().to_string()
            title="Switch between light and dark">
            {move || if dark.get() { "☀ Light" } else { "☾ Dark" }}
        </button>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn router_base_drops_the_trailing_slash() {
        assert_eq!(super::router_base("/"), "");
        assert_eq!(super::router_base("/sub/dir/"), "/sub/dir");
    }

    #[test]
    fn links_carry_the_base() {
        assert_eq!(super::link("/pairs"), "/pairs");
        super::set_link_base("/explorer");
        assert_eq!(super::link("/pairs/x"), "/explorer/pairs/x");
        super::set_link_base("");
    }
}
