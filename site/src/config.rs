//! Where the explorer reads its data: one base URL per [`Source`], from the build, or saved in this browser.
//!
//! A link can *propose* other sources (`?pairBaseUrl=…`), but they never apply by themselves: the visitor must
//! confirm them in a panel that names the host ([`SiteConfig::proposed_by_link`]); confirmed sources are saved in
//! this browser, shown in the settings, and announced by a banner on every page with a way back to the defaults.
//! A new data source (a datapi base URL) is one more entry in [`SOURCES`].

use dlmm_query::client::{
    DEFAULT_DAMM_V2_DATAPI_BASE_URL, DEFAULT_DLMM_DATAPI_BASE_URL, DEFAULT_PAIR_BASE_URL, DEFAULT_POOL_BASE_URL,
    DEFAULT_PORTFOLIO_DATAPI_BASE_URL,
};
use dlmm_query::web::WebTransport;
use dlmm_query::{ApiGroup, BaseUrl, Client, ClientConfig};

use crate::client::SiteClient;

/// The base URL a build names in its variable (`env`, read by `option_env!`), else `default`.
const fn built(env: Option<&'static str>, default: &'static str) -> &'static str {
    match env {
        Some(url) => url,
        None => default,
    }
}

/// One base URL the explorer reads.
#[derive(Debug)]
pub struct Source {
    /// Its query parameter and settings field (`pairBaseUrl`); the browser stores it as `dlmm-explorer.<param>`.
    pub param: &'static str,
    /// What it serves, for people (`Pair API`).
    pub label: &'static str,
    /// The API it serves.
    pub group: ApiGroup,
    /// The build-time default: its variable's value at build time (`DLMM_PAIR_BASE_URL`), else the vendor's host.
    /// A path (`/api/dlmm`) is a relay on the explorer's own origin ([`absolute`]).
    pub build_default: &'static str,
    /// Puts a validated base URL into a client's configuration.
    pub apply: fn(&mut ClientConfig, BaseUrl),
}

/// Every data source, in the order the settings and the consent panel list them.
pub const SOURCES: &[Source] = &[
    Source {
        param: "pairBaseUrl",
        label: "Pair API",
        group: ApiGroup::Pair,
        build_default: built(option_env!("DLMM_PAIR_BASE_URL"), DEFAULT_PAIR_BASE_URL),
        apply: |c, url| c.pair_base_url = url,
    },
    Source {
        param: "poolBaseUrl",
        label: "Pool API",
        group: ApiGroup::Pool,
        build_default: built(option_env!("DLMM_POOL_BASE_URL"), DEFAULT_POOL_BASE_URL),
        apply: |c, url| c.pool_base_url = url,
    },
    Source {
        param: "dlmmDatapiBaseUrl",
        label: "DLMM datapi",
        group: ApiGroup::DlmmDatapi,
        build_default: built(option_env!("DLMM_DATAPI_BASE_URL"), DEFAULT_DLMM_DATAPI_BASE_URL),
        apply: |c, url| c.dlmm_datapi_base_url = url,
    },
    Source {
        param: "dammV2DatapiBaseUrl",
        label: "DAMM v2 datapi",
        group: ApiGroup::DammV2Datapi,
        build_default: built(option_env!("DAMM_V2_DATAPI_BASE_URL"), DEFAULT_DAMM_V2_DATAPI_BASE_URL),
        apply: |c, url| c.damm_v2_datapi_base_url = url,
    },
    Source {
        param: "portfolioDatapiBaseUrl",
        label: "Portfolio service",
        group: ApiGroup::PortfolioDatapi,
        build_default: built(option_env!("PORTFOLIO_DATAPI_BASE_URL"), DEFAULT_PORTFOLIO_DATAPI_BASE_URL),
        apply: |c, url| c.portfolio_datapi_base_url = url,
    },
];

/// The localStorage key where `source` is saved.
pub fn storage_key(source: &Source) -> String {
    format!("dlmm-explorer.{}", source.param)
}

