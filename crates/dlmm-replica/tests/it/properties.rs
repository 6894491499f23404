//! Invariants of the default dataset (the vendor's relations, cross-references, sums, analytics coverage) and
//! property tests of the list semantics (sorting, totals, paging, filters).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use dlmm_replica::datapi::DatapiViews;
use dlmm_replica::dataset::SortKey;
use dlmm_replica::dataset::analytics::{self, SWAP_HISTORY_LEN};
use dlmm_replica::dataset::pairs::{apy_of_daily_percent, lexical_key};
use dlmm_replica::dataset::positions::usd_at;
use dlmm_replica::dataset::time::{DAY, day_date, rfc3339_micros, snapshot_unix};
use dlmm_replica::dataset::tokens::NO_FARM;
use dlmm_replica::dataset::{DEFAULT_PAIRS, Earning};
use dlmm_replica::listing::{select_groups, select_pairs};
use dlmm_replica::query::ListQuery;
use dlmm_replica::{Dataset, World};
use proptest::prelude::*;

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| World::new(Dataset::generate(42, 12, DEFAULT_PAIRS)))
}

fn dataset() -> &'static Dataset {
    &world().dataset
}

fn datapi() -> &'static DatapiViews {
    &world().datapi
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a - b).abs() <= relative * a.abs().max(b.abs()) + 1e-12
}

#[test]
fn no_pool_pairs_a_token_with_itself_or_with_its_own_symbol() {
    let d = dataset();
    for pair in &d.pairs {
        let (x, y) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
        assert!(x.mint != y.mint && x.symbol != y.symbol, "DLMM {}: {} / {}", pair.name, x.mint, y.mint);
    }
    for pool in &datapi().damm_v2_pools {
        let (x, y) = (&d.tokens[pool.token_x as usize], &d.tokens[pool.token_y as usize]);
        assert!(x.mint != y.mint && x.symbol != y.symbol, "DAMM v2 {}", pool.name);
    }
}

#[test]
fn pairs_obey_the_vendor_relations() {
    let d = dataset();
    assert_eq!(d.pairs.len(), DEFAULT_PAIRS);
    let window_keys: HashSet<&str> = ["min_30", "hour_1", "hour_2", "hour_4", "hour_12", "hour_24"].into();
    let mut addresses = HashSet::new();
    for p in &d.pairs {
        assert!(addresses.insert(p.address.clone()), "duplicate {}", p.address);
        let json = serde_json::to_value(p).unwrap();
        for window in ["fees", "fee_tvl_ratio", "volume"] {
            let keys: HashSet<&str> = json[window].as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, window_keys, "{window} of {}", p.address);
        }
        for field in [
            "base_fee_percentage",
            "max_fee_percentage",
            "protocol_fee_percentage",
            "liquidity",
            "cumulative_trade_volume",
            "cumulative_fee_volume",
        ] {
            let text = json[field].as_str().unwrap_or_else(|| panic!("{field} is a string"));
            assert!(text.parse::<f64>().is_ok(), "{field} = {text:?}");
        }
        assert!(json["reserve_x_amount"].is_u64() && json["reserve_y_amount"].is_u64());
        assert_eq!(p.fees.hour_24, p.fees_24h);
        assert_eq!(p.volume.hour_24, p.trade_volume_24h);
        let liquidity: f64 = p.liquidity.parse().unwrap();
        assert_eq!(liquidity, p.liquidity_usd);
        assert!(liquidity > 0.0);
        assert!(close(p.fee_tvl_ratio.hour_24, p.fees_24h / liquidity * 100.0, 1e-12), "{}", p.address);
        assert_eq!(p.apr, p.fee_tvl_ratio.hour_24);
        assert_eq!(p.apy, ((1.0 + p.apr / 100.0).powi(365) - 1.0) * 100.0);
        assert!(p.apy.is_finite());
        for (fee, ratio) in p.fees.values().iter().zip(p.fee_tvl_ratio.values()) {
            assert!(close(ratio, fee / liquidity * 100.0, 1e-12));
        }
        assert!(p.volume.values().windows(2).all(|w| w[0] <= w[1]), "volume windows grow: {:?}", p.volume);
        let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
        let value = p.reserve_x_amount as f64 / 10f64.powi(tx.decimals as i32) * tx.price_usd
            + p.reserve_y_amount as f64 / 10f64.powi(ty.decimals as i32) * ty.price_usd;
        assert!(close(liquidity, value, 1e-9) || (liquidity - value).abs() < 1e-5, "{liquidity} vs {value}");
        assert_eq!(p.name, format!("{}-{}", tx.symbol, ty.symbol));
        assert_eq!((&*p.mint_x, &*p.mint_y), (&*tx.mint, &*ty.mint));
        assert_eq!(p.is_verified, tx.is_verified && ty.is_verified);
        let lexical = p.lexical_order_mints();
        let mut mints = [p.mint_x.as_bytes(), p.mint_y.as_bytes()];
        mints.sort();
        assert_eq!(lexical.as_bytes(), [mints[0], b"-", mints[1]].concat());
        let farmed = &*p.reward_mint_x != NO_FARM;
        assert_eq!(farmed, p.farm_apr > 0.0, "farm apr follows the reward mint");
        assert!(p.base_fee_bps() <= p.max_fee_bps());
    }
    let under_100 = d.pairs.iter().filter(|p| p.liquidity_usd < 100.0).count();
    assert!(under_100 * 2 > d.pairs.len(), "most pools are dust: {under_100}");
    assert!(d.pairs.iter().any(|p| p.reserve_x_amount > 1 << 53 || p.reserve_y_amount > 1 << 53));
    assert!(d.pairs.iter().any(|p| p.name.contains('$')));
    assert!(d.pairs.iter().any(|p| !p.name.is_ascii()));
    let mut symbol_mints: HashMap<&str, HashSet<&str>> = HashMap::new();
    for t in &d.tokens {
        symbol_mints.entry(&t.symbol).or_default().insert(&t.mint);
    }
    assert!(symbol_mints.values().any(|m| m.len() > 1), "some symbol repeats across mints");
}

