//! `all()` off the page's thread: in a browser, the package's entry registers a worker (`worker.js`, running this
//! same module), and `all()` hands its call to it. The worker reads the body, splits and transcodes it into batches of
//! JSON text ([`crate::all_pairs`]) and posts them back; the page only parses them (`JSON.parse`, as a plain
//! `fetch().json()` would) and fixes their amounts. The two threads work side by side, and the page's thread stays
//! free while the list arrives.
//!
//! Everything else is as in the page: the worker builds a client from a copy of the options the page's client was
//! created with and reads the same call options, and its errors become the same `DlmmError`s (message and fields
//! copied). The worker makes one attempt per message and never retries: the page's client runs the attempts
//! ([`Client::tries`](dlmm_query::Client::tries)), each taking its turn of the page's rate limiter, within the call's
//! one retry budget; a failure is tried again only while no pair has reached the page.
//! Cancelling the call (its `AbortSignal`) cancels the worker's request. A worker that breaks, or outlives an
//! attempt's deadline (its time-out and a margin), is terminated and replaced; after two, and where there is no worker
//! (Node, a test runner, a worker that failed to load, start or answer, options that cannot be copied), `all()` runs
//! in the page as before.
//!
//! Messages:
//! - page → worker, once: the compiled `WebAssembly.Module`; the worker answers `"ready"` (or fails to start);
//! - page → worker, each call: `{ options, call, port }`;
//! - worker → page, on `port`: `{ bytes, amounts, nulls, url }` per batch (the UTF-8 of its JSON text, transferred),
//!   then `{ done: true }` or `{ error: { message, fields }, retryable, retryAfterMs }`;
//! - page → worker, on `port`: `{ cancel: true }` when the call is dropped before its end;
//! - worker → page: `{ failed }` when the worker itself broke (every call in flight then rejects).

use std::cell::RefCell;
use std::future::poll_fn;
use std::pin::pin;
use std::rc::{Rc, Weak};
use std::task::{Poll, Waker};
use std::time::Duration;

use dlmm_query::json_text::Written;
use dlmm_query::ops::Operation;
use dlmm_query::policy::{Failed, RetryPolicy};
use dlmm_query::transport::Transport;
use dlmm_query::{Error, TransportError};
use futures_util::future::{Either, LocalBoxFuture, select};
use js_sys::{Array, Function, Object, Promise, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, AbortSignal, MessageChannel, MessageEvent, MessagePort, Worker};

use crate::all_pairs::{Collect, Sink};
use crate::cancel::with_signal;
use crate::client::new_core;
use crate::js_error::{from_posted, input_error, to_js_error, to_posted};
use crate::js_object::{property, set};
use crate::options::{Call, all, all_posted_keys, client_config};
use crate::promise;
use crate::to_js::{patterns_to_js, posted_to_js};

