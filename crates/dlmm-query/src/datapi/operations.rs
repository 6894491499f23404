//! Every datapi operation, declared once: one row per operation, from which the package's JavaScript methods and
//! their TypeScript declarations, the fuzz, the contract checks and the route lists are all written.
//!
//! [`datapi_operations!`](crate::datapi_operations) hands the rows to a macro of the caller's (`$then`), grouped by
//! service. A row is
//!
//! ```text
//! "what it answers, for the docs (after `GET /route`: ; a `pages` row's doc is a sentence of its own)."
//! jsName "/route/{param}" => Builder(positional, args; options) runner;
//! ```
//!
//! * `jsName`: the method's name in JavaScript (`dlmm.getPool`).
//! * `"/route/{param}"`: the route's path template as the service's OpenAPI document spells it; the positional
//!   arguments fill its `{…}` parameters in order (the rest, like `user`, go to the query).
//! * `Builder(…)`: the builder in `datapi::ops::<service>` and its positional arguments (`Builder::new(args…)`),
//!   named as JavaScript callers see them; all are strings.
//! * `options`: what the options object may hold besides the call options, by its reader's name in the package
//!   (`none`, `list`, `groups`, `series`, `limit_orders`, `portfolio`, `open_portfolio`, `position_events`,
//!   `positions_pnl`).
//! * `runner`: `one` (one request, answering the builder's `Operation::Output`), `series` (a range fetched in chunks
//!   and merged, answering `Timeseries<Bucket>`) or `pages` (an async iterator over every page's items; the same
//!   route as the `one` row of the builder).
//!
//! The rows a service shares are written once and given to both services. `$then!` receives
//! `$crate; service JsClass { rows… } …` (`$crate` as one token tree, for paths to the builders).
//!
//! ```
//! macro_rules! count {
//!     ($krate:tt; $($service:ident $class:ident {
//!         $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
//!     })*) => {
//!         [$((stringify!($class), [$(stringify!($js)),*].len())),*]
//!     };
//! }
//! let counts = dlmm_query::datapi_operations!(count);
//! assert_eq!(counts, [("DlmmDatapi", 19 + 2), ("DammV2Datapi", 7 + 2)]);
//! ```

/// Hands every datapi operation's row to `$then!` (see [the module](crate::datapi::operations)).
#[macro_export]
macro_rules! datapi_operations {
    ($then:ident) => {
        $crate::datapi_operations! { @services $then [
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
            "Every pool of `getPools`, page after page, as an async iterator (`for await … of`; `break` stops it)."
            pools "/pools" => GetPools(; list) pages;
            "Every group of `getGroups`, page after page, as an async iterator."
            groups "/pools/groups" => GetGroups(; groups) pages;
        ] }
    };
    (@services $then:ident [$($shared:tt)*]) => {
        $then! {
            $crate;
            dlmm DlmmDatapi {
                $($shared)*
                "one page of the pools a wallet has (or recently had) positions in."
                getPortfolio "/portfolio" => GetPortfolio(user; portfolio) one;
                "one page of the pools where a wallet has open positions."
                getOpenPortfolio "/portfolio/open" => GetOpenPortfolio(user; open_portfolio) one;
                "a wallet's portfolio totals."
                getPortfolioTotal "/portfolio/total" => GetPortfolioTotal(user; none) one;
                "a position's events (adds, removes, fee and reward claims)."
                getPositionEvents "/positions/{address}/historical" => GetPositionEvents(position; position_events) one;
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
                getLimitOrderSummary "/wallets/{wallet}/limit_orders/summary" => GetLimitOrderSummary(wallet; none) one;
            }
            damm_v2 DammV2Datapi {
                $($shared)*
            }
        }
    };
}

use crate::ops::Operation;
use crate::request::ApiGroup;

/// How a row's method runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// One request; the answer is the builder's output.
    One,
    /// A range fetched in chunks and merged.
    Series,
    /// Every page's items, one page after another.
    Pages,
}

/// One operation row as data: for checks that read the declarations (contract tests, a drift check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// The service (`ApiGroup::DlmmDatapi` or `ApiGroup::DammV2Datapi`).
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
}

/// Writes the rows as [`Route`]s.
macro_rules! as_routes {
    ($krate:tt; $($service:ident $class:ident {
        $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
    })*) => {
        &[$($(Route {
            group: <crate::datapi::ops::$service::$op as Operation>::GROUP,
            js_name: stringify!($js),
            path: $path,
            args: &[$(stringify!($arg)),*],
            options: stringify!($opts),
            runner: as_routes!(@runner $runner),
        }),*),*]
    };
    (@runner one) => { Runner::One };
    (@runner series) => { Runner::Series };
    (@runner pages) => { Runner::Pages };
}

/// Every row, in declaration order.
pub const ROUTES: &[Route] = crate::datapi_operations!(as_routes);

#[cfg(test)]
mod tests {
    use crate::datapi::ops::{damm_v2, dlmm};
    use crate::ops::Operation;
    use crate::request::ApiGroup;

    /// A valid value for a positional argument: a distinct address each, or a group key.
    fn sample(arg: &str) -> String {
        match arg {
            "lexicalOrderMints" => {
                "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v-So11111111111111111111111111111111111111112".to_owned()
            }
            "address" | "position" | "pool" => "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6".to_owned(),
            "user" | "wallet" => "7dVri3qjYD3uobSZL3Zth8vSCgU6r6R2nvFsh7uVfDte".to_owned(),
            other => panic!("no sample for the argument {other}"),
        }
    }

    /// The path a template names with `args` in its `{…}` parameters, in order.
    fn filled(template: &str, args: &[&str]) -> String {
        let mut args = args.iter();
        template
            .split('/')
            .map(
                |segment| {
                    if segment.starts_with('{') { sample(args.next().expect("an argument")) } else { segment.into() }
                },
            )
            .collect::<Vec<_>>()
            .join("/")
    }

    macro_rules! rows {
        ($krate:tt; $($service:ident $class:ident {
            $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
        })*) => {{
            let mut rows: Vec<(ApiGroup, &str, &str, String)> = Vec::new();
            $($(
                let request = $service::$op::new($(sample(stringify!($arg))),*).request().expect(stringify!($op));
                let args: &[&str] = &[$(stringify!($arg)),*];
                rows.push((request.group, stringify!($js), $path, filled($path, args)));
                assert_eq!(request.path, filled($path, args), "{} {}", stringify!($class), stringify!($js));
            )*)*
            rows
        }};
    }

    #[test]
    fn every_row_builds_a_request_for_its_path_on_its_service() {
        let rows = crate::datapi_operations!(rows);
        let routes: Vec<_> = super::ROUTES.iter().map(|r| (r.group, r.js_name, r.path)).collect();
        assert_eq!(routes, rows.iter().map(|row| (row.0, row.1, row.2)).collect::<Vec<_>>());
        let on = |group| rows.iter().filter(|row| row.0 == group).count();
        assert_eq!((on(ApiGroup::DlmmDatapi), on(ApiGroup::DammV2Datapi)), (19 + 2, 7 + 2));
        let mut names: Vec<_> = rows.iter().map(|row| (row.0 == ApiGroup::DlmmDatapi, row.1)).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), rows.len(), "a JavaScript name per service is used once");
    }
}
