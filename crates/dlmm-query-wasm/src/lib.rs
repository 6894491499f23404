//! The DLMM query client in WebAssembly.
//!
//! [`GlooTransport`] lets the core [`dlmm_query::Client`] run in browsers and Node 18+ over `fetch`. With the default
//! `js-api` feature the crate also exports the JavaScript API packaged as the `dlmm-query` npm package:
//! `createClient(options)` (the keeper APIs) and `createDatapiClient(options)` (the live datapi services) with their
//! promise-returning methods and page iterators, `DlmmError` objects and the `isDlmmError` guard.
//!
//! Modules depend one way: [`options`](crate) (reading JS values) and `to_js` (writing them) on `js_error`; `call`
//! (the runners) and `iter` (the iterators) on those and `cancel`; the exported classes (`keeper`, `datapi`) on all
//! of them, each operation declared once as a line of an `exports!` table.

mod transport;

#[cfg(feature = "js-api")]
mod call;
#[cfg(feature = "js-api")]
mod cancel;
#[cfg(feature = "js-api")]
mod datapi;
#[cfg(feature = "js-api")]
mod exports;
#[cfg(feature = "js-api")]
mod filter;
#[cfg(feature = "js-api")]
mod iter;
#[cfg(feature = "js-api")]
mod js_error;
#[cfg(feature = "js-api")]
mod keeper;
#[cfg(feature = "js-api")]
mod options;
#[cfg(feature = "js-api")]
mod to_js;

#[cfg(feature = "js-api")]
pub use datapi::{DammV2Datapi, DlmmDatapi, JsDatapiClient, create_datapi_client};
#[cfg(feature = "js-api")]
pub use iter::PageIterator;
#[cfg(feature = "js-api")]
pub use js_error::{is_dlmm_error, to_js_error};
#[cfg(feature = "js-api")]
pub use keeper::{JsClient, create_client, lexical_order_mints};
#[cfg(feature = "js-api")]
pub use to_js::output_to_js;
pub use transport::GlooTransport;
