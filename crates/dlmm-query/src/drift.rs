//! The drift check: an OpenAPI document compared with what this library knows of a service, from its operation
//! rows ([`ROUTES`]) and their models' shapes. The vendor's hosts move ahead of its docs; this says how far, the day a
//! host's own spec changes, rather than the day a decoder refuses an answer.
//!
//! It names routes on either side, fields a spec lists that no model reads, fields a model reads that a spec no
//! longer lists (and whether the model can do without them), and JSON types a model does not read as the spec
//! gives them (a number now sent as text where the model reads only numbers, a fraction where it reads an integer,
//! an amount kept as exact text where the spec says number). Numbers the models read leniently (a number or numeric
//! text) are no drift when a spec sends them either way.
//!
//! ```
//! use dlmm_query::ApiGroup;
//! use dlmm_query::drift::{DriftKind, compare};
//! let spec = serde_json::json!({"paths": {"/stats/protocol_metrics": {"get": {"responses": {"200": {"content": {
//!     "application/json": {"schema": {"type": "object", "properties": {
//!         "total_tvl": {"type": "number"}, "volume_24h": {"type": "string"}, "fee_24h": {"type": "number"},
//!         "total_volume": {"type": "number"}, "total_fees": {"type": "number"}, "total_pools": {"type": "number"},
//!         "refreshed_at": {"type": "integer"}, "brand_new": {"type": "number"}}}}}}}}}}});
//! let drift = compare(&spec, ApiGroup::DammV2Datapi);
//! let fields: Vec<_> = drift.iter().filter(|d| !d.route.is_empty() && !d.field.is_empty()).collect();
//! assert_eq!(fields.len(), 2);
//! assert!(fields.iter().any(|d| d.kind == DriftKind::FieldNotRead && d.field == "brand_new"));
//! assert!(fields.iter().any(|d| d.kind == DriftKind::TypeChanged && d.field == "total_pools"));
//! // The other routes of the service are not in this spec.
//! assert!(drift.iter().any(|d| d.kind == DriftKind::RouteNotListed && d.route == "/pools"));
//! ```

use std::fmt;

use serde_json::Value;

use crate::operations::{ROUTES, Runner};
use crate::request::{ApiGroup, Request};
use crate::shape::{Leaf, Missing, Shape, StructShape};
use crate::wire::With;

/// How deep a spec's schemas are followed (a `$ref` cycle stops there).
const MAX_DEPTH: usize = 32;

/// What differs between a spec and the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DriftKind {
    /// A route the spec lists that no operation declares.
    RouteNotDeclared,
    /// A route an operation declares that the spec does not list.
    RouteNotListed,
    /// A field the spec lists that no model reads.
    FieldNotRead,
    /// A field a model reads, with a default when it is absent, that the spec does not list.
    FieldNotListed,
    /// A field a model cannot do without that the spec does not list.
    RequiredFieldNotListed,
    /// A field whose JSON type in the spec the model does not read as that type.
    TypeChanged,
}

impl DriftKind {
    /// The kind's word in reports and allow-lists.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::RouteNotDeclared => "route-not-declared",
            Self::RouteNotListed => "route-not-listed",
            Self::FieldNotRead => "field-not-read",
            Self::FieldNotListed => "field-not-listed",
            Self::RequiredFieldNotListed => "required-field-not-listed",
            Self::TypeChanged => "type-changed",
        }
    }

    /// The kind of a word of [`as_str`](Self::as_str).
    pub fn parse(word: &str) -> Option<Self> {
        [
            Self::RouteNotDeclared,
            Self::RouteNotListed,
            Self::FieldNotRead,
            Self::FieldNotListed,
            Self::RequiredFieldNotListed,
            Self::TypeChanged,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == word)
    }
}

impl fmt::Display for DriftKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One difference between a spec and the library.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Drift {
    /// What differs.
    pub kind: DriftKind,
    /// The route's path template.
    pub route: String,
    /// The field's path in the route's answer (`data[].tvl`), empty for a route.
    pub field: String,
    /// What the spec says (a JSON type, or empty).
    pub spec: String,
    /// What the library reads (empty where it reads nothing).
    pub library: String,
}

/// Where a datapi host publishes its own OpenAPI document.
pub const SPEC_PATH: &str = "/api-docs/openapi.json";

