//! Lists the top 10 DLMM pools by 24 h volume on the live datapi (or any server speaking it) and prints the daily
//! candles of the first one over the last 30 days.
//!
//! ```sh
//! cargo run -p dlmm-query --features native --example datapi_top_pools
//! DLMM_DATAPI_BASE_URL=http://127.0.0.1:8090 cargo run -p dlmm-query --features native --example datapi_top_pools
//! ```
//!
//! `DAMM_V2_DATAPI_BASE_URL` sets the DAMM v2 service the same way (unused here). Records are printed from their
//! serialized form, so the example reads the wire names (`name`, `tvl`, `volume["24h"]`, …).

use std::error::Error;
use std::time::{SystemTime, UNIX_EPOCH};

use dlmm_query::client::{DEFAULT_DAMM_V2_DATAPI_BASE_URL, DEFAULT_DLMM_DATAPI_BASE_URL};
use dlmm_query::datapi::ops::dlmm::{GetPoolOhlcv, GetPools};
use dlmm_query::datapi::params::{Direction, SortBy, Timeframe, WindowedMetric};
use dlmm_query::{CallOptions, Client, ClientConfig, NativeTransport};
use serde_json::Value;

/// The SOL-USDC pool, used when the pool list does not name its pools.
const FALLBACK_POOL: &str = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_owned());
    let dlmm_url = env("DLMM_DATAPI_BASE_URL", DEFAULT_DLMM_DATAPI_BASE_URL);
    let damm_url = env("DAMM_V2_DATAPI_BASE_URL", DEFAULT_DAMM_V2_DATAPI_BASE_URL);
    let client = Client::new(NativeTransport::new(), ClientConfig::with_datapi_base_urls(&dlmm_url, &damm_url)?);

    let by_volume = SortBy::windowed(WindowedMetric::Volume, Timeframe::H24, Direction::Desc);
    let top = client.send(&GetPools::new().page_size(10).sort_by(by_volume)).await?;
    println!("Top DLMM pools by 24 h volume at {dlmm_url} (of {} pools)", top.total);
    println!("{:>3}  {:<44} {:<20} {:>16} {:>16}", "#", "address", "name", "TVL (USD)", "24 h volume");
    let mut first_pool = None;
    for (rank, pool) in top.data.iter().enumerate() {
        let v = serde_json::to_value(pool)?;
        let address = text(&v["address"]);
        if first_pool.is_none() && !address.is_empty() {
            first_pool = Some(address.clone());
        }
        let name: String = text(&v["name"]).chars().take(20).collect();
        println!("{:>3}  {address:<44} {name:<20} {:>16} {:>16}", rank + 1, usd(&v["tvl"]), usd(&v["volume"]["24h"]));
    }

    let pool = first_pool.unwrap_or_else(|| FALLBACK_POOL.to_owned());
    let now = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs();
    let candles = GetPoolOhlcv::new(&pool).timeframe(Timeframe::H24).range(now - 30 * 86_400, now);
    let series = client.datapi_series(candles, CallOptions::default()).await?;
    println!("\nDaily candles of {pool} ({} buckets, oldest first)", series.data.len());
    println!("{:>10}  {:>14} {:>14} {:>14} {:>14} {:>18}", "day", "open", "high", "low", "close", "volume (USD)");
    for candle in &series.data {
        let v = serde_json::to_value(candle)?;
        println!(
            "{:>10}  {:>14} {:>14} {:>14} {:>14} {:>18}",
            utc_date(candle.timestamp),
            usd(&v["open"]),
            usd(&v["high"]),
            usd(&v["low"]),
            usd(&v["close"]),
            usd(&v["volume"])
        );
    }
    Ok(())
}

/// The UTC calendar date (`YYYY-MM-DD`) of a unix time in seconds (H. Hinnant's days-to-civil algorithm).
fn utc_date(unix_seconds: u64) -> String {
    let z = (unix_seconds / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A JSON string as text (empty when absent).
fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// A JSON number with two decimals (`?` when absent).
fn usd(value: &Value) -> String {
    value.as_f64().map_or_else(|| "?".to_owned(), |n| format!("{n:.2}"))
}
