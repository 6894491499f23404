//! A ready-made [`Transport`] for Rust programs: reqwest (rustls, gzip) for HTTP and tokio for timers.
//!
//! Two guards against hostile or broken servers: bodies are read chunk by chunk up to a limit (after gzip
//! inflation, so a gzip bomb ends in [`TransportFailure::BodyTooLarge`](crate::TransportFailure::BodyTooLarge), not
//! in an out-of-memory), and redirects are followed here, carrying the request's custom headers only to the origin
//! they were meant for.

use std::future::Future;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use reqwest::{StatusCode, Url};

use crate::error::TransportError;
use crate::transport::{DEFAULT_MAX_BODY_BYTES, HttpRequest, HttpResponse, MAX_REDIRECTS, Transport};

/// HTTP over reqwest. Needs a tokio runtime. Cheap to clone (connections are pooled and shared).
#[derive(Clone, Debug)]
pub struct NativeTransport {
    http: reqwest::Client,
    max_body_bytes: usize,
}

impl Default for NativeTransport {
    fn default() -> Self {
        let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap_or_default();
        Self::with_client(http)
    }
}

impl NativeTransport {
    /// A transport with reqwest's defaults (gzip on, connection pooling), following redirects itself and accepting
    /// bodies up to [`DEFAULT_MAX_BODY_BYTES`].
    pub fn new() -> Self {
        Self::default()
    }

    /// A transport over an already configured reqwest client (proxies, custom roots, …).
    ///
    /// Build it with `redirect(reqwest::redirect::Policy::none())` to keep this transport's redirect rule (custom
    /// headers never go to another origin); a client that follows redirects itself applies its own policy instead.
    pub fn with_client(http: reqwest::Client) -> Self {
        Self { http, max_body_bytes: DEFAULT_MAX_BODY_BYTES }
    }

    /// The same transport, refusing response bodies larger than `bytes` (counted after decompression).
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes;
        self
    }

    /// The largest response body accepted, in bytes after decompression.
    pub fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }
}

impl Transport for NativeTransport {
    fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
        let http = self.http.clone();
        let limit = request.body_cap(self.max_body_bytes);
        async move {
            let mut url = Url::parse(&request.url).map_err(|e| TransportError::network(format!("invalid URL: {e}")))?;
            let origin = url.origin();
            let mut redirects = 0;
            loop {
                let mut builder = http.get(url.clone());
                // Custom headers (API keys, …) belong to the origin the caller named, never to one it redirects to.
                if url.origin() == origin {
                    for (name, value) in &request.headers {
                        builder = builder.header(name, value);
                    }
                }
                let response = builder.send().await.map_err(describe)?;
                match redirect_target(&response, &url) {
                    Some(next) if redirects < MAX_REDIRECTS => {
                        redirects += 1;
                        url = next?;
                    }
                    Some(_) => return Err(TransportError::network(format!("more than {MAX_REDIRECTS} redirects"))),
                    None => return read_capped(response, limit).await,
                }
            }
        }
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        tokio::time::sleep(duration)
    }

    fn now(&self) -> Duration {
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed()
    }

    fn unix_now(&self) -> Option<Duration> {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()
    }

    fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }
}

/// Where a redirect response points (`None` if it is not one): an http(s) URL, or why it cannot be followed.
fn redirect_target(response: &reqwest::Response, from: &Url) -> Option<Result<Url, TransportError>> {
    let redirect = matches!(
        response.status(),
        StatusCode::MOVED_PERMANENTLY
            | StatusCode::FOUND
            | StatusCode::SEE_OTHER
            | StatusCode::TEMPORARY_REDIRECT
            | StatusCode::PERMANENT_REDIRECT
    );
    let location = response.headers().get(reqwest::header::LOCATION).filter(|_| redirect)?;
    let target = location
        .to_str()
        .ok()
        .and_then(|l| from.join(l).ok())
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .ok_or_else(|| TransportError::network("a redirect to an invalid or non-http(s) location"));
    Some(target)
}

