//! Cancellation with an `AbortSignal`: race a call against the signal and drop the call when it fires.

use std::future::Future;
use std::pin::pin;

use futures_util::future::{Either, select};
use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortSignal, AddEventListenerOptions, DomException};

/// The value a cancelled call rejects with: the signal's reason, or a fresh `AbortError` `DOMException`.
pub fn abort_reason(signal: &AbortSignal) -> JsValue {
    let reason = signal.reason();
    if reason.is_undefined() {
        DomException::new_with_message_and_name("The operation was aborted.", "AbortError")
            .map(JsValue::from)
            .unwrap_or(reason)
    } else {
        reason
    }
}

/// Runs `call`; if `signal` fires first, drops it (aborting its `fetch`) and rejects with the abort reason.
pub async fn with_signal<T>(
    signal: Option<AbortSignal>,
    call: impl Future<Output = Result<T, JsValue>>,
) -> Result<T, JsValue> {
    let Some(signal) = signal else {
        return call.await;
    };
    if signal.aborted() {
        return Err(abort_reason(&signal));
    }
    let mut listener = None;
    let fired = Promise::new(&mut |resolve, _reject| {
        let options = AddEventListenerOptions::new();
        options.set_once(true);
        let _ = signal.add_event_listener_with_callback_and_add_event_listener_options("abort", &resolve, &options);
        listener = Some(resolve);
    });
    let settled = match select(pin!(call), JsFuture::from(fired)).await {
        Either::Left((result, _)) => result,
        Either::Right(_) => Err(abort_reason(&signal)),
    };
    // A long-lived signal keeps no listener of a call that settled.
    if let Some(listener) = listener {
        let _ = signal.remove_event_listener_with_callback("abort", &listener);
    }
    settled
}
