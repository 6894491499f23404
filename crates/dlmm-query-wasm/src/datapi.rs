//! The datapi client: `createDatapiClient(options)` and its `DatapiClient` with the namespaces `dlmm` (`DlmmDatapi`,
//! 19 routes) and `dammV2` (`DammV2Datapi`, 7 routes), one line per exported operation.
//!
//! Outputs are the core's datapi models written to JavaScript: camelCase fields, token amounts as exact decimal text
//! (`string`), USD, SOL, percent and price values as numbers, the vendor's window keys (`"30m"` … `"24h"`) kept, and
//! an integer above 2^53 rejecting as a `decode` `DlmmError` naming its path instead of being rounded.

use std::rc::Rc;

use dlmm_query::datapi::ops::{damm_v2, dlmm};
use wasm_bindgen::prelude::*;

use crate::call::{self, Job};
use crate::client::{Core, new_core};
use crate::exports::exports;
use crate::iter::{self, PageIterator};
use crate::options::datapi::{
    DatapiClientOptionsArg, DatapiGroupsQueryArg, DatapiLimitOrdersQueryArg, DatapiOpenPortfolioQueryArg,
    DatapiPoolsQueryArg, DatapiPortfolioQueryArg, DatapiPositionEventsQueryArg, DatapiPositionsPnlQueryArg,
    DatapiSeriesQueryArg, groups, js_parameter_names, list, no_query, open_portfolio, paged, portfolio,
    position_events, positions_pnl, series,
};
use crate::options::{CallOptionsArg, arg, datapi_client_config};

/// A client of the live datapi services. Create it with `createDatapiClient`; its routes are on `dlmm` and `dammV2`.
#[wasm_bindgen(js_name = DatapiClient)]
pub struct JsDatapiClient {
    inner: Rc<Core>,
}

/// `createDatapiClient(options?)`: a client of both datapi services; throws a `DlmmError` (`invalidInput`) on bad
/// options (an unknown key included).
#[wasm_bindgen(js_name = createDatapiClient)]
pub fn create_datapi_client(options: Option<DatapiClientOptionsArg>) -> Result<JsDatapiClient, JsValue> {
    let options = arg(options);
    Ok(JsDatapiClient { inner: new_core(datapi_client_config(&options)?, &options)? })
}

#[wasm_bindgen(js_class = DatapiClient)]
impl JsDatapiClient {
    /// The DLMM datapi's routes.
    #[wasm_bindgen(getter)]
    pub fn dlmm(&self) -> DlmmDatapi {
        DlmmDatapi { inner: self.inner.clone() }
    }

    /// The DAMM v2 datapi's routes.
    #[wasm_bindgen(getter, js_name = dammV2)]
    pub fn damm_v2(&self) -> DammV2Datapi {
        DammV2Datapi { inner: self.inner.clone() }
    }

    /// The DLMM datapi base URL in use.
    #[wasm_bindgen(getter, js_name = dlmmBaseUrl)]
    pub fn dlmm_base_url(&self) -> String {
        self.inner.config().dlmm_datapi_base_url.to_string()
    }

    /// The DAMM v2 datapi base URL in use.
    #[wasm_bindgen(getter, js_name = dammV2BaseUrl)]
    pub fn damm_v2_base_url(&self) -> String {
        self.inner.config().damm_v2_datapi_base_url.to_string()
    }
}

/// The DLMM datapi's routes (`datapiClient.dlmm`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DlmmDatapi {
    inner: Rc<Core>,
}

/// The DAMM v2 datapi's routes (`datapiClient.dammV2`), sharing the client's limits and options.
#[wasm_bindgen]
pub struct DammV2Datapi {
    inner: Rc<Core>,
}

// The datapi's runners: [`call`]'s and [`iter`]'s, with a rejected parameter named by its query key (`pageSize`) as
// the caller wrote it, not as the API spells it (`page_size`).

fn send<O: dlmm_query::ops::Operation>(operation: O) -> Job {
    call::send(operation).renamed(js_parameter_names)
}

fn send_series<O: dlmm_query::datapi::series::SeriesOperation>(operation: O) -> Job {
    call::series(operation.route()).renamed(js_parameter_names)
}

fn datapi_pages<O>(client: Rc<Core>, options: &JsValue, operation: O) -> Result<PageIterator, JsValue>
where
    O: dlmm_query::datapi::walk::DatapiPaged + 'static,
{
    iter::datapi_pages(client, options, operation).map_err(js_parameter_names)
}

