//! The vendor's live **datapi** services: typed requests, models, page walkers and chunked series.
//!
//! The vendor retired the keeper hosts (the pair and pool groups the rest of this crate speaks) on 2026-03-15 in
//! favour of two successor services with different shapes:
//!
//! | service | default base URL | routes | rate limit |
//! |---|---|---|---|
//! | DLMM datapi ([`ApiGroup::DlmmDatapi`]) | `https://dlmm.datapi.meteora.ag` | 19 | 30 requests/s |
//! | DAMM v2 datapi ([`ApiGroup::DammV2Datapi`]) | `https://damm-v2.datapi.meteora.ag` | 7 | 10 requests/s |
//! | portfolio ([`ApiGroup::PortfolioDatapi`], undocumented) | `https://portfolio.datapi.meteora.ag` | 3 | the DLMM host's |
//!
//! Base URLs are configuration ([`ClientConfig::with_datapi_base_urls`]); the defaults are only defaults.
//!
//! What differs from the keeper, and how this module handles it:
//! - Bodies are bare JSON; errors are `{ "message": … }` (an unknown pool is a 404 `Pool not found: …`) or, for a
//!   query value of the wrong shape, a **plain-text** 400. Both reach [`Error::server_message`](crate::Error).
//! - **Unknown query parameters are silently ignored**, so every builder in [`ops`] serializes only the parameters of
//!   its own route, from typed values in [`params`], validated before anything is sent.
//! - Pages are **1-based** (`page`, `page_size` with a cap per route). Lists come in two envelopes: `{total, pages,
//!   current_page, page_size, data}` and the portfolio / P&L style `{…, page, pageSize, hasNext, totalCount}`;
//!   [`walk`] walks both ([`Client::datapi_pages`](crate::Client::datapi_pages)).
//! - Series (`/ohlcv`, `/volume/history`) take a `timeframe` and an inclusive `start_time..end_time` in seconds; too
//!   wide a range is refused, so [`series`] fetches long ranges in chunks and merges them
//!   ([`Client::datapi_series`](crate::Client::datapi_series)).
//!
//! Keeper → datapi, for code that offers both:
//!
//! | keeper | datapi |
//! |---|---|
//! | `/info/protocol_metrics` | `/stats/protocol_metrics` ([`ops::dlmm::GetProtocolMetrics`]; fields renamed) |
//! | `/pair/all_with_pagination` | `/pools` ([`ops::dlmm::GetPools`]: 1-based `page`, `page_size`, `sort_by`, `filter_by`, `query`) |
//! | `/pair/all` | every page of `/pools` (about 115 pages of 1000 in mid 2026) |
//! | `/pair/all_by_groups[_metadata]` | `/pools/groups` ([`ops::dlmm::GetGroups`], metadata only) |
//! | `/pair/group_pair/{lexical_order_mints}` | `/pools/groups/{lexical_order_mints}` ([`ops::dlmm::GetGroup`], now paged) |
//! | `/pair/{pair_address}` | `/pools/{address}` ([`ops::dlmm::GetPool`]) |
//! | `/pair/{pair_address}/analytic/pair_trade_volume` | `/pools/{address}/volume/history?timeframe=24h` ([`ops::dlmm::GetPoolVolumeHistory`]) |
//! | `/position/{address}/claim_fees`, `claim_rewards`, `deposits`, `withdraws` | `/positions/{address}/historical?event_type=claim_fee\|claim_reward\|add\|remove` ([`ops::dlmm::GetPositionEvents`]) |
//! | `/position/{address}` (summary) | `/positions/{pool}/pnl?user=…` ([`ops::dlmm::GetPositionsPnl`]) |
//! | `/wallet/{wallet}/{pair}/earning` | `/wallets/{wallet}/pools/{pool}/total_claims` ([`ops::dlmm::GetWalletPoolClaims`], an object) |
//! | pool group `/pools/{address}/metrics` | DAMM v2 `/pools/{address}` ([`ops::damm_v2::GetPool`]; windows up to 24 h, 7 d / 30 d from its daily volume history) |
//! | daily fee bps, daily TVL, swap history, position locks, position v2 | no successor |
//!
//! New on the datapi: OHLCV candles, portfolios, position P&L and limit orders. [`pnl_split`] takes a position's P&L
//! apart into the fees it earned and the rest, and checks its claimed fees against its events.
//!
//! ```no_run
//! # #[cfg(feature = "native")]
//! # async fn demo() -> Result<(), dlmm_query::Error> {
//! use dlmm_query::datapi::ops::dlmm::GetPools;
//! use dlmm_query::{Client, ClientConfig, NativeTransport};
//!
//! let client = Client::new(NativeTransport::new(), ClientConfig::default());
//! let page = client.send(&GetPools::new().page_size(10)).await?;
//! println!("{} pools in {} pages", page.total, page.pages);
//! # Ok(()) }
//! ```
//!
//! [`ApiGroup::DlmmDatapi`]: crate::ApiGroup::DlmmDatapi
//! [`ApiGroup::DammV2Datapi`]: crate::ApiGroup::DammV2Datapi
//! [`ApiGroup::PortfolioDatapi`]: crate::ApiGroup::PortfolioDatapi
//! [`ClientConfig::with_datapi_base_urls`]: crate::ClientConfig::with_datapi_base_urls

pub mod calendar;
pub mod models;
pub mod month;
pub mod ops;
pub mod params;
pub mod pnl_split;
pub mod series;
pub mod walk;

#[cfg(test)]
mod tests;
