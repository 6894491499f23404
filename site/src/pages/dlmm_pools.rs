//! `/dlmm/pools`: the DLMM datapi's pools, sorted by any metric and window, filtered (TVL, volume and fee/TVL
//! floors, blacklist, token), searched and paged; every choice kept in the URL query.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::params::{SortField, Timeframe, WindowedMetric};
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::controls::{
    Pager, Select, SortHeader, order_choices, order_of, order_value, page_size_choices, sort_choices, window_choices,
};
use super::{CollectAny, Empty, Loading, SiteClient, pct_value, result_view, usd_value};
use crate::format::{exact, percent_short};
use crate::pool_list::{PoolsView, SortChoice, TokenSide, page_info, window_label, window_value};

/// The DLMM pools page.
#[component]
pub fn DlmmPoolsPage() -> impl IntoView {
    let query = crate::route::query();
    let view_state = Memo::new(move |_| {
        let q = query.read();
        PoolsView::from_query(|k| q.get(k))
    });
    let client = expect_context::<SiteClient>();
    let pools = crate::resource::local(move || {
        let client = client.clone();
        let op = view_state.get().operation();
        async move { client.send(&op).await }
    });
    let retry = Callback::new(move |()| pools.refetch());
    let navigate = use_navigate();
    let go = Callback::new(move |v: PoolsView| navigate(&format!("/dlmm/pools{}", v.to_query()), Default::default()));
    view! {
        <h1>"DLMM pools"</h1>
        <PoolFilters view=view_state go=go />
        <Transition fallback=|| view! { <Loading what="pools" /> }>
            {move || crate::resource::suspend(async move {
                let v = view_state.get_untracked();
                result_view(pools.await, "Pools", retry, move |page| {
                    dlmm_pool_rows(page, v, go, "dlmm-pools-table")
                })
            })}
        </Transition>
    }
}

