//! [`GlooTransport`]: the core's [`Transport`] over `fetch` (through gloo-net) and `setTimeout`.

use std::future::Future;
use std::time::Duration;

use dlmm_query::{HttpRequest, HttpResponse, Transport, TransportError};
use gloo_net::http::{Method, RequestBuilder};
use web_sys::AbortController;

/// `fetch` for the core client, in browsers and Node 18+. Dropping a pending `send` aborts its `fetch`.
#[derive(Clone, Copy, Debug, Default)]
pub struct GlooTransport;

/// Aborts the wrapped controller when dropped, so a cancelled call does not leave its `fetch` running.
struct AbortOnDrop(AbortController);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        // Harmless once the response has been read.
        self.0.abort();
    }
}

impl Transport for GlooTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let controller =
            AbortController::new().map_err(|e| TransportError::network(format!("no AbortController: {e:?}")))?;
        let signal = controller.signal();
        let _abort_on_drop = AbortOnDrop(controller);
        let mut builder = RequestBuilder::new(&request.url).method(Method::GET).abort_signal(Some(&signal));
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        let response = builder.send().await.map_err(describe)?;
        let status = response.status();
        let headers = response.headers().entries().map(|(k, v)| (k.to_ascii_lowercase(), v)).collect();
        let body = response.binary().await.map_err(describe)?;
        Ok(HttpResponse { status, headers, body })
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        let millis = u32::try_from(duration.as_millis()).unwrap_or(u32::MAX);
        gloo_timers::future::TimeoutFuture::new(millis)
    }

    fn now(&self) -> Duration {
        // A monotonic clock (`performance.now()`, in every browser, worker and Node 16+): unlike `Date.now()` it
        // never jumps when the system clock is set, which would stall or burst the rate limiter.
        let millis = monotonic_now_ms();
        Duration::from_secs_f64(if millis.is_finite() { millis.max(0.0) / 1000.0 } else { 0.0 })
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds since the page (or process) started, never going backwards.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn monotonic_now_ms() -> f64;
}

/// Maps a gloo-net failure to a transport error (`fetch` rejects with `AbortError` or a `TypeError`).
fn describe(error: gloo_net::Error) -> TransportError {
    match error {
        gloo_net::Error::JsError(e) if e.name == "AbortError" => TransportError::aborted(),
        gloo_net::Error::JsError(e) => TransportError::network(format!("{}: {}", e.name, e.message)),
        other => TransportError::network(other.to_string()),
    }
}
