//! `/wallets/:wallet`: a wallet across the vendor's protocols, from the portfolio service (balance now, performance
//! for every time window, a month's calendar of daily P&L with its cumulative curve), then its DLMM positions (the
//! DLMM wallet page's sections, folded in).
//!
//! URL state (`?unit=sol&month=2026-11&…`): the unit of the P&L figures, the calendar's month (this month when
//! unset), and the DLMM sections' own keys ([`WalletView`]). The plain parts are in [`crate::wallet_pnl`].

use std::fmt;
use std::str::FromStr;

use dlmm_query::datapi::models::Decimal;
use dlmm_query::datapi::models::portfolio::{Balances, Calendar, CalendarDay, CalendarFigures, Performance};
use dlmm_query::datapi::month::Month;
use dlmm_query::datapi::ops::portfolio::{GetBalances, GetCalendar, GetPerformance};
use dlmm_query::datapi::params::TimeRange;
use dlmm_query::{Error, ErrorKind};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::dlmm_wallet::{WalletView, load_portfolio, portfolio};
use super::{Addr, SiteClient};
use crate::charts::daily::{DailyChart, chart};
use crate::export::Provenance;
use crate::format::{compact, compact_usd, exact, percent_short, unix_date};
use crate::ui::downloads;
use crate::ui::{CollectAny, Failure, Loaded, NotAnAddress, empty};
use crate::url_state::{Field, UrlState, encode_component};
use crate::wallet_pnl::{
    GridDay, Unit, calendar_table, cumulative, month_grid, month_number, month_of_number, performances_table,
};

/// The calendar's month as the URL keeps it: a month, or none (this month).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MonthChoice(pub Option<Month>);

impl fmt::Display for MonthChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(month) => month.fmt(f),
            None => Ok(()),
        }
    }
}

impl FromStr for MonthChoice {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        Month::parse_param("month", text).map(|m| Self(Some(m))).map_err(|_| ())
    }
}

/// The wallet page's choices, as kept in the URL query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalletPnlView {
    /// The unit of the P&L figures.
    pub unit: Unit,
    /// The calendar's month.
    pub month: MonthChoice,
    /// The DLMM sections' choices.
    pub dlmm: WalletView,
}

impl UrlState for WalletPnlView {
    fn fields(&mut self) -> Vec<Field<'_>> {
        let mut fields = vec![Field::value("unit", &mut self.unit), Field::value("month", &mut self.month)];
        fields.extend(self.dlmm.fields());
        fields
    }
}

impl WalletPnlView {
    /// The calendar's month: the chosen one, else the month `now` (unix seconds) falls in.
    pub fn month_at(self, now: i64) -> Option<Month> {
        self.month.0.or_else(|| Month::of_unix(now))
    }
}

/// The window's label.
pub fn range_label(range: TimeRange) -> &'static str {
    match range {
        TimeRange::D1 => "24 hours",
        TimeRange::D7 => "7 days",
        TimeRange::D30 => "30 days",
        TimeRange::Y1 => "1 year",
        TimeRange::Ytd => "Year to date",
        TimeRange::All => "All time",
    }
}

/// A decimal figure in `unit`, compact, its exact text on hover and in `data-value`; green or red by sign when
/// `signed`.
fn figure(value: &Decimal, unit: Unit, field: &'static str, signed: bool) -> AnyView {
    let class = match (signed, value.is_negative(), value.is_zero()) {
        (false, ..) | (true, _, true) => "num",
        (true, true, _) => "num down",
        (true, false, _) => "num up",
    };
    exact_span(value, class, field, unit_text(value, unit))
}

/// A percent figure, its exact text on hover.
fn pct(value: &Decimal, field: &'static str) -> AnyView {
    exact_span(value, "num", field, percent_short(value.to_f64()))
}

/// `text` in a span of `class` named `field`, with the exact `value` on hover and in `data-value`.
fn exact_span(value: &Decimal, class: &'static str, field: &'static str, text: String) -> AnyView {
    let exact = value.as_str().to_owned();
    view! { <span class=class data-field=field data-value=exact.clone() title=exact>{text}</span> }.into_any()
}

/// Now, unix seconds.
fn now() -> i64 {
    (web_sys::js_sys::Date::now() / 1000.0) as i64
}

