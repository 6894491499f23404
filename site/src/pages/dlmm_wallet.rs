//! The DLMM sections of the wallet page (`/wallets/:wallet`, also reached as `/dlmm/wallets/:wallet`): a wallet's DLMM
//! portfolio on the datapi — totals (USD and SOL), open positions per pool (balances, unclaimed fees, in or out of
//! range), each open position explained ([`super::positions_explained`]: its bins against the active bin and its P&L
//! split, downloadable), closed pools with P&L, claim totals per pool and limit orders (each open order's bins
//! filled or not: [`super::limit_order_bins`]).
//!
//! URL state (`?sort=…&dir=…&days=…&open=…&closed=…`, beside the wallet page's own keys): the open list's sort and
//! direction, the closed list's `days_back`, and each list's page. The plain parts ([`WalletView`], [`RangeStatus`],
//! [`claim_pools`]) are unit-tested natively.

use dlmm_query::Error;
use dlmm_query::datapi::models::Paginated;
use dlmm_query::datapi::models::dlmm::{
    ClosedLimitOrderPool, LimitOrderSummary, OpenLimitOrderPool, OpenPortfolio, OpenPortfolioPool, Portfolio,
    PortfolioTotal, WalletPoolClaims,
};
use dlmm_query::datapi::ops::dlmm::{
    GetClosedLimitOrderPools, GetLimitOrderSummary, GetOpenLimitOrderPools, GetOpenLimitOrders, GetOpenPortfolio,
    GetPortfolio, GetPortfolioTotal, GetPositionsPnl, GetWalletPoolClaims,
};
use dlmm_query::datapi::params::{DAYS_BACK, Direction, OpenPortfolioSort, PositionStatus};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::controls::{Pager, Select, SortHeader, go_to};
use super::limit_order_bins::{PoolOrders, open_order_bins};
use super::positions_explained::{PoolPositions, open_positions};
use super::{Addr, SiteClient, pct_value, sol, usd_value};
use crate::export::Provenance;
use crate::format::{compact, exact, unix_time};
use crate::ui::{CollectAny, empty, or_empty};
use crate::url_state::{Field, UrlState};

/// Pools per page of the open and closed lists.
pub const WALLET_PAGE_SIZE: u32 = 20;
/// The closed list's default `days_back` (the datapi's default).
pub const DEFAULT_DAYS_BACK: u32 = 120;
/// The `days_back` choices offered.
pub const DAYS_CHOICES: [u32; 5] = [7, 30, 120, 180, 365];

/// The wallet page's choices, as kept in the URL query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalletView {
    /// What the open list is sorted by.
    pub sort: OpenPortfolioSort,
    /// Its direction.
    pub dir: Direction,
    /// The closed list's `days_back` (1 to 365).
    pub days: u32,
    /// The open list's page, from 1.
    pub open_page: u32,
    /// The closed list's page, from 1.
    pub closed_page: u32,
}

impl Default for WalletView {
    fn default() -> Self {
        Self {
            sort: OpenPortfolioSort::CurrentBalances,
            dir: Direction::Desc,
            days: DEFAULT_DAYS_BACK,
            open_page: 1,
            closed_page: 1,
        }
    }
}

impl UrlState for WalletView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        vec![
            Field::value("sort", &mut self.sort),
            Field::value("dir", &mut self.dir),
            Field::number("days", &mut self.days, |days| DAYS_BACK.contains(&days)),
            Field::page("open", &mut self.open_page),
            Field::page("closed", &mut self.closed_page),
        ]
    }
}

impl WalletView {
    /// Sorted by `sort`: the same key flips the direction, another key starts descending; back to page 1.
    pub fn sorted_by(self, sort: OpenPortfolioSort) -> Self {
        let dir = if sort == self.sort && self.dir == Direction::Desc { Direction::Asc } else { Direction::Desc };
        Self { sort, dir, open_page: 1, ..self }
    }

    /// The open-portfolio request of this view.
    pub fn open_operation(self, wallet: &str) -> GetOpenPortfolio {
        GetOpenPortfolio::new(wallet)
            .sort_by(self.sort)
            .sort_direction(self.dir)
            .page(self.open_page)
            .page_size(WALLET_PAGE_SIZE)
    }

