//! One builder per datapi route, implementing [`Operation`](crate::ops::Operation): each validates its typed
//! parameters and serializes **only the parameters its route takes** (the datapi silently ignores unknown ones, so a
//! stray name would go unnoticed). Send any of them with [`Client::send`](crate::Client::send).
//!
//! The seven routes both services share are declared once and instantiated per service (and so are the three daily
//! statistics routes the live DLMM service serves), so
//! [`dlmm::GetPools`] answers [`Paginated`](crate::datapi::models::Paginated)`<`[`models::dlmm::Pool`]`>` and
//! [`damm_v2::GetPools`] the DAMM v2 pool; the twelve DLMM-only routes (portfolio, positions, wallets, limit orders)
//! live in [`dlmm`] only.
//!
//! [`models::dlmm::Pool`]: crate::datapi::models::dlmm::Pool

#[macro_use]
mod queries;
#[macro_use]
mod pools;
#[macro_use]
mod daily;
mod dlmm_portfolio;
mod performances;
mod wallets;

pub(crate) use queries::{NoQuery, series_request};
pub use queries::{PoolListQuery, SeriesQuery};

pub mod dlmm {
    //! The DLMM datapi's 22 routes (base URL [`ClientConfig::dlmm_datapi_base_url`](crate::ClientConfig)).
    //!
    //! ```
    //! use dlmm_query::datapi::ops::dlmm::{GetGroup, GetGroups, GetPool, GetPoolOhlcv, GetProtocolMetrics};
    //! use dlmm_query::datapi::params::Timeframe;
    //! use dlmm_query::ops::{LexicalOrderMints, Operation};
    //! use dlmm_query::ApiGroup;
    //! let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
    //! let r = GetPoolOhlcv::new(pool).timeframe(Timeframe::H1).range(1_755_000_000, 1_755_086_399).request().unwrap();
    //! assert_eq!(r.group, ApiGroup::DlmmDatapi);
    //! assert_eq!(r.path, format!("/pools/{pool}/ohlcv"));
    //! assert_eq!(r.query, "timeframe=1h&start_time=1755000000&end_time=1755086399");
    //! assert_eq!(GetPool::new(pool).request().unwrap().path, format!("/pools/{pool}"));
    //! let groups = GetGroups::new().page_size(100).volume_tw(Timeframe::H4).fee_tvl_ratio_tw(Timeframe::H1);
    //! let r = groups.request().unwrap();
    //! assert_eq!(r.query, "page_size=100&volume_tw=volume_4h&fee_tvl_ratio_tw=fee_tvl_ratio_1h");
    //! let key = LexicalOrderMints::from_mints(
    //!     "So11111111111111111111111111111111111111112",
    //!     "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    //! ).unwrap();
    //! assert_eq!(GetGroup::new(key.clone()).request().unwrap().path, format!("/pools/groups/{key}"));
    //! assert_eq!(GetProtocolMetrics::new().request().unwrap().path, "/stats/protocol_metrics");
    //! ```

    pool_routes!("DLMM datapi", crate::request::ApiGroup::DlmmDatapi, dlmm);
    daily_routes!("DLMM datapi", crate::request::ApiGroup::DlmmDatapi);

    pub use super::dlmm_portfolio::{
        GetOpenPortfolio, GetPortfolio, GetPortfolioTotal, GetPositionEvents, GetPositionsPnl,
    };
    pub use super::wallets::{
        GetClosedLimitOrderPools, GetClosedLimitOrders, GetLimitOrderBonusClaimed, GetLimitOrderSummary,
        GetOpenLimitOrderPools, GetOpenLimitOrders, GetWalletPoolClaims,
    };
}

pub mod damm_v2 {
    //! The DAMM v2 datapi's 7 routes and the 3 daily statistics routes, where its host serves them (base URL [`ClientConfig::damm_v2_datapi_base_url`](crate::ClientConfig)).
    //!
    //! ```
    //! use dlmm_query::datapi::ops::damm_v2::{GetPoolVolumeHistory, GetPools};
    //! use dlmm_query::datapi::params::{Direction, SortBy, Timeframe, WindowedMetric};
    //! use dlmm_query::ops::Operation;
    //! use dlmm_query::ApiGroup;
    //! let r = GetPools::new()
    //!     .sort_by(SortBy::windowed(WindowedMetric::FeeTvlRatio, Timeframe::H1, Direction::Desc))
    //!     .request()
    //!     .unwrap();
    //! assert_eq!((r.group, r.path.as_str()), (ApiGroup::DammV2Datapi, "/pools"));
    //! assert_eq!(r.query, "sort_by=fee_tvl_ratio_1h%3Adesc");
    //! let pool = "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte";
    //! let r = GetPoolVolumeHistory::new(pool).timeframe(Timeframe::H24).request().unwrap();
    //! assert_eq!((r.path, r.query), (format!("/pools/{pool}/volume/history"), "timeframe=24h".to_owned()));
    //! ```

    pool_routes!("DAMM v2 datapi", crate::request::ApiGroup::DammV2Datapi, damm_v2);
    daily_routes!("DAMM v2 datapi", crate::request::ApiGroup::DammV2Datapi);
}

pub mod portfolio {
    //! The portfolio service's 3 routes (base URL [`ClientConfig::portfolio_datapi_base_url`](crate::ClientConfig)):
    //! a wallet's performance, balances and daily profit and loss, across DLMM and DAMM v2. Its calls take turns of
    //! the DLMM datapi host's budget.

    pub use super::performances::{GetBalances, GetCalendar, GetPerformance};
}
