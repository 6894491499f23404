//! Every operation through the native `Client` against the real replica over HTTP, plus retries on injected
//! faults, the not-found cases, the page walker and the P&L. Expected values come from the raw JSON, fetched and
//! parsed separately, so a model mistake cannot agree with itself.

use std::time::{Duration, Instant};

use dlmm_query::ops::*;
use dlmm_query::{Client, ClientConfig, ErrorKind, NativeTransport};
use dlmm_replica::Replica;
use futures_util::StreamExt;
use serde_json::Value;

use crate::common::on_replica::{self, Env, client_for, raw, s};

/// A replica, a client of it and the pair group's samples.
async fn start() -> Env {
    on_replica::start(Replica::pair_base_url).await
}

#[tokio::test]
async fn pair_group_list_and_pair_operations() {
    let Env { replica, client, samples } = start().await;
    let base = replica.pair_base_url();

    let metrics = client.get_protocol_metrics(GetProtocolMetrics::new()).await.unwrap();
    let raw_metrics = &raw(&format!("{base}/info/protocol_metrics")).await[0];
    assert_eq!(metrics.total_tvl, raw_metrics["total_tvl"].as_f64().unwrap());

    let all = client.all(All::new()).await.unwrap();
    assert_eq!(all.len(), raw(&format!("{base}/pair/all")).await.as_array().unwrap().len());
    assert!(all.len() >= 1_000);

    let page = client.all_with_pagination(AllWithPagination::new().limit(25).sort_key(PairSortKey::Tvl)).await.unwrap();
    assert_eq!(page.pairs.len(), 25);
    assert!(page.pairs.windows(2).all(|w| w[0].tvl_usd() >= w[1].tvl_usd()), "sorted by TVL, descending");
    let raw_page = raw(&format!("{base}/pair/all_with_pagination?limit=25&sort_key=tvl")).await;
    assert_eq!(page.total, raw_page["total"].as_u64().unwrap());
    assert_eq!(page.pairs[0].address, raw_page["pairs"][0]["address"].as_str().unwrap());

    let groups = client.all_by_groups(AllByGroups::new().limit(5)).await.unwrap();
    assert!(!groups.groups.is_empty() && groups.total >= groups.groups.len() as u64);
    let meta = client.all_by_groups_metadata(AllByGroupsMetadata::new().limit(5)).await.unwrap();
    assert!(!meta.metadatas.is_empty());

    let group = client.get_single_group_pair(GetSingleGroupPair::new(s(&samples, "group"))).await.unwrap();
    assert!(group.len() >= 2 && group.iter().all(|p| p.lexical_key() == s(&samples, "group")));

    let address = samples["pairs"][0].as_str().unwrap();
    let pair = client.get_pair(GetPair::new(address)).await.unwrap();
    let raw_pair = raw(&format!("{base}/pair/{address}")).await;
    assert_eq!(pair.address, address);
    assert_eq!(pair.name, raw_pair["name"].as_str().unwrap());
    assert_eq!(pair.reserve_x_amount.0, raw_pair["reserve_x_amount"].as_u64().unwrap());
    assert_eq!(pair.tvl_usd(), raw_pair["liquidity"].as_str().unwrap().parse::<f64>().unwrap());
    assert_eq!(pair.fees.hour_24, pair.fees_24h, "window relation survives decoding");

    let big = s(&samples, "pair_with_large_amounts");
    let big_pair = client.get_pair(GetPair::new(big)).await.unwrap();
    let raw_big = raw(&format!("{base}/pair/{big}")).await;
    let exact = raw_big["reserve_x_amount"].as_u64().max(raw_big["reserve_y_amount"].as_u64()).unwrap();
    assert!(exact > 1 << 53, "the sample holds an amount above 2^53");
    assert_eq!(big_pair.reserve_x_amount.0.max(big_pair.reserve_y_amount.0), exact, "kept exact");

    let fee_bps = client.get_pair_fee_bps_by_days(GetPairFeeBpsByDays::new(address, 7)).await.unwrap();
    let volume = client.get_pair_volume_by_days(GetPairVolumeByDays::new(address, 30)).await.unwrap();
    let tvl = client.get_pair_tvl_by_days(GetPairTvlByDays::new(address, 255)).await.unwrap();
    assert!(!fee_bps.is_empty() && !volume.is_empty() && tvl.len() <= 255 && !tvl.is_empty());
    assert!(tvl.windows(2).all(|w| w[0].day_date < w[1].day_date), "oldest first");
    let raw_tvl = raw(&format!("{base}/pair/{address}/analytic/pair_tvl?num_of_days=255")).await;
    assert_eq!(tvl.len(), raw_tvl.as_array().unwrap().len());

    let swaps = client.get_pair_swap_records(GetPairSwapRecords::new(address, 20)).await.unwrap();
    assert!(swaps.len() <= 20 && swaps.windows(2).all(|w| w[0].onchain_timestamp >= w[1].onchain_timestamp));

    let locks =
        client.get_pair_positions_lock(GetPairPositionsLock::new(s(&samples, "pair_with_locks"))).await.unwrap();
    assert!(!locks.is_empty());
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn position_wallet_and_pool_operations() {
    let Env { replica, client, samples } = start().await;
    let base = replica.pair_base_url();
    let position = samples["positions"][0].as_str().unwrap();

    let with_apy = client.get_position(GetPosition::new(position)).await.unwrap();
    let v2 = client.get_position_v2(GetPositionV2::new(position)).await.unwrap();
    assert_eq!((with_apy.address.as_str(), v2.address.as_str()), (position, position));
    assert_eq!(with_apy.pair_address, v2.pair_address);

    let deposits = client.get_deposits(GetDeposits::new(position)).await.unwrap();
    let withdraws = client.get_withdraws(GetWithdraws::new(position)).await.unwrap();
    let fees = client.get_claim_fees(GetClaimFees::new(position)).await.unwrap();
    let rewards = client.get_claim_rewards(GetClaimRewards::new(position)).await.unwrap();
    assert!(!deposits.is_empty() && !withdraws.is_empty() && !fees.is_empty() && !rewards.is_empty());
    let raw_fees = raw(&format!("{base}/position/{position}/claim_fees")).await;
    let fee_x: u64 = raw_fees.as_array().unwrap().iter().map(|c| c["token_x_amount"].as_u64().unwrap()).sum();
    assert_eq!(fees.iter().map(|c| c.token_x_amount.0).sum::<u64>(), fee_x);

    let big = s(&samples, "position_with_large_amounts");
    let big_deposits = client.get_deposits(GetDeposits::new(big)).await.unwrap();
    let raw_big = raw(&format!("{base}/position/{big}/deposits")).await;
    for (model, wire) in big_deposits.iter().zip(raw_big.as_array().unwrap()) {
        assert_eq!(model.token_x_amount.0, wire["token_x_amount"].as_u64().unwrap(), "exact above 2^53");
        assert_eq!(model.token_y_amount.0, wire["token_y_amount"].as_u64().unwrap());
    }

    let entry = &samples["wallets"][0];
    let earning = client.get_wallet_earning(GetWalletEarning::new(s(entry, "wallet"), s(entry, "pair"))).await.unwrap();
    let raw_earning = raw(&format!("{base}/wallet/{}/{}/earning", s(entry, "wallet"), s(entry, "pair"))).await;
    assert_eq!(earning.len(), 1);
    assert_eq!(
        Some(earning[0].total_fee_x_claimed.to_string()).as_deref(),
        raw_earning[0]["total_fee_x_claimed"].as_str()
    );
    let none = &samples["wallet_without_earnings"];
    assert!(
        client.get_wallet_earning(GetWalletEarning::new(s(none, "wallet"), s(none, "pair"))).await.unwrap().is_empty()
    );

    let pool = samples["pools"][0].as_str().unwrap();
    let metrics = client.get_pool_metrics(GetPoolMetrics::new(pool)).await.unwrap();
    assert_eq!(metrics.pool_address, pool);
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn not_found_and_not_indexed() {
    let Env { replica, client, samples } = start().await;
    let err = client.get_pair(GetPair::new(s(&samples, "unknown_pair"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(404)));

    let err = client.get_position(GetPosition::new(s(&samples, "unindexed_position"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(500)));
    assert!(err.to_string().contains("not found or not indexed"), "{err}");
    let err = client.get_claim_fees(GetClaimFees::new(s(&samples, "unindexed_position"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(500)));

    let err = client.get_single_group_pair(GetSingleGroupPair::new(s(&samples, "unindexed_group"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(500)));

    let err = client.get_pool_metrics(GetPoolMetrics::new(s(&samples, "unknown_pool"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(404)));
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn retries_a_429_after_its_retry_after_then_succeeds() {
    let env = start().await;
    let address = env.samples["pairs"][1].as_str().unwrap();
    for fault in
        ["status=429; retry-after=1; times=1; id=json429", "status=429; body=html; retry-after=1; times=1; id=html429"]
    {
        let client = client_for(&env.replica, &[("x-replica-fault", fault)]);
        let started = Instant::now();
        let pair = client.get_pair(GetPair::new(address)).await.unwrap();
        assert_eq!(pair.address, address);
        assert!(started.elapsed() >= Duration::from_secs(1), "{fault}: waited for Retry-After");
    }
    // Without retries the 429 surfaces, typed, with the delay the server asked for (HTML body or not).
    let client = client_for(&env.replica, &[("x-replica-fault", "status=429; body=html; retry-after=2")]);
    let never = dlmm_query::CallOptions { retry: Some(dlmm_query::policy::RetryPolicy::NEVER), ..Default::default() };
    let err = client.send_with(&GetPair::new(address), never).await.unwrap_err();
    assert_eq!((err.kind(), err.retry_after()), (ErrorKind::RateLimited, Some(Duration::from_secs(2))));
}

#[tokio::test]
async fn gives_up_on_a_server_that_keeps_failing_and_reports_broken_bodies() {
    let env = start().await;
    let address = env.samples["pairs"][2].as_str().unwrap();
    let client = client_for(&env.replica, &[("x-replica-fault", "status=503")]);
    let started = Instant::now();
    let err = client.get_pair(GetPair::new(address)).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::Http, Some(503)));
    assert!(started.elapsed() < Duration::from_secs(5), "bounded: 4 attempts with sub-second back-off");

    for (fault, kind) in
        [("truncate", ErrorKind::Decode), ("invalid-json", ErrorKind::Decode), ("drop", ErrorKind::Network)]
    {
        let mut config =
            ClientConfig::with_base_urls(&env.replica.pair_base_url(), &env.replica.pool_base_url()).unwrap();
        config.headers = vec![("x-replica-fault".into(), fault.into())];
        config.retry = dlmm_query::policy::RetryPolicy::NEVER;
        let err = Client::new(NativeTransport::new(), config).get_pair(GetPair::new(address)).await.unwrap_err();
        assert_eq!(err.kind(), kind, "{fault}: {err}");
    }
}

#[tokio::test]
async fn the_page_walker_visits_every_matching_pair_once() {
    let env = start().await;
    let query = AllWithPagination::new().limit(100).hide_low_tvl(1_000.0).sort_key(PairSortKey::Volume);
    let first = env.client.all_with_pagination(query.clone()).await.unwrap();
    let pages: Vec<_> = env.client.pages(query).collect().await;
    let pairs: Vec<_> = pages.into_iter().flat_map(|p| p.unwrap()).collect();
    assert_eq!(pairs.len() as u64, first.total);
    let unique: std::collections::HashSet<_> = pairs.iter().map(|p| &p.address).collect();
    assert_eq!(unique.len(), pairs.len());
    assert!(pairs.iter().all(|p| p.tvl_usd() >= 1_000.0));
}

/// The walk over pages transcoded for JavaScript (what the npm package's iterators use) visits the same pages and
/// the same items, in the same order, and ends the same way, as the walk over decoded pages, for each of the three
/// lists.
#[tokio::test]
async fn text_walks_visit_what_decoded_walks_visit() {
    let env = start().await;
    let pairs = AllWithPagination::new().limit(37).hide_low_tvl(1_000.0).sort_key(PairSortKey::Volume);
    same_walk(&env.client, pairs, ("pairs", "address"), |p| p.address.clone()).await;
    same_walk(&env.client, AllByGroups::new().limit(5), ("groups", "name"), |g| g.name.clone()).await;
    let metadata = AllByGroupsMetadata::new().limit(5);
    same_walk(&env.client, metadata, ("metadatas", "lexicalOrderMints"), |m| m.lexical_order_mints.clone()).await;
}

/// Asserts that walking `list`'s pages as models and as JSON text visits the same items (by `key_of` an item, and by
/// the text's `key` of each item under `items`), over several pages, to the last.
async fn same_walk<O: dlmm_query::PagedList + 'static>(
    client: &Client<NativeTransport>,
    list: O,
    (items, key): (&str, &str),
    key_of: fn(&O::Item) -> String,
) {
    let decoded: Vec<Result<Vec<String>, String>> = client
        .pages(list.clone())
        .map(|p| p.map(|p| p.iter().map(key_of).collect()).map_err(|e| e.to_string()))
        .collect()
        .await;
    let texts: Vec<Result<Vec<String>, String>> = client
        .page_texts_with(list, dlmm_query::CallOptions::default())
        .map(|page| {
            let page: Value = serde_json::from_str(&page.map_err(|e| e.to_string())?.1.text).unwrap();
            Ok(page[items].as_array().unwrap().iter().map(|item| item[key].as_str().unwrap().to_owned()).collect())
        })
        .collect()
        .await;
    assert!(decoded.len() > 1, "several pages");
    assert!(decoded.iter().all(Result::is_ok), "the walk reaches the last page: {:?}", decoded.last());
    assert_eq!(decoded, texts);
}

#[tokio::test]
async fn position_pnl_matches_the_raw_events() {
    let env = start().await;
    let base = env.replica.pair_base_url();
    let position = env.samples["positions"][1].as_str().unwrap();
    let pnl = env.client.position_pnl(position, None).await.unwrap();
    let usd = |v: &Value, keys: &[&str]| -> f64 {
        v.as_array().unwrap().iter().map(|e| keys.iter().map(|k| e[*k].as_f64().unwrap()).sum::<f64>()).sum()
    };
    let xy = ["token_x_usd_amount", "token_y_usd_amount"];
    let deposited = usd(&raw(&format!("{base}/position/{position}/deposits")).await, &xy);
    let withdrawn = usd(&raw(&format!("{base}/position/{position}/withdraws")).await, &xy);
    let fees = usd(&raw(&format!("{base}/position/{position}/claim_fees")).await, &xy);
    let rewards = usd(&raw(&format!("{base}/position/{position}/claim_rewards")).await, &["token_usd_amount"]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6 * b.abs().max(1.0);
    assert!(close(pnl.deposited_usd, deposited) && close(pnl.withdrawn_usd, withdrawn));
    assert!(close(pnl.claimed_fees_usd, fees) && close(pnl.claimed_rewards_usd, rewards));
    assert!(close(pnl.net_usd, withdrawn + fees + rewards - deposited));
    assert!(pnl.holding_seconds.unwrap() > 0);
}

/// A client whose every request the replica delays by 150 ms, configured to give up after 50 ms with no retry: only
/// per-call options with a longer time-out get any answer from it.
fn slow_client(replica: &Replica) -> Client<NativeTransport> {
    let mut config = client_for(replica, &[("x-replica-fault", "delay-ms=150")]).config().clone();
    config.timeout = Some(Duration::from_millis(50));
    config.retry = dlmm_query::policy::RetryPolicy::NEVER;
    Client::new(NativeTransport::new(), config)
}

#[tokio::test]
async fn owned_composite_calls_apply_their_options_to_every_request() {
    let env = start().await;
    let patient = dlmm_query::CallOptions { timeout: Some(Some(Duration::from_secs(20))), ..Default::default() };
    let query = AllWithPagination::new().limit(100).sort_key(PairSortKey::Tvl);

    // The configured 50 ms time-out ends the plain walk at its first page.
    let slow = slow_client(&env.replica);
    let plain: Vec<_> = slow.pages(query.clone()).collect().await;
    assert_eq!(plain.len(), 1);
    assert_eq!(plain[0].as_ref().unwrap_err().kind(), ErrorKind::Timeout);

    // `pages_with` owns its client (the one it was made from is gone) and applies the options to each page.
    let pages = { slow_client(&env.replica).pages_with(query.clone(), patient) };
    let slow_pages: Vec<_> = pages.take(3).map(|p| p.expect("each page waits for its 150 ms answer")).collect().await;
    let fast_pages: Vec<_> = env.client.pages(query).take(3).map(Result::unwrap).collect().await;
    assert_eq!(slow_pages.len(), 3);
    let addresses = |pages: &[Vec<dlmm_query::models::PairInfo>]| -> Vec<String> {
        pages.iter().flatten().map(|p| p.address.clone()).collect()
    };
    assert_eq!(addresses(&slow_pages), addresses(&fast_pages));
    assert_eq!(addresses(&slow_pages).len(), 300);

    // The same for the P&L's four requests.
    let position = env.samples["positions"][1].as_str().unwrap();
    let err = slow.position_pnl(position, None).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Timeout);
    let pnl = { slow_client(&env.replica).position_pnl_with(position, Some(25.0), patient) }.await.unwrap();
    let expected = env.client.position_pnl(position, Some(25.0)).await.unwrap();
    assert_eq!(pnl, expected);
    assert_eq!(pnl.current_value_usd, Some(25.0));
    // A retry override reaches them too: a first 503 (one per fault id) is retried only when the call allows it.
    let never = dlmm_query::CallOptions { retry: Some(dlmm_query::policy::RetryPolicy::NEVER), ..Default::default() };
    let flaky = client_for(&env.replica, &[("x-replica-fault", "status=503; times=1; id=pnl-never")]);
    let err = flaky.position_pnl_with(position, None, never).await.unwrap_err();
    assert_eq!(err.status(), Some(503));
    let flaky = client_for(&env.replica, &[("x-replica-fault", "status=503; times=1; id=pnl-default")]);
    let retried = flaky.position_pnl_with(position, None, dlmm_query::CallOptions::default()).await.unwrap();
    assert_eq!(retried, env.client.position_pnl(position, None).await.unwrap());
}
