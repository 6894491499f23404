//! The list operations' selection: filter, order by the precomputed sort order, put `pools_to_top` first, page.
//!
//! `total` is the number of matching items (pairs, or groups for the grouped operations) before paging. A page
//! starts at `page * limit + skip_size`. Groups are ordered by their best matching pair (the first one met in the
//! pair order) and hold their matching pairs in that order.

use std::collections::HashMap;

use serde::Serialize;

use crate::dataset::Dataset;
use crate::query::ListQuery;
use crate::search::SearchIndex;

/// One page of matching items and how many matched.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<T> {
    /// The items of the page.
    pub items: Vec<T>,
    /// How many items matched before paging.
    pub total: usize,
}

fn window(q: &ListQuery) -> (usize, usize) {
    let start = q.page.saturating_mul(q.limit).saturating_add(q.skip_size);
    (start, start.saturating_add(q.limit))
}

/// Matching pair indexes in list order: `pools_to_top` first (those that match), then the rest by the sort key.
/// `search_term` is answered from `search`, an index over the pairs (row `i` is pair `i`).
fn ordered_matches<'a>(
    d: &'a Dataset,
    search: &SearchIndex,
    q: &'a ListQuery,
) -> (Vec<u32>, impl Iterator<Item = u32> + 'a) {
    let hits: Option<Vec<bool>> = q.search_term.as_deref().map(|term| {
        let mut member = vec![false; d.pairs.len()];
        search.search(term).into_iter().for_each(|i| member[i as usize] = true);
        member
    });
    let passes =
        move |i: u32| hits.as_ref().is_none_or(|h| h[i as usize]) && q.matches_except_search(&d.pairs[i as usize]);
    let mut top: Vec<u32> = Vec::new();
    for address in &q.pools_to_top {
        if let Some(i) = d.pair_index(address)
            && passes(i as u32)
            && !top.contains(&(i as u32))
        {
            top.push(i as u32);
        }
    }
    let order = d.sort_order(q.sort_key);
    let forward = (!q.descending).then(|| order.iter().copied());
    let backward = q.descending.then(|| order.iter().rev().copied());
    let top_set = top.clone();
    let rest = forward
        .into_iter()
        .flatten()
        .chain(backward.into_iter().flatten())
        .filter(move |&i| passes(i) && !top_set.contains(&i));
    (top, rest)
}

/// The page of pair indexes for `/pair/all_with_pagination`; `search_term` is answered from `search`, an index over
/// the pairs.
pub fn select_pairs(d: &Dataset, search: &SearchIndex, q: &ListQuery) -> Page<u32> {
    let (start, end) = window(q);
    let (top, rest) = ordered_matches(d, search, q);
    let mut items = Vec::new();
    let mut total = 0;
    for i in top.into_iter().chain(rest) {
        if total >= start && total < end {
            items.push(i);
        }
        total += 1;
    }
    Page { items, total }
}

/// The page of groups (group index, its matching pairs in order) for the grouped operations; `search_term` is
/// answered from `search`, an index over the pairs.
pub fn select_groups(d: &Dataset, search: &SearchIndex, q: &ListQuery) -> Page<(u32, Vec<u32>)> {
    let (start, end) = window(q);
    let (top, rest) = ordered_matches(d, search, q);
    let mut slot_of_group: HashMap<u32, usize> = HashMap::new();
    let mut total = 0;
    let mut items: Vec<(u32, Vec<u32>)> = Vec::new();
    for i in top.into_iter().chain(rest) {
        let group = d.pairs[i as usize].group;
        let slot = *slot_of_group.entry(group).or_insert_with(|| {
            total += 1;
            if total > start && total <= end {
                items.push((group, Vec::new()));
                items.len() - 1
            } else {
                usize::MAX
            }
        });
        if slot != usize::MAX {
            items[slot].1.push(i);
        }
    }
    Page { items, total }
}

/// `CustomGroupFeeTvlRatio`.
#[derive(Clone, Debug, Serialize)]
pub struct CustomGroupFeeTvlRatio {
    /// Min 30 min fee/TVL.
    pub min_fee_tvl_ratio_min_30: f64,
    /// Max 30 min fee/TVL.
    pub max_fee_tvl_ratio_min_30: f64,
    /// Min 1 h fee/TVL.
    pub min_fee_tvl_ratio_hour_1: f64,
    /// Max 1 h fee/TVL.
    pub max_fee_tvl_ratio_hour_1: f64,
    /// Min 2 h fee/TVL.
    pub min_fee_tvl_ratio_hour_2: f64,
    /// Max 2 h fee/TVL.
    pub max_fee_tvl_ratio_hour_2: f64,
    /// Min 4 h fee/TVL.
    pub min_fee_tvl_ratio_hour_4: f64,
    /// Max 4 h fee/TVL.
    pub max_fee_tvl_ratio_hour_4: f64,
    /// Min 12 h fee/TVL.
    pub min_fee_tvl_ratio_hour_12: f64,
    /// Max 12 h fee/TVL.
    pub max_fee_tvl_ratio_hour_12: f64,
}

