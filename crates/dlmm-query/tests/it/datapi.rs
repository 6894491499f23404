//! Every datapi operation through the native `Client` against the real replica's two datapi services over HTTP,
//! plus the walkers (including a server that loops), chunked series, the error statuses and faults, and invalid
//! input that never reaches the network. Expected values come from the raw JSON, fetched and parsed separately, so
//! a model mistake cannot agree with itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use dlmm_query::datapi::ops::{damm_v2, dlmm};
use dlmm_query::datapi::params::{
    Comparison, DailyView, Direction, FilterBy, NumericField, PositionEventType, PositionStatus, SortBy, SortField,
    TextField, Timeframe, WindowedMetric,
};
use dlmm_query::datapi::series::MAX_BUCKETS_PER_REQUEST;
use dlmm_query::json_text::JsonText;
use dlmm_query::ops::{GetPair, Operation};
use dlmm_query::{CallOptions, Client, ClientConfig, ErrorKind, NativeTransport};
use dlmm_replica::Replica;
use futures_util::StreamExt;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::on_replica::{self, Env, client_for, f, raw, s};

/// A replica, a client of it and the datapi's samples.
async fn start() -> Env {
    let mut env = on_replica::start(Replica::dlmm_datapi_base_url).await;
    env.samples = env.samples["datapi"].take();
    env
}

