//! `/`: the overview on the datapi: protocol stats of both services, the DLMM service's volume and fees by day, and
//! the top DLMM pools by 24 h volume, by 24 h fee/TVL, and the newest.

use dlmm_query::datapi::models::ProtocolMetrics;
use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::datapi::params::{
    Comparison, Direction, FilterBy, NumericField, SortBy, SortField, Timeframe, WindowedMetric,
};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::daily_stats::DailyStats;
use super::{pct_value, usd_value};
use crate::format::unix_time;
use crate::ui::{CollectAny, Failure, Loaded, or_empty};

/// How many pools each top list shows.
pub const TOP: u32 = 10;

/// The TVL below which a pool is left out of the fee/TVL ranking: a pool of a few dollars earns any fee/TVL by
/// chance, so the ranking is of pools with meaningful TVL.
pub const MEANINGFUL_TVL_USD: f64 = 10_000.0;

/// The top lists of the overview: test id, title, the `sort_by` that makes them and the least TVL they hold.
pub fn top_lists() -> [(&'static str, &'static str, SortBy, Option<f64>); 3] {
    [
        (
            "top-volume",
            "Top pools by 24 h volume",
            SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc),
            None,
        ),
        (
            "top-fee-tvl",
            "Top pools by 24 h fee/TVL, TVL from $10K",
            SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::H24, Direction::Desc),
            Some(MEANINGFUL_TVL_USD),
        ),
        ("newest", "Newest pools", SortBy::field(SortField::PoolCreatedAt, Direction::Desc), None),
    ]
}

/// The overview page.
#[component]
pub fn Home() -> impl IntoView {
    let dlmm_stats = crate::client::load(dlmm::GetProtocolMetrics::new);
    let damm_stats = crate::client::load(damm_v2::GetProtocolMetrics::new);
    let lists = top_lists()
        .into_iter()
        .map(|(id, title, sort, min_tvl)| view! { <TopPools id=id title=title sort=sort min_tvl=min_tvl /> })
        .collect_any();
    view! {
        <section class="intro">
            <h1>"DLMM Explorer"</h1>
            <p>"Live pools of the DLMM and DAMM v2 services: TVL, volume, fees and yields. "
               <a href={crate::link("/dlmm/pools")}>"Browse all DLMM pools"</a> "."</p>
        </section>
        <section aria-labelledby="dlmm-protocol-title">
            <h2 id="dlmm-protocol-title">"DLMM"</h2>
            <Loaded resource=dlmm_stats loading="DLMM protocol stats" failure=Failure::NotFound("Protocol stats") let:m>
                {protocol_cards(m, "protocol-dlmm")}
            </Loaded>
        </section>
        <DailyStats />
        <section aria-labelledby="damm-protocol-title">
            <h2 id="damm-protocol-title">"DAMM v2"</h2>
            <Loaded resource=damm_stats loading="DAMM v2 protocol stats" failure=Failure::NotFound("Protocol stats")
                let:m>
                {protocol_cards(m, "protocol-damm-v2")}
            </Loaded>
        </section>
        <div class="overview-lists">{lists}</div>
    }
}

/// A service's protocol totals (read from the page's shared value), and when the service refreshed them, if it says.
fn protocol_cards(m: &ProtocolMetrics, testid: &'static str) -> impl IntoView + use<> {
    let refreshed = m.refreshed_at.map(|at| {
        let at = i64::try_from(at).unwrap_or(i64::MAX);
        view! { <p class="note">"Refreshed " <span data-field="refreshed_at" data-value=at.to_string()>{unix_time(at)}</span></p> }
    });
    let cards = cards(
        Some(testid),
        vec![
            Card::usd("Total TVL", m.total_tvl, "total_tvl", "USD locked now"),
            Card::usd("Volume 24 h", m.volume_24h, "volume_24h", "USD traded, last 24 h"),
            Card::usd("Fees 24 h", m.fee_24h, "fee_24h", "USD, last 24 h"),
            Card::usd("All-time volume", m.total_volume, "total_volume", "USD"),
            Card::usd("All-time fees", m.total_fees, "total_fees", "USD"),
            Card::text("Pools", Some("total_pools"), m.total_pools.to_string(), "in total").class("value num"),
        ],
    );
    view! { {cards} {refreshed} }
}

#[component]
fn TopPools(id: &'static str, title: &'static str, sort: SortBy, min_tvl: Option<f64>) -> impl IntoView {
    let list = crate::client::load(move || {
        let pools = dlmm::GetPools::new().page_size(TOP).sort_by(sort.clone());
        match min_tvl {
            Some(tvl) => pools.filter_by(FilterBy::new().numeric(NumericField::Tvl, Comparison::Ge, tvl)),
            None => pools,
        }
    });
    let (heading, labelled_by) = (format!("{id}-title"), format!("{id}-title"));
    view! {
        <section aria-labelledby=labelled_by class="top-list" data-testid=id>
            <h2 id=heading>{title}</h2>
            <Loaded resource=list loading="pools" failure=Failure::NotFound("Pools") let:page>
                {or_empty(&page.data, "No pools yet.", |pools| mini_table(pools, id == "newest"))}
            </Loaded>
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
