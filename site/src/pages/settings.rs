//! `/settings`: the two API base URLs, saved in this browser.

use leptos::prelude::*;

use crate::config::{BUILD_PAIR_BASE_URL, BUILD_POOL_BASE_URL, SiteConfig};

/// The settings page.
#[component]
pub fn SettingsPage() -> impl IntoView {
    let (saved_pair, saved_pool) = SiteConfig::saved();
    let current = use_context::<SiteConfig>();
    let pair = RwSignal::new(saved_pair.unwrap_or_default());
    let pool = RwSignal::new(saved_pool.unwrap_or_default());
    let message = RwSignal::new(None::<Result<String, String>>);
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        message.set(Some(
            SiteConfig::save(&pair.get_untracked(), &pool.get_untracked())
                .map(|()| "Saved. Reloading with the new URLs…".to_owned()),
        ));
        if matches!(message.get_untracked(), Some(Ok(_)))
            && let Some(w) = web_sys::window()
        {
            let _ = w.location().reload();
        }
    };
    view! {
        <h1>"Settings"</h1>
        <p>"The explorer reads two APIs. Leave a field empty to use the build default. A "
            <code>"pairBaseUrl"</code>" or "<code>"poolBaseUrl"</code>" query parameter on any page overrides both."</p>
        {current.map(|c| view! {
            <p class="note" data-testid="in-effect">{format!("In effect now: pair API {} · pool API {}", c.pair_base_url, c.pool_base_url)}</p>
        })}
        <form class="settings" on:submit=save>
            <div class="field">
                <label for="s-pair">"Pair API base URL"</label>
                <input id="s-pair" name="pairBaseUrl" type="url" placeholder=BUILD_PAIR_BASE_URL
                    prop:value=move || pair.get() on:input=move |ev| pair.set(event_target_value(&ev)) />
            </div>
            <div class="field">
                <label for="s-pool">"Pool API base URL"</label>
                <input id="s-pool" name="poolBaseUrl" type="url" placeholder=BUILD_POOL_BASE_URL
                    prop:value=move || pool.get() on:input=move |ev| pool.set(event_target_value(&ev)) />
            </div>
            <button type="submit">"Save"</button>
            {move || message.get().map(|m| match m {
                Ok(t) => view! { <p role="status">{t}</p> }.into_any(),
                Err(t) => view! { <p class="field-error" role="alert">{t}</p> }.into_any(),
            })}
        </form>
    }
}
