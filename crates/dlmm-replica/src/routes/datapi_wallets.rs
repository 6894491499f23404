//! The DLMM datapi's wallet routes: position events and P&L, claim totals, portfolios and limit orders.

use axum::extract::{Path, Query, State};
use axum::response::Response;
use serde_json::{Value, json};

use super::datapi::{DatapiState, Paginated, Params, bad_path, bad_query, find_row, number_param, paging, param};
use super::{Reply, json_body};
use crate::datapi::limit_orders::{
    bonus_claimed, closed_order, current_state, open_order, orders_in_pool, pool_details, pool_summaries, summary,
};
use crate::datapi::number_text;
use crate::datapi::wallets::{
    EVENT_TYPES, OPEN_SORT_KEYS, Totals, closed_pools, open_item, open_pools, open_sort_value, pnl_envelope,
    pnl_record, portfolio_item, position_events, sol_price, total_claims, wallet_positions_in,
};
use crate::query::is_address;

fn checked_wallet(wallet: &str) -> Result<(), Response> {
    if is_address(wallet) { Ok(()) } else { Err(bad_path(&format!("{wallet:?} is not a valid wallet address"))) }
}

/// The required `user` parameter: a valid address.
fn user(params: &[(String, String)]) -> Result<&str, Response> {
    let user = param(params, "user").ok_or_else(|| bad_query("the `user` parameter is required"))?;
    if is_address(user) { Ok(user) } else { Err(bad_query(&format!("user: {user:?} is not a valid address"))) }
}

/// `GET /positions/{address}/historical`: the position's events (an unknown position has none).
pub async fn historical(State(s): State<DatapiState>, Path(address): Path<String>, Query(params): Params) -> Reply {
    if !is_address(&address) {
        return Err(bad_path(&format!("{address:?} is not a valid position address")));
    }
    let event_type = param(&params, "event_type");
    if let Some(t) = event_type
        && !EVENT_TYPES.contains(&t)
    {
        return Err(bad_query(&format!("event_type: {t:?} is not one of {EVENT_TYPES:?}")));
    }
    let ascending = match param(&params, "order_direction") {
        None | Some("desc") => false,
        Some("asc") => true,
        Some(other) => return Err(bad_query(&format!("order_direction: {other:?} is not asc or desc"))),
    };
    let events = match s.dataset().position_index(&address) {
        Some(i) => position_events(s.dataset(), i, event_type, ascending),
        None => Vec::new(),
    };
    Ok(json_body(&json!({ "events": events })))
}

/// `GET /positions/{pool_address}/pnl?user=…`: the user's positions in the pool with P&L.
pub async fn pnl(State(s): State<DatapiState>, Path(pool): Path<String>, Query(params): Params) -> Reply {
    let pair = find_row(&s.views().dlmm, &pool)?;
    let user = user(&params)?;
    let status = param(&params, "status").unwrap_or("all");
    if !matches!(status, "open" | "closed" | "all") {
        return Err(bad_query(&format!("status: {status:?} is not open, closed or all")));
    }
    let (page, page_size) = paging(&params, 100, 20)?;
    let d = s.dataset();
    let mut positions = d.wallet_index(user).map(|w| wallet_positions_in(d, w, pair)).unwrap_or_default();
    positions.retain(|&i| match status {
        "open" => d.positions[i].closed_at.is_none(),
        "closed" => d.positions[i].closed_at.is_some(),
        _ => true,
    });
    let total = positions.len();
    let records: Vec<Value> = positions
        .iter()
        .skip((page - 1).saturating_mul(page_size))
        .take(page_size)
        .map(|&i| pnl_record(d, i))
        .collect();
    Ok(json_body(&pnl_envelope(d, pair, records, page, page_size, total)))
}

/// `GET /wallets/{wallet}/pools/{pool_address}/total_claims`.
pub async fn claims(State(s): State<DatapiState>, Path((wallet, pool)): Path<(String, String)>) -> Reply {
    checked_wallet(&wallet)?;
    let pair = find_row(&s.views().dlmm, &pool)?;
    Ok(json_body(&total_claims(s.dataset(), &wallet, pair)))
}

