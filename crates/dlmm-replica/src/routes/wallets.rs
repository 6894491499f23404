//! `GET /wallet/{wallet_address}/{pair_address}/earning`: an array of 0 or 1 `WalletEarning`, the sums of the
//! wallet's claims in that pair, raw amounts as integer strings.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::{Value, json};

use super::{bad_request, json_body};
use crate::World;
use crate::query::is_address;

/// Serves a wallet's earnings in a pair (`[]` when it claimed nothing there or is unknown).
pub async fn earning(State(w): State<Arc<World>>, Path((wallet, pair)): Path<(String, String)>) -> Response {
    let d = &w.dataset;
    if !is_address(&wallet) {
        return bad_request(&format!("{wallet:?} is not a valid wallet address"));
    }
    if !is_address(&pair) {
        return bad_request(&format!("{pair:?} is not a valid pair address"));
    }
    let found =
        d.wallet_index(&wallet).zip(d.pair_index(&pair)).and_then(|(w, p)| d.earnings.get(&(w as u32, p as u32)));
    let earnings: Vec<Value> = found
        .map(|e| {
            json!({
                "total_fee_x_claimed": e.fee_x.to_string(),
                "total_fee_y_claimed": e.fee_y.to_string(),
                "total_reward_x_claimed": e.reward_x.to_string(),
                "total_reward_y_claimed": e.reward_y.to_string(),
                "total_fee_usd_claimed": e.fee_usd,
                "total_reward_usd_claimed": e.reward_usd,
            })
        })
        .into_iter()
        .collect();
    json_body(&earnings)
}