    /// The closed-portfolio request of this view.
    pub fn closed_operation(self, wallet: &str) -> GetPortfolio {
        GetPortfolio::new(wallet).days_back(self.days).page(self.closed_page).page_size(WALLET_PAGE_SIZE)
    }
}

/// The label of a sort key of the open list.
pub fn open_sort_label(sort: OpenPortfolioSort) -> &'static str {
    match sort {
        OpenPortfolioSort::CurrentBalances => "Balance",
        OpenPortfolioSort::UnclaimedFee => "Unclaimed fees",
        OpenPortfolioSort::FeePerTvl24h => "Fee/TVL 24 h",
    }
}

/// Whether a pool's open positions earn: all in range, some out of range, or unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeStatus {
    /// Every position is in range.
    InRange,
    /// `out` of `of` positions are out of range.
    OutOfRange {
        /// Positions out of range.
        out: usize,
        /// Open positions.
        of: usize,
    },
    /// The service could not tell.
    Unknown,
}

impl RangeStatus {
    /// The status of one pool of the open portfolio: the out-of-range list counts when given, else the flag.
    pub fn of_pool(pool: &OpenPortfolioPool) -> Self {
        let of = pool.list_positions.len().max(pool.open_position_count as usize);
        match (pool.positions_out_of_range.len(), pool.out_of_range) {
            (0, Some(true)) => Self::OutOfRange { out: of, of },
            (0, Some(false)) => Self::InRange,
            (0, None) => Self::Unknown,
            (out, _) => Self::OutOfRange { out, of },
        }
    }

    /// Display text.
    pub fn label(self) -> String {
        match self {
            Self::InRange => "In range".to_owned(),
            Self::OutOfRange { out, of } if out >= of => "Out of range".to_owned(),
            Self::OutOfRange { out, of } => format!("{out} of {of} out of range"),
            Self::Unknown => "Range unknown".to_owned(),
        }
    }

    /// CSS / test identifier.
    pub fn id(self) -> &'static str {
        match self {
            Self::InRange => "in-range",
            Self::OutOfRange { .. } => "out-of-range",
            Self::Unknown => "unknown",
        }
    }
}

/// The pools whose claim totals the page shows: those of the open and closed pages, each once, in that order.
pub fn claim_pools<'a>(
    open: &'a [OpenPortfolioPool],
    closed: &'a [dlmm_query::datapi::models::dlmm::PortfolioPool],
) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for address in open.iter().map(|p| p.pool_address.as_str()).chain(closed.iter().map(|p| p.pool_address.as_str())) {
        if !out.contains(&address) {
            out.push(address);
        }
    }
    out
}

/// Everything the wallet page shows.
pub(super) struct Portfolios {
    wallet: String,
    total: PortfolioTotal,
    open: OpenPortfolio,
    closed: Portfolio,
    summary: LimitOrderSummary,
    open_orders: Paginated<OpenLimitOrderPool>,
    closed_orders: Paginated<ClosedLimitOrderPool>,
    /// Each open limit-order pool's orders, bin by bin, and where they came from.
    order_bins: (std::rc::Rc<Vec<PoolOrders>>, Provenance),
    claims: Vec<Result<WalletPoolClaims, Error>>,
    positions: std::rc::Rc<Vec<PoolPositions>>,
    /// Where the positions came from (one URL per pool), and when.
    positions_provenance: Provenance,
}

impl Portfolios {
    fn is_empty(&self) -> bool {
        self.open.total_count == 0
            && self.closed.total_count == 0
            && self.summary.open_orders == 0
            && self.summary.closed_orders == 0
            && self.open_orders.total == 0
            && self.closed_orders.total == 0
    }
}

