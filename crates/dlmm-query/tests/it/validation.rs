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
    fn flag<O: Operation>() -> bool {
        O::MISSING == dlmm_query::Missing::ItemOrNotIndexed
    }
    assert!(flag::<GetPosition>() && flag::<GetClaimFees>() && flag::<GetClaimRewards>() && flag::<GetDeposits>());
    assert!(flag::<GetWithdraws>() && flag::<GetPositionV2>() && flag::<GetSingleGroupPair>());
    assert!(!flag::<GetPair>() && !flag::<All>() && !flag::<AllByGroups>() && !flag::<AllByGroupsMetadata>());
    assert!(!flag::<AllWithPagination>() && !flag::<GetPairFeeBpsByDays>() && !flag::<GetPairVolumeByDays>());
    assert!(!flag::<GetPairTvlByDays>() && !flag::<GetPairSwapRecords>() && !flag::<GetPairPositionsLock>());
    assert!(!flag::<GetWalletEarning>() && !flag::<GetProtocolMetrics>() && !flag::<GetPoolMetrics>());
}

/// The datapi builders: every rejection names the parameter as the datapi spells it, and each builder sends only the
/// parameters of its own route.
mod datapi {
    use dlmm_query::datapi::ops::{damm_v2, dlmm};
    use dlmm_query::datapi::params::*;
    use dlmm_query::ops::Operation;

    use super::common::{PAIR, POSITION, USDC, WALLET};
    use super::rejects;

    fn full_filter() -> FilterBy {
        FilterBy::new().is_blacklisted(false).numeric(NumericField::Tvl, Comparison::Ge, 10.0)
    }

    #[test]
    fn addresses_are_named() {
        for bad in ["", "abc", "../../etc/passwd", "So1111111111111111111111111111111111111111l"] {
            rejects(dlmm::GetPool::new(bad), "address", "");
            rejects(damm_v2::GetPool::new(bad), "address", "");
            rejects(dlmm::GetPoolOhlcv::new(bad), "address", "");
            rejects(damm_v2::GetPoolVolumeHistory::new(bad), "address", "");
            rejects(dlmm::GetPositionEvents::new(bad), "address", "");
            rejects(dlmm::GetPositionsPnl::new(bad, WALLET), "pool_address", "");
            rejects(dlmm::GetPositionsPnl::new(PAIR, bad), "user", "");
            rejects(dlmm::GetPortfolio::new(bad), "user", "");
            rejects(dlmm::GetOpenPortfolio::new(bad), "user", "");
            rejects(dlmm::GetPortfolioTotal::new(bad), "user", "");
            rejects(dlmm::GetWalletPoolClaims::new(bad, PAIR), "wallet", "");
            rejects(dlmm::GetWalletPoolClaims::new(WALLET, bad), "pool_address", "");
            rejects(dlmm::GetOpenLimitOrderPools::new(bad), "wallet", "");
            rejects(dlmm::GetOpenLimitOrders::new(WALLET, bad), "pool_address", "");
            rejects(dlmm::GetClosedLimitOrderPools::new(bad), "wallet", "");
            rejects(dlmm::GetClosedLimitOrders::new(bad, PAIR), "wallet", "");
            rejects(dlmm::GetLimitOrderBonusClaimed::new(WALLET, bad), "pool_address", "");
            rejects(dlmm::GetLimitOrderSummary::new(bad), "wallet", "");
            rejects(dlmm::GetGroup::new(bad), "lexical_order_mints", "");
            rejects(damm_v2::GetGroup::new(bad), "lexical_order_mints", "");
        }
        rejects(dlmm::GetGroup::new(format!("{WALLET}-{USDC}")), "lexical_order_mints", "byte-wise order");
        rejects(damm_v2::GetGroup::new(format!("{USDC}-{USDC}")), "lexical_order_mints", "same mint");
    }

    #[test]
    fn pages_are_1_based_and_page_sizes_have_each_routes_cap() {
        rejects(dlmm::GetPools::new().page(0), "page", "start at 1");
        rejects(damm_v2::GetGroups::new().page(0), "page", "start at 1");
        rejects(dlmm::GetPortfolio::new(WALLET).page(0), "page", "start at 1");
        rejects(dlmm::GetPositionsPnl::new(PAIR, WALLET).page(0), "page", "start at 1");
        rejects(dlmm::GetClosedLimitOrders::new(WALLET, PAIR).page(0), "page", "start at 1");
        rejects(dlmm::GetOpenPortfolio::new(WALLET).page(u32::MAX), "page", "largest page");
        type Build = Box<dyn Fn(u32) -> Result<dlmm_query::Request, dlmm_query::InvalidInput>>;
        let caps: [(&str, Build, u32); 13] = [
            ("dlmm /pools", Box::new(|n| dlmm::GetPools::new().page_size(n).request()), 1000),
            ("damm /pools", Box::new(|n| damm_v2::GetPools::new().page_size(n).request()), 1000),
            ("dlmm groups", Box::new(|n| dlmm::GetGroups::new().page_size(n).request()), 100),
            ("damm groups", Box::new(|n| damm_v2::GetGroups::new().page_size(n).request()), 100),
            ("dlmm group", Box::new(|n| dlmm::GetGroup::new(format!("{USDC}-{WALLET}")).page_size(n).request()), 100),
            (
                "damm group",
                Box::new(|n| damm_v2::GetGroup::new(format!("{USDC}-{WALLET}")).page_size(n).request()),
                100,
            ),
            ("portfolio", Box::new(|n| dlmm::GetPortfolio::new(WALLET).page_size(n).request()), 50),
            ("open portfolio", Box::new(|n| dlmm::GetOpenPortfolio::new(WALLET).page_size(n).request()), 50),
            ("pnl", Box::new(|n| dlmm::GetPositionsPnl::new(PAIR, WALLET).page_size(n).request()), 100),
            ("open pools", Box::new(|n| dlmm::GetOpenLimitOrderPools::new(WALLET).page_size(n).request()), 1000),
            ("open orders", Box::new(|n| dlmm::GetOpenLimitOrders::new(WALLET, PAIR).page_size(n).request()), 1000),
            ("closed pools", Box::new(|n| dlmm::GetClosedLimitOrderPools::new(WALLET).page_size(n).request()), 1000),
            ("closed orders", Box::new(|n| dlmm::GetClosedLimitOrders::new(WALLET, PAIR).page_size(n).request()), 1000),
        ];
        for (route, build, cap) in &caps {
            for bad in [0, cap + 1, u32::MAX] {
                let e = build(bad).expect_err(route);
                assert_eq!(e.parameter, "page_size", "{route}");
                assert!(e.reason.contains(&format!("from 1 to {cap}")), "{route}: {}", e.reason);
            }
            for good in [1, *cap] {
                assert!(build(good).unwrap().query.contains(&format!("page_size={good}")), "{route}");
            }
        }
    }

