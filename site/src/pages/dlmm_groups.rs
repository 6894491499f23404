//! `/dlmm/groups` (the DLMM datapi's pool groups: every pair of tokens, summed) and
//! `/dlmm/groups/:lexical_order_mints` (every pool of one pair of tokens), both paged, choices in the URL query.
//!
//! Both work whether or not the host serves the group routes (the live DLMM host's July 2026 spec no longer lists
//! them): a pair's pools always come from two filtered pool lists ([`crate::token_pair`]), and where
//! `/pools/groups` is not served (`notServed`), the groups are built from the top pools and the page says so.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Group;
use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;

use super::controls::{
    Input, ListControls, ListState, RowControl, datapi_pager, order_choices, page_size_choices, sort_choices,
    window_choices,
};
use super::dlmm_pools::dlmm_pool_rows;
use super::{Addr, pct_value, usd_value};
use crate::client::SiteClient;
use crate::pool_list::{GROUP_SORTS, GroupsView, PoolsView, window_label};
use crate::token_pair::{POOLS_PER_REQUEST, group_pools_operation, groups_of, merge_pair, page_of, pair_operations};
use crate::ui::{CollectAny, Failure, Loaded, empty};

/// A page of groups, and whether it was built from pools (the host does not serve the group routes).
type GroupsPage = (Paginated<Group>, bool);

/// The groups of `view`: the host's, or where it does not serve them, those of its top pools by the view's metric.
async fn load_groups(client: SiteClient, view: GroupsView) -> Result<GroupsPage, Error> {
    match client.send(&view.operation()).await {
        Ok(page) => Ok((page, false)),
        Err(e) if e.kind() == ErrorKind::NotServed => {
            let pools = client.send(&group_pools_operation(&view)).await?;
            let groups = groups_of(&pools.data, view.sort, view.window, view.direction);
            Ok((page_of(&groups, view.page, view.page_size), true))
        }
        Err(e) => Err(e),
    }
}

/// The pool groups page.
#[component]
pub fn DlmmGroupsPage() -> impl IntoView {
    let (view_state, go) = crate::route::url_state::<GroupsView>(|| "/dlmm/groups".to_owned());
    let client = expect_context::<SiteClient>();
    let groups = crate::resource::local(move || load_groups(client.clone(), view_state.get()));
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

/// A page of groups (read from the page's shared value), and where they were built from pools, a note saying so.
fn groups_table((page, built): &GroupsPage, view: GroupsView, go: Callback<GroupsView>) -> AnyView {
    let note = built.then(|| {
        view! {
            <p class="note" data-testid="groups-built">
                {format!(
                    "This host does not serve pool groups: these are the groups of its top {POOLS_PER_REQUEST} pools by {}, summed here.",
                    view.sort.label().to_ascii_lowercase()
                )}
            </p>
        }
    });
    if page.data.is_empty() {
        return view! { {note} {empty("No groups match.")} }.into_any();
    }
    let w = window_label(view.window);
    view! {
        {note}
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
    let client = expect_context::<SiteClient>();
    let pools = crate::resource::local(move || {
        let (client, view, key) = (client.clone(), view_state.get(), mints.get());
        async move {
            let key = dlmm_query::ops::LexicalOrderMints::parse(&key).map_err(Error::from)?;
            let (a, b) = key.as_str().split_once('-').unwrap_or_default();
            let [ab, ba] = pair_operations(&view, a, b);
            let (ab, ba) = (client.send(&ab).await?, client.send(&ba).await?);
            let order = (view.sort, view.window, view.direction);
            Ok::<_, Error>(merge_pair([&ab.data, &ba.data], order, (view.page, view.page_size)))
        }
    });
    let (mint_a, mint_b) = {
        let key = mints.get_untracked();
        let (a, b) = key.split_once('-').unwrap_or((key.as_str(), ""));
        (a.to_owned(), b.to_owned())
    };
    view! {
        <h1>"Pool group"</h1>
        <p class="sub" data-testid="group-mints">
            {Addr::new(mint_a).field("mint_a").view()}" · "{Addr::new(mint_b).field("mint_b").view()}
        </p>
        <p><a href={crate::link("/dlmm/groups")}>"All groups"</a></p>
        <Loaded resource=pools loading="the group's pools" failure=Failure::NotAnAddress("token pair") let:page>
            {dlmm_pool_rows(page, view_state.get_untracked(), go, "dlmm-group-table")}
        </Loaded>
    }
}
