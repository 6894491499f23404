//! `cargo xtask drift [--spec FILE|URL] [--service dlmm|damm-v2|pair|pool]`: an OpenAPI document compared with what
//! the library knows ([`dlmm_query::drift`]), as a table; the exit status is non-zero on any difference the
//! allow-list (`crates/dlmm-query/drift-allow.txt`, [`dlmm_query::drift::KNOWN`], each line with its reason) does
//! not name.
//!
//! Without `--spec`, the service's own document: `<base>/api-docs/openapi.json`, the base URL from the service's
//! environment variable (`DLMM_DATAPI_BASE_URL`, …) or its default. A URL is fetched with `curl`.

use std::path::Path;

use dlmm_query::ApiGroup;
use dlmm_query::drift::{Drift, KNOWN, Known, compare, known_reason, parse_known, service_word};
use dlmm_query::operations::ROUTES;
use dlmm_query::request::Missing;
use serde_json::Value;

use crate::process::{command, output};
use crate::{Result, root};

/// The allow-list, relative to the repository root (the text of [`dlmm_query::drift::KNOWN`]).
const ALLOW_LIST: &str = "crates/dlmm-query/drift-allow.txt";

/// A service the check knows: its group, the variable naming its base URL and its default base URL.
const SERVICES: [(ApiGroup, &str, &str); 4] = [
    (ApiGroup::DlmmDatapi, "DLMM_DATAPI_BASE_URL", dlmm_query::client::DEFAULT_DLMM_DATAPI_BASE_URL),
    (ApiGroup::DammV2Datapi, "DAMM_V2_DATAPI_BASE_URL", dlmm_query::client::DEFAULT_DAMM_V2_DATAPI_BASE_URL),
    (ApiGroup::Pair, "DLMM_PAIR_BASE_URL", dlmm_query::client::DEFAULT_PAIR_BASE_URL),
    (ApiGroup::Pool, "DLMM_POOL_BASE_URL", dlmm_query::client::DEFAULT_POOL_BASE_URL),
];

/// The allow-list the library carries, read.
fn allow_list() -> Result<Vec<Known<'static>>> {
    parse_known(KNOWN).map_err(|e| format!("{ALLOW_LIST}: {e}"))
}

/// The report of `drift` for `service`: one line per difference (allowed ones with their reason), then the routes the
/// library reads the absence of as `notServed` and whether the spec lists them. Also how many are not allowed.
pub fn report(group: ApiGroup, spec: &Value, drift: &[Drift], allowed: &[Known]) -> (String, usize) {
    let mut text = format!("{:<26} {:<46} {:<44} {:<9} {}\n", "difference", "route", "field", "spec", "status");
    let mut new = 0;
    for d in drift {
        let status = match known_reason(allowed, group, d) {
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
    let (group, variable, default) = SERVICES
        .iter()
        .find(|(group, ..)| service_word(*group) == service)
        .ok_or_else(|| format!("unknown service {service:?} (dlmm, damm-v2, pair, pool)"))?;
    let source = spec.unwrap_or_else(|| {
        let base = std::env::var(variable).unwrap_or_else(|_| (*default).to_owned());
        format!("{}/api-docs/openapi.json", base.trim_end_matches('/'))
    });
    check(&source, *group, &allow_list()?)
}

/// Compares the spec at `source` with `service`'s operations and prints the report; an error when a difference is
/// not allowed.
pub fn check(source: &str, group: ApiGroup, allowed: &[Known]) -> Result {
    let spec = load(source)?;
    let drift = compare(&spec, group);
    let (text, new) = report(group, &spec, &drift, allowed);
    println!("drift of {} against {source}:\n{text}", service_word(group));
    match new {
        0 => Ok(()),
        n => Err(format!("{n} difference(s) between {source} and the library are not in {ALLOW_LIST}")),
    }
}

/// The checks `cargo xtask ci` runs: each OpenAPI file of the shared folder against its service (the file names
/// say which).
pub fn shared_specs() -> Vec<(String, ApiGroup)> {
    let dir = root().join("../shared/openapi");
    let files = [
        ("dlmm-datapi.live.openapi.json", ApiGroup::DlmmDatapi),
        ("dlmm-datapi.openapi.json", ApiGroup::DlmmDatapi),
        ("damm-v2-datapi.openapi.json", ApiGroup::DammV2Datapi),
        ("pair-api.openapi.json", ApiGroup::Pair),
        ("pool-api.openapi.json", ApiGroup::Pool),
    ];
    files
        .into_iter()
        .filter_map(|(file, group)| {
            let path = dir.join(file);
            Path::new(&path).is_file().then(|| (path.display().to_string(), group))
        })
        .collect()
}

/// Runs [`shared_specs`] against the allow-list.
pub fn check_shared() -> Result {
    let allowed = allow_list()?;
    let specs = shared_specs();
    if specs.is_empty() {
        return Err("no OpenAPI file in ../shared/openapi".to_owned());
    }
    let failures: Vec<String> =
        specs.iter().filter_map(|(source, group)| check(source, *group, &allowed).err()).collect();
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_allow_list_reads_and_every_line_has_a_reason() {
        assert!(!allow_list().unwrap().is_empty());
        let parsed = parse_known("# c\n\ndlmm route-not-listed /pools/groups - : not in the live spec\n").unwrap();
        assert_eq!(parsed[0].field, "");
        assert_eq!(parsed[0].reason, "not in the live spec");
        for bad in [
            "dlmm route-not-listed /x -",
            "dlmm nope /x - : r",
            "dlmm type-changed /x : r",
            "dlmm type-changed /x y z : r",
            "dlmm route-not-listed /x - :  ",
        ] {
            assert!(parse_known(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_report_marks_what_is_allowed_and_counts_the_rest() {
        let spec = serde_json::json!({"paths": {}});
        let drift = compare(&spec, ApiGroup::DammV2Datapi);
        let allowed = parse_known("damm-v2 route-not-listed /pools - : a test\n").unwrap();
        let (text, new) = report(ApiGroup::DammV2Datapi, &spec, &drift, &allowed);
        assert_eq!(new, drift.len() - 1);
        assert!(text.contains("allowed: a test") && text.contains("NEW"), "{text}");
        assert!(text.contains("/stats/daily/volume") && text.contains("not listed"), "{text}");
    }
}
