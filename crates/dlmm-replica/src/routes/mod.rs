// Lookups return the ready error response as `Err`: it is built once and sent as is.
#![allow(clippy::result_large_err)]

//! The HTTP surface: one router per API group, sharing CORS, gzip, faults, the optional rate limit and log,
//! and the JSON error shapes.

mod datapi;
mod datapi_wallets;
mod lists;
mod pairs;
mod pool;
mod portfolio;
mod positions;
mod samples;
mod wallets;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{Next, from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{Any, CorsLayer};

use crate::World;
use crate::dataset::Dataset;
use crate::faults::{FaultCounters, RateLimit, apply_faults, enforce_rate_limit, form_pairs, log_request};
use crate::query::is_address;

/// The vendor's documented limit of the pair group, in requests per second.
pub const PAIR_RATE_LIMIT: u32 = 30;
/// The vendor's documented limit of the pool group, in requests per second.
pub const POOL_RATE_LIMIT: u32 = 10;
/// The vendor's documented limit of the DLMM datapi, in requests per second.
pub const DLMM_DATAPI_RATE_LIMIT: u32 = 30;
/// The vendor's documented limit of the DAMM v2 datapi, in requests per second.
pub const DAMM_V2_DATAPI_RATE_LIMIT: u32 = 10;

/// The samples document of a world (see [`samples::build`]).
pub fn samples_of(world: &World) -> serde_json::Value {
    samples::build(&world.dataset, &world.datapi)
}

/// Cross-cutting behaviour of both routers.
#[derive(Clone, Debug, Default)]
pub struct RouterOptions {
    /// Enforce the vendor's rate limits.
    pub rate_limit: bool,
    /// Log one line per request to stderr.
    pub log_requests: bool,
    /// Serve extreme numbers and the special routes of [`crate::hostile`].
    pub hostile_numbers: bool,
    /// Serve the DLMM datapi's group routes (the DAMM v2 datapi always serves its own).
    pub serve_groups: bool,
    /// Announce and enforce `requests` per `window` on every port ([`crate::budget`]).
    pub rate_budget: Option<(u32, std::time::Duration)>,
    /// The captured real bodies served under `/__real` on the DLMM datapi (see [`crate::real`]).
    pub real_bodies: Option<Arc<crate::real::RealBodies>>,
    /// The specs the datapi ports publish at `/api-docs/openapi.json` (see [`crate::specs`]).
    pub specs: Arc<crate::specs::Specs>,
}

/// How a port words its errors (used by the layers shared by every port).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ErrorShape {
    /// The pair group's `{"message": …}`.
    Pair,
    /// The pool group's envelope.
    Pool,
    /// The datapi's plain text.
    Datapi,
}

impl ErrorShape {
    fn bad_request(self, message: &str) -> Response {
        match self {
            ErrorShape::Pair => bad_request(message),
            ErrorShape::Pool => pool::envelope_error(StatusCode::BAD_REQUEST, "BadRequest", message),
            ErrorShape::Datapi => datapi::bad_query(message),
        }
    }

    fn paging(self) -> crate::hostile::Paging {
        match self {
            ErrorShape::Datapi => crate::hostile::Paging::OneBased,
            _ => crate::hostile::Paging::ZeroBased,
        }
    }
}

/// Rejects a query over the caps of [`crate::query::check_query_limits`] with a 400, before any route reads it.
async fn limit_query(State(shape): State<ErrorShape>, request: Request, next: Next) -> Response {
    if let Some(query) = request.uri().query() {
        let params = form_pairs(query);
        if let Err(e) = crate::query::check_query_limits(&params) {
            return shape.bad_request(&e);
        }
    }
    next.run(request).await
}

/// The samples route of a port: the world's samples, plus `"hostile"` when the mode is on.
fn samples_route(world: Arc<World>, hostile: bool) -> axum::routing::MethodRouter<()> {
    get(move || {
        let world = world.clone();
        async move {
            let mut document = samples_of(&world);
            if hostile && let Some(map) = document.as_object_mut() {
                map.insert("hostile".to_string(), crate::hostile::samples());
            }
            axum::Json(document)
        }
    })
}