/// Loads what the DLMM sections show of `wallet` in view `v`.
pub(super) async fn load_portfolio(c: SiteClient, wallet: String, v: WalletView) -> Result<Portfolios, Error> {
    let total = c.send(&GetPortfolioTotal::new(wallet.clone())).await?;
    let open = c.send(&v.open_operation(&wallet)).await?;
    let closed = c.send(&v.closed_operation(&wallet)).await?;
    let summary = c.send(&GetLimitOrderSummary::new(wallet.clone())).await?;
    let open_orders = c.send(&GetOpenLimitOrderPools::new(wallet.clone()).page_size(WALLET_PAGE_SIZE)).await?;
    let closed_orders = c.send(&GetClosedLimitOrderPools::new(wallet.clone()).page_size(WALLET_PAGE_SIZE)).await?;
    let mut positions = Vec::new();
    let mut sources = Vec::new();
    for p in &open.pools {
        let op =
            GetPositionsPnl::new(p.pool_address.clone(), wallet.clone()).status(PositionStatus::Open).page_size(100);
        sources.push(c.url_of(&op));
        let (pool, pair) = (p.pool_address.clone(), pair_label(&p.token_x, &p.token_y));
        positions.push(PoolPositions { pool, pair, page: c.send(&op).await });
    }
    let fetched_at = (web_sys::js_sys::Date::now() / 1000.0) as i64;
    let positions_provenance = Provenance { source: sources.join(" "), fetched_at, refreshed_at: None };
    let (mut orders, mut order_sources) = (Vec::new(), Vec::new());
    for p in &open_orders.data {
        let op = GetOpenLimitOrders::new(wallet.clone(), p.pool.pool_address.clone()).page_size(WALLET_PAGE_SIZE);
        order_sources.push(c.url_of(&op));
        orders.push(PoolOrders { pair: p.pool.pair_name.clone(), page: c.send(&op).await });
    }
    let orders_provenance = Provenance { source: order_sources.join(" "), fetched_at, refreshed_at: None };
    let mut claims = Vec::new();
    for pool in claim_pools(&open.pools, &closed.pools) {
        claims.push(c.send(&GetWalletPoolClaims::new(wallet.clone(), pool)).await);
    }
    Ok(Portfolios {
        wallet,
        total,
        open,
        closed,
        summary,
        open_orders,
        closed_orders,
        order_bins: (std::rc::Rc::new(orders), orders_provenance),
        claims,
        positions: std::rc::Rc::new(positions),
        positions_provenance,
    })
}

/// The loaded portfolio, or that there is none (read from the page's shared value).
pub(super) fn portfolio(d: &Portfolios, view: WalletView, go: Callback<WalletView>) -> AnyView {
    if d.is_empty() {
        return view! {
            {empty("This wallet has no DLMM positions (open, or closed in the chosen days) and no limit orders.")}
            <DaysChoice view=view go=go />
        }
        .into_any();
    }
    let Portfolios {
        wallet,
        total,
        open,
        closed,
        summary,
        open_orders,
        closed_orders,
        order_bins,
        claims,
        positions,
        positions_provenance,
    } = d;
    let totals = open.total.as_ref();
    let pnl_class = |v: f64| if v >= 0.0 { "value gain" } else { "value loss" };
    view! {
        <section aria-labelledby="totals-title">
            <h2 id="totals-title">"Totals"</h2>
            {cards(Some("wallet-totals"), vec![
                Card::usd("Open value", totals.map_or(0.0, |t| t.balances), "balances",
                    sol(totals.and_then(|t| t.balances_sol))).unit_field("balances_sol"),
                Card::usd("Unclaimed fees", totals.map_or(0.0, |t| t.unclaimed_fees), "unclaimed_fees",
                    sol(totals.and_then(|t| t.unclaimed_fees_sol))).unit_field("unclaimed_fees_sol"),
                Card::usd("Open P&L", totals.map_or(0.0, |t| t.pnl), "open_pnl", sol(totals.and_then(|t| t.pnl_sol)))
                    .class(pnl_class(totals.map_or(0.0, |t| t.pnl))).unit_field("open_pnl_sol"),
                Card::usd("Closed P&L", total.total_pnl_usd, "total_pnl_usd", sol(Some(total.total_pnl_sol)))
                    .class(pnl_class(total.total_pnl_usd)).unit_field("total_pnl_sol"),
                Card::pct("Closed P&L %", total.total_pnl_pct_change, "total_pnl_pct_change",
                    "of deposits, all closed positions"),
                Card::text("Positions", Some("open_positions"), open.total_positions.to_string(),
                    format!("open, in {} pools", open.total_count)),
            ])}
            {open.sol_price.map(|p| view! { <p class="note">"SOL figures at " <span data-field="sol_price" title=exact(p)>{format!("${}", compact(p))}</span>" per SOL."</p> })}
        </section>
        {open_pools(open, view, go)}
        {(!positions.is_empty()).then(|| open_positions(wallet, positions.clone(), positions_provenance.clone()))}
        {closed_pools(closed, view, go)}
        {claims_table(claims)}
        {limit_orders(summary, open_orders, closed_orders,
            open_order_bins(wallet, order_bins.0.clone(), order_bins.1.clone()))}
    }
    .into_any()
}

