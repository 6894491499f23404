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

/// The localStorage key of the saved pair API base URL.
pub const PAIR_KEY: &str = "dlmm-explorer.pairBaseUrl";
/// The localStorage key of the saved pool API base URL.
pub const POOL_KEY: &str = "dlmm-explorer.poolBaseUrl";

/// Whether `url` is an acceptable base URL (http or https, by the core's rules).
pub fn is_valid_base_url(url: &str) -> bool {
    dlmm_query::BaseUrl::parse_param("base_url", url).is_ok()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?.filter(|v| !v.is_empty())
}

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
        Self::resolve_with_saved(query_pair, query_pool, None, None)
    }

    /// Like [`SiteConfig::resolve`], with the URLs saved in the settings between the query and the build default.
    pub fn resolve_with_saved(
        query_pair: Option<String>,
        query_pool: Option<String>,
        saved_pair: Option<String>,
        saved_pool: Option<String>,
    ) -> Self {
        let pick = |param: Option<String>, saved: Option<String>, fallback: &str| {
            param
                .filter(|url| is_valid_base_url(url))
                .or(saved.filter(|url| is_valid_base_url(url)))
                .unwrap_or_else(|| fallback.to_owned())
        };
        Self {
            pair_base_url: pick(query_pair, saved_pair, BUILD_PAIR_BASE_URL),
            pool_base_url: pick(query_pool, saved_pool, BUILD_POOL_BASE_URL),
        }
    }

    /// Reads the query parameters of the current page, then the saved settings.
    pub fn from_environment() -> Self {
        let params = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok());
        let get = |key: &str| params.as_ref().and_then(|p| p.get(key));
        Self::resolve_with_saved(get("pairBaseUrl"), get("poolBaseUrl"), load(PAIR_KEY), load(POOL_KEY))
    }

    /// Saves both URLs in the browser (an empty value forgets the saved one).
    pub fn save(pair: &str, pool: &str) -> Result<(), String> {
        for (key, value) in [(PAIR_KEY, pair.trim()), (POOL_KEY, pool.trim())] {
            if !value.is_empty() && !is_valid_base_url(value) {
                return Err(format!("“{value}” is not an http(s) base URL"));
            }
            let storage = storage().ok_or("this browser does not allow saving settings")?;
            let result = if value.is_empty() { storage.remove_item(key) } else { storage.set_item(key, value) };
            result.map_err(|_| "the settings could not be saved".to_owned())?;
        }
        Ok(())
    }

    /// The URLs saved in the browser, if any.
    pub fn saved() -> (Option<String>, Option<String>) {
        (load(PAIR_KEY), load(POOL_KEY))
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

    #[test]
    fn saved_settings_sit_between_the_query_and_the_build_default() {
        let saved = Some("https://saved.example".to_owned());
        let c = SiteConfig::resolve_with_saved(None, Some("http://127.0.0.1:2".into()), saved.clone(), saved.clone());
        assert_eq!(c.pair_base_url, "https://saved.example");
        assert_eq!(c.pool_base_url, "http://127.0.0.1:2");
        let c = SiteConfig::resolve_with_saved(None, None, Some("ftp://x".into()), None);
        assert_eq!(c.pair_base_url, BUILD_PAIR_BASE_URL);
    }
}
