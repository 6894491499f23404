//! Turning an [`HttpResponse`] into an operation's output or a typed [`Error`]. Pure: no I/O.

use std::time::Duration;

use crate::decode;
use crate::error::{ApiError, BodyKind, DecodeError, Error, ErrorKind, StatusError};
use crate::json_scan::{Scan, is_json};
use crate::json_text::{JsonText, Written};
use crate::models::PoolEnvelope;
use crate::ops::Operation;
use crate::refusal::Refusal;
use crate::request::{ApiGroup, Missing, NOT_A_POOL_ADDRESS};
use crate::shape::Shape;
use crate::transcode::{check, transcode};
use crate::transport::HttpResponse;

/// Reads the response to operation `O` at `url`: [`failure`] for an unsuccessful status, else [`decode_success`].
pub fn interpret<O: Operation>(url: &str, response: &HttpResponse) -> Result<O::Output, Error> {
    match failure(O::GROUP, O::MISSING, url, response) {
        Some(error) => Err(error),
        None => decode_success::<O>(url, response),
    }
}

/// The error an unsuccessful (non-2xx) answer of `group`'s service means, or `None` for a success. The same code for
/// every operation: `missing` says what the route's 404 (and 500) mean.
pub fn failure(group: ApiGroup, missing: Missing, url: &str, response: &HttpResponse) -> Option<Error> {
    if (200..300).contains(&response.status) {
        return None;
    }
    Some(Error::Status(if group.is_datapi() {
        datapi_status_error(missing, url, response)
    } else {
        status_error(missing, url, response)
    }))
}

/// Transcodes a successful (2xx) answer by `shape` (an operation's output shape; not the pool group's, whose body is
/// an envelope: [`decode_success`] reads those) into the JSON text for JavaScript: the text [`JsonText::write`]
/// writes for the model [`decode_success`] decodes, and the same errors, without building the model.
pub fn transcode_success(url: &str, response: &HttpResponse, shape: &Shape) -> Result<Written, Error> {
    transcode_into(url, response, shape, JsonText::default())
}

/// [`transcode_success`] written by `out` (a page's by [`JsonText::noting_top`]).
pub fn transcode_into(url: &str, response: &HttpResponse, shape: &Shape, mut out: JsonText) -> Result<Written, Error> {
    match transcode(&response.body, shape, &mut out) {
        Ok(()) => out.finish().map_err(|e| Error::unwritable(url, e)),
        Err(e) => Err(Error::Decode(decode::explain(&e, &response.body, url, response.status))),
    }
}

/// Decodes a successful (2xx) answer of operation `O`: the body itself, or for the pool group its envelope's `data`
/// (an envelope carrying an `error` instead is that error, whatever the status).
pub fn decode_success<O: Operation>(url: &str, response: &HttpResponse) -> Result<O::Output, Error> {
    match O::GROUP {
        ApiGroup::Pair | ApiGroup::DlmmDatapi | ApiGroup::DammV2Datapi | ApiGroup::PortfolioDatapi => {
            decode::model(&response.body, url, response.status).map_err(Error::Decode)
        }
        ApiGroup::Pool => {
            let envelope: PoolEnvelope<O::Output> =
                decode::model(&response.body, url, response.status).map_err(Error::Decode)?;
            unwrap_envelope(url, response, envelope.data, envelope.error)
        }
    }
}

/// Transcodes a successful (2xx) answer of the pool group, whose body is an envelope: checked whole by `envelope`
/// (the envelope's shape around the output's, so with the same errors as [`decode_success`]), then its `data`
/// transcoded by `data` (the output's shape), with no model built. An envelope carrying an `error` instead is that
/// error, as for [`decode_success`]; the text is the one [`JsonText::write`] writes for the model it decodes.
pub fn transcode_envelope_success(
    url: &str,
    response: &HttpResponse,
    envelope: &Shape,
    data: &Shape,
) -> Result<Written, Error> {
    let explain = |e: Refusal| Error::Decode(decode::explain(&e, &response.body, url, response.status));
    check(&response.body, envelope).map_err(explain)?;
    let (data_text, error) = envelope_parts(&response.body)
        .ok_or_else(|| Error::wrong_shape(url, None, "the envelope its shape accepted could not be read again"))?;
    let raw = unwrap_envelope(url, response, data_text, error)?;
    let mut out = JsonText::default();
    transcode(raw, data, &mut out).map_err(explain)?;
    out.finish().map_err(|e| Error::unwritable(url, e))
}