/// Previous / next page buttons.
#[component]
fn WalletPager(page: u32, has_next: bool, label: &'static str, on_page: Callback<u32>) -> impl IntoView {
    view! {
        <Pager label=format!("{label} pages") info=format!("Page {page}") field="page" has_prev={page > 1}
            has_next=has_next prev=Callback::new(move |()| on_page.run(page.saturating_sub(1).max(1)))
            next=Callback::new(move |()| on_page.run(page + 1)) />
    }
}

fn pair_label(x: &str, y: &str) -> String {
    format!("{x}-{y}")
}

/// The open pools, sortable.
fn open_pools(open: &OpenPortfolio, view: WalletView, go: Callback<WalletView>) -> impl IntoView + use<> {
    let header = move |sort: OpenPortfolioSort| {
        let direction = (view.sort == sort).then_some(view.dir);
        view! {
            <SortHeader key=sort.as_str() label=open_sort_label(sort) direction=direction
                on_sort=go_to(go, view.sorted_by(sort)) />
        }
    };
    let has_next = open.has_next;
    view! {
        <section aria-labelledby="open-title">
            <h2 id="open-title">"Open positions"</h2>
            {or_empty(&open.pools, "No open positions.", |pools| view! {
                <div class="table-scroll">
                <table class="data" data-testid="wallet-open">
                    <thead><tr>
                        <th scope="col">"Pool"</th>
                        {header(OpenPortfolioSort::CurrentBalances)}
                        {header(OpenPortfolioSort::UnclaimedFee)}
                        {header(OpenPortfolioSort::FeePerTvl24h)}
                        <th scope="col" class="r">"P&L"</th>
                        <th scope="col">"Range"</th>
                    </tr></thead>
                    <tbody>
                        {pools.iter().map(|p| {
                            let (status, pair) = (RangeStatus::of_pool(p), pair_label(&p.token_x, &p.token_y));
                            view! {
                                <tr data-address=p.pool_address.clone()>
                                    <td><a href=crate::link(&format!("/dlmm/pools/{}", p.pool_address))>
                                        <span data-field="pair">{pair}</span></a>
                                        <span class="unit">{format!(" bin {} · fee {} %", p.bin_step, exact(p.base_fee))}</span></td>
                                    <td class="r">{usd_value(p.balances, "balances")}<br/><span class="unit">{sol(p.balances_sol)}</span></td>
                                    <td class="r">{usd_value(p.unclaimed_fees, "unclaimed_fees")}<br/><span class="unit">{sol(p.unclaimed_fees_sol)}</span></td>
                                    <td class="r">{pct_value(p.fee_per_tvl_24h, "fee_per_tvl_24h")}</td>
                                    <td class="r">{usd_value(p.pnl, "pnl")}<br/>{pct_value(p.pnl_pct_change, "pnl_pct_change")}</td>
                                    <td><span class=format!("tag {}", status.id()) data-field="range">{status.label()}</span></td>
                                </tr>
                            }
                        }).collect_any()}
                    </tbody>
                </table>
                </div>
            })}
            <WalletPager page=view.open_page has_next=has_next label="Open positions"
                on_page=Callback::new(move |p| go.run(WalletView { open_page: p, ..view })) />
        </section>
    }
}

#[component]
fn DaysChoice(view: WalletView, go: Callback<WalletView>) -> impl IntoView {
    view! {
        <div class="field">
            <Select id="w-days" name="days" label="Closed within"
                choices=DAYS_CHOICES.iter().map(|d| (d.to_string(), format!("{d} days"))).collect()
                selected=Signal::stored(view.days.to_string())
                on_pick=Callback::new(move |v: String| if let Ok(days) = v.parse::<u32>() {
                    go.run(WalletView { days, closed_page: 1, ..view });
                }) />
        </div>
    }
}

