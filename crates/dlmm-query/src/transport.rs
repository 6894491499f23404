//! The small interface the [`Client`](crate::Client) drives: send one GET, and wait.
//!
//! Implementations live where the I/O is: `native` (reqwest + tokio) and `web` (`fetch` through gloo-net) in this
//! crate, and fakes in tests. There is no `Send` bound, so browser futures fit.

use std::future::Future;
use std::time::Duration;

use futures_util::stream::{self, LocalBoxStream, StreamExt};

use crate::error::TransportError;

/// The default largest response body a transport accepts, after decompression: 256 MiB, above any real answer (the
/// largest, the keeper's whole pair list, is about 150 MB) and far below what would exhaust memory.
pub const DEFAULT_MAX_BODY_BYTES: usize = 256 * 1024 * 1024;

/// The most redirects one request follows (both transports follow them themselves, custom headers only to the
/// origin the caller named).
pub const MAX_REDIRECTS: usize = 10;

/// One HTTP GET to perform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpRequest {
    /// The absolute URL.
    pub url: String,
    /// Extra request headers (name, value).
    pub headers: Vec<(String, String)>,
    /// At most this many bytes of body for this request, when less than the transport's own cap (a single item's
    /// route, [`Request::max_body_bytes`](crate::Request::max_body_bytes)).
    pub max_body_bytes: Option<usize>,
}

impl HttpRequest {
    /// The body cap for this request under a transport whose own cap is `transport_cap`.
    pub fn body_cap(&self, transport_cap: usize) -> usize {
        self.max_body_bytes.map_or(transport_cap, |cap| cap.min(transport_cap))
    }
}

/// The response to an [`HttpRequest`], whatever its status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HttpResponse {
    /// The HTTP status code.
    pub status: u16,
    /// Response headers with lower-case names.
    pub headers: Vec<(String, String)>,
    /// The body bytes, decompressed.
    pub body: Vec<u8>,
}

impl HttpResponse {
    /// The first value of header `name` (case-insensitive), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// A body arriving chunk by chunk (in order, decompressed), ending with the body or at the first error.
pub type BodyChunks = LocalBoxStream<'static, Result<Vec<u8>, TransportError>>;

/// A response whose head is in and whose body is still to be read, as [`Transport::open`] gives it.
pub struct OpenResponse {
    /// The HTTP status code.
    pub status: u16,
    /// Response headers with lower-case names.
    pub headers: Vec<(String, String)>,
    /// The body, chunk by chunk.
    pub body: BodyChunks,
}

impl OpenResponse {
    /// A response already read whole, as one chunk.
    pub fn whole(response: HttpResponse) -> Self {
        let HttpResponse { status, headers, body } = response;
        Self { status, headers, body: stream::iter([Ok(body)]).boxed_local() }
    }
}

/// Performs HTTP GETs and waits. Dropping a returned future cancels it.
pub trait Transport {
    /// Sends `request` and resolves to the response (any status), or to why there is none.
    fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>>;

    /// Sends `request` and resolves once the response's head is in, its body to be read chunk by chunk, so a large
    /// body can be decoded as it arrives (`Client::stream_items`). By default the body is read whole by
    /// [`send`](Self::send) and given as one chunk; a transport that can stream overrides this.
    fn open(&self, request: HttpRequest) -> impl Future<Output = Result<OpenResponse, TransportError>> {
        let sent = self.send(request);
        async move { sent.await.map(OpenResponse::whole) }
    }

    /// Resolves after `duration` (used for time-outs, back-off and rate limiting).
    fn sleep(&self, duration: Duration) -> impl Future<Output = ()>;

    /// The time on a clock that never goes back, from any fixed origin (used for rate limiting and time budgets).
    fn now(&self) -> Duration;

    /// The wall clock as unix time, if the transport has one: what a server's `x-ratelimit-reset` (epoch seconds) is
    /// read against. Without it, only resets given in seconds from now are honoured.
    fn unix_now(&self) -> Option<Duration> {
        None
    }

    /// The largest response body this transport accepts, in bytes. A call made of several requests (a series fetched
    /// in chunks) holds its answers to it together, too.
    fn max_body_bytes(&self) -> usize {
        DEFAULT_MAX_BODY_BYTES
    }
}

/// Shares one transport between clients by reference, `Rc` or `Arc`.
macro_rules! delegate_transport {
    ($($ptr:ty),*) => {$(
        impl<T: Transport + ?Sized> Transport for $ptr {
            fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
                (**self).send(request)
            }
            fn open(&self, request: HttpRequest) -> impl Future<Output = Result<OpenResponse, TransportError>> {
                (**self).open(request)
            }
            fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
                (**self).sleep(duration)
            }
            fn now(&self) -> Duration {
                (**self).now()
            }
            fn unix_now(&self) -> Option<Duration> {
                (**self).unix_now()
            }
            fn max_body_bytes(&self) -> usize {
                (**self).max_body_bytes()
            }
        }
    )*};
}

delegate_transport!(&T, std::rc::Rc<T>, std::sync::Arc<T>);
