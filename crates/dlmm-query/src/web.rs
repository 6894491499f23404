//! [`WebTransport`] (feature `web`): a [`Transport`] over `fetch` (through gloo-net) and `setTimeout`, for browsers,
//! workers and Node 18+; the twin of the `native` feature's `NativeTransport`.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_util::stream::{Stream, StreamExt};
use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Headers, ReadableStreamDefaultReader, RequestInit};

use crate::error::TransportError;
use crate::transport::{DEFAULT_MAX_BODY_BYTES, HttpRequest, HttpResponse, MAX_REDIRECTS, OpenResponse, Transport};

/// `fetch` for the [`Client`](crate::Client), in browsers and Node 18+. Dropping a pending `send` aborts its `fetch`.
///
/// Bodies are read chunk by chunk and refused past [`max_body_bytes`](Self::max_body_bytes) (by default
/// [`DEFAULT_MAX_BODY_BYTES`]), so one huge answer cannot fill the linear memory every client on the page shares.
#[derive(Clone, Copy, Debug)]
pub struct WebTransport {
    max_body_bytes: usize,
}

impl Default for WebTransport {
    fn default() -> Self {
        Self { max_body_bytes: DEFAULT_MAX_BODY_BYTES }
    }
}

impl WebTransport {
    /// A transport with the default body cap.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same transport refusing bodies larger than `bytes` (after the browser's decompression).
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }

    /// The largest body accepted, in bytes.
    pub fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }
}

/// Aborts the wrapped controller when dropped, so a cancelled call does not leave its `fetch` running.
struct AbortOnDrop(AbortController);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        // Harmless once the response has been read.
        self.0.abort();
    }
}

impl Transport for WebTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let OpenResponse { status, headers, mut body } = self.open(request).await?;
        let mut bytes = Vec::new();
        while let Some(chunk) = body.next().await {
            bytes.extend_from_slice(&chunk?);
        }
        Ok(HttpResponse { status, headers, body: bytes })
    }

    async fn open(&self, request: HttpRequest) -> Result<OpenResponse, TransportError> {
        let controller =
            AbortController::new().map_err(|e| TransportError::network(format!("no AbortController: {e:?}")))?;
        let abort_on_drop = AbortOnDrop(controller);
        let signal = abort_on_drop.0.signal();
        // Redirects are followed here, as the native transport follows them: custom headers (API keys, …) go only
        // to the origin the caller named.
        let origin = origin_of(&request.url);
        let (mut url, mut redirects) = (request.url.clone(), 0);
        let response = loop {
            let same_origin = origin.is_some() && origin_of(&url) == origin;
            let response = fetch(&url, if same_origin { &request.headers } else { &[] }, &signal).await?;
            match redirect_target(&response, &url) {
                None => break response,
                Some(_) if redirects == MAX_REDIRECTS => {
                    return Err(TransportError::network(format!("more than {MAX_REDIRECTS} redirects")));
                }
                Some(next) => {
                    redirects += 1;
                    url = next?;
                }
            }
        };
        let status = response.status();
        let mut headers = Vec::new();
        for (name, value) in response.headers().entries() {
            headers.push((name.to_ascii_lowercase(), value));
        }
        let limit = request.body_cap(self.max_body_bytes);
        let declared = response.headers().get("content-length").and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|length| length > limit as u64) {
            return Err(TransportError::body_too_large(limit));
        }
        let reader = response.body().map(|stream| stream.get_reader().unchecked_into());
        let body = BodyReader { reader, reading: None, pending: None, read: 0, limit, _abort_on_drop: abort_on_drop };
        Ok(OpenResponse { status, headers, body: body.boxed_local() })
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        let millis = u32::try_from(duration.as_millis()).unwrap_or(u32::MAX);
        gloo_timers::future::TimeoutFuture::new(millis)
    }

    fn unix_now(&self) -> Option<Duration> {
        let millis = js_sys::Date::now();
        (millis.is_finite() && millis >= 0.0).then(|| Duration::from_secs_f64(millis / 1000.0))
    }

    fn now(&self) -> Duration {
        // A monotonic clock (`performance.now()`, in every browser, worker and Node 16+): unlike `Date.now()` it
        // never jumps when the system clock is set, which would stall or burst the rate limiter.
        let millis = monotonic_now_ms();
        Duration::from_secs_f64(if millis.is_finite() { millis.max(0.0) / 1000.0 } else { 0.0 })
    }

    fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds since the page (or process) started, never going backwards.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn monotonic_now_ms() -> f64;
}