#[tokio::test]
async fn dlmm_pool_routes_match_the_raw_bodies() {
    let Env { replica, client, samples } = start().await;
    let base = replica.dlmm_datapi_base_url();

    let metrics = client.send(&dlmm::GetProtocolMetrics::new()).await.unwrap();
    let raw_metrics = raw(&format!("{base}/stats/protocol_metrics")).await;
    assert_eq!(metrics.total_tvl, f(&raw_metrics["total_tvl"]));
    assert_eq!(metrics.total_pools, raw_metrics["total_pools"].as_u64().unwrap());

    let by_tvl = SortBy::field(SortField::Tvl, Direction::Desc);
    let page = client.send(&dlmm::GetPools::new().page_size(25).sort_by(by_tvl.clone())).await.unwrap();
    assert_eq!((page.data.len(), page.current_page, page.page_size), (25, 1, 25));
    assert!(page.data.windows(2).all(|w| w[0].tvl >= w[1].tvl), "sorted by TVL, descending");
    let raw_page = raw(&format!("{base}/pools?page_size=25&sort_by=tvl:desc")).await;
    assert_eq!(page.total, raw_page["total"].as_u64().unwrap());
    assert_eq!(page.pages, raw_page["pages"].as_u64().unwrap());
    assert_eq!(page.data[0].address, s(&raw_page["data"][0], "address"));

    let floor = page.data[10].tvl;
    let filter = FilterBy::new().numeric(NumericField::Tvl, Comparison::Ge, floor).is_blacklisted(false);
    let filtered = client.send(&dlmm::GetPools::new().page_size(100).filter_by(filter)).await.unwrap();
    assert!(filtered.total >= 1 && filtered.total <= 11 + 1, "{} pools at or above the 11th TVL", filtered.total);
    assert!(filtered.data.iter().all(|p| p.tvl >= floor && !p.is_blacklisted));

    let by_volume = SortBy::windowed(WindowedMetric::Volume, Timeframe::H1, Direction::Asc);
    let ascending = client.send(&dlmm::GetPools::new().page_size(50).sort_by(by_volume)).await.unwrap();
    assert!(ascending.data.windows(2).all(|w| w[0].volume.hour_1 <= w[1].volume.hour_1));

    let address = samples["dlmm_pools"][0].as_str().unwrap();
    let pool = client.send(&dlmm::GetPool::new(address)).await.unwrap();
    let raw_pool = raw(&format!("{base}/pools/{address}")).await;
    assert_eq!(pool.address, address);
    assert_eq!(pool.name, s(&raw_pool, "name"));
    assert_eq!(pool.tvl, f(&raw_pool["tvl"]));
    assert_eq!(pool.created_at, raw_pool["created_at"].as_u64().unwrap(), "milliseconds, kept");
    assert_eq!(pool.volume.hour_24, f(&raw_pool["volume"]["24h"]));
    assert_eq!(pool.fee_tvl_ratio.min_30, f(&raw_pool["fee_tvl_ratio"]["30m"]));
    assert_eq!(pool.token_x.symbol, s(&raw_pool["token_x"], "symbol"));
    assert_eq!(pool.token_x_amount.to_f64(), f(&raw_pool["token_x_amount"]));
    assert_eq!(pool.pool_config.bin_step as u64, raw_pool["pool_config"]["bin_step"].as_u64().unwrap());

    let by_name = client.send(&dlmm::GetPools::new().query(pool.token_x.symbol.clone()).page_size(100)).await.unwrap();
    assert!(by_name.total >= 1, "free-text search finds the pool's token");

    let token = FilterBy::new().text(TextField::PoolAddress, address);
    let exact = client.send(&dlmm::GetPools::new().filter_by(token)).await.unwrap();
    assert_eq!(exact.data.iter().map(|p| p.address.as_str()).collect::<Vec<_>>(), [address]);

    let groups = client.send(&dlmm::GetGroups::new().page_size(5)).await.unwrap();
    assert!(!groups.data.is_empty() && groups.total >= groups.data.len() as u64);
    let key = s(&samples, "dlmm_group");
    let group = client.send(&dlmm::GetGroup::new(key).page_size(100)).await.unwrap();
    assert!(group.data.len() >= 2, "the sample group has at least two pools");
    let raw_group = raw(&format!("{base}/pools/groups/{key}?page_size=100")).await;
    assert_eq!(group.total, raw_group["total"].as_u64().unwrap());

    let end = raw_pool["created_at"].as_u64().unwrap() / 1000 + 20 * 86_400;
    let candles = client.send(&dlmm::GetPoolOhlcv::new(address).range(end - 10 * 86_400, end)).await.unwrap();
    let raw_candles =
        raw(&format!("{base}/pools/{address}/ohlcv?start_time={}&end_time={end}", end - 10 * 86_400)).await;
    assert_eq!(candles.data.len(), raw_candles["data"].as_array().unwrap().len());
    assert!(candles.data.windows(2).all(|w| w[1].timestamp == w[0].timestamp + 86_400), "daily, oldest first");
    assert!(candles.data.iter().all(|c| c.low <= c.high));
    let history = client.send(&dlmm::GetPoolVolumeHistory::new(address).timeframe(Timeframe::H1)).await.unwrap();
    assert_eq!(history.timeframe.as_deref(), Some("1h"));
    assert!(history.data.windows(2).all(|w| w[1].timestamp == w[0].timestamp + 3_600));
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_pool_reads_the_same_in_both_generations() {
    let Env { replica, client, samples } = start().await;
    for address in samples["dlmm_pools"].as_array().unwrap().iter().filter_map(Value::as_str) {
        let pair = client.get_pair(GetPair::new(address)).await.unwrap();
        let pool = client.send(&dlmm::GetPool::new(address)).await.unwrap();
        assert_eq!(pool.tvl, pair.tvl_usd(), "{address}");
        assert_eq!(pool.volume.hour_24, pair.volume.hour_24);
        assert_eq!(pool.volume.min_30, pair.volume.min_30);
        assert_eq!(pool.fees.hour_4, pair.fees.hour_4);
        assert_eq!(pool.pool_config.bin_step, pair.bin_step);
    }
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn dlmm_wallet_position_and_limit_order_routes() {
    let Env { replica, client, samples } = start().await;
    let base = replica.dlmm_datapi_base_url();

    let position = s(&samples, "position_with_events");
    let events = client.send(&dlmm::GetPositionEvents::new(position)).await.unwrap().events;
    let raw_events = raw(&format!("{base}/positions/{position}/historical")).await;
    assert_eq!(events.len(), raw_events["events"].as_array().unwrap().len());
    for kind in ["add", "remove", "claim_fee", "claim_reward"] {
        assert!(events.iter().any(|e| e.event_type == kind), "the sample position has a {kind} event");
    }
    let first = &raw_events["events"][0];
    assert_eq!(events[0].amount_x.as_str(), s(first, "amountX"), "token amounts keep the server's exact text");
    assert_eq!(events[0].block_time, first["blockTime"].as_u64().unwrap());
    let claims = client
        .send(
            &dlmm::GetPositionEvents::new(position)
                .event_type(PositionEventType::ClaimFee)
                .order_direction(Direction::Asc),
        )
        .await
        .unwrap()
        .events;
    assert!(!claims.is_empty() && claims.iter().all(|e| e.event_type == "claim_fee"));
    assert!(claims.windows(2).all(|w| w[0].block_time <= w[1].block_time), "oldest first when asked");

    let holder = &samples["wallet_with_positions"];
    let (wallet, pool) = (s(holder, "wallet"), s(holder, "pool"));
    let portfolio = client.send(&dlmm::GetPortfolio::new(wallet).days_back(365)).await.unwrap();
    let raw_portfolio = raw(&format!("{base}/portfolio?user={wallet}&days_back=365")).await;
    assert_eq!(portfolio.total_count, raw_portfolio["totalCount"].as_u64().unwrap());
    assert!(!portfolio.pools.is_empty());
    let open = client.send(&dlmm::GetOpenPortfolio::new(wallet)).await.unwrap();
    assert!(open.pools.iter().any(|p| p.pool_address == s(holder, "open_pool")));
    let total = client.send(&dlmm::GetPortfolioTotal::new(wallet)).await.unwrap();
    let raw_total = raw(&format!("{base}/portfolio/total?user={wallet}")).await;
    assert_eq!(total.total_pnl_usd, f(&raw_total["totalPnlUsd"]));

    let pnl = client.send(&dlmm::GetPositionsPnl::new(pool, wallet).status(PositionStatus::All)).await.unwrap();
    assert!(!pnl.positions.is_empty());
    let closed = client.send(&dlmm::GetPositionsPnl::new(pool, wallet).status(PositionStatus::Closed)).await.unwrap();
    assert!(closed.positions.iter().all(|p| p.is_closed));
    let claims = client.send(&dlmm::GetWalletPoolClaims::new(wallet, pool)).await.unwrap();
    let raw_claims = raw(&format!("{base}/wallets/{wallet}/pools/{pool}/total_claims")).await;
    assert_eq!(claims.total_fee_x.as_str(), s(&raw_claims, "total_fee_x"));
    assert_eq!(claims.fee_claim_count, raw_claims["fee_claim_count"].as_u64().unwrap());

    let orders = &samples["wallet_with_limit_orders"];
    let (wallet, open_pool, closed_pool) = (s(orders, "wallet"), s(orders, "open_pool"), s(orders, "closed_pool"));
    let open_pools = client.send(&dlmm::GetOpenLimitOrderPools::new(wallet)).await.unwrap();
    assert!(open_pools.total >= 1 && !open_pools.data.is_empty());
    let open_orders = client.send(&dlmm::GetOpenLimitOrders::new(wallet, open_pool)).await.unwrap();
    assert!(!open_orders.data.is_empty());
    let raw_open = raw(&format!("{base}/wallets/{wallet}/limit_orders/open/pools/{open_pool}")).await;
    assert_eq!(open_orders.total, raw_open["total"].as_u64().unwrap());
    let closed_pools = client.send(&dlmm::GetClosedLimitOrderPools::new(wallet)).await.unwrap();
    assert!(closed_pools.total >= 1);
    let closed_orders = client.send(&dlmm::GetClosedLimitOrders::new(wallet, closed_pool)).await.unwrap();
    assert!(!closed_orders.data.is_empty());
    client.send(&dlmm::GetLimitOrderBonusClaimed::new(wallet, closed_pool)).await.unwrap();
    client.send(&dlmm::GetLimitOrderSummary::new(wallet)).await.unwrap();
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn damm_v2_routes_match_the_raw_bodies() {
    let Env { replica, client, samples } = start().await;
    let base = replica.damm_v2_datapi_base_url();
    let metrics = client.send(&damm_v2::GetProtocolMetrics::new()).await.unwrap();
    assert_eq!(metrics.total_tvl, f(&raw(&format!("{base}/stats/protocol_metrics")).await["total_tvl"]));

    let page = client.send(&damm_v2::GetPools::new().page_size(10)).await.unwrap();
    assert_eq!(page.data.len(), 10);
    assert!(page.data.windows(2).all(|w| w[0].volume.hour_24 >= w[1].volume.hour_24), "default volume_24h:desc");

    let address = samples["damm_v2_pools"][0].as_str().unwrap();
    let pool = client.send(&damm_v2::GetPool::new(address)).await.unwrap();
    let raw_pool = raw(&format!("{base}/pools/{address}")).await;
    assert_eq!(pool.tvl, f(&raw_pool["tvl"]));
    assert_eq!(pool.vault_x, s(&raw_pool, "vault_x"));
    assert_eq!(pool.pool_config.activation_point, raw_pool["pool_config"]["activation_point"].as_u64().unwrap());

    let groups = client.send(&damm_v2::GetGroups::new()).await.unwrap();
    assert!(!groups.data.is_empty());
    let group = client.send(&damm_v2::GetGroup::new(s(&samples, "damm_v2_group"))).await.unwrap();
    assert!(!group.data.is_empty());
    let candles = client.send(&damm_v2::GetPoolOhlcv::new(address).timeframe(Timeframe::H4)).await.unwrap();
    assert!(!candles.data.is_empty());
    let volume = client.send(&damm_v2::GetPoolVolumeHistory::new(address)).await.unwrap();
    assert!(volume.data.last().is_some_and(|b| b.volume == 0.0), "the newest daily bucket is open and reads 0");
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn walking_every_pools_page_visits_each_pool_once_and_break_stops_early() {
    let Env { replica, client, .. } = start().await;
    let all = client.datapi_collect(dlmm::GetPools::new().page_size(300), CallOptions::default()).await.unwrap();
    let total = client.send(&dlmm::GetPools::new().page_size(1)).await.unwrap().total;
    assert_eq!(all.len() as u64, total);
    let unique: std::collections::HashSet<&str> = all.iter().map(|p| p.address.as_str()).collect();
    assert_eq!(unique.len(), all.len(), "no pool twice");

    let mut pages = std::pin::pin!(client.datapi_pages(dlmm::GetGroups::new().page_size(3)));
    let mut seen = 0;
    while let Some(page) = pages.next().await {
        assert_eq!(page.unwrap().len(), 3);
        seen += 1;
        if seen == 2 {
            break;
        }
    }
    assert_eq!(seen, 2);

    let holder = raw(&format!("{}/__replica/samples", replica.dlmm_datapi_base_url())).await;
    let wallet = s(&holder["datapi"]["wallet_with_positions"], "wallet");
    let walk = dlmm::GetPortfolio::new(wallet).days_back(365).page_size(1);
    let pools = client.datapi_collect(walk, CallOptions::default()).await;
    let direct = client.send(&dlmm::GetPortfolio::new(wallet).days_back(365).page_size(50)).await.unwrap();
    assert!(direct.total_count >= 1);
    assert_eq!(pools.unwrap().len() as u64, direct.total_count, "the hasNext walk reaches every pool");
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn long_candle_ranges_are_fetched_in_chunks_and_merged_without_duplicates() {
    let Env { replica, client, samples } = start().await;
    let address = samples["dlmm_pools"][1].as_str().unwrap();
    let end = 1_763_683_200 - 1; // the replica's snapshot moment
    let buckets = 2 * MAX_BUCKETS_PER_REQUEST + 500;
    let start = end + 1 - buckets * 300;
    let op = dlmm::GetPoolOhlcv::new(address).timeframe(Timeframe::M5).range(start, end);
    let one = client.send(&op).await.unwrap_err();
    assert_eq!((one.kind(), one.status()), (ErrorKind::Http, Some(400)), "the server refuses the whole range");
    assert!(one.server_message().is_some_and(|m| !m.is_empty()), "the plain-text 400 is kept: {one}");
    let merged = client.datapi_series(op.clone(), CallOptions::default()).await.unwrap();
    let (url, text) = client.datapi_series_text(op.clone(), CallOptions::default()).await.unwrap();
    assert!(url.ends_with(&op.request().unwrap().query), "the URL asked, not a chunk's: {url}");
    let mut written = JsonText::default();
    written.write(&merged);
    assert_eq!(text.text, written.finish().unwrap().text, "merged as text, the merged model's text");
    assert_eq!(merged.data.len() as u64, buckets);
    assert!(merged.data.windows(2).all(|w| w[1].timestamp == w[0].timestamp + 300), "contiguous, no duplicates");
    assert_eq!((merged.data[0].timestamp, merged.data.last().unwrap().timestamp), (start, end + 1 - 300));
    replica.shutdown().await.unwrap();
}

/// The live-only daily statistics: every view, a long range fetched in chunks that merges into the whole history,
/// as models and as text, and a host that does not serve them (`notServed`).
#[tokio::test]
async fn the_daily_statistics_in_every_view_whole_and_in_chunks() {
    let Env { replica, client, .. } = start().await;
    let base = replica.dlmm_datapi_base_url();
    let volume = client.send(&dlmm::GetDailyVolume::new().view(DailyView::Both)).await.unwrap();
    let raw_volume = raw(&format!("{base}/stats/daily/volume?view=both")).await;
    let raw_points = raw_volume["data_points"].as_array().unwrap();
    assert!(raw_points.len() > 200, "the replica's whole history");
    assert_eq!(volume.data_points.len(), raw_points.len());
    assert_eq!(volume.refreshed_at, raw_volume["refreshed_at"].as_u64());
    for (point, raw_point) in volume.data_points.iter().zip(raw_points) {
        assert_eq!(point.timestamp, raw_point["timestamp"].as_u64().unwrap());
        assert_eq!(point.date_time, s(raw_point, "date_time"));
        assert_eq!((point.clean, point.gross), (Some(f(&raw_point["clean"])), Some(f(&raw_point["gross"]))));
        assert!(point.clean <= point.gross, "the filtered pool set is a part of every pool");
    }
    assert!(volume.data_points.windows(2).all(|w| w[0].timestamp < w[1].timestamp), "oldest first");

    let (day, last) = (volume.data_points[10].timestamp, volume.data_points.last().unwrap().timestamp);
    let fees = client.send(&dlmm::GetDailyTradingFees::new().view(DailyView::Gross).range(day, day)).await.unwrap();
    assert_eq!(fees.data_points.len(), 1);
    assert!(fees.data_points[0].clean.is_none() && fees.data_points[0].gross.is_some(), "the gross view only");
    let protocol = client.send(&dlmm::GetDailyProtocolFees::new().start_time(day).end_time(day)).await.unwrap();
    assert!(protocol.data_points[0].gross.is_none(), "the clean view by default");
    assert!(protocol.data_points[0].clean < fees.data_points[0].gross, "the protocol's share of the fees");

    // From 1970: 21 chunks of 1000 days, most of them empty, merged into the history asked whole.
    let long = dlmm::GetDailyVolume::new().view(DailyView::Both).range(0, last + 86_399);
    let merged = client.datapi_series(long, CallOptions::default()).await.unwrap();
    assert_eq!(merged, volume);
    let (url, text) = client.datapi_series_text(long, CallOptions::default()).await.unwrap();
    let asked = format!("/stats/daily/volume?start_time=0&end_time={}&view=both", last + 86_399);
    assert!(url.ends_with(&asked), "the URL asked, not a chunk's: {url}");
    let mut written = JsonText::default();
    written.write(&merged);
    assert_eq!(text.text, written.finish().unwrap().text, "merged as text, the merged model's text");

    // The replica's DAMM v2 host does not serve them: a typed answer, not a crash, in one request and in chunks.
    let err = client.send(&damm_v2::GetDailyVolume::new()).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotServed, Some(404)), "{err}");
    let chunked = damm_v2::GetDailyTradingFees::new().range(0, last);
    let err = client.datapi_series(chunked, CallOptions::default()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotServed, "{err}");
    assert!(err.to_string().contains("does not serve"), "{err}");
    replica.shutdown().await.unwrap();
}

/// On a host without the group routes (the replica by default, as the live DLMM host is reported to answer them),
/// both are the typed `notServed`; a bad group key is still refused before anything is sent, and a pair's pools
/// are found with two filtered pool lists instead.
#[tokio::test]
async fn group_routes_a_host_does_not_serve_are_not_served_and_a_pairs_pools_are_found_by_filters() {
    let replica = Replica::start(dlmm_replica::ReplicaConfig::default()).await.expect("replica starts");
    let client = client_for(&replica, &[]);
    let samples = raw(&format!("{}/__replica/samples", replica.dlmm_datapi_base_url())).await;
    let key = s(&samples["datapi"], "dlmm_group");
    let err = client.send(&dlmm::GetGroups::new().page_size(10)).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotServed, Some(400)), "{err}");
    assert!(err.server_message().is_some_and(|m| m.contains("invalid_pubkey")), "{err}");
    let err = client.send(&dlmm::GetGroup::new(key)).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotServed, Some(404)), "{err}");
    let err = client.send(&dlmm::GetGroup::new("not-a-key")).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(client.send(&damm_v2::GetGroups::new()).await.is_ok(), "the DAMM v2 host serves its groups");
    let (a, b) = key.split_once('-').unwrap();
    let mut found = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        let filter = FilterBy::new().text(TextField::TokenX, x).text(TextField::TokenY, y);
        let page = client.send(&dlmm::GetPools::new().page_size(1000).filter_by(filter)).await.unwrap();
        found.extend(page.data.into_iter().map(|p| p.address));
    }
    found.sort();
    let served = on_replica::start(Replica::dlmm_datapi_base_url).await;
    let group = served.client.send(&dlmm::GetGroup::new(key).page_size(100)).await.unwrap();
    let mut members: Vec<String> = group.data.into_iter().map(|p| p.address).collect();
    members.sort();
    assert!(members.len() >= 2);
    assert_eq!(found, members, "the two filtered lists hold the group's pools");
    served.replica.shutdown().await.unwrap();
    replica.shutdown().await.unwrap();
}

