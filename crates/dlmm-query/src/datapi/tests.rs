//! The datapi through a [`Client`] over a fake transport: base URLs, errors, retries, rate limits, walks and chunks.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::client::{CallOptions, Client, ClientConfig};
use crate::datapi::ops::{damm_v2, dlmm};
use crate::datapi::params::Timeframe;
use crate::datapi::walk::{DatapiPage, DatapiPaged, PageEnd};
use crate::error::{ErrorKind, InvalidInput, TransportError};
use crate::ops::Operation;
use crate::page_facts::PageFacts;
use crate::policy::RetryPolicy;
use crate::request::{ApiGroup, Request};
use crate::transport::{HttpRequest, HttpResponse, Transport};

const POOL: &str = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";

type Server = Box<dyn Fn(&str) -> HttpResponse>;

/// Answers each URL with `server(url)` on a virtual clock that only sleeping advances.
struct Fake {
    server: Server,
    seen: RefCell<Vec<String>>,
    clock: Cell<Duration>,
    sleeps: RefCell<Vec<Duration>>,
    max_body_bytes: usize,
}

impl Transport for Fake {
    fn send(&self, request: HttpRequest) -> impl Future<Output = Result<HttpResponse, TransportError>> {
        let response = (self.server)(&request.url);
        self.seen.borrow_mut().push(request.url);
        async move { Ok(response) }
    }
    async fn sleep(&self, duration: Duration) {
        self.clock.set(self.clock.get() + duration);
        self.sleeps.borrow_mut().push(duration);
    }
    fn now(&self) -> Duration {
        self.clock.get()
    }
    fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }
}

fn client(server: impl Fn(&str) -> HttpResponse + 'static) -> Client<Rc<Fake>> {
    client_within(crate::transport::DEFAULT_MAX_BODY_BYTES, server)
}

/// [`client`] over a transport that accepts bodies of at most `max_body_bytes`.
fn client_within(max_body_bytes: usize, server: impl Fn(&str) -> HttpResponse + 'static) -> Client<Rc<Fake>> {
    let config = ClientConfig::with_datapi_base_urls("http://dlmm.test/", "http://damm.test/v2").unwrap();
    let (seen, clock, sleeps) = Default::default();
    Client::new(Rc::new(Fake { server: Box::new(server), seen, clock, sleeps, max_body_bytes }), config)
}

fn block_on<F: Future>(f: F) -> F::Output {
    futures_util::FutureExt::now_or_never(f).expect("fakes resolve at once")
}

fn answer(status: u16, body: &str) -> HttpResponse {
    HttpResponse { status, headers: vec![], body: body.as_bytes().to_vec() }
}

/// The value of `key` in `url`'s query.
fn param(url: &str, key: &str) -> Option<u64> {
    let query = url.split_once('?')?.1;
    query.split('&').find_map(|kv| kv.strip_prefix(key)?.strip_prefix('=')?.parse().ok())
}

const EMPTY_SERIES: &str = r#"{"start_time":0,"end_time":0,"timeframe":"24h","data":[]}"#;

#[test]
fn each_service_has_its_base_url() {
    let c = client(|_| answer(200, EMPTY_SERIES));
    block_on(c.send(&dlmm::GetPoolOhlcv::new(POOL).timeframe(Timeframe::H1))).unwrap();
    block_on(c.send(&damm_v2::GetPoolVolumeHistory::new(POOL))).unwrap();
    assert_eq!(
        *c.transport().seen.borrow(),
        [
            format!("http://dlmm.test/pools/{POOL}/ohlcv?timeframe=1h"),
            format!("http://damm.test/v2/pools/{POOL}/volume/history"),
        ]
    );
    let defaults = ClientConfig::default();
    assert_eq!(defaults.base_url(ApiGroup::DlmmDatapi).as_str(), "https://dlmm.datapi.meteora.ag");
    assert_eq!(defaults.base_url(ApiGroup::DammV2Datapi).as_str(), "https://damm-v2.datapi.meteora.ag");
    assert_eq!((defaults.dlmm_datapi_rate_per_second, defaults.damm_v2_datapi_rate_per_second), (30.0, 10.0));
    assert_eq!(ClientConfig::with_datapi_base_urls("x", "http://y").unwrap_err().parameter, "dlmm_datapi_base_url");
    assert_eq!(ClientConfig::with_datapi_base_urls("http://x", "").unwrap_err().parameter, "damm_v2_datapi_base_url");
}

