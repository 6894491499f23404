//! Long series in chunks: the datapi refuses an OHLCV or volume-history range wider than
//! [`MAX_BUCKETS_PER_REQUEST`] buckets (the replica answers a plain-text 400), so [`Client::datapi_series`] splits
//! `[start_time, end_time]` into bucket-aligned chunks, fetches them in order and merges them into one series. The
//! daily statistics are fetched the same way, a day per bucket.
//! [`Client::datapi_series_text`] does the same for JavaScript without building a bucket: each chunk's body is
//! checked by the series' shape, the bodies are merged ([`merge_bodies`], buckets ordered by the `timestamp` picked
//! out of each) and the merged body is transcoded once. Both do it for a [`SeriesRoute`], the plain data every
//! [`SeriesOperation`] becomes, so that code is built once for every series rather than once per operation.

use serde::de::DeserializeOwned;

use crate::client::{CallOptions, Client};
use crate::datapi::models::{Candle, DailyMetrics, DailyPoint, Timeseries, VolumeBucket};
use crate::datapi::ops::{SeriesQuery, damm_v2, dlmm, series_request};
use crate::datapi::params::Timeframe;
use crate::decode;
use crate::error::{Error, InvalidInput, TransportError, TransportFailure};
use crate::json_scan::Scan;
use crate::json_text::{JsonText, Written};
use crate::ops::Operation;
use crate::pick::{Picked, item_shape, pick};
use crate::request::{ApiGroup, Missing, Request};
use crate::shape::{HasShape, Shape};
use crate::slot::FromSlot;
use crate::transcode::{check, transcode};
use crate::transport::Transport;

/// The most buckets one series request covers (the choice shared with the replica).
pub const MAX_BUCKETS_PER_REQUEST: u64 = 1000;
/// The most requests one chunked fetch makes (a million buckets: almost ten years of 5-minute candles).
pub const MAX_CHUNKS: u64 = 1000;

/// The chunks of an inclusive range `[start, end]`: consecutive inclusive ranges, each touching at most
/// [`MAX_BUCKETS_PER_REQUEST`] buckets of the time frame (buckets start at multiples of its length), together
/// covering the range exactly once.
///
/// ```
/// use dlmm_query::datapi::params::Timeframe;
/// use dlmm_query::datapi::series::chunks;
/// // 2500 daily buckets from day 10 on: three requests.
/// let day = 86_400;
/// let parts: Vec<_> = chunks(Timeframe::H24, 10 * day + 5, 2510 * day - 1).unwrap().collect();
/// assert_eq!(parts, [(10 * day + 5, 1010 * day - 1), (1010 * day, 2010 * day - 1), (2010 * day, 2510 * day - 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunks {
    next: Option<u64>,
    end: u64,
    bucket: u64,
}

/// Splits `[start, end]` (unix seconds, inclusive) into [`Chunks`] for `timeframe`; `start > end` is rejected.
pub fn chunks(timeframe: Timeframe, start: u64, end: u64) -> Result<Chunks, InvalidInput> {
    if start > end {
        return Err(InvalidInput::new("start_time", format!("is {start}, after end_time {end}; the range is empty")));
    }
    Ok(Chunks { next: Some(start), end, bucket: timeframe.seconds() })
}

impl Chunks {
    /// How many chunks remain.
    pub fn remaining(&self) -> u64 {
        match self.next {
            Some(start) => (self.end / self.bucket - start / self.bucket) / MAX_BUCKETS_PER_REQUEST + 1,
            None => 0,
        }
    }
}

impl Iterator for Chunks {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        let start = self.next?;
        let last_bucket = (start / self.bucket).saturating_add(MAX_BUCKETS_PER_REQUEST - 1);
        let chunk_end = last_bucket
            .checked_mul(self.bucket)
            .and_then(|t| t.checked_add(self.bucket - 1))
            .map_or(self.end, |t| t.min(self.end));
        self.next = (chunk_end < self.end).then(|| chunk_end + 1);
        Some((start, chunk_end))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining()).ok();
        (n.unwrap_or(usize::MAX), n)
    }
}

