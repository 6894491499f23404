//! The page's side of the contract worker (`src/bin/contract_worker.rs`): starts it on demand, hands it a host's
//! spec and reads back its [`Report`](crate::contract_check::Report). The worker carries the JSON reader and the
//! comparison, so the explorer's own `.wasm` does not; a visitor who never runs a check never downloads them.
//!
//! The exchange: the worker posts an empty array once it listens (messages sent before would be lost while its
//! `.wasm` loads), the page posts `[service word, spec bytes]`, the worker answers with the strings of
//! [`Report::to_message`](crate::contract_check::Report::to_message) or a refusal. One worker per check, ended after.

use std::time::Duration;

use dlmm_query::drift::service_word;
use dlmm_query::web::WebTransport;
use dlmm_query::{ApiGroup, Transport};
use futures_util::future::{Either, select};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys::{Array, Promise, Uint8Array};
use web_sys::{MessageEvent, Worker};

use crate::contract_check::{Report, from_message};

/// The worker's script, a path under the site's base (Trunk's loader shim of the `contract-worker` binary).
pub const SCRIPT: &str = "/contract-worker_loader.js";

/// How long a check may take, the worker's download included, before it is given up on.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Compares `spec` (a host's answer at `/api-docs/openapi.json`) with `group`'s operations in a new worker.
pub async fn run(group: ApiGroup, spec: &[u8]) -> Result<Report, String> {
    let worker = Worker::new(&crate::link(SCRIPT))
        .map_err(|_| "The contract check could not start its worker (does this site serve it?).".to_owned())?;
    let exchange = async {
        next_message(&worker).await?;
        let request = Array::of2(&service_word(group).into(), &Uint8Array::from(spec));
        worker.post_message(&request).map_err(|_| "The contract worker could not be sent the spec.".to_owned())?;
        let reply = Array::from(&next_message(&worker).await?);
        from_message(&reply.iter().map(|s| s.as_string().unwrap_or_default()).collect::<Vec<_>>())
    };
    let clock = WebTransport::default();
    let limit = clock.sleep(TIME_LIMIT);
    let outcome = match select(Box::pin(exchange), Box::pin(limit)).await {
        Either::Left((outcome, _)) => outcome,
        Either::Right(_) => Err(format!("The contract worker did not answer within {} s.", TIME_LIMIT.as_secs())),
    };
    worker.terminate();
    outcome
}

/// The data of the worker's next message, or why there will be none (its script or `.wasm` failed).
async fn next_message(worker: &Worker) -> Result<wasm_bindgen::JsValue, String> {
    let mut handlers = None;
    let promise = Promise::new(&mut |resolve, reject| {
        let message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let _ = resolve.call1(&wasm_bindgen::JsValue::UNDEFINED, &event.data());
        });
        let error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            let _ = reject.call0(&wasm_bindgen::JsValue::UNDEFINED);
        });
        worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(error.as_ref().unchecked_ref()));
        handlers = Some((message, error));
    });
    let data = JsFuture::from(promise).await;
    worker.set_onmessage(None);
    worker.set_onerror(None);
    drop(handlers);
    data.map_err(|_| "The contract worker failed to load or stopped.".to_owned())
}
