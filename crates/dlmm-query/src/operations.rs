//! Every operation, declared once: one row per operation of both generations (the keeper's pair and pool groups,
//! the live datapi services), from which the package's JavaScript methods and their TypeScript declarations, the
//! fuzz, the contract checks and the route lists are all written.
//!
//! [`operations!`](crate::operations!) hands the rows to a macro of the caller's (`$then`), grouped by service. A row
//! is
//!
//! ```text
//! "what it answers, for the docs (after `GET /route`: ; a `pages` or `pnl` row's doc is a sentence of its own)."
//! jsName "/route/{param}" => Builder(positional, args: kind; options) runner;
//! ```
//!
//! * `jsName`: the method's name in JavaScript (`dlmm.getPool`, `client.getPair`).
//! * `"/route/{param}"`: the route's path template as the service's OpenAPI document spells it; the positional
//!   arguments fill its `{…}` parameters in order (the rest, like `user` or `num_of_days`, go to the query).
//! * `Builder(…)`: the builder in [`builders`]`::<service>` and its positional arguments (`Builder::new(args…)`),
//!   named as JavaScript callers see them; an argument is a string unless its kind says `count` (a whole number).
//! * `options`: what the options object may hold besides the call options, by its reader's name in the package
//!   (the keeper's `call`, `pair_list`, `all`, `pool_metrics`, `pnl`; the datapi's `none`, `list`, `groups`, `series`,
//!   `daily`, `limit_orders`, `portfolio`, `open_portfolio`, `position_events`, `positions_pnl`; the portfolio
//!   service's `performance`, `calendar`).
//! * `runner`: `one` (one request, answering the builder's `Operation::Output`), `series` (a range fetched in chunks
//!   and merged, answering the builder's output: `Timeseries<Bucket>` or `DailyMetrics`), `pages` (an async iterator over every page's items; the same route
//!   as the `one` row of the builder), `all` (every pair, filtered while decoding) or `pnl` (a position's P&L from its
//!   four event lists, [`PositionPnl`](crate::PositionPnl)) or `months` (a calendar: one request per month of its
//!   range, merged).
//!
//! The rows both datapi services share are written once and given to both. `$then!` receives
//! `$crate; service JsClass { rows… } …` (`$crate` as one token tree, for paths to the builders): every service's
//! with `operations!(then)`, only the keeper's with `operations!(keeper: then)`, only the datapi services' with
//! `operations!(datapi: then)`.
//!
//! ```
//! macro_rules! count {
//!     ($krate:tt; $($service:ident $class:ident {
//!         $($($doc:literal)+ $js:ident $path:literal
//!             => $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident;)*
//!     })*) => {
//!         [$((stringify!($class), [$(stringify!($js)),*].len())),*]
//!     };
//! }
//! let counts = dlmm_query::operations!(count);
//! // The keeper: 19 pair routes, the pool metrics, a position's P&L and 3 iterators.
//! assert_eq!(
//!     counts,
//!     [("DlmmClient", 19 + 1 + 1 + 3), ("DlmmDatapi", 22 + 2), ("DammV2Datapi", 10 + 2), ("PortfolioDatapi", 3)]
//! );
//! ```