/// Merges consecutive parts of one series: the first part's `start_time` and `timeframe`, the last part's
/// `end_time`, and every bucket once (by `timestamp`; the first copy wins), oldest first. `None` without parts.
pub fn merge<T>(parts: Vec<Timeseries<T>>, timestamp: impl Fn(&T) -> u64) -> Option<Timeseries<T>> {
    let mut parts = parts.into_iter();
    let mut merged = parts.next()?;
    for part in parts {
        merged.end_time = part.end_time;
        if merged.timeframe.is_none() {
            merged.timeframe = part.timeframe;
        }
        merged.data.extend(part.data);
    }
    merged.data.sort_by_key(&timestamp);
    merged.data.dedup_by(|later, earlier| timestamp(later) == timestamp(earlier));
    Some(merged)
}

/// What a series route answers: a model whose consecutive parts (one per chunk) merge into one.
pub trait SeriesOutput: DeserializeOwned + HasShape + FromSlot {
    /// The parts merged, oldest first, each bucket once; `None` without parts.
    fn merge(parts: Vec<Self>) -> Option<Self>;
}

impl SeriesOutput for Timeseries<Candle> {
    fn merge(parts: Vec<Self>) -> Option<Self> {
        merge(parts, |bucket| bucket.timestamp)
    }
}

impl SeriesOutput for Timeseries<VolumeBucket> {
    fn merge(parts: Vec<Self>) -> Option<Self> {
        merge(parts, |bucket| bucket.timestamp)
    }
}

impl SeriesOutput for DailyMetrics {
    /// Every day once (the first copy wins), oldest first, and the first `refreshed_at` a part gives.
    fn merge(parts: Vec<Self>) -> Option<Self> {
        let mut parts = parts.into_iter();
        let mut merged = parts.next()?;
        for part in parts {
            merged.refreshed_at = merged.refreshed_at.or(part.refreshed_at);
            merged.data_points.extend(part.data_points);
        }
        let day = |point: &DailyPoint| point.timestamp;
        merged.data_points.sort_by_key(day);
        merged.data_points.dedup_by(|later, earlier| day(later) == day(earlier));
        Some(merged)
    }
}

/// A series route (`/ohlcv`, `/volume/history`, `/stats/daily/*`) that can be fetched in chunks.
pub trait SeriesOperation: Operation<Output: SeriesOutput> + Clone {
    /// The time frame, range and view the operation asks for.
    fn series_query(&self) -> &SeriesQuery;

    /// The same operation over `[start_time, end_time]`.
    fn with_range(self, start_time: u64, end_time: u64) -> Self;

    /// The operation as plain data ([`SeriesRoute`]), for the fetching every series shares.
    fn route(&self) -> SeriesRoute;
}

/// A series request as plain data: the service, the pool's address (none for the protocol's daily series), the
/// route's path after it, the query, what a 404 means and the series' shape. What every [`SeriesOperation`] becomes
/// for the code they share (planning chunks, sending, merging), so that code is built once rather than once per
/// operation.
#[derive(Clone, Debug)]
pub struct SeriesRoute {
    group: ApiGroup,
    leaf: &'static [&'static str],
    address: Option<String>,
    query: SeriesQuery,
    missing: Missing,
    shape: &'static Shape,
}

impl SeriesRoute {
    /// The route `/pools/{address}` then `leaf` (or `leaf` alone, without an address) on `group`'s service, asking
    /// `query`; `missing` and `shape` are its operation's.
    pub(crate) fn new(
        group: ApiGroup,
        leaf: &'static [&'static str],
        address: Option<String>,
        query: SeriesQuery,
        missing: Missing,
        shape: &'static Shape,
    ) -> Self {
        Self { group, leaf, address, query, missing, shape }
    }

    /// The time frame, range and view asked for.
    pub fn query(&self) -> &SeriesQuery {
        &self.query
    }

    /// What the route's 404 means (its operation's [`Operation::MISSING`]).
    pub fn missing(&self) -> Missing {
        self.missing
    }

    /// The shape of the series (the operation's output).
    pub fn shape(&self) -> &'static Shape {
        self.shape
    }

    /// The request, as the operation's own [`Operation::request`] describes it.
    pub fn request(&self) -> Result<Request, InvalidInput> {
        series_request(self.group, self.address.as_deref(), self.leaf, &self.query)
    }

    /// The request of the same route over `[start_time, end_time]`.
    fn request_range(&self, start_time: u64, end_time: u64) -> Result<Request, InvalidInput> {
        series_request(self.group, self.address.as_deref(), self.leaf, &self.query.range(start_time, end_time))
    }
}

