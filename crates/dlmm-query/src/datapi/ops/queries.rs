//! The query types shared by both services' list and series routes, and the wire structs they serialize to.

use serde::Serialize;

use crate::address::Address;
use crate::datapi::params::{self, DailyView, FilterBy, SortBy, Timeframe};
use crate::error::InvalidInput;
use crate::request::{ApiGroup, Request};

/// Paging setters for a builder with `page` and `page_size` fields; `$max` is the route's page-size cap.
macro_rules! paging_setters {
    ($max:literal) => {
        /// The 1-based page number (`page`, at least 1).
        pub fn page(mut self, page: u32) -> Self {
            self.page = Some(page);
            self
        }

        #[doc = concat!("The page size (`page_size`, 1 to ", $max, "; the datapi's default is 20).")]
        pub fn page_size(mut self, page_size: u32) -> Self {
            self.page_size = Some(page_size);
            self
        }

        /// The page this builder asks for (1 when not set, as on the datapi).
        pub fn page_number(&self) -> u32 {
            self.page.unwrap_or(1)
        }
    };
}

/// The paging, search, sort and filter of `/pools`, `/pools/groups` and `/pools/groups/{lexical_order_mints}`.
///
/// Every setter replaces the previous value; nothing is sent for a parameter never set (the datapi's default
/// applies: page 1, `volume_24h:desc`). The page-size cap depends on the route and is checked by the builder.
///
/// ```
/// use dlmm_query::datapi::ops::dlmm::GetPools;
/// use dlmm_query::datapi::params::{Comparison, Direction, FilterBy, NumericField, SortBy, SortField};
/// use dlmm_query::ops::Operation;
/// let r = GetPools::new()
///     .page(2)
///     .page_size(100)
///     .query("SOL")
///     .sort_by(SortBy::field(SortField::Tvl, Direction::Desc))
///     .filter_by(FilterBy::new().is_blacklisted(false).numeric(NumericField::Tvl, Comparison::Gt, 1000.0))
///     .request()
///     .unwrap();
/// assert_eq!(r.path, "/pools");
/// assert_eq!(
///     r.query,
///     "page=2&page_size=100&query=SOL&sort_by=tvl%3Adesc&filter_by=is_blacklisted%3Dfalse+%26%26+tvl%3E1000"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PoolListQuery {
    page: Option<u32>,
    page_size: Option<u32>,
    query: Option<String>,
    sort_by: Option<SortBy>,
    filter_by: Option<FilterBy>,
}

impl PoolListQuery {
    /// No parameters: the datapi's defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// The 1-based page number (`page`, at least 1).
    pub fn page(mut self, page: u32) -> Self {
        self.page = Some(page);
        self
    }

    /// The page size (`page_size`, 1 to the route's cap).
    pub fn page_size(mut self, page_size: u32) -> Self {
        self.page_size = Some(page_size);
        self
    }

    /// Free text matched against names, tokens and addresses (`query`), at most
    /// [`MAX_QUERY_CHARS`](params::MAX_QUERY_CHARS) characters.
    pub fn query(mut self, query: impl Into<String>) -> Self {
        self.query = Some(query.into());
        self
    }

    /// The order (`sort_by`).
    pub fn sort_by(mut self, sort_by: SortBy) -> Self {
        self.sort_by = Some(sort_by);
        self
    }

    /// The conditions (`filter_by`).
    pub fn filter_by(mut self, filter_by: FilterBy) -> Self {
        self.filter_by = Some(filter_by);
        self
    }

    /// The page this query asks for (1 when not set, as on the datapi).
    pub fn page_number(&self) -> u32 {
        self.page.unwrap_or(1)
    }

    /// Validates against the route's page-size cap and renders the wire struct.
    pub(crate) fn wire(&self, max_page_size: u32) -> Result<ListWire<'_>, InvalidInput> {
        Ok(ListWire {
            page: params::page(self.page)?,
            page_size: params::page_size(self.page_size, max_page_size)?,
            query: params::query(self.query.as_deref())?,
            sort_by: self.sort_by.as_ref().map(SortBy::wire).transpose()?,
            filter_by: self.filter_by.as_ref().map(FilterBy::wire).transpose()?,
            volume_tw: None,
            fee_tvl_ratio_tw: None,
        })
    }
}