/// The most bytes of spec read (the DLMM host's July 2026 document is about 190 KB).
pub const MAX_SPEC_BYTES: usize = 16 << 20;

/// The request for the spec `group`'s host publishes about itself ([`SPEC_PATH`]), for
/// [`Client::exchange`](crate::Client::exchange).
pub fn spec_request(group: ApiGroup) -> Request {
    Request { group, path: SPEC_PATH.to_owned(), query: String::new(), max_body_bytes: Some(MAX_SPEC_BYTES) }
}

/// The word naming `group`'s service in allow-lists and reports.
pub const fn service_word(group: ApiGroup) -> &'static str {
    match group {
        ApiGroup::Pair => "pair",
        ApiGroup::Pool => "pool",
        ApiGroup::DlmmDatapi => "dlmm",
        ApiGroup::DammV2Datapi => "damm-v2",
        ApiGroup::PortfolioDatapi => "portfolio",
    }
}

/// The known differences between the vendor's documents and the library, one per line with its reason
/// (`crates/dlmm-query/drift-allow.txt`; read with [`parse_known`]).
pub const KNOWN: &str = include_str!("../drift-allow.txt");

/// One known difference of an allow-list line, and why it is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known<'a> {
    /// The service's word ([`service_word`]).
    pub service: &'a str,
    /// What differs.
    pub kind: DriftKind,
    /// The route: exact, `*` for any, `*end` for any ending so.
    pub route: &'a str,
    /// The field, as the route (empty for none).
    pub field: &'a str,
    /// Why the difference is accepted.
    pub reason: &'a str,
}

impl Known<'_> {
    /// Whether this line names `drift` of `group`'s service.
    pub fn names(&self, group: ApiGroup, drift: &Drift) -> bool {
        let matches = |pattern: &str, value: &str| match pattern.strip_prefix('*') {
            Some(end) => value.ends_with(end),
            None => pattern == value,
        };
        self.service == service_word(group)
            && self.kind == drift.kind
            && matches(self.route, &drift.route)
            && matches(self.field, &drift.field)
    }
}

/// Reads an allow-list: `<service> <kind> <route> <field or -> : <reason>` per line, `#` comments and blank lines
/// skipped. A line that is not one, or has no reason, is an error naming its number.
///
/// ```
/// use dlmm_query::drift::{KNOWN, parse_known};
/// assert!(parse_known(KNOWN).is_ok_and(|known| !known.is_empty()));
/// assert!(parse_known("dlmm route-not-listed /pools/groups -").unwrap_err().starts_with("line 1: no ` : <reason>`"));
/// ```
pub fn parse_known(text: &str) -> Result<Vec<Known<'_>>, String> {
    let mut known = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line}", number + 1);
        let (entry, reason) = line.split_once(" : ").ok_or_else(|| bad("no ` : <reason>`"))?;
        let mut words = entry.split_whitespace();
        let (Some(service), Some(kind), Some(route), Some(field), None) =
            (words.next(), words.next(), words.next(), words.next(), words.next())
        else {
            return Err(bad("not `<service> <kind> <route> <field>`"));
        };
        let kind = DriftKind::parse(kind).ok_or_else(|| bad("an unknown kind"))?;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(bad("an empty reason"));
        }
        let field = if field == "-" { "" } else { field };
        known.push(Known { service, kind, route, field, reason });
    }
    Ok(known)
}

/// The reason `drift` of `group` is a known difference, by the first line of `known` naming it.
pub fn known_reason<'a>(known: &[Known<'a>], group: ApiGroup, drift: &Drift) -> Option<&'a str> {
    known.iter().find(|k| k.names(group, drift)).map(|k| k.reason)
}

