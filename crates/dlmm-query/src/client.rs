//! The [`Client`]: base URLs and policies around any [`Transport`], with one method per operation.

use std::future::Future;
use std::pin::pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::future::{Either, select};
use futures_util::{FutureExt, StreamExt};

use crate::error::{Error, InvalidInput, TransportError, TransportFailure};
use crate::items::{ArrayItems, Element, Item, SplitError};
use crate::json_text::{JsonText, Written};
use crate::ops::Operation;
use crate::policy::{Failed, RateLimiter, RetryDecision, RetryPolicy, ServerBudget};
use crate::request::{ApiGroup, BaseUrl, Missing, Request};
use crate::response;
use crate::shape::{HasShape, Shape};
use crate::transport::{BodyChunks, HttpRequest, HttpResponse, OpenResponse, Transport};

/// The vendor's pair-group base URL (retired 2026-03-15; point the client at the replica or a mirror instead).
pub const DEFAULT_PAIR_BASE_URL: &str = "https://dlmm-api.meteora.ag";
/// The vendor's pool-group base URL (retired 2026-03-15).
pub const DEFAULT_POOL_BASE_URL: &str = "https://dammv2-api.meteora.ag";
/// The live DLMM datapi's base URL.
pub const DEFAULT_DLMM_DATAPI_BASE_URL: &str = "https://dlmm.datapi.meteora.ag";
/// The live DAMM v2 datapi's base URL.
pub const DEFAULT_DAMM_V2_DATAPI_BASE_URL: &str = "https://damm-v2.datapi.meteora.ag";
/// The live portfolio service's base URL (undocumented; the vendor's own portfolio pages read it).
pub const DEFAULT_PORTFOLIO_DATAPI_BASE_URL: &str = "https://portfolio.datapi.meteora.ag";
/// The DLMM datapi's documented rate limit: 30 requests per second.
pub const DLMM_DATAPI_PER_SECOND: f64 = 30.0;
/// The DAMM v2 datapi's documented rate limit: 10 requests per second.
pub const DAMM_V2_DATAPI_PER_SECOND: f64 = 10.0;
/// How long one request may take by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// The `User-Agent` a Rust program sends by default: this library and its version (field reports say the live hosts
/// may refuse a client that sends none, which reqwest does not).
pub const USER_AGENT: &str = concat!("dlmm-query/", env!("CARGO_PKG_VERSION"), " (rust)");

/// Where the APIs live (the two keeper groups and the two datapi services) and how requests are sent.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Base URL of the pair group.
    pub pair_base_url: BaseUrl,
    /// Base URL of the pool group.
    pub pool_base_url: BaseUrl,
    /// Time limit of each attempt; `None` waits forever.
    pub timeout: Option<Duration>,
    /// When to retry failed calls ([`RetryPolicy::NEVER`] turns retries off).
    pub retry: RetryPolicy,
    /// Requests per second sent to the pair group at most (the vendor documents 30); 0 means no limit.
    pub pair_rate_per_second: f64,
    /// Requests per second sent to the pool group at most (the vendor documents 10); 0 means no limit.
    pub pool_rate_per_second: f64,
    /// Extra headers sent with every request.
    pub headers: Vec<(String, String)>,
    /// The `User-Agent` sent with every request: [`USER_AGENT`] natively by default, none in WebAssembly (a browser
    /// sends its own and may not be given another; the npm package sets one in Node). A `user-agent` among
    /// [`headers`](Self::headers) wins. Set it with [`with_user_agent`](Self::with_user_agent) to have it checked.
    pub user_agent: Option<String>,
    /// Base URL of the DLMM datapi ([`DEFAULT_DLMM_DATAPI_BASE_URL`] by default).
    pub dlmm_datapi_base_url: BaseUrl,
    /// Base URL of the DAMM v2 datapi ([`DEFAULT_DAMM_V2_DATAPI_BASE_URL`] by default).
    pub damm_v2_datapi_base_url: BaseUrl,
    /// Base URL of the portfolio service ([`DEFAULT_PORTFOLIO_DATAPI_BASE_URL`] by default). Its calls take turns of
    /// the DLMM datapi host's budget (its rate, its announced windows, its 429 pauses), as the vendor's own pages do.
    pub portfolio_datapi_base_url: BaseUrl,
    /// Requests per second sent to the DLMM datapi at most (the vendor documents 30); 0 means no limit.
    pub dlmm_datapi_rate_per_second: f64,
    /// Requests per second sent to the DAMM v2 datapi at most (the vendor documents 10); 0 means no limit.
    pub damm_v2_datapi_rate_per_second: f64,
}

impl Default for ClientConfig {
    fn default() -> Self {
        Self {
            pair_base_url: BaseUrl::parse_param("pair_base_url", DEFAULT_PAIR_BASE_URL).expect("valid default"),
            pool_base_url: BaseUrl::parse_param("pool_base_url", DEFAULT_POOL_BASE_URL).expect("valid default"),
            timeout: Some(DEFAULT_TIMEOUT),
            retry: RetryPolicy::default(),
            pair_rate_per_second: RateLimiter::PAIR_GROUP_PER_SECOND,
            pool_rate_per_second: RateLimiter::POOL_GROUP_PER_SECOND,
            headers: Vec::new(),
            user_agent: (!cfg!(target_arch = "wasm32")).then(|| USER_AGENT.to_owned()),
            dlmm_datapi_base_url: BaseUrl::parse_param("dlmm_datapi_base_url", DEFAULT_DLMM_DATAPI_BASE_URL)
                .expect("valid default"),
            damm_v2_datapi_base_url: BaseUrl::parse_param("damm_v2_datapi_base_url", DEFAULT_DAMM_V2_DATAPI_BASE_URL)
                .expect("valid default"),
            portfolio_datapi_base_url: BaseUrl::parse_param(
                "portfolio_datapi_base_url",
                DEFAULT_PORTFOLIO_DATAPI_BASE_URL,
            )
            .expect("valid default"),
            dlmm_datapi_rate_per_second: DLMM_DATAPI_PER_SECOND,
            damm_v2_datapi_rate_per_second: DAMM_V2_DATAPI_PER_SECOND,
        }
    }
}