/// Hands every operation's row to `$then!`, or only the keeper's (`keeper: then`) or the datapi's (`datapi: then`)
/// (see [the module](mod@crate::operations)).
#[macro_export]
macro_rules! operations {
    ($then:ident) => {
        $crate::operations! { all: $then }
    };
    ($which:ident: $then:ident) => {
        $crate::operations! { @services $which $then [
            "one page of pools (`pageSize` at most 1000)."
            getPools "/pools" => GetPools(; list) one;
            "one pool (`notFound` when unknown)."
            getPool "/pools/{address}" => GetPool(address; none) one;
            "a pool's candles, oldest first; a range with both ends is fetched in chunks."
            getPoolOhlcv "/pools/{address}/ohlcv" => GetPoolOhlcv(address; series) series;
            "a pool's volume and fees per bucket, oldest first (chunked too)."
            getPoolVolumeHistory "/pools/{address}/volume/history" => GetPoolVolumeHistory(address; series) series;
            "one page of pool groups (`pageSize` at most 100)."
            getGroups "/pools/groups" => GetGroups(; groups) one;
            "one page of the pools trading two mints (`pageSize` at most 100)."
            getGroup "/pools/groups/{lexical_order_mints}" => GetGroup(lexicalOrderMints; list) one;
            "protocol-wide totals."
            getProtocolMetrics "/stats/protocol_metrics" => GetProtocolMetrics(; none) one;
            "the protocol's trading volume per UTC day (USD), oldest first; live-only (`notServed` where a host lacks it)."
            getDailyVolume "/stats/daily/volume" => GetDailyVolume(; daily) series;
            "the fees swappers paid per UTC day (USD), oldest first; live-only, as `getDailyVolume`."
            getDailyTradingFees "/stats/daily/trading_fees" => GetDailyTradingFees(; daily) series;
            "the protocol's share of the fees per UTC day (USD), oldest first; live-only, as `getDailyVolume`."
            getDailyProtocolFees "/stats/daily/protocol_fees" => GetDailyProtocolFees(; daily) series;
            "Every pool of `getPools`, page after page, as an async iterator (`for await … of`; `break` stops it)."
            pools "/pools" => GetPools(; list) pages;
            "Every group of `getGroups`, page after page, as an async iterator."
            groups "/pools/groups" => GetGroups(; groups) pages;
        ] }
    };
    (@services $which:ident $then:ident [$($shared:tt)*]) => {
        $crate::operations! { @hand $which $then
            [
                keeper DlmmClient {
                    "protocol-wide TVL, volume and fee totals (USD)."
                    getProtocolMetrics "/info/protocol_metrics" => GetProtocolMetrics(; call) one;
                    "every pair. With `minTvl`, pairs under that TVL are dropped while decoding."
                    all "/pair/all" => All(; all) all;
                    "one page of pair groups (`{ groups, total }`)."
                    allByGroups "/pair/all_by_groups" => AllByGroups(; pair_list) one;
                    "one page of pair-group aggregates (`{ metadatas, total }`)."
                    allByGroupsMetadata "/pair/all_by_groups_metadata" => AllByGroupsMetadata(; pair_list) one;
                    "one page of pairs (`{ pairs, total }`)."
                    allWithPagination "/pair/all_with_pagination" => AllWithPagination(; pair_list) one;
                    "every pair trading the same two mints."
                    getSingleGroupPair "/pair/group_pair/{lexical_order_mints}"
                        => GetSingleGroupPair(lexical_order_mints; call) one;
                    "one pair."
                    getPair "/pair/{pair_address}" => GetPair(pair_address; call) one;
                    "locks on the pair's positions."
                    getPairPositionsLock "/pair/{pair_address}/positions_lock"
                        => GetPairPositionsLock(pair_address; call) one;
                    "resolves to the pool's metrics record (the envelope's `data`)."
                    getPoolMetrics "/pools/{address}/metrics" => GetPoolMetrics(address; pool_metrics) one;
                    "hourly fee rates (bps) over `num_of_days` days, oldest first."
                    getPairFeeBpsByDays "/pair/{pair_address}/analytic/pair_fee_bps"
                        => GetPairFeeBpsByDays(pair_address, num_of_days: count; call) one;
                    "daily volume and fees (USD), oldest first."
                    getPairVolumeByDays "/pair/{pair_address}/analytic/pair_trade_volume"
                        => GetPairVolumeByDays(pair_address, num_of_days: count; call) one;
                    "daily TVL (USD), oldest first."
                    getPairTvlByDays "/pair/{pair_address}/analytic/pair_tvl"
                        => GetPairTvlByDays(pair_address, num_of_days: count; call) one;
                    "the latest `rows_to_take` swaps, newest first."
                    getPairSwapRecords "/pair/{pair_address}/analytic/swap_history"
                        => GetPairSwapRecords(pair_address, rows_to_take: count; call) one;
                    "a position's claimed totals and 24 h fee yield."
                    getPosition "/position/{position_address}" => GetPosition(position_address; call) one;
                    "a position's fee claims."
                    getClaimFees "/position/{position_address}/claim_fees" => GetClaimFees(position_address; call) one;
                    "a position's farm reward claims."
                    getClaimRewards "/position/{position_address}/claim_rewards"
                        => GetClaimRewards(position_address; call) one;
                    "a position's deposits."
                    getDeposits "/position/{position_address}/deposits" => GetDeposits(position_address; call) one;
                    "a position's withdrawals."
                    getWithdraws "/position/{position_address}/withdraws" => GetWithdraws(position_address; call) one;
                    "a position's claimed totals and creation time."
                    getPositionV2 "/position_v2/{position_address}" => GetPositionV2(position_address; call) one;
                    "A position's profit and loss from its deposits, withdrawals, fee and reward claims "
                    "(fetched together)."
                    getPositionPnl "/position/{position_address}" => GetPositionPnl(position_address; pnl) pnl;
                    "what a wallet claimed from one pair (0 or 1 records)."
                    getWalletEarning "/wallet/{wallet_address}/{pair_address}/earning"
                        => GetWalletEarning(wallet_address, pair_address; call) one;
                    "Every pair of `allWithPagination`, page after page, as an async iterator (`for await … of`)."
                    pairs "/pair/all_with_pagination" => AllWithPagination(; pair_list) pages;
                    "Every group of `allByGroups`, page after page, as an async iterator."
                    groups "/pair/all_by_groups" => AllByGroups(; pair_list) pages;
                    "Every group aggregate of `allByGroupsMetadata`, page after page, as an async iterator."
                    groupMetadatas "/pair/all_by_groups_metadata" => AllByGroupsMetadata(; pair_list) pages;
                }
            ]
            [
                dlmm DlmmDatapi {
                    $($shared)*
                    "one page of the pools a wallet has (or recently had) positions in."
                    getPortfolio "/portfolio" => GetPortfolio(user; portfolio) one;
                    "one page of the pools where a wallet has open positions."
                    getOpenPortfolio "/portfolio/open" => GetOpenPortfolio(user; open_portfolio) one;
                    "a wallet's portfolio totals."
                    getPortfolioTotal "/portfolio/total" => GetPortfolioTotal(user; none) one;
                    "a position's events (adds, removes, fee and reward claims)."
                    getPositionEvents "/positions/{address}/historical"
                        => GetPositionEvents(position; position_events) one;
                    "one page of a wallet's positions in a pool with their profit and loss (`?user=…`)."
                    getPositionsPnl "/positions/{pool_address}/pnl" => GetPositionsPnl(pool, user; positions_pnl) one;
                    "what a wallet claimed from one pool."
                    getWalletPoolClaims "/wallets/{wallet}/pools/{pool_address}/total_claims"
                        => GetWalletPoolClaims(wallet, pool; none) one;
                    "one page of the pools with a wallet's open limit orders."
                    getOpenLimitOrderPools "/wallets/{wallet}/limit_orders/open/pools"
                        => GetOpenLimitOrderPools(wallet; limit_orders) one;
                    "one page of a wallet's open limit orders in a pool."
                    getOpenLimitOrders "/wallets/{wallet}/limit_orders/open/pools/{pool_address}"
                        => GetOpenLimitOrders(wallet, pool; limit_orders) one;
                    "one page of the pools with a wallet's closed limit orders."
                    getClosedLimitOrderPools "/wallets/{wallet}/limit_orders/closed/pools"
                        => GetClosedLimitOrderPools(wallet; limit_orders) one;
                    "one page of a wallet's closed limit orders in a pool."
                    getClosedLimitOrders "/wallets/{wallet}/limit_orders/closed/pools/{pool_address}"
                        => GetClosedLimitOrders(wallet, pool; limit_orders) one;
                    "the limit-order bonus a wallet claimed in a pool."
                    getLimitOrderBonusClaimed "/wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed"
                        => GetLimitOrderBonusClaimed(wallet, pool; none) one;
                    "a summary of a wallet's limit orders."
                    getLimitOrderSummary "/wallets/{wallet}/limit_orders/summary"
                        => GetLimitOrderSummary(wallet; none) one;
                }
                damm_v2 DammV2Datapi {
                    $($shared)*
                }
                portfolio PortfolioDatapi {
                    "a wallet's performance over a time window (`timeRange`), across DLMM and DAMM v2."
                    getPerformance "/performances/{wallet}" => GetPerformance(wallet; performance) one;
                    "what a wallet holds now across the vendor's protocols."
                    getBalances "/balances/{wallet}" => GetBalances(wallet; none) one;
                    "a wallet's profit and loss per UTC day of a month (`month`, `YYYY-MM`; the current one by "
                    "default), or of `fromMonth` to `toMonth`, fetched month by month and merged, oldest first."
                    getCalendar "/chart/calendar/{wallet}" => GetCalendar(wallet; calendar) months;
                }
            ]
        }
    };
    (@hand all $then:ident [$($keeper:tt)*] [$($datapi:tt)*]) => { $then! { $crate; $($keeper)* $($datapi)* } };
    (@hand keeper $then:ident [$($keeper:tt)*] [$($datapi:tt)*]) => { $then! { $crate; $($keeper)* } };
    (@hand datapi $then:ident [$($keeper:tt)*] [$($datapi:tt)*]) => { $then! { $crate; $($datapi)* } };
}

