//! `/pairs`: the server-paginated pair table (or the mint-pair groups), every control kept in the URL query.

use dlmm_query::datapi::params::Direction;
use dlmm_query::models::{AllGroupOfPairsMetadata, AllPairsWithPagination, PairGroupMetadata, PairInfo};
use dlmm_query::ops::{OrderBy, PairSortKey};
use leptos::prelude::*;

use super::controls::{
    Input, ListControls, ListState, RowControl, SortHeader, go_to, list_pager, order_choices, page_size_choices,
};
use super::{SiteClient, pct_value, usd_value};
use crate::format::{exact, percent_short};
use crate::pool_list::page_info;
use crate::query::{PairsView, page_count, sort_label};
use crate::ui::{CollectAny, Failure, Loaded, empty};
use crate::url_state::UrlState;

/// What one load of `/pairs` returns.
enum Listing {
    Pairs(AllPairsWithPagination),
    Groups(AllGroupOfPairsMetadata),
}

/// The columns that sort by clicking their header.
const SORTABLE: [(PairSortKey, &str); 4] = [
    (PairSortKey::Tvl, "TVL"),
    (PairSortKey::Volume, "Volume 24 h"),
    (PairSortKey::FeeTvlRatio, "APR 24 h"),
    (PairSortKey::Lm, "Farm APR"),
];

/// The pairs page.
#[component]
pub fn PairsPage() -> impl IntoView {
    let (view_state, go) = crate::route::url_state::<PairsView>(|| "/pairs".to_owned());
    let client = expect_context::<SiteClient>();
    let listing = crate::resource::local(move || {
        let client = client.clone();
        let v = view_state.get();
        async move {
            if v.grouped {
                client.send(&v.groups_operation()).await.map(Listing::Groups)
            } else {
                client.send(&v.pairs_operation()).await.map(Listing::Pairs)
            }
        }
    });
    view! {
        <h1>{move || if view_state.get().grouped { "Pairs by token pair" } else { "All pairs" }}</h1>
        <Filters view=view_state go=go />
        <Loaded resource=listing loading="pairs" failure=Failure::NotFound("Pairs") let:listing>
            {listing_view(listing, view_state.get_untracked(), go)}
        </Loaded>
    }
}

/// A load of `/pairs`: the pairs or the token pairs (read from the page's shared value).
fn listing_view(listing: &Listing, view: PairsView, go: Callback<PairsView>) -> AnyView {
    match listing {
        Listing::Pairs(page) => pairs_table(page, view, go),
        Listing::Groups(groups) => groups_table(groups, view, go),
    }
}

/// The filters of `/pairs`: search, TVL floor, mints, verified and APR flags, grouping, sort, order and page size.
#[component]
fn Filters(view: Memo<PairsView>, go: Callback<PairsView>) -> impl IntoView {
    let inputs = vec![
        Input::search("f-search", "q", "Name or mint", "e.g. SOL-USDC"),
        Input::number("f-tvl", "minTvl", "Min TVL (USD)".to_owned()),
        Input::text("f-mints", "mints", "Token mints (comma-separated)"),
    ];
    let sorts = PairSortKey::ALL.into_iter().map(|k| (k.as_str().to_owned(), sort_label(k).to_owned())).collect();
    let row = vec![
        RowControl::flag("hideUnknown", " Verified tokens only"),
        RowControl::flag("hideLowApr", " Hide low APR"),
        RowControl::Check { name: "grouped", key: "view", on: "groups", label: " Group by token pair" },
        RowControl::select("f-sort", "sort", "Sort by", sorts),
        RowControl::hidden_select("f-order", "order", "Order", order_choices()),
        RowControl::select("f-limit", "limit", "Per page", page_size_choices()),
    ];
    view! {
        <ListControls state=ListState::new(view, go) label="Filter pairs" inputs=inputs submit="Apply" row=row />
    }
}

/// The pager of `/pairs` and its groups: "Page n of m · a–b of total".
fn pager(total: u64, view: &PairsView, go: Callback<PairsView>, shown: usize) -> impl IntoView + use<> {
    let (page, pages) = (view.page, page_count(total, view.limit));
    let info = page_info(page.saturating_add(1), pages, u64::from(view.limit), shown, total);
    let prev = (page > 0).then(|| view.on_page(page - 1));
    let next = (page.saturating_add(1) < pages).then(|| view.on_page(page + 1));
    list_pager(info, prev, next, go)
}