/// Implements [`SeriesOperation`].
macro_rules! series_operation {
    ($($operation:ty),+ $(,)?) => {$(
        impl SeriesOperation for $operation {
            fn series_query(&self) -> &SeriesQuery {
                self.series()
            }
            fn with_range(self, start_time: u64, end_time: u64) -> Self {
                self.range(start_time, end_time)
            }
            fn route(&self) -> SeriesRoute {
                let (group, leaf, address) = self.route_parts();
                let shape = &<<$operation as Operation>::Output as HasShape>::SHAPE;
                let missing = <$operation as Operation>::MISSING;
                SeriesRoute::new(group, leaf, address.map(str::to_owned), *self.series(), missing, shape)
            }
        }
    )+};
}

series_operation! {
    dlmm::GetPoolOhlcv, dlmm::GetPoolVolumeHistory, damm_v2::GetPoolOhlcv, damm_v2::GetPoolVolumeHistory,
    dlmm::GetDailyVolume, dlmm::GetDailyTradingFees, dlmm::GetDailyProtocolFees,
    damm_v2::GetDailyVolume, damm_v2::GetDailyTradingFees, damm_v2::GetDailyProtocolFees,
}

/// The chunks `route`'s range is fetched in: both ends must be set, and at most [`MAX_CHUNKS`] requests are sent.
fn planned_chunks(route: &SeriesRoute) -> Result<Chunks, Error> {
    route.request()?;
    let query = *route.query();
    let Some((start, end)) = query.time_range() else {
        let missing = if query.bounds().0.is_none() { "start_time" } else { "end_time" };
        return Err(InvalidInput::new(missing, "must be set to fetch a series in chunks").into());
    };
    let chunks = chunks(query.timeframe_or_default(), start, end)?;
    if chunks.remaining() > MAX_CHUNKS {
        return Err(InvalidInput::new(
            "end_time",
            format!(
                "makes a range of {} requests of {MAX_BUCKETS_PER_REQUEST} buckets; at most {MAX_CHUNKS} are sent at \
                 once (narrow the range or use a longer timeframe)",
                chunks.remaining()
            ),
        )
        .into());
    }
    Ok(chunks)
}

/// A chunked series as data: the request it asks and the requests of its chunks, with its shape (so that one
/// fetching and merging serves every series: [`Client::series_text`]).
pub struct SeriesPlan {
    asked: Request,
    requests: Vec<Request>,
    missing: Missing,
    shape: &'static Shape,
}

impl SeriesPlan {
    /// The plan of `operation`, whose range must have both ends and need at most [`MAX_CHUNKS`] requests.
    pub fn of<O: SeriesOperation>(operation: O) -> Result<Self, Error> {
        Self::of_route(&operation.route())
    }

    /// The plan of `route` (as [`of`](Self::of), the same for every series).
    pub fn of_route(route: &SeriesRoute) -> Result<Self, Error> {
        let mut requests = Vec::new();
        for (start, end) in planned_chunks(route)? {
            requests.push(route.request_range(start, end)?);
        }
        Ok(Self { asked: route.request()?, requests, missing: route.missing, shape: route.shape })
    }
}

impl SeriesPlan {
    /// A plan of `requests` made elsewhere (a calendar's months), answered as `asked` would be, merged by `shape`.
    pub fn of_requests(asked: Request, requests: Vec<Request>, missing: Missing, shape: &'static Shape) -> Self {
        Self { asked, requests, missing, shape }
    }
}

/// The error for a range that yields no chunk (never met: a checked range has at least one).
fn no_chunk() -> Error {
    InvalidInput::new("start_time", "the range has no chunk to fetch").into()
}

/// The members of a merged series taken from its last part that has them (the rest come from the first: its
/// `start_time`, `timeframe`, `refreshed_at`).
const FROM_LAST_PART: &[&str] = &["end_time"];