/// The members of a pool envelope (read once the envelope's shape has checked the body): its `data` left as the
/// body's text (`None` when absent or `null`), and its `error`. `status` is only stepped over.
fn envelope_parts(body: &[u8]) -> Option<(Option<&[u8]>, Option<ApiError>)> {
    let (mut data, mut error) = (None, None);
    Scan::new(body).fields(&["data", "error", "status"], |field, scan| {
        match field {
            0 if scan.null() => {}
            0 => data = Some(scan.value()?),
            1 => error = api_error_or_null(scan)?,
            _ => _ = scan.value()?,
        }
        Some(())
    })?;
    Some((data, error))
}

/// An `Option<ApiError>` as serde reads one: `null`, or the error object (or array).
fn api_error_or_null(scan: &mut Scan<'_>) -> Option<Option<ApiError>> {
    if scan.null() {
        return Some(None);
    }
    let mut error = ApiError { message: String::new(), error_type: String::new() };
    scan.fields(&["message", "type"], |field, scan| {
        let text = scan.string()?.into_owned();
        match field {
            0 => error.message = text,
            _ => error.error_type = text,
        }
        Some(())
    })?;
    Some(Some(error))
}

/// An envelope's `data`, or the error it carries instead (whatever the HTTP status said).
fn unwrap_envelope<T>(
    url: &str,
    response: &HttpResponse,
    data: Option<T>,
    error: Option<ApiError>,
) -> Result<T, Error> {
    match (data, error) {
        (Some(data), _) => Ok(data),
        (None, Some(api_error)) => Err(Error::Status(StatusError {
            kind: if api_error.error_type.eq_ignore_ascii_case("notfound") {
                ErrorKind::NotFound
            } else {
                ErrorKind::Http
            },
            status: response.status,
            url: url.to_owned(),
            not_indexed: false,
            retry_after: None,
            api_error: Some(bounded(api_error)),
            body_snippet: decode::snippet(&response.body),
        })),
        (None, None) => Err(Error::Decode(DecodeError {
            url: url.to_owned(),
            status: response.status,
            body: BodyKind::WrongShape,
            path: Some("data".to_owned()),
            message: "the envelope has neither `data` nor `error`".to_owned(),
            expected: None,
            found: None,
        })),
    }
}

/// The server's error in an error body, in either shape seen in the wild: the pool envelope's `error` object, or a
/// bare `{ "message": … }` (the envelope's error first). `None` when the body is neither (any other member is
/// stepped over; a member of the wrong type makes it neither), as serde's derive read it.
fn body_api_error(body: &[u8]) -> Option<ApiError> {
    let (mut error, mut message) = (None, None);
    let mut scan = Scan::new(body);
    scan.fields(&["error", "message"], |field, scan| {
        match field {
            0 => error = api_error_or_null(scan)?,
            _ if scan.null() => {}
            _ => message = Some(scan.string()?.into_owned()),
        }
        Some(())
    })?;
    if !scan.at_end() {
        return None;
    }
    error.or(message.map(|message| ApiError { message, error_type: String::new() }))
}

