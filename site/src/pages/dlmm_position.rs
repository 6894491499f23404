//! `/dlmm/positions/:address`: a position's events on the datapi (deposits, withdrawals, fee and reward claims) as
//! a timeline, with the position's P&L row from its pool (`/positions/{pool}/pnl` of its owner).
//!
//! URL state: `?kind=add|remove|claim_fee|claim_reward` keeps one kind of event (every kind when absent).

use dlmm_query::Error;
use dlmm_query::datapi::models::dlmm::{PositionEvent, PositionPnlRecord, PositionsPnl};
use dlmm_query::datapi::ops::dlmm::{GetPositionEvents, GetPositionsPnl};
use dlmm_query::datapi::params::PositionEventType;
use dlmm_query::datapi::pnl_split::{FEE_TOLERANCE_SHARE, FEE_TOLERANCE_USD, FeeCheck};
use leptos::prelude::*;

use super::positions_explained::position_table;
use super::{Addr, SiteClient, usd_value};
use crate::format::{compact_usd, exact, unix_time};
use crate::timeline::{DatapiEvent, datapi_timeline, kind_totals};
use crate::ui::{CollectAny, Failure, Loaded, empty, or_empty};

/// Pages of `/positions/{pool}/pnl` read at most while looking for the position's row.
pub const MAX_PNL_PAGES: u32 = 10;

/// The event-kind filter of `?kind=…`: a known kind, else every kind.
pub fn kind_filter(value: Option<&str>) -> Option<PositionEventType> {
    value.and_then(|v| v.parse().ok())
}

/// The link of the position page filtered to `kind` (every kind with none).
pub fn kind_link(address: &str, kind: Option<PositionEventType>) -> String {
    match kind {
        Some(k) => format!("/dlmm/positions/{address}?kind={k}"),
        None => format!("/dlmm/positions/{address}"),
    }
}

/// The pool and owner of a position, from its events (the first event that names both).
pub fn pool_and_owner(events: &[PositionEvent]) -> Option<(String, String)> {
    events
        .iter()
        .find(|e| !e.pool_address.is_empty() && !e.user_address.is_empty())
        .map(|e| (e.pool_address.clone(), e.user_address.clone()))
}

/// The position's row on one page of its pool's P&L list.
pub fn find_row(page: &PositionsPnl, position: &str) -> Option<PositionPnlRecord> {
    page.positions.iter().find(|p| p.position_address == position).cloned()
}

/// Everything the position page shows.
struct History {
    events: Vec<DatapiEvent>,
    pool: Option<(String, String)>,
    pnl: Option<Result<PositionPnlRecord, Error>>,
    /// Token names as the service gives them (untrusted text), X then Y.
    tokens: Option<(String, String)>,
    /// The P&L record's claimed fees against the fee-claim events, when every such event was read.
    fee_check: Option<FeeCheck>,
}

async fn load(c: SiteClient, address: String, kind: Option<PositionEventType>) -> Result<History, Error> {
    let mut op = GetPositionEvents::new(address.clone());
    if let Some(k) = kind {
        op = op.event_type(k);
    }
    let raw = c.send(&op).await?.events;
    // The pool and owner come from any event, so a filtered empty list still needs the whole list.
    let all = if kind.is_some() && raw.is_empty() {
        c.send(&GetPositionEvents::new(address.clone())).await?.events
    } else {
        raw.clone()
    };
    let pool = pool_and_owner(&all);
    // A reward claim names the reward mint as token X: the pool's tokens come from another kind of event.
    let tokens = all
        .iter()
        .find(|e| e.event_type != "claim_reward")
        .or(all.first())
        .map(|e| (e.token_x.clone(), e.token_y.clone()));
    let pnl = match &pool {
        None => None,
        Some((pool, owner)) => {
            let mut found = None;
            for page in 1..=MAX_PNL_PAGES {
                match c.send(&GetPositionsPnl::new(pool.clone(), owner.clone()).page(page).page_size(100)).await {
                    Ok(p) => {
                        if let Some(row) = find_row(&p, &address) {
                            found = Some(Ok(row));
                            break;
                        }
                        if !p.has_next {
                            break;
                        }
                    }
                    Err(e) => {
                        found = Some(Err(e));
                        break;
                    }
                }
            }
            found
        }
    };
    // The events read hold every fee claim unless another kind was asked for (and found).
    let claims_complete = matches!(kind, None | Some(PositionEventType::ClaimFee)) || raw.is_empty();
    let fee_check = match &pnl {
        Some(Ok(record)) if claims_complete => Some(FeeCheck::new(record, &all)),
        _ => None,
    };
    Ok(History { events: datapi_timeline(&raw), pool, pnl, tokens, fee_check })
}

