//! `/damm-v2/pools`: the DAMM v2 datapi's pools, sorted, searched and paged, every choice kept in the URL query
//! ([`DammV2PoolsView`]).

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::damm_v2::Pool;
use leptos::prelude::*;

use super::controls::{Input, ListControls, ListState, RowControl, list_pager, page_size_choices};
use super::{pct_value, usd_value};
use crate::format::percent_short;
use crate::pool_list::{DammV2PoolsView, damm_v2_sorts};
use crate::ui::{CollectAny, Failure, Loaded, empty};
use crate::url_state::UrlState;

/// The DAMM v2 pools page.
#[component]
pub fn DammV2PoolsPage() -> impl IntoView {
    let (view_state, go) = crate::route::url_state::<DammV2PoolsView>(|| "/damm-v2/pools".to_owned());
    let pools = crate::client::load(move || view_state.get().operation());
    let inputs = vec![Input::search("dv2-search", "q", "Name, symbol or address", "e.g. SOL")];
    let sorts = damm_v2_sorts().into_iter().map(|(s, label)| (s.to_string(), label.to_owned())).collect();
    let row = vec![
        RowControl::select("dv2-sort", "sort", "Sort by", sorts),
        RowControl::select("dv2-size", "size", "Per page", page_size_choices()),
    ];
    view! {
        <h1>"DAMM v2 pools"</h1>
        <ListControls state=ListState::new(view_state, go) label="Filter DAMM v2 pools" inputs=inputs submit="Search"
            row=row />
        <Loaded resource=pools loading="DAMM v2 pools" failure=Failure::NotFound("Pools") let:page>
            {pools_table(page, view_state.get_untracked(), go)}
        </Loaded>
    }
}

/// A page of pools (read from the page's shared value).
fn pools_table(page: &Paginated<Pool>, view: DammV2PoolsView, go: Callback<DammV2PoolsView>) -> AnyView {
    if page.data.is_empty() {
        let message = if view.page > 1 && page.total > 0 {
            "There are no pools on this page."
        } else {
            "No DAMM v2 pool matches this search."
        };
        return empty(message);
    }
    let pages = page.pages.max(1);
    let current = u64::from(view.page);
    let info = format!("Page {current} of {pages} · {} pools", page.total);
    let prev = (current > 1).then(|| view.on_page(current - 1));
    let next = (current < pages).then(|| view.on_page(current + 1));
    view! {
        <div class="table-scroll">
            <table class="pools" data-testid="damm-v2-pools-table">
                <caption>{format!("{} pools", page.total)}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Pool"</th>
                        <th scope="col" class="r">"TVL"</th>
                        <th scope="col" class="r">"Volume 24 h"</th>
                        <th scope="col" class="r">"Fees 24 h"</th>
                        <th scope="col" class="r">"Fee / TVL 24 h"</th>
                        <th scope="col" class="r">"Base fee"</th>
                    </tr>
                </thead>
                <tbody>
                    {page.data.iter().map(|p| {
                        let (href, name) = (crate::link(&format!("/damm-v2/pools/{}", p.address)), p.name.clone());
                        view! {
                            <tr data-address=p.address.clone()>
                                <td>
                                    <a href=href><span data-field="name">{name}</span></a>
                                    {p.is_blacklisted.then(|| view! { " " <span class="badge warn">"Blacklisted"</span> })}
                                </td>
                                <td class="r">{usd_value(p.tvl, "tvl")}</td>
                                <td class="r">{usd_value(p.volume.hour_24, "volume_24h")}</td>
                                <td class="r">{usd_value(p.fees.hour_24, "fees_24h")}</td>
                                <td class="r">{pct_value(p.fee_tvl_ratio.hour_24, "fee_tvl_ratio_24h")}</td>
                                <td class="r" data-field="base_fee_pct">{percent_short(p.pool_config.base_fee_pct)}</td>
                            </tr>
                        }
                    }).collect_any()}
                </tbody>
            </table>
        </div>
        {list_pager(info, prev, next, go)}
    }
    .into_any()
}
