//! Query-string parsing: the list operations' shared parameters, the analytics' counts, and address checks.
//!
//! Arrays arrive as repeated keys (`tags=a&tags=b`), bracketed keys (`tags[]=a`) or comma-separated values
//! (`tags=a,b`); all three are accepted. An empty value counts as absent. Unknown keys are ignored; the fault
//! parameter `__fault` is never an error.

use crate::dataset::{Pair, SortKey};

/// The longest base58 text of 32 bytes.
pub const MAX_ADDRESS_LEN: usize = 44;
/// The most entries one query parameter may carry (repeated keys and comma-separated values counted together).
pub const MAX_LIST_ENTRIES: usize = 100;
/// The longest value of one query parameter, in bytes (a `filter_by` or `query` text included).
pub const MAX_VALUE_BYTES: usize = 1024;

/// Checks the caps of a raw query string: at most [`MAX_LIST_ENTRIES`] entries per parameter and
/// [`MAX_VALUE_BYTES`] per value. The error names the parameter.
pub fn check_query_limits(params: &[(String, String)]) -> Result<(), String> {
    if params.len() > 4 * MAX_LIST_ENTRIES {
        return Err(format!("{} parameters is more than {}", params.len(), 4 * MAX_LIST_ENTRIES));
    }
    let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (key, value) in params {
        if key.len() > MAX_VALUE_BYTES {
            return Err(format!("a parameter name of {} bytes is longer than {MAX_VALUE_BYTES}", key.len()));
        }
        let name = param_name(key);
        if value.len() > MAX_VALUE_BYTES {
            return Err(format!("{name}: a value of {} bytes is longer than {MAX_VALUE_BYTES}", value.len()));
        }
        let count = counts.entry(name).or_insert(0);
        *count += split_values(value).count().max(1);
        if *count > MAX_LIST_ENTRIES {
            return Err(format!("{name}: more than {MAX_LIST_ENTRIES} entries"));
        }
    }
    Ok(())
}

/// `hide_low_apr=true` hides pairs whose `apr` (a 24 h percent) is below this.
pub const LOW_APR_PERCENT: f64 = 0.01;
/// The largest `limit`.
pub const MAX_LIMIT: usize = 1_000;

/// The parsed parameters of the three list operations.
#[derive(Clone, Debug, PartialEq)]
pub struct ListQuery {
    /// 0-based page.
    pub page: usize,
    /// Items per page (1..=1000).
    pub limit: usize,
    /// Extra items skipped before the page.
    pub skip_size: usize,
    /// Pair addresses placed first.
    pub pools_to_top: Vec<String>,
    /// Sort key.
    pub sort_key: SortKey,
    /// Descending (the default) or ascending.
    pub descending: bool,
    /// Case-insensitive substring of name or mints (lowercased here).
    pub search_term: Option<String>,
    /// Whether pairs with an unverified token are included.
    pub include_unknown: bool,
    /// Hide pairs whose TVL is below this many USD.
    pub hide_low_tvl: Option<f64>,
    /// Hide pairs whose APR is below [`LOW_APR_PERCENT`].
    pub hide_low_apr: bool,
    /// Keep pairs holding one of these mints.
    pub include_token_mints: Vec<String>,
    /// Keep pairs of exactly these two mints (either order).
    pub include_pool_token_pairs: Vec<(String, String)>,
    /// Keep pairs with one of these tags.
    pub tags: Vec<String>,
    /// Keep pairs from one of these launchpads.
    pub launchpad: Vec<String>,
}

impl Default for ListQuery {
    fn default() -> Self {
        Self {
            page: 0,
            limit: 50,
            skip_size: 0,
            pools_to_top: Vec::new(),
            sort_key: SortKey::Volume,
            descending: true,
            search_term: None,
            include_unknown: true,
            hide_low_tvl: None,
            hide_low_apr: false,
            include_token_mints: Vec::new(),
            include_pool_token_pairs: Vec::new(),
            tags: Vec::new(),
            launchpad: Vec::new(),
        }
    }
}

impl ListQuery {
    /// Whether `pair` passes every filter (paging and `pools_to_top` aside), testing `search_term` by a scan of
    /// the name and mints (the reference the indexed search of the listing must agree with).
    pub fn matches(&self, pair: &Pair) -> bool {
        if !self.matches_except_search(pair) {
            return false;
        }
        if let Some(term) = &self.search_term {
            let hit = pair.name.to_lowercase().contains(term.as_str())
                || pair.mint_x.to_lowercase().contains(term.as_str())
                || pair.mint_y.to_lowercase().contains(term.as_str());
            if !hit {
                return false;
            }
        }
        true
    }

