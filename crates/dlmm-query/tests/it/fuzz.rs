//! Fuzzing every decoder and both page walkers with number-aware generators (issue 11).
//!
//! * Every keeper operation ([`for_every_operation!`]) and every datapi operation (26 routes, their valid bodies
//!   fetched once from an in-process replica) goes through [`interpret`]: valid bodies with one numeric leaf replaced
//!   by a hostile number (exponents like `1e308`/`1E-7`, 1e15–1e308, u64/i64 extremes and ±1 around them, 2^53 ± 1,
//!   leading `+`/`-`, unicode spaces, digit runs past any integer), with a field dropped or duplicated, 10,000 nested
//!   arrays, and bodies of a few megabytes. Each must end without a panic, in `Ok` or a typed decode error, and a
//!   wrong-shape value replaced at a known place must name a path.
//! * [`PageWalker`] and [`DatapiWalker`] are fed arbitrary answers (items, totals, page counts, `hasNext`, first
//!   keys, page sizes, u64 extremes): each walk ends (`Done` or `Looping`) within a bound derived from its inputs.
//!
//! **Cases per property**: the environment variable `DLMM_FUZZ_CASES` (default 64, so a plain `cargo test` stays
//! fast). `cargo xtask ci` runs this module through its ordinary `cargo test` at that default count; `cargo xtask
//! fuzz [--cases N] [--seconds S]` runs it in release mode with many more (5,000 per property by default).

use std::sync::OnceLock;

use dlmm_query::datapi::ops::{damm_v2, dlmm, portfolio};
use dlmm_query::datapi::walk::{DatapiPage, DatapiWalker, PageEnd, WalkStep};
use dlmm_query::error::BodyKind;
use dlmm_query::ops::Operation;
use dlmm_query::policy::{PageStep, PageWalker};
use dlmm_query::response::interpret;
use dlmm_query::transport::HttpResponse;
use dlmm_query::{ClientConfig, Error, Request};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

use crate::common;

/// Cases per property: `DLMM_FUZZ_CASES`, default 64.
fn cases() -> u32 {
    std::env::var("DLMM_FUZZ_CASES").ok().and_then(|v| v.trim().parse().ok()).filter(|n| *n > 0).unwrap_or(64)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() }
}

// ---------------------------------------------------------------------------------------------------------------
// Every decoder, by name, with its valid sample body.

/// One datapi route of the operation rows (`dlmm_query::operations!`; `pages` rows walk the same routes):
/// its builder's name, its request built from the replica's samples, and its decoding.
struct DatapiRoute {
    name: &'static str,
    request: fn(&Value) -> Request,
    decode: fn(&str, &HttpResponse) -> Result<(), Error>,
}

/// `O`'s decoding of `response`, after checking that transcoding it for JavaScript agrees
/// ([`same_as_decoding`](crate::transcode::same_as_decoding)).
fn decode_as<O: Operation>(url: &str, response: &HttpResponse) -> Result<(), Error>
where
    O::Output: serde::Serialize + std::fmt::Debug,
{
    crate::transcode::same_as_decoding::<O>(url, response);
    interpret::<O>(url, response).map(drop)
}

/// A sample for the positional argument `arg` of the method `js` of `service`, from the replica's samples `s`.
fn sample(s: &Value, service: &str, js: &str, arg: &str) -> String {
    let text = |v: &Value| v.as_str().unwrap_or_else(|| panic!("a sample for {service} {js} {arg}")).to_owned();
    let holder = if js.contains("LimitOrder") { "wallet_with_limit_orders" } else { "wallet_with_positions" };
    match arg {
        "address" => text(&s[format!("{service}_pools")][0]),
        "lexicalOrderMints" => text(&s[format!("{service}_group")]),
        "position" => text(&s["position_with_events"]),
        "user" | "wallet" => text(&s[holder]["wallet"]),
        "pool" if !js.contains("LimitOrder") => text(&s[holder]["pool"]),
        "pool" if js.contains("Open") => text(&s[holder]["open_pool"]),
        "pool" => text(&s[holder]["closed_pool"]),
        other => panic!("no sample for the argument {other}"),
    }
}