/// Classifies an unsuccessful status; `missing` says what the route's 404 (and 500) mean.
pub fn status_error(missing: Missing, url: &str, response: &HttpResponse) -> StatusError {
    let read_as_pool = missing == Missing::RouteReadAsPool
        && response.status == 400
        && response.body.windows(NOT_A_POOL_ADDRESS.len()).any(|w| w == NOT_A_POOL_ADDRESS.as_bytes());
    let (kind, not_indexed) = match (response.status, missing) {
        _ if read_as_pool => (ErrorKind::NotServed, false),
        (404, Missing::Route | Missing::RouteReadAsPool) => (ErrorKind::NotServed, false),
        (404, _) => (ErrorKind::NotFound, false),
        (500, Missing::ItemOrNotIndexed) => (ErrorKind::NotFound, true),
        (429, _) => (ErrorKind::RateLimited, false),
        _ => (ErrorKind::Http, false),
    };
    let api_error = body_api_error(&response.body).map(bounded);
    StatusError {
        kind,
        status: response.status,
        url: url.to_owned(),
        not_indexed,
        retry_after: response.header("retry-after").and_then(parse_retry_after),
        api_error,
        body_snippet: decode::snippet(&response.body),
    }
}

/// The longest server text kept in an error (a JSON `message` or `type`, a plain-text datapi error body), in
/// characters: a server's words are kept, a server's megabytes are not.
const MAX_SERVER_TEXT_CHARS: usize = 1000;

/// A server's error as an error keeps it: its message and type at most [`MAX_SERVER_TEXT_CHARS`] characters each,
/// `…` marking a cut (applied wherever a server's error becomes a [`StatusError`]'s, whichever reader read it).
fn bounded(api_error: ApiError) -> ApiError {
    let cut = |text: &str| decode::bounded(text, MAX_SERVER_TEXT_CHARS);
    ApiError { message: cut(&api_error.message), error_type: cut(&api_error.error_type) }
}

/// Classifies an unsuccessful datapi answer. Its errors are `{ "message": … }` (e.g. 404 `Pool not found: …`) or,
/// for a query value of the wrong shape, a **plain-text** 400 (the server's query extractor message). Either way the
/// server's words become the [`ApiError`] message, available through [`Error::server_message`]. HTML pages (a proxy's
/// 429 or 502) are not the server's words: they stay in the body snippet only.
pub fn datapi_status_error(missing: Missing, url: &str, response: &HttpResponse) -> StatusError {
    let mut error = status_error(missing, url, response);
    // Plain text is whatever is neither empty, HTML nor JSON. (Sniffing alone misreads text that starts like a JSON
    // literal, e.g. "the range covers…", as truncated JSON.)
    let plain_text =
        !matches!(decode::classify(&response.body), BodyKind::Empty | BodyKind::Html) && !is_json(&response.body);
    if error.api_error.is_none() && plain_text {
        let message = String::from_utf8_lossy(&response.body).trim().to_owned();
        error.api_error = Some(bounded(ApiError { message, error_type: String::new() }));
    }
    error
}