/// A host announcing its budget (`x-ratelimit-remaining`, `x-ratelimit-reset`): calls are paced to it, so none is
/// refused even with retries off; and after a 429 every call to that host waits until the window resets.
#[tokio::test]
async fn a_hosts_announced_budget_paces_every_call_and_a_429_pauses_them_all() {
    use std::time::{Duration, Instant};
    let config = dlmm_replica::ReplicaConfig { rate_budget: Some((3, Duration::from_secs(2))), ..Default::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let mut config = client_for(&replica, &[]).config().clone();
    config.retry = dlmm_query::policy::RetryPolicy::NEVER;
    let strict = Client::new(NativeTransport::new(), config.clone());
    let op = dlmm::GetProtocolMetrics::new();
    let started = Instant::now();
    for call in 0..7 {
        strict.send(&op).await.unwrap_or_else(|e| panic!("call {call}: {e}"));
    }
    assert!(started.elapsed() >= Duration::from_millis(1500), "7 calls of 3 a window wait for two resets");

    // Spend the window behind the client's back, then two calls: the first is refused (429), retried after the
    // reset; the second, with retries off, starts during the pause and waits it out instead of being refused.
    let url = format!("{}/stats/protocol_metrics", replica.dlmm_datapi_base_url());
    while reqwest::get(&url).await.unwrap().status() != 429 {}
    config.retry = dlmm_query::policy::RetryPolicy::default();
    let client = Client::new(NativeTransport::new(), config);
    let never = CallOptions { retry: Some(dlmm_query::policy::RetryPolicy::NEVER), ..CallOptions::default() };
    let first = client.send_with(&op, CallOptions::default());
    let second = async {
        tokio::time::sleep(Duration::from_millis(100)).await;
        client.send_with(&op, never).await
    };
    let (first, second) = tokio::join!(first, second);
    first.expect("retried after the 429");
    second.expect("held until the window reset, not refused");
    replica.shutdown().await.unwrap();
}

/// Services behind one origin (as behind a same-origin relay) share that host's budget: once DLMM calls have spent
/// the window the host announced, a DAMM v2 call to the same origin waits for its reset rather than being refused,
/// even with retries off. With a limiter per service it would have been sent at once, and refused (how long it
/// waits depends on where in its window the replica was: not asserted).
#[tokio::test]
async fn services_behind_one_origin_share_the_hosts_announced_budget() {
    use std::time::Duration;
    let config = dlmm_replica::ReplicaConfig { rate_budget: Some((2, Duration::from_secs(1))), ..Default::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let mut config = client_for(&replica, &[]).config().clone();
    config.retry = dlmm_query::policy::RetryPolicy::NEVER;
    config.damm_v2_datapi_base_url = config.dlmm_datapi_base_url.clone();
    let client = Client::new(NativeTransport::new(), config);
    for _ in 0..2 {
        client.send(&dlmm::GetProtocolMetrics::new()).await.expect("within the window");
    }
    client.send(&damm_v2::GetProtocolMetrics::new()).await.expect("held until the window reset, not refused");
    replica.shutdown().await.unwrap();
}

/// A Rust program names itself to the live hosts (field reports say a client without a `User-Agent` may be refused):
/// the library's by default, the caller's when set, and a `user-agent` header wins over both.
#[tokio::test]
async fn the_replica_sees_the_user_agent_of_a_rust_program() {
    let Env { replica, client, .. } = start().await;
    let base = replica.dlmm_datapi_base_url();
    let seen = || async { raw(&format!("{base}/__replica/user-agents")).await };
    client.send(&dlmm::GetProtocolMetrics::new()).await.unwrap();
    assert_eq!(seen().await[0], dlmm_query::client::USER_AGENT);
    assert!(dlmm_query::client::USER_AGENT.starts_with(&format!("dlmm-query/{} ", env!("CARGO_PKG_VERSION"))));

    let mut config = client.config().clone().with_user_agent(Some("my-dashboard/2.1")).unwrap();
    let named = Client::new(NativeTransport::new(), config.clone());
    named.send(&dlmm::GetProtocolMetrics::new()).await.unwrap();
    assert_eq!(seen().await[0], "my-dashboard/2.1");
    config.headers.push(("User-Agent".to_owned(), "from-headers/1".to_owned()));
    Client::new(NativeTransport::new(), config.clone()).send(&dlmm::GetProtocolMetrics::new()).await.unwrap();
    assert_eq!(seen().await[0], "from-headers/1");
    let anonymous = Client::new(NativeTransport::new(), client.config().clone().with_user_agent(None).unwrap());
    anonymous.send(&dlmm::GetProtocolMetrics::new()).await.unwrap();
    assert_eq!(seen().await[0], dlmm_replica::user_agents::NONE, "reqwest sends none of its own");
    let bad = client.config().clone().with_user_agent(Some("two\nlines")).unwrap_err();
    assert_eq!(bad.parameter, "user_agent");
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn error_statuses_and_faults_on_the_datapi() {
    let Env { replica, client, samples } = start().await;
    let unknown = s(&samples, "unknown_pool");
    let err = client.send(&dlmm::GetPool::new(unknown)).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::NotFound, Some(404)));
    assert!(err.server_message().is_some_and(|m| m.contains(unknown)), "{err}");
    let err = client.send(&damm_v2::GetPool::new(unknown)).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);

    let err = client.send(&dlmm::GetPools::new().filter_by(FilterBy::raw("tvl>>1"))).await.unwrap_err();
    assert_eq!((err.kind(), err.status()), (ErrorKind::Http, Some(400)));
    assert!(err.server_message().is_some(), "the server's plain text is carried: {err}");

    let address = samples["dlmm_pools"][0].as_str().unwrap();
    for fault in ["status=429; retry-after=0; times=1; id=json", "status=429; body=html; times=1; id=html"] {
        let client = client_for(&replica, &[("x-replica-fault", fault)]);
        let pool = client.send(&dlmm::GetPool::new(address)).await.unwrap();
        assert_eq!(pool.address, address, "retried after {fault}");
    }
    let client = client_for(&replica, &[("x-replica-fault", "truncate")]);
    let err = client.send(&dlmm::GetPools::new()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode);
    assert!(err.url().is_some_and(|u| u.ends_with("/pools")), "{err}");
    replica.shutdown().await.unwrap();
}

