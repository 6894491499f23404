//! Validation and request shapes of every builder: each rejection names the parameter as the spec spells it.

use crate::common;

use common::{PAIR, POSITION, USDC, WALLET};
use dlmm_query::ops::*;
use dlmm_query::{ApiGroup, InvalidInput};

fn rejects<O: Operation>(op: O, parameter: &str, reason: &str) {
    let e: InvalidInput = op.request().expect_err("should be rejected");
    assert_eq!(e.parameter, parameter, "{e}");
    assert!(e.reason.contains(reason), "{parameter}: {:?} lacks {reason:?}", e.reason);
    assert!(e.to_string().contains(parameter));
}

#[test]
fn address_parameters_are_named() {
    for bad in ["", "abc", "../../etc/passwd", "So1111111111111111111111111111111111111111l"] {
        rejects(GetPair::new(bad), "pair_address", "");
        rejects(GetPairFeeBpsByDays::new(bad, 1), "pair_address", "");
        rejects(GetPairVolumeByDays::new(bad, 1), "pair_address", "");
        rejects(GetPairTvlByDays::new(bad, 1), "pair_address", "");
        rejects(GetPairSwapRecords::new(bad, 1), "pair_address", "");
        rejects(GetPairPositionsLock::new(bad), "pair_address", "");
        rejects(GetPosition::new(bad), "position_address", "");
        rejects(GetClaimFees::new(bad), "position_address", "");
        rejects(GetClaimRewards::new(bad), "position_address", "");
        rejects(GetDeposits::new(bad), "position_address", "");
        rejects(GetWithdraws::new(bad), "position_address", "");
        rejects(GetPositionV2::new(bad), "position_address", "");
        rejects(GetWalletEarning::new(bad, PAIR), "wallet_address", "");
        rejects(GetWalletEarning::new(WALLET, bad), "pair_address", "");
        rejects(GetSingleGroupPair::new(bad), "lexical_order_mints", "");
    }
    rejects(GetSingleGroupPair::new(format!("{WALLET}-{USDC}")), "lexical_order_mints", "byte-wise order");
    rejects(GetSingleGroupPair::new(format!("{USDC}-{USDC}")), "lexical_order_mints", "same mint");
}

#[test]
fn counts_must_be_1_to_255() {
    for bad in [0, 256, u32::MAX] {
        rejects(GetPairFeeBpsByDays::new(PAIR, bad), "num_of_days", "from 1 to 255");
        rejects(GetPairVolumeByDays::new(PAIR, bad), "num_of_days", "from 1 to 255");
        rejects(GetPairTvlByDays::new(PAIR, bad), "num_of_days", "from 1 to 255");
        rejects(GetPairSwapRecords::new(PAIR, bad), "rows_to_take", "from 1 to 255");
    }
    for good in [1, 30, 255] {
        assert_eq!(GetPairSwapRecords::new(PAIR, good).request().unwrap().query, format!("rows_to_take={good}"));
        assert_eq!(GetPairTvlByDays::new(PAIR, good).request().unwrap().query, format!("num_of_days={good}"));
    }
}

#[test]
fn list_parameters_are_checked() {
    rejects(AllWithPagination::new().limit(0), "limit", "from 1 to 1000");
    rejects(AllByGroups::new().limit(MAX_LIMIT + 1), "limit", "from 1 to 1000");
    rejects(AllByGroupsMetadata::new().page(u64::MAX), "page", "2^63");
    rejects(AllWithPagination::new().page(i64::MAX as u64 / 10).limit(1000), "page", "2^63");
    rejects(AllWithPagination::new().skip_size(u64::MAX), "skip_size", "2^63");
    rejects(AllWithPagination::new().hide_low_tvl(-1.0), "hide_low_tvl", "≥ 0");
    rejects(AllWithPagination::new().hide_low_tvl(f64::NAN), "hide_low_tvl", "finite");
    rejects(AllWithPagination::new().hide_low_tvl(f64::INFINITY), "hide_low_tvl", "finite");
    rejects(AllWithPagination::new().pools_to_top([PAIR, "nope"]), "pools_to_top", "");
    rejects(AllWithPagination::new().include_token_mints(["x/y"]), "include_token_mints", "not base58");
    rejects(AllWithPagination::new().include_pool_token_pairs([USDC]), "include_pool_token_pairs", "joined by '-'");
    rejects(AllWithPagination::new().include_pool_token_pairs([format!("{USDC}-x")]), "include_pool_token_pairs", "");
    rejects(
        AllWithPagination::new().include_pool_token_pairs([format!("{USDC}-{USDC}")]),
        "include_pool_token_pairs",
        "same mint",
    );
    rejects(AllWithPagination::new().search_term("a".repeat(201)), "search_term", "201 characters");
    rejects(AllWithPagination::new().search_term("a\nb"), "search_term", "control character");
    rejects(AllWithPagination::new().tags([""]), "tags", "empty");
    rejects(AllWithPagination::new().tags(["x".repeat(65)]), "tags", "65 characters");
    rejects(AllWithPagination::new().launchpad(["ok", " "]), "launchpad", "empty");
    rejects(AllWithPagination::new().launchpad(["é".repeat(65)]), "launchpad", "65 characters");
    // Bounds themselves are fine; characters are counted, not bytes.
    assert!(
        AllWithPagination::new().limit(MAX_LIMIT).search_term("é".repeat(200)).tags(["x".repeat(64)]).request().is_ok()
    );
    assert!(AllWithPagination::new().hide_low_tvl(0.0).search_term("").request().is_ok());
}