/// Whether `url` is an acceptable base URL (http or https, by the core's rules).
pub fn is_valid_base_url(url: &str) -> bool {
    BaseUrl::parse_param("base_url", url).is_ok()
}

/// A base URL as a build or a visitor wrote it, made absolute: a path (`/api/dlmm`: a relay of the API on the
/// explorer's own origin, so one build serves from any host with `connect-src 'self'`) gets `page_origin()` in
/// front; anything else is kept as written. The origin is asked for only when needed.
pub fn absolute(url: &str, page_origin: impl FnOnce() -> String) -> String {
    let url = url.trim();
    match url.starts_with('/') && !url.starts_with("//") {
        true => format!("{}{url}", page_origin()),
        false => url.to_owned(),
    }
}

/// A source's build default, made [`absolute`] on this page's origin.
pub fn build_default(source: &Source) -> String {
    absolute(source.build_default, page_origin)
}

/// The host (and port) a base URL points at, as the browser parses it (`URL`), which is where its requests go:
/// `evil.example:8443`, a host of look-alike letters in punycode (`xn--…`), `\\` read as `/`; empty for no URL.
pub fn host_of(url: &str) -> String {
    web_sys::Url::new(url).map(|url| url.host()).unwrap_or_default()
}

/// The origin of a base URL (`https://host:port`), as the browser parses it and a Content-Security-Policy names it.
pub fn origin_of(url: &str) -> String {
    web_sys::Url::new(url).map(|url| url.origin()).unwrap_or_default()
}

/// Whether a CSP `connect-src` source list lets the page (at `page_origin`) fetch from `origin`: `'self'`, exact
/// origins, scheme-only sources (`https:`) and a wildcard port (`http://127.0.0.1:*`) are understood; anything
/// else is taken as not allowing it.
pub fn csp_allows(connect_src: &str, page_origin: &str, origin: &str) -> bool {
    let (scheme, host) = origin.split_once("://").unwrap_or(("", origin));
    connect_src.split_ascii_whitespace().any(|source| match source {
        "'self'" => origin == page_origin,
        "*" => true,
        s if s.ends_with(':') && !s.contains('/') => s.trim_end_matches(':') == scheme,
        s => match s.strip_suffix(":*") {
            Some(prefix) => {
                let host_only = host
                    .rsplit_once(':')
                    .map_or(host, |(h, port)| if port.chars().all(|c| c.is_ascii_digit()) { h } else { host });
                prefix == format!("{scheme}://{host_only}")
            }
            None => s.trim_end_matches('/') == origin,
        },
    })
}

/// The `connect-src` of this page's Content-Security-Policy, if it has one.
pub fn page_connect_src() -> Option<String> {
    let document = web_sys::window()?.document()?;
    let meta = document.query_selector(r#"meta[http-equiv="Content-Security-Policy"]"#).ok()??;
    let policy = meta.get_attribute("content")?;
    policy.split(';').map(str::trim).find_map(|d| d.strip_prefix("connect-src ").map(str::to_owned))
}

/// This page's origin (`https://explorer.example`).
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?.filter(|v| !v.is_empty())
}

/// A base URL a link proposes, different from the one in effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// Which source.
    pub source: &'static Source,
    /// The proposed base URL (valid).
    pub url: String,
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.param == other.param
    }
}

impl Eq for Source {}

/// The base URLs in effect for this page load, one per entry of [`SOURCES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteConfig {
    urls: Vec<String>,
}

impl Default for SiteConfig {
    fn default() -> Self {
        Self { urls: SOURCES.iter().map(build_default).collect() }
    }
}

impl SiteConfig {
    /// The build defaults, with the sources named by `param` replaced (invalid URLs and unknown names are ignored).
    pub fn with(overrides: &[(&str, &str)]) -> Self {
        let mut config = Self::default();
        for (param, url) in overrides {
            config.set(param, url);
        }
        config
    }

