//! A local replica of the vendor's query APIs (both generations), served over real HTTP on loopback.
//!
//! [`Replica::start`] binds the keeper generation (pair group, pool group) and the datapi generation (DLMM datapi,
//! DAMM v2 datapi) on four ports (0 picks free ones) and serves one deterministic [`Dataset`] generated from a
//! seed, with the datapi's views of it beside it ([`World`]). The datapi's `sort_by`/`filter_by` parsers are public:
//! [`parse_sort_by`], [`parse_filter_by`]. Tests start it in-process; `cargo xtask replica` runs the binary.
//! Responses are written by the vendor spec's field names, with CORS for any origin and gzip when asked for.

#![warn(missing_docs)]

pub mod budget;
pub mod datapi;
pub mod dataset;
pub mod faults;
pub mod hostile;
pub mod listing;
pub mod query;
pub mod real;
mod routes;
pub mod search;
pub mod shared;
pub mod specs;
pub mod user_agents;
pub mod world;

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use datapi::{FilterClause, SortClause, parse_filter_by, parse_sort_by};
pub use dataset::Dataset;
pub use routes::{DAMM_V2_DATAPI_RATE_LIMIT, DLMM_DATAPI_RATE_LIMIT, PAIR_RATE_LIMIT, POOL_RATE_LIMIT};
pub use world::World;

/// The samples document of `GET /__replica/samples`, built from a world (a running replica's: [`Replica::world`]).
pub fn samples(world: &World) -> serde_json::Value {
    routes::samples_of(world)
}

/// The default time a client has to send a request's headers.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(5);

/// The most connections each port serves at once, by default ([`ReplicaConfig::max_connections`]).
pub const MAX_CONNECTIONS: usize = 512;

/// How long a shutdown lets the requests in flight finish before dropping their connections.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// How to start a replica.
#[derive(Clone, Debug)]
pub struct ReplicaConfig {
    /// The interface to listen on (loopback by default).
    pub host: IpAddr,
    /// The pair group's port; 0 picks a free one.
    pub pair_port: u16,
    /// The pool group's port; 0 picks a free one.
    pub pool_port: u16,
    /// The DLMM datapi's port; 0 picks a free one.
    pub dlmm_datapi_port: u16,
    /// The DAMM v2 datapi's port; 0 picks a free one.
    pub damm_v2_datapi_port: u16,
    /// The portfolio service's port; 0 picks a free one.
    pub portfolio_datapi_port: u16,
    /// The seed of the generated dataset: the same seed always gives the same data.
    pub seed: u64,
    /// How many pools the pool group holds, which are also the DAMM v2 datapi's pools (300 by default).
    pub pools: usize,
    /// How many pairs the dataset holds (at least [`dataset::MIN_PAIRS`]).
    pub pairs: usize,
    /// Enforce the vendor's rate limits (30 requests/s pair group, 10/s pool group) with 429 and `Retry-After`.
    pub rate_limit: bool,
    /// Log one line per request to stderr.
    pub log_requests: bool,
    /// A budget every port announces and enforces (`requests` per `window`, each answer with
    /// `x-ratelimit-remaining` and `x-ratelimit-reset`, a 429 past it), as one client reports of the live hosts; none
    /// by default.
    pub rate_budget: Option<(u32, Duration)>,
    /// Serve the DLMM datapi's group routes as the May 2026 docs describe them. Off (the default), they are answered
    /// as the live host is reported to, which its July 2026 spec no longer lists them: `/pools/groups` as a
    /// malformed pool address (a 400 naming `invalid_pubkey`), `/pools/groups/{mints}` as an unknown route (404).
    pub serve_groups: bool,
    /// Give every pair and group a name, and every token a symbol (so the datapi's token names too), carrying HTML
    /// and script payloads (see [`Dataset::with_hostile_names`]), to prove a client renders names as text.
    pub hostile_names: bool,
    /// Serve extreme numbers in every answer and the special routes of [`hostile`] (a huge body, a gzip bomb,
    /// alternating pages), listed under `"hostile"` in `/__replica/samples`.
    pub hostile_numbers: bool,
    /// A folder of real datapi bodies (the project's `../shared/real`) to serve unedited under `/__real/…` on the
    /// DLMM datapi (see [`real`]); `None` answers those routes with 404.
    pub real_bodies: Option<std::path::PathBuf>,
    /// A folder of the vendor's OpenAPI documents (the project's `../shared/openapi`) whose datapi files the datapi
    /// ports publish at `/api-docs/openapi.json` (see [`specs`]); `None` answers that route with 404.
    pub openapi: Option<std::path::PathBuf>,
    /// How long a client may take to send a request's headers before the connection is closed.
    pub header_read_timeout: Duration,
    /// The most connections each port serves at once; further clients wait to be accepted.
    pub max_connections: usize,
    /// The clock the dataset follows: none, its own moment (answers as of 2025-11-21T12:34:56Z, the same every run);
    /// a unix time, the dataset moved by whole days to answer as of the last 12:34:56 UTC at or before it
    /// ([`dataset::time::set_clock`]; one clock per process).
    pub clock: Option<i64>,
}

