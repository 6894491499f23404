//! The seven routes both services share (`/pools`, `/pools/groups`, `/pools/groups/{lexical_order_mints}`,
//! `/pools/{address}`, its `/ohlcv` and `/volume/history`, and `/stats/protocol_metrics`), declared once by
//! [`pool_routes!`] and instantiated in [`super::dlmm`] and [`super::damm_v2`] with each service's group and models.

/// Setters delegating to a builder's `list: PoolListQuery`.
macro_rules! list_setters {
    () => {
        /// The 1-based page number (`page`, at least 1).
        pub fn page(mut self, page: u32) -> Self {
            self.list = self.list.page(page);
            self
        }

        /// The page size (`page_size`, 1 to this route's cap).
        pub fn page_size(mut self, page_size: u32) -> Self {
            self.list = self.list.page_size(page_size);
            self
        }

        /// Free text matched against names, tokens and addresses (`query`).
        pub fn query(mut self, query: impl Into<String>) -> Self {
            self.list = self.list.query(query);
            self
        }

        /// The order (`sort_by`).
        pub fn sort_by(mut self, sort_by: $crate::datapi::params::SortBy) -> Self {
            self.list = self.list.sort_by(sort_by);
            self
        }

        /// The conditions (`filter_by`).
        pub fn filter_by(mut self, filter_by: $crate::datapi::params::FilterBy) -> Self {
            self.list = self.list.filter_by(filter_by);
            self
        }

        /// Replaces the whole list query.
        pub fn with_list(mut self, list: $crate::datapi::ops::PoolListQuery) -> Self {
            self.list = list;
            self
        }

        /// The list query this builder carries.
        pub fn list(&self) -> &$crate::datapi::ops::PoolListQuery {
            &self.list
        }
    };
}

/// Setters delegating to a pool series builder's `series: SeriesQuery`.
macro_rules! series_setters {
    () => {
        /// The bucket length (`timeframe`; the datapi's default is `24h`).
        pub fn timeframe(mut self, timeframe: $crate::datapi::params::Timeframe) -> Self {
            self.series = self.series.timeframe(timeframe);
            self
        }

        range_setters!();
    };
}

/// The range setters of a series builder's `series: SeriesQuery`, and its getter.
macro_rules! range_setters {
    () => {
        /// The first second of the range (`start_time`, unix seconds, inclusive).
        pub fn start_time(mut self, start_time: u64) -> Self {
            self.series = self.series.start_time(start_time);
            self
        }

        /// The last second of the range (`end_time`, unix seconds, inclusive).
        pub fn end_time(mut self, end_time: u64) -> Self {
            self.series = self.series.end_time(end_time);
            self
        }

        /// Both ends of the range (unix seconds, inclusive; `start_time <= end_time`).
        pub fn range(mut self, start_time: u64, end_time: u64) -> Self {
            self.series = self.series.range(start_time, end_time);
            self
        }

        /// The series query this builder carries.
        pub fn series(&self) -> &$crate::datapi::ops::SeriesQuery {
            &self.series
        }
    };
}

/// A pool's series route in a `pool_routes!` expansion (whose `GROUP` it is on): the builder `$name` of the path
/// `/pools/{address}/<$leaf…>`, answering [`Timeseries`] of `$bucket`.
macro_rules! series_route {
    ($(#[$doc:meta])* $name:ident, [$($leaf:literal),+], $bucket:ty) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            address: String,
            series: SeriesQuery,
        }

        impl $name {
            /// For the pool at `address` (validated on request), with the datapi's default time frame and range.
            pub fn new(address: impl Into<String>) -> Self {
                Self { address: address.into(), series: SeriesQuery::default() }
            }

            series_setters!();

            /// The route's path after the pool's address.
            const LEAF: &'static [&'static str] = &[$($leaf),+];

            /// The service, the path after the pool's address and the address: with [`Self::series`], this request
            /// as plain data, for the code every series shares.
            pub(crate) fn route_parts(&self) -> (ApiGroup, &'static [&'static str], Option<&str>) {
                (GROUP, Self::LEAF, Some(&self.address))
            }
        }

        impl Operation for $name {
            type Output = Timeseries<$bucket>;
            const GROUP: ApiGroup = GROUP;

            fn request(&self) -> Result<Request, InvalidInput> {
                series_request(GROUP, Some(&self.address), Self::LEAF, &self.series)
            }
        }
    };
}