#[component]
fn PoolFilters(view: Memo<PoolsView>, go: Callback<PoolsView>) -> impl IntoView {
    let search = NodeRef::<html::Input>::new();
    let min_tvl = NodeRef::<html::Input>::new();
    let min_volume = NodeRef::<html::Input>::new();
    let min_fee_tvl = NodeRef::<html::Input>::new();
    let token = NodeRef::<html::Input>::new();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let value = |r: NodeRef<html::Input>| r.get().map(|e| e.value()).unwrap_or_default();
        let parsed = PoolsView::from_query(|k| match k {
            "q" => Some(value(search)),
            "minTvl" => Some(value(min_tvl)),
            "minVolume" => Some(value(min_volume)),
            "minFeeTvl" => Some(value(min_fee_tvl)),
            "token" => Some(value(token)),
            _ => None,
        });
        let v = view.get_untracked();
        go.run(PoolsView {
            search: parsed.search,
            min_tvl: parsed.min_tvl,
            min_volume: parsed.min_volume,
            min_fee_tvl: parsed.min_fee_tvl,
            token: parsed.token,
            page: 1,
            ..v
        });
    };
    let floor_value = |f: fn(&PoolsView) -> f64| {
        move || {
            let v = f(&view.get());
            if v > 0.0 { v.to_string() } else { String::new() }
        }
    };
    view! {
        <form class="filters" on:submit=submit role="search" aria-label="Filter pools">
            <div class="field grow">
                <label for="p-search">"Name, symbol or mint"</label>
                <input id="p-search" name="q" type="search" node_ref=search placeholder="e.g. SOL-USDC"
                    prop:value=move || view.get().search autocomplete="off" />
            </div>
            <div class="field">
                <label for="p-tvl">"Min TVL (USD)"</label>
                <input id="p-tvl" name="minTvl" type="number" min="0" step="any" inputmode="decimal" node_ref=min_tvl
                    prop:value=floor_value(|v| v.min_tvl) />
            </div>
            <div class="field">
                <label for="p-volume">{move || format!("Min volume {} (USD)", window_label(view.get().window))}</label>
                <input id="p-volume" name="minVolume" type="number" min="0" step="any" inputmode="decimal"
                    node_ref=min_volume prop:value=floor_value(|v| v.min_volume) />
            </div>
            <div class="field">
                <label for="p-fee-tvl">{move || format!("Min fee/TVL {} (%)", window_label(view.get().window))}</label>
                <input id="p-fee-tvl" name="minFeeTvl" type="number" min="0" step="any" inputmode="decimal"
                    node_ref=min_fee_tvl prop:value=floor_value(|v| v.min_fee_tvl) />
            </div>
            <div class="field grow">
                <label for="p-token">"Token (mint or symbol)"</label>
                <input id="p-token" name="token" type="text" node_ref=token spellcheck="false" autocomplete="off"
                    prop:value=move || view.get().token />
            </div>
            <button type="submit">"Apply"</button>
            <div class="row wrap">
                <Select id="p-side" name="side" label="Token as"
                    choices=vec![("x".to_owned(), "token X".to_owned()), ("y".to_owned(), "token Y".to_owned())]
                    selected=Signal::derive(move || {
                        if view.get().token_side == TokenSide::Y { "y" } else { "x" }.to_owned()
                    })
                    on_pick=Callback::new(move |v: String| {
                        let token_side = if v == "y" { TokenSide::Y } else { TokenSide::X };
                        go.run(PoolsView { token_side, page: 1, ..view.get_untracked() });
                    }) />
                <label class="check"><input type="checkbox" name="hideBlacklisted"
                    prop:checked=move || view.get().hide_blacklisted
                    on:change=move |ev| go.run(PoolsView {
                        hide_blacklisted: event_target_checked(&ev), page: 1, ..view.get_untracked()
                    }) />" Hide blacklisted"</label>
                <Select id="p-sort" name="sort" label="Sort by" choices=sort_choices(&SortChoice::ALL)
                    selected=Signal::derive(move || view.get().sort.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Some(sort) = SortChoice::parse(&v) {
                        go.run(PoolsView { sort, page: 1, ..view.get_untracked() });
                    }) />
                <Select id="p-window" name="window" label="Window" choices=window_choices()
                    selected=Signal::derive(move || view.get().window.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Ok(window) = v.parse::<Timeframe>() {
                        go.run(PoolsView { window, page: 1, ..view.get_untracked() });
                    }) />
                <Select id="p-order" name="order" label="Order" hidden_label=true choices=order_choices()
                    selected=Signal::derive(move || order_value(view.get().direction))
                    on_pick=Callback::new(move |v: String| {
                        go.run(PoolsView { direction: order_of(&v), page: 1, ..view.get_untracked() });
                    }) />
                <Select id="p-size" name="size" label="Per page" choices=page_size_choices()
                    selected=Signal::derive(move || view.get().page_size.to_string())
                    on_pick=Callback::new(move |v: String| if let Ok(page_size) = v.parse::<u32>() {
                        go.run(PoolsView { page_size, page: 1, ..view.get_untracked() });
                    }) />
            </div>
        </form>
    }
}

/// Pages of a datapi list: previous, "Page n of m · a–b of total", next.
#[component]
pub fn DatapiPager(
    page: u64,
    pages: u64,
    page_size: u64,
    shown: usize,
    total: u64,
    prev: Callback<()>,
    next: Callback<()>,
) -> impl IntoView {
    let info = page_info(page, pages, page_size, shown, total);
    view! { <Pager label="Pages" info=info has_prev={page > 1} has_next={page < pages} prev=prev next=next /> }
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
        return view! { <Empty message="No pools match these filters." /> }.into_any();
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
            let next = view.sorted_by(sort);
            let direction = (view.sort == sort).then_some(view.direction);
            view! {
                <SortHeader key=sort.as_str() label=label direction=direction
                    on_sort=Callback::new(move |()| go.run(next.clone())) />
            }
        })
        .collect_any();
    let shown = page.data.len();
    let (prev_view, next_view) =
        (view.with_page(view.page.saturating_sub(1)), view.with_page(view.page.saturating_add(1)));
    let prev = Callback::new(move |()| go.run(prev_view.clone()));
    let next = Callback::new(move |()| go.run(next_view.clone()));
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
        <DatapiPager page=page.current_page pages=page.pages page_size=page.page_size shown=shown total=page.total
            prev=prev next=next />
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