/// The position page.
#[component]
pub fn DlmmPositionPage() -> impl IntoView {
    let address = crate::route::param("address");
    let query = crate::route::query();
    let kind = Memo::new(move |_| kind_filter(query.read().get("kind").as_deref()));
    let client = expect_context::<SiteClient>();
    let data = crate::resource::local(move || load(client.clone(), address.get(), kind.get()));
    view! {
        <h1>"Position"</h1>
        <p class="sub">{Addr::new(address.get_untracked()).full().field("position").view()}</p>
        <nav class="row wrap" aria-label="Event kinds" data-testid="event-kinds">
            {move || {
                let a = address.get();
                let current = kind.get();
                let choices: Vec<(Option<PositionEventType>, &str)> = std::iter::once((None, "All events"))
                    .chain(PositionEventType::ALL.iter().map(|k| (Some(*k), kind_label(*k))))
                    .collect();
                choices.into_iter().map(|(k, label)| view! {
                    <a href=crate::link(&kind_link(&a, k)) aria-current=(k == current).then_some("true")
                        class=if k == current { "chip active" } else { "chip" }>{label}</a>
                }).collect_any()
            }}
        </nav>
        <Loaded resource=data loading="the position" failure=Failure::NotAnAddress("position") let:d>
            {position_view(d)}
        </Loaded>
    }
}

fn kind_label(kind: PositionEventType) -> &'static str {
    match kind {
        PositionEventType::Add => "Deposits",
        PositionEventType::Remove => "Withdrawals",
        PositionEventType::ClaimFee => "Fee claims",
        PositionEventType::ClaimReward => "Reward claims",
    }
}

/// A position the datapi has no event of: unknown, or never indexed.
#[component]
fn NoPosition() -> impl IntoView {
    view! {
        <section class="state not-found" role="alert" data-state="not-found" data-kind="notFound">
            <h2>"No such position"</h2>
            <p>"The DLMM datapi has no event of this position: it is unknown, or not indexed yet."</p>
        </section>
    }
}

/// The loaded position, or that the datapi has none (read from the page's shared value).
fn position_view(d: &History) -> AnyView {
    let History { events, pool, pnl, tokens, fee_check } = d;
    if pool.is_none() {
        return view! { <NoPosition /> }.into_any();
    }
    let (pool, owner) = pool.clone().unwrap_or_default();
    let (token_x, token_y) = tokens.clone().unwrap_or_default();
    let totals = kind_totals(events);
    view! {
        <dl class="fields">
            <div class="kv"><dt>"Pool"</dt><dd>{Addr::new(pool.clone()).href(format!("/dlmm/pools/{pool}")).field("pool_address").view()}</dd></div>
            <div class="kv"><dt>"Owner"</dt><dd>{Addr::new(owner.clone()).href(format!("/wallets/{owner}")).field("owner").view()}</dd></div>
            <div class="kv"><dt>"Token X"</dt><dd class="mono" data-field="token_x">{token_x}</dd></div>
            <div class="kv"><dt>"Token Y"</dt><dd class="mono" data-field="token_y">{token_y}</dd></div>
        </dl>
        <section aria-labelledby="pnl-title">
            <h2 id="pnl-title">"Profit and loss in its pool"</h2>
            {match pnl {
                None => empty("Its pool's P&L list does not include this position."),
                Some(Err(e)) => view! { <p class="state error" data-state="error" data-testid="position-pnl">{format!("P&L unavailable: {e}")}</p> }.into_any(),
                Some(Ok(r)) => view! { {position_table(r)} {amounts_note(r)} }.into_any(),
            }}
            {fee_check.map(|c| {
                let (agrees, record, events) = (c.agrees(), compact_usd(c.from_record), compact_usd(c.from_events));
                view! {
                    <p class=if agrees { "note" } else { "note state error" } data-testid="fee-check" data-agrees=agrees.to_string()>
                        {format!("Claimed fees: {record} in the P&L record, {events} in the fee-claim events; {} (tolerance ${} or {} %).",
                            if agrees { "they agree" } else { "they disagree, and the split uses the P&L record" },
                            exact(FEE_TOLERANCE_USD), exact(FEE_TOLERANCE_SHARE * 100.0))}
                    </p>
                }
            })}
        </section>
        <section aria-labelledby="timeline-title">
            <h2 id="timeline-title">"Timeline"</h2>
            <div class="cards" data-testid="event-totals">
                {totals.into_iter().map(|t| view! {
                    <div class="card" data-kind=t.kind.id()><span class="label">{t.kind.label()}</span>
                        <span class="value">{usd_value(t.usd, "")}</span>
                        <span class="unit" data-field="count">{format!("{} events", t.count)}</span></div>
                }).collect_any()}
            </div>
            {or_empty(events, "No events of this kind.", |events| view! {
                <ol class="timeline" data-testid="position-timeline">
                    {events.iter().map(|e| view! {
                        <li data-kind=e.id() data-signature=e.signature.clone()>
                            <span class="when" title=e.timestamp.to_string()>{unix_time(i64::try_from(e.timestamp).unwrap_or(i64::MAX))}</span>
                            <span class=format!("tag {}", e.id())>{e.label()}</span>
                            <span class="num r">{usd_value(e.usd, "total_usd")}</span>
                            <span class="mono" data-field="amounts">{format!("X {} · Y {}", e.amount_x, e.amount_y)}</span>
                            {Addr::new(e.signature.clone()).tx().view()}
                        </li>
                    }).collect_any()}
                </ol>
            })}
            <p class="note">"Amounts in the tokens' display units, exact as sent; USD at the time of each event."</p>
        </section>
    }
    .into_any()
}

