//! Positions explained, from their records on `/positions/{pool}/pnl`: a bar of each position's bins against its
//! pool's active bin, its value and unclaimed fees, and its P&L split into the fees earned and
//! the rest ([`PnlSplit`]), in USD and SOL. One table for the wallet page's open positions (downloadable) and the
//! position page's own row.

use std::rc::Rc;

use dlmm_query::Error;
use dlmm_query::datapi::models::dlmm::{PositionPnlRecord, PositionsPnl};
use dlmm_query::datapi::pnl_split::PnlSplit;
use leptos::prelude::*;

use super::range_bar::range_bar;
use super::{Addr, sol, usd_value};
use crate::bin_range::BinRange;
use crate::export::{Provenance, Table};
use crate::format::exact;
use crate::ui::downloads;

/// The open positions of one pool, or why they could not be read.
pub(super) struct PoolPositions {
    /// The pool's address.
    pub pool: String,
    /// Its pair, as the portfolio names it.
    pub pair: String,
    /// Its open positions of the wallet (one page of up to 100).
    pub page: Result<PositionsPnl, Error>,
}

/// The bins of `r` against its pool's active bin (unknown once the position is closed).
pub fn bin_range(r: &PositionPnlRecord) -> BinRange {
    BinRange::new(r.lower_bin_id, r.upper_bin_id, r.pool_active_bin_id.filter(|_| !r.is_closed))
}

/// The open positions as a table to download: what the service sent (numbers in their shortest round-trip text,
/// SOL P&L as its exact text, absent figures empty), then the split the page derives from it.
pub(super) fn positions_table(wallet: &str, pools: &[PoolPositions], provenance: Provenance) -> Table {
    let o = |v: Option<f64>| v.map_or_else(String::new, exact);
    let mut rows = Vec::new();
    for (pool, r) in pools
        .iter()
        .filter_map(|p| Some((&p.pool, p.page.as_ref().ok()?)))
        .flat_map(|(pool, page)| page.positions.iter().map(move |r| (pool, r)))
    {
        let (usd, sol) = (PnlSplit::usd(r), PnlSplit::sol(r));
        let u = r.unrealized_pnl.as_ref();
        rows.push(vec![
            r.position_address.clone(),
            pool.clone(),
            r.lower_bin_id.to_string(),
            r.upper_bin_id.to_string(),
            r.pool_active_bin_id.map_or_else(String::new, |a| a.to_string()),
            o(u.map(|u| u.balances)),
            o(u.map(|u| u.unclaimed_fee_token_x.usd)),
            o(u.map(|u| u.unclaimed_fee_token_y.usd)),
            exact(r.all_time_fees.total.usd),
            exact(r.pnl_usd),
            r.pnl_sol.as_ref().map_or_else(String::new, |s| s.to_string()),
            exact(usd.fees),
            exact(usd.rest),
            o(sol.map(|s| s.fees)),
            o(sol.map(|s| s.rest)),
        ]);
    }
    Table {
        name: format!("positions-{wallet}"),
        columns: vec![
            "position_address",
            "pool_address",
            "lower_bin_id",
            "upper_bin_id",
            "pool_active_bin_id",
            "balances",
            "unclaimed_fee_x_usd",
            "unclaimed_fee_y_usd",
            "all_time_fees_usd",
            "pnl_usd",
            "pnl_sol",
            "fees_earned_usd",
            "rest_usd",
            "fees_earned_sol",
            "rest_sol",
        ],
        rows,
        provenance,
    }
}

/// A cell of a figure in USD (a dash when unknown) with its SOL figure below.
fn figure(usd: Option<f64>, sol_value: Option<f64>, field: &'static str) -> AnyView {
    view! { <td class="r">{usd.map(|v| usd_value(v, field))}<br/><span class="unit">{sol(sol_value)}</span></td> }
        .into_any()
}

/// One position's row, its pool's pair (when given) below its link.
fn row(r: &PositionPnlRecord, pair: &str) -> AnyView {
    let (usd, sol) = (PnlSplit::usd(r), PnlSplit::sol(r));
    let u = r.unrealized_pnl.as_ref();
    let a = &r.position_address;
    let range = bin_range(r);
    let unclaimed = |t: fn(&dlmm_query::datapi::models::dlmm::TokenAmount) -> Option<f64>| {
        u.map_or(Some(0.0), |u| Some(t(&u.unclaimed_fee_token_x)? + t(&u.unclaimed_fee_token_y)?))
    };
    let figures = vec![
        figure(u.map(|u| u.balances), u.and_then(|u| u.balances_sol), "balances"),
        figure(unclaimed(|t| Some(t.usd)), unclaimed(|t| t.amount_sol), "unclaimed_fees"),
        figure(Some(usd.total), sol.map(|s| s.total), "pnl_usd"),
        figure(Some(usd.fees), sol.map(|s| s.fees), "fees_earned"),
        figure(Some(usd.rest), sol.map(|s| s.rest), "rest"),
    ];
    view! {
            <tr data-position=a.clone() data-range=range.id()>
                <td>{Addr::new(a.clone()).href(format!("/dlmm/positions/{a}")).view()}
    <br/><span class="unit" data-field="pair">{pair.to_owned()}</span></td>
                <td>{range_bar(range)}</td>
                {figures}
            </tr>
        }
    .into_any()
}