impl ClientConfig {
    /// The default configuration with both base URLs replaced (each validated).
    pub fn with_base_urls(pair_base_url: &str, pool_base_url: &str) -> Result<Self, InvalidInput> {
        Ok(Self {
            pair_base_url: BaseUrl::parse_param("pair_base_url", pair_base_url)?,
            pool_base_url: BaseUrl::parse_param("pool_base_url", pool_base_url)?,
            ..Self::default()
        })
    }

    /// The default configuration with both datapi base URLs replaced (each validated); the keeper URLs keep their
    /// defaults (assign `pair_base_url` and `pool_base_url` on the result to change them too).
    ///
    /// ```
    /// use dlmm_query::{ApiGroup, ClientConfig};
    /// let config = ClientConfig::with_datapi_base_urls("http://127.0.0.1:8090/", "http://127.0.0.1:8091").unwrap();
    /// assert_eq!(config.base_url(ApiGroup::DlmmDatapi).as_str(), "http://127.0.0.1:8090");
    /// assert_eq!(config.base_url(ApiGroup::DammV2Datapi).as_str(), "http://127.0.0.1:8091");
    /// assert!(ClientConfig::with_datapi_base_urls("ftp://x", "http://y").is_err());
    /// ```
    pub fn with_datapi_base_urls(
        dlmm_datapi_base_url: &str,
        damm_v2_datapi_base_url: &str,
    ) -> Result<Self, InvalidInput> {
        Ok(Self {
            dlmm_datapi_base_url: BaseUrl::parse_param("dlmm_datapi_base_url", dlmm_datapi_base_url)?,
            damm_v2_datapi_base_url: BaseUrl::parse_param("damm_v2_datapi_base_url", damm_v2_datapi_base_url)?,
            ..Self::default()
        })
    }

    /// The same configuration sending `user_agent` as its `User-Agent` (`None`: none of its own), checked as a header
    /// value.
    ///
    /// ```
    /// use dlmm_query::ClientConfig;
    /// let config = ClientConfig::default().with_user_agent(Some("my-dashboard/2.1")).unwrap();
    /// assert_eq!(config.request_headers(), [("user-agent".to_owned(), "my-dashboard/2.1".to_owned())]);
    /// assert!(ClientConfig::default().with_user_agent(Some("bad\nagent")).is_err());
    /// assert!(ClientConfig::default().with_user_agent(None).unwrap().request_headers().is_empty());
    /// ```
    pub fn with_user_agent(self, user_agent: Option<&str>) -> Result<Self, InvalidInput> {
        if let Some(agent) = user_agent {
            crate::header::check("user-agent", agent).map_err(|e| InvalidInput::new("user_agent", e.reason))?;
        }
        Ok(Self { user_agent: user_agent.map(str::to_owned), ..self })
    }

    /// The headers every request carries: [`headers`](Self::headers), then the `User-Agent` unless they name one.
    pub fn request_headers(&self) -> Vec<(String, String)> {
        let mut headers = self.headers.clone();
        let named = headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("user-agent"));
        if let (Some(agent), false) = (&self.user_agent, named) {
            headers.push(("user-agent".to_owned(), agent.clone()));
        }
        headers
    }

    /// The most requests per second sent to `group`'s service (0: no limit); the portfolio service's is the DLMM
    /// datapi's.
    pub fn rate_per_second(&self, group: ApiGroup) -> f64 {
        match group {
            ApiGroup::Pair => self.pair_rate_per_second,
            ApiGroup::Pool => self.pool_rate_per_second,
            ApiGroup::DlmmDatapi | ApiGroup::PortfolioDatapi => self.dlmm_datapi_rate_per_second,
            ApiGroup::DammV2Datapi => self.damm_v2_datapi_rate_per_second,
        }
    }

    /// The hosts the services are on: for each group of [`ApiGroup::ALL`], the index of the first group on its host
    /// (by [`same_host`](BaseUrl::same_host)), and at that index the host's rate, the strictest of its services' (no
    /// limit only where none of them has one). Services on one host share its budget: a relay serving several from
    /// one origin, or a service whose host also serves another. The portfolio service counts as on the DLMM datapi's
    /// host, wherever it is.
    ///
    /// ```
    /// use dlmm_query::ClientConfig;
    /// let (dlmm, damm_v2) = ("https://site.example/api/dlmm", "https://site.example/api/damm-v2");
    /// let mut config = ClientConfig::with_datapi_base_urls(dlmm, damm_v2).unwrap();
    /// let (host_of, rates) = config.hosts();
    /// assert_eq!(host_of, [0, 1, 2, 2, 2], "the keeper hosts are two, the live services behind one origin");
    /// assert_eq!(rates[2], 10.0, "at the stricter of 30 and 10 per second");
    /// config.damm_v2_datapi_rate_per_second = 0.0;
    /// assert_eq!(config.hosts().1[2], 30.0, "no limit yields to a limit");
    /// ```
    pub fn hosts(&self) -> ([usize; 5], [f64; 5]) {
        let mut rates = ApiGroup::ALL.map(|group| self.rate_per_second(group));
        let mut host_of = [0, 1, 2, 3, 4];
        for (i, group) in ApiGroup::ALL.into_iter().enumerate() {
            let on = if group == ApiGroup::PortfolioDatapi { ApiGroup::DlmmDatapi } else { group };
            let first = ApiGroup::ALL.iter().position(|g| self.base_url(*g).same_host(self.base_url(on)));
            let host = first.unwrap_or(i);
            let rate = rates[i];
            if rate > 0.0 && (rates[host] <= 0.0 || rate < rates[host]) {
                rates[host] = rate;
            }
            host_of[i] = host;
        }
        (host_of, rates)
    }

    /// The base URL serving `group`.
    pub fn base_url(&self, group: ApiGroup) -> &BaseUrl {
        match group {
            ApiGroup::Pair => &self.pair_base_url,
            ApiGroup::Pool => &self.pool_base_url,
            ApiGroup::DlmmDatapi => &self.dlmm_datapi_base_url,
            ApiGroup::DammV2Datapi => &self.damm_v2_datapi_base_url,
            ApiGroup::PortfolioDatapi => &self.portfolio_datapi_base_url,
        }
    }
}

/// Overrides of the configuration for one call.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CallOptions {
    /// Replaces [`ClientConfig::timeout`] for this call (`Some(None)` waits forever).
    pub timeout: Option<Option<Duration>>,
    /// Replaces [`ClientConfig::retry`] for this call.
    pub retry: Option<RetryPolicy>,
}

