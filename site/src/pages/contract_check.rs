//! The Settings page's "Contract check": each datapi host's own OpenAPI document compared with what the explorer
//! reads, on request ([`crate::contract_check`]).

use std::sync::Arc;

use dlmm_query::drift::{self, SPEC_PATH};
use dlmm_query::{ApiGroup, Error, ErrorKind};
use leptos::prelude::*;

use crate::client::SiteClient;
use crate::config::{SOURCES, SiteConfig, host_of};
use crate::contract_check::{Report, kind_label};
use crate::ui::{CollectAny, ErrorPanel};

/// What a check came to.
#[derive(Clone)]
enum Outcome {
    /// The comparison.
    Compared(Arc<Report>),
    /// No comparison, in words: an answer that is no OpenAPI document, or a worker that could not run.
    NotASpec(String),
    /// The request failed.
    Failed(Error),
}

/// The section: one check per source whose host publishes its spec (the DLMM and DAMM v2 datapi; the portfolio
/// service publishes none).
#[component]
pub fn ContractCheck() -> impl IntoView {
    let config = use_context::<SiteConfig>().unwrap_or_default();
    view! {
        <section data-testid="contract-check">
            <h2>"Contract check"</h2>
            <p>"The vendor's hosts move ahead of its docs. A datapi host publishes its own OpenAPI document at "
                <code>{SPEC_PATH}</code>": compare it with what this explorer reads. Known differences come with the
                reason they are accepted; a new one means the host has moved (a page may then miss a field or fail)."</p>
            {SOURCES.iter().filter(|s| matches!(s.group, ApiGroup::DlmmDatapi | ApiGroup::DammV2Datapi)).map(|source| {
                let base = config.url(source.param).to_owned();
                view! { <ServiceCheck group=source.group label=source.label base /> }
            }).collect_any()}
        </section>
    }
}

/// One host's check: its button, then its outcome.
#[component]
fn ServiceCheck(group: ApiGroup, label: &'static str, base: String) -> impl IntoView {
    let client = expect_context::<SiteClient>();
    let outcome = RwSignal::new(None::<Outcome>);
    let running = RwSignal::new(false);
    let run = Callback::new(move |()| {
        if running.get_untracked() {
            return;
        }
        running.set(true);
        outcome.set(None);
        let client = client.clone();
        leptos::task::spawn_local(async move {
            let result = match client.fetch_body(drift::spec_request(group)).await {
                Ok(body) => match crate::contract_worker::run(group, &body).await {
                    Ok(report) => Outcome::Compared(Arc::new(report)),
                    Err(why) => Outcome::NotASpec(why),
                },
                Err(error) => Outcome::Failed(error),
            };
            outcome.set(Some(result));
            running.set(false);
        });
    });
    let url = format!("{}{SPEC_PATH}", base.trim_end_matches('/'));
    let host = host_of(&base);
    let testid = format!("contract-{}", drift::service_word(group));
    view! {
        <div class="contract" data-testid=testid>
            <h3>{label}" · "<span class="host">{host.clone()}</span></h3>
            <div class="row wrap">
                <button type="button" on:click=move |_| run.run(()) prop:disabled=move || running.get()>
                    {move || if running.get() { "Comparing…" } else { "Compare with the host's spec" }}
                </button>
                <code class="url">{url.clone()}</code>
            </div>
            <div aria-live="polite">
                {move || outcome.get().map(|outcome| match outcome {
                    Outcome::Compared(report) => view! { <ReportView report /> }.into_any(),
                    Outcome::NotASpec(why) => view! {
                        <p class="state" data-state="not-a-spec">{format!("{url}: {why}")}</p>
                    }.into_any(),
                    Outcome::Failed(error) if error.kind() == ErrorKind::NotServed => view! {
                        <p class="state" data-state="not-served">
                            {format!("{host} publishes no spec at {SPEC_PATH}: there is nothing to compare.")}
                        </p>
                    }.into_any(),
                    Outcome::Failed(error) => view! { <ErrorPanel error retry=run /> }.into_any(),
                })}
            </div>
        </div>
    }
}

/// A comparison: its summary, then every difference, the new ones first.
#[component]
fn ReportView(report: Arc<Report>) -> impl IntoView {
    let summary = format!("{} The spec lists {} routes.", report.summary(), report.routes_listed);
    let rows = report
        .rows
        .iter()
        .map(|row| {
            let status = match row.known.clone() {
                Some(reason) => view! { <td class="known">"known: "{reason}</td> }.into_any(),
                None => view! { <td><strong class="new">"new"</strong></td> }.into_any(),
            };
            view! {
                <tr data-kind=row.kind.as_str() data-known=row.known.is_some().to_string()>
                    <td>{kind_label(row.kind)}</td>
                    <td><code>{row.route.clone()}</code></td>
                    <td><code>{row.field.clone()}</code></td>
                    <td>{row.spec.clone()}</td>
                    <td>{row.library.clone()}</td>
                    {status}
                </tr>
            }
        })
        .collect_any();
    view! {
        <p data-testid="contract-summary" data-new=report.new_count() data-total=report.rows.len()>{summary}</p>
        {(!report.rows.is_empty()).then(|| view! {
            <div class="table-scroll">
                <table class="data contract-table">
                    <thead><tr>
                        <th scope="col">"Difference"</th><th scope="col">"Route"</th><th scope="col">"Field"</th>
                        <th scope="col">"The spec says"</th><th scope="col">"The explorer reads"</th>
                        <th scope="col">"Status"</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        })}
    }
}