    #[test]
    fn other_ranges_are_checked() {
        for bad in [0, 366, u32::MAX] {
            rejects(dlmm::GetPortfolio::new(WALLET).days_back(bad), "days_back", "from 1 to 365");
        }
        rejects(dlmm::GetPoolOhlcv::new(PAIR).range(10, 9), "start_time", "after end_time 9");
        rejects(damm_v2::GetPoolVolumeHistory::new(PAIR).range(10, 9), "start_time", "after end_time");
        rejects(dlmm::GetPoolOhlcv::new(PAIR).end_time(u64::MAX), "end_time", "largest time");
        rejects(damm_v2::GetPoolOhlcv::new(PAIR).start_time(i64::MAX as u64 + 1), "start_time", "largest time");
        let same = dlmm::GetPoolOhlcv::new(PAIR).range(7, 7).request().unwrap();
        assert_eq!(same.query, "start_time=7&end_time=7", "a one-second range is fine");
    }

    #[test]
    fn text_parameters_are_checked() {
        rejects(dlmm::GetPools::new().query(" "), "query", "empty");
        rejects(damm_v2::GetPools::new().query("a".repeat(MAX_QUERY_CHARS + 1)), "query", "201 characters");
        rejects(dlmm::GetGroups::new().query("a\u{0}b"), "query", "control character");
        rejects(dlmm::GetPools::new().sort_by(SortBy::raw("")), "sort_by", "empty");
        rejects(dlmm::GetPools::new().sort_by(SortBy::raw("tvl:desc\n")), "sort_by", "control character");
        rejects(dlmm::GetPools::new().filter_by(FilterBy::new()), "filter_by", "no condition");
        rejects(dlmm::GetPools::new().filter_by(FilterBy::raw("x".repeat(MAX_RAW_CHARS + 1))), "filter_by", "1001");
        let injected = FilterBy::new().text(TextField::Name, "SOL && is_blacklisted=true");
        rejects(damm_v2::GetGroups::new().filter_by(injected), "filter_by", "reserves");
        rejects(dlmm::GetPools::new().filter_by(FilterBy::new().text(TextField::TokenX, "a]")), "filter_by", "\"]\"");
        let nan = FilterBy::new().numeric(NumericField::Tvl, Comparison::Lt, f64::NAN);
        rejects(dlmm::GetGroup::new(format!("{USDC}-{WALLET}")).filter_by(nan), "filter_by", "finite");
        // Characters are counted, not bytes.
        assert!(dlmm::GetPools::new().query("é".repeat(MAX_QUERY_CHARS)).request().is_ok());
    }

    #[test]
    fn each_builder_sends_only_its_own_parameters() {
        let list = |r: dlmm_query::Request| r.query;
        let pools = list(
            dlmm::GetPools::new()
                .page(3)
                .page_size(7)
                .query("SOL USDC")
                .sort_by(SortBy::windowed(WindowedMetric::Apr, Timeframe::H12, Direction::Asc))
                .filter_by(full_filter().text_any(TextField::TokenY, [USDC, WALLET]))
                .request()
                .unwrap(),
        );
        assert_eq!(
            pools,
            format!(
                "page=3&page_size=7&query=SOL+USDC&sort_by=apr_12h%3Aasc&filter_by=is_blacklisted%3Dfalse+%26%26+\
                 tvl%3E%3D10+%26%26+token_y%3D%5B{USDC}%7C{WALLET}%5D"
            )
        );
        let group = dlmm::GetGroup::new(format!("{USDC}-{WALLET}")).page(2).request().unwrap();
        assert_eq!((group.path, group.query), (format!("/pools/groups/{USDC}-{WALLET}"), "page=2".to_owned()));
        let events = dlmm::GetPositionEvents::new(POSITION).event_type(PositionEventType::Remove).request().unwrap();
        assert_eq!(events.query, "event_type=remove");
        let total = dlmm::GetPortfolioTotal::new(WALLET).request().unwrap();
        assert_eq!((total.path.as_str(), total.query), ("/portfolio/total", format!("user={WALLET}")));
        for r in [
            dlmm::GetLimitOrderSummary::new(WALLET).request().unwrap(),
            dlmm::GetLimitOrderBonusClaimed::new(WALLET, PAIR).request().unwrap(),
            damm_v2::GetProtocolMetrics::new().request().unwrap(),
            damm_v2::GetPool::new(PAIR).request().unwrap(),
            dlmm::GetOpenLimitOrders::new(WALLET, PAIR).request().unwrap(),
        ] {
            assert_eq!(r.query, "", "{}", r.path);
        }
    }
}
