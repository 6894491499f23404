//! The DLMM query client in WebAssembly.
//!
//! [`GlooTransport`] lets the core [`dlmm_query::Client`] run in browsers and Node 18+ over `fetch`. With the default
//! `js-api` feature the crate also exports the JavaScript API packaged as the `dlmm-query` npm package:
//! `createClient(options)` and its promise-returning methods, `DlmmError` objects and the `isDlmmError` guard.

mod transport;

#[cfg(feature = "js-api")]
mod api;
#[cfg(feature = "js-api")]
mod cancel;
#[cfg(feature = "js-api")]
mod fast;
#[cfg(feature = "js-api")]
mod filter;
#[cfg(feature = "js-api")]
mod iter;
#[cfg(feature = "js-api")]
mod js_error;

#[cfg(feature = "js-api")]
pub use api::*;
#[cfg(feature = "js-api")]
pub use iter::PageIterator;
#[cfg(feature = "js-api")]
pub use js_error::{is_dlmm_error, to_js_error};
pub use transport::GlooTransport;
