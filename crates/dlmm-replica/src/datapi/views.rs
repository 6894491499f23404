//! The datapi's views of a dataset: what both datapi services serve beyond the dataset itself, built from it (after
//! it, never inside it) and held beside it by the crate's `World`.

use std::sync::OnceLock;

use super::daily::ProtocolDays;
use super::damm_v2::{self, DammV2Pool};
use super::limit_orders::{self, LimitOrders};
use super::pools::{damm_v2_table, dlmm_table};
use super::table::PoolTable;
use crate::dataset::Dataset;

/// Both services' pool tables, the DAMM v2 pools' own facts and the limit orders, for one dataset.
pub struct DatapiViews {
    /// The DLMM datapi's pools: row `i` is pair `i`. Its search index also answers the keeper's `search_term`.
    pub dlmm: PoolTable,
    /// The DAMM v2 datapi's pools: row `i` is pool record `i`.
    pub damm_v2: PoolTable,
    /// What the DAMM v2 datapi knows of each pool record beyond its metrics (same index).
    pub damm_v2_pools: Vec<DammV2Pool>,
    /// Limit orders of the DLMM datapi.
    pub limit_orders: LimitOrders,
    /// The protocol's days, added up on first use ([`Self::protocol_days`]).
    protocol_days: OnceLock<ProtocolDays>,
}

impl std::fmt::Debug for DatapiViews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DatapiViews")
            .field("dlmm", &self.dlmm)
            .field("damm_v2", &self.damm_v2)
            .field("limit_orders", &self.limit_orders.orders.len())
            .finish_non_exhaustive()
    }
}

impl DatapiViews {
    /// Builds the views of `d` (each from its own RNG stream, so building them moves nothing in the dataset).
    pub fn new(d: &Dataset) -> Self {
        let damm_v2_pools = damm_v2::generate(d.seed, &d.pools, &d.tokens);
        Self {
            dlmm: dlmm_table(d.seed, &d.tokens, &d.pairs),
            damm_v2: damm_v2_table(&d.tokens, &d.pools, &damm_v2_pools),
            damm_v2_pools,
            limit_orders: limit_orders::generate(d),
            protocol_days: OnceLock::new(),
        }
    }

    /// The protocol's daily statistics over the DLMM pools of `d` (the dataset these views were built from), added
    /// up once.
    pub fn protocol_days(&self, d: &Dataset) -> &ProtocolDays {
        self.protocol_days.get_or_init(|| ProtocolDays::of(d, &self.dlmm))
    }
}
