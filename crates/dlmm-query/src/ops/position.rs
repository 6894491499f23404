//! Positions: `/position/{position_address}[/...]` and `/position_v2/{position_address}`.
//!
//! The vendor answers HTTP 500 for a position it never indexed, so every operation here sets
//! [`Operation::MISSING`] and the client reports such answers as "not found or not indexed".

use serde::Serialize;

use super::Operation;
use crate::address::Address;
use crate::error::InvalidInput;
use crate::models::{ClaimFee, ClaimReward, DepositWithdraw, Position, PositionWithApy};
use crate::request::{ApiGroup, Missing, Request};

/// Declares an operation on one position address.
macro_rules! position_op {
    ($(#[$doc:meta])* $name:ident, [$root:literal $(, $rest:literal)?], $output:ty) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        pub struct $name {
            #[serde(skip)]
            position_address: String,
        }

        impl $name {
            /// For the position at `position_address` (validated on request).
            pub fn new(position_address: impl Into<String>) -> Self {
                Self { position_address: position_address.into() }
            }
        }

        impl Operation for $name {
            type Output = $output;
            const GROUP: ApiGroup = ApiGroup::Pair;
            const MISSING: Missing = Missing::ItemOrNotIndexed;

            fn request(&self) -> Result<Request, InvalidInput> {
                let position = Address::parse_param("position_address", &self.position_address)?;
                Request::new(ApiGroup::Pair, &[$root, position.as_str() $(, $rest)?], self)
            }
        }
    };
}

position_op!(
    /// `GET /position/{position_address}`: a position's claimed totals and 24 h fee yield.
    ///
    /// ```
    /// use dlmm_query::ops::{GetPosition, Operation};
    /// let r = GetPosition::new("5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6").request().unwrap();
    /// assert_eq!(r.path, "/position/5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6");
    /// ```
    GetPosition,
    ["position"],
    PositionWithApy
);

position_op!(
    /// `GET /position/{position_address}/claim_fees`: every fee claim of a position.
    GetClaimFees,
    ["position", "claim_fees"],
    Vec<ClaimFee>
);

position_op!(
    /// `GET /position/{position_address}/claim_rewards`: every farm reward claim of a position.
    GetClaimRewards,
    ["position", "claim_rewards"],
    Vec<ClaimReward>
);

position_op!(
    /// `GET /position/{position_address}/deposits`: every deposit into a position.
    GetDeposits,
    ["position", "deposits"],
    Vec<DepositWithdraw>
);

position_op!(
    /// `GET /position/{position_address}/withdraws`: every withdrawal from a position.
    GetWithdraws,
    ["position", "withdraws"],
    Vec<DepositWithdraw>
);

position_op!(
    /// `GET /position_v2/{position_address}`: a position's claimed totals and creation time.
    GetPositionV2,
    ["position_v2"],
    Position
);

/// A position's profit and loss, as one call of four requests (its deposits, withdrawals, fee and reward claims,
/// sent together and summed by [`Client::position_pnl_with`](crate::Client::position_pnl_with)): not an
/// [`Operation`] of its own, the call's input as a plain value.
#[derive(Clone, Debug, PartialEq)]
pub struct GetPositionPnl {
    position_address: String,
    current_value_usd: Option<f64>,
}

impl GetPositionPnl {
    /// The API the four requests go to.
    pub const GROUP: ApiGroup = ApiGroup::Pair;

    /// For the position at `position_address` (validated on request).
    pub fn new(position_address: impl Into<String>) -> Self {
        Self { position_address: position_address.into(), current_value_usd: None }
    }

    /// What the position still holds, in USD, counted into its net result.
    pub fn current_value_usd(mut self, usd: f64) -> Self {
        self.current_value_usd = Some(usd);
        self
    }

    /// The position's address, as given.
    pub fn position_address(&self) -> &str {
        &self.position_address
    }

    /// The current value given, if any.
    pub fn current_value(&self) -> Option<f64> {
        self.current_value_usd
    }
}
