//! Position routes (`/position/…` and `/position_v2/…`): 500 for a position never indexed (the vendor's quirk).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::{Value, json};

use super::{find_position, json_body};
use crate::World;
use crate::dataset::pairs::apy_of_daily_percent;
use crate::dataset::positions::Liquidity;
use crate::dataset::time::rfc3339_micros;
use crate::dataset::{Dataset, Pair, Position};

fn with_position(d: &Dataset, address: &str, build: impl FnOnce(&Position, &Pair) -> Value) -> Response {
    match find_position(d, address) {
        Ok(i) => {
            let position = &d.positions[i];
            json_body(&build(position, &d.pairs[position.pair as usize]))
        }
        Err(e) => e,
    }
}

fn totals(d: &Dataset, p: &Position, pair: &Pair) -> serde_json::Map<String, Value> {
    let value = json!({
        "address": p.address,
        "pair_address": pair.address,
        "owner": d.wallets[p.owner as usize],
        "total_fee_x_claimed": p.total_fee_x_claimed(),
        "total_fee_y_claimed": p.total_fee_y_claimed(),
        "total_reward_x_claimed": p.total_reward_x_claimed(),
        "total_reward_y_claimed": p.total_reward_y_claimed(),
        "total_fee_usd_claimed": p.total_fee_usd_claimed(),
        "total_reward_usd_claimed": p.total_reward_usd_claimed(),
    });
    match value {
        Value::Object(map) => map,
        _ => unreachable!("an object literal"),
    }
}

/// `GET /position/{position_address}`: `PositionWithApy` (the fee yields follow the pair's 24 h fee/TVL).
pub async fn position(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| {
        let mut map = totals(d, p, pair);
        map.insert("daily_fee_yield".into(), json!(pair.apr));
        map.insert("fee_apr_24h".into(), json!(pair.apr * 365.0));
        map.insert("fee_apy_24h".into(), json!(apy_of_daily_percent(pair.apr)));
        Value::Object(map)
    })
}

/// `GET /position_v2/{position_address}`: `Position`, with `created_at` in RFC 3339 with microseconds.
pub async fn position_v2(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| {
        let mut map = totals(d, p, pair);
        map.insert("created_at".into(), json!(rfc3339_micros(p.created_at_micros)));
        Value::Object(map)
    })
}

fn liquidity_events(p: &Position, pair: &Pair, events: &[Liquidity]) -> Value {
    events
        .iter()
        .map(|e| {
            json!({
                "tx_id": e.tx_id,
                "position_address": p.address,
                "pair_address": pair.address,
                "active_bin_id": e.active_bin_id,
                "token_x_amount": e.token_x_amount,
                "token_y_amount": e.token_y_amount,
                "price": e.price,
                "token_x_usd_amount": e.token_x_usd_amount,
                "token_y_usd_amount": e.token_y_usd_amount,
                "onchain_timestamp": e.onchain_timestamp,
            })
        })
        .collect()
}

/// `GET /position/{position_address}/deposits`.
pub async fn deposits(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| liquidity_events(p, pair, &p.deposits))
}

/// `GET /position/{position_address}/withdraws`.
pub async fn withdraws(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| liquidity_events(p, pair, &p.withdraws))
}

/// `GET /position/{position_address}/claim_fees`.
pub async fn claim_fees(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| {
        p.claim_fees
            .iter()
            .map(|c| {
                json!({
                    "tx_id": c.tx_id,
                    "position_address": p.address,
                    "pair_address": pair.address,
                    "token_x_amount": c.token_x_amount,
                    "token_y_amount": c.token_y_amount,
                    "token_x_usd_amount": c.token_x_usd_amount,
                    "token_y_usd_amount": c.token_y_usd_amount,
                    "onchain_timestamp": c.onchain_timestamp,
                })
            })
            .collect()
    })
}

/// `GET /position/{position_address}/claim_rewards`.
pub async fn claim_rewards(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    with_position(d, &address, |p, pair| {
        p.claim_rewards
            .iter()
            .map(|c| {
                json!({
                    "tx_id": c.tx_id,
                    "position_address": p.address,
                    "pair_address": pair.address,
                    "reward_mint_address": c.reward_mint_address,
                    "token_amount": c.token_amount,
                    "token_usd_amount": c.token_usd_amount,
                    "onchain_timestamp": c.onchain_timestamp,
                })
            })
            .collect()
    })
}
