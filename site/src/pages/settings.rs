//! `/settings`: the data sources (one base URL per API), saved in this browser.

use leptos::prelude::*;

use crate::config::{SOURCES, SiteConfig, host_of};
use crate::ui::CollectAny;

/// The input id of a source's field: `pairBaseUrl` → `s-pair`.
fn field_id(param: &str) -> String {
    format!("s-{}", param.trim_end_matches("BaseUrl"))
}

/// The settings page.
#[component]
pub fn SettingsPage() -> impl IntoView {
    let saved = SiteConfig::saved();
    let current = use_context::<SiteConfig>();
    let fields: Vec<_> = saved.iter().map(|(s, v)| (*s, RwSignal::new(v.clone().unwrap_or_default()))).collect();
    let stored: Vec<(String, String)> =
        saved.iter().filter_map(|(s, v)| Some((s.label.to_owned(), v.clone()?))).collect();
    let message = RwSignal::new(None::<Result<String, String>>);
    let values = {
        let fields = fields.clone();
        move || fields.iter().map(|(s, v)| (*s, v.get_untracked())).collect::<Vec<_>>()
    };
    let reload = move || {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        message.set(Some(SiteConfig::save(&values()).map(|()| "Saved. Reloading with the new URLs…".to_owned())));
        if matches!(message.get_untracked(), Some(Ok(_))) {
            reload();
        }
    };
    let forget = move |_| {
        message.set(Some(SiteConfig::forget_saved().map(|()| "Back to the defaults. Reloading…".to_owned())));
        if matches!(message.get_untracked(), Some(Ok(_))) {
            reload();
        }
    };
    let inputs = fields
        .into_iter()
        .map(|(source, value)| {
            let id = field_id(source.param);
            view! {
                <div class="field">
                    <label for=id.clone()>{format!("{} base URL", source.label)}</label>
                    <input id=id name=source.param type="text" inputmode="url" spellcheck="false" placeholder=source.build_default
                        prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
                </div>
            }
        })
        .collect_any();
    let has_stored = !stored.is_empty();
    view! {
        <h1>"Settings"</h1>
        <p>"The explorer reads "{SOURCES.len()}" APIs. Leave a field empty to use the build default. The DLMM and
            DAMM v2 datapi are the live services; the Pair and Pool APIs are the retired keeper generation: set them to
            a keeper-compatible host (a replica, a mirror) to browse the keeper pages. A path ("<code>"/api/dlmm"</code>")
            is a relay on this site's own origin. If a page says it cannot reach
            a host (down, or refusing this site's origin by CORS), set another base URL here. A link can propose
            other sources (a "<code>"pairBaseUrl"</code>", "<code>"dlmmDatapiBaseUrl"</code>"… query parameter); they
            apply only after you confirm them, and are then saved here."</p>
        {current.map(|c| view! {
            <p class="note" data-testid="in-effect">
                {format!("In effect now: {}", c.entries().map(|(s, url)| format!("{} {url}", s.label)).collect::<Vec<_>>().join(" · "))}
            </p>
        })}
        <section data-testid="stored-sources">
            <h2>"Saved in this browser"</h2>
            {if has_stored {
                view! {
                    <ul>
                        {stored.into_iter().map(|(label, url)| view! {
                            <li>{label}": "<strong class="host">{host_of(&url)}</strong>" "<code>{url}</code></li>
                        }).collect_any()}
                    </ul>
                    <button type="button" data-testid="forget-sources" on:click=forget>"Back to the default sources"</button>
                }.into_any()
            } else {
                view! { <p class="note">"Nothing: the build defaults apply."</p> }.into_any()
            }}
        </section>
        <form class="settings" on:submit=save>
            {inputs}
            <button type="submit">"Save"</button>
            {move || message.get().map(|m| match m {
                Ok(t) => view! { <p role="status">{t}</p> }.into_any(),
                Err(t) => view! { <p class="field-error" role="alert">{t}</p> }.into_any(),
            })}
        </form>
        <super::contract_check::ContractCheck />
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn field_ids_are_short() {
        assert_eq!(super::field_id("pairBaseUrl"), "s-pair");
        assert_eq!(super::field_id("dlmmDatapiBaseUrl"), "s-dlmmDatapi");
    }
}