    /// Whether `pair` passes every filter but `search_term` (which the listing answers from the search index).
    pub fn matches_except_search(&self, pair: &Pair) -> bool {
        if !self.include_unknown && !pair.is_verified {
            return false;
        }
        if self.hide_low_tvl.is_some_and(|min| pair.liquidity_usd < min) {
            return false;
        }
        if self.hide_low_apr && pair.apr < LOW_APR_PERCENT {
            return false;
        }
        if !self.include_token_mints.is_empty()
            && !self.include_token_mints.iter().any(|m| **m == *pair.mint_x || **m == *pair.mint_y)
        {
            return false;
        }
        if !self.include_pool_token_pairs.is_empty()
            && !self.include_pool_token_pairs.iter().any(|(a, b)| {
                (**a == *pair.mint_x && **b == *pair.mint_y) || (**a == *pair.mint_y && **b == *pair.mint_x)
            })
        {
            return false;
        }
        if !self.tags.is_empty() && !pair.tags.iter().any(|t| self.tags.iter().any(|w| w == t)) {
            return false;
        }
        if !self.launchpad.is_empty() && !pair.launchpad.is_some_and(|l| self.launchpad.iter().any(|w| w == l)) {
            return false;
        }
        true
    }
}

/// The parameter name without a trailing `[]` (or `[n]`).
pub fn param_name(key: &str) -> &str {
    match key.find('[') {
        Some(at) if key.ends_with(']') => &key[..at],
        _ => key,
    }
}

/// The comma-separated parts of a value, trimmed, empty parts dropped.
pub fn split_values(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|v| !v.is_empty())
}

/// Whether `text` is a base58 Solana address (32 bytes).
///
/// Text longer than [`MAX_ADDRESS_LEN`] (or shorter than 32 characters) is rejected before any base58 decoding, whose
/// cost grows with the square of the length.
pub fn is_address(text: &str) -> bool {
    (32..=MAX_ADDRESS_LEN).contains(&text.len()) && bs58::decode(text).into_vec().is_ok_and(|bytes| bytes.len() == 32)
}

/// Parses `true` or `false`.
pub fn parse_bool(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name} must be true or false, not {value:?}")),
    }
}

fn parse_count(name: &str, value: &str) -> Result<usize, String> {
    value.parse::<usize>().map_err(|_| format!("{name} must be a non-negative integer, not {value:?}"))
}

fn checked_address(name: &str, value: &str) -> Result<String, String> {
    if is_address(value) { Ok(value.to_string()) } else { Err(format!("{name}: {value:?} is not a valid address")) }
}

/// Parses the shared parameters of the list operations. Any invalid value is an error message for a 400.
pub fn parse_list_query(params: &[(String, String)]) -> Result<ListQuery, String> {
    let mut q = ListQuery::default();
    for (key, value) in params {
        let name = param_name(key);
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        match name {
            "page" => q.page = parse_count(name, value)?,
            "limit" => {
                q.limit = parse_count(name, value)?;
                if !(1..=MAX_LIMIT).contains(&q.limit) {
                    return Err(format!("limit must be between 1 and {MAX_LIMIT}, not {value}"));
                }
            }
            "skip_size" => q.skip_size = parse_count(name, value)?,
            "sort_key" => q.sort_key = SortKey::parse(value).ok_or_else(|| format!("unknown sort_key {value:?}"))?,
            "order_by" => {
                q.descending = match value {
                    "desc" => true,
                    "asc" => false,
                    _ => return Err(format!("order_by must be asc or desc, not {value:?}")),
                }
            }
            "search_term" => q.search_term = Some(value.to_lowercase()),
            "include_unknown" => q.include_unknown = parse_bool(name, value)?,
            "hide_low_apr" => q.hide_low_apr = parse_bool(name, value)?,
            "hide_low_tvl" => {
                let min = value.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
                q.hide_low_tvl =
                    Some(min.ok_or_else(|| format!("hide_low_tvl must be a non-negative number, not {value:?}"))?);
            }
            "pools_to_top" => {
                for v in split_values(value) {
                    q.pools_to_top.push(checked_address(name, v)?);
                }
            }
            "include_token_mints" => {
                for v in split_values(value) {
                    q.include_token_mints.push(checked_address(name, v)?);
                }
            }
            "include_pool_token_pairs" => {
                for v in split_values(value) {
                    let (a, b) = v.split_once('-').ok_or_else(|| format!("{name}: {v:?} is not mintA-mintB"))?;
                    q.include_pool_token_pairs.push((checked_address(name, a)?, checked_address(name, b)?));
                }
            }
            "tags" => q.tags.extend(split_values(value).map(str::to_string)),
            "launchpad" => q.launchpad.extend(split_values(value).map(str::to_string)),
            _ => {}
        }
    }
    Ok(q)
}

