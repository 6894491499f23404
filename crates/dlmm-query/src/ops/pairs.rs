//! The pair lists and single pairs: `/pair/all`, `/pair/all_by_groups`, `/pair/all_by_groups_metadata`,
//! `/pair/all_with_pagination`, `/pair/group_pair/{lexical_order_mints}` and `/pair/{pair_address}`.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::validate;
use super::{LexicalOrderMints, Operation};
use crate::address::Address;
use crate::error::InvalidInput;
use crate::models::{AllGroupOfPairs, AllGroupOfPairsMetadata, AllPairsWithPagination, PairInfo};
use crate::request::{ApiGroup, Missing, Request};

/// The largest `limit` (page size) a list request may ask for.
pub const MAX_LIMIT: u32 = 1000;
/// The page size the server uses when `limit` is not sent.
pub const DEFAULT_LIMIT: u32 = 50;
/// The longest `search_term`, in characters.
pub const MAX_SEARCH_TERM_CHARS: usize = 200;
/// The longest entry of `tags` or `launchpad`, in characters.
pub const MAX_TAG_CHARS: usize = 64;

/// What a pair list is sorted by (`sort_key`). The server's default is [`PairSortKey::Volume`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PairSortKey {
    /// Total value locked.
    Tvl,
    /// 24 h trading volume.
    Volume,
    /// 24 h fee / TVL.
    FeeTvlRatio,
    /// Farm (liquidity mining) APR.
    Lm,
    /// Fee / TVL over 30 minutes.
    FeeTvlRatio30m,
    /// Fee / TVL over 1 hour.
    FeeTvlRatio1h,
    /// Fee / TVL over 2 hours.
    FeeTvlRatio2h,
    /// Fee / TVL over 4 hours.
    FeeTvlRatio4h,
    /// Fee / TVL over 12 hours.
    FeeTvlRatio12h,
    /// Volume over 30 minutes.
    Volume30m,
    /// Volume over 1 hour.
    Volume1h,
    /// Volume over 2 hours.
    Volume2h,
    /// Volume over 4 hours.
    Volume4h,
    /// Volume over 12 hours.
    Volume12h,
}

impl PairSortKey {
    /// Every sort key, in the spec's order.
    pub const ALL: [Self; 14] = [
        Self::Tvl,
        Self::Volume,
        Self::FeeTvlRatio,
        Self::Lm,
        Self::FeeTvlRatio30m,
        Self::FeeTvlRatio1h,
        Self::FeeTvlRatio2h,
        Self::FeeTvlRatio4h,
        Self::FeeTvlRatio12h,
        Self::Volume30m,
        Self::Volume1h,
        Self::Volume2h,
        Self::Volume4h,
        Self::Volume12h,
    ];

    /// The wire name (`"feetvlratio30m"`, …).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Tvl => "tvl",
            Self::Volume => "volume",
            Self::FeeTvlRatio => "feetvlratio",
            Self::Lm => "lm",
            Self::FeeTvlRatio30m => "feetvlratio30m",
            Self::FeeTvlRatio1h => "feetvlratio1h",
            Self::FeeTvlRatio2h => "feetvlratio2h",
            Self::FeeTvlRatio4h => "feetvlratio4h",
            Self::FeeTvlRatio12h => "feetvlratio12h",
            Self::Volume30m => "volume30m",
            Self::Volume1h => "volume1h",
            Self::Volume2h => "volume2h",
            Self::Volume4h => "volume4h",
            Self::Volume12h => "volume12h",
        }
    }
}

impl fmt::Display for PairSortKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PairSortKey {
    type Err = InvalidInput;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|k| k.as_str().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            InvalidInput::new(
                "sort_key",
                format!(
                    "{:?} is not one of tvl, volume, feetvlratio, lm, feetvlratio30m…12h, volume30m…12h",
                    validate::snip(s)
                ),
            )
        })
    }
}

