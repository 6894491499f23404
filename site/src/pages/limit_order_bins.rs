//! A wallet's open limit orders bin by bin, from `/wallets/{wallet}/limit_orders/open/pools/{pool}`: each order with
//! its side, price range and share filled, then a strip of its bins (lowest price first), each marked filled, partly
//! filled or not yet, with the pool's active bin; downloadable, a row per bin with the amounts exactly as sent.

use std::rc::Rc;

use dlmm_query::Error;
use dlmm_query::datapi::models::dlmm::{BinFillStatus, OpenLimitOrder, OpenLimitOrderBin, OpenLimitOrders};
use leptos::prelude::*;

use super::{Addr, pct_value};
use crate::charts::candles::price;
use crate::export::{Provenance, Table};
use crate::format::exact;
use crate::ui::{CollectAny, downloads};

/// The open orders of one pool, or why they could not be read.
pub(super) struct PoolOrders {
    /// Its pair, as the limit-order routes name it.
    pub pair: String,
    /// Its open orders of the wallet (one page).
    pub page: Result<OpenLimitOrders, Error>,
}

/// How many of an order's bins are filled, partly filled and not filled (a status this explorer does not know is
/// counted as not filled).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillCounts {
    /// Bins filled completely.
    pub filled: usize,
    /// Bins filled in part.
    pub partly: usize,
    /// Bins not filled yet.
    pub open: usize,
}

impl FillCounts {
    /// The counts of `bins`.
    pub fn of(bins: &[OpenLimitOrderBin]) -> Self {
        bins.iter().fold(Self::default(), |mut c, b| {
            match b.fill_status {
                BinFillStatus::Fulfilled => c.filled += 1,
                BinFillStatus::PartialFilled => c.partly += 1,
                BinFillStatus::NotFilled | BinFillStatus::Unknown => c.open += 1,
            }
            c
        })
    }

    /// In words: `3 filled · 1 partly · 2 open`.
    pub fn words(self) -> String {
        format!("{} filled · {} partly · {} open", self.filled, self.partly, self.open)
    }
}

/// A bin's fill status as a word, the class that colours it and the service's own word (`unknown` for a status
/// this explorer does not know).
fn status(s: BinFillStatus) -> (&'static str, &'static str, &'static str) {
    match s {
        BinFillStatus::Fulfilled => ("filled", "fill full", "fulfilled"),
        BinFillStatus::PartialFilled => ("partly filled", "fill part", "partial_filled"),
        BinFillStatus::NotFilled => ("not filled", "fill none", "not_filled"),
        BinFillStatus::Unknown => ("status unknown", "fill none", "unknown"),
    }
}

/// An order's side: `ask` (selling token X) or `bid` (buying it).
fn side(order: &OpenLimitOrder) -> &'static str {
    if order.is_ask_side { "ask" } else { "bid" }
}

/// One order's row: the order (its pair and side below), its prices, the share filled, and the strip of its bins,
/// each marked by its fill status, the pool's `active` bin (where among them) outlined.
fn row(order: &OpenLimitOrder, pair: &str, active: i32) -> AnyView {
    let side = side(order);
    let a = &order.limit_order_address;
    let counts = FillCounts::of(&order.bin_distribution).words();
    let bins = order
        .bin_distribution
        .iter()
        .map(|b| {
            let (word, class, _) = status(b.fill_status);
            let class = if b.bin_id == active { format!("{class} active") } else { class.to_owned() };
            let title = format!(
                "Bin {} at {}: {word}, {} of {} {}",
                b.bin_id,
                price(b.price),
                b.fulfilled_amount,
                b.deposit_amount,
                order.input_token
            );
            view! { <i class=class data-bin=b.bin_id.to_string() title=title></i> }
        })
        .collect_any();
    view! {
        <tr data-order=a.clone() data-side=side>
            <td>{Addr::new(a.clone()).view()}<br/><span class="unit">{format!("{pair} · {side}")}</span></td>
            <td class="r mono">{format!("{} – {}", price(order.lower_pool_price), price(order.upper_pool_price))}</td>
            <td class="r">{pct_value(order.filled_pct, "filled_pct")}</td>
            <td><span class="fill-bins" role="img" aria-label=format!("Bins: {counts}")>{bins}</span>
                <br/><span class="unit" data-field="fills">{counts}</span></td>
        </tr>
    }
    .into_any()
}