/// `include_unknown` of `/pair/all` (default true).
pub fn parse_include_unknown(params: &[(String, String)]) -> Result<bool, String> {
    let mut include = true;
    for (key, value) in params {
        if param_name(key) == "include_unknown" && !value.is_empty() {
            include = parse_bool("include_unknown", value)?;
        }
    }
    Ok(include)
}

/// A required count in `1..=255` (`num_of_days`, `rows_to_take`).
pub fn parse_required_count(params: &[(String, String)], name: &str) -> Result<usize, String> {
    let value = params
        .iter()
        .rev()
        .find(|(key, _)| param_name(key) == name)
        .map(|(_, v)| v.trim())
        .ok_or_else(|| format!("{name} is required"))?;
    match value.parse::<usize>() {
        Ok(n) if (1..=255).contains(&n) => Ok(n),
        _ => Err(format!("{name} must be an integer between 1 and 255, not {value:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOL: &str = "So11111111111111111111111111111111111111112";
    const USDC: &str = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

    fn params(query: &str) -> Vec<(String, String)> {
        query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (k.to_string(), v.to_string())
            })
            .collect()
    }

    #[test]
    fn defaults() {
        assert_eq!(parse_list_query(&[]).unwrap(), ListQuery::default());
        let q = ListQuery::default();
        assert_eq!(
            (q.page, q.limit, q.sort_key, q.descending, q.include_unknown),
            (0, 50, SortKey::Volume, true, true)
        );
    }

    #[test]
    fn every_value_kind() {
        let q = parse_list_query(&params(
            "page=3&limit=1000&skip_size=2&sort_key=feetvlratio4h&order_by=asc&search_term=SoL&include_unknown=false\
             &hide_low_tvl=12.5&hide_low_apr=true&__fault=status%3D500",
        ))
        .unwrap();
        assert_eq!((q.page, q.limit, q.skip_size), (3, 1000, 2));
        assert_eq!(q.sort_key, SortKey::FeeTvlRatio4h);
        assert!(!q.descending && !q.include_unknown && q.hide_low_apr);
        assert_eq!(q.search_term.as_deref(), Some("sol"));
        assert_eq!(q.hide_low_tvl, Some(12.5));
    }

    #[test]
    fn arrays_in_three_spellings() {
        for query in ["tags=a&tags=b", "tags[]=a&tags[]=b", "tags=a,b", "tags[]=a,b", "tags=a&tags[0]=b"] {
            assert_eq!(parse_list_query(&params(query)).unwrap().tags, ["a", "b"], "{query}");
        }
        let q =
            parse_list_query(&params(&format!("include_pool_token_pairs={SOL}-{USDC}&include_token_mints[]={SOL}")))
                .unwrap();
        assert_eq!(q.include_pool_token_pairs, [(SOL.to_string(), USDC.to_string())]);
        assert_eq!(q.include_token_mints, [SOL]);
    }

    #[test]
    fn invalid_values_are_errors() {
        for query in [
            "page=x",
            "page=-1",
            "limit=0",
            "limit=1001",
            "sort_key=price",
            "order_by=up",
            "hide_low_tvl=-1",
            "hide_low_tvl=abc",
            "include_unknown=yes",
            "hide_low_apr=1",
            "pools_to_top=notanaddress",
            "include_token_mints=0OIl",
            "include_pool_token_pairs=abc",
        ] {
            assert!(parse_list_query(&params(query)).is_err(), "{query} should be rejected");
        }
        assert!(parse_list_query(&params("page=&limit=&unknown_key=1")).is_ok());
    }

    #[test]
    fn required_counts() {
        assert_eq!(parse_required_count(&params("num_of_days=255"), "num_of_days"), Ok(255));
        assert_eq!(parse_required_count(&params("num_of_days=1"), "num_of_days"), Ok(1));
        for query in ["", "num_of_days=0", "num_of_days=256", "num_of_days=x", "num_of_days=-3"] {
            assert!(parse_required_count(&params(query), "num_of_days").is_err(), "{query}");
        }
        assert_eq!(parse_include_unknown(&params("include_unknown=false")), Ok(false));
        assert!(parse_include_unknown(&params("include_unknown=0")).is_err());
    }

    #[test]
    fn names_and_addresses() {
        assert_eq!(param_name("tags[]"), "tags");
        assert_eq!(param_name("tags[3]"), "tags");
        assert_eq!(param_name("tags"), "tags");
        assert!(is_address(SOL) && is_address("11111111111111111111111111111111"));
        assert!(!is_address("So1111") && !is_address("0OIl"));
    }
}
