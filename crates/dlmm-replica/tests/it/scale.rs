//! Scale: 120,000 pairs generate (with their views) in a few seconds, and the datapi `/pools` with `sort_by` and `filter_by` pages
//! them in well under 5 ms. Ignored by default (slow in debug builds); run with
//! `cargo test -p dlmm-replica --release --test it scale -- --ignored`.

use std::time::{Duration, Instant};

use dlmm_replica::datapi::table::Filter;
use dlmm_replica::{Dataset, World};
use dlmm_replica::{parse_filter_by, parse_sort_by};

#[test]
#[ignore = "scale check; run in release with --ignored"]
fn generates_120k_pairs_in_a_few_seconds() {
    let started = Instant::now();
    let world = World::new(Dataset::generate(42, 12, 120_000));
    let d = &world.dataset;
    let elapsed = started.elapsed();
    eprintln!("120,000 pairs, {} positions in {elapsed:?}", d.positions.len());
    assert_eq!(d.pairs.len(), 120_000);
    assert!(elapsed.as_secs() < 10, "{elapsed:?}");

    let filter = Filter::new(&parse_filter_by("is_blacklisted=false && tvl>=100 && volume_24h>10").unwrap()).unwrap();
    let mut times: Vec<Duration> = Vec::new();
    for (k, sort) in ["volume_24h:desc", "tvl:asc", "fee_tvl_ratio_1h:desc", "apr_5m:asc", "farm_apy:desc"]
        .iter()
        .cycle()
        .take(200)
        .enumerate()
    {
        let sort = parse_sort_by(sort).unwrap();
        let started = Instant::now();
        let page = world.datapi.dlmm.select(&sort, &filter, None, None, 1 + k % 7, 50);
        times.push(started.elapsed());
        assert_eq!(page.rows.len(), 50);
    }
    times.sort_unstable();
    let p99 = times[times.len() * 99 / 100];
    eprintln!("select p50 {:?}, p99 {p99:?}", times[times.len() / 2]);
    assert!(p99 < Duration::from_millis(5), "{p99:?}");
}
