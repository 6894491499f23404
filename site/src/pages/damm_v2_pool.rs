//! `/damm-v2/pools/:address`: one DAMM v2 pool (the successor of the keeper's pool metrics page) at the depth of
//! the DLMM pool page — tokens, fee and price configuration, locked liquidity, the windows table, candles and
//! history bars.

use dlmm_query::datapi::models::damm_v2::Pool;
use dlmm_query::datapi::ops::damm_v2::GetPool;
use leptos::prelude::*;

use super::Addr;
use super::cards::{Card, cards};
use super::dlmm_pool::{SeriesSection, Service, TokenCard, WindowRow, WindowsTable, collect_fee_mode};
use super::facts::{Fact, Facts};
use crate::charts::candles::price;
use crate::format::{exact, percent, unix_time};
use crate::ui::{CollectAny, Failure, Loaded};

/// How a DAMM v2 activation point counts, in words (`activation_type` 0 = slot, 1 = unix seconds).
pub fn activation(activation_type: u8, point: u64) -> String {
    match activation_type {
        0 => format!("slot {point}"),
        1 => unix_time(i64::try_from(point).unwrap_or(i64::MAX)),
        other => format!("{point} (type {other})"),
    }
}

/// The DAMM v2 pool page.
#[component]
pub fn DammV2PoolPage() -> impl IntoView {
    let address = crate::route::param("address");
    let pool = crate::client::load(move || GetPool::new(address.get()));
    view! {
        <Loaded resource=pool loading="the pool" failure=Failure::NotFound("Pool") let:p>
            {damm_v2_pool_view(p)}
        </Loaded>
    }
}

/// The loaded pool (read from the page's shared value).
fn damm_v2_pool_view(pool: &Pool) -> impl IntoView + use<> {
    let config = &pool.pool_config;
    let rows = vec![
        WindowRow { label: "Volume", field: "volume", windows: pool.volume.clone(), usd: true },
        WindowRow { label: "LP fees", field: "fees", windows: pool.fees.clone(), usd: true },
        WindowRow { label: "Protocol fees", field: "protocol_fees", windows: pool.protocol_fees.clone(), usd: true },
        WindowRow { label: "Fee / TVL", field: "fee_tvl_ratio", windows: pool.fee_tvl_ratio.clone(), usd: false },
    ];
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    view! {
        <section class="damm-v2-pool" aria-labelledby="pool-title" data-address=pool.address.clone()>
            <p class="crumbs"><a href={crate::link("/damm-v2/pools")}>"DAMM v2 pools"</a>" / "</p>
            <h1 id="pool-title"><span data-field="name">{pool.name.clone()}</span>" · DAMM v2 pool"</h1>
            <p class="address">{Addr::new(pool.address.clone()).full().field("address").view()}</p>
            <div class="pool-flags">
                {pool.is_blacklisted.then(|| view! { <span class="badge warn" data-field="is_blacklisted">"Blacklisted"</span> })}
                {pool.has_farm.then(|| view! { <span class="badge" data-field="has_farm">"Farm"</span> })}
                {pool.launchpad.clone().map(|l| view! { <span class="badge" data-field="launchpad">{l}</span> })}
                {pool.tags.iter().map(|t| view! { <span class="badge tag">{t.clone()}</span> }).collect_any()}
            </div>
            {cards(None, vec![
                Card::usd("TVL", pool.tvl, "tvl", "USD, now"),
                Card::exact("Price", "current_price", pool.current_price, price(pool.current_price), format!("{} per {}", pool.token_y.symbol, pool.token_x.symbol)),
                Card::exact("Fee / TVL 24 h", "fee_tvl_ratio_24h", pool.fee_tvl_ratio.hour_24, percent(pool.fee_tvl_ratio.hour_24), "percent"),
                Card::usd("Permanently locked", pool.permanent_lock_liquidity, "permanent_lock_liquidity", "USD"),
                Card::usd("Vesting > 3 months", pool.vested_liquidity.months_3, "vested_3m", "USD"),
                Card::usd("Vesting > 6 months", pool.vested_liquidity.months_6, "vested_6m", "USD"),
                Card::titled("Created", "created_at",
                    unix_time(i64::try_from(pool.created_at_seconds()).unwrap_or(i64::MAX)), pool.created_at.to_string(), "UTC"),
            ])}
            <div class="tokens">
                <TokenCard token=pool.token_x.clone() side="x" amount=pool.token_x_amount.clone() />
                <TokenCard token=pool.token_y.clone() side="y" amount=pool.token_y_amount.clone() />
            </div>
            <h2>"Fee and price configuration"</h2>
            <Facts testid="fee-config" facts=vec![
                Fact::number("Base fee", "base_fee_pct", config.base_fee_pct, percent(config.base_fee_pct)),
                Fact::text("Base fee mode", "base_fee_mode", config.base_fee_mode.to_string()),
                Fact::number("Protocol share", "protocol_fee_pct", config.protocol_fee_pct, percent(config.protocol_fee_pct)),
                Fact::number("Partner share", "partner_fee_pct", config.partner_fee_pct, percent(config.partner_fee_pct)),
                Fact::number("Referral share", "referral_fee_pct", config.referral_fee_pct, percent(config.referral_fee_pct)),
                Fact::text("Dynamic fee", "dynamic_fee_initialized", yes_no(config.dynamic_fee_initialized)),
                Fact::text("Fees collected in", "collect_fee_mode", collect_fee_mode(config.collect_fee_mode)),
                Fact::text("Pool type", "pool_type", config.pool_type.to_string()),
                Fact::text("Concentrated", "concentrated_liquidity", yes_no(config.concentrated_liquidity)),
                Fact::titled(
                    "Price range",
                    "price_range",
                    format!("{} – {}", price(config.min_price), price(config.max_price)),
                    format!("{} – {}", exact(config.min_price), exact(config.max_price)),
                ),
                Fact::text("Trading opens", "activation", activation(config.activation_type, config.activation_point)),
                Fact::address("Vault X", "vault_x", pool.vault_x.clone()),
                Fact::address("Vault Y", "vault_y", pool.vault_y.clone()),
                Fact::address("Alpha vault", "alpha_vault", pool.alpha_vault.clone()),
            ] />
            <WindowsTable rows=rows />
            <SeriesSection service=Service::DammV2 address=pool.address.clone() />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activation_points_read_by_their_type() {
        assert_eq!(activation(0, 312_000_000), "slot 312000000");
        assert_eq!(activation(1, 1_755_043_200), "2025-08-13 00:00:00 UTC");
        assert_eq!(activation(9, 5), "5 (type 9)");
    }
}