/// The pair group (and the replica's own `/__replica/…` routes).
pub fn pair_router(world: Arc<World>, options: &RouterOptions) -> Router {
    let routes = Router::new()
        .route("/info/protocol_metrics", get(pairs::protocol_metrics))
        .route("/pair/all", get(pairs::all))
        .route("/pair/all_by_groups", get(lists::all_by_groups))
        .route("/pair/all_by_groups_metadata", get(lists::all_by_groups_metadata))
        .route("/pair/all_with_pagination", get(lists::all_with_pagination))
        .route("/pair/group_pair/{lexical_order_mints}", get(pairs::group_pair))
        .route("/pair/{pair_address}", get(pairs::pair))
        .route("/pair/{pair_address}/analytic/pair_fee_bps", get(pairs::fee_bps))
        .route("/pair/{pair_address}/analytic/pair_trade_volume", get(pairs::trade_volume))
        .route("/pair/{pair_address}/analytic/pair_tvl", get(pairs::tvl))
        .route("/pair/{pair_address}/analytic/swap_history", get(pairs::swap_history))
        .route("/pair/{pair_address}/positions_lock", get(pairs::positions_lock))
        .route("/position/{position_address}", get(positions::position))
        .route("/position/{position_address}/claim_fees", get(positions::claim_fees))
        .route("/position/{position_address}/claim_rewards", get(positions::claim_rewards))
        .route("/position/{position_address}/deposits", get(positions::deposits))
        .route("/position/{position_address}/withdraws", get(positions::withdraws))
        .route("/position_v2/{position_address}", get(positions::position_v2))
        .route("/wallet/{wallet_address}/{pair_address}/earning", get(wallets::earning))
        .fallback(|| async { pair_error(StatusCode::NOT_FOUND, "no such route in the pair API") })
        .with_state(world.clone())
        .route("/__replica/samples", samples_route(world, options.hostile_numbers));
    with_common_layers(routes, options, PAIR_RATE_LIMIT, ErrorShape::Pair)
}

/// The pool group.
pub fn pool_router(world: Arc<World>, options: &RouterOptions) -> Router {
    let routes = Router::new()
        .route("/pools/{address}/metrics", get(pool::metrics))
        .fallback(|| async { pool::envelope_error(StatusCode::NOT_FOUND, "NotFound", "no such route in the pool API") })
        .with_state(world.clone())
        .route("/__replica/samples", samples_route(world, options.hostile_numbers));
    with_common_layers(routes, options, POOL_RATE_LIMIT, ErrorShape::Pool)
}

/// The portfolio service (its own port; its budget is the DLMM datapi's rate).
pub fn portfolio_router(world: Arc<World>, options: &RouterOptions) -> Router {
    let routes = Router::new()
        .route("/performances/{wallet}", get(portfolio::performances))
        .route("/balances/{wallet}", get(portfolio::balances_route))
        .route("/chart/calendar/{wallet}", get(portfolio::calendar_route))
        .fallback(|| async { datapi::not_found("no such route") })
        .with_state(world.clone())
        .route("/__replica/samples", samples_route(world, options.hostile_numbers));
    with_common_layers(routes, options, DLMM_DATAPI_RATE_LIMIT, ErrorShape::Datapi)
}

/// One datapi service (the DLMM one also serves the wallet, position and limit-order routes).
pub fn datapi_router(world: Arc<World>, service: datapi::Service, options: &RouterOptions) -> Router {
    use datapi_wallets as w;
    let mut routes = Router::new().route("/pools", get(datapi::pools));
    if service == datapi::Service::DammV2 || options.serve_groups {
        routes = routes
            .route("/pools/groups", get(datapi::groups))
            .route("/pools/groups/{lexical_order_mints}", get(datapi::group));
    }
    routes = routes
        .route("/pools/{address}", get(datapi::pool))
        .route("/pools/{address}/ohlcv", get(datapi::ohlcv))
        .route("/pools/{address}/volume/history", get(datapi::volume))
        .route("/stats/protocol_metrics", get(datapi::protocol_metrics));
    if service == datapi::Service::Dlmm {
        routes = routes
            .route("/stats/daily/{metric}", get(datapi::daily))
            .route("/portfolio", get(w::portfolio))
            .route("/portfolio/open", get(w::portfolio_open))
            .route("/portfolio/total", get(w::portfolio_total))
            .route("/positions/{address}/historical", get(w::historical))
            .route("/positions/{address}/pnl", get(w::pnl))
            .route("/wallets/{wallet}/pools/{pool_address}/total_claims", get(w::claims))
            .route("/wallets/{wallet}/limit_orders/open/pools", get(w::open_order_pools))
            .route("/wallets/{wallet}/limit_orders/open/pools/{pool_address}", get(w::open_orders))
            .route("/wallets/{wallet}/limit_orders/closed/pools", get(w::closed_order_pools))
            .route("/wallets/{wallet}/limit_orders/closed/pools/{pool_address}", get(w::closed_orders))
            .route("/wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed", get(w::bonus))
            .route("/wallets/{wallet}/limit_orders/summary", get(w::order_summary));
    }
    let per_second = if service == datapi::Service::Dlmm { DLMM_DATAPI_RATE_LIMIT } else { DAMM_V2_DATAPI_RATE_LIMIT };
    let routes = routes
        .fallback(|| async { datapi::not_found("no such route") })
        .with_state(datapi::DatapiState { world: world.clone(), service })
        .route("/__replica/samples", samples_route(world, options.hostile_numbers));
    let (routes, spec) = if service == datapi::Service::Dlmm {
        (routes.nest("/__real", crate::real::router(options.real_bodies.clone())), &options.specs.dlmm)
    } else {
        (routes, &options.specs.damm_v2)
    };
    let routes = routes.merge(crate::specs::router(spec.clone()));
    with_common_layers(routes, options, per_second, ErrorShape::Datapi)
}

