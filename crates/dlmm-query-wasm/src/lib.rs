//! The DLMM query client in WebAssembly: the JavaScript API packaged as the `dlmm-query` npm package.
//!
//! `createClient(options)` (the keeper APIs) and `createDatapiClient(options)` (the live datapi services) with their
//! promise-returning methods and page iterators, `DlmmError` objects and the `isDlmmError` guard, over the core
//! [`dlmm_query::Client`] with its `fetch` transport ([`dlmm_query::web::WebTransport`], feature `web`).
//!
//! Modules depend one way: `js_object` (a key of a JS object, read or written), `promise` (the one maker of promises
//! from futures) and `cancel` on none of the others; `js_error` on `js_object`; `options` (reading JS values) and
//! `to_js` (writing them) on `js_error`; `client` (the core client as the API holds it) on `options`; `all_pairs` (the
//! streamed `all()`) on `client` and `to_js`; `worker` (`all()` in the package's worker, on a browser page) on those;
//! `call` (the runners) on all of these; `iter` (the iterators) on those but `all_pairs` and `worker`; the exported
//! classes (`keeper`, `datapi`) on all of them; `methods` (every operation's method, written from its row of the
//! core's `operations!`) on the classes and the runners.

mod all_pairs;
mod call;
mod cancel;
mod client;
mod datapi;
mod iter;
mod js_error;
mod js_object;
mod keeper;
mod methods;
mod options;
mod promise;
mod to_js;
mod worker;

pub use datapi::{DammV2Datapi, DlmmDatapi, JsDatapiClient, create_datapi_client};
pub use iter::PageIterator;
pub use js_error::{is_dlmm_error, to_js_error};
pub use keeper::{DlmmClient, create_client, lexical_order_mints};
#[cfg(feature = "json-writer")]
pub use to_js::output_to_js;

/// The module's allocator: talc, for WebAssembly, rather than the standard library's dlmalloc (as fast in the bench,
/// and 1.8 KB gzip smaller). Memory it takes from the module is reused, as before, and never given back (WebAssembly cannot).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