    /// Each source's saved URL (read by `saved`, given the source) if valid, else its build default.
    pub fn resolve(saved: impl Fn(&Source) -> Option<String>) -> Self {
        let urls = SOURCES
            .iter()
            .map(|s| {
                let saved = saved(s).map(|url| absolute(&url, page_origin)).filter(|url| is_valid_base_url(url));
                saved.unwrap_or_else(|| build_default(s))
            })
            .collect();
        Self { urls }
    }

    /// The configuration for this page load: the sources saved in this browser, else the build defaults. Query
    /// parameters do not count here: see [`SiteConfig::proposed_by_link`].
    pub fn from_environment() -> Self {
        Self::resolve(|s| load(&storage_key(s)))
    }

    fn set(&mut self, param: &str, url: &str) {
        if let Some(i) = SOURCES.iter().position(|s| s.param == param)
            && is_valid_base_url(url)
        {
            self.urls[i] = url.trim().trim_end_matches('/').to_owned();
        }
    }

    /// The base URL in effect for the source named `param` (its build default if there is no such source).
    pub fn url(&self, param: &str) -> &str {
        SOURCES.iter().position(|s| s.param == param).and_then(|i| self.urls.get(i)).map_or("", String::as_str)
    }

    /// Base URL of the pair API.
    pub fn pair_base_url(&self) -> &str {
        self.url("pairBaseUrl")
    }

    /// Base URL of the pool API.
    pub fn pool_base_url(&self) -> &str {
        self.url("poolBaseUrl")
    }

    /// Whether the pair API points at a keeper-compatible host (anything but the retired vendor default).
    pub fn pair_api_configured(&self) -> bool {
        !same_url(self.pair_base_url(), DEFAULT_PAIR_BASE_URL)
    }

    /// Whether the pool API points at a keeper-compatible host (anything but the retired vendor default).
    pub fn pool_api_configured(&self) -> bool {
        !same_url(self.pool_base_url(), DEFAULT_POOL_BASE_URL)
    }

    /// Whether any keeper host is configured: the keeper pages are offered in the navigation.
    pub fn keeper_configured(&self) -> bool {
        self.pair_api_configured() || self.pool_api_configured()
    }

    /// The source whose base URL in effect `url` starts with (the longest match), if exactly one: what an error
    /// names. Sources sharing that base URL make it ambiguous (`None`).
    pub fn source_of_url(&self, url: &str) -> Option<(&'static Source, &str)> {
        let matches: Vec<_> = self
            .entries()
            .filter(|(_, base)| {
                let base = base.trim_end_matches('/');
                url.strip_prefix(base).is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?']))
            })
            .collect();
        let longest = matches.iter().map(|(_, base)| base.len()).max()?;
        let mut best = matches.into_iter().filter(|(_, base)| base.len() == longest);
        let first = best.next()?;
        best.next().is_none().then_some(first)
    }

    /// Every source with the URL in effect.
    pub fn entries(&self) -> impl Iterator<Item = (&'static Source, &str)> {
        SOURCES.iter().zip(self.urls.iter().map(String::as_str))
    }

    /// The sources whose URL in effect is not the build default (what the banner announces).
    pub fn non_default(&self) -> Vec<(&'static Source, &str)> {
        self.entries().filter(|(s, url)| !same_url(url, &build_default(s))).collect()
    }

    /// The sources a link's query parameters (read by `param`) propose to change: valid URLs that differ from the
    /// ones in effect. None of them applies until the visitor confirms.
    pub fn proposed_by_link(&self, param: impl Fn(&str) -> Option<String>) -> Vec<Proposal> {
        self.entries()
            .filter_map(|(source, current)| {
                let url = param(source.param)?.trim().trim_end_matches('/').to_owned();
                (is_valid_base_url(&url) && !same_url(&url, current)).then_some(Proposal { source, url })
            })
            .collect()
    }

    /// A client for these base URLs (a source whose URL is invalid keeps the vendor default).
    pub fn client(&self) -> SiteClient {
        let mut config = ClientConfig::default();
        for (source, url) in self.entries() {
            if let Ok(url) = BaseUrl::parse_param("base_url", url) {
                (source.apply)(&mut config, url);
            }
        }
        SiteClient::new(Client::new(WebTransport::default(), config))
    }

