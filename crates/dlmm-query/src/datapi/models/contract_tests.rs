//! Contract test of the datapi models against both services' OpenAPI files and the DLMM host's own (live) one.
//!
//! * Every response schema (and every schema nested in one) maps to a model; a JSON instance with *every* property
//!   present is synthesized from the spec and decoded through `serde_ignored`: an ignored path is an unmodeled
//!   property. A second instance with every nullable value null must decode too.
//! * Every route's 200 body is decoded whole, so inline schemas (DLMM `/pools`) are covered as well.
//! * Every schema of both files is accounted for: modeled, request-side, or listed in [`NOT_SERVED`] with a reason,
//!   and every schema a route's response reaches must be modeled. A new schema or route therefore fails the test.
//!
//! The OpenAPI files live outside the repository (`../../../shared/openapi/`); when absent the tests are skipped.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::{
    AmountTotals, Candle, CurrentPosition, DailyMetrics, DailyPoint, Paginated, ProtocolMetrics, Timeseries, Token,
    VolumeBucket, Windows, damm_v2, dlmm,
};
use crate::error::ApiError;

const DLMM: &str = "dlmm-datapi.openapi.json";
const DAMM_V2: &str = "damm-v2-datapi.openapi.json";
/// The DLMM host's own spec (July 2026): where it and the May docs disagree, the contract.
const LIVE: &str = "dlmm-datapi.live.openapi.json";
/// The DLMM schemas of the May docs that the live spec no longer has (the group routes' and the pool page's, whose
/// route now describes its answer inline).
const MAY_ONLY: &[&str] = &["GroupResponse", "PaginationResponse_GroupResponse", "PaginationResponse_PoolResponse"];

/// Response-shaped schemas that no route of the file returns and that are deliberately not modeled. Empty: the
/// schemas no route returns today (left-overs of retired routes) are modeled too, in the table below.
const NOT_SERVED: &[(&str, &str)] = &[];

/// Request-side schemas (query and path parameter shapes and their enums), which the ops module owns.
fn is_request_side(name: &str) -> bool {
    name.ends_with("Query")
        || name.ends_with("Params")
        || name.ends_with("Path")
        || matches!(
            name,
            "PoolsSortBy"
                | "SortDirection"
                | "TimeFrame"
                | "PositionStatus"
                | "GetOpenPortfolioSort"
                | "PositionEventOrderDirection"
                | "PositionEventType"
                | "DailyMetricView"
        )
}

type Check = fn(Value) -> Result<Vec<String>, String>;

/// Decodes `instance` as `T` and returns every ignored (unmodeled) path.
fn unmodeled<T: DeserializeOwned>(instance: Value) -> Result<Vec<String>, String> {
    let mut ignored = Vec::new();
    serde_ignored::deserialize::<_, _, T>(instance, |path| ignored.push(path.to_string()))
        .map_err(|e| e.to_string())?;
    Ok(ignored)
}

