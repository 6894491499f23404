//! The explorer's pages and the plain functions behind them.
//!
//! Logic lives in plain modules ([`config`], [`format`]) with ordinary unit tests; components in [`pages`] only
//! arrange what those return.

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

/// The whole app: header, routes and footer.
#[component]
pub fn App() -> impl IntoView {
    let config = SiteConfig::from_environment();
    provide_context(config.client());
    let footer = format!("pair API {} · pool API {}", config.pair_base_url, config.pool_base_url);
    view! {
        <Router>
            <header class="top">
                <A href="/" attr:class="brand">"DLMM Explorer"</A>
                <nav>
                    <A href="/">"Home"</A>
                </nav>
            </header>
            <main>
                <Routes fallback=pages::NotFound>
                    <Route path=path!("/") view=pages::Home />
                    <Route path=path!("/pools/:address") view=pages::PoolPage />
                </Routes>
            </main>
            <footer class="bottom">{footer}</footer>
        </Router>
    }
}
