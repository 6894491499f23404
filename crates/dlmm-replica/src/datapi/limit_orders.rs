//! Limit orders of the DLMM datapi: generated per wallet on the dataset's pairs, open or closed, with fills,
//! cancels (which pay a bonus) and per-bin distributions. Amounts are display-unit decimal strings.

use std::collections::HashMap;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::wallets::{icon, slot_at, sol_price};
use super::{display_amount, number_text as text};
use crate::dataset::time::{DAY, now_unix};
use crate::dataset::{Dataset, Token, random_address, random_signature};

/// One limit order.
#[derive(Clone, Debug)]
pub struct LimitOrder {
    /// Order account address.
    pub address: String,
    /// Owner wallet index.
    pub wallet: u32,
    /// Pair index.
    pub pair: u32,
    /// Sells X for Y (ask) or Y for X (bid).
    pub is_ask_side: bool,
    /// First bin.
    pub lower_bin_id: i64,
    /// Last bin.
    pub upper_bin_id: i64,
    /// Raw input amount (X when ask, Y when bid).
    pub input_amount: u64,
    /// Filled fraction, 0..=1.
    pub filled: f64,
    /// Placement time.
    pub opened_at: i64,
    /// Placement signature.
    pub opened_signature: String,
    /// Close time and signature, when closed.
    pub closed: Option<(i64, String)>,
    /// Raw bonus paid by cancels, in X and Y.
    pub bonus: (u64, u64),
    /// Number of cancel events.
    pub cancels: u64,
}

/// Every order with the per-wallet index.
#[derive(Clone, Debug, Default)]
pub struct LimitOrders {
    /// Orders, grouped by wallet, each wallet's newest first.
    pub orders: Vec<LimitOrder>,
    by_wallet: HashMap<u32, Vec<u32>>,
}

impl LimitOrders {
    /// Orders of wallet `wallet` (index).
    pub fn of_wallet(&self, wallet: usize) -> impl Iterator<Item = &LimitOrder> {
        self.by_wallet.get(&(wallet as u32)).into_iter().flatten().map(|&i| &self.orders[i as usize])
    }
}

/// Gives every third wallet of `d` 1 to 6 orders on the first pairs (majors) or the pairs it holds positions in.
pub fn generate(d: &Dataset) -> LimitOrders {
    let (pairs, tokens) = (&d.pairs, &d.tokens);
    let mut rng = ChaCha8Rng::seed_from_u64(d.seed ^ 0x004c_494d_4954);
    let mut orders = Vec::new();
    let mut by_wallet: HashMap<u32, Vec<u32>> = HashMap::new();
    for w in (0..d.wallets.len()).filter(|w| w % 3 == 1) {
        let held: Vec<u32> = d.positions_of_wallet(w).iter().map(|&i| d.positions[i as usize].pair).collect();
        let count = rng.random_range(1..=6);
        let mut time = now_unix() - rng.random_range(30..120) * DAY;
        for k in 0..count {
            let pair = if !held.is_empty() && rng.random_bool(0.5) {
                held[rng.random_range(0..held.len())]
            } else {
                rng.random_range(0..pairs.len().min(14)) as u32
            };
            let p = &pairs[pair as usize];
            let is_ask_side = rng.random_bool(0.5);
            let active = p.active_bin();
            let offset = rng.random_range(1..40);
            let width = rng.random_range(0..6);
            let (lower, upper) = if is_ask_side {
                (active + offset, active + offset + width)
            } else {
                (active - offset - width, active - offset)
            };
            let input = &tokens[if is_ask_side { p.token_x } else { p.token_y } as usize];
            let usd = 10f64.powf(rng.random_range(1.0..4.0));
            let input_amount = (usd / input.price_usd * 10f64.powi(input.decimals as i32)).clamp(1.0, 4e18) as u64;
            time += rng.random_range(3_600..10 * DAY);
            let opened_at = time.min(now_unix() - 60);
            // The first order of a wallet stays open, the second is closed; the rest at random.
            let closed = k == 1 || (k > 1 && rng.random_bool(0.4));
            let filled = if closed { 1.0 } else { [0.0, 0.25, 0.5, 1.0][rng.random_range(0..4)] };
            let cancels = u64::from(rng.random_bool(0.3) || k == 0);
            let bonus = (rng.random_range(0..input_amount / 200 + 1), rng.random_range(0..1_000u64));
            let closed = closed.then(|| {
                ((opened_at + rng.random_range(600..5 * DAY)).min(now_unix() - 1), random_signature(&mut rng))
            });
            by_wallet.entry(w as u32).or_default().push(orders.len() as u32);
            orders.push(LimitOrder {
                address: random_address(&mut rng),
                wallet: w as u32,
                pair,
                is_ask_side,
                lower_bin_id: lower,
                upper_bin_id: upper,
                input_amount,
                filled,
                opened_at,
                opened_signature: random_signature(&mut rng),
                closed,
                bonus: if cancels > 0 { bonus } else { (0, 0) },
                cancels,
            });
        }
    }
    for list in by_wallet.values_mut() {
        list.sort_by(|&a, &b| orders[b as usize].opened_at.cmp(&orders[a as usize].opened_at));
    }
    LimitOrders { orders, by_wallet }
}

