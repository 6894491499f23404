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

/// Declares a route on a `wallet` (and, with `pool`, a `pool_address`); with `paged`, also `page` and `page_size`
/// (at most [`MAX_LIMIT_ORDERS_PAGE_SIZE`]; `$paged` is their type, `u32`). `$w` and `$p` name the validated
/// addresses in the path segments.
macro_rules! wallet_route {
    (@struct $(#[$doc:meta])* $name:ident { $($field:ident),* } $($paged:ident)?) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $($field: String,)*
            $(
                page: Option<$paged>,
                page_size: Option<$paged>,
            )?
        }
    };
    ($(#[$doc:meta])* $name:ident, wallet: $w:ident, [$($seg:expr),+], $out:ty $(, $paged:ident)?) => {
        wallet_route!(@struct $(#[$doc])* $name { wallet } $($paged)?);

        impl $name {
            /// For the wallet `wallet` (validated on request).
            pub fn new(wallet: impl Into<String>) -> Self {
                Self { wallet: wallet.into() $(, page: None::<$paged>, page_size: None)? }
            }
            $(wallet_route!(@paging $paged);)?
        }

        impl Operation for $name {
            type Output = $out;
            const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

            fn request(&self) -> Result<Request, InvalidInput> {
                let $w = Address::parse_param("wallet", &self.wallet)?;
                let $w = $w.as_str();
                wallet_route!(@send self, [$($seg),+] $($paged)?)
            }
        }
    };
    (
        $(#[$doc:meta])* $name:ident, wallet: $w:ident, pool_address: $p:ident, [$($seg:expr),+], $out:ty
        $(, $paged:ident)?
    ) => {
        wallet_route!(@struct $(#[$doc])* $name { wallet, pool_address } $($paged)?);

        impl $name {
            /// For the wallet `wallet` and the pool `pool_address` (both validated on request).
            pub fn new(wallet: impl Into<String>, pool_address: impl Into<String>) -> Self {
                Self {
                    wallet: wallet.into(),
                    pool_address: pool_address.into()
                    $(, page: None::<$paged>, page_size: None)?
                }
            }
            $(wallet_route!(@paging $paged);)?
        }

        impl Operation for $name {
            type Output = $out;
            const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

            fn request(&self) -> Result<Request, InvalidInput> {
                let $w = Address::parse_param("wallet", &self.wallet)?;
                let $w = $w.as_str();
                let $p = Address::parse_param("pool_address", &self.pool_address)?;
                let $p = $p.as_str();
                wallet_route!(@send self, [$($seg),+] $($paged)?)
            }
        }
    };
    (@paging $paged:ident) => {
        /// The 1-based page number (`page`, at least 1).
        pub fn page(mut self, page: u32) -> Self {
            self.page = Some(page);
            self
        }

        /// The page size (`page_size`, 1 to 1000; the datapi's default is 20).
        pub fn page_size(mut self, page_size: u32) -> Self {
            self.page_size = Some(page_size);
            self
        }

        /// The page this builder asks for (1 when not set, as on the datapi).
        pub fn page_number(&self) -> u32 {
            self.page.unwrap_or(1)
        }
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
    GetWalletPoolClaims, wallet: w, pool_address: p, ["wallets", w, "pools", p, "total_claims"], WalletPoolClaims
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
    GetOpenLimitOrderPools, wallet: w, ["wallets", w, "limit_orders", "open", "pools"],
    Paginated<OpenLimitOrderPool>, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/open/pools/{pool_address}`: one page of a wallet's open limit orders in
    /// one pool.
    GetOpenLimitOrders, wallet: w, pool_address: p, ["wallets", w, "limit_orders", "open", "pools", p],
    OpenLimitOrders, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/closed/pools`: one page of the pools where a wallet has closed limit
    /// orders.
    GetClosedLimitOrderPools, wallet: w, ["wallets", w, "limit_orders", "closed", "pools"],
    Paginated<ClosedLimitOrderPool>, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/closed/pools/{pool_address}`: one page of a wallet's closed limit orders
    /// in one pool.
    GetClosedLimitOrders, wallet: w, pool_address: p, ["wallets", w, "limit_orders", "closed", "pools", p],
    ClosedLimitOrders, u32
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/pools/{pool_address}/bonus_claimed`: the limit-order bonus a wallet
    /// claimed in one pool.
    GetLimitOrderBonusClaimed, wallet: w, pool_address: p,
    ["wallets", w, "limit_orders", "pools", p, "bonus_claimed"], LimitOrderBonusClaimed
);

wallet_route!(
    /// `GET /wallets/{wallet}/limit_orders/summary`: a summary of a wallet's limit orders.
    GetLimitOrderSummary, wallet: w, ["wallets", w, "limit_orders", "summary"], LimitOrderSummary
);
