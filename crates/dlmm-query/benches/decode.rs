//! Decode throughput of the typed client path (serde's derive, natively) vs the same models read by their shapes (the
//! client's path in WebAssembly) and vs `serde_json::Value`, on the same bytes: a keeper `/pair/all` body of 100,000
//! pairs, and a datapi `/pools` page of 1,000 pools.
//!
//! The bodies are served by the replica over HTTP (so they are the real wire format, strings and all). Each round
//! times both decoders on the same bytes, alternating; the medians are reported with their ratio. The streamed rows
//! split the body as it arrives, then decode each pair, or transcode it to JSON text for JavaScript by its shape (what
//! the npm package's `all()` does).
//! Run with `cargo xtask bench` (or `cargo bench -p dlmm-query --bench decode --features native`).

use std::time::{Duration, Instant};

use dlmm_query::HttpResponse;
use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::Pool;
use dlmm_query::datapi::ops::dlmm::GetPools;
use dlmm_query::decode::by_shape;
use dlmm_query::items::{ArrayItems, Element, Item, decode_item, transcode_item, transcode_start};
use dlmm_query::json_text::JsonText;
use dlmm_query::models::PairInfo;
use dlmm_query::ops::All;
use dlmm_query::shape::HasShape;
use dlmm_replica::{Replica, ReplicaConfig};

const PAIRS: usize = 100_000;
const ROUNDS: usize = 7;
/// Pools on one datapi page (the route's largest page).
const POOLS_PER_PAGE: usize = 1_000;
/// Decodes of the datapi page per timed sample (one page is small; many make a stable sample).
const PAGE_REPEATS: usize = 50;

/// The JSON text a batch of transcoded pairs reaches before it is handed on (what `all()` in the npm package does).
const BATCH_BYTES: usize = 1 << 20;

/// The chunk size the streamed rows feed (what a browser's `fetch` body reader gives on loopback).
const CHUNK: usize = 64 * 1024;

/// Feeds `body` to the array splitter in [`CHUNK`]-byte chunks, calling `each` per element; returns the count.
fn stream(body: &[u8], mut each: impl FnMut(Item<'_>)) -> usize {
    let mut items = ArrayItems::new("bench", 200);
    for chunk in body.chunks(CHUNK) {
        items
            .feed(chunk, |item| {
                each(item);
                Ok::<_, ()>(())
            })
            .expect("an array");
    }
    items.finish().expect("a whole array");
    items.count()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn main() {
    let runtime = tokio::runtime::Runtime::new().expect("tokio runtime");
    let (body, page) = runtime.block_on(async {
        let replica =
            Replica::start(ReplicaConfig { pairs: PAIRS, ..ReplicaConfig::default() }).await.expect("replica");
        let get =
            |url: String| async move { reqwest::get(&url).await.expect("GET").bytes().await.expect("body").to_vec() };
        let body = get(format!("{}/pair/all", replica.pair_base_url())).await;
        let page = get(format!("{}/pools?page_size={POOLS_PER_PAGE}", replica.dlmm_datapi_base_url())).await;
        replica.shutdown().await.expect("shutdown");
        (body, page)
    });
    let response = HttpResponse { status: 200, headers: vec![], body };
    let megabytes = response.body.len() as f64 / 1e6;

    let (mut typed, mut untyped, mut split, mut streamed) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut transcoded, mut shaped) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let start = Instant::now();
        assert_eq!(stream(&response.body, |_| {}), PAIRS);
        split.push(start.elapsed());

        let start = Instant::now();
        let mut kept = 0;
        stream(&response.body, |item| {
            let pair: PairInfo = decode_item(&item, "bench", 200).expect("typed decode");
            kept += usize::from(pair.bin_step > 0);
        });
        streamed.push(start.elapsed());
        assert_eq!(kept, PAIRS);

        let start = Instant::now();
        let (mut batch, mut written) = (JsonText::items_from(0), 0);
        let mut items = ArrayItems::new("bench", 200);
        for chunk in response.body.chunks(CHUNK) {
            let fed = items.feed_elements(chunk, |element| {
                // As all() does: a pair is read where it begins when it can be, else split out first.
                let read = match element {
                    Element::Start { rest, .. } => transcode_start(rest, &PairInfo::SHAPE, &mut batch),
                    Element::Whole(item) => {
                        transcode_item(&item, "bench", 200, &PairInfo::SHAPE, &mut batch).expect("transcoded");
                        None
                    }
                };
                if batch.len() >= BATCH_BYTES {
                    written += batch.len();
                    batch = JsonText::items_from(0);
                }
                Ok::<_, ()>(read)
            });
            fed.expect("an array");
        }
        items.finish().expect("a whole array");
        assert_eq!(items.count(), PAIRS);
        transcoded.push(start.elapsed());
        assert!(written + batch.len() > response.body.len() / 2, "the pairs were written");

        let start = Instant::now();
        let pairs = dlmm_query::response::interpret::<All>("bench", &response).expect("typed decode");
        typed.push(start.elapsed());
        assert_eq!(pairs.len(), PAIRS);
        drop(pairs);

        let start = Instant::now();
        let pairs: Vec<PairInfo> = by_shape(&response.body, "bench", 200).expect("typed decode");
        shaped.push(start.elapsed());
        assert_eq!(pairs.len(), PAIRS);
        drop(pairs);

        let start = Instant::now();
        let value: serde_json::Value = serde_json::from_slice(&response.body).expect("Value decode");
        untyped.push(start.elapsed());
        assert_eq!(value.as_array().map(Vec::len), Some(PAIRS));
        drop(value);
    }
    let (typed, untyped, split, streamed) = (median(typed), median(untyped), median(split), median(streamed));
    let shaped = median(shaped);
    let transcoded = median(transcoded);
    let rate = |d: Duration| megabytes / d.as_secs_f64();
    println!("/pair/all body: {PAIRS} pairs, {megabytes:.1} MB; median of {ROUNDS} rounds, one thread");
    println!(
        "  typed (Vec<PairInfo>, lenient numbers, exact amounts): {:>7.1} ms  {:>6.1} MB/s",
        typed.as_secs_f64() * 1e3,
        rate(typed)
    );
    println!(
        "  serde_json::Value (untyped):                          {:>7.1} ms  {:>6.1} MB/s",
        untyped.as_secs_f64() * 1e3,
        rate(untyped)
    );
    println!(
        "  by shape (Vec<PairInfo>, as in WebAssembly):          {:>7.1} ms  {:>6.1} MB/s",
        shaped.as_secs_f64() * 1e3,
        rate(shaped)
    );
    println!("  ratio typed/untyped throughput: {:.2}× (goal: at least 1.00×)", rate(typed) / rate(untyped));
    println!("  ratio by shape/typed throughput: {:.2}×", rate(shaped) / rate(typed));
    println!(
        "  streamed: split into pairs only ({} KiB chunks):    {:>7.1} ms  {:>6.1} MB/s",
        CHUNK / 1024,
        split.as_secs_f64() * 1e3,
        rate(split)
    );
    println!(
        "  streamed: split + decode each pair:                 {:>7.1} ms  {:>6.1} MB/s  ({:.2}× the whole-body decode)",
        streamed.as_secs_f64() * 1e3,
        rate(streamed),
        rate(streamed) / rate(typed)
    );
    println!(
        "  streamed: transcode each pair where it begins (as all() does): {:>7.1} ms  {:>6.1} MB/s  ({:.2}× the whole-body decode)",
        transcoded.as_secs_f64() * 1e3,
        rate(transcoded),
        rate(transcoded) / rate(typed)
    );

    datapi_page(HttpResponse { status: 200, headers: vec![], body: page });
}

