//! Requests as plain values: which API group, the percent-encoded path and the query string. No I/O here.

use std::fmt;

use serde::Serialize;

use crate::error::InvalidInput;

/// What a route's "missing" answers mean, for naming the error: which statuses say the item (or the route) is not
/// there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Missing {
    /// HTTP 404 says there is no such item (the default).
    #[default]
    Item,
    /// HTTP 404 says there is no such item, and so does HTTP 500: the keeper's answer for a position or pair group
    /// it never indexed.
    ItemOrNotIndexed,
    /// HTTP 404 says this service does not serve the route: a route that names no item, which one host may lack.
    Route,
    /// As [`Route`](Self::Route), and so does the HTTP 400 a host answers when its router, lacking the route, reads
    /// the segment after `/pools/` as a pool address and finds none there (`invalid_pubkey`, the live DLMM host's
    /// answer to the group routes, which its July 2026 spec no longer lists).
    RouteReadAsPool,
}

/// What a host's answer to a pool address that is not one says (the live DLMM router's word).
pub const NOT_A_POOL_ADDRESS: &str = "invalid_pubkey";

/// The vendor's APIs, each with its own base URL: the two retired keeper groups and the two live datapi services.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ApiGroup {
    /// The DLMM pair API: pairs, groups, analytics, positions, wallets, protocol metrics. Bare JSON bodies.
    Pair,
    /// The pool API (`/pools/{address}/metrics`). Bodies wrapped in `{data, error, status}`.
    Pool,
    /// The live DLMM datapi (see [`crate::datapi`]). Bare JSON bodies; errors are `{message}` or plain text.
    DlmmDatapi,
    /// The live DAMM v2 datapi (see [`crate::datapi`]). Bare JSON bodies; errors are `{message}` or plain text.
    DammV2Datapi,
    /// The live portfolio service (undocumented, see [`crate::datapi::ops::portfolio`]): a wallet's performance,
    /// balances and daily profit and loss. Bare JSON bodies, errors as the datapi's.
    PortfolioDatapi,
}

impl ApiGroup {
    /// Every group, in declaration order (`group as usize` is its index here).
    pub const ALL: [Self; 5] = [Self::Pair, Self::Pool, Self::DlmmDatapi, Self::DammV2Datapi, Self::PortfolioDatapi];

    /// True for the live services (the two datapi services and the portfolio service).
    pub const fn is_datapi(self) -> bool {
        matches!(self, Self::DlmmDatapi | Self::DammV2Datapi | Self::PortfolioDatapi)
    }
}

/// A request described as data: what a [`Transport`](crate::Transport) needs, minus the base URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Which API (and so which base URL) this goes to.
    pub group: ApiGroup,
    /// The path, starting with `/`, each segment percent-encoded.
    pub path: String,
    /// The query string without the leading `?` (empty when there are no parameters). Arrays are repeated keys.
    pub query: String,
    /// At most this many bytes of answer, when less than the transport's cap: set for a route answering one item
    /// ([`Request::for_output`]), so a hostile server cannot make a single pool a 256 MiB answer.
    pub max_body_bytes: Option<usize>,
}

/// The largest answer accepted from a route that answers one item (an output holding no list of objects): 8 MiB,
/// thousands of times a real one.
pub const SINGLE_ITEM_MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

impl Request {
    /// Builds a request for `group` from raw path `segments` and a serializable `query` struct (written by
    /// [`crate::query_string`]: its fields as pairs, sequences as repeated keys, `None` left out).
    ///
    /// Each segment is percent-encoded, so no input can add a segment, a query or a fragment to the path.
    pub fn new(group: ApiGroup, segments: &[&str], query: &impl Serialize) -> Result<Self, InvalidInput> {
        Self::from_parts(group, segments, crate::query_string::to_string(query))
    }

    /// [`Request::new`] once its query is written: the part that does not depend on the query's type, so one copy of
    /// it serves every query type.
    #[inline(never)]
    fn from_parts(
        group: ApiGroup,
        segments: &[&str],
        query: Result<String, crate::query_string::Unsupported>,
    ) -> Result<Self, InvalidInput> {
        let mut path = String::new();
        for segment in segments {
            path.push('/');
            encode_segment(segment, &mut path);
        }
        let query = query.map_err(|e| InvalidInput::new("query", format!("cannot be encoded: {e}")))?;
        Ok(Self { group, path, query, max_body_bytes: None })
    }

    /// This request, capped at [`SINGLE_ITEM_MAX_BODY_BYTES`] when its answer has the shape of one item (no list of
    /// objects anywhere in `output`); lists keep the transport's cap.
    pub fn for_output(mut self, output: &crate::shape::Shape) -> Self {
        if !crate::shape::lists_objects(output) {
            self.max_body_bytes = Some(SINGLE_ITEM_MAX_BODY_BYTES);
        }
        self
    }

    /// The full URL of this request under `base`.
    pub fn url(&self, base: &BaseUrl) -> String {
        let mut url = String::with_capacity(base.0.len() + self.path.len() + self.query.len() + 1);
        url.push_str(&base.0);
        url.push_str(&self.path);
        if !self.query.is_empty() {
            url.push('?');
            url.push_str(&self.query);
        }
        url
    }
}

