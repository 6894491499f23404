//! Invariants of the default dataset (the vendor's relations, cross-references, sums, analytics coverage) and
//! property tests of the list semantics (sorting, totals, paging, filters).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use dlmm_replica::Dataset;
use dlmm_replica::dataset::analytics::{self, SWAP_HISTORY_LEN};
use dlmm_replica::dataset::pairs::{apy_of_daily_percent, lexical_key};
use dlmm_replica::dataset::positions::usd_at;
use dlmm_replica::dataset::time::{DAY, SNAPSHOT_UNIX, day_date, rfc3339_micros};
use dlmm_replica::dataset::tokens::NO_FARM;
use dlmm_replica::dataset::{DEFAULT_PAIRS, Earning};
use dlmm_replica::listing::{select_groups, select_pairs};
use dlmm_replica::query::{ListQuery, SortKey};
use proptest::prelude::*;

fn dataset() -> &'static Dataset {
    static DATASET: OnceLock<Dataset> = OnceLock::new();
    DATASET.get_or_init(|| Dataset::generate(42, 12, DEFAULT_PAIRS))
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a - b).abs() <= relative * a.abs().max(b.abs()) + 1e-12
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
        assert!(close(p.apy, ((1.0 + p.apr / 100.0).powi(365) - 1.0) * 100.0, 1e-9));
        assert!(p.apy.is_finite());
        assert_eq!(p.apy, apy_of_daily_percent(p.apr));
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
        assert!((SNAPSHOT_UNIX - 255 * DAY..=SNAPSHOT_UNIX).contains(&created));
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
            assert!(s.onchain_timestamp <= SNAPSHOT_UNIX);
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
    let last_day = day_date(SNAPSHOT_UNIX - DAY);
    for i in (0..d.pairs.len()).step_by(101) {
        let pair = &d.pairs[i];
        let tvl = analytics::tvl_by_day(d.seed, i, pair, 255);
        let volume = analytics::trade_volume_by_day(d.seed, i, pair, 255);
        let fees = analytics::fee_bps_by_hour(d.seed, i, pair, 255);
        assert_eq!((tvl.len(), volume.len(), fees.len()), (255, 255, 255 * 24));
        for (k, row) in tvl.iter().enumerate() {
            assert_eq!(row.day_date, day_date(SNAPSHOT_UNIX - (255 - k as i64) * DAY));
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
            let result = select_pairs(d, &ListQuery { page, ..q.clone() });
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
        let result = select_groups(d, &q);
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
        let result = select_pairs(d, &q);
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
        let result = select_pairs(d, &q);
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
