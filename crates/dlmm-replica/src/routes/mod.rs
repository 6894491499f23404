//! The HTTP surface: one router per API group, sharing CORS, gzip and the JSON error shapes.

mod pool;
mod samples;

use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderName, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any, CorsLayer};

use crate::Dataset;

/// The pair group (and the replica's own `/__replica/…` routes).
pub fn pair_router(dataset: Arc<Dataset>) -> Router {
    Router::new()
        .route("/__replica/samples", axum::routing::get(samples::samples))
        .fallback(|| async { pair_error(StatusCode::NOT_FOUND, "no such route in the pair API") })
        .with_state(dataset)
        .layer(common_layers())
}

/// The pool group.
pub fn pool_router(dataset: Arc<Dataset>) -> Router {
    Router::new()
        .route("/pools/{address}/metrics", axum::routing::get(pool::metrics))
        .fallback(|| async { pool::envelope_error(StatusCode::NOT_FOUND, "NotFound", "no such route in the pool API") })
        .with_state(dataset)
        .layer(common_layers())
}

/// CORS for any origin (browser tests and the explorer fetch cross-origin), then gzip when the client accepts it.
fn common_layers() -> tower::layer::util::Stack<CompressionLayer, CorsLayer> {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::HEAD, Method::OPTIONS])
        .allow_headers(Any)
        .expose_headers([header::RETRY_AFTER, HeaderName::from_static("x-replica-fault")]);
    tower::layer::util::Stack::new(CompressionLayer::new(), cors)
}

/// A pair-group error: a short JSON `{ "message": … }` (our decision where the vendor is silent).
pub(crate) fn pair_error(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(json!({ "message": message }))).into_response()
}
