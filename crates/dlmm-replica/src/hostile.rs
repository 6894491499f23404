//! The hostile-numbers mode (`--hostile-numbers`): every JSON number of a normal answer is replaced by an extreme
//! one, and three special route prefixes serve a body over any sane cap, a gzip bomb and alternating pages.
//!
//! Numbers: a non-integer becomes, in turn, one of [`EXTREME_FLOATS`] (negative ones keep their sign, as
//! `-1.7e308`); a non-negative integer becomes, in turn, one of [`HUGE_INTEGERS`] (both above 2^53); a negative
//! integer becomes `i64::MIN`; a string of digits only (an integer sent as text) becomes `"18446744073709551615"`.
//! Decimal text (with a point) and every other string is left as is, so addresses and token amounts stay valid.
//! The replica's own routes (`/__replica/…`, `/__hostile/…`) are never rewritten.
//!
//! Prefixes, valid before any route path of the port (e.g. a client's base URL `http://127.0.0.1:PORT/__hostile/huge`):
//! [`HUGE_PREFIX`], [`GZIP_BOMB_PREFIX`], [`ALTERNATING_PREFIX`].

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tower::ServiceExt;

/// Any route under this prefix answers 200 with a JSON-looking body of [`HUGE_BODY_BYTES`], generated while sent.
pub const HUGE_PREFIX: &str = "/__hostile/huge";
/// Any route under this prefix answers 200 with `Content-Encoding: gzip` (whatever the request accepts): a small
/// body inflating to [`GZIP_BOMB_INFLATED_BYTES`].
pub const GZIP_BOMB_PREFIX: &str = "/__hostile/gzip-bomb";
/// A list route under this prefix answers the first page and the second page alternately, whatever page is asked
/// (page 2n+1 and 2n+2 of the request count), and its `total` grows by 1,000 at every request.
pub const ALTERNATING_PREFIX: &str = "/__hostile/alternating";
/// The size of the huge body: 80 MiB.
pub const HUGE_BODY_BYTES: u64 = 80 << 20;
/// The inflated size of the gzip bomb: 1 GiB.
pub const GZIP_BOMB_INFLATED_BYTES: u64 = 1 << 30;
/// The non-integers served in turn.
pub const EXTREME_FLOATS: [f64; 5] = [1e15, 1.7e308, 5e-324, 1e17, f64::MAX];
/// The non-negative integers served in turn.
pub const HUGE_INTEGERS: [u64; 2] = [u64::MAX, (1 << 53) + 1];
/// The largest body the number rewriter reads (a normal answer is far smaller).
const MAX_REWRITTEN_BODY: usize = 64 << 20;

/// Which generation a port speaks: it decides how the alternating pages are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paging {
    /// The keeper's 0-based `page`.
    ZeroBased,
    /// The datapi's 1-based `page`.
    OneBased,
}

/// The `"hostile"` entry of `/__replica/samples`.
pub fn samples() -> Value {
    json!({
        "numbers": true,
        "huge_body": HUGE_PREFIX,
        "huge_body_bytes": HUGE_BODY_BYTES,
        "gzip_bomb": GZIP_BOMB_PREFIX,
        "gzip_bomb_inflated_bytes": GZIP_BOMB_INFLATED_BYTES,
        "alternating_pages": ALTERNATING_PREFIX,
        "note": "prefix any route path of the port with one of these (e.g. as the client's base URL)",
    })
}

/// Adds the three prefixes to a router whose routes and state are complete.
pub fn with_special_routes(routes: Router, paging: Paging) -> Router {
    let inner = routes.clone();
    let requests = Arc::new(AtomicU64::new(0));
    let alternating = move |request: Request| alternate(inner.clone(), requests.clone(), paging, request);
    routes
        .route(&format!("{HUGE_PREFIX}/{{*rest}}"), axum::routing::get(|| async { huge_body() }))
        .route(&format!("{GZIP_BOMB_PREFIX}/{{*rest}}"), axum::routing::get(gzip_bomb))
        .route(&format!("{ALTERNATING_PREFIX}/{{*rest}}"), axum::routing::get(alternating))
}