/// The datapi half: a 1,000-pool `/pools` page, typed (`Paginated<Pool>`, exact decimal amounts), by shape and as
/// `Value`.
fn datapi_page(response: HttpResponse) {
    let megabytes = (response.body.len() * PAGE_REPEATS) as f64 / 1e6;
    let (mut typed, mut untyped, mut shaped) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for _ in 0..PAGE_REPEATS {
            let page = dlmm_query::response::interpret::<GetPools>("bench", &response).expect("typed decode");
            assert_eq!(page.data.len(), POOLS_PER_PAGE);
        }
        typed.push(start.elapsed());

        let start = Instant::now();
        for _ in 0..PAGE_REPEATS {
            let page: Paginated<Pool> = by_shape(&response.body, "bench", 200).expect("typed decode");
            assert_eq!(page.data.len(), POOLS_PER_PAGE);
        }
        shaped.push(start.elapsed());

        let start = Instant::now();
        for _ in 0..PAGE_REPEATS {
            let value: serde_json::Value = serde_json::from_slice(&response.body).expect("Value decode");
            assert_eq!(value["data"].as_array().map(Vec::len), Some(POOLS_PER_PAGE));
        }
        untyped.push(start.elapsed());
    }
    let (typed, untyped, shaped) = (median(typed), median(untyped), median(shaped));
    let rate = |d: Duration| megabytes / d.as_secs_f64();
    println!(
        "datapi /pools page: {POOLS_PER_PAGE} pools, {:.2} MB, decoded {PAGE_REPEATS}× per sample; median of {ROUNDS}",
        response.body.len() as f64 / 1e6
    );
    println!("  typed (Paginated<Pool>, exact decimal amounts): {:>7.1} MB/s", rate(typed));
    println!("  by shape (as in WebAssembly):                   {:>7.1} MB/s", rate(shaped));
    println!("  serde_json::Value (untyped):                    {:>7.1} MB/s", rate(untyped));
    println!("  ratio typed/untyped throughput: {:.2}× (goal: at least 1.00×)", rate(typed) / rate(untyped));
    println!("  ratio by shape/typed throughput: {:.2}×", rate(shaped) / rate(typed));
}