/// State shared by a client and its clones: the rate limiters and the jitter source.
#[derive(Debug)]
struct Shared {
    /// One rate limiter per group; a group shares the limiter of the first group on its host ([`ClientConfig::hosts`]).
    limiters: [Mutex<RateLimiter>; 5],
    /// The index in `limiters` of each group's host, in [`ApiGroup::ALL`] order.
    host_of: [usize; 5],
    jitter_state: Mutex<u64>,
}

/// A client of every API over the transport `T`. Clones share the transport's connections and the rate limits.
#[derive(Clone, Debug)]
pub struct Client<T> {
    transport: T,
    config: ClientConfig,
    shared: Arc<Shared>,
}

impl<T: Transport> Client<T> {
    /// A client with the given transport and configuration.
    pub fn new(transport: T, config: ClientConfig) -> Self {
        let seed = transport.now().as_nanos() as u64 ^ 0x9E37_79B9_7F4A_7C15;
        let (host_of, rates) = config.hosts();
        let shared = Arc::new(Shared {
            limiters: rates.map(|rate| Mutex::new(RateLimiter::per_second(rate))),
            host_of,
            jitter_state: Mutex::new(seed | 1),
        });
        Self { transport, config, shared }
    }

    /// The configuration in use.
    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// The transport in use.
    pub fn transport(&self) -> &T {
        &self.transport
    }