fn huge_body() -> Response {
    const CHUNK: usize = 64 << 10;
    static FILLER: OnceLock<Bytes> = OnceLock::new();
    let filler = FILLER.get_or_init(|| Bytes::from(b"0,".repeat(CHUNK / 2))).clone();
    let head = Bytes::from_static(b"{\"data\":[");
    let chunks = (HUGE_BODY_BYTES / CHUNK as u64) as usize;
    let body = std::iter::once(head)
        .chain(std::iter::repeat_n(filler, chunks))
        .chain(std::iter::once(Bytes::from_static(b"0]}")))
        .map(Ok::<_, std::io::Error>);
    let mut response = Response::new(Body::from_stream(futures_util::stream::iter(body)));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    // Keeps the compression layer away (it would spend seconds on 80 MiB).
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    response
}

/// The pieces of the bomb, built once: a gzip header with a deflate block of `{"data":[` and 1 MiB of spaces, a
/// deflate block of 1 MiB of spaces (sent again and again), and the final block of `]}` with the gzip trailer.
///
/// It is ONE gzip member (clients stop at the end of the first member): each piece is compressed on its own and
/// ends on a byte boundary (a sync flush), so its back-references stay inside it and the pieces can be joined.
struct Bomb {
    head: Bytes,
    middle: Bytes,
    tail: Bytes,
}

/// The inflated size of one repeated piece of the bomb.
const BOMB_PIECE_BYTES: usize = 1 << 20;

/// Builds the pieces (compressing 2 MiB and checksumming the inflated gigabyte once, well under a second).
fn bomb() -> Result<&'static Bomb, std::io::Error> {
    static BOMB: OnceLock<Bomb> = OnceLock::new();
    if let Some(bomb) = BOMB.get() {
        return Ok(bomb);
    }
    let deflate = |input: &[u8], flush: flate2::FlushCompress| -> Result<Vec<u8>, std::io::Error> {
        let mut compressor = flate2::Compress::new(flate2::Compression::best(), false);
        let mut out = Vec::with_capacity(input.len() / 100 + 1024);
        compressor.compress_vec(input, &mut out, flush).map_err(std::io::Error::other)?;
        // `compress_vec` stops when `out` is full: grow and go on until everything is in.
        while compressor.total_in() < input.len() as u64 || out.len() == out.capacity() {
            out.reserve(64 * 1024);
            let consumed = compressor.total_in() as usize;
            compressor.compress_vec(&input[consumed..], &mut out, flush).map_err(std::io::Error::other)?;
        }
        Ok(out)
    };
    let spaces = vec![b' '; BOMB_PIECE_BYTES];
    let opening = [&b"{\"data\":["[..], &spaces].concat();
    let pieces = (GZIP_BOMB_INFLATED_BYTES as usize).div_ceil(BOMB_PIECE_BYTES);
    let mut crc = flate2::Crc::new();
    crc.update(&opening);
    for _ in 1..pieces {
        crc.update(&spaces);
    }
    crc.update(b"]}");
    let inflated = opening.len() as u64 + (pieces as u64 - 1) * BOMB_PIECE_BYTES as u64 + 2;
    let mut head = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    head.extend(deflate(&opening, flate2::FlushCompress::Sync)?);
    let middle = deflate(&spaces, flate2::FlushCompress::Sync)?;
    let mut tail = deflate(b"]}", flate2::FlushCompress::Finish)?;
    tail.extend(crc.sum().to_le_bytes());
    tail.extend((inflated as u32).to_le_bytes());
    let bomb = Bomb { head: head.into(), middle: middle.into(), tail: tail.into() };
    Ok(BOMB.get_or_init(|| bomb))
}

/// The bomb as one gzip stream, sent without holding the whole of it.
async fn gzip_bomb() -> Response {
    let bomb = match tokio::task::spawn_blocking(bomb).await {
        Ok(Ok(bomb)) => bomb,
        _ => return (StatusCode::INTERNAL_SERVER_ERROR, "cannot build the gzip bomb").into_response(),
    };
    let middle = (GZIP_BOMB_INFLATED_BYTES as usize).div_ceil(BOMB_PIECE_BYTES) - 1;
    let body = std::iter::once(bomb.head.clone())
        .chain(std::iter::repeat_n(bomb.middle.clone(), middle))
        .chain(std::iter::once(bomb.tail.clone()))
        .map(Ok::<_, std::io::Error>);
    let mut response = Response::new(Body::from_stream(futures_util::stream::iter(body)));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    response
}

