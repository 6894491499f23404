//! Per-pair analytics: `/pair/{pair_address}/analytic/...` and `/pair/{pair_address}/positions_lock`.

use serde::Serialize;

use super::{Operation, validate};
use crate::address::Address;
use crate::error::InvalidInput;
use crate::models::{PairFeeBps, PairTradeVolume, PairTvlSnapshotByDay, PositionLock, Swap};
use crate::request::{ApiGroup, Request};

/// Declares a `/pair/{pair_address}/analytic/{route}` operation with one required 1..=255 count parameter.
macro_rules! counted_op {
    ($(#[$doc:meta])* $name:ident, $route:literal, $param:ident, $output:ty) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        pub struct $name {
            #[serde(skip)]
            pair_address: String,
            $param: u32,
        }

        impl $name {
            #[doc = concat!("For the pair at `pair_address`, with `", stringify!($param), "` from 1 to 255 (both validated on request).")]
            pub fn new(pair_address: impl Into<String>, $param: u32) -> Self {
                Self { pair_address: pair_address.into(), $param }
            }
        }

        impl Operation for $name {
            type Output = Vec<$output>;
            const GROUP: ApiGroup = ApiGroup::Pair;

            fn request(&self) -> Result<Request, InvalidInput> {
                let pair = Address::parse_param("pair_address", &self.pair_address)?;
                validate::count(stringify!($param), self.$param)?;
                Request::new(ApiGroup::Pair, &["pair", pair.as_str(), "analytic", $route], self)
            }
        }
    };
}

counted_op!(
    /// `GET /pair/{pair_address}/analytic/pair_fee_bps`: hourly min / max / average fee (bps) over `num_of_days`
    /// days, oldest first.
    ///
    /// ```
    /// use dlmm_query::ops::{GetPairFeeBpsByDays, Operation};
    /// let r = GetPairFeeBpsByDays::new("5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6", 7).request().unwrap();
    /// assert_eq!(r.path, "/pair/5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6/analytic/pair_fee_bps");
    /// assert_eq!(r.query, "num_of_days=7");
    /// ```
    GetPairFeeBpsByDays,
    "pair_fee_bps",
    num_of_days,
    PairFeeBps
);

counted_op!(
    /// `GET /pair/{pair_address}/analytic/pair_trade_volume`: daily volume and fees (USD) over `num_of_days` days,
    /// oldest first.
    GetPairVolumeByDays,
    "pair_trade_volume",
    num_of_days,
    PairTradeVolume
);

counted_op!(
    /// `GET /pair/{pair_address}/analytic/pair_tvl`: daily TVL (USD) over `num_of_days` days, oldest first.
    GetPairTvlByDays,
    "pair_tvl",
    num_of_days,
    PairTvlSnapshotByDay
);

counted_op!(
    /// `GET /pair/{pair_address}/analytic/swap_history`: the latest `rows_to_take` swaps, newest first.
    GetPairSwapRecords,
    "swap_history",
    rows_to_take,
    Swap
);

/// `GET /pair/{pair_address}/positions_lock`: locks on the pair's positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GetPairPositionsLock {
    #[serde(skip)]
    pair_address: String,
}

impl GetPairPositionsLock {
    /// For the pair at `pair_address` (validated on request).
    pub fn new(pair_address: impl Into<String>) -> Self {
        Self { pair_address: pair_address.into() }
    }
}

impl Operation for GetPairPositionsLock {
    type Output = Vec<PositionLock>;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        let pair = Address::parse_param("pair_address", &self.pair_address)?;
        Request::new(ApiGroup::Pair, &["pair", pair.as_str(), "positions_lock"], self)
    }
}