/// Declares a datapi namespace class: the seven routes both services share and the two iterators, instantiated with
/// the service's builders (`$ops`, a module of `dlmm_query::datapi::ops`) and TypeScript names, then `$own`: the lines
/// of the service's own routes (see [`exports!`]).
macro_rules! namespace_exports {
    (
        $class:ident, $ops:ident, pool: $pool:tt, pools: $pools:tt, groups: $groups:tt,
        pool_iterator: $pool_iterator:tt, group_iterator: $group_iterator:tt;
        $($own:tt)*
    ) => {
        exports! {
            $class as $class;
            async {
                "`GET /pools`: one page of pools (`pageSize` at most 1000)."
                getPools get_pools(; query: DatapiPoolsQueryArg) -> $pools
                    => send(list(query, $ops::GetPools::new())?);
                "`GET /pools/{address}`: one pool (`notFound` when unknown)."
                getPool get_pool(address: "string"; options: CallOptionsArg) -> $pool
                    => send(no_query(options, $ops::GetPool::new(address))?);
                "`GET /pools/{address}/ohlcv`: a pool's candles, oldest first; a range with both ends is fetched in chunks."
                getPoolOhlcv get_pool_ohlcv(address: "string"; query: DatapiSeriesQueryArg)
                    -> "Promise<DatapiTimeseries<DatapiCandle>>" => send_series(series(query, $ops::GetPoolOhlcv::new(address))?);
                "`GET /pools/{address}/volume/history`: a pool's volume and fees per bucket, oldest first (chunked too)."
                getPoolVolumeHistory get_pool_volume_history(address: "string"; query: DatapiSeriesQueryArg)
                    -> "Promise<DatapiTimeseries<DatapiVolumeBucket>>"
                    => send_series(series(query, $ops::GetPoolVolumeHistory::new(address))?);
                "`GET /pools/groups`: one page of pool groups (`pageSize` at most 100)."
                getGroups get_groups(; query: DatapiGroupsQueryArg) -> $groups
                    => send(groups(query, $ops::GetGroups::new())?);
                "`GET /pools/groups/{lexicalOrderMints}`: one page of the pools trading two mints (`pageSize` at most 100)."
                getGroup get_group(lexical_order_mints: "string"; query: DatapiPoolsQueryArg) -> $pools
                    => send(list(query, $ops::GetGroup::new(lexical_order_mints))?);
                "`GET /stats/protocol_metrics`: protocol-wide totals."
                getProtocolMetrics get_protocol_metrics(; options: CallOptionsArg) -> "Promise<DatapiProtocolMetrics>"
                    => send(no_query(options, $ops::GetProtocolMetrics::new())?);
                $($own)*
            }
            iter {
                "Every pool of `getPools`, page after page, as an async iterator (`for await … of`; `break` stops it)."
                pools pools(; query: DatapiPoolsQueryArg) -> $pool_iterator
                    => datapi_pages(list(query, $ops::GetPools::new())?);
                "Every group of `getGroups`, page after page, as an async iterator."
                groups groups(; query: DatapiGroupsQueryArg) -> $group_iterator
                    => datapi_pages(groups(query, $ops::GetGroups::new())?);
            }
        }
    };
}