impl Default for ReplicaConfig {
    fn default() -> Self {
        Self {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            pair_port: 0,
            pool_port: 0,
            dlmm_datapi_port: 0,
            damm_v2_datapi_port: 0,
            portfolio_datapi_port: 0,
            seed: 42,
            pools: 300,
            pairs: dataset::DEFAULT_PAIRS,
            rate_limit: false,
            rate_budget: None,
            serve_groups: false,
            log_requests: false,
            hostile_names: false,
            hostile_numbers: false,
            real_bodies: None,
            openapi: None,
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            clock: None,
        }
    }
}

/// A running replica. Dropping it stops its five servers.
pub struct Replica {
    pair_addr: SocketAddr,
    pool_addr: SocketAddr,
    dlmm_datapi_addr: SocketAddr,
    damm_v2_datapi_addr: SocketAddr,
    portfolio_datapi_addr: SocketAddr,
    world: Arc<World>,
    stop: watch::Sender<bool>,
    servers: Vec<JoinHandle<io::Result<()>>>,
}

impl Replica {
    /// Generates the dataset, builds its views, binds the five ports (pair group, pool group, DLMM datapi, DAMM v2
    /// datapi, portfolio service) and starts serving on the current tokio runtime.
    pub async fn start(config: ReplicaConfig) -> io::Result<Self> {
        if let Some(wall) = config.clock {
            dataset::time::set_clock(wall);
        }
        let mut dataset = Dataset::generate(config.seed, config.pools, config.pairs);
        if config.hostile_names {
            dataset = dataset.with_hostile_names();
        }
        let world = Arc::new(World::new(dataset));
        let options = routes::RouterOptions {
            rate_limit: config.rate_limit,
            log_requests: config.log_requests,
            hostile_numbers: config.hostile_numbers,
            serve_groups: config.serve_groups,
            rate_budget: config.rate_budget,
            real_bodies: match &config.real_bodies {
                Some(dir) => Some(Arc::new(real::RealBodies::load(dir)?)),
                None => None,
            },
            specs: Arc::new(match &config.openapi {
                Some(dir) => specs::Specs::load(dir)?,
                None => specs::Specs::default(),
            }),
        };
        let limits =
            Limits { header_read_timeout: config.header_read_timeout, max_connections: config.max_connections };
        let pair = TcpListener::bind((config.host, config.pair_port)).await?;
        let pool = TcpListener::bind((config.host, config.pool_port)).await?;
        let dlmm = TcpListener::bind((config.host, config.dlmm_datapi_port)).await?;
        let damm = TcpListener::bind((config.host, config.damm_v2_datapi_port)).await?;
        let portfolio = TcpListener::bind((config.host, config.portfolio_datapi_port)).await?;
        let portfolio_datapi_addr = portfolio.local_addr()?;
        let (pair_addr, pool_addr) = (pair.local_addr()?, pool.local_addr()?);
        let (dlmm_datapi_addr, damm_v2_datapi_addr) = (dlmm.local_addr()?, damm.local_addr()?);
        let (stop, stopped) = watch::channel(false);
        let dlmm_router = routes::datapi_router(world.clone(), routes::Service::Dlmm, &options);
        let damm_router = routes::datapi_router(world.clone(), routes::Service::DammV2, &options);
        let servers = vec![
            tokio::spawn(serve(pair, routes::pair_router(world.clone(), &options), limits, stopped.clone())),
            tokio::spawn(serve(pool, routes::pool_router(world.clone(), &options), limits, stopped.clone())),
            tokio::spawn(serve(dlmm, dlmm_router, limits, stopped.clone())),
            tokio::spawn(serve(damm, damm_router, limits, stopped.clone())),
            tokio::spawn(serve(portfolio, routes::portfolio_router(world.clone(), &options), limits, stopped)),
        ];
        Ok(Self {
            pair_addr,
            pool_addr,
            dlmm_datapi_addr,
            damm_v2_datapi_addr,
            portfolio_datapi_addr,
            world,
            stop,
            servers,
        })
    }

