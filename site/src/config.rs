//! Which base URLs the explorer reads: build-time defaults, overridden by the page's query parameters.

use dlmm_query::{Client, ClientConfig};
use dlmm_query_wasm::GlooTransport;

/// The pair API base URL baked in at build time (`DLMM_PAIR_BASE_URL`), else the vendor's default.
pub const BUILD_PAIR_BASE_URL: &str = match option_env!("DLMM_PAIR_BASE_URL") {
    Some(url) => url,
    None => dlmm_query::client::DEFAULT_PAIR_BASE_URL,
};

/// The pool API base URL baked in at build time (`DLMM_POOL_BASE_URL`), else the vendor's default.
pub const BUILD_POOL_BASE_URL: &str = match option_env!("DLMM_POOL_BASE_URL") {
    Some(url) => url,
    None => dlmm_query::client::DEFAULT_POOL_BASE_URL,
};

/// The base URLs in effect for this page load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteConfig {
    /// Base URL of the pair API.
    pub pair_base_url: String,
    /// Base URL of the pool API.
    pub pool_base_url: String,
}

impl SiteConfig {
    /// Chooses the base URLs: a valid `pairBaseUrl` / `poolBaseUrl` query parameter wins over the build-time default.
    pub fn resolve(query_pair: Option<String>, query_pool: Option<String>) -> Self {
        let pick = |param: Option<String>, fallback: &str| {
            param
                .filter(|url| dlmm_query::BaseUrl::parse_param("base_url", url).is_ok())
                .unwrap_or_else(|| fallback.to_owned())
        };
        Self {
            pair_base_url: pick(query_pair, BUILD_PAIR_BASE_URL),
            pool_base_url: pick(query_pool, BUILD_POOL_BASE_URL),
        }
    }

    /// Reads the query parameters of the current page.
    pub fn from_environment() -> Self {
        let params = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok());
        let get = |key: &str| params.as_ref().and_then(|p| p.get(key));
        Self::resolve(get("pairBaseUrl"), get("poolBaseUrl"))
    }

    /// A client for these base URLs (falling back to the vendor defaults if one is invalid).
    pub fn client(&self) -> Client<GlooTransport> {
        let config = ClientConfig::with_base_urls(&self.pair_base_url, &self.pool_base_url).unwrap_or_default();
        Client::new(GlooTransport, config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_override_valid_urls_only() {
        let c = SiteConfig::resolve(Some("http://127.0.0.1:1".into()), Some("javascript:alert(1)".into()));
        assert_eq!(c.pair_base_url, "http://127.0.0.1:1");
        assert_eq!(c.pool_base_url, BUILD_POOL_BASE_URL);
        assert_eq!(SiteConfig::resolve(None, None).pair_base_url, BUILD_PAIR_BASE_URL);
    }
}
