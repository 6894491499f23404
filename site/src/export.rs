//! Downloads of what a page shows, made in the browser: a table as CSV or JSON, every cell the text the page
//! received (decimal text exactly as sent; a number the client read as `f64` in its shortest text that reads back to
//! the same value), and where it came from ([`Provenance`]: the source URL, when it was fetched, and the service's
//! `refreshed_at` where it sends one).
//!
//! The CSV starts with `#` lines holding the provenance (most CSV readers skip them with a comment option), then a
//! header row and the rows, quoted as RFC 4180 says. A text cell that a spreadsheet would run as a formula (`=`,
//! `+`, `-`, `@`, tab or carriage return first, and not a number) is written with a `'` in front. The JSON is one
//! object: the provenance, the column names and one object per row, every value a string.

use crate::format::unix_time;

/// Where a downloaded table came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Provenance {
    /// The URL the data was read from.
    pub source: String,
    /// When it was fetched, unix seconds.
    pub fetched_at: i64,
    /// When the service last refreshed it, unix seconds, where it says.
    pub refreshed_at: Option<u64>,
}

/// A table to download: its file name (without extension), its columns and its rows of exact text.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The file name, without extension.
    pub name: String,
    /// The column names.
    pub columns: Vec<&'static str>,
    /// The rows, one text per column.
    pub rows: Vec<Vec<String>>,
    /// Where the rows came from.
    pub provenance: Provenance,
}

impl Provenance {
    /// The provenance's lines, as `key: value`.
    fn lines(&self) -> Vec<(&'static str, String)> {
        let mut lines = vec![("source", self.source.clone()), ("fetched_at", unix_time(self.fetched_at))];
        if let Some(at) = self.refreshed_at {
            lines.push(("refreshed_at", unix_time(i64::try_from(at).unwrap_or(i64::MAX))));
        }
        lines
    }
}

/// Whether `text` is a number as the services write them (`-12.5`, `1e-7`: JSON's number grammar), which is never a
/// formula.
fn is_number(text: &str) -> bool {
    dlmm_query::wire::is_decimal_text(text)
}

/// One CSV cell: a would-be formula defused, then quoted when it holds a comma, a quote, a line break or spaces at
/// either end.
fn csv_cell(text: &str) -> String {
    let defused = match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') if !is_number(text) => format!("'{text}"),
        _ => text.to_owned(),
    };
    let quoted = defused.contains([',', '"', '\n', '\r']) || defused.trim() != defused;
    if quoted { format!("\"{}\"", defused.replace('"', "\"\"")) } else { defused }
}

/// The table as CSV text (lines end with CRLF).
pub fn to_csv(table: &Table) -> String {
    let mut out = String::new();
    for (key, value) in table.provenance.lines() {
        out.push_str(&format!("# {key}: {}\r\n", value.replace(['\r', '\n'], " ")));
    }
    let line = |cells: &mut dyn Iterator<Item = &str>| cells.map(csv_cell).collect::<Vec<_>>().join(",") + "\r\n";
    out.push_str(&line(&mut table.columns.iter().copied()));
    for row in &table.rows {
        out.push_str(&line(&mut row.iter().map(String::as_str)));
    }
    out
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The table as JSON text: `{"source", "fetched_at", "refreshed_at"?, "columns", "rows"}`.
pub fn to_json(table: &Table) -> String {
    let object = |pairs: Vec<String>| format!("{{{}}}", pairs.join(","));
    let mut fields: Vec<String> =
        table.provenance.lines().iter().map(|(k, v)| format!("{}:{}", json_string(k), json_string(v))).collect();
    let columns: Vec<String> = table.columns.iter().map(|c| json_string(c)).collect();
    fields.push(format!("\"columns\":[{}]", columns.join(",")));
    let rows: Vec<String> = table
        .rows
        .iter()
        .map(|row| {
            object(
                table.columns.iter().zip(row).map(|(c, v)| format!("{}:{}", json_string(c), json_string(v))).collect(),
            )
        })
        .collect();
    fields.push(format!("\"rows\":[{}]", rows.join(",")));
    object(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: Vec<Vec<&str>>) -> Table {
        Table {
            name: "t".into(),
            columns: vec!["day", "pnl_usd", "pair"],
            rows: rows.into_iter().map(|r| r.into_iter().map(str::to_owned).collect()).collect(),
            provenance: Provenance {
                source: "http://127.0.0.1:1/x?a=1".into(),
                fetched_at: 1_793_491_200,
                refreshed_at: Some(60),
            },
        }
    }

    #[test]
    fn csv_keeps_exact_text_quotes_what_it_must_and_defuses_formulas() {
        let t = table(vec![
            vec!["2026-11-01", "-4.085389816960955", "SOL-USDC"],
            vec!["2026-11-02", "12345678901234567890.123456789012345678", "a,\"b\"\nc"],
            vec!["2026-11-03", "1e-7", "=HYPERLINK(\"x\")"],
            vec!["2026-11-04", "0", " padded "],
        ]);
        let csv = to_csv(&t);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "# source: http://127.0.0.1:1/x?a=1");
        assert_eq!(lines[1], "# fetched_at: 2026-11-01 00:00:00 UTC");
        assert_eq!(lines[2], "# refreshed_at: 1970-01-01 00:01:00 UTC");
        assert_eq!(lines[3], "day,pnl_usd,pair");
        assert_eq!(lines[4], "2026-11-01,-4.085389816960955,SOL-USDC");
        assert_eq!(lines[5], "2026-11-02,12345678901234567890.123456789012345678,\"a,\"\"b\"\"\nc\"");
        assert_eq!(lines[6], "2026-11-03,1e-7,\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(lines[7], "2026-11-04,0,\" padded \"");
        assert!(csv.ends_with("\r\n"));
        assert!(
            !to_csv(&Table { provenance: Provenance { refreshed_at: None, ..t.provenance.clone() }, ..t })
                .contains("refreshed_at")
        );
    }

    #[test]
    fn json_is_one_object_of_strings() {
        let t = table(vec![vec!["2026-11-01", "-0.10", "x\u{1}\"\\"]]);
        let json: serde_json::Value = serde_json::from_str(&to_json(&t)).unwrap();
        assert_eq!(json["source"], "http://127.0.0.1:1/x?a=1");
        assert_eq!(json["fetched_at"], "2026-11-01 00:00:00 UTC");
        assert_eq!(json["columns"], serde_json::json!(["day", "pnl_usd", "pair"]));
        assert_eq!(json["rows"][0]["pnl_usd"], "-0.10");
        assert_eq!(json["rows"][0]["pair"], "x\u{1}\"\\");
        assert_eq!(table(vec![]).rows.len(), 0);
        let empty: serde_json::Value = serde_json::from_str(&to_json(&table(vec![]))).unwrap();
        assert_eq!(empty["rows"], serde_json::json!([]));
    }

    #[test]
    fn numbers_are_never_defused() {
        for n in ["-1", "-0.5", "-1e-7", "12", "1.5E+30"] {
            assert!(is_number(n), "{n}");
            assert_eq!(csv_cell(n), n);
        }
        for t in ["-", "-x", "+1", "@a", "-inf", "-NaN", "-1.", "-.5", "-1e", "-1-1", "-1e5x"] {
            assert!(csv_cell(t).starts_with('\'') || csv_cell(t).starts_with("\"'"), "{t}");
        }
    }
}
