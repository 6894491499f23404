//! `GET /__replica/samples`: example identifiers of every kind, so demos, tests and newcomers can find data.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value, json};

use crate::datapi::DatapiViews;
use crate::dataset::Dataset;
use crate::dataset::pairs::{LARGE_AMOUNT_PAIR, lexical_key};
use crate::dataset::tokens::{MAJORS, NO_FARM};

/// Identifiers built from the dataset and its datapi views. Keys: `seed`, `pairs`, `pair_with_farm`, `pair_with_locks`,
/// `pair_with_large_amounts`, `unknown_pair`, `group`, `unindexed_group`, `positions`,
/// `position_with_large_amounts`, `unindexed_position`, `wallets`, `wallet_without_earnings`, `pools`,
/// `unknown_pool`, `mints`, and `datapi` (see [`datapi_samples`]).
pub fn build(d: &Dataset, datapi: &DatapiViews) -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(d.seed ^ 0x756e_6b6e_6f77);
    let mut fresh = || loop {
        let address = crate::dataset::random_address(&mut rng);
        if d.pair_index(&address).is_none()
            && d.position_index(&address).is_none()
            && d.wallet_index(&address).is_none()
            && d.token(&address).is_none()
        {
            return address;
        }
    };
    let n = d.pairs.len();
    let mut pair_indexes = vec![0, 1, LARGE_AMOUNT_PAIR, 5, 7];
    pair_indexes.extend((1..=5).map(|k| (n * k / 6).max(15)));
    pair_indexes.dedup();
    let pairs: Vec<&str> = pair_indexes.iter().filter(|&&i| i < n).map(|&i| d.pairs[i].address.as_str()).collect();
    let pair_with_farm = d.pairs.iter().find(|p| &*p.reward_mint_x != NO_FARM).map(|p| p.address.as_str());
    let pair_with_locks = (0..n).find(|&i| !d.locked_positions(i).is_empty()).map(|i| d.pairs[i].address.as_str());
    let group = d.groups.iter().find(|g| g.pairs.len() >= 2).map(|g| g.lexical_order_mints.as_str());
    let positions: Vec<&str> = d
        .positions
        .iter()
        .filter(|p| {
            !p.deposits.is_empty() && !p.withdraws.is_empty() && !p.claim_fees.is_empty() && !p.claim_rewards.is_empty()
        })
        .take(5)
        .map(|p| p.address.as_str())
        .collect();
    let position_with_large_amounts = d
        .positions
        .iter()
        .find(|p| p.deposits.iter().any(|e| e.token_x_amount > 1 << 53 || e.token_y_amount > 1 << 53))
        .map(|p| p.address.as_str());
    let mut wallets: Vec<Value> = Vec::new();
    for p in &d.positions {
        let entry = json!({ "wallet": d.wallets[p.owner as usize], "pair": d.pairs[p.pair as usize].address });
        if d.earnings.contains_key(&(p.owner, p.pair)) && !wallets.contains(&entry) {
            wallets.push(entry);
        }
        if wallets.len() == 5 {
            break;
        }
    }
    let mints: Map<String, Value> = MAJORS.iter().map(|(symbol, mint, ..)| (symbol.to_string(), json!(mint))).collect();
    let pools: Vec<&str> = d.pools.iter().map(|p| p.pool_address.as_str()).collect();
    json!({
        "seed": d.seed,
        "pairs": pairs,
        "pair_with_farm": pair_with_farm,
        "pair_with_locks": pair_with_locks,
        "pair_with_large_amounts": d.pairs[LARGE_AMOUNT_PAIR].address,
        "unknown_pair": fresh(),
        "group": group,
        "unindexed_group": lexical_key(MAJORS[0].1, &fresh()),
        "positions": positions,
        "position_with_large_amounts": position_with_large_amounts,
        "unindexed_position": fresh(),
        "wallets": wallets,
        "wallet_without_earnings": { "wallet": fresh(), "pair": d.pairs[0].address },
        "pools": pools,
        "unknown_pool": "11111111111111111111111111111111",
        "mints": mints,
        "datapi": datapi_samples(d, datapi, fresh()),
    })
}

/// The datapi identifiers: `dlmm_pools`, `dlmm_pool_with_farm`, `dlmm_group` (≥ 2 pools), `damm_v2_pools`,
/// `damm_v2_group`, `unknown_pool` (→ 404), `position_with_events` (all four event types),
/// `wallet_with_positions` (`{wallet, pool, open_pool}`: open positions and positions closed within the last 120
/// days, the `/portfolio` route's default window; `pool` holds a closed one,
/// `open_pool` an open one), `wallet_with_limit_orders` (`{wallet, open_pool, closed_pool}`),
/// `wallet_without_positions`.
pub fn datapi_samples(d: &Dataset, v: &DatapiViews, unknown: String) -> Value {
    let n = d.pairs.len();
    let mut dlmm_rows = vec![0, 1, LARGE_AMOUNT_PAIR, 5, n / 2, n - 1];
    dlmm_rows.dedup();
    let dlmm_pools: Vec<&str> = dlmm_rows.iter().map(|&i| v.dlmm.rows[i].address.as_str()).collect();
    let dlmm_group = v.dlmm.groups.iter().find(|g| g.rows.len() >= 2).map(|g| g.lexical_order_mints.as_str());
    let damm_v2_pools: Vec<&str> = v.damm_v2.rows.iter().take(6).map(|r| r.address.as_str()).collect();
    let damm_v2_group = v.damm_v2.groups.first().map(|g| g.lexical_order_mints.as_str());
    let position_with_events = d
        .positions
        .iter()
        .find(|p| !p.withdraws.is_empty() && !p.claim_fees.is_empty() && !p.claim_rewards.is_empty())
        .map(|p| p.address.as_str());
    // A wallet whose closed positions show under the route's default window (closed within 120 days), whatever the
    // dataset's size.
    let wallet_with_positions = (0..d.wallets.len()).find_map(|w| {
        let held = d.positions_of_wallet(w);
        let (closed_pair, _, _) = *crate::datapi::wallets::closed_pools(d, w, 120).first()?;
        let open = held.iter().find(|&&i| d.positions[i as usize].closed_at.is_none())?;
        Some(json!({
            "wallet": d.wallets[w],
            "pool": d.pairs[closed_pair].address,
            "open_pool": d.pairs[d.positions[*open as usize].pair as usize].address,
        }))
    });
    let wallet_with_limit_orders = (0..d.wallets.len()).find_map(|w| {
        let open = v.limit_orders.of_wallet(w).find(|o| o.closed.is_none())?;
        let closed = v.limit_orders.of_wallet(w).find(|o| o.closed.is_some())?;
        Some(json!({
            "wallet": d.wallets[w],
            "open_pool": d.pairs[open.pair as usize].address,
            "closed_pool": d.pairs[closed.pair as usize].address,
        }))
    });
    json!({
        "dlmm_pools": dlmm_pools,
        "dlmm_pool_with_farm": v.dlmm.rows.iter().find(|r| r.has_farm).map(|r| r.address.as_str()),
        "dlmm_group": dlmm_group,
        "damm_v2_pools": damm_v2_pools,
        "damm_v2_group": damm_v2_group,
        "unknown_pool": unknown,
        "position_with_events": position_with_events,
        "wallet_with_positions": wallet_with_positions,
        "wallet_with_limit_orders": wallet_with_limit_orders,
        "wallet_without_positions": bs58::encode([7u8; 32]).into_string(),
    })
}
