// PLACEHOLDER: replaced by the models branch at merge
//! The datapi's response models (placeholder: only the names and fields the ops code relies on).

#![allow(missing_docs)]

use serde::{Deserialize, Serialize};

/// Declares empty placeholder models.
macro_rules! empty {
    ($($name:ident),* $(,)?) => {$(
        #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
        pub struct $name {}
    )*};
}

empty!(Windows, Token, ProtocolMetrics, Decimal);

/// One candle.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Candle {
    pub timestamp: u64,
}

/// One volume bucket.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct VolumeBucket {
    pub timestamp: u64,
}

/// A series.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Timeseries<T> {
    pub start_time: u64,
    pub end_time: u64,
    pub timeframe: Option<String>,
    pub data: Vec<T>,
}

/// A page.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Paginated<T> {
    pub total: u64,
    pub pages: u64,
    pub current_page: u64,
    pub page_size: u64,
    pub data: Vec<T>,
}

/// The DLMM datapi's models.
pub mod dlmm {
    use serde::{Deserialize, Serialize};

    empty!(
        Pool,
        PoolConfig,
        CumulativeMetrics,
        Group,
        PortfolioPool,
        OpenPortfolioPool,
        PortfolioTotal,
        PositionEvent,
        PositionPnlRecord,
        WalletPoolClaims,
        OpenLimitOrderPool,
        OpenLimitOrder,
        ClosedLimitOrderPool,
        ClosedLimitOrder,
        LimitOrderBonusClaimed,
        LimitOrderSummary,
    );

    /// A hasNext envelope.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Portfolio {
        pub pools: Vec<PortfolioPool>,
        pub page: u64,
        pub page_size: u64,
        pub has_next: bool,
        pub total_count: u64,
    }

    /// A hasNext envelope.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct OpenPortfolio {
        pub pools: Vec<OpenPortfolioPool>,
        pub page: u64,
        pub page_size: u64,
        pub has_next: bool,
        pub total_count: u64,
    }

    /// A hasNext envelope.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct PositionsPnl {
        pub positions: Vec<PositionPnlRecord>,
        pub page: u64,
        pub page_size: u64,
        pub has_next: bool,
        pub total_count: u64,
    }

    /// Position events.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    pub struct PositionEvents {
        pub events: Vec<PositionEvent>,
    }

    /// A page of open limit orders.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    pub struct OpenLimitOrders {
        pub total: u64,
        pub pages: u64,
        pub current_page: u64,
        pub page_size: u64,
        pub data: Vec<OpenLimitOrder>,
    }

    /// A page of closed limit orders.
    #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
    pub struct ClosedLimitOrders {
        pub total: u64,
        pub pages: u64,
        pub current_page: u64,
        pub page_size: u64,
        pub data: Vec<ClosedLimitOrder>,
    }
}

/// The DAMM v2 datapi's models.
pub mod damm_v2 {
    use serde::{Deserialize, Serialize};

    empty!(Pool, PoolConfig, VestedLiquidity, Group);
}