/// Reads the status, headers and body, stopping with [`TransportError::body_too_large`] as soon as the
/// (decompressed) body passes `limit` bytes.
async fn read_capped(mut response: reqwest::Response, limit: usize) -> Result<HttpResponse, TransportError> {
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .filter_map(|(k, v)| Some((k.as_str().to_owned(), v.to_str().ok()?.to_owned())))
        .collect();
    if response.content_length().is_some_and(|length| length > limit as u64) {
        return Err(TransportError::body_too_large(limit));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(describe)? {
        if chunk.len() > limit - body.len() {
            return Err(TransportError::body_too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(HttpResponse { status, headers, body })
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

#[cfg(test)]
mod tests {
    use std::io::Write;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;
    use tokio::sync::mpsc;

    use super::*;
    use crate::error::TransportFailure;

    /// A one-off HTTP/1.1 server on loopback: answers each connection with the next of `responses` (head, body)
    /// and reports each request head it read. Returns its port.
    async fn serve(responses: Vec<(String, Vec<u8>)>) -> (u16, mpsc::UnboundedReceiver<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind a loopback port");
        let port = listener.local_addr().expect("a local address").port();
        let (heads, received) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            for (head, body) in responses {
                let Ok((mut socket, _)) = listener.accept().await else { return };
                let mut request = Vec::new();
                let mut buf = [0u8; 1024];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => request.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = heads.send(String::from_utf8_lossy(&request).to_lowercase());
                let head = format!("{head}\r\nconnection: close\r\n\r\n");
                let _ = socket.write_all(head.as_bytes()).await;
                let _ = socket.write_all(&body).await;
                let _ = socket.shutdown().await;
            }
        });
        (port, received)
    }

    fn get(url: String) -> HttpRequest {
        HttpRequest { url, headers: vec![("x-api-key".to_owned(), "secret".to_owned())], max_body_bytes: None }
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(bytes).expect("compress in memory");
        encoder.finish().expect("finish the gzip stream")
    }

    #[tokio::test]
    async fn a_gzip_bomb_ends_in_body_too_large() {
        let bomb = gzip(&vec![0u8; 16 * 1024 * 1024]);
        assert!(bomb.len() < 64 * 1024, "the bomb is small on the wire ({} bytes)", bomb.len());
        let head = format!("HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: {}", bomb.len());
        let (port, _) = serve(vec![(head, bomb)]).await;
        let transport = NativeTransport::new().with_max_body_bytes(1024 * 1024);
        let err = transport.send(get(format!("http://127.0.0.1:{port}/pair/all"))).await.unwrap_err();
        assert_eq!(err.failure, TransportFailure::BodyTooLarge, "{err}");
        assert!(err.message.contains("1048576 bytes"), "{err}");
    }

    #[tokio::test]
    async fn bodies_up_to_the_limit_are_read_and_larger_ones_refused() {
        let plain = |n: usize| (format!("HTTP/1.1 200 OK\r\ncontent-length: {n}"), vec![b'7'; n]);
        let zipped = gzip(&[b'1'; 1000]);
        let gz_head = format!("HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: {}", zipped.len());
        let (port, _) = serve(vec![plain(1000), plain(1001), (gz_head, zipped)]).await;
        let transport = NativeTransport::new().with_max_body_bytes(1000);
        let url = format!("http://127.0.0.1:{port}/x");
        let ok = transport.send(get(url.clone())).await.expect("a body at the limit");
        assert_eq!((ok.status, ok.body.len()), (200, 1000));
        let err = transport.send(get(url.clone())).await.unwrap_err();
        assert_eq!(err.failure, TransportFailure::BodyTooLarge);
        let inflated = transport.send(get(url)).await.expect("an inflated body at the limit");
        assert_eq!(inflated.body, vec![b'1'; 1000]);
        assert_eq!(NativeTransport::new().max_body_bytes(), DEFAULT_MAX_BODY_BYTES);
    }

    #[tokio::test]
    async fn custom_headers_follow_redirects_only_within_the_origin() {
        let (other, mut other_heads) =
            serve(vec![("HTTP/1.1 200 OK\r\ncontent-length: 2".into(), b"{}".to_vec())]).await;
        let to_same = "HTTP/1.1 307 Temporary Redirect\r\nlocation: /moved\r\ncontent-length: 0".to_owned();
        // Another host: `localhost` instead of `127.0.0.1` (same machine, different origin).
        let to_other =
            format!("HTTP/1.1 302 Found\r\nlocation: http://localhost:{other}/elsewhere\r\ncontent-length: 0");
        let (port, mut heads) = serve(vec![(to_same, vec![]), (to_other, vec![])]).await;
        let response =
            NativeTransport::new().send(get(format!("http://127.0.0.1:{port}/start"))).await.expect("followed");
        assert_eq!((response.status, response.body.as_slice()), (200, b"{}".as_slice()));
        let first = heads.recv().await.expect("the first request");
        let second = heads.recv().await.expect("the same-origin redirect");
        let third = other_heads.recv().await.expect("the cross-host redirect");
        assert!(first.starts_with("get /start ") && first.contains("x-api-key: secret"), "{first}");
        assert!(second.starts_with("get /moved ") && second.contains("x-api-key: secret"), "{second}");
        assert!(third.starts_with("get /elsewhere ") && !third.contains("x-api-key"), "{third}");
        assert!(!third.contains("secret"), "{third}");
    }

    #[tokio::test]
    async fn endless_redirects_end_in_an_error() {
        let hop = || ("HTTP/1.1 302 Found\r\nlocation: /again\r\ncontent-length: 0".to_owned(), vec![]);
        let (port, _) = serve((0..=MAX_REDIRECTS).map(|_| hop()).collect()).await;
        let err = NativeTransport::new().send(get(format!("http://127.0.0.1:{port}/"))).await.unwrap_err();
        assert_eq!(err.failure, TransportFailure::Network);
        assert!(err.message.contains("redirects"), "{err}");
    }
}