/// Amounts of an order in the datapi's terms (display units and values).
struct Amounts<'a> {
    input: &'a Token,
    output: &'a Token,
    input_ui: f64,
    filled_ui: f64,
    output_expected_ui: f64,
    received_ui: f64,
    deposit_usd: f64,
    bonus_x_usd: f64,
    bonus_y_usd: f64,
}

fn amounts<'a>(d: &'a Dataset, o: &LimitOrder) -> Amounts<'a> {
    let p = &d.pairs[o.pair as usize];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let (input, output) = if o.is_ask_side { (tx, ty) } else { (ty, tx) };
    let mid = p.bin_price((o.lower_bin_id + o.upper_bin_id) / 2);
    let input_ui = input.ui(o.input_amount.into());
    let convert = |amount: f64| if o.is_ask_side { amount * mid } else { amount / mid };
    Amounts {
        input,
        output,
        input_ui,
        filled_ui: input_ui * o.filled,
        output_expected_ui: convert(input_ui),
        received_ui: convert(input_ui * o.filled),
        deposit_usd: input_ui * input.price_usd,
        bonus_x_usd: tx.ui(o.bonus.0.into()) * tx.price_usd,
        bonus_y_usd: ty.ui(o.bonus.1.into()) * ty.price_usd,
    }
}

impl Amounts<'_> {
    /// What the order got for its fills, USD.
    fn received_usd(&self) -> f64 {
        self.received_ui * self.output.price_usd
    }

    /// What the order holds now (open) or took out (closed), bonus included, USD: its profit and loss is this less
    /// its deposit.
    fn value_usd(&self, closed: bool) -> f64 {
        let unfilled = if closed { 0.0 } else { (self.input_ui - self.filled_ui) * self.input.price_usd };
        unfilled + self.received_usd() + self.bonus_x_usd + self.bonus_y_usd
    }
}

/// The live service's profit and loss fields (`realized_pnl_*` of closed orders, `unrealized_pnl_*` of open ones)
/// for `pnl_usd` on `deposit_usd`, SOL at `sol`.
fn pnl_fields(kind: &str, pnl_usd: f64, deposit_usd: f64, sol: f64) -> [(String, Value); 4] {
    let pct = if deposit_usd > 0.0 { pnl_usd / deposit_usd * 100.0 } else { 0.0 };
    [
        (format!("{kind}_pnl_usd"), json!(text(pnl_usd))),
        (format!("{kind}_pnl_sol"), json!(text(pnl_usd / sol))),
        (format!("{kind}_pnl_pct_usd"), json!(text(pct))),
        (format!("{kind}_pnl_pct_sol"), json!(text(pct))),
    ]
}

/// The profit-and-loss kind of open (`unrealized`) or closed (`realized`) orders.
fn pnl_kind(closed: bool) -> &'static str {
    if closed { "realized" } else { "unrealized" }
}

/// `LimitOrderPoolDetails`.
pub fn pool_details(d: &Dataset, pair: usize) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    json!({
        "pool_address": p.address,
        "pair_name": p.name,
        "bin_step": p.bin_step,
        "base_fee": p.base_fee_percentage,
        "token_x_mint": &*p.mint_x,
        "token_y_mint": &*p.mint_y,
        "token_x_icon": icon(&p.mint_x),
        "token_y_icon": icon(&p.mint_y),
        "token_x": tx.symbol,
        "token_y": ty.symbol,
        "collect_fee_mode": 0,
    })
}