/// A one-route HTTP server on loopback that answers every request with `body` and counts the requests.
async fn fixed_server(body: &'static str) -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let counter = counter.clone();
            tokio::spawn(async move {
                let mut buffer = vec![0u8; 8192];
                loop {
                    match socket.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    counter.fetch_add(1, Ordering::SeqCst);
                    let head = format!(
                        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                        body.len()
                    );
                    if socket.write_all(head.as_bytes()).await.is_err()
                        || socket.write_all(body.as_bytes()).await.is_err()
                    {
                        return;
                    }
                }
            });
        }
    });
    (url, hits)
}

#[tokio::test]
async fn a_server_that_repeats_a_page_ends_the_walk_with_an_error() {
    // Always page 1 of 1,000,000: a walk that trusted it would never end.
    let (url, hits) =
        fixed_server(r#"{"total":1000000,"pages":1000000,"current_page":1,"page_size":1,"data":[{"address":"x"}]}"#)
            .await;
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&url, &url).unwrap());
    let err = client.datapi_collect(dlmm::GetGroups::new().page_size(1), CallOptions::default()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert!(hits.load(Ordering::SeqCst) <= 3, "stopped at once, after {} requests", hits.load(Ordering::SeqCst));

    let (url, hits) = fixed_server(
        r#"{"page":1,"pageSize":1,"hasNext":true,"totalCount":5,"totalPositions":5,"pools":[{"poolAddress":"x"}]}"#,
    )
    .await;
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&url, &url).unwrap());
    let wallet = "So11111111111111111111111111111111111111112";
    let err = client.datapi_collect(dlmm::GetPortfolio::new(wallet), CallOptions::default()).await.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
    assert!(hits.load(Ordering::SeqCst) <= 3);
}

