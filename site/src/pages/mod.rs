//! The explorer's pages and the small components they share.

mod cards;
mod chart;
mod controls;
mod damm_v2_pool;
mod damm_v2_pools;
mod dlmm_groups;
mod dlmm_pool;
mod dlmm_pools;
mod dlmm_position;
mod dlmm_wallet;
mod facts;
mod group;
mod home;
mod keeper_home;
mod pair;
mod pairs;
mod pool;
mod position;
mod search;
mod settings;
mod sources;
mod wallet;

pub use chart::Chart;
pub use damm_v2_pool::DammV2PoolPage;
pub use damm_v2_pools::DammV2PoolsPage;
pub use dlmm_groups::{DlmmGroupPage, DlmmGroupsPage};
pub use dlmm_pool::DlmmPoolPage;
pub use dlmm_pools::DlmmPoolsPage;
pub use dlmm_position::DlmmPositionPage;
pub use dlmm_wallet::DlmmWalletPage;
pub use group::GroupPage;
pub use home::Home;
pub use keeper_home::KeeperHome;
pub use pair::PairPage;
pub use pairs::PairsPage;
pub use pool::{PoolLookup, PoolPage};
pub use position::PositionPage;
pub use search::{SearchBox, SearchPage};
pub use settings::SettingsPage;
pub use sources::{ConsentPanel, SourceBanner};
pub use wallet::WalletPage;

use std::rc::Rc;

use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;

use crate::client::SiteClient;
use crate::format::{compact_usd, exact, percent_short, short_address};

/// Collects an iterator of views as a list of [`AnyView`]s: every list of the explorer is then the one view type
/// `Vec<AnyView>`, whose building, updating and mounting code is in the `.wasm` once, rather than once per kind of
/// item (`collect_view` gives a `Vec` of each item's own type: 5 KB gzip more for the explorer's lists).
pub trait CollectAny {
    /// The views, each erased.
    fn collect_any(self) -> Vec<AnyView>;
}

impl<I: Iterator<Item: IntoAny>> CollectAny for I {
    fn collect_any(self) -> Vec<AnyView> {
        self.map(IntoAny::into_any).collect()
    }
}

/// The Solana explorer's page for an account.
pub fn explorer_account_url(address: &str) -> String {
    format!("https://explorer.solana.com/address/{address}")
}

/// The Solana explorer's page for a transaction.
pub fn explorer_tx_url(tx: &str) -> String {
    format!("https://explorer.solana.com/tx/{tx}")
}

/// Any unknown path.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="state not-found" role="alert" data-state="not-found">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address. " <a href={crate::link("/")}>"Back to the start"</a></p>
        </section>
    }
}

/// A failed load: what happened, in words, the host it came from, and a way to try again. A host that cannot be
/// reached (down, or refusing this site's origin by CORS, which the browser reports the same way) is named, with
/// the advice to set another base URL in the settings.
#[component]
pub fn ErrorPanel(error: Error, retry: Callback<()>) -> impl IntoView {
    let kind = error.kind();
    let config = use_context::<crate::config::SiteConfig>();
    let host = error.url().map(|url| crate::config::host_of(url).to_owned());
    let label = error
        .url()
        .and_then(|url| config.as_ref().and_then(|c| c.source_of_url(url)).map(|(s, _)| s.label))
        .unwrap_or("The API");
    let unreachable = matches!(kind, ErrorKind::Network | ErrorKind::Timeout);
    let title = match (kind, &host) {
        (ErrorKind::NotFound, _) if error.status() == Some(500) => "Not found or not indexed".to_owned(),
        (ErrorKind::NotFound, _) => "Not found".to_owned(),
        (ErrorKind::RateLimited, _) => "Too many requests".to_owned(),
        (ErrorKind::Network, Some(host)) => format!("Cannot reach {host}"),
        (ErrorKind::Network, None) => "Cannot reach the API".to_owned(),
        (ErrorKind::Timeout, Some(host)) => format!("{host} did not answer in time"),
        (ErrorKind::Timeout, None) => "The API did not answer in time".to_owned(),
        (ErrorKind::Decode, _) => "Unexpected answer from the API".to_owned(),
        (ErrorKind::InvalidInput, _) => "Invalid input".to_owned(),
        _ => "The request failed".to_owned(),
    };
    let advice = (unreachable && host.is_some()).then(|| {
        let host = host.clone().unwrap_or_default();
        view! {
            <p class="advice" data-testid="error-advice">
                {format!("{label} at {host} is down, unreachable from here, or refuses this site's origin (CORS). ")}
                "Set another base URL in " <a href={crate::link("/settings")}>"Settings"</a> "."
            </p>
        }
    });
    view! {
        <section class="state error" role="alert" data-kind=kind.as_str() data-state="error" data-host=host>
            <h2>{title}</h2>
            {advice}
            <p class="message">{error.to_string()}</p>
            <button type="button" on:click=move |_| retry.run(())>"Try again"</button>
        </section>
    }
}

