//! `/dlmm/pools`: the DLMM datapi's pools, sorted by any metric and window, filtered (TVL, volume and fee/TVL
//! floors, blacklist, token), searched and paged; every choice kept in the URL query.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::params::{SortField, Timeframe, WindowedMetric};
use leptos::prelude::*;

use super::controls::{
    Input, ListControls, ListState, RowControl, SortHeader, datapi_pager, go_to, order_choices, page_size_choices,
    sort_choices, window_choices,
};
use super::{pct_value, usd_value};
use crate::format::{exact, percent_short};
use crate::pool_list::{PoolsView, SortChoice, window_label, window_value};
use crate::ui::{CollectAny, Failure, Loaded, empty};

/// The DLMM pools page.
#[component]
pub fn DlmmPoolsPage() -> impl IntoView {
    let (view_state, go) = crate::route::url_state::<PoolsView>(|| "/dlmm/pools".to_owned());
    let pools = crate::client::load(move || view_state.get().operation());
    view! {
        <h1>"DLMM pools"</h1>
        <PoolFilters view=view_state go=go />
        <Loaded resource=pools loading="pools" failure=Failure::NotFound("Pools") let:page>
            {dlmm_pool_rows(page, view_state.get_untracked(), go, "dlmm-pools-table")}
        </Loaded>
    }
}

/// The filters of a DLMM pool list: search, floors over the window, token and side, blacklist, sort, window, order
/// and page size.
#[component]
fn PoolFilters(view: Memo<PoolsView>, go: Callback<PoolsView>) -> impl IntoView {
    let window = move || window_label(view.get().window);
    let inputs = vec![
        Input::search("p-search", "q", "Name, symbol or mint", "e.g. SOL-USDC"),
        Input::number("p-tvl", "minTvl", "Min TVL (USD)".to_owned()),
        Input::number("p-volume", "minVolume", Signal::derive(move || format!("Min volume {} (USD)", window()))),
        Input::number("p-fee-tvl", "minFeeTvl", Signal::derive(move || format!("Min fee/TVL {} (%)", window()))),
        Input::text("p-token", "token", "Token (mint or symbol)"),
    ];
    let sides = vec![("x".to_owned(), "token X".to_owned()), ("y".to_owned(), "token Y".to_owned())];
    let row = vec![
        RowControl::select("p-side", "side", "Token as", sides),
        RowControl::flag("hideBlacklisted", " Hide blacklisted"),
        RowControl::select("p-sort", "sort", "Sort by", sort_choices(&SortChoice::ALL)),
        RowControl::select("p-window", "window", "Window", window_choices()),
        RowControl::hidden_select("p-order", "order", "Order", order_choices()),
        RowControl::select("p-size", "size", "Per page", page_size_choices()),
    ];
    view! {
        <ListControls state=ListState::new(view, go) label="Filter pools" inputs=inputs submit="Apply" row=row />
    }
}

/// A page of DLMM pools as a table (sortable headers, one linked row per pool) with its pager; `testid` names the
/// table (`dlmm-pools-table` on `/dlmm/pools`). Read from a page's shared value.
pub fn dlmm_pool_rows(
    page: &Paginated<Pool>,
    view: PoolsView,
    go: Callback<PoolsView>,
    testid: &'static str,
) -> AnyView {
    if page.data.is_empty() {
        return empty("No pools match these filters.");
    }
    let w = window_label(view.window);
    let columns = [
        (SortChoice::Field(SortField::BinStep), "Bin step".to_owned()),
        (SortChoice::Field(SortField::FeePct), "Base fee".to_owned()),
        (SortChoice::Field(SortField::Tvl), "TVL".to_owned()),
        (SortChoice::Windowed(WindowedMetric::Volume), format!("Volume {w}")),
        (SortChoice::Windowed(WindowedMetric::Fee), format!("Fees {w}")),
        (SortChoice::Windowed(WindowedMetric::FeeTvlRatio), format!("Fee/TVL {w}")),
    ];
    let headers = columns
        .into_iter()
        .map(|(sort, label)| {
            let direction = (view.sort == sort).then_some(view.direction);
            view! { <SortHeader key=sort.as_str() label=label direction=direction on_sort=go_to(go, view.sorted_by(sort)) /> }
        })
        .collect_any();
    let window = view.window;
    view! {
        <div class="table-scroll">
            <table class="data pools" data-testid=testid>
                <caption class="sr-only">{format!("Pools; figures over {w} unless the column says otherwise")}</caption>
                <thead><tr><th scope="col">"Pool"</th>{headers}<th scope="col" class="r">"APR 24 h"</th></tr></thead>
                <tbody>
                    {page.data.iter().map(|p| pool_row(p, window)).collect_any()}
                </tbody>
            </table>
        </div>
        {datapi_pager(page, &view, go)}
    }
    .into_any()
}

/// A windowed value, or a dash where the datapi reports no such window.
fn windowed_cell(value: Option<f64>, field: &'static str, usd: bool) -> AnyView {
    match value {
        Some(v) if usd => view! { {usd_value(v, field)} }.into_any(),
        Some(v) => view! { {pct_value(v, field)} }.into_any(),
        None => view! { <span data-field=field title="The datapi reports no 5 min window">"—"</span> }.into_any(),
    }
}

fn pool_row(p: &Pool, window: Timeframe) -> impl IntoView + use<> {
    let (href, name) = (format!("/dlmm/pools/{}", p.address), p.name.clone());
    let verified = p.token_x.is_verified && p.token_y.is_verified;
    view! {
        <tr data-address=p.address.clone()>
            <td>
                <a href={crate::link(&href)} class="name">{name}</a>
                {verified.then(|| view! { <span class="badge" title="Both tokens verified">"✓"</span> })}
                {p.is_blacklisted.then(|| view! { <span class="badge warn" data-field="is_blacklisted" title="Blacklisted by the vendor">"blacklisted"</span> })}
            </td>
            <td class="r" data-field="bin_step">{p.pool_config.bin_step}</td>
            <td class="r" data-field="base_fee_pct" title=exact(p.pool_config.base_fee_pct)>{percent_short(p.pool_config.base_fee_pct)}</td>
            <td class="r">{usd_value(p.tvl, "tvl")}</td>
            <td class="r">{windowed_cell(window_value(&p.volume, window), "volume", true)}</td>
            <td class="r">{windowed_cell(window_value(&p.fees, window), "fees", true)}</td>
            <td class="r">{windowed_cell(window_value(&p.fee_tvl_ratio, window), "fee_tvl_ratio", false)}</td>
            <td class="r">{pct_value(p.apr, "apr")}</td>
        </tr>
    }
}