/// Merges the bodies of consecutive parts of one series (each checked by
/// [`transcode::check`](crate::transcode::check) with the same `shape`) as [`SeriesOutput::merge`] merges their
/// models: the body of the merged series, each value spelled as its part sent it, to be transcoded once. Its list
/// (the shape's one list member, `data` or `data_points`) holds every bucket once by `timestamp`, oldest first; every
/// other member is the first part's that is present and not `null` (the last's for `end_time`). `None`
/// without parts. A part that is not such a body is an error saying so.
pub fn merge_bodies(parts: &[Vec<u8>], shape: &Shape) -> Result<Option<Vec<u8>>, String> {
    let Shape::Struct(series) = shape else { return Err("not the shape of a series".to_owned()) };
    let names: Vec<&str> = series.fields.iter().map(|f| f.wire).collect();
    let list = series.fields.iter().position(|f| item_shape(f.shape).is_some());
    let (list, bucket_shape) = list
        .and_then(|list| Some((list, item_shape(series.fields[list].shape)?)))
        .ok_or("not the shape of a series")?;
    let mut members = Vec::with_capacity(parts.len());
    // Each bucket's time, then its place in the parts: sorted by both, a time's first bucket stays first.
    let mut buckets: Vec<(u64, usize, &[u8])> = Vec::new();
    for part in parts {
        let part = Members::read(part, &names, list).ok_or("a part is not a series")?;
        for bucket in &part.items {
            let stamp = pick(bucket, bucket_shape, &["timestamp"]).ok_or("a bucket is not one")?[0];
            buckets.push((stamp.and_then(Picked::u64).unwrap_or_default(), buckets.len(), bucket));
        }
        members.push(part);
    }
    if members.is_empty() {
        return Ok(None);
    }
    buckets.sort_unstable_by_key(|(stamp, place, _)| (*stamp, *place));
    buckets.dedup_by_key(|(stamp, ..)| *stamp);
    let mut body = Vec::with_capacity(parts.iter().map(Vec::len).sum());
    body.push(b'{');
    for (index, name) in names.iter().enumerate().filter(|(index, _)| *index != list) {
        let mut values = members.iter().filter_map(|m| m.head[index]);
        let value = if FROM_LAST_PART.contains(name) { values.next_back() } else { values.next() };
        if let Some(value) = value {
            for piece in [&b"\""[..], name.as_bytes(), b"\":", value, b","] {
                body.extend_from_slice(piece);
            }
        }
    }
    for piece in [&b"\""[..], names[list].as_bytes(), b"\":["] {
        body.extend_from_slice(piece);
    }
    for (index, (_, _, bucket)) in buckets.iter().enumerate() {
        if index > 0 {
            body.push(b',');
        }
        body.extend_from_slice(bucket);
    }
    body.extend_from_slice(b"]}");
    Ok(Some(body))
}

/// A series part's members, each left as its part's text: its list's items, and each other member of the shape by
/// its place (`None` when absent or `null`).
struct Members<'a> {
    head: Vec<Option<&'a [u8]>>,
    items: Vec<&'a [u8]>,
}

impl<'a> Members<'a> {
    /// Reads a part's members `names`, the one at `list` being the list (required, as serde's derive reads it).
    fn read(part: &'a [u8], names: &[&str], list: usize) -> Option<Self> {
        let (mut head, mut items) = (vec![None; names.len()], None);
        let mut scan = Scan::new(part);
        scan.fields(names, |field, scan| {
            if field == list {
                let mut read = Vec::new();
                scan.elements(|scan| scan.value().map(|item| read.push(item)))?;
                items = Some(read);
            } else if !scan.null() {
                head[field] = Some(scan.value()?);
            }
            Some(())
        })?;
        scan.at_end().then_some(())?;
        Some(Self { head, items: items? })
    }
}

impl<T: Transport> Client<T> {
    /// The bytes a chunked call holds once `body` (from `url`) joins the `held` ones, or the error once they are more
    /// than one body may be ([`Transport::max_body_bytes`]): chunks padded to just under the limit each cannot add
    /// up to what no single answer may be.
    fn within_body_limit(&self, url: &str, held: usize, body: &[u8]) -> Result<usize, Error> {
        let limit = self.transport().max_body_bytes();
        match held.checked_add(body.len()).filter(|total| *total <= limit) {
            Some(total) => Ok(total),
            None => Err(Error::Transport {
                url: url.to_owned(),
                error: TransportError {
                    failure: TransportFailure::BodyTooLarge,
                    message: format!("the chunks of this series together are larger than the limit of {limit} bytes"),
                },
            }),
        }
    }

    /// A series over any range: the operation's `[start_time, end_time]` (both must be set) is fetched in chunks of
    /// at most [`MAX_BUCKETS_PER_REQUEST`] buckets, in order, and merged into one series without duplicates.
    ///
    /// A range needing more than [`MAX_CHUNKS`] requests is rejected before anything is sent.
    pub async fn datapi_series<O: SeriesOperation>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> Result<O::Output, Error> {
        self.series_of(&operation.route(), options).await
    }

