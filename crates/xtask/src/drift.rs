//! `cargo xtask drift [--spec FILE|URL] [--service dlmm|damm-v2|pair|pool]`: an OpenAPI document compared with what
//! the library knows ([`dlmm_query::drift`]), as a table; the exit status is non-zero on any difference the
//! allow-list (`crates/xtask/drift-allow.txt`, each line with its reason) does not name.
//!
//! Without `--spec`, the service's own document: `<base>/api-docs/openapi.json`, the base URL from the service's
//! environment variable (`DLMM_DATAPI_BASE_URL`, …) or its default. A URL is fetched with `curl`.

use std::path::Path;

use dlmm_query::ApiGroup;
use dlmm_query::drift::{Drift, DriftKind, compare};
use dlmm_query::operations::ROUTES;
use dlmm_query::request::Missing;
use serde_json::Value;

use crate::process::{command, output};
use crate::{Result, root};

/// The allow-list, relative to the repository root.
const ALLOW_LIST: &str = "crates/xtask/drift-allow.txt";

/// A service the check knows: its word, its group, the variable naming its base URL and its default base URL.
const SERVICES: [(&str, ApiGroup, &str, &str); 4] = [
    ("dlmm", ApiGroup::DlmmDatapi, "DLMM_DATAPI_BASE_URL", dlmm_query::client::DEFAULT_DLMM_DATAPI_BASE_URL),
    ("damm-v2", ApiGroup::DammV2Datapi, "DAMM_V2_DATAPI_BASE_URL", dlmm_query::client::DEFAULT_DAMM_V2_DATAPI_BASE_URL),
    ("pair", ApiGroup::Pair, "DLMM_PAIR_BASE_URL", dlmm_query::client::DEFAULT_PAIR_BASE_URL),
    ("pool", ApiGroup::Pool, "DLMM_POOL_BASE_URL", dlmm_query::client::DEFAULT_POOL_BASE_URL),
];

/// One allowed difference and why.
#[derive(Debug, PartialEq)]
pub struct Allowed {
    service: String,
    kind: DriftKind,
    route: String,
    field: String,
    reason: String,
}

/// Reads the allow-list: `<service> <kind> <route> <field or -> : <reason>` per line (a route or field `*` names any,
/// `*end` any ending so), `#` comments and blank lines skipped. A line that is not one, or without a reason, is an
/// error naming it.
pub fn parse_allow_list(text: &str) -> Result<Vec<Allowed>> {
    let mut allowed = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("{ALLOW_LIST}:{}: {why}: {line}", number + 1);
        let (entry, reason) = line.split_once(" : ").ok_or_else(|| bad("no ` : <reason>`"))?;
        let words: Vec<&str> = entry.split_whitespace().collect();
        let [service, kind, route, field] = words[..] else {
            return Err(bad("not `<service> <kind> <route> <field>`"));
        };
        let kind = DriftKind::parse(kind).ok_or_else(|| bad("an unknown kind"))?;
        if reason.trim().is_empty() {
            return Err(bad("an empty reason"));
        }
        let field = if field == "-" { String::new() } else { field.to_owned() };
        allowed.push(Allowed {
            service: service.to_owned(),
            kind,
            route: route.to_owned(),
            field,
            reason: reason.trim().to_owned(),
        });
    }
    Ok(allowed)
}

/// Whether an allow-list's `pattern` names `value`: `*` any, `*rest` any ending so, else exactly.
fn names(pattern: &str, value: &str) -> bool {
    match pattern.strip_prefix('*') {
        Some(rest) => value.ends_with(rest),
        None => pattern == value,
    }
}

/// The reason `drift` of `service` is allowed, if it is.
fn allowance<'a>(allowed: &'a [Allowed], service: &str, drift: &Drift) -> Option<&'a str> {
    allowed
        .iter()
        .find(|a| {
            a.service == service
                && a.kind == drift.kind
                && names(&a.route, &drift.route)
                && names(&a.field, &drift.field)
        })
        .map(|a| a.reason.as_str())
}

/// The report of `drift` for `service`: one line per difference (allowed ones with their reason), then the routes the
/// library reads the absence of as `notServed` and whether the spec lists them. Also how many are not allowed.
pub fn report(service: &str, group: ApiGroup, spec: &Value, drift: &[Drift], allowed: &[Allowed]) -> (String, usize) {
    let mut text = format!("{:<26} {:<46} {:<44} {:<9} {}\n", "difference", "route", "field", "spec", "status");
    let mut new = 0;
    for d in drift {
        let status = match allowance(allowed, service, d) {
            Some(reason) => format!("allowed: {reason}"),
            None => {
                new += 1;
                format!("NEW (the library reads: {})", if d.library.is_empty() { "nothing" } else { &d.library })
            }
        };
        text.push_str(&format!("{:<26} {:<46} {:<44} {:<9} {status}\n", d.kind.as_str(), d.route, d.field, d.spec));
    }
    let optional: Vec<_> = ROUTES
        .iter()
        .filter(|r| r.group == group && r.runner == dlmm_query::operations::Runner::One)
        .filter(|r| r.output.is_some() && matches!(r.missing, Missing::Route | Missing::RouteReadAsPool))
        .collect();
    if !optional.is_empty() {
        text.push_str("\nroutes read as notServed where a host lacks them:\n");
        for route in optional {
            let listed = spec.get("paths").and_then(|p| p.get(route.path)).is_some();
            text.push_str(&format!("  {:<46} {}\n", route.path, if listed { "listed" } else { "not listed" }));
        }
    }
    text.push_str(&format!("{} difference(s), {new} not in the allow-list\n", drift.len()));
    (text, new)
}