/// Reads a `Retry-After` value given in seconds (whole or fractional). HTTP dates are not honoured (no clock here).
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let secs = crate::float::parse(value.trim())?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::GetPoolMetrics;

    fn resp(status: u16, headers: &[(&str, &str)], body: &str) -> HttpResponse {
        HttpResponse {
            status,
            headers: headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn classifies_statuses() {
        type Case<'a> = (u16, &'a [(&'a str, &'a str)], &'a str, ErrorKind, Option<u64>);
        let table: &[Case] = &[
            (
                404,
                &[],
                r#"{"data":null,"error":{"message":"Pool not found","type":"NotFound"},"status":404}"#,
                ErrorKind::NotFound,
                None,
            ),
            (429, &[("Retry-After", "2")], "<html>Too Many Requests</html>", ErrorKind::RateLimited, Some(2000)),
            (429, &[], r#"{"message":"slow down"}"#, ErrorKind::RateLimited, None),
            (500, &[], "", ErrorKind::Http, None),
            (503, &[("retry-after", "0.5")], "busy", ErrorKind::Http, Some(500)),
            (400, &[], r#"{"message":"limit must be at most 1000"}"#, ErrorKind::Http, None),
        ];
        for (status, headers, body, kind, retry_ms) in table {
            let err = interpret::<GetPoolMetrics>("http://h/p", &resp(*status, headers, body)).unwrap_err();
            assert_eq!(err.kind(), *kind, "{status}");
            assert_eq!(err.status(), Some(*status));
            assert_eq!(err.retry_after().map(|d| d.as_millis() as u64), *retry_ms, "{status}");
        }
    }

    #[test]
    fn a_route_a_host_lacks_is_not_served_by_what_each_route_says_of_its_misses() {
        let kind = |missing, status, body: &str| {
            failure(ApiGroup::DlmmDatapi, missing, "http://h/pools/groups", &resp(status, &[], body)).unwrap().kind()
        };
        let not_a_pool = "Invalid URL: invalid_pubkey: \"groups\" is not a valid pool address";
        assert_eq!(kind(Missing::RouteReadAsPool, 400, not_a_pool), ErrorKind::NotServed);
        assert_eq!(kind(Missing::RouteReadAsPool, 404, ""), ErrorKind::NotServed);
        assert_eq!(kind(Missing::RouteReadAsPool, 400, "page_size: at most 100"), ErrorKind::Http);
        assert_eq!(kind(Missing::Route, 400, not_a_pool), ErrorKind::Http, "only where the path reads as a pool's");
        assert_eq!(kind(Missing::Route, 404, r#"{"message":"no such route"}"#), ErrorKind::NotServed);
        assert_eq!(kind(Missing::Item, 404, r#"{"message":"Pool not found: x"}"#), ErrorKind::NotFound);
        assert_eq!(kind(Missing::Item, 500, ""), ErrorKind::Http);
        assert_eq!(kind(Missing::ItemOrNotIndexed, 500, ""), ErrorKind::NotFound);
        let served = failure(ApiGroup::DlmmDatapi, Missing::Route, "http://h/stats/daily/volume", &resp(404, &[], ""));
        assert!(served.unwrap().to_string().starts_with("this service does not serve this route (HTTP 404)"));
    }

    #[test]
    fn keeps_the_envelope_message() {
        let body = r#"{"data":null,"error":{"message":"Pool not found","type":"NotFound"},"status":404}"#;
        let err = interpret::<GetPoolMetrics>("http://h/p", &resp(404, &[], body)).unwrap_err();
        assert_eq!(err.to_string(), "not found (HTTP 404) at http://h/p: Pool not found");
        let Error::Status(s) = err else { panic!() };
        assert_eq!(s.api_error.unwrap().error_type, "NotFound");
    }

    #[test]
    fn an_error_envelope_with_status_200_is_an_error() {
        let body = r#"{"data":null,"error":{"message":"Pool not found","type":"NotFound"},"status":404}"#;
        let err = interpret::<GetPoolMetrics>("http://h/p", &resp(200, &[], body)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let err = interpret::<GetPoolMetrics>("http://h/p", &resp(200, &[], r#"{"status":200}"#)).unwrap_err();
        assert_eq!((err.kind(), err.decode_path()), (ErrorKind::Decode, Some("data")));
    }

    #[test]
    fn html_and_truncated_success_bodies_are_decode_errors() {
        let err = interpret::<GetPoolMetrics>("u", &resp(200, &[], "<!doctype html><p>hi")).unwrap_err();
        let Error::Decode(d) = err else { panic!() };
        assert_eq!(d.body, BodyKind::Html);
        let err =
            interpret::<GetPoolMetrics>("u", &resp(200, &[], r#"{"data":{"pool_address":"x","volu"#)).unwrap_err();
        let Error::Decode(d) = err else { panic!() };
        assert_eq!(d.body, BodyKind::Truncated);
        let err =
            interpret::<GetPoolMetrics>("u", &resp(200, &[], r#"{"data":{"pool_address":"x","volume24h":"abc"}}"#))
                .unwrap_err();
        assert_eq!(err.decode_path(), Some("data.volume24h"));
    }

    #[test]
    fn datapi_errors_keep_the_servers_words() {
        use crate::datapi::ops::dlmm::GetPool;
        const POOL: &str = "5rCf1DM8LjKTw4YqhnoLcngyZYeNnQqztScTogYHAS6";
        let body = format!(r#"{{"message":"Pool not found: {POOL}"}}"#);
        let err = interpret::<GetPool>("http://h/pools/x", &resp(404, &[], &body)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        assert_eq!(err.server_message(), Some(&*format!("Pool not found: {POOL}")));
        assert_eq!(err.to_string(), format!("not found (HTTP 404) at http://h/pools/x: Pool not found: {POOL}"));

        let text = "Failed to deserialize query string: page_size: invalid digit found in string";
        let err = interpret::<GetPool>("http://h/p", &resp(400, &[], text)).unwrap_err();
        assert_eq!((err.kind(), err.status(), err.server_message()), (ErrorKind::Http, Some(400), Some(text)));
        assert!(err.to_string().ends_with(text), "{err}");

        let long = "x".repeat(MAX_SERVER_TEXT_CHARS + 10);
        let err = interpret::<GetPool>("http://h/p", &resp(400, &[], &long)).unwrap_err();
        assert_eq!(err.server_message().map(|m| m.chars().count()), Some(MAX_SERVER_TEXT_CHARS + 1));

        let err = interpret::<GetPool>("u", &resp(429, &[("retry-after", "1")], "<html>Too Many</html>")).unwrap_err();
        assert_eq!((err.kind(), err.server_message()), (ErrorKind::RateLimited, None));
        // A datapi 500 is never "not indexed" (that was the keeper's quirk).
        let err = interpret::<GetPool>("u", &resp(500, &[], "")).unwrap_err();
        assert_eq!((err.kind(), err.server_message()), (ErrorKind::Http, None));
        // The keeper keeps its behaviour: a plain-text 400 is only a snippet there.
        let err = interpret::<GetPoolMetrics>("u", &resp(400, &[], text)).unwrap_err();
        assert_eq!(err.server_message(), None);
    }

    /// A server's `message` (and `type`) of megabytes, in a datapi `{message}` body or the keeper's envelope, is cut
    /// to [`MAX_SERVER_TEXT_CHARS`] in the error, its text and its `ApiError` alike.
    #[test]
    fn a_server_message_of_megabytes_is_bounded_in_every_error() {
        use crate::datapi::ops::dlmm::GetPool;
        let huge = "é".repeat(2_000_000);
        let datapi = format!(r#"{{"message":"{huge}"}}"#);
        let keeper = format!(r#"{{"data":null,"error":{{"message":"{huge}","type":"{huge}"}},"status":500}}"#);
        let errors = [
            interpret::<GetPool>("http://h/p", &resp(404, &[], &datapi)).unwrap_err(),
            interpret::<GetPoolMetrics>("http://h/p", &resp(500, &[], &keeper)).unwrap_err(),
            interpret::<GetPoolMetrics>("http://h/p", &resp(200, &[], &keeper)).unwrap_err(),
        ];
        for err in errors {
            let Error::Status(StatusError { api_error: Some(api), .. }) = &err else { panic!("{err:?}") };
            for text in [&api.message, &api.error_type].into_iter().filter(|t| !t.is_empty()) {
                assert_eq!(text.chars().count(), MAX_SERVER_TEXT_CHARS + 1, "cut, with its `…`");
            }
            assert!(err.to_string().chars().count() < 2 * MAX_SERVER_TEXT_CHARS, "{}", err.to_string().len());
        }
    }

    #[test]
    fn datapi_plain_text_that_starts_like_a_json_literal_is_still_the_servers_text() {
        use crate::datapi::ops::dlmm::GetPools;
        for text in ["the range covers 2500 buckets of 5m", "null page", "1 is not a valid page", "false start"] {
            let err = interpret::<GetPools>("u", &resp(400, &[], text)).unwrap_err();
            assert_eq!(err.server_message(), Some(text), "{text}");
        }
        let err = interpret::<GetPools>("u", &resp(400, &[], "<html>bad</html>")).unwrap_err();
        assert_eq!(err.server_message(), None, "HTML is not the server's words");
    }

    #[test]
    fn datapi_bodies_are_bare_json() {
        use crate::datapi::models::{Candle, Timeseries};
        use crate::datapi::ops::damm_v2::GetPoolOhlcv;
        let body = r#"{"start_time":60,"end_time":120,"timeframe":"5m","data":[{"timestamp":60,
            "timestamp_str":"1970-01-01T00:01:00+00:00","open":1,"high":2,"low":0.5,"close":1.5,"volume":10}]}"#;
        let series: Timeseries<Candle> = interpret::<GetPoolOhlcv>("u", &resp(200, &[], body)).unwrap();
        assert_eq!((series.start_time, series.end_time, series.data.len()), (60, 120, 1));
        assert_eq!(series.data[0].timestamp, 60);
    }

    /// The error body reading that serde's derive gave (kept here as the reference the reading by hand follows).
    #[derive(serde::Deserialize)]
    struct SerdeErrorBody {
        #[serde(default)]
        error: Option<ApiError>,
        #[serde(default)]
        message: Option<String>,
    }

    #[test]
    fn error_bodies_are_read_as_serde_reads_them() {
        let bodies = [
            r#"{"message":"m"}"#,
            r#"{"error":{"message":"e","type":"NotFound"},"message":"m"}"#,
            r#"{"error":null,"message":"m"}"#,
            r#"{"message":null}"#,
            r#"{"message":5}"#,
            r#"{"error":"x"}"#,
            r#"{"error":{"message":null}}"#,
            r#"{"error":{"type":"T"}}"#,
            r#"{"error":["e","T"]}"#,
            r#"{"error":["e","T","x"]}"#,
            r#"[null,"m"]"#,
            r#"[{"message":"e"}]"#,
            r#"[null,"m",1]"#,
            "[]",
            "{}",
            r#"{"message":"a","message":"b"}"#,
            r#"{"message":"m"} x"#,
            r#" {"messag\u0065":"m\n"} "#,
            r#"{"other":[1,{"a":2}],"message":"m"}"#,
            r#""text""#,
            "<html>busy</html>",
            "",
            "null",
            "{",
            r#"{"message":"\ud800"}"#,
            r#"{"error":{"message":"e","message":"f"}}"#,
        ];
        for body in bodies {
            let serde = serde_json::from_slice::<SerdeErrorBody>(body.as_bytes())
                .ok()
                .and_then(|b| b.error.or(b.message.map(|message| ApiError { message, error_type: String::new() })));
            assert_eq!(body_api_error(body.as_bytes()), serde, "{body}");
        }
    }

    #[test]
    fn envelope_parts_are_its_data_text_and_its_error() {
        let parts = |body: &str| envelope_parts(body.as_bytes()).map(|(data, error)| (data.map(<[u8]>::to_vec), error));
        let error = ApiError { message: "Pool not found".into(), error_type: "NotFound".into() };
        assert_eq!(parts(r#"{"data": {"a":[1]} ,"status":200}"#), Some((Some(br#"{"a":[1]}"#.to_vec()), None)));
        let body = r#"{"data":null,"error":{"message":"Pool not found","type":"NotFound"},"status":404}"#;
        assert_eq!(parts(body), Some((None, Some(error.clone()))));
        let array = r#"[{"b":2},["Pool not found","NotFound"],404]"#;
        assert_eq!(parts(array), Some((Some(br#"{"b":2}"#.to_vec()), Some(error))));
        assert_eq!(parts(r#"{"status":200}"#), Some((None, None)));
        assert_eq!(parts(r#"{"data":1,"data":2}"#), None);
    }

    #[test]
    fn retry_after_parsing() {
        assert_eq!(parse_retry_after("3"), Some(Duration::from_secs(3)));
        assert_eq!(parse_retry_after(" 1.25 "), Some(Duration::from_millis(1250)));
        assert_eq!(parse_retry_after("-1"), None);
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
    }
}
