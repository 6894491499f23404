//! Pair routes: protocol metrics, `/pair/all` (streamed), one pair, a pair group, locks and analytics.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde_json::json;

use super::{Reply, bad_request, find_pair, json_body, pair_error};
use crate::World;
use crate::dataset::Dataset;
use crate::dataset::analytics;
use crate::dataset::pairs::lexical_key;
use crate::query::{is_address, parse_include_unknown, parse_required_count};

type Params = Query<Vec<(String, String)>>;

/// Pairs serialized per chunk of the streamed `/pair/all`.
const CHUNK: usize = 512;

/// `GET /info/protocol_metrics`: an array of one object, as the spec says.
pub async fn protocol_metrics(State(w): State<Arc<World>>) -> Response {
    let d = &w.dataset;
    json_body(&[&d.protocol_metrics])
}

/// `GET /pair/all`: every pair (only verified ones with `include_unknown=false`), streamed in chunks.
pub async fn all(State(w): State<Arc<World>>, Query(params): Params) -> Reply {
    let include_unknown = parse_include_unknown(&params).map_err(|e| bad_request(&e))?;
    let pairs = &w.dataset.pairs;
    let selected: Arc<Vec<u32>> =
        Arc::new((0..pairs.len() as u32).filter(|&i| include_unknown || pairs[i as usize].is_verified).collect());
    let chunks = selected.len().div_ceil(CHUNK).max(1);
    let stream = futures_util::stream::iter(0..chunks).map(move |c| {
        let range = (c * CHUNK)..((c + 1) * CHUNK).min(selected.len());
        let mut buffer = Vec::with_capacity(range.len() * 1_600 + 2);
        if c == 0 {
            buffer.push(b'[');
        }
        for at in range {
            if at > 0 {
                buffer.push(b',');
            }
            serde_json::to_writer(&mut buffer, &w.dataset.pairs[selected[at] as usize]).expect("pairs serialize");
        }
        if c + 1 == chunks {
            buffer.push(b']');
        }
        Ok::<_, Infallible>(buffer)
    });
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], Body::from_stream(stream))
        .into_response())
}

/// `GET /pair/{pair_address}`.
pub async fn pair(State(w): State<Arc<World>>, Path(address): Path<String>) -> Reply {
    let d = &w.dataset;
    let i = find_pair(d, &address)?;
    Ok(json_body(&d.pairs[i]))
}

/// `GET /pair/group_pair/{lexical_order_mints}`: the group's pairs; 500 for a valid but never-indexed mint pair.
pub async fn group_pair(State(w): State<Arc<World>>, Path(key): Path<String>) -> Response {
    let d = &w.dataset;
    let Some((a, b)) = key.split_once('-').filter(|(a, b)| is_address(a) && is_address(b)) else {
        return bad_request(&format!("{key:?} is not two mint addresses joined by '-'"));
    };
    match d.group_index(&lexical_key(a, b)) {
        Some(g) => {
            let pairs: Vec<_> = d.groups[g].pairs.iter().map(|&i| &d.pairs[i as usize]).collect();
            json_body(&pairs)
        }
        None => pair_error(StatusCode::INTERNAL_SERVER_ERROR, &format!("Pair group {key} has not been indexed")),
    }
}

/// `GET /pair/{pair_address}/positions_lock`.
pub async fn positions_lock(State(w): State<Arc<World>>, Path(address): Path<String>) -> Response {
    let d = &w.dataset;
    let i = match find_pair(d, &address) {
        Ok(i) => i,
        Err(e) => return e,
    };
    let locks: Vec<_> = d
        .locked_positions(i)
        .iter()
        .filter_map(|&p| {
            let position = &d.positions[p as usize];
            position.lock.as_ref().map(|lock| {
                json!({
                    "position": position.address,
                    "lock_release_point": lock.lock_release_point,
                    "owner": d.wallets[position.owner as usize],
                    "slot": lock.slot,
                    "tx_idx": lock.tx_idx,
                    "ix_idx": lock.ix_idx,
                    "inner_ix_idx": lock.inner_ix_idx,
                    "closed": lock.closed,
                })
            })
        })
        .collect();
    json_body(&locks)
}

fn pair_and_count(
    d: &Dataset,
    address: &str,
    params: &[(String, String)],
    name: &str,
) -> Result<(usize, usize), Response> {
    let i = find_pair(d, address)?;
    let n = parse_required_count(params, name).map_err(|e| bad_request(&e))?;
    Ok((i, n))
}

/// `GET /pair/{pair_address}/analytic/pair_tvl?num_of_days=`.
pub async fn tvl(State(w): State<Arc<World>>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let (i, days) = pair_and_count(d, &address, &params, "num_of_days")?;
    Ok(json_body(&analytics::tvl_by_day(d.seed, i, &d.pairs[i], days)))
}

/// `GET /pair/{pair_address}/analytic/pair_trade_volume?num_of_days=`.
pub async fn trade_volume(State(w): State<Arc<World>>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let (i, days) = pair_and_count(d, &address, &params, "num_of_days")?;
    Ok(json_body(&analytics::trade_volume_by_day(d.seed, i, &d.pairs[i], days)))
}

/// `GET /pair/{pair_address}/analytic/pair_fee_bps?num_of_days=`.
pub async fn fee_bps(State(w): State<Arc<World>>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let (i, days) = pair_and_count(d, &address, &params, "num_of_days")?;
    Ok(json_body(&analytics::fee_bps_by_hour(d.seed, i, &d.pairs[i], days)))
}

/// `GET /pair/{pair_address}/analytic/swap_history?rows_to_take=`.
pub async fn swap_history(State(w): State<Arc<World>>, Path(address): Path<String>, Query(params): Params) -> Reply {
    let d = &w.dataset;
    let (i, rows) = pair_and_count(d, &address, &params, "rows_to_take")?;
    Ok(json_body(&analytics::swaps(d.seed, i, &d.pairs[i], &d.tokens, rows)))
}
