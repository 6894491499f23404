//! Faults on demand, chosen per request by the `X-Replica-Fault` header (or the `__fault` query parameter, for
//! browsers), plus the optional global rate limit and request log.
//!
//! Grammar: `;`-separated directives, spaces ignored:
//! `status=<code>`, `body=json|html|empty`, `retry-after=<seconds>`, `delay-ms=<n>`, `truncate`, `invalid-json`,
//! `content-type=<mime>`, `drop`, `times=<n>`, `id=<anything>`. See the crate README for what each does.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The header that carries a fault.
pub const FAULT_HEADER: &str = "x-replica-fault";
/// The query parameter that carries a fault (for browsers).
pub const FAULT_PARAM: &str = "__fault";
/// The longest `delay-ms` accepted (one minute).
pub const MAX_DELAY_MS: u64 = 60_000;
/// The largest `times` accepted.
pub const MAX_TIMES: u64 = 1_000_000;
/// The largest `retry-after` accepted (one day).
pub const MAX_RETRY_AFTER: u64 = 86_400;
/// How many distinct fault values are counted before the counters start afresh (memory stays bounded).
pub const MAX_COUNTED_VALUES: usize = 10_000;

/// The body of a status fault.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FaultBody {
    /// `{"message": …}` as JSON (the default).
    #[default]
    Json,
    /// A small HTML error page, `text/html`.
    Html,
    /// No body.
    Empty,
}

/// A parsed fault value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fault {
    /// Answer this status instead of the normal response.
    pub status: Option<StatusCode>,
    /// Body of the status answer.
    pub body: FaultBody,
    /// Add `Retry-After: <seconds>`.
    pub retry_after: Option<u64>,
    /// Wait this long before answering.
    pub delay_ms: Option<u64>,
    /// Send the normal body cut in half.
    pub truncate: bool,
    /// Send status 200 with a body that is not JSON.
    pub invalid_json: bool,
    /// Send the normal body with this content type.
    pub content_type: Option<String>,
    /// Close the connection without answering.
    pub drop: bool,
    /// Apply only to the first `n` requests carrying the same fault value.
    pub times: Option<u64>,
}

fn number<T: std::str::FromStr>(name: &str, value: Option<&str>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{name} needs a value"))?;
    value.parse().map_err(|_| format!("{name}: {value:?} is not a valid number"))
}

fn bounded(name: &str, value: Option<&str>, max: u64) -> Result<u64, String> {
    let n: u64 = number(name, value)?;
    if n > max {
        return Err(format!("{name}: {n} is out of range (at most {max})"));
    }
    Ok(n)
}

/// Parses a fault value such as `status=429; retry-after=1; times=1; id=t42`.
pub fn parse_fault(text: &str) -> Result<Fault, String> {
    let mut fault = Fault::default();
    for directive in text.split(';').map(str::trim).filter(|d| !d.is_empty()) {
        let (name, value) = match directive.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (directive, None),
        };
        match name.to_ascii_lowercase().as_str() {
            "status" => {
                let code: u16 = number(name, value)?;
                fault.status =
                    Some(StatusCode::from_u16(code).map_err(|_| format!("status {code} is not an HTTP status"))?);
            }
            "body" => {
                fault.body = match value {
                    Some("json") => FaultBody::Json,
                    Some("html") => FaultBody::Html,
                    Some("empty") => FaultBody::Empty,
                    other => return Err(format!("body must be json, html or empty, not {other:?}")),
                }
            }
            "retry-after" => fault.retry_after = Some(bounded(name, value, MAX_RETRY_AFTER)?),
            "delay-ms" => fault.delay_ms = Some(bounded(name, value, MAX_DELAY_MS)?),
            "times" => fault.times = Some(bounded(name, value, MAX_TIMES)?),
            "truncate" => fault.truncate = true,
            "invalid-json" => fault.invalid_json = true,
            "drop" => fault.drop = true,
            "content-type" => {
                let mime = value.filter(|v| !v.is_empty()).ok_or("content-type needs a value")?;
                HeaderValue::from_str(mime).map_err(|_| format!("content-type {mime:?} is not a header value"))?;
                fault.content_type = Some(mime.to_string());
            }
            "id" => {}
            other => return Err(format!("unknown fault directive {other:?}")),
        }
    }
    Ok(fault)
}

/// Counts requests per exact fault value (for `times`).
#[derive(Debug, Default)]
pub struct FaultCounters {
    seen: Mutex<HashMap<String, u64>>,
}

