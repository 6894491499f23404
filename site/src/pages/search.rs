//! The global search box and `/search?q=`: an address is tried on every service (the DLMM and DAMM v2 datapi, then
//! any configured keeper host) and opens the first page that knows it; two mints open their group; other text is a
//! token or pool name, listed from both datapi services.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::ops::{GetPair, GetPoolMetrics, GetPosition};
use dlmm_query::{Error, ErrorKind};
use futures_util::future::try_join;
use futures_util::stream::{FuturesOrdered, StreamExt};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;

use super::{SiteClient, usd_value};
use crate::config::SiteConfig;
use crate::search::{AddressKind, SearchTarget, classify, search_route};
use crate::ui::{CollectAny, Loaded};
use crate::url_state::encode_component;

/// How many matches of each service a text search lists.
const TEXT_MATCHES: u32 = 10;

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
            <label for="global-search" class="sr-only">"Search a pool, group, position or wallet address, or a token name"</label>
            <input id="global-search" name="q" type="search" autocomplete="off" spellcheck="false"
                placeholder="Address, two mints or a token"
                prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
            <button type="submit">"Search"</button>
        </form>
    }
}

/// Whether one service knows `address` as `kind` (`Ok(false)`: it answered that it does not).
async fn knows(client: &SiteClient, kind: AddressKind, address: &str) -> Result<bool, Error> {
    let found = match kind {
        AddressKind::DlmmPool => client.send(&dlmm::GetPool::new(address)).await.map(|_| true),
        AddressKind::DammV2Pool => client.send(&damm_v2::GetPool::new(address)).await.map(|_| true),
        AddressKind::DlmmPosition => {
            client.send(&dlmm::GetPositionEvents::new(address)).await.map(|e| !e.events.is_empty())
        }
        AddressKind::DlmmWallet => match client.send(&dlmm::GetOpenPortfolio::new(address).page_size(1)).await {
            Ok(open) if open.total_count > 0 => Ok(true),
            Ok(_) => client.send(&dlmm::GetPortfolio::new(address).page_size(1)).await.map(|p| p.total_count > 0),
            Err(e) => Err(e),
        },
        AddressKind::KeeperPair => client.send(&GetPair::new(address)).await.map(|_| true),
        AddressKind::KeeperPosition => client.send(&GetPosition::new(address)).await.map(|_| true),
        AddressKind::KeeperPool => client.send(&GetPoolMetrics::new(address)).await.map(|_| true),
    };
    match found {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(false),
        other => other,
    }
}

