//! The TypeScript declarations of the datapi models: unique names, cross-module references resolved, `Decimal` as
//! `DatapiDecimal` (a `string`).

use tsify::Tsify;

use crate::ts_type::TsType;

use super::{damm_v2, dlmm};

/// Every datapi model's declaration, with the name it must declare.
fn declarations() -> Vec<(&'static str, &'static str)> {
    named().into_iter().map(|(name, decl, _)| (name, decl)).collect()
}

/// Every datapi model's name, declaration and [`TsType`] name (with type arguments for a generic one).
fn named() -> Vec<(&'static str, &'static str, &'static str)> {
    macro_rules! decls {
        ($($ty:ty => $name:literal),+ $(,)?) => { vec![$(($name, <$ty as Tsify>::DECL, <$ty as TsType>::TS.as_str())),+] };
    }
    decls![
        super::Windows => "DatapiWindows",
        super::Token => "DatapiToken",
        super::ProtocolMetrics => "DatapiProtocolMetrics",
        super::Candle => "DatapiCandle",
        super::VolumeBucket => "DatapiVolumeBucket",
        super::Timeseries<super::Candle> => "DatapiTimeseries",
        super::Paginated<dlmm::Pool> => "DatapiPaginated",
        super::AmountTotals => "DatapiAmountTotals",
        super::CurrentPosition => "DatapiCurrentPosition",
        dlmm::Pool => "DlmmPool",
        dlmm::PoolConfig => "DlmmPoolConfig",
        dlmm::CumulativeMetrics => "DlmmCumulativeMetrics",
        dlmm::Group => "DlmmGroup",
        dlmm::WalletPoolClaims => "DlmmWalletPoolClaims",
        dlmm::LimitOrderPool => "DlmmLimitOrderPool",
        dlmm::OpenLimitOrderPool => "DlmmOpenLimitOrderPool",
        dlmm::ClosedLimitOrderPool => "DlmmClosedLimitOrderPool",
        dlmm::OpenLimitOrders => "DlmmOpenLimitOrders",
        dlmm::OpenLimitOrder => "DlmmOpenLimitOrder",
        dlmm::OpenLimitOrderBin => "DlmmOpenLimitOrderBin",
        dlmm::BinFillStatus => "DlmmBinFillStatus",
        dlmm::ClosedLimitOrders => "DlmmClosedLimitOrders",
        dlmm::ClosedLimitOrder => "DlmmClosedLimitOrder",
        dlmm::LimitOrderBonusClaimed => "DlmmLimitOrderBonusClaimed",
        dlmm::LimitOrderSummary => "DlmmLimitOrderSummary",
        dlmm::Portfolio => "DlmmPortfolio",
        dlmm::PortfolioPool => "DlmmPortfolioPool",
        dlmm::OpenPortfolio => "DlmmOpenPortfolio",
        dlmm::OpenPortfolioPool => "DlmmOpenPortfolioPool",
        dlmm::OpenPortfolioTotals => "DlmmOpenPortfolioTotals",
        dlmm::PortfolioTotal => "DlmmPortfolioTotal",
        dlmm::PositionEvents => "DlmmPositionEvents",
        dlmm::PositionEvent => "DlmmPositionEvent",
        dlmm::PositionsPnl => "DlmmPositionsPnl",
        dlmm::PositionPnlRecord => "DlmmPositionPnlRecord",
        dlmm::TokenPairAmounts => "DlmmTokenPairAmounts",
        dlmm::TokenAmount => "DlmmTokenAmount",
        dlmm::TotalValue => "DlmmTotalValue",
        dlmm::UnrealizedPnl => "DlmmUnrealizedPnl",
        dlmm::OpenPositions => "DlmmOpenPositions",
        dlmm::PositionsByPool => "DlmmPositionsByPool",
        dlmm::TokenInfo => "DlmmTokenInfo",
        dlmm::OpenPosition => "DlmmOpenPosition",
        dlmm::ClosedPosition => "DlmmClosedPosition",
        damm_v2::Pool => "DammV2Pool",
        damm_v2::PoolConfig => "DammV2PoolConfig",
        damm_v2::VestedLiquidity => "DammV2VestedLiquidity",
        damm_v2::Group => "DammV2Group",
        damm_v2::CursorPage<damm_v2::Position> => "DammV2CursorPage",
        damm_v2::PortfolioPool => "DammV2PortfolioPool",
        damm_v2::Position => "DammV2Position",
    ]
}