/// What a section loaded, with where from and when.
struct Fetched<T> {
    value: T,
    provenance: Provenance,
}

impl<T> Fetched<T> {
    fn now(value: T, source: String) -> Self {
        Self { value, provenance: Provenance { source, fetched_at: now(), refreshed_at: None } }
    }
}

type Performances = Vec<(TimeRange, Performance)>;

async fn load_performances(c: SiteClient, wallet: String) -> Result<Fetched<Performances>, Error> {
    let mut out = Vec::new();
    for &range in TimeRange::ALL {
        out.push((range, c.send(&GetPerformance::new(wallet.clone()).time_range(range)).await?));
    }
    let ranges: Vec<&str> = TimeRange::ALL.iter().map(|r| r.as_str()).collect();
    Ok(Fetched::now(out, format!("{}?time_range={}", c.url_of(&GetPerformance::new(wallet)), ranges.join("|"))))
}

async fn load_calendar(c: SiteClient, wallet: String, month: Month) -> Result<Fetched<(Month, Calendar)>, Error> {
    let operation = GetCalendar::new(wallet).month(month);
    let calendar = c.send(&operation).await?;
    Ok(Fetched::now((month, calendar), c.url_of(&operation)))
}

/// The portfolio service's answer for a wallet it does not know, shown as a wallet with nothing to show.
const UNKNOWN_TO_PORTFOLIO: &str = "The portfolio service has no record of this wallet.";

/// How a section of the page shows a path that holds no wallet address (explained once, by the section that passes
/// `explain`; nothing was sent) and, with `unknown`, a wallet its service does not know; other errors as usual.
fn wallet_failure(explain: bool, unknown: Option<&'static str>) -> Failure {
    Failure::own(move |e: &Error| match (e.kind(), unknown) {
        (ErrorKind::NotFound, Some(message)) => Some(empty(message)),
        (ErrorKind::InvalidInput, _) if explain => {
            Some(view! { <NotAnAddress error=e.clone() what="wallet" /> }.into_any())
        }
        (ErrorKind::InvalidInput, _) => Some(().into_any()),
        _ => None,
    })
}

/// The wallet page: its sections, each loading on its own.
#[component]
pub fn WalletPnlPage() -> impl IntoView {
    let wallet = crate::route::param("wallet");
    let (view_state, go) = crate::route::url_state::<WalletPnlView>(move || {
        format!("/wallets/{}", encode_component(&wallet.get_untracked()))
    });
    let client = expect_context::<SiteClient>();
    let now = now();
    let c = client.clone();
    let balances = crate::resource::local(move || {
        let (c, w) = (c.clone(), wallet.get());
        async move { c.send(&GetBalances::new(w)).await }
    });
    let c = client.clone();
    let performances = crate::resource::local(move || load_performances(c.clone(), wallet.get()));
    // The calendar's month as a number of months (`month_number`): the explorer's one `Memo<u32>` type.
    let month_number = Memo::new(move |_| view_state.get().month_at(now).map_or(0, month_number));
    let month = move || month_of_number(month_number.get());
    let c = client.clone();
    // A month to show is missing only for a clock outside 2000–9999.
    let calendar = crate::resource::local(move || {
        load_calendar(c.clone(), wallet.get(), month().unwrap_or(Month::new(2000, 1).expect("a month")))
    });
    let dlmm = Memo::new(move |_| view_state.get().dlmm);
    let c = client;
    let positions = crate::resource::local(move || load_portfolio(c.clone(), wallet.get(), dlmm.get()));
    let unit = Memo::new(move |_| view_state.get().unit);
    let go_dlmm = Callback::new(move |d: WalletView| go.run(WalletPnlView { dlmm: d, ..view_state.get_untracked() }));
    view! {
        <h1>"Wallet"</h1>
        <p class="sub">{Addr::new(wallet.get_untracked()).full().field("wallet").view()}</p>
        <div class="row wrap" role="group" aria-label="Unit of the figures" data-testid="unit-switch">
            {Unit::ALL.into_iter().map(|u| view! {
                <button type="button" class="switch" data-unit=u.as_str() aria-pressed=move || (unit.get() == u).to_string()
                    on:click=move |_| go.run(WalletPnlView { unit: u, ..view_state.get_untracked() })>
                    {u.label()}
                </button>
            }).collect_any()}
        </div>
        {section("balance-title", "Balance now", "wallet-balance", view! {
            <Loaded resource=balances loading="the balance" failure=wallet_failure(true, Some(UNKNOWN_TO_PORTFOLIO)) let:b>
                {let b = b.clone(); move || balance_cards(&b, unit.get())}
            </Loaded>
        }.into_any())}
        {section("performance-title", "Performance", "wallet-performance", view! {
            <Loaded resource=performances loading="the performance" failure=wallet_failure(false, Some(UNKNOWN_TO_PORTFOLIO)) let:p>
                {let w = wallet.get_untracked();
                 let table = performances_table(&w, &p.value, p.provenance.clone());
                 let rows = p.value.clone();
                 view! { {move || performance_table(&rows, unit.get())}
                     {downloads("performance-downloads", std::rc::Rc::new(move || table.clone()))} }}
            </Loaded>
        }.into_any())}
        {section("calendar-title", "Daily P&L", "wallet-calendar", view! {
            {move || month().map_or_else(|| ().into_any(), |m| month_nav(m, view_state, go))}
            <Loaded resource=calendar loading="the calendar" failure=wallet_failure(false, Some(UNKNOWN_TO_PORTFOLIO)) let:c>
                {calendar_view(&wallet.get_untracked(), c)}
            </Loaded>
        }.into_any())}
        {section("dlmm-title", "DLMM positions", "wallet-dlmm", view! {
            <Loaded resource=positions loading="the DLMM positions" failure=wallet_failure(false, None) let:d>
                {portfolio(d, dlmm.get_untracked(), go_dlmm)}
            </Loaded>
        }.into_any())}
    }
}