/// A page the walker judges repeated or out of order (here both: page 1 again when page 2 was asked for) ends the
/// walk with the looping error, and none of its items is handed out: typed pages and pages transcoded for
/// JavaScript alike.
#[tokio::test]
async fn a_page_judged_repeated_or_out_of_order_is_never_handed_out() {
    let (url, _) = fixed_server(
        r#"{"total":1000000,"pages":1000000,"current_page":1,"page_size":1,"data":[{"lexical_order_mints":"a-b",
        "group_name":"A-B","token_x":"a","token_y":"b","pool_count":1,"total_tvl":1,"total_volume":1,
        "max_fee_tvl_ratio":1}]}"#,
    )
    .await;
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&url, &url).unwrap());
    let op = dlmm::GetGroups::new().page_size(1);
    let typed: Vec<_> = client.datapi_pages(op.clone()).collect().await;
    let texts: Vec<_> = client.datapi_page_texts_with(op, CallOptions::default()).collect().await;
    assert!(typed.len() == 2 && typed[0].as_ref().is_ok_and(|items| items.len() == 1), "page 1, then the error");
    assert!(texts.len() == 2 && texts[0].is_ok(), "page 1's text, then the error");
    for err in [typed[1].as_ref().unwrap_err(), texts[1].as_ref().unwrap_err()] {
        assert_eq!(err.kind(), ErrorKind::Decode);
        assert!(err.to_string().contains("stopped instead of looping"), "{err}");
    }
}

