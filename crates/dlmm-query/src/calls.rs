//! One `Client` method per API operation, named after the operation. Each sends its builder and returns its model.

use crate::client::Client;
use crate::error::Error;
use crate::models::{
    AllGroupOfPairs, AllGroupOfPairsMetadata, AllPairsWithPagination, ClaimFee, ClaimReward, DepositWithdraw,
    PairFeeBps, PairInfo, PairTradeVolume, PairTvlSnapshotByDay, PoolMetrics, Position, PositionLock, PositionWithApy,
    ProtocolMetrics, Swap, WalletEarning,
};
use crate::ops::{
    All, AllByGroups, AllByGroupsMetadata, AllWithPagination, GetClaimFees, GetClaimRewards, GetDeposits, GetPair,
    GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays,
    GetPoolMetrics, GetPosition, GetPositionV2, GetProtocolMetrics, GetSingleGroupPair, GetWalletEarning, GetWithdraws,
};
use crate::transport::Transport;

impl<T: Transport> Client<T> {
    /// `GET /info/protocol_metrics`: protocol-wide TVL, volume and fee totals (USD).
    pub async fn get_protocol_metrics(&self, operation: GetProtocolMetrics) -> Result<ProtocolMetrics, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/all`: every pair (very large on mainnet; prefer [`Client::all_with_pagination`]).
    pub async fn all(&self, operation: All) -> Result<Vec<PairInfo>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/all_by_groups`: one page of pair groups with their pairs.
    pub async fn all_by_groups(&self, operation: AllByGroups) -> Result<AllGroupOfPairs, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/all_by_groups_metadata`: one page of pair-group aggregates.
    pub async fn all_by_groups_metadata(
        &self,
        operation: AllByGroupsMetadata,
    ) -> Result<AllGroupOfPairsMetadata, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/all_with_pagination`: one page of pairs and the total count.
    pub async fn all_with_pagination(&self, operation: AllWithPagination) -> Result<AllPairsWithPagination, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/group_pair/{lexical_order_mints}`: every pair trading the same two mints.
    pub async fn get_single_group_pair(&self, operation: GetSingleGroupPair) -> Result<Vec<PairInfo>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}`: one pair.
    pub async fn get_pair(&self, operation: GetPair) -> Result<PairInfo, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}/analytic/pair_fee_bps`: hourly fee rates (bps), oldest first.
    pub async fn get_pair_fee_bps_by_days(&self, operation: GetPairFeeBpsByDays) -> Result<Vec<PairFeeBps>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}/analytic/pair_trade_volume`: daily volume and fees (USD), oldest first.
    pub async fn get_pair_volume_by_days(&self, operation: GetPairVolumeByDays) -> Result<Vec<PairTradeVolume>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}/analytic/pair_tvl`: daily TVL (USD), oldest first.
    pub async fn get_pair_tvl_by_days(&self, operation: GetPairTvlByDays) -> Result<Vec<PairTvlSnapshotByDay>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}/analytic/swap_history`: the latest swaps, newest first.
    pub async fn get_pair_swap_records(&self, operation: GetPairSwapRecords) -> Result<Vec<Swap>, Error> {
        self.send(&operation).await
    }

    /// `GET /pair/{pair_address}/positions_lock`: locks on the pair's positions.
    pub async fn get_pair_positions_lock(&self, operation: GetPairPositionsLock) -> Result<Vec<PositionLock>, Error> {
        self.send(&operation).await
    }

    /// `GET /position/{position_address}`: a position's claimed totals and 24 h fee yield.
    pub async fn get_position(&self, operation: GetPosition) -> Result<PositionWithApy, Error> {
        self.send(&operation).await
    }

    /// `GET /position/{position_address}/claim_fees`: a position's fee claims.
    pub async fn get_claim_fees(&self, operation: GetClaimFees) -> Result<Vec<ClaimFee>, Error> {
        self.send(&operation).await
    }

    /// `GET /position/{position_address}/claim_rewards`: a position's farm reward claims.
    pub async fn get_claim_rewards(&self, operation: GetClaimRewards) -> Result<Vec<ClaimReward>, Error> {
        self.send(&operation).await
    }

    /// `GET /position/{position_address}/deposits`: a position's deposits.
    pub async fn get_deposits(&self, operation: GetDeposits) -> Result<Vec<DepositWithdraw>, Error> {
        self.send(&operation).await
    }

    /// `GET /position/{position_address}/withdraws`: a position's withdrawals.
    pub async fn get_withdraws(&self, operation: GetWithdraws) -> Result<Vec<DepositWithdraw>, Error> {
        self.send(&operation).await
    }

    /// `GET /position_v2/{position_address}`: a position's claimed totals and creation time.
    pub async fn get_position_v2(&self, operation: GetPositionV2) -> Result<Position, Error> {
        self.send(&operation).await
    }

    /// `GET /wallet/{wallet_address}/{pair_address}/earning`: what a wallet claimed from one pair.
    pub async fn get_wallet_earning(&self, operation: GetWalletEarning) -> Result<Vec<WalletEarning>, Error> {
        self.send(&operation).await
    }

    /// `GET /pools/{address}/metrics`: a pool's fee, volume and TVL metrics (the envelope's `data`).
    pub async fn get_pool_metrics(&self, operation: GetPoolMetrics) -> Result<PoolMetrics, Error> {
        self.send(&operation).await
    }
}