use crate::ops::Operation;
use crate::request::ApiGroup;

/// The builders the rows name, by service: `builders::keeper::GetPair`, `builders::dlmm::GetPool`.
pub mod builders {
    pub use crate::datapi::ops::{damm_v2, dlmm, portfolio};
    pub use crate::ops as keeper;
}

/// How a row's method runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// One request; the answer is the builder's output.
    One,
    /// A range fetched in chunks and merged.
    Series,
    /// Every page's items, one page after another.
    Pages,
    /// Every pair, with a TVL floor applied while decoding.
    All,
    /// A position's profit and loss from its four event lists (not one request: no drift check reads its path).
    PositionPnl,
    /// A calendar: one request per month of its range, merged (one request answers one month).
    Months,
}

/// One operation row as data: for checks that read the declarations (contract tests, the drift check).
#[derive(Clone, Copy, Debug)]
pub struct Route {
    /// The service (the keeper's `ApiGroup::Pair` or `ApiGroup::Pool`, `ApiGroup::DlmmDatapi`, …).
    pub group: ApiGroup,
    /// The JavaScript method's name.
    pub js_name: &'static str,
    /// The path template, as the service's OpenAPI document spells it.
    pub path: &'static str,
    /// The positional arguments, in order.
    pub args: &'static [&'static str],
    /// The kind of options the route reads (`none`, `list`, …).
    pub options: &'static str,
    /// How the method runs.
    pub runner: Runner,
    /// The shape of what one request of the route answers (none for a position's P&L, which is four requests).
    pub output: Option<&'static crate::shape::Shape>,
    /// What the route's 404 (and 500) mean (its operation's `MISSING`, [`crate::ops::Operation::MISSING`]; a
    /// position's P&L reads its event routes').
    pub missing: crate::request::Missing,
}