/// Declares the seven shared routes for one service: `$service` names it in docs, `$group` is its [`ApiGroup`]
/// and `$models` its module under [`crate::datapi::models`].
///
/// [`ApiGroup`]: crate::request::ApiGroup
macro_rules! pool_routes {
    ($service:literal, $group:expr, $models:ident) => {
        use $crate::address::Address;
        use $crate::datapi::models::{Candle, Paginated, ProtocolMetrics, Timeseries, VolumeBucket};
        use $crate::datapi::ops::{NoQuery, PoolListQuery, SeriesQuery, series_request};
        use $crate::datapi::params::{MAX_GROUPS_PAGE_SIZE, MAX_POOLS_PAGE_SIZE, Timeframe};
        use $crate::error::InvalidInput;
        use $crate::ops::{LexicalOrderMints, Operation};
        use $crate::request::{ApiGroup, Request};

        /// The API group of this service.
        const GROUP: ApiGroup = $group;

        #[doc = concat!("`GET /pools` on the ", $service, ": one page of pools (`page_size` at most 1000).")]
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct GetPools {
            list: PoolListQuery,
        }

        impl GetPools {
            /// The first page in the default order.
            pub fn new() -> Self {
                Self::default()
            }

            list_setters!();
        }

        impl Operation for GetPools {
            type Output = Paginated<$crate::datapi::models::$models::Pool>;
            const GROUP: ApiGroup = GROUP;

            fn request(&self) -> Result<Request, InvalidInput> {
                Request::new(GROUP, &["pools"], &self.list.wire(MAX_POOLS_PAGE_SIZE)?)
            }
        }

        #[doc = concat!("`GET /pools/groups` on the ", $service, ": one page of pool groups")]
        /// (the pools trading the same two mints; `page_size` at most 100), with the windows their volume and fee/TVL
        /// are aggregated over.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct GetGroups {
            list: PoolListQuery,
            volume_tw: Option<Timeframe>,
            fee_tvl_ratio_tw: Option<Timeframe>,
        }

        impl GetGroups {
            /// The first page in the default order.
            pub fn new() -> Self {
                Self::default()
            }

            list_setters!();

            /// The window each group's volume is summed over (`volume_tw`, sent as `volume_<window>`; default 24h).
            pub fn volume_tw(mut self, window: Timeframe) -> Self {
                self.volume_tw = Some(window);
                self
            }

            /// The window of each group's (maximum) fee/TVL ratio (`fee_tvl_ratio_tw`, sent as
            /// `fee_tvl_ratio_<window>`; default 24h).
            pub fn fee_tvl_ratio_tw(mut self, window: Timeframe) -> Self {
                self.fee_tvl_ratio_tw = Some(window);
                self
            }
        }

        impl Operation for GetGroups {
            type Output = Paginated<$crate::datapi::models::$models::Group>;
            const GROUP: ApiGroup = GROUP;
            const MISSING: $crate::request::Missing = $crate::request::Missing::RouteReadAsPool;

            fn request(&self) -> Result<Request, InvalidInput> {
                let mut wire = self.list.wire(MAX_GROUPS_PAGE_SIZE)?;
                wire.volume_tw = self.volume_tw.map(|w| format!("volume_{w}"));
                wire.fee_tvl_ratio_tw = self.fee_tvl_ratio_tw.map(|w| format!("fee_tvl_ratio_{w}"));
                Request::new(GROUP, &["pools", "groups"], &wire)
            }
        }

        #[doc = concat!("`GET /pools/groups/{lexical_order_mints}` on the ", $service, ":")]
        /// one page of the pools trading two mints (`page_size` at most 100). The key is checked like the keeper's ([`LexicalOrderMints::parse`]).
        #[derive(Clone, Debug, PartialEq)]
        pub struct GetGroup {
            lexical_order_mints: String,
            list: PoolListQuery,
        }

        impl GetGroup {
            /// For the group `lexical_order_mints` (`"<mintA>-<mintB>"` in byte-wise order, or a
            /// [`LexicalOrderMints`]), validated on request.
            pub fn new(lexical_order_mints: impl Into<String>) -> Self {
                Self { lexical_order_mints: lexical_order_mints.into(), list: PoolListQuery::default() }
            }

            list_setters!();
        }

        impl Operation for GetGroup {
            type Output = Paginated<$crate::datapi::models::$models::Pool>;
            const GROUP: ApiGroup = GROUP;
            const MISSING: $crate::request::Missing = $crate::request::Missing::RouteReadAsPool;

            fn request(&self) -> Result<Request, InvalidInput> {
                let key = LexicalOrderMints::parse(&self.lexical_order_mints)?;
                Request::new(GROUP, &["pools", "groups", key.as_str()], &self.list.wire(MAX_GROUPS_PAGE_SIZE)?)
            }
        }

        #[doc = concat!("`GET /pools/{address}` on the ", $service, ": one pool (HTTP 404 when unknown).")]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct GetPool {
            address: String,
        }

        impl GetPool {
            /// For the pool at `address` (validated on request).
            pub fn new(address: impl Into<String>) -> Self {
                Self { address: address.into() }
            }
        }

        impl Operation for GetPool {
            type Output = $crate::datapi::models::$models::Pool;
            const GROUP: ApiGroup = GROUP;

            fn request(&self) -> Result<Request, InvalidInput> {
                let address = Address::parse_param("address", &self.address)?;
                Request::new(GROUP, &["pools", address.as_str()], &NoQuery {})
            }
        }

        series_route!(
            #[doc = concat!("`GET /pools/{address}/ohlcv` on the ", $service, ": a pool's candles, oldest first.")]
            ///
            /// A range wider than [`MAX_BUCKETS_PER_REQUEST`](crate::datapi::series::MAX_BUCKETS_PER_REQUEST) buckets
            /// is refused by the server; [`Client::datapi_series`](crate::Client::datapi_series) fetches it in chunks.
            GetPoolOhlcv,
            ["ohlcv"],
            Candle
        );

        series_route!(
            #[doc = concat!("`GET /pools/{address}/volume/history` on the ", $service, ":")]
            /// a pool's volume and fees per bucket, oldest first (the newest bucket is partial).
            GetPoolVolumeHistory,
            ["volume", "history"],
            VolumeBucket
        );

        #[doc = concat!("`GET /stats/protocol_metrics` on the ", $service, ": protocol-wide totals.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct GetProtocolMetrics;

        impl GetProtocolMetrics {
            /// The only request of this route (it takes no parameter).
            pub fn new() -> Self {
                Self
            }
        }

        impl Operation for GetProtocolMetrics {
            type Output = ProtocolMetrics;
            const GROUP: ApiGroup = GROUP;

            fn request(&self) -> Result<Request, InvalidInput> {
                Request::new(GROUP, &["stats", "protocol_metrics"], &NoQuery {})
            }
        }
    };
}
