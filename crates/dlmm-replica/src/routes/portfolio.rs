//! The portfolio service's routes, on a port of their own: `/performances/{wallet}?time_range=…`,
//! `/balances/{wallet}` and `/chart/calendar/{wallet}?month=YYYY-MM`, from the figures of
//! [`crate::datapi::performance`]. A wallet that is no address is a 400, one without positions a 404
//! (`{"message": …}`), as the datapi words its errors.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::response::Response;

use super::datapi::{Params, bad_path, bad_query, not_found, param};
use super::{Reply, json_body};
use crate::World;
use crate::datapi::performance::{
    TIME_RANGES, balances, calendar, current_month, month_span, parse_month, performance, window_start,
};
use crate::query::is_address;

/// The wallet's index, or the error the service answers.
fn wallet(world: &World, wallet: &str) -> Result<usize, Response> {
    if !is_address(wallet) {
        return Err(bad_path(&format!("{wallet:?} is not a valid wallet address")));
    }
    world.dataset.wallet_index(wallet).ok_or_else(|| not_found(&format!("wallet not found: {wallet}")))
}

/// `GET /performances/{wallet}?time_range=1d|7d|30d|1y|ytd|all` (default `all`).
pub async fn performances(State(world): State<Arc<World>>, Path(address): Path<String>, Query(p): Params) -> Reply {
    let range = param(&p, "time_range").unwrap_or("all");
    let since = window_start(range)
        .ok_or_else(|| bad_query(&format!("time_range: {range:?} is not one of {}", TIME_RANGES.join(", "))))?;
    let w = wallet(&world, &address)?;
    Ok(json_body(&performance(&world.dataset, w, since)))
}

/// `GET /balances/{wallet}`.
pub async fn balances_route(State(world): State<Arc<World>>, Path(address): Path<String>) -> Reply {
    let w = wallet(&world, &address)?;
    Ok(json_body(&balances(&world.dataset, w)))
}

/// `GET /chart/calendar/{wallet}?month=YYYY-MM` (default: the current month).
pub async fn calendar_route(State(world): State<Arc<World>>, Path(address): Path<String>, Query(p): Params) -> Reply {
    let (year, month) = match param(&p, "month") {
        None => current_month(),
        Some(text) => parse_month(text).ok_or_else(|| bad_query(&format!("month: {text:?} is not YYYY-MM")))?,
    };
    let w = wallet(&world, &address)?;
    Ok(json_body(&calendar(&world.dataset, w, month_span(year, month))))
}