#[test]
fn list_requests_use_wire_names_and_repeated_keys() {
    let r = AllWithPagination::new()
        .page(1)
        .limit(25)
        .skip_size(0)
        .pools_to_top([format!(" {PAIR} ")])
        .sort_key(PairSortKey::Volume30m)
        .order_by(OrderBy::Asc)
        .search_term("SOL & $WIF")
        .include_unknown(false)
        .hide_low_tvl(1000.5)
        .hide_low_apr(true)
        .include_token_mints([WALLET, USDC])
        .include_pool_token_pairs([format!("{WALLET}-{USDC}")])
        .tags(["stable", "lst"])
        .launchpad(["met-dbc"])
        .request()
        .unwrap();
    assert_eq!((r.group, r.path.as_str()), (ApiGroup::Pair, "/pair/all_with_pagination"));
    assert_eq!(
        r.query,
        format!(
            "page=1&limit=25&skip_size=0&pools_to_top={PAIR}&sort_key=volume30m&order_by=asc&search_term=SOL+%26+%24WIF\
             &include_unknown=false&hide_low_tvl=1000.5&hide_low_apr=true&include_token_mints={WALLET}\
             &include_token_mints={USDC}&include_pool_token_pairs={WALLET}-{USDC}&tags=stable&tags=lst&launchpad=met-dbc"
        )
    );
    assert_eq!(AllByGroups::new().request().unwrap().query, "");
    assert_eq!(AllByGroupsMetadata::new().request().unwrap().path, "/pair/all_by_groups_metadata");
    let q = PairListQuery::new().limit(5);
    assert_eq!(AllByGroups::from(q.clone()).query(), &q);
    for key in PairSortKey::ALL {
        assert_eq!(key.as_str().parse::<PairSortKey>().unwrap(), key);
        let r = AllByGroups::new().sort_key(key).request().unwrap();
        assert_eq!(r.query, format!("sort_key={key}"));
    }
    assert_eq!("DESC".parse::<OrderBy>().unwrap(), OrderBy::Desc);
    assert_eq!("nope".parse::<PairSortKey>().unwrap_err().parameter, "sort_key");
    assert_eq!("up".parse::<OrderBy>().unwrap_err().parameter, "order_by");
}

#[test]
fn simple_requests_follow_the_spec_paths() {
    let key = LexicalOrderMints::from_mints(WALLET, USDC).unwrap();
    let cases = [
        (GetProtocolMetrics::new().request(), "/info/protocol_metrics".to_owned(), ""),
        (All::new().request(), "/pair/all".to_owned(), ""),
        (All::new().include_unknown(false).request(), "/pair/all".to_owned(), "include_unknown=false"),
        (GetSingleGroupPair::new(key.clone()).request(), format!("/pair/group_pair/{key}"), ""),
        (GetSingleGroupPair::for_mints(USDC, WALLET).unwrap().request(), format!("/pair/group_pair/{key}"), ""),
        (GetPair::new(PAIR).request(), format!("/pair/{PAIR}"), ""),
        (GetPairFeeBpsByDays::new(PAIR, 3).request(), format!("/pair/{PAIR}/analytic/pair_fee_bps"), "num_of_days=3"),
        (
            GetPairVolumeByDays::new(PAIR, 3).request(),
            format!("/pair/{PAIR}/analytic/pair_trade_volume"),
            "num_of_days=3",
        ),
        (GetPairTvlByDays::new(PAIR, 3).request(), format!("/pair/{PAIR}/analytic/pair_tvl"), "num_of_days=3"),
        (GetPairSwapRecords::new(PAIR, 9).request(), format!("/pair/{PAIR}/analytic/swap_history"), "rows_to_take=9"),
        (GetPairPositionsLock::new(PAIR).request(), format!("/pair/{PAIR}/positions_lock"), ""),
        (GetPosition::new(POSITION).request(), format!("/position/{POSITION}"), ""),
        (GetClaimFees::new(POSITION).request(), format!("/position/{POSITION}/claim_fees"), ""),
        (GetClaimRewards::new(POSITION).request(), format!("/position/{POSITION}/claim_rewards"), ""),
        (GetDeposits::new(POSITION).request(), format!("/position/{POSITION}/deposits"), ""),
        (GetWithdraws::new(POSITION).request(), format!("/position/{POSITION}/withdraws"), ""),
        (GetPositionV2::new(format!("  {POSITION}\n")).request(), format!("/position_v2/{POSITION}"), ""),
        (GetWalletEarning::new(WALLET, PAIR).request(), format!("/wallet/{WALLET}/{PAIR}/earning"), ""),
    ];
    for (request, path, query) in cases {
        let r = request.unwrap();
        assert_eq!((r.group, r.path, r.query.as_str()), (ApiGroup::Pair, path, query));
    }
}

#[test]
fn not_found_on_500_is_set_exactly_where_the_vendor_says_500_for_unknown_items() {
    const fn flag<O: Operation>() -> bool {
        O::NOT_FOUND_ON_500
    }
    assert!(flag::<GetPosition>() && flag::<GetClaimFees>() && flag::<GetClaimRewards>() && flag::<GetDeposits>());
    assert!(flag::<GetWithdraws>() && flag::<GetPositionV2>() && flag::<GetSingleGroupPair>());
    assert!(!flag::<GetPair>() && !flag::<All>() && !flag::<AllByGroups>() && !flag::<AllByGroupsMetadata>());
    assert!(!flag::<AllWithPagination>() && !flag::<GetPairFeeBpsByDays>() && !flag::<GetPairVolumeByDays>());
    assert!(!flag::<GetPairTvlByDays>() && !flag::<GetPairSwapRecords>() && !flag::<GetPairPositionsLock>());
    assert!(!flag::<GetWalletEarning>() && !flag::<GetProtocolMetrics>() && !flag::<GetPoolMetrics>());
}
