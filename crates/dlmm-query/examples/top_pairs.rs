//! Lists the top pairs by TVL and prints the profit and loss of one position.
//!
//! ```sh
//! cargo run -p dlmm-query --features native --example top_pairs                      # on an in-process replica
//! cargo run -p dlmm-query --features native --example top_pairs -- PAIR_URL POOL_URL POSITION
//! ```

use std::error::Error;

use dlmm_query::ops::{AllWithPagination, OrderBy, PairSortKey};
use dlmm_query::{Client, ClientConfig, NativeTransport};
use dlmm_replica::{Replica, ReplicaConfig};

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Either three arguments (two base URLs and a position), or none: then a local replica serves the data.
    let (replica, pair_url, pool_url, position) = match args.as_slice() {
        [pair, pool, position] => (None, pair.clone(), pool.clone(), position.clone()),
        [] => {
            let replica = Replica::start(ReplicaConfig::default()).await?;
            let body = reqwest::get(format!("{}/__replica/samples", replica.pair_base_url())).await?.bytes().await?;
            let samples: serde_json::Value = serde_json::from_slice(&body)?;
            let position = samples["positions"][0].as_str().ok_or("the replica lists no position")?.to_owned();
            let (pair, pool) = (replica.pair_base_url(), replica.pool_base_url());
            (Some(replica), pair, pool, position)
        }
        _ => return Err("usage: top_pairs [PAIR_BASE_URL POOL_BASE_URL POSITION_ADDRESS]".into()),
    };

    let client = Client::new(NativeTransport::new(), ClientConfig::with_base_urls(&pair_url, &pool_url)?);

    let top = client
        .all_with_pagination(AllWithPagination::new().sort_key(PairSortKey::Tvl).order_by(OrderBy::Desc).limit(10))
        .await?;
    println!("Top pairs by TVL (of {} pairs)", top.total);
    println!("{:>3}  {:<24} {:>16} {:>14} {:>7} {:>9}", "#", "pair", "TVL (USD)", "24 h volume", "fee %", "APR %");
    for (rank, pair) in top.pairs.iter().enumerate() {
        let name: String = pair.name.chars().take(24).collect();
        println!(
            "{:>3}  {name:<24} {:>16.2} {:>14.2} {:>7.3} {:>9.3}",
            rank + 1,
            pair.tvl_usd(),
            pair.trade_volume_24h,
            pair.base_fee_percent(),
            pair.apr
        );
    }

    let pnl = client.position_pnl(&position, None).await?;
    println!();
    println!("Position {position}");
    println!("  deposited        {:>14.2} USD ({})", pnl.deposited_usd, count(pnl.deposit_count, "deposit"));
    println!("  withdrawn        {:>14.2} USD ({})", pnl.withdrawn_usd, count(pnl.withdrawal_count, "withdrawal"));
    println!("  fees claimed     {:>14.2} USD ({})", pnl.claimed_fees_usd, count(pnl.fee_claim_count, "claim"));
    println!("  rewards claimed  {:>14.2} USD ({})", pnl.claimed_rewards_usd, count(pnl.reward_claim_count, "claim"));
    println!("  net              {:>14.2} USD", pnl.net_usd);
    if let Some(percent) = pnl.return_percent {
        println!("  return           {percent:>14.2} %");
    }
    if let Some(seconds) = pnl.holding_seconds {
        println!("  held             {:>14.1} days", seconds as f64 / 86_400.0);
    }
    if let Some(replica) = replica {
        replica.shutdown().await?;
    }
    Ok(())
}

/// `1 deposit`, `2 deposits`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}
