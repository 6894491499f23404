//! A list of facts (`<dl class="facts">`): label and value pairs given as data and drawn by one view, so a page's
//! list is a table of what it shows rather than markup of its own.

use leptos::prelude::*;

use super::Addr;
use crate::format::exact;
use crate::ui::CollectAny;

/// What a [`Fact`] shows in its `<dd>`.
pub enum FactValue {
    /// Text, with the `data-field` and the hover title (the exact value behind it) when given.
    Text { field: Option<String>, text: String, title: Option<String> },
    /// An address ([`Addr`]) whose `data-field` is `field`.
    Address { field: &'static str, address: String },
}

/// One `<dt>` / `<dd>` pair of a [`Facts`] list.
pub struct Fact {
    /// The `<dt>` text.
    pub label: &'static str,
    /// The `<dd>`.
    pub value: FactValue,
}

impl Fact {
    /// `text` in a `<dd data-field=field>`.
    pub fn text(label: &'static str, field: impl Into<String>, text: impl Into<String>) -> Self {
        Self { label, value: FactValue::Text { field: Some(field.into()), text: text.into(), title: None } }
    }

    /// `text` in a `<dd data-field=field>` titled with `title` (the exact figures behind the text).
    pub fn titled(label: &'static str, field: impl Into<String>, text: String, title: String) -> Self {
        Self { label, value: FactValue::Text { field: Some(field.into()), text, title: Some(title) } }
    }

    /// `value` shown as `text`, its exact value on hover ([`exact`]).
    pub fn number(label: &'static str, field: impl Into<String>, value: f64, text: String) -> Self {
        Self::titled(label, field, text, exact(value))
    }

    /// `text` in a `<dd>` with no `data-field`.
    pub fn plain(label: &'static str, text: impl Into<String>) -> Self {
        Self { label, value: FactValue::Text { field: None, text: text.into(), title: None } }
    }

    /// An address.
    pub fn address(label: &'static str, field: &'static str, address: impl Into<String>) -> Self {
        Self { label, value: FactValue::Address { field, address: address.into() } }
    }
}

/// `facts` as a `<dl class="facts">`, named `data-testid=testid` when given.
#[component]
pub fn Facts(facts: Vec<Fact>, #[prop(optional)] testid: Option<&'static str>) -> impl IntoView {
    view! {
        <dl class="facts" data-testid=testid>
            {facts.into_iter().map(|Fact { label, value }| {
                let value = match value {
                    FactValue::Text { field, text, title } => view! { <dd data-field=field title=title>{text}</dd> }.into_any(),
                    FactValue::Address { field, address } => view! { <dd>{Addr::new(address).field(field).view()}</dd> }.into_any(),
                };
                view! { <dt>{label}</dt>{value} }
            }).collect_any()}
        </dl>
    }
}