/// A route answering one item refuses more than 8 MiB of answer (a single pool is not a 256 MiB answer); a list's
/// route keeps the transport's cap. Both as typed calls and as the text the package transcodes.
#[tokio::test]
async fn a_single_item_route_refuses_an_answer_of_megabytes() {
    let body: &'static str = format!(r#"{{"data":[],"padding":"{}"}}"#, "x".repeat(9 << 20)).leak();
    let (url, _) = fixed_server(body).await;
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&url, &url).unwrap());
    let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
    let one = client.send(&dlmm::GetPool::new(pool)).await.unwrap_err();
    let one_text = client.transcode_with(&dlmm::GetPool::new(pool), CallOptions::default()).await.unwrap_err();
    for err in [one, one_text] {
        assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
        assert!(err.to_string().contains("larger than the limit of 8388608 bytes"), "{err}");
    }
    let list = client.send(&dlmm::GetPools::new()).await.unwrap_err();
    assert!(!list.to_string().contains("larger than the limit"), "a list keeps the transport's cap: {list}");
}

#[tokio::test]
async fn invalid_input_never_reaches_the_network() {
    let (url, hits) = fixed_server("{}").await;
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&url, &url).unwrap());
    let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
    let cases: Vec<(&str, dlmm_query::Error)> = vec![
        ("page_size", client.send(&dlmm::GetPools::new().page_size(1001)).await.unwrap_err()),
        ("page", client.send(&dlmm::GetPools::new().page(0)).await.unwrap_err()),
        ("page_size", client.send(&dlmm::GetGroups::new().page_size(101)).await.unwrap_err()),
        ("page_size", client.send(&dlmm::GetPortfolio::new(pool).page_size(51)).await.unwrap_err()),
        ("address", client.send(&dlmm::GetPool::new("nope")).await.unwrap_err()),
        (
            "filter_by",
            client
                .send(&dlmm::GetPools::new().filter_by(FilterBy::new().numeric(
                    NumericField::Tvl,
                    Comparison::Gt,
                    f64::NAN,
                )))
                .await
                .unwrap_err(),
        ),
        ("start_time", client.send(&dlmm::GetPoolOhlcv::new(pool).range(10, 5)).await.unwrap_err()),
    ];
    for (parameter, err) in cases {
        assert_eq!(err.kind(), ErrorKind::InvalidInput, "{err}");
        assert!(err.to_string().contains(parameter), "{parameter}: {err}");
    }
    assert_eq!(hits.load(Ordering::SeqCst), 0, "nothing was sent");
}