/// Every datapi route, in the order of the rows (made once: the fuzz decodes through it case after case).
fn datapi_routes() -> &'static [DatapiRoute] {
    static ROUTES: OnceLock<Vec<DatapiRoute>> = OnceLock::new();
    macro_rules! routes {
        ($krate:tt; $($service:ident $class:ident {
            $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
        })*) => {{
            let mut all = Vec::new();
            $($(
                if stringify!($runner) != "pages" {
                    all.push(DatapiRoute {
                        name: concat!(stringify!($service), "::", stringify!($op)),
                        #[allow(unused_variables)]
                        request: |s| {
                            let (service, js) = (stringify!($service), stringify!($js));
                            let op = $service::$op::new($(sample(s, service, js, stringify!($arg))),*);
                            op.request().expect("a valid sample request")
                        },
                        decode: decode_as::<$service::$op>,
                    });
                }
            )*)*
            all
        }};
    }
    ROUTES.get_or_init(|| dlmm_query::operations!(datapi: routes))
}

/// One decoder: its name, the URL of its sample, and its valid sample body.
pub struct Decoder {
    pub name: &'static str,
    pub url: String,
    pub body: Value,
}

/// Every decoder (keeper first, then datapi) with a valid body; the datapi bodies come from a replica, once.
pub fn decoders() -> &'static [Decoder] {
    static ALL: OnceLock<Vec<Decoder>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        macro_rules! keeper {
            ($op:ident, $sample:expr) => {
                all.push(Decoder { name: stringify!($op), url: "http://keeper.test/x".to_owned(), body: $sample });
            };
        }
        for_every_operation!(keeper);
        all.extend(datapi_bodies());
        all
    })
}

/// Fetches one real body per datapi route from an in-process replica.
fn datapi_bodies() -> Vec<Decoder> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let config = dlmm_replica::ReplicaConfig { serve_groups: true, ..dlmm_replica::ReplicaConfig::default() };
        let replica = dlmm_replica::Replica::start(config).await.expect("replica");
        let mut config =
            ClientConfig::with_datapi_base_urls(&replica.dlmm_datapi_base_url(), &replica.damm_v2_datapi_base_url())
                .expect("base URLs");
        config.portfolio_datapi_base_url =
            dlmm_query::BaseUrl::parse_param("portfolio", &replica.portfolio_datapi_base_url()).expect("base URL");
        let samples = dlmm_replica::samples(replica.world())["datapi"].clone();
        let http = reqwest::Client::new();
        let mut out = Vec::new();
        for route in datapi_routes() {
            let request = (route.request)(&samples);
            // The replica's DAMM v2 does not serve the daily statistics (`notServed`): their bodies are the DLMM
            // service's.
            let daily = request.path.starts_with("/stats/daily/");
            let group = if daily { dlmm_query::ApiGroup::DlmmDatapi } else { request.group };
            let url = request.url(config.base_url(group));
            let body = http.get(&url).send().await.expect("replica answers").bytes().await.expect("a body");
            let body: Value = serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{url}: {e}"));
            out.push(Decoder { name: route.name, url, body });
        }
        out
    })
}

/// The keeper's samples (`for_every_operation!`) are exactly the builders of the keeper's rows (`operations!`; its
/// `pages` rows reuse the list builders, its `pnl` row the event lists).
#[test]
fn the_keeper_samples_cover_every_keeper_row() {
    macro_rules! rows {
        ($krate:tt; $($service:ident $class:ident {
            $($($doc:literal)+ $js:ident $path:literal
                => $op:ident($($arg:ident $(: $kind:ident)?),*; $opts:ident) $runner:ident;)*
        })*) => {{
            let mut all: Vec<&str> = Vec::new();
            $($(if !matches!(stringify!($runner), "pages" | "pnl") {
                all.push(stringify!($op));
            })*)*
            all
        }};
    }
    let mut rows = dlmm_query::operations!(keeper: rows);
    let mut samples = decoders().iter().map(|d| d.name).filter(|name| !name.contains("::")).collect::<Vec<_>>();
    rows.sort_unstable();
    samples.sort_unstable();
    assert_eq!(samples, rows);
}

