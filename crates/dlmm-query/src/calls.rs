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

/// One method per row: `name(Builder) -> Output;`, each sending its builder ([`Client::send`]).
macro_rules! calls {
    ($($(#[$doc:meta])* $name:ident($operation:ty) -> $output:ty;)*) => {
        impl<T: Transport> Client<T> {
            $($(#[$doc])*
            pub async fn $name(&self, operation: $operation) -> Result<$output, Error> {
                self.send(&operation).await
            })*
        }
    };
}

calls! {
    /// `GET /info/protocol_metrics`: protocol-wide TVL, volume and fee totals (USD).
    get_protocol_metrics(GetProtocolMetrics) -> ProtocolMetrics;
    /// `GET /pair/all`: every pair (very large on mainnet; prefer [`Client::all_with_pagination`]).
    all(All) -> Vec<PairInfo>;
    /// `GET /pair/all_by_groups`: one page of pair groups with their pairs.
    all_by_groups(AllByGroups) -> AllGroupOfPairs;
    /// `GET /pair/all_by_groups_metadata`: one page of pair-group aggregates.
    all_by_groups_metadata(AllByGroupsMetadata) -> AllGroupOfPairsMetadata;
    /// `GET /pair/all_with_pagination`: one page of pairs and the total count.
    all_with_pagination(AllWithPagination) -> AllPairsWithPagination;
    /// `GET /pair/group_pair/{lexical_order_mints}`: every pair trading the same two mints.
    get_single_group_pair(GetSingleGroupPair) -> Vec<PairInfo>;
    /// `GET /pair/{pair_address}`: one pair.
    get_pair(GetPair) -> PairInfo;
    /// `GET /pair/{pair_address}/analytic/pair_fee_bps`: hourly fee rates (bps), oldest first.
    get_pair_fee_bps_by_days(GetPairFeeBpsByDays) -> Vec<PairFeeBps>;
    /// `GET /pair/{pair_address}/analytic/pair_trade_volume`: daily volume and fees (USD), oldest first.
    get_pair_volume_by_days(GetPairVolumeByDays) -> Vec<PairTradeVolume>;
    /// `GET /pair/{pair_address}/analytic/pair_tvl`: daily TVL (USD), oldest first.
    get_pair_tvl_by_days(GetPairTvlByDays) -> Vec<PairTvlSnapshotByDay>;
    /// `GET /pair/{pair_address}/analytic/swap_history`: the latest swaps, newest first.
    get_pair_swap_records(GetPairSwapRecords) -> Vec<Swap>;
    /// `GET /pair/{pair_address}/positions_lock`: locks on the pair's positions.
    get_pair_positions_lock(GetPairPositionsLock) -> Vec<PositionLock>;
    /// `GET /position/{position_address}`: a position's claimed totals and 24 h fee yield.
    get_position(GetPosition) -> PositionWithApy;
    /// `GET /position/{position_address}/claim_fees`: a position's fee claims.
    get_claim_fees(GetClaimFees) -> Vec<ClaimFee>;
    /// `GET /position/{position_address}/claim_rewards`: a position's farm reward claims.
    get_claim_rewards(GetClaimRewards) -> Vec<ClaimReward>;
    /// `GET /position/{position_address}/deposits`: a position's deposits.
    get_deposits(GetDeposits) -> Vec<DepositWithdraw>;
    /// `GET /position/{position_address}/withdraws`: a position's withdrawals.
    get_withdraws(GetWithdraws) -> Vec<DepositWithdraw>;
    /// `GET /position_v2/{position_address}`: a position's claimed totals and creation time.
    get_position_v2(GetPositionV2) -> Position;
    /// `GET /wallet/{wallet_address}/{pair_address}/earning`: what a wallet claimed from one pair.
    get_wallet_earning(GetWalletEarning) -> Vec<WalletEarning>;
    /// `GET /pools/{address}/metrics`: a pool's fee, volume and TVL metrics (the envelope's `data`).
    get_pool_metrics(GetPoolMetrics) -> PoolMetrics;
}
