//! The native client against the replica's hostile-numbers mode (`ReplicaConfig::hostile_numbers`): every keeper
//! and datapi route either decodes (extreme floats kept finite, integers above 2^53 exact) or fails with a typed
//! `Decode` error naming the JSON path, never a panic or a hang; a body far over any cap, a gzip bomb and
//! alternating pages end in typed errors within bounds.
//!
//! The core's configurable body cap (`NativeTransport::with_max_body_bytes`, `TransportFailure::BodyTooLarge`) is
//! not on this branch yet: the huge body and the gzip bomb are tested against what exists (a typed error, in bounded
//! time and memory); switch them to a small cap and `BodyTooLarge` once it is merged.

use std::fmt::Debug;
use std::time::{Duration, Instant};

use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::ops::{
    AllByGroups, AllByGroupsMetadata, AllWithPagination, GetClaimFees, GetClaimRewards, GetDeposits, GetPair,
    GetPairFeeBpsByDays, GetPairPositionsLock, GetPairSwapRecords, GetPairTvlByDays, GetPairVolumeByDays,
    GetPoolMetrics, GetPosition, GetProtocolMetrics, GetWalletEarning, GetWithdraws,
};
use dlmm_query::{BaseUrl, CallOptions, Client, ClientConfig, Error, ErrorKind, NativeTransport, TransportFailure};
use dlmm_replica::{Replica, ReplicaConfig};
use futures_util::StreamExt;
use serde_json::Value;

async fn hostile() -> (Replica, Value) {
    let config = ReplicaConfig { pairs: 50, hostile_numbers: true, serve_groups: true, ..ReplicaConfig::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let url = format!("{}/__replica/samples", replica.pair_base_url());
    let body = reqwest::get(&url).await.unwrap().bytes().await.unwrap();
    (replica, serde_json::from_slice(&body).unwrap())
}

/// A client of all four ports, each base URL with `prefix` (one of the replica's `/__hostile/…` routes, or "").
fn client(replica: &Replica, prefix: &str, transport: NativeTransport) -> Client<NativeTransport> {
    let url = |name: &'static str, base: String| BaseUrl::parse_param(name, &format!("{base}{prefix}")).unwrap();
    let mut config = ClientConfig::with_base_urls(&replica.pair_base_url(), &replica.pool_base_url()).unwrap();
    config.pair_base_url = url("pair_base_url", replica.pair_base_url());
    config.pool_base_url = url("pool_base_url", replica.pool_base_url());
    config.dlmm_datapi_base_url = url("dlmm_datapi_base_url", replica.dlmm_datapi_base_url());
    config.damm_v2_datapi_base_url = url("damm_v2_datapi_base_url", replica.damm_v2_datapi_base_url());
    config.retry = dlmm_query::policy::RetryPolicy::NEVER;
    config.timeout = Some(Duration::from_secs(30));
    Client::new(transport, config)
}

/// Decoded, or a typed decode error naming where: anything else fails the test. Returns the value when decoded.
fn judged<T: Debug>(route: &str, result: Result<T, Error>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(Error::Decode(e)) => {
            assert!(e.path.as_deref().is_some_and(|p| !p.is_empty()), "{route}: a decode error without a path: {e:?}");
            assert!(e.message.len() < 2_000, "{route}: a bounded message");
            eprintln!("{route}: refused at {}: {}", e.path.as_deref().unwrap_or(""), e.message);
            None
        }
        Err(other) => panic!("{route}: {other} ({:?})", other.kind()),
    }
}

const HUGE: [u64; 2] = [u64::MAX, (1 << 53) + 1];