thread_local! {
    /// The function that creates the worker (and sends it the module), registered by the browser entry.
    static FACTORY: RefCell<Option<Function>> = const { RefCell::new(None) };
    /// The promise of the worker, started on first use and shared by every client of the page (it resolves to
    /// `undefined` where the worker failed to start, or broke).
    static WORKER: RefCell<Option<Promise>> = const { RefCell::new(None) };
    /// The calls waiting on the worker, told when it breaks.
    static IN_FLIGHT: RefCell<Vec<Weak<RefCell<Inbox>>>> = const { RefCell::new(Vec::new()) };
    /// How many workers were given up on (broken or stuck): after [`MAX_REPLACED`], `all()` runs in the page.
    static REPLACED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// How many broken or stuck workers are replaced before `all()` runs in the page for good.
const MAX_REPLACED: u32 = 2;

/// `__setAllWorker(factory)` (the browser entry's, not the API): registers the function that creates the worker and
/// sends it the compiled module. `all()` then runs there.
#[wasm_bindgen(js_name = __setAllWorker, skip_typescript)]
pub fn set_all_worker(factory: Function) {
    FACTORY.with_borrow_mut(|f| *f = Some(factory));
}

/// The page's worker, started on first use; `None` where there is none, or it failed to start.
pub async fn shared() -> Option<Worker> {
    let factory = FACTORY.with_borrow(Clone::clone)?;
    // A promise, which any number of calls can wait on (the start runs once, whichever call began it).
    let started = WORKER.with_borrow_mut(|w| {
        w.get_or_insert_with(|| {
            promise::from_future(Box::pin(async { Ok(start(factory).await.map_or(JsValue::UNDEFINED, JsValue::from)) }))
        })
        .clone()
    });
    JsFuture::from(started).await.ok()?.dyn_into().ok()
}

/// How long a new worker has to answer `"ready"` before `all()` runs in the page instead.
const START_TIMEOUT_MS: i32 = 10_000;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout` (of a page or a worker).
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &Function, ms: i32) -> JsValue;
}

/// Creates the worker and waits for its `"ready"`; `None` on an error first (a missing file, a CSP refusing workers,
/// a module that fails to instantiate) or on no answer within [`START_TIMEOUT_MS`].
async fn start(factory: Function) -> Option<Worker> {
    let worker: Worker = factory.call0(&JsValue::NULL).ok()?.dyn_into().ok()?;
    let answered = Promise::new(&mut |resolve, _reject| {
        worker.set_onmessage(Some(&resolve));
        worker.set_onerror(Some(&resolve));
        set_timeout(&resolve, START_TIMEOUT_MS);
    });
    let event = JsFuture::from(answered).await.ok()?;
    let ready = event.dyn_ref::<MessageEvent>().is_some_and(|e| e.data().as_string().as_deref() == Some("ready"));
    if !ready {
        worker.terminate();
        return None;
    }
    let this = worker.clone();
    let broke = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| broken(&event, &this));
    worker.set_onmessage(Some(broke.as_ref().unchecked_ref()));
    worker.set_onerror(Some(broke.as_ref().unchecked_ref()));
    broke.forget(); // Kept as long as the worker (a worker that breaks is replaced, rarely).
    Some(worker)
}

/// The worker broke (`{ failed }`, or an error it did not catch): it is terminated, the next call starts a new one,
/// and every call in flight rejects.
fn broken(event: &JsValue, worker: &Worker) {
    let message = match event.dyn_ref::<MessageEvent>() {
        Some(event) => match property(&event.data(), "failed") {
            failed if failed.is_undefined() => return, // not a failure
            failed => failed.as_string().unwrap_or_default(),
        },
        None => property(event, "message").as_string().unwrap_or_default(),
    };
    replace(worker);
    let error = failure(&format!("the worker running all() failed: {message}"));
    for inbox in IN_FLIGHT.take().iter().filter_map(Weak::upgrade) {
        inbox.borrow_mut().push(error.clone());
    }
}

/// Terminates `worker` (broken or stuck) and forgets it: the next `all()` starts a new one, or, once
/// [`MAX_REPLACED`] were given up on, runs in the page.
fn replace(worker: &Worker) {
    worker.terminate();
    let replaced = REPLACED.get() + 1;
    REPLACED.set(replaced);
    let next = (replaced >= MAX_REPLACED).then(|| Promise::resolve(&JsValue::UNDEFINED));
    WORKER.with_borrow_mut(|w| *w = next);
}

/// The end message of a call whose worker failed: a `network` `DlmmError`, which the page's retry policy may try
/// again (with a new worker, or in the page).
fn failure(message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    set(error.unchecked_ref(), "kind", JsValue::from_str("network"));
    ended_in(&error, Failed { retryable: true, retry_after: None }).into()
}

/// The end message of a call that failed with `error`, with what the page's retry policy needs to know of it.
fn ended_in(error: &JsValue, failed: Failed) -> Object {
    let end = Object::new();
    set(&end, "error", to_posted(error));
    set(&end, "retryable", JsValue::from_bool(failed.retryable));
    if let Some(wait) = failed.retry_after {
        set(&end, "retryAfterMs", JsValue::from_f64(wait.as_millis() as f64));
    }
    end
}

/// What the page's retry policy needs to know of a failure the worker reported (`ended_in`).
fn failed_of(end: &JsValue) -> Failed {
    // Whole milliseconds, as posted (`as` saturates: no panic whatever the number).
    let wait = property(end, "retryAfterMs").as_f64().map(|ms| Duration::from_millis(ms as u64));
    Failed { retryable: property(end, "retryable").as_bool() == Some(true), retry_after: wait }
}

/// A failure the page's retry policy does not try again (the page could not read what the worker posted).
const FINAL: Failed = Failed { retryable: false, retry_after: None };

/// One attempt of `all()` through `worker`, for a client created from `client_options`, with the call's `options`:
/// the pairs, or the error and what the retry policy needs to know of it; `None` when the call cannot be posted
/// (options that cannot be copied), to be run in the page instead. Dropping the future (the caller's signal fired)
/// cancels the call in the worker. A worker that has not ended the attempt by `deadline` (its time-out and a margin)
/// is stuck: the attempt ends in `timeout` and the worker is replaced.
pub async fn all_pairs(
    worker: &Worker,
    client_options: &JsValue,
    options: &JsValue,
    deadline: Option<(Duration, &str)>,
) -> Option<Result<JsValue, (JsValue, Failed)>> {
    let call = Object::new();
    for key in all_posted_keys() {
        let value = property(options, key);
        if !value.is_undefined() {
            set(&call, key, &value);
        }
    }
    let channel = MessageChannel::new().ok()?;
    let request = Object::new();
    set(&request, "options", client_options);
    set(&request, "call", &call);
    set(&request, "port", channel.port2());
    worker.post_message_with_transfer(&request, &Array::of1(&channel.port2())).ok()?;
    let collected = Listening::new(channel.port1()).collect();
    let Some((deadline, url)) = deadline else { return Some(collected.await) };
    let clock = dlmm_query::web::WebTransport::default();
    let overdue = clock.sleep(deadline);
    match select(pin!(collected), pin!(overdue)).await {
        Either::Left((result, _)) => Some(result),
        Either::Right(_) => {
            replace(worker);
            let error = Error::Transport { url: url.to_owned(), error: TransportError::timeout(deadline) };
            Some(Err((to_js_error(&error), Failed::of(&error))))
        }
    }
}

#[wasm_bindgen]
extern "C" {
    /// The platform's UTF-8 decoder, returning the JavaScript string (not copied into linear memory).
    type TextDecoder;

    #[wasm_bindgen(constructor)]
    fn new() -> TextDecoder;

    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, bytes: &JsValue) -> JsValue;
}

/// Messages received on a port, and the task waiting for the next one.
#[derive(Default)]
struct Inbox {
    /// The messages not yet taken, oldest first (a JavaScript array used as a queue: no queue type in the `.wasm`).
    messages: Array,
    waker: Option<Waker>,
}

impl Inbox {
    fn push(&mut self, message: JsValue) {
        self.messages.push(&message);
        if let Some(waker) = self.waker.take() {
            waker.wake();
        }
    }
}

/// The page's end of one call: its port, listened to until dropped; dropping it before the end cancels the call in
/// the worker.
struct Listening {
    port: MessagePort,
    inbox: Rc<RefCell<Inbox>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    finished: bool,
}

impl Listening {
    fn new(port: MessagePort) -> Self {
        let inbox = Rc::new(RefCell::new(Inbox::default()));
        let weak = Rc::downgrade(&inbox);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(inbox) = weak.upgrade() {
                inbox.borrow_mut().push(event.data());
            }
        });
        port.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        IN_FLIGHT.with_borrow_mut(|calls| {
            calls.retain(|c| c.strong_count() > 0);
            calls.push(Rc::downgrade(&inbox));
        });
        Self { port, inbox, _on_message: on_message, finished: false }
    }

    /// The next message on the port.
    async fn next(&self) -> JsValue {
        poll_fn(|cx| {
            let mut inbox = self.inbox.borrow_mut();
            match inbox.messages.length() {
                1.. => Poll::Ready(inbox.messages.shift()),
                0 => {
                    inbox.waker = Some(cx.waker().clone());
                    Poll::Pending
                }
            }
        })
        .await
    }

    /// Parses each batch into the result, until the worker's last message.
    async fn collect(mut self) -> Result<JsValue, (JsValue, Failed)> {
        let mut result = Collect::new();
        let decoder = TextDecoder::new();
        loop {
            let message = self.next().await;
            let bytes = property(&message, "bytes");
            if !bytes.is_undefined() {
                let text = decoder.decode(&bytes);
                let url = property(&message, "url").as_string().unwrap_or_default();
                posted_to_js(&text, &property(&message, "amounts"), &property(&message, "nulls"), &url)
                    .and_then(|objects| result.append(objects.unchecked_ref(), &url))
                    .map_err(|e| (to_js_error(&e), FINAL))?;
                continue;
            }
            self.finished = true;
            let error = property(&message, "error");
            if error.is_undefined() {
                return Ok(result.into_result());
            }
            return Err((from_posted(&error), failed_of(&message)));
        }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        if !self.finished {
            let cancel = Object::new();
            set(&cancel, "cancel", &JsValue::TRUE);
            let _ = self.port.post_message(&cancel);
        }
        self.port.set_onmessage(None);
        self.port.close();
    }
}

/// `__allInWorker(options, call, port)` (the worker's, not the API): runs one attempt of `all()` by a client created
/// from `options` with the call options `call`, without retries or a rate limit of its own (the page's client runs
/// them), posting its batches and its end on `port`.
#[wasm_bindgen(js_name = __allInWorker, skip_typescript)]
pub fn all_in_worker(options: JsValue, call: JsValue, port: MessagePort) {
    let controller = AbortController::new().ok();
    let signal = controller.as_ref().map(AbortController::signal);
    let on_cancel = Closure::<dyn FnMut()>::new(move || {
        if let Some(controller) = &controller {
            controller.abort();
        }
    });
    port.set_onmessage(Some(on_cancel.as_ref().unchecked_ref()));
    wasm_bindgen_futures::spawn_local(async move {
        let failed = std::cell::Cell::new(FINAL);
        // Boxed as a call's work is ([`crate::call`]), so both race the signal through one `with_signal`.
        let run: LocalBoxFuture<'_, Result<JsValue, JsValue>> = Box::pin(async {
            let mut config = client_config(&options)?;
            config.pair_rate_per_second = 0.0; // the page's limiter took this attempt's turn
            let client = new_core(config, &options)?;
            let (all, floor) = all(&call, dlmm_query::ops::All::new())?;
            let Call { options: mut call_options, .. } = Call::read(&call)?;
            call_options.retry = Some(RetryPolicy::NEVER);
            let request = all.request().map_err(input_error)?;
            let mut sink = Post { port: &port, posted: false };
            let sent = crate::all_pairs::all_pairs(&client, &request, call_options, floor, &mut sink).await;
            sent.map_err(|e| {
                // Tried again by the page only while no pair has reached it.
                let of = Failed::of(&e);
                failed.set(Failed { retryable: of.retryable && !sink.posted, ..of });
                to_js_error(&e)
            })?;
            Ok(JsValue::UNDEFINED)
        });
        let end = match with_signal(signal.clone(), run).await {
            Ok(_) => {
                let end = Object::new();
                set(&end, "done", &JsValue::TRUE);
                end
            }
            Err(_) if signal.as_ref().is_some_and(AbortSignal::aborted) => Object::new(), // the page no longer listens
            Err(error) => ended_in(&error, failed.get()),
        };
        let _ = port.post_message(&end);
        drop(on_cancel);
        port.set_onmessage(None);
        port.close();
    });
}

/// The worker's sink: each batch posted to the page.
struct Post<'a> {
    port: &'a MessagePort,
    /// Whether a batch was posted.
    posted: bool,
}

impl Sink for Post<'_> {
    fn batch(&mut self, written: Written, url: &str) -> Result<(), Error> {
        let Written { text, amounts, nulls, .. } = written;
        // The text's bytes, moved to the page (not copied again), which decodes them: that work is off this thread.
        let bytes = Uint8Array::from(text.as_bytes());
        drop(text);
        let message = Object::new();
        set(&message, "bytes", &bytes);
        set(&message, "amounts", patterns_to_js(&amounts));
        set(&message, "nulls", patterns_to_js(&nulls));
        set(&message, "url", JsValue::from_str(url));
        self.posted = true;
        self.port
            .post_message_with_transferable(&message, &Array::of1(&bytes.buffer()))
            .map_err(|e| Error::wrong_shape(url, None, format!("cannot post the pairs to the page: {e:?}")))
    }
}