/// Per-pool sums of `orders` (all in one pool).
fn summary_fields(d: &Dataset, orders: &[&LimitOrder], closed: bool) -> serde_json::Map<String, Value> {
    let sol = sol_price(d);
    let (mut dep_x, mut dep_y, mut dep_x_usd, mut dep_y_usd) = (0.0, 0.0, 0.0, 0.0);
    let (mut wd_x, mut wd_y, mut wd_x_usd, mut wd_y_usd) = (0.0, 0.0, 0.0, 0.0);
    let (mut bonus_x, mut bonus_y, mut bonus_x_usd, mut bonus_y_usd) = (0u128, 0u128, 0.0, 0.0);
    let (mut input_total, mut filled_total) = (0.0, 0.0);
    let mut fully = 0u64;
    let pair = &d.pairs[orders[0].pair as usize];
    let (tx, ty) = (&d.tokens[pair.token_x as usize], &d.tokens[pair.token_y as usize]);
    for o in orders {
        let a = amounts(d, o);
        input_total += a.deposit_usd;
        filled_total += a.deposit_usd * o.filled;
        fully += u64::from(o.filled >= 1.0);
        let received_usd = a.received_ui * a.output.price_usd;
        if o.is_ask_side {
            dep_x += a.input_ui;
            dep_x_usd += a.deposit_usd;
            wd_y += a.received_ui;
            wd_y_usd += received_usd;
        } else {
            dep_y += a.input_ui;
            dep_y_usd += a.deposit_usd;
            wd_x += a.received_ui;
            wd_x_usd += received_usd;
        }
        bonus_x += u128::from(o.bonus.0);
        bonus_y += u128::from(o.bonus.1);
        bonus_x_usd += a.bonus_x_usd;
        bonus_y_usd += a.bonus_y_usd;
    }
    if !closed {
        // Open orders have withdrawn nothing yet.
        (wd_x, wd_y, wd_x_usd, wd_y_usd) = (0.0, 0.0, 0.0, 0.0);
    }
    let filled_pct = if input_total > 0.0 { filled_total / input_total * 100.0 } else { 0.0 };
    let value = json!({
        "total_orders": orders.len(),
        "fully_filled_orders": fully,
        "filled_pct": text(filled_pct),
        "total_deposit_x": text(dep_x),
        "total_deposit_y": text(dep_y),
        "total_deposit_x_usd": text(dep_x_usd),
        "total_deposit_x_sol": text(dep_x_usd / sol),
        "total_deposit_y_usd": text(dep_y_usd),
        "total_deposit_y_sol": text(dep_y_usd / sol),
        "total_deposit_usd": text(dep_x_usd + dep_y_usd),
        "total_deposit_sol": text((dep_x_usd + dep_y_usd) / sol),
        "total_withdrawal_x": text(wd_x),
        "total_withdrawal_y": text(wd_y),
        "total_withdrawal_x_usd": text(wd_x_usd),
        "total_withdrawal_x_sol": text(wd_x_usd / sol),
        "total_withdrawal_y_usd": text(wd_y_usd),
        "total_withdrawal_y_sol": text(wd_y_usd / sol),
        "total_withdrawal_usd": text(wd_x_usd + wd_y_usd),
        "total_withdrawal_sol": text((wd_x_usd + wd_y_usd) / sol),
        "total_bonus_x": display_amount(bonus_x, tx.decimals),
        "total_bonus_y": display_amount(bonus_y, ty.decimals),
        "total_bonus_x_usd": text(bonus_x_usd),
        "total_bonus_y_usd": text(bonus_y_usd),
        "total_bonus_x_sol": text(bonus_x_usd / sol),
        "total_bonus_y_sol": text(bonus_y_usd / sol),
        "total_bonus_usd": text(bonus_x_usd + bonus_y_usd),
        "total_bonus_sol": text((bonus_x_usd + bonus_y_usd) / sol),
    });
    let mut map = match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    let prices = orders.iter().flat_map(|o| [pair.bin_price(o.lower_bin_id), pair.bin_price(o.upper_bin_id)]);
    let (low, high) = prices.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), p| (l.min(p), h.max(p)));
    map.insert("min_limit_price".into(), json!(text(low)));
    map.insert("max_limit_price".into(), json!(text(high)));
    let value: f64 = orders.iter().map(|o| amounts(d, o).value_usd(closed)).sum();
    let deposit = dep_x_usd + dep_y_usd;
    if !closed {
        map.insert("total_current_value_usd".into(), json!(text(value)));
        map.insert("total_current_value_sol".into(), json!(text(value / sol)));
    }
    map.extend(pnl_fields(pnl_kind(closed), value - deposit, deposit, sol));
    map
}