/// `(file, schema) → model`, for every response schema and every schema nested in one.
fn schema_models() -> Vec<(&'static str, &'static str, Check)> {
    use dlmm::*;
    let shared: [(&str, Check); 12] = [
        ("AmountTotals", unmodeled::<AmountTotals>),
        ("CurrentPosition", unmodeled::<CurrentPosition>),
        ("TimeWindowData", unmodeled::<Windows>),
        ("TokenMetrics", unmodeled::<Token>),
        ("ProtocolMetricsResponse", unmodeled::<ProtocolMetrics>),
        ("OHLCVResponse", unmodeled::<Candle>),
        ("VolumeHistoryResponse", unmodeled::<VolumeBucket>),
        ("TimeseriesResponse_OHLCVResponse", unmodeled::<Timeseries<Candle>>),
        ("TimeseriesResponse_VolumeHistoryResponse", unmodeled::<Timeseries<VolumeBucket>>),
        ("ErrorResponse", unmodeled::<ApiError>),
        ("DailyMetricResponse", unmodeled::<DailyMetrics>),
        ("DailyMetricPoint", unmodeled::<DailyPoint>),
    ];
    let dlmm: [(&str, Check); 39] = [
        ("OpenPositionsResponse", unmodeled::<OpenPositions>),
        ("PositionsByPool", unmodeled::<PositionsByPool>),
        ("Token", unmodeled::<TokenInfo>),
        ("OpenPosition", unmodeled::<OpenPosition>),
        ("ClosedPositionsResponse", unmodeled::<ClosedPosition>),
        ("PoolResponse", unmodeled::<Pool>),
        ("PaginationResponse_PoolResponse", unmodeled::<Paginated<Pool>>),
        ("PoolConfig", unmodeled::<PoolConfig>),
        ("CumulativeMetrics", unmodeled::<CumulativeMetrics>),
        ("GroupResponse", unmodeled::<Group>),
        ("PaginationResponse_GroupResponse", unmodeled::<Paginated<Group>>),
        ("GetPortfolioResponse", unmodeled::<Portfolio>),
        ("PoolPortfolioItem", unmodeled::<PortfolioPool>),
        ("GetOpenPortfolioResponse", unmodeled::<OpenPortfolio>),
        ("PoolOpenPortfolioItem", unmodeled::<OpenPortfolioPool>),
        ("TotalMetrics", unmodeled::<OpenPortfolioTotals>),
        ("PortfolioTotalResponse", unmodeled::<PortfolioTotal>),
        ("GetPositionHistoricalEventsResponse", unmodeled::<PositionEvents>),
        ("PositionEvent", unmodeled::<PositionEvent>),
        ("GetPoolPositionPnLResponse", unmodeled::<PositionsPnl>),
        ("PositionPnLData", unmodeled::<PositionPnlRecord>),
        ("TokenPairWithTotal", unmodeled::<TokenPairAmounts>),
        ("TokenAmount", unmodeled::<TokenAmount>),
        ("TotalUsd", unmodeled::<TotalValue>),
        ("UnrealizedPnL", unmodeled::<UnrealizedPnl>),
        ("GetWalletTotalClaimsResponse", unmodeled::<WalletPoolClaims>),
        ("LimitOrderPoolDetails", unmodeled::<LimitOrderPool>),
        ("OpenLimitOrderPoolSummary", unmodeled::<OpenLimitOrderPool>),
        ("PaginationResponse_OpenLimitOrderPoolSummary", unmodeled::<Paginated<OpenLimitOrderPool>>),
        ("OpenLimitOrdersForPoolResponse", unmodeled::<OpenLimitOrders>),
        ("OpenLimitOrderDetail", unmodeled::<OpenLimitOrder>),
        ("OpenLimitOrderBinPoint", unmodeled::<OpenLimitOrderBin>),
        ("LimitOrderBinFillStatus", unmodeled::<BinFillStatus>),
        ("ClosedLimitOrderPoolSummary", unmodeled::<ClosedLimitOrderPool>),
        ("PaginationResponse_ClosedLimitOrderPoolSummary", unmodeled::<Paginated<ClosedLimitOrderPool>>),
        ("ClosedLimitOrdersForPoolResponse", unmodeled::<ClosedLimitOrders>),
        ("ClosedLimitOrderDetail", unmodeled::<ClosedLimitOrder>),
        ("BonusClaimedResponse", unmodeled::<LimitOrderBonusClaimed>),
        ("LimitOrderSummaryResponse", unmodeled::<LimitOrderSummary>),
    ];
    let damm: [(&str, Check); 10] = [
        ("CursorV1PaginationResponse_PortfolioResponse", unmodeled::<damm_v2::CursorPage<damm_v2::PortfolioPool>>),
        ("CursorV1PaginationResponse_PositionsResponse", unmodeled::<damm_v2::CursorPage<damm_v2::Position>>),
        ("PortfolioResponse", unmodeled::<damm_v2::PortfolioPool>),
        ("PositionsResponse", unmodeled::<damm_v2::Position>),
        ("PoolResponse", unmodeled::<damm_v2::Pool>),
        ("PaginationResponse_PoolResponse", unmodeled::<Paginated<damm_v2::Pool>>),
        ("PoolConfig", unmodeled::<damm_v2::PoolConfig>),
        ("VestedLiquidity", unmodeled::<damm_v2::VestedLiquidity>),
        ("GroupResponse", unmodeled::<damm_v2::Group>),
        ("PaginationResponse_GroupResponse", unmodeled::<Paginated<damm_v2::Group>>),
    ];
    let mut all = Vec::new();
    for file in [DLMM, DAMM_V2, LIVE] {
        // The daily statistics are the live spec's only.
        let daily = |name: &str| name.starts_with("DailyMetric");
        all.extend(shared.iter().filter(|(s, _)| file == LIVE || !daily(s)).map(|(s, c)| (file, *s, *c)));
    }
    all.extend(dlmm.iter().map(|(s, c)| (DLMM, *s, *c)));
    all.extend(dlmm.iter().filter(|(s, _)| !MAY_ONLY.contains(s)).map(|(s, c)| (LIVE, *s, *c)));
    all.extend(damm.iter().map(|(s, c)| (DAMM_V2, *s, *c)));
    all
}