/// A section of the page: its heading (`id`, `title`) and `body`, named `data-testid=testid`.
fn section(id: &'static str, title: &'static str, testid: &'static str, body: AnyView) -> AnyView {
    view! { <section aria-labelledby=id data-testid=testid><h2 id=id>{title}</h2>{body}</section> }.into_any()
}

/// The balance cards, in `unit`.
fn balance_cards(b: &Balances, unit: Unit) -> AnyView {
    let fees = match unit {
        Unit::Usd => Some(&b.unclaimed_fee_usd),
        Unit::Sol => b.unclaimed_fee_sol.as_ref(),
    };
    let text = |d: Option<&Decimal>| d.map_or_else(|| "—".to_owned(), |d| unit_text(d, unit));
    let title = |d: Option<&Decimal>| d.map_or_else(String::new, |d| d.as_str().to_owned());
    let value = unit.pick(&b.balance_usd, &b.balance_sol);
    cards(
        Some("balance-cards"),
        vec![
            Card::titled("Balance", "balance", text(Some(value)), title(Some(value)), "DLMM and DAMM v2 positions"),
            Card::titled("Unclaimed fees", "unclaimed_fee", text(fees), title(fees), "not yet claimed"),
        ],
    )
}

/// `d` compact in `unit` (`$5.79M`, `12.3 SOL`).
fn unit_text(d: &Decimal, unit: Unit) -> String {
    match unit {
        Unit::Usd => compact_usd(d.to_f64()),
        Unit::Sol => format!("{} SOL", compact(d.to_f64())),
    }
}

