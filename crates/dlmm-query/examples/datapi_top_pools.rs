//! Lists the top 10 DLMM pools by 24 h volume on the live datapi (or any server speaking it) and prints the daily
//! candles of the first one over the last 30 days.
//!
//! ```sh
//! cargo run -p dlmm-query --features native --example datapi_top_pools
//! DLMM_DATAPI_BASE_URL=http://127.0.0.1:8090 cargo run -p dlmm-query --features native --example datapi_top_pools
//! ```
//!
//! `DAMM_V2_DATAPI_BASE_URL` sets the DAMM v2 service the same way (unused here).

use std::error::Error;

use dlmm_query::client::{DEFAULT_DAMM_V2_DATAPI_BASE_URL, DEFAULT_DLMM_DATAPI_BASE_URL};
use dlmm_query::datapi::ops::dlmm::{GetPoolOhlcv, GetPools};
use dlmm_query::datapi::params::{Direction, SortBy, Timeframe, WindowedMetric};
use dlmm_query::{CallOptions, Client, ClientConfig, NativeTransport};

/// The SOL-USDC pool, used when the pool list is empty.
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
    for (rank, pool) in top.data.iter().enumerate() {
        // Names come from token creators: cut to width, printed as text.
        let name: String = pool.name.chars().take(20).collect();
        println!("{:>3}  {:<44} {name:<20} {:>16.2} {:>16.2}", rank + 1, pool.address, pool.tvl, pool.volume.hour_24);
    }

    let pool = top.data.first().map_or(FALLBACK_POOL, |p| p.address.as_str());
    // The server's own newest day (its default range ends now), so the example also works on a replica or mirror
    // whose data ends in the past; then the 30 days up to it, fetched in chunks the server accepts.
    let latest = client.send(&GetPoolOhlcv::new(pool).timeframe(Timeframe::H24)).await?;
    let end = latest.end_time.max(latest.data.last().map_or(0, |c| c.timestamp)) + 86_399;
    let candles = GetPoolOhlcv::new(pool).timeframe(Timeframe::H24).range(end.saturating_sub(30 * 86_400), end);
    let series = client.datapi_series(candles, CallOptions::default()).await?;
    println!("\nDaily candles of {pool} ({} buckets, oldest first)", series.data.len());
    println!("{:>10}  {:>14} {:>14} {:>14} {:>14} {:>18}", "day", "open", "high", "low", "close", "volume (USD)");
    for c in &series.data {
        let day = c.timestamp_str.get(..10).unwrap_or(&c.timestamp_str);
        println!("{day:>10}  {:>14.4} {:>14.4} {:>14.4} {:>14.4} {:>18.2}", c.open, c.high, c.low, c.close, c.volume);
    }
    Ok(())
}