/// Appends `segment` to `out`, percent-encoding everything but RFC 3986 unreserved characters.
fn encode_segment(segment: &str, out: &mut String) {
    for &b in segment.as_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            crate::query_string::push_percent_escape(b, out);
        }
    }
    if segment == "." || segment == ".." {
        // A dot segment would be resolved away by URL parsers; encode it so it stays a literal value.
        out.truncate(out.len() - segment.len());
        out.push_str(&"%2E".repeat(segment.len()));
    }
}

/// An absolute `http`/`https` base URL without a trailing slash, validated once.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Validates `text` as the base URL named `parameter` (e.g. `pair_base_url`).
    pub fn parse_param(parameter: &'static str, text: &str) -> Result<Self, InvalidInput> {
        let t = text.trim();
        let rest = t
            .strip_prefix("https://")
            .or_else(|| t.strip_prefix("http://"))
            .ok_or_else(|| InvalidInput::new(parameter, format!("{t:?} must start with http:// or https://")))?;
        let host = rest.split('/').next().unwrap_or_default();
        if host.is_empty() || host.starts_with(':') {
            return Err(InvalidInput::new(parameter, format!("{t:?} has no host")));
        }
        if let Some(bad) = t.chars().find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#')) {
            return Err(InvalidInput::new(
                parameter,
                format!("{t:?} contains {bad:?}; a base URL has no spaces, query or fragment"),
            ));
        }
        if host.contains('@') {
            return Err(InvalidInput::new(parameter, format!("{t:?} contains credentials; they are not supported")));
        }
        // A browser reads `\` as `/` and decodes `%` escapes in a host: `https://evil.example\.x.meteora.ag` goes to
        // `evil.example`. Refused, so that the host anyone reads in a base URL is the host it reaches.
        if t.contains('\\') || host.contains('%') {
            return Err(InvalidInput::new(
                parameter,
                format!("{t:?} contains `\\` or a `%` escape in its host, which a browser reads otherwise"),
            ));
        }
        Ok(Self(t.trim_end_matches('/').to_owned()))
    }

    /// The URL text, without a trailing slash.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `other` reaches the same host: the same scheme, host and port (the scheme's default port written or
    /// not, letters in any case), whatever the paths.
    ///
    /// ```
    /// use dlmm_query::BaseUrl;
    /// let url = |t| BaseUrl::parse_param("base_url", t).unwrap();
    /// assert!(url("https://Site.Example:443/api/dlmm").same_host(&url("https://site.example/api/damm-v2")));
    /// assert!(!url("http://127.0.0.1:8080").same_host(&url("http://127.0.0.1:8081")));
    /// assert!(!url("http://site.example").same_host(&url("https://site.example")));
    /// ```
    pub fn same_host(&self, other: &BaseUrl) -> bool {
        let ((scheme, host), (other_scheme, other_host)) = (self.scheme_and_host(), other.scheme_and_host());
        scheme.eq_ignore_ascii_case(other_scheme) && host.eq_ignore_ascii_case(other_host)
    }

    /// The scheme and the `host[:port]` (without the scheme's default port).
    fn scheme_and_host(&self) -> (&str, &str) {
        let (scheme, rest) = self.0.split_once("://").unwrap_or(("", &self.0));
        let authority = rest.split('/').next().unwrap_or_default();
        let default_port = if scheme.eq_ignore_ascii_case("https") { ":443" } else { ":80" };
        (scheme, authority.strip_suffix(default_port).unwrap_or(authority))
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BaseUrl({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Q {
        #[serde(skip_serializing_if = "Option::is_none")]
        flag: Option<bool>,
        tags: Vec<&'static str>,
    }

    #[test]
    fn paths_are_encoded_and_queries_repeat_keys() {
        let q = Q { flag: Some(false), tags: vec!["a b", "c&d"] };
        let r = Request::new(ApiGroup::Pair, &["pair", "x/y?z#w", ".."], &q).unwrap();
        assert_eq!(r.path, "/pair/x%2Fy%3Fz%23w/%2E%2E");
        assert_eq!(r.query, "flag=false&tags=a+b&tags=c%26d");
        let base = BaseUrl::parse_param("pair_base_url", "http://127.0.0.1:8080/").unwrap();
        assert_eq!(r.url(&base), "http://127.0.0.1:8080/pair/x%2Fy%3Fz%23w/%2E%2E?flag=false&tags=a+b&tags=c%26d");
        let empty = Request::new(ApiGroup::Pool, &["pools"], &Q { flag: None, tags: vec![] }).unwrap();
        assert_eq!(empty.url(&base), "http://127.0.0.1:8080/pools");
    }

    #[test]
    fn base_urls_are_validated_and_normalized() {
        let ok = |s: &str| BaseUrl::parse_param("b", s).unwrap().as_str().to_owned();
        assert_eq!(ok("https://dlmm-api.meteora.ag"), "https://dlmm-api.meteora.ag");
        assert_eq!(ok(" http://127.0.0.1:9/api/// "), "http://127.0.0.1:9/api");
        for bad in ["", "ftp://x", "http://", "http:///x", "https://a b", "http://x/?q=1", "http://x/#f", "http://u@x"]
            .into_iter()
            .chain([r"https://evil.example\.x.meteora.ag", "https://%65vil.example", r"https://x\@y"])
        {
            let e = BaseUrl::parse_param("pair_base_url", bad).unwrap_err();
            assert_eq!(e.parameter, "pair_base_url", "{bad}");
        }
    }
}