impl FaultCounters {
    /// Counts one more request carrying `value` and returns how many there have been, this one included.
    pub fn hit(&self, value: &str) -> u64 {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.len() >= MAX_COUNTED_VALUES && !seen.contains_key(value) {
            seen.clear();
        }
        let count = seen.entry(value.to_string()).or_insert(0);
        *count += 1;
        *count
    }
}

fn fault_value(request: &Request) -> Option<String> {
    if let Some(value) = request.headers().get(FAULT_HEADER) {
        return value.to_str().ok().map(str::to_string);
    }
    let query = request.uri().query()?;
    let params: Vec<(String, String)> = form_pairs(query);
    params.into_iter().find(|(k, _)| k == FAULT_PARAM).map(|(_, v)| v)
}

/// True for a request no web page sent (no `Origin`), or one from a page on this machine (`http://127.0.0.1:…`,
/// `localhost`, `[::1]`): faults serve the tests and the demo, never a site that aims a visitor's browser at a replica
/// on the network.
fn sent_from_this_machine(request: &Request) -> bool {
    let Some(origin) = request.headers().get(header::ORIGIN) else { return true };
    let origin = origin.to_str().ok().and_then(|origin| origin.parse::<axum::http::Uri>().ok());
    matches!(origin.as_ref().and_then(axum::http::Uri::host), Some("127.0.0.1" | "localhost" | "[::1]"))
}

/// Decodes `application/x-www-form-urlencoded` pairs as axum's `Query` does (nothing when undecodable: a route
/// itself then answers its own 400).
pub(crate) fn form_pairs(query: &str) -> Vec<(String, String)> {
    let Ok(uri) = format!("/?{query}").parse::<axum::http::Uri>() else {
        return Vec::new();
    };
    axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&uri).map(|q| q.0).unwrap_or_default()
}

/// An error answer with a short JSON body, `{ "message": … }` (the pair group's form, our decision where the vendor
/// is silent).
pub(crate) fn json_message(status: StatusCode, message: &str) -> Response {
    (status, axum::Json(serde_json::json!({ "message": message }))).into_response()
}

/// The HTML error page of status faults and of the rate limit.
pub fn html_page(status: StatusCode) -> Response {
    let reason = status.canonical_reason().unwrap_or("Error");
    let page = format!(
        "<!DOCTYPE html>\n<html><head><title>{code} {reason}</title></head>\n<body><h1>{code} {reason}</h1>\
         <p>The replica answered with a simulated error.</p></body></html>\n",
        code = status.as_u16()
    );
    (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

fn status_answer(fault: &Fault, status: StatusCode) -> Response {
    match fault.body {
        FaultBody::Json => json_message(status, &format!("simulated fault: {status}")),
        FaultBody::Html => html_page(status),
        FaultBody::Empty => (status, Body::empty()).into_response(),
    }
}

/// The fault middleware: applies the request's fault, if any and not used up.
pub async fn apply_faults(State(counters): State<Arc<FaultCounters>>, request: Request, next: Next) -> Response {
    let Some(value) = fault_value(&request) else {
        return next.run(request).await;
    };
    if !sent_from_this_machine(&request) {
        return json_message(StatusCode::FORBIDDEN, "faults are answered only to pages on this machine (loopback)");
    }
    let fault = match parse_fault(&value) {
        Ok(f) => f,
        Err(e) => return json_message(StatusCode::BAD_REQUEST, &format!("invalid fault {value:?}: {e}")),
    };
    if let Some(times) = fault.times
        && counters.hit(&value) > times
    {
        return next.run(request).await;
    }
    if let Some(ms) = fault.delay_ms {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }
    if fault.drop {
        // Unwinding out of the connection's task makes the server close the socket without a response.
        // `resume_unwind` skips the panic hook, so nothing is printed.
        std::panic::resume_unwind(Box::new("X-Replica-Fault: drop"));
    }
    let mut response = match fault.status {
        Some(status) => status_answer(&fault, status),
        None => next.run(request).await,
    };
    if fault.invalid_json {
        let mut broken = Response::new(Body::from("{\"pairs\": [ this is not JSON <html>"));
        broken.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response = broken;
    }
    if fault.truncate {
        let (mut parts, body) = response.into_parts();
        parts.headers.remove(header::CONTENT_LENGTH);
        response = Response::from_parts(parts, first_half(body));
    }
    if let Some(mime) = &fault.content_type
        && let Ok(value) = HeaderValue::from_str(mime)
    {
        response.headers_mut().insert(header::CONTENT_TYPE, value);
    }
    if let Some(seconds) = fault.retry_after {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    }
    response
}

/// The first half of `body`, streamed as it comes (never held whole): half of its known length, or, for a body of
/// unknown length, half of its first chunk.
fn first_half(body: Body) -> Body {
    use futures_util::StreamExt;
    let known = axum::body::HttpBody::size_hint(&body).exact().and_then(|n| usize::try_from(n / 2).ok());
    let chunks = body.into_data_stream().scan(known, |left, chunk| {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(error) => return std::future::ready(Some(Err(error))),
        };
        let wanted = *left.get_or_insert(chunk.len() / 2);
        let taken = chunk.slice(..wanted.min(chunk.len()));
        *left = Some(wanted - taken.len());
        std::future::ready((!taken.is_empty()).then_some(Ok(taken)))
    });
    Body::from_stream(chunks)
}

/// A fixed-window limit of requests per second for one API group.
#[derive(Debug)]
pub struct RateLimit {
    per_second: u32,
    window: Mutex<(Instant, u32)>,
}

impl RateLimit {
    /// Allows `per_second` requests in each one-second window.
    pub fn new(per_second: u32) -> Self {
        Self { per_second, window: Mutex::new((Instant::now(), 0)) }
    }

    /// Counts a request; false when it is over the limit.
    pub fn admit(&self) -> bool {
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        if window.0.elapsed() >= Duration::from_secs(1) {
            *window = (Instant::now(), 0);
        }
        window.1 += 1;
        window.1 <= self.per_second
    }
}

/// The rate-limit middleware: over the limit, a 429 HTML page with `Retry-After: 1` (as the vendor's edge does).
pub async fn enforce_rate_limit(State(limit): State<Arc<RateLimit>>, request: Request, next: Next) -> Response {
    if limit.admit() {
        return next.run(request).await;
    }
    let mut response = html_page(StatusCode::TOO_MANY_REQUESTS);
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(1u64));
    response
}

