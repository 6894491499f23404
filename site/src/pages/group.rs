//! `/groups/:lexical_order_mints`: every pool of one mint pair, side by side.

use dlmm_query::models::PairInfo;
use dlmm_query::ops::GetSingleGroupPair;
use leptos::prelude::*;

use super::Addr;
use crate::format::{compact_usd, exact, percent_short};
use crate::ui::{CollectAny, Failure, Loaded, or_empty};

/// One compared field: label, unit and how to read it from a pair.
pub struct CompareRow {
    /// Row label.
    pub label: &'static str,
    /// `data-field` of the cells.
    pub field: &'static str,
    /// Reads the value (as shown, exact).
    pub value: fn(&PairInfo) -> (String, String),
}

fn usd_of(v: f64) -> (String, String) {
    (compact_usd(v), exact(v))
}

fn pct_of(v: f64) -> (String, String) {
    (percent_short(v), exact(v))
}

/// The rows of the comparison, in display order.
pub const COMPARE_ROWS: [CompareRow; 9] = [
    CompareRow {
        label: "Bin step (bps)",
        field: "bin_step",
        value: |p| (p.bin_step.to_string(), p.bin_step.to_string()),
    },
    CompareRow { label: "Base fee (%)", field: "base_fee_percentage", value: |p| pct_of(p.base_fee_percent()) },
    CompareRow { label: "Max fee (%)", field: "max_fee_percentage", value: |p| pct_of(p.max_fee_percent()) },
    CompareRow { label: "TVL (USD)", field: "liquidity", value: |p| usd_of(p.tvl_usd()) },
    CompareRow { label: "Volume 24 h (USD)", field: "trade_volume_24h", value: |p| usd_of(p.trade_volume_24h) },
    CompareRow { label: "Fees 24 h (USD)", field: "fees_24h", value: |p| usd_of(p.fees_24h) },
    CompareRow { label: "APR 24 h (fee/TVL %)", field: "apr", value: |p| pct_of(p.apr) },
    CompareRow { label: "Farm APR (%)", field: "farm_apr", value: |p| pct_of(p.farm_apr) },
    CompareRow {
        label: "Price (Y per X)",
        field: "current_price",
        value: |p| (crate::format::fixed(p.current_price, 6), exact(p.current_price)),
    },
];

/// The group page.
#[component]
pub fn GroupPage() -> impl IntoView {
    let key = crate::route::param("mints");
    let pairs = crate::client::load(move || GetSingleGroupPair::new(key.get()));
    view! {
        <h1>"Token pair"</h1>
        <p class="sub"><code class="wrap">{key}</code></p>
        <Loaded resource=pairs loading="the pools of this token pair" failure=Failure::NotFound("Token pair")
            let:pairs>
            {or_empty(pairs, "No pools trade this pair of tokens.", compare)}
        </Loaded>
    }
}

/// The pools of the pair side by side, by TVL (read from the page's shared value).
fn compare(pairs: &[PairInfo]) -> impl IntoView + use<> {
    let mut pairs: Vec<&PairInfo> = pairs.iter().collect();
    pairs.sort_by(|a, b| b.tvl_usd().total_cmp(&a.tvl_usd()));
    let count = pairs.len();
    let heads = pairs
        .iter()
        .map(|p| {
            let (name, href, address, key) =
                (p.name.clone(), format!("/pairs/{}", p.address), p.address.clone(), p.address.clone());
            view! {
                <th scope="col" data-address=key>
                    <a href={crate::link(&href)} class="name">{name}</a>
                    <br />{Addr::new(address).view()}
                </th>
            }
        })
        .collect_any();
    let rows = COMPARE_ROWS
        .iter()
        .map(|row| {
            let cells = pairs
                .iter()
                .map(|p| {
                    let (text, title) = (row.value)(p);
                    view! { <td class="r" data-field=row.field title=title>{text}</td> }
                })
                .collect_any();
            view! { <tr><th scope="row">{row.label}</th>{cells}</tr> }
        })
        .collect_any();
    view! {
        <p>{format!("{count} pools, by TVL. Scroll sideways on narrow screens.")}</p>
        <div class="table-scroll">
            <table class="data compare" data-testid="group-table">
                <thead><tr>
                    <th scope="col">"Pool"</th>
                    {heads}
                </tr></thead>
                <tbody>{rows}
                </tbody>
            </table>
        </div>
    }
}