#[test]
fn groups_are_keyed_by_lexical_mints() {
    let d = dataset();
    let mut seen = 0;
    for (g, group) in d.groups.iter().enumerate() {
        assert_eq!(d.group_index(&group.lexical_order_mints), Some(g));
        for &i in &group.pairs {
            let p = &d.pairs[i as usize];
            assert_eq!(p.lexical_order_mints(), group.lexical_order_mints);
            assert_eq!(p.group as usize, g);
            seen += 1;
        }
    }
    assert_eq!(seen, d.pairs.len());
    assert!(d.groups.iter().any(|g| g.pairs.len() >= 2));
}

#[test]
fn positions_follow_prices_and_sum_into_earnings() {
    let d = dataset();
    let mut sums: HashMap<(u32, u32), Earning> = HashMap::new();
    let mut locked = 0;
    for p in &d.positions {
        let pair = &d.pairs[p.pair as usize];
        assert_eq!(d.pair_index(&pair.address), Some(p.pair as usize), "the position's pair exists");
        assert_eq!(d.position_index(&p.address).map(|i| &d.positions[i].address), Some(&p.address));
        let (tx, ty) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
        let created = p.created_at_micros.div_euclid(1_000_000);
        assert!((snapshot_unix() - 255 * DAY..=snapshot_unix()).contains(&created));
        let stamp = rfc3339_micros(p.created_at_micros);
        assert_eq!(stamp.len(), 27, "{stamp}");
        assert!(!p.deposits.is_empty());
        for e in p.deposits.iter().chain(&p.withdraws) {
            assert!(e.onchain_timestamp >= created);
            let t = e.onchain_timestamp;
            assert!(close(e.token_x_usd_amount, usd_at(e.token_x_amount, tx, t), 1e-12));
            assert!(close(e.token_y_usd_amount, usd_at(e.token_y_amount, ty, t), 1e-12));
            assert!(close(e.price, tx.price_at(t) / ty.price_at(t), 1e-12));
        }
        for c in &p.claim_fees {
            let t = c.onchain_timestamp;
            assert!(close(c.token_x_usd_amount, usd_at(c.token_x_amount, tx, t), 1e-12));
            assert!(close(c.token_y_usd_amount, usd_at(c.token_y_amount, ty, t), 1e-12));
        }
        for c in &p.claim_rewards {
            let mint = if c.is_reward_y { &pair.reward_mint_y } else { &pair.reward_mint_x };
            assert_eq!(c.reward_mint_address, &**mint);
            assert_ne!(c.reward_mint_address, NO_FARM);
            let token = d.token(&c.reward_mint_address).expect("the reward token exists");
            assert!(close(c.token_usd_amount, usd_at(c.token_amount, token, c.onchain_timestamp), 1e-12));
        }
        if p.lock.is_some() {
            locked += 1;
            assert!(d.locked_positions(p.pair as usize).iter().any(|&i| d.positions[i as usize].address == p.address));
        }
        if !p.claim_fees.is_empty() || !p.claim_rewards.is_empty() {
            let e = sums.entry((p.owner, p.pair)).or_default();
            e.fee_x += p.claim_fees.iter().map(|c| u128::from(c.token_x_amount)).sum::<u128>();
            e.fee_y += p.claim_fees.iter().map(|c| u128::from(c.token_y_amount)).sum::<u128>();
            e.reward_x +=
                p.claim_rewards.iter().filter(|c| !c.is_reward_y).map(|c| u128::from(c.token_amount)).sum::<u128>();
            e.reward_y +=
                p.claim_rewards.iter().filter(|c| c.is_reward_y).map(|c| u128::from(c.token_amount)).sum::<u128>();
            e.fee_usd += p.claim_fees.iter().map(|c| c.token_x_usd_amount + c.token_y_usd_amount).sum::<f64>();
            e.reward_usd += p.claim_rewards.iter().map(|c| c.token_usd_amount).sum::<f64>();
        }
        assert_eq!(p.total_fee_x_claimed(), p.claim_fees.iter().map(|c| c.token_x_amount).sum::<u64>());
    }
    assert!(locked > 0);
    assert_eq!(sums.len(), d.earnings.len());
    for (key, e) in &sums {
        let served = &d.earnings[key];
        assert_eq!(
            (served.fee_x, served.fee_y, served.reward_x, served.reward_y),
            (e.fee_x, e.fee_y, e.reward_x, e.reward_y)
        );
        assert!(close(served.fee_usd, e.fee_usd, 1e-9) && close(served.reward_usd, e.reward_usd, 1e-9));
    }
    assert!(d.positions.iter().any(|p| p.deposits.iter().any(|e| e.token_x_amount > 1 << 53)));
    assert!(d.earnings.values().any(|e| e.reward_y > 0), "some wallet claimed the second reward");
    for p in d.positions.iter().filter(|p| p.closed_at.is_some()) {
        assert_eq!((p.remaining_x(), p.remaining_y()), (0, 0), "a closed position is empty");
    }
    assert!(d.positions.iter().any(|p| p.closed_at.is_some()) && d.positions.iter().any(|p| p.closed_at.is_none()));
    assert!(
        d.positions
            .iter()
            .any(|p| { !p.withdraws.is_empty() && !p.claim_fees.is_empty() && !p.claim_rewards.is_empty() })
    );
}

