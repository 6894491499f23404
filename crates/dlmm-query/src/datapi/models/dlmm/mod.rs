//! Response bodies of the DLMM datapi (`https://dlmm.datapi.meteora.ag`): pools and groups, portfolio, positions,
//! claims and limit orders. [`OpenPositions`], [`ClosedPosition`] and their parts are records the spec defines but no
//! route returns today. The shared shapes ([`Paginated`](super::Paginated), [`Timeseries`](super::Timeseries),
//! [`Windows`](super::Windows), [`Token`](super::Token), …) live in [`super`].

mod claims;
mod limit_orders;
mod pool;
mod portfolio;
mod positions;
mod wallet_positions;

pub use claims::WalletPoolClaims;
pub use limit_orders::{
    BinFillStatus, ClosedLimitOrder, ClosedLimitOrderPool, ClosedLimitOrders, LimitOrderBonusClaimed, LimitOrderPool,
    LimitOrderSummary, OpenLimitOrder, OpenLimitOrderBin, OpenLimitOrderPool, OpenLimitOrders,
};
pub use pool::{CumulativeMetrics, Group, Pool, PoolConfig};
pub use portfolio::{OpenPortfolio, OpenPortfolioPool, OpenPortfolioTotals, Portfolio, PortfolioPool, PortfolioTotal};
pub use positions::{
    PositionEvent, PositionEvents, PositionPnlRecord, PositionsPnl, TokenAmount, TokenPairAmounts, TotalValue,
    UnrealizedPnl,
};
pub use wallet_positions::{ClosedPosition, OpenPosition, OpenPositions, PositionsByPool, TokenInfo};
