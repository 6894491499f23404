//! The one error type of the crate, with a stable [`ErrorKind`] that programs (and the JS SDK) branch on.

use std::fmt;
use std::time::Duration;

/// What kind of failure an [`Error`] is. The names match the JavaScript SDK's `kind` strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// An argument was rejected before anything was sent.
    InvalidInput,
    /// The request could not be sent or the response could not be read (DNS, refused connection, reset, CORS).
    Network,
    /// No complete response arrived within the configured time.
    Timeout,
    /// The caller cancelled the call.
    Aborted,
    /// The server has no such item (HTTP 404, or the vendor's HTTP 500 for a never-indexed position or group).
    NotFound,
    /// This service does not serve the route (HTTP 404 on a route that names no item: a host that lacks it).
    NotServed,
    /// The server asked us to slow down (HTTP 429).
    RateLimited,
    /// Any other unsuccessful HTTP status, or an error reported inside the pool group's envelope.
    Http,
    /// The response arrived but is not the JSON the contract describes (or its body is larger than the transport
    /// accepts, see [`TransportFailure::BodyTooLarge`]).
    Decode,
}

impl ErrorKind {
    /// The stable camelCase name of the kind, as used by the JavaScript SDK.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InvalidInput => "invalidInput",
            Self::Network => "network",
            Self::Timeout => "timeout",
            Self::Aborted => "aborted",
            Self::NotFound => "notFound",
            Self::NotServed => "notServed",
            Self::RateLimited => "rateLimited",
            Self::Http => "http",
            Self::Decode => "decode",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An argument that was rejected before any request was sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid `{parameter}`: {reason}")]
pub struct InvalidInput {
    /// The parameter's name as the API spells it (e.g. `pair_address`, `num_of_days`).
    pub parameter: &'static str,
    /// Why the value was rejected, phrased so a user can fix it.
    pub reason: String,
}

impl InvalidInput {
    /// Creates the error for `parameter` with a human-readable `reason`.
    pub fn new(parameter: &'static str, reason: impl Into<String>) -> Self {
        Self { parameter, reason: reason.into() }
    }
}

/// How a transport failed to produce a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransportFailure {
    /// The connection failed or broke.
    Network,
    /// The configured time ran out.
    Timeout,
    /// The call was cancelled.
    Aborted,
    /// The response body (decompressed) was larger than the transport's limit; reading stopped there.
    /// Its [`ErrorKind`] is [`ErrorKind::Decode`]: a response arrived that cannot be used, and retrying will not help.
    BodyTooLarge,
}

/// A failure reported by a [`Transport`](crate::Transport): no HTTP response is available.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TransportError {
    /// Which way it failed.
    pub failure: TransportFailure,
    /// The underlying library's description.
    pub message: String,
}

/// `duration` in whole milliseconds, as messages give it: a `u64` (no duration a call can take needs more), so that
/// no 128-bit formatting is compiled into the `.wasm` files.
pub(crate) fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl TransportError {
    /// A network failure described by `message`.
    pub fn network(message: impl Into<String>) -> Self {
        Self { failure: TransportFailure::Network, message: message.into() }
    }
    /// A time-out after `after`.
    pub fn timeout(after: Duration) -> Self {
        Self { failure: TransportFailure::Timeout, message: format!("no response within {} ms", millis(after)) }
    }
    /// A cancellation.
    pub fn aborted() -> Self {
        Self { failure: TransportFailure::Aborted, message: "the call was aborted".into() }
    }
    /// A response body larger than `limit` bytes (after decompression).
    pub fn body_too_large(limit: usize) -> Self {
        Self {
            failure: TransportFailure::BodyTooLarge,
            message: format!("the response body is larger than the limit of {limit} bytes"),
        }
    }
}

/// The error object inside the pool group's `{data, error, status}` envelope.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize, crate::shape::Shape)]
pub struct ApiError {
    /// The server's message.
    #[serde(default)]
    pub message: String,
    /// The server's error type (e.g. `NotFound`).
    #[serde(default, rename = "type")]
    pub error_type: String,
}

/// An unsuccessful HTTP answer (or a pool envelope that carries an error).
#[derive(Clone, Debug, PartialEq)]
pub struct StatusError {
    /// [`ErrorKind::NotFound`], [`ErrorKind::NotServed`], [`ErrorKind::RateLimited`] or [`ErrorKind::Http`].
    pub kind: ErrorKind,
    /// The HTTP status code.
    pub status: u16,
    /// The full URL requested.
    pub url: String,
    /// True when a 500 was read as the vendor's "never indexed" answer (see [`ErrorKind::NotFound`]).
    pub not_indexed: bool,
    /// How long the server asked us to wait (`Retry-After`), if it said.
    pub retry_after: Option<Duration>,
    /// The error the pool group's envelope carried, if any.
    pub api_error: Option<ApiError>,
    /// The start of the response body, for diagnostics.
    pub body_snippet: String,
}

