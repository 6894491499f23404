//! `/damm-v2/pools`: the DAMM v2 datapi's pools, sorted, searched and paged, every choice kept in the URL query.

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::damm_v2::Pool;
use dlmm_query::datapi::ops::damm_v2::GetPools;
use dlmm_query::datapi::params::{Direction, SortBy, SortField, Timeframe, WindowedMetric};
use leptos::html;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::controls::{Select, page_size_choices};
use super::{CollectAny, Empty, Loading, SiteClient, pct_value, result_view, usd_value};
use crate::format::percent_short;
use crate::query::PAGE_SIZES;

/// The page size when the URL names none.
pub const DAMM_V2_DEFAULT_PAGE_SIZE: u32 = 25;

/// The sorts offered, with their labels.
pub fn damm_v2_sorts() -> Vec<(SortBy, &'static str)> {
    vec![
        (SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc), "Volume 24 h, highest first"),
        (SortBy::field(SortField::Tvl, Direction::Desc), "TVL, highest first"),
        (
            SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::H24, Direction::Desc),
            "Fee / TVL 24 h, highest first",
        ),
        (SortBy::windowed(WindowedMetric::Fee, Timeframe::H24, Direction::Desc), "Fees 24 h, highest first"),
        (SortBy::windowed(WindowedMetric::Volume, Timeframe::H1, Direction::Desc), "Volume 1 h, highest first"),
        (SortBy::field(SortField::PoolCreatedAt, Direction::Desc), "Newest first"),
    ]
}

/// Everything that decides what `/damm-v2/pools` shows; round-trips through the URL query (`q`, `sort`, `size`,
/// `page`, 1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct DammV2PoolsView {
    /// Free-text search (name, symbol or address).
    pub query: String,
    /// The sort.
    pub sort: SortBy,
    /// Items per page.
    pub page_size: u32,
    /// The page, from 1.
    pub page: u32,
}

impl Default for DammV2PoolsView {
    fn default() -> Self {
        Self { query: String::new(), sort: SortBy::default(), page_size: DAMM_V2_DEFAULT_PAGE_SIZE, page: 1 }
    }
}

impl DammV2PoolsView {
    /// Reads the URL query; values that are not offered fall back to the defaults.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let d = Self::default();
        let sort = get("sort")
            .and_then(|s| s.parse::<SortBy>().ok())
            .filter(|s| damm_v2_sorts().iter().any(|(o, _)| o == s))
            .unwrap_or(d.sort);
        let page_size =
            get("size").and_then(|s| s.trim().parse().ok()).filter(|n| PAGE_SIZES.contains(n)).unwrap_or(d.page_size);
        let page = get("page").and_then(|s| s.trim().parse::<u32>().ok()).filter(|p| *p >= 1).unwrap_or(1);
        let query = get("q").map(|q| q.trim().chars().take(200).collect()).unwrap_or_default();
        Self { query, sort, page_size, page }
    }

    /// The URL query of this view (defaults left out), with its leading `?` when not empty.
    pub fn to_query(&self) -> String {
        let d = Self::default();
        let mut parts = Vec::new();
        if !self.query.is_empty() {
            parts.push(format!("q={}", encode(&self.query)));
        }
        if self.sort != d.sort {
            parts.push(format!("sort={}", encode(&self.sort.to_string())));
        }
        if self.page_size != d.page_size {
            parts.push(format!("size={}", self.page_size));
        }
        if self.page != 1 {
            parts.push(format!("page={}", self.page));
        }
        if parts.is_empty() { String::new() } else { format!("?{}", parts.join("&")) }
    }

    /// The request of this view.
    pub fn operation(&self) -> GetPools {
        let op = GetPools::new().page(self.page).page_size(self.page_size).sort_by(self.sort.clone());
        if self.query.is_empty() { op } else { op.query(self.query.clone()) }
    }
}

/// Percent-encodes a query value (everything but unreserved characters).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The DAMM v2 pools page.
#[component]
pub fn DammV2PoolsPage() -> impl IntoView {
    let query = crate::route::query();
    let view_state = Memo::new(move |_| {
        let q = query.read();
        DammV2PoolsView::from_query(|k| q.get(k))
    });
    let client = expect_context::<SiteClient>();
    let pools = crate::resource::local(move || {
        let client = client.clone();
        let op = view_state.get().operation();
        async move { client.send(&op).await }
    });
    let retry = Callback::new(move |()| pools.refetch());
    let navigate = use_navigate();
    let go = Callback::new(move |v: DammV2PoolsView| {
        navigate(&format!("/damm-v2/pools{}", v.to_query()), Default::default())
    });
    view! {
        <h1>"DAMM v2 pools"</h1>
        <Controls view=view_state go=go />
        <Transition fallback=|| view! { <Loading what="DAMM v2 pools" /> }>
            {move || crate::resource::suspend(async move {
                let v = view_state.get_untracked();
                result_view(pools.await, "Pools", retry, move |page| pools_table(page, v, go))
            })}
        </Transition>
    }
}

