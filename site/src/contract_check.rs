//! The Settings page's contract check: the OpenAPI document a datapi host publishes about itself
//! ([`drift::SPEC_PATH`]) compared with what the explorer reads ([`drift::compare`]), each difference marked known,
//! with the reason the library's allow-list gives ([`drift::KNOWN`]), or new: the day a host moves, a visitor can see
//! where, before a page breaks. The same comparison as `cargo xtask drift`.
//!
//! [`check`] runs in the contract worker (`src/bin/contract_worker.rs`), so that the JSON reader and the comparison
//! are downloaded only by a visitor who asks for them, not with every page; its [`Report`] crosses to the page as a
//! flat list of strings ([`Report::to_message`], [`from_message`]).

use dlmm_query::ApiGroup;
use dlmm_query::drift::{self, DriftKind, KNOWN, known_reason, parse_known};
use serde_json::Value;

/// One difference, for a table row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// What differs.
    pub kind: DriftKind,
    /// The route's path template.
    pub route: String,
    /// The field's path in the route's answer, empty for a route.
    pub field: String,
    /// What the spec says.
    pub spec: String,
    /// What the explorer reads.
    pub library: String,
    /// Why it is accepted, when it is a known difference; `None` for a new one.
    pub known: Option<String>,
}

/// What a host's spec says against the explorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Every difference, the new ones first, each group in the comparison's order.
    pub rows: Vec<Row>,
    /// The routes the spec lists.
    pub routes_listed: usize,
}

/// The strings of a message's row, after its first two.
const ROW_STRINGS: usize = 6;

impl Report {
    /// How many differences are new.
    pub fn new_count(&self) -> usize {
        self.rows.iter().filter(|row| row.known.is_none()).count()
    }

    /// The report in a sentence: `No difference.`, `10 differences: all known.`, `12 differences: 2 new, 10 known.`
    pub fn summary(&self) -> String {
        let (total, new) = (self.rows.len(), self.new_count());
        let plural = if total == 1 { "difference" } else { "differences" };
        match (total, new) {
            (0, _) => "No difference.".to_owned(),
            (_, 0) => format!("{total} {plural}: all known."),
            _ if new == total => format!("{total} {plural}: all new."),
            _ => format!("{total} {plural}: {new} new, {} known.", total - new),
        }
    }

    /// The report as the worker posts it: `report`, the routes listed, then six strings per row (kind, route,
    /// field, spec, library, reason or empty).
    pub fn to_message(&self) -> Vec<String> {
        let mut message = vec!["report".to_owned(), self.routes_listed.to_string()];
        for row in &self.rows {
            let known = row.known.clone().unwrap_or_default();
            let strings = [row.kind.as_str().to_owned(), row.route.clone(), row.field.clone()];
            message.extend(strings.into_iter().chain([row.spec.clone(), row.library.clone(), known]));
        }
        message
    }
}

/// The message of a check that could not compare: `refused`, then why.
pub fn refusal_message(why: &str) -> Vec<String> {
    vec!["refused".to_owned(), why.to_owned()]
}

