//! `/positions/:address`: the v1 and v2 records, one timeline of everything that happened, and the P&L.

use dlmm_query::models::{Position, PositionWithApy};
use dlmm_query::ops::{GetClaimFees, GetClaimRewards, GetDeposits, GetPosition, GetPositionV2, GetWithdraws};
use dlmm_query::pnl::position_pnl;
use dlmm_query::{Error, PositionPnl};
use leptos::prelude::*;

use super::cards::{Card, cards};
use super::{Addr, SiteClient, pct_value, usd_value};
use crate::format::{duration, percent_short, unix_time};
use crate::timeline::{TimelineEvent, timeline};
use crate::ui::{CollectAny, Failure, Loaded, or_empty};

/// Everything the position page shows.
struct Records {
    v1: PositionWithApy,
    v2: Result<Position, Error>,
    events: Vec<TimelineEvent>,
    pnl: PositionPnl,
}

/// The position page.
#[component]
pub fn PositionPage() -> impl IntoView {
    let address = crate::route::param("address");
    let client = expect_context::<SiteClient>();
    let data = crate::resource::local(move || {
        let c = client.clone();
        let a = address.get();
        async move {
            let v1 = c.send(&GetPosition::new(a.clone())).await?;
            let v2 = c.send(&GetPositionV2::new(a.clone())).await;
            let deposits = c.send(&GetDeposits::new(a.clone())).await?;
            let withdrawals = c.send(&GetWithdraws::new(a.clone())).await?;
            let fees = c.send(&GetClaimFees::new(a.clone())).await?;
            let rewards = c.send(&GetClaimRewards::new(a)).await?;
            let pnl = position_pnl(&deposits, &withdrawals, &fees, &rewards, None);
            Ok::<_, Error>(Records { v1, v2, events: timeline(&deposits, &withdrawals, &fees, &rewards), pnl })
        }
    });
    view! {
        <h1>"Position"</h1>
        <p class="sub">{Addr::new(address.get_untracked()).full().view()}</p>
        <Loaded resource=data loading="the position" failure=Failure::NotFound("Position") let:d>
            {position_view(d)}
        </Loaded>
    }
}

