//! Typed models of the vendor's response bodies, decoded leniently (see [`crate::wire`]) and serialized in camelCase.
//!
//! Units: `*_usd*`, `liquidity`, `tvl`, `volume`, `fee` figures are USD; `*_percentage`, `apr`, `apy` and
//! `fee_tvl_ratio` are percents; `*_bps` are basis points; [`Amount`](crate::amount::Amount) fields are raw token
//! base units; `onchain_timestamp` is unix seconds.

mod analytics;
mod lists;
pub(crate) mod numeric;
mod pair;
mod pool;
mod position;
pub(crate) mod protocol;
mod wallet;

pub use analytics::{PairFeeBps, PairTradeVolume, PairTvlSnapshotByDay, PositionLock, Swap};
pub use lists::{
    AllGroupOfPairs, AllGroupOfPairsMetadata, AllPairsWithPagination, CustomGroupFeeTvlRatio, CustomGroupVolume,
    PairGroup, PairGroupMetadata,
};
pub use numeric::{NumericText, ParseNumericTextError};
pub use pair::{FeeData, FeeTvlRatioData, NO_REWARD_MINT, PairInfo, PairTvl, VolumeData, Windows};
pub use pool::{PoolEnvelope, PoolMetrics};
pub use position::{ClaimFee, ClaimReward, DepositWithdraw, Position, PositionWithApy};
pub use protocol::ProtocolMetrics;
pub use wallet::WalletEarning;

#[cfg(all(test, feature = "wasm"))]
mod tests {
    use tsify::Tsify;

    #[test]
    fn typescript_sees_amounts_as_bigint_and_camel_case_names() {
        let decl = super::PairInfo::DECL;
        assert!(decl.contains("reserveXAmount: bigint"), "{decl}");
        assert!(decl.contains("launchpad: string | null") || decl.contains("launchpad?:"), "{decl}");
        let wallet = super::WalletEarning::DECL;
        assert!(
            wallet.contains("totalFeeXClaimed: bigint") || wallet.contains("totalFeeXClaimed?: bigint"),
            "{wallet}"
        );
        assert!(super::Swap::DECL.contains("inAmount: bigint"));
        for field in ["baseFeePercentage", "maxFeePercentage", "protocolFeePercentage", "liquidity"] {
            assert!(decl.contains(&format!("{field}: NumericText")), "{decl}");
        }
        assert!(
            decl.contains("cumulativeTradeVolume: NumericText") && decl.contains("cumulativeFeeVolume: NumericText")
        );
    }
}
