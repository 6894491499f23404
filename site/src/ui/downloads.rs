//! [`downloads`]: two buttons that save a table as CSV and as JSON ([`crate::export`]), made in the browser when
//! asked for.

use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::export::{Table, to_csv, to_json};

/// Saves `text` as the file `name` of type `mime` (a blob URL opened by a link with `download`).
fn save(name: &str, mime: &str, text: &str) -> Option<()> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = web_sys::js_sys::Array::of1(&JsValue::from_str(text));
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let link: web_sys::HtmlAnchorElement = web_sys::window()?.document()?.create_element("a").ok()?.dyn_into().ok()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The download has its own reference to the blob once it starts; the URL is let go a moment later.
    let release = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    web_sys::window()?.set_timeout_with_callback_and_timeout_and_arguments_0(release.unchecked_ref(), 10_000).ok()?;
    Some(())
}

/// Saves `table` as a file of `format` (`csv` or `json`).
fn save_as(table: &Table, format: &str) {
    let (text, mime) = match format {
        "csv" => (to_csv(table), "text/csv"),
        _ => (to_json(table), "application/json"),
    };
    save(&format!("{}.{format}", table.name), mime, &text);
}

/// "CSV" and "JSON" buttons saving the table `table` builds (when clicked), named `data-testid=id`.
pub fn downloads(id: &'static str, table: Rc<dyn Fn() -> Table>) -> AnyView {
    let button = move |format: &'static str, label: &'static str| {
        let table = table.clone();
        view! { <button type="button" class="link" data-format=format on:click=move |_| save_as(&table(), format)>{label}</button> }
    };
    view! {
        <div class="downloads row" data-testid=id>
            <span class="unit">"Download"</span>
            {button("csv", "CSV")}
            {button("json", "JSON")}
        </div>
    }
    .into_any()
}