    /// The pair group's base URL, e.g. `http://127.0.0.1:41234`.
    pub fn pair_base_url(&self) -> String {
        format!("http://{}", self.pair_addr)
    }

    /// The pool group's base URL.
    pub fn pool_base_url(&self) -> String {
        format!("http://{}", self.pool_addr)
    }

    /// The DLMM datapi's base URL.
    pub fn dlmm_datapi_base_url(&self) -> String {
        format!("http://{}", self.dlmm_datapi_addr)
    }

    /// The DAMM v2 datapi's base URL.
    pub fn damm_v2_datapi_base_url(&self) -> String {
        format!("http://{}", self.damm_v2_datapi_addr)
    }

    /// The portfolio service's base URL.
    pub fn portfolio_datapi_base_url(&self) -> String {
        format!("http://{}", self.portfolio_datapi_addr)
    }

    /// The data being served.
    pub fn dataset(&self) -> &Dataset {
        &self.world.dataset
    }

    /// The data being served and the datapi's views of it.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Stops accepting connections, finishes the requests in flight and waits for every server to end.
    pub async fn shutdown(mut self) -> io::Result<()> {
        let _ = self.stop.send(true);
        for server in std::mem::take(&mut self.servers) {
            server.await.map_err(io::Error::other)??;
        }
        Ok(())
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

/// What one port's server allows its clients.
#[derive(Clone, Copy)]
struct Limits {
    header_read_timeout: Duration,
    max_connections: usize,
}

/// Serves HTTP/1 connections until `stopped`, at most `max_connections` at once, then lets the requests in flight
/// finish for [`SHUTDOWN_GRACE`] and drops the rest (a client that never reads its answer cannot hold a shutdown).
/// Done by hand rather than by `axum::serve`, which gives hyper no timer, so that a client sending its headers
/// slowly is disconnected after `header_read_timeout`.
async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) -> io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let header_read_timeout = limits.header_read_timeout;
    let mut connections = tokio::task::JoinSet::new();
    loop {
        // At the cap, the next client waits in the listen queue until a connection ends.
        if connections.len() >= limits.max_connections.max(1) {
            tokio::select! {
                _ = connections.join_next() => continue,
                _ = async { let _ = stopped.wait_for(|stop| *stop).await; } => break,
            }
        }
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors and the like: wait a little and go on, as axum::serve does.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = async { let _ = stopped.wait_for(|stop| *stop).await; } => break,
        };
        let service = hyper_util::service::TowerToHyperService::new(
            router
                .clone()
                .map_request(|request: axum::http::Request<hyper::body::Incoming>| request.map(axum::body::Body::new)),
        );
        let mut stop = stopped.clone();
        connections.spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_read_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = async { let _ = stop.wait_for(|stop| *stop).await; } => connection.as_mut().graceful_shutdown(),
            }
            let _ = connection.await;
        });
        // Reap finished connections so the set does not grow.
        while connections.try_join_next().is_some() {}
    }
    drop(listener);
    let grace = tokio::time::sleep(SHUTDOWN_GRACE);
    tokio::pin!(grace);
    loop {
        tokio::select! {
            next = connections.join_next() => if next.is_none() { break },
            _ = &mut grace => {
                connections.abort_all();
                while connections.join_next().await.is_some() {}
                break;
            }
        }
    }
    Ok(())
}