/// Sort direction (`order_by`). The server's default is [`OrderBy::Desc`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OrderBy {
    /// Smallest first.
    Asc,
    /// Largest first.
    Desc,
}

impl OrderBy {
    /// Both directions.
    pub const ALL: [Self; 2] = [Self::Asc, Self::Desc];

    /// The wire name (`"asc"` or `"desc"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Asc => "asc",
            Self::Desc => "desc",
        }
    }
}

impl fmt::Display for OrderBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OrderBy {
    type Err = InvalidInput;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "asc" => Ok(Self::Asc),
            "desc" => Ok(Self::Desc),
            _ => Err(InvalidInput::new("order_by", format!("{:?} is neither asc nor desc", validate::snip(s)))),
        }
    }
}

/// The filters, sorting and paging shared by [`AllByGroups`], [`AllByGroupsMetadata`] and [`AllWithPagination`].
///
/// Every setter replaces the previous value. Nothing is sent for a parameter never set (the server's default applies).
/// Arrays are sent as repeated keys (`tags=a&tags=b`).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PairListQuery {
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skip_size: Option<u64>,
    pools_to_top: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sort_key: Option<PairSortKey>,
    #[serde(skip_serializing_if = "Option::is_none")]
    order_by: Option<OrderBy>,
    #[serde(skip_serializing_if = "Option::is_none")]
    search_term: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    include_unknown: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hide_low_tvl: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hide_low_apr: Option<bool>,
    include_token_mints: Vec<String>,
    include_pool_token_pairs: Vec<String>,
    tags: Vec<String>,
    launchpad: Vec<String>,
}

fn strings<I: IntoIterator<Item = S>, S: Into<String>>(values: I) -> Vec<String> {
    values.into_iter().map(Into::into).collect()
}

impl PairListQuery {
    /// No parameters: the server's defaults (page 0, 50 per page, sorted by volume, descending).
    pub fn new() -> Self {
        Self::default()
    }

    /// The page this query asks for (0 when not set, as on the server).
    pub fn page_number(&self) -> u64 {
        self.page.unwrap_or(0)
    }

    /// The page size this query asks for ([`DEFAULT_LIMIT`] when not set, as on the server).
    pub fn page_size(&self) -> u32 {
        self.limit.unwrap_or(DEFAULT_LIMIT)
    }

    /// The 0-based page number (`page`).
    pub fn page(mut self, page: u64) -> Self {
        self.page = Some(page);
        self
    }

    /// The page size (`limit`), 1 to [`MAX_LIMIT`].
    pub fn limit(mut self, limit: u32) -> Self {
        self.limit = Some(limit);
        self
    }

    /// How many items to skip before the first page (`skip_size`).
    pub fn skip_size(mut self, skip_size: u64) -> Self {
        self.skip_size = Some(skip_size);
        self
    }

    /// Pair addresses to list first (`pools_to_top`).
    pub fn pools_to_top<I: IntoIterator<Item = S>, S: Into<String>>(mut self, pairs: I) -> Self {
        self.pools_to_top = strings(pairs);
        self
    }

    /// What to sort by (`sort_key`).
    pub fn sort_key(mut self, sort_key: PairSortKey) -> Self {
        self.sort_key = Some(sort_key);
        self
    }

    /// Sort direction (`order_by`).
    pub fn order_by(mut self, order_by: OrderBy) -> Self {
        self.order_by = Some(order_by);
        self
    }

    /// Text to match in names and addresses (`search_term`), at most [`MAX_SEARCH_TERM_CHARS`] characters.
    pub fn search_term(mut self, search_term: impl Into<String>) -> Self {
        self.search_term = Some(search_term.into());
        self
    }

    /// Whether to include pairs of unverified tokens (`include_unknown`; the server's default is true).
    pub fn include_unknown(mut self, include_unknown: bool) -> Self {
        self.include_unknown = Some(include_unknown);
        self
    }

