//! The datapi's `sort_by` and `filter_by` grammars.
//!
//! `sort_by`: `<metric>_<window>:<asc|desc>` for the windowed metrics `volume`, `fee`, `fee_tvl_ratio`, `apr`
//! (windows `5m 30m 1h 2h 4h 12h 24h`), or `<field>:<asc|desc>` for `tvl`, `fee_pct`, `bin_step`,
//! `pool_created_at`, `farm_apy`. Default `volume_24h:desc`.
//!
//! `filter_by`: `<expr> [&& <expr> …]` (only AND), each `<field><op><value>`, whitespace around operators ignored:
//! numeric fields ([`NUMERIC_FIELDS`] and `<metric>_<window>`) with `= > >= < <=`; boolean fields
//! ([`BOOLEAN_FIELDS`]) with `=true|false`; text fields ([`TEXT_FIELDS`]) with `=value` or `=[a|b|c]` (any of).

/// The windows of the windowed metrics, shortest first.
pub const WINDOWS: [&str; 7] = ["5m", "30m", "1h", "2h", "4h", "12h", "24h"];
/// The windowed metrics (`<metric>_<window>`).
pub const METRICS: [&str; 4] = ["volume", "fee", "fee_tvl_ratio", "apr"];
/// The sortable fields without a window.
pub const PLAIN_SORT_FIELDS: [&str; 5] = ["tvl", "fee_pct", "bin_step", "pool_created_at", "farm_apy"];
/// Numeric filter fields without a window (besides every sort field): `base_fee_pct` is `fee_pct`.
pub const NUMERIC_FIELDS: [&str; 7] =
    ["tvl", "fee_pct", "base_fee_pct", "bin_step", "pool_created_at", "farm_apy", "farm_apr"];
/// Boolean filter fields.
pub const BOOLEAN_FIELDS: [&str; 2] = ["is_blacklisted", "has_farm"];
/// Text filter fields: `pool_address`/`address` (the pool), `name`, `token_x`/`token_y` (mint or symbol),
/// `launchpad`, `tags` (the pool has the tag).
pub const TEXT_FIELDS: [&str; 7] = ["pool_address", "address", "name", "token_x", "token_y", "launchpad", "tags"];

/// A parsed `sort_by`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortClause {
    /// The field, e.g. `"volume_24h"` or `"tvl"`.
    pub field: String,
    /// `desc` (true) or `asc`.
    pub descending: bool,
}

impl Default for SortClause {
    fn default() -> Self {
        Self { field: "volume_24h".to_string(), descending: true }
    }
}

/// One `filter_by` expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterClause {
    /// The field, e.g. `"tvl"`, `"volume_1h"`, `"is_blacklisted"`, `"token_x"`.
    pub field: String,
    /// `"="`, `">"`, `">="`, `"<"` or `"<="`.
    pub op: String,
    /// One value, or the items of a `[a|b|c]` list.
    pub values: Vec<String>,
}

/// The kind of a filter field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// Compared as a number.
    Numeric,
    /// `true` or `false`.
    Boolean,
    /// Matched exactly (any of a list).
    Text,
}

/// Whether `field` is `<metric>_<window>`.
pub fn is_windowed(field: &str) -> bool {
    METRICS
        .iter()
        .any(|m| field.strip_prefix(m).and_then(|rest| rest.strip_prefix('_')).is_some_and(|w| WINDOWS.contains(&w)))
}

/// The kind of a filter field, or `None` when the field is unknown.
pub fn field_kind(field: &str) -> Option<FieldKind> {
    if is_windowed(field) || NUMERIC_FIELDS.contains(&field) {
        Some(FieldKind::Numeric)
    } else if BOOLEAN_FIELDS.contains(&field) {
        Some(FieldKind::Boolean)
    } else if TEXT_FIELDS.contains(&field) {
        Some(FieldKind::Text)
    } else {
        None
    }
}

/// Parses `sort_by` (one clause).
pub fn parse_sort_by(text: &str) -> Result<SortClause, String> {
    let (field, direction) =
        text.split_once(':').ok_or_else(|| format!("sort_by {text:?}: expected <field>:<asc|desc>"))?;
    let (field, direction) = (field.trim(), direction.trim());
    if !(is_windowed(field) || PLAIN_SORT_FIELDS.contains(&field)) {
        return Err(format!("sort_by: unknown field {field:?}"));
    }
    let descending = match direction {
        "desc" => true,
        "asc" => false,
        other => return Err(format!("sort_by: direction must be asc or desc, not {other:?}")),
    };
    Ok(SortClause { field: field.to_string(), descending })
}

