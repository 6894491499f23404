//! The explorer's pages and the small components they share.

mod cards;
mod contract_check;
mod controls;
mod daily_stats;
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
mod limit_order_bins;
mod pair;
mod pairs;
mod pool;
mod position;
mod positions_explained;
mod range_bar;
mod search;
mod settings;
mod sources;
mod wallet;
mod wallet_pnl;

pub use damm_v2_pool::DammV2PoolPage;
pub use damm_v2_pools::DammV2PoolsPage;
pub use dlmm_groups::{DlmmGroupPage, DlmmGroupsPage};
pub use dlmm_pool::DlmmPoolPage;
pub use dlmm_pools::DlmmPoolsPage;
pub use dlmm_position::DlmmPositionPage;
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
pub use wallet_pnl::WalletPnlPage;

use leptos::prelude::*;

use crate::client::SiteClient;
use crate::format::{compact_usd, exact, percent_short, short_address};

/// The Solana explorer's page for an account, if `address` is one (a 32-byte base58 address): a server's text never
/// becomes a link that re-points that explorer (`x?cluster=custom&customUrl=…`).
pub fn explorer_account_url(address: &str) -> Option<String> {
    dlmm_query::Address::parse_param("address", address)
        .ok()
        .map(|address| format!("https://explorer.solana.com/address/{address}"))
}

/// The Solana explorer's page for a transaction, if `tx` is a signature (base58 of 64 bytes).
pub fn explorer_tx_url(tx: &str) -> Option<String> {
    dlmm_query::address::is_signature(tx).then(|| format!("https://explorer.solana.com/tx/{tx}"))
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

/// Compact US dollars, exact value on hover; `field` (unless empty) names it for tests (`data-field`). A plain
/// function rather than a component: it is used in about eighty places, and a component's props and call cost code at
/// each.
pub fn usd_value(value: f64, field: &'static str) -> impl IntoView + use<> {
    view! { <span class="num" data-field=(!field.is_empty()).then_some(field) title=exact(value)>{compact_usd(value)}</span> }
}

/// A SOL figure: compact, with ` SOL`; a dash when unknown.
pub fn sol(value: Option<f64>) -> String {
    value.map_or_else(|| "—".to_owned(), |v| format!("{} SOL", crate::format::compact(v)))
}

/// A percent, exact value on hover; `field` as for [`usd_value`].
pub fn pct_value(value: f64, field: &'static str) -> impl IntoView + use<> {
    view! { <span class="num" data-field=(!field.is_empty()).then_some(field) title=exact(value)>{percent_short(value)}</span> }
}

/// An address: shortened text (full on hover), a copy button and a link to the Solana explorer; with
/// [`href`](Addr::href), the text links to that page of this site. A builder drawn by [`Addr::view`], a plain function
/// rather than a component, whose props would cost code at each of its thirty call sites.
pub struct Addr {
    address: String,
    href: Option<String>,
    tx: bool,
    full: bool,
    field: &'static str,
}

impl Addr {
    /// `address`, shortened, not linked.
    pub fn new(address: impl Into<String>) -> Self {
        Self { address: address.into(), href: None, tx: false, full: false, field: "" }
    }

    /// Its text links to `href`, a page of this site.
    pub fn href(self, href: impl Into<String>) -> Self {
        Self { href: Some(href.into()), ..self }
    }

    /// A transaction signature (the Solana explorer's transaction page), not an account.
    pub fn tx(self) -> Self {
        Self { tx: true, ..self }
    }

    /// Shown whole.
    pub fn full(self) -> Self {
        Self { full: true, ..self }
    }

    /// Named `field` for tests (`data-field`).
    pub fn field(self, field: &'static str) -> Self {
        Self { field, ..self }
    }

    /// The address's view.
    pub fn view(self) -> AnyView {
        let Self { address, href, tx, full, field } = self;
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
                {external.map(|external| view! {
                    <a class="ext" href=external target="_blank" rel="noopener noreferrer" title="Open in the Solana explorer"
                        aria-label="Open in the Solana explorer">"↗"</a>
                })}
            </span>
        }
        .into_any()
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

#[cfg(test)]
mod tests {
    use super::{explorer_account_url, explorer_tx_url};

    #[test]
    fn only_addresses_and_signatures_become_solana_explorer_links() {
        let address = "So11111111111111111111111111111111111111112";
        assert_eq!(explorer_account_url(address), Some(format!("https://explorer.solana.com/address/{address}")));
        let tx = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
        assert_eq!(explorer_tx_url(tx), Some(format!("https://explorer.solana.com/tx/{tx}")));
        for hostile in [
            "x?cluster=custom&customUrl=https://evil.example",
            "../../evil",
            "So1111111111111111111111111111111111111111#x",
            "",
            "0OIl",
        ] {
            assert_eq!((explorer_account_url(hostile), explorer_tx_url(hostile)), (None, None), "{hostile}");
        }
    }
}