    /// Saves the given sources in this browser (an empty value forgets the saved one); all are checked first.
    pub fn save(values: &[(&'static Source, String)]) -> Result<(), String> {
        for (_, value) in values {
            let value = value.trim();
            if !value.is_empty() && !is_valid_base_url(&absolute(value, page_origin)) {
                return Err(format!("“{value}” is not an http(s) base URL nor a path on this site"));
            }
        }
        let storage = storage().ok_or("this browser does not allow saving settings")?;
        for (source, value) in values {
            let (key, value) = (storage_key(source), value.trim());
            let result = if value.is_empty() { storage.remove_item(&key) } else { storage.set_item(&key, value) };
            result.map_err(|_| "the settings could not be saved".to_owned())?;
        }
        Ok(())
    }

    /// Forgets every saved source: back to the build defaults.
    pub fn forget_saved() -> Result<(), String> {
        Self::save(&SOURCES.iter().map(|s| (s, String::new())).collect::<Vec<_>>())
    }

    /// The URL saved in this browser for each source, if any.
    pub fn saved() -> Vec<(&'static Source, Option<String>)> {
        SOURCES.iter().map(|s| (s, load(&storage_key(s)))).collect()
    }
}

fn same_url(a: &str, b: &str) -> bool {
    a.trim().trim_end_matches('/') == b.trim().trim_end_matches('/')
}

/// Reads a query parameter of the current page.
pub fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search).ok()?.get(name)
}