/// The closed pools of the chosen days.
fn closed_pools(closed: &Portfolio, view: WalletView, go: Callback<WalletView>) -> impl IntoView + use<> {
    let has_next = closed.has_next;
    view! {
        <section aria-labelledby="closed-title">
            <h2 id="closed-title">"Closed positions by pool"</h2>
            <div class="filters"><DaysChoice view=view go=go /></div>
            {or_empty(&closed.pools, "No positions closed in these days.", |pools| view! {
                <p class="note">{format!("{} closed positions in {} pools.", closed.total_positions, closed.total_count)}</p>
                <div class="table-scroll">
                <table class="data" data-testid="wallet-closed">
                    <thead><tr><th scope="col">"Pool"</th><th scope="col" class="r">"Deposited"</th>
                        <th scope="col" class="r">"Withdrawn"</th><th scope="col" class="r">"Fees"</th>
                        <th scope="col" class="r">"P&L (USD)"</th><th scope="col" class="r">"P&L (SOL)"</th>
                        <th scope="col">"Last closed (UTC)"</th></tr></thead>
                    <tbody>
                        {pools.iter().map(|p| { let pair = pair_label(&p.token_x, &p.token_y); view! {
                            <tr data-address=p.pool_address.clone()>
                                <td><a href=crate::link(&format!("/dlmm/pools/{}", p.pool_address))>
                                    <span data-field="pair">{pair}</span></a></td>
                                <td class="r">{usd_value(p.total_deposit, "total_deposit")}</td>
                                <td class="r">{usd_value(p.total_withdrawal, "total_withdrawal")}</td>
                                <td class="r">{usd_value(p.total_fee, "total_fee")}</td>
                                <td class="r">{usd_value(p.pnl_usd, "pnl_usd")}<br/>{pct_value(p.pnl_pct_change, "pnl_pct_change")}</td>
                                <td class="r"><span data-field="pnl_sol" title=exact(p.pnl_sol)>{sol(Some(p.pnl_sol))}</span><br/>
                                    {pct_value(p.pnl_sol_pct_change, "")}</td>
                                <td>{p.last_closed_at.map(|t| unix_time(i64::try_from(t).unwrap_or(i64::MAX))).unwrap_or_else(|| "—".into())}</td>
                            </tr>
                        }}).collect_any()}
                    </tbody>
                </table>
                </div>
            })}
            <WalletPager page=view.closed_page has_next=has_next label="Closed positions"
                on_page=Callback::new(move |p| go.run(WalletView { closed_page: p, ..view })) />
        </section>
    }
}

/// The claim totals of the pools shown.
fn claims_table(claims: &[Result<WalletPoolClaims, Error>]) -> impl IntoView + use<> {
    view! {
        <section aria-labelledby="claims-title">
            <h2 id="claims-title">"Claimed per pool"</h2>
            {or_empty(claims, "No pools to show claims for.", |claims| view! {
                <p class="note">"Fees and farm rewards claimed in the pools listed above, USD and SOL at claim time; amounts in display units, exact."</p>
                <div class="table-scroll">
                <table class="data" data-testid="wallet-claims">
                    <thead><tr><th scope="col">"Pool"</th><th scope="col" class="r">"Fees"</th>
                        <th scope="col">"Fee amounts (X · Y)"</th><th scope="col" class="r">"Rewards"</th>
                        <th scope="col" class="r">"Total"</th><th scope="col">"Claims"</th></tr></thead>
                    <tbody>
                        {claims.iter().map(|c| match c {
                            Ok(c) => view! {
                                <tr data-address=c.pool_address.clone()>
                                    <td>{Addr::new(c.pool_address.clone()).href(format!("/dlmm/pools/{}", c.pool_address)).view()}</td>
                                    <td class="r">{usd_value(c.total_fee_x_usd + c.total_fee_y_usd, "fees_usd")}</td>
                                    <td class="mono" data-field="fee_amounts">{format!("{} · {}", c.total_fee_x, c.total_fee_y)}</td>
                                    <td class="r">{usd_value(c.total_reward_x_usd + c.total_reward_y_usd, "rewards_usd")}</td>
                                    <td class="r">{usd_value(c.total_claims_usd, "total_claims_usd")}<br/><span class="unit">{sol(Some(c.total_claims_sol))}</span></td>
                                    <td data-field="claim_counts">{format!("{} fee · {} reward", c.fee_claim_count, c.reward_claim_count)}</td>
                                </tr>
                            }.into_any(),
                            Err(e) => view! { <tr data-state="error"><td colspan="6">{format!("Claims unavailable: {e}")}</td></tr> }.into_any(),
                        }).collect_any()}
                    </tbody>
                </table>
                </div>
            })}
        </section>
    }
}

