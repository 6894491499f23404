//! `/dlmm/groups` (the DLMM datapi's pool groups: every pair of tokens, summed) and
//! `/dlmm/groups/:lexical_order_mints` (every pool of one pair of tokens), both paged, choices in the URL query.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Group;
use dlmm_query::datapi::params::Timeframe;
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::controls::{Select, order_choices, order_of, order_value, page_size_choices, sort_choices, window_choices};
use super::dlmm_pools::{DatapiPager, dlmm_pool_rows};
use super::{Addr, CollectAny, Empty, Loading, SiteClient, pct_value, result_view, usd_value};
use crate::pool_list::{GROUP_SORTS, GroupsView, PoolsView, SortChoice, window_label};

/// The pool groups page.
#[component]
pub fn DlmmGroupsPage() -> impl IntoView {
    let query = crate::route::query();
    let view_state = Memo::new(move |_| {
        let q = query.read();
        GroupsView::from_query(|k| q.get(k))
    });
    let client = expect_context::<SiteClient>();
    let groups = crate::resource::local(move || {
        let client = client.clone();
        let op = view_state.get().operation();
        async move { client.send(&op).await }
    });
    let retry = Callback::new(move |()| groups.refetch());
    let navigate = use_navigate();
    let go = Callback::new(move |v: GroupsView| navigate(&format!("/dlmm/groups{}", v.to_query()), Default::default()));
    view! {
        <h1>"DLMM pool groups"</h1>
        <p class="sub">"Every pair of tokens with its pools summed; open one to see all its pools."</p>
        <GroupFilters view=view_state go=go />
        <Transition fallback=|| view! { <Loading what="groups" /> }>
            {move || crate::resource::suspend(async move {
                let v = view_state.get_untracked();
                result_view(groups.await, "Groups", retry, move |page| {
                    groups_table(page, v, go)
                })
            })}
        </Transition>
    }
}

#[component]
fn GroupFilters(view: Memo<GroupsView>, go: Callback<GroupsView>) -> impl IntoView {
    let search = NodeRef::<html::Input>::new();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = search.get().map(|e| e.value()).unwrap_or_default();
        go.run(GroupsView { search: text.trim().to_owned(), page: 1, ..view.get_untracked() });
    };
    view! {
        <form class="filters" on:submit=submit role="search" aria-label="Filter groups">
            <div class="field grow">
                <label for="g-search">"Name, symbol or mint"</label>
                <input id="g-search" name="q" type="search" node_ref=search placeholder="e.g. SOL"
                    prop:value=move || view.get().search autocomplete="off" />
            </div>
            <button type="submit">"Apply"</button>
            <div class="row wrap">
                <Select id="g-sort" name="sort" label="Sort by" choices=sort_choices(&GROUP_SORTS)
                    selected=Signal::derive(move || view.get().sort.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Some(sort) = SortChoice::parse(&v) {
                        go.run(GroupsView { sort, page: 1, ..view.get_untracked() });
                    }) />
                <Select id="g-window" name="window" label="Window" choices=window_choices()
                    selected=Signal::derive(move || view.get().window.as_str().to_owned())
                    on_pick=Callback::new(move |v: String| if let Ok(window) = v.parse::<Timeframe>() {
                        go.run(GroupsView { window, page: 1, ..view.get_untracked() });
                    }) />
                <Select id="g-order" name="order" label="Order" hidden_label=true choices=order_choices()
                    selected=Signal::derive(move || order_value(view.get().direction))
                    on_pick=Callback::new(move |v: String| {
                        go.run(GroupsView { direction: order_of(&v), page: 1, ..view.get_untracked() });
                    }) />
                <Select id="g-size" name="size" label="Per page" choices=page_size_choices()
                    selected=Signal::derive(move || view.get().page_size.to_string())
                    on_pick=Callback::new(move |v: String| if let Ok(page_size) = v.parse::<u32>() {
                        go.run(GroupsView { page_size, page: 1, ..view.get_untracked() });
                    }) />
            </div>
        </form>
    }
}