    /// The fetching and merging behind [`datapi_series`](Self::datapi_series), one for each kind of output (the
    /// DLMM and DAMM v2 candles share one).
    async fn series_of<S: SeriesOutput>(&self, route: &SeriesRoute, options: CallOptions) -> Result<S, Error> {
        let (mut parts, mut held) = (Vec::new(), 0);
        for (chunk_start, chunk_end) in planned_chunks(route)? {
            let request = route.request_range(chunk_start, chunk_end)?;
            let (url, response) = self.exchange(&request, route.missing, options).await?;
            held = self.within_body_limit(&url, held, &response.body)?;
            parts.push(decode::model(&response.body, &url, response.status).map_err(Error::Decode)?);
        }
        S::merge(parts).ok_or_else(no_chunk)
    }

    /// Like [`datapi_series`](Self::datapi_series), as the JSON text for JavaScript, with no bucket built as a model:
    /// each chunk is checked by the series' shape (the same errors), the bodies are merged ([`merge_bodies`]) and the
    /// merged body is transcoded once, for the URL the operation asks (the URL and the text
    /// [`JsonText::write`] gives for the merged model).
    pub async fn datapi_series_text<O: SeriesOperation>(
        &self,
        operation: O,
        options: CallOptions,
    ) -> Result<(String, Written), Error> {
        self.series_text(SeriesPlan::of(operation)?, options).await
    }