/// The limit orders: the summary, then the open and closed pools.
fn limit_orders(
    summary: &LimitOrderSummary,
    open: &Paginated<OpenLimitOrderPool>,
    closed: &Paginated<ClosedLimitOrderPool>,
    bins: AnyView,
) -> impl IntoView + use<> {
    let row = |pool: &dlmm_query::datapi::models::dlmm::LimitOrderPool,
               orders: u64,
               filled: u64,
               (filled_pct, deposit, withdrawal, bonus): (f64, f64, f64, f64)| {
        let name = pool.pair_name.clone();
        view! {
            <tr data-address=pool.pool_address.clone()>
                <td><a href=crate::link(&format!("/dlmm/pools/{}", pool.pool_address))>
                    <span data-field="pair">{name}</span></a></td>
                <td class="r" data-field="total_orders">{orders.to_string()}</td>
                <td class="r" data-field="fully_filled_orders">{filled.to_string()}</td>
                <td class="r">{pct_value(filled_pct, "filled_pct")}</td>
                <td class="r">{usd_value(deposit, "total_deposit_usd")}</td>
                <td class="r">{usd_value(withdrawal, "total_withdrawal_usd")}</td>
                <td class="r">{usd_value(bonus, "total_bonus_usd")}</td>
            </tr>
        }
    };
    // One table for the open and the closed orders: its rows drawn by `row`, or the empty state.
    let table = |id: &'static str, none: &'static str, rows: Vec<AnyView>| {
        if rows.is_empty() {
            return empty(none);
        }
        view! {
            <div class="table-scroll"><table class="data" data-testid=id>
                <thead><tr><th scope="col">"Pool"</th><th scope="col" class="r">"Orders"</th><th scope="col" class="r">"Filled"</th>
                    <th scope="col" class="r">"Filled %"</th><th scope="col" class="r">"Deposited"</th>
                    <th scope="col" class="r">"Withdrawn"</th><th scope="col" class="r">"Bonus"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table></div>
        }
        .into_any()
    };
    // The open and the closed pools share these fields (`structs_sharing!` in the core), not a type.
    macro_rules! rows {
        ($list:expr) => {
            $list
                .iter()
                .map(|o| {
                    let figures = (o.filled_pct, o.total_deposit_usd, o.total_withdrawal_usd, o.total_bonus_usd);
                    row(&o.pool, o.total_orders, o.fully_filled_orders, figures)
                })
                .collect_any()
        };
    }
    let (open_rows, closed_rows) = (rows!(open.data), rows!(closed.data));
    view! {
        <section aria-labelledby="orders-title">
            <h2 id="orders-title">"Limit orders"</h2>
            {cards(Some("limit-order-summary"), vec![
                Card::text("Open orders", Some("open_orders"), summary.open_orders.to_string(), "now"),
                Card::text("Closed orders", Some("closed_orders"), summary.closed_orders.to_string(), "all time"),
                Card::usd("Open deposits", summary.total_deposit_usd, "total_deposit_usd", sol(Some(summary.total_deposit_sol))),
                Card::usd("Open bonus", summary.total_bonus_usd, "total_bonus_usd", sol(Some(summary.total_bonus_sol))),
            ])}
            <h3>"Open, by pool"</h3>
            {table("limit-orders-open", "No open limit orders.", open_rows)}
            {(!open.data.is_empty()).then_some(bins)}
            <h3>"Closed, by pool"</h3>
            {table("limit-orders-closed", "No closed limit orders.", closed_rows)}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url_state::testing::from_pairs;

    fn query(pairs: &[(&str, &str)]) -> WalletView {
        WalletView::from_query(from_pairs(pairs))
    }

    #[test]
    fn url_state_is_read_and_written_and_bad_values_are_rejected() {
        assert_eq!(query(&[]), WalletView::default());
        assert_eq!(WalletView::default().to_query(), "");
        let v = query(&[("sort", "unclaimed_fee"), ("dir", "asc"), ("days", "30"), ("open", "3"), ("closed", "2")]);
        assert_eq!(v.sort, OpenPortfolioSort::UnclaimedFee);
        assert_eq!(v.dir, Direction::Asc);
        assert_eq!((v.days, v.open_page, v.closed_page), (30, 3, 2));
        assert_eq!(v.to_query(), "?sort=unclaimed_fee&dir=asc&days=30&open=3&closed=2");
        let bad = query(&[("sort", "tvl"), ("dir", "up"), ("days", "0"), ("open", "0"), ("closed", "-1")]);
        assert_eq!(bad, WalletView::default());
        assert_eq!(query(&[("days", "366")]).days, DEFAULT_DAYS_BACK);
    }

    #[test]
    fn sorting_flips_the_same_key_and_resets_the_page() {
        let v = WalletView { open_page: 4, ..WalletView::default() };
        let flipped = v.sorted_by(OpenPortfolioSort::CurrentBalances);
        assert_eq!((flipped.dir, flipped.open_page), (Direction::Asc, 1));
        assert_eq!(flipped.sorted_by(OpenPortfolioSort::CurrentBalances).dir, Direction::Desc);
        let other = flipped.sorted_by(OpenPortfolioSort::FeePerTvl24h);
        assert_eq!((other.sort, other.dir), (OpenPortfolioSort::FeePerTvl24h, Direction::Desc));
    }

    #[test]
    fn operations_carry_the_view() {
        use dlmm_query::ops::Operation;
        let wallet = "So11111111111111111111111111111111111111112";
        let v = query(&[("sort", "fee_per_tvl24h"), ("dir", "asc"), ("days", "7"), ("open", "2"), ("closed", "5")]);
        let open = v.open_operation(wallet).request().unwrap();
        assert_eq!(open.query, format!("user={wallet}&page=2&page_size=20&sort_direction=asc&sort_by=fee_per_tvl24h"));
        let closed = v.closed_operation(wallet).request().unwrap();
        assert_eq!(closed.query, format!("user={wallet}&page=5&page_size=20&days_back=7"));
        assert!(v.open_operation("not an address").request().is_err());
    }

    fn pool(list: &[&str], out: &[&str], flag: Option<bool>) -> OpenPortfolioPool {
        serde_json::from_value(serde_json::json!({
            "poolAddress": "p", "binStep": "10", "baseFee": "0.1", "collectFeeMode": "0", "tokenXMint": "x",
            "tokenYMint": "y", "tokenXIcon": "", "tokenYIcon": "", "tokenX": "X", "tokenY": "Y", "rewardX": "r",
            "rewardY": "r", "balances": "1", "unclaimedFees": "0", "feePerTvl24h": "0", "pnl": "0",
            "pnlPctChange": "0", "totalDeposit": "1", "openPositionCount": list.len().to_string(),
            "listPositions": list, "positionsOutOfRange": out, "outOfRange": flag
        }))
        .unwrap()
    }

    #[test]
    fn range_status_from_the_list_or_the_flag() {
        let all_in = pool(&["a", "b"], &[], Some(false));
        assert_eq!(RangeStatus::of_pool(&all_in), RangeStatus::InRange);
        let some_out = pool(&["a", "b", "c"], &["b"], Some(true));
        assert_eq!(RangeStatus::of_pool(&some_out), RangeStatus::OutOfRange { out: 1, of: 3 });
        assert_eq!(RangeStatus::of_pool(&some_out).label(), "1 of 3 out of range");
        let flag_only = pool(&["a", "b"], &[], Some(true));
        assert_eq!(RangeStatus::of_pool(&flag_only).label(), "Out of range");
        assert_eq!(RangeStatus::of_pool(&pool(&["a"], &[], None)), RangeStatus::Unknown);
    }

    #[test]
    fn claim_pools_are_unique_in_order_and_sol_renders() {
        let open = [pool(&["a"], &[], None)];
        assert_eq!(claim_pools(&open, &[]), ["p"]);
        assert_eq!(claim_pools(&[], &[]), Vec::<&str>::new());
        assert_eq!(sol(None), "—");
        assert_eq!(sol(Some(1234.5)), "1.23K SOL");
    }
}
