//! A datapi service's pools as flat rows: every sortable and filterable value precomputed, groups by lexical
//! mints, one sort order per key computed when the table is built, and the free-text [`SearchIndex`].
//!
//! Row `i` of the DLMM table is keeper pair `i`; row `i` of the DAMM v2 table is keeper pool-metrics record `i`.

use std::collections::HashMap;

use super::grammar::{FieldKind, FilterClause, METRICS, PLAIN_SORT_FIELDS, SortClause, WINDOWS, field_kind};
use crate::search::SearchIndex;

/// Sort keys: `METRICS × WINDOWS` (metric-major) then [`PLAIN_SORT_FIELDS`].
pub const SORT_KEYS: usize = METRICS.len() * WINDOWS.len() + PLAIN_SORT_FIELDS.len();
/// The value index of `farm_apr` (filterable, not sortable).
const FARM_APR: usize = SORT_KEYS;

/// One pool's values.
#[derive(Clone, Debug)]
pub struct Row {
    /// Pool address.
    pub address: String,
    /// `"<symX>-<symY>"`.
    pub name: String,
    /// Token X index in the dataset.
    pub token_x: u32,
    /// Token Y index in the dataset.
    pub token_y: u32,
    /// Index of the row's group.
    pub group: u32,
    /// `volume`, `fee`, `fee_tvl_ratio`, `apr` per window of [`WINDOWS`].
    pub metrics: [[f64; 7]; 4],
    /// Protocol fees per window.
    pub protocol_fees: [f64; 7],
    /// TVL in USD.
    pub tvl: f64,
    /// Base fee in percent.
    pub fee_pct: f64,
    /// Bin step (0 on DAMM v2).
    pub bin_step: f64,
    /// Creation time in unix milliseconds.
    pub created_at_ms: u64,
    /// Farm APR percent.
    pub farm_apr: f64,
    /// Farm APY percent.
    pub farm_apy: f64,
    /// Has a farm.
    pub has_farm: bool,
    /// Blacklisted.
    pub is_blacklisted: bool,
    /// Launchpad, `""` when none.
    pub launchpad: &'static str,
    /// Tags.
    pub tags: Vec<&'static str>,
    /// Mint of X.
    pub mint_x: std::sync::Arc<str>,
    /// Mint of Y.
    pub mint_y: std::sync::Arc<str>,
    /// Symbol of X.
    pub symbol_x: String,
    /// Symbol of Y.
    pub symbol_y: String,
}

impl Row {
    /// The value behind a sort key or a numeric filter field index.
    pub fn value(&self, key: usize) -> f64 {
        let windowed = METRICS.len() * WINDOWS.len();
        if key < windowed {
            return self.metrics[key / WINDOWS.len()][key % WINDOWS.len()];
        }
        match key - windowed {
            0 => self.tvl,
            1 => self.fee_pct,
            2 => self.bin_step,
            3 => self.created_at_ms as f64,
            4 => self.farm_apy,
            _ => self.farm_apr,
        }
    }

    fn text_matches(&self, field: &str, value: &str) -> bool {
        match field {
            "pool_address" | "address" => self.address == value,
            "name" => self.name == value,
            "token_x" => &*self.mint_x == value || self.symbol_x == value,
            "token_y" => &*self.mint_y == value || self.symbol_y == value,
            "launchpad" => self.launchpad == value,
            "tags" => self.tags.contains(&value),
            _ => false,
        }
    }
}

/// The index of a sort field (`"volume_24h"`, `"tvl"`, …), or a numeric filter field.
pub fn key_index(field: &str) -> Option<usize> {
    for (m, metric) in METRICS.iter().enumerate() {
        if let Some(window) = field.strip_prefix(metric).and_then(|rest| rest.strip_prefix('_'))
            && let Some(w) = WINDOWS.iter().position(|x| *x == window)
        {
            return Some(m * WINDOWS.len() + w);
        }
    }
    let plain =
        |name: &str| PLAIN_SORT_FIELDS.iter().position(|f| *f == name).map(|p| METRICS.len() * WINDOWS.len() + p);
    match field {
        "base_fee_pct" => plain("fee_pct"),
        "farm_apr" => Some(FARM_APR),
        _ => plain(field),
    }
}

/// A filter clause resolved against the table's fields.
#[derive(Clone, Debug)]
enum Condition {
    Numeric { key: usize, op: Op, value: f64 },
    Boolean { field: &'static str, value: bool },
    Text { field: String, values: Vec<String> },
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Eq,
    Gt,
    Ge,
    Lt,
    Le,
}

/// Parsed filters, ready to test rows.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    conditions: Vec<Condition>,
}