/// `GET /portfolio?user=…`: pools with positions closed within `days_back` days (default 120, 1..=365).
pub async fn portfolio(State(s): State<DatapiState>, Query(params): Params) -> Reply {
    let user = user(&params)?;
    let (page, page_size) = paging(&params, 50, 20)?;
    let days_back = number_param(&params, "days_back")?.unwrap_or(120);
    if !(1..=365).contains(&days_back) {
        return Err(bad_query(&format!("days_back: must be between 1 and 365, not {days_back}")));
    }
    let d = s.dataset();
    let pools = d.wallet_index(user).map(|w| closed_pools(d, w, days_back as i64)).unwrap_or_default();
    let positions: u64 = pools.iter().map(|(_, t, _)| t.positions).sum();
    let page = pools_page(&pools, (page, page_size), positions, |(pair, t, last)| portfolio_item(d, *pair, t, *last));
    Ok(json_body(&page))
}

/// A portfolio page: page `page` of `pools` (each written by `item`) in the envelope both portfolio routes share.
fn pools_page<T>(pools: &[T], (page, page_size): (usize, usize), positions: u64, item: impl Fn(&T) -> Value) -> Value {
    let items: Vec<Value> = pools.iter().skip((page - 1).saturating_mul(page_size)).take(page_size).map(item).collect();
    json!({
        "page": page,
        "pageSize": page_size,
        "hasNext": page.saturating_mul(page_size) < pools.len(),
        "totalCount": pools.len(),
        "totalPositions": positions,
        "pools": items,
    })
}

/// `GET /portfolio/open?user=…`: pools with open positions, sorted (default `current_balances` desc).
pub async fn portfolio_open(State(s): State<DatapiState>, Query(params): Params) -> Reply {
    let user = user(&params)?;
    let (page, page_size) = paging(&params, 50, 20)?;
    let key = param(&params, "sort_by").unwrap_or("current_balances");
    if !OPEN_SORT_KEYS.contains(&key) {
        return Err(bad_query(&format!("sort_by: unknown variant {key:?}, expected one of {OPEN_SORT_KEYS:?}")));
    }
    let descending = match param(&params, "sort_direction") {
        None | Some("desc") => true,
        Some("asc") => false,
        Some(other) => return Err(bad_query(&format!("sort_direction: unknown variant {other:?}"))),
    };
    let d = s.dataset();
    let mut pools = d.wallet_index(user).map(|w| open_pools(d, w)).unwrap_or_default();
    pools.sort_by(|a, b| {
        let order = open_sort_value(d, key, a.0, &a.1).total_cmp(&open_sort_value(d, key, b.0, &b.1));
        if descending { order.reverse() } else { order }.then(a.0.cmp(&b.0))
    });
    let mut total = Totals::default();
    pools.iter().for_each(|(_, t, _)| total.add(t));
    let sol = sol_price(d);
    let mut body =
        pools_page(&pools, (page, page_size), total.positions, |(pair, t, list)| open_item(d, *pair, t, list));
    body["total"] = json!({
        "totalPositions": total.positions,
        "balances": number_text(total.value_usd),
        "balancesSol": number_text(total.value_usd / sol),
        "unclaimedFees": number_text(total.unclaimed_usd()),
        "unclaimedFeesSol": number_text(total.unclaimed_usd() / sol),
        "pnl": number_text(total.pnl_usd()),
        "pnlPctChange": number_text(total.pnl_pct()),
        "pnlSol": number_text(total.pnl_usd() / sol),
        "pnlSolPctChange": number_text(total.pnl_pct()),
    });
    body["solPrice"] = json!(number_text(sol));
    Ok(json_body(&body))
}

/// `GET /portfolio/total?user=…`: P&L over every closed position.
pub async fn portfolio_total(State(s): State<DatapiState>, Query(params): Params) -> Reply {
    let user = user(&params)?;
    let d = s.dataset();
    let mut total = Totals::default();
    if let Some(w) = d.wallet_index(user) {
        for (_, t, _) in closed_pools(d, w, i64::from(u32::MAX)) {
            total.add(&t);
        }
    }
    let sol = sol_price(d);
    Ok(json_body(&json!({
        "totalPnlUsd": number_text(total.pnl_usd()),
        "totalPnlSol": number_text(total.pnl_usd() / sol),
        "totalPnlPctChange": number_text(total.pnl_pct()),
        "totalPnlSolPctChange": number_text(total.pnl_pct()),
        "totalClosedPositions": total.positions,
    })))
}