/// The differences between `spec` (an OpenAPI 3 document, as JSON) and the operations of `group`'s service, sorted.
/// Only each route's `GET` and its `200` answer are compared; a spec that is no OpenAPI document lists no route.
pub fn compare(spec: &Value, group: ApiGroup) -> Vec<Drift> {
    let mut out = Vec::new();
    let paths = spec.get("paths").and_then(Value::as_object);
    let listed = |path: &str| paths.and_then(|p| p.get(path)).and_then(|item| item.get("get"));
    let declared: Vec<_> = ROUTES.iter().filter(|r| r.group == group && r.runner != Runner::Pages).collect();
    for route in &declared {
        match (listed(route.path), route.output) {
            (None, _) => out.push(drift(DriftKind::RouteNotListed, route.path, "", "", "a declared operation")),
            (Some(op), Some(output)) => {
                let schema = &op["responses"]["200"]["content"]["application/json"]["schema"];
                let mut walk = Walk { spec, route: route.path, out: &mut out };
                // The pool group's answers are envelopes: the operation's output is their `data`.
                match group {
                    ApiGroup::Pool => {
                        let envelope = walk.resolve(schema, 0).unwrap_or_default();
                        walk.value(&envelope["properties"]["data"], output, "data".to_owned(), 0);
                    }
                    _ => walk.value(schema, output, String::new(), 0),
                }
            }
            (Some(_), None) => {}
        }
    }
    for (path, item) in paths.into_iter().flatten() {
        if item.get("get").is_some() && !declared.iter().any(|r| r.path == path) {
            out.push(drift(DriftKind::RouteNotDeclared, path, "", "GET", ""));
        }
    }
    out.sort();
    out.dedup();
    out
}

fn drift(kind: DriftKind, route: &str, field: &str, spec: &str, library: &str) -> Drift {
    Drift { kind, route: route.to_owned(), field: field.to_owned(), spec: spec.to_owned(), library: library.to_owned() }
}

/// A walk of one route's answer: its schema beside its model's shape.
struct Walk<'a> {
    spec: &'a Value,
    route: &'a str,
    out: &'a mut Vec<Drift>,
}

/// What a model reads at one place, in the spec's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reads {
    /// Text (a string, an enum's name).
    Text,
    /// Exact decimal text, from a string or a number.
    DecimalText,
    /// A number; `lenient` when numeric text is read too.
    Number { lenient: bool },
    /// A whole number; `lenient` when a string of digits is read too.
    Integer { lenient: bool },
    /// `true` or `false`.
    Bool,
}

impl Reads {
    fn of(leaf: &Leaf) -> Self {
        match leaf {
            Leaf::String | Leaf::Enum(_) | Leaf::With(With::NonemptyString) => Self::Text,
            Leaf::DecimalText => Self::DecimalText,
            Leaf::F64 => Self::Number { lenient: false },
            Leaf::Int(_) => Self::Integer { lenient: false },
            Leaf::With(With::F64 | With::OptF64) | Leaf::NumericText | Leaf::With(With::NumericString) => {
                Self::Number { lenient: true }
            }
            Leaf::ExactU64 | Leaf::With(_) => Self::Integer { lenient: true },
            Leaf::Bool => Self::Bool,
            Leaf::ObjectOrSingleton(_) => Self::Text, // handled before; never compared as a leaf
        }
    }

    /// Whether a value the spec types `json` is read as this.
    fn reads(self, json: &str) -> bool {
        matches!(
            (self, json),
            (Self::Text | Self::DecimalText, "string")
                | (Self::Bool, "boolean")
                | (Self::Number { .. }, "number" | "integer")
                | (Self::Integer { .. }, "integer")
                | (Self::Number { lenient: true } | Self::Integer { lenient: true }, "string")
        )
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::DecimalText => "exact decimal text (from a string or a number)",
            Self::Number { lenient: true } => "a number (or numeric text)",
            Self::Number { lenient: false } => "a number",
            Self::Integer { lenient: true } => "an integer (or a string of digits)",
            Self::Integer { lenient: false } => "an integer",
            Self::Bool => "a boolean",
        }
    }
}