/// What the body of a response looked like, when it could not be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// Nothing at all.
    Empty,
    /// An HTML page (typical of proxies and rate limiters).
    Html,
    /// JSON that ended early.
    Truncated,
    /// Text that is not JSON.
    NotJson,
    /// Valid JSON whose shape or values do not match the contract.
    WrongShape,
}

/// A response body that is not the JSON the contract describes.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeError {
    /// The full URL requested.
    pub url: String,
    /// The HTTP status of the response.
    pub status: u16,
    /// What the body looked like.
    pub body: BodyKind,
    /// The JSON path of the offending value (e.g. `pairs[12].reserve_x_amount`), when known.
    pub path: Option<String>,
    /// What was wrong (for a body a reader refused, `expected …, found …`).
    pub message: String,
    /// What a reader expected at `path` (`a non-negative integer or a string of digits`), when a reader refused the
    /// body.
    pub expected: Option<Box<str>>,
    /// What it found there (`the string "x"`, `the end of the body`), when a reader refused the body.
    pub found: Option<Box<str>>,
}

impl DecodeError {
    /// The error for a body from `url` (HTTP `status`, looking like `body`) where a reader expected `expected` at
    /// `path` and found `found`; its message says so (and, for a truncated body, that it ended early).
    pub fn refused(
        url: &str,
        status: u16,
        body: BodyKind,
        path: Option<String>,
        expected: &str,
        found: &str,
    ) -> DecodeError {
        let message = match body {
            BodyKind::Truncated => format!("the body ends early (truncated): expected {expected}, found {found}"),
            _ => format!("expected {expected}, found {found}"),
        };
        let (expected, found) = (Some(expected.into()), Some(found.into()));
        DecodeError { url: url.to_owned(), status, body, path, message, expected, found }
    }
}

/// Every way a call can fail.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An argument was rejected; nothing was sent.
    #[error("{0} (nothing was sent)")]
    InvalidInput(#[from] InvalidInput),
    /// No HTTP response: network failure, time-out or cancellation.
    #[error("{}", transport_message(.url, .error))]
    Transport {
        /// The full URL requested.
        url: String,
        /// What the transport reported.
        error: TransportError,
    },
    /// The server answered with an unsuccessful status.
    #[error("{}", status_message(.0))]
    Status(StatusError),
    /// The body could not be decoded.
    #[error("{}", decode_message(.0))]
    Decode(DecodeError),
}

impl Error {
    /// A [`Decode`](Self::Decode) error for a well-formed answer (HTTP 200) from `url` whose shape or values break the
    /// contract ([`BodyKind::WrongShape`]): `path` is the JSON path of the offending value when known, `message` what
    /// was wrong. Walkers and other composite calls build their errors with it, so each names the URL it concerns.
    ///
    /// ```
    /// use dlmm_query::{Error, ErrorKind};
    /// let e = Error::wrong_shape("http://x/pair/all_with_pagination?page=3", Some("total".into()), "a page repeated");
    /// assert_eq!(e.kind(), ErrorKind::Decode);
    /// assert_eq!((e.status(), e.decode_path()), (Some(200), Some("total")));
    /// assert_eq!(
    ///     e.to_string(),
    ///     "unexpected response from http://x/pair/all_with_pagination?page=3 (HTTP 200) at `total`: a page repeated"
    /// );
    /// ```
    pub fn wrong_shape(url: impl Into<String>, path: Option<String>, message: impl Into<String>) -> Error {
        Error::Decode(DecodeError {
            url: url.into(),
            status: 200,
            body: BodyKind::WrongShape,
            path,
            message: message.into(),
            expected: None,
            found: None,
        })
    }

    /// The `decode` error of a value read from `url` whose JSON text cannot be handed to JavaScript.
    pub fn unwritable(url: impl Into<String>, unwritable: crate::json_text::Unwritable) -> Error {
        Error::wrong_shape(url, unwritable.path, unwritable.message)
    }