    /// The fetching and merging behind [`datapi_series_text`](Self::datapi_series_text), the same for every series.
    pub async fn series_text(&self, plan: SeriesPlan, options: CallOptions) -> Result<(String, Written), Error> {
        let SeriesPlan { asked, requests, missing, shape } = plan;
        let asked = asked.url(self.config().base_url(asked.group));
        let (mut parts, mut held) = (Vec::with_capacity(requests.len()), 0);
        for request in &requests {
            let (url, response) = self.exchange(request, missing, options).await?;
            held = self.within_body_limit(&url, held, &response.body)?;
            check(&response.body, shape)
                .map_err(|e| Error::Decode(decode::explain(&e, &response.body, &url, response.status)))?;
            parts.push(response.body);
        }
        let merged = merge_bodies(&parts, shape).map_err(|e| Error::wrong_shape(&asked, None, e.to_string()))?;
        let merged = merged.ok_or_else(no_chunk)?;
        drop(parts);
        let mut out = JsonText::default();
        transcode(&merged, shape, &mut out).map_err(|e| Error::wrong_shape(&asked, None, e.to_string()))?;
        let written = out.finish().map_err(|e| Error::unwritable(&asked, e))?;
        Ok((asked, written))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(timeframe: Timeframe, start: u64, end: u64) -> Vec<(u64, u64)> {
        chunks(timeframe, start, end).unwrap().collect()
    }

    /// Checks that chunks tile `[start, end]` exactly, in order, each within the bucket budget.
    fn tiles(timeframe: Timeframe, start: u64, end: u64) {
        let b = timeframe.seconds();
        let parts = all(timeframe, start, end);
        assert_eq!(parts.first().map(|p| p.0), Some(start));
        assert_eq!(parts.last().map(|p| p.1), Some(end));
        for pair in parts.windows(2) {
            assert_eq!(pair[0].1 + 1, pair[1].0, "contiguous, no overlap");
        }
        for (s, e) in &parts {
            assert!(s <= e);
            assert!(e / b - s / b < MAX_BUCKETS_PER_REQUEST, "{s}..={e} touches too many buckets");
        }
        assert_eq!(parts.len() as u64, chunks(timeframe, start, end).unwrap().remaining());
    }

    #[test]
    fn chunks_cover_the_range_with_inclusive_ends() {
        let h = 3600;
        assert_eq!(all(Timeframe::H1, 0, 0), [(0, 0)]);
        assert_eq!(all(Timeframe::H1, 5, 5), [(5, 5)]);
        assert_eq!(all(Timeframe::H1, 0, 1000 * h - 1), [(0, 1000 * h - 1)], "exactly 1000 buckets: one request");
        assert_eq!(all(Timeframe::H1, 0, 1000 * h), [(0, 1000 * h - 1), (1000 * h, 1000 * h)], "1001 buckets: two");
        assert_eq!(all(Timeframe::H1, h, 1000 * h + 5), [(h, 1000 * h + 5)], "buckets 1 to 1000: one request");
        assert_eq!(
            all(Timeframe::H1, h - 1, 1000 * h),
            [(h - 1, 1000 * h - 1), (1000 * h, 1000 * h)],
            "buckets 0 to 1000 are 1001: two requests"
        );
        for (tf, start, end) in [
            (Timeframe::M5, 1_755_000_123, 1_756_100_000),
            (Timeframe::H24, 1_600_000_000, 1_760_000_000),
            (Timeframe::M30, 0, 10_000_000),
            (Timeframe::H4, 7, 7 + 14_400 * 3000),
        ] {
            tiles(tf, start, end);
        }
    }

    #[test]
    fn huge_ranges_neither_overflow_nor_allocate() {
        let c = chunks(Timeframe::M5, 0, u64::MAX).unwrap();
        assert_eq!(c.remaining(), (u64::MAX / 300) / 1000 + 1);
        let mut tail = chunks(Timeframe::H24, u64::MAX - 86_400 * 1500, u64::MAX).unwrap();
        let n = tail.remaining();
        assert_eq!(n, 2);
        let parts: Vec<_> = tail.by_ref().collect();
        assert_eq!(parts.len() as u64, n);
        assert_eq!(parts.last().unwrap().1, u64::MAX);
        assert_eq!(tail.remaining(), 0);
    }

    /// The plain route asks exactly what its operation asks, whole and chunk by chunk, errors included.
    fn route_asks_as_its_operation<O: SeriesOperation + std::fmt::Debug>(operation: O) {
        let route = operation.route();
        assert_eq!(route.request(), operation.request(), "{operation:?}");
        assert_eq!(format!("{:?}", route.shape()), format!("{:?}", <O::Output as HasShape>::SHAPE));
        let Ok(plan) = SeriesPlan::of(operation.clone()) else { return };
        let (start, end) = operation.series_query().time_range().unwrap();
        let chunks: Vec<_> = chunks(operation.series_query().timeframe_or_default(), start, end).unwrap().collect();
        let expected: Vec<_> =
            chunks.iter().map(|&(s, e)| operation.clone().with_range(s, e).request().unwrap()).collect();
        assert_eq!(plan.requests, expected);
        assert_eq!(plan.asked, operation.request().unwrap());
    }

    #[test]
    fn every_series_route_asks_as_its_operation() {
        let pool = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
        let (start, end) = (1_755_000_000, 1_755_000_000 + 3 * 86_400 * 5);
        for tf in [Timeframe::M5, Timeframe::H1] {
            route_asks_as_its_operation(dlmm::GetPoolOhlcv::new(pool).timeframe(tf).range(start, end));
            route_asks_as_its_operation(dlmm::GetPoolVolumeHistory::new(pool).timeframe(tf).range(start, end));
            route_asks_as_its_operation(damm_v2::GetPoolOhlcv::new(pool).timeframe(tf).range(start, end));
            route_asks_as_its_operation(damm_v2::GetPoolVolumeHistory::new(pool).timeframe(tf).range(start, end));
        }
        // No range, an invalid address, a reversed range: the same request or the same error.
        route_asks_as_its_operation(dlmm::GetPoolOhlcv::new(pool));
        route_asks_as_its_operation(damm_v2::GetPoolVolumeHistory::new("not an address").range(start, end));
        route_asks_as_its_operation(dlmm::GetPoolVolumeHistory::new(pool).range(end, start));
    }

    #[test]
    fn an_empty_range_is_rejected() {
        let e = chunks(Timeframe::H1, 10, 9).unwrap_err();
        assert_eq!(e.parameter, "start_time");
        assert!(e.reason.contains("after end_time 9"), "{}", e.reason);
    }

    #[test]
    #[allow(clippy::needless_update)] // The real `Candle` has more fields than the placeholder model.
    fn merging_keeps_order_and_drops_repeated_buckets() {
        let part = |start: u64, end: u64, stamps: &[u64]| Timeseries {
            start_time: start,
            end_time: end,
            timeframe: Some("1h".to_owned()),
            data: stamps.iter().map(|t| Candle { timestamp: *t, ..Candle::default() }).collect(),
        };
        let merged =
            merge(vec![part(0, 7199, &[0, 3600]), part(3600, 14_399, &[3600, 7200, 10_800])], |c| c.timestamp).unwrap();
        assert_eq!((merged.start_time, merged.end_time, merged.timeframe.as_deref()), (0, 14_399, Some("1h")));
        let stamps: Vec<u64> = merged.data.iter().map(|c| c.timestamp).collect();
        assert_eq!(stamps, [0, 3600, 7200, 10_800]);
        assert!(merge(Vec::<Timeseries<Candle>>::new(), |c| c.timestamp).is_none());
    }
}
