//! `/keeper`: the keeper API's protocol metrics and the top pairs by TVL and by 24 h volume.

use dlmm_query::models::{PairInfo, ProtocolMetrics};
use dlmm_query::ops::{AllWithPagination, GetProtocolMetrics, OrderBy, PairSortKey};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::usd_value;
use crate::format::{exact, percent_short};
use crate::ui::{CollectAny, Failure, Loaded, or_empty};

/// How many pairs each top list shows.
pub const TOP: u32 = 10;

/// The keeper overview page.
#[component]
pub fn KeeperHome() -> impl IntoView {
    let metrics = crate::client::load(GetProtocolMetrics::new);
    view! {
        <section class="intro">
            <h1>"Keeper API"</h1>
            <p>"Liquidity-book pools: TVL, volume, fees and yields, straight from the API. "
               <a href={crate::link("/pairs")}>"Browse all pairs"</a> "."</p>
        </section>
        <section aria-labelledby="protocol-title">
            <h2 id="protocol-title">"Protocol"</h2>
            <Loaded resource=metrics loading="protocol metrics" failure=Failure::NotFound("Protocol metrics") let:m>
                {protocol_cards(m)}
            </Loaded>
        </section>
        <div class="two-col">
            <TopPairs title="Top pairs by TVL" id="top-tvl" key=PairSortKey::Tvl />
            <TopPairs title="Top pairs by 24 h volume" id="top-volume" key=PairSortKey::Volume />
        </div>
        <section aria-labelledby="pool-lookup-title">
            <h2 id="pool-lookup-title">"Pool metrics"</h2>
            <super::pool::PoolForm initial_address=String::new() initial_case_sensitive=true />
        </section>
    }
}

/// The protocol totals (read from the page's shared value).
fn protocol_cards(m: &ProtocolMetrics) -> impl IntoView + use<> {
    cards(
        Some("protocol"),
        vec![
            Card::usd("Total TVL", m.total_tvl, "total_tvl", "USD locked now"),
            Card::usd("Volume 24 h", m.daily_trade_volume, "daily_trade_volume", "USD traded, last 24 h"),
            Card::usd("Fees 24 h", m.daily_fee, "daily_fee", "USD paid by traders, last 24 h"),
            Card::usd("All-time volume", m.total_trade_volume, "total_trade_volume", "USD"),
            Card::usd("All-time fees", m.total_fee, "total_fee", "USD"),
        ],
    )
}

#[component]
fn TopPairs(title: &'static str, id: &'static str, key: PairSortKey) -> impl IntoView {
    let list = crate::client::load(move || AllWithPagination::new().limit(TOP).sort_key(key).order_by(OrderBy::Desc));
    view! {
        <section aria-labelledby=id class="top-list" data-testid=id>
            <h2 id=id>{title}</h2>
            <Loaded resource=list loading="pairs" failure=Failure::NotFound("Pairs") let:page>
                {or_empty(&page.pairs, "No pairs yet.", mini_table)}
            </Loaded>
        </section>
    }
}

/// The first pairs of a list (read from the page's shared value).
fn mini_table(pairs: &[PairInfo]) -> impl IntoView + use<> {
    view! {
        <div class="table-scroll">
            <table class="data">
                <thead><tr><th scope="col">"Pair"</th><th scope="col" class="r">"TVL"</th><th scope="col" class="r">"Volume 24 h"</th><th scope="col" class="r">"APR 24 h"</th></tr></thead>
                <tbody>
                    {pairs.iter().map(|p| {
                        let href = format!("/pairs/{}", p.address);
                        let name = p.name.clone();
                        view! {
                            <tr data-address=p.address.clone()>
                                <td><a href={crate::link(&href)} class="name">{name}</a></td>
                                <td class="r">{usd_value(p.tvl_usd(), "liquidity")}</td>
                                <td class="r">{usd_value(p.trade_volume_24h, "trade_volume_24h")}</td>
                                <td class="r" title=exact(p.apr)>{percent_short(p.apr)}</td>
                            </tr>
                        }
                    }).collect_any()}
                </tbody>
            </table>
        </div>
    }
}
