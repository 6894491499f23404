//! `/`: the overview on the datapi: protocol stats of both services, and the top DLMM pools by 24 h volume, by
//! 24 h fee/TVL, and the newest.

use dlmm_query::datapi::models::ProtocolMetrics;
use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::datapi::params::{Direction, SortBy, SortField, Timeframe, WindowedMetric};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::{CollectAny, Empty, Loading, SiteClient, pct_value, result_view, usd_value};
use crate::format::unix_time;

/// How many pools each top list shows.
pub const TOP: u32 = 10;

/// The top lists of the overview: test id, title, and the `sort_by` that makes them.
pub fn top_lists() -> [(&'static str, &'static str, SortBy); 3] {
    [
        (
            "top-volume",
            "Top pools by 24 h volume",
            SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc),
        ),
        (
            "top-fee-tvl",
            "Top pools by 24 h fee/TVL",
            SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::H24, Direction::Desc),
        ),
        ("newest", "Newest pools", SortBy::field(SortField::PoolCreatedAt, Direction::Desc)),
    ]
}

/// The overview page.
#[component]
pub fn Home() -> impl IntoView {
    let client = expect_context::<SiteClient>();
    let (c1, c2) = (client.clone(), client.clone());
    let dlmm_stats = crate::resource::local(move || {
        let c = c1.clone();
        async move { c.send(&dlmm::GetProtocolMetrics::new()).await }
    });
    let damm_stats = crate::resource::local(move || {
        let c = c2.clone();
        async move { c.send(&damm_v2::GetProtocolMetrics::new()).await }
    });
    let retry_dlmm = Callback::new(move |()| dlmm_stats.refetch());
    let retry_damm = Callback::new(move |()| damm_stats.refetch());
    let lists = top_lists()
        .into_iter()
        .map(|(id, title, sort)| view! { <TopPools id=id title=title sort=sort client=client.clone() /> })
        .collect_any();
    view! {
        <section class="intro">
            <h1>"DLMM Explorer"</h1>
            <p>"Live pools of the DLMM and DAMM v2 services: TVL, volume, fees and yields. "
               <a href={crate::link("/dlmm/pools")}>"Browse all DLMM pools"</a> "."</p>
        </section>
        <section aria-labelledby="dlmm-protocol-title">
            <h2 id="dlmm-protocol-title">"DLMM"</h2>
            <Transition fallback=|| view! { <Loading what="DLMM protocol stats" /> }>
                {move || crate::resource::suspend(async move {
                    result_view(dlmm_stats.await, "Protocol stats", retry_dlmm, |m| {
                        protocol_cards(m, "protocol-dlmm").into_any()
                    })
                })}
            </Transition>
        </section>
        <section aria-labelledby="damm-protocol-title">
            <h2 id="damm-protocol-title">"DAMM v2"</h2>
            <Transition fallback=|| view! { <Loading what="DAMM v2 protocol stats" /> }>
                {move || crate::resource::suspend(async move {
                    result_view(damm_stats.await, "Protocol stats", retry_damm, |m| {
                        protocol_cards(m, "protocol-damm-v2").into_any()
                    })
                })}
            </Transition>
        </section>
        <div class="overview-lists">{lists}</div>
    }
}

/// A service's protocol totals (read from the page's shared value).
fn protocol_cards(m: &ProtocolMetrics, testid: &'static str) -> impl IntoView + use<> {
    cards(
        Some(testid),
        vec![
            Card::usd("Total TVL", m.total_tvl, "total_tvl", "USD locked now"),
            Card::usd("Volume 24 h", m.volume_24h, "volume_24h", "USD traded, last 24 h"),
            Card::usd("Fees 24 h", m.fee_24h, "fee_24h", "USD, last 24 h"),
            Card::usd("All-time volume", m.total_volume, "total_volume", "USD"),
            Card::usd("All-time fees", m.total_fees, "total_fees", "USD"),
            Card::text("Pools", Some("total_pools"), m.total_pools.to_string(), "in total").class("value num"),
        ],
    )
}

#[component]
fn TopPools(id: &'static str, title: &'static str, sort: SortBy, client: SiteClient) -> impl IntoView {
    let list = crate::resource::local(move || {
        let c = client.clone();
        let op = dlmm::GetPools::new().page_size(TOP).sort_by(sort.clone());
        async move { c.send(&op).await }
    });
    let retry = Callback::new(move |()| list.refetch());
    let (heading, labelled_by) = (format!("{id}-title"), format!("{id}-title"));
    view! {
        <section aria-labelledby=labelled_by class="top-list" data-testid=id>
            <h2 id=heading>{title}</h2>
            <Transition fallback=|| view! { <Loading what="pools" /> }>
                {move || crate::resource::suspend(async move {
                    result_view(list.await, "Pools", retry, move |page| {
                        if page.data.is_empty() {
                            return view! { <Empty message="No pools yet." /> }.into_any();
                        }
                        mini_table(&page.data, id == "newest").into_any()
                    })
                })}
            </Transition>
        </section>
    }
}

/// The first pools of a list (read from the page's shared value).
fn mini_table(pools: &[Pool], newest: bool) -> impl IntoView + use<> {
    let last = if newest { "Created" } else { "Fee/TVL 24 h" };
    view! {
        <div class="table-scroll">
            <table class="data">
                <thead><tr><th scope="col">"Pool"</th><th scope="col" class="r">"TVL"</th><th scope="col" class="r">"Volume 24 h"</th><th scope="col" class="r">{last}</th></tr></thead>
                <tbody>
                    {pools.iter().map(|p| {
                        let (href, name) = (format!("/dlmm/pools/{}", p.address), p.name.clone());
                        let last = if newest {
                            let seconds = i64::try_from(p.created_at_seconds()).unwrap_or(i64::MAX);
                            view! { <span data-field="created_at" data-value=p.created_at.to_string()>{unix_time(seconds)}</span> }.into_any()
                        } else {
                            view! { {pct_value(p.fee_tvl_ratio.hour_24, "fee_tvl_ratio_24h")} }.into_any()
                        };
                        view! {
                            <tr data-address=p.address.clone()>
                                <td><a href={crate::link(&href)} class="name">{name}</a></td>
                                <td class="r">{usd_value(p.tvl, "tvl")}</td>
                                <td class="r">{usd_value(p.volume.hour_24, "volume_24h")}</td>
                                <td class="r">{last}</td>
                            </tr>
                        }
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
}