#[tokio::test]
async fn every_keeper_route_decodes_hostile_numbers_or_names_the_path() {
    let (replica, samples) = hostile().await;
    let c = client(&replica, "", NativeTransport::new());
    let pair = samples["pairs"][0].as_str().unwrap();
    let locks = samples["pair_with_locks"].as_str().unwrap();
    let position = samples["positions"][0].as_str().unwrap();
    let group = samples["group"].as_str().unwrap();
    let pool = samples["pools"][0].as_str().unwrap();
    let earning = &samples["wallets"][0];
    let (wallet, earning_pair) = (earning["wallet"].as_str().unwrap(), earning["pair"].as_str().unwrap());

    if let Some(page) = judged("all_with_pagination", c.send(&AllWithPagination::new().limit(5)).await) {
        assert!(HUGE.contains(&page.total), "total kept exact: {}", page.total);
        assert!(page.pairs.iter().all(|p| p.tvl_usd().is_finite()), "extreme floats stay finite");
    }
    if let Some(p) = judged("pair", c.send(&GetPair::new(pair)).await) {
        assert!(p.tvl_usd().is_finite() && p.tvl_usd() >= 1e15 || p.tvl_usd() == 5e-324, "{}", p.tvl_usd());
        assert_eq!(p.address, pair);
    }
    judged("all_by_groups", c.send(&AllByGroups::new().limit(3)).await);
    judged("all_by_groups_metadata", c.send(&AllByGroupsMetadata::new().limit(3)).await);
    judged("group_pair", c.send(&dlmm_query::ops::GetSingleGroupPair::new(group)).await);
    judged("all", c.send(&dlmm_query::ops::All::new()).await);
    judged("protocol_metrics", c.send(&GetProtocolMetrics::new()).await);
    judged("fee_bps", c.send(&GetPairFeeBpsByDays::new(pair, 2)).await);
    judged("trade_volume", c.send(&GetPairVolumeByDays::new(pair, 2)).await);
    judged("tvl", c.send(&GetPairTvlByDays::new(pair, 2)).await);
    judged("swap_history", c.send(&GetPairSwapRecords::new(pair, 3)).await);
    judged("positions_lock", c.send(&GetPairPositionsLock::new(locks)).await);
    judged("position", c.send(&GetPosition::new(position)).await);
    judged("position_v2", c.send(&dlmm_query::ops::GetPositionV2::new(position)).await);
    judged("deposits", c.send(&GetDeposits::new(position)).await);
    judged("withdraws", c.send(&GetWithdraws::new(position)).await);
    judged("claim_fees", c.send(&GetClaimFees::new(position)).await);
    judged("claim_rewards", c.send(&GetClaimRewards::new(position)).await);
    judged("earning", c.send(&GetWalletEarning::new(wallet, earning_pair)).await);
    judged("pool_metrics", c.send(&GetPoolMetrics::new(pool)).await);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn every_datapi_route_decodes_hostile_numbers_or_names_the_path() {
    let (replica, samples) = hostile().await;
    let c = client(&replica, "", NativeTransport::new());
    let d = &samples["datapi"];
    let s = |v: &Value, k: &str| v[k].as_str().unwrap_or_else(|| panic!("no {k} in {v}")).to_string();
    let pool = d["dlmm_pools"][0].as_str().unwrap().to_string();
    let damm = d["damm_v2_pools"][0].as_str().unwrap().to_string();
    let (group, damm_group) = (s(d, "dlmm_group"), s(d, "damm_v2_group"));
    let position = s(d, "position_with_events");
    let holder = &d["wallet_with_positions"];
    let (wallet, wallet_pool) = (s(holder, "wallet"), s(holder, "pool"));
    let orders = &d["wallet_with_limit_orders"];
    let (trader, open_pool, closed_pool) = (s(orders, "wallet"), s(orders, "open_pool"), s(orders, "closed_pool"));

    if let Some(page) = judged("dlmm /pools", c.send(&dlmm::GetPools::new().page_size(5)).await) {
        assert!(HUGE.contains(&page.total), "total kept exact: {}", page.total);
        assert!(page.data.iter().all(|p| p.tvl.is_finite()));
    }
    if let Some(p) = judged("dlmm /pools/{address}", c.send(&dlmm::GetPool::new(&pool)).await) {
        assert!(p.tvl.is_finite() && (p.tvl >= 1e15 || p.tvl == 5e-324), "{}", p.tvl);
        assert_eq!(p.address, pool);
    }
    judged("dlmm groups", c.send(&dlmm::GetGroups::new().page_size(3)).await);
    judged("dlmm group", c.send(&dlmm::GetGroup::new(&group)).await);
    let extreme = |f: f64| f.is_finite() && (f.abs() >= 1e15 || f == 5e-324);
    if let Some(candles) = judged("dlmm ohlcv", c.send(&dlmm::GetPoolOhlcv::new(&pool)).await) {
        assert!(HUGE.contains(&candles.start_time) && HUGE.contains(&candles.end_time), "integers kept exact");
        assert!(!candles.data.is_empty());
        for candle in &candles.data {
            assert!(HUGE.contains(&candle.timestamp), "{}", candle.timestamp);
            assert!(extreme(candle.open) && extreme(candle.high), "{candle:?}");
        }
    }
    if let Some(history) = judged("dlmm volume", c.send(&dlmm::GetPoolVolumeHistory::new(&pool)).await) {
        assert!(history.data.iter().all(|b| HUGE.contains(&b.timestamp) && extreme(b.volume) && extreme(b.fees)));
    }
    judged("dlmm protocol", c.send(&dlmm::GetProtocolMetrics::new()).await);
    judged("portfolio", c.send(&dlmm::GetPortfolio::new(&wallet)).await);
    judged("portfolio open", c.send(&dlmm::GetOpenPortfolio::new(&wallet)).await);
    judged("portfolio total", c.send(&dlmm::GetPortfolioTotal::new(&wallet)).await);
    judged("historical", c.send(&dlmm::GetPositionEvents::new(&position)).await);
    judged("pnl", c.send(&dlmm::GetPositionsPnl::new(&wallet_pool, &wallet)).await);
    judged("total_claims", c.send(&dlmm::GetWalletPoolClaims::new(&wallet, &wallet_pool)).await);
    judged("open pools", c.send(&dlmm::GetOpenLimitOrderPools::new(&trader)).await);
    judged("open orders", c.send(&dlmm::GetOpenLimitOrders::new(&trader, &open_pool)).await);
    judged("closed pools", c.send(&dlmm::GetClosedLimitOrderPools::new(&trader)).await);
    judged("closed orders", c.send(&dlmm::GetClosedLimitOrders::new(&trader, &closed_pool)).await);
    judged("bonus", c.send(&dlmm::GetLimitOrderBonusClaimed::new(&trader, &closed_pool)).await);
    judged("summary", c.send(&dlmm::GetLimitOrderSummary::new(&trader)).await);
    judged("damm /pools", c.send(&damm_v2::GetPools::new().page_size(3)).await);
    judged("damm pool", c.send(&damm_v2::GetPool::new(&damm)).await);
    judged("damm groups", c.send(&damm_v2::GetGroups::new().page_size(3)).await);
    judged("damm group", c.send(&damm_v2::GetGroup::new(&damm_group)).await);
    judged("damm ohlcv", c.send(&damm_v2::GetPoolOhlcv::new(&damm)).await);
    judged("damm volume", c.send(&damm_v2::GetPoolVolumeHistory::new(&damm)).await);
    judged("damm protocol", c.send(&damm_v2::GetProtocolMetrics::new()).await);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_body_far_over_any_cap_ends_in_a_typed_error() {
    let (replica, _) = hostile().await;
    // An 80 MiB body against a 1 MiB cap: refused while reading, not read whole.
    let c = client(&replica, "/__hostile/huge", NativeTransport::new().with_max_body_bytes(1 << 20));
    let started = Instant::now();
    let err = c.send(&dlmm::GetPools::new()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert!(
        matches!(&err, Error::Transport { error, .. } if error.failure == TransportFailure::BodyTooLarge),
        "{err:?}"
    );
    assert!(err.to_string().len() < 4_000, "the message does not copy the body");
    assert!(started.elapsed() < Duration::from_secs(30));
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_gzip_bomb_ends_in_a_typed_error_not_out_of_memory() {
    let (replica, _) = hostile().await;
    // About 1 MiB of gzip inflating to 1 GiB, inflated by the client and cut off at the 16 MiB cap.
    let c = client(&replica, "/__hostile/gzip-bomb", NativeTransport::new().with_max_body_bytes(16 << 20));
    let err = c.send(&AllWithPagination::new()).await.unwrap_err();
    assert!(
        matches!(&err, Error::Transport { error, .. } if error.failure == TransportFailure::BodyTooLarge),
        "{err:?}"
    );
    assert!(err.to_string().len() < 4_000);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn alternating_pages_end_the_datapi_walk_with_a_typed_error() {
    let (replica, _) = hostile().await;
    let c = client(&replica, "/__hostile/alternating", NativeTransport::new());
    // The answer to page 3 says it is page 1: the walk ends there.
    let walk = c.datapi_collect(dlmm::GetPools::new().page_size(3), CallOptions::default()).await;
    let err = walk.expect_err("an alternating server cannot be walked");
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn alternating_pages_end_the_keeper_walk_with_a_typed_error() {
    let (replica, _) = hostile().await;
    let c = client(&replica, "/__hostile/alternating", NativeTransport::new());
    // Pages 0, 1, 0, 1… with a total that keeps growing. Bounded here at 1,000 pages.
    let mut pages = std::pin::pin!(c.pages(AllWithPagination::new().limit(3)));
    let mut fetched = 0;
    let mut ended = None;
    while let Some(page) = pages.next().await {
        fetched += 1;
        if let Err(e) = page {
            ended = Some(e);
            break;
        }
        if fetched == 1_000 {
            break;
        }
    }
    let err = ended.unwrap_or_else(|| panic!("the keeper walk was still going after {fetched} pages"));
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert!(fetched < 10, "{fetched} pages before the walk gave up");
    replica.shutdown().await.unwrap();
}