pub use datapi::Service;

/// Innermost first: hostile numbers (when on), rate limit, faults, query caps, log, gzip, CORS (outermost, so even
/// faults carry CORS headers). The hostile mode's special routes are added first.
fn with_common_layers(router: Router, options: &RouterOptions, per_second: u32, shape: ErrorShape) -> Router {
    let mut router = router;
    if options.hostile_numbers {
        router =
            crate::hostile::with_special_routes(router, shape.paging()).layer(from_fn(crate::hostile::hostile_numbers));
    }
    if options.rate_limit {
        router = router.layer(from_fn_with_state(Arc::new(RateLimit::new(per_second)), enforce_rate_limit));
    }
    if let Some((requests, window)) = options.rate_budget {
        let budget = Arc::new(crate::budget::Budget::new(requests, window));
        router = router.layer(from_fn_with_state(budget, crate::budget::enforce));
    }
    router = router.layer(from_fn_with_state(Arc::new(FaultCounters::default()), apply_faults));
    router = router.layer(from_fn_with_state(shape, limit_query));
    let agents = Arc::new(crate::user_agents::UserAgents::default());
    router = router
        .route("/__replica/user-agents", get(crate::user_agents::list).with_state(agents.clone()))
        .layer(from_fn_with_state(agents, crate::user_agents::record));
    if options.log_requests {
        router = router.layer(from_fn(log_request));
    }
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::HEAD, Method::OPTIONS])
        .allow_headers(Any)
        .expose_headers([
            header::RETRY_AFTER,
            HeaderName::from_static(crate::faults::FAULT_HEADER),
            HeaderName::from_static(crate::budget::REMAINING),
            HeaderName::from_static(crate::budget::RESET),
        ]);
    router.layer(CompressionLayer::new()).layer(cors)
}

/// What a handler answers: its body, or the error answer it stopped at (axum sends either).
pub(crate) type Reply = Result<Response, Response>;

pub(crate) use crate::faults::json_message as pair_error;

/// A 400 with `{ "message": … }`.
pub(crate) fn bad_request(message: &str) -> Response {
    pair_error(StatusCode::BAD_REQUEST, message)
}

/// Serializes `value` as the JSON body of a 200.
pub(crate) fn json_body<T: Serialize + ?Sized>(value: &T) -> Response {
    match serde_json::to_vec(value) {
        Ok(bytes) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], bytes).into_response(),
        Err(e) => pair_error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// The index of the pair at `address`: 400 when malformed, 404 when unknown.
pub(crate) fn find_pair(dataset: &Dataset, address: &str) -> Result<usize, Response> {
    if !is_address(address) {
        return Err(bad_request(&format!("{address:?} is not a valid pair address")));
    }
    dataset.pair_index(address).ok_or_else(|| pair_error(StatusCode::NOT_FOUND, &format!("Pair {address} not found")))
}

/// The index of the position at `address`: 400 when malformed, 500 (the vendor's quirk) when never indexed.
pub(crate) fn find_position(dataset: &Dataset, address: &str) -> Result<usize, Response> {
    if !is_address(address) {
        return Err(bad_request(&format!("{address:?} is not a valid position address")));
    }
    dataset.position_index(address).ok_or_else(|| {
        pair_error(StatusCode::INTERNAL_SERVER_ERROR, &format!("Position {address} has not been indexed"))
    })
}
