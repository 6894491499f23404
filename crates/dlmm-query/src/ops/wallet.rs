//! `GET /wallet/{wallet_address}/{pair_address}/earning`.

use serde::Serialize;

use super::Operation;
use crate::address::Address;
use crate::error::InvalidInput;
use crate::models::WalletEarning;
use crate::request::{ApiGroup, Request};

/// `GET /wallet/{wallet_address}/{pair_address}/earning`: what a wallet claimed from one pair (usually 0 or 1 row).
///
/// ```
/// use dlmm_query::ops::{GetWalletEarning, Operation};
/// let wallet = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
/// let pair = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/// let r = GetWalletEarning::new(wallet, pair).request().unwrap();
/// assert_eq!(r.path, format!("/wallet/{wallet}/{pair}/earning"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GetWalletEarning {
    #[serde(skip)]
    wallet_address: String,
    #[serde(skip)]
    pair_address: String,
}

impl GetWalletEarning {
    /// For the wallet at `wallet_address` in the pair at `pair_address` (both validated on request).
    pub fn new(wallet_address: impl Into<String>, pair_address: impl Into<String>) -> Self {
        Self { wallet_address: wallet_address.into(), pair_address: pair_address.into() }
    }
}

impl Operation for GetWalletEarning {
    type Output = Vec<WalletEarning>;
    const GROUP: ApiGroup = ApiGroup::Pair;

    fn request(&self) -> Result<Request, InvalidInput> {
        let wallet = Address::parse_param("wallet_address", &self.wallet_address)?;
        let pair = Address::parse_param("pair_address", &self.pair_address)?;
        Request::new(ApiGroup::Pair, &["wallet", wallet.as_str(), pair.as_str(), "earning"], self)
    }
}