/// A page of groups (read from the page's shared value).
fn groups_table(page: &Paginated<Group>, view: GroupsView, go: Callback<GroupsView>) -> AnyView {
    if page.data.is_empty() {
        return view! { <Empty message="No groups match." /> }.into_any();
    }
    let w = window_label(view.window);
    let shown = page.data.len();
    let (prev_view, next_view) =
        (view.with_page(view.page.saturating_sub(1)), view.with_page(view.page.saturating_add(1)));
    let prev = Callback::new(move |()| go.run(prev_view.clone()));
    let next = Callback::new(move |()| go.run(next_view.clone()));
    view! {
        <div class="table-scroll">
            <table class="data groups" data-testid="dlmm-groups-table">
                <thead><tr>
                    <th scope="col">"Token pair"</th>
                    <th scope="col" class="r">"Pools"</th>
                    <th scope="col" class="r">"Total TVL"</th>
                    <th scope="col" class="r">{format!("Volume {w}")}</th>
                    <th scope="col" class="r">{format!("Best fee/TVL {w}")}</th>
                </tr></thead>
                <tbody>{page.data.iter().map(group_row).collect_any()}</tbody>
            </table>
        </div>
        <DatapiPager page=page.current_page pages=page.pages page_size=page.page_size shown=shown total=page.total
            prev=prev next=next />
    }
    .into_any()
}

fn group_row(g: &Group) -> impl IntoView + use<> {
    let (href, name) = (format!("/dlmm/groups/{}", g.lexical_order_mints), g.group_name.clone());
    view! {
        <tr data-group=g.lexical_order_mints.clone()>
            <td>
                <a href={crate::link(&href)} class="name">{name}</a>
                {g.has_farm.then(|| view! { <span class="badge" title="A pool of this group has a farm">"farm"</span> })}
            </td>
            <td class="r" data-field="pool_count">{g.pool_count}</td>
            <td class="r">{usd_value(g.total_tvl, "total_tvl")}</td>
            <td class="r">{usd_value(g.total_volume, "total_volume")}</td>
            <td class="r">{pct_value(g.max_fee_tvl_ratio, "max_fee_tvl_ratio")}</td>
        </tr>
    }
}

/// One group: every pool trading its two tokens, sorted and paged like `/dlmm/pools`.
#[component]
pub fn DlmmGroupPage() -> impl IntoView {
    let mints = crate::route::param("mints");
    let query = crate::route::query();
    let view_state = Memo::new(move |_| {
        let q = query.read();
        PoolsView::from_query(|k| q.get(k))
    });
    let client = expect_context::<SiteClient>();
    let pools = crate::resource::local(move || {
        let client = client.clone();
        let op = view_state.get().group_operation(&mints.get());
        async move { client.send(&op).await }
    });
    let retry = Callback::new(move |()| pools.refetch());
    let navigate = use_navigate();
    let go = Callback::new(move |v: PoolsView| {
        navigate(&format!("/dlmm/groups/{}{}", mints.get_untracked(), v.to_query()), Default::default())
    });
    let (mint_a, mint_b) = {
        let key = mints.get_untracked();
        let (a, b) = key.split_once('-').unwrap_or((key.as_str(), ""));
        (a.to_owned(), b.to_owned())
    };
    view! {
        <h1>"Pool group"</h1>
        <p class="sub" data-testid="group-mints">
            <Addr address=mint_a field="mint_a" />" · "<Addr address=mint_b field="mint_b" />
        </p>
        <p><a href={crate::link("/dlmm/groups")}>"All groups"</a></p>
        <Transition fallback=|| view! { <Loading what="the group's pools" /> }>
            {move || crate::resource::suspend(async move {
                let v = view_state.get_untracked();
                result_view(pools.await, "Group", retry, move |page| {
                    dlmm_pool_rows(page, v, go, "dlmm-group-table")
                })
            })}
        </Transition>
    }
}