/// `CustomGroupVolume`.
#[derive(Clone, Debug, Serialize)]
pub struct CustomGroupVolume {
    /// Sum of 30 min volume.
    pub total_trade_volume_min_30: f64,
    /// Sum of 1 h volume.
    pub total_trade_volume_hour_1: f64,
    /// Sum of 2 h volume.
    pub total_trade_volume_hour_2: f64,
    /// Sum of 4 h volume.
    pub total_trade_volume_hour_4: f64,
    /// Sum of 12 h volume.
    pub total_trade_volume_hour_12: f64,
}

/// `PairGroupMetadata`, summarizing a group's matching pairs.
#[derive(Clone, Debug, Serialize)]
pub struct PairGroupMetadata {
    /// Group name.
    pub name: String,
    /// The group key.
    pub lexical_order_mints: String,
    /// Sum of 24 h volume.
    pub total_trade_volume: f64,
    /// Sum of TVL.
    pub total_tvl: f64,
    /// Min 24 h fee/TVL.
    pub min_fee_tvl_ratio: f64,
    /// Max 24 h fee/TVL.
    pub max_fee_tvl_ratio: f64,
    /// Min farm APR.
    pub min_lm_apr: f64,
    /// Max farm APR.
    pub max_lm_apr: f64,
    /// Per-window fee/TVL ranges.
    pub custom_fee_tvl_ratio: CustomGroupFeeTvlRatio,
    /// Per-window volume sums.
    pub custom_volume: CustomGroupVolume,
}

fn min_max(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values {
        low = low.min(v);
        high = high.max(v);
    }
    if low > high { (0.0, 0.0) } else { (low, high) }
}

/// The metadata of group `group` over the pairs `pairs`.
pub fn group_metadata(d: &Dataset, group: u32, pairs: &[u32]) -> PairGroupMetadata {
    let members: Vec<_> = pairs.iter().map(|&i| &d.pairs[i as usize]).collect();
    let ratio = |w: usize| min_max(members.iter().map(|p| p.fee_tvl_ratio.values()[w]));
    let volume = |w: usize| crate::dataset::round(members.iter().map(|p| p.volume.values()[w]).sum(), 2);
    let (min_fee_tvl_ratio, max_fee_tvl_ratio) = ratio(5);
    let (min_lm_apr, max_lm_apr) = min_max(members.iter().map(|p| p.farm_apr));
    let g = &d.groups[group as usize];
    PairGroupMetadata {
        name: g.name.clone(),
        lexical_order_mints: g.lexical_order_mints.clone(),
        total_trade_volume: volume(5),
        total_tvl: crate::dataset::round(members.iter().map(|p| p.liquidity_usd).sum(), 2),
        min_fee_tvl_ratio,
        max_fee_tvl_ratio,
        min_lm_apr,
        max_lm_apr,
        custom_fee_tvl_ratio: CustomGroupFeeTvlRatio {
            min_fee_tvl_ratio_min_30: ratio(0).0,
            max_fee_tvl_ratio_min_30: ratio(0).1,
            min_fee_tvl_ratio_hour_1: ratio(1).0,
            max_fee_tvl_ratio_hour_1: ratio(1).1,
            min_fee_tvl_ratio_hour_2: ratio(2).0,
            max_fee_tvl_ratio_hour_2: ratio(2).1,
            min_fee_tvl_ratio_hour_4: ratio(3).0,
            max_fee_tvl_ratio_hour_4: ratio(3).1,
            min_fee_tvl_ratio_hour_12: ratio(4).0,
            max_fee_tvl_ratio_hour_12: ratio(4).1,
        },
        custom_volume: CustomGroupVolume {
            total_trade_volume_min_30: volume(0),
            total_trade_volume_hour_1: volume(1),
            total_trade_volume_hour_2: volume(2),
            total_trade_volume_hour_4: volume(3),
            total_trade_volume_hour_12: volume(4),
        },
    }
}
