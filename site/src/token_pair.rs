//! A token pair's pools and the pool groups without the group routes, which the live DLMM host's July 2026 spec no
//! longer lists (a field report says its router reads `groups` as a pool address). A pair's pools are the pools with
//! `token_x = a && token_y = b` and those with the mints swapped: two requests, merged here, sorted by the view's
//! metric (each list arrives sorted by it) and paged here. Groups, when the host does not serve them, are built from
//! the pools of one request and say so. Plain functions, unit-tested natively.

use std::collections::BTreeMap;

use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::{Group, Pool};
use dlmm_query::datapi::ops::dlmm::GetPools;
use dlmm_query::datapi::params::{Direction, FilterBy, SortField, TextField, Timeframe, WindowedMetric};

use crate::pool_list::{GroupsView, PoolsView, SortChoice, window_value};

/// The most pools one request brings (the datapi's largest `/pools` page): a pair's pools in one orientation, or the
/// pools groups are built from.
pub const POOLS_PER_REQUEST: u32 = dlmm_query::datapi::params::MAX_POOLS_PAGE_SIZE;

/// The two conditions of a pair's pools, `token_x = a && token_y = b` and the swapped one, each added to `base`
/// (the view's other conditions). One value per text condition: the `=[a|b]` form returns nothing live.
pub fn pair_filters(base: Option<FilterBy>, mint_a: &str, mint_b: &str) -> [FilterBy; 2] {
    let side = |x: &str, y: &str| {
        base.clone().unwrap_or_default().text(TextField::TokenX, x.to_owned()).text(TextField::TokenY, y.to_owned())
    };
    [side(mint_a, mint_b), side(mint_b, mint_a)]
}

/// The two `GET /pools` of a token pair's pools in `view` (sorted, filtered): `token_x = a && token_y = b` and the
/// swapped one, each a first page of the most pools a page holds (merged and paged by [`merge_pair`]). Works whether
/// or not the host serves the group routes.
pub fn pair_operations(view: &PoolsView, mint_a: &str, mint_b: &str) -> [GetPools; 2] {
    pair_filters(view.filter_by(), mint_a, mint_b)
        .map(|filter| GetPools::new().page_size(POOLS_PER_REQUEST).sort_by(view.sort_by()).filter_by(filter))
}

/// The `GET /pools` groups are built from where the host does not serve `/pools/groups`: the most pools a page
/// holds, sorted by `view`'s metric (its search too).
pub fn group_pools_operation(view: &GroupsView) -> GetPools {
    let op = GetPools::new().page_size(POOLS_PER_REQUEST).sort_by(view.sort.sort_by(view.window, view.direction));
    if view.search.is_empty() { op } else { op.query(view.search.clone()) }
}

/// The value a pool list is sorted by, for `sort` over `window`: `None` where the pool record does not carry it
/// (a 5-minute window).
pub fn metric(pool: &Pool, sort: SortChoice, window: Timeframe) -> Option<f64> {
    match sort {
        SortChoice::Windowed(WindowedMetric::Volume) => window_value(&pool.volume, window),
        SortChoice::Windowed(WindowedMetric::Fee) => window_value(&pool.fees, window),
        // The datapi's `apr` is its fee/TVL ratio (`apr == fee_tvl_ratio["24h"]`), window by window.
        SortChoice::Windowed(WindowedMetric::FeeTvlRatio | WindowedMetric::Apr) => {
            window_value(&pool.fee_tvl_ratio, window)
        }
        SortChoice::Field(SortField::Tvl) => Some(pool.tvl),
        SortChoice::Field(SortField::FeePct) => Some(pool.pool_config.base_fee_pct),
        SortChoice::Field(SortField::BinStep) => Some(f64::from(pool.pool_config.bin_step)),
        SortChoice::Field(SortField::PoolCreatedAt) => Some(pool.created_at as f64),
        SortChoice::Field(SortField::FarmApy) => Some(pool.farm_apy),
    }
    .filter(|value| !value.is_nan())
}

/// Orders `items` by `key` in `direction`, keeping the given order between equal or unknown keys.
fn sort_by_key<T>(items: &mut [T], direction: Direction, key: impl Fn(&T) -> Option<f64>) {
    items.sort_by(|a, b| match (key(a), key(b)) {
        (Some(a), Some(b)) if direction == Direction::Asc => a.total_cmp(&b),
        (Some(a), Some(b)) => b.total_cmp(&a),
        _ => std::cmp::Ordering::Equal,
    });
}

/// Page `page` (from 1) of `size` items of `items`, as the datapi pages a list.
pub fn page_of<T: Clone>(items: &[T], page: u32, size: u32) -> Paginated<T> {
    let size = size.max(1);
    let total = items.len() as u64;
    let start = (u64::from(page.max(1)) - 1).saturating_mul(u64::from(size));
    let data = items.iter().skip(usize::try_from(start).unwrap_or(usize::MAX)).take(size as usize).cloned().collect();
    Paginated {
        total,
        pages: total.div_ceil(u64::from(size)),
        current_page: u64::from(page.max(1)),
        page_size: u64::from(size),
        data,
    }
}