/// Decodes `body` as decoder `index`'s operation (status 200), after checking that transcoding it for JavaScript
/// agrees ([`same_as_decoding`](crate::transcode::same_as_decoding)).
#[allow(unused_assignments)]
pub fn decode(index: usize, body: &[u8]) -> Result<(), Error> {
    let decoder = &decoders()[index];
    let response = common::ok_response(body.to_vec());
    let (url, mut i, mut result) = (decoder.url.as_str(), 0, None);
    macro_rules! keeper {
        ($op:ident, $sample:expr) => {
            if i == index {
                result = Some(decode_as::<$op>(url, &response));
            }
            i += 1;
        };
    }
    for_every_operation!(keeper);
    if result.is_none() {
        let route = datapi_routes().get(index - i).unwrap_or_else(|| panic!("no decoder {index}"));
        assert_eq!(decoder.name, route.name, "the decoders are in the order of the rows");
        result = Some((route.decode)(url, &response));
    }
    result.unwrap_or_else(|| panic!("no decoder {index}"))
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile numbers and structured mutations.

/// A marker string put where a hostile raw token goes, replaced in the serialized text.
const MARK: &str = "\u{1}FUZZ\u{1}";

/// Where a leaf sits: object keys and array indexes from the root.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// The paths of every value of `value` (itself included) that `pick` picks, containers before what they hold.
fn paths_where(value: &Value, pick: fn(&Value) -> bool, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    if pick(value) {
        out.push(path.clone());
    }
    let members: Vec<(Seg, &Value)> = match value {
        Value::Array(items) => items.iter().enumerate().map(|(i, item)| (Seg::Index(i), item)).collect(),
        Value::Object(map) => map.iter().map(|(k, v)| (Seg::Key(k.clone()), v)).collect(),
        _ => return,
    };
    for (seg, member) in members {
        path.push(seg);
        paths_where(member, pick, path, out);
        path.pop();
    }
}

/// Every numeric leaf (a number, or a string that reads as one) of `value`, by path.
fn numeric_leaves(value: &Value, out: &mut Vec<Vec<Seg>>) {
    let numeric = |v: &Value| v.is_number() || v.as_str().is_some_and(|s| s.trim().parse::<f64>().is_ok());
    paths_where(value, numeric, &mut Vec::new(), out);
}

/// Every object of `value`, by path.
fn objects(value: &Value, out: &mut Vec<Vec<Seg>>) {
    paths_where(value, Value::is_object, &mut Vec::new(), out);
}

fn at<'a>(value: &'a mut Value, path: &[Seg]) -> &'a mut Value {
    path.iter().fold(value, |v, seg| match seg {
        Seg::Key(k) => &mut v[k.as_str()],
        Seg::Index(i) => &mut v[*i],
    })
}

/// Serializes `value` and puts the raw JSON text `token` where [`MARK`] was.
fn render(value: &Value, token: &str) -> Vec<u8> {
    let marked = serde_json::to_string(&Value::String(MARK.to_owned())).expect("a string serializes");
    serde_json::to_string(value).expect("JSON serializes").replacen(&marked, token, 1).into_bytes()
}

/// Number texts at and around the edges: extremes, ±1 around them, 2^53 ± 1, exponents, huge and tiny magnitudes.
fn edge_numbers() -> Vec<String> {
    let mut out: Vec<String> = [
        "0",
        "-0",
        "1",
        "-1",
        "0.5",
        "1e308",
        "1E308",
        "-1e308",
        "1e-7",
        "1E-7",
        "1e309",
        "-1e309",
        "1e-400",
        "1.7976931348623157e308",
        "4.9e-324",
        "1e15",
        "1e17",
        "9.999999999999999e307",
        "0e0",
        "1e+2",
        "1.0",
        "123456789012345678901234567890",
        "-123456789012345678901234567890.5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for v in [u64::MAX as i128, i64::MAX as i128, i64::MIN as i128, 1i128 << 53, u32::MAX as i128, 1i128 << 64] {
        for d in -1..=1 {
            out.push((v + d).to_string());
        }
    }
    out
}