/// Reads the spec at `source`: a file, or a URL fetched with `curl`.
fn load(source: &str) -> Result<Value> {
    let text = if source.starts_with("http://") || source.starts_with("https://") {
        let user_agent = format!("dlmm-query-drift/{}", env!("CARGO_PKG_VERSION"));
        let mut curl = command("curl");
        curl.args(["--silent", "--show-error", "--fail", "--location", "--max-time", "60", "--user-agent"]);
        output(curl.arg(user_agent).arg(source))
            .ok_or_else(|| format!("could not fetch {source} with curl (is it installed, and the host reachable?)"))?
    } else {
        std::fs::read_to_string(source).map_err(|e| format!("{source}: {e}"))?
    };
    serde_json::from_str(&text).map_err(|e| format!("{source} is not JSON: {e}"))
}

/// `cargo xtask drift …`.
pub fn run(args: &[String]) -> Result {
    let (mut spec, mut service) = (None, "dlmm".to_owned());
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--spec" => spec = Some(value.clone()),
            "--service" => service = value.clone(),
            other => {
                return Err(format!("unknown option {other:?} (--spec FILE|URL, --service dlmm|damm-v2|pair|pool)"));
            }
        }
    }
    let (_, group, variable, default) = SERVICES
        .iter()
        .find(|(word, ..)| *word == service)
        .ok_or_else(|| format!("unknown service {service:?} (dlmm, damm-v2, pair, pool)"))?;
    let source = spec.unwrap_or_else(|| {
        let base = std::env::var(variable).unwrap_or_else(|_| (*default).to_owned());
        format!("{}/api-docs/openapi.json", base.trim_end_matches('/'))
    });
    let allowed = parse_allow_list(&std::fs::read_to_string(root().join(ALLOW_LIST)).map_err(|e| e.to_string())?)?;
    check(&source, &service, *group, &allowed)
}

/// Compares the spec at `source` with `service`'s operations and prints the report; an error when a difference is
/// not allowed.
pub fn check(source: &str, service: &str, group: ApiGroup, allowed: &[Allowed]) -> Result {
    let spec = load(source)?;
    let drift = compare(&spec, group);
    let (text, new) = report(service, group, &spec, &drift, allowed);
    println!("drift of {service} against {source}:\n{text}");
    match new {
        0 => Ok(()),
        n => Err(format!("{n} difference(s) between {source} and the library are not in {ALLOW_LIST}")),
    }
}

/// The checks `cargo xtask ci` runs: each OpenAPI file of the shared folder against its service (the file names
/// say which).
pub fn shared_specs() -> Vec<(String, &'static str, ApiGroup)> {
    let dir = root().join("../shared/openapi");
    let files = [
        ("dlmm-datapi.live.openapi.json", "dlmm"),
        ("dlmm-datapi.openapi.json", "dlmm"),
        ("damm-v2-datapi.openapi.json", "damm-v2"),
        ("pair-api.openapi.json", "pair"),
        ("pool-api.openapi.json", "pool"),
    ];
    files
        .into_iter()
        .filter_map(|(file, service)| {
            let group = SERVICES.iter().find(|(word, ..)| *word == service)?.1;
            let path = dir.join(file);
            Path::new(&path).is_file().then(|| (path.display().to_string(), service, group))
        })
        .collect()
}

/// Runs [`shared_specs`] against the allow-list.
pub fn check_shared() -> Result {
    let allowed = parse_allow_list(&std::fs::read_to_string(root().join(ALLOW_LIST)).map_err(|e| e.to_string())?)?;
    let specs = shared_specs();
    if specs.is_empty() {
        return Err("no OpenAPI file in ../shared/openapi".to_owned());
    }
    let failures: Vec<String> =
        specs.iter().filter_map(|(source, service, group)| check(source, service, *group, &allowed).err()).collect();
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_allow_list_reads_and_every_line_has_a_reason() {
        let text = std::fs::read_to_string(root().join(ALLOW_LIST)).unwrap();
        let allowed = parse_allow_list(&text).unwrap();
        assert!(!allowed.is_empty());
        let parsed = parse_allow_list("# c\n\ndlmm route-not-listed /pools/groups - : not in the live spec\n").unwrap();
        assert_eq!(parsed[0].field, "");
        assert_eq!(parsed[0].reason, "not in the live spec");
        for bad in [
            "dlmm route-not-listed /x -",
            "dlmm nope /x - : r",
            "dlmm type-changed /x : r",
            "dlmm route-not-listed /x - :  ",
        ] {
            assert!(parse_allow_list(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_report_marks_what_is_allowed_and_counts_the_rest() {
        let spec = serde_json::json!({"paths": {}});
        let drift = compare(&spec, ApiGroup::DammV2Datapi);
        let allowed = parse_allow_list("damm-v2 route-not-listed /pools - : a test\n").unwrap();
        let (text, new) = report("damm-v2", ApiGroup::DammV2Datapi, &spec, &drift, &allowed);
        assert_eq!(new, drift.len() - 1);
        assert!(text.contains("allowed: a test") && text.contains("NEW"), "{text}");
        assert!(text.contains("/stats/daily/volume") && text.contains("not listed"), "{text}");
    }
}