/// `GET /wallets/{wallet}/limit_orders/open/pools` and `…/closed/pools`.
async fn summaries(s: DatapiState, wallet: String, params: Vec<(String, String)>, closed: bool) -> Reply {
    checked_wallet(&wallet)?;
    let (page, page_size) = paging(&params, 1_000, 20)?;
    let d = s.dataset();
    let all =
        d.wallet_index(&wallet).map(|w| pool_summaries(d, &s.views().limit_orders, w, closed)).unwrap_or_default();
    let total = all.len();
    let data: Vec<Value> = all.into_iter().skip((page - 1).saturating_mul(page_size)).take(page_size).collect();
    Ok(json_body(&Paginated::new(total, page, page_size, data)))
}

/// `GET /wallets/{wallet}/limit_orders/open/pools`.
pub async fn open_order_pools(State(s): State<DatapiState>, Path(wallet): Path<String>, Query(p): Params) -> Reply {
    summaries(s, wallet, p, false).await
}

/// `GET /wallets/{wallet}/limit_orders/closed/pools`.
pub async fn closed_order_pools(State(s): State<DatapiState>, Path(wallet): Path<String>, Query(p): Params) -> Reply {
    summaries(s, wallet, p, true).await
}

async fn orders(s: DatapiState, wallet: String, pool: String, params: Vec<(String, String)>, closed: bool) -> Reply {
    checked_wallet(&wallet)?;
    let pair = find_row(&s.views().dlmm, &pool)?;
    let (page, page_size) = paging(&params, 1_000, 20)?;
    let d = s.dataset();
    let list =
        d.wallet_index(&wallet).map(|w| orders_in_pool(&s.views().limit_orders, w, pair, closed)).unwrap_or_default();
    let data: Vec<Value> = list
        .iter()
        .skip((page - 1).saturating_mul(page_size))
        .take(page_size)
        .map(|o| if closed { closed_order(d, o) } else { open_order(d, o) })
        .collect();
    let mut body = serde_json::to_value(Paginated::new(list.len(), page, page_size, data)).unwrap_or_default();
    body["pool"] = pool_details(d, pair);
    if !closed {
        let (bin, price) = current_state(d, pair);
        body["current_active_bin_id"] = json!(bin);
        body["current_pool_price"] = json!(price);
    }
    Ok(json_body(&body))
}

/// `GET /wallets/{wallet}/limit_orders/open/pools/{pool_address}`.
pub async fn open_orders(
    State(s): State<DatapiState>,
    Path((wallet, pool)): Path<(String, String)>,
    Query(p): Params,
) -> Reply {
    orders(s, wallet, pool, p, false).await
}

/// `GET /wallets/{wallet}/limit_orders/closed/pools/{pool_address}`.
pub async fn closed_orders(
    State(s): State<DatapiState>,
    Path((wallet, pool)): Path<(String, String)>,
    Query(p): Params,
) -> Reply {
    orders(s, wallet, pool, p, true).await
}

/// `GET /wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed`.
pub async fn bonus(State(s): State<DatapiState>, Path((wallet, pool)): Path<(String, String)>) -> Reply {
    checked_wallet(&wallet)?;
    let pair = find_row(&s.views().dlmm, &pool)?;
    let d = s.dataset();
    Ok(json_body(&bonus_claimed(d, &s.views().limit_orders, d.wallet_index(&wallet), pair)))
}

/// `GET /wallets/{wallet}/limit_orders/summary`.
pub async fn order_summary(State(s): State<DatapiState>, Path(wallet): Path<String>) -> Reply {
    let () = checked_wallet(&wallet)?;
    Ok(json_body(&summary(s.dataset(), &s.views().limit_orders, s.dataset().wallet_index(&wallet))))
}
