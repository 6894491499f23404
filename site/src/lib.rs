//! The explorer's pages and the plain functions behind them.
//!
//! Logic lives in plain modules ([`config`], [`contract_check`], [`format`](mod@format), [`pool_list`], [`query`], [`route`],
//! [`search`], [`timeline`], [`url_state`], [`wallet_pnl`], and the plain parts of [`charts`]) with ordinary unit tests; components
//! in [`pages`] only arrange what those return, from the view pieces they share ([`ui`]) and the chart views.
//!
//! Navigation leads with the datapi pages (`/`, `/dlmm/…`, `/damm-v2/…`); the keeper pages (`/keeper`, `/pairs`,
//! `/pools`, …) are offered only when a keeper-compatible host is configured, and say so when visited without one.

pub mod bin_range;
pub mod charts;
pub mod client;
pub mod config;
pub mod contract_check;
pub mod contract_worker;
pub mod daily_stats;
pub mod export;
pub mod format;
pub mod pages;
pub mod pool_list;
pub mod query;
pub mod resource;
pub mod route;
pub mod search;
pub mod timeline;
pub mod token_pair;
pub mod ui;
pub mod url_state;
pub mod wallet_pnl;

use leptos::prelude::*;
use leptos_router::components::{A, Router};

use crate::config::SiteConfig;
use crate::route::Route as Page;

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
    let keeper = config.keeper_configured();
    view! {
        <Router base=base.clone()>
            <a class="skip" href="#main">"Skip to content"</a>
            <header class="top">
                <A href={crate::link("/")} attr:class="brand">"DLMM Explorer"</A>
                <nav aria-label="Main">
                    <A href={crate::link("/")} exact=true>"Overview"</A>
                    <A href={crate::link("/dlmm/pools")}>"DLMM pools"</A>
                    <A href={crate::link("/dlmm/groups")}>"Groups"</A>
                    <A href={crate::link("/damm-v2/pools")}>"DAMM v2 pools"</A>
                    {keeper.then(|| view! {
                        <A href={crate::link("/keeper")} attr:data-testid="nav-keeper">"Keeper"</A>
                        <A href={crate::link("/pairs")} attr:data-testid="nav-pairs">"Pairs"</A>
                    })}
                    <A href={crate::link("/settings")}>"Settings"</A>
                </nav>
                <pages::SearchBox />
                <ThemeToggle />
            </header>
            <pages::SourceBanner config=config.clone() />
            <pages::ConsentPanel config=config.clone() />
            <main id="main" tabindex="-1">
                <route::Routed base=base />
            </main>
            <footer class="bottom">{footer}</footer>
        </Router>
    }
}

/// The view of `page` (its parameters are read by the page itself, through [`route::param`]).
fn page_view(page: &Page) -> AnyView {
    let keeper = |api: KeeperApi, page: fn() -> AnyView| view! { <KeeperGate api=api>{page()}</KeeperGate> }.into_any();
    match page {
        Page::Home => view! { <pages::Home /> }.into_any(),
        Page::DlmmPools => view! { <pages::DlmmPoolsPage /> }.into_any(),
        Page::DlmmPool { .. } => view! { <pages::DlmmPoolPage /> }.into_any(),
        Page::DlmmGroups => view! { <pages::DlmmGroupsPage /> }.into_any(),
        Page::DlmmGroup { .. } => view! { <pages::DlmmGroupPage /> }.into_any(),
        // The DLMM wallet page is folded into the wallet page, which shows its sections.
        Page::DlmmWallet { .. } | Page::WalletPnl { .. } => view! { <pages::WalletPnlPage /> }.into_any(),
        Page::DlmmPosition { .. } => view! { <pages::DlmmPositionPage /> }.into_any(),
        Page::DammV2Pools => view! { <pages::DammV2PoolsPage /> }.into_any(),
        Page::DammV2Pool { .. } => view! { <pages::DammV2PoolPage /> }.into_any(),
        Page::KeeperHome => keeper(KeeperApi::Any, || view! { <pages::KeeperHome /> }.into_any()),
        Page::Pairs => keeper(KeeperApi::Pair, || view! { <pages::PairsPage /> }.into_any()),
        Page::Pair { .. } => keeper(KeeperApi::Pair, || view! { <pages::PairPage /> }.into_any()),
        Page::Group { .. } => keeper(KeeperApi::Pair, || view! { <pages::GroupPage /> }.into_any()),
        Page::Position { .. } => keeper(KeeperApi::Pair, || view! { <pages::PositionPage /> }.into_any()),
        Page::Wallet { .. } => keeper(KeeperApi::Pair, || view! { <pages::WalletPage /> }.into_any()),
        Page::PoolLookup => keeper(KeeperApi::Pool, || view! { <pages::PoolLookup /> }.into_any()),
        Page::Pool { .. } => keeper(KeeperApi::Pool, || view! { <pages::PoolPage /> }.into_any()),
        Page::Search => view! { <pages::SearchPage /> }.into_any(),
        Page::Settings => view! { <pages::SettingsPage /> }.into_any(),
        Page::NotFound => view! { <pages::NotFound /> }.into_any(),
    }
}

/// Which keeper API a keeper page reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeeperApi {
    /// The pair API (pairs, groups, positions, wallets).
    Pair,
    /// The pool API (pool metrics).
    Pool,
    /// Either (the keeper overview).
    Any,
}

impl KeeperApi {
    /// Whether `config` has a keeper-compatible host for this API.
    pub fn configured(self, config: &SiteConfig) -> bool {
        match self {
            Self::Pair => config.pair_api_configured(),
            Self::Pool => config.pool_api_configured(),
            Self::Any => config.keeper_configured(),
        }
    }

    /// The name of its source, as the settings list it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pair => "Pair API",
            Self::Pool => "Pool API",
            Self::Any => "Pair API or Pool API",
        }
    }
}

/// A keeper page, or, when no keeper-compatible host is configured for it (only the vendor's retired default), a
/// panel that says so and where the live pages are.
#[component]
pub fn KeeperGate(api: KeeperApi, children: Children) -> impl IntoView {
    let configured = use_context::<SiteConfig>().is_some_and(|c| api.configured(&c));
    if configured {
        return children().into_any();
    }
    view! {
        <section class="state not-found" role="alert" data-state="keeper-unconfigured">
            <h1>"Keeper API not configured"</h1>
            <p>{format!(
                "This page reads the keeper {}, whose vendor hosts are retired. Set a keeper-compatible base URL \
                 (a replica or a mirror) in ",
                api.label()
            )}<A href={crate::link("/settings")}>"Settings"</A>", or browse the live "
                <A href={crate::link("/dlmm/pools")}>"DLMM pools"</A>"."</p>
        </section>
    }
    .into_any()
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
