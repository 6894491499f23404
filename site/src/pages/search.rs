//! The global search box and `/search?q=`, which decides by trying: a pair, then a position, then a pool.

use dlmm_query::ops::{GetPair, GetPoolMetrics, GetPosition};
use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use super::{ErrorPanel, Loading, SiteClient};
use crate::search::{AddressKind, SearchTarget, classify, search_route};

/// The search form in the header.
#[component]
pub fn SearchBox() -> impl IntoView {
    let text = RwSignal::new(String::new());
    let navigate = use_navigate();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let t = text.get_untracked();
        if !t.trim().is_empty() {
            navigate(&search_route(&t), Default::default());
        }
    };
    view! {
        <form class="search" role="search" on:submit=submit>
            <label for="global-search" class="sr-only">"Search a pair, position or pool address, or two mints"</label>
            <input id="global-search" name="q" type="search" autocomplete="off" spellcheck="false"
                placeholder="Address, or two mints"
                prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
            <button type="submit">"Search"</button>
        </form>
    }
}

/// Where an address leads: the first kind the API knows, or `None`.
async fn resolve(client: &SiteClient, address: &str) -> Result<Option<String>, Error> {
    for kind in AddressKind::ORDER {
        let found = match kind {
            AddressKind::Pair => client.get_pair(GetPair::new(address)).await.map(|_| ()),
            AddressKind::Position => client.get_position(GetPosition::new(address)).await.map(|_| ()),
            AddressKind::Pool => client.get_pool_metrics(GetPoolMetrics::new(address)).await.map(|_| ()),
        };
        match found {
            Ok(()) => return Ok(Some(kind.route(address))),
            Err(e) if e.kind() == ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// `/search?q=…`: routes to the right page, or says why it cannot.
#[component]
pub fn SearchPage() -> impl IntoView {
    let query = use_query_map();
    let q = Memo::new(move |_| query.read().get("q").unwrap_or_default());
    let client = expect_context::<SiteClient>();
    let outcome = LocalResource::new(move || {
        let c = client.clone();
        let text = q.get();
        async move {
            match classify(&text) {
                SearchTarget::Group(key) => Ok(Ok(format!("/groups/{key}"))),
                SearchTarget::Invalid(why) => Ok(Err(why)),
                SearchTarget::Address(a) => match resolve(&c, &a).await? {
                    Some(route) => Ok(Ok(route)),
                    None => Ok(Err(format!("No pair, position or pool has the address {a}."))),
                },
            }
        }
    });
    let retry = Callback::new(move |()| outcome.refetch());
    let navigate = use_navigate();
    Effect::new(move |_| {
        if let Some(Ok(Ok(route))) = outcome.get() {
            navigate(&route, NavigateOptions { replace: true, ..Default::default() });
        }
    });
    view! {
        <h1>"Search"</h1>
        <p class="sub">{move || format!("“{}”", q.get())}</p>
        <Transition fallback=|| view! { <Loading what="matches" /> }>
            {move || Suspend::new(async move {
                match outcome.await {
                    Ok(Ok(route)) => view! { <p class="state loading" data-state="loading">{format!("Opening {route}…")}</p> }.into_any(),
                    Ok(Err(why)) => view! {
                        <section class="state not-found" role="alert" data-state="not-found">
                            <h2>"Not found"</h2>
                            <p>{why}</p>
                        </section>
                    }.into_any(),
                    Err(e) => view! { <ErrorPanel error=e retry=retry /> }.into_any(),
                }
            })}
        </Transition>
    }
}