/// The table of `rows` (already drawn by [`row`]), named `data-testid=id`, with its note.
fn table(id: &'static str, rows: Vec<AnyView>) -> AnyView {
    view! {
        <div class="table-scroll">
        <table class="data" data-testid=id>
            <thead><tr>
                <th scope="col">"Position"</th><th scope="col">"Range vs active bin"</th>
                <th scope="col" class="r">"Value"</th><th scope="col" class="r">"Unclaimed fees"</th>
                <th scope="col" class="r">"P&L"</th><th scope="col" class="r">"Fees earned"</th>
                <th scope="col" class="r">"Price move & IL"</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
        <p class="note">"P&L = fees earned (claimed and unclaimed) + price move & IL, which also holds any farm rewards. \
            The bar spans the bins; the mark is the pool's active bin."</p>
    }
    .into_any()
}

/// The position page's row.
pub(super) fn position_table(r: &PositionPnlRecord) -> AnyView {
    table("position-pnl", vec![row(r, "")])
}

/// The wallet page's section: a row per open position, the pools whose positions could not be read named below,
/// and the downloads.
pub(super) fn open_positions(wallet: &str, pools: Rc<Vec<PoolPositions>>, provenance: Provenance) -> AnyView {
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for p in pools.iter() {
        match &p.page {
            Ok(page) => rows.extend(page.positions.iter().map(|r| row(r, &p.pair))),
            Err(e) => failed.push(format!("{}: {e}", p.pair)),
        }
    }
    let w = wallet.to_owned();
    view! {
        <section aria-labelledby="explained-title">
            <h2 id="explained-title">"Open positions, explained"</h2>
            {table("wallet-positions", rows)}
            {(!failed.is_empty()).then(|| view! {
                <p class="state error" data-state="error">{format!("P&L unavailable for {}", failed.join("; "))}</p>
            })}
            {downloads("positions-downloads", Rc::new(move || positions_table(&w, &pools, provenance.clone())))}
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_download_holds_what_was_sent_and_the_split() {
        let record: PositionPnlRecord = serde_json::from_value(serde_json::json!({
            "positionAddress": "P", "minPrice": "1", "maxPrice": "2", "lowerBinId": -5, "upperBinId": 5,
            "poolActiveBinId": 9, "feePerTvl24h": "0", "isClosed": false, "pnlUsd": "-0.1", "pnlPctChange": "3",
            "pnlSol": "-0.00100", "allTimeDeposits": {"tokenX": {"amount": "1", "usd": "1"}, "tokenY": {"amount": "1", "usd": "1"}, "total": {"usd": "2"}},
            "allTimeWithdrawals": {"tokenX": {"amount": "0", "usd": "0"}, "tokenY": {"amount": "0", "usd": "0"}, "total": {"usd": "0"}},
            "allTimeFees": {"tokenX": {"amount": "0", "usd": "0.2"}, "tokenY": {"amount": "0", "usd": "0"}, "total": {"usd": "0.2", "sol": "0.002"}}
        }))
        .unwrap();
        let page = PositionsPnl {
            positions: vec![record],
            ..serde_json::from_value(serde_json::json!({
                "page": 1, "pageSize": 1, "hasNext": false, "totalCount": 1, "positions": [],
                "tokenXPrice": "1", "tokenYPrice": "1", "rewardTokenXPrice": "0", "rewardTokenYPrice": "0"
            }))
            .unwrap()
        };
        let pools = [
            PoolPositions { pool: "A".into(), pair: "X-Y".into(), page: Ok(page) },
            PoolPositions { pool: "B".into(), pair: "X-Z".into(), page: Err(Error::wrong_shape("u", None, "no")) },
        ];
        let provenance = Provenance { source: "u".into(), fetched_at: 0, refreshed_at: None };
        let t = positions_table("W", &pools, provenance);
        assert_eq!(t.name, "positions-W");
        assert_eq!(t.rows.len(), 1, "a pool that failed has no rows");
        let cell = |name: &str| t.rows[0][t.columns.iter().position(|c| *c == name).unwrap()].clone();
        assert_eq!((cell("pool_address"), cell("pool_active_bin_id")), ("A".into(), "9".into()));
        assert_eq!((cell("pnl_usd"), cell("pnl_sol")), ("-0.1".into(), "-0.00100".into()), "as sent");
        assert_eq!((cell("fees_earned_usd"), cell("rest_usd")), ("0.2".into(), exact(-0.1 - 0.2)));
        assert_eq!((cell("fees_earned_sol"), cell("rest_sol")), ("0.002".into(), exact(-0.001 - 0.002)));
        assert_eq!((cell("balances"), cell("unclaimed_fee_x_usd")), (String::new(), String::new()), "absent, empty");
    }
}