/// The loaded position (read from the page's shared value).
fn position_view(d: &Records) -> impl IntoView + use<> {
    let Records { v1, v2, events, pnl } = d;
    let net_class = if pnl.net_usd >= 0.0 { "value gain" } else { "value loss" };
    view! {
        <section aria-labelledby="pnl-title">
            <h2 id="pnl-title">"Profit and loss"</h2>
            <p class="note">"Withdrawn + claimed fees + claimed rewards − deposited, in USD at the time of each event."</p>
            {cards(Some("pnl"), vec![
                Card::usd("Net", pnl.net_usd, "net_usd",
                    pnl.return_percent.map(|r| format!("{} of deposits", percent_short(r))).unwrap_or_else(|| "no deposits".into()))
                    .class(net_class),
                Card::usd("Deposited", pnl.deposited_usd, "deposited_usd", format!("{} deposits", pnl.deposit_count)),
                Card::usd("Withdrawn", pnl.withdrawn_usd, "withdrawn_usd", format!("{} withdrawals", pnl.withdrawal_count)),
                Card::usd("Fees claimed", pnl.claimed_fees_usd, "claimed_fees_usd", format!("{} claims", pnl.fee_claim_count)),
                Card::usd("Rewards claimed", pnl.claimed_rewards_usd, "claimed_rewards_usd",
                    format!("{} claims", pnl.reward_claim_count)),
                Card::text("Held for", None, pnl.holding_seconds.map(duration).unwrap_or_else(|| "—".into()),
                    "first to last event"),
            ])}
        </section>
        <section aria-labelledby="records-title">
            <h2 id="records-title">"Records"</h2>
            <div class="two-col">
                <div><h3>"v1 (with yields)"</h3>
                <dl class="fields one" data-testid="position-v1">
                    <div class="kv"><dt>"Pair"</dt><dd>{Addr::new(v1.pair_address.clone()).href(format!("/pairs/{}", v1.pair_address)).field("pair_address").view()}</dd></div>
                    <div class="kv"><dt>"Owner"</dt><dd>{Addr::new(v1.owner.clone()).href(format!("/wallets/{}/{}", v1.owner, v1.pair_address)).field("owner").view()}</dd></div>
                    <div class="kv"><dt>"Fees claimed"</dt><dd>{usd_value(v1.total_fee_usd_claimed, "total_fee_usd_claimed")}<span class="unit">{format!(" USD · x {} · y {} base units", v1.total_fee_x_claimed, v1.total_fee_y_claimed)}</span></dd></div>
                    <div class="kv"><dt>"Rewards claimed"</dt><dd>{usd_value(v1.total_reward_usd_claimed, "total_reward_usd_claimed")}<span class="unit">{format!(" USD · x {} · y {} base units", v1.total_reward_x_claimed, v1.total_reward_y_claimed)}</span></dd></div>
                    <div class="kv"><dt>"Daily fee yield"</dt><dd>{pct_value(v1.daily_fee_yield, "daily_fee_yield")}<span class="unit">" 24 h fee/TVL of the pair, per day"</span></dd></div>
                    <div class="kv"><dt>"Fee APR"</dt><dd>{pct_value(v1.fee_apr_24h, "fee_apr_24h")}<span class="unit">" that × 365"</span></dd></div>
                    <div class="kv"><dt>"Fee APY"</dt><dd>{pct_value(v1.fee_apy_24h, "fee_apy_24h")}<span class="unit">" compounded daily"</span></dd></div>
                </dl></div>
                {match v2 {
                    Ok(v2) => view! {
                        <div><h3>"v2"</h3>
                        <dl class="fields one" data-testid="position-v2">
                            <div class="kv"><dt>"Created"</dt><dd data-field="created_at">{v2.created_at.clone()}</dd></div>
                            <div class="kv"><dt>"Fees claimed"</dt><dd>{usd_value(v2.total_fee_usd_claimed, "")}<span class="unit">{format!(" USD · x {} · y {}", v2.total_fee_x_claimed, v2.total_fee_y_claimed)}</span></dd></div>
                            <div class="kv"><dt>"Rewards claimed"</dt><dd>{usd_value(v2.total_reward_usd_claimed, "")}<span class="unit">{format!(" USD · x {} · y {}", v2.total_reward_x_claimed, v2.total_reward_y_claimed)}</span></dd></div>
                        </dl></div>
                    }.into_any(),
                    Err(e) => view! { <p class="state error" data-testid="position-v2">{format!("v2 record unavailable: {e}")}</p> }.into_any(),
                }}
            </div>
        </section>
        <section aria-labelledby="timeline-title">
            <h2 id="timeline-title">"Timeline"</h2>
            {or_empty(events, "No deposits, withdrawals or claims recorded.", |events| view! {
                <div class="table-scroll">
                    <table class="data" data-testid="timeline">
                        <thead><tr><th scope="col">"Time (UTC)"</th><th scope="col">"Event"</th><th scope="col" class="r">"USD"</th>
                            <th scope="col">"Amounts (base units)"</th><th scope="col">"Transaction"</th></tr></thead>
                        <tbody>
                            {events.iter().map(|e| view! {
                                <tr data-kind=e.kind.id()>
                                    <td title=e.timestamp.to_string()>{unix_time(e.timestamp)}</td>
                                    <td><span class=format!("tag {}", e.kind.id())>{e.kind.label()}</span></td>
                                    <td class="r">{usd_value(e.usd, "")}</td>
                                    <td class="mono">{e.amounts.clone()}</td>
                                    <td>{Addr::new(e.tx_id.clone()).tx().view()}</td>
                                </tr>
                            }).collect_any()}
                        </tbody>
                    </table>
                </div>
            })}
        </section>
    }
}
