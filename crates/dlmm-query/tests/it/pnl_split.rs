//! A position's P&L taken apart (`datapi::pnl_split`) for every position of the replica's sample wallets, over HTTP:
//! the fees earned (claimed and unclaimed) and the rest add up to the service's P&L in USD and in SOL, and the
//! claimed fees of each P&L record agree with the position's own fee-claim events within the stated tolerance.

use std::collections::BTreeSet;

use dlmm_query::datapi::ops::dlmm::{GetOpenPortfolio, GetPortfolio, GetPositionEvents, GetPositionsPnl};
use dlmm_query::datapi::params::PositionStatus;
use dlmm_query::datapi::pnl_split::{FeeCheck, PnlSplit};
use dlmm_replica::Replica;

use crate::common::on_replica::{self, Env, f, raw};

/// Whether `a` and `b` are equal but for `f64` rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[tokio::test]
async fn fees_and_the_rest_add_up_to_the_pnl_of_every_position_of_the_sample_wallets() {
    let Env { replica, client, samples } = on_replica::start(Replica::dlmm_datapi_base_url).await;
    let wallets = [
        samples["datapi"]["wallet_with_positions"]["wallet"].as_str().unwrap().to_owned(),
        samples["datapi"]["wallet_with_limit_orders"]["wallet"].as_str().unwrap().to_owned(),
    ];
    let base = replica.dlmm_datapi_base_url();
    let (mut checked, mut unclaimed) = (0, 0);
    for wallet in &wallets {
        let open = client.send(&GetOpenPortfolio::new(wallet).page_size(50)).await.unwrap();
        let closed = client.send(&GetPortfolio::new(wallet).days_back(365).page_size(50)).await.unwrap();
        let pools: BTreeSet<String> = open
            .pools
            .iter()
            .map(|p| p.pool_address.clone())
            .chain(closed.pools.iter().map(|p| p.pool_address.clone()))
            .collect();
        for pool in pools {
            let page = client
                .send(&GetPositionsPnl::new(&pool, wallet).status(PositionStatus::All).page_size(100))
                .await
                .unwrap();
            assert!(!page.has_next, "one page holds a sample wallet's positions in a pool");
            let body = raw(&format!("{base}/positions/{pool}/pnl?user={wallet}&status=all&page_size=100")).await;
            for (record, wire) in page.positions.iter().zip(body["positions"].as_array().unwrap()) {
                let usd = PnlSplit::usd(record);
                assert_eq!(usd.total, f(&wire["pnlUsd"]), "the total is the service's P&L");
                // The fees earned are the claimed ones and the unclaimed ones.
                let u = &wire["unrealizedPnl"];
                let not_claimed = if u.is_null() {
                    0.0
                } else {
                    f(&u["unclaimedFeeTokenX"]["usd"]) + f(&u["unclaimedFeeTokenY"]["usd"])
                };
                assert!(same(usd.fees, f(&wire["allTimeFees"]["total"]["usd"]) + not_claimed), "{usd:?}");
                unclaimed += usize::from(not_claimed > 0.0);
                assert!(same(usd.fees + usd.rest, usd.total), "{}: {usd:?}", record.position_address);
                let sol = PnlSplit::sol(record).expect("the replica sends every SOL figure");
                assert_eq!(sol.total, f(&wire["pnlSol"]));
                assert!(same(sol.fees + sol.rest, sol.total), "{}: {sol:?}", record.position_address);
                let events = client.send(&GetPositionEvents::new(&record.position_address)).await.unwrap().events;
                let check = FeeCheck::new(record, &events);
                assert!(check.agrees(), "{}: {check:?}", record.position_address);
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "the sample wallets hold positions ({checked} checked)");
    assert!(unclaimed > 0, "open positions with fees to claim ({unclaimed} of {checked})");
    replica.shutdown().await.unwrap();
}
