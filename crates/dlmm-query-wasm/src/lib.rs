//! The DLMM query client in WebAssembly: the JavaScript API packaged as the `dlmm-query` npm package.
//!
//! `createClient(options)` and its promise-returning methods, `DlmmError` objects and the `isDlmmError` guard, over
//! the core [`dlmm_query::Client`] with its `fetch` transport ([`dlmm_query::web::WebTransport`], feature `web`).

mod api;
mod cancel;
mod fast;
mod filter;
mod iter;
mod js_error;

pub use api::*;
pub use iter::PageIterator;
pub use js_error::{is_dlmm_error, to_js_error};