/// A page of pairs (read from the page's shared value).
fn pairs_table(page: &AllPairsWithPagination, view: PairsView, go: Callback<PairsView>) -> AnyView {
    if page.pairs.is_empty() {
        return empty("No pairs match these filters.");
    }
    let shown = page.pairs.len();
    let headers = SORTABLE.map(|(key, label)| {
        let direction =
            (view.sort == key).then_some(if view.order == OrderBy::Asc { Direction::Asc } else { Direction::Desc });
        view! { <SortHeader key=key.as_str() label=label direction=direction on_sort=go_to(go, view.sorted_by(key)) /> }
    });
    view! {
        <div class="table-scroll">
            <table class="data pairs" data-testid="pairs-table">
                <caption class="sr-only">"Pairs; APR is the 24 h fee ÷ TVL percent"</caption>
                <thead><tr>
                    <th scope="col">"Pair"</th>
                    <th scope="col" class="r">"Bin step"</th>
                    <th scope="col" class="r">"Base fee"</th>
                    {headers}
                </tr></thead>
                <tbody>
                    {page.pairs.iter().map(pair_row).collect_any()}
                </tbody>
            </table>
        </div>
        {pager(page.total, &view, go, shown)}
    }
    .into_any()
}

fn pair_row(p: &PairInfo) -> impl IntoView + use<> {
    let href = format!("/pairs/{}", p.address);
    let name = p.name.clone();
    view! {
        <tr data-address=p.address.clone()>
            <td><a href={crate::link(&href)} class="name">{name}</a>
                {p.is_verified.then(|| view! { <span class="badge" title="Both tokens verified">"✓"</span> })}</td>
            <td class="r" data-field="bin_step">{p.bin_step}</td>
            <td class="r" data-field="base_fee_percentage" title=p.base_fee_percentage.to_string()>{percent_short(p.base_fee_percent())}</td>
            <td class="r">{usd_value(p.tvl_usd(), "liquidity")}</td>
            <td class="r">{usd_value(p.trade_volume_24h, "trade_volume_24h")}</td>
            <td class="r">{pct_value(p.apr, "apr")}</td>
            <td class="r">{pct_value(p.farm_apr, "farm_apr")}</td>
        </tr>
    }
}

/// A page of token pairs (read from the page's shared value).
fn groups_table(groups: &AllGroupOfPairsMetadata, view: PairsView, go: Callback<PairsView>) -> AnyView {
    if groups.metadatas.is_empty() {
        return empty("No token pairs match these filters.");
    }
    let shown = groups.metadatas.len();
    view! {
        <div class="table-scroll">
            <table class="data groups" data-testid="groups-table">
                <thead><tr>
                    <th scope="col">"Token pair"</th>
                    <th scope="col" class="r">"Total TVL"</th>
                    <th scope="col" class="r">"Volume 24 h"</th>
                    <th scope="col" class="r">"APR 24 h range"</th>
                    <th scope="col" class="r">"Farm APR range"</th>
                </tr></thead>
                <tbody>{groups.metadatas.iter().map(group_row).collect_any()}</tbody>
            </table>
        </div>
        {pager(groups.total, &view, go, shown)}
    }
    .into_any()
}

/// `low – high %` with both exact values in the title.
pub fn range_text(low: f64, high: f64) -> (String, String) {
    (format!("{} – {}", percent_short(low), percent_short(high)), format!("{} – {}", exact(low), exact(high)))
}

fn group_row(g: &PairGroupMetadata) -> impl IntoView + use<> {
    let href = format!("/groups/{}", g.lexical_order_mints);
    let name = g.name.clone();
    let (fee, fee_title) = range_text(g.min_fee_tvl_ratio, g.max_fee_tvl_ratio);
    let (lm, lm_title) = range_text(g.min_lm_apr, g.max_lm_apr);
    view! {
        <tr data-group=g.lexical_order_mints.clone()>
            <td><a href={crate::link(&href)} class="name">{name}</a></td>
            <td class="r">{usd_value(g.total_tvl, "total_tvl")}</td>
            <td class="r">{usd_value(g.total_trade_volume, "total_trade_volume")}</td>
            <td class="r" title=fee_title data-field="fee_tvl_ratio_range">{fee}</td>
            <td class="r" title=lm_title data-field="lm_apr_range">{lm}</td>
        </tr>
    }
}
