//! The keeper list operations' `sort_key`: which value of a pair a list is ordered by, under the spec's names.
//! It sits with the pairs because the dataset keeps one precomputed order per key ([`super::Dataset::sort_order`]).

use super::pairs::Pair;

/// The list operations' `sort_key`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// TVL.
    Tvl,
    /// 24 h volume.
    Volume,
    /// 24 h fee/TVL.
    FeeTvlRatio,
    /// Farm APR.
    Lm,
    /// 30 min fee/TVL.
    FeeTvlRatio30m,
    /// 1 h fee/TVL.
    FeeTvlRatio1h,
    /// 2 h fee/TVL.
    FeeTvlRatio2h,
    /// 4 h fee/TVL.
    FeeTvlRatio4h,
    /// 12 h fee/TVL.
    FeeTvlRatio12h,
    /// 30 min volume.
    Volume30m,
    /// 1 h volume.
    Volume1h,
    /// 2 h volume.
    Volume2h,
    /// 4 h volume.
    Volume4h,
    /// 12 h volume.
    Volume12h,
}

impl SortKey {
    /// Every key, in the spec's order (the discriminant indexes this array).
    pub const ALL: [SortKey; 14] = [
        SortKey::Tvl,
        SortKey::Volume,
        SortKey::FeeTvlRatio,
        SortKey::Lm,
        SortKey::FeeTvlRatio30m,
        SortKey::FeeTvlRatio1h,
        SortKey::FeeTvlRatio2h,
        SortKey::FeeTvlRatio4h,
        SortKey::FeeTvlRatio12h,
        SortKey::Volume30m,
        SortKey::Volume1h,
        SortKey::Volume2h,
        SortKey::Volume4h,
        SortKey::Volume12h,
    ];

    /// The spec's name of the key.
    pub fn name(self) -> &'static str {
        [
            "tvl",
            "volume",
            "feetvlratio",
            "lm",
            "feetvlratio30m",
            "feetvlratio1h",
            "feetvlratio2h",
            "feetvlratio4h",
            "feetvlratio12h",
            "volume30m",
            "volume1h",
            "volume2h",
            "volume4h",
            "volume12h",
        ][self as usize]
    }

    /// Parses the spec's name.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The value of this key for `pair`.
    pub fn value(self, pair: &Pair) -> f64 {
        match self {
            SortKey::Tvl => pair.liquidity_usd,
            SortKey::Volume => pair.trade_volume_24h,
            SortKey::FeeTvlRatio => pair.fee_tvl_ratio.hour_24,
            SortKey::Lm => pair.farm_apr,
            SortKey::FeeTvlRatio30m => pair.fee_tvl_ratio.min_30,
            SortKey::FeeTvlRatio1h => pair.fee_tvl_ratio.hour_1,
            SortKey::FeeTvlRatio2h => pair.fee_tvl_ratio.hour_2,
            SortKey::FeeTvlRatio4h => pair.fee_tvl_ratio.hour_4,
            SortKey::FeeTvlRatio12h => pair.fee_tvl_ratio.hour_12,
            SortKey::Volume30m => pair.volume.min_30,
            SortKey::Volume1h => pair.volume.hour_1,
            SortKey::Volume2h => pair.volume.hour_2,
            SortKey::Volume4h => pair.volume.hour_4,
            SortKey::Volume12h => pair.volume.hour_12,
        }
    }

    /// Indexes of `pairs` in ascending order of this key (ties by index).
    pub fn order(self, pairs: &[Pair]) -> Vec<u32> {
        let mut order: Vec<u32> = (0..pairs.len() as u32).collect();
        order.sort_by(|&a, &b| {
            self.value(&pairs[a as usize]).total_cmp(&self.value(&pairs[b as usize])).then(a.cmp(&b))
        });
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_index_the_keys() {
        for key in SortKey::ALL {
            assert_eq!(SortKey::parse(key.name()), Some(key));
            assert_eq!(SortKey::ALL[key as usize], key);
        }
    }
}
