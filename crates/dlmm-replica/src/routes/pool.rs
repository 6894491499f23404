//! `GET /pools/{address}/metrics`, wrapped in the pool group's `{data, error, status}` envelope.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::World;

/// Serves one pool's metrics; `case_sensitive=false` matches the address ignoring case.
pub async fn metrics(
    State(w): State<Arc<World>>,
    Path(address): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
) -> Response {
    let mut case_sensitive = true;
    for (key, value) in &query {
        if key == "case_sensitive" {
            case_sensitive = match value.as_str() {
                "true" => true,
                "false" => false,
                other => {
                    return envelope_error(
                        StatusCode::BAD_REQUEST,
                        "BadRequest",
                        &format!("case_sensitive must be true or false, not {other:?}"),
                    );
                }
            };
        }
    }
    match w.dataset.pool(&address, case_sensitive) {
        // The success envelope omits `error`: the schema does not allow null there.
        Some(pool) => Json(json!({ "status": 200, "data": pool })).into_response(),
        None => envelope_error(StatusCode::NOT_FOUND, "NotFound", &format!("Pool {address} not found")),
    }
}

/// An error in the pool envelope: `data` null, `error` with message and type, `status` echoing the HTTP status.
pub fn envelope_error(status: StatusCode, error_type: &str, message: &str) -> Response {
    let body = json!({
        "data": null,
        "error": { "message": message, "type": error_type },
        "status": status.as_u16(),
    });
    (status, Json(body)).into_response()
}