/// The orders' bins as a table to download: a row per bin, amounts as their exact text.
pub(super) fn bins_table(wallet: &str, pools: &[PoolOrders], provenance: Provenance) -> Table {
    let mut rows = Vec::new();
    for page in pools.iter().filter_map(|p| p.page.as_ref().ok()) {
        for order in &page.data {
            for b in &order.bin_distribution {
                rows.push(vec![
                    order.limit_order_address.clone(),
                    page.pool.pool_address.clone(),
                    side(order).to_owned(),
                    b.bin_id.to_string(),
                    exact(b.price),
                    b.deposit_amount.to_string(),
                    b.fulfilled_amount.to_string(),
                    b.unfilled_amount.to_string(),
                    b.output_received_amount.to_string(),
                    status(b.fill_status).2.to_owned(),
                    page.current_active_bin_id.to_string(),
                ]);
            }
        }
    }
    Table {
        name: format!("limit-order-bins-{wallet}"),
        columns: vec![
            "limit_order_address",
            "pool_address",
            "side",
            "bin_id",
            "price",
            "deposit_amount",
            "fulfilled_amount",
            "unfilled_amount",
            "output_received_amount",
            "fill_status",
            "current_active_bin_id",
        ],
        rows,
        provenance,
    }
}

/// The section's table: a row per open order, the pools whose orders could not be read named below, and the
/// downloads.
pub(super) fn open_order_bins(wallet: &str, pools: Rc<Vec<PoolOrders>>, provenance: Provenance) -> AnyView {
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for p in pools.iter() {
        match &p.page {
            Ok(page) => rows.extend(page.data.iter().map(|o| row(o, &p.pair, page.current_active_bin_id))),
            Err(e) => failed.push(format!("{}: {e}", p.pair)),
        }
    }
    let w = wallet.to_owned();
    view! {
        <h3>"Open orders, bin by bin"</h3>
        <div class="table-scroll"><table class="data" data-testid="limit-order-bins">
            <thead><tr><th scope="col">"Order"</th><th scope="col" class="r">"Price range"</th>
                <th scope="col" class="r">"Filled %"</th><th scope="col">"Bins, lowest price first"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table></div>
        <p class="note">"A bin is filled, partly filled or open; the outlined bin is the pool's active bin."</p>
        {(!failed.is_empty()).then(|| view! {
            <p class="state error" data-state="error">{format!("Orders unavailable for {}", failed.join("; "))}</p>
        })}
        {downloads("limit-order-bins-downloads", Rc::new(move || bins_table(&w, &pools, provenance.clone())))}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(id: i32, fill_status: BinFillStatus) -> OpenLimitOrderBin {
        let zero = || "0".parse().unwrap();
        OpenLimitOrderBin {
            bin_id: id,
            price: 1.0,
            deposit_amount: zero(),
            fulfilled_amount: zero(),
            unfilled_amount: zero(),
            output_received_amount: zero(),
            fill_status,
        }
    }

    #[test]
    fn bins_are_counted_by_status_and_an_unknown_one_as_open() {
        use BinFillStatus::*;
        let bins = [bin(1, Fulfilled), bin(2, Fulfilled), bin(3, PartialFilled), bin(4, NotFilled), bin(5, Unknown)];
        let counts = FillCounts::of(&bins);
        assert_eq!(counts, FillCounts { filled: 2, partly: 1, open: 2 });
        assert_eq!(counts.words(), "2 filled · 1 partly · 2 open");
        assert_eq!(FillCounts::of(&[]).words(), "0 filled · 0 partly · 0 open");
        assert_eq!(status(PartialFilled), ("partly filled", "fill part", "partial_filled"));
    }
}