/// The request-log middleware: one line per request on stderr (method, path and query, status, milliseconds).
pub async fn log_request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let target = request.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default();
    let response = next.run(request).await;
    eprintln!("{method} {target} {} {:.1}ms", response.status().as_u16(), started.elapsed().as_secs_f64() * 1e3);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_parses() {
        let f = parse_fault("status=429; retry-after=1; times=1; id=t42").unwrap();
        assert_eq!(f.status, Some(StatusCode::TOO_MANY_REQUESTS));
        assert_eq!((f.retry_after, f.times), (Some(1), Some(1)));
        assert_eq!(f.body, FaultBody::Json);
    }

    #[test]
    fn every_directive() {
        let f = parse_fault(
            " status = 503 ;body=html;delay-ms=20;truncate;invalid-json;content-type=text/plain;drop;times=3;id=x;",
        )
        .unwrap();
        assert_eq!(f.status, Some(StatusCode::SERVICE_UNAVAILABLE));
        assert_eq!(f.body, FaultBody::Html);
        assert_eq!(f.delay_ms, Some(20));
        assert!(f.truncate && f.invalid_json && f.drop);
        assert_eq!(f.content_type.as_deref(), Some("text/plain"));
        assert_eq!(f.times, Some(3));
        assert_eq!(parse_fault("body=empty").unwrap().body, FaultBody::Empty);
        assert_eq!(parse_fault("").unwrap(), Fault::default());
    }

    #[test]
    fn bad_directives_are_errors() {
        for text in [
            "status=abc",
            "status=42",
            "body=xml",
            "retry-after=-1",
            "times",
            "explode",
            "content-type=",
            "delay-ms=60001",
            "times=1000001",
            "retry-after=86401",
            "delay-ms=18446744073709551615",
        ] {
            assert!(parse_fault(text).is_err(), "{text}");
        }
    }

    #[test]
    fn counters_count_per_exact_value() {
        let c = FaultCounters::default();
        assert_eq!(c.hit("a"), 1);
        assert_eq!(c.hit("a"), 2);
        assert_eq!(c.hit("b"), 1);
    }

    #[test]
    fn the_rate_limit_admits_up_to_the_limit() {
        let limit = RateLimit::new(3);
        assert!((0..3).all(|_| limit.admit()));
        assert!(!limit.admit());
    }

    #[test]
    fn query_fault_values_are_decoded() {
        assert_eq!(
            form_pairs("a=1&__fault=status%3D429%3Btimes%3D1"),
            [("a".to_string(), "1".to_string()), ("__fault".to_string(), "status=429;times=1".to_string())]
        );
    }
}