/// "Not found", or "not indexed" when the vendor answered 500 for something it never indexed.
#[component]
pub fn NotFoundPanel(error: Error, #[prop(into)] what: String) -> impl IntoView {
    let not_indexed = error.status() == Some(500);
    let (state, title) = if not_indexed {
        ("not-indexed", format!("{what} not indexed"))
    } else {
        ("not-found", format!("No such {}", what.to_lowercase()))
    };
    let hint = if not_indexed {
        "The API has never indexed it (it answered 500). It may be new, closed, or not a DLMM account."
    } else {
        "Check the address, or use the search box above."
    };
    view! {
        <section class="state not-found" role="alert" data-state=state data-kind="notFound">
            <h2>{title}</h2>
            <p>{hint}</p>
            <p class="message">{error.to_string()}</p>
        </section>
    }
}

/// A loading placeholder.
#[component]
pub fn Loading(#[prop(into)] what: String) -> impl IntoView {
    view! { <p class="state loading" role="status" aria-busy="true" data-state="loading">{format!("Loading {what}…")}</p> }
}

/// Nothing to show.
#[component]
pub fn Empty(#[prop(into)] message: String) -> impl IntoView {
    view! { <p class="state empty" role="status" data-state="empty">{message}</p> }
}

/// Renders a loaded result (a page resource's shared value): `ok` for data, [`NotFoundPanel`] for "not found" and
/// [`ErrorPanel`] otherwise.
pub fn result_view<T>(
    result: Rc<Result<T, Error>>,
    what: &'static str,
    retry: Callback<()>,
    ok: impl FnOnce(&T) -> AnyView,
) -> AnyView {
    match &*result {
        Ok(value) => ok(value),
        Err(e) if e.kind() == ErrorKind::NotFound => view! { <NotFoundPanel error=e.clone() what=what /> }.into_any(),
        Err(e) => view! { <ErrorPanel error=e.clone() retry=retry /> }.into_any(),
    }
}

/// Compact US dollars, exact value on hover; `field` (unless empty) names it for tests (`data-field`). A plain
/// function rather than a component: it is used in about eighty places, and a component's props and call cost code at
/// each.
pub fn usd_value(value: f64, field: &'static str) -> impl IntoView + use<> {
    view! { <span class="num" data-field=(!field.is_empty()).then_some(field) title=exact(value)>{compact_usd(value)}</span> }
}

/// A percent, exact value on hover; `field` as for [`usd_value`].
pub fn pct_value(value: f64, field: &'static str) -> impl IntoView + use<> {
    view! { <span class="num" data-field=(!field.is_empty()).then_some(field) title=exact(value)>{percent_short(value)}</span> }
}

/// An address: shortened text (full on hover), a copy button and a link to the Solana explorer. With `href`,
/// the text links to that page of this site.
#[component]
pub fn Addr(
    #[prop(into)] address: String,
    #[prop(optional)] href: Option<String>,
    #[prop(optional)] tx: bool,
    #[prop(optional)] full: bool,
    #[prop(optional)] field: &'static str,
) -> impl IntoView {
    let text = if full { address.clone() } else { short_address(&address) };
    let external = if tx { explorer_tx_url(&address) } else { explorer_account_url(&address) };
    let code = view! { <code title=address.clone() data-field=(!field.is_empty()).then_some(field) data-value=address.clone()>{text}</code> };
    let label = match href {
        Some(href) => view! { <a href={crate::link(&href)}>{code}</a> }.into_any(),
        None => code.into_any(),
    };
    view! {
        <span class="addr">
            {label}
            <CopyButton value=address.clone() />
            <a class="ext" href=external target="_blank" rel="noopener noreferrer" title="Open in the Solana explorer"
                aria-label="Open in the Solana explorer">"↗"</a>
        </span>
    }
}

/// Copies `value` to the clipboard and says so.
#[component]
pub fn CopyButton(#[prop(into)] value: String) -> impl IntoView {
    let copied = RwSignal::new(false);
    let on_click = move |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&value);
            copied.set(true);
            let reset = wasm_bindgen::closure::Closure::once_into_js(move || copied.set(false));
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(reset.unchecked_ref(), 1500);
        }
    };
    view! {
        <button type="button" class="copy" on:click=on_click aria-label="Copy to the clipboard" title="Copy">
            {move || if copied.get() { "copied" } else { "copy" }}
        </button>
    }
}

use wasm_bindgen::JsCast;