/// `(service, route) → model`: every datapi route of the operation rows (`operations!`) with its builder's output.
fn route_models() -> Vec<(&'static str, &'static str, Check)> {
    macro_rules! routes {
        ($krate:tt; $($service:ident $class:ident {
            $($($doc:literal)+ $js:ident $path:literal => $op:ident($($arg:ident),*; $opts:ident) $runner:ident;)*
        })*) => {{
            let mut all: Vec<(&'static str, &'static str, Check)> = Vec::new();
            $($(
                if stringify!($runner) != "pages" {
                    type Output = <crate::datapi::ops::$service::$op as crate::ops::Operation>::Output;
                    all.push((stringify!($service), $path, unmodeled::<Output>));
                }
            )*)*
            all
        }};
    }
    crate::operations!(datapi: routes)
}

/// The service whose routes `file` describes.
fn service_of(file: &str) -> &'static str {
    if file == DAMM_V2 { "damm_v2" } else { "dlmm" }
}

fn load(file: &str) -> Option<Value> {
    let path = dlmm_replica::shared::dir("openapi").join(file);
    if dlmm_replica::shared::absent(&path, "the datapi contract test") {
        return None;
    }
    Some(serde_json::from_slice(&std::fs::read(&path).expect("an OpenAPI file")).expect("the OpenAPI file is JSON"))
}

fn specs() -> Option<[(&'static str, Value); 3]> {
    Some([(DLMM, load(DLMM)?), (DAMM_V2, load(DAMM_V2)?), (LIVE, load(LIVE)?)])
}

/// How a synthesized instance fills nullable values.
#[derive(Clone, Copy, PartialEq)]
enum Nullable {
    /// Every nullable value present (a value of its non-null type).
    Present,
    /// Every nullable value null.
    Null,
}

/// Synthesizes an instance of `schema` with every property present.
fn synth(spec: &Value, schema: &Value, nulls: Nullable, depth: usize) -> Value {
    assert!(depth < 32, "schema recursion too deep");
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.rsplit('/').next().unwrap();
        return synth(spec, &spec["components"]["schemas"][name], nulls, depth + 1);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(options) = schema.get(key).and_then(Value::as_array) {
            let is_null = |o: &&Value| o.get("type").and_then(Value::as_str) == Some("null");
            if nulls == Nullable::Null && options.iter().any(|o| is_null(&o)) {
                return Value::Null;
            }
            let pick = options.iter().find(|o| !is_null(o)).unwrap();
            return synth(spec, pick, nulls, depth + 1);
        }
    }
    let ty = match schema.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => {
            if nulls == Nullable::Null && ts.iter().any(|t| t == "null") {
                return Value::Null;
            }
            ts.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap().to_owned()
        }
        _ if schema.get("properties").is_some() => "object".to_owned(),
        _ => return Value::Null,
    };
    match ty.as_str() {
        "object" => {
            let mut obj = serde_json::Map::new();
            if let Some(props) = schema.get("properties").and_then(Value::as_object) {
                for (name, prop) in props {
                    obj.insert(name.clone(), synth(spec, prop, nulls, depth + 1));
                }
            }
            Value::Object(obj)
        }
        "array" => json!([synth(spec, &schema["items"], nulls, depth + 1)]),
        "integer" => json!(7),
        "number" => json!(1.5),
        "boolean" => json!(true),
        "string" => {
            match (schema.get("enum").and_then(Value::as_array), schema.get("format").and_then(Value::as_str)) {
                (Some(values), _) => values[0].clone(),
                (None, Some("date-time")) => json!("2024-01-15T12:00:00Z"),
                // Digits suit every other string the models hold: free text, addresses, decimal amounts and
                // numeric text.
                (None, _) => json!("7"),
            }
        }
        other => panic!("unexpected schema type {other}"),
    }
}

/// Every schema name `value` references, transitively.
fn reachable(spec: &Value, value: &Value, seen: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) = map.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next())
                && seen.insert(name.to_owned())
            {
                reachable(spec, &spec["components"]["schemas"][name], seen);
            }
            map.values().for_each(|v| reachable(spec, v, seen));
        }
        Value::Array(items) => items.iter().for_each(|v| reachable(spec, v, seen)),
        _ => {}
    }
}

/// Runs `check` on complete instances (nullable values present, then null); returns the failures.
fn run(owner: &str, check: Check, spec: &Value, schema: &Value) -> Vec<String> {
    let mut failures = Vec::new();
    match check(synth(spec, schema, Nullable::Present, 0)) {
        Ok(ignored) => failures.extend(ignored.into_iter().map(|p| format!("{owner}: unmodeled property `{p}`"))),
        Err(e) => failures.push(format!("{owner}: a complete instance does not decode: {e}")),
    }
    if let Err(e) = check(synth(spec, schema, Nullable::Null, 0)) {
        failures.push(format!("{owner}: an instance with its nullable values null does not decode: {e}"));
    }
    failures
}