/// The wallet's orders grouped per pair (first-seen order), open or closed.
fn per_pool(limit_orders: &LimitOrders, wallet: usize, closed: bool) -> Vec<(usize, Vec<&LimitOrder>)> {
    let mut pools: Vec<(usize, Vec<&LimitOrder>)> = Vec::new();
    for o in limit_orders.of_wallet(wallet).filter(|o| o.closed.is_some() == closed) {
        match pools.iter_mut().find(|(p, _)| *p == o.pair as usize) {
            Some((_, list)) => list.push(o),
            None => pools.push((o.pair as usize, vec![o])),
        }
    }
    pools
}

/// Items of `…/limit_orders/open/pools` (deposit USD descending) or `…/closed/pools` (last close descending).
pub fn pool_summaries(d: &Dataset, limit_orders: &LimitOrders, wallet: usize, closed: bool) -> Vec<Value> {
    let mut pools: Vec<(f64, Value)> = per_pool(limit_orders, wallet, closed)
        .into_iter()
        .map(|(pair, list)| {
            let mut fields = summary_fields(d, &list, closed);
            fields.insert("pool".into(), pool_details(d, pair));
            let key = if closed {
                let last = list.iter().filter_map(|o| o.closed.as_ref().map(|c| c.0)).max().unwrap_or(0);
                fields.insert("last_closed_at".into(), json!(last));
                last as f64
            } else {
                list.iter().map(|o| amounts(d, o).deposit_usd).sum()
            };
            (key, Value::Object(fields))
        })
        .collect();
    pools.sort_by(|a, b| b.0.total_cmp(&a.0));
    pools.into_iter().map(|(_, v)| v).collect()
}