/// A hostile number as raw JSON text: a bare number token (possibly out of every range) or a quoted numeric-ish
/// string with signs, unicode spaces, words and digit runs.
fn hostile_number() -> impl Strategy<Value = String> {
    let edge = proptest::sample::select(edge_numbers());
    let exponent = (any::<i64>(), -400i32..400, any::<bool>()).prop_map(|(m, e, big)| {
        let m = m % 100_000;
        if big { format!("{m}E{e}") } else { format!("{m}e{e}") }
    });
    let large = (15i32..=308, 1.0f64..10.0).prop_map(|(e, m)| format!("{m}e{e}"));
    let digits = (1usize..400).prop_map(|n| "9".repeat(n));
    let bare = prop_oneof![4 => edge, 2 => exponent, 2 => large, 1 => digits, 1 => any::<f64>().prop_map(|f| {
        if f.is_finite() { format!("{f:e}") } else { "1e999".to_owned() }
    })];
    let spaces = proptest::sample::select(vec!["", " ", "\u{a0}", "\u{2003}", "\u{3000}", "\u{feff}", "\t", "\n"]);
    let sign = proptest::sample::select(vec!["", "+", "-", "--", "+-"]);
    let words = proptest::sample::select(vec![
        "NaN",
        "nan",
        "inf",
        "-inf",
        "Infinity",
        "-Infinity",
        "",
        "0x10",
        "1_000",
        "１２",
        "1,5",
        "1.",
        ".5",
        "e5",
        "1e",
        "true",
        "null",
    ]);
    let bare_text = bare.clone();
    let quoted = prop_oneof![
        (spaces.clone(), sign, bare_text, spaces).prop_map(|(a, s, n, b)| {
            let n = n.strip_prefix('-').map(str::to_owned).unwrap_or(n);
            format!("{a}{s}{n}{b}")
        }),
        words.prop_map(str::to_owned),
    ]
    .prop_map(|text| serde_json::to_string(&text).expect("a string serializes"));
    prop_oneof![bare, quoted]
}

/// Bytes that make or break JSON, or change a value's kind, for the byte mutations.
const BYTE_EDITS: &[u8] = b"\"\\{}[],:0123456789-+.eEnultrfas \t\x01\x7f\x80\xc3\xa9\xff";

/// What to do to a valid body.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace a numeric leaf with a hostile number.
    Number { leaf: prop::sample::Index, token: String },
    /// Drop a field of some object.
    Drop { object: prop::sample::Index, field: prop::sample::Index },
    /// Repeat a field of some object (the copy carries the original value or a hostile number).
    Duplicate { object: prop::sample::Index, field: prop::sample::Index, token: Option<String> },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let index = any::<prop::sample::Index>;
    prop_oneof![
        3 => (index(), hostile_number()).prop_map(|(leaf, token)| Mutation::Number { leaf, token }),
        1 => (index(), index()).prop_map(|(object, field)| Mutation::Drop { object, field }),
        1 => (index(), index(), proptest::option::of(hostile_number()))
            .prop_map(|(object, field, token)| Mutation::Duplicate { object, field, token }),
    ]
}

/// Applies `mutation` to `body`: the mutated bytes, and whether a wrong-shape error must name a path.
fn apply(body: &Value, mutation: &Mutation) -> (Vec<u8>, bool) {
    let mut value = body.clone();
    match mutation {
        Mutation::Number { leaf, token } => {
            let mut leaves = Vec::new();
            numeric_leaves(&value, &mut leaves);
            if leaves.is_empty() {
                return (render(&value, ""), false);
            }
            *at(&mut value, &leaves[leaf.index(leaves.len())]) = Value::String(MARK.to_owned());
            (render(&value, token), true)
        }
        Mutation::Drop { object, field } => {
            let mut found = Vec::new();
            objects(&value, &mut found);
            if let Some(map) = (!found.is_empty())
                .then(|| at(&mut value, &found[object.index(found.len())]))
                .and_then(Value::as_object_mut)
            {
                let keys: Vec<String> = map.keys().cloned().collect();
                if !keys.is_empty() {
                    map.remove(field.get(&keys));
                }
            }
            (render(&value, ""), false)
        }
        Mutation::Duplicate { object, field, token } => {
            let mut found = Vec::new();
            objects(&value, &mut found);
            let Some(map) = (!found.is_empty())
                .then(|| at(&mut value, &found[object.index(found.len())]))
                .and_then(Value::as_object_mut)
            else {
                return (render(&value, ""), false);
            };
            let keys: Vec<String> = map.keys().cloned().collect();
            if keys.is_empty() {
                return (render(&value, ""), false);
            }
            let key = field.get(&keys).clone();
            let copy = match token {
                Some(t) => t.clone(),
                None => serde_json::to_string(&map[&key]).expect("JSON serializes"),
            };
            map.insert(MARK.to_owned(), Value::Null);
            let marked = format!("{}:null", serde_json::to_string(MARK).expect("a string serializes"));
            let text = serde_json::to_string(&value).expect("JSON serializes");
            let dup = format!("{}:{copy}", serde_json::to_string(&key).expect("a string serializes"));
            (text.replacen(&marked, &dup, 1).into_bytes(), false)
        }
    }
}