/// The name a declaration declares (`export interface X<T> {` or `export type X = …`).
fn declared_name(decl: &str) -> &str {
    let rest = decl.split_once("export interface ").or_else(|| decl.split_once("export type ")).map_or("", |(_, r)| r);
    let end = rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len());
    &rest[..end]
}

#[test]
fn every_model_declares_its_unique_name() {
    let all = declarations();
    for (name, decl) in &all {
        assert_eq!(declared_name(decl), *name, "{decl}");
    }
    let mut names: Vec<_> = all.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    let count = names.len();
    names.dedup();
    assert_eq!(names.len(), count, "no name declared twice");
    // No keeper name is reused (the package declares both generations).
    let keeper = [
        crate::models::Windows::DECL,
        crate::models::PairInfo::DECL,
        crate::models::ProtocolMetrics::DECL,
        crate::models::Position::DECL,
    ];
    for decl in keeper {
        assert!(!names.contains(&declared_name(decl)), "{decl}");
    }
}

#[test]
fn the_names_written_from_rust_types_are_the_declared_names() {
    for (name, decl, ts) in named() {
        let arguments = ts.strip_prefix(name).unwrap_or_else(|| panic!("{ts} names {name} ({decl})"));
        assert!(arguments.is_empty() || arguments.starts_with('<') && arguments.ends_with('>'), "{ts}");
    }
    assert_eq!(<super::Paginated<dlmm::Pool> as TsType>::TS.as_str(), "DatapiPaginated<DlmmPool>");
    assert_eq!(<Vec<crate::models::PairInfo> as TsType>::TS.as_str(), "PairInfo[]");
}

#[test]
fn references_name_the_declared_types() {
    let mut known: Vec<&str> = declarations().iter().map(|(name, _)| *name).collect();
    known.push("DatapiDecimal");
    for (name, decl) in declarations() {
        // In every member (not a doc comment), each capitalised word of the type is a declared datapi type (or the
        // type parameter `T`).
        let members = decl.lines().map(str::trim).filter(|l| !l.starts_with(['/', '*']));
        for ty in members.filter_map(|l| l.split_once(": ").map(|(_, ty)| ty)) {
            for word in ty.split(|c: char| !c.is_ascii_alphanumeric()) {
                if word.starts_with(|c: char| c.is_ascii_uppercase()) && word != "T" {
                    assert!(known.contains(&word), "{name} refers to `{word}`, which is not declared: {decl}");
                }
            }
        }
    }
    let pool = dlmm::Pool::DECL;
    for field in
        ["tokenX: DatapiToken", "volume: DatapiWindows", "poolConfig: DlmmPoolConfig", "tokenXAmount: DatapiDecimal"]
    {
        assert!(pool.contains(field), "{field} in {pool}");
    }
    assert!(damm_v2::Pool::DECL.contains("feeTvlRatio: DatapiWindows"), "{}", damm_v2::Pool::DECL);
    assert!(super::Windows::DECL.contains("\"30m\": number") && super::Windows::DECL.contains("\"24h\": number"));
    assert!(super::Paginated::<u8>::DECL.contains("data: T[]"), "{}", super::Paginated::<u8>::DECL);
}

#[test]
fn doc_comments_carry_units_into_the_declarations() {
    let candle = super::Candle::DECL;
    assert!(candle.contains("unix seconds"), "{candle}");
    assert!(dlmm::Pool::DECL.contains("display units") || dlmm::Pool::DECL.contains("exact"), "{}", dlmm::Pool::DECL);
}