    /// Leave out pairs whose TVL is below this many USD (`hide_low_tvl`; finite, at least 0).
    pub fn hide_low_tvl(mut self, min_tvl_usd: f64) -> Self {
        self.hide_low_tvl = Some(min_tvl_usd);
        self
    }

    /// Whether to leave out pairs with a low APR (`hide_low_apr`).
    pub fn hide_low_apr(mut self, hide_low_apr: bool) -> Self {
        self.hide_low_apr = Some(hide_low_apr);
        self
    }

    /// Only pairs trading one of these mints (`include_token_mints`).
    pub fn include_token_mints<I: IntoIterator<Item = S>, S: Into<String>>(mut self, mints: I) -> Self {
        self.include_token_mints = strings(mints);
        self
    }

    /// Only pairs trading one of these mint pairs, each `"mintA-mintB"` (`include_pool_token_pairs`).
    pub fn include_pool_token_pairs<I: IntoIterator<Item = S>, S: Into<String>>(mut self, pairs: I) -> Self {
        self.include_pool_token_pairs = strings(pairs);
        self
    }

    /// Only pairs with one of these tags (`tags`; each 1 to [`MAX_TAG_CHARS`] characters).
    pub fn tags<I: IntoIterator<Item = S>, S: Into<String>>(mut self, tags: I) -> Self {
        self.tags = strings(tags);
        self
    }

    /// Only pairs from one of these launchpads (`launchpad`; each 1 to [`MAX_TAG_CHARS`] characters).
    pub fn launchpad<I: IntoIterator<Item = S>, S: Into<String>>(mut self, launchpads: I) -> Self {
        self.launchpad = strings(launchpads);
        self
    }

    /// Checks every parameter and returns the query as it will be sent (addresses trimmed).
    pub fn validated(&self) -> Result<Self, InvalidInput> {
        const SIGNED_MAX: u64 = i64::MAX as u64;
        let mut q = self.clone();
        if let Some(limit) = q.limit
            && !(1..=MAX_LIMIT).contains(&limit)
        {
            return Err(InvalidInput::new("limit", format!("is {limit}; it must be from 1 to {MAX_LIMIT}")));
        }
        if let Some(page) = q.page {
            let size = u64::from(q.limit.unwrap_or(DEFAULT_LIMIT));
            if page.checked_mul(size).is_none_or(|offset| offset > SIGNED_MAX) {
                return Err(InvalidInput::new(
                    "page",
                    format!("is {page}; page × limit must stay below 2^63 (the server's offset)"),
                ));
            }
        }
        if let Some(skip) = q.skip_size
            && skip > SIGNED_MAX
        {
            return Err(InvalidInput::new("skip_size", format!("is {skip}; it must stay below 2^63")));
        }
        q.pools_to_top = validate::addresses("pools_to_top", &q.pools_to_top)?;
        if let Some(term) = &q.search_term {
            validate::text("search_term", term, MAX_SEARCH_TERM_CHARS, true)?;
        }
        if let Some(tvl) = q.hide_low_tvl
            && !(tvl.is_finite() && tvl >= 0.0)
        {
            return Err(InvalidInput::new(
                "hide_low_tvl",
                format!("is {}; it must be a finite USD amount ≥ 0", crate::float::text(tvl)),
            ));
        }
        q.include_token_mints = validate::addresses("include_token_mints", &q.include_token_mints)?;
        q.include_pool_token_pairs.clear();
        for pair in &self.include_pool_token_pairs {
            let (a, b) = validate::mint_pair("include_pool_token_pairs", pair)?;
            q.include_pool_token_pairs.push(format!("{a}-{b}"));
        }
        for tag in &q.tags {
            validate::text("tags", tag, MAX_TAG_CHARS, false)?;
        }
        for launchpad in &q.launchpad {
            validate::text("launchpad", launchpad, MAX_TAG_CHARS, false)?;
        }
        if q.hide_low_tvl == Some(-0.0) {
            q.hide_low_tvl = Some(0.0);
        }
        Ok(q)
    }
}

