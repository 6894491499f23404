//! The DLMM datapi's wallet routes: a wallet's claim totals in one pool, and its limit orders
//! (`/wallets/{wallet}/pools/{pool_address}/total_claims`, `/wallets/{wallet}/limit_orders/…`).

use super::queries::{NoQuery, PageWire};
use crate::address::Address;
use crate::datapi::models::Paginated;
use crate::datapi::models::dlmm::{
    ClosedLimitOrderPool, ClosedLimitOrders, LimitOrderBonusClaimed, LimitOrderSummary, OpenLimitOrderPool,
    OpenLimitOrders, WalletPoolClaims,
};
use crate::datapi::params::{self, MAX_LIMIT_ORDERS_PAGE_SIZE};
use crate::error::InvalidInput;
use crate::ops::Operation;
use crate::request::{ApiGroup, Request};

/// Declares a route on a `wallet` (and, with `pool_address`, a pool); with `paged`, also `page` and `page_size` (at
/// most [`MAX_LIMIT_ORDERS_PAGE_SIZE`]; `$paged` is their type, `u32`). The path's segments name the validated
/// addresses by the fields' names.
macro_rules! wallet_route {
    (
        $(#[$doc:meta])* $name:ident, $wallet:ident $(, $pool:ident)?, [$($seg:expr),+], $out:ty $(, $paged:ident)?
    ) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $wallet: String,
            $($pool: String,)?
            $(
                page: Option<$paged>,
                page_size: Option<$paged>,
            )?
        }

        impl $name {
            #[doc = concat!("For the wallet `wallet`", $(" and the pool `", stringify!($pool), "`",)? " (validated on request).")]
            pub fn new($wallet: impl Into<String> $(, $pool: impl Into<String>)?) -> Self {
                Self { $wallet: $wallet.into() $(, $pool: $pool.into())? $(, page: None::<$paged>, page_size: None)? }
            }
            $(wallet_route!(@paging $paged);)?
        }

        impl Operation for $name {
            type Output = $out;
            const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

            fn request(&self) -> Result<Request, InvalidInput> {
                let $wallet = Address::parse_param(stringify!($wallet), &self.$wallet)?;
                let $wallet = $wallet.as_str();
                $(
                    let $pool = Address::parse_param(stringify!($pool), &self.$pool)?;
                    let $pool = $pool.as_str();
                )?
                wallet_route!(@send self, [$($seg),+] $($paged)?)
            }
        }
    };
    (@paging $paged:ident) => {
        paging_setters!(1000);
    };
    (@send $self:ident, [$($seg:expr),+]) => {
        Request::new(ApiGroup::DlmmDatapi, &[$($seg),+], &NoQuery {})
    };
    (@send $self:ident, [$($seg:expr),+] $paged:ident) => {{
        let wire = PageWire {
            page: params::page($self.page)?,
            page_size: params::page_size($self.page_size, MAX_LIMIT_ORDERS_PAGE_SIZE)?,
        };
        Request::new(ApiGroup::DlmmDatapi, &[$($seg),+], &wire)
    }};
}

wallet_route!(
    /// `GET /wallets/{wallet}/pools/{pool_address}/total_claims`: what a wallet claimed from one pool (the keeper's
    /// wallet earning).
    ///
    /// ```
    /// use dlmm_query::datapi::ops::dlmm::GetWalletPoolClaims;
    /// use dlmm_query::ops::Operation;
    /// let wallet = "So11111111111111111111111111111111111111112";
    /// let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
    /// let r = GetWalletPoolClaims::new(wallet, pool).request().unwrap();
    /// assert_eq!(r.path, format!("/wallets/{wallet}/pools/{pool}/total_claims"));
    /// assert_eq!(r.query, "");
    /// ```
    GetWalletPoolClaims, wallet, pool_address, ["wallets", wallet, "pools", pool_address, "total_claims"], WalletPoolClaims
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/open/pools`: one page of the pools where a wallet has open limit orders.
    ///
    /// ```
    /// use dlmm_query::datapi::ops::dlmm::GetOpenLimitOrderPools;
    /// use dlmm_query::ops::Operation;
    /// let wallet = "So11111111111111111111111111111111111111112";
    /// let r = GetOpenLimitOrderPools::new(wallet).page(2).page_size(1000).request().unwrap();
    /// assert_eq!(r.path, format!("/wallets/{wallet}/limit_orders/open/pools"));
    /// assert_eq!(r.query, "page=2&page_size=1000");
    /// ```
    GetOpenLimitOrderPools, wallet, ["wallets", wallet, "limit_orders", "open", "pools"],
    Paginated<OpenLimitOrderPool>, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/open/pools/{pool_address}`: one page of a wallet's open limit orders in
    /// one pool.
    GetOpenLimitOrders, wallet, pool_address, ["wallets", wallet, "limit_orders", "open", "pools", pool_address],
    OpenLimitOrders, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/closed/pools`: one page of the pools where a wallet has closed limit
    /// orders.
    GetClosedLimitOrderPools, wallet, ["wallets", wallet, "limit_orders", "closed", "pools"],
    Paginated<ClosedLimitOrderPool>, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/closed/pools/{pool_address}`: one page of a wallet's closed limit orders
    /// in one pool.
    GetClosedLimitOrders, wallet, pool_address, ["wallets", wallet, "limit_orders", "closed", "pools", pool_address],
    ClosedLimitOrders, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed`: the limit-order bonus a wallet
    /// claimed in one pool.
    GetLimitOrderBonusClaimed, wallet, pool_address,
    ["wallets", wallet, "limit_orders", "pools", pool_address, "bonus_claimed"], LimitOrderBonusClaimed
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/summary`: a summary of a wallet's limit orders.
    GetLimitOrderSummary, wallet, ["wallets", wallet, "limit_orders", "summary"], LimitOrderSummary
);