impl Walk<'_> {
    /// The schema `schema` refers to, its `oneOf`/`anyOf` without `null` (the first other), its `allOf` merged.
    fn resolve<'s>(&'s self, schema: &'s Value, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(name) = schema.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next()) {
            return self.resolve(&self.spec["components"]["schemas"][name], depth + 1);
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(options) = schema.get(key).and_then(Value::as_array) {
                let other = options.iter().find(|o| o.get("type").and_then(Value::as_str) != Some("null"))?;
                return self.resolve(other, depth + 1);
            }
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            let mut merged = serde_json::Map::new();
            for part in parts {
                if let Some(Value::Object(part)) = self.resolve(part, depth + 1) {
                    for (key, value) in part {
                        match (merged.get_mut(&key), value) {
                            (Some(Value::Object(into)), Value::Object(more)) => into.extend(more),
                            (_, value) => {
                                merged.insert(key, value);
                            }
                        }
                    }
                }
            }
            return Some(Value::Object(merged));
        }
        Some(schema.clone())
    }

    /// The JSON type a schema gives (its first that is not `null`), or what its members say it is.
    fn json_type(schema: &Value) -> Option<&str> {
        match schema.get("type") {
            Some(Value::String(t)) => Some(t),
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
            _ if schema.get("properties").is_some() => Some("object"),
            _ if schema.get("items").is_some() => Some("array"),
            _ => None,
        }
    }

    fn push(&mut self, kind: DriftKind, field: &str, spec: &str, library: &str) {
        self.out.push(drift(kind, self.route, field, spec, library));
    }

    /// Compares the value at `path` of the answer: `schema` in the spec, `shape` in the model.
    fn value(&mut self, schema: &Value, shape: &Shape, path: String, depth: usize) {
        let Some(schema) = self.resolve(schema, depth) else { return };
        let Some(json) = Self::json_type(&schema).map(str::to_owned) else { return };
        match shape {
            Shape::Optional(inner) => self.value(&schema, inner, path, depth + 1),
            Shape::Struct(fields) if json == "object" => self.fields(&schema, fields, &path, depth),
            Shape::Leaf(Leaf::ObjectOrSingleton(o)) if json == "object" => self.fields(&schema, o.object, &path, depth),
            Shape::Leaf(Leaf::ObjectOrSingleton(o)) if json == "array" => {
                self.value(&schema["items"], &Shape::Struct(o.object), format!("{path}[]"), depth + 1);
            }
            Shape::List(item) if json == "array" => self.value(&schema["items"], item, format!("{path}[]"), depth + 1),
            Shape::Struct(_) | Shape::Leaf(Leaf::ObjectOrSingleton(_)) => {
                self.push(DriftKind::TypeChanged, &path, &json, "an object");
            }
            Shape::List(_) => self.push(DriftKind::TypeChanged, &path, &json, "an array"),
            Shape::Leaf(leaf) => {
                let reads = Reads::of(leaf);
                // Exact text kept from a number is a choice of ours, named so it is seen in the allow-list.
                if !reads.reads(&json) || (reads == Reads::DecimalText && json != "string") {
                    self.push(DriftKind::TypeChanged, &path, &json, reads.describe());
                }
            }
        }
    }

    /// Compares an object's members: the spec's `properties` beside the model's fields.
    fn fields(&mut self, schema: &Value, model: &StructShape, path: &str, depth: usize) {
        let properties = schema.get("properties").and_then(Value::as_object);
        let at = |name: &str| if path.is_empty() { name.to_owned() } else { format!("{path}.{name}") };
        for field in model.fields {
            match properties.and_then(|p| p.get(field.wire)) {
                Some(property) => self.value(property, field.shape, at(field.wire), depth + 1),
                None => {
                    let kind = match field.missing {
                        Missing::Required => DriftKind::RequiredFieldNotListed,
                        Missing::Default => DriftKind::FieldNotListed,
                    };
                    self.push(kind, &at(field.wire), "", model.name);
                }
            }
        }
        for name in properties.into_iter().flat_map(|p| p.keys()) {
            if !model.fields.iter().any(|f| f.wire == name) {
                self.push(DriftKind::FieldNotRead, &at(name), "listed", "");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn one_route(schema: Value) -> Value {
        json!({"paths": {"/stats/protocol_metrics": {"get": {"responses": {"200": {"content": {
            "application/json": {"schema": schema}}}}}}}, "components": {"schemas": {
            "Metrics": {"type": "object", "properties": {"total_tvl": {"type": ["number", "null"]},
                "volume_24h": {"type": "number"}, "fee_24h": {"type": "number"}, "total_volume": {"type": "number"},
                "total_fees": {"type": "number"}, "total_pools": {"type": "integer"},
                "refreshed_at": {"type": "integer"}}}}}})
    }

    fn fields(drift: &[Drift]) -> Vec<(DriftKind, &str, &str)> {
        drift.iter().filter(|d| !d.field.is_empty()).map(|d| (d.kind, d.field.as_str(), d.spec.as_str())).collect()
    }

    #[test]
    fn a_spec_that_agrees_has_no_field_drift_through_refs_and_nulls() {
        let spec = one_route(json!({"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Metrics"}]}));
        let drift = compare(&spec, ApiGroup::DlmmDatapi);
        assert_eq!(fields(&drift), []);
        let gone: Vec<_> = drift.iter().filter(|d| d.kind == DriftKind::RouteNotListed).map(|d| &d.route).collect();
        assert!(
            gone.contains(&&"/pools/{address}".to_owned()) && !gone.contains(&&"/stats/protocol_metrics".to_owned())
        );
    }

    #[test]
    fn fields_and_types_that_moved_are_named() {
        let mut spec = one_route(json!({"$ref": "#/components/schemas/Metrics"}));
        let metrics = &mut spec["components"]["schemas"]["Metrics"]["properties"];
        metrics["total_pools"] = json!({"type": "number"});
        metrics["total_tvl"] = json!({"type": "boolean"});
        metrics.as_object_mut().unwrap().remove("fee_24h");
        metrics.as_object_mut().unwrap().remove("refreshed_at");
        metrics["new_one"] = json!({"type": "string"});
        let drift = compare(&spec, ApiGroup::DlmmDatapi);
        assert_eq!(
            fields(&drift),
            [
                (DriftKind::FieldNotRead, "new_one", "listed"),
                (DriftKind::FieldNotListed, "refreshed_at", ""),
                (DriftKind::RequiredFieldNotListed, "fee_24h", ""),
                (DriftKind::TypeChanged, "total_pools", "number"),
                (DriftKind::TypeChanged, "total_tvl", "boolean"),
            ]
        );
        let extra = json!({"paths": {"/brand/new": {"get": {}}}});
        let new_route = compare(&extra, ApiGroup::DlmmDatapi);
        assert!(new_route.iter().any(|d| d.kind == DriftKind::RouteNotDeclared && d.route == "/brand/new"));
        assert!(
            compare(&json!("not a spec"), ApiGroup::DammV2Datapi).iter().all(|d| d.kind == DriftKind::RouteNotListed)
        );
    }

    #[test]
    fn known_lines_name_services_kinds_and_patterns() {
        let known = parse_known(
            "dlmm field-not-listed /portfolio/open pools[].updatedAt : live-only\n\
             dlmm field-not-listed *pools * : a pattern\n",
        )
        .unwrap();
        let field = |route: &str, field: &str| drift(DriftKind::FieldNotListed, route, field, "", "text");
        let exact = field("/portfolio/open", "pools[].updatedAt");
        assert_eq!(known_reason(&known, ApiGroup::DlmmDatapi, &exact), Some("live-only"));
        assert_eq!(known_reason(&known, ApiGroup::DammV2Datapi, &exact), None, "another service");
        let by_pattern = field("/wallets/{wallet}/limit_orders/open/pools", "pnl");
        assert_eq!(known_reason(&known, ApiGroup::DlmmDatapi, &by_pattern), Some("a pattern"));
        let other_kind = drift(DriftKind::TypeChanged, "/portfolio/open", "pools[].updatedAt", "", "");
        assert_eq!(known_reason(&known, ApiGroup::DlmmDatapi, &other_kind), None);
        let request = spec_request(ApiGroup::DammV2Datapi);
        assert_eq!((request.path.as_str(), request.max_body_bytes), (SPEC_PATH, Some(MAX_SPEC_BYTES)));
        assert_eq!(ApiGroup::ALL.map(service_word), ["pair", "pool", "dlmm", "damm-v2", "portfolio"]);
    }

    #[test]
    fn kinds_read_back_from_their_words_and_cycles_stop() {
        for kind in [DriftKind::RouteNotDeclared, DriftKind::TypeChanged, DriftKind::RequiredFieldNotListed] {
            assert_eq!(DriftKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(DriftKind::parse("nope"), None);
        let looped = json!({"paths": {"/stats/protocol_metrics": {"get": {"responses": {"200": {"content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/A"}}}}}}}},
            "components": {"schemas": {"A": {"$ref": "#/components/schemas/A"}}}});
        assert_eq!(fields(&compare(&looped, ApiGroup::DlmmDatapi)), []);
    }
}
