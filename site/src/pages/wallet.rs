//! `/wallets/:wallet/:pair`: what one wallet has earned in one pair.

use dlmm_query::models::WalletEarning;
use dlmm_query::ops::GetWalletEarning;
use leptos::prelude::*;

use super::Addr;
use super::cards::{Card, cards};
use crate::ui::{Failure, Loaded, empty};

/// The wallet page.
#[component]
pub fn WalletPage() -> impl IntoView {
    let wallet = crate::route::param("wallet");
    let pair = crate::route::param("pair");
    let earning = crate::client::load(move || GetWalletEarning::new(wallet.get(), pair.get()));
    view! {
        <h1>"Wallet earnings"</h1>
        <dl class="fields">
            <div class="kv"><dt>"Wallet"</dt><dd>{Addr::new(wallet.get_untracked()).full().view()}</dd></div>
            <div class="kv"><dt>"Pair"</dt><dd>{Addr::new(pair.get_untracked()).href(format!("/pairs/{}", pair.get_untracked())).full().view()}</dd></div>
        </dl>
        <Loaded resource=earning loading="earnings" failure=Failure::NotFound("Wallet") let:list>
            {earning_view(list.first())}
        </Loaded>
    }
}

/// The wallet's claims in the pair, if any (read from the page's shared value).
fn earning_view(earning: Option<&WalletEarning>) -> AnyView {
    let Some(e) = earning else {
        return empty("This wallet has claimed nothing in this pair.");
    };
    let fee = e.total_fee_usd_claimed.unwrap_or(0.0);
    let reward = e.total_reward_usd_claimed.unwrap_or(0.0);
    view! {
        {cards(Some("earning"), vec![
            Card::usd("Fees claimed", fee, "total_fee_usd_claimed", "USD at claim time"),
            Card::usd("Rewards claimed", reward, "total_reward_usd_claimed", "USD at claim time"),
            Card::usd("Total", fee + reward, "total_usd", "USD"),
        ])}
        <dl class="fields">
            <div class="kv"><dt>"Fee X"</dt><dd class="mono" data-field="total_fee_x_claimed">{e.total_fee_x_claimed.to_string()}</dd></div>
            <div class="kv"><dt>"Fee Y"</dt><dd class="mono" data-field="total_fee_y_claimed">{e.total_fee_y_claimed.to_string()}</dd></div>
            <div class="kv"><dt>"Reward X"</dt><dd class="mono" data-field="total_reward_x_claimed">{e.total_reward_x_claimed.to_string()}</dd></div>
            <div class="kv"><dt>"Reward Y"</dt><dd class="mono" data-field="total_reward_y_claimed">{e.total_reward_y_claimed.to_string()}</dd></div>
        </dl>
        <p class="note">"Raw amounts are in the tokens' base units, exact."</p>
    }
    .into_any()
}