    /// Sends any operation and decodes its response, with the configured time-out, retries and rate limit. The
    /// request is built when this is called (a refused parameter is the future's error); the future borrows the
    /// client, not the operation.
    pub fn send<O: Operation>(&self, operation: &O) -> impl Future<Output = Result<O::Output, Error>> + use<'_, T, O> {
        self.send_with(operation, CallOptions::default())
    }

    /// Like [`send`](Self::send), with per-call overrides.
    pub fn send_with<O: Operation>(
        &self,
        operation: &O,
        options: CallOptions,
    ) -> impl Future<Output = Result<O::Output, Error>> + use<'_, T, O> {
        // The request is built here, so the future holds it rather than the operation, and the one piece of the
        // future that depends on the operation is the decoding mapped onto the exchange: no state machine per
        // operation in a build (in the explorer's `.wasm`, 2.6 KB gzip less than an `async` body).
        let exchanged = self.exchange_built(operation.capped_request(), O::MISSING, options);
        exchanged.map(|exchanged| exchanged.and_then(|(url, response)| response::decode_success::<O>(&url, &response)))
    }

    /// [`exchange`](Self::exchange) for a request built or refused.
    async fn exchange_built(
        &self,
        request: Result<Request, InvalidInput>,
        missing: Missing,
        options: CallOptions,
    ) -> Result<(String, HttpResponse), Error> {
        self.exchange(&request?, missing, options).await
    }

    /// Like [`send_with`](Self::send_with), but the answer is transcoded by the output's shape into the JSON text for
    /// JavaScript ([`response::transcode_success`]) instead of decoded: the URL asked and the text. Not for the pool
    /// group's operations (their bodies are envelopes).
    pub async fn transcode_with<O: Operation>(
        &self,
        operation: &O,
        options: CallOptions,
    ) -> Result<(String, Written), Error> {
        let request = operation.request()?;
        self.transcode_request(&request, O::MISSING, &<O::Output as HasShape>::SHAPE, JsonText::default(), options)
            .await
    }

    /// Like [`transcode_with`](Self::transcode_with), for a request already made: sends it
    /// ([`exchange`](Self::exchange)) and transcodes the answer by `shape`.
    pub async fn transcode_request(
        &self,
        request: &Request,
        missing: Missing,
        shape: &Shape,
        out: JsonText,
        options: CallOptions,
    ) -> Result<(String, Written), Error> {
        let request = request.clone().for_output(shape);
        let (url, response) = self.exchange(&request, missing, options).await?;
        let written = response::transcode_into(&url, &response, shape, out)?;
        Ok((url, written))
    }

    /// Sends `request` with the rate limit, time-out and retries, until a successful (2xx) answer, which it returns
    /// with the URL asked, body unread by any decoder; or the error that ended the call. `missing` marks the
    /// keeper routes that answer 500 for an item never indexed. A successful answer is never retried, so decoding it
    /// after this returns changes nothing.
    pub async fn exchange(
        &self,
        request: &Request,
        missing: Missing,
        options: CallOptions,
    ) -> Result<(String, HttpResponse), Error> {
        let (url, (mut open, _)) = self.attempts(request, missing, options, true).await?;
        // The body was read within the attempt (a failure while reading it was retried like any other): it is here
        // in memory as one chunk, taken as it is rather than copied, with no deadline left to race.
        let mut body = Vec::new();
        while let Some(chunk) =
            open.body.next().await.transpose().map_err(|error| Error::Transport { url: url.clone(), error })?
        {
            if body.is_empty() {
                body = chunk;
            } else {
                body.extend_from_slice(&chunk);
            }
        }
        Ok((url, HttpResponse { status: open.status, headers: open.headers, body }))
    }

    /// Like [`exchange`](Self::exchange), but the successful answer's body is read chunk by chunk as it arrives and,
    /// when it is a JSON array, handed to `item` element by element (with the URL and status, for its errors): the
    /// client holds one unfinished element at a time, never the whole body. The call's time-out, when it has one,
    /// covers the whole body. A body that is no array (an error object, HTML) is read whole and given back as
    /// [`Streamed::Whole`], to be decoded as usual; an array with a syntax error, or cut short, is a `decode` error.
    pub async fn stream_items(
        &self,
        request: &Request,
        missing: Missing,
        options: CallOptions,
        mut item: impl FnMut(Item<'_>, &str, u16) -> Result<(), Error>,
    ) -> Result<Streamed, Error> {
        self.stream_elements(request, missing, options, |element, url, status| match element {
            Element::Start { .. } => Ok(None),
            Element::Whole(whole) => item(whole, url, status).map(|()| None),
        })
        .await
    }

    /// Like [`stream_items`](Self::stream_items), offering `element` each object or array element as it begins too
    /// ([`ArrayItems::feed_elements`]): one it reads there itself (giving its length) is not split out.
    pub async fn stream_elements(
        &self,
        request: &Request,
        missing: Missing,
        options: CallOptions,
        mut element: impl FnMut(Element<'_>, &str, u16) -> Result<Option<usize>, Error>,
    ) -> Result<Streamed, Error> {
        let (url, (mut open, deadline)) = self.attempts(request, missing, options, false).await?;
        let transport_error = |error| Error::Transport { url: url.clone(), error };
        let mut items = ArrayItems::new(&url, open.status);
        while let Some(chunk) = self.next_chunk(&mut open.body, deadline).await.map_err(transport_error)? {
            match items.feed_elements(&chunk, |found| element(found, &url, open.status)) {
                Ok(()) => {}
                Err(SplitError::Item(error)) => return Err(error),
                Err(SplitError::Syntax(error)) => return Err(Error::Decode(error)),
                Err(SplitError::NotAnArray) => {
                    let mut body = items.held().to_vec();
                    while let Some(chunk) = self.next_chunk(&mut open.body, deadline).await.map_err(transport_error)? {
                        body.extend_from_slice(&chunk);
                    }
                    let response = HttpResponse { status: open.status, headers: open.headers, body };
                    return Ok(Streamed::Whole { url, response });
                }
            }
        }
        if items.is_at_start() {
            // An empty body: decoded whole, it gives the usual error.
            let response = HttpResponse { status: open.status, headers: open.headers, body: Vec::new() };
            return Ok(Streamed::Whole { url, response });
        }
        items.finish().map_err(Error::Decode)?;
        Ok(Streamed::Array { url, count: items.count() })
    }

    /// The one send loop of every call: a turn of the rate limiter, an attempt ([`attempt`](Self::attempt), its
    /// successful body read `whole` or left to stream), then on failure the retry policy's back-off, until a success
    /// or the end.
    async fn attempts(
        &self,
        request: &Request,
        missing: Missing,
        options: CallOptions,
        whole: bool,
    ) -> Result<(String, (OpenResponse, Option<Deadline>)), Error> {
        let mut tries = self.tries(request, options);
        loop {
            self.next_turn(&mut tries).await?;
            let url = &tries.url;
            let http = HttpRequest {
                url: url.clone(),
                headers: self.config.request_headers(),
                max_body_bytes: request.max_body_bytes,
            };
            let error = match self.attempt(http, tries.timeout, whole).await {
                Ok(Attempt::Success(open, deadline)) => {
                    self.heed(request.group, &open.headers, None);
                    return Ok((tries.url, (open, deadline)));
                }
                Ok(Attempt::Failure(response)) => {
                    let error = response::failure(request.group, missing, url, &response)
                        .unwrap_or_else(|| Error::wrong_shape(url, None, "an unsuccessful answer with a 2xx status"));
                    self.heed(request.group, &response.headers, Some(&error));
                    error
                }
                Err(error) => Error::Transport { url: url.clone(), error },
            };
            if !self.back_off(&tries, Failed::of(&error)).await {
                return Err(error);
            }
        }
    }

    /// The attempts of a call of `request` with `options`, none made yet: what [`next_turn`](Self::next_turn) and
    /// [`back_off`](Self::back_off) go by. For a call whose attempts are made elsewhere (the npm package's worker,
    /// which makes one per message and never retries), so that they take this client's turns and share one budget,
    /// as the attempts of the one send loop do.
    pub fn tries(&self, request: &Request, options: CallOptions) -> Tries {
        Tries {
            url: request.url(self.config.base_url(request.group)),
            group: request.group,
            timeout: options.timeout.unwrap_or(self.config.timeout),
            retry: options.retry.unwrap_or(self.config.retry),
            started: self.transport.now(),
            made: 0,
        }
    }

    /// Waits for and takes the turn of the next of `tries` from the rate limiter of its service: a wait past the
    /// call's time-out or what is left of its retry budget ends the call now (a `timeout` error), and gives the turn
    /// back.
    pub async fn next_turn(&self, tries: &mut Tries) -> Result<(), Error> {
        tries.made += 1;
        let budget_left = tries.retry.max_total.saturating_sub(self.transport.now().saturating_sub(tries.started));
        self.turn(tries.group, &tries.url, tries.timeout, budget_left).await
    }

    /// The call options of what is left of `tries`: the same time-out, and the retry policy with the attempts made
    /// and the time spent taken off (for the rest of a call run another way: the npm package's `all()` in the page
    /// after its worker was given up on).
    pub fn options_left(&self, tries: &Tries) -> CallOptions {
        let spent = self.transport.now().saturating_sub(tries.started);
        let retry = RetryPolicy {
            max_attempts: tries.retry.max_attempts.saturating_sub(tries.made).max(1),
            max_total: tries.retry.max_total.saturating_sub(spent),
            ..tries.retry
        };
        CallOptions { timeout: Some(tries.timeout), retry: Some(retry) }
    }

    /// After the last of `tries` failed as `failed` says: waits as the retry policy decides and is true, or is false
    /// when the policy gives up.
    pub async fn back_off(&self, tries: &Tries, failed: Failed) -> bool {
        let elapsed = self.transport.now().saturating_sub(tries.started);
        match tries.retry.decide_on(failed, tries.made, elapsed, self.random()) {
            RetryDecision::RetryAfter(wait) => {
                self.transport.sleep(wait).await;
                true
            }
            RetryDecision::GiveUp => false,
        }
    }

    /// Waits for and takes a turn of `group`'s limiter; a wait longer than the call's `timeout` or its `budget_left`
    /// ends the call now (a `timeout` error for `url`), rather than after sleeping past them.
    async fn turn(
        &self,
        group: ApiGroup,
        url: &str,
        timeout: Option<Duration>,
        budget_left: Duration,
    ) -> Result<(), Error> {
        let limiter = self.limiter(group);
        let wait = limiter.lock().map(|mut l| l.acquire(self.transport.now())).unwrap_or_default();
        if wait.is_zero() {
            return Ok(());
        }
        if timeout.is_some_and(|limit| wait > limit) || wait > budget_left {
            release(limiter);
            let error = TransportError {
                failure: TransportFailure::Timeout,
                message: format!(
                    "the client-side rate limit would hold this call for {} ms, past its time-out or time budget",
                    crate::error::millis(wait)
                ),
            };
            return Err(Error::Transport { url: url.to_owned(), error });
        }
        // Dropping the call while it waits (an abort) gives the slot back.
        let reservation = Reservation(Some(limiter));
        self.transport.sleep(wait).await;
        reservation.keep();
        Ok(())
    }

    /// One attempt, resolving once the head is in; an unsuccessful answer's (small) body is read whole, and so is a
    /// successful one's when `whole` (then handed on as one chunk). A success comes with the deadline the rest of
    /// its body must arrive by.
    async fn attempt(
        &self,
        request: HttpRequest,
        timeout: Option<Duration>,
        whole: bool,
    ) -> Result<Attempt, TransportError> {
        let deadline = self.deadline(timeout);
        let mut open = self.before(deadline, self.transport.open(request)).await??;
        let success = (200..300).contains(&open.status);
        if success && !whole {
            return Ok(Attempt::Success(open, deadline));
        }
        let mut body = Vec::new();
        while let Some(chunk) = self.next_chunk(&mut open.body, deadline).await? {
            body.extend_from_slice(&chunk);
        }
        let response = HttpResponse { status: open.status, headers: open.headers, body };
        Ok(match success {
            true => Attempt::Success(OpenResponse::whole(response), deadline),
            false => Attempt::Failure(response),
        })
    }

    /// The next chunk of `body`, or a time-out once `deadline` passed.
    async fn next_chunk(
        &self,
        body: &mut BodyChunks,
        deadline: Option<Deadline>,
    ) -> Result<Option<Vec<u8>>, TransportError> {
        self.before(deadline, body.next()).await?.transpose()
    }

    /// The deadline of an attempt beginning now with time-out `timeout` (none without one).
    fn deadline(&self, timeout: Option<Duration>) -> Option<Deadline> {
        timeout.map(|limit| Deadline { at: self.transport.now().saturating_add(limit), limit })
    }

    /// `future`'s output, or a time-out error if `deadline` comes first.
    async fn before<F: Future>(&self, deadline: Option<Deadline>, future: F) -> Result<F::Output, TransportError> {
        let Some(deadline) = deadline else { return Ok(future.await) };
        let left = deadline.at.saturating_sub(self.transport.now());
        match select(pin!(future), pin!(self.transport.sleep(left))).await {
            Either::Left((output, _)) => Ok(output),
            Either::Right(_) => Err(TransportError::timeout(deadline.limit)),
        }
    }

    /// Heeds what an answer of `group`'s host said of its budget (`x-ratelimit-remaining` / `-reset`), and after a
    /// 429 (`error`) pauses every call to that host until its `Retry-After` or the window's reset (one second
    /// when it says neither).
    fn heed(&self, group: ApiGroup, headers: &[(String, String)], error: Option<&Error>) {
        let now = self.transport.now();
        let budget = ServerBudget::from_headers(headers, self.transport.unix_now());
        let Ok(mut limiter) = self.limiter(group).lock() else { return };
        if let Some(budget) = budget {
            limiter.observe(now, budget);
        }
        if let Some(error) = error.filter(|e| e.kind() == crate::error::ErrorKind::RateLimited) {
            let wait = error.retry_after().or(budget.map(|b| b.reset_in)).unwrap_or(Duration::from_secs(1));
            limiter.pause(now, wait);
        }
    }

    /// The rate limiter of `group`'s host.
    fn limiter(&self, group: ApiGroup) -> &Mutex<RateLimiter> {
        &self.shared.limiters[self.shared.host_of[group as usize]]
    }

    /// A number in `[0, 1)` for back-off jitter (xorshift64*; statistical quality is all that matters here).
    fn random(&self) -> f64 {
        let Ok(mut state) = self.shared.jitter_state.lock() else { return 0.5 };
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A call's attempts so far ([`Client::tries`]).
#[derive(Debug)]
pub struct Tries {
    /// The URL each attempt requests.
    pub url: String,
    group: ApiGroup,
    /// Each attempt's time-out (`None`: none).
    pub timeout: Option<Duration>,
    retry: RetryPolicy,
    /// When the first attempt began.
    started: Duration,
    /// Attempts made (or whose turn was taken).
    made: u32,
}

/// What one attempt brought: a successful answer (its body still to read, or read and handed on as one chunk) with
/// the deadline the rest of it must arrive by, or an unsuccessful one read whole.
enum Attempt {
    Success(OpenResponse, Option<Deadline>),
    Failure(HttpResponse),
}

/// When an attempt's time is up (on the transport's clock), and the time-out that set it.
#[derive(Clone, Copy)]
struct Deadline {
    at: Duration,
    limit: Duration,
}

/// How a [`Client::stream_items`] call ended.
#[derive(Debug)]
pub enum Streamed {
    /// The body was a JSON array: `count` elements were handed out.
    Array {
        /// The URL asked.
        url: String,
        /// How many elements the array had.
        count: usize,
    },
    /// The body was no array; here it is whole, to decode as usual (its error says what it was).
    Whole {
        /// The URL asked.
        url: String,
        /// The response, body read whole.
        response: HttpResponse,
    },
}

/// A rate-limit slot reserved for a call that is still waiting for it: released unless [`keep`](Self::keep) is
/// called, so a call dropped during its wait does not hold the slot for ever.
struct Reservation<'a>(Option<&'a Mutex<RateLimiter>>);

impl Reservation<'_> {
    /// The wait is over and the slot is used.
    fn keep(mut self) {
        self.0 = None;
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if let Some(limiter) = self.0 {
            release(limiter);
        }
    }
}

/// Gives a reserved slot back to `limiter`.
fn release(limiter: &Mutex<RateLimiter>) {
    if let Ok(mut l) = limiter.lock() {
        l.release();
    }
}

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::collections::VecDeque;
    use std::future::Future;
    use std::rc::Rc;

    use super::*;
    use crate::error::ErrorKind;
    use crate::ops::GetPoolMetrics;

    const POOL: &str = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";

    /// Plays back scripted responses (`None` hangs forever) on a virtual clock that only sleeping advances.
    #[derive(Default)]
    struct Fake {
        script: RefCell<VecDeque<Option<HttpResponse>>>,
        seen: RefCell<Vec<HttpRequest>>,
        clock: Cell<Duration>,
        sleeps: RefCell<Vec<Duration>>,
        /// When set, every sleep waits for ever (a call can then be dropped mid-wait, as an abort does).
        hold_sleeps: Cell<bool>,
    }

    impl Transport for Fake {
        fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
            self.seen.borrow_mut().push(request);
            let next = self.script.borrow_mut().pop_front().flatten();
            async move {
                match next {
                    Some(r) => Ok(r),
                    None => futures_util::future::pending().await,
                }
            }
        }
        // Time passes only for a sleep that is awaited to the end, as with a real timer.
        async fn sleep(&self, duration: Duration) {
            if self.hold_sleeps.get() {
                futures_util::future::pending::<()>().await;
            }
            self.clock.set(self.clock.get() + duration);
            self.sleeps.borrow_mut().push(duration);
        }
        fn now(&self) -> Duration {
            self.clock.get()
        }
    }

    fn ok_body() -> HttpResponse {
        let body = format!(
            r#"{{"status":200,"data":{{"pool_address":"{POOL}","volume24h":1,"lp_fee24h":1,"protocol_fee24h":1,
            "partner_fee24h":1,"referral_fee24h":1,"volume7d":1,"lp_fee7d":1,"protocol_fee7d":1,"partner_fee7d":1,
            "referral_fee7d":1,"tvl":1,"volume30d":1,"lp_fee30d":1,"protocol_fee30d":1,"partner_fee30d":1,
            "referral_fee30d":1,"apr":1,"fee_tvl_ratio":1,"updated_at":1}}}}"#
        );
        HttpResponse { status: 200, headers: vec![], body: body.into_bytes() }
    }

    fn status(code: u16, retry_after: Option<&str>) -> HttpResponse {
        let headers = retry_after.map(|v| vec![("retry-after".to_owned(), v.to_owned())]).unwrap_or_default();
        HttpResponse { status: code, headers, body: b"<html>busy</html>".to_vec() }
    }

    fn client(script: impl IntoIterator<Item = Option<HttpResponse>>) -> Client<Rc<Fake>> {
        let config = ClientConfig::with_base_urls("http://pair.test/", "http://pool.test/v1").unwrap();
        let fake = Fake { script: RefCell::new(script.into_iter().collect()), ..Fake::default() };
        Client::new(Rc::new(fake), config)
    }

    fn block_on<F: Future>(f: F) -> F::Output {
        futures_util::FutureExt::now_or_never(f).expect("fakes resolve at once")
    }

    fn metrics(c: &Client<Rc<Fake>>) -> Result<crate::models::PoolMetrics, Error> {
        block_on(c.send(&GetPoolMetrics::new(POOL)))
    }

    #[test]
    fn sends_to_the_pool_base_url_and_unwraps_the_envelope() {
        let c = client([Some(ok_body())]);
        let m = block_on(c.send(&GetPoolMetrics::new(POOL).case_sensitive(false))).unwrap();
        assert_eq!(m.pool_address, POOL);
        let seen = c.transport.seen.borrow();
        assert_eq!(seen[0].url, format!("http://pool.test/v1/pools/{POOL}/metrics?case_sensitive=false"));
    }

    #[test]
    fn invalid_input_sends_nothing() {
        let c = client([]);
        let err = block_on(c.send(&GetPoolMetrics::new("nope"))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert!(c.transport.seen.borrow().is_empty());
    }

    #[test]
    fn a_hanging_server_times_out_within_the_time_budget() {
        let c = client([None, None, None]);
        let err = metrics(&c).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert_eq!(err.url(), Some(&*format!("http://pool.test/v1/pools/{POOL}/metrics")));
        // A 30 s time-out uses the whole 30 s budget: no retry is started after it.
        assert_eq!(c.transport.seen.borrow().len(), 1);
    }

    #[test]
    fn retries_a_429_after_the_time_the_server_asked_for() {
        let c = client([Some(status(429, Some("2"))), Some(ok_body())]);
        assert!(metrics(&c).is_ok());
        assert_eq!(c.transport.seen.borrow().len(), 2);
        assert_eq!(*c.transport.sleeps.borrow(), [Duration::from_secs(2)]);
    }

    /// A 429 from one service pauses the calls to every service on its host (here the pool and pair groups behind
    /// one origin), and only those.
    #[test]
    fn a_429_pauses_every_service_on_the_same_host_and_no_other() {
        for (pair_base_url, paused) in [("http://one.test/pair", true), ("http://two.test/pair", false)] {
            let config = ClientConfig::with_base_urls(pair_base_url, "http://ONE.test:80/pool").unwrap();
            let script = [Some(status(429, Some("5"))), Some(status(404, None))];
            let fake = Fake { script: RefCell::new(script.into_iter().collect()), ..Fake::default() };
            let c = Client::new(Rc::new(fake), config);
            let never = CallOptions { retry: Some(RetryPolicy::NEVER), ..CallOptions::default() };
            let refused = block_on(c.send_with(&GetPoolMetrics::new(POOL), never)).unwrap_err();
            assert_eq!(refused.kind(), ErrorKind::RateLimited);
            let pair = block_on(c.send_with(&crate::ops::GetProtocolMetrics::new(), never)).unwrap_err();
            assert_eq!(pair.status(), Some(404), "sent once the pause is over");
            let waited = c.transport.sleeps.borrow().iter().sum::<Duration>();
            assert_eq!(waited >= Duration::from_secs(5), paused, "{pair_base_url}: waited {waited:?}");
        }
    }

    #[test]
    fn retries_server_errors_with_growing_back_off_then_gives_up() {
        let c = client([
            Some(status(503, None)),
            Some(status(502, None)),
            Some(status(500, None)),
            Some(status(503, None)),
        ]);
        let err = metrics(&c).unwrap_err();
        assert_eq!(err.status(), Some(503));
        assert_eq!(c.transport.seen.borrow().len(), 4, "the default policy makes 4 attempts");
        let sleeps = c.transport.sleeps.borrow();
        assert_eq!(sleeps.len(), 3);
        for (sleep, full) in sleeps.iter().zip([250, 500, 1000]) {
            let full = Duration::from_millis(full);
            assert!(*sleep <= full && *sleep >= full / 2, "{sleep:?} within the jittered back-off of {full:?}");
        }
    }

    #[test]
    fn does_not_retry_answers_that_will_not_change() {
        for response in [status(404, None), status(400, None), HttpResponse { status: 200, ..status(200, None) }] {
            let c = client([Some(response.clone()), Some(ok_body())]);
            assert!(metrics(&c).is_err());
            assert_eq!(c.transport.seen.borrow().len(), 1, "{}", response.status);
        }
    }

    #[test]
    fn per_call_options_override_the_configuration() {
        let c = client([Some(status(503, None)), Some(ok_body())]);
        let never = CallOptions { retry: Some(RetryPolicy::NEVER), ..CallOptions::default() };
        assert!(block_on(c.send_with(&GetPoolMetrics::new(POOL), never)).is_err());
        assert_eq!(c.transport.seen.borrow().len(), 1);
    }

    #[test]
    fn a_call_with_retries_off_still_waits_its_turn_of_the_rate_limit() {
        let c = client((0..12).map(|_| Some(ok_body())));
        let never = CallOptions { retry: Some(RetryPolicy::NEVER), ..CallOptions::default() };
        for _ in 0..12 {
            block_on(c.send_with(&GetPoolMetrics::new(POOL), never)).expect("held, then sent: not refused");
        }
        assert_eq!(c.transport.now(), Duration::from_millis(200), "the 11th and 12th waited 100 ms each");
    }

    #[test]
    fn the_pool_group_is_held_to_ten_requests_per_second() {
        let c = client((0..30).map(|_| Some(ok_body())));
        for _ in 0..30 {
            metrics(&c).unwrap();
        }
        // 10 in the first burst, then one every 100 ms: the 30th goes out 2 s after the first.
        assert_eq!(c.transport.now(), Duration::from_secs(2));
        let clone = c.clone();
        clone.transport.script.borrow_mut().push_back(Some(ok_body()));
        metrics(&clone).unwrap();
        assert_eq!(clone.transport.now(), Duration::from_millis(2100), "clones share the limiter");
    }

    #[test]
    fn a_call_dropped_while_it_waits_for_the_rate_limit_gives_its_slot_back() {
        let c = client((0..40).map(|_| Some(ok_body())));
        for _ in 0..10 {
            metrics(&c).unwrap();
        }
        // The burst is spent: each of these would wait, and is dropped (aborted) while waiting.
        c.transport.hold_sleeps.set(true);
        let op = GetPoolMetrics::new(POOL);
        for _ in 0..20 {
            let call = c.send(&op);
            assert!(futures_util::FutureExt::now_or_never(call).is_none(), "held in the limiter's wait");
        }
        c.transport.hold_sleeps.set(false);
        let before = c.transport.now();
        metrics(&c).unwrap();
        assert_eq!(c.transport.now() - before, Duration::from_millis(100), "the next call waits one slot, not 21");
    }

    /// A client whose pool API allows one request every 100 s, with `answers` successful answers scripted.
    fn slow_pool_client(answers: usize) -> Client<Rc<Fake>> {
        let mut config = ClientConfig::with_base_urls("http://pair.test/", "http://pool.test/v1").unwrap();
        config.pool_rate_per_second = 0.01;
        let fake = Fake { script: RefCell::new((0..answers).map(|_| Some(ok_body())).collect()), ..Fake::default() };
        Client::new(Rc::new(fake), config)
    }

    #[test]
    fn a_rate_limit_wait_longer_than_the_time_out_ends_the_call_at_once() {
        let c = slow_pool_client(3);
        metrics(&c).unwrap();
        let err = metrics(&c).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert!(err.to_string().contains("rate limit"), "{err}");
        assert!(c.transport.sleeps.borrow().is_empty(), "no sleep past the 30 s time-out");
        assert_eq!(c.transport.seen.borrow().len(), 1, "nothing sent");
        // The refused call gave its slot back: with an hour to spare, the next call waits one slot (100 s), no more.
        let patient = CallOptions {
            timeout: Some(Some(Duration::from_secs(3600))),
            retry: Some(RetryPolicy { max_total: Duration::from_secs(3600), ..RetryPolicy::default() }),
        };
        block_on(c.send_with(&GetPoolMetrics::new(POOL), patient)).unwrap();
        assert_eq!(*c.transport.sleeps.borrow(), [Duration::from_secs(100)]);
    }

    /// Attempts made elsewhere, as the npm package's worker makes them (one per message, run by the page's loop):
    /// the first `failures` fail with `failed`, then one succeeds; the call's outcome and the attempts made.
    fn elsewhere(
        c: &Client<Rc<Fake>>,
        failures: u32,
        failed: Failed,
        options: CallOptions,
    ) -> (Result<(), String>, u32) {
        let request = GetPoolMetrics::new(POOL).request().unwrap();
        let mut tries = c.tries(&request, options);
        let outcome = block_on(async {
            loop {
                c.next_turn(&mut tries).await.map_err(|e| e.to_string())?;
                if tries.made > failures {
                    return Ok(());
                }
                if !c.back_off(&tries, failed).await {
                    return Err(format!("attempt {} failed", tries.made));
                }
            }
        });
        (outcome, tries.made)
    }

    #[test]
    fn attempts_made_elsewhere_take_their_turns_and_follow_the_retry_policy() {
        let asked = Failed { retryable: true, retry_after: Some(Duration::from_secs(2)) };
        // Each attempt takes a turn, so the next call's turn is the fourth: a 100 s wait, past its 30 s time-out.
        let c = slow_pool_client(0);
        let patient = CallOptions {
            timeout: Some(Some(Duration::from_secs(3600))),
            retry: Some(RetryPolicy { max_total: Duration::from_secs(3600), ..RetryPolicy::default() }),
        };
        assert_eq!(elsewhere(&c, 2, asked, patient), (Ok(()), 3));
        assert!(c.transport.seen.borrow().is_empty(), "the client itself sends nothing");
        // The first turn is free; each retry waits the 2 s asked, then the rest of the limiter's 100 s.
        assert_eq!(*c.transport.sleeps.borrow(), [2, 98, 2, 98].map(Duration::from_secs));
        let err = metrics(&c).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert!(err.to_string().contains("rate limit"), "{err}");
        // The policy's attempts hold (four at most), and a failure that is not retryable ends the call at once.
        let c = client([]);
        assert_eq!(elsewhere(&c, 9, asked, CallOptions::default()), (Err("attempt 4 failed".into()), 4));
        let final_failure = Failed { retryable: false, retry_after: None };
        assert_eq!(elsewhere(&c, 9, final_failure, CallOptions::default()), (Err("attempt 1 failed".into()), 1));
        // The budget holds too: a wait asked past it is not made.
        let late = Failed { retryable: true, retry_after: Some(Duration::from_secs(31)) };
        assert_eq!(elsewhere(&c, 9, late, CallOptions::default()), (Err("attempt 1 failed".into()), 1));
        // What is left after two attempts and a 2 s wait, for the rest of the call run another way.
        let request = GetPoolMetrics::new(POOL).request().unwrap();
        let mut tries = c.tries(&request, CallOptions::default());
        block_on(c.next_turn(&mut tries)).unwrap();
        assert!(block_on(c.back_off(&tries, asked)));
        block_on(c.next_turn(&mut tries)).unwrap();
        let left = c.options_left(&tries);
        let default = RetryPolicy::default();
        assert_eq!(left.timeout, Some(c.config().timeout));
        let expected =
            RetryPolicy { max_attempts: 2, max_total: default.max_total - Duration::from_secs(2), ..default };
        assert_eq!(left.retry, Some(expected));
    }

    /// Streams `body` (after the scripted answers before it) and returns the elements seen and how the call ended.
    fn stream(script: Vec<Option<HttpResponse>>) -> (Vec<String>, Result<Streamed, Error>) {
        let c = client(script);
        let request = crate::ops::All::new().request().unwrap();
        let mut seen = Vec::new();
        let ended = block_on(c.stream_items(&request, Missing::Item, CallOptions::default(), |item, url, status| {
            assert_eq!((url, status), ("http://pair.test/pair/all", 200));
            seen.push(format!("{}:{}", item.index, String::from_utf8_lossy(item.bytes)));
            Ok(())
        }));
        (seen, ended)
    }

    fn body(status: u16, text: &str) -> Option<HttpResponse> {
        Some(HttpResponse { status, headers: vec![], body: text.as_bytes().to_vec() })
    }

    #[test]
    fn streams_the_elements_of_an_array_after_retrying_failures() {
        let (seen, ended) = stream(vec![Some(status(503, None)), body(200, r#"[{"a":1}, {"a":2}]"#)]);
        assert_eq!(seen, [r#"0:{"a":1}"#, r#"1:{"a":2}"#]);
        assert!(matches!(ended, Ok(Streamed::Array { count: 2, .. })), "{ended:?}");
    }

    #[test]
    fn a_body_that_is_no_array_comes_back_whole_and_failures_stay_errors() {
        let (seen, ended) = stream(vec![body(200, r#"{"message":"no"}"#)]);
        assert!(seen.is_empty());
        let Ok(Streamed::Whole { response, .. }) = ended else { panic!("{ended:?}") };
        assert_eq!(response.body, br#"{"message":"no"}"#);
        let (_, ended) = stream(vec![body(200, "")]);
        assert!(matches!(ended, Ok(Streamed::Whole { .. })), "{ended:?}");
        let (_, ended) = stream(vec![body(404, r#"{"message":"gone"}"#)]);
        assert_eq!(ended.unwrap_err().kind(), ErrorKind::NotFound);
        let (seen, ended) = stream(vec![body(200, r#"[{"a":1},{"a":"#)]);
        assert_eq!(seen.len(), 1);
        let error = ended.unwrap_err();
        assert_eq!((error.kind(), error.decode_path()), (ErrorKind::Decode, Some("[1]")));
    }

    /// Answers 200 at once, then sends the start of an array and either stalls for ever or breaks.
    struct StallingBody {
        breaks: bool,
        clock: Cell<Duration>,
    }

    impl Transport for StallingBody {
        async fn send(&self, _: HttpRequest) -> Result<HttpResponse, TransportError> {
            unreachable!("streamed calls open")
        }
        async fn open(&self, _: HttpRequest) -> Result<crate::transport::OpenResponse, TransportError> {
            let first = futures_util::stream::iter([Ok(br#"[{"a":1},{"a":"#.to_vec())]);
            let rest: crate::transport::BodyChunks = if self.breaks {
                futures_util::stream::iter([Err(TransportError::network("connection reset"))]).boxed_local()
            } else {
                futures_util::stream::pending().boxed_local()
            };
            Ok(crate::transport::OpenResponse { status: 200, headers: vec![], body: first.chain(rest).boxed_local() })
        }
        async fn sleep(&self, duration: Duration) {
            self.clock.set(self.clock.get() + duration);
        }
        fn now(&self) -> Duration {
            self.clock.get()
        }
    }

    #[test]
    fn a_streamed_body_that_stalls_times_out_and_one_that_breaks_is_a_network_error() {
        for (breaks, kind) in [(false, ErrorKind::Timeout), (true, ErrorKind::Network)] {
            let transport = StallingBody { breaks, clock: Cell::new(Duration::ZERO) };
            let c = Client::new(transport, ClientConfig::default());
            let request = crate::ops::All::new().request().unwrap();
            let mut seen = 0;
            let ended = block_on(c.stream_items(&request, Missing::Item, CallOptions::default(), |_, _, _| {
                seen += 1;
                Ok(())
            }));
            assert_eq!((seen, ended.unwrap_err().kind()), (1, kind), "breaks: {breaks}");
            if !breaks {
                assert_eq!(c.transport().now(), DEFAULT_TIMEOUT, "the time-out covers the whole body");
            }
        }
    }

    #[test]
    fn an_element_error_ends_the_stream() {
        let c = client([body(200, "[1,2,3]")]);
        let request = crate::ops::All::new().request().unwrap();
        let mut count = 0;
        let ended = block_on(c.stream_items(&request, Missing::Item, CallOptions::default(), |item, url, _| {
            count += 1;
            if item.index == 1 { Err(Error::wrong_shape(url, Some("[1]".into()), "stop")) } else { Ok(()) }
        }));
        assert_eq!((count, ended.unwrap_err().decode_path()), (2, Some("[1]")));
    }

    #[test]
    fn a_call_dropped_during_its_back_off_sends_nothing_more_and_holds_no_slot() {
        let c = client([Some(status(503, None)), Some(ok_body()), Some(ok_body())]);
        c.transport.hold_sleeps.set(true);
        let op = GetPoolMetrics::new(POOL);
        let call = c.send(&op);
        assert!(futures_util::FutureExt::now_or_never(call).is_none(), "held in the back-off after the 503");
        assert_eq!(c.transport.seen.borrow().len(), 1, "dropped before the retry: one request only");
        c.transport.hold_sleeps.set(false);
        let before = c.transport.now();
        metrics(&c).unwrap();
        assert_eq!(c.transport.now(), before, "the next call goes out at once");
        assert_eq!(c.transport.seen.borrow().len(), 2);
    }
}