/// The current page's address without the sources' query parameters (after a visitor answered the proposal).
pub fn current_url_without_sources() -> Option<String> {
    let location = web_sys::window()?.location();
    let url = web_sys::Url::new(&location.href().ok()?).ok()?;
    for source in SOURCES {
        url.search_params().delete(source.param);
    }
    Some(url.href())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url_state::testing::from_pairs;

    const BUILD_PAIR_BASE_URL: &str = SOURCES[0].build_default;

    #[test]
    fn a_link_only_proposes_and_never_applies() {
        let config = SiteConfig::resolve(|_| None);
        assert_eq!(config, SiteConfig::default());
        assert_eq!(config.pair_base_url(), BUILD_PAIR_BASE_URL);
        let link = [("pairBaseUrl", "https://evil.example/api/"), ("poolBaseUrl", "javascript:alert(1)")];
        let proposals = config.proposed_by_link(from_pairs(&link));
        assert_eq!(proposals.len(), 1, "the invalid pool URL is not proposed: {proposals:?}");
        assert_eq!((proposals[0].source.param, proposals[0].url.as_str()), ("pairBaseUrl", "https://evil.example/api"));
        // The configuration itself is untouched by the link.
        assert_eq!(config.pair_base_url(), BUILD_PAIR_BASE_URL);
        assert!(config.non_default().is_empty());
        // A link naming the sources already in effect proposes nothing.
        let same = [("pairBaseUrl", BUILD_PAIR_BASE_URL), ("poolBaseUrl", SOURCES[1].build_default)];
        assert!(config.proposed_by_link(from_pairs(&same)).is_empty());
    }

    #[test]
    fn saved_sources_apply_and_are_announced() {
        let saved = |s: &Source| (s.param == "poolBaseUrl").then(|| "http://127.0.0.1:2".to_owned());
        let config = SiteConfig::resolve(saved);
        assert_eq!((config.pair_base_url(), config.pool_base_url()), (BUILD_PAIR_BASE_URL, "http://127.0.0.1:2"));
        let announced: Vec<_> = config.non_default().iter().map(|(s, url)| (s.param, url.to_string())).collect();
        assert_eq!(announced, [("poolBaseUrl", "http://127.0.0.1:2".to_owned())]);
        let config = SiteConfig::resolve(|_| Some("ftp://x".into()));
        assert_eq!(config, SiteConfig::default(), "invalid saved URLs fall back to the build defaults");
        let config = SiteConfig::with(&[("pairBaseUrl", "https://mirror.example"), ("nope", "https://x.example")]);
        assert_eq!(config.pair_base_url(), "https://mirror.example");
        assert_eq!(config.url("nope"), "");
        assert_eq!(storage_key(&SOURCES[0]), "dlmm-explorer.pairBaseUrl");
        assert_eq!(storage_key(&SOURCES[1]), "dlmm-explorer.poolBaseUrl");
    }

    #[test]
    fn keeper_pages_are_offered_only_with_a_keeper_host() {
        let retired =
            SiteConfig::with(&[("pairBaseUrl", DEFAULT_PAIR_BASE_URL), ("poolBaseUrl", DEFAULT_POOL_BASE_URL)]);
        assert!(!retired.keeper_configured());
        let mirror =
            SiteConfig::with(&[("pairBaseUrl", "http://127.0.0.1:4100/"), ("poolBaseUrl", DEFAULT_POOL_BASE_URL)]);
        assert!(mirror.keeper_configured() && mirror.pair_api_configured() && !mirror.pool_api_configured());
    }

    #[test]
    fn an_error_url_names_its_source() {
        let config = SiteConfig::with(&[
            ("pairBaseUrl", "http://127.0.0.1:4100"),
            ("poolBaseUrl", "http://127.0.0.1:4100/pool"),
            ("dlmmDatapiBaseUrl", "https://dlmm.example"),
        ]);
        let label = |url: &str| config.source_of_url(url).map(|(s, _)| s.label);
        assert_eq!(label("https://dlmm.example/pools?page=1"), Some("DLMM datapi"));
        assert_eq!(label("http://127.0.0.1:4100/pool/pools/x/metrics"), Some("Pool API"));
        assert_eq!(label("http://127.0.0.1:4100/pair/all"), Some("Pair API"));
        assert_eq!(label("https://dlmm.example.evil/pools"), None);
        assert_eq!(label("https://other.example/"), None);
        let shared = SiteConfig::with(&[("pairBaseUrl", "http://127.0.0.1:9"), ("poolBaseUrl", "http://127.0.0.1:9")]);
        assert!(shared.source_of_url("http://127.0.0.1:9/pair/all").is_none(), "two sources share it: ambiguous");
    }

    #[test]
    fn a_path_is_a_relay_on_the_pages_own_origin() {
        let origin = || "https://explorer.example".to_owned();
        assert_eq!(absolute("/api/dlmm", origin), "https://explorer.example/api/dlmm");
        assert_eq!(absolute(" /explorer/api/pool ", origin), "https://explorer.example/explorer/api/pool");
        let never = || -> String { unreachable!("an absolute URL needs no origin") };
        assert_eq!(absolute("https://dlmm.datapi.meteora.ag", never), "https://dlmm.datapi.meteora.ag");
        assert_eq!(absolute("//evil.example/api", never), "//evil.example/api", "protocol-relative is not a path");
        assert!(!is_valid_base_url(&absolute("//evil.example/api", never)));
        assert!(is_valid_base_url(&absolute("/api/dlmm", origin)));
    }

    #[test]
    fn the_csp_decides_which_hosts_can_be_reached() {
        let narrow = "'self' http://127.0.0.1:4100";
        let page = "https://explorer.example";
        assert!(csp_allows(narrow, page, "http://127.0.0.1:4100"));
        assert!(csp_allows(narrow, page, page));
        assert!(!csp_allows(narrow, page, "https://evil.example"));
        assert!(!csp_allows(narrow, page, "http://127.0.0.1:4101"));
        let loopback = "'self' http://127.0.0.1:* http://localhost:*";
        assert!(csp_allows(loopback, page, "http://127.0.0.1:9"));
        assert!(!csp_allows(loopback, page, "http://127.0.0.2:9"));
        assert!(csp_allows("'self' https:", page, "https://evil.example"));
        assert!(!csp_allows("'self' https:", page, "http://evil.example"));
    }
}