/// The most bytes of a body copied into linear memory at once: a larger chunk from the browser is handed out in
/// pieces, so what a streamed decode holds does not depend on how the network stack happened to cut the body.
const MAX_CHUNK_BYTES: u32 = 64 * 1024;

/// A response body read chunk by chunk, refused as soon as it grows past `limit` bytes. Dropping it aborts the
/// `fetch`.
struct BodyReader {
    /// The body's reader; `None` once the body ended (or failed: the stream ends after its first error).
    reader: Option<ReadableStreamDefaultReader>,
    /// The read in progress.
    reading: Option<JsFuture>,
    /// The rest of the last chunk read, when it was larger than [`MAX_CHUNK_BYTES`].
    pending: Option<Uint8Array>,
    read: usize,
    limit: usize,
    _abort_on_drop: AbortOnDrop,
}

impl Stream for BodyReader {
    type Item = Result<Vec<u8>, TransportError>;

    /// The next chunk (at most [`MAX_CHUNK_BYTES`]), an error (then the end), or the end of the body.
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let body = &mut *self;
        if let Some(pending) = body.pending.take() {
            return Poll::Ready(Some(Ok(body.piece(pending))));
        }
        let Some(reader) = &body.reader else { return Poll::Ready(None) };
        let reading = body.reading.get_or_insert_with(|| JsFuture::from(reader.read()));
        let Poll::Ready(chunk) = Pin::new(reading).poll(cx) else { return Poll::Pending };
        body.reading = None;
        let chunk = body.chunk(chunk);
        if !matches!(chunk, Some(Ok(_))) {
            body.reader = None;
        }
        Poll::Ready(chunk)
    }
}

impl BodyReader {
    /// What a read of the body's reader gave: its bytes (at most [`MAX_CHUNK_BYTES`] now, the rest kept), the end,
    /// or an error (a broken body, or one past the limit).
    fn chunk(&mut self, chunk: Result<JsValue, JsValue>) -> Option<Result<Vec<u8>, TransportError>> {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(error) => return Some(Err(describe_js(error))),
        };
        if Reflect::get(&chunk, &JsValue::from_str("done")).ok().and_then(|d| d.as_bool()).unwrap_or(true) {
            return None;
        }
        let bytes: Uint8Array = match Reflect::get(&chunk, &JsValue::from_str("value")).map(JsCast::dyn_into) {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(_)) => return Some(Err(TransportError::network("the body stream gave something other than bytes"))),
            Err(error) => return Some(Err(describe_js(error))),
        };
        let length = bytes.length() as usize;
        if self.read.saturating_add(length) > self.limit {
            if let Some(reader) = &self.reader {
                let _ = reader.cancel();
            }
            return Some(Err(TransportError::body_too_large(self.limit)));
        }
        self.read += length;
        Some(Ok(self.piece(bytes)))
    }

    /// The first [`MAX_CHUNK_BYTES`] of `bytes`, copied into linear memory; the rest waits in `pending`.
    fn piece(&mut self, bytes: Uint8Array) -> Vec<u8> {
        if bytes.length() > MAX_CHUNK_BYTES {
            self.pending = Some(bytes.subarray(MAX_CHUNK_BYTES, bytes.length()));
            bytes.subarray(0, MAX_CHUNK_BYTES).to_vec()
        } else {
            bytes.to_vec()
        }
    }
}