    /// The kind of failure, for branching.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Self::InvalidInput(_) => ErrorKind::InvalidInput,
            Self::Transport { error, .. } => match error.failure {
                TransportFailure::Network => ErrorKind::Network,
                TransportFailure::Timeout => ErrorKind::Timeout,
                TransportFailure::Aborted => ErrorKind::Aborted,
                TransportFailure::BodyTooLarge => ErrorKind::Decode,
            },
            Self::Status(s) => s.kind,
            Self::Decode(_) => ErrorKind::Decode,
        }
    }

    /// The HTTP status, when a response arrived.
    pub fn status(&self) -> Option<u16> {
        match self {
            Self::Status(s) => Some(s.status),
            Self::Decode(d) => Some(d.status),
            _ => None,
        }
    }

    /// The URL requested, when a request was made.
    pub fn url(&self) -> Option<&str> {
        match self {
            Self::InvalidInput(_) => None,
            Self::Transport { url, .. } => Some(url),
            Self::Status(s) => Some(&s.url),
            Self::Decode(d) => Some(&d.url),
        }
    }

    /// How long the server asked us to wait before retrying, if it said.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            Self::Status(s) => s.retry_after,
            _ => None,
        }
    }

    /// What the server said about an unsuccessful answer, when it said something: the `message` of a JSON error body
    /// (both generations), or the text of a datapi plain-text error (e.g. its 400 for a malformed query value).
    pub fn server_message(&self) -> Option<&str> {
        match self {
            Self::Status(StatusError { api_error: Some(e), .. }) if !e.message.is_empty() => Some(&e.message),
            _ => None,
        }
    }

    /// The JSON path of the value that failed to decode, if known.
    pub fn decode_path(&self) -> Option<&str> {
        match self {
            Self::Decode(d) => d.path.as_deref(),
            _ => None,
        }
    }
}

fn transport_message(url: &str, error: &TransportError) -> String {
    match error.failure {
        TransportFailure::Network => {
            format!("network error while requesting {url}: {}", error.message)
        }
        TransportFailure::Timeout => format!("timed out requesting {url}: {}", error.message),
        TransportFailure::Aborted => format!("the request to {url} was aborted"),
        TransportFailure::BodyTooLarge => format!("response from {url} refused: {}", error.message),
    }
}

fn status_message(s: &StatusError) -> String {
    let what = match s.kind {
        ErrorKind::NotFound if s.not_indexed => "not found or not indexed".to_owned(),
        ErrorKind::NotFound => "not found".to_owned(),
        ErrorKind::NotServed => "this service does not serve this route".to_owned(),
        ErrorKind::RateLimited => match s.retry_after {
            Some(d) => format!("rate limited; retry after {} ms", millis(d)),
            None => "rate limited".to_owned(),
        },
        _ => "request failed".to_owned(),
    };
    let detail = match &s.api_error {
        Some(e) if !e.message.is_empty() => format!(": {}", e.message),
        _ if !s.body_snippet.is_empty() => format!(": {}", s.body_snippet),
        _ => String::new(),
    };
    format!("{what} (HTTP {}) at {}{detail}", s.status, s.url)
}

fn decode_message(d: &DecodeError) -> String {
    let at = d.path.as_deref().map(|p| format!(" at `{p}`")).unwrap_or_default();
    format!("unexpected response from {} (HTTP {}){at}: {}", d.url, d.status, d.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_stable_names() {
        let names: Vec<_> = [
            ErrorKind::InvalidInput,
            ErrorKind::Network,
            ErrorKind::Timeout,
            ErrorKind::Aborted,
            ErrorKind::NotFound,
            ErrorKind::NotServed,
            ErrorKind::RateLimited,
            ErrorKind::Http,
            ErrorKind::Decode,
        ]
        .iter()
        .map(|k| k.as_str())
        .collect();
        assert_eq!(
            names,
            ["invalidInput", "network", "timeout", "aborted", "notFound", "notServed", "rateLimited", "http", "decode"]
        );
    }

    #[test]
    fn a_body_too_large_is_a_decode_failure_that_is_not_retried() {
        let e = Error::Transport { url: "http://x/pair/all".into(), error: TransportError::body_too_large(1024) };
        assert_eq!(e.kind(), ErrorKind::Decode);
        assert!(!crate::policy::RetryPolicy::is_retryable(&e));
        assert_eq!(
            e.to_string(),
            "response from http://x/pair/all refused: the response body is larger than the limit of 1024 bytes"
        );
    }

    #[test]
    fn messages_say_what_to_do() {
        let e = Error::from(InvalidInput::new("address", "is empty; expected a base58 address"));
        assert_eq!(e.to_string(), "invalid `address`: is empty; expected a base58 address (nothing was sent)");
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        assert_eq!(e.url(), None);

        let e = Error::Status(StatusError {
            kind: ErrorKind::RateLimited,
            status: 429,
            url: "http://x/pools/a/metrics".into(),
            not_indexed: false,
            retry_after: Some(Duration::from_secs(2)),
            api_error: None,
            body_snippet: String::new(),
        });
        assert_eq!(e.to_string(), "rate limited; retry after 2000 ms (HTTP 429) at http://x/pools/a/metrics");
        assert_eq!(e.retry_after(), Some(Duration::from_secs(2)));

        let e = Error::Decode(DecodeError {
            url: "http://x/pair/all".into(),
            status: 200,
            body: BodyKind::WrongShape,
            path: Some("[3].reserve_x_amount".into()),
            message: "expected an integer".into(),
            expected: None,
            found: None,
        });
        assert_eq!(e.decode_path(), Some("[3].reserve_x_amount"));
        assert!(e.to_string().contains("at `[3].reserve_x_amount`"));
    }
}
