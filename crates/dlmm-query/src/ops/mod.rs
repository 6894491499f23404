//! One builder per API operation. Each validates its inputs and describes its request as a plain [`Request`].

mod analytics;
mod lexical;
mod pairs;
mod pool;
mod position;
mod protocol;
pub(crate) mod validate;
mod wallet;

pub use analytics::{
    GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays,
};
pub use lexical::LexicalOrderMints;
pub use pairs::{
    All, AllByGroups, AllByGroupsMetadata, AllWithPagination, DEFAULT_LIMIT, GetPair, GetSingleGroupPair, MAX_LIMIT,
    MAX_SEARCH_TERM_CHARS, MAX_TAG_CHARS, OrderBy, PairListQuery, PairSortKey,
};
pub use pool::GetPoolMetrics;
pub use position::{
    GetClaimFees, GetClaimRewards, GetDeposits, GetPosition, GetPositionPnl, GetPositionV2, GetWithdraws,
};
pub use protocol::GetProtocolMetrics;
pub use validate::COUNT_RANGE;
pub use wallet::GetWalletEarning;

use serde::de::DeserializeOwned;

use crate::error::InvalidInput;
use crate::request::{ApiGroup, Missing, Request};
use crate::shape::HasShape;
use crate::slot::FromSlot;

/// An API operation: how to build its request and what its successful response decodes to.
pub trait Operation {
    /// The model a successful response decodes to (for the pool group: the envelope's `data`); its
    /// [`Shape`](enum@crate::shape::Shape) transcodes the body for JavaScript without building it, and builds it in
    /// WebAssembly ([`FromSlot`]).
    type Output: DeserializeOwned + HasShape + FromSlot;

    /// Which API the operation belongs to; decides the base URL and whether bodies are enveloped.
    const GROUP: ApiGroup;

    /// True for routes where the vendor answers HTTP 500 (not 404) for an item it never indexed.
    const MISSING: Missing = Missing::Item;

    /// Validates the inputs and describes the request, or says which input is wrong. Sends nothing.
    fn request(&self) -> Result<Request, InvalidInput>;

    /// [`request`](Self::request) with the body cap its output allows (a route answering one item takes at most
    /// [`SINGLE_ITEM_MAX_BODY_BYTES`](crate::request::SINGLE_ITEM_MAX_BODY_BYTES)): what a client sends.
    fn capped_request(&self) -> Result<Request, InvalidInput> {
        self.request().map(|request| request.for_output(&<Self::Output as HasShape>::SHAPE))
    }
}