impl Filter {
    /// Resolves parsed clauses (which [`super::grammar::parse_filter_by`] already checked).
    pub fn new(clauses: &[FilterClause]) -> Result<Self, String> {
        let mut conditions = Vec::new();
        for c in clauses {
            let value = c.values.first().map(String::as_str).unwrap_or_default();
            let condition = match field_kind(&c.field) {
                Some(FieldKind::Numeric) => {
                    let key = key_index(&c.field).ok_or_else(|| format!("filter_by: unknown field {:?}", c.field))?;
                    let op = match c.op.as_str() {
                        "=" => Op::Eq,
                        ">" => Op::Gt,
                        ">=" => Op::Ge,
                        "<" => Op::Lt,
                        "<=" => Op::Le,
                        other => return Err(format!("filter_by: unknown operator {other:?}")),
                    };
                    let value = value.parse::<f64>().map_err(|_| format!("filter_by: {value:?} is not a number"))?;
                    Condition::Numeric { key, op, value }
                }
                Some(FieldKind::Boolean) => Condition::Boolean {
                    field: if c.field == "has_farm" { "has_farm" } else { "is_blacklisted" },
                    value: value == "true",
                },
                Some(FieldKind::Text) => Condition::Text { field: c.field.clone(), values: c.values.clone() },
                None => return Err(format!("filter_by: unknown field {:?}", c.field)),
            };
            conditions.push(condition);
        }
        Ok(Self { conditions })
    }

    /// Narrows `mask` (indexed by row) to the rows passing every condition, testing numeric and boolean
    /// conditions column by column (sequential memory, no row is touched).
    fn narrow(&self, table: &PoolTable, mask: &mut [bool]) {
        for condition in &self.conditions {
            match condition {
                Condition::Numeric { key, op, value } => {
                    let (column, x) = (&table.columns[*key], *value);
                    // One monomorphic loop per operator, so the comparison inlines and vectorizes.
                    match op {
                        Op::Eq => narrow_by(mask, column, |v| v == x),
                        Op::Gt => narrow_by(mask, column, |v| v > x),
                        Op::Ge => narrow_by(mask, column, |v| v >= x),
                        Op::Lt => narrow_by(mask, column, |v| v < x),
                        Op::Le => narrow_by(mask, column, |v| v <= x),
                    }
                }
                Condition::Boolean { field, value } => {
                    let column = if *field == "has_farm" { &table.has_farm } else { &table.blacklisted };
                    let value = *value;
                    for (keep, &v) in mask.iter_mut().zip(column) {
                        *keep &= v == value;
                    }
                }
                Condition::Text { field, values } => {
                    for (keep, row) in mask.iter_mut().zip(&table.rows) {
                        *keep = *keep && values.iter().any(|v| row.text_matches(field, v));
                    }
                }
            }
        }
    }

    /// Whether `row` passes every condition.
    pub fn matches(&self, row: &Row) -> bool {
        self.conditions.iter().all(|c| match c {
            Condition::Numeric { key, op, value } => {
                let v = row.value(*key);
                match op {
                    Op::Eq => v == *value,
                    Op::Gt => v > *value,
                    Op::Ge => v >= *value,
                    Op::Lt => v < *value,
                    Op::Le => v <= *value,
                }
            }
            Condition::Boolean { field, value } => {
                (if *field == "has_farm" { row.has_farm } else { row.is_blacklisted }) == *value
            }
            Condition::Text { field, values } => values.iter().any(|v| row.text_matches(field, v)),
        })
    }
}

fn narrow_by(mask: &mut [bool], column: &[f64], test: impl Fn(f64) -> bool) {
    for (keep, &v) in mask.iter_mut().zip(column) {
        *keep &= test(v);
    }
}

/// Pools sharing the same two mints.
#[derive(Clone, Debug)]
pub struct Group {
    /// Both mints sorted byte-wise, joined with `-`.
    pub lexical_order_mints: String,
    /// The name of its first pool.
    pub name: String,
    /// Rows of its pools, ascending.
    pub rows: Vec<u32>,
}

/// One service's pools.
pub struct PoolTable {
    /// The rows.
    pub rows: Vec<Row>,
    /// Groups in order of first appearance.
    pub groups: Vec<Group>,
    by_address: HashMap<String, u32>,
    group_by_key: HashMap<String, u32>,
    /// One column per sort key (and `farm_apr`), indexed by row.
    columns: Vec<Vec<f64>>,
    blacklisted: Vec<bool>,
    has_farm: Vec<bool>,
    orders: Vec<Vec<u32>>,
    /// The free-text index over the rows.
    pub search: SearchIndex,
}

impl std::fmt::Debug for PoolTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolTable").field("rows", &self.rows.len()).field("groups", &self.groups.len()).finish()
    }
}

/// A selection of rows: the page and how many matched.
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    /// Rows of the page, in order.
    pub rows: Vec<u32>,
    /// How many rows matched before paging.
    pub total: usize,
}