/// The outcome every decoder must give a syntactically valid JSON body: `Ok`, or a typed decode error (naming a
/// path when `needs_path` and the value had the wrong shape).
fn check_outcome(name: &str, body: &[u8], outcome: Result<(), Error>, needs_path: bool) -> Result<(), TestCaseError> {
    let text = || String::from_utf8_lossy(&body[..body.len().min(600)]).into_owned();
    match outcome {
        Ok(()) => Ok(()),
        Err(Error::Decode(d)) => {
            prop_assert!(
                !(needs_path && d.body == BodyKind::WrongShape && d.path.is_none()),
                "{name}: a wrong-shape error without a path ({}) for {}",
                d.message,
                text()
            );
            prop_assert!(!d.message.is_empty(), "{name}: an empty message");
            Ok(())
        }
        Err(other) => Err(TestCaseError::fail(format!("{name}: not a decode error: {other:?} for {}", text()))),
    }
}

proptest! {
    #![proptest_config(config())]

    /// Every decoder, each with its valid body mutated: no panic, `Ok` or a typed decode error with a path.
    #[test]
    fn every_decoder_survives_hostile_numbers_and_mutated_fields(mutations in prop::collection::vec(mutation(), 1..4)) {
        for (index, decoder) in decoders().iter().enumerate() {
            for mutation in &mutations {
                let (body, needs_path) = apply(&decoder.body, mutation);
                check_outcome(decoder.name, &body, decode(index, &body), needs_path)?;
            }
        }
    }

    /// Every decoder, its valid body with a few bytes changed, inserted or removed (JSON's grammar broken or kept,
    /// kinds of values changed): the typed model and the JSON text for JavaScript both read it to the same value, or
    /// both refuse it with the same path, expected and found ([`decode`] compares them).
    #[test]
    fn every_decoder_refuses_broken_bytes_as_decoding_does(
        edits in prop::collection::vec((0.0f64..1.0, 0u8..3, proptest::sample::select(BYTE_EDITS)), 1..4)
    ) {
        for (index, decoder) in decoders().iter().enumerate() {
            let mut body = serde_json::to_vec(&decoder.body).expect("JSON serializes");
            for &(at, kind, byte) in &edits {
                let at = ((body.len() as f64) * at) as usize;
                match kind {
                    0 if at < body.len() => body[at] = byte,
                    2 if at < body.len() => drop(body.remove(at)),
                    _ => body.insert(at, byte),
                }
            }
            let _ = decode(index, &body);
        }
    }

    /// A huge string or a huge digit run in one place of a valid body, up to a few megabytes.
    #[test]
    fn huge_leaves_decode_or_fail_typed(
        which in any::<prop::sample::Index>(),
        leaf in any::<prop::sample::Index>(),
        len in prop_oneof![4 => 1usize..1_000, 3 => 1_000usize..100_000, 1 => 1_000_000usize..4_000_000],
        digits in any::<bool>(),
    ) {
        let index = which.index(decoders().len());
        let decoder = &decoders()[index];
        let mut leaves = Vec::new();
        numeric_leaves(&decoder.body, &mut leaves);
        prop_assume!(!leaves.is_empty());
        let mut value = decoder.body.clone();
        *at(&mut value, &leaves[leaf.index(leaves.len())]) = Value::String(MARK.to_owned());
        let token = if digits { "7".repeat(len) } else { format!("\"{}\"", "é".repeat(len / 2)) };
        let body = render(&value, &token);
        check_outcome(decoder.name, &body, decode(index, &body), true)?;
    }
}

