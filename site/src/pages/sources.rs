//! Where the data comes from, on every page: the consent panel for sources a link proposes, and the banner while a
//! source other than the build default is in effect.

use leptos::prelude::*;

use crate::config::{
    Proposal, SiteConfig, csp_allows, current_url_without_sources, host_of, origin_of, page_connect_src, page_origin,
    query_param,
};
use crate::ui::CollectAny;

/// Leaves the sources' query parameters out of the address bar, reloading if `reload` (to apply saved sources).
fn leave_link(reload: bool) {
    let (Some(window), Some(url)) = (web_sys::window(), current_url_without_sources()) else { return };
    if reload {
        let _ = window.location().replace(&url);
    } else if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The hosts of `proposals`, for a sentence: `a.example and b.example`.
fn hosts(proposals: &[Proposal]) -> String {
    let mut hosts: Vec<String> = proposals.iter().map(|p| host_of(&p.url)).collect();
    hosts.dedup();
    hosts.join(" and ")
}

/// Asks before a link's `?pairBaseUrl=…` (or any source's parameter) applies: names the hosts, says what it means,
/// and warns when this build's security policy would block them. Nothing changes until the visitor confirms.
#[component]
pub fn ConsentPanel(config: SiteConfig) -> impl IntoView {
    let proposals = config.proposed_by_link(query_param);
    if proposals.is_empty() {
        return None;
    }
    let open = RwSignal::new(true);
    let message = RwSignal::new(None::<String>);
    let connect_src = page_connect_src();
    let self_origin = page_origin();
    let who = hosts(&proposals);
    let rows = proposals
        .iter()
        .map(|p| {
            let current = config.url(p.source.param).to_owned();
            let origin = origin_of(&p.url);
            let blocked = connect_src.as_deref().is_some_and(|csp| !csp_allows(csp, &self_origin, &origin));
            view! {
                <li data-source=p.source.param>
                    {p.source.label}": "<strong class="host">{host_of(&p.url)}</strong>" "
                    <code>{p.url.clone()}</code>" (now "<code>{current}</code>")"
                    {blocked.then(|| view! {
                        <p class="field-error" data-testid="consent-blocked">
                            "This build's security policy does not allow connecting to "<code>{origin}</code>
                            ": with it, the explorer would only show errors. Foreign sources need a build that allows
                            them (see the explorer's README)."
                        </p>
                    })}
                </li>
            }
        })
        .collect_any();
    let accept = move |_| {
        let values: Vec<_> = proposals.iter().map(|p| (p.source, p.url.clone())).collect();
        match SiteConfig::save(&values) {
            Ok(()) => leave_link(true),
            Err(e) => message.set(Some(e)),
        }
    };
    let decline = move |_| {
        open.set(false);
        leave_link(false);
    };
    Some(view! {
        <section class="consent" role="region" aria-labelledby="consent-title" data-testid="consent"
            prop:hidden=move || !open.get()>
            <h2 id="consent-title">"This link asks to read data from "{who.clone()}</h2>
            <p>"It has not been applied. If you confirm, the explorer shows whatever that server sends — pairs,
                names, prices, addresses — in place of its usual data, until you switch back. Confirm only if you
                trust it."</p>
            <ul>{rows}</ul>
            <div class="actions">
                <button type="button" data-testid="consent-accept" on:click=accept>
                    {format!("Use {}", who)}
                </button>
                <button type="button" data-testid="consent-decline" on:click=decline>"Ignore the link"</button>
            </div>
            {move || message.get().map(|m| view! { <p class="field-error" role="alert">{m}</p> })}
        </section>
    })
}

/// While a source other than the build default is in effect: which, from where, and one click back.
#[component]
pub fn SourceBanner(config: SiteConfig) -> impl IntoView {
    let changed: Vec<(String, String)> =
        config.non_default().into_iter().map(|(s, url)| (s.label.to_owned(), host_of(url))).collect();
    let message = RwSignal::new(None::<String>);
    let reset = move |_| match SiteConfig::forget_saved() {
        Ok(()) => leave_link(true),
        Err(e) => message.set(Some(e)),
    };
    (!changed.is_empty()).then(|| {
        let list = changed
            .into_iter()
            .map(|(label, host)| view! { <span class="source">{label}" from "<strong class="host">{host}</strong></span> })
            .collect_any();
        view! {
            <div class="source-banner" role="status" data-testid="source-banner">
                <span>"Not the default data: "{list}". "</span>
                <button type="button" data-testid="source-reset" on:click=reset>"Back to the default sources"</button>
                {move || message.get().map(|m| view! { <span class="field-error" role="alert">{m}</span> })}
            </div>
        }
    })
}