/// Declares a pair-list operation that wraps a [`PairListQuery`] and forwards its setters.
macro_rules! pair_list_op {
    ($(#[$doc:meta])* $name:ident, $path:literal, $output:ty) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $name {
            query: PairListQuery,
        }

        impl $name {
            /// The operation with no parameters (the server's defaults).
            #[inline]
            pub fn new() -> Self {
                Self::default()
            }

            /// The operation with a prepared query.
            pub fn from_query(query: PairListQuery) -> Self {
                Self { query }
            }

            /// The query as set so far.
            pub fn query(&self) -> &PairListQuery {
                &self.query
            }

            /// See [`PairListQuery::page`].
            pub fn page(self, page: u64) -> Self {
                Self { query: self.query.page(page) }
            }
            /// See [`PairListQuery::limit`].
            pub fn limit(self, limit: u32) -> Self {
                Self { query: self.query.limit(limit) }
            }
            /// See [`PairListQuery::skip_size`].
            pub fn skip_size(self, skip_size: u64) -> Self {
                Self { query: self.query.skip_size(skip_size) }
            }
            /// See [`PairListQuery::pools_to_top`].
            pub fn pools_to_top<I: IntoIterator<Item = S>, S: Into<String>>(self, pairs: I) -> Self {
                Self { query: self.query.pools_to_top(pairs) }
            }
            /// See [`PairListQuery::sort_key`].
            pub fn sort_key(self, sort_key: PairSortKey) -> Self {
                Self { query: self.query.sort_key(sort_key) }
            }
            /// See [`PairListQuery::order_by`].
            pub fn order_by(self, order_by: OrderBy) -> Self {
                Self { query: self.query.order_by(order_by) }
            }
            /// See [`PairListQuery::search_term`].
            pub fn search_term(self, search_term: impl Into<String>) -> Self {
                Self { query: self.query.search_term(search_term) }
            }
            /// See [`PairListQuery::include_unknown`].
            pub fn include_unknown(self, include_unknown: bool) -> Self {
                Self { query: self.query.include_unknown(include_unknown) }
            }
            /// See [`PairListQuery::hide_low_tvl`].
            pub fn hide_low_tvl(self, min_tvl_usd: f64) -> Self {
                Self { query: self.query.hide_low_tvl(min_tvl_usd) }
            }
            /// See [`PairListQuery::hide_low_apr`].
            pub fn hide_low_apr(self, hide_low_apr: bool) -> Self {
                Self { query: self.query.hide_low_apr(hide_low_apr) }
            }
            /// See [`PairListQuery::include_token_mints`].
            pub fn include_token_mints<I: IntoIterator<Item = S>, S: Into<String>>(self, mints: I) -> Self {
                Self { query: self.query.include_token_mints(mints) }
            }
            /// See [`PairListQuery::include_pool_token_pairs`].
            pub fn include_pool_token_pairs<I: IntoIterator<Item = S>, S: Into<String>>(self, pairs: I) -> Self {
                Self { query: self.query.include_pool_token_pairs(pairs) }
            }
            /// See [`PairListQuery::tags`].
            pub fn tags<I: IntoIterator<Item = S>, S: Into<String>>(self, tags: I) -> Self {
                Self { query: self.query.tags(tags) }
            }
            /// See [`PairListQuery::launchpad`].
            pub fn launchpad<I: IntoIterator<Item = S>, S: Into<String>>(self, launchpads: I) -> Self {
                Self { query: self.query.launchpad(launchpads) }
            }
        }

        impl From<PairListQuery> for $name {
            fn from(query: PairListQuery) -> Self {
                Self { query }
            }
        }

        impl Operation for $name {
            type Output = $output;
            const GROUP: ApiGroup = ApiGroup::Pair;

            fn request(&self) -> Result<Request, InvalidInput> {
                Request::new(ApiGroup::Pair, &["pair", $path], &self.query.validated()?)
            }
        }
    };
}

