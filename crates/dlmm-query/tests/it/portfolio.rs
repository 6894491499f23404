//! The portfolio service through the native `Client` against the replica's portfolio port over HTTP: every figure
//! equal to the replica's raw JSON (exact text), the calendar of a range fetched month by month and merged, the
//! figures adding up to the DLMM routes' positions of the same wallet, and bad input refused before anything is sent.

use dlmm_query::datapi::month::Month;
use dlmm_query::datapi::ops::dlmm::GetPortfolio;
use dlmm_query::datapi::ops::portfolio::{GetBalances, GetCalendar, GetPerformance};
use dlmm_query::datapi::params::TimeRange;
use dlmm_query::{CallOptions, ErrorKind};
use dlmm_replica::Replica;
use serde_json::Value;

use crate::common::on_replica::{self, Env, f, raw};

/// A replica, a client of it and the wallet of the datapi samples with open and closed positions.
async fn start() -> (Env, String) {
    let env = on_replica::start(Replica::dlmm_datapi_base_url).await;
    let wallet = env.samples["datapi"]["wallet_with_positions"]["wallet"].as_str().unwrap().to_owned();
    (env, wallet)
}

/// The text of a figure in a raw body (the service sends strings).
fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("{v} is not text"))
}

#[tokio::test]
async fn performance_balances_and_a_month_match_the_raw_bodies_exactly() {
    let (Env { replica, client, .. }, wallet) = start().await;
    let base = replica.portfolio_datapi_base_url();
    for range in TimeRange::ALL {
        let performance = client.send(&GetPerformance::new(&wallet).time_range(*range)).await.unwrap();
        let body = raw(&format!("{base}/performances/{wallet}?time_range={range}")).await;
        assert_eq!(performance.pnl_usd.as_str(), text(&body["pnl_usd"]), "{range}");
        assert_eq!(performance.realized_pnl_usd.as_str(), text(&body["realized_pnl_usd"]), "{range}");
        assert_eq!(performance.win_rate_usd.as_str(), text(&body["win_rate_usd"]), "{range}");
        assert_eq!(performance.closed_count, body["closed_count"].as_u64().unwrap(), "{range}");
        assert_eq!(performance.biggest_pnl_usd_pool.as_deref(), body["biggest_pnl_usd_pool"].as_str(), "{range}");
    }
    let balances = client.send(&GetBalances::new(&wallet)).await.unwrap();
    let body = raw(&format!("{base}/balances/{wallet}")).await;
    assert_eq!(balances.balance_usd.as_str(), text(&body["balance_usd"]));
    let month = Month::new(2025, 11).unwrap();
    let calendar = client.send(&GetCalendar::new(&wallet).month(month)).await.unwrap();
    let body = raw(&format!("{base}/chart/calendar/{wallet}?month=2025-11")).await;
    assert_eq!(calendar.data_points.len(), body["data_points"].as_array().unwrap().len());
    for (day, raw_day) in calendar.data_points.iter().zip(body["data_points"].as_array().unwrap()) {
        assert_eq!(
            (day.timestamp, day.pnl_usd.as_str()),
            (raw_day["timestamp"].as_u64().unwrap(), text(&raw_day["pnl_usd"]))
        );
        assert_eq!(day.dlmm.as_ref().map(|d| d.pnl_usd.as_str()), Some(day.pnl_usd.as_str()), "all DLMM here");
    }
    replica.shutdown().await.unwrap();
}

/// What adds up: over every month of the wallet's closed positions, the calendar's days hold every closed position
/// once, and their P&L sums to the DLMM `/portfolio` pools' P&L; the performance over `all` counts the same closed
/// positions.
#[tokio::test]
async fn the_calendar_and_the_performance_add_up_to_the_wallets_positions() {
    let (Env { replica, client, .. }, wallet) = start().await;
    let pools = client.send(&GetPortfolio::new(&wallet).days_back(365).page_size(50)).await.unwrap();
    let closed_positions: u64 = pools.total_positions;
    let closed_pnl: f64 = pools.pools.iter().map(|p| p.pnl_usd).sum();
    let (from, to) = (Month::new(2024, 11).unwrap(), Month::new(2025, 11).unwrap());
    let calendar =
        client.portfolio_calendar(GetCalendar::new(&wallet).months(from, to), CallOptions::default()).await.unwrap();
    assert!(calendar.data_points.windows(2).all(|w| w[0].timestamp < w[1].timestamp), "oldest first, once each");
    let days_positions: u64 = calendar.data_points.iter().map(|d| d.closed_position_count).sum();
    let days_pnl: f64 = calendar.data_points.iter().map(|d| d.pnl_usd.to_f64()).sum();
    assert_eq!(days_positions, closed_positions, "every closed position on one day");
    assert!((days_pnl - closed_pnl).abs() <= 1e-6 * closed_pnl.abs().max(1.0), "{days_pnl} vs {closed_pnl}");
    let wins_and_losses: u64 = calendar.data_points.iter().map(|d| d.win_count_usd + d.loss_count_usd).sum();
    assert!(wins_and_losses <= days_positions);

    let all = client.send(&GetPerformance::new(&wallet).time_range(TimeRange::All)).await.unwrap();
    assert!(all.closed_count >= closed_positions, "all time holds at least the last year's closed positions");
    let realized = all.realized_pnl_usd.to_f64();
    let unrealized = all.unrealized_pnl_usd.to_f64();
    assert!((realized + unrealized - all.pnl_usd.to_f64()).abs() <= 1e-6 * all.pnl_usd.to_f64().abs().max(1.0));
    let year = client.send(&GetPerformance::new(&wallet).time_range(TimeRange::Y1)).await.unwrap();
    assert!(year.closed_count <= all.closed_count && all.open_count == year.open_count);

    // The merged calendar's text for JavaScript holds the same days.
    let (_, written) = client
        .portfolio_calendar_text(GetCalendar::new(&wallet).months(from, to), CallOptions::default())
        .await
        .unwrap();
    let merged: Value = serde_json::from_str(&written.text).unwrap();
    assert_eq!(merged["dataPoints"].as_array().unwrap().len(), calendar.data_points.len());
    assert_eq!(f(&merged["dataPoints"][0]["pnlUsd"]), calendar.data_points[0].pnl_usd.to_f64());
    replica.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_input_is_refused_before_sending_and_an_unknown_wallet_is_not_found() {
    let (Env { replica, client, .. }, wallet) = start().await;
    let error = client.send(&GetPerformance::new("not-a-wallet")).await.unwrap_err();
    assert!(matches!(&error, dlmm_query::Error::InvalidInput(e) if e.parameter == "wallet"), "{error}");
    let (from, to) = (Month::new(2026, 2).unwrap(), Month::new(2025, 11).unwrap());
    let error = client
        .portfolio_calendar(GetCalendar::new(&wallet).months(from, to), CallOptions::default())
        .await
        .unwrap_err();
    assert!(matches!(&error, dlmm_query::Error::InvalidInput(e) if e.parameter == "to_month"), "{error}");
    let stranger = "So11111111111111111111111111111111111111112"; // a mint, no wallet of the replica
    let error = client.send(&GetBalances::new(stranger)).await.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NotFound, "{error}");
    replica.shutdown().await.unwrap();
}
