//! Promises from futures: the package's one `future_to_promise`.

use futures_util::future::LocalBoxFuture;
use wasm_bindgen::JsValue;

/// The promise of a boxed future: the one `future_to_promise` of the package, for the calls
/// ([`crate::call::launch`]), the page iterators' steps and the worker's start alike (each instantiation of it carried
/// its own copy of the task that polls the future).
pub fn from_future(future: LocalBoxFuture<'static, Result<JsValue, JsValue>>) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(future)
}
