//! `/dlmm/groups` (the DLMM datapi's pool groups: every pair of tokens, summed) and
//! `/dlmm/groups/:lexical_order_mints` (every pool of one pair of tokens), both paged, choices in the URL query.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Group;
use leptos::prelude::*;

use super::controls::{
    Input, ListControls, ListState, RowControl, datapi_pager, order_choices, page_size_choices, sort_choices,
    window_choices,
};
use super::dlmm_pools::dlmm_pool_rows;
use super::{Addr, pct_value, usd_value};
use crate::pool_list::{GROUP_SORTS, GroupsView, PoolsView, window_label};
use crate::ui::{CollectAny, Empty, Failure, Loaded};

/// The pool groups page.
#[component]
pub fn DlmmGroupsPage() -> impl IntoView {
    let (view_state, go) = crate::route::url_state::<GroupsView>(|| "/dlmm/groups".to_owned());
    let groups = crate::client::load(move || view_state.get().operation());
    let inputs = vec![Input::search("g-search", "q", "Name, symbol or mint", "e.g. SOL")];
    let row = vec![
        RowControl::select("g-sort", "sort", "Sort by", sort_choices(&GROUP_SORTS)),
        RowControl::select("g-window", "window", "Window", window_choices()),
        RowControl::hidden_select("g-order", "order", "Order", order_choices()),
        RowControl::select("g-size", "size", "Per page", page_size_choices()),
    ];
    view! {
        <h1>"DLMM pool groups"</h1>
        <p class="sub">"Every pair of tokens with its pools summed; open one to see all its pools."</p>
        <ListControls state=ListState::new(view_state, go) label="Filter groups" inputs=inputs submit="Apply" row=row />
        <Loaded resource=groups loading="groups" failure=Failure::NotFound("Groups") let:page>
            {groups_table(page, view_state.get_untracked(), go)}
        </Loaded>
    }
}

/// A page of groups (read from the page's shared value).
fn groups_table(page: &Paginated<Group>, view: GroupsView, go: Callback<GroupsView>) -> AnyView {
    if page.data.is_empty() {
        return view! { <Empty message="No groups match." /> }.into_any();
    }
    let w = window_label(view.window);
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
        {datapi_pager(page, &view, go)}
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
    let (view_state, go) =
        crate::route::url_state::<PoolsView>(move || format!("/dlmm/groups/{}", mints.get_untracked()));
    let pools = crate::client::load(move || view_state.get().group_operation(&mints.get()));
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
        <Loaded resource=pools loading="the group's pools" failure=Failure::NotFound("Group") let:page>
            {dlmm_pool_rows(page, view_state.get_untracked(), go, "dlmm-group-table")}
        </Loaded>
    }
}