#[tokio::test]
async fn an_owned_datapi_walk_applies_its_options_to_every_page() {
    let Env { replica, client, .. } = start().await;
    // Every request of this client is answered after 150 ms, past its configured 50 ms time-out.
    let mut config = client_for(&replica, &[("x-replica-fault", "delay-ms=150")]).config().clone();
    config.timeout = Some(std::time::Duration::from_millis(50));
    config.retry = dlmm_query::policy::RetryPolicy::NEVER;
    let slow = Client::new(NativeTransport::new(), config);
    let op = dlmm::GetGroups::new().page_size(3);
    let plain: Vec<_> = slow.datapi_pages(op.clone()).collect().await;
    assert_eq!(plain.len(), 1, "the configured time-out ends the walk at its first page");
    assert_eq!(plain[0].as_ref().unwrap_err().kind(), ErrorKind::Timeout);

    let patient = CallOptions { timeout: Some(Some(std::time::Duration::from_secs(20))), ..CallOptions::default() };
    // The stream owns a clone of the client: it outlives `slow`.
    let pages = slow.datapi_pages_with(op.clone(), patient);
    drop(slow);
    let slow_pages: Vec<_> = pages.take(3).map(|p| p.expect("each page waits for its 150 ms answer")).collect().await;
    let fast_pages: Vec<_> = client.datapi_pages(op).take(3).map(Result::unwrap).collect().await;
    let names = |pages: &[Vec<dlmm_query::datapi::models::dlmm::Group>]| -> Vec<String> {
        pages.iter().flatten().map(|g| g.lexical_order_mints.clone()).collect()
    };
    assert_eq!(names(&slow_pages).len(), 9);
    assert_eq!(names(&slow_pages), names(&fast_pages));
    replica.shutdown().await.unwrap();
}