/// The valid samples decode (so the mutations above start from bodies every decoder accepts).
#[test]
fn every_sample_body_decodes() {
    assert_eq!(decoders().len(), 20 + 32 + 3, "every keeper, datapi and portfolio operation");
    for (index, decoder) in decoders().iter().enumerate() {
        let body = serde_json::to_vec(&decoder.body).expect("JSON serializes");
        if let Err(e) = decode(index, &body) {
            panic!("{} at {}: {e}", decoder.name, decoder.url);
        }
    }
}

/// Every member of every sample body left out in turn (in the first item of each array, whose shape the others
/// share) decodes, transcodes and fails alike by every path: a missing field becomes its type's default, or the same
/// refusal (the member expected, nothing found).
#[test]
fn every_field_left_out_reads_alike_by_every_path() {
    let (mut defaulted, mut refused) = (0, 0);
    for (index, decoder) in decoders().iter().enumerate() {
        let mut found = Vec::new();
        objects(&decoder.body, &mut found);
        for object in found.iter().filter(|path| path.iter().all(|seg| matches!(seg, Seg::Key(_) | Seg::Index(0)))) {
            let keys: Vec<String> =
                at(&mut decoder.body.clone(), object).as_object().expect("an object").keys().cloned().collect();
            for key in keys {
                let mut body = decoder.body.clone();
                at(&mut body, object).as_object_mut().expect("an object").remove(&key);
                match decode(index, &render(&body, "")) {
                    Ok(()) => defaulted += 1,
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(defaulted > 100 && refused > 100, "{defaulted} fields defaulted, {refused} refused");
}

/// 10,000 nested arrays (and objects) end in a typed error, not a stack overflow (serde_json's recursion limit
/// natively, the reader's shapes and its bit-per-bracket skipping otherwise); so does a megabyte body that is one long
/// list (bodies up to 4 MB: `huge_leaves_decode_or_fail_typed`), and a million open brackets in one field of a
/// keeper and of a datapi answer, by every path (a hundred million: `decode`'s and `skip`'s own tests).
#[test]
fn deep_nesting_and_megabyte_bodies_end_in_typed_errors() {
    let depth = 10_000;
    let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let objects = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
    let mut nested_leaf = decoders()[0].body.clone();
    let mut leaves = Vec::new();
    numeric_leaves(&nested_leaf, &mut leaves);
    *at(&mut nested_leaf, &leaves[0]) = Value::String(MARK.to_owned());
    let nested_leaf = render(&nested_leaf, &arrays);
    let err = serde_json::from_str::<Value>(&arrays).unwrap_err();
    assert!(err.to_string().contains("recursion limit"), "{err}");
    let list = format!("[{}]", vec!["[[[0,1e308,\"x\"]]]"; 70_000].join(","));
    assert!(list.len() > 1_000_000);
    for (index, decoder) in decoders().iter().enumerate() {
        // Either the shape is wrong early, or serde_json's recursion limit stops the descent; a lenient model may
        // even skip the value whole (skipping is iterative in serde_json). Never a panic or a stack overflow.
        for body in [arrays.as_bytes(), objects.as_bytes(), &nested_leaf, list.as_bytes()] {
            match decode(index, body) {
                Ok(()) => {}
                Err(Error::Decode(d)) => assert!(!d.message.is_empty(), "{}", decoder.name),
                Err(e) => panic!("{}: {e:?}", decoder.name),
            }
        }
    }
    let datapi = decoders().iter().position(|d| d.url.contains("/pools")).expect("a datapi decoder");
    for index in [0, datapi] {
        let mut body = decoders()[index].body.clone();
        let object = match &mut body {
            Value::Array(items) => items[0].as_object_mut(),
            other => other.as_object_mut(),
        };
        object.expect("an object").insert("deep".to_owned(), Value::String(MARK.to_owned()));
        let body = render(&body, &"[".repeat(1_000_000));
        match decode(index, &body) {
            Err(Error::Decode(d)) => assert!(d.path.as_deref().is_some_and(|p| p.ends_with("deep")), "{d:?}"),
            other => panic!("{}: {other:?}", decoders()[index].name),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The page walkers.

/// A u64 at and around the edges, or anything.
fn hostile_u64() -> impl Strategy<Value = u64> {
    prop_oneof![
        proptest::sample::select(vec![
            0,
            1,
            2,
            (1 << 53) - 1,
            1 << 53,
            (1 << 53) + 1,
            u64::from(u32::MAX),
            i64::MAX as u64,
            u64::MAX - 1,
            u64::MAX,
        ]),
        0u64..1_000,
        any::<u64>(),
    ]
}

/// One keeper answer: items on the page, the `total` reported, and the first item's key (from a tiny alphabet, so
/// repeats happen).
fn keeper_answer() -> impl Strategy<Value = (usize, u64, Option<String>)> {
    (0usize..300, hostile_u64(), proptest::option::of("[ab]{1,2}"))
}

/// Walks `answers` (page `k` of the walk gets `answers[k]`; past the end, or cycling when `cycle`), returning the
/// pages fetched and the end, stopping the simulation at `cap` pages.
fn keeper_walk(
    first: u64,
    limit: u32,
    answers: &[(usize, u64, Option<String>)],
    cycle: bool,
    cap: usize,
) -> (usize, PageStep) {
    let mut walker = PageWalker::new(first, limit);
    let mut fetched = 0;
    while let PageStep::Fetch(_) = walker.step() {
        if fetched == cap {
            break;
        }
        let answer = match (answers.get(fetched), cycle && !answers.is_empty()) {
            (Some(a), _) => a.clone(),
            (None, true) => answers[fetched % answers.len()].clone(),
            (None, false) => (0, 0, None),
        };
        walker.record(answer.0, answer.1, answer.2.as_deref());
        fetched += 1;
    }
    (fetched, walker.step())
}

/// The page number a datapi answer claims.
#[derive(Clone, Debug)]
enum Claim {
    /// The page asked for.
    Echo,
    /// This page number (0: unsaid).
    Fixed(u64),
}

/// One datapi answer, before its page number is resolved.
type DatapiAnswer = (Vec<u8>, Claim, u64, PageEnd);

fn datapi_answer() -> impl Strategy<Value = DatapiAnswer> {
    let claim =
        prop_oneof![4 => Just(Claim::Echo), 1 => Just(Claim::Fixed(0)), 1 => hostile_u64().prop_map(Claim::Fixed)];
    let end = prop_oneof![
        (hostile_u64(), hostile_u64()).prop_map(|(total, pages)| PageEnd::Counted { total, pages }),
        (any::<bool>(), hostile_u64()).prop_map(|(has_next, total_count)| PageEnd::HasNext { has_next, total_count }),
    ];
    (prop::collection::vec(0u8..3, 0..40), claim, hostile_u64(), end)
}

/// Walks `answers` with a datapi walker from `first`, at most `max_pages` pages; the server cycles through the
/// answers for ever (or, unless `cycle`, answers empty pages once they run out). Returns pages fetched and the end.
fn datapi_walk(first: u32, max_pages: u32, answers: &[DatapiAnswer], cycle: bool, cap: usize) -> (usize, WalkStep) {
    let mut walker = DatapiWalker::new(first).with_max_pages(max_pages);
    let mut fetched = 0;
    while let WalkStep::Fetch(page) = walker.step() {
        if fetched == cap {
            break;
        }
        let (items, claim, page_size, end) = match (answers.get(fetched), cycle && !answers.is_empty()) {
            (Some(a), _) => a.clone(),
            (None, true) => answers[fetched % answers.len()].clone(),
            (None, false) => (vec![], Claim::Echo, 0, PageEnd::HasNext { has_next: false, total_count: 0 }),
        };
        let page = match claim {
            Claim::Echo => u64::from(page),
            Claim::Fixed(p) => p,
        };
        walker.record(&DatapiPage { items, page, page_size, end });
        fetched += 1;
    }
    (fetched, walker.step())
}

proptest! {
    #![proptest_config(config())]

    /// Any keeper answers: the walk ends within the answers given plus one empty page, and within the pages the
    /// largest `total` implies (plus one page of grace and the first page); nothing overflows.
    #[test]
    fn the_keeper_walker_always_ends(
        first in hostile_u64(),
        limit in prop_oneof![Just(0u32), Just(1), 1u32..200, Just(u32::MAX)],
        answers in prop::collection::vec(keeper_answer(), 0..24),
    ) {
        let cap = answers.len() + 1;
        let (fetched, end) = keeper_walk(first, limit, &answers, false, cap + 1);
        prop_assert!(matches!(end, PageStep::Done | PageStep::Looping), "{end:?} after {fetched} pages");
        prop_assert!(fetched <= cap, "{fetched} pages for {} answers", answers.len());
        let most_total = answers.iter().map(|a| a.1).max().unwrap_or(0);
        let implied = most_total.div_ceil(u64::from(limit.max(1))).saturating_add(2);
        prop_assert!(fetched as u64 <= implied, "{fetched} pages, but total {most_total} implies {implied}");
    }

    /// A keeper server cycling through the same answers for ever (e.g. alternating two pages) is left within the
    /// pages its `total` implies.
    #[test]
    fn a_cycling_keeper_server_is_left(
        first in 0u64..10,
        limit in 1u32..50,
        answers in prop::collection::vec((1usize..60, 0u64..5_000, proptest::option::of("[ab]{1,2}")), 1..6),
    ) {
        let most_total = answers.iter().map(|a| a.1).max().unwrap_or(0);
        let implied = most_total.div_ceil(u64::from(limit)) as usize + 2;
        let (fetched, end) = keeper_walk(first, limit, &answers, true, implied + 1);
        prop_assert!(matches!(end, PageStep::Done | PageStep::Looping), "{end:?} after {fetched} pages");
        prop_assert!(fetched <= implied, "{fetched} pages, total {most_total} implies {implied}");
    }

    /// Any datapi answers, given once and then empty: the walk ends within them plus one page, and within its
    /// maximum of pages; nothing overflows.
    #[test]
    fn the_datapi_walker_always_ends(
        first in prop_oneof![Just(0u32), Just(1), 1u32..100, Just(u32::MAX - 1), Just(u32::MAX)],
        max_pages in 1u32..64,
        answers in prop::collection::vec(datapi_answer(), 0..24),
    ) {
        let cap = (answers.len() + 1).min(max_pages as usize);
        let (fetched, end) = datapi_walk(first, max_pages, &answers, false, cap + 1);
        prop_assert!(matches!(end, WalkStep::Done | WalkStep::Looping(_)), "{end:?} after {fetched} pages");
        prop_assert!(fetched <= cap, "{fetched} pages for {} answers, at most {max_pages}", answers.len());
    }

    /// A datapi server cycling through the same answers for ever (alternating pages, `hasNext` for ever) is left
    /// within the walk's maximum of pages.
    #[test]
    fn a_cycling_datapi_server_is_left(
        first in 0u32..5,
        max_pages in 1u32..200,
        answers in prop::collection::vec(datapi_answer(), 1..6),
    ) {
        let (fetched, end) = datapi_walk(first, max_pages, &answers, true, max_pages as usize + 1);
        prop_assert!(matches!(end, WalkStep::Done | WalkStep::Looping(_)), "{end:?} after {fetched} pages");
        prop_assert!(fetched <= max_pages as usize, "{fetched} pages, at most {max_pages}");
    }
}

/// The two overflows the fuzzer found in the keeper walker (issue 11), kept as plain cases for the fix.
#[test]
fn keeper_walker_overflow_regressions() {
    // `already + items` past u64::MAX: a first page near the end of u64 (user-controlled through `.page(x)`).
    let (fetched, end) = keeper_walk(u64::MAX - 1, 0, &[(2, 0, None)], false, 3);
    assert_eq!((fetched, end), (1, PageStep::Done));
    // `total.div_ceil(limit) + 1` past u64::MAX: a server reporting `total = u64::MAX` with pages of 1.
    let (fetched, end) = keeper_walk(0, 1, &[(1, u64::MAX, Some("a".into())), (0, u64::MAX, None)], false, 3);
    assert_eq!((fetched, end), (2, PageStep::Done));
}
