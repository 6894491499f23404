//! `GET /info/protocol_metrics`.

use serde::Serialize;

use super::Operation;
use crate::error::InvalidInput;
use crate::models::ProtocolMetrics;
use crate::request::{ApiGroup, Request};

/// `GET /info/protocol_metrics`: protocol-wide TVL, volume and fee totals (USD). Takes no parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GetProtocolMetrics {}

impl GetProtocolMetrics {
    /// The operation (it has no parameters).
    pub fn new() -> Self {
        Self {}
    }
}

impl Operation for GetProtocolMetrics {
    type Output = ProtocolMetrics;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        Request::new(ApiGroup::Pair, &["info", "protocol_metrics"], self)
    }
}