/// One row per time window.
fn performance_table(rows: &[(TimeRange, Performance)], unit: Unit) -> AnyView {
    view! {
        <div class="table-scroll">
        <table class="data" data-testid="performance">
            <thead><tr><th scope="col">"Window"</th><th scope="col" class="r">"P&L"</th><th scope="col" class="r">"P&L %"</th>
                <th scope="col" class="r">"Realized (USD)"</th><th scope="col" class="r">"Unrealized (USD)"</th>
                <th scope="col" class="r">"Fees earned (USD)"</th><th scope="col" class="r">"Win rate"</th>
                <th scope="col" class="r">"Won · lost"</th><th scope="col" class="r">"Closed · open"</th></tr></thead>
            <tbody>
                {rows.iter().map(|(range, p)| {
                    let cells = [
                        figure(unit.pick(&p.pnl_usd, &p.pnl_sol), unit, "pnl", true),
                        pct(unit.pick(&p.pnl_pct_change, &p.pnl_sol_pct_change), "pnl_pct"),
                        figure(&p.realized_pnl_usd, Unit::Usd, "realized_pnl_usd", true),
                        figure(&p.unrealized_pnl_usd, Unit::Usd, "unrealized_pnl_usd", true),
                        view! { {figure(&p.realized_fee_earned_usd, Unit::Usd, "realized_fee_earned_usd", false)}
                            " + "{figure(&p.unrealized_fee_earned_usd, Unit::Usd, "unrealized_fee_earned_usd", false)} }.into_any(),
                        pct(&p.win_rate_usd, "win_rate_usd"),
                        text_cell("wins_losses", format!("{} · {}", p.win_count_usd, p.loss_count_usd)),
                        text_cell("closed_open", format!("{} · {}", p.closed_count, p.open_count)),
                    ];
                    view! {
                        <tr data-range=range.as_str()>
                            <th scope="row">{range_label(*range)}</th>
                            {cells.into_iter().map(|c| view! { <td class="r">{c}</td> }).collect_any()}
                        </tr>
                    }
                }).collect_any()}
            </tbody>
        </table>
        </div>
    }
    .into_any()
}

/// Text named `field`.
fn text_cell(field: &'static str, text: String) -> AnyView {
    view! { <span data-field=field>{text}</span> }.into_any()
}

/// The month's name and the links to the months before and after.
fn month_nav(month: Month, state: Memo<WalletPnlView>, go: Callback<WalletPnlView>) -> AnyView {
    // The rest of the page's choices are read when a button is pressed, not when the month was drawn.
    let to = move |m: Option<Month>, arrow: &'static str| match m {
        Some(m) => view! {
            <button type="button" class="link" data-month=m.to_string() aria-label=format!("{arrow} {m}")
                on:click=move |_| go.run(WalletPnlView { month: MonthChoice(Some(m)), ..state.get_untracked() })>
                {format!("{arrow} {m}")}
            </button>
        }
        .into_any(),
        None => ().into_any(),
    };
    view! {
        <nav class="pager" aria-label="Months" data-testid="month-nav">
            {to(month.previous(), "←")}
            <strong data-field="month">{month.to_string()}</strong>
            {to(month.next(), "→")}
        </nav>
    }
    .into_any()
}