/// What a list route sends. `volume_tw` and `fee_tvl_ratio_tw` are only ever set by the groups route.
#[derive(Serialize)]
pub(crate) struct ListWire<'a> {
    pub page: Option<u32>,
    pub page_size: Option<u32>,
    pub query: Option<&'a str>,
    pub sort_by: Option<String>,
    pub filter_by: Option<String>,
    pub volume_tw: Option<String>,
    pub fee_tvl_ratio_tw: Option<String>,
}

/// The query of a series: the bucket length and time range of `/pools/{address}/ohlcv` and
/// `/pools/{address}/volume/history`, or the time range and view of the daily statistics (`/stats/daily/*`, whose
/// builders set no time frame: their buckets are days).
///
/// Unset values take the datapi's defaults (`24h`, a default range ending now; the daily routes' whole history and
/// `clean` view). Times are unix seconds, inclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeriesQuery {
    timeframe: Option<Timeframe>,
    start_time: Option<u64>,
    end_time: Option<u64>,
    view: Option<DailyView>,
}

impl SeriesQuery {
    /// No parameters: the datapi's defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// The bucket length (`timeframe`).
    pub fn timeframe(mut self, timeframe: Timeframe) -> Self {
        self.timeframe = Some(timeframe);
        self
    }

    /// The first second of the range (`start_time`, unix seconds, inclusive).
    pub fn start_time(mut self, start_time: u64) -> Self {
        self.start_time = Some(start_time);
        self
    }

    /// The last second of the range (`end_time`, unix seconds, inclusive).
    pub fn end_time(mut self, end_time: u64) -> Self {
        self.end_time = Some(end_time);
        self
    }

    /// Both ends of the range at once.
    pub fn range(self, start_time: u64, end_time: u64) -> Self {
        self.start_time(start_time).end_time(end_time)
    }

    /// Which figures each day carries (`view`; the daily statistics routes only).
    pub fn view(mut self, view: DailyView) -> Self {
        self.view = Some(view);
        self
    }

    /// The bucket length asked for ([`Timeframe::H24`] when not set, as on the datapi).
    pub fn timeframe_or_default(&self) -> Timeframe {
        self.timeframe.unwrap_or_default()
    }

    /// The ends of the range asked for (`start_time`, `end_time`), each when set.
    pub fn bounds(&self) -> (Option<u64>, Option<u64>) {
        (self.start_time, self.end_time)
    }

    /// The range asked for, when both ends are set.
    pub fn time_range(&self) -> Option<(u64, u64)> {
        self.start_time.zip(self.end_time)
    }

    /// Validates and renders the wire struct.
    pub(crate) fn wire(&self) -> Result<SeriesWire, InvalidInput> {
        params::time_range(self.start_time, self.end_time)?;
        let Self { timeframe, start_time, end_time, view } = *self;
        Ok(SeriesWire { timeframe, start_time, end_time, view })
    }
}

/// The request of a series route on `group`'s service, with `query`: a pool's (`/pools/{address}` then `leaf`,
/// `["ohlcv"]` or `["volume", "history"]`) or, without an address, the protocol's (`leaf` alone,
/// `["stats", "daily", "volume"]`…). One function for every series route of both services.
pub(crate) fn series_request(
    group: ApiGroup,
    address: Option<&str>,
    leaf: &[&str],
    query: &SeriesQuery,
) -> Result<Request, InvalidInput> {
    let address = address.map(|address| Address::parse_param("address", address)).transpose()?;
    let mut segments = Vec::with_capacity(leaf.len() + 2);
    if let Some(address) = &address {
        segments.extend(["pools", address.as_str()]);
    }
    segments.extend_from_slice(leaf);
    Request::new(group, &segments, &query.wire()?)
}

/// What a series route sends.
#[derive(Serialize)]
pub(crate) struct SeriesWire {
    timeframe: Option<Timeframe>,
    start_time: Option<u64>,
    end_time: Option<u64>,
    view: Option<DailyView>,
}

/// The query of a route that takes no query parameter.
#[derive(Serialize)]
pub(crate) struct NoQuery {}

/// The paging of the limit-order lists.
#[derive(Serialize)]
pub(crate) struct PageWire {
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}