namespace_exports! {
    DlmmDatapi, dlmm, pool: "Promise<DlmmPool>", pools: "Promise<DatapiPaginated<DlmmPool>>", groups: "Promise<DatapiPaginated<DlmmGroup>>",
    pool_iterator: "DlmmAsyncIterator<DlmmPool>", group_iterator: "DlmmAsyncIterator<DlmmGroup>";
    // A wallet (`user`), optionally paged.
    "`GET /portfolio`: one page of the pools a wallet has (or recently had) positions in."
    getPortfolio get_portfolio(user: "string"; query: DatapiPortfolioQueryArg) -> "Promise<DlmmPortfolio>"
        => send(portfolio(query, dlmm::GetPortfolio::new(user))?);
    "`GET /portfolio/open`: one page of the pools where a wallet has open positions."
    getOpenPortfolio get_open_portfolio(user: "string"; query: DatapiOpenPortfolioQueryArg) -> "Promise<DlmmOpenPortfolio>"
        => send(open_portfolio(query, dlmm::GetOpenPortfolio::new(user))?);
    "`GET /portfolio/total`: a wallet's portfolio totals."
    getPortfolioTotal get_portfolio_total(user: "string"; options: CallOptionsArg) -> "Promise<DlmmPortfolioTotal>"
        => send(no_query(options, dlmm::GetPortfolioTotal::new(user))?);

    // Positions.
    "`GET /positions/{position}/historical`: a position's events (adds, removes, fee and reward claims)."
    getPositionEvents get_position_events(position: "string"; query: DatapiPositionEventsQueryArg)
        -> "Promise<DlmmPositionEvents>" => send(position_events(query, dlmm::GetPositionEvents::new(position))?);
    "`GET /positions/{pool}/pnl?user=…`: one page of a wallet's positions in a pool with their profit and loss."
    getPositionsPnl get_positions_pnl(pool: "string", user: "string"; query: DatapiPositionsPnlQueryArg)
        -> "Promise<DlmmPositionsPnl>" => send(positions_pnl(query, dlmm::GetPositionsPnl::new(pool, user))?);

    // A wallet, and a pool or a page.
    "`GET /wallets/{wallet}/pools/{pool}/total_claims`: what a wallet claimed from one pool."
    getWalletPoolClaims get_wallet_pool_claims(wallet: "string", pool: "string"; options: CallOptionsArg)
        -> "Promise<DlmmWalletPoolClaims>" => send(no_query(options, dlmm::GetWalletPoolClaims::new(wallet, pool))?);
    "`GET /wallets/{wallet}/limit_orders/open/pools`: one page of the pools with a wallet's open limit orders."
    getOpenLimitOrderPools get_open_limit_order_pools(wallet: "string"; query: DatapiLimitOrdersQueryArg)
        -> "Promise<DatapiPaginated<DlmmOpenLimitOrderPool>>"
        => send(paged(query, dlmm::GetOpenLimitOrderPools::new(wallet))?);
    "`GET /wallets/{wallet}/limit_orders/open/pools/{pool}`: one page of a wallet's open limit orders in a pool."
    getOpenLimitOrders get_open_limit_orders(wallet: "string", pool: "string"; query: DatapiLimitOrdersQueryArg)
        -> "Promise<DlmmOpenLimitOrders>" => send(paged(query, dlmm::GetOpenLimitOrders::new(wallet, pool))?);
    "`GET /wallets/{wallet}/limit_orders/closed/pools`: one page of the pools with a wallet's closed limit orders."
    getClosedLimitOrderPools get_closed_limit_order_pools(wallet: "string"; query: DatapiLimitOrdersQueryArg)
        -> "Promise<DatapiPaginated<DlmmClosedLimitOrderPool>>"
        => send(paged(query, dlmm::GetClosedLimitOrderPools::new(wallet))?);
    "`GET /wallets/{wallet}/limit_orders/closed/pools/{pool}`: one page of a wallet's closed limit orders in a"
    "pool."
    getClosedLimitOrders get_closed_limit_orders(wallet: "string", pool: "string"; query: DatapiLimitOrdersQueryArg)
        -> "Promise<DlmmClosedLimitOrders>" => send(paged(query, dlmm::GetClosedLimitOrders::new(wallet, pool))?);
    "`GET /wallets/{wallet}/limit_orders/pools/{pool}/bonus_claimed`: the limit-order bonus a wallet claimed."
    getLimitOrderBonusClaimed get_limit_order_bonus_claimed(wallet: "string", pool: "string"; options: CallOptionsArg)
        -> "Promise<DlmmLimitOrderBonusClaimed>"
        => send(no_query(options, dlmm::GetLimitOrderBonusClaimed::new(wallet, pool))?);
    "`GET /wallets/{wallet}/limit_orders/summary`: a summary of a wallet's limit orders."
    getLimitOrderSummary get_limit_order_summary(wallet: "string"; options: CallOptionsArg) -> "Promise<DlmmLimitOrderSummary>"
        => send(no_query(options, dlmm::GetLimitOrderSummary::new(wallet))?);
}

namespace_exports! {
    DammV2Datapi, damm_v2, pool: "Promise<DammV2Pool>", pools: "Promise<DatapiPaginated<DammV2Pool>>",
    groups: "Promise<DatapiPaginated<DammV2Group>>", pool_iterator: "DlmmAsyncIterator<DammV2Pool>",
    group_iterator: "DlmmAsyncIterator<DammV2Group>";
}