/// The specs a host publishes about itself ([`dlmm_query::drift::spec_request`]): the replica started with
/// `--openapi` serves the vendor's files unedited, the library's comparison of them finds only the differences its
/// allow-list explains (as `cargo xtask drift` and the explorer's Settings say); a host publishing none is
/// `notServed`.
#[tokio::test]
async fn the_specs_a_host_publishes_are_fetched_and_compared_with_only_known_differences() {
    use dlmm_query::ApiGroup;
    use dlmm_query::drift::{self, KNOWN, compare, known_reason, parse_known, spec_request};
    let dir = dlmm_replica::shared::dir("openapi");
    if dlmm_replica::shared::absent(&dir, "the hosts' published specs") {
        return;
    }
    let config = dlmm_replica::ReplicaConfig { openapi: Some(dir.clone()), ..Default::default() };
    let replica = Replica::start(config).await.expect("replica starts");
    let client = client_for(&replica, &[]);
    let known = parse_known(KNOWN).unwrap();
    for (group, file) in [
        (ApiGroup::DlmmDatapi, dlmm_replica::specs::DLMM_FILE),
        (ApiGroup::DammV2Datapi, dlmm_replica::specs::DAMM_V2_FILE),
    ] {
        let (url, response) =
            client.exchange(&spec_request(group), dlmm_query::Missing::Route, CallOptions::default()).await.unwrap();
        assert!(url.ends_with(drift::SPEC_PATH), "{url}");
        assert_eq!(response.body, std::fs::read(dir.join(file)).unwrap(), "{file} unedited");
        let spec: Value = serde_json::from_slice(&response.body).unwrap();
        let differences = compare(&spec, group);
        assert!(!differences.is_empty(), "{file}: the live contract and the library differ in known ways");
        for difference in &differences {
            assert!(known_reason(&known, group, difference).is_some(), "{file}: unexplained {difference:?}");
        }
    }
    replica.shutdown().await.unwrap();

    let Env { replica, client, .. } = start().await;
    let request = spec_request(ApiGroup::DlmmDatapi);
    let error = client.exchange(&request, dlmm_query::Missing::Route, CallOptions::default()).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NotServed, "a replica without --openapi publishes none");
    replica.shutdown().await.unwrap();
}
