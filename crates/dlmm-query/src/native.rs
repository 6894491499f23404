//! A ready-made [`Transport`] for Rust programs: reqwest (rustls, gzip) for HTTP and tokio for timers.

use std::future::Future;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::error::TransportError;
use crate::transport::{HttpRequest, HttpResponse, Transport};

/// HTTP over reqwest. Needs a tokio runtime. Cheap to clone (connections are pooled and shared).
#[derive(Clone, Debug, Default)]
pub struct NativeTransport {
    http: reqwest::Client,
}

impl NativeTransport {
    /// A transport with reqwest's defaults (gzip on, connection pooling).
    pub fn new() -> Self {
        Self::default()
    }

    /// A transport over an already configured reqwest client (proxies, custom roots, …).
    pub fn with_client(http: reqwest::Client) -> Self {
        Self { http }
    }
}

impl Transport for NativeTransport {
    fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
        let mut builder = self.http.get(&request.url);
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        async move {
            let response = builder.send().await.map_err(describe)?;
            let status = response.status().as_u16();
            let headers = response
                .headers()
                .iter()
                .filter_map(|(k, v)| Some((k.as_str().to_owned(), v.to_str().ok()?.to_owned())))
                .collect();
            let body = response.bytes().await.map_err(describe)?.to_vec();
            Ok(HttpResponse { status, headers, body })
        }
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        tokio::time::sleep(duration)
    }

    fn now(&self) -> Duration {
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed()
    }
}

/// Describes a reqwest error with its whole chain of causes.
fn describe(error: reqwest::Error) -> TransportError {
    let mut message = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    TransportError::network(message)
}