#[component]
fn Controls(view: Memo<DammV2PoolsView>, go: Callback<DammV2PoolsView>) -> impl IntoView {
    let search = NodeRef::<html::Input>::new();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = search.get().map(|e| e.value()).unwrap_or_default();
        let parsed = DammV2PoolsView::from_query(|k| (k == "q").then(|| text.clone()));
        go.run(DammV2PoolsView { query: parsed.query, page: 1, ..view.get_untracked() });
    };
    view! {
        <form class="filters" on:submit=submit role="search" aria-label="Filter DAMM v2 pools">
            <div class="field grow">
                <label for="dv2-search">"Name, symbol or address"</label>
                <input id="dv2-search" name="q" type="search" node_ref=search autocomplete="off" placeholder="e.g. SOL"
                    prop:value=move || view.get().query />
            </div>
            <button type="submit">"Search"</button>
            <div class="row wrap">
                <Select id="dv2-sort" name="sort" label="Sort by"
                    choices=damm_v2_sorts().into_iter().map(|(s, label)| (s.to_string(), label.to_owned())).collect()
                    selected=Signal::derive(move || view.get().sort.to_string())
                    on_pick=Callback::new(move |v: String| if let Ok(sort) = v.parse::<SortBy>() {
                        go.run(DammV2PoolsView { sort, page: 1, ..view.get_untracked() });
                    }) />
                <Select id="dv2-size" name="size" label="Per page" choices=page_size_choices()
                    selected=Signal::derive(move || view.get().page_size.to_string())
                    on_pick=Callback::new(move |v: String| if let Ok(page_size) = v.parse::<u32>() {
                        go.run(DammV2PoolsView { page_size, page: 1, ..view.get_untracked() });
                    }) />
            </div>
        </form>
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
        return view! { <Empty message=message /> }.into_any();
    }
    let pages = page.pages.max(1);
    let current = u64::from(view.page);
    let prev = DammV2PoolsView { page: view.page.saturating_sub(1).max(1), ..view.clone() };
    let next = DammV2PoolsView { page: view.page.saturating_add(1), ..view.clone() };
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
        <nav class="pager" aria-label="Pages">
            <button type="button" disabled={view.page <= 1} on:click=move |_| go.run(prev.clone())>"← Previous"</button>
            <span data-testid="page-info">{format!("Page {current} of {pages} · {} pools", page.total)}</span>
            <button type="button" disabled={current >= pages} on:click=move |_| go.run(next.clone())>"Next →"</button>
        </nav>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlmm_query::ops::Operation;

    fn query(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |k| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn the_view_round_trips_through_the_url() {
        let d = DammV2PoolsView::from_query(query(&[]));
        assert_eq!(d, DammV2PoolsView::default());
        assert_eq!(d.to_query(), "");
        let v = DammV2PoolsView::from_query(query(&[
            ("q", " SOL USDC "),
            ("sort", "tvl:desc"),
            ("size", "50"),
            ("page", "3"),
        ]));
        assert_eq!((v.query.as_str(), v.sort.to_string(), v.page_size, v.page), ("SOL USDC", "tvl:desc".into(), 50, 3));
        assert_eq!(v.to_query(), "?q=SOL%20USDC&sort=tvl%3Adesc&size=50&page=3");
        let r = v.operation().request().unwrap();
        assert_eq!(r.path, "/pools");
        assert_eq!(r.query, "page=3&page_size=50&query=SOL+USDC&sort_by=tvl%3Adesc");
    }

    #[test]
    fn values_not_offered_fall_back() {
        let v = DammV2PoolsView::from_query(query(&[("sort", "apr_5m:asc"), ("size", "7"), ("page", "0")]));
        assert_eq!(v, DammV2PoolsView::default());
        let v = DammV2PoolsView::from_query(query(&[("page", "-2"), ("q", &"x".repeat(500))]));
        assert_eq!((v.page, v.query.chars().count()), (1, 200));
        assert!(damm_v2_sorts().iter().all(|(s, _)| s.to_string().parse::<SortBy>().as_ref() == Ok(s)));
    }
}