async fn alternate(inner: Router, requests: Arc<AtomicU64>, paging: Paging, request: Request) -> Response {
    let count = requests.fetch_add(1, Ordering::Relaxed);
    let (mut parts, body) = request.into_parts();
    let path = parts.uri.path().strip_prefix(ALTERNATING_PREFIX).unwrap_or("/").to_string();
    let first = match paging {
        Paging::ZeroBased => 0,
        Paging::OneBased => 1,
    };
    let page = first + count % 2;
    let mut query: Vec<String> = parts
        .uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("page=") && !p.starts_with("page%5B"))
        .map(str::to_string)
        .collect();
    query.push(format!("page={page}"));
    parts.uri = match format!("{path}?{}", query.join("&")).parse::<Uri>() {
        Ok(uri) => uri,
        Err(_) => return (StatusCode::BAD_REQUEST, "bad path").into_response(),
    };
    let response = match inner.oneshot(Request::from_parts(parts, body)).await {
        Ok(response) => response,
        Err(infallible) => match infallible {},
    };
    let grown = count.saturating_mul(1000);
    rewrite_json(response, |value| {
        if let Some(total) = value.get_mut("total").and_then(|t| t.as_u64().map(|n| (t, n))) {
            *total.0 = json!(total.1.saturating_add(grown));
        }
    })
    .await
}

/// Reads a 200 JSON answer, lets `edit` change it and writes it again (other answers pass through).
async fn rewrite_json(response: Response, edit: impl FnOnce(&mut Value)) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if response.status() != StatusCode::OK || !is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_REWRITTEN_BODY).await else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "body too large to rewrite").into_response();
    };
    let Ok(mut value) = serde_json::from_slice::<Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    edit(&mut value);
    parts.headers.remove(header::CONTENT_LENGTH);
    match serde_json::to_vec(&value) {
        Ok(bytes) => Response::from_parts(parts, Body::from(bytes)),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "cannot write the rewritten body").into_response(),
    }
}

/// Replaces every number of `value` as the module documentation says.
pub fn make_numbers_hostile(value: &mut Value) {
    fn walk(value: &mut Value, turn: &mut usize) {
        match value {
            Value::Number(n) => {
                *turn += 1;
                *value = if n.is_u64() {
                    json!(HUGE_INTEGERS[*turn % HUGE_INTEGERS.len()])
                } else if n.is_i64() {
                    json!(i64::MIN)
                } else if n.as_f64().is_some_and(|f| f < 0.0) {
                    json!(-1.7e308)
                } else {
                    json!(EXTREME_FLOATS[*turn % EXTREME_FLOATS.len()])
                };
            }
            Value::String(s) if !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit()) => {
                *value = Value::String(u64::MAX.to_string());
            }
            Value::Array(items) => items.iter_mut().for_each(|item| walk(item, turn)),
            Value::Object(map) => map.values_mut().for_each(|item| walk(item, turn)),
            _ => {}
        }
    }
    walk(value, &mut 0);
}

/// The middleware of the mode: rewrites the numbers of every 200 JSON answer but the replica's own routes.
pub async fn hostile_numbers(request: Request, next: Next) -> Response {
    let own = request.uri().path().starts_with("/__replica") || request.uri().path().starts_with("/__hostile");
    let response = next.run(request).await;
    if own {
        return response;
    }
    rewrite_json(response, make_numbers_hostile).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_becomes_extreme() {
        let mut v = json!({"a": 1, "b": -3, "c": 2.5, "d": -0.5, "e": ["12", "1.5", "abc"], "f": {"g": 7.25}});
        make_numbers_hostile(&mut v);
        assert!(v["a"].as_u64().is_some_and(|n| n > 1 << 53));
        assert_eq!(v["b"], json!(i64::MIN));
        assert!(v["c"].as_f64().is_some_and(|f| EXTREME_FLOATS.contains(&f)));
        assert_eq!(v["d"], json!(-1.7e308));
        assert_eq!(v["e"], json!(["18446744073709551615", "1.5", "abc"]));
        assert!(v["f"]["g"].as_f64().is_some_and(|f| EXTREME_FLOATS.contains(&f)));
    }
}