pair_list_op!(
    /// `GET /pair/all_by_groups`: pairs grouped by their two mints, one page of groups.
    ///
    /// ```
    /// use dlmm_query::ops::{AllByGroups, Operation, PairSortKey};
    /// let r = AllByGroups::new().limit(10).sort_key(PairSortKey::FeeTvlRatio1h).tags(["stable", "lst"]).request().unwrap();
    /// assert_eq!(r.path, "/pair/all_by_groups");
    /// assert_eq!(r.query, "limit=10&sort_key=feetvlratio1h&tags=stable&tags=lst");
    /// ```
    AllByGroups,
    "all_by_groups",
    AllGroupOfPairs
);

pair_list_op!(
    /// `GET /pair/all_by_groups_metadata`: aggregates of pair groups, one page.
    AllByGroupsMetadata,
    "all_by_groups_metadata",
    AllGroupOfPairsMetadata
);

pair_list_op!(
    /// `GET /pair/all_with_pagination`: pairs, one page.
    AllWithPagination,
    "all_with_pagination",
    AllPairsWithPagination
);

/// `GET /pair/all`: every pair (over 100 MB of JSON on the vendor's mainnet; prefer the paged lists).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct All {
    #[serde(skip_serializing_if = "Option::is_none")]
    include_unknown: Option<bool>,
}

impl All {
    /// Every pair, with the server's default for unverified tokens (included).
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether to include pairs of unverified tokens (`include_unknown`).
    pub fn include_unknown(mut self, include_unknown: bool) -> Self {
        self.include_unknown = Some(include_unknown);
        self
    }
}

impl Operation for All {
    type Output = Vec<PairInfo>;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        Request::new(ApiGroup::Pair, &["pair", "all"], self)
    }
}

/// `GET /pair/group_pair/{lexical_order_mints}`: every pair trading the same two mints.
///
/// The vendor answers HTTP 500 for a group it never indexed; the client reports that as "not found".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GetSingleGroupPair {
    #[serde(skip)]
    lexical_order_mints: String,
}

impl GetSingleGroupPair {
    /// The group with key `lexical_order_mints` (`"<mintA>-<mintB>"` in byte-wise order; validated on request).
    /// Pass a [`LexicalOrderMints`] (it converts into a `String`) to have the key built from two mints.
    pub fn new(lexical_order_mints: impl Into<String>) -> Self {
        Self { lexical_order_mints: lexical_order_mints.into() }
    }

    /// The group trading `mint_a` and `mint_b`, in either order.
    pub fn for_mints(mint_a: &str, mint_b: &str) -> Result<Self, InvalidInput> {
        LexicalOrderMints::from_mints(mint_a, mint_b).map(Self::new)
    }
}

impl Operation for GetSingleGroupPair {
    type Output = Vec<PairInfo>;
    const GROUP: ApiGroup = ApiGroup::Pair;
    const MISSING: Missing = Missing::ItemOrNotIndexed;

    fn request(&self) -> Result<Request, InvalidInput> {
        let key = LexicalOrderMints::parse(&self.lexical_order_mints)?;
        Request::new(ApiGroup::Pair, &["pair", "group_pair", key.as_str()], self)
    }
}

/// `GET /pair/{pair_address}`: one pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GetPair {
    #[serde(skip)]
    pair_address: String,
}

impl GetPair {
    /// The pair at `pair_address` (validated on request).
    pub fn new(pair_address: impl Into<String>) -> Self {
        Self { pair_address: pair_address.into() }
    }
}

impl Operation for GetPair {
    type Output = PairInfo;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        let pair = Address::parse_param("pair_address", &self.pair_address)?;
        Request::new(ApiGroup::Pair, &["pair", pair.as_str()], self)
    }
}