fn order_common(d: &Dataset, o: &LimitOrder) -> serde_json::Map<String, Value> {
    let p = &d.pairs[o.pair as usize];
    let a = amounts(d, o);
    let sol = sol_price(d);
    let value = json!({
        "limit_order_address": o.address,
        "user_address": d.wallets[o.wallet as usize],
        "is_ask_side": o.is_ask_side,
        "lower_pool_price": p.bin_price(o.lower_bin_id),
        "upper_pool_price": p.bin_price(o.upper_bin_id),
        "input_token": a.input.symbol,
        "input_token_mint": &*a.input.mint,
        "output_token": a.output.symbol,
        "output_token_mint": &*a.output.mint,
        "output_amount_expected": text(a.output_expected_ui),
        "filled_pct": text(o.filled * 100.0),
        "filled_input_amount": text(a.filled_ui),
        "total_bonus_x": display_amount(o.bonus.0.into(), d.tokens[p.token_x as usize].decimals),
        "total_bonus_y": display_amount(o.bonus.1.into(), d.tokens[p.token_y as usize].decimals),
        "total_bonus_usd": text(a.bonus_x_usd + a.bonus_y_usd),
        "total_bonus_sol": text((a.bonus_x_usd + a.bonus_y_usd) / sol),
        "opened_at": o.opened_at,
        "opened_at_signature": o.opened_signature,
        "opened_at_slot": slot_at(o.opened_at),
    });
    match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

/// `OpenLimitOrderDetail`.
pub fn open_order(d: &Dataset, o: &LimitOrder) -> Value {
    let p = &d.pairs[o.pair as usize];
    let a = amounts(d, o);
    let sol = sol_price(d);
    let mut fields = order_common(d, o);
    let bins = (o.upper_bin_id - o.lower_bin_id + 1) as f64;
    let per_bin = a.input_ui / bins;
    // The order fills bin by bin from its lowest bin: the share filled of bin `k`, so that the bins' fills add up
    // to the order's (a quarter of six bins is one bin and a half).
    let filled_bins = o.filled * bins;
    let share = |k: i64| (filled_bins - k as f64).clamp(0.0, 1.0);
    let distribution: Vec<Value> = (o.lower_bin_id..=o.upper_bin_id)
        .enumerate()
        .map(|(k, bin)| {
            let filled = share(k as i64);
            let price = p.bin_price(bin);
            let output = if o.is_ask_side { per_bin * price } else { per_bin / price };
            let status = match filled {
                1.0 => "fulfilled",
                0.0 => "not_filled",
                _ => "partial_filled",
            };
            json!({
                "bin_id": bin,
                "price": text(price),
                "deposit_amount": text(per_bin),
                "fulfilled_amount": text(per_bin * filled),
                "unfilled_amount": text(per_bin * (1.0 - filled)),
                "output_received_amount": text(output * filled),
                "fill_status": status,
            })
        })
        .collect();
    let first_open = (0..bins as i64).find(|&k| share(k) < 1.0);
    let nearest = first_open.map(|k| o.lower_bin_id + k);
    let unfilled_ui = a.input_ui - a.filled_ui;
    let price = a.input.price_usd;
    for (key, value) in [
        ("input_amount", json!(text(a.input_ui))),
        ("input_amount_usd", json!(text(a.deposit_usd))),
        ("input_amount_sol", json!(text(a.deposit_usd / sol))),
        ("total_filled_amount", json!(text(a.filled_ui))),
        ("total_filled_amount_usd", json!(text(a.filled_ui * price))),
        ("total_filled_amount_sol", json!(text(a.filled_ui * price / sol))),
        ("total_unfilled_amount", json!(text(unfilled_ui))),
        ("total_unfilled_amount_usd", json!(text(unfilled_ui * price))),
        ("total_unfilled_amount_sol", json!(text(unfilled_ui * price / sol))),
        ("nearest_unfilled_bin_id", json!(nearest)),
        ("nearest_unfilled_bin_price", json!(nearest.map(|b| text(p.bin_price(b))))),
        ("bin_distribution", Value::Array(distribution)),
    ] {
        fields.insert(key.into(), value);
    }
    fields.extend(pnl_fields(pnl_kind(false), a.value_usd(false) - a.deposit_usd, a.deposit_usd, sol));
    Value::Object(fields)
}

/// `ClosedLimitOrderDetail`.
pub fn closed_order(d: &Dataset, o: &LimitOrder) -> Value {
    let a = amounts(d, o);
    let sol = sol_price(d);
    let mut fields = order_common(d, o);
    let (closed_at, signature) = o.closed.clone().unwrap_or((o.opened_at, o.opened_signature.clone()));
    let received_usd = a.received_ui * a.output.price_usd;
    let (dep_x, dep_y) = if o.is_ask_side { (a.input_ui, 0.0) } else { (0.0, a.input_ui) };
    let (wd_x, wd_y, wd_x_usd, wd_y_usd) =
        if o.is_ask_side { (0.0, a.received_ui, 0.0, received_usd) } else { (a.received_ui, 0.0, received_usd, 0.0) };
    for (key, value) in [
        ("total_deposit_x", text(dep_x)),
        ("total_deposit_y", text(dep_y)),
        ("total_deposit_usd", text(a.deposit_usd)),
        ("total_deposit_sol", text(a.deposit_usd / sol)),
        ("total_withdrawal_x", text(wd_x)),
        ("total_withdrawal_y", text(wd_y)),
        ("total_withdrawal_x_usd", text(wd_x_usd)),
        ("total_withdrawal_x_sol", text(wd_x_usd / sol)),
        ("total_withdrawal_y_usd", text(wd_y_usd)),
        ("total_withdrawal_y_sol", text(wd_y_usd / sol)),
        ("total_withdrawal_usd", text(received_usd)),
        ("total_withdrawal_sol", text(received_usd / sol)),
        ("total_bonus_x_usd", text(a.bonus_x_usd)),
        ("total_bonus_y_usd", text(a.bonus_y_usd)),
        ("total_bonus_x_sol", text(a.bonus_x_usd / sol)),
        ("total_bonus_y_sol", text(a.bonus_y_usd / sol)),
        ("received_output_amount", text(a.received_ui)),
        ("terminal_signature", signature),
    ] {
        fields.insert(key.into(), json!(value));
    }
    fields.insert("last_closed_at".into(), json!(closed_at));
    fields.insert("terminal_slot".into(), json!(slot_at(closed_at)));
    fields.extend(pnl_fields(pnl_kind(true), a.value_usd(true) - a.deposit_usd, a.deposit_usd, sol));
    Value::Object(fields)
}

/// The wallet's open (or closed) orders in `pair`, newest placement (or close) first.
pub fn orders_in_pool(limit_orders: &LimitOrders, wallet: usize, pair: usize, closed: bool) -> Vec<&LimitOrder> {
    let mut list: Vec<&LimitOrder> =
        limit_orders.of_wallet(wallet).filter(|o| o.pair as usize == pair && o.closed.is_some() == closed).collect();
    if closed {
        list.sort_by(|a, b| b.closed.as_ref().map(|c| c.0).cmp(&a.closed.as_ref().map(|c| c.0)));
    }
    list
}

/// The current active bin and price of a pair, for the open-orders envelope.
pub fn current_state(d: &Dataset, pair: usize) -> (i64, String) {
    (d.pairs[pair].active_bin(), text(d.pairs[pair].current_price))
}

/// `BonusClaimedResponse` of the wallet in `pair` (every order, open or closed).
pub fn bonus_claimed(d: &Dataset, limit_orders: &LimitOrders, wallet: Option<usize>, pair: usize) -> Value {
    let p = &d.pairs[pair];
    let (tx, ty) = (&d.tokens[p.token_x as usize], &d.tokens[p.token_y as usize]);
    let sol = sol_price(d);
    let (mut x, mut y, mut x_usd, mut y_usd, mut cancels) = (0u128, 0u128, 0.0, 0.0, 0u64);
    for o in wallet.into_iter().flat_map(|w| limit_orders.of_wallet(w)).filter(|o| o.pair as usize == pair) {
        let a = amounts(d, o);
        x += u128::from(o.bonus.0);
        y += u128::from(o.bonus.1);
        x_usd += a.bonus_x_usd;
        y_usd += a.bonus_y_usd;
        cancels += o.cancels;
    }
    json!({
        "total_bonus_x": display_amount(x, tx.decimals),
        "total_bonus_y": display_amount(y, ty.decimals),
        "total_bonus_x_usd": text(x_usd),
        "total_bonus_y_usd": text(y_usd),
        "total_bonus_x_sol": text(x_usd / sol),
        "total_bonus_y_sol": text(y_usd / sol),
        "total_bonus_usd": text(x_usd + y_usd),
        "total_bonus_sol": text((x_usd + y_usd) / sol),
        "cancel_event_count": cancels,
    })
}

/// `LimitOrderSummaryResponse` of the wallet.
pub fn summary(d: &Dataset, limit_orders: &LimitOrders, wallet: Option<usize>) -> Value {
    let sol = sol_price(d);
    let (mut open, mut closed, mut deposit, mut bonus, mut claimable) = (0u64, 0u64, 0.0, 0.0, 0.0);
    // Per kind (open, closed): deposits and what the orders hold or took out, USD.
    let (mut deposits, mut values) = ([0.0; 2], [0.0; 2]);
    for o in wallet.into_iter().flat_map(|w| limit_orders.of_wallet(w)) {
        let a = amounts(d, o);
        let is_closed = o.closed.is_some();
        if is_closed {
            closed += 1;
        } else {
            open += 1;
            claimable += a.bonus_x_usd + a.bonus_y_usd;
        }
        deposit += a.deposit_usd;
        bonus += a.bonus_x_usd + a.bonus_y_usd;
        deposits[usize::from(is_closed)] += a.deposit_usd;
        values[usize::from(is_closed)] += a.value_usd(is_closed);
    }
    let mut body = json!({
        "open_orders": open,
        "closed_orders": closed,
        "total_deposit_usd": text(deposit),
        "total_deposit_sol": text(deposit / sol),
        "total_bonus_usd": text(bonus),
        "total_bonus_sol": text(bonus / sol),
        "total_current_value_usd": text(values[0]),
        "total_current_value_sol": text(values[0] / sol),
        "total_claimable_bonus_usd": text(claimable),
        "total_claimable_bonus_sol": text(claimable / sol),
    });
    for is_closed in [false, true] {
        let k = usize::from(is_closed);
        for (key, value) in pnl_fields(pnl_kind(is_closed), values[k] - deposits[k], deposits[k], sol) {
            body[key] = value;
        }
    }
    body
}