#[test]
fn swaps_charge_their_fee_bps_newest_first() {
    let d = dataset();
    for i in (0..d.pairs.len()).step_by(37).chain([0, 3]) {
        let pair = &d.pairs[i];
        let swaps = analytics::swaps(d.seed, i, pair, &d.tokens, SWAP_HISTORY_LEN);
        assert_eq!(swaps.len(), SWAP_HISTORY_LEN);
        assert!(swaps.windows(2).all(|w| w[0].onchain_timestamp > w[1].onchain_timestamp), "newest first");
        for s in &swaps {
            let centi = (s.fee_bps * 100.0).round() as u128;
            assert_eq!(u128::from(s.trade_fee), u128::from(s.in_amount) * centi / 1_000_000);
            assert_eq!(s.protocol_fee, s.trade_fee * 5 / 100);
            assert!(s.fee_bps >= pair.base_fee_bps() - 1e-9 && s.fee_bps <= pair.max_fee_bps() + 1e-9);
            assert!(s.onchain_timestamp <= snapshot_unix());
            assert_eq!(s.bin_count, (s.end_bin_id - s.start_bin_id).abs() + 1);
            let mints = [&*pair.mint_x, &*pair.mint_y];
            assert!(mints.contains(&s.in_token) && mints.contains(&s.out_token) && s.in_token != s.out_token);
        }
        let few = analytics::swaps(d.seed, i, pair, &d.tokens, 3);
        assert_eq!(
            few.iter().map(|s| &s.tx_id).collect::<Vec<_>>(),
            swaps[..3].iter().map(|s| &s.tx_id).collect::<Vec<_>>()
        );
    }
}

#[test]
fn analytics_cover_255_days_oldest_first() {
    let d = dataset();
    let last_day = day_date(snapshot_unix() - DAY);
    for i in (0..d.pairs.len()).step_by(101) {
        let pair = &d.pairs[i];
        let tvl = analytics::tvl_by_day(d.seed, i, pair, 255);
        let volume = analytics::trade_volume_by_day(d.seed, i, pair, 255);
        let fees = analytics::fee_bps_by_hour(d.seed, i, pair, 255);
        assert_eq!((tvl.len(), volume.len(), fees.len()), (255, 255, 255 * 24));
        for (k, row) in tvl.iter().enumerate() {
            assert_eq!(row.day_date, day_date(snapshot_unix() - (255 - k as i64) * DAY));
            assert_eq!(volume[k].day_date, row.day_date);
            assert!(row.total_value_locked >= 0.0);
        }
        assert_eq!(tvl.last().unwrap().day_date, last_day);
        assert!((tvl.last().unwrap().total_value_locked - pair.liquidity_usd).abs() <= 0.005 + 1e-9, "today's TVL");
        assert!(fees.windows(2).all(|w| w[0].hour_date < w[1].hour_date), "hours ascend");
        assert!(
            fees.last().unwrap().hour_date.starts_with(&last_day)
                && fees.last().unwrap().hour_date.ends_with("T23:00:00")
        );
        for f in &fees {
            assert!(f.min_fee_bps <= f.average_fee_bps && f.average_fee_bps <= f.max_fee_bps);
            assert!(f.max_fee_bps <= pair.max_fee_bps() + 1e-9);
        }
        for v in &volume {
            assert!(v.protocol_fee_volume <= v.fee_volume && v.fee_volume <= v.trade_volume);
        }
        let week = analytics::tvl_by_day(d.seed, i, pair, 7);
        assert_eq!(
            week.iter().map(|r| &r.day_date).collect::<Vec<_>>(),
            tvl[248..].iter().map(|r| &r.day_date).collect::<Vec<_>>()
        );
        assert_eq!(analytics::fee_bps_by_hour(d.seed, i, pair, 1).len(), 24);
    }
}

#[test]
fn protocol_metrics_sum_the_pairs() {
    let d = dataset();
    let tvl: f64 = d.pairs.iter().map(|p| p.liquidity_usd).sum();
    assert!(close(d.protocol_metrics.total_tvl, tvl, 1e-9));
    let fees: f64 = d.pairs.iter().map(|p| p.fees_24h).sum();
    assert!(close(d.protocol_metrics.daily_fee, fees, 1e-6));
}

/// Brute force: matching pairs sorted by the key (ties by index, reversed when descending).
fn expected_order(d: &Dataset, q: &ListQuery) -> Vec<u32> {
    let mut all: Vec<u32> = (0..d.pairs.len() as u32).filter(|&i| q.matches(&d.pairs[i as usize])).collect();
    all.sort_by(|&a, &b| {
        q.sort_key.value(&d.pairs[a as usize]).total_cmp(&q.sort_key.value(&d.pairs[b as usize])).then(a.cmp(&b))
    });
    if q.descending {
        all.reverse();
    }
    all
}

