//! Scale: 120,000 pairs generate in a few seconds. Ignored by default (slow in debug builds); run with
//! `cargo test -p dlmm-replica --release --test it scale -- --ignored`.

use std::time::Instant;

use dlmm_replica::Dataset;

#[test]
#[ignore = "scale check; run in release with --ignored"]
fn generates_120k_pairs_in_a_few_seconds() {
    let started = Instant::now();
    let d = Dataset::generate(42, 12, 120_000);
    let elapsed = started.elapsed();
    eprintln!("120,000 pairs, {} positions in {elapsed:?}", d.positions.len());
    assert_eq!(d.pairs.len(), 120_000);
    assert!(elapsed.as_secs() < 10, "{elapsed:?}");
}