/// Writes the rows as [`Route`]s.
macro_rules! as_routes {
    ($krate:tt; $($service:ident $class:ident {
        $($($doc:literal)+ $js:ident $path:literal
            => $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident;)*
    })*) => {
        &[$($(Route {
            group: builders::$service::$op::GROUP,
            js_name: stringify!($js),
            path: $path,
            args: &[$(stringify!($arg)),*],
            options: stringify!($opts),
            runner: as_routes!(@runner $runner),
            output: as_routes!(@output $runner builders::$service::$op),
            missing: as_routes!(@missing $runner builders::$service::$op),
        }),*),*]
    };
    (@missing pnl $op:ty) => { <builders::keeper::GetDeposits as crate::ops::Operation>::MISSING };
    (@missing $runner:ident $op:ty) => { <$op as crate::ops::Operation>::MISSING };
    (@output pnl $op:ty) => { None };
    (@output $runner:ident $op:ty) => {
        Some(&<<$op as crate::ops::Operation>::Output as crate::shape::HasShape>::SHAPE)
    };
    (@runner one) => { Runner::One };
    (@runner series) => { Runner::Series };
    (@runner pages) => { Runner::Pages };
    (@runner all) => { Runner::All };
    (@runner pnl) => { Runner::PositionPnl };
    (@runner months) => { Runner::Months };
}