fn list_query() -> impl Strategy<Value = ListQuery> {
    let search = prop_oneof![
        Just(None),
        Just(Some("sol".to_string())),
        Just(Some("$".to_string())),
        Just(Some("usdc".to_string())),
        Just(Some("mo".to_string()))
    ];
    let tags = prop_oneof![
        Just(vec![]),
        Just(vec!["memecoin".to_string()]),
        Just(vec!["stable".to_string(), "lst".to_string()])
    ];
    let launchpad = prop_oneof![Just(vec![]), Just(vec!["pump.fun".to_string(), "met-dbc".to_string()])];
    let mints = prop_oneof![Just(vec![]), Just(vec!["So11111111111111111111111111111111111111112".to_string()])];
    (
        0..SortKey::ALL.len(),
        any::<bool>(),
        5usize..400,
        0usize..5,
        any::<bool>(),
        prop_oneof![Just(None), (0.0f64..1_000.0).prop_map(Some)],
        any::<bool>(),
        (search, tags, launchpad, mints),
    )
        .prop_map(
            |(
                key,
                descending,
                limit,
                skip_size,
                include_unknown,
                hide_low_tvl,
                hide_low_apr,
                (search_term, tags, launchpad, include_token_mints),
            )| ListQuery {
                sort_key: SortKey::ALL[key],
                descending,
                limit,
                skip_size,
                include_unknown,
                hide_low_tvl,
                hide_low_apr,
                search_term,
                tags,
                launchpad,
                include_token_mints,
                ..ListQuery::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn pages_are_sorted_counted_and_partition_the_matches(q in list_query()) {
        let d = dataset();
        let expected = expected_order(d, &q);
        let mut collected = Vec::new();
        let mut page = 0;
        loop {
            let result = select_pairs(d, world().pair_search(), &ListQuery { page, ..q.clone() });
            prop_assert_eq!(result.total, expected.len());
            prop_assert!(result.items.len() <= q.limit);
            let values: Vec<f64> = result.items.iter().map(|&i| q.sort_key.value(&d.pairs[i as usize])).collect();
            let sorted = values.windows(2).all(|w| if q.descending { w[0] >= w[1] } else { w[0] <= w[1] });
            prop_assert!(sorted, "page {} is not sorted", page);
            for &i in &result.items {
                prop_assert!(q.matches(&d.pairs[i as usize]));
            }
            if result.items.is_empty() {
                break;
            }
            collected.extend(result.items);
            page += 1;
        }
        // Pages start at page * limit + skip_size: they partition the matches after the first skip_size.
        let skipped: Vec<u32> = expected.iter().skip(q.skip_size).copied().collect();
        prop_assert_eq!(collected, skipped);
    }

    #[test]
    fn groups_count_and_hold_their_matching_pairs(q in list_query()) {
        let d = dataset();
        let expected = expected_order(d, &q);
        let distinct: HashSet<u32> = expected.iter().map(|&i| d.pairs[i as usize].group).collect();
        let q = ListQuery { limit: 1_000, skip_size: 0, ..q };
        let result = select_groups(d, world().pair_search(), &q);
        prop_assert_eq!(result.total, distinct.len());
        let mut seen_pairs = 0;
        for (g, pairs) in &result.items {
            let key = &d.groups[*g as usize].lexical_order_mints;
            for &i in pairs {
                prop_assert_eq!(&d.pairs[i as usize].lexical_order_mints(), key);
                prop_assert!(q.matches(&d.pairs[i as usize]));
            }
            seen_pairs += pairs.len();
        }
        if result.total <= 1_000 {
            prop_assert_eq!(seen_pairs, expected.len());
        }
        // Groups come in the order of their best matching pair.
        let firsts: Vec<usize> = result.items.iter().map(|(_, pairs)| expected.iter().position(|&i| i == pairs[0]).unwrap()).collect();
        prop_assert!(firsts.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn pools_to_top_come_first_without_changing_the_total(pick in 0usize..DEFAULT_PAIRS, key in 0usize..14) {
        let d = dataset();
        let top = d.pairs[pick].address.clone();
        let q = ListQuery { sort_key: SortKey::ALL[key], pools_to_top: vec![top.clone()], limit: 10, ..ListQuery::default() };
        let result = select_pairs(d, world().pair_search(), &q);
        prop_assert_eq!(result.total, d.pairs.len());
        prop_assert_eq!(&d.pairs[result.items[0] as usize].address, &top);
        prop_assert!(!result.items[1..].contains(&(pick as u32)));
    }
}

#[test]
fn include_pool_token_pairs_matches_either_order() {
    let d = dataset();
    let p = &d.pairs[0];
    for (a, b) in [(p.mint_x.to_string(), p.mint_y.to_string()), (p.mint_y.to_string(), p.mint_x.to_string())] {
        let q = ListQuery { include_pool_token_pairs: vec![(a, b)], limit: 1_000, ..ListQuery::default() };
        let result = select_pairs(d, world().pair_search(), &q);
        let group = &d.groups[p.group as usize];
        assert_eq!(result.total, group.pairs.len());
        assert!(
            result
                .items
                .iter()
                .all(|&i| d.pairs[i as usize].lexical_order_mints() == lexical_key(&p.mint_x, &p.mint_y))
        );
    }
}

// ----- The datapi generation -----

use dlmm_replica::datapi::display_amount;
use dlmm_replica::datapi::grammar::{METRICS, PLAIN_SORT_FIELDS, WINDOWS};
use dlmm_replica::datapi::pools::{damm_v2_record, dlmm_record};
use dlmm_replica::datapi::series::{
    MAX_BUCKETS, PoolRef, TIMEFRAMES, candles, history_start, resolve_range, volume_history,
};
use dlmm_replica::datapi::table::{Filter, Row};
use dlmm_replica::datapi::wallets::{pnl_record, position_events, total_claims};
use dlmm_replica::dataset::time::now_unix;
use dlmm_replica::{SortClause, parse_filter_by, parse_sort_by};

/// Every sort field of the grammar.
fn sort_fields() -> Vec<String> {
    let mut fields: Vec<String> =
        METRICS.iter().flat_map(|m| WINDOWS.iter().map(move |w| format!("{m}_{w}"))).collect();
    fields.extend(PLAIN_SORT_FIELDS.iter().map(|f| f.to_string()));
    fields
}

/// A row's value by field name, written independently of the table's key indexes.
fn value_of(row: &Row, field: &str) -> f64 {
    let windowed = |metric: usize, rest: &str| row.metrics[metric][WINDOWS.iter().position(|w| *w == rest).unwrap()];
    if let Some(rest) = field.strip_prefix("fee_tvl_ratio_") {
        return windowed(2, rest);
    }
    if let Some(rest) = field.strip_prefix("volume_") {
        return windowed(0, rest);
    }
    if let Some(rest) = field.strip_prefix("apr_") {
        return windowed(3, rest);
    }
    if let Some(rest) = field.strip_prefix("fee_")
        && rest != "pct"
    {
        return windowed(1, rest);
    }
    match field {
        "tvl" => row.tvl,
        "fee_pct" | "base_fee_pct" => row.fee_pct,
        "bin_step" => row.bin_step,
        "pool_created_at" => row.created_at_ms as f64,
        "farm_apy" => row.farm_apy,
        "farm_apr" => row.farm_apr,
        other => panic!("no numeric field {other}"),
    }
}

/// Whether `row` satisfies the `filter_by` text, evaluated by hand.
fn satisfies(row: &Row, text: &str) -> bool {
    parse_filter_by(text).unwrap().iter().all(|c| match c.field.as_str() {
        "is_blacklisted" => row.is_blacklisted == (c.values[0] == "true"),
        "has_farm" => row.has_farm == (c.values[0] == "true"),
        "token_x" => c.values.iter().any(|v| *v == *row.mint_x || *v == row.symbol_x),
        "token_y" => c.values.iter().any(|v| *v == *row.mint_y || *v == row.symbol_y),
        "launchpad" => c.values.iter().any(|v| v == row.launchpad),
        "tags" => c.values.iter().any(|v| row.tags.contains(&v.as_str())),
        "name" => c.values.contains(&row.name),
        "pool_address" | "address" => c.values.contains(&row.address),
        field => {
            let (v, x) = (value_of(row, field), c.values[0].parse::<f64>().unwrap());
            match c.op.as_str() {
                "=" => v == x,
                ">" => v > x,
                ">=" => v >= x,
                "<" => v < x,
                _ => v <= x,
            }
        }
    })
}

fn filter_text() -> impl Strategy<Value = String> {
    let numeric = (
        prop::sample::select(vec![
            "tvl",
            "volume_5m",
            "volume_1h",
            "fee_24h",
            "fee_tvl_ratio_30m",
            "apr_12h",
            "bin_step",
            "fee_pct",
            "base_fee_pct",
            "farm_apy",
            "farm_apr",
            "pool_created_at",
        ]),
        prop::sample::select(vec!["=", ">", ">=", "<", "<="]),
        0usize..DEFAULT_PAIRS,
    )
        .prop_map(|(field, op, pick)| {
            let v = value_of(&datapi().dlmm.rows[pick], field);
            format!("{field} {op} {v}")
        });
    let other = prop::sample::select(vec![
        "is_blacklisted=false".to_string(),
        "has_farm=true".to_string(),
        "has_farm=false".to_string(),
        format!(
            "token_y=[{}|{}]",
            dlmm_replica::dataset::tokens::MAJORS[0].1,
            dlmm_replica::dataset::tokens::MAJORS[1].1
        ),
        "token_x=JUP".to_string(),
        "launchpad=[pump.fun|met-dbc]".to_string(),
        "tags=memecoin".to_string(),
    ]);
    prop::collection::vec(prop_oneof![numeric, other], 0..3).prop_map(|clauses| clauses.join(" && "))
}

/// The market moves: a week of hourly candles of a major pool has bodies and wicks and ends at the pool's price
/// now; open positions are both in and out of range; positions made and lost money.
#[test]
fn the_market_moves() {
    let d = dataset();
    let range = resolve_range(TIMEFRAMES[2], Some(now_unix() - 7 * DAY), Some(now_unix())).unwrap();
    let series = candles(d, &datapi().dlmm, PoolRef::Dlmm(0), &range);
    let wicks = series.iter().filter(|c| c.high > c.open.max(c.close) || c.low < c.open.min(c.close)).count();
    let bodies = series.iter().filter(|c| c.open != c.close).count();
    assert!(wicks * 2 > series.len() && bodies * 10 > series.len() * 9, "{wicks} wicks, {bodies} bodies");
    assert!(close(series.last().unwrap().close, d.pairs[0].current_price, 1e-12), "the last close is the price now");
    let records: Vec<serde_json::Value> = (0..d.positions.len()).map(|i| pnl_record(d, i)).collect();
    let open: Vec<&serde_json::Value> = records.iter().filter(|r| r["isClosed"] == false).collect();
    let out = open.iter().filter(|r| r["isOutOfRange"] == true).count();
    assert!(out * 5 > open.len() && out * 5 < open.len() * 4, "{out} of {} open positions out of range", open.len());
    let losses = records.iter().filter(|r| r["pnlUsd"].as_str().unwrap().starts_with('-')).count();
    assert!(losses * 10 > records.len() && losses * 10 < records.len() * 9, "{losses} of {} lost", records.len());
}

/// An open limit order fills bin by bin from its lowest: its bins' fills add up to the order's, a bin's status says
/// how far it is filled (some are partly), and the nearest unfilled bin is the first not filled completely.
#[test]
fn open_limit_orders_fill_bin_by_bin_and_add_up() {
    use dlmm_replica::datapi::limit_orders::open_order;
    let d = dataset();
    let num = |v: &serde_json::Value| v.as_str().and_then(|t| t.parse::<f64>().ok()).unwrap_or(f64::NAN);
    let mut statuses = HashSet::new();
    for o in datapi().limit_orders.orders.iter().filter(|o| o.closed.is_none()) {
        let order = open_order(d, o);
        let bins = order["bin_distribution"].as_array().unwrap();
        let fulfilled: f64 = bins.iter().map(|b| num(&b["fulfilled_amount"])).sum();
        assert!(close(fulfilled, num(&order["filled_input_amount"]), 1e-9), "{fulfilled} against {order}");
        for b in bins {
            let (done, deposit) = (num(&b["fulfilled_amount"]), num(&b["deposit_amount"]));
            assert!(close(done + num(&b["unfilled_amount"]), deposit, 1e-9));
            let status = b["fill_status"].as_str().unwrap();
            let expected = if done == 0.0 {
                "not_filled"
            } else if close(done, deposit, 1e-12) {
                "fulfilled"
            } else {
                "partial_filled"
            };
            assert_eq!(status, expected, "{b}");
            statuses.insert(status.to_owned());
        }
        let first_open = bins.iter().find(|b| b["fill_status"] != "fulfilled").map(|b| b["bin_id"].clone());
        assert_eq!(order["nearest_unfilled_bin_id"], first_open.unwrap_or(serde_json::Value::Null));
    }
    assert_eq!(statuses.len(), 3, "{statuses:?}");
}

/// Open positions hold fees they have not claimed yet (closed ones none), which are in their P&L; an open pool's
/// unclaimed fees, in USD and SOL, are its positions'.
#[test]
fn open_positions_hold_unclaimed_fees_that_their_pools_add_up() {
    use dlmm_replica::datapi::wallets::{open_item, open_pools, pnl_record};
    let d = dataset();
    let num = |v: &serde_json::Value| v.as_str().and_then(|t| t.parse::<f64>().ok()).unwrap_or(f64::NAN);
    let mut pools = 0;
    for wallet in 0..d.wallets.len() {
        for (pair, totals, positions) in open_pools(d, wallet) {
            let (mut usd, mut sol) = (0.0, 0.0);
            for &i in &positions {
                let u = &pnl_record(d, i)["unrealizedPnl"];
                let (x, y) = (&u["unclaimedFeeTokenX"], &u["unclaimedFeeTokenY"]);
                assert!(num(&x["usd"]) + num(&y["usd"]) > 0.0, "position {i} has fees to claim");
                usd += num(&x["usd"]) + num(&y["usd"]);
                sol += num(&x["amountSol"]) + num(&y["amountSol"]);
            }
            let item = open_item(d, pair, &totals, &positions);
            assert!(close(num(&item["unclaimedFees"]), usd, 1e-9) && close(num(&item["unclaimedFeesSol"]), sol, 1e-9));
            pools += 1;
        }
    }
    assert!(pools > 0);
    let closed = (0..d.positions.len()).filter(|&i| d.positions[i].closed_at.is_some());
    assert!(closed.map(|i| pnl_record(d, i)).all(|r| r["unrealizedPnl"].is_null()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Paging visits every matching pool exactly once, in the requested order, and every returned pool passes.
    #[test]
    fn datapi_pages_partition_sort_and_filter(
        field in prop::sample::select(sort_fields()),
        descending in any::<bool>(),
        page_size in 40usize..700,
        filter in filter_text(),
    ) {
        let dlmm = &datapi().dlmm;
        let sort = parse_sort_by(&format!("{field}:{}", if descending { "desc" } else { "asc" })).unwrap();
        let parsed = if filter.is_empty() { Filter::default() } else { Filter::new(&parse_filter_by(&filter).unwrap()).unwrap() };
        let expected: HashSet<u32> = (0..dlmm.rows.len() as u32)
            .filter(|&r| filter.is_empty() || satisfies(&dlmm.rows[r as usize], &filter))
            .collect();
        let mut seen: Vec<u32> = Vec::new();
        let mut page = 1;
        loop {
            let selection = dlmm.select(&sort, &parsed, None, None, page, page_size);
            prop_assert_eq!(selection.total, expected.len());
            if selection.rows.is_empty() {
                break;
            }
            prop_assert!(selection.rows.len() <= page_size);
            seen.extend(&selection.rows);
            page += 1;
        }
        prop_assert_eq!(seen.len(), expected.len(), "every matching pool once");
        prop_assert_eq!(seen.iter().copied().collect::<HashSet<u32>>(), expected);
        for pair in seen.windows(2) {
            let (a, b) = (value_of(&dlmm.rows[pair[0] as usize], &field), value_of(&dlmm.rows[pair[1] as usize], &field));
            prop_assert!(if descending { a >= b } else { a <= b }, "{} {} then {}", field, a, b);
        }
    }

    /// Ranges are floored to buckets and capped at MAX_BUCKETS; series are aligned, oldest first, within range.
    #[test]
    fn series_ranges_are_capped_and_aligned(
        tf in 0usize..7,
        start_offset in 0i64..300 * 86_400,
        buckets in 0i64..1_300,
        jitter in 0i64..86_400,
        pair in 0usize..DEFAULT_PAIRS,
    ) {
        let d = dataset();
        let timeframe = TIMEFRAMES[tf];
        let start = history_start() - 20 * DAY + start_offset + jitter % timeframe.seconds;
        let end = start + buckets * timeframe.seconds + jitter % timeframe.seconds;
        let floored = |t: i64| t - t % timeframe.seconds;
        let count = (floored(end) - floored(start)) / timeframe.seconds + 1;
        match resolve_range(timeframe, Some(start), Some(end)) {
            Err(_) => prop_assert!(count > MAX_BUCKETS),
            Ok(range) => {
                prop_assert!(count <= MAX_BUCKETS);
                prop_assert_eq!((range.start, range.end), (floored(start), floored(end)));
                let series = candles(d, &datapi().dlmm, PoolRef::Dlmm(pair), &range);
                let volumes = volume_history(d, &datapi().dlmm, PoolRef::Dlmm(pair), &range);
                prop_assert_eq!(series.len(), volumes.len());
                prop_assert!(series.len() as i64 <= MAX_BUCKETS);
                for (k, c) in series.iter().enumerate() {
                    prop_assert_eq!(c.timestamp % timeframe.seconds, 0);
                    prop_assert!(c.timestamp >= range.start && c.timestamp <= range.end && c.timestamp <= now_unix());
                    prop_assert!(c.low <= c.open.min(c.close) && c.high >= c.open.max(c.close));
                    prop_assert_eq!(volumes[k].timestamp, c.timestamp);
                    if k > 0 {
                        prop_assert_eq!(c.timestamp - series[k - 1].timestamp, timeframe.seconds);
                    }
                    if c.timestamp + timeframe.seconds > now_unix() {
                        prop_assert_eq!(volumes[k].volume, 0.0, "the open bucket reads 0");
                    } else {
                        prop_assert!((volumes[k].volume - c.volume).abs() <= 1e-9 * c.volume.max(1.0));
                    }
                }
            }
        }
    }
}

#[test]
fn datapi_pools_mirror_the_keeper_records() {
    let d = dataset();
    let v = datapi();
    assert_eq!(v.dlmm.rows.len(), d.pairs.len());
    assert_eq!(v.dlmm.groups.len(), d.groups.len());
    for (i, p) in d.pairs.iter().enumerate() {
        let record = serde_json::to_value(dlmm_record(d, &v.dlmm, i)).unwrap();
        assert_eq!(record["address"], p.address.as_str());
        assert_eq!(record["tvl"], p.liquidity_usd);
        for (field, windows) in [("volume", &p.volume), ("fees", &p.fees), ("fee_tvl_ratio", &p.fee_tvl_ratio)] {
            for (key, value) in ["30m", "1h", "2h", "4h", "12h", "24h"].iter().zip(windows.values()) {
                assert_eq!(record[field][key], value, "{field} {key}");
            }
        }
        assert_eq!(record["apr"], p.apr);
        assert_eq!(record["apr"], record["fee_tvl_ratio"]["24h"]);
        assert!(close(record["apy"].as_f64().unwrap(), apy_of_daily_percent(p.apr), 1e-12));
        assert_eq!(record["launchpad"], p.launchpad.unwrap_or(""));
        assert_eq!(record["has_farm"], &*p.reward_mint_x != NO_FARM);
        assert_eq!(record["pool_config"]["bin_step"], p.bin_step);
        assert_eq!(record["current_price"], p.current_price);
        let created = record["created_at"].as_u64().unwrap() as i64;
        assert!(created / 1_000 < snapshot_unix() - 255 * DAY, "pools predate their history");
        assert_eq!(v.dlmm.group_index(&p.lexical_order_mints()), Some(p.group as usize));
    }
    for (i, r) in d.pools.iter().enumerate() {
        let record = serde_json::to_value(damm_v2_record(d, &v.damm_v2, &v.damm_v2_pools, i)).unwrap();
        assert_eq!(record["address"], r.pool_address.as_str());
        assert_eq!(record["tvl"], r.tvl);
        assert_eq!(record["volume"]["24h"], r.volume24h);
        assert_eq!(record["fees"]["24h"], r.lp_fee24h);
        assert_eq!(record["protocol_fees"]["24h"], r.protocol_fee24h);
        assert_eq!(record["fee_tvl_ratio"]["24h"], r.fee_tvl_ratio);
        assert!(record["pool_config"]["partner_enabled"].is_boolean());
    }
}

#[test]
fn datapi_daily_volume_is_the_keeper_daily_volume() {
    let d = dataset();
    let day = TIMEFRAMES[6];
    let range = resolve_range(day, Some(history_start()), Some(now_unix())).unwrap();
    for i in [0, 3, 17, DEFAULT_PAIRS / 2, DEFAULT_PAIRS - 1] {
        let keeper = analytics::trade_volume_by_day(d.seed, i, &d.pairs[i], 255);
        let buckets = volume_history(d, &datapi().dlmm, PoolRef::Dlmm(i), &range);
        assert_eq!(buckets.len(), 256, "255 closed days and today");
        for (k, v) in keeper.iter().enumerate() {
            assert_eq!(buckets[k].timestamp_str[..10], v.day_date);
            assert_eq!(buckets[k].volume, v.trade_volume);
            assert_eq!(buckets[k].fees, v.fee_volume);
        }
        assert_eq!(buckets[255].volume, 0.0, "today is still open");
        let today = candles(d, &datapi().dlmm, PoolRef::Dlmm(i), &range).pop().unwrap();
        assert!(today.volume > 0.0 || d.pairs[i].trade_volume_24h == 0.0);
        assert_eq!(today.close, d.pairs[i].current_price, "the newest close is the pool's price");
        // Hourly buckets of a closed day add up to its daily volume.
        let hours =
            resolve_range(TIMEFRAMES[2], Some(analytics::day_start(200)), Some(analytics::day_start(200) + 23 * 3_600));
        let hourly: f64 =
            volume_history(d, &datapi().dlmm, PoolRef::Dlmm(i), &hours.unwrap()).iter().map(|b| b.volume).sum();
        assert!(close(hourly, keeper[200].trade_volume, 1e-9), "{hourly} vs {}", keeper[200].trade_volume);
    }
}

#[test]
fn datapi_search_answers_like_a_scan() {
    let d = dataset();
    let sort = SortClause::default();
    let some_mint = d.pairs[40].mint_x[..6].to_string();
    let address = d.pairs[77].address.clone();
    for term in ["sol", "USD", "-", "猫", "$", some_mint.as_str(), address.as_str(), "no-such-thing"] {
        let needle = term.to_lowercase();
        let expected: HashSet<u32> = d
            .pairs
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.name.to_lowercase().contains(&needle)
                    || p.mint_x.to_lowercase().contains(&needle)
                    || p.mint_y.to_lowercase().contains(&needle)
                    || p.address == term
            })
            .map(|(i, _)| i as u32)
            .collect();
        let selection = datapi().dlmm.select(&sort, &Filter::default(), Some(term), None, 1, usize::MAX);
        assert_eq!(selection.total, expected.len(), "{term}");
        assert_eq!(selection.rows.iter().copied().collect::<HashSet<u32>>(), expected, "{term}");
    }
}

/// `"12.5"` with 3 decimals is 12500.
fn raw_of_display(text: &str, decimals: u32) -> u128 {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let padded = format!("{fraction:0<width$}", width = decimals as usize);
    whole.parse::<u128>().unwrap() * 10u128.pow(decimals) + padded.parse::<u128>().unwrap_or(0)
}

#[test]
fn datapi_wallet_records_agree_with_the_keeper_history() {
    let d = dataset();
    for (&(wallet, pair), e) in &d.earnings {
        let p = &d.pairs[pair as usize];
        let claims = total_claims(d, &d.wallets[wallet as usize], pair as usize);
        let decimals = |mint: &str| d.token(mint).unwrap().decimals;
        assert_eq!(raw_of_display(claims["total_fee_x"].as_str().unwrap(), decimals(&p.mint_x)), e.fee_x);
        assert_eq!(raw_of_display(claims["total_fee_y"].as_str().unwrap(), decimals(&p.mint_y)), e.fee_y);
        if e.reward_x > 0 {
            assert_eq!(
                raw_of_display(claims["total_reward_x"].as_str().unwrap(), decimals(&p.reward_mint_x)),
                e.reward_x
            );
        }
        if e.reward_y > 0 {
            assert_eq!(
                raw_of_display(claims["total_reward_y"].as_str().unwrap(), decimals(&p.reward_mint_y)),
                e.reward_y
            );
        }
        let usd: f64 = claims["total_claims_usd"].as_str().unwrap().parse().unwrap();
        assert!(close(usd, e.fee_usd + e.reward_usd, 1e-9));
    }
    for (i, position) in d.positions.iter().enumerate().step_by(7) {
        let events = position_events(d, i, None, true);
        let count = position.deposits.len()
            + position.withdraws.len()
            + position.claim_fees.len()
            + position.claim_rewards.len();
        assert_eq!(events.len(), count);
        assert!(events.windows(2).all(|w| w[0]["blockTime"].as_i64() <= w[1]["blockTime"].as_i64()), "oldest first");
        let deposits: Vec<_> = events.iter().filter(|e| e["eventType"] == "add").collect();
        for (event, deposit) in deposits.iter().zip(&position.deposits) {
            assert_eq!(event["blockTime"], deposit.onchain_timestamp);
            assert_eq!(event["signature"], deposit.tx_id.as_str());
            let tx = &d.tokens[d.pairs[position.pair as usize].token_x as usize];
            assert_eq!(event["amountX"], display_amount(deposit.token_x_amount.into(), tx.decimals));
        }
        let pnl = pnl_record(d, i);
        let deposited: f64 = position.deposits.iter().map(|e| e.token_x_usd_amount + e.token_y_usd_amount).sum();
        let served: f64 = pnl["allTimeDeposits"]["total"]["usd"].as_str().unwrap().parse().unwrap();
        assert!(close(served, deposited, 1e-9));
        assert_eq!(pnl["isClosed"], position.closed_at.is_some());
        assert_eq!(pnl["unrealizedPnl"].is_null(), position.closed_at.is_some());
    }
}