/// The `name` and `message` of a JavaScript error (empty when it has none).
fn name_and_message(error: &JsValue) -> (String, String) {
    let text = |key: &str| Reflect::get(error, &JsValue::from_str(key)).ok().and_then(|v| v.as_string());
    (text("name").unwrap_or_default(), text("message").unwrap_or_default())
}

/// Maps a rejection of the body stream (an abort, a broken connection) to a transport error.
fn describe_js(error: JsValue) -> TransportError {
    let (name, message) = name_and_message(&error);
    if name == "AbortError" {
        return TransportError::aborted();
    }
    TransportError::network(format!("reading the body failed: {name}: {message}"))
}

/// One `fetch` of `url` with `headers`. With custom headers a redirect is handed back (`redirect: "manual"`) for
/// [`WebTransport::open`] to follow; a browser hides such a redirect's target from scripts (an opaque redirect), so
/// then the URL is fetched again without them, the browser following its redirects.
async fn fetch(
    url: &str,
    headers: &[(String, String)],
    signal: &web_sys::AbortSignal,
) -> Result<gloo_net::http::Response, TransportError> {
    let response = send(url, headers, signal).await?;
    if !headers.is_empty() && response.type_() == web_sys::ResponseType::Opaqueredirect {
        return send(url, &[], signal).await;
    }
    Ok(response)
}

/// One `GET` of `url` with `headers` (redirects handed back when there are any). The request is made here rather
/// than by gloo-net's builder, which takes the URL apart and puts it back together to add query parameters (the URL
/// has its query already); gloo-net sends it.
async fn send(
    url: &str,
    headers: &[(String, String)],
    signal: &web_sys::AbortSignal,
) -> Result<gloo_net::http::Response, TransportError> {
    let init = RequestInit::new();
    init.set_method("GET");
    init.set_signal(Some(signal));
    if !headers.is_empty() {
        init.set_redirect(web_sys::RequestRedirect::Manual);
    }
    let sent = Headers::new().map_err(refused)?;
    for (name, value) in headers {
        sent.set(name, value).map_err(refused)?;
    }
    init.set_headers(&sent);
    let raw = web_sys::Request::new_with_str_and_init(url, &init).map_err(refused)?;
    gloo_net::http::Request::from(raw).send().await.map_err(describe)
}

/// Where a redirect answer points (`None` if it is not one): an http(s) URL, or why it cannot be followed.
fn redirect_target(response: &gloo_net::http::Response, from: &str) -> Option<Result<String, TransportError>> {
    if !matches!(response.status(), 301 | 302 | 303 | 307 | 308) {
        return None;
    }
    let location = response.headers().get("location")?;
    let target = web_sys::Url::new_with_base(&location, from)
        .ok()
        .filter(|target| matches!(target.protocol().as_str(), "http:" | "https:"))
        .map(|target| target.href())
        .ok_or_else(|| TransportError::network("a redirect to an invalid or non-http(s) location"));
    Some(target)
}

/// The origin of `url` as the browser parses it (`None` for no URL).
fn origin_of(url: &str) -> Option<String> {
    web_sys::Url::new(url).ok().map(|url| url.origin())
}

/// Maps a request the browser refused to make (a URL or header `fetch` does not accept) to a transport error.
fn refused(error: JsValue) -> TransportError {
    let (name, message) = name_and_message(&error);
    TransportError::network(format!("{name}: {message}"))
}

/// Maps a gloo-net failure to a transport error (`fetch` rejects with `AbortError` or a `TypeError`).
fn describe(error: gloo_net::Error) -> TransportError {
    match error {
        gloo_net::Error::JsError(e) if e.name == "AbortError" => TransportError::aborted(),
        gloo_net::Error::JsError(e) => TransportError::network(format!("{}: {}", e.name, e.message)),
        other => TransportError::network(other.to_string()),
    }
}