/// A pair's pools from its two lists (each sorted by the view): every pool once, sorted by `sort` over `window` in
/// `direction`, and page `page` of `size`.
pub fn merge_pair(
    lists: [&[Pool]; 2],
    (sort, window, direction): (SortChoice, Timeframe, Direction),
    (page, size): (u32, u32),
) -> Paginated<Pool> {
    let mut pools: Vec<Pool> = Vec::with_capacity(lists[0].len() + lists[1].len());
    for pool in lists.into_iter().flatten() {
        if !pools.iter().any(|p| p.address == pool.address) {
            pools.push(pool.clone());
        }
    }
    sort_by_key(&mut pools, direction, |p| metric(p, sort, window));
    page_of(&pools, page, size)
}

/// The mints of a pool in byte-wise order joined with `-`: its group's key.
pub fn group_key(pool: &Pool) -> String {
    let (x, y) = (pool.token_x.address.as_str(), pool.token_y.address.as_str());
    if x <= y { format!("{x}-{y}") } else { format!("{y}-{x}") }
}

/// The groups of `pools` as the group routes sum them over `window` (pools, TVL and volume summed, the best
/// fee/TVL, a farm if any pool has one), sorted by `sort` in `direction` (volume, fee/TVL or TVL; ties keep the
/// order their first pool came in).
pub fn groups_of(pools: &[Pool], sort: SortChoice, window: Timeframe, direction: Direction) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for pool in pools {
        let key = group_key(pool);
        let at = *index.entry(key.clone()).or_insert_with(|| {
            groups.push(Group {
                lexical_order_mints: key,
                group_name: pool.name.clone(),
                token_x: pool.token_x.symbol.clone(),
                token_y: pool.token_y.symbol.clone(),
                pool_count: 0,
                total_tvl: 0.0,
                total_volume: 0.0,
                max_fee_tvl_ratio: f64::NEG_INFINITY,
                has_farm: false,
            });
            groups.len() - 1
        });
        let group = &mut groups[at];
        group.pool_count += 1;
        group.total_tvl += pool.tvl;
        group.total_volume += window_value(&pool.volume, window).unwrap_or(0.0);
        group.max_fee_tvl_ratio = group.max_fee_tvl_ratio.max(window_value(&pool.fee_tvl_ratio, window).unwrap_or(0.0));
        group.has_farm |= pool.has_farm;
    }
    let key = |g: &Group| match sort {
        SortChoice::Windowed(WindowedMetric::FeeTvlRatio) => Some(g.max_fee_tvl_ratio),
        SortChoice::Field(SortField::Tvl) => Some(g.total_tvl),
        _ => Some(g.total_volume),
    };
    sort_by_key(&mut groups, direction, key);
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlmm_query::datapi::params::NumericField;
    use dlmm_query::ops::Operation;

    /// A pool of the mints `x`/`y` with `tvl` and a 24 h volume and fee/TVL of `volume` and `ratio`.
    fn pool(address: &str, x: &str, y: &str, tvl: f64, volume: f64, ratio: f64) -> Pool {
        let body = serde_json::json!({
            "address": address, "name": format!("{x}-{y}"), "reserve_x": "r", "reserve_y": "r",
            "token_x": {"address": x, "name": x, "symbol": x, "decimals": 6, "price": 1.0},
            "token_y": {"address": y, "name": y, "symbol": y, "decimals": 6, "price": 1.0},
            "token_x_amount": 1, "token_y_amount": 1, "created_at": 1_700_000_000_000u64, "reward_mint_x": "",
            "reward_mint_y": "", "pool_config": {"bin_step": 10, "base_fee_pct": 0.1, "max_fee_pct": 0,
            "protocol_fee_pct": 5, "collect_fee_mode": 0}, "dynamic_fee_pct": 0, "tvl": tvl, "current_price": 1,
            "apr": ratio, "apy": 0, "volume": windows(volume), "fees": windows(0.0), "protocol_fees": windows(0.0),
            "fee_tvl_ratio": windows(ratio)});
        serde_json::from_value(body).expect("a pool")
    }

    fn windows(v: f64) -> serde_json::Value {
        serde_json::json!({"30m": v, "1h": v, "2h": v, "4h": v, "12h": v, "24h": v})
    }

    #[test]
    fn a_pairs_pools_are_two_filtered_pool_lists_never_a_multi_value_filter() {
        let view = PoolsView { min_tvl: 10.0, ..PoolsView::default() };
        let (a, b) = ("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "So11111111111111111111111111111111111111112");
        let [ab, ba] = pair_operations(&view, a, b).map(|op| op.request().unwrap());
        assert_eq!(ab.path, "/pools");
        let decoded = |q: &str| q.replace("%3D", "=").replace("%26", "&").replace("%3E", ">").replace('+', " ");
        assert!(decoded(&ab.query).contains(&format!("token_x={a} && token_y={b}")), "{}", ab.query);
        assert!(decoded(&ba.query).contains(&format!("token_x={b} && token_y={a}")), "{}", ba.query);
        assert!(ab.query.contains("tvl%3E%3D10") && ab.query.contains("page_size=1000"), "{}", ab.query);
        assert!(!ab.query.contains("%5B") && !ba.query.contains("%5B"), "never `=[a|b]`");
    }

    #[test]
    fn groups_are_built_from_the_top_pools_of_the_views_metric() {
        let view =
            GroupsView { search: "SOL".to_owned(), sort: SortChoice::Field(SortField::Tvl), ..GroupsView::default() };
        let built = group_pools_operation(&view).request().unwrap();
        assert_eq!(
            (built.path.as_str(), built.query.as_str()),
            ("/pools", "page_size=1000&query=SOL&sort_by=tvl%3Adesc")
        );
    }

    #[test]
    fn a_pair_is_asked_both_ways_one_value_per_condition() {
        let base = FilterBy::new().numeric(NumericField::Tvl, dlmm_query::datapi::params::Comparison::Ge, 5.0);
        let [ab, ba] = pair_filters(Some(base), "A", "B");
        let text = |f: &FilterBy| format!("{f:?}");
        assert!(text(&ab).contains("TokenX") && text(&ab).contains("\"A\"") && text(&ba).contains("\"B\""));
        assert_ne!(ab, ba);
        assert_eq!(
            pair_filters(None, "A", "B")[0],
            FilterBy::new().text(TextField::TokenX, "A").text(TextField::TokenY, "B")
        );
    }

    #[test]
    fn a_pairs_two_lists_merge_sorted_deduplicated_and_paged() {
        let ab = [pool("p1", "A", "B", 10.0, 50.0, 1.0), pool("p3", "A", "B", 30.0, 5.0, 3.0)];
        let ba = [pool("p2", "B", "A", 20.0, 40.0, 2.0), pool("p1", "A", "B", 10.0, 50.0, 1.0)];
        let by_volume = (SortChoice::Windowed(WindowedMetric::Volume), Timeframe::H24, Direction::Desc);
        let page = merge_pair([&ab, &ba], by_volume, (1, 2));
        let addresses: Vec<&str> = page.data.iter().map(|p| p.address.as_str()).collect();
        assert_eq!(addresses, ["p1", "p2"]);
        assert_eq!((page.total, page.pages, page.current_page, page.page_size), (3, 2, 1, 2));
        let last = merge_pair([&ab, &ba], by_volume, (2, 2));
        assert_eq!(last.data.iter().map(|p| p.address.as_str()).collect::<Vec<_>>(), ["p3"]);
        let by_tvl = (SortChoice::Field(SortField::Tvl), Timeframe::H24, Direction::Asc);
        let all = merge_pair([&ab, &ba], by_tvl, (1, 25));
        assert_eq!(all.data.iter().map(|p| p.tvl).collect::<Vec<_>>(), [10.0, 20.0, 30.0]);
        // No 5-minute window in a pool record: the lists' own order is kept.
        let five = merge_pair(
            [&ab, &ba],
            (SortChoice::Windowed(WindowedMetric::Volume), Timeframe::M5, Direction::Desc),
            (1, 25),
        );
        assert_eq!(five.data.iter().map(|p| p.address.as_str()).collect::<Vec<_>>(), ["p1", "p3", "p2"]);
        assert_eq!(merge_pair([&[], &[]], by_tvl, (1, 25)).total, 0);
    }

    #[test]
    fn groups_are_summed_from_pools_either_way_round() {
        let pools = [
            pool("p1", "A", "B", 10.0, 50.0, 1.0),
            pool("p2", "B", "A", 20.0, 40.0, 4.0),
            pool("p3", "C", "A", 5.0, 100.0, 2.0),
        ];
        let by_volume =
            groups_of(&pools, SortChoice::Windowed(WindowedMetric::Volume), Timeframe::H24, Direction::Desc);
        assert_eq!(by_volume.len(), 2);
        let ab = by_volume.iter().find(|g| g.lexical_order_mints == "A-B").unwrap();
        assert_eq!((ab.pool_count, ab.total_tvl, ab.total_volume, ab.max_fee_tvl_ratio), (2, 30.0, 90.0, 4.0));
        assert_eq!(by_volume[0].lexical_order_mints, "A-C", "100 before 90");
        let by_tvl = groups_of(&pools, SortChoice::Field(SortField::Tvl), Timeframe::H24, Direction::Desc);
        assert_eq!(by_tvl[0].lexical_order_mints, "A-B");
        assert_eq!(page_of(&by_tvl, 2, 1).data[0].lexical_order_mints, "A-C");
        assert_eq!(page_of(&by_tvl, 3, 1).data.len(), 0);
    }
}