/// A message of the worker read back: the report, or why there is none (a refusal, or a message that is neither).
pub fn from_message(message: &[String]) -> Result<Report, String> {
    let malformed = || "the contract worker answered something else".to_owned();
    match message {
        [word, why] if word == "refused" => Err(why.clone()),
        [word, listed, rows @ ..] if word == "report" && rows.len() % ROW_STRINGS == 0 => {
            let rows = rows
                .chunks_exact(ROW_STRINGS)
                .map(|r| {
                    Some(Row {
                        kind: DriftKind::parse(&r[0])?,
                        route: r[1].clone(),
                        field: r[2].clone(),
                        spec: r[3].clone(),
                        library: r[4].clone(),
                        known: (!r[5].is_empty()).then(|| r[5].clone()),
                    })
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(malformed)?;
            Ok(Report { rows, routes_listed: listed.parse().map_err(|_| malformed())? })
        }
        _ => Err(malformed()),
    }
}

/// Reads `body` (a host's answer at [`drift::SPEC_PATH`]) as an OpenAPI document and compares it with `group`'s
/// operations. A body that is not JSON, or JSON with no `paths`, is an error in words (it is not compared: nothing
/// would be listed, and every route would look gone).
pub fn check(body: &[u8], group: ApiGroup) -> Result<Report, String> {
    let spec: Value = serde_json::from_slice(body).map_err(|e| format!("The answer is not JSON ({e})."))?;
    let Some(paths) = spec.get("paths").and_then(Value::as_object) else {
        return Err("The answer is JSON but no OpenAPI document: it lists no paths.".to_owned());
    };
    let routes_listed = paths.len();
    let known = parse_known(KNOWN).unwrap_or_default();
    let (mut new, mut old): (Vec<Row>, Vec<Row>) = drift::compare(&spec, group)
        .into_iter()
        .map(|d| Row {
            known: known_reason(&known, group, &d).map(str::to_owned),
            kind: d.kind,
            route: d.route,
            field: d.field,
            spec: d.spec,
            library: d.library,
        })
        .partition(|row| row.known.is_none());
    new.append(&mut old);
    Ok(Report { rows: new, routes_listed })
}

/// What a difference's kind means, for people.
pub fn kind_label(kind: DriftKind) -> &'static str {
    match kind {
        DriftKind::RouteNotDeclared => "a route the explorer does not read",
        DriftKind::RouteNotListed => "a route the spec does not list",
        DriftKind::FieldNotRead => "a field the explorer does not read",
        DriftKind::FieldNotListed => "a field the spec does not list",
        DriftKind::RequiredFieldNotListed => "a needed field the spec does not list",
        DriftKind::TypeChanged => "a type the explorer does not read as given",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlmm_query::drift::DriftKind;

    /// A DAMM v2 spec of one route: its listed fields agree but for one new field and a count sent as a fraction.
    fn spec() -> Vec<u8> {
        serde_json::json!({"paths": {"/stats/protocol_metrics": {"get": {"responses": {"200": {"content": {
            "application/json": {"schema": {"type": "object", "properties": {
                "total_tvl": {"type": "number"}, "volume_24h": {"type": "number"}, "fee_24h": {"type": "number"},
                "total_volume": {"type": "number"}, "total_fees": {"type": "number"},
                "total_pools": {"type": "number"}, "refreshed_at": {"type": "integer"},
                "brand_new": {"type": "number"}}}}}}}}}}})
        .to_string()
        .into_bytes()
    }

    #[test]
    fn new_differences_come_first_and_known_ones_carry_their_reason() {
        let report = check(&spec(), ApiGroup::DammV2Datapi).unwrap();
        assert_eq!(report.routes_listed, 1);
        let new_count = report.new_count();
        let new: Vec<_> = report.rows.iter().take(new_count).map(|r| (r.kind, r.field.as_str())).collect();
        assert!(new.contains(&(DriftKind::FieldNotRead, "brand_new")), "{new:?}");
        assert!(new.contains(&(DriftKind::TypeChanged, "total_pools")), "{new:?}");
        // The daily routes the spec does not list are known differences of DAMM v2, with the allow-list's reason.
        let daily = report.rows.iter().find(|r| r.route == "/stats/daily/volume").expect("listed as missing");
        assert_eq!(daily.kind, DriftKind::RouteNotListed);
        assert!(daily.known.as_ref().is_some_and(|why| why.contains("notServed")), "{daily:?}");
        assert!(report.rows[new_count..].iter().all(|r| r.known.is_some()), "the known ones after the new ones");
        assert!(report.summary().contains(&format!("{new_count} new")), "{}", report.summary());
    }

    #[test]
    fn a_report_crosses_to_the_page_and_back_unchanged() {
        let report = check(&spec(), ApiGroup::DammV2Datapi).unwrap();
        assert_eq!(from_message(&report.to_message()), Ok(report));
        assert_eq!(from_message(&refusal_message("not JSON")), Err("not JSON".to_owned()));
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for bad in [
            &[][..],
            &["report"],
            &["report", "x"],
            &["report", "1", "nope", "", "", "", "", ""],
            &["report", "1", "a"],
        ] {
            assert!(from_message(&strings(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn what_is_no_openapi_document_is_said_so() {
        assert!(check(b"<html>502</html>", ApiGroup::DlmmDatapi).unwrap_err().contains("not JSON"));
        assert!(check(b"{\"openapi\": \"3.1.0\"}", ApiGroup::DlmmDatapi).unwrap_err().contains("no paths"));
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(check(deep.as_bytes(), ApiGroup::DlmmDatapi).is_err(), "a deep body is refused, not a crash");
    }

    #[test]
    fn summaries_count_in_words() {
        let row = |known: Option<&str>| Row {
            kind: DriftKind::RouteNotListed,
            route: "/pools".to_owned(),
            field: String::new(),
            spec: String::new(),
            library: String::new(),
            known: known.map(str::to_owned),
        };
        let report = |rows: Vec<Row>| Report { rows, routes_listed: 0 };
        assert_eq!(report(vec![]).summary(), "No difference.");
        assert_eq!(report(vec![row(Some("why"))]).summary(), "1 difference: all known.");
        assert_eq!(report(vec![row(None), row(None)]).summary(), "2 differences: all new.");
        assert_eq!(report(vec![row(None), row(Some("why"))]).summary(), "2 differences: 1 new, 1 known.");
    }
}