/// The month's calendar (a grid of days, the focused or hovered day's details) and its cumulative P&L.
fn calendar_view(wallet: &str, fetched: &Fetched<(Month, Calendar)>) -> AnyView {
    let (month, days) = (fetched.value.0, fetched.value.1.data_points.clone());
    let (wallet, provenance, exported) = (wallet.to_owned(), fetched.provenance.clone(), days.clone());
    let download = downloads(
        "calendar-downloads",
        std::rc::Rc::new(move || calendar_table(&wallet, month, &exported, provenance.clone())),
    );
    if !days.iter().any(|d| Month::of_unix(i64::try_from(d.timestamp).unwrap_or(i64::MAX)) == Some(month)) {
        return empty(format!("No positions closed in {month}."));
    }
    // The day focused or hovered, by its index in the month (the charts' signal type: one instance of its code).
    let picked = RwSignal::new(None::<usize>);
    let weeks = month_grid(month, &days)
        .into_iter()
        .map(|week| view! { <tr>{week.into_iter().map(|d| day_cell(d, picked)).collect_any()}</tr> })
        .collect_any();
    let curve = cumulative(month, &days);
    let total = curve.last().copied().unwrap_or(0.0);
    let labels = (1..=curve.len()).map(|d| format!("{month}-{d:02}")).collect();
    let details = move || {
        let start = month.start_unix() + 86_400 * i64::try_from(picked.get()?).ok()?;
        let day = days.iter().find(|d| i64::try_from(d.timestamp) == Ok(start))?;
        Some(day_details(day))
    };
    view! {
        <div class="two-col">
            <div>
                <table class="calendar" data-testid="calendar-grid">
                    <thead><tr>{["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].into_iter().map(|d| view! { <th scope="col">{d}</th> }).collect_any()}</tr></thead>
                    <tbody>{weeks}</tbody>
                </table>
                <div class="day-details" aria-live="polite" data-testid="day-details">
                    {move || details().unwrap_or_else(|| view! { <p class="note">"Focus or hover a day for its details."</p> }.into_any())}
                </div>
            </div>
            <div>
            {download}
            <p class="note">"The month's P&L: "<span class="num" data-field="month_total" data-value=dlmm_query::float::text(total)
                title=exact(total)>{compact_usd(total)}</span></p>
            {chart(DailyChart { title: "Cumulative P&L, USD", y_label: "USD", labels, values: curve, bars: false,
                fmt: compact_usd, id: "cumulative-pnl" })}
            </div>
        </div>
    }
    .into_any()
}

/// One cell of the grid: empty, or a day that shows its details when focused or hovered.
fn day_cell(day: Option<GridDay<'_>>, picked: RwSignal<Option<usize>>) -> AnyView {
    let Some(d) = day else { return view! { <td></td> }.into_any() };
    let (start, index) = (d.start, usize::from(d.day) - 1);
    let label = match d.point {
        Some(p) => format!("{}: {} USD, {} closed", unix_date(start), p.pnl_usd, p.closed_position_count),
        None => format!("{}: no positions closed", unix_date(start)),
    };
    view! {
        <td><button type="button" class=d.shade.class() aria-label=label data-day=unix_date(start)
            data-pnl=d.point.map(|p| p.pnl_usd.as_str().to_owned())
            on:focus=move |_| picked.set(Some(index)) on:mouseenter=move |_| picked.set(Some(index))>{d.day}</button></td>
    }
    .into_any()
}

/// A day's figures: P&L, closed positions, wins and losses, fees, and each protocol's share.
fn day_details(day: &CalendarDay) -> AnyView {
    let share = |name: &'static str, f: Option<&CalendarFigures>| {
        match f {
        Some(f) => view! {
            <li data-protocol=name>{format!("{name}: ")}{figure(&f.pnl_usd, Unit::Usd, "pnl_usd", true)}
                {format!(", {} closed ({} won, {} lost), fees ", f.closed_position_count, f.win_count_usd, f.loss_count_usd)}
                {figure(&f.fees_earned_usd, Unit::Usd, "fees_earned_usd", false)}</li>
        }
        .into_any(),
        None => ().into_any(),
    }
    };
    let stamp = i64::try_from(day.timestamp).unwrap_or(i64::MAX);
    view! {
        <h3 data-field="day">{unix_date(stamp)}</h3>
        <p>"P&L "{figure(&day.pnl_usd, Unit::Usd, "pnl_usd", true)}" · fees "{figure(&day.fees_earned_usd, Unit::Usd, "fees_earned_usd", false)}</p>
        <p data-field="counts">{format!("{} closed: {} won, {} lost", day.closed_position_count, day.win_count_usd, day.loss_count_usd)}</p>
        <ul class="plain">{share("DLMM", day.dlmm.as_ref())}{share("DAMM v2", day.damm_v2.as_ref())}</ul>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url_state::testing::from_pairs;

    #[test]
    fn the_unit_and_month_are_kept_beside_the_dlmm_keys() {
        let v = WalletPnlView::from_query(from_pairs(&[("unit", "sol"), ("month", "2026-02"), ("days", "30")]));
        assert_eq!(v.unit, Unit::Sol);
        assert_eq!(v.month.0.map(|m| m.to_string()).as_deref(), Some("2026-02"));
        assert_eq!(v.dlmm.days, 30);
        assert_eq!(v.to_query(), "?unit=sol&month=2026-02&days=30");
        let bad = WalletPnlView::from_query(from_pairs(&[("unit", "eur"), ("month", "2026-13")]));
        assert_eq!(bad, WalletPnlView::default());
        assert_eq!(WalletPnlView::default().to_query(), "");
        // No month: the month of now.
        assert_eq!(WalletPnlView::default().month_at(1_793_491_200).map(|m| m.to_string()).as_deref(), Some("2026-11"));
        assert_eq!(v.month_at(1_793_491_200).map(|m| m.to_string()).as_deref(), Some("2026-02"));
    }

    #[test]
    fn every_window_has_a_label() {
        let labels: Vec<&str> = TimeRange::ALL.iter().map(|r| range_label(*r)).collect();
        assert_eq!(labels, ["24 hours", "7 days", "30 days", "1 year", "Year to date", "All time"]);
    }
}
