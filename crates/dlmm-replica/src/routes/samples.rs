//! `GET /__replica/samples`: example identifiers of every kind, so demos, tests and newcomers can find data.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use crate::Dataset;

/// Lists sample identifiers from the dataset.
pub async fn samples(State(dataset): State<Arc<Dataset>>) -> Json<Value> {
    let pools: Vec<&str> = dataset.pools.iter().map(|p| p.pool_address.as_str()).collect();
    Json(json!({
        "seed": dataset.seed,
        "pools": pools,
        "unknown_pool": "11111111111111111111111111111111",
    }))
}