/// Splits one expression at its operator: the first `<`, `>` or `=`, taking a following `=` into `<=`/`>=`.
fn split_operator(expr: &str) -> Option<(&str, &str, &str)> {
    let at = expr.find(['<', '>', '='])?;
    let op_len = if expr[at..].starts_with(">=") || expr[at..].starts_with("<=") { 2 } else { 1 };
    Some((&expr[..at], &expr[at..at + op_len], &expr[at + op_len..]))
}

/// Parses `filter_by`: every expression checked against its field's kind.
pub fn parse_filter_by(text: &str) -> Result<Vec<FilterClause>, String> {
    let mut clauses = Vec::new();
    for expr in text.split("&&") {
        let expr = expr.trim();
        let (field, op, value) =
            split_operator(expr).ok_or_else(|| format!("filter_by: {expr:?} is not <field><op><value>"))?;
        let (field, value) = (field.trim(), value.trim());
        let kind = field_kind(field).ok_or_else(|| format!("filter_by: unknown field {field:?}"))?;
        if value.is_empty() {
            return Err(format!("filter_by: {field} needs a value"));
        }
        let values: Vec<String> = match kind {
            FieldKind::Numeric => {
                if !value.parse::<f64>().is_ok_and(f64::is_finite) {
                    return Err(format!("filter_by: {field} needs a number, not {value:?}"));
                }
                vec![value.to_string()]
            }
            FieldKind::Boolean => {
                if op != "=" || !matches!(value, "true" | "false") {
                    return Err(format!("filter_by: {field} takes =true or =false, not {op}{value}"));
                }
                vec![value.to_string()]
            }
            FieldKind::Text => {
                if op != "=" {
                    return Err(format!("filter_by: {field} takes = only, not {op}"));
                }
                match value.strip_prefix('[') {
                    Some(list) => {
                        let list = list
                            .strip_suffix(']')
                            .ok_or_else(|| format!("filter_by: {field}: unclosed list {value:?}"))?;
                        let items: Vec<String> = list.split('|').map(|v| v.trim().to_string()).collect();
                        if items.iter().any(String::is_empty) {
                            return Err(format!("filter_by: {field}: empty item in {value:?}"));
                        }
                        items
                    }
                    None => vec![value.to_string()],
                }
            }
        };
        clauses.push(FilterClause { field: field.to_string(), op: op.to_string(), values });
    }
    Ok(clauses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_clauses() {
        assert_eq!(parse_sort_by("volume_24h:desc"), Ok(SortClause::default()));
        assert_eq!(
            parse_sort_by(" fee_tvl_ratio_5m : asc "),
            Ok(SortClause { field: "fee_tvl_ratio_5m".into(), descending: false })
        );
        assert_eq!(parse_sort_by("tvl:desc").unwrap().field, "tvl");
        assert_eq!(parse_sort_by("pool_created_at:asc").unwrap().field, "pool_created_at");
        for bad in ["", "tvl", "tvl:up", "volume:desc", "volume_7d:desc", "price:asc", "fee_1h", "tvl:desc,fee_1h:asc"]
        {
            assert!(parse_sort_by(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn filter_clauses() {
        let clauses = parse_filter_by("is_blacklisted=false && volume_24h>=50000 && tvl <1000.5").unwrap();
        assert_eq!(
            clauses,
            [
                FilterClause { field: "is_blacklisted".into(), op: "=".into(), values: vec!["false".into()] },
                FilterClause { field: "volume_24h".into(), op: ">=".into(), values: vec!["50000".into()] },
                FilterClause { field: "tvl".into(), op: "<".into(), values: vec!["1000.5".into()] },
            ]
        );
        let list = parse_filter_by("token_x=[So111|EPjF | JUP]").unwrap();
        assert_eq!(list[0].values, ["So111", "EPjF", "JUP"]);
        assert_eq!(parse_filter_by("name=SOL-USDC").unwrap()[0].values, ["SOL-USDC"]);
        for bad in [
            "",
            "tvl",
            "tvl>",
            "tvl>abc",
            "price>1",
            "is_blacklisted>true",
            "is_blacklisted=yes",
            "name>a",
            "token_x=[a|]",
            "token_x=[a|b",
            "tvl>1 || tvl<0",
            "tvl>1 &&",
            "volume_7d>1",
        ] {
            assert!(parse_filter_by(bad).is_err(), "{bad}");
        }
    }
}
