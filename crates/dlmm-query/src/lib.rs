//! Typed, validated access to a liquidity-book (DLMM) DEX's read-only query APIs.
//!
//! The crate is sans-IO at its core: each operation in [`ops`] validates its inputs and describes its request as a
//! plain [`Request`]; [`response::interpret`] turns an HTTP response into a model from [`models`] or a typed
//! [`Error`]. A [`Client`] joins the two over any [`Transport`]; with the `native` feature, [`NativeTransport`] is a
//! ready-made one for Rust programs, and with the `web` feature, `WebTransport` (`fetch`) is one for browsers.
//!
//! Those modules speak the vendor's retired **keeper** APIs (and the local replica of them); the live successors,
//! the DLMM and DAMM v2 **datapi** services, have their own builders, models, walkers and chunked series in
//! [`datapi`], sent through the same [`Client`].
//!
//! ```no_run
//! # #[cfg(feature = "native")]
//! # async fn demo() -> Result<(), dlmm_query::Error> {
//! use dlmm_query::{Client, ClientConfig, NativeTransport, ops::GetPoolMetrics};
//!
//! let config = ClientConfig::with_base_urls("http://127.0.0.1:8080", "http://127.0.0.1:8081")?;
//! let client = Client::new(NativeTransport::new(), config);
//! let metrics = client.get_pool_metrics(GetPoolMetrics::new("7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte")).await?;
//! println!("TVL ${:.2}, APR {:.2} %", metrics.tvl, metrics.apr);
//! # Ok(()) }
//! ```

pub mod address;
pub mod amount;
mod calls;
pub mod client;
pub mod compose;
pub mod datapi;
pub mod decode;
pub mod drift;
pub mod error;
pub mod header;
pub mod items;
pub mod models;
#[cfg(feature = "native")]
pub mod native;
pub mod operations;
pub mod ops;
pub mod pnl;
pub mod policy;
pub mod query_string;
pub mod request;
pub mod response;
mod shared_fields;
pub mod text_walk;
pub mod transport;
#[cfg(feature = "web")]
pub mod web;

pub use dlmm_json::{
    float, integer, json_scan, json_text, literal, page_facts, pick, refusal, shape, skip, slot, transcode, ts_type,
    wire,
};

pub use address::Address;
pub use amount::Amount;
pub use client::{CallOptions, Client, ClientConfig, Streamed, Tries};
pub use compose::PagedList;
pub use error::{Error, ErrorKind, InvalidInput, TransportError, TransportFailure};
#[cfg(feature = "native")]
pub use native::NativeTransport;
pub use pnl::PositionPnl;
pub use request::{ApiGroup, BaseUrl, Missing, Request};
pub use transport::{HttpRequest, HttpResponse, Transport};
#[cfg(feature = "web")]
pub use web::WebTransport;

/// The README's example, compiled as a doctest so it cannot rot.
#[cfg(all(doctest, feature = "native"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