/// Where an address leads: the first service, in [`AddressKind::ORDER`], that knows it. Every service is asked at
/// once, so a search costs its slowest answer, not the sum of them (an unreachable host is retried before it
/// counts as failed). A service that fails does not stop the others; its error is reported only when no service
/// knows the address.
async fn resolve(client: &SiteClient, config: &SiteConfig, address: &str) -> Result<Option<String>, Error> {
    let kinds = AddressKind::order(config.pair_api_configured(), config.pool_api_configured());
    let mut answers: FuturesOrdered<_> =
        kinds.into_iter().map(|kind| async move { (kind, knows(client, kind, address).await) }).collect();
    let mut failure = None;
    while let Some((kind, answer)) = answers.next().await {
        match answer {
            Ok(true) => return Ok(Some(kind.route(address))),
            Ok(false) => {}
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    failure.map_or(Ok(None), Err)
}

/// Whether the DLMM datapi has a pool of the two mints of `key`, either way round (the pair's two filtered pool
/// lists, which every host serves, not the group route, which the live one does not).
async fn dlmm_has_pair(client: &SiteClient, key: &str) -> Result<bool, Error> {
    let (a, b) = key.split_once('-').unwrap_or((key, ""));
    for filter in crate::token_pair::pair_filters(None, a, b) {
        if client.send(&dlmm::GetPools::new().page_size(1).filter_by(filter)).await?.total > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where two mints lead: their DLMM datapi pools, else the keeper's group when a pair API is configured.
async fn resolve_group(client: &SiteClient, config: &SiteConfig, key: &str) -> Result<Option<String>, Error> {
    match dlmm_has_pair(client, key).await {
        Ok(true) => return Ok(Some(format!("/dlmm/groups/{key}"))),
        Ok(false) => {}
        Err(e) if !config.pair_api_configured() => return Err(e),
        Err(_) => {}
    }
    Ok(config.pair_api_configured().then(|| format!("/groups/{key}")))
}

/// What one search found.
enum Outcome {
    /// A page to open.
    Route(String),
    /// Pools matching a text, from each datapi service.
    Matches(
        String,
        Paginated<dlmm_query::datapi::models::dlmm::Pool>,
        Paginated<dlmm_query::datapi::models::damm_v2::Pool>,
    ),
    /// Nothing: why.
    Nothing(String),
}

/// `/search?q=…`: routes to the right page, lists text matches, or says why it cannot.
#[component]
pub fn SearchPage() -> impl IntoView {
    let query = crate::route::query();
    let q = Memo::new(move |_| query.read().get("q").unwrap_or_default());
    let client = expect_context::<SiteClient>();
    let config = use_context::<SiteConfig>().unwrap_or_default();
    let outcome = crate::resource::local(move || {
        let (c, config) = (client.clone(), config.clone());
        let text = q.get();
        async move {
            match classify(&text) {
                SearchTarget::Invalid(why) => Ok(Outcome::Nothing(why)),
                SearchTarget::Group(key) => Ok(match resolve_group(&c, &config, &key).await? {
                    Some(route) => Outcome::Route(route),
                    None => Outcome::Nothing(format!("No service has pools of the tokens {key}.")),
                }),
                SearchTarget::Address(a) => Ok(match resolve(&c, &config, &a).await? {
                    Some(route) => Outcome::Route(route),
                    None => Outcome::Nothing(format!("No pool, position or wallet has the address {a}.")),
                }),
                SearchTarget::Text(text) => {
                    let dlmm_op = dlmm::GetPools::new().page_size(TEXT_MATCHES).query(text.clone());
                    let damm_op = damm_v2::GetPools::new().page_size(TEXT_MATCHES).query(text.clone());
                    let (dlmm, damm) = try_join(c.send(&dlmm_op), c.send(&damm_op)).await?;
                    if dlmm.data.is_empty() && damm.data.is_empty() {
                        Ok(Outcome::Nothing(format!("No DLMM or DAMM v2 pool matches “{text}”.")))
                    } else {
                        Ok(Outcome::Matches(text, dlmm, damm))
                    }
                }
            }
        }
    });
    let navigate = use_navigate();
    Effect::new(move |_| {
        if let Some(Ok(Outcome::Route(route))) = outcome.get().as_deref() {
            navigate(route, NavigateOptions { replace: true, ..Default::default() });
        }
    });
    view! {
        <h1>"Search"</h1>
        <p class="sub">{move || format!("“{}”", q.get())}</p>
        <Loaded resource=outcome loading="matches" let:outcome>
            {outcome_view(outcome)}
        </Loaded>
    }
}

/// What a search found: the page it opens, why nothing was, or the matches (read from the page's shared value).
fn outcome_view(outcome: &Outcome) -> AnyView {
    match outcome {
        Outcome::Route(route) => {
            view! { <p class="state loading" data-state="loading">{format!("Opening {route}…")}</p> }.into_any()
        }
        Outcome::Nothing(why) => view! {
            <section class="state not-found" role="alert" data-state="not-found">
                <h2>"Not found"</h2>
                <p>{why.clone()}</p>
            </section>
        }
        .into_any(),
        Outcome::Matches(text, dlmm, damm) => text_matches(text, dlmm, damm).into_any(),
    }
}

/// One service's matches: name, TVL and 24 h volume, each row linking to the pool's page.
fn match_rows(rows: Vec<(String, String, f64, f64)>, route: &'static str) -> AnyView {
    if rows.is_empty() {
        return view! { <p class="state empty" data-state="empty">"No match on this service."</p> }.into_any();
    }
    view! {
        <div class="table-scroll">
            <table class="data">
                <thead><tr><th scope="col">"Pool"</th><th scope="col" class="r">"TVL"</th><th scope="col" class="r">"Volume 24 h"</th></tr></thead>
                <tbody>
                    {rows.into_iter().map(|(address, name, tvl, volume)| {
                        let href = format!("{route}/{address}");
                        view! {
                            <tr data-address=address>
                                <td><a href={crate::link(&href)} class="name">{name}</a></td>
                                <td class="r">{usd_value(tvl, "tvl")}</td>
                                <td class="r">{usd_value(volume, "volume_24h")}</td>
                            </tr>
                        }
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

/// The text matches of both services (read from the page's shared value).
fn text_matches(
    text: &str,
    dlmm: &Paginated<dlmm_query::datapi::models::dlmm::Pool>,
    damm: &Paginated<dlmm_query::datapi::models::damm_v2::Pool>,
) -> impl IntoView + use<> {
    let all = format!("/dlmm/pools?q={}", encode_component(text));
    let dlmm_total = dlmm.total;
    let damm_total = damm.total;
    let dlmm_rows = dlmm.data.iter().map(|p| (p.address.clone(), p.name.clone(), p.tvl, p.volume.hour_24)).collect();
    let damm_rows = damm.data.iter().map(|p| (p.address.clone(), p.name.clone(), p.tvl, p.volume.hour_24)).collect();
    view! {
        <section data-testid="search-dlmm" aria-labelledby="search-dlmm-title">
            <h2 id="search-dlmm-title">{format!("DLMM pools ({dlmm_total})")}</h2>
            {match_rows(dlmm_rows, "/dlmm/pools")}
            <p><a href={crate::link(&all)}>"All DLMM matches, with filters"</a></p>
        </section>
        <section data-testid="search-damm-v2" aria-labelledby="search-damm-title">
            <h2 id="search-damm-title">{format!("DAMM v2 pools ({damm_total})")}</h2>
            {match_rows(damm_rows, "/damm-v2/pools")}
        </section>
    }
}