#[test]
fn errors_carry_the_servers_words_and_are_not_retried() {
    let c = client(|url| {
        if url.contains("ohlcv") {
            answer(400, "Failed to deserialize query string: timeframe: unknown variant `1d`")
        } else {
            answer(404, &format!(r#"{{"message":"Pool not found: {POOL}"}}"#))
        }
    });
    let err = block_on(c.send(&dlmm::GetPool::new(POOL))).unwrap_err();
    assert_eq!((err.kind(), err.server_message()), (ErrorKind::NotFound, Some(&*format!("Pool not found: {POOL}"))));
    let err = block_on(c.send(&damm_v2::GetPoolOhlcv::new(POOL))).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Http);
    assert_eq!(err.server_message(), Some("Failed to deserialize query string: timeframe: unknown variant `1d`"));
    assert_eq!(c.transport().seen.borrow().len(), 2, "neither a 404 nor a 400 is retried");
}

#[test]
fn invalid_input_sends_nothing() {
    let c = client(|_| answer(200, EMPTY_SERIES));
    let err = block_on(c.send(&dlmm::GetPools::new().page(0))).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(c.transport().seen.borrow().is_empty());
}

#[test]
fn a_429_is_retried_after_the_time_asked_for() {
    let calls = Cell::new(0);
    let c = client(move |_| {
        calls.set(calls.get() + 1);
        if calls.get() == 1 {
            HttpResponse { status: 429, headers: vec![("retry-after".into(), "3".into())], body: b"<html/>".to_vec() }
        } else {
            answer(200, EMPTY_SERIES)
        }
    });
    block_on(c.send(&dlmm::GetPoolVolumeHistory::new(POOL))).unwrap();
    assert_eq!(c.transport().seen.borrow().len(), 2);
    assert_eq!(*c.transport().sleeps.borrow(), [Duration::from_secs(3)]);
}

#[test]
fn each_service_has_its_own_rate_limit() {
    let c = client(|_| answer(200, EMPTY_SERIES));
    for _ in 0..30 {
        block_on(c.send(&dlmm::GetPoolOhlcv::new(POOL))).unwrap();
    }
    assert_eq!(c.transport().now(), Duration::ZERO, "30 DLMM requests fit in the first burst");
    for _ in 0..30 {
        block_on(c.send(&damm_v2::GetPoolOhlcv::new(POOL))).unwrap();
    }
    // DAMM v2: 10 in the first burst, then one every 100 ms; the DLMM burst did not use its budget.
    assert_eq!(c.transport().now(), Duration::from_secs(2));
    block_on(c.send(&dlmm::GetPoolOhlcv::new(POOL))).unwrap();
    assert_eq!(c.transport().now(), Duration::from_secs(2), "the DLMM bucket refilled meanwhile");
}

/// A list route of the fake server, in either envelope style, to exercise walks without the models.
#[derive(Clone, Debug)]
struct FakeList {
    page: u32,
}

#[derive(Serialize)]
struct FakeQuery {
    page: u32,
}

#[derive(Deserialize, crate::shape::Shape)]
#[serde(rename_all = "camelCase")]
struct FakePage {
    items: Vec<u64>,
    page: u64,
    page_size: u64,
    total: Option<u64>,
    pages: Option<u64>,
    has_next: Option<bool>,
    total_count: Option<u64>,
}

impl Operation for FakeList {
    type Output = FakePage;
    const GROUP: ApiGroup = ApiGroup::DlmmDatapi;

    fn request(&self) -> Result<Request, InvalidInput> {
        Request::new(Self::GROUP, &["list"], &FakeQuery { page: self.page })
    }
}

impl DatapiPaged for FakeList {
    type Item = u64;
    fn first_page(&self) -> u32 {
        self.page
    }
    fn with_page(self, page: u32) -> Self {
        Self { page }
    }
    fn into_page(output: FakePage) -> DatapiPage<u64> {
        let end = page_end(output.total, output.pages, output.has_next, output.total_count);
        DatapiPage { items: output.items, page: output.page, page_size: output.page_size, end }
    }
    const ITEMS: &'static str = "items";
    fn facts_page(facts: PageFacts) -> DatapiPage<String> {
        let end = page_end(facts.total, facts.pages, facts.has_next, facts.total_count);
        let (page, page_size) = (facts.page.unwrap_or(0), facts.page_size.unwrap_or(0));
        DatapiPage { items: facts.first.into_iter().collect(), page, page_size, end }
    }
}

/// A fake page's end: counted when it gives `total` and `pages`, else by `hasNext`.
fn page_end(total: Option<u64>, pages: Option<u64>, has_next: Option<bool>, total_count: Option<u64>) -> PageEnd {
    match (total, pages) {
        (Some(total), Some(pages)) => PageEnd::Counted { total, pages },
        _ => PageEnd::HasNext { has_next: has_next.unwrap_or(false), total_count: total_count.unwrap_or(0) },
    }
}

/// A server that answers any page with full pages and `hasNext` forever, past its `totalCount`.
fn looping_server(url: &str) -> HttpResponse {
    let page = param(url, "page").unwrap_or(1);
    let items: Vec<u64> = (page * 10..page * 10 + 10).collect();
    let body = serde_json::json!({"items": items, "page": page, "pageSize": 10, "hasNext": true, "totalCount": 15});
    answer(200, &body.to_string())
}

/// A server that answers the same first page whatever is asked.
fn same_page_server(_: &str) -> HttpResponse {
    answer(200, r#"{"items":[1,2],"page":0,"pageSize":2,"hasNext":true,"totalCount":0}"#)
}

/// The walk over pages transcoded for JavaScript ends where the walk over decoded pages ends, with the same items
/// and the same errors, on honest servers of both styles and on looping ones.
#[test]
fn text_walks_end_as_decoded_walks_do() {
    type Server = Box<dyn Fn(&str) -> HttpResponse>;
    let servers: Vec<Server> = vec![
        Box::new(list_server(25, false)),
        Box::new(list_server(25, true)),
        Box::new(list_server(0, false)),
        Box::new(looping_server),
        Box::new(same_page_server),
    ];
    for server in servers {
        let c = client(move |url: &str| server(url));
        let decoded: Vec<Result<Vec<u64>, String>> =
            block_on(c.datapi_pages(FakeList { page: 1 }).map(|p| p.map_err(|e| e.to_string())).collect());
        let texts: Vec<Result<Vec<u64>, String>> = block_on(
            c.datapi_page_texts_with(FakeList { page: 1 }, CallOptions::default())
                .map(|p| {
                    p.map(|(_, written)| {
                        let page: serde_json::Value = serde_json::from_str(&written.text).unwrap();
                        serde_json::from_value(page["items"].clone()).unwrap()
                    })
                    .map_err(|e| e.to_string())
                })
                .collect(),
        );
        assert_eq!(decoded, texts);
    }
}

/// An honest server of `total` items in pages of 10, in the counted or the hasNext style.
fn list_server(total: u64, has_next_style: bool) -> impl Fn(&str) -> HttpResponse {
    move |url| {
        let page = param(url, "page").unwrap_or(1);
        let start = (page - 1) * 10;
        let items: Vec<u64> = (start..total.min(start + 10)).collect();
        let body = if has_next_style {
            serde_json::json!({"items": items, "page": page, "pageSize": 10, "hasNext": start + 10 < total,
                               "totalCount": total})
        } else {
            serde_json::json!({"items": items, "page": page, "pageSize": 10, "total": total,
                               "pages": total.div_ceil(10)})
        };
        answer(200, &body.to_string())
    }
}

#[test]
fn walks_follow_both_envelope_styles() {
    for has_next_style in [false, true] {
        let c = client(list_server(25, has_next_style));
        let pages: Vec<Vec<u64>> = block_on(c.datapi_pages(FakeList { page: 1 }).map(Result::unwrap).collect());
        assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [10, 10, 5], "hasNext style: {has_next_style}");
        assert_eq!(pages.concat(), (0..25).collect::<Vec<u64>>());
        let urls = c.transport().seen.borrow().clone();
        assert_eq!(
            urls,
            ["http://dlmm.test/list?page=1", "http://dlmm.test/list?page=2", "http://dlmm.test/list?page=3"]
        );
        let all = block_on(c.datapi_collect(FakeList { page: 2 }, CallOptions::default())).unwrap();
        assert_eq!(all, (10..25).collect::<Vec<u64>>());
    }
}

#[test]
fn a_walk_can_stop_early() {
    let c = client(list_server(1000, false));
    let first: Vec<_> = block_on(c.datapi_pages(FakeList { page: 1 }).take(2).collect::<Vec<_>>());
    assert_eq!(first.len(), 2);
    assert_eq!(c.transport().seen.borrow().len(), 2, "nothing is fetched past the pages taken");
}

#[test]
fn a_looping_server_ends_the_walk_with_a_decode_error() {
    let c = client(same_page_server);
    let results = block_on(c.datapi_pages(FakeList { page: 1 }).collect::<Vec<_>>());
    // Page 1, then the error in place of the repeated page 2 (none of its items handed out).
    assert_eq!(results.len(), 2);
    let err = results[1].as_ref().unwrap_err();
    assert_eq!((err.kind(), err.decode_path()), (ErrorKind::Decode, Some("page")));
    assert!(err.to_string().contains("same page twice"), "{err}");
    assert_eq!(err.url(), Some("http://dlmm.test/list?page=2"), "the page that repeated");
    let c = client(looping_server);
    let results = block_on(c.datapi_pages(FakeList { page: 1 }).collect::<Vec<_>>());
    assert!(results[..3].iter().all(Result::is_ok));
    assert!(results[3].as_ref().unwrap_err().to_string().contains("totalCount"));
    assert_eq!(results.len(), 4);
}

#[test]
fn walks_apply_per_call_options_and_stop_at_an_error() {
    let c = client(|url| if url.ends_with("page=2") { answer(503, "busy") } else { list_server(30, false)(url) });
    let never = CallOptions { retry: Some(RetryPolicy::NEVER), ..CallOptions::default() };
    let results = block_on(c.datapi_pages_with(FakeList { page: 1 }, never).collect::<Vec<_>>());
    assert_eq!(results.len(), 2);
    assert_eq!(results[1].as_ref().unwrap_err().status(), Some(503));
    assert_eq!(c.transport().seen.borrow().len(), 2, "no retry, and no page after the error");
}

/// A series server: hourly candles for every bucket the asked range touches, plus the bucket before it (as a
/// server extending ranges to bucket edges might), so chunk edges overlap.
fn candle_server(url: &str) -> HttpResponse {
    let (start, end) = (param(url, "start_time").unwrap(), param(url, "end_time").unwrap());
    assert!(end / 3600 - start / 3600 < 1000, "a chunk asks for at most 1000 buckets: {url}");
    let data: Vec<_> = (start / 3600 - 1..=end / 3600)
        .map(|b| {
            serde_json::json!({"timestamp": b * 3600, "timestamp_str": "x", "open": 1.0, "high": 2.0, "low": 0.5,
                               "close": 1.5, "volume": 10.0})
        })
        .collect();
    let body = serde_json::json!({"start_time": start / 3600 * 3600, "end_time": end, "timeframe": "1h", "data": data});
    answer(200, &body.to_string())
}

#[test]
fn long_series_are_fetched_in_chunks_and_merged() {
    let c = client(candle_server);
    let start = 3600 * 100 + 7;
    let end = 3600 * 2600;
    let op = dlmm::GetPoolOhlcv::new(POOL).timeframe(Timeframe::H1).range(start, end);
    let series = block_on(c.datapi_series(op, CallOptions::default())).unwrap();
    let urls = c.transport().seen.borrow().clone();
    let ranges: Vec<_> =
        urls.iter().map(|u| (param(u, "start_time").unwrap(), param(u, "end_time").unwrap())).collect();
    assert_eq!(ranges, [(start, 3600 * 1100 - 1), (3600 * 1100, 3600 * 2100 - 1), (3600 * 2100, end)]);
    assert_eq!((series.start_time, series.end_time, series.timeframe.as_deref()), (3600 * 100, end, Some("1h")));
    let stamps: Vec<u64> = series.data.iter().map(|c| c.timestamp).collect();
    assert_eq!(stamps, (99..=2600).map(|b| b * 3600).collect::<Vec<_>>(), "every bucket once, in order");
}

/// Chunks each under the transport's body limit but together over it (a server padding every chunk with whitespace)
/// end the call at the chunk that crosses it, typed and as text alike, rather than holding them all.
#[test]
fn chunks_padded_to_just_under_the_body_limit_cannot_add_up_past_it() {
    let padded = |url: &str| {
        let mut answer = candle_server(url);
        answer.body.resize(answer.body.len().max(200_000), b' ');
        answer
    };
    let op = dlmm::GetPoolOhlcv::new(POOL).timeframe(Timeframe::H1).range(3600 * 100, 3600 * 2600);
    let c = client_within(500_000, padded);
    let typed = block_on(c.datapi_series(op.clone(), CallOptions::default())).unwrap_err();
    let text = block_on(c.datapi_series_text(op, CallOptions::default())).unwrap_err();
    for err in [typed, text] {
        assert_eq!(err.kind(), ErrorKind::Decode, "{err}");
        assert!(err.to_string().contains("together are larger than the limit of 500000 bytes"), "{err}");
    }
    assert_eq!(c.transport().seen.borrow().len(), 6, "three chunks asked by each call, the third refused");
}

#[test]
fn chunked_series_need_a_bounded_range() {
    let c = client(candle_server);
    let err =
        block_on(c.datapi_series(damm_v2::GetPoolOhlcv::new(POOL).end_time(5), CallOptions::default())).unwrap_err();
    assert_eq!((err.kind(), err.to_string().contains("`start_time`")), (ErrorKind::InvalidInput, true));
    let err = block_on(c.datapi_series(dlmm::GetPoolVolumeHistory::new(POOL).start_time(5), CallOptions::default()))
        .unwrap_err();
    assert!(err.to_string().contains("`end_time`"), "{err}");
    let wide = dlmm::GetPoolOhlcv::new(POOL).timeframe(Timeframe::M5).range(0, 300 * 1000 * 1000);
    let err = block_on(c.datapi_series(wide, CallOptions::default())).unwrap_err();
    assert!(err.to_string().contains("1001 requests"), "{err}");
    let backwards = dlmm::GetPoolOhlcv::new(POOL).range(10, 9);
    assert_eq!(
        block_on(c.datapi_series(backwards, CallOptions::default())).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    assert!(c.transport().seen.borrow().is_empty(), "nothing was sent");
}