#[test]
fn every_response_schema_property_has_a_model_field() {
    let Some(specs) = specs() else { return };
    let mut failures = Vec::new();
    for (file, name, check) in schema_models() {
        let spec = &specs.iter().find(|(f, _)| *f == file).unwrap().1;
        let schema = &spec["components"]["schemas"][name];
        if schema.is_null() {
            failures.push(format!("{file} {name}: mapped to a model but not in the spec"));
            continue;
        }
        failures.extend(run(&format!("{file} {name}"), check, spec, schema));
    }
    assert!(failures.is_empty(), "the models miss parts of the contract:\n{}", failures.join("\n"));
}

#[test]
fn every_route_body_decodes_into_its_model() {
    let Some(specs) = specs() else { return };
    let live = &specs[2].1;
    let routes = route_models();
    let mut failures = Vec::new();
    let mut covered = BTreeSet::new();
    let mut check_route = |file: &str, spec: &Value, service: &str, path: &str, op: &Value| {
        let owner = format!("{file} {service} GET {path}");
        let Some((_, _, check)) = routes.iter().find(|(s, r, _)| *s == service && *r == path) else {
            failures.push(format!("{owner}: no model registered for this route"));
            return;
        };
        covered.insert((service.to_owned(), path.to_owned()));
        let schema = &op["responses"]["200"]["content"]["application/json"]["schema"];
        failures.extend(run(&owner, *check, spec, schema));
    };
    for (file, spec) in &specs {
        for (path, item) in spec["paths"].as_object().unwrap() {
            check_route(file, spec, service_of(file), path, &item["get"]);
        }
    }
    // DAMM v2 asks the live DLMM service's daily statistics where its host serves them: the same bodies.
    for (path, item) in live["paths"].as_object().unwrap().iter().filter(|(p, _)| p.starts_with("/stats/daily/")) {
        check_route(LIVE, live, "damm_v2", path, &item["get"]);
    }
    // The portfolio service publishes no spec: its models follow the shapes the api notes give, and its routes are
    // checked against the replica (tests/it/portfolio.rs) and by the models' own tests.
    let documented = routes.iter().filter(|(service, ..)| *service != "portfolio");
    let rows: BTreeSet<_> = documented.map(|(s, r, _)| ((*s).to_owned(), (*r).to_owned())).collect();
    assert_eq!(rows, covered, "every route of the operation rows is in a spec, and every route of a spec a row");
    assert!(failures.is_empty(), "route bodies the models miss:\n{}", failures.join("\n"));
}

#[test]
fn every_schema_is_accounted_for() {
    let Some(specs) = specs() else { return };
    let models = schema_models();
    let modeled = |file: &str, name: &str| models.iter().any(|(f, n, _)| *f == file && *n == name);
    let mut failures = Vec::new();
    for (file, spec) in &specs {
        // Everything a route's response (any status) reaches must be modeled.
        let mut from_responses = BTreeSet::new();
        for item in spec["paths"].as_object().unwrap().values() {
            for op in item.as_object().unwrap().values() {
                reachable(spec, &op["responses"], &mut from_responses);
            }
        }
        for name in &from_responses {
            if !modeled(file, name) {
                failures.push(format!("{file} {name}: a route returns it but no model is registered"));
            }
        }
        // Every other schema is request-side or knowingly not served.
        for name in spec["components"]["schemas"].as_object().unwrap().keys() {
            let not_served = NOT_SERVED.contains(&(*file, name.as_str()));
            if not_served && from_responses.contains(name) {
                failures.push(format!("{file} {name}: listed as not served, but a route returns it"));
            }
            if !modeled(file, name) && !not_served && !is_request_side(name) {
                failures.push(format!("{file} {name}: neither modeled, request-side nor listed as not served"));
            }
        }
    }
    assert!(failures.is_empty(), "schemas not accounted for:\n{}", failures.join("\n"));
}

#[test]
fn every_fill_status_of_the_spec_is_a_known_variant() {
    let Some(specs) = specs() else { return };
    let values = specs[0].1["components"]["schemas"]["LimitOrderBinFillStatus"]["enum"].as_array().unwrap().clone();
    assert_eq!(values.len(), 3);
    for value in values {
        let status: dlmm::BinFillStatus = serde_json::from_value(value.clone()).unwrap();
        assert_ne!(status, dlmm::BinFillStatus::Unknown, "{value}");
        assert_eq!(serde_json::to_value(status).unwrap(), value, "serializes back to the spec's text");
    }
}

#[test]
fn the_unmodeled_check_catches_extra_properties() {
    let Some(specs) = specs() else { return };
    let spec = &specs[0].1;
    let mut instance = synth(spec, &json!({"$ref": "#/components/schemas/PoolResponse"}), Nullable::Present, 0);
    instance["volume"]["5m"] = json!(1);
    instance["brand_new"] = json!("x");
    let mut ignored = unmodeled::<dlmm::Pool>(instance).unwrap();
    ignored.sort();
    assert_eq!(ignored, ["brand_new", "volume.5m"]);
}
