//! The [`Client`]: base URLs and policies around any [`Transport`], with one method per operation.

use std::pin::pin;
use std::time::Duration;

use futures_util::future::{Either, select};

use crate::error::{Error, InvalidInput, TransportError};
use crate::ops::Operation;
use crate::request::{ApiGroup, BaseUrl};
use crate::response;
use crate::transport::{HttpRequest, HttpResponse, Transport};

/// The vendor's pair-group base URL (retired 2026-03-15; point the client at the replica or a mirror instead).
pub const DEFAULT_PAIR_BASE_URL: &str = "https://dlmm-api.meteora.ag";
/// The vendor's pool-group base URL (retired 2026-03-15).
pub const DEFAULT_POOL_BASE_URL: &str = "https://dammv2-api.meteora.ag";
/// How long one request may take by default.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// Where the two APIs live and how requests are sent.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Base URL of the pair group.
    pub pair_base_url: BaseUrl,
    /// Base URL of the pool group.
    pub pool_base_url: BaseUrl,
    /// Time limit of each request; `None` waits forever.
    pub timeout: Option<Duration>,
    /// Extra headers sent with every request.
    pub headers: Vec<(String, String)>,
}

impl Default for ClientConfig {
    fn default() -> Self {
        Self {
            pair_base_url: BaseUrl::parse_param("pair_base_url", DEFAULT_PAIR_BASE_URL).expect("valid default"),
            pool_base_url: BaseUrl::parse_param("pool_base_url", DEFAULT_POOL_BASE_URL).expect("valid default"),
            timeout: Some(DEFAULT_TIMEOUT),
            headers: Vec::new(),
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

    /// The base URL serving `group`.
    pub fn base_url(&self, group: ApiGroup) -> &BaseUrl {
        match group {
            ApiGroup::Pair => &self.pair_base_url,
            ApiGroup::Pool => &self.pool_base_url,
        }
    }
}

/// A client of both APIs over the transport `T`.
#[derive(Clone, Debug)]
pub struct Client<T> {
    transport: T,
    config: ClientConfig,
}

impl<T: Transport> Client<T> {
    /// A client with the given transport and configuration.
    pub fn new(transport: T, config: ClientConfig) -> Self {
        Self { transport, config }
    }

    /// The configuration in use.
    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// Sends any operation and decodes its response.
    pub async fn send<O: Operation>(&self, operation: &O) -> Result<O::Output, Error> {
        let request = operation.request()?;
        let url = request.url(self.config.base_url(request.group));
        let http = HttpRequest { url: url.clone(), headers: self.config.headers.clone() };
        let response = self.fetch(http).await.map_err(|error| Error::Transport { url: url.clone(), error })?;
        response::interpret::<O>(&url, &response)
    }

    async fn fetch(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let Some(limit) = self.config.timeout else {
            return self.transport.send(request).await;
        };
        let send = pin!(self.transport.send(request));
        let sleep = pin!(self.transport.sleep(limit));
        match select(send, sleep).await {
            Either::Left((result, _)) => result,
            Either::Right(_) => Err(TransportError::timeout(limit)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::future::Future;

    use super::*;
    use crate::error::ErrorKind;
    use crate::ops::GetPoolMetrics;

    const POOL: &str = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";

    /// Answers every request with a canned response and records the URLs it was asked for.
    struct Fake {
        response: Option<HttpResponse>,
        seen: RefCell<Vec<HttpRequest>>,
    }

    impl Transport for Fake {
        fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
            self.seen.borrow_mut().push(request);
            let response = self.response.clone();
            async move {
                match response {
                    Some(r) => Ok(r),
                    None => futures_util::future::pending().await,
                }
            }
        }
        fn sleep(&self, _: Duration) -> impl Future<Output = ()> {
            std::future::ready(())
        }
    }

    fn client(response: Option<HttpResponse>) -> Client<Fake> {
        let config = ClientConfig::with_base_urls("http://pair.test/", "http://pool.test/v1").unwrap();
        Client::new(Fake { response, seen: RefCell::default() }, config)
    }

    fn block_on<F: Future>(f: F) -> F::Output {
        futures_util::FutureExt::now_or_never(f).expect("fakes resolve at once")
    }

    #[test]
    fn sends_to_the_pool_base_url_and_unwraps_the_envelope() {
        let body = format!(
            r#"{{"status":200,"data":{{"pool_address":"{POOL}","volume24h":1,"lp_fee24h":1,"protocol_fee24h":1,
            "partner_fee24h":1,"referral_fee24h":1,"volume7d":1,"lp_fee7d":1,"protocol_fee7d":1,"partner_fee7d":1,
            "referral_fee7d":1,"tvl":1,"volume30d":1,"lp_fee30d":1,"protocol_fee30d":1,"partner_fee30d":1,
            "referral_fee30d":1,"apr":1,"fee_tvl_ratio":1,"updated_at":1}}}}"#
        );
        let c = client(Some(HttpResponse { status: 200, headers: vec![], body: body.into_bytes() }));
        let m = block_on(c.get_pool_metrics(GetPoolMetrics::new(POOL).case_sensitive(false))).unwrap();
        assert_eq!(m.pool_address, POOL);
        assert_eq!(
            c.transport.seen.borrow()[0].url,
            format!("http://pool.test/v1/pools/{POOL}/metrics?case_sensitive=false")
        );
    }

    #[test]
    fn invalid_input_sends_nothing() {
        let c = client(None);
        let err = block_on(c.get_pool_metrics(GetPoolMetrics::new("nope"))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert!(c.transport.seen.borrow().is_empty());
    }

    #[test]
    fn a_hanging_server_times_out() {
        let c = client(None);
        let err = block_on(c.get_pool_metrics(GetPoolMetrics::new(POOL))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Timeout);
        assert_eq!(err.url(), Some(&*format!("http://pool.test/v1/pools/{POOL}/metrics")));
    }
}