/// Every row, in declaration order.
pub const ROUTES: &[Route] = crate::operations!(as_routes);

#[cfg(test)]
mod tests {
    use super::builders;
    use crate::ops::Operation;
    use crate::request::ApiGroup;

    /// A valid value for a positional argument: a distinct address each, or a group key.
    fn sample(arg: &str) -> String {
        match arg {
            "lexicalOrderMints" | "lexical_order_mints" => {
                "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v-So11111111111111111111111111111111111111112".to_owned()
            }
            "address" | "position" | "pool" | "pair_address" | "position_address" => {
                "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6".to_owned()
            }
            "user" | "wallet" | "wallet_address" => "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte".to_owned(),
            other => panic!("no sample for the argument {other}"),
        }
    }

    /// The path a template names with `args` in its `{…}` parameters, in order.
    fn filled(template: &str, args: &[&str]) -> String {
        let mut args = args.iter();
        let segment = |s: &str| if s.starts_with('{') { sample(args.next().expect("an argument")) } else { s.into() };
        template.split('/').map(segment).collect::<Vec<_>>().join("/")
    }

    /// A sample of a positional argument of `kind` (a string without one).
    macro_rules! argument {
        ($arg:ident) => {
            sample(stringify!($arg))
        };
        ($arg:ident count) => {
            7
        };
    }

    /// The request a row's builder describes (a `pnl` row's first request: the position's deposits).
    macro_rules! request {
        ($service:ident $op:ident($($arg:ident $(: $kind:ident)?),*) pnl) => {
            builders::keeper::GetDeposits::new($(argument!($arg $($kind)?)),*).request()
        };
        ($service:ident $op:ident($($arg:ident $(: $kind:ident)?),*) $runner:ident) => {
            builders::$service::$op::new($(argument!($arg $($kind)?)),*).request()
        };
    }

    macro_rules! rows {
        ($krate:tt; $($service:ident $class:ident {
            $($($doc:literal)+ $js:ident $path:literal
                => $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident;)*
        })*) => {{
            let mut rows: Vec<(ApiGroup, &str, &str, &str)> = Vec::new();
            $($(
                let request = request!($service $op($($arg $(: $kind)?),*) $runner).expect(stringify!($op));
                // Only the path's `{…}` parameters are filled from the arguments; counts go to the query.
                let args: &[&str] = &[$(stringify!($arg)),*];
                let path = request.path.strip_suffix("/deposits").filter(|_| stringify!($runner) == "pnl");
                let (class, js) = (stringify!($class), stringify!($js));
                assert_eq!(path.unwrap_or(&request.path), filled($path, args), "{class} {js}");
                rows.push((request.group, stringify!($class), stringify!($js), $path));
            )*)*
            rows
        }};
    }

    #[test]
    fn every_row_builds_a_request_for_its_path_on_its_service() {
        let rows = crate::operations!(rows);
        let routes: Vec<_> = super::ROUTES.iter().map(|r| (r.group, r.js_name, r.path)).collect();
        assert_eq!(routes, rows.iter().map(|row| (row.0, row.2, row.3)).collect::<Vec<_>>());
        let in_class = |class| rows.iter().filter(|row| row.1 == class).count();
        assert_eq!(
            [in_class("DlmmClient"), in_class("DlmmDatapi"), in_class("DammV2Datapi")],
            [19 + 1 + 1 + 3, 22 + 2, 10 + 2]
        );
        let mut names: Vec<_> = rows.iter().map(|row| (row.1, row.2)).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), rows.len(), "a JavaScript name per class is used once");
    }
}