impl PoolTable {
    /// Indexes `rows` (their `group` fields are assigned here).
    pub fn new(mut rows: Vec<Row>) -> Self {
        let mut groups: Vec<Group> = Vec::new();
        let mut group_by_key: HashMap<String, u32> = HashMap::new();
        for (i, row) in rows.iter_mut().enumerate() {
            let key = crate::dataset::pairs::lexical_key(&row.mint_x, &row.mint_y);
            let group = *group_by_key.entry(key.clone()).or_insert_with(|| {
                groups.push(Group { lexical_order_mints: key, name: row.name.clone(), rows: Vec::new() });
                (groups.len() - 1) as u32
            });
            row.group = group;
            groups[group as usize].rows.push(i as u32);
        }
        let by_address = rows.iter().enumerate().map(|(i, r)| (r.address.clone(), i as u32)).collect();
        let search = SearchIndex::build(rows.iter().map(|r| (r.name.as_str(), &*r.mint_x, &*r.mint_y)));
        let columns: Vec<Vec<f64>> = (0..=FARM_APR).map(|key| rows.iter().map(|r| r.value(key)).collect()).collect();
        // Every sort order is ready before the first request: one sort of a column per key.
        let orders = columns[..SORT_KEYS]
            .iter()
            .map(|column| {
                let mut order: Vec<u32> = (0..rows.len() as u32).collect();
                order.sort_by(|&a, &b| column[a as usize].total_cmp(&column[b as usize]).then(a.cmp(&b)));
                order
            })
            .collect();
        Self {
            blacklisted: rows.iter().map(|r| r.is_blacklisted).collect(),
            has_farm: rows.iter().map(|r| r.has_farm).collect(),
            rows,
            groups,
            by_address,
            group_by_key,
            columns,
            orders,
            search,
        }
    }

    /// The row of `address`.
    pub fn row_index(&self, address: &str) -> Option<usize> {
        self.by_address.get(address).map(|&i| i as usize)
    }

    /// The group whose key is `lexical_order_mints`.
    pub fn group_index(&self, lexical_order_mints: &str) -> Option<usize> {
        self.group_by_key.get(lexical_order_mints).map(|&i| i as usize)
    }

    /// Rows matching `filter`, the free-text `query` (name, mints, or the exact pool address) and, when given,
    /// membership of `within`, in `sort` order; then the 1-based page `page` of `page_size`.
    pub fn select(
        &self,
        sort: &SortClause,
        filter: &Filter,
        query: Option<&str>,
        within: Option<&[u32]>,
        page: usize,
        page_size: usize,
    ) -> Selection {
        let key = key_index(&sort.field).unwrap_or(0);
        let start = (page - 1).saturating_mul(page_size);
        let candidates: Option<Vec<u32>> = match (query, within) {
            (Some(q), _) => {
                let mut hits = self.search.search(q);
                if let Some(row) = self.row_index(q.trim()) {
                    hits.push(row as u32);
                    hits.sort_unstable();
                    hits.dedup();
                }
                if let Some(within) = within {
                    hits.retain(|r| within.binary_search(r).is_ok());
                }
                Some(hits)
            }
            (None, Some(within)) => Some(within.to_vec()),
            (None, None) => None,
        };
        match candidates {
            // Few candidates: sort them directly.
            Some(mut rows) if rows.len() * 8 < self.rows.len() => {
                rows.retain(|&r| filter.matches(&self.rows[r as usize]));
                rows.sort_by(|&a, &b| {
                    let order = self.rows[a as usize].value(key).total_cmp(&self.rows[b as usize].value(key));
                    if sort.descending { order.reverse().then(b.cmp(&a)) } else { order.then(a.cmp(&b)) }
                });
                let total = rows.len();
                let page_rows = rows.into_iter().skip(start).take(page_size).collect();
                Selection { rows: page_rows, total }
            }
            candidates => {
                let n = self.rows.len();
                let mut mask: Option<Vec<bool>> = candidates.map(|rows| {
                    let mut member = vec![false; n];
                    rows.iter().for_each(|&r| member[r as usize] = true);
                    member
                });
                if !filter.conditions.is_empty() {
                    filter.narrow(self, mask.get_or_insert_with(|| vec![true; n]));
                }
                let order = &self.orders[key];
                let Some(mask) = mask else {
                    let page_rows: Vec<u32> = if sort.descending {
                        order.iter().rev().skip(start).take(page_size).copied().collect()
                    } else {
                        order.iter().skip(start).take(page_size).copied().collect()
                    };
                    return Selection { rows: page_rows, total: n };
                };
                let total = mask.iter().filter(|&&keep| keep).count();
                let forward = (!sort.descending).then(|| order.iter());
                let backward = sort.descending.then(|| order.iter().rev());
                let page_rows = forward
                    .into_iter()
                    .flatten()
                    .chain(backward.into_iter().flatten())
                    .copied()
                    .filter(|&r| mask[r as usize])
                    .skip(start)
                    .take(page_size)
                    .collect();
                Selection { rows: page_rows, total }
            }
        }
    }
}
