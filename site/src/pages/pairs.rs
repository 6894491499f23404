//! `/pairs`: the server-paginated pair table (or the mint-pair groups), every control kept in the URL query.

use dlmm_query::datapi::params::Direction;
use dlmm_query::models::{AllGroupOfPairsMetadata, AllPairsWithPagination, PairGroupMetadata, PairInfo};
use dlmm_query::ops::{OrderBy, PairSortKey};
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::controls::{Pager, Select, SortHeader, order_choices, page_size_choices};
use super::{CollectAny, Empty, Loading, SiteClient, pct_value, result_view, usd_value};
use crate::format::{exact, percent_short};
use crate::query::{PairsView, page_count, sort_label};

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
    let query = crate::route::query();
    let view_state = Memo::new(move |_| {
        let q = query.read();
        PairsView::from_query(|k| q.get(k))
    });
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
    let retry = Callback::new(move |()| listing.refetch());
    let navigate = use_navigate();
    let go = Callback::new(move |v: PairsView| navigate(&format!("/pairs{}", v.to_query()), Default::default()));

    view! {
        <h1>{move || if view_state.get().grouped { "Pairs by token pair" } else { "All pairs" }}</h1>
        <Filters view=view_state go=go />
        <Transition fallback=|| view! { <Loading what="pairs" /> }>
            {move || crate::resource::suspend(async move {
                let v = view_state.get_untracked();
                result_view(listing.await, "Pairs", retry, move |listing| match listing {
                    Listing::Pairs(page) => pairs_table(page, v, go),
                    Listing::Groups(groups) => groups_table(groups, v, go),
                })
            })}
        </Transition>
    }
}

#[component]
fn Filters(view: Memo<PairsView>, go: Callback<PairsView>) -> impl IntoView {
    let search = NodeRef::<html::Input>::new();
    let min_tvl = NodeRef::<html::Input>::new();
    let mints = NodeRef::<html::Input>::new();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut v = view.get_untracked();
        let value = |r: NodeRef<html::Input>| r.get().map(|e| e.value()).unwrap_or_default();
        let parsed = PairsView::from_query(|k| match k {
            "q" => Some(value(search)),
            "minTvl" => Some(value(min_tvl)),
            "mints" => Some(value(mints)),
            _ => None,
        });
        v.search = parsed.search;
        v.min_tvl = parsed.min_tvl;
        v.mints = parsed.mints;
        v.page = 0;
        go.run(v);
    };
    let toggle = move |f: fn(&mut PairsView, bool)| {
        move |ev: leptos::ev::Event| {
            let mut v = view.get_untracked();
            f(&mut v, event_target_checked(&ev));
            v.page = 0;
            go.run(v);
        }
    };
    view! {
        <form class="filters" on:submit=submit role="search" aria-label="Filter pairs">
            <div class="field grow">
                <label for="f-search">"Name or mint"</label>
                <input id="f-search" name="q" type="search" node_ref=search placeholder="e.g. SOL-USDC"
                    prop:value=move || view.get().search autocomplete="off" />
            </div>
            <div class="field">
                <label for="f-tvl">"Min TVL (USD)"</label>
                <input id="f-tvl" name="minTvl" type="number" min="0" step="any" node_ref=min_tvl inputmode="decimal"
                    prop:value=move || { let t = view.get().min_tvl; if t > 0.0 { t.to_string() } else { String::new() } } />
            </div>
            <div class="field grow">
                <label for="f-mints">"Token mints (comma-separated)"</label>
                <input id="f-mints" name="mints" type="text" node_ref=mints spellcheck="false" autocomplete="off"
                    prop:value=move || view.get().mints.join(",") />
            </div>
            <button type="submit">"Apply"</button>
            <div class="row wrap">
                <label class="check"><input type="checkbox" name="hideUnknown" prop:checked=move || view.get().hide_unknown
                    on:change=toggle(|v, on| v.hide_unknown = on) />" Verified tokens only"</label>
                <label class="check"><input type="checkbox" name="hideLowApr" prop:checked=move || view.get().hide_low_apr
                    on:change=toggle(|v, on| v.hide_low_apr = on) />" Hide low APR"</label>
                <label class="check"><input type="checkbox" name="grouped" prop:checked=move || view.get().grouped
                    on:change=toggle(|v, on| v.grouped = on) />" Group by token pair"</label>
                <Select id="f-sort" name="sort" label="Sort by"
                    choices=PairSortKey::ALL.into_iter().map(|k| (k.as_str().to_owned(), sort_label(k).to_owned())).collect()
                    selected=Signal::derive(move || view.get().sort.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Ok(sort) = v.parse::<PairSortKey>() {
                        go.run(PairsView { sort, page: 0, ..view.get_untracked() });
                    }) />
                <Select id="f-order" name="order" label="Order" hidden_label=true choices=order_choices()
                    selected=Signal::derive(move || view.get().order.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Ok(order) = v.parse::<OrderBy>() {
                        go.run(PairsView { order, page: 0, ..view.get_untracked() });
                    }) />
                <Select id="f-limit" name="limit" label="Per page" choices=page_size_choices()
                    selected=Signal::derive(move || view.get().limit.to_string())
                    on_pick=Callback::new(move |v: String| if let Ok(limit) = v.parse::<u32>() {
                        go.run(PairsView { limit, page: 0, ..view.get_untracked() });
                    }) />
            </div>
        </form>
    }
}

#[component]
fn PairsPager(total: u64, view: PairsView, go: Callback<PairsView>, shown: usize) -> impl IntoView {
    let pages = page_count(total, view.limit);
    let page = view.page;
    let prev = view.with_page(page.saturating_sub(1));
    let next = view.with_page(page.saturating_add(1));
    let first = page.saturating_mul(u64::from(view.limit)).saturating_add(1);
    let last = first.saturating_add(shown as u64).saturating_sub(1);
    let info = format!("Page {} of {pages} · {first}–{last} of {total}", page.saturating_add(1));
    view! {
        <Pager label="Pages" info=info has_prev={page > 0} has_next={page.saturating_add(1) < pages}
            prev=Callback::new(move |()| go.run(prev.clone())) next=Callback::new(move |()| go.run(next.clone())) />
    }
}

/// A page of pairs (read from the page's shared value).
fn pairs_table(page: &AllPairsWithPagination, view: PairsView, go: Callback<PairsView>) -> AnyView {
    if page.pairs.is_empty() {
        return view! { <Empty message="No pairs match these filters." /> }.into_any();
    }
    let shown = page.pairs.len();
    let headers = SORTABLE.map(|(key, label)| {
        let next = view.sorted_by(key);
        let direction =
            (view.sort == key).then_some(if view.order == OrderBy::Asc { Direction::Asc } else { Direction::Desc });
        view! {
            <SortHeader key=key.as_str() label=label direction=direction
                on_sort=Callback::new(move |()| go.run(next.clone())) />
        }
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
        <PairsPager total=page.total view=view go=go shown=shown />
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
        return view! { <Empty message="No token pairs match these filters." /> }.into_any();
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
        <PairsPager total=groups.total view=view go=go shown=shown />
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