/// The position's token amounts in and out and its fees (exact text), and when it was opened and closed.
fn amounts_note(r: &PositionPnlRecord) -> impl IntoView + use<> {
    view! {
        <p class="note">
            {format!("Deposited X {} · Y {}; withdrawn X {} · Y {}; fees X {} · Y {} (display units, exact).",
                r.all_time_deposits.token_x.amount, r.all_time_deposits.token_y.amount,
                r.all_time_withdrawals.token_x.amount, r.all_time_withdrawals.token_y.amount,
                r.all_time_fees.token_x.amount, r.all_time_fees.token_y.amount)}
        </p>
        {r.created_at.map(|t| view! { <p class="note">"Opened " {unix_time(i64::try_from(t).unwrap_or(i64::MAX))}
            {r.closed_at.map(|c| format!(", closed {}", unix_time(i64::try_from(c).unwrap_or(i64::MAX))))}"."</p> })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(pool: &str, user: &str) -> PositionEvent {
        serde_json::from_value(serde_json::json!({
            "signature": "s", "ixIndex": 0, "eventType": "add", "positionAddress": "p", "blockTime": 1, "slot": 1,
            "poolAddress": pool, "userAddress": user, "tokenX": "x", "tokenY": "y", "amountX": "1", "amountY": "2",
            "amountXUsd": "1", "amountYUsd": "2", "totalUsd": "3", "createdAt": "2025-01-01T00:00:00Z"
        }))
        .unwrap()
    }

    #[test]
    fn kind_filter_and_links() {
        assert_eq!(kind_filter(Some("claim_fee")), Some(PositionEventType::ClaimFee));
        assert_eq!(kind_filter(Some("bogus")), None);
        assert_eq!(kind_filter(None), None);
        assert_eq!(kind_link("P", None), "/dlmm/positions/P");
        assert_eq!(kind_link("P", Some(PositionEventType::Remove)), "/dlmm/positions/P?kind=remove");
    }

    #[test]
    fn pool_and_owner_from_the_first_complete_event() {
        assert_eq!(pool_and_owner(&[]), None);
        let events = [event("", "u0"), event("pool", "owner")];
        assert_eq!(pool_and_owner(&events), Some(("pool".to_owned(), "owner".to_owned())));
    }

    #[test]
    fn finds_the_row_of_the_position() {
        let row = |address: &str| {
            serde_json::json!({
                "positionAddress": address, "minPrice": "1", "maxPrice": "2", "lowerBinId": -5, "upperBinId": 5,
                "feePerTvl24h": "0", "isClosed": false, "pnlUsd": "1.5", "pnlPctChange": "3",
                "allTimeDeposits": {"tokenX": {"amount": "1", "usd": "1"}, "tokenY": {"amount": "1", "usd": "1"}, "total": {"usd": "2"}},
                "allTimeWithdrawals": {"tokenX": {"amount": "0", "usd": "0"}, "tokenY": {"amount": "0", "usd": "0"}, "total": {"usd": "0"}},
                "allTimeFees": {"tokenX": {"amount": "0", "usd": "0"}, "tokenY": {"amount": "0", "usd": "0"}, "total": {"usd": "0"}}
            })
        };
        let page: PositionsPnl = serde_json::from_value(serde_json::json!({
            "page": 1, "pageSize": 2, "hasNext": false, "totalCount": 2, "positions": [row("a"), row("b")],
            "tokenXPrice": "1", "tokenYPrice": "1", "rewardTokenXPrice": "0", "rewardTokenYPrice": "0"
        }))
        .unwrap();
        assert_eq!(find_row(&page, "b").map(|r| r.pnl_usd), Some(1.5));
        assert!(find_row(&page, "c").is_none());
    }
}
